// Reading a shader from a path or from standard input ("-").
#pragma once

#include <optional>
#include <string>

namespace wgslemu {

// Largest input accepted; bigger files are refused rather than exhausting memory.
constexpr size_t kMaxInputBytes = 256u << 20;

struct InputFile {
  std::string name;   // as shown in diagnostics ("<stdin>" for "-")
  std::string bytes;
};

// Returns nullopt and sets `error` (a sentence for the user) if the input cannot be read.
std::optional<InputFile> readInput(const std::string& path, std::string& error);

}  // namespace wgslemu
