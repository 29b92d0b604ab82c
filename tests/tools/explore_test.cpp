// `wgslemu explore`: dimension lists and ranges, the cross product and its bound, outcomes,
// output variants, verdicts, the JSON object and the command's exit codes. The kernels' results
// under each subgroup size are worked out by hand in the comments.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "tests/support/test_support.h"
#include "tools/runspec/explore.h"
#include "tools/runspec/run_spec.h"

namespace wgsl {
namespace {

namespace fs = std::filesystem;
using namespace wgslemu::runspec;
const std::string kBin = WGSLEMU_BINARY;

// ---- dimensions ----------------------------------------------------------------------------

TEST(ExploreDimension, CommaListInOrder) {
  ExploreDimension d;
  std::string error;
  ASSERT_TRUE(parseDimension("subgroup-size", "128,4,32", 100, d, error)) << error;
  EXPECT_EQ(d.option, "subgroup-size");
  EXPECT_EQ(d.values, (std::vector<std::string>{"128", "4", "32"}));
}

TEST(ExploreDimension, NumberRangesExpand) {
  ExploreDimension d;
  std::string error;
  ASSERT_TRUE(parseDimension("seed", "1-4,9,20-21", 100, d, error)) << error;
  EXPECT_EQ(d.values, (std::vector<std::string>{"1", "2", "3", "4", "9", "20", "21"}));
  ASSERT_TRUE(parseDimension("seed", "7-7", 100, d, error)) << error;
  EXPECT_EQ(d.values, (std::vector<std::string>{"7"}));
}

TEST(ExploreDimension, RangeAfterAPrefix) {
  std::vector<std::string> v;
  std::string error;
  ASSERT_TRUE(expandRanges("random:1-3", 100, v, error)) << error;
  EXPECT_EQ(v, (std::vector<std::string>{"random:1", "random:2", "random:3"}));
  ASSERT_TRUE(expandRanges("ulp-random:4-5", 100, v, error)) << error;
  EXPECT_EQ(v, (std::vector<std::string>{"ulp-random:4", "ulp-random:5"}));
  // Two ranges: the last varies fastest.
  ASSERT_TRUE(expandRanges("a:1-2+b:7-8", 100, v, error)) << error;
  EXPECT_EQ(v, (std::vector<std::string>{"a:1+b:7", "a:1+b:8", "a:2+b:7", "a:2+b:8"}));
  // Not ranges: a hyphen inside a word or a file name.
  ASSERT_TRUE(expandRanges("round-robin", 100, v, error)) << error;
  EXPECT_EQ(v, (std::vector<std::string>{"round-robin"}));
  ASSERT_TRUE(expandRanges("runs/1-2.txt", 100, v, error)) << error;
  EXPECT_EQ(v, (std::vector<std::string>{"runs/1-2.txt"}));
  ASSERT_TRUE(expandRanges("x-1-2", 100, v, error)) << error;
  EXPECT_EQ(v, (std::vector<std::string>{"x-1-2"}));
}

TEST(ExploreDimension, EmptyAndHugeRangesAreErrors) {
  std::vector<std::string> v;
  std::string error;
  EXPECT_FALSE(expandRanges("5-1", 100, v, error));
  EXPECT_NE(error.find("empty"), std::string::npos) << error;
  EXPECT_FALSE(expandRanges("random:1-1000", 100, v, error));
  EXPECT_NE(error.find("1000 values"), std::string::npos) << error;
  EXPECT_TRUE(v.empty());
  // Nothing is allocated for a range of 2^64 values.
  EXPECT_FALSE(expandRanges("0-18446744073709551615", 4096, v, error));
  EXPECT_NE(error.find("more than 2^64"), std::string::npos) << error;
  EXPECT_FALSE(expandRanges("0-99999999999999999999", 4096, v, error));
}

TEST(ExploreDimension, EveryValueIsValidatedByTheOptionTable) {
  ExploreDimension d;
  std::string error;
  EXPECT_FALSE(parseDimension("subgroup-size", "4,33,128", 100, d, error));
  EXPECT_NE(error.find("'33' is not valid"), std::string::npos) << error;
  EXPECT_NE(error.find("power of two"), std::string::npos) << error;
  // A range is checked value by value: 5 is not a power of two.
  EXPECT_FALSE(parseDimension("subgroup-size", "4-8", 100, d, error));
  EXPECT_NE(error.find("'5' is not valid"), std::string::npos) << error;
  EXPECT_FALSE(parseDimension("subgroup-size", "4,,8", 100, d, error));
  EXPECT_NE(error.find("empty value"), std::string::npos) << error;
  EXPECT_FALSE(parseDimension("subgroup-size", "4,", 100, d, error));
  EXPECT_FALSE(parseDimension("no-such-option", "1", 100, d, error));
  EXPECT_NE(error.find("not a run option"), std::string::npos) << error;
  EXPECT_FALSE(parseDimension("seed", "1-5000", 4096, d, error));
  EXPECT_NE(error.find("5000 values"), std::string::npos) << error;
}

// Options whose values are comma lists themselves (--float) join parts with '+'.
TEST(ExploreDimension, PlusJoinsThePartsOfOneValueWhenTheOptionTakesLists) {
  if (!findRunOption("float")) GTEST_SKIP() << "no --float run option in this build";
  ExploreDimension d;
  std::string error;
  ASSERT_TRUE(parseDimension("float", "ieee,ftz+fma", 100, d, error)) << error;
  EXPECT_EQ(d.values, (std::vector<std::string>{"ieee", "ftz,fma"}));
}

// Options of later features, described here as the table will (their validators are stand-ins
// written for this test): a comma list of modes, a value with commas of its own, a flag.
RunOptionInfo modeListOption() {
  return {"modes", "MODES", "", false, false, wgsl::runtime::options::Scope::Device, [](const std::string& v) -> std::string {
            for (size_t start = 0; start <= v.size();) {
              size_t comma = v.find(',', start);
              const std::string part = v.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
              const bool ok = part == "ieee" || part == "ftz" || part == "fma" ||
                              (part.rfind("ulp-random:", 0) == 0 && part.size() > 11);
              if (!ok) return "expected ieee, ftz, fma or ulp-random:SEED, joined with commas";
              if (comma == std::string::npos) break;
              start = comma + 1;
            }
            return "";
          }};
}
RunOptionInfo injectOption() {
  // oob:LINE:invocation=X,Y,Z (exactly three coordinates).
  return {"inject", "RULE", "", false, true, wgsl::runtime::options::Scope::Device, [](const std::string& v) -> std::string {
            unsigned line = 0, x = 0, y = 0, z = 0;
            char tail = 0;
            const int n = std::sscanf(v.c_str(), "oob:%u:invocation=%u,%u,%u%c", &line, &x, &y, &z, &tail);
            return n == 4 ? "" : "expected oob:LINE:invocation=X,Y,Z";
          }};
}

TEST(ExploreDimension, PlusAndEmbeddedCommasWithStandInOptions) {
  ExploreDimension d;
  std::string error;
  ASSERT_TRUE(parseDimension(modeListOption(), "ieee,ftz+fma,ulp-random:1-2", 100, d, error)) << error;
  EXPECT_EQ(d.values, (std::vector<std::string>{"ieee", "ftz,fma", "ulp-random:1", "ulp-random:2"}));
  EXPECT_FALSE(parseDimension(modeListOption(), "ieee,fast", 100, d, error));
  EXPECT_NE(error.find("'fast' is not valid: expected ieee, ftz"), std::string::npos) << error;

  ASSERT_TRUE(parseDimension(injectOption(), "oob:3:invocation=1,2,3,oob:4:invocation=0,0,7", 100, d, error)) << error;
  EXPECT_EQ(d.values, (std::vector<std::string>{"oob:3:invocation=1,2,3", "oob:4:invocation=0,0,7"}));
  // A value that never becomes valid is reported as written.
  EXPECT_FALSE(parseDimension(injectOption(), "oob:3:invocation=1,2", 100, d, error));
  EXPECT_NE(error.find("'oob:3:invocation=1' is not valid"), std::string::npos) << error;

  const RunOptionInfo flag{"races", "", "", true, false, wgsl::runtime::options::Scope::Device, nullptr};
  ASSERT_TRUE(parseDimension(flag, "false,true", 100, d, error)) << error;
  EXPECT_EQ(d.values, (std::vector<std::string>{"false", "true"}));
  EXPECT_FALSE(parseDimension(flag, "yes", 100, d, error));
  EXPECT_NE(error.find("expected true or false"), std::string::npos) << error;
}

// ---- plans -----------------------------------------------------------------------------------

TEST(ExplorePlan, CrossProductWithTheSeedInnermost) {
  ExplorePlan plan;
  std::string error;
  // The seed is given first but varies fastest.
  ASSERT_TRUE(makePlan({{"seed", "1-3"}, {"subgroup-size", "4,32"}}, "", 4096, plan, error)) << error;
  ASSERT_EQ(plan.dimensions.size(), 2u);
  EXPECT_EQ(plan.dimensions[0].option, "subgroup-size");
  EXPECT_EQ(plan.dimensions[1].option, "seed");
  ASSERT_EQ(configurationCount(plan), 6u);
  EXPECT_EQ(configurationValues(plan, 0), (std::vector<std::string>{"4", "1"}));
  EXPECT_EQ(configurationValues(plan, 2), (std::vector<std::string>{"4", "3"}));
  EXPECT_EQ(configurationValues(plan, 3), (std::vector<std::string>{"32", "1"}));
  EXPECT_EQ(configurationValues(plan, 5), (std::vector<std::string>{"32", "3"}));
  EXPECT_EQ(configurationLabel(plan, 4), "--subgroup-size=32 --seed=2");
  // Each configuration is one deterministic run on one thread.
  EXPECT_EQ(plan.fixed.get("threads"), "1");
}

TEST(ExplorePlan, SeedsOptionAndRepeatedOptions) {
  ExplorePlan plan;
  std::string error;
  ASSERT_TRUE(makePlan({{"subgroup-size", "4"}, {"max-steps", "1000"}, {"subgroup-size", "8,16"}}, "5-6", 4096, plan,
                       error))
      << error;
  ASSERT_EQ(plan.dimensions.size(), 3u);
  EXPECT_EQ(plan.dimensions[0].option, "subgroup-size");
  EXPECT_EQ(plan.dimensions[0].values, (std::vector<std::string>{"4", "8", "16"}));
  EXPECT_EQ(plan.dimensions[1].option, "max-steps");
  EXPECT_EQ(plan.dimensions[2].option, "seed");
  EXPECT_EQ(plan.dimensions[2].values, (std::vector<std::string>{"5", "6"}));
  EXPECT_EQ(configurationCount(plan), 3u * 1u * 2u);

  EXPECT_FALSE(makePlan({{"seed", "1"}}, "1-2", 4096, plan, error));
  EXPECT_NE(error.find("--seed and --seeds"), std::string::npos) << error;
  EXPECT_FALSE(makePlan({}, "3-1", 4096, plan, error));
  EXPECT_NE(error.find("--seeds=3-1"), std::string::npos) << error;
  // Varying the thread count is allowed: then explore does not pin it.
  ASSERT_TRUE(makePlan({{"threads", "1,2"}}, "", 4096, plan, error)) << error;
  EXPECT_FALSE(plan.fixed.has("threads"));
}

TEST(ExplorePlan, TheNumberOfConfigurationsIsBounded) {
  ExplorePlan plan;
  std::string error;
  // 6 subgroup sizes x 1000 seeds = 6000 > 4096.
  EXPECT_FALSE(makePlan({{"subgroup-size", "4,8,16,32,64,128"}}, "1-1000", 4096, plan, error));
  EXPECT_NE(error.find("subgroup-size (6) x seed (1000) = 6000 configurations"), std::string::npos) << error;
  EXPECT_NE(error.find("limit of 4096"), std::string::npos) << error;
  EXPECT_NE(error.find("--max-configurations"), std::string::npos) << error;
  ASSERT_TRUE(makePlan({{"subgroup-size", "4,8,16,32,64,128"}}, "1-1000", 6000, plan, error)) << error;
  EXPECT_EQ(configurationCount(plan), 6000u);
  // Each factor within the bound, the product far beyond it.
  EXPECT_FALSE(makePlan({{"seed", "1-4000"}, {"max-steps", "1-4000"}, {"threads", "1-1000"}}, "", 4096, plan, error));
}

TEST(ExplorePlan, DefaultDimensions) {
  ExplorePlan plan;
  std::string error;
  ASSERT_TRUE(makePlan({}, "", 4096, plan, error)) << error;
  if (const RunOptionInfo* sched = findRunOption("scheduler")) {
    ASSERT_EQ(plan.dimensions.size(), 2u);
    EXPECT_EQ(plan.dimensions[0].option, "scheduler");
    EXPECT_EQ(plan.dimensions[0].values.front(), "fair");
    for (const auto& v : plan.dimensions[0].values) EXPECT_EQ(sched->check(v), "") << v;
    EXPECT_EQ(plan.dimensions[1].option, "seed");
    EXPECT_EQ(plan.dimensions[1].values, (std::vector<std::string>{"1", "2", "3", "4"}));
  } else {
    ASSERT_EQ(plan.dimensions.size(), 1u);
    EXPECT_EQ(plan.dimensions[0].option, "subgroup-size");
    EXPECT_EQ(plan.dimensions[0].values, (std::vector<std::string>{"4", "32", "128"}));
  }
  // --seeds alone is a dimension: no defaults are added.
  ASSERT_TRUE(makePlan({}, "1-2", 4096, plan, error)) << error;
  ASSERT_EQ(plan.dimensions.size(), 1u);
  EXPECT_EQ(plan.dimensions[0].option, "seed");
}

// ---- running ---------------------------------------------------------------------------------

// explore bounds every run with max-steps unless the build has its own hang detection.
bool addsMaxSteps() { return findRunOption("hang-window") == nullptr; }
std::string maxStepsWord() { return addsMaxSteps() ? " --max-steps=" + std::to_string(kExploreDefaultMaxSteps) : ""; }

// Every invocation writes the subgroup size it runs in: out[i] = S for the 8 invocations.
const char* kSubgroupSize = R"(enable subgroups;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(8) fn main(@builtin(local_invocation_index) i: u32,
                                    @builtin(subgroup_size) s: u32) {
  out[i] = s;
}
)";

// out[i] = in[i] * 2 + 1: independent of everything explore varies.
const char* kPortable = R"(
@group(0) @binding(0) var<storage, read> src: array<u32>;
@group(0) @binding(1) var<storage, read_write> dst: array<u32>;
@compute @workgroup_size(4) fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  dst[id.x] = src[id.x] * 2u + 1u;
}
)";

// f32 output depending on the subgroup size S: out[i] = 1 + S * 2^-23 = 1 + S ulp(1), exactly
// representable for S <= 128. Between S = 4 and S = 32 every element is 28 ULP apart, an
// absolute difference of 28 * 2^-23.
const char* kFloat = R"(enable subgroups;
@group(0) @binding(0) var<storage, read_write> out: array<f32>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32,
                                    @builtin(subgroup_size) s: u32) {
  out[i] = 1.0 + f32(s) * 0x1p-23f;
}
)";

// Spins forever when the subgroup size is 4 (nothing ever sets the flag), otherwise writes 5.
const char* kHangAt4 = R"(enable subgroups;
@group(0) @binding(0) var<storage, read_write> flag: atomic<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32,
                                    @builtin(subgroup_size) s: u32) {
  if (s == 4u) {
    loop {
      if (atomicLoad(&flag) == 1u) { break; }
    }
  }
  out[i] = 5u;
}
)";

// Stores out of bounds when the subgroup size is 128 (a dynamic error); otherwise in bounds.
const char* kOobAt128 = R"(enable subgroups;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32,
                                    @builtin(subgroup_size) s: u32) {
  var k = i;
  if (s == 128u) { k = i + 1000u; }
  out[k] = 3u;
}
)";

class Explore : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("wgslemu_explore_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    write("sgsize.wgsl", kSubgroupSize);
    write("portable.wgsl", kPortable);
    write("float.wgsl", kFloat);
    write("hang4.wgsl", kHangAt4);
    write("oob128.wgsl", kOobAt128);
    // Expected under subgroup size 32 (the device default): out = 32 eight times.
    write("sgsize.json", R"({"buffers": {"out": {"size": 32, "expect": {"u32": [32, 32, 32, 32, 32, 32, 32, 32]}}},
      "passes": [{"shader": "sgsize.wgsl", "dispatch": [1], "bind": {"0:0": "out"}}]})");
    write("sgsize_noexpect.json", R"({"buffers": {"out": {"size": 32}, "log": {"size": 4}},
      "passes": [{"shader": "sgsize.wgsl", "dispatch": [1], "bind": {"0:0": "out"}}]})");
    // in = 1..8, dst = 3, 5, ..., 17 (two workgroups of four).
    write("portable.json", R"({"buffers": {"in": {"data": {"iota": {"u32": 1, "count": 8}}},
      "out": {"size": 32, "expect": {"u32": [3, 5, 7, 9, 11, 13, 15, 17]}}},
      "passes": [{"shader": "portable.wgsl", "dispatch": [2], "bind": {"0:0": "in", "0:1": "out"}}]})");
    write("float.json", R"({"buffers": {"out": {"data": {"f32": [0, 0, 0, 0]}}},
      "passes": [{"shader": "float.wgsl", "dispatch": [1], "bind": {"0:0": "out"}}]})");
    write("hang4.json", R"({"buffers": {"flag": {"size": 4}, "out": {"size": 16, "expect": {"u32": [5, 5, 5, 5]}}},
      "passes": [{"shader": "hang4.wgsl", "dispatch": [1], "bind": {"0:0": "flag", "0:1": "out"}}]})");
    write("oob128.json", R"({"buffers": {"out": {"size": 16, "expect": {"u32": [3, 3, 3, 3]}}},
      "passes": [{"shader": "oob128.wgsl", "dispatch": [1], "bind": {"0:0": "out"}}]})");
    write("missing_shader.json", R"({"buffers": {"out": {"size": 16}},
      "passes": [{"shader": "nowhere.wgsl", "dispatch": [1], "bind": {"0:0": "out"}}]})");
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  void write(const std::string& name, const std::string& text) const { std::ofstream(dir_ / name) << text; }

  RunSpec spec(const std::string& name) const {
    std::string error;
    auto s = parseRunSpec(test::readFile(path(name)), path(name), error);
    EXPECT_TRUE(s.has_value()) << error;
    return *s;
  }
  ExploreResult explore(const std::string& name, std::vector<std::pair<std::string, std::string>> args,
                        const std::string& seeds = "", std::set<std::string> ignore = {}) const {
    ExplorePlan plan;
    std::string error;
    EXPECT_TRUE(makePlan(args, seeds, 4096, plan, error)) << error;
    ExploreSettings settings;
    settings.jobs = 2;
    settings.ignore = std::move(ignore);
    return wgslemu::runspec::explore(spec(name), plan, settings);
  }
  test::CommandResult cli(const std::string& args) const { return test::runCommand(kBin + " explore " + args); }

  fs::path dir_;
};

TEST_F(Explore, PortableSpec) {
  const ExploreResult r = explore("portable.json", {{"subgroup-size", "4,32,128"}}, "1-2");
  ASSERT_EQ(r.configurations.size(), 6u);
  for (const auto& c : r.configurations) {
    EXPECT_EQ(c.outcome, "ok") << c.label << ": " << c.details;
    EXPECT_TRUE(c.has_outputs);
    EXPECT_EQ(c.options.get("threads"), "1");
    EXPECT_EQ(c.options.get("max-steps"), addsMaxSteps() ? std::to_string(kExploreDefaultMaxSteps) : "");
  }
  EXPECT_TRUE(r.differences.empty());
  EXPECT_TRUE(r.verdict.portable);
  EXPECT_FALSE(r.all_error);
  EXPECT_EQ(r.verdict.line, "portable: 6 configurations ok with identical outputs");
  // Same bytes, same hashes.
  EXPECT_EQ(r.configurations[0].hashes, r.configurations[5].hashes);
}

TEST_F(Explore, MismatchVerdictNamesTheFirstFailingConfigurationInOrder) {
  // Order 32, 4, 128: 32 matches the expectation, 4 is the first that does not.
  const ExploreResult r = explore("sgsize.json", {{"subgroup-size", "32,4,128"}});
  ASSERT_EQ(r.configurations.size(), 3u);
  EXPECT_EQ(r.configurations[0].outcome, "ok");
  EXPECT_EQ(r.configurations[1].outcome, "mismatch");
  EXPECT_EQ(r.configurations[2].outcome, "mismatch");
  EXPECT_NE(r.configurations[1].message.find("buffer 'out': 8 of 8 u32 elements differ"), std::string::npos)
      << r.configurations[1].message;
  EXPECT_FALSE(r.verdict.portable);
  EXPECT_EQ(r.verdict.outcome, "mismatch");
  EXPECT_EQ(r.verdict.configuration, std::optional<uint64_t>(1));
  EXPECT_EQ(r.verdict.line, "not portable: mismatch under --subgroup-size=4");
  EXPECT_EQ(r.verdict.reproduce, "wgslemu run " + path("sgsize.json") + " --subgroup-size=4" + maxStepsWord() +
                                     " --threads=1");
  // out differs: three variants (32, 4 and 128 written eight times each).
  ASSERT_EQ(r.differences.size(), 1u);
  const BufferDifference& d = r.differences[0];
  EXPECT_EQ(d.name, "out");
  EXPECT_EQ(d.type, ElemType::U32);
  EXPECT_EQ(d.elements, 8u);
  ASSERT_EQ(d.variants.size(), 3u);
  EXPECT_EQ(d.variants[0].configurations, (std::vector<uint64_t>{0}));
  EXPECT_EQ(d.variants[1].configurations, (std::vector<uint64_t>{1}));
  EXPECT_EQ(d.variants[1].differing, 8u);
  EXPECT_EQ(d.variants[1].first_index, std::optional<uint64_t>(0));
  EXPECT_EQ(d.variants[1].first_reference, "32");
  EXPECT_EQ(d.variants[1].first_value, "4");
  EXPECT_EQ(d.variants[2].first_value, "128");
}

TEST_F(Explore, OutputsThatDifferWithoutExpectationsAreNotPortable) {
  const ExploreResult r = explore("sgsize_noexpect.json", {{"subgroup-size", "4,32"}});
  for (const auto& c : r.configurations) EXPECT_EQ(c.outcome, "ok") << c.details;
  EXPECT_FALSE(r.verdict.portable);
  EXPECT_EQ(r.verdict.outcome, "outputs-differ");
  EXPECT_EQ(r.verdict.configuration, std::optional<uint64_t>(1));
  EXPECT_EQ(r.verdict.line,
            "not portable: outputs differ under --subgroup-size=32: buffer 'out' differs from --subgroup-size=4 at "
            "[0] (32 instead of 4)");
  EXPECT_NE(r.verdict.reproduce.find("--subgroup-size=32"), std::string::npos);
  EXPECT_NE(r.verdict.reproduce.find("--print=out:u32"), std::string::npos);
  EXPECT_NE(r.verdict.reference.find("--subgroup-size=4"), std::string::npos);
  // `log` is the same (zero) everywhere, so only `out` is listed.
  ASSERT_EQ(r.differences.size(), 1u);
  EXPECT_EQ(r.differences[0].name, "out");

  const ExploreResult ignoring = explore("sgsize_noexpect.json", {{"subgroup-size", "4,32"}}, "", {"out"});
  EXPECT_TRUE(ignoring.verdict.portable) << ignoring.verdict.line;
  EXPECT_EQ(ignoring.verdict.line, "portable: 2 configurations ok with identical outputs (ignoring out)");
  ASSERT_EQ(ignoring.differences.size(), 1u);
  EXPECT_TRUE(ignoring.differences[0].ignored);
}

// Lanes 1-3 read src[4..6], past the end of its 4 elements. Under --oob=zero (loads
// give zero) dst = [40, 0, 0, 0]; under --oob=clamp (index clamped to 3) dst = [40, 40, 40, 40].
// Outputs that depend on the policy are a latent out-of-bounds bug, and the verdict says where.
TEST_F(Explore, OutputsThatDependOnTheOobPolicyNameTheLatentBug) {
  write("oobread.wgsl", R"(@group(0) @binding(0) var<storage, read> src: array<u32>;
@group(0) @binding(1) var<storage, read_write> dst: array<u32>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) {
  dst[i] = src[i + 3u];
}
)");
  write("oobread.json", R"({"buffers": {"src": {"data": {"u32": [10, 20, 30, 40]}}, "dst": {"size": 16}},
    "passes": [{"shader": "oobread.wgsl", "dispatch": [1], "bind": {"0:0": "src", "0:1": "dst"}}]})");
  const ExploreResult r = explore("oobread.json", {{"oob", "zero,clamp"}});
  ASSERT_EQ(r.configurations.size(), 2u);
  EXPECT_FALSE(r.verdict.portable);
  EXPECT_EQ(r.verdict.outcome, "oob-dependent");
  EXPECT_EQ(r.verdict.label, "--oob=clamp");
  EXPECT_EQ(r.verdict.line.rfind("not portable: latent out-of-bounds bug: the outputs depend on the out-of-bounds "
                                 "policy (under --oob=clamp, buffer 'dst' differs from --oob=zero at [1] (40 instead "
                                 "of 0)); first out-of-bounds access at ",
                                 0),
            0u)
      << r.verdict.line;
  EXPECT_NE(r.verdict.line.find("oobread.wgsl:4:"), std::string::npos) << r.verdict.line;
  EXPECT_NE(r.verdict.reproduce.find("--oob=clamp"), std::string::npos);
  // In bounds the policy changes nothing: the portable kernel stays portable under every policy.
  const ExploreResult p = explore("portable.json", {{"oob", "zero,clamp,discard"}});
  EXPECT_TRUE(p.verdict.portable) << p.verdict.line;
}

TEST_F(Explore, FloatBuffersReportUlpAndAbsoluteDifferences) {
  const ExploreResult r = explore("float.json", {{"subgroup-size", "4,32"}});
  ASSERT_EQ(r.differences.size(), 1u);
  const BufferDifference& d = r.differences[0];
  EXPECT_EQ(d.type, ElemType::F32);
  ASSERT_EQ(d.variants.size(), 2u);
  const BufferVariant& v = d.variants[1];
  EXPECT_EQ(v.differing, 4u);
  EXPECT_EQ(v.max_ulp, 28u);
  EXPECT_EQ(v.max_abs, std::ldexp(28.0, -23));
  EXPECT_EQ(v.nonfinite, 0u);
  const std::string text = exploreText(r);
  EXPECT_NE(text.find("max 28 ULP"), std::string::npos) << text;
}

TEST_F(Explore, HangAndDynamicErrorOutcomes) {
  ExploreResult r = explore("hang4.json", {{"subgroup-size", "32,4"}, {"max-steps", "20000"}});
  ASSERT_EQ(r.configurations.size(), 2u);
  EXPECT_EQ(r.configurations[0].outcome, "ok") << r.configurations[0].details;
  EXPECT_EQ(r.configurations[1].outcome, "hang");
  EXPECT_FALSE(r.configurations[1].has_outputs);
  // The message says where the workgroup spun, without repeating the spec's path.
  EXPECT_NE(r.configurations[1].message.find("hang4.wgsl:"), std::string::npos) << r.configurations[1].message;
  EXPECT_EQ(r.configurations[1].message.find(path("hang4.json")), std::string::npos) << r.configurations[1].message;
  EXPECT_EQ(r.verdict.line, "not portable: hang under --subgroup-size=4 --max-steps=20000");
  EXPECT_NE(r.verdict.reproduce.find("--max-steps=20000"), std::string::npos);
  // The explicit max-steps replaces explore's default.
  EXPECT_EQ(r.configurations[0].options.get("max-steps"), "20000");

  r = explore("oob128.json", {{"subgroup-size", "4,128"}});
  EXPECT_EQ(r.configurations[0].outcome, "ok") << r.configurations[0].details;
  EXPECT_EQ(r.configurations[1].outcome, "dynamic-error");
  EXPECT_EQ(r.verdict.line, "not portable: dynamic-error under --subgroup-size=128");
}

TEST_F(Explore, ProgressIsReportedOncePerConfiguration) {
  ExplorePlan plan;
  std::string error;
  ASSERT_TRUE(makePlan({{"subgroup-size", "4,8,16"}}, "1-3", 4096, plan, error)) << error;
  ExploreSettings settings;
  settings.jobs = 2;
  std::vector<uint64_t> seen;
  settings.progress = [&](uint64_t done, uint64_t total) {
    EXPECT_EQ(total, 9u);
    seen.push_back(done);
  };
  wgslemu::runspec::explore(spec("portable.json"), plan, settings);
  EXPECT_EQ(seen, (std::vector<uint64_t>{1, 2, 3, 4, 5, 6, 7, 8, 9}));
}

TEST_F(Explore, ASpecThatCannotRunIsNoVerdict) {
  const ExploreResult r = explore("missing_shader.json", {{"subgroup-size", "4,32"}});
  EXPECT_TRUE(r.all_error);
  EXPECT_FALSE(r.verdict.portable);
  for (const auto& c : r.configurations) EXPECT_EQ(c.outcome, "error");
  EXPECT_NE(r.verdict.line.find("cannot judge"), std::string::npos) << r.verdict.line;
  EXPECT_NE(r.verdict.line.find("nowhere.wgsl"), std::string::npos) << r.verdict.line;
}

TEST_F(Explore, TextGroupsConfigurationsByOutcome) {
  const std::string text = exploreText(explore("sgsize.json", {{"subgroup-size", "32,4,128"}}));
  const size_t ok = text.find("ok: 1 configuration\n  --subgroup-size=32\n");
  const size_t mismatch = text.find("mismatch: 2 configurations\n  --subgroup-size=4: buffer 'out'");
  EXPECT_NE(ok, std::string::npos) << text;
  EXPECT_NE(mismatch, std::string::npos) << text;
  EXPECT_LT(ok, mismatch);
  EXPECT_NE(text.find("out (u32, 8 elements): 3 variants"), std::string::npos) << text;
  EXPECT_NE(text.find("8 elements differ from A, first at [0]: 4 instead of 32"), std::string::npos) << text;
  EXPECT_NE(text.find("\nnot portable: mismatch under --subgroup-size=4\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  reproduce: wgslemu run "), std::string::npos) << text;
}

TEST_F(Explore, JsonShape) {
  const nlohmann::ordered_json j = exploreJson(explore("sgsize.json", {{"subgroup-size", "32,4"}}, "1-2"));
  EXPECT_EQ(j["spec"], path("sgsize.json"));
  ASSERT_EQ(j["dimensions"].size(), 2u);
  EXPECT_EQ(j["dimensions"][0]["option"], "subgroup-size");
  EXPECT_EQ(j["dimensions"][0]["values"], nlohmann::ordered_json::array({"32", "4"}));
  EXPECT_EQ(j["dimensions"][1]["option"], "seed");
  ASSERT_EQ(j["configurations"].size(), 4u);
  const auto& c2 = j["configurations"][2];
  EXPECT_EQ(c2["index"], 2);
  EXPECT_EQ(c2["label"], "--subgroup-size=4 --seed=1");
  EXPECT_EQ(c2["options"]["subgroup-size"], "4");
  EXPECT_EQ(c2["options"]["seed"], "1");
  EXPECT_EQ(c2["options"]["threads"], "1");
  EXPECT_EQ(c2["outcome"], "mismatch");
  EXPECT_TRUE(c2["message"].is_string());
  EXPECT_TRUE(c2["outputs"]["out"].is_string());
  EXPECT_EQ(c2["outputs"]["out"].get<std::string>().size(), 16u);
  EXPECT_EQ(j["outcomes"]["ok"], 2);
  EXPECT_EQ(j["outcomes"]["mismatch"], 2);
  EXPECT_EQ(j["outcomes"]["hang"], 0);
  ASSERT_EQ(j["differences"].size(), 1u);
  EXPECT_EQ(j["differences"][0]["buffer"], "out");
  EXPECT_EQ(j["differences"][0]["variants"][0]["configurations"], nlohmann::ordered_json::array({0, 1}));
  EXPECT_EQ(j["differences"][0]["variants"][1]["first_difference"]["index"], 0);
  EXPECT_EQ(j["verdict"]["portable"], false);
  EXPECT_EQ(j["verdict"]["outcome"], "mismatch");
  EXPECT_EQ(j["verdict"]["configuration"], 2);
  EXPECT_EQ(j["verdict"]["line"], "not portable: mismatch under --subgroup-size=4 --seed=1");
  EXPECT_TRUE(j["verdict"]["reproduce"].is_string());
}

// Where the scheduler work puts the replay schedule in the run report.
TEST(ExploreSchedule, FromTheRunReport) {
  using oj = nlohmann::ordered_json;
  EXPECT_EQ(scheduleFromReport(oj::parse(R"({"status": "ok", "passes": [{"entry": "main"}]})")), "");
  EXPECT_EQ(scheduleFromReport(oj::parse(R"({"schedule": "prefix: 1 0\ncycle: 2\n"})")), "prefix: 1 0\ncycle: 2\n");
  EXPECT_EQ(scheduleFromReport(oj::parse(R"({"schedule": {"text": "cycle: 0"}})")), "cycle: 0");
  // Per pass: the last pass that has one.
  EXPECT_EQ(scheduleFromReport(oj::parse(
                R"({"passes": [{"schedule": "cycle: 0"}, {"schedule": "cycle: 1"}, {"entry": "main"}]})")),
            "cycle: 1");
}

// ---- the command -------------------------------------------------------------------------------

TEST_F(Explore, CliPortableExitsZero) {
  auto r = cli("--subgroup-size 4,32 '" + path("portable.json") + "' --seeds=1-2 -j 2");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("explore " + path("portable.json") + ": 4 configurations = subgroup-size (2) x seed (2)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\nportable: 4 configurations ok with identical outputs\n"), std::string::npos) << r.out;
}

TEST_F(Explore, CliNotPortableExitsOneAndTheCommandReproducesIt) {
  auto r = cli("'" + path("sgsize.json") + "' --subgroup-size 32,4,128");
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("not portable: mismatch under --subgroup-size=4\n"), std::string::npos) << r.out;
  const size_t at = r.out.find("  reproduce: ");
  ASSERT_NE(at, std::string::npos) << r.out;
  std::string cmd = r.out.substr(at + 13, r.out.find('\n', at) - at - 13);
  ASSERT_EQ(cmd.rfind("wgslemu run ", 0), 0u) << cmd;
  auto again = test::runCommand(kBin + cmd.substr(7));
  EXPECT_EQ(again.exit_code, 1) << again.err;
  EXPECT_NE(again.err.find("[0] expected 32, got 4"), std::string::npos) << again.err;
}

TEST_F(Explore, CliJsonIsOneObject) {
  auto r = cli("'" + path("sgsize.json") + "' --subgroup-size=32,4 --json");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  nlohmann::json j = nlohmann::json::parse(r.out, nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << r.out;
  ASSERT_TRUE(j.is_object());
  EXPECT_EQ(j["verdict"]["line"], "not portable: mismatch under --subgroup-size=4");
  EXPECT_EQ(j["configurations"].size(), 2u);
}

TEST_F(Explore, CliUsageErrorsExitTwo) {
  const std::string spec = "'" + path("portable.json") + "'";
  auto r = cli(spec + " --subgroup-size=4,33");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("'33' is not valid: expected a power of two from 4 to 128"), std::string::npos) << r.err;
  r = cli(spec + " --subgroup-size=4,8,16,32,64,128 --seeds=1-1000");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("6000 configurations, more than the limit of 4096"), std::string::npos) << r.err;
  r = cli(spec + " --seeds=1-3 --seed=4");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--seed and --seeds"), std::string::npos) << r.err;
  r = cli(spec + " --ignore=nothing");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("no buffer named 'nothing'"), std::string::npos) << r.err;
  r = cli("'" + path("nope.json") + "' --subgroup-size=4");
  EXPECT_EQ(r.exit_code, 2);
  r = cli(spec + " --no-such-option=1");
  EXPECT_EQ(r.exit_code, 2);
  // One value per occurrence: a second word is not taken as another value.
  r = cli("--subgroup-size 4 8 " + spec);
  EXPECT_EQ(r.exit_code, 2);
  r = cli("'" + path("missing_shader.json") + "' --subgroup-size=4");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("cannot judge"), std::string::npos) << r.out;
  // The bound can be raised.
  r = cli(spec + " --subgroup-size=4 --seeds=1-5 --max-configurations=4");
  EXPECT_EQ(r.exit_code, 2);
  r = cli(spec + " --subgroup-size=4 --seeds=1-5 --max-configurations=5");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
}

// The help lists explore with every run option as a dimension.
TEST_F(Explore, CliHelp) {
  auto r = cli("--help");
  EXPECT_EQ(r.exit_code, 0);
  for (const auto& o : runOptionTable()) EXPECT_NE(r.out.find("--" + o.name), std::string::npos) << o.name;
  EXPECT_NE(r.out.find("--seeds"), std::string::npos);
  EXPECT_NE(r.out.find("--json"), std::string::npos);
}

}  // namespace
}  // namespace wgsl

namespace wgsl {
namespace {

// The progress litmus specs of the corpus complete under the default scheduler for every
// subgroup size (their end states do not depend on it), on one thread per run, so explore calls
// them portable across subgroup sizes. The barrier specs are left out: on one thread they need a
// scheduler that yields spinning workgroups.
TEST(ExploreCorpus, LitmusSpecsArePortableAcrossSubgroupSizes) {
  for (const char* name : {"litmus_mp_one_thread", "litmus_mp_workgroup", "litmus_ticket_lock_one_thread",
                           "litmus_ticket_lock_leader", "litmus_ticket_lock_simt_safe", "litmus_mutex_cas_one_thread",
                           "litmus_mutex_cas_leader"}) {
    const std::string path = std::string(WGSLEMU_SOURCE_DIR) + "/corpus/specs/" + name + ".json";
    std::string error;
    auto spec = parseRunSpec(test::readFile(path), path, error);
    ASSERT_TRUE(spec) << error;
    ExplorePlan plan;
    ASSERT_TRUE(makePlan({{"subgroup-size", "4,32,128"}}, "", 4096, plan, error)) << error;
    ExploreSettings settings;
    settings.jobs = 2;
    const ExploreResult r = explore(*spec, plan, settings);
    EXPECT_TRUE(r.verdict.portable) << name << ": " << exploreText(r);
  }
}

}  // namespace
}  // namespace wgsl
