// map_i32.wgsl -- elementwise i32 operators and built-ins, 16 results per element,
// covering the run-time rules WGSL defines exactly for signed integers: wrapping
// + - * and negation, division and remainder by zero and of (most negative / -1),
// shift amounts taken modulo 32, arithmetic right shift, abs of the most negative
// value, signed firstLeadingBit and sign-extending extractBits.
//
// Bindings:
//   @group(0) @binding(0)  a   : array<i32>  storage, read        first operand
//   @group(0) @binding(1)  b   : array<i32>  storage, read        second operand
//   @group(0) @binding(2)  out : array<i32>  storage, read_write  16 * n results
//
// n = min(len(a), len(b), len(out) / 16). out[16 * i + k] is operation k on
// (a[i], b[i]):
//   0 a + b   1 a - b   2 a * b   3 a / b   4 a % b   5 a << u32(b)   6 a >> u32(b)
//   7 abs(a)  8 max(a, b)  9 min(a, b)  10 -a  11 (~a) ^ b  12 clamp(a, -1000, 1000)
//   13 sign(a)  14 firstLeadingBit(a)  15 extractBits(a, u32(b) & 31, (u32(b) >> 8) & 63)
// Workgroup size: 64. Dispatch: ceil(n / 64) x 1 x 1. Deterministic.
// Exercises: i32 arithmetic rules of the spec's "Arithmetic Expressions" section at
// run time (no const evaluation: every operand comes from a buffer).

const OPS: u32 = 16u;

@group(0) @binding(0) var<storage, read> a: array<i32>;
@group(0) @binding(1) var<storage, read> b: array<i32>;
@group(0) @binding(2) var<storage, read_write> out: array<i32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let n = min(min(arrayLength(&a), arrayLength(&b)), arrayLength(&out) / OPS);
  let i = gid.x;
  if (i >= n) {
    return;
  }
  let x = a[i];
  let y = b[i];
  let s = bitcast<u32>(y);
  let o = OPS * i;
  out[o + 0u] = x + y;
  out[o + 1u] = x - y;
  out[o + 2u] = x * y;
  out[o + 3u] = x / y;
  out[o + 4u] = x % y;
  out[o + 5u] = x << s;
  out[o + 6u] = x >> s;
  out[o + 7u] = abs(x);
  out[o + 8u] = max(x, y);
  out[o + 9u] = min(x, y);
  out[o + 10u] = -x;
  out[o + 11u] = (~x) ^ y;
  out[o + 12u] = clamp(x, -1000, 1000);
  out[o + 13u] = sign(x);
  out[o + 14u] = firstLeadingBit(x);
  out[o + 15u] = extractBits(x, s & 31u, (s >> 8u) & 63u);
}
