// Every corpus run spec under every float mode (`wgslemu test corpus/specs --float=...`): no
// crash, no internal or host error, the same status as under ieee, except the kernels whose
// outputs the spec legitimately lets a mode change (docs/float-modes.md, "The corpus under each
// mode"): under ulp-max / ulp-random, map_f32 (fract is inherited from x - floor(x), and sqrt's
// inherited bound is wider than the spec file's 5-ULP tolerance), map_f16 (the same in binary16)
// and particles_vec_mat (length and normalize: inherited sqrt and division).
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>

#include <nlohmann/json.hpp>

#include "tests/support/test_support.h"
#include "tools/runspec/run_spec.h"
#include "tools/runspec/runner.h"

namespace {

using namespace wgslemu::runspec;
namespace fs = std::filesystem;

struct Loaded {
  std::string name;
  RunSpec spec;
};

std::vector<Loaded> corpusSpecs() {
  std::vector<Loaded> out;
  const std::string dir = std::string(WGSLEMU_SOURCE_DIR) + "/corpus/specs";
  for (const auto& e : fs::directory_iterator(dir)) {
    if (!e.is_regular_file() || e.path().extension() != ".json") continue;
    std::string error;
    auto spec = parseRunSpec(wgsl::test::readFile(e.path().string()), e.path().string(), error);
    EXPECT_TRUE(spec.has_value()) << error;
    if (spec) out.push_back({e.path().filename().string(), std::move(*spec)});
  }
  std::sort(out.begin(), out.end(), [](const Loaded& a, const Loaded& b) { return a.name < b.name; });
  return out;
}

RunStatus runWith(const RunSpec& spec, const std::string& float_mode, const std::string& nonfinite) {
  RunOptions cli;
  std::string error;
  EXPECT_TRUE(cli.set("float", float_mode, error)) << error;
  EXPECT_TRUE(cli.set("nonfinite", nonfinite, error)) << error;
  EXPECT_TRUE(cli.set("threads", "2", error)) << error;
  const RunResult r = runSpec(spec, cli);
  EXPECT_NE(r.status, RunStatus::Error) << spec.path << " --float=" << float_mode << ": " << r.error;
  EXPECT_NE(r.status, RunStatus::Invalid) << spec.path << ": " << r.error;
  return r.status;
}

TEST(FloatCorpusModes, EverySpecRunsUnderEveryMode) {
  const std::vector<Loaded> specs = corpusSpecs();
  ASSERT_GT(specs.size(), 40u);
  const std::set<std::string> ulp_sensitive = {"map_f32.json", "map_f16.json", "particles_vec_mat.json"};
  struct M {
    const char* float_mode;
    const char* nonfinite;
    bool ulp;
  };
  const M modes[] = {{"ftz", "propagate", false},        {"fma", "propagate", false},
                     {"ftz,fma", "propagate", false},    {"ieee", "indeterminate:1", false},
                     {"ieee", "indeterminate:2", false}, {"ieee", "report", false},
                     {"ulp-max", "propagate", true},     {"ulp-random:1", "propagate", true},
                     {"ulp-random:2", "propagate", true}, {"ftz,fma,ulp-random:3", "indeterminate:4", true}};
  std::set<std::string> changed_by_ulp;
  for (const Loaded& l : specs) {
    const RunStatus base = runWith(l.spec, "ieee", "propagate");
    for (const M& m : modes) {
      const RunStatus s = runWith(l.spec, m.float_mode, m.nonfinite);
      if (m.ulp && ulp_sensitive.count(l.name)) {
        EXPECT_TRUE(s == base || s == RunStatus::Mismatch) << l.name << " " << m.float_mode;
        if (s != base) changed_by_ulp.insert(l.name);
      } else {
        EXPECT_EQ(s, base) << l.name << " --float=" << m.float_mode << " --nonfinite=" << m.nonfinite << ": "
                           << toString(s) << " (ieee: " << toString(base) << ")";
      }
    }
  }
  // The documented differences are real (this test would notice if they went away).
  EXPECT_EQ(changed_by_ulp, ulp_sensitive);
}

// docs/examples/float_*.json: ok under ieee (their expectations), changed by their mode.
TEST(FloatCorpusModes, DocumentationExamplesChangeUnderTheirMode) {
  struct Example {
    const char* file;
    const char* float_mode;
    const char* nonfinite;
  };
  const Example examples[] = {{"float_ftz.json", "ftz", "propagate"},
                              {"float_fma.json", "fma", "propagate"},
                              {"float_ulp.json", "ulp-max", "propagate"},
                              {"float_ulp.json", "ulp-random:1", "propagate"},
                              {"float_min_inf.json", "ieee", "indeterminate:1"}};
  for (const Example& e : examples) {
    const std::string path = std::string(WGSLEMU_SOURCE_DIR) + "/docs/examples/" + e.file;
    std::string error;
    auto spec = parseRunSpec(wgsl::test::readFile(path), path, error);
    ASSERT_TRUE(spec.has_value()) << error;
    EXPECT_EQ(runWith(*spec, "ieee", "propagate"), RunStatus::Ok) << e.file;
    EXPECT_EQ(runWith(*spec, e.float_mode, e.nonfinite), RunStatus::Mismatch) << e.file << " " << e.float_mode;
  }
  const std::string path = std::string(WGSLEMU_SOURCE_DIR) + "/docs/examples/float_min_inf.json";
  std::string error;
  auto spec = parseRunSpec(wgsl::test::readFile(path), path, error);
  ASSERT_TRUE(spec.has_value()) << error;
  RunOptions cli;
  ASSERT_TRUE(cli.set("nonfinite", "report", error)) << error;
  const RunResult r = runSpec(*spec, cli);
  EXPECT_EQ(r.status, RunStatus::Ok);
  ASSERT_EQ(r.events.size(), 1u);
  EXPECT_EQ(r.events[0].event.kind, wgsl::runtime::Event::NonFinite);
  EXPECT_EQ(r.events[0].event.location.line, 13u);
}

// A run spec pins the modes in "options"; the command line still wins; bad values are errors
// that name the option.
TEST(FloatCorpusModes, SpecsPinTheModesInOptions) {
  const std::string path = std::string(WGSLEMU_SOURCE_DIR) + "/docs/examples/float_fma.json";
  auto j = nlohmann::json::parse(wgsl::test::readFile(path));
  j["options"] = {{"float", "fma"}, {"nonfinite", "report"}};
  std::string error;
  auto spec = parseRunSpec(j.dump(), path, error);
  ASSERT_TRUE(spec.has_value()) << error;
  RunResult r = runSpec(*spec, RunOptions{});
  EXPECT_EQ(r.status, RunStatus::Mismatch);  // fused: 2^-24 instead of 0
  EXPECT_EQ(r.options.get("float"), "fma");
  RunOptions cli;
  ASSERT_TRUE(cli.set("float", "ieee", error)) << error;
  EXPECT_EQ(runSpec(*spec, cli).status, RunStatus::Ok);
  j["options"] = {{"float", "ftz,ieee"}};
  spec = parseRunSpec(j.dump(), path, error);
  ASSERT_TRUE(spec.has_value()) << error;
  r = runSpec(*spec, RunOptions{});
  EXPECT_EQ(r.status, RunStatus::Error);
  EXPECT_NE(r.error.find("options.option 'float'"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("cannot be combined"), std::string::npos) << r.error;
}

TEST(FloatCorpusModes, CommandLineTestAndReport) {
  const std::string bin = WGSLEMU_BINARY;
  const std::string specs = std::string(WGSLEMU_SOURCE_DIR) + "/corpus/specs";
  auto r = wgsl::test::runCommand(bin + " test " + specs + " --float=ftz,fma --nonfinite=indeterminate:3");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  r = wgsl::test::runCommand(bin + " test " + specs + " --float=ulp-max");
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;  // mismatches only, no errors
  EXPECT_EQ(r.err.find("error"), std::string::npos) << r.err;
  r = wgsl::test::runCommand(bin + " test " + specs + " --float=ftz+fma");
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;  // `+` separates parts only in explore's dimension
  EXPECT_NE((r.out + r.err).find("float"), std::string::npos) << r.out << r.err;
}

TEST(FloatCorpusModes, RunReportHasNonFiniteEventsAndTheOptions) {
  const fs::path dir = fs::temp_directory_path() / ("wgslemu_float_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path k = dir / "k.wgsl", rep = dir / "r.json";
  {
    std::ofstream f(k);
    f << "@group(0) @binding(0) var<storage, read_write> o: array<f32>;\n"
         "@compute @workgroup_size(4)\n"
         "fn main(@builtin(local_invocation_index) i: u32) {\n"
         "  o[i] = 2.0 / o[i];\n"
         "}\n";
  }
  const std::string cmd = std::string(WGSLEMU_BINARY) + " run " + k.string() +
                          " --buffer o=f32:1,0,4,0 --bind 0:0=o --nonfinite=report --float=ftz --report " + rep.string();
  const auto r = wgsl::test::runCommand(cmd);
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;  // non-finite values are reported, not errors
  const auto j = nlohmann::json::parse(wgsl::test::readFile(rep.string()));
  ASSERT_EQ(j["events"].size(), 1u) << j.dump(2);
  const auto& e = j["events"][0];
  EXPECT_EQ(e["kind"], "nonfinite");
  EXPECT_EQ(e["location"]["line"], 4);
  EXPECT_EQ(e["location"]["column"], 10);
  EXPECT_EQ(e["local_invocation"][0], 1);  // the first invocation dividing by zero
  EXPECT_EQ(e["operation"], "x / y");
  EXPECT_EQ(e["operands"], nlohmann::json::array({2.0, 0.0}));
  EXPECT_EQ(e["result"], "+inf");
  EXPECT_EQ(j["options"]["nonfinite"], "report");
  EXPECT_EQ(j["options"]["float"], "ftz");
  fs::remove_all(dir);
}

}  // namespace
