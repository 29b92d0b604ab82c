// `wgslemu reflect`: the interface JSON, with layouts computed by the spec's rules.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/support/test_support.h"

namespace wgsl {
namespace {

const std::string kBin = WGSLEMU_BINARY;

const char* kShader = R"(
enable f16;
struct Params {
  n: u32,                       // offset 0,  size 4
  @align(16) scale: vec3<f32>,  // offset 16, size 12
  bias: f32,                    // offset 28 (vec3 leaves room), size 4
  h: vec2<f16>,                 // offset 32, size 4, align 4
}
struct Data { count: atomic<u32>, values: array<vec4<f32>> }
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read_write> data: Data;
@group(1) @binding(0) var<storage> input: array<f32>;
@group(1) @binding(2) var tex: texture_2d<f32>;
@id(7) override block: u32 = 64;
override depth: f32;
@compute @workgroup_size(block, 2) fn main() {}
@compute @workgroup_size(8, 8, 1) fn other() {}
)";

nlohmann::json reflect(const std::string& args, int* exit_code = nullptr) {
  auto r = test::runCommand(kBin + " reflect " + args + " -", kShader);
  if (exit_code) *exit_code = r.exit_code;
  EXPECT_EQ(r.exit_code, exit_code ? *exit_code : 0) << r.err;
  return r.exit_code == 0 ? nlohmann::json::parse(r.out) : nlohmann::json();
}

TEST(Reflect, StructLayoutsFollowTheSpec) {
  auto j = reflect("");
  const auto& p = j["structs"][0];
  EXPECT_EQ(p["name"], "Params");
  // AlignOf(Params) = max(4, 16, 4, 4) = 16; SizeOf = roundUp(16, 32 + 4) = 48.
  EXPECT_EQ(p["align"], 16);
  EXPECT_EQ(p["size"], 48);
  const auto& m = p["members"];
  EXPECT_EQ(m[0]["offset"], 0);
  EXPECT_EQ(m[1]["offset"], 16);
  EXPECT_EQ(m[1]["size"], 12);
  EXPECT_EQ(m[2]["offset"], 28);
  EXPECT_EQ(m[3]["offset"], 32);
  EXPECT_EQ(m[3]["align"], 4);
  // Data: atomic at 0; array<vec4<f32>> aligned to 16 at offset 16, stride 16.
  const auto& d = j["structs"][1];
  EXPECT_EQ(d["members"][1]["offset"], 16);
  EXPECT_EQ(d["align"], 16);
}

TEST(Reflect, BindingsWithKindsAccessAndMinimumSizes) {
  auto j = reflect("");
  const auto& b = j["bindings"];
  ASSERT_EQ(b.size(), 4u);
  EXPECT_EQ(b[0]["name"], "params");
  EXPECT_EQ(b[0]["resource"], "uniform");
  EXPECT_EQ(b[0]["min_binding_size"], 48);
  EXPECT_EQ(b[1]["resource"], "storage");
  EXPECT_EQ(b[1]["access"], "read_write");
  EXPECT_EQ(b[1]["min_binding_size"], 32);  // 16 + one element of stride 16
  EXPECT_EQ(b[2]["resource"], "read-only-storage");
  EXPECT_EQ(b[2]["group"], 1);
  EXPECT_EQ(b[2]["min_binding_size"], 4);
  EXPECT_EQ(b[3]["resource"], "sampled-texture");
  EXPECT_EQ(b[3]["type"], "texture_2d<f32>");
}

TEST(Reflect, EntryPointsAndOverrides) {
  auto j = reflect("");
  ASSERT_EQ(j["entry_points"].size(), 2u);
  EXPECT_EQ(j["entry_points"][0]["name"], "main");
  EXPECT_EQ(j["entry_points"][0]["workgroup_size"], nlohmann::json::parse("[64, 2, 1]"));  // block's default
  EXPECT_EQ(j["entry_points"][1]["workgroup_size"], nlohmann::json::parse("[8, 8, 1]"));
  EXPECT_EQ(j["overrides"][0]["name"], "block");
  EXPECT_EQ(j["overrides"][0]["id"], 7);
  EXPECT_EQ(j["overrides"][0]["default"], 64);
  EXPECT_TRUE(j["overrides"][1]["id"].is_null());
  EXPECT_TRUE(j["overrides"][1]["default"].is_null());
  EXPECT_EQ(j["extensions"], nlohmann::json::parse(R"(["f16"])"));
}

TEST(Reflect, OverrideOnTheCommandLineResolvesWorkgroupSize) {
  EXPECT_EQ(reflect("--override block=128")["entry_points"][0]["workgroup_size"][0], 128);
  EXPECT_EQ(reflect("--override 7=32")["entry_points"][0]["workgroup_size"][0], 32);  // by @id
}

TEST(Reflect, EntryFilterAndErrors) {
  auto j = reflect("--entry other");
  ASSERT_EQ(j["entry_points"].size(), 1u);
  EXPECT_EQ(j["entry_points"][0]["name"], "other");
  int code = 2;
  reflect("--entry nope", &code);
  code = 2;
  reflect("--override unknown=1", &code);
  code = 2;
  reflect("--override block", &code);
  auto bad = test::runCommand(kBin + " reflect -", "fn main() { let x = ; }");
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_NE(bad.err.find("expected an expression"), std::string::npos);
}

}  // namespace
}  // namespace wgsl
