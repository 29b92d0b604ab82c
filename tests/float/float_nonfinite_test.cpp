// --nonfinite=indeterminate:SEED replaces exactly the non-finite results of f32/f16 operations
// with finite values; --nonfinite=report records the first place (per source location) where a
// non-finite value appears from finite operands, without changing any result. Results must not
// depend on threads or the subgroup size.
#include "tests/float/float_test_util.h"

namespace wgsl::floattest {
namespace {

// Inputs that make some of the operations below overflow, divide by zero or leave a domain.
const std::vector<float> kA = {1.0f, 0.0f, -1.0f, 3e38f, 100.0f, -0.0f, 2.0f, 1e-30f};
const std::vector<float> kB = {0.0f, 0.0f, 2.0f, 10.0f, 0.5f, 1.0f, -3.0f, 1e30f};

const char* const kBodies[] = {
    "O[i] = a / b;", "O[i] = a * b;", "O[i] = exp(a);", "O[i] = log(a);", "O[i] = sqrt(a);",
    "O[i] = pow(b, a);", "O[i] = a + b * 1e38;", "O[i] = f32(f16(a * 1e5));", "O[i] = -(a / b) + 1.0;",
};

TEST(FloatNonFinite, IndeterminateChangesExactlyTheNonFiniteResults) {
  size_t nonfinite = 0;
  for (const char* body : kBodies) {
    const std::string src_body = body;
    const bool f16 = src_body.find("f16") != std::string::npos;
    auto run = [&](const Mode& m) {
      if (!f16) return runF32(m, body, kA, kB);
      const std::vector<uint8_t> zero = toBytes(std::vector<float>(kA.size(), 0.0f));
      return fromBytes<uint32_t>(
          runBytes(m, "enable f16;\n" + elementwiseSource("f32", "f32", body), toBytes(kA), toBytes(kB), zero, kA.size(), 4)
              .out);
    };
    const auto ieee = run(Mode{"ieee"});
    for (const char* seed : {"indeterminate:1", "indeterminate:2", "indeterminate:77"}) {
      const auto ind = run(Mode{"ieee", seed});
      for (size_t i = 0; i < kA.size(); ++i) {
        if (std::isfinite(floatOf(ieee[i]))) {
          EXPECT_EQ(ind[i], ieee[i]) << body << " " << seed << " element " << i;
        } else {
          EXPECT_TRUE(std::isfinite(floatOf(ind[i]))) << body << " " << seed << " element " << i;
          ++nonfinite;
        }
      }
    }
  }
  EXPECT_GT(nonfinite, 30u);  // the inputs do produce infinities and NaNs
}

TEST(FloatNonFinite, IndeterminateF16) {
  // 60000 + 60000 overflows binary16 (max 65504); 1 / 0 is +inf; 2 + 3 stays 5 (0x4500).
  const std::vector<uint16_t> a = {0x7b53, 0x3c00, 0x4000}, b = {0x7b53, 0x0000, 0x4200};
  const auto ieee = runF16(Mode{"ieee"}, "O[i] = select(a + b, a / b, i == 1u);", a, b);
  EXPECT_EQ(ieee, (std::vector<uint16_t>{0x7c00, 0x7c00, 0x4500}));
  const auto ind = runF16(Mode{"ieee", "indeterminate:5"}, "O[i] = select(a + b, a / b, i == 1u);", a, b);
  EXPECT_NE(ind[0] & 0x7c00, 0x7c00);
  EXPECT_NE(ind[1] & 0x7c00, 0x7c00);
  EXPECT_EQ(ind[2], 0x4500);
}

// Futhark's f32.minimum: a min-reduction whose neutral element is +inf (seed 000, 6.1.1).
TEST(FloatNonFinite, MinReductionWithInfinityAsNeutralElementChanges) {
  const std::string src =
      "@group(0) @binding(0) var<storage, read> inp: array<f32>;\n"
      "@group(0) @binding(1) var<storage, read_write> out: f32;\n"
      "@compute @workgroup_size(1)\n"
      "fn main() {\n"
      "  let zero = f32(arrayLength(&inp) - arrayLength(&inp));\n"
      "  var m = 1.0 / zero;\n"
      "  for (var i = 0u; i < arrayLength(&inp); i++) { m = min(m, inp[i]); }\n"
      "  out = m;\n"
      "}\n";
  auto run = [&](const Mode& mode) {
    Device dev = makeDevice(mode);
    ShaderModule m = dev.createShaderModule(src, "min.wgsl");
    EXPECT_TRUE(m.ok()) << m.diagnostics();
    Buffer inp = dev.createBuffer(std::vector<float>{5.0f, 3.0f, 7.0f}), out = dev.createBuffer(4);
    BindGroup bg;
    bg.bind(0, 0, inp).bind(0, 1, out);
    dev.dispatch(dev.createComputePipeline(m, "main"), {bg}, 1);
    return out.read<float>()[0];
  };
  EXPECT_EQ(run(Mode{"ieee"}), 3.0f);
  int changed = 0;
  for (int seed = 1; seed <= 8; ++seed) {
    const float r = run(Mode{"ieee", "indeterminate:" + std::to_string(seed)});
    EXPECT_LE(r, 3.0f);  // min(neutral, 5, 3, 7): never above the true minimum
    changed += r != 3.0f;
  }
  EXPECT_GT(changed, 0);  // some arbitrary neutral element is below every input
}

const char* const kReportSrc =
    "@group(0) @binding(0) var<storage, read> x: array<f32>;\n"
    "@group(0) @binding(1) var<storage, read_write> o: array<f32>;\n"
    "@compute @workgroup_size(64)\n"
    "fn main(@builtin(global_invocation_id) id: vec3u) {\n"
    "  let i = id.x;\n"
    "  let q = 1.0 / x[0];\n"
    "  let r = q + 1.0;\n"
    "  let e = exp(x[i]);\n"
    "  o[i] = r + e + (x[1] - x[1]) / x[0];\n"
    "}\n";

Report runReport(const Mode& mode, std::vector<float>* out) {
  Device dev = makeDevice(mode);
  ShaderModule m = dev.createShaderModule(kReportSrc, "r.wgsl");
  EXPECT_TRUE(m.ok()) << m.diagnostics();
  std::vector<float> x(256, 1.0f);
  x[0] = 0.0f;
  x[70] = 100.0f;   // exp overflows in workgroup 1, local index 6
  x[200] = 120.0f;  // and again later: not a new event
  Buffer bx = dev.createBuffer(x), bo = dev.createBuffer(256 * 4);
  BindGroup bg;
  bg.bind(0, 0, bx).bind(0, 1, bo);
  Report r = dev.dispatch(dev.createComputePipeline(m, "main"), {bg}, 4);
  if (out) *out = bo.read<float>();
  return r;
}

TEST(FloatNonFinite, ReportRecordsTheFirstPlacePerLocation) {
  std::vector<float> reported, plain;
  const Report r = runReport(Mode{"ieee", "report", 2, 32}, &reported);
  runReport(Mode{"ieee"}, &plain);
  EXPECT_EQ(r.status, Status::Ok) << r.summary();
  // Results are unchanged (compare bits: NaN != NaN).
  for (size_t i = 0; i < plain.size(); ++i) ASSERT_EQ(bitsOf(reported[i]), bitsOf(plain[i])) << i;
  // 1.0 / x[0] (line 6), exp(x[i]) (line 8), 0 / 0 (line 9, NaN); `q + 1.0` and the sums
  // only propagate what they were given.
  ASSERT_EQ(r.events.size(), 3u) << r.summary();
  EXPECT_EQ(r.event_count, 3u);
  const Event* div = nullptr;
  const Event* ex = nullptr;
  const Event* nan = nullptr;
  for (const Event& e : r.events) {
    EXPECT_EQ(e.kind, Event::NonFinite);
    EXPECT_EQ(e.location.file, "r.wgsl");
    if (e.location.line == 6) div = &e;
    if (e.location.line == 8) ex = &e;
    if (e.location.line == 9) nan = &e;
  }
  ASSERT_TRUE(div && ex && nan) << r.summary();
  EXPECT_EQ(div->location.column, 11u);  // where `1.0 / x[0]` starts
  EXPECT_EQ(div->operation, "x / y");
  EXPECT_EQ(div->operands, (std::vector<double>{1.0, 0.0}));
  EXPECT_TRUE(std::isinf(div->result) && div->result > 0);
  EXPECT_EQ(div->workgroup_id[0], 0u);
  EXPECT_EQ(div->local_invocation_index, 0u);
  EXPECT_NE(div->message.find("r.wgsl:6:11: x / y (f32) produced +inf from finite operands (1, 0)"), std::string::npos)
      << div->message;
  EXPECT_EQ(ex->operation, "exp(x)");
  EXPECT_EQ(ex->operands, (std::vector<double>{100.0}));
  EXPECT_EQ(ex->workgroup_id[0], 1u);
  EXPECT_EQ(ex->local_invocation_index, 6u);
  EXPECT_TRUE(std::isnan(nan->result));
  EXPECT_EQ(nan->operands, (std::vector<double>{0.0, 0.0}));
}

TEST(FloatNonFinite, ReportIsIndependentOfThreadsAndSubgroupSize) {
  auto key = [](const Report& r) {
    std::string s;
    for (const Event& e : r.events) s += e.message + "\n";
    return s;
  };
  const std::string base = key(runReport(Mode{"ieee", "report", 1, 32}, nullptr));
  for (uint32_t threads : {1u, 2u})
    for (uint32_t S : {4u, 8u, 64u}) EXPECT_EQ(key(runReport(Mode{"ieee", "report", threads, S}, nullptr)), base);
}

TEST(FloatNonFinite, RandomModesAreReproducibleAcrossThreadsAndSubgroupSizes) {
  std::vector<float> a(300), b(300);
  for (size_t i = 0; i < a.size(); ++i) {
    a[i] = static_cast<float>(i) * 0.37f - 40.0f;
    b[i] = static_cast<float>(i % 7) - 3.0f;
  }
  const std::string body = "O[i] = exp(a * 0.1) / b + sin(a) + pow(abs(b), 0.5) + tan(a);";
  std::vector<uint32_t> first;
  for (uint32_t threads : {1u, 2u})
    for (uint32_t S : {4u, 32u, 128u}) {
      const auto r = runF32(Mode{"ftz,ulp-random:9", "indeterminate:4", threads, S}, body, a, b);
      if (first.empty()) first = r;
      EXPECT_EQ(r, first) << threads << " threads, subgroup size " << S;
    }
}

}  // namespace
}  // namespace wgsl::floattest
