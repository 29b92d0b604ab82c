// Campaigns over many machines: `wgslemu test` and `wgslemu explore` run one shard of their specs
// or configurations (--shard=I/N or TEST_TOTAL_SHARDS / TEST_SHARD_INDEX, touching
// TEST_SHARD_STATUS_FILE) and write JUnit XML (--junit FILE). The shards of a campaign must
// cover every item exactly once (explore: plus configuration 0, the reference, in every shard).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "tests/support/test_support.h"
#include "tools/runspec/explore.h"
#include "tools/runspec/junit.h"
#include "tools/runspec/run_spec.h"
#include "tools/runspec/shard.h"

namespace wgsl {
namespace {

namespace fs = std::filesystem;
using namespace wgslemu::runspec;
const std::string kBin = WGSLEMU_BINARY;

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

// ---- --shard=I/N and the environment --------------------------------------------------------

TEST(Shard, ParsesIndexOverCount) {
  Shard s;
  std::string error;
  ASSERT_TRUE(parseShard("0/1", s, error)) << error;
  EXPECT_EQ(s.index, 0u);
  EXPECT_EQ(s.total, 1u);
  EXPECT_FALSE(s.sharded());
  ASSERT_TRUE(parseShard("3/4", s, error)) << error;
  EXPECT_EQ(s.index, 3u);
  EXPECT_EQ(s.total, 4u);
  EXPECT_TRUE(s.contains(3));
  EXPECT_TRUE(s.contains(7));
  EXPECT_FALSE(s.contains(4));
}

TEST(Shard, MalformedValuesAreErrorsThatSayWhatIsExpected) {
  Shard s;
  std::string error;
  EXPECT_FALSE(parseShard("4/4", s, error));
  EXPECT_NE(error.find("shard index 4 is not below the number of shards 4"), std::string::npos) << error;
  EXPECT_FALSE(parseShard("0/0", s, error));
  EXPECT_NE(error.find("at least 1"), std::string::npos) << error;
  for (const char* bad : {"2", "a/3", "1/", "/3", "-1/3", "1/3/4", ""}) {
    EXPECT_FALSE(parseShard(bad, s, error)) << bad;
    EXPECT_NE(error.find("expected INDEX/COUNT"), std::string::npos) << error;
  }
}

class ShardEnvironment : public ::testing::Test {
 protected:
  void TearDown() override {
    ::unsetenv("TEST_TOTAL_SHARDS");
    ::unsetenv("TEST_SHARD_INDEX");
    ::unsetenv("TEST_SHARD_STATUS_FILE");
  }
};

TEST_F(ShardEnvironment, BazelAndGoogleTestVariables) {
  Shard s;
  std::string error;
  ASSERT_TRUE(resolveShard("", s, error)) << error;
  EXPECT_FALSE(s.sharded());
  ::setenv("TEST_TOTAL_SHARDS", "5", 1);
  ::setenv("TEST_SHARD_INDEX", "2", 1);
  ASSERT_TRUE(resolveShard("", s, error)) << error;
  EXPECT_EQ(s.index, 2u);
  EXPECT_EQ(s.total, 5u);
  // The flag wins over the environment.
  ASSERT_TRUE(resolveShard("1/3", s, error)) << error;
  EXPECT_EQ(s.index, 1u);
  EXPECT_EQ(s.total, 3u);
  ::setenv("TEST_SHARD_INDEX", "5", 1);
  EXPECT_FALSE(resolveShard("", s, error));
  EXPECT_NE(error.find("TEST_TOTAL_SHARDS/TEST_SHARD_INDEX: shard index 5"), std::string::npos) << error;
  ::unsetenv("TEST_SHARD_INDEX");
  EXPECT_FALSE(resolveShard("", s, error));
  EXPECT_NE(error.find("TEST_SHARD_INDEX"), std::string::npos) << error;
}

TEST_F(ShardEnvironment, StatusFileIsTouched) {
  const fs::path status = fs::temp_directory_path() / ("wgslemu_shard_status_" + std::to_string(::getpid()));
  fs::remove(status);
  ::setenv("TEST_SHARD_STATUS_FILE", status.c_str(), 1);
  Shard s;
  std::string error;
  ASSERT_TRUE(resolveShard("", s, error)) << error;
  EXPECT_TRUE(fs::exists(status));
  fs::remove(status);
  ::setenv("TEST_SHARD_STATUS_FILE", "/nonexistent-dir/status", 1);
  EXPECT_FALSE(resolveShard("", s, error));
  EXPECT_NE(error.find("TEST_SHARD_STATUS_FILE"), std::string::npos) << error;
}

// ---- JUnit XML ------------------------------------------------------------------------------

TEST(JUnit, CountsAndEscapes) {
  std::vector<JUnitCase> cases(3);
  cases[0].classname = "c";
  cases[0].name = "a<b>&\"c\"";
  cases[1].name = "fails";
  cases[1].result = JUnitCase::Failure;
  cases[1].type = "mismatch";
  cases[1].message = "x < y";
  cases[1].details = std::string("bell\x07 here");
  cases[2].name = "broken";
  cases[2].result = JUnitCase::Error;
  const std::string xml = junitXml("suite", cases, 1.5);
  EXPECT_EQ(xml.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", 0), 0u) << xml;
  EXPECT_NE(xml.find("<testsuite name=\"suite\" tests=\"3\" failures=\"1\" errors=\"1\" skipped=\"0\" time=\"1.500\">"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("name=\"a&lt;b&gt;&amp;&quot;c&quot;\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("<failure type=\"mismatch\" message=\"x &lt; y\">bell? here</failure>"), std::string::npos) << xml;
  EXPECT_NE(xml.find("<error type=\"\" message=\"\"></error>"), std::string::npos) << xml;
  EXPECT_EQ(count(xml, "<testcase "), 3u);
}

// ---- wgslemu test --------------------------------------------------------------------------

// out[i] = i + 1 for four invocations.
const char* kKernel = R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) {
  out[i] = i + 1u;
}
)";

class Campaign : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("wgslemu_campaign_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "specs");
    write("k.wgsl", kKernel);
    // Five passing specs s0..s4, in path order.
    for (int i = 0; i < 5; ++i)
      write("specs/s" + std::to_string(i) + ".json", spec("[1, 2, 3, 4]"));
  }
  void TearDown() override { fs::remove_all(dir_); }

  static std::string spec(const std::string& expect) {
    return R"({"buffers": {"out": {"size": 16, "expect": {"u32": )" + expect +
           R"(}}}, "passes": [{"shader": "../k.wgsl", "dispatch": [1], "bind": {"0:0": "out"}}]})";
  }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  void write(const std::string& name, const std::string& text) const { std::ofstream(dir_ / name) << text; }
  std::set<std::string> specsRun(const std::string& out) const {
    std::set<std::string> names;
    std::istringstream in(out);
    for (std::string line; std::getline(in, line);) {
      const size_t p = line.find("/specs/s");
      if (p != std::string::npos) names.insert(line.substr(p + 7, 2));
    }
    return names;
  }

  fs::path dir_;
};

TEST_F(Campaign, TestShardsPartitionTheSpecsInPathOrder) {
  std::set<std::string> all;
  for (int i = 0; i < 3; ++i) {
    auto r = test::runCommand(kBin + " test '" + path("specs") + "' --shard=" + std::to_string(i) + "/3");
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    const std::set<std::string> mine = specsRun(r.out);
    // Positions i, i+3: shard 0 runs s0 and s3, shard 1 s1 and s4, shard 2 s2.
    std::set<std::string> expected;
    for (int k = i; k < 5; k += 3) expected.insert("s" + std::to_string(k));
    EXPECT_EQ(mine, expected) << r.out;
    for (const auto& n : mine) EXPECT_TRUE(all.insert(n).second) << n << " in two shards";
    EXPECT_NE(r.out.find("(shard " + std::to_string(i) + "/3: " + std::to_string(expected.size()) + " of 5 specs)"),
              std::string::npos)
        << r.out;
  }
  EXPECT_EQ(all.size(), 5u);
}

TEST_F(Campaign, TestReadsTheShardFromTheEnvironmentAndTouchesTheStatusFile) {
  const std::string status = path("status");
  auto r = test::runCommand("TEST_TOTAL_SHARDS=2 TEST_SHARD_INDEX=1 TEST_SHARD_STATUS_FILE='" + status + "' " + kBin +
                            " test '" + path("specs") + "'");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(specsRun(r.out), (std::set<std::string>{"s1", "s3"})) << r.out;
  EXPECT_TRUE(fs::exists(status));
  // A shard with no spec (more shards than specs) passes with nothing to do.
  r = test::runCommand(kBin + " test '" + path("specs") + "' --shard=6/7");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("0 passed, 0 failed (shard 6/7: 0 of 5 specs)"), std::string::npos) << r.out;
  // Bad values are usage errors.
  r = test::runCommand(kBin + " test '" + path("specs") + "' --shard=3/3");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--shard=3/3: shard index 3 is not below the number of shards 3"), std::string::npos) << r.err;
  r = test::runCommand("TEST_TOTAL_SHARDS=x TEST_SHARD_INDEX=0 " + kBin + " test '" + path("specs") + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("TEST_TOTAL_SHARDS='x'"), std::string::npos) << r.err;
}

TEST_F(Campaign, TestWritesJUnit) {
  write("specs/s1.json", spec("[1, 2, 3, 5]"));  // out[3] is 4: a mismatch
  write("specs/s2.json", "{ not json");          // cannot be read: an error
  const std::string xml_path = path("results.xml");
  auto r = test::runCommand(kBin + " test '" + path("specs") + "' --junit '" + xml_path + "'");
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  const std::string xml = test::readFile(xml_path);
  EXPECT_NE(xml.find("tests=\"5\" failures=\"1\" errors=\"1\""), std::string::npos) << xml;
  EXPECT_EQ(count(xml, "<testcase classname=\"wgslemu.test\""), 5u) << xml;
  EXPECT_NE(xml.find("s1.json\""), std::string::npos);
  EXPECT_NE(xml.find("<failure type=\"fail\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("<error type=\"error\" message=\"" + path("specs/s2.json") + ":1:"), std::string::npos) << xml;
  // An unwritable file is a usage error.
  r = test::runCommand(kBin + " test '" + path("specs/s0.json") + "' --junit /nonexistent-dir/x.xml");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("cannot write the JUnit file"), std::string::npos) << r.err;
}

// ---- wgslemu explore -----------------------------------------------------------------------

// out[i] = the subgroup size: differs between --subgroup-size values.
const char* kSubgroupSize = R"(enable subgroups;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32, @builtin(subgroup_size) s: u32) {
  out[i] = s;
}
)";

ExploreResult exploreShard(const RunSpec& spec, const std::string& sizes, const std::string& seeds, Shard shard) {
  ExplorePlan plan;
  std::string error;
  EXPECT_TRUE(makePlan({{"subgroup-size", sizes}}, seeds, 4096, plan, error)) << error;
  ExploreSettings settings;
  settings.jobs = 1;
  settings.shard = shard;
  return explore(spec, plan, settings);
}

TEST_F(Campaign, ExploreShardsRunTheirConfigurationsAndTheReference) {
  write("sg.wgsl", kSubgroupSize);
  write("sg.json", R"({"buffers": {"out": {"size": 16}}, "passes": [{"shader": "sg.wgsl", "dispatch": [1],
    "bind": {"0:0": "out"}}]})");
  write("k.json", spec("[1, 2, 3, 4]").replace(spec("[1, 2, 3, 4]").find("../k.wgsl"), 9, "k.wgsl"));
  std::string error;
  auto portable = parseRunSpec(test::readFile(path("k.json")), path("k.json"), error);
  ASSERT_TRUE(portable) << error;
  // 3 sizes x 2 seeds = 6 configurations; shard 1/2 runs 1, 3, 5 and the reference 0.
  ExploreResult r = exploreShard(*portable, "4,32,128", "1-2", Shard{1, 2});
  std::vector<uint64_t> indices;
  for (const auto& c : r.configurations) indices.push_back(c.index);
  EXPECT_EQ(indices, (std::vector<uint64_t>{0, 1, 3, 5}));
  EXPECT_EQ(r.total_configurations, 6u);
  EXPECT_TRUE(r.verdict.portable) << r.verdict.line;
  EXPECT_NE(exploreText(r).find("shard 1/2"), std::string::npos);
  EXPECT_EQ(exploreJson(r)["shard"]["total"], 2);

  // Outputs differ between every size: each shard finds it against configuration 0 (size 4).
  auto sg = parseRunSpec(test::readFile(path("sg.json")), path("sg.json"), error);
  ASSERT_TRUE(sg) << error;
  r = exploreShard(*sg, "4,32,128", "", Shard{0, 2});
  EXPECT_FALSE(r.verdict.portable);
  EXPECT_EQ(r.verdict.configuration, std::optional<uint64_t>(2));  // size 128
  r = exploreShard(*sg, "4,32,128", "", Shard{1, 2});
  EXPECT_FALSE(r.verdict.portable);
  EXPECT_EQ(r.verdict.configuration, std::optional<uint64_t>(1));  // size 32
}

TEST_F(Campaign, ExploreCliShardAndJUnit) {
  write("sg.wgsl", kSubgroupSize);
  write("sg.json", R"({"buffers": {"out": {"size": 16}}, "passes": [{"shader": "sg.wgsl", "dispatch": [1],
    "bind": {"0:0": "out"}}]})");
  const std::string xml_path = path("explore.xml");
  auto r = test::runCommand(kBin + " explore '" + path("sg.json") + "' --subgroup-size=4,32,128,64 --shard=1/2 --junit '" +
                            xml_path + "'");
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;  // sizes 32 and 64 differ from 4
  const std::string xml = test::readFile(xml_path);
  // Configurations 0 (the reference), 1 and 3; 1 and 3 differ from 0.
  EXPECT_EQ(count(xml, "<testcase "), 3u) << xml;
  EXPECT_NE(xml.find("tests=\"3\" failures=\"2\" errors=\"0\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("name=\"--subgroup-size=64\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("<failure type=\"outputs-differ\" message=\"buffer &apos;out&apos; differs from --subgroup-size=4\""),
            std::string::npos)
      << xml;
  r = test::runCommand("TEST_TOTAL_SHARDS=2 TEST_SHARD_INDEX=0 " + kBin + " explore '" + path("sg.json") +
                       "' --subgroup-size=4,32 --json");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;  // only configuration 0: nothing to differ from
  EXPECT_NE(r.out.find("\"total_configurations\": 2"), std::string::npos) << r.out;
  r = test::runCommand(kBin + " explore '" + path("sg.json") + "' --shard=2/2");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("shard index 2"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace wgsl
