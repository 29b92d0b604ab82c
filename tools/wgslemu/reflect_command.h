// `wgslemu reflect`: the module's interface as JSON (entry points, bindings, overrides, layouts).
#pragma once

#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace wgslemu {

struct ReflectOptions {
  std::string input;
  std::string entry;                   // only this entry point, if set
  std::vector<std::string> overrides;  // NAME=VALUE or ID=VALUE
  std::string color = "auto";
};

void addReflectCommand(CLI::App& app, ReflectOptions& opts);
int runReflect(const ReflectOptions& opts);

}  // namespace wgslemu
