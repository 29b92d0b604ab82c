// `wgslemu bench`: runs the execution benchmark program (bench/exec_bench) with its arguments.
// The benchmark is not linked into the shipped binary; it is found next to it in the build tree.
#include "tools/wgslemu/bench_command.h"

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "tools/wgslemu/executable_dir.h"
#include "tools/wgslemu/exit_codes.h"

namespace wgslemu {

namespace {

// WGSLEMU_EXEC_BENCH, else bench/exec_bench next to this executable (build tree: build/wgslemu
// and build/bench/exec_bench).
std::string benchProgram() {
  if (const char* env = std::getenv("WGSLEMU_EXEC_BENCH")) return env;
  const std::string dir = executableDir();
  return dir.empty() ? "" : dir + "/bench/exec_bench";
}

}  // namespace

CLI::App* addBenchCommand(CLI::App& app) {
  CLI::App* bench = app.add_subcommand(
      "bench", "Time the five benchmark kernels against plain C++ loops (and wgpu on lavapipe when its results "
               "exist) with the build tree's bench/exec_bench; 'wgslemu bench --help' lists its options");
  bench->prefix_command();  // everything after `bench` belongs to the benchmark's own parser
  bench->set_help_flag();   // so does --help
  return bench;
}

int runBench(const CLI::App& bench) {
  const std::string program = benchProgram();
  if (program.empty() || access(program.c_str(), X_OK) != 0) {
    std::fprintf(stderr,
                 "wgslemu bench: error: the execution benchmark '%s' is not built; it belongs to the build tree "
                 "(cmake --build build --target exec_bench, or make bench), or set WGSLEMU_EXEC_BENCH to its path\n",
                 program.c_str());
    return kExitUsage;
  }
  std::vector<std::string> storage{program};
  for (const auto& a : bench.remaining()) storage.push_back(a);
  std::vector<char*> argv;
  for (auto& s : storage) argv.push_back(s.data());
  argv.push_back(nullptr);
  std::fflush(nullptr);
  execv(program.c_str(), argv.data());
  std::fprintf(stderr, "wgslemu bench: error: cannot run '%s': %s\n", program.c_str(), std::strerror(errno));
  return kExitUsage;
}

}  // namespace wgslemu
