// Reading a shader from a path or from standard input ("-").
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace wgslemu {

// Largest input accepted; bigger files are refused rather than exhausting memory.
constexpr size_t kMaxInputBytes = size_t{256} << 20;  // the messages spell it "256 MiB"

struct InputFile {
  std::string name;   // as shown in diagnostics ("<stdin>" for "-")
  std::string bytes;
};

// Returns nullopt and sets `error` (a sentence for the user) if the input cannot be read.
std::optional<InputFile> readInput(const std::string& path, std::string& error);

}  // namespace wgslemu
