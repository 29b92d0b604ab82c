// `wgslemu debug SPEC|KERNEL.wgsl [run options]` (a gdb-like prompt) and `wgslemu dap` (the Debug
// Adapter Protocol over stdio). Both drive tools/debug's Session; docs/debugging.md.
#pragma once

#include <cstdint>
#include <string>

#include "tools/debug/session.h"
#include "tools/wgslemu/run_command.h"

namespace CLI {
class App;
}

namespace wgslemu {

struct DebugCommandOptions {
  RunCommandOptions run;      // the input and every option of `run`
  std::string commands;       // read commands from this file instead of standard input
  uint64_t snapshot_every = debug::Session::kDefaultSnapshotEvery;  // instructions between snapshots (0: none)
};

void addDebugCommand(CLI::App& app, DebugCommandOptions& opts);
int runDebug(const DebugCommandOptions& opts);

void addDapCommand(CLI::App& app);
int runDap();

}  // namespace wgslemu
