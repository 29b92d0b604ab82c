// `wgslemu dap` (see debug_command.h): the launch request's "program" and "args" are parsed with
// the options of `wgslemu run`, so a launch.json takes the same options as the command line.
#include <CLI/CLI.hpp>

#include <iostream>

#include "tools/debug/dap_server.h"
#include "tools/wgslemu/debug_command.h"

namespace wgslemu {

void addDapCommand(CLI::App& app) {
  app.add_subcommand("dap", "Serve the Debug Adapter Protocol on standard input and output (for editors)");
}

int runDap() {
  std::ios::sync_with_stdio(false);
  debug::Launcher launch = [](const nlohmann::json& args, std::string& error) -> std::unique_ptr<debug::Session> {
    if (!args.contains("program") || !args["program"].is_string()) {
      error = "launch: expected \"program\": a run spec (.json) or a compute shader (.wgsl)";
      return nullptr;
    }
    std::vector<std::string> argv = {"dap-launch", args["program"].get<std::string>()};
    if (args.contains("args")) {
      if (!args["args"].is_array()) {
        error = "launch: \"args\" must be an array of strings (the options of 'wgslemu run')";
        return nullptr;
      }
      for (const auto& a : args["args"]) {
        if (!a.is_string()) {
          error = "launch: \"args\" must be an array of strings (the options of 'wgslemu run')";
          return nullptr;
        }
        argv.push_back(a.get<std::string>());
      }
    }
    CLI::App app{"launch"};
    RunCommandOptions opts;
    addRunInputOptions(&app, opts);
    try {
      std::vector<std::string> rev(argv.rbegin(), argv.rend() - 1);
      app.parse(rev);
    } catch (const CLI::ParseError& e) {
      error = std::string("launch: ") + e.what();
      return nullptr;
    }
    auto spec = loadRunInput(opts, error);
    if (!spec) {
      error = "launch: " + error;
      return nullptr;
    }
    runspec::RunOptions run_options;
    if (!opts.common.toRunOptions(run_options, error)) {
      error = "launch: " + error;
      return nullptr;
    }
    return std::make_unique<debug::Session>(std::move(*spec), std::move(run_options));
  };
  return debug::serveDap(std::cin, std::cout, launch);
}

}  // namespace wgslemu
