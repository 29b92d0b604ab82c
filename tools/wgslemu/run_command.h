// `wgslemu run` (a run spec, or a .wgsl file with its buffers on the command line) and
// `wgslemu test` (every run spec under some paths).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tools/runspec/runner.h"

namespace CLI {
class App;
}

namespace wgslemu {

// Options shared by run and test (docs/run-spec.md, "Options").
// One entry per row of runspec::runOptionTable().
struct CommonRunOptions {
  std::map<std::string, std::vector<std::string>> values;  // options with a value
  std::map<std::string, bool> flags;                        // options without one
  // The validated values; false with the sentence of runtime/options for a bad one.
  bool toRunOptions(runspec::RunOptions& out, std::string& error) const;
};

struct RunCommandOptions {
  std::string input;  // SPEC.json or FILE.wgsl
  std::string report;
  CommonRunOptions common;
  // The .wgsl form.
  std::string entry;
  std::string dispatch;
  std::vector<std::string> buffers;    // NAME=DATA
  std::vector<std::string> binds;      // G:B=NAME
  std::vector<std::string> overrides;  // NAME=VALUE
  std::vector<std::string> expects;    // NAME=DATA
  std::vector<std::string> saves;      // NAME=PATH
  std::vector<std::string> prints;     // NAME[:TYPE]
};

struct TestCommandOptions {
  std::vector<std::string> paths;
  unsigned jobs = 1;
  std::string shard;  // --shard=I/N ("" : TEST_TOTAL_SHARDS / TEST_SHARD_INDEX, or all)
  std::string junit;  // --junit FILE
  CommonRunOptions common;
};

// Every option of runspec::runOptionTable() (--subgroup-size, --threads, ...) on a subcommand.
void addCommonRunOptions(CLI::App* cmd, CommonRunOptions& c);
void addRunCommand(CLI::App& app, RunCommandOptions& opts);
// The input and the options of `run` (shared by `debug`): SPEC.json or FILE.wgsl with its buffers.
void addRunInputOptions(CLI::App* cmd, RunCommandOptions& opts);
// The run spec of `run`'s input (a spec file, or the one FILE.wgsl's options describe); nullopt
// and `error` when it cannot be read or is malformed.
std::optional<runspec::RunSpec> loadRunInput(const RunCommandOptions& opts, std::string& error);
void addTestCommand(CLI::App& app, TestCommandOptions& opts);
int runRun(const RunCommandOptions& opts);
int runTest(const TestCommandOptions& opts);

// The spec that `run FILE.wgsl ...` builds from its command line, as JSON text; "" and `error`
// set if an argument is malformed. Exposed for tests.
std::string specFromCommandLine(const RunCommandOptions& opts, std::string& error);

}  // namespace wgslemu
