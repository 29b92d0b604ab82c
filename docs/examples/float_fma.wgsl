// float_fma.wgsl -- one multiply-add (docs/float-modes.md, `fma`). v = (1 + 2^-12, 1 + 2^-12,
// -(1 + 2^-11)): the exact product 1 + 2^-11 + 2^-24 rounds (tie, to even) to 1 + 2^-11, so
// ieee writes 0; --float=fma rounds once and writes 2^-24 = 5.9604645e-8.
@group(0) @binding(0) var<storage, read> v: array<f32, 3>;
@group(0) @binding(1) var<storage, read_write> out: f32;

@compute @workgroup_size(1)
fn main() {
  out = v[0] * v[1] + v[2];
}
