// f16 (`enable f16;`) under ieee: conversions from f32 and from integers and arithmetic round
// to nearest even at every binary16 boundary (normal ties, the subnormal range, overflow to
// infinity); f16 -> f32 is exact. Expected bit patterns worked out by hand: binary16 has 10
// fraction bits, exponent bias 15; 1.0 = 0x3c00, 65504 = 0x7bff (largest finite), +inf = 0x7c00,
// 2^-14 = 0x0400 (smallest normal), 2^-24 = 0x0001 (smallest subnormal).
#include "tests/float/float_test_util.h"

namespace wgsl::floattest {
namespace {

const Mode kIeee{"ieee"};

std::vector<uint16_t> f16FromF32Kernel(const std::vector<float>& x) {
  const std::vector<uint8_t> zero = toBytes(std::vector<float>(x.size(), 0.0f));
  const std::string k = "enable f16;\n"
                        "@group(0) @binding(0) var<storage, read> A: array<f32>;\n"
                        "@group(0) @binding(1) var<storage, read> B: array<f32>;\n"
                        "@group(0) @binding(2) var<storage, read> C: array<f32>;\n"
                        "@group(0) @binding(3) var<storage, read_write> O: array<f16>;\n"
                        "@compute @workgroup_size(64)\n"
                        "fn main(@builtin(global_invocation_id) id: vec3u) {\n"
                        "  if (id.x < arrayLength(&O) && id.x < arrayLength(&A)) { O[id.x] = f16(A[id.x]); }\n"
                        "}\n";
  return fromBytes<uint16_t>(runBytes(kIeee, k, toBytes(x), zero, zero, x.size(), 2).out);
}

TEST(FloatF16, ConversionFromF32RoundsToNearestEvenAtEveryBoundary) {
  const float one = 1.0f;
  const std::vector<float> x = {
      65504.0f,                                  // largest finite: 0x7bff
      65519.996f,                                // just below the midpoint to 65536: 0x7bff
      65520.0f,                                  // the midpoint: ties to even -> "65536" = +inf
      -65520.0f,                                 // -inf
      one + std::ldexp(1.0f, -11),               // tie between 1 and 1 + 2^-10: even -> 1 (0x3c00)
      one + 3 * std::ldexp(1.0f, -11),           // tie between 0x3c01 and 0x3c02: even -> 0x3c02
      one + std::ldexp(1.0f, -11) + std::ldexp(1.0f, -20),  // above the tie: 0x3c01
      std::ldexp(1.0f, -24),                     // smallest subnormal 0x0001
      std::ldexp(1.0f, -25),                     // tie between 0 and 2^-24: even -> 0
      3 * std::ldexp(1.0f, -26),                 // 1.5 * 2^-25 = 0.75 * 2^-24: -> 0x0001
      3 * std::ldexp(1.0f, -25),                 // 1.5 * 2^-24: tie -> 2 * 2^-24 (0x0002)
      std::ldexp(1.0f, -14) - std::ldexp(1.0f, -25),  // tie between 0x03ff and 0x0400: even -> 0x0400
      -std::ldexp(1.0f, -26),                    // rounds to -0 (0x8000)
  };
  const std::vector<uint16_t> expect = {0x7bff, 0x7bff, 0x7c00, 0xfc00, 0x3c00, 0x3c02, 0x3c01,
                                        0x0001, 0x0000, 0x0001, 0x0002, 0x0400, 0x8000};
  EXPECT_EQ(f16FromF32Kernel(x), expect);
}

TEST(FloatF16, ConversionOfNaNIsANaN) {
  const auto r = f16FromF32Kernel({std::nanf("")});
  EXPECT_EQ(r[0] & 0x7c00, 0x7c00);
  EXPECT_NE(r[0] & 0x03ff, 0);  // some NaN; the payload is not relied upon
}

TEST(FloatF16, ConversionFromIntegers) {
  // Near 2^11 the binary16 spacing is 2: 2049 and 2051 are ties (to 2048 and 2052, the even
  // significands), 2050 is exact. 65519 and 65520 lie outside binary16's finite range (above
  // 65504): the spec's "numeric conversion to floating point" then gives the infinity of the
  // sign, since an integer source has no extra significand bits to discard.
  const std::vector<int32_t> i = {2049, 2050, 2051, 65504, 65519, 65520, -2049, -70000, 0};
  const std::vector<uint16_t> expect_i = {0x6800, 0x6801, 0x6802, 0x7bff, 0x7c00, 0x7c00, 0xe800, 0xfc00, 0x0000};
  const std::string k =
      "enable f16;\n"
      "@group(0) @binding(0) var<storage, read> A: array<i32>;\n"
      "@group(0) @binding(1) var<storage, read> B: array<u32>;\n"
      "@group(0) @binding(2) var<storage, read> C: array<u32>;\n"
      "@group(0) @binding(3) var<storage, read_write> O: array<f16>;\n"
      "@compute @workgroup_size(64)\n"
      "fn main(@builtin(global_invocation_id) id: vec3u) {\n"
      "  let n = arrayLength(&A);\n"
      "  if (id.x < n) { O[id.x] = f16(A[id.x]); O[n + id.x] = f16(B[id.x]); }\n"
      "}\n";
  const std::vector<uint32_t> u = {2049u, 2051u, 4294967295u, 65535u, 1u, 0u, 3u, 4u, 5u};
  const auto out = fromBytes<uint16_t>(runBytes(kIeee, k, toBytes(i), toBytes(u), toBytes(u), 18, 2).out);
  for (size_t j = 0; j < i.size(); ++j) EXPECT_EQ(out[j], expect_i[j]) << i[j];
  const std::vector<uint16_t> expect_u = {0x6800, 0x6802, 0x7c00, 0x7c00, 0x3c00, 0x0000, 0x4200, 0x4400, 0x4500};
  for (size_t j = 0; j < u.size(); ++j) EXPECT_EQ(out[i.size() + j], expect_u[j]) << u[j];
}

TEST(FloatF16, ArithmeticRoundsOnceToBinary16) {
  // 65504 + 16 = 65520: the tie to 65536, even -> +inf; 65504 + 8 -> 65504.
  // 1 + 2^-11: tie -> 1; 1 + 3 * 2^-11: tie -> 1 + 2^-9 (0x3c02).
  // 2^-14 * 2^-10 = 2^-24 (0x0001); 2^-14 * 2^-11 = 2^-25: tie -> 0; 2^-14 * 1.5 * 2^-11 -> 0x0001.
  // 1 / 3 = 0.333251953125 (0x3555: 0x155 / 1024 + 1 times 2^-2, rounded down).
  const std::vector<uint16_t> a = {0x7bff, 0x7bff, 0x3c00, 0x3c00, 0x0400, 0x0400, 0x0400, 0x3c00};
  const std::vector<uint16_t> b = {0x4c00 /* 16 */, 0x4800 /* 8 */, 0x1000 /* 2^-11 */, 0x1600 /* 3 * 2^-11 */,
                                   0x1400 /* 2^-10 */, 0x1000, 0x1200 /* 1.5 * 2^-11 */, 0x4200 /* 3 */};
  const std::string body = "O[i] = select(select(a + b, a * b, i >= 4u && i < 7u), a / b, i == 7u);";
  EXPECT_EQ(runF16(kIeee, body, a, b), (std::vector<uint16_t>{0x7c00, 0x7bff, 0x3c00, 0x3c02, 0x0001, 0x0000, 0x0001, 0x3555}));
}

TEST(FloatF16, ConversionToF32IsExact) {
  const std::vector<uint16_t> h = {0x0001, 0x03ff, 0x0400, 0x7bff, 0x8400, 0x3555, 0xfc00};
  const std::string k =
      "enable f16;\n"
      "@group(0) @binding(0) var<storage, read> A: array<f16>;\n"
      "@group(0) @binding(1) var<storage, read> B: array<f16>;\n"
      "@group(0) @binding(2) var<storage, read> C: array<f16>;\n"
      "@group(0) @binding(3) var<storage, read_write> O: array<f32>;\n"
      "@compute @workgroup_size(64)\n"
      "fn main(@builtin(global_invocation_id) id: vec3u) {\n"
      "  if (id.x < arrayLength(&O)) { O[id.x] = f32(A[id.x]); }\n"
      "}\n";
  const std::vector<uint8_t> zero = toBytes(std::vector<uint16_t>(h.size(), 0));
  const auto out = fromBytes<float>(runBytes(kIeee, k, toBytes(h), zero, zero, h.size(), 4).out);
  for (size_t j = 0; j < h.size(); ++j) EXPECT_EQ(static_cast<double>(out[j]), f16Value(h[j])) << std::hex << h[j];
}

// The spec's ULP for binary16 (the gap between the two binary16 values around x).
double ulpF16(double x) {
  x = std::fabs(x);
  if (x < std::ldexp(1.0, -14)) return std::ldexp(1.0, -24);
  int k = 0;
  std::frexp(x, &k);
  const int e = k - 1;
  if (x == std::ldexp(1.0, e) && e > -14) return std::ldexp(1.0, e - 11);
  return std::ldexp(1.0, e - 10);
}

TEST(FloatF16, BuiltinsAgreeWithAHigherPrecisionReference) {
  // ieee computes binary16 built-ins in binary32 and rounds once: within one binary16 ULP of
  // the exact value (well inside the spec's bounds), and correctly rounded for sqrt.
  struct Fn {
    const char* body;
    long double (*ref)(long double);
    bool correctly_rounded;
  };
  const Fn fns[] = {{"O[i] = sqrt(a);", [](long double x) { return std::sqrt(x); }, true},
                    {"O[i] = sin(a);", [](long double x) { return std::sin(x); }, false},
                    {"O[i] = cos(a);", [](long double x) { return std::cos(x); }, false},
                    {"O[i] = exp(a);", [](long double x) { return std::exp(x); }, false},
                    {"O[i] = log(a);", [](long double x) { return std::log(x); }, false},
                    {"O[i] = atan(a);", [](long double x) { return std::atan(x); }, false},
                    {"O[i] = tanh(a);", [](long double x) { return std::tanh(x); }, false}};
  // 0.3 (0x34cd), 1.5 (0x3e00), 2.75 (0x4180), 0.0999 (0x2e66), 7.0 (0x4700)
  const std::vector<uint16_t> a = {0x34cd, 0x3e00, 0x4180, 0x2e66, 0x4700};
  for (const Fn& f : fns) {
    const auto r = runF16(kIeee, f.body, a);
    for (size_t i = 0; i < a.size(); ++i) {
      const long double ref = f.ref(f16Value(a[i]));
      const double v = f16Value(r[i]);
      const double err = static_cast<double>(std::fabs(v - ref));
      if (f.correctly_rounded) {
        EXPECT_LE(err, ulpF16(static_cast<double>(ref)) / 2) << f.body << " at " << f16Value(a[i]);
      } else {
        EXPECT_LT(err, ulpF16(static_cast<double>(ref))) << f.body << " at " << f16Value(a[i]) << ": " << v;
      }
    }
  }
}

TEST(FloatF16, UlpMaxExpIsAtTheFarEdgeOfItsBound) {
  // exp in binary16: 1 + 2 * |x| ULP. Positive results: the next binary16 value outward is the
  // bit pattern plus or minus one.
  const std::vector<uint16_t> a = {0x34cd, 0x3e00, 0xbc00 /* -1 */};
  const auto r = runF16(Mode{"ulp-max"}, "O[i] = exp(a);", a);
  const auto ieee = runF16(kIeee, "O[i] = exp(a);", a);
  for (size_t i = 0; i < a.size(); ++i) {
    const double x = f16Value(a[i]);
    const long double ref = std::exp(static_cast<long double>(x));
    const double bound = (1 + 2 * std::fabs(x)) * ulpF16(static_cast<double>(ref));
    const double v = f16Value(r[i]);
    EXPECT_LE(std::fabs(v - ref), bound) << x;
    const uint16_t further = v >= ref ? static_cast<uint16_t>(r[i] + 1) : static_cast<uint16_t>(r[i] - 1);
    EXPECT_GT(std::fabs(f16Value(further) - ref), bound) << x;
    EXPECT_NE(r[i], ieee[i]) << x;
  }
}

}  // namespace
}  // namespace wgsl::floattest
