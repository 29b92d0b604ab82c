// map_f16.wgsl -- elementwise f16 arithmetic (`enable f16;`) on tightly packed
// array<f16> buffers (2-byte stride), with binary16 rounding after every operation.
//
// Bindings:
//   @group(0) @binding(0)  a      : array<f16>  storage, read        first operand
//   @group(0) @binding(1)  b      : array<f16>  storage, read        second operand
//   @group(0) @binding(2)  c      : array<f32>  storage, read        values to narrow to f16
//   @group(0) @binding(3)  exact  : array<f16>  storage, read_write  8 * n results
//   @group(0) @binding(4)  approx : array<f16>  storage, read_write  2 * n results
//   @group(0) @binding(5)  narrow : array<f16>  storage, read_write  n results
//   @group(0) @binding(6)  wide   : array<f32>  storage, read_write  n results
//
// n = len(a) (all other buffers sized accordingly).
// exact[8 * i + k]: 0 a + b  1 a - b  2 a * b  3 min(a, b)  4 max(a, b)  5 abs(a)
//                   6 floor(a)  7 -a        (correctly rounded binary16)
// approx[2 * i]: a / b (2.5 ULP); approx[2 * i + 1]: sqrt(abs(a)) (inherited bound)
// narrow[i] = f16(c[i]): an inexact conversion may give either neighbour (1 ULP)
// wide[i] = f32(a) * f32(b): exact (11-bit significands multiply exactly in f32)
// Inputs avoid overflow and f16 subnormal results.
// Workgroup size: 64. Dispatch: ceil(n / 64) x 1 x 1.

enable f16;

@group(0) @binding(0) var<storage, read> a: array<f16>;
@group(0) @binding(1) var<storage, read> b: array<f16>;
@group(0) @binding(2) var<storage, read> c: array<f32>;
@group(0) @binding(3) var<storage, read_write> exact: array<f16>;
@group(0) @binding(4) var<storage, read_write> approx: array<f16>;
@group(0) @binding(5) var<storage, read_write> narrow: array<f16>;
@group(0) @binding(6) var<storage, read_write> wide: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i >= arrayLength(&a)) {
    return;
  }
  let x: f16 = a[i];
  let y = b[i];
  let o = 8u * i;
  exact[o + 0u] = x + y;
  exact[o + 1u] = x - y;
  exact[o + 2u] = x * y;
  exact[o + 3u] = min(x, y);
  exact[o + 4u] = max(x, y);
  exact[o + 5u] = abs(x);
  exact[o + 6u] = floor(x);
  exact[o + 7u] = -x;
  approx[2u * i] = x / y;
  approx[2u * i + 1u] = sqrt(abs(x));
  narrow[i] = f16(c[i]);
  wide[i] = f32(x) * f32(y);
}
