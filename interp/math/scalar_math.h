// Per-scalar semantics of WGSL's operators, conversions and numeric built-in functions for the
// concrete types i32, u32, f32 and f16 (section "Built-in Functions" and "Expressions" of the
// spec). The interpreter loops over lanes and calls these; const evaluation may share them.
//
// Conventions:
// - f16 values are carried as their binary16 bit pattern (`uint16_t`); f16 operations compute in
//   f32 and round once to binary16 (exact for + - * / sqrt, since binary32 has more than
//   2*11+2 significand bits).
// - Functions that produce vectors take and return fixed-size std::array.
// - Nothing here allocates or throws; every input (NaN, infinities, out-of-range counts) has a
//   defined result as the spec says (or, where the spec leaves it indeterminate, the result a
//   plain IEEE evaluation gives, documented per function).
// - Hot, trivial functions are defined inline below; the rest live in the .cpp files of this
//   folder (f16.cpp, float_builtins.cpp, integer_builtins.cpp, packing.cpp).
// - Floating point code here is compiled without contraction (no fused multiply-add unless
//   asked for), so results do not depend on the target's FMA support.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace wgsl::math {

// ---- bit casts ----------------------------------------------------------------------------
inline uint32_t bitsOf(float v) {
  uint32_t u;
  std::memcpy(&u, &v, sizeof u);
  return u;
}
inline float floatOf(uint32_t u) {
  float v;
  std::memcpy(&v, &u, sizeof v);
  return v;
}

// ---- binary16 ----------------------------------------------------------------------------
// Round to nearest even; subnormal results are kept (no flush to zero); magnitudes at or above
// 65520 (the halfway point between 65504 and 2^16) become infinity; NaN stays NaN (quiet, with
// the top payload bits and the sign kept).
inline uint16_t f16FromF32(float v) {
  const uint32_t x = bitsOf(v);
  const uint16_t sign = static_cast<uint16_t>((x >> 16) & 0x8000u);
  const uint32_t ax = x & 0x7fffffffu;
  if (ax >= 0x7f800000u) {  // infinity or NaN
    if (ax == 0x7f800000u) return static_cast<uint16_t>(sign | 0x7c00u);
    return static_cast<uint16_t>(sign | 0x7e00u | ((ax >> 13) & 0x3ffu));
  }
  if (ax >= 0x477ff000u) return static_cast<uint16_t>(sign | 0x7c00u);  // >= 65520
  if (ax >= 0x38800000u) {  // >= 2^-14: a normal binary16
    // Rebias the exponent (127 -> 15) and round the 23-bit fraction to 10 bits, ties to even;
    // a carry out of the fraction correctly bumps the exponent.
    const uint32_t r = ax - (112u << 23);
    const uint32_t rounded = r + 0xfffu + ((r >> 13) & 1u);
    return static_cast<uint16_t>(sign | (rounded >> 13));
  }
  if (ax <= 0x33000000u) return sign;  // <= 2^-25 (the tie at 2^-25 goes to even, zero)
  // Subnormal binary16: the result is round(|v| / 2^-24) with ties to even. |v| =
  // m * 2^(e - 150) with the implicit bit, so |v| / 2^-24 = m >> (126 - e), 14 <= 126 - e <= 24.
  const uint32_t e = ax >> 23;
  const uint32_t m = (ax & 0x7fffffu) | 0x800000u;
  const uint32_t shift = 126u - e;
  const uint32_t q = m >> shift;
  const uint32_t rest = m & ((1u << shift) - 1u);
  const uint32_t half = 1u << (shift - 1u);
  const uint32_t up = (rest > half || (rest == half && (q & 1u))) ? 1u : 0u;
  return static_cast<uint16_t>(sign | (q + up));  // q + up == 0x400 is the smallest normal
}
// Exact.
inline float f32FromF16(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exp = (h >> 10) & 0x1fu;
  const uint32_t man = h & 0x3ffu;
  if (exp == 0x1fu) return floatOf(sign | 0x7f800000u | (man << 13));  // inf / NaN
  if (exp != 0) return floatOf(sign | ((exp + 112u) << 23) | (man << 13));
  // Zero or subnormal: man * 2^-24, exact in binary32.
  const float mag = static_cast<float>(man) * 5.9604644775390625e-8f;
  return sign ? -mag : mag;
}
uint16_t f16FromF64(double v);  // round once from binary64, same rules as f16FromF32
inline bool f16IsNan(uint16_t h) { return (h & 0x7c00u) == 0x7c00u && (h & 0x03ffu) != 0; }

// ---- integer arithmetic (section "Arithmetic Expressions") -------------------------------
// i32 + - * wrap (two's complement).
inline int32_t addI32(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b));
}
inline int32_t subI32(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) - static_cast<uint32_t>(b));
}
inline int32_t mulI32(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) * static_cast<uint32_t>(b));
}
// -INT_MIN == INT_MIN ("If T is an integer scalar type and e evaluates to the largest negative
// value, then the result is e").
inline int32_t negI32(int32_t a) { return static_cast<int32_t>(0u - static_cast<uint32_t>(a)); }
// Division and remainder: division by zero gives e1 (the dividend); i32 MIN / -1 gives e1;
// remainder in those cases gives 0. Otherwise division truncates toward zero and the remainder
// is e1 - truncate(e1 / e2) * e2 (sign of the dividend).
inline int32_t divI32(int32_t a, int32_t b) {
  if (b == 0 || (b == -1 && a == INT32_MIN)) return a;
  return a / b;
}
inline int32_t remI32(int32_t a, int32_t b) {
  if (b == 0 || (b == -1 && a == INT32_MIN)) return 0;
  return a % b;
}
inline uint32_t divU32(uint32_t a, uint32_t b) { return b == 0 ? a : a / b; }
inline uint32_t remU32(uint32_t a, uint32_t b) { return b == 0 ? 0 : a % b; }
// Shifts: the shift amount is taken modulo the bit width (32). Left shifts discard the high
// bits (no overflow check at run time). Right shift of i32 is arithmetic (sign-filling).
inline int32_t shlI32(int32_t a, uint32_t s) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) << (s & 31u));
}
inline uint32_t shlU32(uint32_t a, uint32_t s) { return a << (s & 31u); }
inline int32_t shrI32(int32_t a, uint32_t s) {
  const uint32_t n = s & 31u;
  // Arithmetic shift written without relying on implementation-defined >> of negatives.
  return a < 0 ? static_cast<int32_t>(~(~static_cast<uint32_t>(a) >> n))
               : static_cast<int32_t>(static_cast<uint32_t>(a) >> n);
}
inline uint32_t shrU32(uint32_t a, uint32_t s) { return a >> (s & 31u); }

// ---- float arithmetic ---------------------------------------------------------------------
// f32 % f32 is `a - b * trunc(a / b)` per the spec's definition, each operation rounded in f32
// (so it differs from C's exact fmod for large quotients).
float remF32(float a, float b);
// f16 + - * /: computed in f32 (exact for these operands) and rounded once to binary16.
inline uint16_t addF16(uint16_t a, uint16_t b) { return f16FromF32(f32FromF16(a) + f32FromF16(b)); }
inline uint16_t subF16(uint16_t a, uint16_t b) { return f16FromF32(f32FromF16(a) - f32FromF16(b)); }
inline uint16_t mulF16(uint16_t a, uint16_t b) { return f16FromF32(f32FromF16(a) * f32FromF16(b)); }
// Division too: the f32 quotient rounded again to binary16 is the correctly rounded binary16
// quotient, since 24 >= 2 * 11 + 2 significand bits.
inline uint16_t divF16(uint16_t a, uint16_t b) { return f16FromF32(f32FromF16(a) / f32FromF16(b)); }
// f16 % f16: a - b * trunc(a / b) with each operation rounded to binary16.
uint16_t remF16(uint16_t a, uint16_t b);
inline uint16_t negF16(uint16_t a) { return static_cast<uint16_t>(a ^ 0x8000u); }

// ---- conversions (section "Conversion" / "Floating Point Conversion") ---------------------
// Float to integer: "If X is exactly representable in the target type T, then the result is
// that value. Otherwise, the result is the value in T closest to truncate(X) and also exactly
// representable in the original floating point type." So the value is truncated toward zero
// and clamped to the range of integers the *source* float type can represent exactly:
// f32 -> i32 clamps to [-2^31, 2147483520], f32 -> u32 to [0, 4294967040],
// f16 -> i32 to [-65504, 65504] (infinities included), f16 -> u32 to [0, 65504].
// NaN gives an indeterminate value in the spec; here 0.
inline int32_t i32FromF32(float v) {
  if (v != v) return 0;
  if (v >= 2147483648.0f) return 2147483520;
  if (v <= -2147483648.0f) return INT32_MIN;
  return static_cast<int32_t>(v);  // C++ conversion truncates toward zero
}
inline uint32_t u32FromF32(float v) {
  if (!(v > -1.0f)) return 0;  // NaN, and everything truncating below zero
  if (v >= 4294967296.0f) return 4294967040u;
  return static_cast<uint32_t>(v);
}
int32_t i32FromF16(uint16_t h);
uint32_t u32FromF16(uint16_t h);
// Integer to f16: round to nearest even inside the finite range; integers outside
// [-65504, 65504] are "outside the finite range" and, per the numeric conversion algorithm
// (no significand bits to discard for integer sources), become the infinity of their sign.
// (Integer to f32 is a plain static_cast<float>: always in range, rounds to nearest even.)
uint16_t f16FromI32(int32_t v);
uint16_t f16FromU32(uint32_t v);

// ---- numeric built-ins, f32 (f16 versions: convert, call, round with f16FromF32) ----------
inline float abs(float x) { return std::fabs(x); }
// 1 when x > 0, -1 when x < 0, 0 when x = 0 (the zero argument is returned, so -0.0 gives
// -0.0, which equals 0); NaN -> NaN.
inline float sign(float x) { return x > 0.0f ? 1.0f : (x < 0.0f ? -1.0f : x); }
// "computed as e - floor(e)" in f32. The spec's note says valid results are in [0, 1.0]: for a
// tiny negative e the rounded difference is exactly 1.0 (e.g. fract(-1e-10) == 1.0), and this
// function returns that, like the spec's formula and the const evaluator.
inline float fract(float x) { return x - std::floor(x); }
// `round`: the nearest integer, halfway cases to even; the sign of zero results is kept
// (round(-0.4) == -0.0).
float roundEven(float x);
inline float trunc(float x) { return std::trunc(x); }
inline float floor(float x) { return std::floor(x); }
inline float ceil(float x) { return std::ceil(x); }
// `min`: "Returns e2 if e2 is less than e1, and e1 otherwise" (so min(-0.0, 0.0) == -0.0 and
// min(0.0, -0.0) == 0.0). With a NaN operand the spec's result is indeterminate (Finite Math
// Assumption); here the other operand is returned (IEEE minNum), NaN only if both are NaN.
inline float fmin(float a, float b) {
  if (a != a) return b;
  if (b != b) return a;
  return b < a ? b : a;
}
// `max`: "Returns e2 if e1 is less than e2, and e1 otherwise"; NaN handled as fmin.
inline float fmax(float a, float b) {
  if (a != a) return b;
  if (b != b) return a;
  return a < b ? b : a;
}
inline float clamp(float e, float lo, float hi) { return fmin(fmax(e, lo), hi); }  // min(max(e, lo), hi)
inline float saturate(float x) { return clamp(x, 0.0f, 1.0f); }
inline float step(float edge, float x) { return edge <= x ? 1.0f : 0.0f; }  // 1.0 if edge <= x
// t = clamp((x - lo) / (hi - lo), 0, 1); t * t * (3 - 2 * t). lo == hi is indeterminate in the
// spec (division by zero); here t follows from the IEEE quotient (±inf clamps, NaN stays NaN).
float smoothstep(float lo, float hi, float x);
float mix(float a, float b, float t);  // a * (1 - t) + b * t
inline float fma(float a, float b, float c) { return std::fma(a, b, c); }  // fused, rounded once
float inverseSqrt(float x);        // 1 / sqrt(x)
float degrees(float r);            // r * 180 / pi, rounded once from binary64
float radians(float d);            // d * pi / 180, rounded once from binary64
// e1 * 2^e2 rounded once: overflow gives infinity (indeterminate in the spec when e2 > 128),
// underflow gives subnormals or zero.
float ldexp(float x, int32_t e);
// Zero -> (x, 0) (fraction is a zero of x's sign); normal x -> fract in [0.5, 1) or (-1, -0.5]
// with x == fract * 2^exp. Subnormals (indeterminate in the spec) are decomposed exactly the
// same way; infinities and NaN (indeterminate) give (x, 0).
struct FrexpF32 { float fract; int32_t exp; };
FrexpF32 frexp(float x);
// whole = trunc(x), fract = x - trunc(x) (so modf(-1.5) == {-0.5, -1}; the fraction of an
// integral x is +0.0; infinities give fract NaN, whole x: indeterminate in the spec).
struct ModfF32 { float fract; float whole; };
ModfF32 modf(float x);
// Round to binary16 (nearest even, subnormals kept) and back. Outside the f16 finite range the
// spec's result is indeterminate; here magnitudes >= 65520 give infinity and those in
// (65504, 65520) give ±65504, as IEEE rounding does.
inline float quantizeToF16(float x) { return f32FromF16(f16FromF32(x)); }
// sin cos tan asin acos atan atan2 sinh cosh tanh asinh acosh atanh exp exp2 log log2 pow sqrt
// are std:: functions on float (correctly rounded sqrt; the others within the spec's bounds).

// ---- integer built-ins -------------------------------------------------------------------
inline int32_t absI32(int32_t x) { return x < 0 ? negI32(x) : x; }  // abs(INT_MIN) == INT_MIN
inline int32_t signI32(int32_t x) { return x > 0 ? 1 : (x < 0 ? -1 : 0); }
inline int32_t clampI32(int32_t e, int32_t lo, int32_t hi) {
  const int32_t m = e < lo ? lo : e;  // min(max(e, lo), hi)
  return hi < m ? hi : m;
}
inline uint32_t clampU32(uint32_t e, uint32_t lo, uint32_t hi) {
  const uint32_t m = e < lo ? lo : e;
  return hi < m ? hi : m;
}
inline uint32_t countOneBits(uint32_t x) { return static_cast<uint32_t>(__builtin_popcount(x)); }
inline uint32_t countLeadingZeros(uint32_t x) {  // 32 for 0
  return x == 0 ? 32u : static_cast<uint32_t>(__builtin_clz(x));
}
inline uint32_t countTrailingZeros(uint32_t x) {  // 32 for 0
  return x == 0 ? 32u : static_cast<uint32_t>(__builtin_ctz(x));
}
inline uint32_t firstLeadingBitU32(uint32_t x) {  // 0xffffffff for 0
  return x == 0 ? 0xffffffffu : 31u - static_cast<uint32_t>(__builtin_clz(x));
}
// -1 for 0 and -1; else the position of the most significant bit differing from the sign bit.
inline int32_t firstLeadingBitI32(int32_t x) {
  const uint32_t u = x < 0 ? ~static_cast<uint32_t>(x) : static_cast<uint32_t>(x);
  return u == 0 ? -1 : 31 - __builtin_clz(u);
}
inline uint32_t firstTrailingBit(uint32_t x) {  // 0xffffffff for 0
  return x == 0 ? 0xffffffffu : static_cast<uint32_t>(__builtin_ctz(x));
}
uint32_t reverseBits(uint32_t x);
// extractBits/insertBits with offset o and count c: per the spec, o = min(offset, 32),
// c = min(count, 32 - o); c == 0 gives 0 (extract) or e (insert); the i32 extract
// sign-extends from bit c-1 of the result.
inline uint32_t extractBitsU32(uint32_t e, uint32_t offset, uint32_t count) {
  const uint32_t o = offset < 32u ? offset : 32u;
  const uint32_t c = count < 32u - o ? count : 32u - o;
  if (c == 0) return 0;
  const uint32_t v = e >> o;  // o < 32 here
  return c == 32u ? v : v & ((1u << c) - 1u);
}
inline int32_t extractBitsI32(int32_t e, uint32_t offset, uint32_t count) {
  const uint32_t o = offset < 32u ? offset : 32u;
  const uint32_t c = count < 32u - o ? count : 32u - o;
  if (c == 0) return 0;
  const uint32_t v = extractBitsU32(static_cast<uint32_t>(e), o, c);
  const uint32_t signBit = 1u << (c - 1u);
  return static_cast<int32_t>((v ^ signBit) - signBit);  // sign-extend from bit c-1
}
inline uint32_t insertBits(uint32_t e, uint32_t newbits, uint32_t offset, uint32_t count) {
  const uint32_t o = offset < 32u ? offset : 32u;
  const uint32_t c = count < 32u - o ? count : 32u - o;
  if (c == 0) return e;
  const uint32_t mask = (c == 32u ? 0xffffffffu : ((1u << c) - 1u)) << o;
  return (e & ~mask) | ((newbits << o) & mask);
}
int32_t dot4I8Packed(uint32_t a, uint32_t b);
uint32_t dot4U8Packed(uint32_t a, uint32_t b);

// ---- data packing (section "Data Packing Built-in Functions") ----------------------------
// snorm/unorm packing evaluates the spec's formulas exactly (in binary64):
// floor(0.5 + 127 * min(1, max(-1, e))), floor(0.5 + 255 * min(1, max(0, e))) and the 16-bit
// analogues. A NaN component (indeterminate in the spec) packs as 0.
uint32_t pack4x8snorm(const std::array<float, 4>& v);
uint32_t pack4x8unorm(const std::array<float, 4>& v);
uint32_t pack4xI8(const std::array<int32_t, 4>& v);        // low 8 bits of each
uint32_t pack4xU8(const std::array<uint32_t, 4>& v);       // low 8 bits of each
uint32_t pack4xI8Clamp(const std::array<int32_t, 4>& v);   // clamp to [-128, 127] first
uint32_t pack4xU8Clamp(const std::array<uint32_t, 4>& v);  // clamp to [0, 255] first
uint32_t pack2x16snorm(const std::array<float, 2>& v);
uint32_t pack2x16unorm(const std::array<float, 2>& v);
uint32_t pack2x16float(const std::array<float, 2>& v);  // each via f16FromF32
// snorm: max(v / 127, -1) (so -128 and -127 both give -1.0); unorm: v / 255; each quotient
// correctly rounded in f32. 16-bit forms likewise with 32767 / 65535.
std::array<float, 4> unpack4x8snorm(uint32_t p);
std::array<float, 4> unpack4x8unorm(uint32_t p);
std::array<int32_t, 4> unpack4xI8(uint32_t p);   // sign extension
std::array<uint32_t, 4> unpack4xU8(uint32_t p);  // zero extension
std::array<float, 2> unpack2x16snorm(uint32_t p);
std::array<float, 2> unpack2x16unorm(uint32_t p);
std::array<float, 2> unpack2x16float(uint32_t p);  // each via f32FromF16 (exact)

}  // namespace wgsl::math
