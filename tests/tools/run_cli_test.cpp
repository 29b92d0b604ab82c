// `wgslemu run` and `wgslemu test`: run specs end to end through the command line, including
// every bad input the run-spec issue names (each a clear error, exit 2, no files left behind).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "tests/support/test_support.h"

namespace wgsl {
namespace {

namespace fs = std::filesystem;
const std::string kBin = WGSLEMU_BINARY;

// out[i] = in[i] * 2 + i, one invocation per element; 4 invocations per workgroup.
const char* kDouble = R"(
@group(0) @binding(0) var<storage, read> src: array<u32>;
@group(0) @binding(1) var<storage, read_write> dst: array<u32>;
@compute @workgroup_size(4) fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  dst[id.x] = src[id.x] * 2u + id.x;
}
)";

class RunCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("wgslemu_run_cli_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    write("double.wgsl", kDouble);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  void write(const std::string& name, const std::string& text) const {
    fs::create_directories((dir_ / name).parent_path());
    std::ofstream(dir_ / name, std::ios::binary) << text;
  }
  test::CommandResult run(const std::string& spec_name, const std::string& args = "") const {
    return test::runCommand(kBin + " run '" + path(spec_name) + "' " + args);
  }

  fs::path dir_;
};

// in = 1..8; expected out[i] = 2 * in[i] + i, worked out by hand: 2, 5, 8, 11, 14, 17, 20, 23.
const char* kGoodSpec = R"({
  "buffers": {
    "in": {"data": {"iota": {"u32": 1, "count": 8}}},
    "out": {"size": 32, "expect": {"u32": [2, 5, 8, 11, 14, 17, 20, 23]}}
  },
  "passes": [{"shader": "double.wgsl", "dispatch": [2], "bind": {"0:0": "in", "0:1": "out"}}]
})";

TEST_F(RunCli, PassingSpecExitsZeroWithASummary) {
  write("good.json", kGoodSpec);
  auto r = run("good.json");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("ok: 1 pass, 2 workgroups"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;  // prose goes to standard error only
}

TEST_F(RunCli, MismatchNamesBufferElementsAndCount) {
  std::string spec = kGoodSpec;
  spec.replace(spec.find("[2, 5, 8, 11"), 12, "[2, 5, 9, 12");
  write("bad.json", spec);
  auto r = run("bad.json");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("buffer 'out': 2 of 8 u32 elements differ"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("[2] expected 9, got 8"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("[3] expected 12, got 11"), std::string::npos) << r.err;
}

TEST_F(RunCli, ReportFileDescribesTheRun) {
  write("good.json", kGoodSpec);
  auto r = run("good.json", "--report '" + path("report.json") + "' --subgroup-size 8");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(test::readFile(path("report.json")));
  EXPECT_EQ(j["status"], "ok");
  ASSERT_EQ(j["passes"].size(), 1u);
  EXPECT_EQ(j["passes"][0]["entry"], "main");
  EXPECT_EQ(j["passes"][0]["dispatch"], nlohmann::json::parse("[2, 1, 1]"));
  EXPECT_EQ(j["passes"][0]["workgroups"], 2);
  EXPECT_GT(j["passes"][0]["instructions"].get<uint64_t>(), 0u);
  EXPECT_EQ(j["options"]["subgroup-size"], 8);
  EXPECT_TRUE(j["mismatches"].empty());
  EXPECT_FALSE(fs::exists(path("report.json.partial")));
}

TEST_F(RunCli, SaveWritesFinalContents) {
  std::string spec = kGoodSpec;
  spec.replace(spec.find("\"size\": 32,"), 11, "\"size\": 32, \"save\": \"out/final.bin\",");
  write("save.json", spec);
  fs::create_directories(dir_ / "out");
  auto r = run("save.json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string bytes = test::readFile(path("out/final.bin"));
  ASSERT_EQ(bytes.size(), 32u);
  EXPECT_EQ(static_cast<uint8_t>(bytes[4]), 5);  // out[1] = 5, little-endian
}

TEST_F(RunCli, MultiplePassesShareBuffersAndIndirectDispatch) {
  write("inc.wgsl", R"(
@group(0) @binding(0) var<storage, read_write> v: array<u32>;
@compute @workgroup_size(1) fn main(@builtin(global_invocation_id) id: vec3<u32>) { v[id.x] += 10u; }
)");
  // Pass 1 adds 10 to v[0..3]; pass 2 (indirect: 2 workgroups read from `args`) adds 10 to v[0..1].
  write("multi.json", R"({
    "buffers": {
      "v": {"data": {"u32": [1, 2, 3, 4]}, "expect": {"u32": [21, 22, 13, 14]}},
      "args": {"data": {"u32": [0, 2, 1, 1]}}
    },
    "passes": [
      {"shader": "inc.wgsl", "dispatch": [4], "bind": {"0:0": "v"}},
      {"shader": "inc.wgsl", "dispatch_indirect": {"buffer": "args", "offset": 4}, "bind": {"0:0": "v"}}
    ]
  })");
  auto r = run("multi.json");
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST_F(RunCli, InvalidShaderExitsOneWithDiagnostics) {
  write("broken.wgsl", "@compute @workgroup_size(1) fn main() { let x: u32 = -1; }\n");
  write("s.json", R"({"passes": [{"shader": "broken.wgsl", "dispatch": [1]}]})");
  auto r = run("s.json");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("broken.wgsl:1:"), std::string::npos) << r.err;
}

// Spec "Pipeline-Creation Errors": an override value that makes the workgroup size zero is a
// pipeline-creation error of the shader (exit 1, "invalid"); a workgroup size over the device
// limit maxComputeWorkgroupSizeX = 256 is a host-side error (exit 2).
TEST_F(RunCli, PipelineCreationErrorIsInvalidButADeviceLimitIsAnError) {
  write("wg.wgsl", "override n: u32 = 4;\n@compute @workgroup_size(n) fn main() {}\n");
  write("zero.json", R"({"passes": [{"shader": "wg.wgsl", "dispatch": [1], "overrides": {"n": 0}}]})");
  auto r = run("zero.json", "--report '" + path("zero.report.json") + "'");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("pipeline creation"), std::string::npos) << r.err;
  std::ifstream zr(path("zero.report.json"));
  const auto zj = nlohmann::json::parse(zr, nullptr, false);
  ASSERT_FALSE(zj.is_discarded());
  EXPECT_EQ(zj.value("status", ""), "invalid");
  write("big.json", R"({"passes": [{"shader": "wg.wgsl", "dispatch": [1], "overrides": {"n": 512}}]})");
  r = run("big.json", "--report '" + path("big.report.json") + "'");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("maxComputeWorkgroupSizeX"), std::string::npos) << r.err;
  std::ifstream br(path("big.report.json"));
  const auto bj = nlohmann::json::parse(br, nullptr, false);
  ASSERT_FALSE(bj.is_discarded());
  EXPECT_EQ(bj.value("status", ""), "error");
}

// A shader named relative to the spec's folder ("../k.wgsl") is located as "DIR/k.wgsl:L:C" in
// events, without "specs/../".
TEST_F(RunCli, EventLocationsNameTheShaderWithoutDotDot) {
  write("k.wgsl", "@group(0) @binding(0) var<storage, read_write> out: array<u32>;\n"
                  "@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) {\n"
                  "  out[i + 4u] = 1u;\n}\n");
  write("specs/s.json", R"({"buffers": {"out": {"size": 16}},
    "passes": [{"shader": "../k.wgsl", "dispatch": [1], "bind": {"0:0": "out"}}]})");
  auto r = run("specs/s.json");
  EXPECT_EQ(r.exit_code, 4) << r.err;
  EXPECT_NE(r.err.find(path("k.wgsl") + ":3:"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("/../"), std::string::npos) << r.err;
}

TEST_F(RunCli, OutOfBoundsStoreIsADynamicErrorWithItsLocation) {
  write("oob.wgsl", R"(@group(0) @binding(0) var<storage, read_write> v: array<u32, 4>;
@compute @workgroup_size(8) fn main(@builtin(local_invocation_index) i: u32) {
  v[i] = i;
}
)");
  write("s.json", R"({"buffers": {"v": {"size": 16, "expect": {"u32": [0, 1, 2, 3]}}},
    "passes": [{"shader": "oob.wgsl", "dispatch": [1], "bind": {"0:0": "v"}}]})");
  auto r = run("s.json", "--report '" + path("r.json") + "'");
  EXPECT_EQ(r.exit_code, 4) << r.err;
  EXPECT_NE(r.err.find("oob.wgsl:3:"), std::string::npos) << r.err;
  auto j = nlohmann::json::parse(test::readFile(path("r.json")));
  EXPECT_EQ(j["status"], "dynamic-error");
  ASSERT_FALSE(j["events"].empty());
  EXPECT_EQ(j["events"][0]["kind"], "oob");
  EXPECT_EQ(j["events"][0]["location"]["line"], 3);
  EXPECT_EQ(j["events"][0]["binding"], "0:0");
  EXPECT_EQ(j["event_count"], 4);  // invocations 4..7 store out of bounds
}

// A systematic bug gives one event per invocation; the summary groups them by kind and source
// location, the fast path and a bounds policy use the same words, and the report keeps every
// event up to --max-events and counts the rest.
TEST_F(RunCli, EventsAreGroupedBySourceLocationAndCapped) {
  // tile[i + 10] is out of range for i = 54..63: 10 invocations in each of 4 workgroups.
  write("tile.wgsl", R"(@group(0) @binding(0) var<storage, read_write> a: array<u32>;
var<workgroup> tile: array<u32, 64>;
@compute @workgroup_size(64) fn main(@builtin(local_invocation_index) i: u32) {
  tile[i] = i;
  workgroupBarrier();
  a[i] = tile[i + 10u];
}
)");
  write("s.json", R"({"buffers": {"a": {"size": 256}},
    "passes": [{"shader": "tile.wgsl", "dispatch": [4], "bind": {"0:0": "a"}}]})");
  auto fast = run("s.json", "");
  EXPECT_EQ(fast.exit_code, 4) << fast.err;
  const std::string line =
      "tile.wgsl:6:15: 40 oob events by 40 invocations in 4 workgroups; first: out-of-bounds read of 4 bytes through "
      "index 64 (out of range for 64 elements) of workgroup variable 'tile' (256 bytes) by invocation 54 of workgroup "
      "(0, 0, 0): the load gave zero\n";
  EXPECT_NE(fast.err.find(line), std::string::npos) << fast.err;
  auto checked = run("s.json", "--oob=zero");
  EXPECT_NE(checked.err.find(line), std::string::npos) << checked.err;

  auto capped = run("s.json", "--max-events=3 --report '" + path("r.json") + "'");
  EXPECT_NE(capped.err.find("... and 37 more events, not kept (--max-events=N keeps more"), std::string::npos)
      << capped.err;
  auto j = nlohmann::json::parse(test::readFile(path("r.json")));
  EXPECT_EQ(j["events"].size(), 3u);
  EXPECT_EQ(j["events"][0]["offset"], 64);  // for an index out of range, the index (i = 54: 54 + 10)
  EXPECT_EQ(j["events"][1]["offset"], 65);
  EXPECT_EQ(j["event_count"], 40);
  EXPECT_EQ(j["events_dropped"], 37);
  run("s.json", "--report '" + path("r.json") + "'");
  j = nlohmann::json::parse(test::readFile(path("r.json")));
  EXPECT_EQ(j["events"].size(), 40u);
  EXPECT_EQ(j["events_dropped"], 0);
}

TEST_F(RunCli, BadInputIsAClearErrorWithExitTwo) {
  struct Case {
    const char* name;
    std::string spec;
    const char* needle;
  };
  const std::string passes_tail = R"(, "bind": {"0:0": "in", "0:1": "out"}}]})";
  const std::string bufs = R"({"buffers": {"in": {"size": 32}, "out": {"size": 32}}, "passes": [{"shader": "double.wgsl", )";
  const Case cases[] = {
      {"malformed", "{\"buffers\": {\n  \"in\": {\"size\": 32,}\n}}", "malformed JSON"},
      {"missing shader", R"({"buffers": {"in": {"size": 32}}, "passes": [{"shader": "nope.wgsl", "dispatch": [1]}]})",
       "cannot read"},
      {"conflicting binds", R"({"buffers": {"in": {"size": 32}}, "passes": [{"shader": "double.wgsl", "dispatch": [1],
          "bind": {"0:0": "in", "0:1": "in"}}]})",
       "cannot be bound again"},
      {"dispatch zero", bufs + R"("dispatch": [0])" + passes_tail, "at least 1"},
      {"dispatch too large", bufs + R"("dispatch": [70000])" + passes_tail, "maxComputeWorkgroupsPerDimension = 65535"},
      {"huge buffer", R"({"buffers": {"in": {"size": 4294967296}, "out": {"size": 32}}, "passes": [{"shader": "double.wgsl",
          "dispatch": [1], "bind": {"0:0": "in", "0:1": "out"}}]})",
       "nothing was allocated"},
      {"save in missing folder", R"({"buffers": {"in": {"size": 32}, "out": {"size": 32, "save": "no/such/dir/x.bin"}},
          "passes": [{"shader": "double.wgsl", "dispatch": [1], "bind": {"0:0": "in", "0:1": "out"}}]})",
       "does not exist"},
      {"unbound slot", R"({"buffers": {"in": {"size": 32}}, "passes": [{"shader": "double.wgsl", "dispatch": [1],
          "bind": {"0:0": "in"}}]})",
       "no buffer is bound there; add \"0:1\": BUFFER to \"bind\""},
      {"unused slot", R"({"buffers": {"in": {"size": 32}, "out": {"size": 32}}, "passes": [{"shader": "double.wgsl",
          "dispatch": [1], "bind": {"0:0": "in", "0:1": "out", "0:7": "out"}}]})",
       "has no resource at @group(0) @binding(7)"},
      {"too small", R"({"buffers": {"in": {"size": 2}, "out": {"size": 32}}, "passes": [{"shader": "double.wgsl",
          "dispatch": [1], "bind": {"0:0": "in", "0:1": "out"}}]})",
       "smaller than the minimum binding size 4"},
      {"unknown entry", bufs + R"("entry": "mian", "dispatch": [1])" + passes_tail, "mian"},
  };
  for (const auto& c : cases) {
    write("bad.json", c.spec);
    fs::remove(path("report.json"));
    auto r = run("bad.json", "--report '" + path("report.json") + "'");
    EXPECT_EQ(r.exit_code, 2) << c.name << "\n" << r.err;
    EXPECT_NE(r.err.find(c.needle), std::string::npos) << c.name << "\n" << r.err;
    EXPECT_EQ(r.err.find("internal error"), std::string::npos) << c.name << "\n" << r.err;
    EXPECT_FALSE(fs::exists(path("no/such/dir/x.bin")));
  }
}

TEST_F(RunCli, QuickRunFromTheCommandLine) {
  auto r = test::runCommand(kBin + " run '" + path("double.wgsl") +
                            "' --dispatch 1 --buffer in=u32:5,6,7,8 --buffer out=zero:16 --bind 0:0=in --bind 0:1=out "
                            "--print out --expect out=u32:10,13,16,19");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "out: 10 13 16 19\n");
  auto bad = test::runCommand(kBin + " run '" + path("double.wgsl") + "' --buffer in=u64:1");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("unknown DATA form 'u64'"), std::string::npos) << bad.err;
}

TEST_F(RunCli, UsageErrorsHaveHints) {
  write("good.json", kGoodSpec);
  auto r = run("good.json", "--subgroup-size 3");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("power of two"), std::string::npos) << r.err;
  auto r2 = run("good.json", "--dispatch 4");
  EXPECT_EQ(r2.exit_code, 2);
  EXPECT_NE(r2.err.find("belong to 'run FILE.wgsl'"), std::string::npos) << r2.err;
}

TEST_F(RunCli, TestCommandRunsEverySpecAndCounts) {
  write("suite/a.json", std::string(kGoodSpec).replace(std::string(kGoodSpec).find("double.wgsl"), 11, "../double.wgsl"));
  write("suite/sub/b.json", std::string(kGoodSpec).replace(std::string(kGoodSpec).find("double.wgsl"), 11,
                                                             "../../double.wgsl"));
  std::string failing = kGoodSpec;
  failing.replace(failing.find("double.wgsl"), 11, "../double.wgsl");
  failing.replace(failing.find("[2, 5,"), 6, "[3, 5,");
  write("suite/c.json", failing);
  write("suite/d.json", "{ not json");
  auto r = test::runCommand(kBin + " test '" + path("suite") + "' --jobs 2");
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("a.json"), std::string::npos);
  EXPECT_NE(r.out.find("FAIL"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("ERROR"), std::string::npos) << r.out;
  // The last line, exactly.
  std::string last = r.out.substr(r.out.rfind('\n', r.out.size() - 2) + 1);
  EXPECT_EQ(last, "2 passed, 2 failed\n") << r.out;
  fs::remove(path("suite/c.json"));
  fs::remove(path("suite/d.json"));
  auto ok = test::runCommand(kBin + " test '" + path("suite") + "'");
  EXPECT_EQ(ok.exit_code, 0) << ok.out;
  EXPECT_NE(ok.out.find("2 passed, 0 failed\n"), std::string::npos) << ok.out;
}

}  // namespace
}  // namespace wgsl

namespace wgsl {
namespace {

// The corpus is the project's library of kernels with independently computed expectations
// (corpus/gen/*.py): every spec must pass.
TEST(Corpus, EveryRunSpecPasses) {
  auto r = test::runCommand(kBin + " test '" + std::string(WGSLEMU_SOURCE_DIR) + "/corpus/specs' --jobs 2");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  const std::string last = r.out.substr(r.out.rfind('\n', r.out.size() - 2) + 1);
  unsigned passed = 0, failed = 0;
  ASSERT_EQ(std::sscanf(last.c_str(), "%u passed, %u failed", &passed, &failed), 2) << r.out;
  EXPECT_GE(passed, 40u);
  EXPECT_EQ(failed, 0u) << r.out;
}

}  // namespace
}  // namespace wgsl

namespace wgsl {
namespace {

// A dispatch of a few tenths of a second; the test shows the progress line from the start
// (WGSLEMU_PROGRESS_AFTER_MS=0) so that it appears however fast the machine is.
const char* kSlow = R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(64) fn main(@builtin(global_invocation_id) g: vec3<u32>) {
  var x = g.x;
  for (var i = 0u; i < 20000u; i++) { x = x * 1664525u + 1013904223u; }
  out[g.x] = x;
}
)";

TEST(RunProgress, ShownOnATerminalNeverWhenPiped) {
  const std::string shader = (std::filesystem::temp_directory_path() / "wgslemu_progress_test.wgsl").string();
  std::ofstream(shader) << kSlow;
  const std::string args = " run '" + shader + "' --dispatch 96 --buffer o=zero:24576 --bind 0:0=o";
  auto piped = test::runCommand(kBin + args);
  EXPECT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_EQ(piped.err.find("/96 workgroups"), std::string::npos) << piped.err;
  EXPECT_EQ(piped.err.find('\r'), std::string::npos);
  // `script` gives the command a terminal; CI must be unset for the line to show.
  auto tty = test::runCommand("env -u CI WGSLEMU_PROGRESS_AFTER_MS=0 script -q -e -c \"" + kBin + args + "\" /dev/null");
  if (tty.exit_code == 127) GTEST_SKIP() << "no 'script' command";
  EXPECT_EQ(tty.exit_code, 0) << tty.out;
  EXPECT_NE(tty.out.find("/96 workgroups"), std::string::npos) << tty.out;
  EXPECT_NE(tty.out.find("\r\033[K"), std::string::npos);  // the line is erased at the end
  std::filesystem::remove(shader);
}

// A bad option value gives one sentence through every door: the command line of run and test, a
// run spec's "options", and `wgslemu exec` (the C API's WGSLEMU_OPTIONS and chained struct give
// it too: tests/webgpu/options_test.cpp).
TEST_F(RunCli, BadOptionValueIsTheSameSentenceThroughEveryDoor) {
  const std::string sentence =
      "option 'scheduler': 'fast' is not valid: expected fair, round-robin, obe, lobe, hsa, hsa-obe, unfair or "
      "random:SEED";
  write("good.json", kGoodSpec);
  auto cli = run("good.json", "--scheduler=fast");
  EXPECT_EQ(cli.exit_code, 2);
  EXPECT_EQ(cli.err, "wgslemu: error: " + sentence + "\n");
  auto test_cmd = test::runCommand(kBin + " test '" + dir_.string() + "' --scheduler=fast");
  EXPECT_EQ(test_cmd.exit_code, 2);
  EXPECT_EQ(test_cmd.err, "wgslemu: error: " + sentence + "\n");
  write("bad_option.json", R"({"passes": [{"shader": "double.wgsl", "dispatch": [1], "bind": {"0:0": "in", "0:1": "out"}}],
    "buffers": {"in": {"size": 16}, "out": {"size": 16}}, "options": {"scheduler": "fast"}})");
  auto spec = run("bad_option.json");
  EXPECT_EQ(spec.exit_code, 2);
  EXPECT_NE(spec.err.find(sentence), std::string::npos) << spec.err;
  auto exec = test::runCommand(kBin + " exec --scheduler=fast -- true");
  EXPECT_EQ(exec.exit_code, 2);
  EXPECT_EQ(exec.err, "wgslemu exec: " + sentence + "\n");
  // Options of the run-spec runner alone are refused by exec (the library has no runner).
  auto runner_only = test::runCommand(kBin + " exec --timeline=run.svg -- true");
  EXPECT_EQ(runner_only.exit_code, 2);
  EXPECT_NE(runner_only.err.find("option 'timeline' is not a device option"), std::string::npos) << runner_only.err;
}

}  // namespace
}  // namespace wgsl
