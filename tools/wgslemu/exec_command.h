// `wgslemu exec [OPTIONS] -- PROGRAM ARGS...`: runs an unmodified webgpu.h program on wgslemu,
// like `oclgrind ./prog`: LD_LIBRARY_PATH gets the folder where libwgslemu_webgpu.so is also
// named libwebgpu_dawn.so and libwgpu_native.so, and the OPTIONS (spelled as for `wgslemu run`)
// go to the library through WGSLEMU_OPTIONS (--report=FILE through WGSLEMU_REPORT).
#pragma once

namespace CLI {
class App;
}

namespace wgslemu {

// Registers `exec` for --help; the command itself is run by runExec before CLI11 parses.
void addExecCommand(CLI::App& app);
// argv[1] is "exec". Replaces the process with PROGRAM (returns only on errors).
int runExec(int argc, char** argv);

}  // namespace wgslemu
