#include "tools/wgslemu/input_file.h"

#include <fmt/format.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <iterator>
#include <memory>

namespace wgslemu {

std::optional<InputFile> readInput(const std::string& path, std::string& error) {
  InputFile in;
  if (path == "-") {
    in.name = "<stdin>";
    char buf[1 << 16];
    while (std::cin.read(buf, sizeof buf) || std::cin.gcount() > 0) {
      in.bytes.append(buf, static_cast<size_t>(std::cin.gcount()));
      if (in.bytes.size() > kMaxInputBytes) {
        error = fmt::format("standard input is larger than {} bytes (256 MiB): wgslemu reads shaders of at most "
                            "that size (an implementation limit)",
                            kMaxInputBytes);
        return std::nullopt;
      }
    }
    return in;
  }
  in.name = path;
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    error = fmt::format("cannot read '{}': {}", path, std::strerror(errno));
    return std::nullopt;
  }
  if (S_ISDIR(st.st_mode)) {
    error = fmt::format("cannot read '{}': it is a directory", path);
    return std::nullopt;
  }
  if (S_ISREG(st.st_mode) && static_cast<uint64_t>(st.st_size) > kMaxInputBytes) {
    error = fmt::format("'{}' is {} bytes; wgslemu reads shaders of at most {} bytes (256 MiB, an implementation "
                        "limit)",
                        path, static_cast<uint64_t>(st.st_size), kMaxInputBytes);
    return std::nullopt;
  }
  std::unique_ptr<FILE, int (*)(FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!f) {
    error = fmt::format("cannot read '{}': {}", path, std::strerror(errno));
    return std::nullopt;
  }
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f.get())) > 0) {
    in.bytes.append(buf, n);
    if (in.bytes.size() > kMaxInputBytes) {
      error = fmt::format("'{}' is larger than {} bytes (256 MiB): wgslemu reads shaders of at most that size (an "
                          "implementation limit)",
                          path, kMaxInputBytes);
      return std::nullopt;
    }
  }
  if (std::ferror(f.get())) {
    error = fmt::format("cannot read '{}': {}", path, std::strerror(errno));
    return std::nullopt;
  }
  return in;
}

}  // namespace wgslemu
