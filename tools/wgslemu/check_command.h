// `wgslemu check`: report whether a shader is valid, with diagnostics.
#pragma once

#include <string>

namespace CLI {
class App;
}

namespace wgslemu {

struct CheckOptions {
  std::string input;
  std::string stage = "all";
  bool json = false;
  bool dump_ast = false;
  bool quiet = false;
  bool explain_uniformity = false;
  bool no_subgroup_scope = false;
  std::string color = "auto";
};

void addCheckCommand(CLI::App& app, CheckOptions& opts);
int runCheck(const CheckOptions& opts);

}  // namespace wgslemu
