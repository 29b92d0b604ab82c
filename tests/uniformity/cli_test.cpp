// `wgslemu check` runs the uniformity analysis after resolve; --stage=uniformity stops there,
// --stage=resolve skips it; --explain-uniformity prints the requirements and tags.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/uniformity/uniformity_test_support.h"

namespace wgsl::test {
namespace {

const std::string kBin = WGSLEMU_BINARY;

const char* kBad = R"(@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if lid > 0u { workgroupBarrier(); }
}
)";

TEST(UniformityCli, CheckRunsUniformityByDefault) {
  auto r = runCommand(kBin + " check -", kBad);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("<stdin>:3:17: error: 'workgroupBarrier' must only be called from uniform control flow"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("note: control flow depends on possibly non-uniform value"), std::string::npos) << r.err;
}

TEST(UniformityCli, StageUniformityStopsThere) {
  auto r = runCommand(kBin + " check --stage=uniformity -", kBad);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  auto ok = runCommand(kBin + " check --stage=uniformity -", "@compute @workgroup_size(1) fn main() { workgroupBarrier(); }\n");
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_NE(ok.out.find("valid (stage: uniformity)"), std::string::npos) << ok.out;
}

TEST(UniformityCli, StageResolveSkipsUniformity) {
  auto r = runCommand(kBin + " check --stage=resolve -", kBad);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("valid (stage: resolve)"), std::string::npos) << r.out;
}

TEST(UniformityCli, UniformityDoesNotRunAfterResolveErrors) {
  auto r = runCommand(kBin + " check -", "fn main() { workgroupBarrier(); let x: u32 = 1.5; }\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err.find("uniform control flow"), std::string::npos) << r.err;
}

TEST(UniformityCli, WarningsDoNotFailTheCheck) {
  auto r = runCommand(kBin + " check -", R"(diagnostic(warning, derivative_uniformity);
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
@fragment fn main(@location(0) v: f32) -> @location(0) vec4f {
  if v > 0.0 { return textureSample(t, s, vec2f(v)); }
  return vec4f(0.0);
}
)");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("warning: 'textureSample' must only be called from uniform control flow"), std::string::npos)
      << r.err;
}

TEST(UniformityCli, JsonCarriesNotes) {
  auto r = runCommand(kBin + " check --json -", kBad);
  EXPECT_EQ(r.exit_code, 1);
  auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j.size(), 1u) << r.out;
  EXPECT_EQ(j[0]["severity"], "error");
  EXPECT_EQ(j[0]["line"], 3);
  EXPECT_GE(j[0]["notes"].size(), 2u);
}

TEST(UniformityCli, ExplainUniformity) {
  auto r = runCommand(kBin + " check --explain-uniformity -", kBad);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("entry point 'main' (workgroup uniformity scope"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("requires uniform control flow [error]: 'workgroupBarrier' at 3:17"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("VIOLATED"), std::string::npos) << r.out;
}

TEST(UniformityCli, NoSubgroupScopeOption) {
  const char* src = R"(enable subgroups;
@compute @workgroup_size(64)
fn main(@builtin(subgroup_id) id: u32) {
  if id > 0u { _ = subgroupAdd(1u); }
}
)";
  EXPECT_EQ(runCommand(kBin + " check -q -", src).exit_code, 0);
  EXPECT_EQ(runCommand(kBin + " check -q --no-subgroup-uniformity-scope -", src).exit_code, 1);
}

TEST(UniformityCli, EveryCorpusKernelPassesCheck) {
  for (const auto& f : listFiles(std::string(WGSLEMU_SOURCE_DIR) + "/corpus", ".wgsl")) {
    if (f.find("/corpus/dynamic/") != std::string::npos) continue;  // broken on purpose
    auto r = runCommand(kBin + " check -q '" + f + "'");
    EXPECT_EQ(r.exit_code, 0) << f << "\n" << r.err;
  }
}

}  // namespace
}  // namespace wgsl::test
