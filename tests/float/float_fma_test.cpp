// --float=fma: the lowering contracts `a * b + c`, `c + a * b`, `a * b - c`, `c - a * b`,
// `x += a * b`, `x -= a * b`, matrix products and dot into one fused operation rounded once.
// Expected values: the fused result computed in long double (exact for these products) and
// rounded once, the unfused one with each operation rounded to binary32; inputs chosen so the
// two differ (worked out in the comments).
#include "tests/float/float_test_util.h"

namespace wgsl::floattest {
namespace {

const Mode kIeee{"ieee"};
const Mode kFma{"fma"};

float fused(float a, float b, float c) {
  // a * b is exact in long double (48 significant bits <= 64); one rounding of the sum.
  const long double p = static_cast<long double>(a) * static_cast<long double>(b);
  return static_cast<float>(static_cast<double>(p + static_cast<long double>(c)));
}
float unfused(float a, float b, float c) {
  volatile float p = a * b;
  volatile float s = p + c;
  return s;
}

// (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24 rounds (tie, to even) to 1 + 2^-11 in binary32.
const float kA = 1.0f + std::ldexp(1.0f, -12);
const float kC = -(1.0f + std::ldexp(1.0f, -11));

TEST(FloatFma, ScalarMultiplyAddIsRoundedOnce) {
  const std::vector<float> a = {kA, 3.0f}, b = {kA, 5.0f}, c = {kC, 1.0f};
  const auto ieee = runF32(kIeee, "O[i] = a * b + c;", a, b, c);
  const auto fma = runF32(kFma, "O[i] = a * b + c;", a, b, c);
  ASSERT_EQ(unfused(kA, kA, kC), 0.0f);
  ASSERT_EQ(fused(kA, kA, kC), std::ldexp(1.0f, -24));
  EXPECT_EQ(floatOf(ieee[0]), 0.0f);
  EXPECT_EQ(floatOf(fma[0]), std::ldexp(1.0f, -24));  // 5.9604645e-8
  EXPECT_EQ(floatOf(ieee[1]), 16.0f);                   // exact either way
  EXPECT_EQ(floatOf(fma[1]), 16.0f);
}

TEST(FloatFma, EveryContractedFormMatchesTheFusedReference) {
  // Forms with their fused meaning: c + a*b = fma(a, b, c); a*b - c = fma(a, b, -c);
  // c - a*b = fma(-a, b, c); parenthesised operands and a scalar times a vector component.
  struct Form {
    const char* body;
    float (*ref)(float, float, float);
  };
  const Form forms[] = {
      {"O[i] = c + a * b;", [](float a, float b, float c) { return fused(a, b, c); }},
      {"O[i] = (a * b) - c;", [](float a, float b, float c) { return fused(a, b, -c); }},
      {"O[i] = c - (a * b);", [](float a, float b, float c) { return fused(-a, b, c); }},
      {"var x = c; x += a * b; O[i] = x;", [](float a, float b, float c) { return fused(a, b, c); }},
      {"var x = c; x -= a * b; O[i] = x;", [](float a, float b, float c) { return fused(-a, b, c); }},
      {"O[i] = (vec2f(a, 1.0) * b + vec2f(c)).x;", [](float a, float b, float c) { return fused(a, b, c); }},
  };
  const std::vector<float> a = {kA, -kA, 0.1f, 3.0f, kA}, b = {kA, kA, 0.3f, 1.0f / 3.0f, kA};
  const std::vector<float> c = {kC, -kC, -0.03f, -1.0f, -kC};
  for (const Form& f : forms) {
    const auto fma = runF32(kFma, f.body, a, b, c);
    const auto ieee = runF32(kIeee, f.body, a, b, c);
    bool any_difference = false;
    for (size_t i = 0; i < a.size(); ++i) {
      EXPECT_EQ(fma[i], bitsOf(f.ref(a[i], b[i], c[i]))) << f.body << " element " << i;
      any_difference = any_difference || fma[i] != ieee[i];
    }
    EXPECT_TRUE(any_difference) << f.body << ": the inputs should tell fused from unfused";
  }
}

TEST(FloatFma, MatrixProductsAccumulateWithFusedSteps) {
  // mat2x2 * vec2: column 0 * v.x, then fma(column 1, v.y, that). Row 0: m00 * v.x rounded,
  // then fused with m10 * v.y. With m00 = kA, v.x = kA (product rounds to 1 + 2^-11) and
  // m10 * v.y = kC * 1 exactly, row 0 is (1 + 2^-11) + kC = 0 either way; with the roles
  // swapped (the rounded product second) the fused step keeps 2^-24.
  const std::string body =
      "let m = mat2x2f(vec2f(c, a), vec2f(a, c)); let v = vec2f(1.0, b); O[i] = (m * v)[i % 2u];";
  const std::vector<float> a = {kA, kA}, b = {kA, kA}, c = {kC, kC};
  const auto fma = runF32(kFma, body, a, b, c);
  const auto ieee = runF32(kIeee, body, a, b, c);
  // Row 0 = c * 1 + a * b: fused from the second term on: fma(a, b, c) = 2^-24.
  EXPECT_EQ(floatOf(fma[0]), fused(kA, kA, kC));
  EXPECT_EQ(floatOf(ieee[0]), unfused(kA, kA, kC));
  // Row 1 = a * 1 + c * b = fma(c, b, a) with c * b = -(1 + 2^-11)(1 + 2^-12).
  EXPECT_EQ(floatOf(fma[1]), fused(kC, kA, kA));
  EXPECT_EQ(floatOf(ieee[1]), unfused(kC, kA, kA));
}

TEST(FloatFma, DotIsAChainOfFusedMultiplyAdds) {
  const std::string body = "O[i] = dot(vec2f(c, a), vec2f(1.0, b));";
  const std::vector<float> a = {kA}, b = {kA}, c = {kC};
  EXPECT_EQ(floatOf(runF32(kFma, body, a, b, c)[0]), fused(kA, kA, kC));
  EXPECT_EQ(floatOf(runF32(kIeee, body, a, b, c)[0]), 0.0f);
}

TEST(FloatFma, F16MultiplyAddIsRoundedOnce) {
  // (1 + 2^-6)^2 = 1 + 2^-5 + 2^-12; binary16 keeps 10 fraction bits, so the product rounds
  // to 1 + 2^-5 and the sum with -(1 + 2^-5) is 0; fused it is 2^-12 (0x0c00).
  const uint16_t x = 0x3c10;  // 1 + 2^-6
  const uint16_t y = 0xbc20;  // -(1 + 2^-5)
  EXPECT_EQ(runF16(kIeee, "O[i] = a * b + c;", {x}, {x}, {y})[0], 0x0000);
  EXPECT_EQ(runF16(kFma, "O[i] = a * b + c;", {x}, {x}, {y})[0], 0x0c00);
}

TEST(FloatFma, F16FmaBuiltinRoundsOnceInEveryMode) {
  // fma(1 + 2^-10, 1.5, -2^-24): the product 1.5 + 2^-10 + 2^-11 lies exactly halfway between
  // 1.5 + 2^-10 (0x3e01) and 1.5 + 2^-9 (0x3e02); the tiny negative addend puts the exact sum
  // below the midpoint, so the correctly rounded result is 0x3e01. Rounding through binary32
  // first would lose the addend (half a binary32 ULP, tie to even) and then round the tie up.
  EXPECT_EQ(runF16(kIeee, "O[i] = fma(a, b, c);", {0x3c01}, {0x3e00}, {0x8001})[0], 0x3e01);
  EXPECT_EQ(runF16(kFma, "O[i] = fma(a, b, c);", {0x3c01}, {0x3e00}, {0x8001})[0], 0x3e01);
}

TEST(FloatFma, IntegerMultiplyAddIsNotContracted) {
  Device dev = makeDevice(kFma);
  ShaderModule m = dev.createShaderModule(
      "@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n"
      "@compute @workgroup_size(1) fn main() { o[0] = o[1] * o[2] + o[3]; }\n");
  ASSERT_TRUE(m.ok()) << m.diagnostics();
  const std::string ir = dev.createComputePipeline(m, "main").dumpIr();
  EXPECT_EQ(ir.find("fma"), std::string::npos) << ir;
  EXPECT_NE(ir.find("Mul.U32"), std::string::npos) << ir;
}

TEST(FloatFma, DumpIrShowsTheFusedInstructionOnlyUnderFma) {
  const std::string src =
      "@group(0) @binding(0) var<storage, read_write> o: array<f32>;\n"
      "@compute @workgroup_size(1) fn main() { o[0] = o[1] * o[2] + o[3]; }\n";
  for (const Mode& mode : {kIeee, kFma}) {
    Device dev = makeDevice(mode);
    ShaderModule m = dev.createShaderModule(src);
    ASSERT_TRUE(m.ok()) << m.diagnostics();
    const std::string ir = dev.createComputePipeline(m, "main").dumpIr();
    const bool fused_op = ir.find("Math3.F32 fma (contracted)") != std::string::npos;
    EXPECT_EQ(fused_op, mode.float_mode == "fma") << ir;
    EXPECT_EQ(ir.find("Add.F32") != std::string::npos, mode.float_mode != "fma") << ir;
  }
}

}  // namespace
}  // namespace wgsl::floattest
