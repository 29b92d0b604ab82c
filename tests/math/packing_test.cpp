// Data packing and unpacking built-ins against the spec's formulas: snorm/unorm rounding with
// floor(0.5 + scale * clamped), clamping, unpack snorm mapping -128 (and -32768) to -1, the
// integer packings with and without clamping, and binary16 packing.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>

#include "interp/math/scalar_math.h"
#include "tests/math/f16_reference.h"

namespace wgsl::math {
namespace {

const float kNaN = std::nanf("");

TEST(Pack, Snorm8KnownValues) {
  // 1 -> 127 (0x7f); -1 -> floor(-126.5) = -127 (0x81); 0 -> 0; 0.5 -> floor(64) = 64 (0x40).
  EXPECT_EQ(pack4x8snorm({1.0f, -1.0f, 0.0f, 0.5f}), 0x4000817fu);
  // Out of range clamps; -0.5 -> floor(0.5 - 63.5) = -63 (0xc1): halves round up, not away.
  EXPECT_EQ(pack4x8snorm({2.0f, -2.0f, -0.5f, 1e30f}), 0x7fc1817fu);
  EXPECT_EQ(pack4x8snorm({-HUGE_VALF, HUGE_VALF, -0.0f, 0.0f}), 0x00007f81u);
  EXPECT_EQ(pack4x8snorm({0.0f, 0.0f, 0.0f, 0.0f}), 0u);
  EXPECT_EQ(pack4x8snorm({kNaN, 0.0f, 0.0f, 0.0f}) & 0xffu, 0u);  // NaN: documented 0
}

TEST(Pack, Unorm8KnownValues) {
  // 0 -> 0; 1 -> 255; 0.5 -> floor(0.5 + 127.5) = 128; 2 -> 255.
  EXPECT_EQ(pack4x8unorm({0.0f, 1.0f, 0.5f, 2.0f}), 0xff80ff00u);
  EXPECT_EQ(pack4x8unorm({-1.0f, -HUGE_VALF, 0.25f, 0.75f}), 0xbf400000u);  // 64, 191
  EXPECT_EQ(pack4x8unorm({kNaN, 0.0f, 0.0f, 0.0f}), 0u);
}

TEST(Pack, Norm16KnownValues) {
  // -1 -> -32767 (0x8001); 0.5 -> floor(0.5 + 16383.5) = 16384 (0x4000).
  EXPECT_EQ(pack2x16snorm({-1.0f, 0.5f}), 0x40008001u);
  EXPECT_EQ(pack2x16snorm({5.0f, -0.5f}), 0xc0017fffu);  // -0.5 -> -16383 (0xc001)
  // 1 -> 65535; 0.5 -> floor(0.5 + 32767.5) = 32768.
  EXPECT_EQ(pack2x16unorm({1.0f, 0.5f}), 0x8000ffffu);
  EXPECT_EQ(pack2x16unorm({-3.0f, 7.0f}), 0xffff0000u);
}

TEST(Pack, NormFormulaOnRandomInputs) {
  // The spec's formula evaluated in long double (exact for these magnitudes).
  auto ref = [](float e, long double lo, long double scale) {
    long double c = e;
    c = c < lo ? lo : (c > 1.0L ? 1.0L : c);
    return static_cast<int64_t>(std::floor(0.5L + scale * c));
  };
  std::mt19937 rng(59);
  std::uniform_real_distribution<float> d(-1.2f, 1.2f);
  for (int i = 0; i < 200000; ++i) {
    const float a = d(rng), b = d(rng), c = d(rng), e = d(rng);
    uint32_t s8 = 0, u8 = 0;
    const float in[4] = {a, b, c, e};
    for (int k = 0; k < 4; ++k) {
      s8 |= (static_cast<uint32_t>(ref(in[k], -1.0L, 127.0L)) & 0xffu) << (8 * k);
      u8 |= (static_cast<uint32_t>(ref(in[k], 0.0L, 255.0L)) & 0xffu) << (8 * k);
    }
    ASSERT_EQ(pack4x8snorm({a, b, c, e}), s8);
    ASSERT_EQ(pack4x8unorm({a, b, c, e}), u8);
    const uint32_t s16 = (static_cast<uint32_t>(ref(a, -1.0L, 32767.0L)) & 0xffffu) |
                         ((static_cast<uint32_t>(ref(b, -1.0L, 32767.0L)) & 0xffffu) << 16);
    const uint32_t u16 = (static_cast<uint32_t>(ref(a, 0.0L, 65535.0L)) & 0xffffu) |
                         ((static_cast<uint32_t>(ref(b, 0.0L, 65535.0L)) & 0xffffu) << 16);
    ASSERT_EQ(pack2x16snorm({a, b}), s16);
    ASSERT_EQ(pack2x16unorm({a, b}), u16);
  }
}

TEST(Pack, FractionalStepsUseFloorOfHalfPlus) {
  // floor(0.5 + x) rounds halves up (toward +inf), including for negative values:
  // 0.5 * 255 = 127.5 -> 128; 0.25 * 255 = 63.75 -> 64; 0.125 * 127 = 15.875 -> 16;
  // -0.125 * 127 = -15.875 -> floor(-15.375) = -16 (0xf0).
  EXPECT_EQ(pack4x8unorm({0.5f, 0.25f, 0.0f, 0.0f}), 0x00004080u);
  EXPECT_EQ(pack4x8snorm({0.125f, -0.125f, 0.0f, 0.0f}), 0x0000f010u);
  // 1/254 * 127 = 0.5 exactly in reals; the f32 input is slightly off, and the formula uses
  // the f32 value: check against exact arithmetic on that value.
  const float h = 1.0f / 254.0f;
  const int expect = static_cast<int>(std::floor(0.5L + 127.0L * static_cast<long double>(h)));
  EXPECT_EQ(pack4x8snorm({h, 0.0f, 0.0f, 0.0f}), static_cast<uint32_t>(expect));
}

TEST(Pack, IntegerPackings) {
  EXPECT_EQ(pack4xI8({-1, 128, -129, 0x12345678}), 0x787f80ffu);  // low 8 bits
  EXPECT_EQ(pack4xU8({0x1ffu, 2u, 3u, 4u}), 0x040302ffu);
  EXPECT_EQ(pack4xI8Clamp({-1, 128, -129, 1000}), 0x7f807fffu);  // 0xff, 0x7f, 0x80, 0x7f
  EXPECT_EQ(pack4xI8Clamp({INT32_MIN, INT32_MAX, -128, 127}), 0x7f807f80u);
  EXPECT_EQ(pack4xU8Clamp({0u, 255u, 256u, 0xffffffffu}), 0xffffff00u);
  EXPECT_EQ(pack4xU8Clamp({1u, 2u, 3u, 4u}), 0x04030201u);
}

TEST(Unpack, SnormMapsMinimumToMinusOne) {
  const auto s = unpack4x8snorm(0x80817f00u);
  EXPECT_EQ(s[0], 0.0f);
  EXPECT_EQ(s[1], 1.0f);   // 127 / 127
  EXPECT_EQ(s[2], -1.0f);  // -127 / 127
  EXPECT_EQ(s[3], -1.0f);  // max(-128 / 127, -1)
  const auto t = unpack2x16snorm(0x80008001u);
  EXPECT_EQ(t[0], -1.0f);  // -32767
  EXPECT_EQ(t[1], -1.0f);  // -32768 clamps
  const auto u = unpack2x16snorm(0x7fff4000u);
  EXPECT_EQ(u[0], static_cast<float>(16384.0 / 32767.0));
  EXPECT_EQ(u[1], 1.0f);
}

TEST(Unpack, UnormAndIntegers) {
  const auto u = unpack4x8unorm(0xff800100u);
  EXPECT_EQ(u[0], 0.0f);
  EXPECT_EQ(u[1], static_cast<float>(1.0 / 255.0));
  EXPECT_EQ(u[2], static_cast<float>(128.0 / 255.0));
  EXPECT_EQ(u[3], 1.0f);
  const auto w = unpack2x16unorm(0xffff0000u);
  EXPECT_EQ(w[0], 0.0f);
  EXPECT_EQ(w[1], 1.0f);
  const auto i = unpack4xI8(0x807fff01u);
  EXPECT_EQ(i, (std::array<int32_t, 4>{1, -1, 127, -128}));
  const auto n = unpack4xU8(0x807fff01u);
  EXPECT_EQ(n, (std::array<uint32_t, 4>{1u, 255u, 127u, 128u}));
}

TEST(Unpack, QuotientsAreCorrectlyRounded) {
  // Every 8-bit and 16-bit code: compare with the quotient rounded from long double.
  for (uint32_t v = 0; v < 256; ++v) {
    const int32_t s = v >= 128 ? static_cast<int32_t>(v) - 256 : static_cast<int32_t>(v);
    const float es = s == -128 ? -1.0f : static_cast<float>(static_cast<long double>(s) / 127.0L);
    const float eu = static_cast<float>(static_cast<long double>(v) / 255.0L);
    const uint32_t p = v | (v << 8) | (v << 16) | (v << 24);
    for (const float r : unpack4x8snorm(p)) ASSERT_EQ(r, es) << v;
    for (const float r : unpack4x8unorm(p)) ASSERT_EQ(r, eu) << v;
  }
  for (uint32_t v = 0; v < 65536; ++v) {
    const int32_t s = v >= 32768 ? static_cast<int32_t>(v) - 65536 : static_cast<int32_t>(v);
    const float es =
        s == -32768 ? -1.0f : static_cast<float>(static_cast<long double>(s) / 32767.0L);
    const float eu = static_cast<float>(static_cast<long double>(v) / 65535.0L);
    const auto rs = unpack2x16snorm(v | (v << 16));
    const auto ru = unpack2x16unorm(v | (v << 16));
    ASSERT_EQ(rs[0], es) << v;
    ASSERT_EQ(rs[1], es) << v;
    ASSERT_EQ(ru[0], eu) << v;
    ASSERT_EQ(ru[1], eu) << v;
  }
}

TEST(PackUnpack, RoundTrips) {
  for (uint32_t v = 0; v < 256; ++v) {
    const uint32_t p = v | ((255 - v) << 8) | ((v ^ 0x5a) << 16) | (((v * 7) & 0xff) << 24);
    // unorm: every code round trips. snorm: every code except -128, which comes back as -127.
    EXPECT_EQ(pack4x8unorm(unpack4x8unorm(p)), p);
    uint32_t expect = p;
    for (int k = 0; k < 4; ++k) {
      if (((p >> (8 * k)) & 0xff) == 0x80) expect = (expect & ~(0xffu << (8 * k))) | (0x81u << (8 * k));
    }
    EXPECT_EQ(pack4x8snorm(unpack4x8snorm(p)), expect) << std::hex << p;
    EXPECT_EQ(pack4xI8(unpack4xI8(p)), p);
    EXPECT_EQ(pack4xU8(unpack4xU8(p)), p);
    EXPECT_EQ(pack4xI8Clamp(unpack4xI8(p)), p);
    EXPECT_EQ(pack4xU8Clamp(unpack4xU8(p)), p);
  }
  for (uint32_t v = 0; v < 65536; ++v) {
    const uint32_t p = v | ((v ^ 0xa5a5u) << 16);
    ASSERT_EQ(pack2x16unorm(unpack2x16unorm(p)), p);
    uint32_t expect = p;
    if ((p & 0xffffu) == 0x8000u) expect = (expect & 0xffff0000u) | 0x8001u;
    if ((p >> 16) == 0x8000u) expect = (expect & 0xffffu) | 0x80010000u;
    ASSERT_EQ(pack2x16snorm(unpack2x16snorm(p)), expect) << std::hex << p;
    // binary16: every non-NaN pattern round trips bit-exactly.
    const bool nan0 = ((p & 0x7c00u) == 0x7c00u) && (p & 0x3ffu);
    const bool nan1 = ((p & 0x7c000000u) == 0x7c000000u) && (p & 0x3ff0000u);
    if (!nan0 && !nan1) {
      ASSERT_EQ(pack2x16float(unpack2x16float(p)), p) << std::hex << p;
    }
  }
}

TEST(Pack, Float16) {
  EXPECT_EQ(pack2x16float({1.0f, -2.0f}), 0xc0003c00u);
  EXPECT_EQ(pack2x16float({0.1f, 65520.0f}), 0x7c002e66u);
  const auto f = unpack2x16float(0xc0003c00u);
  EXPECT_EQ(f[0], 1.0f);
  EXPECT_EQ(f[1], -2.0f);
  std::mt19937 rng(61);
  std::uniform_real_distribution<float> d(-70000.0f, 70000.0f);
  for (int i = 0; i < 100000; ++i) {
    const float a = d(rng) * (i % 3 == 0 ? 1e-6f : 1.0f), b = d(rng);
    const uint32_t expect = test::refF16FromDouble(a) | (uint32_t{test::refF16FromDouble(b)} << 16);
    ASSERT_EQ(pack2x16float({a, b}), expect) << a << " " << b;
  }
}

}  // namespace
}  // namespace wgsl::math
