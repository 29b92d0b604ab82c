// `wgslemu dump-ir`: print the register IR an entry point is lowered to (a developer tool).
#pragma once

#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace wgslemu {

struct DumpIrOptions {
  std::string input;
  std::string entry;
  std::vector<std::string> overrides;  // NAME=VALUE or ID=VALUE
  std::string float_mode = "ieee";     // --float (fma changes the lowering)
};

void addDumpIrCommand(CLI::App& app, DumpIrOptions& opts);
int runDumpIr(const DumpIrOptions& opts);

}  // namespace wgslemu
