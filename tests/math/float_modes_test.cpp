// Float mode helpers of interp/math/float_modes.h: flush to zero at the binary32 and binary16
// boundaries, fused multiply-add rounded once (against exact integer arithmetic), indeterminate
// values, non-finite records, and the --float / --nonfinite parsers with their errors.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <set>

#include "interp/math/float_modes.h"
#include "tests/math/f16_reference.h"

namespace wgsl::math {
namespace {

float fromBits(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
uint32_t toBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

// ---- flush to zero -------------------------------------------------------------------------

TEST(FlushToZero, Binary32Boundaries) {
  EXPECT_EQ(toBits(ftzF32(fromBits(0x00000001u))), 0x00000000u);  // smallest subnormal 2^-149
  EXPECT_EQ(toBits(ftzF32(fromBits(0x80000001u))), 0x80000000u);  // keeps the sign
  EXPECT_EQ(toBits(ftzF32(fromBits(0x007fffffu))), 0x00000000u);  // largest subnormal
  EXPECT_EQ(toBits(ftzF32(fromBits(0x807fffffu))), 0x80000000u);
  EXPECT_EQ(toBits(ftzF32(fromBits(0x00800000u))), 0x00800000u);  // smallest normal 2^-126 stays
  EXPECT_EQ(toBits(ftzF32(fromBits(0x80800000u))), 0x80800000u);
  EXPECT_EQ(toBits(ftzF32(0.0f)), 0x00000000u);
  EXPECT_EQ(toBits(ftzF32(-0.0f)), 0x80000000u);
  EXPECT_EQ(ftzF32(1.0f), 1.0f);
  EXPECT_EQ(ftzF32(INFINITY), INFINITY);
  EXPECT_TRUE(std::isnan(ftzF32(NAN)));
  EXPECT_TRUE(isSubnormalF32(std::ldexp(1.0f, -127)));
  EXPECT_FALSE(isSubnormalF32(std::ldexp(1.0f, -126)));
  EXPECT_FALSE(isSubnormalF32(0.0f));
  // Every value below 2^-126 in magnitude and only those (checked by value, not by bits).
  std::mt19937 rng(3);
  for (int i = 0; i < 100000; ++i) {
    const float v = fromBits(static_cast<uint32_t>(rng()));
    if (std::isnan(v)) continue;
    const float r = ftzF32(v);
    if (v != 0 && std::fabs(v) < 0x1p-126f) {
      ASSERT_EQ(r, 0.0f);
      ASSERT_EQ(std::signbit(r), std::signbit(v));
    } else {
      ASSERT_EQ(toBits(r), toBits(v));
    }
  }
}

TEST(FlushToZero, Binary16Boundaries) {
  EXPECT_EQ(ftzF16(0x0001u), 0x0000u);  // 2^-24
  EXPECT_EQ(ftzF16(0x8001u), 0x8000u);
  EXPECT_EQ(ftzF16(0x03ffu), 0x0000u);  // largest subnormal
  EXPECT_EQ(ftzF16(0x83ffu), 0x8000u);
  EXPECT_EQ(ftzF16(0x0400u), 0x0400u);  // smallest normal 2^-14 stays
  EXPECT_EQ(ftzF16(0x8400u), 0x8400u);
  EXPECT_EQ(ftzF16(0x7c00u), 0x7c00u);
  EXPECT_EQ(ftzF16(0x8000u), 0x8000u);
  for (uint32_t h = 0; h < 0x10000u; ++h) {
    const double v = test::f16Value(static_cast<uint16_t>(h));
    if (std::isnan(v)) continue;
    const uint16_t r = ftzF16(static_cast<uint16_t>(h));
    const bool sub = v != 0 && std::fabs(v) < 0x1p-14;
    ASSERT_EQ(isSubnormalF16(static_cast<uint16_t>(h)), sub) << h;
    ASSERT_EQ(r, sub ? (h & 0x8000u) : h) << h;
  }
}

// ---- multiply-add --------------------------------------------------------------------------

TEST(FusedMultiplyAdd, SingleRoundingDiffersFromTwo) {
  // (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24: the product alone rounds (tie to even) to 1 + 2^-11, so
  // the unfused result is 0 while the fused one keeps 2^-24.
  const float a = 1.0f + 0x1p-12f, c = -(1.0f + 0x1p-11f);
  EXPECT_EQ(unfusedMulAddF32(a, a, c), 0.0f);
  EXPECT_EQ(fusedMulAddF32(a, a, c), 0x1p-24f);
  // binary16: (1 + 2^-6)^2 = 1 + 2^-5 + 2^-12 rounds to 1 + 2^-5 (spacing 2^-10).
  const uint16_t h = 0x3c10u;   // 1 + 2^-6
  const uint16_t hc = 0xbc20u;  // -(1 + 2^-5)
  EXPECT_EQ(unfusedMulAddF16(h, h, hc), 0x0000u);
  EXPECT_EQ(fusedMulAddF16(h, h, hc), 0x0c00u);  // 2^-12
}

// Exact a*b + c for binary16 operands as an integer multiple of 2^-48, then rounded to nearest
// even binary16 by comparing exact integer distances to the neighbouring values.
uint16_t exactFmaF16(uint16_t a, uint16_t b, uint16_t c) {
  auto scaled = [](uint16_t h, int shift) {  // value * 2^shift as an integer (exact)
    const double v = test::f16Value(h);
    return static_cast<__int128>(std::ldexp(v, shift));
  };
  // a = A * 2^-24, b = B * 2^-24 with integers A, B (every binary16 value is a multiple of 2^-24).
  const __int128 s = scaled(a, 24) * scaled(b, 24) + scaled(c, 48);
  if (s == 0) {
    // Exact zero: +0 unless both addends are negative zero-signed (IEEE: x + (-x) = +0).
    const bool prod_neg = ((a ^ b) & 0x8000u) != 0;
    const bool c_neg = (c & 0x8000u) != 0;
    const bool prod_zero = (a & 0x7fffu) == 0 || (b & 0x7fffu) == 0;
    return (prod_zero && prod_neg && c_neg) ? 0x8000u : 0x0000u;
  }
  const bool neg = s < 0;
  const __int128 m = neg ? -s : s;
  const auto& t = test::f16Magnitudes();  // magnitudes, the last standing for 2^16
  // The last magnitude <= m.
  const auto it = std::upper_bound(t.begin(), t.end(), m, [](const __int128& mv, double tv) {
    return mv < static_cast<__int128>(std::ldexp(tv, 48));
  });
  const size_t lo = static_cast<size_t>(it - t.begin()) - 1;
  uint16_t r;
  if (static_cast<__int128>(std::ldexp(t[lo], 48)) == m) {
    r = static_cast<uint16_t>(lo);
  } else {
    const __int128 dlo = m - static_cast<__int128>(std::ldexp(t[lo], 48));
    const __int128 dhi = static_cast<__int128>(std::ldexp(t[lo + 1], 48)) - m;
    r = static_cast<uint16_t>(dlo < dhi ? lo : dhi < dlo ? lo + 1 : (lo % 2 == 0 ? lo : lo + 1));
  }
  if (r >= 0x7c00u) r = 0x7c00u;  // 2^16 stands for infinity
  return static_cast<uint16_t>(r | (neg ? 0x8000u : 0u));
}

TEST(FusedMultiplyAdd, Binary16AgainstExactIntegers) {
  std::mt19937 rng(17);
  int checked = 0;
  for (int i = 0; i < 20000; ++i) {
    // Bias towards cancellation and towards operands of very different magnitudes.
    uint16_t a = static_cast<uint16_t>(rng() & 0x7bffu), b = static_cast<uint16_t>(rng() & 0x7bffu);
    if (rng() & 1) a |= 0x8000u;
    uint16_t c;
    switch (i % 3) {
      case 0: c = static_cast<uint16_t>(rng() & 0x7bffu); break;
      case 1: c = static_cast<uint16_t>(test::refF16FromDouble(-test::f16Value(a) * test::f16Value(b) * (1 + 1e-3 * (rng() % 7))));
              break;
      default: c = static_cast<uint16_t>(rng() & 0x03ffu); break;
    }
    if ((c & 0x7c00u) == 0x7c00u) continue;
    if (std::fabs(test::f16Value(a) * test::f16Value(b)) > 60000) continue;  // keep clear of overflow
    ASSERT_EQ(fusedMulAddF16(a, b, c), exactFmaF16(a, b, c)) << std::hex << a << " " << b << " " << c;
    ++checked;
  }
  EXPECT_GT(checked, 10000);
}

TEST(FusedMultiplyAdd, Binary32AgainstLongDouble) {
  // a*b is exact in long double (48 bits); adding c exactly needs more only when far apart,
  // where a one-sided check suffices: the fused result is the binary32 nearest to a*b + c.
  std::mt19937 rng(23);
  std::uniform_real_distribution<float> u(-4.0f, 4.0f);
  for (int i = 0; i < 20000; ++i) {
    const float a = u(rng), b = u(rng), c = i % 2 ? -a * b * (1 + u(rng) * 1e-6f) : u(rng);
    const long double exact = static_cast<long double>(a) * b + c;  // exact: exponents are close
    const float f = fusedMulAddF32(a, b, c);
    const long double d = std::fabs(static_cast<long double>(f) - exact);
    ASSERT_LE(d, std::fabs(static_cast<long double>(std::nextafterf(f, INFINITY)) - exact));
    ASSERT_LE(d, std::fabs(static_cast<long double>(std::nextafterf(f, -INFINITY)) - exact));
  }
}

// ---- non-finite values ---------------------------------------------------------------------

TEST(NonFinite, Classification) {
  EXPECT_TRUE(isNonFiniteF32(INFINITY));
  EXPECT_TRUE(isNonFiniteF32(-INFINITY));
  EXPECT_TRUE(isNonFiniteF32(NAN));
  EXPECT_FALSE(isNonFiniteF32(0x1.fffffep127f));
  EXPECT_FALSE(isNonFiniteF32(0.0f));
  EXPECT_TRUE(isNonFiniteF16(0x7c00u));
  EXPECT_TRUE(isNonFiniteF16(0xfc00u));
  EXPECT_TRUE(isNonFiniteF16(0x7e00u));
  EXPECT_FALSE(isNonFiniteF16(0x7bffu));
  const double finite[2] = {1.0, 0.0};
  EXPECT_TRUE(isNonFiniteOrigin(finite, 2, INFINITY));   // 1 / 0: a new non-finite value
  EXPECT_FALSE(isNonFiniteOrigin(finite, 2, 3.0));
  const double carried[2] = {INFINITY, 2.0};
  EXPECT_FALSE(isNonFiniteOrigin(carried, 2, INFINITY));  // inf * 2: propagated, not new
}

TEST(NonFinite, IndeterminateValuesAreFiniteDeterministicAndVaried) {
  std::set<uint32_t> seen32;
  std::set<uint16_t> seen16;
  for (uint64_t site = 0; site < 64; ++site) {
    for (uint64_t lane = 0; lane < 64; ++lane) {
      const float v = indeterminateF32(7, site, lane);
      ASSERT_TRUE(std::isfinite(v));
      ASSERT_EQ(toBits(v), toBits(indeterminateF32(7, site, lane)));
      seen32.insert(toBits(v));
      const uint16_t h = indeterminateF16(7, site, lane);
      ASSERT_FALSE(isNonFiniteF16(h));
      ASSERT_EQ(h, indeterminateF16(7, site, lane));
      seen16.insert(h);
    }
  }
  EXPECT_GT(seen32.size(), 1000u);
  EXPECT_GT(seen16.size(), 1000u);
  for (uint32_t special : {0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x7f7fffffu, 0xff7fffffu})
    EXPECT_TRUE(seen32.count(special)) << std::hex << special;
  int differ = 0;
  for (uint64_t site = 0; site < 100; ++site)
    differ += toBits(indeterminateF32(1, site, 0)) != toBits(indeterminateF32(2, site, 0));
  EXPECT_GT(differ, 50);  // the seed matters
}

TEST(NonFinite, ReportRecordReadsLikeADiagnostic) {
  NonFiniteRecord r;
  r.operation = "x / y";
  r.type = FloatType::F32;
  r.num_operands = 2;
  r.operands[0] = 1.0;
  r.operands[1] = 0.0;
  r.result = INFINITY;
  r.local_index = 5;
  r.workgroup[0] = 2;
  EXPECT_EQ(describe(r, "k.wgsl:3:14"),
            "k.wgsl:3:14: x / y (f32) produced +inf from finite operands (1, 0) in invocation 5 of workgroup (2,0,0)");
  r.result = NAN;
  r.operation = "sqrt";
  r.type = FloatType::F16;
  r.num_operands = 1;
  r.operands[0] = -1.5;
  EXPECT_EQ(describe(r, ""), "sqrt (f16) produced NaN from finite operands (-1.5) in invocation 5 of workgroup (2,0,0)");
}

// ---- options -------------------------------------------------------------------------------

FloatMode parsed(const std::string& f, const std::string& n = "") {
  FloatMode m;
  std::string err;
  EXPECT_TRUE(parseFloatOption(f, m, err)) << f << ": " << err;
  if (!n.empty()) {
    EXPECT_TRUE(parseNonFiniteOption(n, m, err)) << n << ": " << err;
  }
  return m;
}

std::string floatError(const std::string& f) {
  FloatMode m;
  m.ftz = true;  // a failed parse leaves the mode alone
  std::string err;
  EXPECT_FALSE(parseFloatOption(f, m, err)) << f;
  EXPECT_TRUE(m.ftz && !m.fma) << f;
  return err;
}
std::string nonfiniteError(const std::string& n) {
  FloatMode m;
  std::string err;
  EXPECT_FALSE(parseNonFiniteOption(n, m, err)) << n;
  EXPECT_EQ(m.nonfinite, FloatMode::NonFinite::Propagate);
  return err;
}

TEST(FloatOptions, ValidCombinations) {
  EXPECT_TRUE(parsed("ieee").isIeee());
  EXPECT_TRUE(parsed("ieee").isDefault());
  FloatMode m = parsed("ftz,fma");
  EXPECT_TRUE(m.ftz && m.fma && m.ulp == FloatMode::Ulp::Exact);
  EXPECT_EQ(m.floatString(), "ftz,fma");
  m = parsed("fma,ftz,ulp-max");
  EXPECT_EQ(m.ulp, FloatMode::Ulp::Max);
  EXPECT_EQ(m.floatString(), "ftz,fma,ulp-max");  // canonical order
  m = parsed("ulp-random:18446744073709551615");
  EXPECT_EQ(m.ulp, FloatMode::Ulp::Random);
  EXPECT_EQ(m.ulp_seed, 18446744073709551615ull);
  EXPECT_EQ(parsed("ftz,ulp-random:7").floatString(), "ftz,ulp-random:7");
  EXPECT_EQ(parsed("ieee").floatString(), "ieee");
  // Re-parsing replaces the float part only.
  m = parsed("ftz", "report");
  std::string err;
  ASSERT_TRUE(parseFloatOption("fma", m, err));
  EXPECT_FALSE(m.ftz);
  EXPECT_TRUE(m.fma);
  EXPECT_EQ(m.nonfinite, FloatMode::NonFinite::Report);
}

TEST(FloatOptions, NonFinitePolicies) {
  EXPECT_EQ(parsed("ieee", "propagate").nonfinite, FloatMode::NonFinite::Propagate);
  EXPECT_EQ(parsed("ieee", "report").nonfiniteString(), "report");
  const FloatMode m = parsed("ieee", "indeterminate:42");
  EXPECT_EQ(m.nonfinite, FloatMode::NonFinite::Indeterminate);
  EXPECT_EQ(m.nonfinite_seed, 42u);
  EXPECT_EQ(m.nonfiniteString(), "indeterminate:42");
  EXPECT_TRUE(m.isIeee());
  EXPECT_FALSE(m.isDefault());
}

TEST(FloatOptions, ErrorsSayWhatIsWrongAndWhatIsExpected) {
  auto has = [](const std::string& s, const std::string& needle) {
    return s.find(needle) != std::string::npos ? ::testing::AssertionSuccess()
                                               : ::testing::AssertionFailure() << "'" << s << "' lacks '" << needle << "'";
  };
  EXPECT_TRUE(has(floatError(""), "--float needs a value"));
  EXPECT_TRUE(has(floatError("fast"), "unknown mode `fast`"));
  EXPECT_TRUE(has(floatError("fast"), "expected ieee, ftz, fma, ulp-max or ulp-random:SEED"));
  EXPECT_TRUE(has(floatError("ieee,ftz"), "`ieee` (exact IEEE-754 behaviour, the default) cannot be combined with `ftz`"));
  EXPECT_TRUE(has(floatError("fma,ieee"), "cannot be combined with `fma`"));
  EXPECT_TRUE(has(floatError("ftz,ftz"), "`ftz` given twice"));
  EXPECT_TRUE(has(floatError("ieee,ieee"), "`ieee` given twice"));
  EXPECT_TRUE(has(floatError("ulp-max,ulp-random:1"), "exclude each other"));
  EXPECT_TRUE(has(floatError("ulp-random:1,ulp-max"), "exclude each other"));
  EXPECT_TRUE(has(floatError("ulp-max,ulp-max"), "`ulp-max` given twice"));
  EXPECT_TRUE(has(floatError("ulp-random"), "needs a seed: ulp-random:SEED"));
  EXPECT_TRUE(has(floatError("ulp-random:"), "needs a seed"));
  EXPECT_TRUE(has(floatError("ulp-random:x1"), "not a decimal integer"));
  EXPECT_TRUE(has(floatError("ulp-random:-1"), "not a decimal integer"));
  EXPECT_TRUE(has(floatError("ulp-random:18446744073709551616"), "below 2^64"));
  EXPECT_TRUE(has(floatError("ulp-max:3"), "`ulp-max` takes no value"));
  EXPECT_TRUE(has(floatError("ftz:1"), "`ftz` takes no value"));
  EXPECT_TRUE(has(floatError("ftz,"), "empty item"));
  EXPECT_TRUE(has(floatError(",fma"), "empty item"));
  EXPECT_TRUE(has(floatError("ftz, fma"), "unknown mode ` fma`"));
  EXPECT_TRUE(has(floatError("report"), "is a non-finite policy: use --nonfinite=report"));
  EXPECT_TRUE(has(floatError("indeterminate:3"), "use --nonfinite=indeterminate:3"));
  EXPECT_TRUE(has(nonfiniteError(""), "--nonfinite needs a value"));
  EXPECT_TRUE(has(nonfiniteError("ignore"), "unknown policy `ignore`; expected propagate, indeterminate:SEED or report"));
  EXPECT_TRUE(has(nonfiniteError("report,propagate"), "only one policy applies"));
  EXPECT_TRUE(has(nonfiniteError("indeterminate"), "needs a seed"));
  EXPECT_TRUE(has(nonfiniteError("indeterminate:abc"), "not a decimal integer"));
  EXPECT_TRUE(has(nonfiniteError("report:1"), "`report` takes no value"));
  EXPECT_TRUE(has(nonfiniteError("ftz"), "is a float mode: use --float=ftz"));
}

TEST(FloatDimension, AlternativesForExplore) {
  FloatMode base;
  base.nonfinite = FloatMode::NonFinite::Report;
  std::vector<FloatMode> modes;
  std::string err;
  ASSERT_TRUE(parseFloatDimension("ieee,ftz,fma,ftz+fma,ulp-max,ulp-random:1-5", base, modes, err)) << err;
  std::vector<std::string> names;
  for (const FloatMode& m : modes) {
    names.push_back(m.floatString());
    EXPECT_EQ(m.nonfinite, FloatMode::NonFinite::Report);  // the base policy is kept
  }
  const std::vector<std::string> want = {"ieee", "ftz", "fma", "ftz,fma", "ulp-max", "ulp-random:1",
                                         "ulp-random:2", "ulp-random:3", "ulp-random:4", "ulp-random:5"};
  EXPECT_EQ(names, want);
  ASSERT_TRUE(parseFloatDimension("ftz+ulp-random:7-8", base, modes, err)) << err;
  ASSERT_EQ(modes.size(), 2u);
  EXPECT_EQ(modes[1].floatString(), "ftz,ulp-random:8");
  ASSERT_TRUE(parseFloatDimension("ulp-random:3+fma", base, modes, err)) << err;
  EXPECT_EQ(modes.at(0).floatString(), "fma,ulp-random:3");
}

TEST(FloatDimension, Errors) {
  std::vector<FloatMode> modes;
  std::string err;
  auto fails = [&](const std::string& text, const std::string& needle) {
    err.clear();
    if (parseFloatDimension(text, FloatMode{}, modes, err)) return ::testing::AssertionFailure() << text << " parsed";
    if (err.find(needle) == std::string::npos) return ::testing::AssertionFailure() << "'" << err << "' lacks '" << needle << "'";
    return ::testing::AssertionSuccess();
  };
  EXPECT_TRUE(fails("", "needs a list of modes"));
  EXPECT_TRUE(fails("ieee,,ftz", "empty alternative"));
  EXPECT_TRUE(fails("ftz,ftz", "`ftz` is listed twice"));
  EXPECT_TRUE(fails("ulp-random:1-3,ulp-random:3", "`ulp-random:3` is listed twice"));
  EXPECT_TRUE(fails("ulp-random:5-1", "ulp-random:A-B with decimal A <= B"));
  EXPECT_TRUE(fails("ulp-random:1-x", "ulp-random:A-B"));
  EXPECT_TRUE(fails("ulp-random:0-100000", "more than 256 alternatives"));
  EXPECT_TRUE(fails("ieee+ftz", "cannot be combined with `ftz`; leave `ieee` out (in the alternative `ieee+ftz`)"));
  EXPECT_TRUE(fails("ulp-max+ulp-random:1", "exclude each other"));
  EXPECT_TRUE(fails("turbo", "unknown mode `turbo`"));
}

}  // namespace
}  // namespace wgsl::math
