// Whether diagnostics on standard error are coloured: `--color=auto|always|never`; auto means
// only when standard error is a terminal and NO_COLOR is not set.
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <string>

namespace wgslemu {

inline bool useColor(const std::string& mode) {
  if (mode == "always") return true;
  if (mode == "never") return false;
  return ::isatty(STDERR_FILENO) && std::getenv("NO_COLOR") == nullptr;
}

}  // namespace wgslemu
