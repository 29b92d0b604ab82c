// `wgslemu bench`: the execution benchmark of bench/ (five kernels against plain C++ loops and
// wgpu on lavapipe) from the command line; every option is the benchmark's own.
#pragma once

namespace CLI {
class App;
}

namespace wgslemu {

CLI::App* addBenchCommand(CLI::App& app);
int runBench(const CLI::App& bench);

}  // namespace wgslemu
