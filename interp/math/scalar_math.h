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
#pragma once

#include <array>
#include <cstdint>

namespace wgsl::math {

// ---- binary16 ----------------------------------------------------------------------------
uint16_t f16FromF32(float v);     // round to nearest even; overflow -> infinity; NaN stays NaN
float f32FromF16(uint16_t h);     // exact
uint16_t f16FromF64(double v);    // round once from binary64
inline bool f16IsNan(uint16_t h) { return (h & 0x7c00u) == 0x7c00u && (h & 0x03ffu) != 0; }

// ---- integer arithmetic (section "Arithmetic Expressions") -------------------------------
// i32 + - * wrap (two's complement).
int32_t addI32(int32_t a, int32_t b);
int32_t subI32(int32_t a, int32_t b);
int32_t mulI32(int32_t a, int32_t b);
int32_t negI32(int32_t a);  // -INT_MIN == INT_MIN
// Division and remainder: division by zero gives e1 (the dividend); i32 MIN / -1 gives e1;
// remainder in those cases gives 0. Remainder has the sign of the dividend (truncated).
int32_t divI32(int32_t a, int32_t b);
int32_t remI32(int32_t a, int32_t b);
uint32_t divU32(uint32_t a, uint32_t b);
uint32_t remU32(uint32_t a, uint32_t b);
// Shifts: the shift amount is taken modulo the bit width (32). Right shift of i32 is arithmetic.
int32_t shlI32(int32_t a, uint32_t s);
uint32_t shlU32(uint32_t a, uint32_t s);
int32_t shrI32(int32_t a, uint32_t s);
uint32_t shrU32(uint32_t a, uint32_t s);

// ---- float arithmetic ---------------------------------------------------------------------
// f32 % f32 is `a - b * trunc(a / b)` per the spec's definition.
float remF32(float a, float b);
uint16_t addF16(uint16_t a, uint16_t b);
uint16_t subF16(uint16_t a, uint16_t b);
uint16_t mulF16(uint16_t a, uint16_t b);
uint16_t divF16(uint16_t a, uint16_t b);
uint16_t remF16(uint16_t a, uint16_t b);
uint16_t negF16(uint16_t a);

// ---- conversions (section "Conversion" / value constructors) ------------------------------
// Float to integer: truncate toward zero, then clamp into the target range (NaN -> 0).
int32_t i32FromF32(float v);
uint32_t u32FromF32(float v);
int32_t i32FromF16(uint16_t h);
uint32_t u32FromF16(uint16_t h);
// Integer to float: round to nearest even.
uint16_t f16FromI32(int32_t v);
uint16_t f16FromU32(uint32_t v);

// ---- numeric built-ins, f32 (f16 versions: convert, call, round with f16FromF32) ----------
float abs(float x);
float sign(float x);               // -1, 0 (keeping the sign of zero), 1; NaN -> NaN
float fract(float x);              // x - floor(x), and never 1.0 (the largest float below 1)
float roundEven(float x);          // `round`: halfway cases to even
float trunc(float x);
float floor(float x);
float ceil(float x);
float saturate(float x);
float step(float edge, float x);   // 1.0 if edge <= x else 0.0
float smoothstep(float lo, float hi, float x);
float mix(float a, float b, float t);  // a * (1 - t) + b * t
float clamp(float e, float lo, float hi);  // min(max(e, lo), hi)
float fmin(float a, float b);      // `min`: if one operand is NaN, the other
float fmax(float a, float b);
float fma(float a, float b, float c);  // fused, rounded once
float inverseSqrt(float x);
float degrees(float r);
float radians(float d);
float ldexp(float x, int32_t e);
struct FrexpF32 { float fract; int32_t exp; };
FrexpF32 frexp(float x);           // fract in [0.5, 1) with the sign of x; 0 -> (0, 0)
struct ModfF32 { float fract; float whole; };
ModfF32 modf(float x);
float quantizeToF16(float x);      // round to binary16 and back; overflow -> infinity
// sin cos tan asin acos atan atan2 sinh cosh tanh asinh acosh atanh exp exp2 log log2 pow sqrt
// are std:: functions on float (correctly rounded sqrt; the others within the spec's bounds).

// ---- integer built-ins -------------------------------------------------------------------
int32_t absI32(int32_t x);         // abs(INT_MIN) == INT_MIN
int32_t signI32(int32_t x);
int32_t clampI32(int32_t e, int32_t lo, int32_t hi);
uint32_t clampU32(uint32_t e, uint32_t lo, uint32_t hi);
uint32_t countOneBits(uint32_t x);
uint32_t countLeadingZeros(uint32_t x);   // 32 for 0
uint32_t countTrailingZeros(uint32_t x);  // 32 for 0
uint32_t firstLeadingBitU32(uint32_t x);  // 0xffffffff for 0
int32_t firstLeadingBitI32(int32_t x);    // -1 for 0 and -1; else the highest bit differing from the sign
uint32_t firstTrailingBit(uint32_t x);    // 0xffffffff for 0
uint32_t reverseBits(uint32_t x);
// extractBits/insertBits with offset o and count c: per the spec, o = min(offset, 32),
// c = min(count, 32 - o); the i32 version sign-extends from bit c-1 (c == 0 gives 0).
int32_t extractBitsI32(int32_t e, uint32_t offset, uint32_t count);
uint32_t extractBitsU32(uint32_t e, uint32_t offset, uint32_t count);
uint32_t insertBits(uint32_t e, uint32_t newbits, uint32_t offset, uint32_t count);
int32_t dot4I8Packed(uint32_t a, uint32_t b);
uint32_t dot4U8Packed(uint32_t a, uint32_t b);

// ---- data packing (section "Data Packing Built-in Functions") ----------------------------
uint32_t pack4x8snorm(const std::array<float, 4>& v);
uint32_t pack4x8unorm(const std::array<float, 4>& v);
uint32_t pack4xI8(const std::array<int32_t, 4>& v);
uint32_t pack4xU8(const std::array<uint32_t, 4>& v);
uint32_t pack4xI8Clamp(const std::array<int32_t, 4>& v);
uint32_t pack4xU8Clamp(const std::array<uint32_t, 4>& v);
uint32_t pack2x16snorm(const std::array<float, 2>& v);
uint32_t pack2x16unorm(const std::array<float, 2>& v);
uint32_t pack2x16float(const std::array<float, 2>& v);  // each via f16FromF32
std::array<float, 4> unpack4x8snorm(uint32_t p);
std::array<float, 4> unpack4x8unorm(uint32_t p);
std::array<int32_t, 4> unpack4xI8(uint32_t p);
std::array<uint32_t, 4> unpack4xU8(uint32_t p);
std::array<float, 2> unpack2x16snorm(uint32_t p);
std::array<float, 2> unpack2x16unorm(uint32_t p);
std::array<float, 2> unpack2x16float(uint32_t p);

}  // namespace wgsl::math
