// Helpers of the scripted debugger tests: `wgslemu debug` (and `run`) with a script on standard
// input, and the parts of a transcript.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace {

const std::string kBin = WGSLEMU_BINARY;
const std::string kData = std::string(WGSLEMU_SOURCE_DIR) + "/tests/debug/data/";

struct Output {
  std::string text;
  int status = 0;
};

// Runs `wgslemu debug ARGS` with `script` on standard input.
inline Output debug(const std::string& args, const std::string& script) {
  const std::string path =
      (std::filesystem::temp_directory_path() / ("wgslemu_debug_script_" + std::to_string(::getpid()) + ".txt")).string();
  {
    std::ofstream f(path);
    f << script;
  }
  Output out;
  FILE* p = ::popen((kBin + " debug " + args + " < " + path + " 2>&1").c_str(), "r");
  std::array<char, 4096> buf{};
  size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) out.text.append(buf.data(), n);
  const int rc = ::pclose(p);
  out.status = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
  std::remove(path.c_str());
  return out;
}

// Runs `wgslemu run ARGS`: the output and exit code.
inline Output run(const std::string& args) {
  Output out;
  FILE* p = ::popen((kBin + " run " + args + " 2>&1").c_str(), "r");
  std::array<char, 4096> buf{};
  size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) out.text.append(buf.data(), n);
  const int rc = ::pclose(p);
  out.status = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
  return out;
}

// The event line of a run's summary (indented by two spaces) that starts with `start`, without
// the indentation, or "".
inline std::string lineWith(const std::string& text, const std::string& start) {
  const size_t at = text.find("\n  " + start);
  if (at == std::string::npos) return "";
  const size_t e = text.find('\n', at + 3);
  return text.substr(at + 3, e == std::string::npos ? std::string::npos : e - at - 3);
}

// The text after the command `cmd` was echoed, up to the next prompt.
inline std::string answer(const std::string& text, const std::string& cmd, size_t nth = 0) {
  size_t at = 0;
  for (size_t i = 0; i <= nth; ++i) {
    at = text.find("(wgslemu) " + cmd + "\n", at);
    if (at == std::string::npos) return "<command '" + cmd + "' not found>";
    at += 11 + cmd.size();
  }
  const size_t end = text.find("(wgslemu) ", at);
  return text.substr(at, end == std::string::npos ? std::string::npos : end - at);
}

}  // namespace
