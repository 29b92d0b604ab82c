// `wgslemu exec`: environment for the C API library, then exec of the program.
#include "tools/wgslemu/exec_command.h"

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "runtime/options/run_options.h"
#include "tools/wgslemu/executable_dir.h"
#include "tools/wgslemu/exit_codes.h"

namespace wgslemu {

namespace {

bool hasLibrary(const std::string& dir) {
  return access((dir + "/libwebgpu_dawn.so").c_str(), R_OK) == 0 &&
         access((dir + "/libwgslemu_webgpu.so").c_str(), R_OK) == 0;
}

// The folder with the library under the names programs link to: WGSLEMU_LIB_DIR, else next to
// this executable (installed: PREFIX/bin/wgslemu and PREFIX/lib/wgslemu/; build tree:
// build/wgslemu and build/lib/).
std::string libraryDir() {
  if (const char* env = std::getenv("WGSLEMU_LIB_DIR")) return env;
  const std::string dir = executableDir();
  if (dir.empty()) return "";
  for (const std::string& candidate : {dir + "/../lib/wgslemu", dir + "/lib"}) {
    if (hasLibrary(candidate)) return candidate;
  }
  return "";
}

}  // namespace

void addExecCommand(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand(
      "exec",
      "Run an unmodified webgpu.h program on wgslemu: wgslemu exec [OPTIONS] -- PROGRAM ARGS... "
      "(OPTIONS as for run, e.g. --scheduler=unfair --races; --report=FILE.json writes every dispatch)");
  cmd->allow_extras();
}

int runExec(int argc, char** argv) {
  std::vector<std::string> options;
  std::string report;
  int i = 2;
  for (; i < argc && std::strcmp(argv[i], "--") != 0; ++i) {
    std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::printf("usage: wgslemu exec [OPTIONS] -- PROGRAM ARGS...\n"
                  "Runs PROGRAM with LD_LIBRARY_PATH pointing at wgslemu's WebGPU library (also named\n"
                  "libwebgpu_dawn.so and libwgpu_native.so) and WGSLEMU_OPTIONS set to OPTIONS.\n"
                  "OPTIONS: those of `wgslemu run` (%s), and --report=FILE.json.\n",
                  wgsl::runtime::options::runOptionNames().c_str());
      return 0;
    }
    if (arg.rfind("--report=", 0) == 0) {
      report = arg.substr(9);
      continue;
    }
    options.push_back(arg);
  }
  std::string joined;
  for (const auto& o : options) joined += (joined.empty() ? "" : " ") + o;
  // Checked with the parser and table the library uses for WGSLEMU_OPTIONS, so that a typo fails
  // here, in the same words, rather than in the program.
  {
    namespace opt = wgsl::runtime::options;
    opt::RunOptions parsed;
    std::string error;
    if (opt::parse(joined, parsed, error, "wgslemu exec")) {
      const std::string why = opt::runnerOnlyOption(parsed);
      if (!why.empty()) error = "wgslemu exec: " + why;
    }
    if (!error.empty()) {
      std::fprintf(stderr, "%s\n", error.c_str());
      return kExitUsage;
    }
  }
  if (i + 1 >= argc) {
    std::fprintf(stderr, "wgslemu exec: no program (usage: wgslemu exec [OPTIONS] -- PROGRAM ARGS...)\n");
    return kExitUsage;
  }
  const std::string dir = libraryDir();
  if (dir.empty()) {
    std::fprintf(stderr, "wgslemu exec: cannot find libwebgpu_dawn.so (wgslemu's WebGPU library); set WGSLEMU_LIB_DIR\n");
    return kExitUsage;
  }
  std::string path = dir;
  if (const char* old = std::getenv("LD_LIBRARY_PATH")) {
    if (*old) path += std::string(":") + old;
  }
  setenv("LD_LIBRARY_PATH", path.c_str(), 1);
  if (!joined.empty()) setenv("WGSLEMU_OPTIONS", joined.c_str(), 1);
  if (!report.empty()) setenv("WGSLEMU_REPORT", report.c_str(), 1);
  execvp(argv[i + 1], argv + i + 1);
  std::fprintf(stderr, "wgslemu exec: cannot run %s: %s\n", argv[i + 1], std::strerror(errno));
  return 127;
}

}  // namespace wgslemu
