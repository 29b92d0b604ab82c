// Scalar conversions (spec "Floating Point Conversion"): float to integer truncates and clamps
// to the integers the source float type represents exactly; integers to f16 round to nearest
// and become infinity outside [-65504, 65504].
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>

#include "interp/math/scalar_math.h"

namespace wgsl::math {
namespace {

TEST(Conversion, F32ToI32SpecExamples) {
  EXPECT_EQ(i32FromF32(-3.9f), -3);
  EXPECT_EQ(i32FromF32(3.9f), 3);
  EXPECT_EQ(i32FromF32(1e20f), 2147483520);  // largest f32 below 2^31, not INT_MAX
  EXPECT_EQ(i32FromF32(-1e20f), INT32_MIN);
  EXPECT_EQ(i32FromF32(HUGE_VALF), 2147483520);
  EXPECT_EQ(i32FromF32(-HUGE_VALF), INT32_MIN);
  EXPECT_EQ(i32FromF32(2147483648.0f), 2147483520);
  EXPECT_EQ(i32FromF32(2147483520.0f), 2147483520);
  EXPECT_EQ(i32FromF32(-2147483648.0f), INT32_MIN);
  EXPECT_EQ(i32FromF32(-0.99f), 0);
  EXPECT_EQ(i32FromF32(-0.0f), 0);
  EXPECT_EQ(i32FromF32(std::nanf("")), 0);  // indeterminate in the spec; documented 0
}

TEST(Conversion, F32ToU32SpecExamples) {
  EXPECT_EQ(u32FromF32(3.9f), 3u);
  EXPECT_EQ(u32FromF32(-1.0f), 0u);
  EXPECT_EQ(u32FromF32(-0.5f), 0u);  // truncates to 0
  EXPECT_EQ(u32FromF32(-1e20f), 0u);
  EXPECT_EQ(u32FromF32(1e20f), 4294967040u);  // largest f32 below 2^32
  EXPECT_EQ(u32FromF32(HUGE_VALF), 4294967040u);
  EXPECT_EQ(u32FromF32(4294967296.0f), 4294967040u);
  EXPECT_EQ(u32FromF32(4294967040.0f), 4294967040u);
  EXPECT_EQ(u32FromF32(2147483648.0f), 2147483648u);
  EXPECT_EQ(u32FromF32(std::nanf("")), 0u);
}

TEST(Conversion, F32ToIntegerMatchesDefinitionOnRandomValues) {
  // Reference: truncate in double, then the closest value among integers in the target range
  // that are exactly representable in f32 (checked by a round trip through float).
  std::mt19937 rng(5);
  std::uniform_int_distribution<uint32_t> bits(0, 0xffffffffu);
  for (int i = 0; i < 300000; ++i) {
    const float f = floatOf(bits(rng));
    if (std::isnan(f)) continue;
    const double t = std::trunc(static_cast<double>(f));
    const double ci = std::fmin(std::fmax(t, -2147483648.0), 2147483520.0);
    const double cu = std::fmin(std::fmax(t, 0.0), 4294967040.0);
    ASSERT_EQ(static_cast<double>(static_cast<float>(ci)), ci);
    ASSERT_EQ(static_cast<double>(i32FromF32(f)), ci) << f;
    ASSERT_EQ(static_cast<double>(u32FromF32(f)), cu) << f;
  }
}

TEST(Conversion, F16ToInteger) {
  EXPECT_EQ(i32FromF16(0x7bff), 65504);
  EXPECT_EQ(i32FromF16(0xfbff), -65504);
  EXPECT_EQ(i32FromF16(0x7c00), 65504);   // +inf: closest f16-representable integer
  EXPECT_EQ(i32FromF16(0xfc00), -65504);  // -inf
  EXPECT_EQ(i32FromF16(0xc100), -2);      // -2.5 truncates to -2
  EXPECT_EQ(i32FromF16(0x3bff), 0);       // just below 1
  EXPECT_EQ(i32FromF16(0x7e00), 0);       // NaN: documented 0
  EXPECT_EQ(u32FromF16(0x7c00), 65504u);
  EXPECT_EQ(u32FromF16(0xfc00), 0u);
  EXPECT_EQ(u32FromF16(0xc100), 0u);
  EXPECT_EQ(u32FromF16(0x4580), 5u);  // 5.5
  EXPECT_EQ(u32FromF16(0x7e00), 0u);
  for (uint32_t h = 0; h < 0x10000u; ++h) {
    const float f = f32FromF16(static_cast<uint16_t>(h));
    if (std::isnan(f) || std::isinf(f)) continue;
    ASSERT_EQ(i32FromF16(static_cast<uint16_t>(h)), static_cast<int32_t>(std::trunc(f)));
    ASSERT_EQ(u32FromF16(static_cast<uint16_t>(h)), f < 0 ? 0u : static_cast<uint32_t>(f));
  }
}

TEST(Conversion, IntegerToF16) {
  EXPECT_EQ(f16FromI32(0), 0x0000);  // integer zero has a zero sign bit
  EXPECT_EQ(f16FromU32(0u), 0x0000);
  EXPECT_EQ(f16FromI32(1), 0x3c00);
  EXPECT_EQ(f16FromI32(-2), 0xc000);
  EXPECT_EQ(f16FromI32(2048), 0x6800);
  EXPECT_EQ(f16FromI32(2049), 0x6800);  // tie between 2048 (even) and 2050
  EXPECT_EQ(f16FromI32(2051), 0x6802);  // tie between 2050 (odd) and 2052 (even)
  EXPECT_EQ(f16FromI32(65504), 0x7bff);
  EXPECT_EQ(f16FromI32(-65504), 0xfbff);
  // Outside the finite range: infinity of the same sign (integer sources have no bits to drop).
  EXPECT_EQ(f16FromI32(65505), 0x7c00);
  EXPECT_EQ(f16FromI32(-65505), 0xfc00);
  EXPECT_EQ(f16FromI32(INT32_MIN), 0xfc00);
  EXPECT_EQ(f16FromI32(INT32_MAX), 0x7c00);
  EXPECT_EQ(f16FromU32(65504u), 0x7bff);
  EXPECT_EQ(f16FromU32(65505u), 0x7c00);
  EXPECT_EQ(f16FromU32(0xffffffffu), 0x7c00);
  // Every representable-range integer: the result is one of the two neighbours, the nearer
  // one, ties to even (checked against exact integer arithmetic on the decoded values).
  for (int32_t v = -65504; v <= 65504; ++v) {
    const uint16_t h = f16FromI32(v);
    ASSERT_EQ((h & 0x8000) != 0, v < 0) << v;
    const uint16_t m = h & 0x7fff;
    const double a = std::fabs(static_cast<double>(v));
    const double err = std::fabs(static_cast<double>(f32FromF16(m)) - a);
    for (const int n : {m - 1, m + 1}) {
      if (n < 0 || n > 0x7bff) continue;
      const double other = std::fabs(static_cast<double>(f32FromF16(static_cast<uint16_t>(n))) - a);
      ASSERT_LE(err, other) << v;
      if (err == other) {
        ASSERT_EQ(m % 2, 0) << v;  // tie: the even pattern
      }
    }
    if (v >= 0) {
      ASSERT_EQ(f16FromU32(static_cast<uint32_t>(v)), h);
    }
  }
}

}  // namespace
}  // namespace wgsl::math
