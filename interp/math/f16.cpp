// binary16 conversions and arithmetic that are not inline in scalar_math.h: rounding from
// binary64, the f16 remainder, and conversions between f16 and the integer types.
#include <cmath>

#include "interp/math/scalar_math.h"

namespace wgsl::math {

namespace {

// Rounds a non-negative double holding at most 53 significant bits to the nearest integer,
// ties to even, independently of the floating point environment's rounding mode.
double roundHalfEven(double q) {
  const double r = std::floor(q);
  const double d = q - r;  // exact: q < 2^12 wherever this is used
  if (d > 0.5 || (d == 0.5 && std::fmod(r, 2.0) != 0.0)) return r + 1.0;
  return r;
}

}  // namespace

uint16_t f16FromF64(double v) {
  const uint16_t sign = std::signbit(v) ? 0x8000u : 0u;
  const double a = std::fabs(v);
  if (a != a) return static_cast<uint16_t>(sign | 0x7e00u);
  if (a >= 65520.0) return static_cast<uint16_t>(sign | 0x7c00u);  // includes infinity
  if (a < 0x1p-14) {
    // Subnormal range: the result's significand is round(a / 2^-24); 1024 becomes the smallest
    // normal, whose bit pattern is the same integer.
    return static_cast<uint16_t>(sign | static_cast<uint16_t>(roundHalfEven(a * 0x1p24)));
  }
  int e = 0;
  const double f = std::frexp(a, &e);  // a = f * 2^e, f in [0.5, 1)
  double m = roundHalfEven(f * 2048.0);  // 11 significant bits, in [1024, 2048]
  int exp = e - 1;                       // a ~ (m / 1024) * 2^exp
  if (m == 2048.0) {
    m = 1024.0;
    ++exp;
  }
  const uint32_t bits = (static_cast<uint32_t>(exp + 15) << 10) | (static_cast<uint32_t>(m) - 1024u);
  return static_cast<uint16_t>(sign | bits);  // exp + 15 <= 30 since a < 65520
}

uint16_t remF16(uint16_t a, uint16_t b) {
  // a - b * trunc(a / b), every operation rounded to binary16 (trunc is exact).
  const uint16_t q = divF16(a, b);
  const uint16_t t = f16FromF32(std::trunc(f32FromF16(q)));
  return subF16(a, mulF16(b, t));
}

int32_t i32FromF16(uint16_t h) {
  if (f16IsNan(h)) return 0;
  const float v = f32FromF16(h);
  // The integers closest to truncate(X) that binary16 represents exactly are bounded by the
  // finite range [-65504, 65504]; only the infinities lie outside it.
  if (v > 65504.0f) return 65504;
  if (v < -65504.0f) return -65504;
  return static_cast<int32_t>(v);
}

uint32_t u32FromF16(uint16_t h) {
  if (f16IsNan(h)) return 0;
  const float v = f32FromF16(h);
  if (!(v > -1.0f)) return 0;
  if (v > 65504.0f) return 65504u;
  return static_cast<uint32_t>(v);
}

uint16_t f16FromI32(int32_t v) {
  if (v > 65504) return 0x7c00u;
  if (v < -65504) return 0xfc00u;
  return f16FromF32(static_cast<float>(v));  // exact in f32, one rounding to binary16
}

uint16_t f16FromU32(uint32_t v) {
  if (v > 65504u) return 0x7c00u;
  return f16FromF32(static_cast<float>(v));
}

}  // namespace wgsl::math
