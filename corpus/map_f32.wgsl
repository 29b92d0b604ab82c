// map_f32.wgsl -- elementwise f32 operations, split by the accuracy WGSL requires:
// `exact` holds the correctly rounded ones (+ - * abs neg min max floor ceil round
// trunc fract clamp step saturate ldexp), `approx` the ones with an ULP bound
// (division: 2.5 ULP; sqrt: inherited from 1.0 / inverseSqrt(x)).
//
// Bindings:
//   @group(0) @binding(0)  a      : array<f32>  storage, read        first operand
//   @group(0) @binding(1)  b      : array<f32>  storage, read        second operand
//   @group(0) @binding(2)  exact  : array<f32>  storage, read_write  16 * n results
//   @group(0) @binding(3)  approx : array<f32>  storage, read_write  2 * n results
//
// n = min(len(a), len(b), len(exact) / 16, len(approx) / 2).
// exact[16 * i + k], operation k on (a[i], b[i]):
//   0 a + b  1 a - b  2 a * b  3 abs(a)  4 -a  5 max(a, b)  6 min(a, b)  7 floor(a)
//   8 ceil(a)  9 round(a) (ties to even)  10 trunc(a)  11 fract(a)  12 clamp(a, -2.5, 2.5)
//   13 step(b, a)  14 saturate(a)  15 ldexp(a, -3)
// approx[2 * i]: a / b; approx[2 * i + 1]: sqrt(abs(a)).
// Inputs are kept away from zero, subnormals and overflow, so every exact result
// is the same under every float mode (no operation here can be fused).
// Workgroup size: 64. Dispatch: ceil(n / 64) x 1 x 1.

@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var<storage, read> b: array<f32>;
@group(0) @binding(2) var<storage, read_write> exact: array<f32>;
@group(0) @binding(3) var<storage, read_write> approx: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let n = min(min(arrayLength(&a), arrayLength(&b)),
              min(arrayLength(&exact) / 16u, arrayLength(&approx) / 2u));
  let i = gid.x;
  if (i >= n) {
    return;
  }
  let x = a[i];
  let y = b[i];
  let o = 16u * i;
  exact[o + 0u] = x + y;
  exact[o + 1u] = x - y;
  exact[o + 2u] = x * y;
  exact[o + 3u] = abs(x);
  exact[o + 4u] = -x;
  exact[o + 5u] = max(x, y);
  exact[o + 6u] = min(x, y);
  exact[o + 7u] = floor(x);
  exact[o + 8u] = ceil(x);
  exact[o + 9u] = round(x);
  exact[o + 10u] = trunc(x);
  exact[o + 11u] = fract(x);
  exact[o + 12u] = clamp(x, -2.5, 2.5);
  exact[o + 13u] = step(y, x);
  exact[o + 14u] = saturate(x);
  exact[o + 15u] = ldexp(x, -3);
  approx[2u * i] = x / y;
  approx[2u * i + 1u] = sqrt(abs(x));
}
