// i32/u32 operators: wrapping + - * and negation, division and remainder (by zero, INT_MIN / -1,
// truncation), shifts with the amount taken modulo 32 (section "Arithmetic Expressions" and
// "Bit Expressions").
#include <gtest/gtest.h>

#include <cstdint>
#include <random>

#include "interp/math/scalar_math.h"

namespace wgsl::math {
namespace {

constexpr int32_t kMin = INT32_MIN;
constexpr int32_t kMax = INT32_MAX;

// Two's complement wrap of a mathematically exact 64-bit result.
int32_t wrap(int64_t v) {
  int64_t m = v % 4294967296LL;
  if (m < 0) m += 4294967296LL;
  return m >= 2147483648LL ? static_cast<int32_t>(m - 4294967296LL) : static_cast<int32_t>(m);
}

TEST(IntArith, WrapsOnOverflow) {
  EXPECT_EQ(addI32(kMax, 1), kMin);
  EXPECT_EQ(subI32(kMin, 1), kMax);
  EXPECT_EQ(mulI32(65536, 65536), 0);
  EXPECT_EQ(mulI32(kMin, -1), kMin);
  EXPECT_EQ(mulI32(-3, 5), -15);
  EXPECT_EQ(negI32(kMin), kMin);  // "the result is e"
  EXPECT_EQ(negI32(5), -5);
  EXPECT_EQ(negI32(kMax), kMin + 1);
  std::mt19937 rng(7);
  std::uniform_int_distribution<int32_t> d(kMin, kMax);
  for (int i = 0; i < 100000; ++i) {
    const int32_t a = d(rng), b = d(rng);
    ASSERT_EQ(addI32(a, b), wrap(int64_t{a} + b));
    ASSERT_EQ(subI32(a, b), wrap(int64_t{a} - b));
    ASSERT_EQ(mulI32(a, b), wrap(int64_t{a} * b));
    ASSERT_EQ(negI32(a), wrap(-int64_t{a}));
  }
}

TEST(IntArith, DivisionByZeroGivesDividendRemainderZero) {
  EXPECT_EQ(divI32(7, 0), 7);
  EXPECT_EQ(divI32(-7, 0), -7);
  EXPECT_EQ(divI32(kMin, 0), kMin);
  EXPECT_EQ(remI32(7, 0), 0);
  EXPECT_EQ(remI32(kMin, 0), 0);
  EXPECT_EQ(divU32(7u, 0u), 7u);
  EXPECT_EQ(divU32(0xffffffffu, 0u), 0xffffffffu);
  EXPECT_EQ(remU32(7u, 0u), 0u);
}

TEST(IntArith, MinDividedByMinusOne) {
  EXPECT_EQ(divI32(kMin, -1), kMin);
  EXPECT_EQ(remI32(kMin, -1), 0);
  EXPECT_EQ(divI32(kMin + 1, -1), kMax);
  EXPECT_EQ(divI32(kMin, 1), kMin);
  EXPECT_EQ(divI32(kMin, 2), kMin / 2);
}

TEST(IntArith, DivisionTruncatesRemainderTakesDividendSign) {
  EXPECT_EQ(divI32(-7, 2), -3);
  EXPECT_EQ(divI32(7, -2), -3);
  EXPECT_EQ(divI32(-7, -2), 3);
  EXPECT_EQ(remI32(-7, 2), -1);
  EXPECT_EQ(remI32(7, -2), 1);
  EXPECT_EQ(remI32(-7, -2), -1);
  EXPECT_EQ(remI32(-8, 2), 0);
  EXPECT_EQ(divU32(7u, 2u), 3u);
  EXPECT_EQ(remU32(0xffffffffu, 10u), 5u);
  // Property: e1 = q * e2 + r with |r| < |e2| and r of e1's sign, q = truncate(e1 / e2).
  std::mt19937 rng(11);
  std::uniform_int_distribution<int32_t> d(kMin, kMax);
  std::uniform_int_distribution<int32_t> small(-300, 300);
  for (int i = 0; i < 200000; ++i) {
    const int32_t a = d(rng);
    const int32_t b = i % 2 ? d(rng) : small(rng);
    if (b == 0 || (a == kMin && b == -1)) continue;
    const int64_t q = divI32(a, b), r = remI32(a, b);
    ASSERT_EQ(q * b + r, int64_t{a}) << a << " " << b;
    ASSERT_LT(std::llabs(r), std::llabs(int64_t{b}));
    ASSERT_TRUE(r == 0 || (r < 0) == (a < 0)) << a << " " << b;
    const uint32_t ua = static_cast<uint32_t>(a), ub = static_cast<uint32_t>(b);
    const uint64_t uq = divU32(ua, ub), ur = remU32(ua, ub);
    ASSERT_EQ(uq * ub + ur, uint64_t{ua});
    ASSERT_LT(ur, uint64_t{ub});
  }
}

TEST(IntArith, ShiftAmountIsModulo32) {
  EXPECT_EQ(shlU32(1u, 33u), 2u);
  EXPECT_EQ(shlU32(1u, 32u), 1u);
  EXPECT_EQ(shlU32(0x80000001u, 1u), 2u);  // high bit discarded
  EXPECT_EQ(shlI32(1, 31u), kMin);
  EXPECT_EQ(shlI32(-1, 0xffffffffu), kMin);  // 0xffffffff % 32 == 31
  EXPECT_EQ(shrU32(0x80000000u, 31u), 1u);
  EXPECT_EQ(shrU32(0x80000000u, 63u), 1u);
  EXPECT_EQ(shrU32(0x80000000u, 64u), 0x80000000u);
}

TEST(IntArith, SignedRightShiftIsArithmetic) {
  EXPECT_EQ(shrI32(-8, 1u), -4);
  EXPECT_EQ(shrI32(-7, 1u), -4);  // floor(-3.5)
  EXPECT_EQ(shrI32(kMin, 31u), -1);
  EXPECT_EQ(shrI32(-1, 35u), -1);
  EXPECT_EQ(shrI32(kMax, 30u), 1);
  EXPECT_EQ(shrI32(kMin, 32u), kMin);
  std::mt19937 rng(3);
  std::uniform_int_distribution<int32_t> d(kMin, kMax);
  std::uniform_int_distribution<uint32_t> s(0, 200);
  for (int i = 0; i < 100000; ++i) {
    const int32_t a = d(rng);
    const uint32_t n = s(rng);
    const int64_t p = int64_t{1} << (n % 32);
    // floor(a / 2^n) and a * 2^n wrapped, computed with 64-bit arithmetic.
    int64_t fl = int64_t{a} / p;
    if (int64_t{a} % p != 0 && a < 0) --fl;
    ASSERT_EQ(shrI32(a, n), fl) << a << " >> " << n;
    ASSERT_EQ(shlI32(a, n), wrap(int64_t{a} * p)) << a << " << " << n;
    const uint32_t u = static_cast<uint32_t>(a);
    ASSERT_EQ(shrU32(u, n), static_cast<uint32_t>(uint64_t{u} / static_cast<uint64_t>(p)));
    ASSERT_EQ(shlU32(u, n), static_cast<uint32_t>(uint64_t{u} * static_cast<uint64_t>(p)));
  }
}

}  // namespace
}  // namespace wgsl::math
