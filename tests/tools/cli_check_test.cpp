// `wgslemu check` as a user runs it: exit codes, streams, JSON, standard input, bad arguments.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "tests/support/test_support.h"

namespace wgsl {
namespace {

const std::string kBin = WGSLEMU_BINARY;
const std::string kRoot = WGSLEMU_SOURCE_DIR;

std::string quote(const std::string& s) { return "'" + s + "'"; }

TEST(CliCheck, ValidFileExitsZeroWithSummaryOnStdout) {
  auto r = test::runCommand(kBin + " check " + quote(kRoot + "/corpus/vector_add.wgsl"));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("vector_add.wgsl: valid (stage: uniformity)"), std::string::npos) << r.out;
  EXPECT_EQ(r.err, "");
}

TEST(CliCheck, QuietPrintsNothing) {
  auto r = test::runCommand(kBin + " check -q " + quote(kRoot + "/corpus/vector_add.wgsl"));
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "");
}

TEST(CliCheck, InvalidFileExitsOneWithDiagnosticsOnStderr) {
  auto r = test::runCommand(kBin + " check --color=never " + quote(kRoot + "/tests/data/invalid/demo_errors.wgsl"));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("demo_errors.wgsl:5:17: error: the operands of '<<' must be unary"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("demo_errors.wgsl: 4 errors"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\x1b'), std::string::npos);  // no colour when asked for none / not a tty
}

TEST(CliCheck, JsonGoesToStdoutAndParses) {
  auto r = test::runCommand(kBin + " check --json " + quote(kRoot + "/tests/data/invalid/demo_errors.wgsl"));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "");  // machine output is never mixed with prose
  auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j.size(), 4u);
  for (const auto& d : j) {
    for (const char* key : {"severity", "message", "file", "line", "column", "end_line", "end_column", "notes"}) {
      EXPECT_TRUE(d.contains(key)) << key;
    }
  }
  EXPECT_EQ(j[0]["line"], 5);
}

TEST(CliCheck, JsonForAValidFileIsAnEmptyArray) {
  auto r = test::runCommand(kBin + " check --json " + quote(kRoot + "/corpus/vector_add.wgsl"));
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(nlohmann::json::parse(r.out), nlohmann::json::array());
}

TEST(CliCheck, ReadsStandardInput) {
  auto ok = test::runCommand(kBin + " check -", "@compute @workgroup_size(1) fn main() {}\n");
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_NE(ok.out.find("<stdin>: valid"), std::string::npos);
  auto bad = test::runCommand(kBin + " check --color=never -", "fn main() { let x = ; }\n");
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_NE(bad.err.find("<stdin>:1:21: error: expected an expression, found ';'"), std::string::npos) << bad.err;
}

TEST(CliCheck, DumpAst) {
  auto r = test::runCommand(kBin + " check --stage=parse --dump-ast -", "const x = a + b * c;\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "(const x = (+ a (* b c)))\n");
}

TEST(CliCheck, EmptyModuleIsValidWithAWarning) {
  auto r = test::runCommand(kBin + " check --color=never -", "");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.err.find("<stdin>:1:1: warning: the module is empty"), std::string::npos) << r.err;
}

TEST(CliCheck, MissingFileIsAUsageError) {
  auto r = test::runCommand(kBin + " check /nonexistent/shader.wgsl");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("cannot read '/nonexistent/shader.wgsl': No such file or directory"), std::string::npos)
      << r.err;
}

TEST(CliCheck, DirectoryIsAUsageError) {
  auto r = test::runCommand(kBin + " check " + quote(kRoot + "/corpus"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("it is a directory"), std::string::npos) << r.err;
}

TEST(CliCheck, BadArgumentsAreUsageErrors) {
  EXPECT_EQ(test::runCommand(kBin).exit_code, 2);
  EXPECT_EQ(test::runCommand(kBin + " frobnicate x.wgsl").exit_code, 2);
  EXPECT_EQ(test::runCommand(kBin + " check").exit_code, 2);
  auto stage = test::runCommand(kBin + " check --stage=execute " + quote(kRoot + "/corpus/vector_add.wgsl"));
  EXPECT_EQ(stage.exit_code, 2);
  EXPECT_NE(stage.err.find("parse"), std::string::npos) << stage.err;  // lists the valid stages
  EXPECT_EQ(test::runCommand(kBin + " check --no-such-flag x.wgsl").exit_code, 2);
}

TEST(CliCheck, StageParseIsAccepted) {
  auto r = test::runCommand(kBin + " check --stage=parse " + quote(kRoot + "/corpus/matmul_tiled.wgsl"));
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST(CliCheck, HelpAndVersionExitZero) {
  auto help = test::runCommand(kBin + " --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("check"), std::string::npos);
  EXPECT_EQ(test::runCommand(kBin + " --version").exit_code, 0);
}

TEST(CliCheck, BinaryFileIsRejectedNotCrashed) {
  const std::string path = (std::filesystem::temp_directory_path() / "wgslemu_binary_test.wgsl").string();
  {
    std::ofstream f(path, std::ios::binary);
    for (int i = 0; i < 4096; ++i) f.put(static_cast<char>((i * 7919) & 0xFF));
  }
  auto r = test::runCommand(kBin + " check --color=never " + quote(path));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("invalid UTF-8"), std::string::npos) << r.err;
  std::filesystem::remove(path);
}

// Batch mode: many files in one process, one verdict each.
TEST(CliCheck, BatchGivesEachFileItsVerdictAndExitsWithTheWorst) {
  const std::string valid = kRoot + "/corpus/vector_add.wgsl";
  const std::string invalid = kRoot + "/tests/data/invalid/demo_errors.wgsl";
  auto r = test::runCommand(kBin + " check --color=never " + quote(valid) + " " + quote(invalid) + " " +
                            quote(kRoot + "/corpus/histogram_atomic.wgsl"));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("vector_add.wgsl: valid (stage: uniformity)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("histogram_atomic.wgsl: valid (stage: uniformity)"), std::string::npos) << r.out;
  // The invalid file's diagnostics and error count, as when it is checked alone.
  EXPECT_NE(r.err.find("demo_errors.wgsl:5:17: error: the operands of '<<' must be unary"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("demo_errors.wgsl: 4 errors"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("checked 3 files: 2 valid, 1 invalid"), std::string::npos) << r.err;
}

TEST(CliCheck, BatchOfValidFilesExitsZero) {
  auto r = test::runCommand(kBin + " check -q " + quote(kRoot + "/corpus/vector_add.wgsl") + " " +
                            quote(kRoot + "/corpus/histogram_atomic.wgsl"));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "");
}

TEST(CliCheck, BatchJsonHasOneVerdictPerFile) {
  const std::string missing = kRoot + "/no/such/file.wgsl";
  auto r = test::runCommand(kBin + " check --json " + quote(kRoot + "/corpus/vector_add.wgsl") + " " +
                            quote(kRoot + "/tests/data/invalid/demo_errors.wgsl") + " " + quote(missing));
  EXPECT_EQ(r.exit_code, 2);  // an unreadable file is a usage error, the worst status
  EXPECT_EQ(r.err, "");
  auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j.size(), 3u);
  EXPECT_EQ(j[0]["verdict"], "valid");
  EXPECT_EQ(j[0]["stage"], "uniformity");
  EXPECT_EQ(j[0]["diagnostics"], nlohmann::json::array());
  EXPECT_EQ(j[1]["verdict"], "invalid");
  EXPECT_EQ(j[1]["errors"], 4);
  ASSERT_EQ(j[1]["diagnostics"].size(), 4u);
  EXPECT_EQ(j[1]["diagnostics"][0]["line"], 5);
  EXPECT_EQ(j[2]["verdict"], "unreadable");
  EXPECT_EQ(j[2]["file"], missing);
}

TEST(CliCheck, FilesFromReadsOnePathPerLine) {
  const std::string list = (std::filesystem::temp_directory_path() / "wgslemu_check_list.txt").string();
  {
    std::ofstream f(list);
    f << kRoot << "/corpus/vector_add.wgsl\n\n" << kRoot << "/tests/data/invalid/demo_errors.wgsl\r\n";
  }
  auto r = test::runCommand(kBin + " check --json --files-from " + quote(list));
  EXPECT_EQ(r.exit_code, 1);
  auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j.size(), 2u);
  EXPECT_EQ(j[0]["verdict"], "valid");
  EXPECT_EQ(j[1]["verdict"], "invalid");
  std::filesystem::remove(list);
}

TEST(CliCheck, NoInputIsAUsageError) {
  auto r = test::runCommand(kBin + " check");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("no input files"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace wgsl
