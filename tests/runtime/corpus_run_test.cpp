// Every entry point of every corpus kernel compiles to a pipeline and runs on zero-filled buffers without a crash,
// a uniformity error or a host error (kernels that spin on other workgroups may hit the
// instruction limit). Kernel-specific results are checked by the run specs of later stages.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/runtime/kernel_test_util.h"

namespace wgsl::testing {
namespace {

std::vector<std::string> corpusFiles() {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(std::string(WGSLEMU_SOURCE_DIR) + "/corpus")) {
    if (e.path().extension() == ".wgsl") out.push_back(e.path().filename().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

class Corpus : public ::testing::TestWithParam<std::string> {};

TEST_P(Corpus, RunsOnZeroFilledBuffers) {
  std::ifstream f(std::string(WGSLEMU_SOURCE_DIR) + "/corpus/" + GetParam());
  std::stringstream ss;
  ss << f.rdbuf();
  DeviceOptions opts;
  opts.max_instructions_per_workgroup = 2000000;
  Device dev(opts);
  ShaderModule m = dev.createShaderModule(ss.str(), GetParam());
  ASSERT_TRUE(m.ok()) << m.diagnostics();
  ASSERT_FALSE(m.entryPoints().empty());
  for (const std::string& entry : m.entryPoints()) {
    ComputePipeline p = dev.createComputePipeline(m, entry);
    BindGroup bg;
    for (const auto& b : p.bindings()) {
      const bool uniform = b.kind == BindingInfo::Uniform;
      uint64_t size = uniform ? std::max<uint64_t>(b.min_binding_size, 256) : std::max<uint64_t>(b.min_binding_size, 65536);
      size = (size + 15) / 16 * 16;
      bg.bind(b.group, b.binding, dev.createBuffer(size, uniform ? kUsageUniform : kUsageStorage));
    }
    Report r = dev.dispatch(p, {bg}, 2);
    EXPECT_NE(r.status, Status::UniformityError) << entry << ": " << r.summary();
    // Kernels that wait for other workgroups; the inter-workgroup barrier waits until
    // a second worker thread picks up workgroup 1, which on a busy machine can take longer than
    // the instruction limit.
    const bool spins = GetParam().find("lookback") != std::string::npos || GetParam().find("spin_lock") != std::string::npos ||
                       GetParam().find("interworkgroup_barrier") != std::string::npos;
    if (!spins) {
      EXPECT_NE(r.status, Status::InstructionLimit) << r.summary();
    }
    EXPECT_EQ(r.stats.workgroups > 0, true);
  }
}

INSTANTIATE_TEST_SUITE_P(Files, Corpus, ::testing::ValuesIn(corpusFiles()), [](const auto& info) {
  std::string n = info.param.substr(0, info.param.size() - 5);
  for (char& c : n)
    if (!isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
});

}  // namespace
}  // namespace wgsl::testing
