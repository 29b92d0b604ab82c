// `--override NAME=VALUE` (or ID=VALUE) arguments, shared by reflect and dump-ir.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

namespace wgslemu {

// Parses every argument into `out`; on a malformed one prints an error and returns false.
inline bool parseOverrideArgs(const std::vector<std::string>& args, std::map<std::string, double>& out) {
  for (const auto& o : args) {
    const auto eq = o.find('=');
    char* end = nullptr;
    const double v = eq == std::string::npos ? 0 : std::strtod(o.c_str() + eq + 1, &end);
    if (eq == std::string::npos || eq == 0 || end == o.c_str() + eq + 1 || *end != '\0') {
      std::fprintf(stderr, "wgslemu: error: --override expects NAME=NUMBER, got '%s'\n", o.c_str());
      return false;
    }
    out[o.substr(0, eq)] = v;
  }
  return true;
}

}  // namespace wgslemu
