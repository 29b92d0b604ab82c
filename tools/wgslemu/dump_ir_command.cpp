#include "tools/wgslemu/dump_ir_command.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstdlib>

#include "runtime/runtime.h"
#include "tools/wgslemu/exit_codes.h"
#include "tools/wgslemu/input_file.h"

namespace wgslemu {

void addDumpIrCommand(CLI::App& app, DumpIrOptions& opts) {
  CLI::App* c = app.add_subcommand("dump-ir", "Print the register IR of a compute entry point (for developers)");
  c->add_option("file", opts.input, "WGSL source file, or - for standard input")->required();
  c->add_option("--entry", opts.entry, "The compute entry point")->required();
  c->add_option("--override", opts.overrides, "NAME=VALUE (or ID=VALUE): an override value for pipeline creation");
}

int runDumpIr(const DumpIrOptions& opts) {
  std::string error;
  auto input = readInput(opts.input, error);
  if (!input) {
    std::fprintf(stderr, "wgslemu: error: %s\n", error.c_str());
    return kExitUsage;
  }
  wgsl::runtime::OverrideValues values;
  for (const auto& o : opts.overrides) {
    const auto eq = o.find('=');
    char* end = nullptr;
    const double v = eq == std::string::npos ? 0 : std::strtod(o.c_str() + eq + 1, &end);
    if (eq == std::string::npos || eq == 0 || end == o.c_str() + eq + 1 || *end != '\0') {
      std::fprintf(stderr, "wgslemu: error: --override expects NAME=NUMBER, got '%s'\n", o.c_str());
      return kExitUsage;
    }
    values[o.substr(0, eq)] = v;
  }
  wgsl::runtime::Device dev;
  wgsl::runtime::ShaderModule m = dev.createShaderModule(input->bytes, input->name);
  if (!m.ok()) {
    std::fputs(m.diagnostics().c_str(), stderr);
    return kExitInvalid;
  }
  try {
    wgsl::runtime::ComputePipeline p = dev.createComputePipeline(m, opts.entry, values);
    std::fputs(p.dumpIr().c_str(), stdout);
  } catch (const wgsl::runtime::Error& e) {
    std::fprintf(stderr, "wgslemu: error: %s\n", e.what());
    return kExitInvalid;
  }
  return kExitOk;
}

}  // namespace wgslemu
