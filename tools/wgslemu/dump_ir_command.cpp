#include "tools/wgslemu/dump_ir_command.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "runtime/runtime.h"
#include "tools/wgslemu/exit_codes.h"
#include "tools/wgslemu/input_file.h"
#include "tools/wgslemu/override_args.h"

namespace wgslemu {

void addDumpIrCommand(CLI::App& app, DumpIrOptions& opts) {
  CLI::App* c = app.add_subcommand("dump-ir", "Print the register IR of a compute entry point (for developers)");
  c->add_option("file", opts.input, "WGSL source file, or - for standard input")->required();
  c->add_option("--entry", opts.entry, "The compute entry point")->required();
  c->add_option("--override", opts.overrides, "NAME=VALUE (or ID=VALUE): an override value for pipeline creation");
  c->add_option("--float", opts.float_mode,
                "Floating point mode as for `run` (fma: multiply-adds shown as fused `Math3.F32 fma`)");
}

int runDumpIr(const DumpIrOptions& opts) {
  std::string error;
  auto input = readInput(opts.input, error);
  if (!input) {
    std::fprintf(stderr, "wgslemu: error: %s\n", error.c_str());
    return kExitUsage;
  }
  wgsl::runtime::OverrideValues values;
  if (!parseOverrideArgs(opts.overrides, values)) return kExitUsage;
  wgsl::runtime::DeviceOptions dopts;
  dopts.float_mode = opts.float_mode;
  std::unique_ptr<wgsl::runtime::Device> devp;
  try {
    devp = std::make_unique<wgsl::runtime::Device>(dopts);
  } catch (const wgsl::runtime::Error& e) {
    std::fprintf(stderr, "wgslemu: error: %s\n", e.what());
    return kExitUsage;
  }
  wgsl::runtime::Device& dev = *devp;
  // The IR of any module that resolves: uniformity is `check`'s and `run`'s business.
  wgsl::runtime::ShaderModuleOptions mopts;
  mopts.allow_nonuniform = true;
  wgsl::runtime::ShaderModule m = dev.createShaderModule(input->bytes, input->name, mopts);
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
