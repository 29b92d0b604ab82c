// `wgslemu bench`: the execution benchmark from the command line, with --json.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "tests/support/test_support.h"

namespace wgsl {
namespace {

const std::string kBin = WGSLEMU_BINARY;

TEST(BenchCli, RunsAKernelAndWritesJson) {
  const std::string out = (std::filesystem::temp_directory_path() / "wgslemu_bench_cli.json").string();
  auto r = test::runCommand(kBin + " bench --only vector_add --reps 1 --loop-reps 1 --no-memory --wgpu /nonexistent --json '" +
                            out + "'");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("vector_add"), std::string::npos) << r.out;
  auto j = nlohmann::json::parse(test::readFile(out));
  ASSERT_EQ(j["kernels"].size(), 1u);
  const auto& k = j["kernels"][0];
  EXPECT_EQ(k["kernel"], "vector_add");
  // The emulator's output was verified against the plain loop's, and it executed instructions.
  EXPECT_TRUE(k["wgslemu_1t"]["ok"].get<bool>()) << k.dump();
  EXPECT_GT(k["wgslemu_1t"]["instructions"].get<uint64_t>(), 0u);
  EXPECT_GT(k["loop_1t"]["ms"].get<double>(), 0.0);
  std::filesystem::remove(out);
}

TEST(BenchCli, HelpAndBadOptions) {
  auto help = test::runCommand(kBin + " bench --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("--only"), std::string::npos) << help.out;
  auto bad = test::runCommand(kBin + " bench --only nosuchkernel");
  EXPECT_NE(bad.exit_code, 0);
  EXPECT_NE(bad.err.find("no kernel matches"), std::string::npos) << bad.err;
}

// The benchmark is a program of the build tree, not part of the shipped binary: without it,
// `wgslemu bench` says how to build it.
TEST(BenchCli, SaysHowToBuildTheBenchmarkWhenItIsMissing) {
  auto r = test::runCommand("WGSLEMU_EXEC_BENCH=/nonexistent/exec_bench " + kBin + " bench --only vector_add");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("/nonexistent/exec_bench"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--target exec_bench"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace wgsl
