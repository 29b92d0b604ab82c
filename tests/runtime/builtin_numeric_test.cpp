// Numeric, bit, logical and packing built-ins and operators at run time, with edge cases. Each
// expected value is worked out from the spec's definition in the test.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "tests/runtime/kernel_test_util.h"

namespace wgsl::testing {
namespace {

// Evaluates `expr` (using inputs x: vec4<u32> loaded from the buffer, so nothing is
// const-folded) for each row of inputs; the result is written as u32 bits (bitcast for floats).
std::vector<uint32_t> evalRows(const std::string& prelude, const std::string& expr, const std::vector<uint32_t>& rows,
                               uint32_t out_width = 1) {
  Device dev({4});
  const std::string src = prelude + R"(
@group(0) @binding(0) var<storage, read> inp: array<vec4<u32>>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(4) fn main(@builtin(global_invocation_id) g: vec3<u32>) {
  if (g.x >= arrayLength(&inp)) { return; }
  let x = inp[g.x];
  let r = )" + expr + R"(;
  store(g.x, r);
})";
  const uint32_t n = static_cast<uint32_t>(rows.size() / 4);
  Buffer in = dev.createBuffer(rows), out = dev.createBuffer(n * 4 * out_width);
  Report rep = run(dev, src, {in, out}, (n + 3) / 4);
  EXPECT_TRUE(rep.ok()) << rep.summary();
  return out.read<uint32_t>();
}

const char* kStoreU32 = "fn store(i: u32, r: u32) { out[i] = r; }\n";
const char* kStoreI32 = "fn store(i: u32, r: i32) { out[i] = bitcast<u32>(r); }\n";
const char* kStoreF32 = "fn store(i: u32, r: f32) { out[i] = bitcast<u32>(r); }\n";

uint32_t I(int32_t v) { return static_cast<uint32_t>(v); }

TEST(IntegerOps, DivisionAndRemainderEdgeCases) {
  // i32: x / 0 == x, INT_MIN / -1 == INT_MIN, remainders 0 in those cases; truncation toward zero.
  std::vector<uint32_t> rows = {I(7), I(0), 0, 0, I(INT32_MIN), I(-1), 0, 0, I(-7), I(2), 0, 0, I(7), I(-2), 0, 0};
  auto div = evalRows(kStoreI32, "bitcast<i32>(x.x) / bitcast<i32>(x.y)", rows);
  EXPECT_EQ(div, (std::vector<uint32_t>{I(7), I(INT32_MIN), I(-3), I(-3)}));
  auto rem = evalRows(kStoreI32, "bitcast<i32>(x.x) % bitcast<i32>(x.y)", rows);
  EXPECT_EQ(rem, (std::vector<uint32_t>{0, 0, I(-1), I(1)}));
  auto udiv = evalRows(kStoreU32, "x.x / x.y", {9, 0, 0, 0, 9, 4, 0, 0, 0xffffffffu, 16, 0, 0, 5, 9, 0, 0});
  EXPECT_EQ(udiv, (std::vector<uint32_t>{9, 2, 0x0fffffffu, 0}));
  auto urem = evalRows(kStoreU32, "x.x % x.y", {9, 0, 0, 0, 9, 4, 0, 0, 0xffffffffu, 16, 0, 0, 5, 9, 0, 0});
  EXPECT_EQ(urem, (std::vector<uint32_t>{0, 1, 15, 5}));
}

TEST(IntegerOps, ShiftsTakeTheAmountModulo32AndWrap) {
  std::vector<uint32_t> rows = {1, 33, 0, 0, 0x80000000u, 31, 0, 0, 0xf0000000u, 36, 0, 0, 3, 0, 0, 0};
  EXPECT_EQ(evalRows(kStoreU32, "x.x << x.y", rows), (std::vector<uint32_t>{2, 0, 0, 3}));
  EXPECT_EQ(evalRows(kStoreU32, "x.x >> x.y", rows), (std::vector<uint32_t>{0, 1, 0x0f000000u, 3}));
  // Arithmetic shift for i32.
  EXPECT_EQ(evalRows(kStoreI32, "bitcast<i32>(x.x) >> x.y", rows),
            (std::vector<uint32_t>{0, 0xffffffffu, 0xff000000u, 3}));
  // Wrapping + - * and negation of INT_MIN.
  std::vector<uint32_t> w = {I(INT32_MAX), 1, 0, 0, I(INT32_MIN), 0, 0, 0, 0x10000u, 0x10000u, 0, 0, 5, 3, 0, 0};
  EXPECT_EQ(evalRows(kStoreI32, "bitcast<i32>(x.x) + bitcast<i32>(x.y)", w),
            (std::vector<uint32_t>{I(INT32_MIN), I(INT32_MIN), 0x20000u, 8}));
  EXPECT_EQ(evalRows(kStoreI32, "-bitcast<i32>(x.x)", w), (std::vector<uint32_t>{I(-INT32_MAX), I(INT32_MIN), I(-0x10000), I(-5)}));
  EXPECT_EQ(evalRows(kStoreU32, "x.x * x.y", w), (std::vector<uint32_t>{0x7fffffffu, 0, 0, 15}));
}

TEST(BitBuiltins, CountsAndFirstBits) {
  std::vector<uint32_t> rows = {0, 0, 0, 0, 1, 0, 0, 0, 0x80000000u, 0, 0, 0, 0xfffffff0u, 0, 0, 0, 0x00f00f00u, 0, 0, 0};
  EXPECT_EQ(evalRows(kStoreU32, "countLeadingZeros(x.x)", rows), (std::vector<uint32_t>{32, 31, 0, 0, 8}));
  EXPECT_EQ(evalRows(kStoreU32, "countTrailingZeros(x.x)", rows), (std::vector<uint32_t>{32, 0, 31, 4, 8}));
  EXPECT_EQ(evalRows(kStoreU32, "countOneBits(x.x)", rows), (std::vector<uint32_t>{0, 1, 1, 28, 8}));
  EXPECT_EQ(evalRows(kStoreU32, "firstLeadingBit(x.x)", rows), (std::vector<uint32_t>{0xffffffffu, 0, 31, 31, 23}));
  EXPECT_EQ(evalRows(kStoreU32, "firstTrailingBit(x.x)", rows), (std::vector<uint32_t>{0xffffffffu, 0, 31, 4, 8}));
  // i32 firstLeadingBit: -1 for 0 and -1; for negatives the highest 0 bit.
  EXPECT_EQ(evalRows(kStoreI32, "firstLeadingBit(bitcast<i32>(x.x))", rows),
            (std::vector<uint32_t>{I(-1), 0, 30, 3, 23}));
  EXPECT_EQ(evalRows(kStoreU32, "reverseBits(x.x)", rows), (std::vector<uint32_t>{0, 0x80000000u, 1, 0x0fffffffu, 0x00f00f00u}));
}

TEST(BitBuiltins, ExtractAndInsertBitsClampOffsetAndCount) {
  std::vector<uint32_t> rows = {0xabcd1234u, 4, 8, 0, 0xabcd1234u, 28, 8, 0, 0xabcd1234u, 40, 3, 0, 0xabcd1234u, 0, 32, 0};
  // offset o = min(offset, 32), count c = min(count, 32 - o).
  EXPECT_EQ(evalRows(kStoreU32, "extractBits(x.x, x.y, x.z)", rows), (std::vector<uint32_t>{0x23, 0xa, 0, 0xabcd1234u}));
  // Signed: sign-extended from bit c-1: 0x23 (bit 7 clear) -> 0x23; 0xa in 4 bits -> -6.
  EXPECT_EQ(evalRows(kStoreI32, "extractBits(bitcast<i32>(x.x), x.y, x.z)", rows),
            (std::vector<uint32_t>{0x23, I(-6), 0, 0xabcd1234u}));
  EXPECT_EQ(evalRows(kStoreU32, "insertBits(x.x, 0xffu, x.y, x.z)", rows),
            (std::vector<uint32_t>{0xabcd1ff4u, 0xfbcd1234u, 0xabcd1234u, 0xffu}));
}

TEST(FloatOps, RoundingOfArithmeticAndConversions) {
  // 1 + 2^-24 rounds to 1 (halfway, even); 1 + 3*2^-24 rounds up to 1 + 2^-22.
  const float one = 1.0f, tiny = std::ldexp(1.0f, -24), three_tiny = std::ldexp(3.0f, -24);
  std::vector<uint32_t> rows = {bitsOf(one), bitsOf(tiny), 0, 0, bitsOf(one), bitsOf(three_tiny), 0, 0};
  EXPECT_EQ(evalRows(kStoreF32, "bitcast<f32>(x.x) + bitcast<f32>(x.y)", rows),
            (std::vector<uint32_t>{bitsOf(1.0f), bitsOf(1.0f + std::ldexp(1.0f, -22))}));
  // Subnormals are kept: smallest subnormal * 0.5 rounds to 0 (halfway to even), * 1.5 to 2^-148.
  const float denorm = std::numeric_limits<float>::denorm_min();
  std::vector<uint32_t> sub = {bitsOf(denorm), bitsOf(0.5f), 0, 0, bitsOf(denorm), bitsOf(1.5f), 0, 0, bitsOf(denorm * 4), bitsOf(0.25f), 0, 0};
  EXPECT_EQ(evalRows(kStoreF32, "bitcast<f32>(x.x) * bitcast<f32>(x.y)", sub),
            (std::vector<uint32_t>{0, bitsOf(denorm * 2), bitsOf(denorm)}));
  // f32 -> i32/u32: truncation, clamping to the representable range; NaN -> 0 here.
  std::vector<uint32_t> conv = {bitsOf(-2.75f), 0, 0, 0, bitsOf(3e9f), 0, 0, 0, bitsOf(-3e9f), 0, 0, 0, bitsOf(NAN), 0, 0, 0};
  EXPECT_EQ(evalRows(kStoreI32, "i32(bitcast<f32>(x.x))", conv), (std::vector<uint32_t>{I(-2), 2147483520u, I(INT32_MIN), 0}));
  EXPECT_EQ(evalRows(kStoreU32, "u32(bitcast<f32>(x.x))", conv), (std::vector<uint32_t>{0, 3000000000u, 0, 0}));
  // u32 -> f32 rounds to nearest even: 2^24 + 1 -> 2^24; 2^24 + 3 -> 2^24 + 4.
  std::vector<uint32_t> ints = {16777217u, 0, 0, 0, 16777219u, 0, 0, 0};
  EXPECT_EQ(evalRows(kStoreF32, "f32(x.x)", ints), (std::vector<uint32_t>{bitsOf(16777216.0f), bitsOf(16777220.0f)}));
}

TEST(FloatBuiltins, ValuesFromTheSpecDefinitions) {
  std::vector<uint32_t> rows = {bitsOf(2.5f), bitsOf(-1.25f), bitsOf(0.5f), 0, bitsOf(-0.5f), bitsOf(3.0f), bitsOf(0.25f), 0};
  auto f = [&](const std::string& e) { return evalRows(kStoreF32, e, rows); };
  auto fx = [](float a, float b) { return std::vector<uint32_t>{bitsOf(a), bitsOf(b)}; };
  const std::string a = "bitcast<f32>(x.x)", b = "bitcast<f32>(x.y)", c = "bitcast<f32>(x.z)";
  EXPECT_EQ(f("round(" + a + ")"), fx(2.0f, -0.0f));  // halfway to even, sign of zero kept
  EXPECT_EQ(f("floor(" + a + ")"), fx(2.0f, -1.0f));
  EXPECT_EQ(f("ceil(" + a + ")"), fx(3.0f, -0.0f));
  EXPECT_EQ(f("fract(" + a + ")"), fx(0.5f, 0.5f));
  EXPECT_EQ(f("trunc(" + a + ")"), fx(2.0f, -0.0f));
  EXPECT_EQ(f("abs(" + b + ")"), fx(1.25f, 3.0f));
  EXPECT_EQ(f("sign(" + b + ")"), fx(-1.0f, 1.0f));
  EXPECT_EQ(f("min(" + a + ", " + b + ")"), fx(-1.25f, -0.5f));
  EXPECT_EQ(f("max(" + a + ", " + b + ")"), fx(2.5f, 3.0f));
  EXPECT_EQ(f("clamp(" + a + ", -1.0, 1.0)"), fx(1.0f, -0.5f));
  EXPECT_EQ(f("saturate(" + a + ")"), fx(1.0f, 0.0f));
  EXPECT_EQ(f("step(" + c + ", " + a + ")"), fx(1.0f, 0.0f));
  EXPECT_EQ(f("mix(" + a + ", " + b + ", " + c + ")"), fx(2.5f * 0.5f + -1.25f * 0.5f, -0.5f * 0.75f + 3.0f * 0.25f));
  EXPECT_EQ(f("fma(" + a + ", " + b + ", " + c + ")"), fx(2.5f * -1.25f + 0.5f, -0.5f * 3.0f + 0.25f));
  EXPECT_EQ(f("sqrt(abs(" + b + "))"), fx(std::sqrt(1.25f), std::sqrt(3.0f)));
  EXPECT_EQ(f("ldexp(" + a + ", 3)"), fx(20.0f, -4.0f));
  EXPECT_EQ(f("frexp(" + a + ").fract"), fx(0.625f, -0.5f));
  EXPECT_EQ(evalRows(kStoreI32, "frexp(" + a + ").exp", rows), (std::vector<uint32_t>{2, 0}));
  EXPECT_EQ(f("modf(" + b + ").fract"), fx(-0.25f, 0.0f));
  EXPECT_EQ(f("modf(" + b + ").whole"), fx(-1.0f, 3.0f));
  EXPECT_EQ(f("dot(vec3(" + a + ", " + b + ", 1.0), vec3(2.0, " + c + ", 4.0))"),
            fx(2.5f * 2.0f + -1.25f * 0.5f + 4.0f, -0.5f * 2.0f + 3.0f * 0.25f + 4.0f));
  EXPECT_EQ(f("length(vec2(" + b + ", 4.0))"), fx(std::sqrt(1.25f * 1.25f + 16.0f), 5.0f));
  EXPECT_EQ(f("cross(vec3(" + a + ", 1.0, 0.0), vec3(0.0, " + b + ", 1.0)).x"), fx(1.0f, 1.0f));
  EXPECT_EQ(f("cross(vec3(" + a + ", 1.0, 0.0), vec3(0.0, " + b + ", 1.0)).y"), fx(-2.5f, 0.5f));
  EXPECT_EQ(f("cross(vec3(" + a + ", 1.0, 0.0), vec3(0.0, " + b + ", 1.0)).z"), fx(2.5f * -1.25f, -0.5f * 3.0f));
  EXPECT_EQ(f("determinant(mat2x2(" + a + ", 1.0, 2.0, " + b + "))"), fx(2.5f * -1.25f - 2.0f, -0.5f * 3.0f - 2.0f));
  EXPECT_EQ(f("(mat2x2(" + a + ", 1.0, 2.0, " + b + ") * vec2(1.0, " + c + ")).y"), fx(1.0f + -1.25f * 0.5f, 1.0f + 3.0f * 0.25f));
  EXPECT_EQ(f("select(" + a + ", " + b + ", " + a + " > 0.0)"), fx(-1.25f, -0.5f));
}

TEST(F16, ExactBinary16ArithmeticAndOverflow) {
  // 65504 is the largest f16; 65504 + 16 = 65520 is halfway to 2^16 and rounds to infinity;
  // 65504 + 8 rounds back to 65504. 1 + 2^-11 is halfway between 1 and 1 + 2^-10: even -> 1.
  const std::string pre = std::string("enable f16;\n") + kStoreF32;
  std::vector<uint32_t> rows = {bitsOf(65504.0f), bitsOf(16.0f), 0, 0, bitsOf(65504.0f), bitsOf(8.0f), 0, 0,
                                bitsOf(1.0f), bitsOf(std::ldexp(1.0f, -11)), 0, 0, bitsOf(1.0f), bitsOf(std::ldexp(3.0f, -11)), 0, 0};
  auto r = evalRows(pre, "f32(f16(bitcast<f32>(x.x)) + f16(bitcast<f32>(x.y)))", rows);
  EXPECT_EQ(r[0], bitsOf(INFINITY));
  EXPECT_EQ(r[1], bitsOf(65504.0f));
  EXPECT_EQ(r[2], bitsOf(1.0f));
  EXPECT_EQ(r[3], bitsOf(1.0f + std::ldexp(1.0f, -9)));
  // f16 subnormals: 2^-24 is the smallest; 2^-24 * 0.5 -> 0 (tie to even), * 1.5 -> 2^-23.
  std::vector<uint32_t> sub = {bitsOf(std::ldexp(1.0f, -24)), bitsOf(0.5f), 0, 0, bitsOf(std::ldexp(1.0f, -24)), bitsOf(1.5f), 0, 0};
  auto s = evalRows(pre, "f32(f16(bitcast<f32>(x.x)) * f16(bitcast<f32>(x.y)))", sub);
  EXPECT_EQ(s, (std::vector<uint32_t>{0, bitsOf(std::ldexp(1.0f, -23))}));
  // vec2<f16> bitcast to u32: little-endian halves.
  auto b = evalRows(std::string("enable f16;\n") + kStoreU32, "bitcast<u32>(vec2<f16>(f16(bitcast<f32>(x.x)), f16(bitcast<f32>(x.y))))",
                    {bitsOf(1.0f), bitsOf(-2.0f), 0, 0});
  EXPECT_EQ(b[0], 0x3c00u | (0xc000u << 16));
}

TEST(Packing, RoundTripsAndSpecFormulas) {
  // pack4x8snorm: floor(0.5 + 127 * clamp(e, -1, 1)) per byte, e.x in the low byte.
  std::vector<uint32_t> rows = {bitsOf(1.0f), bitsOf(-1.0f), bitsOf(0.5f), bitsOf(-2.0f)};
  auto p = evalRows(kStoreU32, "pack4x8snorm(bitcast<vec4<f32>>(x))", rows);
  const auto byte = [](double v) { return static_cast<uint32_t>(static_cast<int32_t>(std::floor(0.5 + 127 * v))) & 0xffu; };
  EXPECT_EQ(p[0], byte(1) | byte(-1) << 8 | byte(0.5) << 16 | byte(-1) << 24);
  auto u = evalRows(kStoreU32, "pack4x8unorm(bitcast<vec4<f32>>(x))", rows);
  EXPECT_EQ(u[0], 255u | 0u << 8 | 128u << 16 | 0u << 24);
  // Round trips through unpack.
  auto rt = evalRows(kStoreF32, "unpack4x8snorm(pack4x8snorm(bitcast<vec4<f32>>(x))).z", rows);
  EXPECT_EQ(rt[0], bitsOf(64.0f / 127.0f));
  auto h = evalRows(kStoreU32, "pack2x16float(bitcast<vec2<f32>>(x.xy))", rows);
  EXPECT_EQ(h[0], 0x3c00u | 0xbc00u << 16);
  auto uh = evalRows(kStoreF32, "unpack2x16float(x.x).y", {0x3c00u | 0xc100u << 16, 0, 0, 0});
  EXPECT_EQ(uh[0], bitsOf(-2.5f));
  auto i8 = evalRows(kStoreU32, "pack4xI8Clamp(bitcast<vec4<i32>>(x))", {I(-200), I(5), I(127), I(300)});
  EXPECT_EQ(i8[0], 0x80u | 5u << 8 | 0x7fu << 16 | 0x7fu << 24);
  auto dot = evalRows(kStoreI32, "dot4I8Packed(x.x, x.y)", {0xff02fe01u, 0x01010203u, 0, 0});
  // bytes a = (1, -2, 2, -1), b = (3, 2, 1, 1): 3 - 4 + 2 - 1 = 0
  EXPECT_EQ(dot[0], 0u);
  auto unp = evalRows(kStoreI32, "unpack4xI8(x.x).w", {0x80000000u, 0, 0, 0});
  EXPECT_EQ(unp[0], I(-128));
}

TEST(Logical, AllAnyAndBoolVectors) {
  std::vector<uint32_t> rows = {1, 1, 1, 1, 1, 0, 1, 1, 0, 0, 0, 0};
  EXPECT_EQ(evalRows(kStoreU32, "select(0u, 1u, all(x != vec4(0u)))", rows), (std::vector<uint32_t>{1, 0, 0}));
  EXPECT_EQ(evalRows(kStoreU32, "select(0u, 1u, any(x != vec4(0u)))", rows), (std::vector<uint32_t>{1, 1, 0}));
  EXPECT_EQ(evalRows(kStoreU32, "u32(!(x.y == 1u))", rows), (std::vector<uint32_t>{0, 1, 1}));
}

}  // namespace
}  // namespace wgsl::testing

namespace wgsl::testing {
namespace {

std::vector<float> evalF(const std::string& expr, const std::vector<float>& x) {
  std::vector<uint32_t> rows;
  for (float v : x) {
    rows.push_back(bitsOf(v));
    rows.push_back(0);
    rows.push_back(0);
    rows.push_back(0);
  }
  auto r = evalRows(kStoreF32, expr, rows);
  std::vector<float> out;
  for (uint32_t b : r) out.push_back(floatOf(b));
  return out;
}

TEST(FloatBuiltins, TranscendentalsWithinTheSpecsAccuracy) {
  const std::vector<float> x = {0.3f, 1.7f, 2.9f, 0.05f};
  const std::string a = "bitcast<f32>(x.x)";
  struct Case {
    std::string expr;
    double (*ref)(double);
  };
  const Case cases[] = {
      {"sin(" + a + ")", [](double v) { return std::sin(v); }},
      {"cos(" + a + ")", [](double v) { return std::cos(v); }},
      {"exp(" + a + ")", [](double v) { return std::exp(v); }},
      {"exp2(" + a + ")", [](double v) { return std::exp2(v); }},
      {"log(" + a + ")", [](double v) { return std::log(v); }},
      {"log2(" + a + ")", [](double v) { return std::log2(v); }},
      {"atan(" + a + ")", [](double v) { return std::atan(v); }},
      {"tanh(" + a + ")", [](double v) { return std::tanh(v); }},
      {"inverseSqrt(" + a + ")", [](double v) { return 1.0 / std::sqrt(v); }},
      {"degrees(" + a + ")", [](double v) { return v * 180.0 / 3.14159265358979323846; }},
      {"radians(" + a + ")", [](double v) { return v * 3.14159265358979323846 / 180.0; }},
      {"pow(" + a + ", 2.5)", [](double v) { return std::pow(v, 2.5); }},
      {"atan2(" + a + ", 0.5)", [](double v) { return std::atan2(v, 0.5); }},
      {"smoothstep(0.0, 3.0, " + a + ")", [](double v) { double t = v / 3.0; return t * t * (3 - 2 * t); }},
  };
  for (const auto& c : cases) {
    auto got = evalF(c.expr, x);
    for (size_t i = 0; i < x.size(); ++i) {
      const double ref = c.ref(x[i]);
      // The spec allows a few ULP (or 2^-21 absolute for sin/cos on [-pi, pi]); 1e-5 relative
      // is within every bound used here.
      EXPECT_NEAR(got[i], ref, 1e-5 * std::max(1.0, std::fabs(ref))) << c.expr << " at " << x[i];
    }
  }
}

TEST(FloatBuiltins, GeometricAndMatrixFunctions) {
  const std::vector<float> x = {2.0f, -1.0f};
  const std::string a = "bitcast<f32>(x.x)";
  auto f = [&](const std::string& e) { return evalF(e, x); };
  // normalize((a, 0, 0)) = (sign(a), 0, 0); distance((a, 0), (0, 0)) = |a|.
  EXPECT_EQ(f("normalize(vec3(" + a + ", 0.0, 0.0)).x"), (std::vector<float>{1.0f, -1.0f}));
  EXPECT_EQ(f("distance(vec2(" + a + ", 0.0), vec2(0.0, 0.0))"), (std::vector<float>{2.0f, 1.0f}));
  // reflect(I, N) = I - 2 dot(N, I) N with I = (a, -1), N = (0, 1): (a, 1).
  EXPECT_EQ(f("reflect(vec2(" + a + ", -1.0), vec2(0.0, 1.0)).y"), (std::vector<float>{1.0f, 1.0f}));
  // faceForward(N, I, Nref) = N if dot(Nref, I) < 0 else -N.
  EXPECT_EQ(f("faceForward(vec2(1.0, 0.0), vec2(" + a + ", 0.0), vec2(1.0, 0.0)).x"), (std::vector<float>{-1.0f, 1.0f}));
  // refract with eta = 1 passes straight through: I.
  EXPECT_EQ(f("refract(vec2(0.0, -1.0), vec2(0.0, 1.0), abs(" + a + ") * 0.5).y"), (std::vector<float>{-1.0f, -1.0f}) );
  // 3x3 determinant: diag(a, 2, 3) with an off-diagonal 1 at [1][0]: a*2*3 - 0.
  EXPECT_EQ(f("determinant(mat3x3(" + a + ", 0.0, 0.0, 1.0, 2.0, 0.0, 0.0, 0.0, 3.0))"), (std::vector<float>{12.0f, -6.0f}));
  // (A * B)[1][0] with A = [[a, 1], [2, 3]] (columns), B = identity * 2 + [1][0] = 1.
  // B columns: (2, 0), (1, 2): (A*B) col 1 = A * (1, 2) = (a + 4, 1 + 6).
  EXPECT_EQ(f("(mat2x2(" + a + ", 1.0, 2.0, 3.0) * mat2x2(2.0, 0.0, 1.0, 2.0))[1][0]"), (std::vector<float>{6.0f, 3.0f}));
  // v * M = (dot(v, col0), dot(v, col1)).
  EXPECT_EQ(f("(vec2(1.0, " + a + ") * mat2x2(1.0, 2.0, 3.0, 4.0)).y"), (std::vector<float>{3.0f + 8.0f, 3.0f - 4.0f}));
  EXPECT_EQ(f("transpose(mat2x3(" + a + ", 1.0, 2.0, 3.0, 4.0, 5.0))[2][1]"), (std::vector<float>{5.0f, 5.0f}));
}

TEST(IntegerOps, VectorsAndSelectWithVectorConditions) {
  std::vector<uint32_t> rows = {1, 2, 3, 4, 0xffffffffu, 0, 16, 7};
  // Component-wise on vec4<u32>; select with a vector condition picks per component.
  auto r = evalRows(kStoreU32, "dot(select(x, countLeadingZeros(x), x > vec4(2u)), vec4(1u, 10u, 100u, 1000u))", rows);
  EXPECT_EQ(r[0], 1u + 20u + 30u * 100u + 29u * 1000u);
  EXPECT_EQ(r[1], 0u + 0u + 27u * 100u + 29u * 1000u);
  auto m = evalRows(kStoreI32, "dot(min(bitcast<vec4<i32>>(x), vec4(2)), vec4(1, 10, 100, 1000))", rows);
  EXPECT_EQ(static_cast<int32_t>(m[0]), 1 + 20 + 200 + 2000);
  EXPECT_EQ(static_cast<int32_t>(m[1]), -1 + 0 + 200 + 2000);
}

}  // namespace
}  // namespace wgsl::testing
