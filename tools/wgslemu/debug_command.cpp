// `wgslemu debug` (see debug_command.h).
#include "tools/wgslemu/debug_command.h"

#include <CLI/CLI.hpp>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iostream>

#include "tools/debug/prompt.h"
#include "tools/wgslemu/exit_codes.h"

namespace wgslemu {

void addDebugCommand(CLI::App& app, DebugCommandOptions& opts) {
  CLI::App* cmd = app.add_subcommand("debug", "Debug a run spec or a compute shader at a gdb-like prompt");
  addRunInputOptions(cmd, opts.run);
  cmd->add_option("--commands", opts.commands, "Read the prompt's commands from this file (default: standard input)");
  cmd->add_option("--snapshot-every", opts.snapshot_every,
                  "Instructions between the snapshots reverse execution resumes from (0: none; default 4096)");
}

int runDebug(const DebugCommandOptions& opts) {
  std::string error;
  auto spec = loadRunInput(opts.run, error);
  if (!spec) {
    std::fprintf(stderr, "wgslemu: error: %s\n", error.c_str());
    return kExitUsage;
  }
  runspec::RunOptions run_options;
  if (!opts.run.common.toRunOptions(run_options, error)) {
    std::fprintf(stderr, "wgslemu: error: %s\n", error.c_str());
    return kExitUsage;
  }
  debug::Session session(std::move(*spec), std::move(run_options));
  session.setSnapshotEvery(opts.snapshot_every);
  std::ifstream file;
  if (!opts.commands.empty()) {
    file.open(opts.commands);
    if (!file) {
      std::fprintf(stderr, "wgslemu: error: cannot read the commands file '%s'\n", opts.commands.c_str());
      return kExitUsage;
    }
  }
  std::istream& in = opts.commands.empty() ? std::cin : file;
  // A script (not a terminal) gets its commands echoed, so the transcript reads like a session.
  const bool echo = !opts.commands.empty() || !isatty(0);
  debug::Prompt prompt(in, std::cout, echo);
  return prompt.run(session);
}

}  // namespace wgslemu
