// The folder of the running wgslemu executable, for finding what the build tree or the install
// puts beside it (the C API library for `exec`, the benchmark program for `bench`).
#pragma once

#include <unistd.h>

#include <string>

namespace wgslemu {

// "" when /proc/self/exe cannot be read.
inline std::string executableDir() {
  char buf[4096];
  const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return "";
  const std::string exe(buf, static_cast<size_t>(n));
  return exe.substr(0, exe.rfind('/'));
}

}  // namespace wgslemu
