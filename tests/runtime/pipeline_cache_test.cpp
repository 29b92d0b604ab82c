// Pipelines reuse what pipeline creation made for the same module, entry point and override
// values (a compiler that creates a pipeline per kernel launch pays the lowering once), and a
// pipeline with other override values gets its own lowering with its own results.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace wgsl::testing
