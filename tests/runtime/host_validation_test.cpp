// Host-side validation (WebGPU's rules) throws wgsl::runtime::Error with a clear message;
// run-time problems become Report events.
#include <gtest/gtest.h>

#include "tests/runtime/kernel_test_util.h"

namespace wgsl::testing {
namespace {

const char* kTwoBindings = R"(
@group(0) @binding(0) var<storage, read> a: array<vec4<f32>, 4>;
@group(0) @binding(1) var<storage, read_write> b: array<u32>;
@compute @workgroup_size(8) fn main(@builtin(global_invocation_id) g: vec3<u32>) {
  b[g.x] = u32(a[g.x % 4u].x);
})";

template <typename F>
std::string errorOf(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(HostValidation, MissingBindingNamesTheSlot) {
  Device dev;
  ComputePipeline p = makePipeline(dev, kTwoBindings);
  Buffer a = dev.createBuffer(64);
  BindGroup bg;
  bg.bind(0, 0, a);
  const std::string msg = errorOf([&] { dev.dispatch(p, {bg}, 1); });
  EXPECT_NE(msg.find("'b' (@group(0) @binding(1)"), std::string::npos) << msg;
  EXPECT_NE(msg.find("no buffer is bound"), std::string::npos) << msg;
}

TEST(HostValidation, BufferSmallerThanMinimumBindingSize) {
  Device dev;
  ComputePipeline p = makePipeline(dev, kTwoBindings);
  Buffer a = dev.createBuffer(48), b = dev.createBuffer(64);  // array<vec4<f32>, 4> needs 64 bytes
  BindGroup bg;
  bg.bind(0, 0, a).bind(0, 1, b);
  const std::string msg = errorOf([&] { dev.dispatch(p, {bg}, 1); });
  EXPECT_NE(msg.find("48 bytes, smaller than the minimum binding size 64"), std::string::npos) << msg;
}

TEST(HostValidation, UniformBufferInStorageSlot) {
  Device dev;
  ComputePipeline p = makePipeline(dev, kTwoBindings);
  Buffer a = dev.createBuffer(64, kUsageUniform), b = dev.createBuffer(64);
  BindGroup bg;
  bg.bind(0, 0, a).bind(0, 1, b);
  const std::string msg = errorOf([&] { dev.dispatch(p, {bg}, 1); });
  EXPECT_NE(msg.find("kUsageStorage"), std::string::npos) << msg;
}

TEST(HostValidation, DispatchBeyondLimits) {
  Device dev;
  ComputePipeline p = makePipeline(dev, kTwoBindings);
  Buffer a = dev.createBuffer(64), b = dev.createBuffer(64);
  BindGroup bg;
  bg.bind(0, 0, a).bind(0, 1, b);
  const std::string msg = errorOf([&] { dev.dispatch(p, {bg}, 70000); });
  EXPECT_NE(msg.find("maxComputeWorkgroupsPerDimension = 65535"), std::string::npos) << msg;
}

TEST(HostValidation, WorkgroupSizeBeyondLimits) {
  Device dev;
  const std::string src = "@compute @workgroup_size(16, 16, 2) fn main() {}";
  ShaderModule m = dev.createShaderModule(src);
  ASSERT_TRUE(m.ok()) << m.diagnostics();
  const std::string msg = errorOf([&] { dev.createComputePipeline(m, "main"); });
  EXPECT_NE(msg.find("maxComputeInvocationsPerWorkgroup = 256"), std::string::npos) << msg;
}

TEST(HostValidation, InvalidModuleUnknownEntryAndUnknownOverride) {
  Device dev;
  ShaderModule bad = dev.createShaderModule("fn f() { let x: i32 = 1.5; }", "bad.wgsl");
  EXPECT_FALSE(bad.ok());
  EXPECT_NE(bad.diagnostics().find("bad.wgsl:1:"), std::string::npos) << bad.diagnostics();
  EXPECT_NE(errorOf([&] { dev.createComputePipeline(bad, "f"); }).find("the module has 1 error"), std::string::npos);
  ShaderModule m = dev.createShaderModule("override k: u32 = 1u; @compute @workgroup_size(1) fn main() { _ = k; }");
  ASSERT_TRUE(m.ok()) << m.diagnostics();
  EXPECT_NE(errorOf([&] { dev.createComputePipeline(m, "mian"); }).find("no compute entry point named 'mian'"),
            std::string::npos);
  EXPECT_NE(errorOf([&] { dev.createComputePipeline(m, "main", {{"q", 1}}); }).find("override 'q'"), std::string::npos);
}

TEST(HostValidation, WritableAliasingAndBadSubgroupSize) {
  Device dev;
  ComputePipeline p = makePipeline(dev, R"(
@group(0) @binding(0) var<storage, read_write> a: array<u32>;
@group(0) @binding(1) var<storage, read_write> b: array<u32>;
@compute @workgroup_size(1) fn main() { a[0] = b[0]; })");
  Buffer x = dev.createBuffer(1024);
  BindGroup bg;
  bg.bind(0, 0, x, 0, 512).bind(0, 1, x, 256, 256);
  EXPECT_NE(errorOf([&] { dev.dispatch(p, {bg}, 1); }).find("overlapping"), std::string::npos);
  EXPECT_NE(errorOf([] { Device d({12}); }).find("power of two"), std::string::npos);
}

// WGSL, "Uniformity": a barrier in control flow that depends on a storage value (non-uniform)
// makes the module invalid. Shader creation runs the analysis, so the C++ API rejects it like a
// parse error, unless the module option allows it (then a warning, and the module runs).
TEST(HostValidation, ShaderCreationRejectsWhatTheUniformityAnalysisRejects) {
  const char* src = R"(@group(0) @binding(0) var<storage, read_write> a: array<u32>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) {
  if (a[i] > 0u) { workgroupBarrier(); }
})";
  Device dev;
  ShaderModule bad = dev.createShaderModule(src, "nonuniform.wgsl");
  EXPECT_FALSE(bad.ok());
  EXPECT_EQ(bad.errorCount(), 1u);
  EXPECT_EQ(bad.uniformityErrorCount(), 1u);
  EXPECT_NE(bad.diagnostics().find("nonuniform.wgsl:3:"), std::string::npos) << bad.diagnostics();
  EXPECT_NE(bad.diagnostics().find("error:"), std::string::npos) << bad.diagnostics();
  EXPECT_NE(errorOf([&] { dev.createComputePipeline(bad, "main"); }).find("the module has 1 error"), std::string::npos);

  ShaderModuleOptions allow;
  allow.allow_nonuniform = true;
  ShaderModule ok = dev.createShaderModule(src, "nonuniform.wgsl", allow);
  EXPECT_TRUE(ok.ok()) << ok.diagnostics();
  EXPECT_EQ(ok.errorCount(), 0u);
  EXPECT_EQ(ok.uniformityErrorCount(), 1u);
  EXPECT_NE(ok.uniformityDiagnostics().find("warning:"), std::string::npos) << ok.uniformityDiagnostics();
  ComputePipeline p = dev.createComputePipeline(ok, "main");
  Buffer a = dev.createBuffer(std::vector<uint32_t>{1, 1, 1, 1});  // every invocation reaches the barrier
  BindGroup bg;
  bg.bind(0, 0, a);
  EXPECT_EQ(dev.dispatch(p, {bg}, 1).status, Status::Ok);
}

// "Diagnostic Filtering": `diagnostic(warning, derivative_uniformity)` makes a uniformity failure
// of that rule a warning. The module is valid and the warning is among its diagnostics (the C
// API's compilation info lists it as a warning); `off` drops it.
TEST(HostValidation, UniformityWarningsFromDiagnosticFiltersAreKept) {
  const std::string body = R"(
@group(0) @binding(0) var t: texture_1d<f32>;
@group(0) @binding(1) var s: sampler;
var<private> c: bool;
@fragment fn main() { if c { _ = textureSample(t, s, 0.0); } })";
  Device dev;
  ShaderModule warn = dev.createShaderModule("diagnostic(warning, derivative_uniformity);" + body, "w.wgsl");
  EXPECT_TRUE(warn.ok()) << warn.diagnostics();
  EXPECT_EQ(warn.errorCount(), 0u);
  EXPECT_NE(warn.diagnostics().find("w.wgsl:5:34: warning: 'textureSample'"), std::string::npos) << warn.diagnostics();
  ShaderModule off = dev.createShaderModule("diagnostic(off, derivative_uniformity);" + body, "o.wgsl");
  EXPECT_TRUE(off.ok()) << off.diagnostics();
  EXPECT_EQ(off.diagnostics(), "");
}

// The validate* functions return every finding of a request, each with its rule and field, and
// never throw for a bad request: the run-spec runner and the C API build on them.
TEST(HostValidation, ValidationReturnsStructuredFindings) {
  Device dev;
  ComputePipeline p = makePipeline(dev, kTwoBindings);  // a: 64 bytes (read), b: runtime array (read_write)
  int x = 0;
  std::vector<BindingPlan> plan = {
      {0, 0, &x, "in", 48},  // too small: array<vec4<f32>, 4> is 64 bytes
      {0, 5, &x, "in", 48},  // no resource there
  };
  Findings f = dev.validateBindings(p, plan);
  ASSERT_EQ(f.size(), 3u);
  EXPECT_EQ(f[0].rule, Finding::Rule::UnusedEntry);
  EXPECT_EQ(f[0].field, "bind.0:5");
  EXPECT_EQ(f[1].rule, Finding::Rule::MinBindingSize);
  EXPECT_EQ(f[1].field, "bind.0:0");
  EXPECT_NE(f[1].message.find("buffer 'in' bound to 'a' (@group(0) @binding(0), read-only storage buffer) is 48 bytes"),
            std::string::npos)
      << f[1].message;
  EXPECT_EQ(f[2].rule, Finding::Rule::Unbound);
  EXPECT_EQ(f[2].field, "bind");

  // One buffer bound read-only and read_write: WebGPU's writable aliasing rule.
  plan = {{0, 0, &x, "buf", 1024}, {0, 1, &x, "buf", 1024}};
  f = dev.validateBindings(p, plan);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].rule, Finding::Rule::WritableAliasing);

  f = dev.validateDispatch(p, 65536, 1, 0);  // 0 is allowed (nothing runs); 65536 is above the limit
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].rule, Finding::Rule::DispatchLimit);
  EXPECT_TRUE(dev.validateDispatch(p, 65535, 65535, 65535).empty());

  f = dev.validateIndirect(16, kUsageIndirect, 8);  // counts at 8..20 of a 16-byte buffer
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].rule, Finding::Rule::IndirectRange);
  EXPECT_EQ(dev.validateBuffer(uint64_t{1} << 40).front().rule, Finding::Rule::BufferSize);
}

TEST(HostValidation, TexturesAreReportedAsUnsupported) {
  Device dev;
  ShaderModule m = dev.createShaderModule(R"(
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var<storage, read_write> o: vec4<f32>;
@compute @workgroup_size(1) fn main() { o = textureLoad(t, vec2<i32>(0, 0), 0); })");
  ASSERT_TRUE(m.ok()) << m.diagnostics();
  EXPECT_NE(errorOf([&] { dev.createComputePipeline(m, "main"); }).find("not supported yet"), std::string::npos);
}

TEST(DynamicErrors, OutOfBoundsAccessIsReportedAndHarmless) {
  Device dev;
  ComputePipeline p = makePipeline(dev, R"(
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) {
  out[i] = data[i * 3u];
  data[i + 2u] = 7u;
})");
  Buffer data = dev.createBuffer(std::vector<uint32_t>{10, 11, 12, 13}), out = dev.createBuffer(16);
  BindGroup bg;
  bg.bind(0, 0, data).bind(0, 1, out);
  Report r = dev.dispatch(p, {bg}, 1);
  EXPECT_EQ(r.status, Status::DynamicError);
  // Loads: i*3 = 0, 3 in range; 6, 9 out of range -> zero. Stores: i+2 = 2, 3 in range; 4, 5 dropped.
  EXPECT_EQ(out.read<uint32_t>(), (std::vector<uint32_t>{10, 13, 0, 0}));
  EXPECT_EQ(data.read<uint32_t>(), (std::vector<uint32_t>{10, 11, 7, 7}));
  EXPECT_EQ(r.event_count, 4u);
  ASSERT_FALSE(r.events.empty());
  const Event& e = r.events[0];
  EXPECT_EQ(e.kind, Event::OutOfBounds);
  EXPECT_EQ(e.location.line, 5u);
  EXPECT_EQ(e.binding, 0u);
  EXPECT_EQ(e.local_invocation_index, 2u);
  EXPECT_EQ(e.offset, 6u);  // an index out of range: the index (2 * 3), not a byte offset
  EXPECT_NE(e.message.find("out-of-bounds read of 4 bytes through index 6 (out of range for 4 elements) of storage buffer 'data' (@group(0) @binding(0)) (16 bytes) by invocation 2 of workgroup (0, 0, 0): the load gave zero"), std::string::npos) << e.message;
}

// An out-of-range outer index of a nested array makes the inner address invalid too: the event
// names the outer index, on the fast path and under a bounds policy alike.
TEST(DynamicErrors, OutOfRangeIndexOfANestedArrayIsNamed) {
  const char* src = R"(
@group(0) @binding(0) var<storage, read_write> m: array<array<u32, 2>, 2>;
@group(0) @binding(1) var<storage, read_write> k: array<u32>;
@compute @workgroup_size(1) fn main() {
  m[k[0]][k[1]] = 1u;
})";
  for (const char* oob : {"report", "zero"}) {
    DeviceOptions o;
    o.oob = oob;
    Device dev(o);
    Buffer m = dev.createBuffer(16), k = dev.createBuffer(std::vector<uint32_t>{5, 1});
    Report r = run(dev, src, {m, k}, 1);
    ASSERT_EQ(r.events.size(), 1u) << oob;
    EXPECT_EQ(r.events[0].offset, 5u) << oob;
    EXPECT_NE(r.events[0].message.find("out-of-bounds write of 4 bytes through index 5 (out of range for 2 elements) "
                                       "of storage buffer 'm'"),
              std::string::npos)
        << r.events[0].message;
  }
}

// One spelling of each event kind for every report (docs/run-spec.md, "Event kinds").
TEST(DynamicErrors, EventKindNames) {
  EXPECT_STREQ(toString(Event::OutOfBounds), "oob");
  EXPECT_STREQ(toString(Event::BarrierDivergence), "barrier-divergence");
  EXPECT_STREQ(toString(Event::InstructionLimit), "instruction-limit");
  EXPECT_STREQ(toString(Event::Injected), "injected");
  EXPECT_STREQ(toString(Event::Race), "race");
  EXPECT_STREQ(toString(Event::NonUniformCollective), "nonuniform-collective");
  EXPECT_STREQ(toString(Event::NonFinite), "nonfinite");
}

TEST(DynamicErrors, BarrierInDivergentControlFlowStopsTheDispatch) {
  Device dev({8});
  ComputePipeline p = makeNonUniformPipeline(dev, R"(
@group(0) @binding(0) var<storage, read_write> flags: array<u32>;
@compute @workgroup_size(16) fn main(@builtin(local_invocation_index) i: u32) {
  if (flags[i] != 0u) {
    workgroupBarrier();
  }
})");
  std::vector<uint32_t> flags(16, 1);
  flags[3] = 0;
  flags[12] = 0;
  Buffer b = dev.createBuffer(flags);
  BindGroup bg;
  bg.bind(0, 0, b);
  Report r = dev.dispatch(p, {bg}, 1);
  EXPECT_EQ(r.status, Status::UniformityError);
  ASSERT_EQ(r.events.size(), 1u);
  EXPECT_EQ(r.events[0].kind, Event::BarrierDivergence);
  EXPECT_EQ(r.events[0].location.line, 5u);
  EXPECT_NE(r.events[0].message.find("0-2, 4-11, 13-15 arrived, 3, 12 did not"), std::string::npos) << r.events[0].message;
}

TEST(DynamicErrors, UniformBarriersAfterEarlyExitOfWholeSubgroupsAreDivergent) {
  Device dev({4});
  ComputePipeline p = makeNonUniformPipeline(dev, R"(
@group(0) @binding(0) var<storage, read_write> n: array<u32>;
@compute @workgroup_size(8) fn main(@builtin(local_invocation_index) i: u32) {
  if (i >= n[0]) { return; }
  workgroupBarrier();
})");
  Buffer b = dev.createBuffer(std::vector<uint32_t>{4});
  BindGroup bg;
  bg.bind(0, 0, b);
  Report r = dev.dispatch(p, {bg}, 1);
  EXPECT_EQ(r.status, Status::UniformityError);
  ASSERT_EQ(r.events.size(), 1u);
  EXPECT_NE(r.events[0].message.find("0-3 arrived, 4-7 did not"), std::string::npos) << r.events[0].message;
}

TEST(DynamicErrors, InstructionLimitStopsAKernelThatNeverFinishes) {
  DeviceOptions opts;
  opts.max_instructions_per_workgroup = 100000;
  Device dev(opts);
  ComputePipeline p = makePipeline(dev, R"(
@group(0) @binding(0) var<storage, read_write> flag: atomic<u32>;
@compute @workgroup_size(4) fn main() {
  loop { if (atomicLoad(&flag) == 1u) { break; } }
})");
  Buffer b = dev.createBuffer(4);
  BindGroup bg;
  bg.bind(0, 0, b);
  Report r = dev.dispatch(p, {bg}, 3);
  EXPECT_EQ(r.status, Status::InstructionLimit);
  ASSERT_FALSE(r.events.empty());
  EXPECT_EQ(r.events[0].kind, Event::InstructionLimit);
  EXPECT_EQ(r.events[0].location.line, 4u);
}

TEST(Dispatch, MultipleDispatchesOnTheSameBuffersAndIndirect) {
  Device dev;
  ComputePipeline p = makePipeline(dev, R"(
@group(0) @binding(0) var<storage, read_write> acc: array<u32>;
@compute @workgroup_size(32) fn main(@builtin(global_invocation_id) g: vec3<u32>) {
  acc[g.x] = acc[g.x] * 2u + g.x;
})");
  Buffer b = dev.createBuffer(64 * 4);
  BindGroup bg;
  bg.bind(0, 0, b);
  for (int k = 0; k < 3; ++k) ASSERT_TRUE(dev.dispatch(p, {bg}, 2).ok());
  Buffer ind = dev.createBuffer(std::vector<uint32_t>{1, 1, 1}, kUsageIndirect | kUsageCopy);
  ASSERT_TRUE(dev.dispatchIndirect(p, {bg}, ind).ok());
  auto v = b.read<uint32_t>();
  for (uint32_t i = 0; i < 64; ++i) {
    uint32_t x = 0;
    for (int k = 0; k < 3; ++k) x = x * 2 + i;
    if (i < 32) x = x * 2 + i;
    EXPECT_EQ(v[i], x) << i;
  }
}

}  // namespace
}  // namespace wgsl::testing
