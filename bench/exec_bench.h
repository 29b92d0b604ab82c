// The execution benchmark (the five kernels of bench/kernels/ against plain C++ loops and, when
// its results file exists, wgpu on lavapipe) as a function; `exec_bench` is its program, and
// `wgslemu bench` runs that program.
#pragma once

#include <string>

namespace wgslemu::bench {

// Parses the benchmark's options from argv (argv[0] is the program name shown in help), runs it,
// prints the tables and returns the exit status. `self_command` is the subcommand that runs the
// benchmark again from this executable (for the peak-memory probe child process): "" for
// exec_bench itself.
int execBenchMain(int argc, char** argv, const std::string& self_command = "");

}  // namespace wgslemu::bench
