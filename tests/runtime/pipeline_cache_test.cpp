// Pipelines reuse what pipeline creation made for the same module, entry point and override
// values (a compiler that creates a pipeline per kernel launch pays the lowering once), and a
// pipeline with other override values gets its own lowering with its own results.
#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "runtime/runtime_data.h"
#include "tests/runtime/kernel_test_util.h"

namespace wgsl::testing {
namespace {

const char* kScale = R"(
override factor: u32 = 2u;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(4) fn main(@builtin(global_invocation_id) g: vec3<u32>) {
  out[g.x] = g.x * factor;
}
@compute @workgroup_size(4) fn other(@builtin(global_invocation_id) g: vec3<u32>) {
  out[g.x] = g.x + factor;
}
)";

const ir::Kernel* kernelOf(const ComputePipeline& p) { return DispatchAccess::pipeline(p)->kernel.get(); }

std::vector<uint32_t> runPipeline(Device& dev, const ComputePipeline& p) {
  Buffer out = dev.createBuffer(8 * 4);
  BindGroup bg;
  bg.bind(0, 0, out);
  Report r = dev.dispatch(p, {bg}, 2);
  EXPECT_TRUE(r.ok()) << r.summary();
  return out.read<uint32_t>();
}

TEST(PipelineCache, SamePipelineAgainSharesTheLoweredKernel) {
  Device dev;
  ShaderModule m = dev.createShaderModule(kScale, "scale.wgsl");
  ASSERT_TRUE(m.ok()) << m.diagnostics();
  ComputePipeline a = dev.createComputePipeline(m, "main", {{"factor", 3}});
  ComputePipeline b = dev.createComputePipeline(m, "main", {{"factor", 3}});
  EXPECT_EQ(kernelOf(a), kernelOf(b));
  ComputePipeline c = dev.createComputePipeline(m, "main", {{"factor", 5}});
  ComputePipeline d = dev.createComputePipeline(m, "other", {{"factor", 3}});
  EXPECT_NE(kernelOf(a), kernelOf(c));
  EXPECT_NE(kernelOf(a), kernelOf(d));
  const auto ra = runPipeline(dev, a), rb = runPipeline(dev, b), rc = runPipeline(dev, c), rd = runPipeline(dev, d);
  for (uint32_t i = 0; i < 8; ++i) {
    EXPECT_EQ(ra[i], i * 3) << i;
    EXPECT_EQ(rb[i], i * 3) << i;
    EXPECT_EQ(rc[i], i * 5) << i;
    EXPECT_EQ(rd[i], i + 3) << i;
  }
}

TEST(PipelineCache, OutlivesThePipelinesThatMadeIt) {
  Device dev;
  ShaderModule m = dev.createShaderModule(kScale, "scale.wgsl");
  ASSERT_TRUE(m.ok()) << m.diagnostics();
  const ir::Kernel* first = nullptr;
  {
    ComputePipeline a = dev.createComputePipeline(m, "main");
    first = kernelOf(a);
  }  // released, as a program that makes a pipeline per launch does
  ComputePipeline b = dev.createComputePipeline(m, "main");
  EXPECT_EQ(kernelOf(b), first);
  const auto r = runPipeline(dev, b);
  for (uint32_t i = 0; i < 8; ++i) EXPECT_EQ(r[i], i * 2) << i;  // the override's default
}

// Several entry points of one module without overrides: their pipelines lower from the module's
// own program. Lowering only reads it (the types a lowering makes are the kernel's own), so
// threads creating pipelines at once need no lock around it and each gets a correct kernel.
const char* kMany = R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(4) fn scale(@builtin(global_invocation_id) g: vec3<u32>) { out[g.x] = g.x * 7u; }
@compute @workgroup_size(4) fn product(@builtin(global_invocation_id) g: vec3<u32>) {
  let a = mat2x3<f32>(f32(g.x), 1.0, 2.0, 3.0, 4.0, 5.0);
  let b = mat2x2<f32>(1.0, 2.0, 3.0, 4.0);
  out[g.x] = u32((a * b)[1][0]);
}
@compute @workgroup_size(4) fn wide(@builtin(global_invocation_id) g: vec3<u32>) {
  let a = mat4x3<f32>(vec3(f32(g.x)), vec3(1.0), vec3(2.0), vec3(3.0));
  let b = mat2x4<f32>(vec4(1.0), vec4(0.0, 0.0, 0.0, 1.0));
  let p = a * b;
  out[g.x] = u32(p[0].y + p[1].z);
}
@compute @workgroup_size(4) fn sum(@builtin(global_invocation_id) g: vec3<u32>) {
  var s = 0u;
  for (var i = 0u; i <= g.x; i++) { s += i; }
  out[g.x] = s;
}
@compute @workgroup_size(4) fn mixed(@builtin(global_invocation_id) g: vec3<u32>) {
  let v = vec3(1, 2, 3) * i32(g.x);
  out[g.x] = u32(v.z + dot(v, vec3(1, 0, 0)));
}
)";

TEST(PipelineCache, PipelinesOfOneModuleAreCreatedConcurrently) {
  Device dev;
  ShaderModule m = dev.createShaderModule(kMany, "many.wgsl");
  ASSERT_TRUE(m.ok()) << m.diagnostics();
  const std::vector<std::string> entries = {"scale", "product", "wide", "sum", "mixed"};
  // The expected values, worked out by hand from the shader text for invocation x.
  auto expected = [](const std::string& e, uint32_t x) -> uint32_t {
    if (e == "scale") return 7 * x;
    if (e == "product") return 3 * x + 12;  // column 1 of a*b = 3*a.col0 + 4*a.col1; row 0
    if (e == "wide") return (x + 1 + 2 + 3) + 3;  // p.col0 = sum of a's columns; p.col1 = a.col3
    if (e == "sum") return x * (x + 1) / 2;
    return 3 * x + x;  // mixed: v = (x, 2x, 3x)
  };
  constexpr int kThreads = 4;
  std::vector<std::vector<ComputePipeline>> made(kThreads);
  std::vector<std::string> failures(kThreads);
  std::atomic<int> ready{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      ready.fetch_add(1);
      while (ready.load() < kThreads) std::this_thread::yield();  // start together
      try {
        for (size_t i = 0; i < entries.size(); ++i) {
          // Each thread walks the entry points from a different start.
          made[t].push_back(dev.createComputePipeline(m, entries[(i + t) % entries.size()]));
        }
      } catch (const std::exception& e) {
        failures[t] = e.what();
      }
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 0; t < kThreads; ++t) {
    ASSERT_EQ(failures[t], "") << "thread " << t;
    ASSERT_EQ(made[t].size(), entries.size());
    for (size_t i = 0; i < entries.size(); ++i) {
      const std::string& e = entries[(i + t) % entries.size()];
      const auto r = runPipeline(dev, made[t][i]);
      for (uint32_t x = 0; x < 8; ++x) EXPECT_EQ(r[x], expected(e, x)) << e << " thread " << t << " x " << x;
    }
  }
}

}  // namespace
}  // namespace wgsl::testing
