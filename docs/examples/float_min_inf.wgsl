// float_min_inf.wgsl -- a min-reduction with +inf as its neutral element, as Futhark's
// f32.minimum (seed 000, 6.1.1; docs/float-modes.md, `--nonfinite`). propagate: out = 3, the
// smallest input. indeterminate:SEED: the neutral element becomes an arbitrary finite value and
// out is wrong whenever that value is below every input (indeterminate:1 writes about
// -6.8e11). report: one `nonfinite` event at `1.0 / zero` (line 13), the result unchanged.
@group(0) @binding(0) var<storage, read> inp: array<f32>;
@group(0) @binding(1) var<storage, read_write> out: f32;

@compute @workgroup_size(1)
fn main() {
  let zero = f32(arrayLength(&inp) - arrayLength(&inp));
  // The neutral element of min: +inf.
  var m = 1.0 / zero;
  for (var i = 0u; i < arrayLength(&inp); i++) {
    m = min(m, inp[i]);
  }
  out = m;
}
