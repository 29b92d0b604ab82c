// Allowed-result intervals of interp/math/accuracy.h: the spec's ULP definition, correctly
// rounded neighbours, ULP and absolute bounds (the far edges exactly at the bound and never
// outside it, checked with an independent distance computation in long double or exact
// products), domains, overflow, inherited expressions worked out by hand, ulp-random.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <set>

#include "interp/math/accuracy.h"
#include "tests/math/f16_reference.h"

namespace wgsl::math {
namespace {

using Kind = Allowed::Kind;
constexpr FloatType F32 = FloatType::F32;
constexpr FloatType F16 = FloatType::F16;

Allowed at(AccuracyId id, FloatType t, double a, double b = 0, double c = 0) {
  const double args[3] = {a, b, c};
  return allowedResults(id, t, args);
}

// ---- independent value helpers: nextafterf for f32, the sorted magnitude table for f16 ----
double stepUp(FloatType t, double v) {
  if (t == F32) return std::nextafterf(static_cast<float>(v), INFINITY);
  const auto& m = test::f16Magnitudes();  // last entry stands for infinity (2^16)
  if (v < 0) return -[&] {
    const auto it = std::lower_bound(m.begin(), m.end(), -v);
    return it == m.begin() ? 0.0 : *(it - 1);
  }();
  const auto it = std::upper_bound(m.begin(), m.end(), v);
  return *it == 65536.0 ? INFINITY : *it;
}
double stepDown(FloatType t, double v) { return -stepUp(t, -v); }

// Independent ULP(x) per the spec: the smallest gap between two consecutive finite values
// a <= x <= b, found by stepping.
long double specUlp(FloatType t, long double x) {
  const double max = t == F32 ? 0x1.fffffep127 : 65504.0;
  if (std::fabs(static_cast<double>(x)) > max) return max - stepDown(t, max);
  double lo = t == F32 ? static_cast<double>(static_cast<float>(x)) : test::f16Value(test::refF16FromDouble(static_cast<double>(x)));
  while (lo > x) lo = stepDown(t, lo);
  while (stepUp(t, lo) <= x) lo = stepUp(t, lo);
  if (lo == x) return std::min<long double>(lo - stepDown(t, lo), stepUp(t, lo) - lo);
  return stepUp(t, lo) - lo;
}

TEST(Ulp, SpecDefinition) {
  EXPECT_EQ(ulpOf(F32, 1.0), 0x1p-24);   // a power of two: the gap below is the smaller
  EXPECT_EQ(ulpOf(F32, 1.5), 0x1p-23);
  EXPECT_EQ(ulpOf(F32, 1.0 + 1e-12), 0x1p-23);  // not a value: the gap around it
  EXPECT_EQ(ulpOf(F32, 0.0), 0x1p-149);
  EXPECT_EQ(ulpOf(F32, 1e-40), 0x1p-149);
  EXPECT_EQ(ulpOf(F32, 0x1p-126), 0x1p-149);  // smallest normal: subnormal gap below
  EXPECT_EQ(ulpOf(F32, 1e39), 0x1p104);       // outside the finite range
  EXPECT_EQ(ulpOf(F32, -3.0), 0x1p-22);
  EXPECT_EQ(ulpOf(F16, 1.0), 0x1p-11);
  EXPECT_EQ(ulpOf(F16, 65504.0), 32.0);
  EXPECT_EQ(ulpOf(F16, 70000.0), 32.0);
  EXPECT_EQ(ulpOf(F16, 0.0), 0x1p-24);
  EXPECT_EQ(ulpOf(F16, 0x1p-14), 0x1p-24);
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-30, 30);
  for (int i = 0; i < 2000; ++i) {
    const double x = std::ldexp(1.0 + std::fabs(u(rng)) / 30, static_cast<int>(u(rng) * 4)) * (i % 2 ? -1 : 1);
    ASSERT_EQ(static_cast<long double>(ulpOf(F32, x)), specUlp(F32, x)) << x;
    if (std::fabs(x) < 60000) {
      ASSERT_EQ(static_cast<long double>(ulpOf(F16, x)), specUlp(F16, x)) << x;
    }
  }
}

TEST(Values, NeighboursAndRounding) {
  for (FloatType t : {F32, F16}) {
    for (double v : {0.0, 1.0, -1.0, 0.1, 1e-6, 3.0, 1000.5, -2.0, 0x1p-14, 0x1p-24, 60000.0}) {
      const double x = roundNearest(t, v);
      EXPECT_EQ(nextUp(t, x), stepUp(t, x)) << v;
      EXPECT_EQ(nextDown(t, x), stepDown(t, x)) << v;
      EXPECT_TRUE(isValueOf(t, x));
      if (x != v) {
        EXPECT_FALSE(isValueOf(t, v));
        EXPECT_EQ(roundUp(t, v), stepUp(t, roundDown(t, v))) << v;
      }
      EXPECT_LE(roundDown(t, v), v);
      EXPECT_GE(roundUp(t, v), v);
    }
  }
  EXPECT_EQ(nextUp(F32, 0x1.fffffep127), INFINITY);
  EXPECT_EQ(nextUp(F16, 65504.0), INFINITY);
  EXPECT_EQ(roundDown(F16, 65519.0), 65504.0);
  EXPECT_EQ(roundUp(F16, 65505.0), INFINITY);
  EXPECT_EQ(nextUp(F16, 0.0), 0x1p-24);
  EXPECT_EQ(nextDown(F32, 0.0), -0x1p-149);
}

// ---- correctly rounded ---------------------------------------------------------------------

TEST(CorrectlyRounded, BothNeighboursOrExact) {
  Allowed a = at(AccuracyId::Add, F32, 1.0, 0x1p-30);
  EXPECT_EQ(a.kind, Kind::Interval);
  EXPECT_EQ(a.lo, 1.0);
  EXPECT_EQ(a.hi, 1.0 + 0x1p-23);
  a = at(AccuracyId::Sub, F32, 1.0, 0x1p-100);  // exact 1 - 2^-100 is below 1: {1 - 2^-24, 1}
  EXPECT_EQ(a.lo, 1.0 - 0x1p-24);
  EXPECT_EQ(a.hi, 1.0);
  a = at(AccuracyId::Add, F32, 1.0, 1.0);  // exact
  EXPECT_EQ(a.lo, 2.0);
  EXPECT_EQ(a.hi, 2.0);
  a = at(AccuracyId::Mul, F16, 1.0 + 0x1p-10, 1.0 + 0x1p-10);  // 1 + 2^-9 + 2^-20
  EXPECT_EQ(a.lo, 1.0 + 0x1p-9);
  EXPECT_EQ(a.hi, 1.0 + 0x1p-9 + 0x1p-10);
  a = at(AccuracyId::Floor, F32, -2.5);
  EXPECT_EQ(a.lo, -3.0);
  EXPECT_EQ(a.hi, -3.0);
}

TEST(CorrectlyRounded, OverflowRule) {
  const double max = 0x1.fffffep127;
  // MAX < X < 2^128 (= MAX + 2^104): MAX or +inf.
  Allowed a = at(AccuracyId::Add, F32, max, 0x1p103);
  EXPECT_EQ(a.kind, Kind::Interval);
  EXPECT_EQ(a.lo, max);
  EXPECT_EQ(a.hi, INFINITY);
  // X >= 2^128: +inf only. MAX * (1 + 2^-23) = 2^128 + 2^104 - 2^81.
  a = at(AccuracyId::Mul, F32, max, 1.0 + 0x1p-23);
  EXPECT_EQ(a.lo, INFINITY);
  a = at(AccuracyId::Mul, F32, max, 1.5);
  EXPECT_EQ(a.lo, INFINITY);
  EXPECT_EQ(a.hi, INFINITY);
  a = at(AccuracyId::Add, F16, 65504.0, 16.0);  // 65520 = 2^16 - 16 < 2^16
  EXPECT_EQ(a.lo, 65504.0);
  EXPECT_EQ(a.hi, INFINITY);
  a = at(AccuracyId::Mul, F16, -65504.0, 2.0);
  EXPECT_EQ(a.lo, -INFINITY);
  EXPECT_EQ(a.hi, -INFINITY);
}

TEST(CorrectlyRounded, QuantizeToF16AndFrexpDomains) {
  Allowed a = at(AccuracyId::QuantizeToF16, F32, 1.0 + 0x1p-12);
  EXPECT_EQ(a.lo, 1.0);
  EXPECT_EQ(a.hi, 1.0 + 0x1p-10);
  EXPECT_EQ(at(AccuracyId::QuantizeToF16, F32, 70000.0).kind, Kind::Unbounded);  // indeterminate
  EXPECT_EQ(at(AccuracyId::Frexp, F32, 1e-40).kind, Kind::Unbounded);  // subnormal: not zero or normal
  a = at(AccuracyId::Frexp, F32, 12.0);
  EXPECT_EQ(a.lo, 0.75);
  EXPECT_EQ(a.hi, 0.75);
}

// ---- ULP and absolute bounds: far edges exactly at the bound ----------------------------

// x / y: |f - x/y| <= B  <=>  |f*y - x| <= B*|y|, all products exact in long double.
bool divOk(long double f, long double x, long double y, long double bound) {
  return std::fabs(f * y - x) <= bound * std::fabs(y);
}

void checkDivision(FloatType t, double x, double y) {
  SCOPED_TRACE(testing::Message() << x << " / " << y);
  const Allowed a = at(AccuracyId::Div, t, x, y);
  ASSERT_EQ(a.kind, Kind::Interval);
  const long double q = static_cast<long double>(x) / y;
  const long double bound = 2.5L * specUlp(t, q);
  const double hi = farEdge(a, Edge::High), lo = farEdge(a, Edge::Low);
  EXPECT_TRUE(divOk(hi, x, y, bound));
  EXPECT_FALSE(divOk(stepUp(t, hi), x, y, bound));
  EXPECT_TRUE(divOk(lo, x, y, bound));
  EXPECT_FALSE(divOk(stepDown(t, lo), x, y, bound));
}

TEST(UlpBound, DivisionEdgesExactlyAtTwoAndAHalfUlp) {
  // 1/3: ULP(1/3) = 2^-25, so the bound is 2.5 * 2^-25 and the edges are the values within it.
  const Allowed a = at(AccuracyId::Div, F32, 1.0, 3.0);
  EXPECT_EQ(a.hi, static_cast<double>(0x1.555556p-2f) + 0x1p-24);  // 1/3 + 2.5 ULP, rounded down
  EXPECT_EQ(a.lo, static_cast<double>(0x1.555554p-2f) - 0x1p-25);
  checkDivision(F32, 1.0, 3.0);
  // An exact quotient 1: ULP(1) = 2^-24 (the gap below), the bound 2.5 * 2^-24 admits two
  // values below 1 (2^-24 apart) and one above (2^-23 apart).
  checkDivision(F32, 1.0, 1.0);
  EXPECT_EQ(at(AccuracyId::Div, F32, 1.0, 1.0).lo, 1.0 - 2 * 0x1p-24);
  EXPECT_EQ(at(AccuracyId::Div, F32, 1.0, 1.0).hi, 1.0 + 0x1p-23);
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> u(-100.0f, 100.0f);
  for (int i = 0; i < 500; ++i) {
    const float x = u(rng), y = u(rng);
    if (std::fabs(y) < 1e-3f) continue;
    checkDivision(F32, x, y);
    checkDivision(F16, test::f16Value(test::refF16FromDouble(x)), test::f16Value(test::refF16FromDouble(y)));
  }
}

TEST(UlpBound, DivisionDomain) {
  EXPECT_EQ(at(AccuracyId::Div, F32, 1.0, 0x1p127).kind, Kind::Unbounded);   // |y| > 2^126
  EXPECT_EQ(at(AccuracyId::Div, F32, 1.0, 0x1p-127).kind, Kind::Unbounded);  // |y| < 2^-126
  EXPECT_EQ(at(AccuracyId::Div, F32, 1.0, 0x1p126).kind, Kind::Interval);
  EXPECT_EQ(at(AccuracyId::Div, F16, 1.0, 0x1p15).kind, Kind::Unbounded);    // |y| > 2^14
  EXPECT_EQ(at(AccuracyId::Div, F16, 1.0, 0x1p14).kind, Kind::Interval);
  EXPECT_EQ(at(AccuracyId::Div, F32, 1.0, 0.0).kind, Kind::NonFinite);       // 1/0 = +inf
  EXPECT_EQ(at(AccuracyId::Div, F32, 0.0, 0.0).kind, Kind::NonFinite);       // NaN
  EXPECT_EQ(at(AccuracyId::Div, F32, INFINITY, 2.0).kind, Kind::NonFinite);
}

// |f - exact| <= bound, in long double.
bool within(long double f, long double exact, long double bound) { return std::fabs(f - exact) <= bound; }

template <typename Ref, typename Bound>
void checkEdges(AccuracyId id, FloatType t, double x, Ref ref, Bound bound) {
  SCOPED_TRACE(testing::Message() << accuracyOf(id).name << (t == F32 ? " f32 " : " f16 ") << x);
  const Allowed a = at(id, t, x);
  ASSERT_EQ(a.kind, Kind::Interval);
  const long double e = ref(static_cast<long double>(x));
  const long double b = bound(x, e);
  const double hi = farEdge(a, Edge::High), lo = farEdge(a, Edge::Low);
  EXPECT_TRUE(within(hi, e, b)) << hi;
  EXPECT_FALSE(within(stepUp(t, hi), e, b)) << stepUp(t, hi);
  EXPECT_TRUE(within(lo, e, b)) << lo;
  EXPECT_FALSE(within(stepDown(t, lo), e, b)) << stepDown(t, lo);
  EXPECT_TRUE(a.contains(a.reference));
}

TEST(UlpBound, ExpAndExp2ThreePlusTwoAbsX) {
  for (double x : {0.0, 1.0, -1.0, 0.5, 10.0, -10.0, 3.25, 80.0, -80.0, 1e-3}) {
    const double xf = static_cast<float>(x);
    checkEdges(AccuracyId::Exp, F32, xf, [](long double v) { return expl(v); },
               [](double v, long double e) { return (3 + 2 * std::fabs(v)) * specUlp(F32, e); });
    checkEdges(AccuracyId::Exp2, F32, xf, [](long double v) { return exp2l(v); },
               [](double v, long double e) { return (3 + 2 * std::fabs(v)) * specUlp(F32, e); });
    if (std::fabs(x) < 10) {
      const double xh = test::f16Value(test::refF16FromDouble(x));
      checkEdges(AccuracyId::Exp, F16, xh, [](long double v) { return expl(v); },
                 [](double v, long double e) { return (1 + 2 * std::fabs(v)) * specUlp(F16, e); });
      checkEdges(AccuracyId::Exp2, F16, xh, [](long double v) { return exp2l(v); },
                 [](double v, long double e) { return (1 + 2 * std::fabs(v)) * specUlp(F16, e); });
    }
  }
}

TEST(UlpBound, AtanInverseSqrtUnpack) {
  for (double x : {0.25, 1.0, 3.0, -7.5, 1e5, 1e-5}) {
    checkEdges(AccuracyId::Atan, F32, static_cast<float>(x), [](long double v) { return atanl(v); },
               [](double, long double e) { return 4096 * specUlp(F32, e); });
    if (x < 65504)
      checkEdges(AccuracyId::Atan, F16, test::f16Value(test::refF16FromDouble(x)), [](long double v) { return atanl(v); },
               [](double, long double e) { return 5 * specUlp(F16, e); });
    if (x > 0)
      checkEdges(AccuracyId::InverseSqrt, F32, static_cast<float>(x), [](long double v) { return 1 / sqrtl(v); },
                 [](double, long double e) { return 2 * specUlp(F32, e); });
  }
  for (int v = -128; v <= 127; v += 17)
    checkEdges(AccuracyId::Unpack4x8snorm, F32, v, [](long double i) { return std::max(i / 127, -1.0L); },
               [](double, long double e) { return 3 * specUlp(F32, e); });
  EXPECT_EQ(at(AccuracyId::Unpack4x8snorm, F16, 3).kind, Kind::NotScalar);  // N/A for f16
  EXPECT_EQ(at(AccuracyId::InverseSqrt, F32, -1.0).kind, Kind::NonFinite);
}

TEST(AbsoluteBound, SinCosInsideMinusPiPi) {
  for (double x : {0.0, 0.5, 1.0, -2.0, 1.5707963705062866, 3.1415925, -3.1415925}) {
    checkEdges(AccuracyId::Sin, F32, static_cast<float>(x), [](long double v) { return sinl(v); },
               [](double, long double) { return 0x1p-11L; });
    checkEdges(AccuracyId::Cos, F32, static_cast<float>(x), [](long double v) { return cosl(v); },
               [](double, long double) { return 0x1p-11L; });
    checkEdges(AccuracyId::Sin, F16, test::f16Value(test::refF16FromDouble(x)), [](long double v) { return sinl(v); },
               [](double, long double) { return 0x1p-7L; });
  }
  // sin(-2^-80) = -2^-80 (to far below binary64 precision of the sum): the largest value
  // <= 2^-11 - 2^-80 is 2^-11 - 2^-35 (values in [2^-12, 2^-11) are 2^-35 apart), although
  // 2^-11 - 2^-80 rounds to 2^-11 in binary64; the smallest value >= -2^-11 - 2^-80 is -2^-11.
  const Allowed tiny = at(AccuracyId::Sin, F32, -0x1p-80);
  EXPECT_EQ(tiny.hi, 0x1p-11 - 0x1p-35);
  EXPECT_EQ(tiny.lo, -0x1p-11);
  // sin of the float nearest pi/2 may exceed 1 by almost 2^-11: legal per the table.
  EXPECT_GT(farEdge(at(AccuracyId::Sin, F32, 1.5707963705062866), Edge::High), 1.0);
  // Outside [-pi, pi] the accuracy is undefined.
  EXPECT_EQ(at(AccuracyId::Sin, F32, 4.0).kind, Kind::Unbounded);
  EXPECT_EQ(at(AccuracyId::Cos, F16, -3.25).kind, Kind::Unbounded);
}

TEST(AbsoluteBound, LogAbsoluteInsideHalfToTwoElseThreeUlp) {
  for (double x : {0.5, 0.75, 1.0, 1.5, 2.0}) {
    checkEdges(AccuracyId::Log, F32, x, [](long double v) { return logl(v); },
               [](double, long double) { return 0x1p-21L; });
    checkEdges(AccuracyId::Log2, F16, x, [](long double v) { return log2l(v); },
               [](double, long double) { return 0x1p-7L; });
  }
  for (double x : {0.25, 2.5, 10.0, 1e10, 1e-10}) {
    checkEdges(AccuracyId::Log, F32, static_cast<float>(x), [](long double v) { return logl(v); },
               [](double, long double e) { return 3 * specUlp(F32, e); });
    checkEdges(AccuracyId::Log2, F32, static_cast<float>(x), [](long double v) { return log2l(v); },
               [](double, long double e) { return 3 * specUlp(F32, e); });
  }
  EXPECT_EQ(at(AccuracyId::Log, F32, 0.0).kind, Kind::NonFinite);   // -inf
  EXPECT_EQ(at(AccuracyId::Log, F32, -1.0).kind, Kind::NonFinite);  // NaN
}

TEST(UlpBound, Atan2Domain) {
  const double args[2] = {1.0, 2.0};
  const Allowed a = allowedResults(AccuracyId::Atan2, F32, args);
  const long double e = atan2l(1.0L, 2.0L);
  EXPECT_TRUE(within(a.hi, e, 4096 * specUlp(F32, e)));
  EXPECT_FALSE(within(stepUp(F32, a.hi), e, 4096 * specUlp(F32, e)));
  EXPECT_EQ(at(AccuracyId::Atan2, F32, 1.0, 0.0).kind, Kind::Unbounded);       // |x| < 2^-126
  EXPECT_EQ(at(AccuracyId::Atan2, F32, 1.0, 0x1p127).kind, Kind::Unbounded);   // |x| > 2^126
  EXPECT_EQ(at(AccuracyId::Atan2, F32, 1e-40, 1.0).kind, Kind::Unbounded);     // y subnormal
  EXPECT_EQ(at(AccuracyId::Atan2, F32, 0.0, 1.0).kind, Kind::Interval);        // y = 0 accepted
  EXPECT_EQ(at(AccuracyId::Atan2, F16, 1.0, 0x1p15).kind, Kind::Unbounded);
}

TEST(UlpBound, RandomSweepOfEveryDirectRuleBothTypes) {
  // ulp-max's far edges for random arguments of every non-inherited bounded built-in: each edge
  // within the bound, the next value beyond it outside (distances in long double).
  std::mt19937 rng(29);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  auto f16 = [](double v) { return test::f16Value(test::refF16FromDouble(v)); };
  for (int i = 0; i < 300; ++i) {
    const double r = u(rng);
    const double pi_arg = (2 * r - 1) * 3.14;  // inside [-pi, pi]
    const double exp_arg = (2 * r - 1) * 80;
    const double pos = std::ldexp(0.5 + r, static_cast<int>(u(rng) * 60) - 30);  // positive, wide range
    const double any = (i % 2 ? -1 : 1) * std::ldexp(0.5 + r, static_cast<int>(u(rng) * 40) - 20);
    for (FloatType t : {F32, F16}) {
      auto val = [&](double v) { return t == F32 ? static_cast<double>(static_cast<float>(v)) : f16(v); };
      const long double abs_trig = t == F32 ? 0x1p-11L : 0x1p-7L;
      const long double abs_log = t == F32 ? 0x1p-21L : 0x1p-7L;
      const double base_exp = t == F32 ? 3 : 1;
      checkEdges(AccuracyId::Sin, t, val(pi_arg), [](long double v) { return sinl(v); },
                 [&](double, long double) { return abs_trig; });
      checkEdges(AccuracyId::Cos, t, val(pi_arg), [](long double v) { return cosl(v); },
                 [&](double, long double) { return abs_trig; });
      const double e = t == F32 ? val(exp_arg) : val(exp_arg / 8);  // f16: exp(10) ~ 22026 < 65504
      checkEdges(AccuracyId::Exp, t, e, [](long double v) { return expl(v); },
                 [&](double v, long double x) { return (base_exp + 2 * std::fabs(v)) * specUlp(t, x); });
      checkEdges(AccuracyId::Exp2, t, e, [](long double v) { return exp2l(v); },
                 [&](double v, long double x) { return (base_exp + 2 * std::fabs(v)) * specUlp(t, x); });
      const double p = t == F32 ? val(pos) : val(std::ldexp(0.5 + r, static_cast<int>(u(rng) * 20) - 10));
      const bool in = p >= 0.5 && p <= 2.0;
      checkEdges(AccuracyId::Log, t, p, [](long double v) { return logl(v); },
                 [&](double, long double x) { return in ? abs_log : 3 * specUlp(t, x); });
      checkEdges(AccuracyId::Log2, t, p, [](long double v) { return log2l(v); },
                 [&](double, long double x) { return in ? abs_log : 3 * specUlp(t, x); });
      checkEdges(AccuracyId::InverseSqrt, t, p, [](long double v) { return 1 / sqrtl(v); },
                 [&](double, long double x) { return 2 * specUlp(t, x); });
      const double a = t == F32 ? val(any) : val(any / 64);
      checkEdges(AccuracyId::Atan, t, a, [](long double v) { return atanl(v); },
                 [&](double, long double x) { return (t == F32 ? 4096 : 5) * specUlp(t, x); });
      if (t == F32) {
        checkDivision(t, val(any), val(pos));
      } else if (std::fabs(val(any / 64) / p) < 60000) {  // keep the quotient finite in f16
        checkDivision(t, val(any / 64), p);
      }
    }
  }
}

// ---- inherited ----------------------------------------------------------------------------

TEST(Inherited, SqrtIsOneOverInverseSqrt) {
  // sqrt(4): inverseSqrt(4) = 0.5 within 2 ULP(0.5) = 2 * 2^-25: [0.5 - 2^-24, 0.5 + 2^-24]
  // (values below 0.5 are 2^-25 apart, above 2^-24). 1 / (0.5 + 2^-24) = 2 - 2^-22 + ..., minus
  // 2.5 ULP (2^-23): smallest value >= 2 - 4.5 * 2^-23 + tiny is 2 - 4 * 2^-23. 1 / (0.5 - 2^-24)
  // = 2 + 2^-22 + ..., plus 2.5 ULP (2^-22): largest value <= 2 + 3.5 * 2^-22 + tiny is 2 + 3 * 2^-22.
  const Allowed a = at(AccuracyId::Sqrt, F32, 4.0);
  ASSERT_EQ(a.kind, Kind::Interval);
  EXPECT_EQ(a.lo, 2.0 - 4 * 0x1p-23);
  EXPECT_EQ(a.hi, 2.0 + 3 * 0x1p-22);
  EXPECT_EQ(a.reference, 2.0);
  // sqrt(0): inverseSqrt(0) is infinite, so 1.0 / inverseSqrt(0) has no bound (literal reading).
  EXPECT_EQ(at(AccuracyId::Sqrt, F32, 0.0).kind, Kind::Unbounded);
  EXPECT_EQ(at(AccuracyId::Sqrt, F32, -1.0).kind, Kind::NonFinite);
}

// Largest value <= v + 2.5 ULP(v) / smallest >= v - 2.5 ULP(v), found by stepping (independent).
double stepEdge(FloatType t, long double v, bool up) {
  const long double b = 2.5L * specUlp(t, v);
  double c = t == F32 ? static_cast<double>(static_cast<float>(v)) : test::f16Value(test::refF16FromDouble(static_cast<double>(v)));
  if (up) {
    while (c > v + b) c = stepDown(t, c);
    while (stepUp(t, c) <= v + b) c = stepUp(t, c);
  } else {
    while (c < v - b) c = stepUp(t, c);
    while (stepDown(t, c) >= v - b) c = stepDown(t, c);
  }
  return c;
}
double largestWithin(long double v, long double d) {  // f32
  double c = static_cast<float>(v);
  while (c > v + d) c = stepDown(F32, c);
  while (stepUp(F32, c) <= v + d) c = stepUp(F32, c);
  return c;
}
double smallestWithin(long double v, long double d) { return -largestWithin(-v, d); }

TEST(Inherited, TanIsSinOverCos) {
  // tan(1): sin(1) and cos(1) each within 2^-11; the largest quotient is max sin / min cos,
  // then the division's own 2.5 ULP. Worked out by stepping through values in the test.
  const double s_hi = largestWithin(sinl(1.0L), 0x1p-11L);
  const double s_lo = smallestWithin(sinl(1.0L), 0x1p-11L);
  const double c_hi = largestWithin(cosl(1.0L), 0x1p-11L);
  const double c_lo = smallestWithin(cosl(1.0L), 0x1p-11L);
  const Allowed a = at(AccuracyId::Tan, F32, 1.0);
  ASSERT_EQ(a.kind, Kind::Interval);
  EXPECT_EQ(a.hi, stepEdge(F32, static_cast<long double>(s_hi) / c_lo, true));
  EXPECT_EQ(a.lo, stepEdge(F32, static_cast<long double>(s_lo) / c_hi, false));
  EXPECT_TRUE(a.contains(static_cast<float>(tanl(1.0L))));
  // Near pi/2 the cos interval contains 0: the division's domain fails, tan is unbounded.
  EXPECT_EQ(at(AccuracyId::Tan, F32, 1.5707963705062866).kind, Kind::Unbounded);
  EXPECT_EQ(at(AccuracyId::Tan, F32, 5.0).kind, Kind::Unbounded);  // sin/cos outside [-pi, pi]
}

TEST(Inherited, FmaAllowsFusedAndUnfused) {
  const double a = 1.0 + 0x1p-12, c = -(1.0 + 0x1p-11);
  const Allowed r = at(AccuracyId::Fma, F32, a, a, c);
  ASSERT_EQ(r.kind, Kind::Interval);
  EXPECT_TRUE(r.contains(0.0));          // unfused: a*a rounds to 1 + 2^-11 (tie to even)
  EXPECT_TRUE(r.contains(0x1p-24));      // fused: exactly 2^-24
  EXPECT_TRUE(r.contains(0x1p-23));      // a*a rounded up: 1 + 2^-11 + 2^-23, minus 1 + 2^-11
  EXPECT_FALSE(r.contains(2 * 0x1p-23));
  EXPECT_FALSE(r.contains(-0x1p-24));
}

TEST(Inherited, WorseOfUsesTheAbsolutePartWhereTheExpressionIsUndefined) {
  // acos(0) is inherited from atan2(sqrt(1), 0), whose |x| = 0 is outside atan2's domain: the
  // interval is the absolute error part alone, and the record says so.
  const Allowed a = at(AccuracyId::Acos, F32, 0.0);
  ASSERT_EQ(a.kind, Kind::Interval);
  EXPECT_TRUE(a.inherited_part_undefined);
  const long double e = acosl(0.0L);
  const long double b = 6.77e-5L;
  EXPECT_LE(std::fabs(a.hi - e), b);
  EXPECT_GT(std::fabs(stepUp(F32, a.hi) - e), b);
  EXPECT_LE(std::fabs(a.lo - e), b);
  EXPECT_GT(std::fabs(stepDown(F32, a.lo) - e), b);
  // acos(0.5): the inherited atan2 (4096 ULP of ~1.047, about 4.9e-4) is the worse one.
  const Allowed w = at(AccuracyId::Acos, F32, 0.5);
  ASSERT_EQ(w.kind, Kind::Interval);
  EXPECT_FALSE(w.inherited_part_undefined);
  EXPECT_GT(w.hi - acosl(0.5L), 4e-4L);
  // tanh(100): exp(100) overflows f32, so sinh and cosh are undefined; the absolute error 1e-5
  // remains: 83 values above 1 (1e-5 / 2^-23 = 83.9) and 167 below (1e-5 / 2^-24 = 167.8).
  const Allowed t = at(AccuracyId::Tanh, F32, 100.0);
  ASSERT_EQ(t.kind, Kind::Interval);
  EXPECT_TRUE(t.inherited_part_undefined);
  EXPECT_EQ(t.hi, 1.0 + 83 * 0x1p-23);
  EXPECT_EQ(t.lo, 1.0 - 167 * 0x1p-24);
}

TEST(Inherited, PowDegreesRemainderStayAroundTheReference) {
  struct C {
    AccuracyId id;
    double a, b, c;
    long double exact;
  };
  const C cases[] = {
      {AccuracyId::Pow, 2.0, 10.0, 0, 1024.0L},
      {AccuracyId::Pow, 3.0, 0.5, 0, sqrtl(3.0L)},
      {AccuracyId::Degrees, 1.0, 0, 0, 57.295779513082320876798L},
      {AccuracyId::Radians, 180.0, 0, 0, 3.14159265358979323846L},
      {AccuracyId::Rem, 7.5, 2.0, 0, 1.5L},
      {AccuracyId::Mix, 1.0, 3.0, 0.25, 1.5L},
      {AccuracyId::Smoothstep, 0.0, 1.0, 0.5, 0.5L},
      {AccuracyId::Cosh, 1.0, 0, 0, coshl(1.0L)},
      {AccuracyId::Sinh, 1.0, 0, 0, sinhl(1.0L)},
      {AccuracyId::Asinh, 1.0, 0, 0, asinhl(1.0L)},
      {AccuracyId::Acosh, 2.0, 0, 0, acoshl(2.0L)},
      {AccuracyId::Atanh, 0.5, 0, 0, atanhl(0.5L)},
      {AccuracyId::Asin, 0.5, 0, 0, asinl(0.5L)},
      {AccuracyId::Fract, 2.75, 0, 0, 0.75L},
      {AccuracyId::Length, -3.0, 0, 0, 3.0L},
  };
  for (const C& c : cases) {
    SCOPED_TRACE(accuracyOf(c.id).name);
    const Allowed a = at(c.id, F32, c.a, c.b, c.c);
    ASSERT_EQ(a.kind, Kind::Interval);
    EXPECT_LE(a.lo, c.exact);
    EXPECT_GE(a.hi, c.exact);
    EXPECT_LT(a.hi - a.lo, 1e-2L * std::max(1.0L, std::fabs(c.exact)));  // a bound, not "anything"
    // Inherited rules are never tighter than correctly rounded.
    EXPECT_LE(a.lo, roundDown(F32, static_cast<double>(c.exact)));
    EXPECT_GE(a.hi, roundUp(F32, static_cast<double>(c.exact)));
  }
  // pow(2, 10) = exp2(10 * log2(2)): log2(2) within 2^-21 gives y * log2(x) in
  // [10 - 10 * 2^-21 (rounded), ...], and exp2 adds 23 ULP: clearly more than 1 ULP off 1024.
  EXPECT_LT(at(AccuracyId::Pow, F32, 2.0, 10.0).lo, 1024.0 - 0x1p-13);
}

TEST(Invariants, EveryScalarRuleGivesABoundedIntervalAroundItsReference) {
  // Benign arguments per operation (inside every domain, including the inherited parts').
  struct A {
    double a, b, c;
  };
  auto args = [](AccuracyId id) -> A {
    switch (id) {
      case AccuracyId::Acosh: return {1.5, 0, 0};
      case AccuracyId::Atan2: return {0.75, 0.5, 0};
      case AccuracyId::Ldexp: return {0.75, 3, 0};
      case AccuracyId::Clamp: return {0.75, 0.25, 0.5};
      case AccuracyId::Smoothstep: return {0.25, 1.0, 0.5};
      case AccuracyId::Pow: return {1.5, 2.5, 0};
      case AccuracyId::Unpack4x8snorm: case AccuracyId::Unpack4x8unorm:
      case AccuracyId::Unpack2x16snorm: case AccuracyId::Unpack2x16unorm: return {77, 0, 0};
      default: return {0.75, 0.5, 0.25};
    }
  };
  int checked = 0;
  for (const AccuracyRule& r : accuracyTable()) {
    if (r.arity == 0) continue;
    for (FloatType t : {F32, F16}) {
      SCOPED_TRACE(std::string(r.name) + (t == F32 ? " f32" : " f16"));
      const A x = args(r.id);
      const Allowed a = at(r.id, t, x.a, x.b, x.c);
      if (r.of(t).kind == AccuracyKind::NotApplicable) {
        EXPECT_EQ(a.kind, Kind::NotScalar);
        continue;
      }
      ASSERT_EQ(a.kind, Kind::Interval);
      EXPECT_FALSE(a.inherited_part_undefined);
      EXPECT_LE(a.lo, a.reference);
      EXPECT_GE(a.hi, a.reference);
      EXPECT_TRUE(isValueOf(t, a.lo) && isValueOf(t, a.hi));
      EXPECT_LT(a.hi - a.lo, 0.05 * std::max(1.0, std::fabs(a.reference)));  // bounded, not "anything"
      ++checked;
    }
  }
  EXPECT_GT(checked, 90);
}

// ---- edges and random picks ---------------------------------------------------------------

TEST(Picks, FarEdgeAndRandomStayInside) {
  const Allowed a = at(AccuracyId::Exp, F32, 1.0);
  EXPECT_EQ(farEdge(a, Edge::Low), a.lo);
  EXPECT_EQ(farEdge(a, Edge::High), a.hi);
  std::set<double> seen;
  for (uint64_t s = 0; s < 2000; ++s) {
    const double v = randomIn(a, F32, s);
    ASSERT_GE(v, a.lo);
    ASSERT_LE(v, a.hi);
    ASSERT_TRUE(isValueOf(F32, v));
    ASSERT_EQ(v, randomIn(a, F32, s));  // reproducible
    seen.insert(v);
  }
  // exp(1) allows 5 ULP (2^-22 each) on each side of e, which is not a value: 10 values, all
  // of them picked by 2000 seeds.
  EXPECT_EQ(seen.size(), 10u);
  EXPECT_TRUE(seen.count(a.lo));
  EXPECT_TRUE(seen.count(a.hi));
  // Not an interval: the reference.
  const Allowed u = at(AccuracyId::Sin, F32, 10.0);
  EXPECT_EQ(farEdge(u, Edge::High), u.reference);
  EXPECT_EQ(randomIn(u, F32, 3), u.reference);
  EXPECT_EQ(u.reference, static_cast<double>(static_cast<float>(std::sin(10.0))));
  // An interval across zero, in f16.
  const Allowed z = at(AccuracyId::Sin, F16, 0.0);
  EXPECT_EQ(z.lo, -0x1p-7);
  EXPECT_EQ(z.hi, 0x1p-7);
  for (uint64_t s = 0; s < 200; ++s) {
    const double v = randomIn(z, F16, s);
    ASSERT_TRUE(v >= z.lo && v <= z.hi && isValueOf(F16, v));
  }
  EXPECT_NE(mixSeed(1, 2, 3), mixSeed(1, 3, 2));
  EXPECT_NE(mixSeed(1, 2), mixSeed(2, 2));
}

TEST(Picks, AllowedAroundUsesTheCallersExactValue) {
  const double args[1] = {1.0};
  const Allowed a = allowedAround(AccuracyId::Exp, F32, args, 2.718281828459045);
  const Allowed b = allowedResults(AccuracyId::Exp, F32, args);
  EXPECT_EQ(a.lo, b.lo);
  EXPECT_EQ(a.hi, b.hi);
  const Allowed c = allowedAround(AccuracyId::Exp, F32, args, 3.0);  // another "exact" value
  EXPECT_TRUE(c.contains(3.0));
  EXPECT_FALSE(c.contains(2.718281828459045));
}

}  // namespace
}  // namespace wgsl::math
