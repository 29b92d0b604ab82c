// --float=ftz: subnormal inputs and results of f32/f16 operations become zeros of the same sign;
// the smallest normals are kept; loads, stores, select and conversions keep subnormals
// (spec, "Differences from IEEE-754"). Bit patterns worked out by hand: binary32 subnormals
// are 0x00000001 (2^-149) to 0x007fffff, the smallest normal 0x00800000 (2^-126); binary16
// subnormals 0x0001 (2^-24) to 0x03ff, the smallest normal 0x0400 (2^-14).
#include "tests/float/float_test_util.h"

namespace wgsl::floattest {
namespace {

const Mode kIeee{"ieee"};
const Mode kFtz{"ftz"};

TEST(FloatFtz, F32SubnormalInputsOfAProductAreFlushed) {
  // a * 2^100 with a = 2^-149, -2^-149, the largest subnormal, the smallest normal.
  const std::vector<float> a = {floatOf(0x00000001u), floatOf(0x80000001u), floatOf(0x007fffffu),
                                floatOf(0x00800000u)};
  const std::vector<float> b(4, std::ldexp(1.0f, 100));
  const auto ieee = runF32(kIeee, "O[i] = a * b;", a, b);
  const auto ftz = runF32(kFtz, "O[i] = a * b;", a, b);
  // ieee: 2^-49 (exponent field 127 - 49 = 78), its negative, (2^-126 - 2^-149) * 2^100, 2^-26.
  EXPECT_EQ(ieee[0], 78u << 23);
  EXPECT_EQ(ieee[1], 0x80000000u | (78u << 23));
  EXPECT_EQ(ieee[2], (100u + 0u) << 23 | 0x7ffffeu);  // 0x007fffff * 2^100: exponent 100 (2^-27), mantissa shifted
  EXPECT_EQ(ieee[3], (127u - 26u) << 23);
  EXPECT_EQ(ftz[0], 0x00000000u);
  EXPECT_EQ(ftz[1], 0x80000000u);  // the zero keeps the sign
  EXPECT_EQ(ftz[2], 0x00000000u);
  EXPECT_EQ(ftz[3], ieee[3]);      // the smallest normal is not flushed
}

TEST(FloatFtz, F32SubnormalResultsAreFlushedWithTheirSign) {
  // 2^-100 * 2^-30 = 2^-130 (subnormal: 2^19 * 2^-149), 2^-63 * 2^-63 = 2^-126 (normal),
  // 1.5 * 2^-126 - 2^-126 = 2^-127 (subnormal).
  const std::vector<float> a = {std::ldexp(1.0f, -100), -std::ldexp(1.0f, -100), std::ldexp(1.0f, -63),
                                floatOf(0x00c00000u)};
  const std::vector<float> b = {std::ldexp(1.0f, -30), std::ldexp(1.0f, -30), std::ldexp(1.0f, -63),
                                floatOf(0x00800000u)};
  const std::string body = "O[i] = select(a * b, a - b, i == 3u);";
  const auto ieee = runF32(kIeee, body, a, b);
  const auto ftz = runF32(kFtz, body, a, b);
  EXPECT_EQ(ieee[0], 0x00080000u);
  EXPECT_EQ(ieee[1], 0x80080000u);
  EXPECT_EQ(ieee[2], 0x00800000u);
  EXPECT_EQ(ieee[3], 0x00400000u);
  EXPECT_EQ(ftz[0], 0x00000000u);
  EXPECT_EQ(ftz[1], 0x80000000u);
  EXPECT_EQ(ftz[2], 0x00800000u);
  EXPECT_EQ(ftz[3], 0x00000000u);
}

TEST(FloatFtz, ComparisonsSeeFlushedInputs) {
  const std::vector<float> a = {floatOf(0x00000001u), floatOf(0x00000001u), floatOf(0x00800000u)};
  const std::vector<float> b = {0.0f, floatOf(0x80000000u), 0.0f};
  const std::string body = "O[i] = select(0u, 1u, a != b) + select(0u, 2u, a > b) + select(0u, 4u, a == -b);";
  const auto ieee = runF32(kIeee, body, a, b, {}, "u32");
  const auto ftz = runF32(kFtz, body, a, b, {}, "u32");
  EXPECT_EQ(ieee, (std::vector<uint32_t>{3u, 3u, 3u}));
  // Flushed: 0 == 0 (and == -0); the smallest normal still compares as before.
  EXPECT_EQ(ftz, (std::vector<uint32_t>{4u, 4u, 3u}));
}

TEST(FloatFtz, LoadsStoresSelectAndConversionsKeepSubnormals) {
  const std::vector<float> a = {floatOf(0x00000001u), floatOf(0x807fffffu), floatOf(0x33800000u)};
  const std::vector<uint8_t> zero = toBytes(std::vector<float>(3, 0.0f));
  // Copy, select, and f32 -> f16 -> f32 of 2^-24 (0x33800000, the binary16 subnormal 0x0001).
  const std::string src =
      "enable f16;\n" + elementwiseSource("f32", "f32", "O[i] = select(a, b, false); if (i == 2u) { O[i] = f32(f16(a)); }");
  const auto out = fromBytes<uint32_t>(runBytes(kFtz, src, toBytes(a), zero, zero, 3, 4).out);
  EXPECT_EQ(out[0], 0x00000001u);
  EXPECT_EQ(out[1], 0x807fffffu);
  EXPECT_EQ(out[2], 0x33800000u);
}

TEST(FloatFtz, BuiltinsFlushInputsAndResults) {
  // sqrt(2^-148) = 2^-74 under ieee; the input is subnormal, so ftz gives sqrt(0) = 0.
  // ldexp(1, -130) = 2^-130 (subnormal result): 0 under ftz. min(2^-149, 1) = 2^-149: 0 under ftz.
  // exp(-90) is about 8.2e-40 (subnormal): 0 under ftz.
  const std::vector<float> a = {floatOf(0x00000002u), 1.0f, floatOf(0x00000001u), -90.0f};
  const std::string body =
      "switch i { case 0u: { O[i] = sqrt(a); } case 1u: { O[i] = ldexp(a, -130); } case 2u: { O[i] = min(a, 1.0); } "
      "default: { O[i] = exp(a); } }";
  const auto ieee = runF32(kIeee, body, a);
  const auto ftz = runF32(kFtz, body, a);
  EXPECT_EQ(ieee[0], (127u - 74u) << 23);
  EXPECT_EQ(ieee[1], 0x00080000u);
  EXPECT_EQ(ieee[2], 0x00000001u);
  EXPECT_GT(ieee[3], 0u);
  EXPECT_LT(ieee[3], 0x00800000u);  // subnormal under ieee
  EXPECT_EQ(ftz, (std::vector<uint32_t>{0u, 0u, 0u, 0u}));
}

TEST(FloatFtz, F16InputsAndResultsAtTheBinary16Boundary) {
  // 2^-24 * 2^10 = 2^-14 (0x0400) under ieee; the input is subnormal: 0 under ftz.
  // 2^-14 * 0.5 = 2^-15 (subnormal 0x0200) -> 0, and with a negative operand -> -0 (0x8000).
  // 2^-14 * 1 = 2^-14 (smallest normal) is kept. 0x03ff (largest subnormal) + 0 -> 0.
  const std::vector<uint16_t> a = {0x0001, 0x0400, 0x8400, 0x0400, 0x03ff};
  const std::vector<uint16_t> b = {0x6400 /* 1024 */, 0x3800 /* 0.5 */, 0x3800, 0x3c00 /* 1 */, 0x0000};
  const std::string body = "O[i] = select(a * b, a + b, i == 4u);";
  const auto ieee = runF16(kIeee, body, a, b);
  const auto ftz = runF16(kFtz, body, a, b);
  EXPECT_EQ(ieee, (std::vector<uint16_t>{0x0400, 0x0200, 0x8200, 0x0400, 0x03ff}));
  EXPECT_EQ(ftz, (std::vector<uint16_t>{0x0000, 0x0000, 0x8000, 0x0400, 0x0000}));
}

TEST(FloatFtz, SubgroupReductionsFlushInputs) {
  // subgroupAdd over 64 invocations of 2^-149 each (f32 subnormals): ieee 64 * 2^-149 = 2^-143
  // (0x00000040), ftz 0.
  const std::vector<float> a(64, floatOf(0x00000001u));
  const std::string body = "O[i] = subgroupAdd(a);";
  std::string src = "enable subgroups;\n" + elementwiseSource("f32", "f32", body);
  Mode ieee = kIeee, ftz = kFtz;
  ieee.subgroup_size = ftz.subgroup_size = 64;
  ieee.allow_nonuniform = ftz.allow_nonuniform = true;  // subgroupAdd after the bounds guard
  const auto zero = toBytes(std::vector<float>(64, 0.0f));
  const auto ri = fromBytes<uint32_t>(runBytes(ieee, src, toBytes(a), zero, zero, 64, 4).out);
  const auto rf = fromBytes<uint32_t>(runBytes(ftz, src, toBytes(a), zero, zero, 64, 4).out);
  EXPECT_EQ(ri[0], 0x00000040u);
  EXPECT_EQ(ri[63], 0x00000040u);
  EXPECT_EQ(rf[0], 0u);
  EXPECT_EQ(rf[63], 0u);
}

TEST(FloatFtz, IntegerArithmeticIsUnchanged) {
  const std::vector<float> a = {floatOf(0x00000001u), floatOf(0x00000003u)};
  // Bit casts and integer operations on subnormal bit patterns are exact in every mode.
  const auto ftz = runF32(kFtz, "O[i] = bitcast<u32>(a) * 3u + 1u;", a, {}, {}, "u32");
  EXPECT_EQ(ftz, (std::vector<uint32_t>{4u, 10u}));
}

}  // namespace
}  // namespace wgsl::floattest
