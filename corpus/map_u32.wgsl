// map_u32.wgsl -- elementwise u32 operators and bit built-ins, 16 results per
// element: wrapping + - *, division and remainder by zero, shift amounts modulo 32,
// and the bit-counting / bit-field built-ins with their edge cases (zero input,
// offset + count beyond 32 bits).
//
// Bindings:
//   @group(0) @binding(0)  a   : array<u32>  storage, read        first operand
//   @group(0) @binding(1)  b   : array<u32>  storage, read        second operand
//   @group(0) @binding(2)  out : array<u32>  storage, read_write  16 * n results
//
// n = min(len(a), len(b), len(out) / 16). out[16 * i + k] is operation k on
// (a[i], b[i]):
//   0 a + b   1 a - b   2 a * b   3 a / b   4 a % b   5 a << b   6 a >> b
//   7 countOneBits(a)  8 countLeadingZeros(a)  9 countTrailingZeros(a)
//   10 reverseBits(a)  11 firstLeadingBit(a)  12 firstTrailingBit(a)
//   13 extractBits(a, b & 31, (b >> 8) & 63)
//   14 insertBits(a, b, (b >> 16) & 31, (b >> 24) & 63)
//   15 max(a, b) - min(a, b)
// Workgroup size: 64. Dispatch: ceil(n / 64) x 1 x 1. Deterministic.

const OPS: u32 = 16u;

@group(0) @binding(0) var<storage, read> a: array<u32>;
@group(0) @binding(1) var<storage, read> b: array<u32>;
@group(0) @binding(2) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let n = min(min(arrayLength(&a), arrayLength(&b)), arrayLength(&out) / OPS);
  let i = gid.x;
  if (i >= n) {
    return;
  }
  let x = a[i];
  let y = b[i];
  let o = OPS * i;
  out[o + 0u] = x + y;
  out[o + 1u] = x - y;
  out[o + 2u] = x * y;
  out[o + 3u] = x / y;
  out[o + 4u] = x % y;
  out[o + 5u] = x << y;
  out[o + 6u] = x >> y;
  out[o + 7u] = countOneBits(x);
  out[o + 8u] = countLeadingZeros(x);
  out[o + 9u] = countTrailingZeros(x);
  out[o + 10u] = reverseBits(x);
  out[o + 11u] = firstLeadingBit(x);
  out[o + 12u] = firstTrailingBit(x);
  out[o + 13u] = extractBits(x, y & 31u, (y >> 8u) & 63u);
  out[o + 14u] = insertBits(x, y, (y >> 16u) & 31u, (y >> 24u) & 63u);
  out[o + 15u] = max(x, y) - min(x, y);
}
