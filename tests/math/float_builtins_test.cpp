// f32 numeric built-ins and the f32 remainder, against the spec's definitions: round (ties to
// even), fract (e - floor(e)), sign of zero, min/max with NaN, frexp/modf of negative values,
// zero and infinities, ldexp overflow and underflow, quantizeToF16, smoothstep, mix, step.
#include <gtest/gtest.h>

#include <cfenv>
#include <cmath>
#include <cstdint>
#include <random>

#include "interp/math/scalar_math.h"

namespace wgsl::math {
namespace {

const float kNaN = std::nanf("");
const float kInf = HUGE_VALF;

bool sameBits(float a, float b) { return bitsOf(a) == bitsOf(b); }

TEST(FloatRem, SpecDefinition) {
  // e1 - e2 * trunc(e1 / e2): the sign follows the dividend.
  EXPECT_EQ(remF32(5.5f, 2.0f), 1.5f);
  EXPECT_EQ(remF32(-5.5f, 2.0f), -1.5f);
  EXPECT_EQ(remF32(5.5f, -2.0f), 1.5f);
  EXPECT_EQ(remF32(-5.5f, -2.0f), -1.5f);
  EXPECT_EQ(remF32(1.0f, 0.25f), 0.0f);
  EXPECT_TRUE(std::isnan(remF32(1.0f, 0.0f)));  // 1 - 0 * inf: outside the domain
  // Large quotient: the spec's formula rounds each step. 1e9 / 7 = 142857142.86 rounds to
  // 142857136 in f32 (spacing 8 there); truncated and times 7 is 999999952, which rounds to
  // 999999936 (spacing 64); 1e9 - 999999936 = 64, unlike fmod's exact 6.
  EXPECT_EQ(remF32(1e9f, 7.0f), 64.0f);
  // Random check of the step-by-step formula in double (each step rounded to float).
  std::mt19937 rng(17);
  std::uniform_real_distribution<float> d(-1000.0f, 1000.0f);
  for (int i = 0; i < 100000; ++i) {
    const float a = d(rng), b = d(rng);
    const float q = static_cast<float>(static_cast<double>(a) / b);
    const float t = static_cast<float>(std::trunc(static_cast<double>(q)));
    const float p = static_cast<float>(static_cast<double>(b) * t);
    const float r = static_cast<float>(static_cast<double>(a) - p);
    ASSERT_TRUE(sameBits(remF32(a, b), r)) << a << " % " << b;
  }
}

TEST(Round, HalfwayCasesGoToEven) {
  EXPECT_EQ(roundEven(0.5f), 0.0f);
  EXPECT_EQ(roundEven(1.5f), 2.0f);
  EXPECT_EQ(roundEven(2.5f), 2.0f);
  EXPECT_EQ(roundEven(3.5f), 4.0f);
  EXPECT_EQ(roundEven(-1.5f), -2.0f);
  EXPECT_EQ(roundEven(-2.5f), -2.0f);
  EXPECT_EQ(roundEven(2.4999998f), 2.0f);
  EXPECT_EQ(roundEven(2.5000002f), 3.0f);
  EXPECT_EQ(roundEven(0.49999997f), 0.0f);  // not 1 (no 0.5 + x rounding error)
  EXPECT_EQ(roundEven(8388607.5f), 8388608.0f);  // 2^23 - 0.5: odd 8388607 -> even
  EXPECT_EQ(roundEven(8388609.0f), 8388609.0f);
  EXPECT_EQ(roundEven(1e30f), 1e30f);
  EXPECT_EQ(roundEven(kInf), kInf);
  EXPECT_TRUE(std::isnan(roundEven(kNaN)));
  EXPECT_TRUE(sameBits(roundEven(-0.5f), -0.0f));  // zero keeps the sign
  EXPECT_TRUE(sameBits(roundEven(-0.25f), -0.0f));
  EXPECT_TRUE(sameBits(roundEven(0.25f), 0.0f));
}

TEST(Round, MatchesIeeeRoundToNearestEven) {
  ASSERT_EQ(std::fegetround(), FE_TONEAREST);
  std::mt19937 rng(23);
  std::uniform_int_distribution<uint32_t> bits(0, 0xffffffffu);
  std::uniform_int_distribution<int32_t> halves(-20000000, 20000000);
  for (int i = 0; i < 300000; ++i) {
    const float f = i % 2 ? floatOf(bits(rng)) : static_cast<float>(halves(rng)) * 0.5f;
    if (std::isnan(f)) continue;
    ASSERT_TRUE(sameBits(roundEven(f), std::nearbyint(f))) << f;
  }
}

TEST(Fract, IsEMinusFloorE) {
  EXPECT_EQ(fract(1.25f), 0.25f);
  EXPECT_EQ(fract(-1.25f), 0.75f);
  EXPECT_EQ(fract(3.0f), 0.0f);
  EXPECT_EQ(fract(-3.0f), 0.0f);
  EXPECT_EQ(fract(0.0f), 0.0f);
  // A tiny negative value: -1e-10 - (-1) rounds to exactly 1.0 in f32. The spec defines fract
  // as e - floor(e) and notes that valid results are in the closed interval [0, 1.0].
  EXPECT_EQ(fract(-1e-10f), 1.0f);
  EXPECT_EQ(fract(-std::ldexp(1.0f, -25)), 1.0f);
  EXPECT_EQ(fract(-std::ldexp(1.0f, -24)), 1.0f - std::ldexp(1.0f, -24));  // exact
  std::mt19937 rng(29);
  std::uniform_real_distribution<float> d(-1e6f, 1e6f);
  for (int i = 0; i < 100000; ++i) {
    const float x = d(rng);
    const float r = fract(x);
    ASSERT_GE(r, 0.0f);
    ASSERT_LE(r, 1.0f);
    ASSERT_EQ(r, static_cast<float>(static_cast<double>(x) - std::floor(static_cast<double>(x))));
  }
}

TEST(Sign, ZeroNanAndInfinities) {
  EXPECT_EQ(sign(5.0f), 1.0f);
  EXPECT_EQ(sign(-0.001f), -1.0f);
  EXPECT_EQ(sign(kInf), 1.0f);
  EXPECT_EQ(sign(-kInf), -1.0f);
  EXPECT_EQ(sign(std::ldexp(1.0f, -149)), 1.0f);  // subnormal is > 0
  EXPECT_EQ(sign(0.0f), 0.0f);
  EXPECT_EQ(sign(-0.0f), 0.0f);  // "0 when e = 0"; -0.0 compares equal to 0
  EXPECT_TRUE(sameBits(sign(-0.0f), -0.0f));
  EXPECT_TRUE(sameBits(sign(0.0f), 0.0f));
  EXPECT_TRUE(std::isnan(sign(kNaN)));
  EXPECT_EQ(signI32(-7), -1);
  EXPECT_EQ(signI32(0), 0);
  EXPECT_EQ(signI32(INT32_MIN), -1);
  EXPECT_EQ(signI32(9), 1);
}

TEST(MinMax, SpecDefinitionAndNaN) {
  EXPECT_EQ(fmin(1.0f, 2.0f), 1.0f);
  EXPECT_EQ(fmax(1.0f, 2.0f), 2.0f);
  EXPECT_EQ(fmin(-kInf, 2.0f), -kInf);
  // "Returns e2 if e2 is less than e1, and e1 otherwise": equal zeros give e1.
  EXPECT_TRUE(sameBits(fmin(-0.0f, 0.0f), -0.0f));
  EXPECT_TRUE(sameBits(fmin(0.0f, -0.0f), 0.0f));
  EXPECT_TRUE(sameBits(fmax(-0.0f, 0.0f), -0.0f));
  EXPECT_TRUE(sameBits(fmax(0.0f, -0.0f), 0.0f));
  // NaN operands (indeterminate in the spec): the other operand.
  EXPECT_EQ(fmin(kNaN, 2.0f), 2.0f);
  EXPECT_EQ(fmin(2.0f, kNaN), 2.0f);
  EXPECT_EQ(fmax(kNaN, -2.0f), -2.0f);
  EXPECT_EQ(fmax(-2.0f, kNaN), -2.0f);
  EXPECT_TRUE(std::isnan(fmin(kNaN, kNaN)));
  EXPECT_TRUE(std::isnan(fmax(kNaN, kNaN)));
}

TEST(Clamp, MinOfMaxAndSaturate) {
  EXPECT_EQ(clamp(5.0f, 0.0f, 1.0f), 1.0f);
  EXPECT_EQ(clamp(-5.0f, 0.0f, 1.0f), 0.0f);
  EXPECT_EQ(clamp(0.5f, 0.0f, 1.0f), 0.5f);
  EXPECT_EQ(clamp(0.5f, 1.0f, 0.0f), 0.0f);  // low > high: min(max(e, low), high)
  EXPECT_EQ(saturate(-0.5f), 0.0f);
  EXPECT_EQ(saturate(1.5f), 1.0f);
  EXPECT_EQ(saturate(0.25f), 0.25f);
  EXPECT_EQ(saturate(kInf), 1.0f);
  EXPECT_EQ(clampI32(5, 0, 3), 3);
  EXPECT_EQ(clampI32(-5, 0, 3), 0);
  EXPECT_EQ(clampI32(2, 3, 0), 0);  // low > high
  EXPECT_EQ(clampU32(7u, 1u, 5u), 5u);
  EXPECT_EQ(clampU32(0u, 1u, 5u), 1u);
  EXPECT_EQ(absI32(INT32_MIN), INT32_MIN);
  EXPECT_EQ(absI32(-5), 5);
  EXPECT_EQ(abs(-2.5f), 2.5f);
  EXPECT_TRUE(sameBits(abs(-0.0f), 0.0f));
}

TEST(Frexp, NormalNegativeZeroInfinity) {
  FrexpF32 r = frexp(1.5f);
  EXPECT_EQ(r.fract, 0.75f);
  EXPECT_EQ(r.exp, 1);
  r = frexp(-1.5f);
  EXPECT_EQ(r.fract, -0.75f);
  EXPECT_EQ(r.exp, 1);
  r = frexp(1.0f);
  EXPECT_EQ(r.fract, 0.5f);
  EXPECT_EQ(r.exp, 1);
  r = frexp(0.75f);
  EXPECT_EQ(r.fract, 0.75f);
  EXPECT_EQ(r.exp, 0);
  r = frexp(-0.125f);
  EXPECT_EQ(r.fract, -0.5f);
  EXPECT_EQ(r.exp, -2);
  r = frexp(std::ldexp(1.5f, 127));
  EXPECT_EQ(r.fract, 0.75f);
  EXPECT_EQ(r.exp, 128);
  r = frexp(0.0f);  // "When e is zero, the fraction is zero"
  EXPECT_EQ(r.fract, 0.0f);
  EXPECT_EQ(r.exp, 0);
  r = frexp(-0.0f);
  EXPECT_EQ(r.fract, 0.0f);
  EXPECT_EQ(r.exp, 0);
  r = frexp(std::ldexp(1.0f, -149));  // subnormal: indeterminate, decomposed exactly here
  EXPECT_EQ(r.fract, 0.5f);
  EXPECT_EQ(r.exp, -148);
  r = frexp(-kInf);  // indeterminate; documented (e, 0)
  EXPECT_EQ(r.fract, -kInf);
  EXPECT_EQ(r.exp, 0);
  EXPECT_TRUE(std::isnan(frexp(kNaN).fract));
  // Every normal float: from the fields, fraction = significand / 2 and exponent = field - 126.
  std::mt19937 rng(31);
  std::uniform_int_distribution<uint32_t> bits(0, 0xffffffffu);
  for (int i = 0; i < 200000; ++i) {
    const uint32_t u = bits(rng);
    const uint32_t e = (u >> 23) & 0xff;
    if (e == 0 || e == 0xff) continue;
    const FrexpF32 f = frexp(floatOf(u));
    ASSERT_EQ(bitsOf(f.fract), (u & 0x807fffffu) | (126u << 23));
    ASSERT_EQ(f.exp, static_cast<int32_t>(e) - 126);
  }
}

TEST(Modf, NegativeZeroInfinity) {
  ModfF32 r = modf(1.5f);  // the spec's example
  EXPECT_EQ(r.fract, 0.5f);
  EXPECT_EQ(r.whole, 1.0f);
  r = modf(-1.5f);
  EXPECT_EQ(r.fract, -0.5f);
  EXPECT_EQ(r.whole, -1.0f);
  r = modf(-2.0f);
  EXPECT_EQ(r.fract, 0.0f);
  EXPECT_EQ(r.whole, -2.0f);
  r = modf(-0.25f);
  EXPECT_EQ(r.fract, -0.25f);
  EXPECT_TRUE(sameBits(r.whole, -0.0f));  // trunc(-0.25) is -0.0
  r = modf(0.0f);
  EXPECT_EQ(r.fract, 0.0f);
  EXPECT_EQ(r.whole, 0.0f);
  r = modf(kInf);  // whole = trunc(inf) = inf; fract = inf - inf (indeterminate)
  EXPECT_EQ(r.whole, kInf);
  r = modf(-kInf);
  EXPECT_EQ(r.whole, -kInf);
  std::mt19937 rng(37);
  std::uniform_real_distribution<float> d(-1e7f, 1e7f);
  for (int i = 0; i < 100000; ++i) {
    const float x = d(rng);
    const ModfF32 m = modf(x);
    ASSERT_EQ(m.whole, static_cast<float>(std::trunc(static_cast<double>(x))));
    ASSERT_EQ(m.fract + m.whole, x);  // exact: fract is x - trunc(x), exact in f32
    ASSERT_LT(std::fabs(m.fract), 1.0f);
  }
}

TEST(Ldexp, ScalesOverflowsAndUnderflows) {
  EXPECT_EQ(ldexp(3.0f, -1), 1.5f);
  EXPECT_EQ(ldexp(1.0f, 127), std::ldexp(1.0, 127));
  EXPECT_EQ(ldexp(1.0f, 128), kInf);  // overflow
  EXPECT_EQ(ldexp(-1.0f, 200), -kInf);
  EXPECT_EQ(ldexp(1.0f, INT32_MAX), kInf);
  EXPECT_EQ(ldexp(1.0f, INT32_MIN), 0.0f);
  EXPECT_EQ(ldexp(0.0f, 1000), 0.0f);
  EXPECT_EQ(ldexp(std::ldexp(1.0f, -149), 276), std::ldexp(1.0f, 127));  // subnormal up
  EXPECT_EQ(ldexp(1.0f, -149), std::ldexp(1.0f, -149));
  // Underflow rounds once, ties to even: 1.5 * 2^-149 -> 2 * 2^-149; 2^-150 -> 0.
  EXPECT_EQ(ldexp(1.5f, -149), std::ldexp(1.0f, -148));
  EXPECT_EQ(ldexp(1.0f, -150), 0.0f);
  EXPECT_EQ(ldexp(1.0f, -1000), 0.0f);
  EXPECT_EQ(ldexp(kInf, -1000), kInf);
}

TEST(QuantizeToF16, RoundsThroughBinary16) {
  EXPECT_EQ(quantizeToF16(1.0f), 1.0f);
  EXPECT_EQ(quantizeToF16(0.1f), 0.0999755859375f);
  EXPECT_EQ(quantizeToF16(1.0001f), 1.0f);
  EXPECT_EQ(quantizeToF16(1.0f + std::ldexp(1.0f, -11)), 1.0f);  // tie to even
  EXPECT_EQ(quantizeToF16(65504.0f), 65504.0f);
  EXPECT_EQ(quantizeToF16(65519.0f), 65504.0f);
  EXPECT_EQ(quantizeToF16(65520.0f), kInf);  // outside the finite range (indeterminate)
  EXPECT_EQ(quantizeToF16(-1e10f), -kInf);
  // Subnormal binary16 results are kept (flushing to zero is allowed, not done here).
  EXPECT_EQ(quantizeToF16(std::ldexp(1.0f, -24)), std::ldexp(1.0f, -24));
  EXPECT_EQ(quantizeToF16(3e-8f), std::ldexp(1.0f, -24));  // above 2^-25 ~ 2.98e-8
  // 1.3 * 2^-20 = 20.8 subnormal steps of 2^-24: rounds to 21 steps.
  EXPECT_EQ(quantizeToF16(std::ldexp(1.0f, -20) * 1.3f), std::ldexp(21.0f, -24));
  EXPECT_TRUE(sameBits(quantizeToF16(1e-8f), 0.0f));
  EXPECT_TRUE(sameBits(quantizeToF16(-1e-8f), -0.0f));
  EXPECT_TRUE(std::isnan(quantizeToF16(kNaN)));
}

TEST(Smoothstep, HermiteOfClampedT) {
  EXPECT_EQ(smoothstep(0.0f, 1.0f, 0.5f), 0.5f);
  EXPECT_EQ(smoothstep(0.0f, 1.0f, -1.0f), 0.0f);
  EXPECT_EQ(smoothstep(0.0f, 1.0f, 2.0f), 1.0f);
  EXPECT_EQ(smoothstep(0.0f, 2.0f, 0.5f), 0.15625f);   // t = 0.25: 0.0625 * 2.5
  EXPECT_EQ(smoothstep(1.0f, 0.0f, 0.25f), 0.84375f);  // reversed edges: t = 0.75
  EXPECT_EQ(smoothstep(1.0f, 0.0f, 2.0f), 0.0f);
  EXPECT_EQ(smoothstep(1.0f, 0.0f, -2.0f), 1.0f);
  EXPECT_EQ(smoothstep(2.0f, 6.0f, 3.0f), 0.15625f);
  std::mt19937 rng(41);
  std::uniform_real_distribution<float> d(-10.0f, 10.0f);
  for (int i = 0; i < 100000; ++i) {
    const float lo = d(rng), hi = d(rng), x = d(rng);
    if (lo == hi) continue;
    float t = static_cast<float>((static_cast<double>(static_cast<float>(
                                      static_cast<double>(x) - lo))) /
                                 static_cast<float>(static_cast<double>(hi) - lo));
    t = t < 0.0f ? 0.0f : (t > 1.0f ? 1.0f : t);
    const float expect = static_cast<float>(
        static_cast<double>(static_cast<float>(static_cast<double>(t) * t)) *
        static_cast<float>(3.0 - static_cast<double>(static_cast<float>(2.0 * t))));
    ASSERT_EQ(smoothstep(lo, hi, x), expect) << lo << " " << hi << " " << x;
  }
}

TEST(MixStep, Definitions) {
  EXPECT_EQ(mix(2.0f, 4.0f, 0.25f), 2.5f);
  EXPECT_EQ(mix(2.0f, 4.0f, 0.0f), 2.0f);
  EXPECT_EQ(mix(1.0f, 3.0f, 1.0f), 3.0f);
  EXPECT_EQ(mix(0.0f, 10.0f, 2.0f), 20.0f);  // extrapolates
  EXPECT_EQ(step(1.0f, 1.0f), 1.0f);
  EXPECT_EQ(step(1.0f, 0.5f), 0.0f);
  EXPECT_EQ(step(-kInf, -1e30f), 1.0f);
  EXPECT_EQ(step(0.0f, -0.0f), 1.0f);  // -0 == 0
}

TEST(Misc, InverseSqrtDegreesRadiansFmaTrunc) {
  EXPECT_EQ(inverseSqrt(4.0f), 0.5f);
  EXPECT_EQ(inverseSqrt(0.0f), kInf);
  EXPECT_EQ(degrees(static_cast<float>(M_PI)), 180.0f);
  EXPECT_EQ(radians(180.0f), static_cast<float>(M_PI));
  EXPECT_EQ(radians(90.0f), static_cast<float>(M_PI / 2));
  EXPECT_EQ(degrees(1.0f), static_cast<float>(180.0 / M_PI));
  // fma rounds once: (1 + 2^-12)^2 - 1 keeps the 2^-24 term a separate product loses.
  const float a = 1.0f + std::ldexp(1.0f, -12);
  EXPECT_EQ(fma(a, a, -1.0f), std::ldexp(1.0f, -11) + std::ldexp(1.0f, -24));
  EXPECT_TRUE(sameBits(trunc(-0.5f), -0.0f));
  EXPECT_EQ(trunc(-1.7f), -1.0f);
  EXPECT_EQ(floor(-1.2f), -2.0f);
  EXPECT_EQ(ceil(-1.2f), -1.0f);
  EXPECT_EQ(ceil(1.2f), 2.0f);
}

}  // namespace
}  // namespace wgsl::math
