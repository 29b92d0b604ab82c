// `wgslemu bench`: forwards its arguments to the execution benchmark (bench/exec_bench.*).
#include "tools/wgslemu/bench_command.h"

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "bench/exec_bench.h"

namespace wgslemu {

CLI::App* addBenchCommand(CLI::App& app) {
  CLI::App* bench = app.add_subcommand(
      "bench", "Time the five benchmark kernels against plain C++ loops (and wgpu on lavapipe when its results "
               "exist); 'wgslemu bench --help' lists the options (--json FILE, --only, --reps, --threads, ...)");
  bench->prefix_command();  // everything after `bench` belongs to the benchmark's own parser
  bench->set_help_flag();   // so does --help
  return bench;
}

int runBench(const CLI::App& bench) {
  std::vector<std::string> args = bench.remaining();
  std::vector<std::string> storage;
  storage.reserve(args.size() + 1);
  storage.push_back("wgslemu bench");
  for (auto& a : args) storage.push_back(std::move(a));
  std::vector<char*> argv;
  for (auto& s : storage) argv.push_back(s.data());
  argv.push_back(nullptr);
  return wgslemu::bench::execBenchMain(static_cast<int>(storage.size()), argv.data(), "bench");
}

}  // namespace wgslemu
