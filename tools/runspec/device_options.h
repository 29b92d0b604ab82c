// Run options on their way to the device: the one translation of the option table's validated
// values (RunOptions) into DeviceOptions and ShaderModuleOptions, used by `run`, `test`,
// `explore` and the C API's WGSLEMU_OPTIONS; and the parser of an option string in the command
// line's spelling ("--scheduler=unfair --races").
#pragma once

#include <string>

#include "runtime/runtime.h"
#include "tools/runspec/run_options.h"

namespace wgslemu::runspec {

// Events a pass keeps for the report unless --max-events says otherwise.
constexpr size_t kDefaultMaxEvents = 10000;

// Sets `d` and `m` from `o` (values were validated by the option table). Reads the file of
// --schedule. False with `error` (a sentence naming the option) when something is wrong.
bool toDeviceOptions(const RunOptions& o, wgsl::runtime::DeviceOptions& d, wgsl::runtime::ShaderModuleOptions& m,
                     std::string& error);

// Parses whitespace-separated options as on the command line: "--NAME=VALUE", "--NAME VALUE",
// "--FLAG"; repeatable options may appear several times. False with `error`, e.g.
// "WGSLEMU_OPTIONS: option 'scheduler': 'fast' is not valid: expected fair, ..." (`context` first).
bool parseOptionString(const std::string& text, RunOptions& out, std::string& error,
                       const std::string& context = "options");

// Both steps: an option string to device and module options.
bool deviceOptionsFromString(const std::string& text, wgsl::runtime::DeviceOptions& d,
                             wgsl::runtime::ShaderModuleOptions& m, std::string& error,
                             const std::string& context = "options");

}  // namespace wgslemu::runspec
