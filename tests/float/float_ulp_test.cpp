// Built-ins under ieee against higher-precision references (long double in the test), and under
// ulp-max / ulp-random:SEED against the spec's accuracy bounds computed here independently:
// ULP is the spec's (Muller's) definition, bounds from the accuracy table's text. ulp-max must be
// at the far edge: inside the bound, with the next binary32 value further out outside it.
#include <functional>

#include "tests/float/float_test_util.h"

namespace wgsl::floattest {
namespace {

const Mode kIeee{"ieee"};

// The spec's ULP(x) for binary32: the smallest gap between two consecutive finite binary32
// values a <= x <= b.
long double ulpF32(long double x) {
  x = std::fabs(x);
  if (x < std::ldexp(1.0L, -126)) return std::ldexp(1.0L, -149);
  int k = 0;
  std::frexp(x, &k);  // x = m * 2^k, m in [0.5, 1)
  const int e = k - 1;
  if (x == std::ldexp(1.0L, e) && e > -126) return std::ldexp(1.0L, e - 24);
  return std::ldexp(1.0L, e - 23);
}

struct Case {
  const char* name;
  const char* body;  // uses a (and b)
  std::function<long double(long double, long double)> ref;
  // The allowed error for these arguments (absolute), from the accuracy table.
  std::function<long double(long double a, long double b, long double ref)> bound;
  std::vector<std::pair<float, float>> args;
};

long double ulps(long double n, long double ref) { return n * ulpF32(ref); }

std::vector<Case> boundedCases() {
  const long double kAbs11 = std::ldexp(1.0L, -11), kAbs21 = std::ldexp(1.0L, -21);
  auto logBound = [=](long double a, long double, long double r) {
    return (a >= 0.5L && a <= 2.0L) ? kAbs21 : ulps(3, r);
  };
  return {
      {"exp", "O[i] = exp(a);", [](long double a, long double) { return std::exp(a); },
       [](long double a, long double, long double r) { return ulps(3 + 2 * std::fabs(a), r); },
       {{0.3f, 0}, {-2.7f, 0}, {5.5f, 0}, {10.25f, 0}}},
      {"exp2", "O[i] = exp2(a);", [](long double a, long double) { return std::exp2(a); },
       [](long double a, long double, long double r) { return ulps(3 + 2 * std::fabs(a), r); },
       {{0.3f, 0}, {-2.7f, 0}, {5.5f, 0}}},
      {"log", "O[i] = log(a);", [](long double a, long double) { return std::log(a); }, logBound,
       {{0.7f, 0}, {1.3f, 0}, {3.7f, 0}, {100.5f, 0}, {0.01f, 0}}},
      {"log2", "O[i] = log2(a);", [](long double a, long double) { return std::log2(a); }, logBound,
       {{0.7f, 0}, {1.3f, 0}, {3.7f, 0}, {100.5f, 0}}},
      {"inverseSqrt", "O[i] = inverseSqrt(a);", [](long double a, long double) { return 1.0L / std::sqrt(a); },
       [](long double, long double, long double r) { return ulps(2, r); }, {{0.3f, 0}, {2.0f, 0}, {7.5f, 0}, {1e-3f, 0}}},
      {"atan", "O[i] = atan(a);", [](long double a, long double) { return std::atan(a); },
       [](long double, long double, long double r) { return ulps(4096, r); }, {{0.3f, 0}, {2.5f, 0}, {-7.0f, 0}}},
      {"sin", "O[i] = sin(a);", [](long double a, long double) { return std::sin(a); },
       [=](long double, long double, long double) { return kAbs11; }, {{0.3f, 0}, {-2.5f, 0}, {1.0f, 0}}},
      {"cos", "O[i] = cos(a);", [](long double a, long double) { return std::cos(a); },
       [=](long double, long double, long double) { return kAbs11; }, {{0.3f, 0}, {-2.5f, 0}, {3.0f, 0}}},
      {"divide", "O[i] = a / b;", [](long double a, long double b) { return a / b; },
       [](long double, long double, long double r) { return ulps(2.5L, r); }, {{1, 3}, {2, 7}, {-5.5f, 1.1f}}},
      {"atan2", "O[i] = atan2(a, b);", [](long double a, long double b) { return std::atan2(a, b); },
       [](long double, long double, long double r) { return ulps(4096, r); }, {{1, 2}, {-3, 0.5f}}},
  };
}

TEST(FloatUlp, UlpMaxIsAtTheFarEdgeOfEachBound) {
  for (const Case& c : boundedCases()) {
    std::vector<float> a, b;
    for (const auto& [x, y] : c.args) a.push_back(x), b.push_back(y);
    const auto r = runF32(Mode{"ulp-max"}, c.body, a, b);
    const auto ieee = runF32(kIeee, c.body, a, b);
    bool moved = false;
    for (size_t i = 0; i < a.size(); ++i) {
      const long double ref = c.ref(a[i], b[i]);
      const long double bound = c.bound(a[i], b[i], ref);
      const float v = floatOf(r[i]);
      const long double slack = std::ldexp(std::fabs(ref) + bound, -50);  // the test's reference vs binary64's
      EXPECT_LE(std::fabs(v - ref), bound + slack) << c.name << "(" << a[i] << ", " << b[i] << ") = " << v;
      // One step further out is outside the bound: v is the far edge.
      const float further = std::nextafter(v, v >= ref ? INFINITY : -INFINITY);
      EXPECT_GT(std::fabs(further - ref), bound - slack) << c.name << "(" << a[i] << ") = " << v << " is not at the edge";
      moved = moved || r[i] != ieee[i];
    }
    EXPECT_TRUE(moved) << c.name;
  }
}

TEST(FloatUlp, UlpRandomStaysInsideEachBoundAndDependsOnTheSeed) {
  for (const Case& c : boundedCases()) {
    std::vector<float> a, b;
    for (const auto& [x, y] : c.args) a.push_back(x), b.push_back(y);
    std::vector<std::vector<uint32_t>> results;
    for (const char* seed : {"ulp-random:1", "ulp-random:2", "ulp-random:3", "ulp-random:4"}) {
      const auto r = runF32(Mode{seed}, c.body, a, b);
      for (size_t i = 0; i < a.size(); ++i) {
        const long double ref = c.ref(a[i], b[i]);
        const long double bound = c.bound(a[i], b[i], ref);
        const long double slack = std::ldexp(std::fabs(ref) + bound, -50);
        EXPECT_LE(std::fabs(floatOf(r[i]) - ref), bound + slack) << c.name << " " << seed;
      }
      results.push_back(r);
      EXPECT_EQ(runF32(Mode{seed}, c.body, a, b), r) << c.name << ": the same seed reproduces";
    }
    bool differ = false;
    for (const auto& r : results) differ = differ || r != results[0];
    EXPECT_TRUE(differ) << c.name;
  }
}

TEST(FloatUlp, SqrtInheritsFromInverseSqrtByHand) {
  // sqrt(4) is inherited from 1.0 / inverseSqrt(4). inverseSqrt(4) = 0.5 may be off by 2 ULP,
  // and ULP(0.5) = 2^-25 (the gap below a power of two): [0.5 - 2^-24, 0.5 + 2^-24]. 1.0 divided
  // by those ends is about 2 + 2^-22 and 2 - 2^-22, and the division may add 2.5 ULP of its
  // result (2^-23 below 2, 2^-22 above): [2 - 4.5 * 2^-23, 2 + 3.5 * 2^-22], whose binary32 edges
  // are 2 - 2^-21 and 2 + 3 * 2^-22 (also derived in tests/math/allowed_results_test.cpp).
  const auto r = runF32(Mode{"ulp-max"}, "O[i] = sqrt(a);", {4.0f});
  const float v = floatOf(r[0]);
  EXPECT_TRUE(v == 2.0f - std::ldexp(1.0f, -21) || v == 2.0f + 3 * std::ldexp(1.0f, -22)) << v;
}

TEST(FloatUlp, CodeThatDependsOnExactBuiltinsChanges) {
  // docs/float-modes.md: sqrt(x * x) == x for x = 1..1024 under ieee, never at sqrt's far edge.
  std::vector<float> x(1024);
  for (int i = 0; i < 1024; ++i) x[i] = static_cast<float>(i + 1);
  const std::string body = "O[i] = select(0u, 1u, sqrt(a * a) != a);";
  const auto ieee = runF32(kIeee, body, x, {}, {}, "u32");
  const auto max = runF32(Mode{"ulp-max"}, body, x, {}, {}, "u32");
  uint32_t n_ieee = 0, n_max = 0;
  for (int i = 0; i < 1024; ++i) n_ieee += ieee[i], n_max += max[i];
  EXPECT_EQ(n_ieee, 0u);
  EXPECT_EQ(n_max, 1024u);
}

TEST(FloatUlp, CorrectlyRoundedOperationsKeepRoundToNearestEven) {
  const std::vector<float> a = {0.1f, -2.5f, 1e-3f, 7.75f}, b = {0.2f, 3.3f, -4e5f, 0.5f};
  const char* const bodies[] = {"O[i] = a + b;", "O[i] = a - b;", "O[i] = a * b;", "O[i] = min(a, b) + max(a, b);",
                                "O[i] = floor(a) + ceil(b) + trunc(a) + round(b);", "O[i] = abs(a) + clamp(a, -1.0, b);",
                                "O[i] = ldexp(a, 3) + sign(b) + step(a, b) + saturate(b);"};
  for (const char* body : bodies)
    for (const char* mode : {"ulp-max", "ulp-random:5"}) EXPECT_EQ(runF32(Mode{mode}, body, a, b), runF32(kIeee, body, a, b)) << body;
}

TEST(FloatUlp, Unpack4x8snormIsWithinThreeUlp) {
  // Component k of 0x7f40c081: bytes 0x81 (-127), 0xc0 (-64), 0x40 (64), 0x7f (127); exact k / 127.
  const std::vector<float> a = {floatOf(0x7f40c081u)};
  const std::string body = "let v = unpack4x8snorm(bitcast<u32>(a)); O[i] = v.y; O[i + 1u] = v.z;";
  // O has 2 elements: element 1's invocation writes O[1] and O[2] (out of bounds: dropped).
  const std::vector<float> in = {a[0], a[0]};
  const auto r = runF32(Mode{"ulp-max"}, body, in);
  const auto ieee = runF32(kIeee, body, in);
  for (int k = 0; k < 2; ++k) {
    const long double ref = (k == 0 ? -64.0L : 64.0L) / 127.0L;
    const long double bound = 3 * ulpF32(ref);
    EXPECT_LE(std::fabs(floatOf(r[k]) - ref), bound);
    EXPECT_NE(r[k], ieee[k]);
  }
}

TEST(FloatUlp, IeeeBuiltinsAgreeWithAHigherPrecisionReference) {
  struct Fn {
    const char* body;
    long double (*ref)(long double, long double);
    double max_ulps;  // 0: must be correctly rounded (round to nearest)
    std::vector<std::pair<float, float>> args;
  };
  const Fn fns[] = {
      {"O[i] = sqrt(a);", [](long double a, long double) { return std::sqrt(a); }, 0, {{2, 0}, {0.3f, 0}, {1e30f, 0}, {7e-39f, 0}}},
      {"O[i] = a / b;", [](long double a, long double b) { return a / b; }, 0, {{1, 3}, {-5.5f, 1.1f}, {1e-38f, 3}}},
      {"O[i] = sin(a);", [](long double a, long double) { return std::sin(a); }, 2, {{0.3f, 0}, {-2.5f, 0}, {1e-5f, 0}}},
      {"O[i] = cos(a);", [](long double a, long double) { return std::cos(a); }, 2, {{0.3f, 0}, {-2.5f, 0}}},
      {"O[i] = tan(a);", [](long double a, long double) { return std::tan(a); }, 2, {{0.3f, 0}, {-1.2f, 0}}},
      {"O[i] = exp(a);", [](long double a, long double) { return std::exp(a); }, 2, {{0.3f, 0}, {-20.5f, 0}, {80.0f, 0}}},
      {"O[i] = exp2(a);", [](long double a, long double) { return std::exp2(a); }, 2, {{0.3f, 0}, {-20.5f, 0}}},
      {"O[i] = log(a);", [](long double a, long double) { return std::log(a); }, 2, {{0.3f, 0}, {1e20f, 0}}},
      {"O[i] = log2(a);", [](long double a, long double) { return std::log2(a); }, 2, {{0.3f, 0}, {1e20f, 0}}},
      {"O[i] = pow(a, b);", [](long double a, long double b) { return std::pow(a, b); }, 2, {{2.5f, 3.3f}, {0.7f, -4}}},
      {"O[i] = inverseSqrt(a);", [](long double a, long double) { return 1 / std::sqrt(a); }, 2, {{0.3f, 0}, {5.0f, 0}}},
      {"O[i] = asin(a);", [](long double a, long double) { return std::asin(a); }, 2, {{0.3f, 0}, {-0.9f, 0}}},
      {"O[i] = acos(a);", [](long double a, long double) { return std::acos(a); }, 2, {{0.3f, 0}, {-0.9f, 0}}},
      {"O[i] = atan(a);", [](long double a, long double) { return std::atan(a); }, 2, {{0.3f, 0}, {-9.0f, 0}}},
      {"O[i] = atan2(a, b);", [](long double a, long double b) { return std::atan2(a, b); }, 2, {{1, -2}, {-3, 0.5f}}},
      {"O[i] = sinh(a);", [](long double a, long double) { return std::sinh(a); }, 2, {{0.3f, 0}, {-5.0f, 0}}},
      {"O[i] = cosh(a);", [](long double a, long double) { return std::cosh(a); }, 2, {{0.3f, 0}, {-5.0f, 0}}},
      {"O[i] = tanh(a);", [](long double a, long double) { return std::tanh(a); }, 2, {{0.3f, 0}, {-2.0f, 0}}},
      {"O[i] = asinh(a);", [](long double a, long double) { return std::asinh(a); }, 2, {{0.3f, 0}, {-50.0f, 0}}},
      {"O[i] = acosh(a);", [](long double a, long double) { return std::acosh(a); }, 2, {{1.3f, 0}, {50.0f, 0}}},
      {"O[i] = atanh(a);", [](long double a, long double) { return std::atanh(a); }, 2, {{0.3f, 0}, {-0.9f, 0}}},
      {"O[i] = degrees(a);", [](long double a, long double) { return a * 180 / 3.14159265358979323846264338327950288L; }, 0.5,
       {{0.3f, 0}, {-2.0f, 0}}},
      {"O[i] = radians(a);", [](long double a, long double) { return a * 3.14159265358979323846264338327950288L / 180; }, 0.5,
       {{30.0f, 0}, {-200.0f, 0}}},
  };
  for (const Fn& f : fns) {
    std::vector<float> a, b;
    for (const auto& [x, y] : f.args) a.push_back(x), b.push_back(y);
    const auto r = runF32(kIeee, f.body, a, b);
    for (size_t i = 0; i < a.size(); ++i) {
      const long double ref = f.ref(a[i], b[i]);
      const float v = floatOf(r[i]);
      if (f.max_ulps == 0) {
        EXPECT_EQ(v, static_cast<float>(ref)) << f.body << " at " << a[i];  // long double -> float: one rounding
      } else {
        EXPECT_LE(std::fabs(v - ref), f.max_ulps * ulpF32(ref)) << f.body << " at " << a[i] << ": " << v;
      }
    }
  }
}

}  // namespace
}  // namespace wgsl::floattest
