// binary16: exact decoding of every pattern, round-to-nearest-even encoding from f32 and f64
// (subnormals, ties, overflow to infinity, NaN), and f16 arithmetic rounded once.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>

#include "interp/math/scalar_math.h"
#include "tests/math/f16_reference.h"

namespace wgsl::math {
namespace {

using test::f16Value;
using test::refF16FromDouble;

bool isNanPattern(uint16_t h) { return (h & 0x7c00) == 0x7c00 && (h & 0x3ff) != 0; }

TEST(F16, DecodesAllPatternsExactly) {
  for (uint32_t i = 0; i < 0x10000u; ++i) {
    const uint16_t h = static_cast<uint16_t>(i);
    const float f = f32FromF16(h);
    const double ref = f16Value(h);
    if (isNanPattern(h)) {
      EXPECT_TRUE(std::isnan(f)) << std::hex << i;
      EXPECT_EQ(std::signbit(f), (i & 0x8000u) != 0) << std::hex << i;
      EXPECT_TRUE(f16IsNan(h));
      continue;
    }
    EXPECT_FALSE(f16IsNan(h)) << std::hex << i;
    EXPECT_EQ(static_cast<double>(f), ref) << std::hex << i;
    EXPECT_EQ(std::signbit(f), (i & 0x8000u) != 0) << std::hex << i;  // -0.0 too
  }
}

TEST(F16, KnownDecodings) {
  EXPECT_EQ(f32FromF16(0x3c00), 1.0f);
  EXPECT_EQ(f32FromF16(0xc000), -2.0f);
  EXPECT_EQ(f32FromF16(0x7bff), 65504.0f);
  EXPECT_EQ(f32FromF16(0x0400), std::ldexp(1.0f, -14));  // smallest normal
  EXPECT_EQ(f32FromF16(0x0001), std::ldexp(1.0f, -24));  // smallest subnormal
  EXPECT_EQ(f32FromF16(0x03ff), std::ldexp(1023.0f, -24));
  EXPECT_EQ(f32FromF16(0x7c00), HUGE_VALF);
  EXPECT_EQ(f32FromF16(0xfc00), -HUGE_VALF);
  EXPECT_EQ(f32FromF16(0x3555), 0.333251953125f);
}

TEST(F16, EveryPatternRoundTripsThroughF32AndF64) {
  for (uint32_t i = 0; i < 0x10000u; ++i) {
    const uint16_t h = static_cast<uint16_t>(i);
    const float f = f32FromF16(h);
    if (isNanPattern(h)) {
      EXPECT_TRUE(isNanPattern(f16FromF32(f))) << std::hex << i;
      EXPECT_TRUE(isNanPattern(f16FromF64(f))) << std::hex << i;
      EXPECT_EQ(f16FromF32(f) & 0x8000, h & 0x8000) << std::hex << i;
      continue;
    }
    EXPECT_EQ(f16FromF32(f), h) << std::hex << i;
    EXPECT_EQ(f16FromF64(static_cast<double>(f)), h) << std::hex << i;
  }
}

TEST(F16, KnownEncodings) {
  EXPECT_EQ(f16FromF32(1.0f), 0x3c00);
  EXPECT_EQ(f16FromF32(-2.0f), 0xc000);
  EXPECT_EQ(f16FromF32(0.0f), 0x0000);
  EXPECT_EQ(f16FromF32(-0.0f), 0x8000);
  EXPECT_EQ(f16FromF32(0.1f), 0x2e66);  // 0.0999755859375
  EXPECT_EQ(f16FromF32(65504.0f), 0x7bff);
  EXPECT_EQ(f16FromF32(HUGE_VALF), 0x7c00);
  EXPECT_EQ(f16FromF32(-HUGE_VALF), 0xfc00);
  EXPECT_TRUE(isNanPattern(f16FromF32(std::nanf(""))));
  EXPECT_EQ(f16FromF64(0.1), 0x2e66);
  EXPECT_EQ(f16FromF64(-HUGE_VAL), 0xfc00);
  EXPECT_TRUE(isNanPattern(f16FromF64(std::nan(""))));
}

TEST(F16, TiesRoundToEven) {
  // 1 + 2^-11 lies halfway between 1 (even, 0x3c00) and 1 + 2^-10 (0x3c01).
  EXPECT_EQ(f16FromF32(1.0f + std::ldexp(1.0f, -11)), 0x3c00);
  // 1 + 3 * 2^-11 lies halfway between 0x3c01 (odd) and 0x3c02 (even).
  EXPECT_EQ(f16FromF32(1.0f + 3 * std::ldexp(1.0f, -11)), 0x3c02);
  // Just above a tie goes up, just below goes down.
  EXPECT_EQ(f16FromF32(std::nextafter(1.0f + std::ldexp(1.0f, -11), 2.0f)), 0x3c01);
  EXPECT_EQ(f16FromF32(std::nextafter(1.0f + 3 * std::ldexp(1.0f, -11), 0.0f)), 0x3c01);
  // A carry out of the significand moves to the next binade: 2 - 2^-12 rounds to 2.
  EXPECT_EQ(f16FromF32(2.0f - std::ldexp(1.0f, -12)), 0x4000);
}

TEST(F16, SubnormalsAreKeptAndRounded) {
  EXPECT_EQ(f16FromF32(std::ldexp(1.0f, -24)), 0x0001);
  EXPECT_EQ(f16FromF32(std::ldexp(1.0f, -14)), 0x0400);
  EXPECT_EQ(f16FromF32(std::ldexp(1023.0f, -24)), 0x03ff);
  // Halfway between 0 and the smallest subnormal: ties to even, zero (with the sign).
  EXPECT_EQ(f16FromF32(std::ldexp(1.0f, -25)), 0x0000);
  EXPECT_EQ(f16FromF32(-std::ldexp(1.0f, -25)), 0x8000);
  EXPECT_EQ(f16FromF32(std::nextafter(std::ldexp(1.0f, -25), 1.0f)), 0x0001);
  EXPECT_EQ(f16FromF32(std::ldexp(1.0f, -26)), 0x0000);
  EXPECT_EQ(f16FromF32(std::ldexp(1.0f, -149)), 0x0000);  // smallest f32 subnormal
  // 1.5 * 2^-24 lies between subnormals 1 and 2: even is 2. 2.5 * 2^-24 -> 2.
  EXPECT_EQ(f16FromF32(std::ldexp(3.0f, -25)), 0x0002);
  EXPECT_EQ(f16FromF32(std::ldexp(5.0f, -25)), 0x0002);
  // The largest subnormal plus half a step rounds up into the smallest normal (even).
  EXPECT_EQ(f16FromF32(std::ldexp(2047.0f, -25)), 0x0400);
  EXPECT_EQ(f16FromF64(std::ldexp(1.0, -25)), 0x0000);
  EXPECT_EQ(f16FromF64(std::ldexp(1.0, -25) + std::ldexp(1.0, -70)), 0x0001);
}

TEST(F16, OverflowGoesToInfinityFrom65520) {
  // binary16 max is 65504; the next step would be 65536, so the rounding boundary is 65520.
  EXPECT_EQ(f16FromF32(65519.0f), 0x7bff);
  EXPECT_EQ(f16FromF32(std::nextafter(65520.0f, 0.0f)), 0x7bff);
  EXPECT_EQ(f16FromF32(65520.0f), 0x7c00);
  EXPECT_EQ(f16FromF32(-65520.0f), 0xfc00);
  EXPECT_EQ(f16FromF32(65536.0f), 0x7c00);
  EXPECT_EQ(f16FromF32(1e9f), 0x7c00);
  EXPECT_EQ(f16FromF32(3.4e38f), 0x7c00);
  EXPECT_EQ(f16FromF64(65519.99), 0x7bff);
  EXPECT_EQ(f16FromF64(65520.0), 0x7c00);
  EXPECT_EQ(f16FromF64(1e300), 0x7c00);
  EXPECT_EQ(f16FromF64(-1e300), 0xfc00);
}

TEST(F16, MidpointsOfAllAdjacentPairs) {
  // Every pair of adjacent finite magnitudes: the exact midpoint (representable in f32) rounds
  // to the even pattern; one f32 step either side rounds to the nearer one.
  for (uint32_t lo = 0; lo < 0x7bffu; ++lo) {
    const float a = f32FromF16(static_cast<uint16_t>(lo));
    const float b = f32FromF16(static_cast<uint16_t>(lo + 1));
    const float mid = static_cast<float>((static_cast<double>(a) + b) / 2);
    ASSERT_EQ(static_cast<double>(mid), (static_cast<double>(a) + b) / 2);
    const uint16_t even = static_cast<uint16_t>(lo % 2 == 0 ? lo : lo + 1);
    for (int s = 0; s < 2; ++s) {
      const float sg = s ? -1.0f : 1.0f;
      const uint16_t sb = s ? 0x8000 : 0;
      EXPECT_EQ(f16FromF32(sg * mid), sb | even) << std::hex << lo;
      EXPECT_EQ(f16FromF32(sg * std::nextafter(mid, 0.0f)), sb | lo) << std::hex << lo;
      EXPECT_EQ(f16FromF32(sg * std::nextafter(mid, 1e9f)), sb | (lo + 1)) << std::hex << lo;
      EXPECT_EQ(f16FromF64(sg * static_cast<double>(mid)), sb | even) << std::hex << lo;
    }
  }
}

TEST(F16, SampledF32PatternsMatchReference) {
  // Every 61st f32 bit pattern (about 70 million values across all exponents and signs).
  uint64_t checked = 0;
  for (uint64_t u = 0; u < 0x100000000ull; u += 61) {
    const float f = floatOf(static_cast<uint32_t>(u));
    if (std::isnan(f)) {
      ASSERT_TRUE(isNanPattern(f16FromF32(f))) << std::hex << u;
      continue;
    }
    ASSERT_EQ(f16FromF32(f), refF16FromDouble(f)) << std::hex << u;
    ++checked;
  }
  EXPECT_GT(checked, 60000000u);
}

TEST(F16, F64RoundsOnceNotViaF32) {
  // Values just above a binary16 tie that binary32 cannot hold: rounding to f32 first would land
  // on the tie and round to even (down); rounding once from f64 must go up.
  const double tie = 1.0 + std::ldexp(1.0, -11);  // between 0x3c00 and 0x3c01
  const double above = tie + std::ldexp(1.0, -40);
  ASSERT_EQ(static_cast<double>(static_cast<float>(above)), tie);
  EXPECT_EQ(f16FromF32(static_cast<float>(above)), 0x3c00);
  EXPECT_EQ(f16FromF64(above), 0x3c01);
  EXPECT_EQ(f16FromF64(tie - std::ldexp(1.0, -40)), 0x3c00);

  std::mt19937_64 rng(1234);
  std::uniform_real_distribution<double> mant(1.0, 2.0);
  std::uniform_int_distribution<int> ex(-30, 17);
  for (int i = 0; i < 400000; ++i) {
    double v = std::ldexp(mant(rng), ex(rng));
    if (i % 2) v = -v;
    ASSERT_EQ(f16FromF64(v), refF16FromDouble(v)) << v;
  }
}

// ---- f16 arithmetic: the exact result (in double) rounded once -----------------------------

TEST(F16Arith, KnownValues) {
  EXPECT_EQ(addF16(0x3c00, 0x3c00), 0x4000);  // 1 + 1 = 2
  EXPECT_EQ(addF16(0x3c00, 0x1000), 0x3c00);  // 1 + 2^-11: tie to even
  EXPECT_EQ(subF16(0x3c00, 0x3c00), 0x0000);  // +0
  EXPECT_EQ(mulF16(0x5c00, 0x5c00), 0x7c00);  // 256 * 256 = 65536 overflows
  EXPECT_EQ(mulF16(0x0001, 0x3800), 0x0000);  // 2^-24 * 0.5: tie to even zero
  EXPECT_EQ(divF16(0x3c00, 0x4200), 0x3555);  // 1 / 3
  EXPECT_EQ(divF16(0x3c00, 0x0000), 0x7c00);  // 1 / 0 = inf (IEEE)
  EXPECT_EQ(negF16(0x0000), 0x8000);
  EXPECT_EQ(negF16(0xc000), 0x4000);
  EXPECT_EQ(remF16(0x4580, 0x4000), 0x3e00);  // 5.5 % 2 = 1.5
  EXPECT_EQ(remF16(0xc580, 0x4000), 0xbe00);  // -5.5 % 2 = -1.5
  EXPECT_EQ(remF16(0x4580, 0xc000), 0x3e00);  // 5.5 % -2 = 1.5
}

TEST(F16Arith, RandomOperandsMatchReference) {
  std::mt19937 rng(99);
  std::uniform_int_distribution<uint32_t> pat(0, 0xffff);
  auto finite = [&] {
    for (;;) {
      const uint16_t h = static_cast<uint16_t>(pat(rng));
      if ((h & 0x7c00) != 0x7c00) return h;
    }
  };
  for (int i = 0; i < 300000; ++i) {
    const uint16_t a = finite(), b = finite();
    const double x = f16Value(a), y = f16Value(b);
    // Sums and products of binary16 values are exact in binary64; a quotient rounded to
    // binary64 and then to binary16 is still correctly rounded (53 >= 2 * 11 + 2).
    ASSERT_EQ(addF16(a, b), refF16FromDouble(x + y)) << std::hex << a << " " << b;
    ASSERT_EQ(subF16(a, b), refF16FromDouble(x - y)) << std::hex << a << " " << b;
    ASSERT_EQ(mulF16(a, b), refF16FromDouble(x * y)) << std::hex << a << " " << b;
    if (y != 0) {
      ASSERT_EQ(divF16(a, b), refF16FromDouble(x / y)) << std::hex << a << " " << b;
      // Remainder: x - y * trunc(x / y), each step rounded to binary16.
      const double q = f16Value(refF16FromDouble(x / y));
      const double p = f16Value(refF16FromDouble(y * std::trunc(q)));
      const uint16_t r = refF16FromDouble(x - p);
      if (!std::isnan(x - p)) {
        ASSERT_EQ(remF16(a, b), r) << std::hex << a << " " << b;
      }
    }
  }
}

}  // namespace
}  // namespace wgsl::math
