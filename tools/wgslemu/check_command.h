// `wgslemu check`: report whether a shader is valid, with diagnostics.
#pragma once

#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace wgslemu {

struct CheckOptions {
  // One or more files ("-" is standard input). With several (batch mode, for test harnesses that
  // check thousands of modules without a process each), every file gets its own verdict.
  std::vector<std::string> inputs;
  std::string files_from;  // a file listing more inputs, one path per line ("-": standard input)
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
