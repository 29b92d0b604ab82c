// wgslemu: a reference device for WGSL compute shaders. Command-line entry point.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <new>
#include <string>

#include "tools/wgslemu/bench_command.h"
#include "tools/wgslemu/check_command.h"
#include "tools/wgslemu/debug_command.h"
#include "tools/wgslemu/dump_ir_command.h"
#include "tools/wgslemu/exec_command.h"
#include "tools/wgslemu/exit_codes.h"
#include "tools/wgslemu/explore_command.h"
#include "tools/wgslemu/reflect_command.h"
#include "tools/wgslemu/run_command.h"

int main(int argc, char** argv) {
  // `exec` passes everything after `--` to another program: not parsed by CLI11.
  if (argc > 1 && std::string(argv[1]) == "exec") return wgslemu::runExec(argc, argv);
  CLI::App app{"wgslemu: parse, validate and run WGSL compute shaders on the CPU"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "wgslemu 0.1.0");
  wgslemu::CheckOptions check;
  wgslemu::addCheckCommand(app, check);
  wgslemu::ReflectOptions reflect;
  wgslemu::addReflectCommand(app, reflect);
  wgslemu::RunCommandOptions run;
  wgslemu::addRunCommand(app, run);
  wgslemu::TestCommandOptions test;
  wgslemu::addTestCommand(app, test);
  CLI::App* bench = wgslemu::addBenchCommand(app);
  wgslemu::DumpIrOptions dump_ir;
  wgslemu::addDumpIrCommand(app, dump_ir);
  wgslemu::ExploreCommandOptions explore;
  wgslemu::addExploreCommand(app, explore);
  wgslemu::addExecCommand(app);
  wgslemu::DebugCommandOptions debug;
  wgslemu::addDebugCommand(app, debug);
  wgslemu::addDapCommand(app);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "wgslemu: error: %s\nRun 'wgslemu --help' for usage.\n", e.what());
    return wgslemu::kExitUsage;
  }

  try {
    if (app.got_subcommand("check")) return wgslemu::runCheck(check);
    if (app.got_subcommand("reflect")) return wgslemu::runReflect(reflect);
    if (app.got_subcommand("run")) return wgslemu::runRun(run);
    if (app.got_subcommand("test")) return wgslemu::runTest(test);
    if (app.got_subcommand("bench")) return wgslemu::runBench(*bench);
    if (app.got_subcommand("dump-ir")) return wgslemu::runDumpIr(dump_ir);
    if (app.got_subcommand("explore")) return wgslemu::runExplore(explore);
    if (app.got_subcommand("debug")) return wgslemu::runDebug(debug);
    if (app.got_subcommand("dap")) return wgslemu::runDap();
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "wgslemu: error: out of memory\n");
    return wgslemu::kExitUsage;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "wgslemu: internal error: %s\n(please report this with the input that caused it)\n",
                 e.what());
    return wgslemu::kExitUsage;
  }
  return wgslemu::kExitUsage;
}
