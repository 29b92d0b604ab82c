// Bit built-ins against naive per-bit loops written from the spec's wording: countOneBits,
// countLeadingZeros, countTrailingZeros, firstLeadingBit (signed and unsigned),
// firstTrailingBit, reverseBits, extractBits (offset/count clamping, sign extension),
// insertBits, dot4I8Packed, dot4U8Packed.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "interp/math/scalar_math.h"

namespace wgsl::math {
namespace {

bool bit(uint32_t x, uint32_t i) { return ((x >> i) & 1u) != 0; }

// Inputs: edge patterns plus random values with varied bit densities.
std::vector<uint32_t> inputs() {
  std::vector<uint32_t> v = {0u,          1u,          2u,          3u,          0x7fffffffu,
                             0x80000000u, 0x80000001u, 0xffffffffu, 0xfffffffeu, 0x40000000u,
                             0x0000ffffu, 0xffff0000u, 0x00f00000u, 0xaaaaaaaau, 0x55555555u};
  for (uint32_t i = 0; i < 32; ++i) {
    v.push_back(1u << i);
    v.push_back(~(1u << i));
    v.push_back((1u << i) - 1u);
    v.push_back(~((1u << i) - 1u));
  }
  std::mt19937 rng(43);
  for (int i = 0; i < 20000; ++i) {
    uint32_t x = rng();
    if (i % 3 == 1) x &= rng();
    if (i % 3 == 2) x >>= (rng() % 32);
    v.push_back(x);
  }
  return v;
}

TEST(Bits, CountsMatchNaiveLoops) {
  for (const uint32_t x : inputs()) {
    uint32_t ones = 0, lead = 0, trail = 0;
    for (uint32_t i = 0; i < 32; ++i) ones += bit(x, i);
    while (lead < 32 && !bit(x, 31 - lead)) ++lead;
    while (trail < 32 && !bit(x, trail)) ++trail;
    ASSERT_EQ(countOneBits(x), ones) << std::hex << x;
    ASSERT_EQ(countLeadingZeros(x), lead) << std::hex << x;
    ASSERT_EQ(countTrailingZeros(x), trail) << std::hex << x;
  }
  EXPECT_EQ(countLeadingZeros(0u), 32u);
  EXPECT_EQ(countTrailingZeros(0u), 32u);
  EXPECT_EQ(countOneBits(0xffffffffu), 32u);
}

TEST(Bits, FirstLeadingAndTrailingBit) {
  EXPECT_EQ(firstLeadingBitU32(0u), 0xffffffffu);
  EXPECT_EQ(firstLeadingBitU32(1u), 0u);
  EXPECT_EQ(firstLeadingBitU32(0x80000000u), 31u);
  EXPECT_EQ(firstTrailingBit(0u), 0xffffffffu);
  EXPECT_EQ(firstTrailingBit(0x80000000u), 31u);
  EXPECT_EQ(firstTrailingBit(12u), 2u);
  // Signed: -1 for 0 and -1, otherwise the highest bit differing from the sign bit.
  EXPECT_EQ(firstLeadingBitI32(0), -1);
  EXPECT_EQ(firstLeadingBitI32(-1), -1);
  EXPECT_EQ(firstLeadingBitI32(1), 0);
  EXPECT_EQ(firstLeadingBitI32(-2), 0);  // ...11110
  EXPECT_EQ(firstLeadingBitI32(INT32_MIN), 30);
  EXPECT_EQ(firstLeadingBitI32(INT32_MAX), 30);
  EXPECT_EQ(firstLeadingBitI32(0x00f00000), 23);
  EXPECT_EQ(firstLeadingBitI32(-0x00f00001), 23);  // ~0x00f00000
  for (const uint32_t x : inputs()) {
    int32_t lead = -1, slead = -1, trail = -1;
    for (int i = 31; i >= 0 && lead < 0; --i)
      if (bit(x, i)) lead = i;
    for (int i = 0; i < 32 && trail < 0; ++i)
      if (bit(x, i)) trail = i;
    const bool s = bit(x, 31);
    for (int i = 30; i >= 0 && slead < 0; --i)
      if (bit(x, i) != s) slead = i;
    ASSERT_EQ(firstLeadingBitU32(x), static_cast<uint32_t>(lead)) << std::hex << x;
    ASSERT_EQ(firstTrailingBit(x), static_cast<uint32_t>(trail)) << std::hex << x;
    ASSERT_EQ(firstLeadingBitI32(static_cast<int32_t>(x)), slead) << std::hex << x;
  }
}

TEST(Bits, ReverseBits) {
  EXPECT_EQ(reverseBits(1u), 0x80000000u);
  EXPECT_EQ(reverseBits(0x0000000fu), 0xf0000000u);
  EXPECT_EQ(reverseBits(0x12345678u), 0x1e6a2c48u);
  for (const uint32_t x : inputs()) {
    uint32_t r = 0;
    for (uint32_t i = 0; i < 32; ++i)
      if (bit(x, i)) r |= 1u << (31 - i);
    ASSERT_EQ(reverseBits(x), r) << std::hex << x;
  }
}

// The spec's extractBits/insertBits wording, one bit at a time.
uint32_t naiveExtract(uint32_t e, uint32_t offset, uint32_t count, bool signExtend) {
  const uint32_t w = 32;
  const uint32_t o = offset < w ? offset : w;
  const uint32_t c = count < w - o ? count : w - o;
  if (c == 0) return 0;
  uint32_t r = 0;
  for (uint32_t i = 0; i < c; ++i)
    if (bit(e, o + i)) r |= 1u << i;
  const bool top = bit(r, c - 1);
  for (uint32_t i = c; i < w; ++i)
    if (signExtend && top) r |= 1u << i;
  return r;
}

uint32_t naiveInsert(uint32_t e, uint32_t newbits, uint32_t offset, uint32_t count) {
  const uint32_t w = 32;
  const uint32_t o = offset < w ? offset : w;
  const uint32_t c = count < w - o ? count : w - o;
  uint32_t r = e;
  for (uint32_t i = 0; i < c; ++i) {
    r &= ~(1u << (o + i));
    if (bit(newbits, i)) r |= 1u << (o + i);
  }
  return r;
}

TEST(Bits, ExtractBitsKnownValues) {
  EXPECT_EQ(extractBitsU32(0x000000f0u, 4, 4), 0xfu);
  EXPECT_EQ(extractBitsI32(0x000000f0, 4, 4), -1);  // sign-extended from bit 3
  EXPECT_EQ(extractBitsI32(0x00000070, 4, 4), 7);
  EXPECT_EQ(extractBitsI32(0x12345678, 0, 32), 0x12345678);
  EXPECT_EQ(extractBitsU32(0xdeadbeefu, 0, 32), 0xdeadbeefu);
  EXPECT_EQ(extractBitsI32(INT32_MIN, 31, 5), -1);  // c = min(5, 1) = 1
  EXPECT_EQ(extractBitsU32(0x80000000u, 31, 5), 1u);
  EXPECT_EQ(extractBitsU32(0xffffffffu, 40, 5), 0u);  // o = 32, c = 0
  EXPECT_EQ(extractBitsI32(-1, 40, 5), 0);
  EXPECT_EQ(extractBitsI32(-1, 3, 0), 0);  // c == 0 gives 0
  EXPECT_EQ(extractBitsU32(0xffffffffu, 28, 0xffffffffu), 0xfu);
  EXPECT_EQ(extractBitsI32(-1, 28, 0xffffffffu), -1);
  EXPECT_EQ(extractBitsI32(0x40000000, 30, 2), 1);
  EXPECT_EQ(extractBitsI32(static_cast<int32_t>(0x80000000u), 30, 2), -2);
}

TEST(Bits, InsertBitsKnownValues) {
  EXPECT_EQ(insertBits(0u, 0xffu, 28, 8), 0xf0000000u);  // c = min(8, 4)
  EXPECT_EQ(insertBits(0x12345678u, 0xabcdef01u, 0, 32), 0xabcdef01u);
  EXPECT_EQ(insertBits(0x12345678u, 0xffu, 32, 8), 0x12345678u);  // o = 32
  EXPECT_EQ(insertBits(0x12345678u, 0xffu, 100, 100), 0x12345678u);
  EXPECT_EQ(insertBits(0x12345678u, 0xffu, 4, 0), 0x12345678u);  // c == 0
  EXPECT_EQ(insertBits(0xffffffffu, 0u, 8, 8), 0xffff00ffu);
  EXPECT_EQ(insertBits(0u, 0x5u, 1, 3), 0xau);
}

TEST(Bits, ExtractAndInsertMatchSpecWordingOverAllOffsetsAndCounts) {
  std::vector<uint32_t> amounts;
  for (uint32_t i = 0; i <= 40; ++i) amounts.push_back(i);
  for (const uint32_t big : {63u, 64u, 1000u, 0x7fffffffu, 0x80000000u, 0xffffffffu})
    amounts.push_back(big);
  std::mt19937 rng(47);
  std::vector<uint32_t> values = {0u, 0xffffffffu, 0x80000000u, 0x7fffffffu, 0xaaaaaaaau};
  for (int i = 0; i < 30; ++i) values.push_back(rng());
  for (const uint32_t e : values) {
    const uint32_t nb = rng();
    for (const uint32_t o : amounts) {
      for (const uint32_t c : amounts) {
        ASSERT_EQ(extractBitsU32(e, o, c), naiveExtract(e, o, c, false)) << e << " " << o << " " << c;
        ASSERT_EQ(static_cast<uint32_t>(extractBitsI32(static_cast<int32_t>(e), o, c)),
                  naiveExtract(e, o, c, true))
            << e << " " << o << " " << c;
        ASSERT_EQ(insertBits(e, nb, o, c), naiveInsert(e, nb, o, c)) << e << " " << o << " " << c;
      }
    }
  }
}

TEST(Bits, PackedDotProducts) {
  // 4 * (-128 * -128) = 65536 and 4 * (-128 * 127) = -65024: the spec's stated extremes.
  EXPECT_EQ(dot4I8Packed(0x80808080u, 0x80808080u), 65536);
  EXPECT_EQ(dot4I8Packed(0x80808080u, 0x7f7f7f7fu), -65024);
  EXPECT_EQ(dot4I8Packed(0x01020304u, 0x05060708u), 1 * 5 + 2 * 6 + 3 * 7 + 4 * 8);
  EXPECT_EQ(dot4I8Packed(0x000000ffu, 0x00000002u), -2);  // 0xff is -1
  EXPECT_EQ(dot4U8Packed(0xffffffffu, 0xffffffffu), 4u * 255u * 255u);
  EXPECT_EQ(dot4U8Packed(0x000000ffu, 0x00000002u), 510u);
  std::mt19937 rng(53);
  for (int i = 0; i < 100000; ++i) {
    const uint32_t a = rng(), b = rng();
    int32_t s = 0;
    uint32_t u = 0;
    for (int k = 0; k < 4; ++k) {
      const uint32_t x = (a >> (8 * k)) & 0xff, y = (b >> (8 * k)) & 0xff;
      s += (x >= 128 ? static_cast<int32_t>(x) - 256 : static_cast<int32_t>(x)) *
           (y >= 128 ? static_cast<int32_t>(y) - 256 : static_cast<int32_t>(y));
      u += x * y;
    }
    ASSERT_EQ(dot4I8Packed(a, b), s);
    ASSERT_EQ(dot4U8Packed(a, b), u);
  }
}

}  // namespace
}  // namespace wgsl::math
