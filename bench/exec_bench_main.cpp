// `exec_bench`: the execution benchmark as its own program (see bench/README.md).
#include "bench/exec_bench.h"

int main(int argc, char** argv) { return wgslemu::bench::execBenchMain(argc, argv); }
