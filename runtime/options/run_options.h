// Run options as values: the validated set of options (RunOptions), the parser of option text in
// the command line's spelling ("--scheduler=unfair --occupancy 2 --races"), and the one
// translation into DeviceOptions and ShaderModuleOptions. Every door uses these: the CLI and run
// specs (tools/runspec), `wgslemu exec`, WGSLEMU_OPTIONS and WGSLEmuDeviceOptions (the C API).
//
// Entry points for embedders (a binding, a debugger):
//   RunOptions o;
//   if (!options::parse("--scheduler=unfair --races", o, error)) ...   // or parseDeviceOptions
//   options::toDeviceOptions(o, device_options, module_options, error);
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "runtime/options/option_table.h"
#include "runtime/runtime.h"

namespace wgsl::exec {
class DebugHook;  // interp/exec/stepper.h
}

namespace wgsl::runtime::options {

struct RunOptions {
  std::map<std::string, std::string> values;  // validated, by canonical name
  bool progress = false;  // the runner shows a progress line on standard error while passes run
  // A debugger watching every instruction (tools/debug; not an option of the table: the
  // `debug` and `dap` commands set it; the runner passes it to DeviceOptions::debug). Null: none.
  exec::DebugHook* debug = nullptr;

  // Validates and sets (a repeatable option's values are joined with '\n'); false with `error`:
  // "unknown option 'X' (the options are: ...)" or validateRunOption's sentence.
  bool set(const std::string& name, const std::string& value, std::string& error);
  bool has(const std::string& name) const { return values.count(name) != 0; }
  std::string get(const std::string& name, const std::string& fallback = "") const;
  // The value as an unsigned integer, if set and numeric.
  std::optional<uint64_t> number(const std::string& name) const;
  bool flag(const std::string& name) const { return get(name) == "true"; }
  // Values of `over` replace ours.
  void overlay(const RunOptions& over);
};

// Parses whitespace-separated options as on the command line into `out` (on top of what it
// holds): "--NAME=VALUE", "--NAME VALUE", "--FLAG"; repeatable options may appear several times.
// False with `error`, `context` first: "WGSLEMU_OPTIONS: option 'scheduler': 'fast' is not
// valid: expected fair, ...".
bool parse(std::string_view text, RunOptions& out, std::string& error, std::string_view context = "options");

// "" when every option of `o` is a device option; otherwise "option 'timeline' is not a device
// option: ..." (for doors without a run-spec runner: the C API and `wgslemu exec`).
std::string runnerOnlyOption(const RunOptions& o);

// Sets the fields of `d` and `m` that the options of `o` name (values were validated by the
// table; the others keep their values). Reads the file of --schedule. False with `error` (a
// sentence naming the option) when something is wrong.
bool toDeviceOptions(const RunOptions& o, DeviceOptions& d, ShaderModuleOptions& m, std::string& error);

// parse, runnerOnlyOption and toDeviceOptions in one: option text to device and module options.
bool parseDeviceOptions(std::string_view text, DeviceOptions& d, ShaderModuleOptions& m, std::string& error,
                        std::string_view context = "options");

}  // namespace wgsl::runtime::options
