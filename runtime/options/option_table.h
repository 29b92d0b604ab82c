// The table of run options: every option wgslemu takes, in one place. The command line of
// `run`, `test` and `explore` (registered from this table in tools/), a run spec's "options",
// `explore` dimensions, `wgslemu exec`, WGSLEMU_OPTIONS and the C API's chained
// WGSLEmuDeviceOptions all read it. Adding an option is one row in option_table.cpp plus its
// translation in run_options.cpp (toDeviceOptions) or the runner code that reads it.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace wgsl::runtime::options {

// Who consumes an option: the device (DeviceOptions / ShaderModuleOptions; available through
// every door, the C API included) or the run-spec runner alone (files a run writes).
enum class Scope { Device, Runner };

struct RunOptionInfo {
  std::string name;   // canonical spelling, with '-' ("subgroup-size")
  std::string value;  // value syntax for --help ("N", "FILE", "MODEL"); "" for a flag
  std::string help;   // one line for --help
  bool flag = false;  // takes no value on the command line; "true"/"false" in a spec
  bool repeatable = false;  // may be given several times; values are joined with '\n'
  Scope scope = Scope::Device;
  // "" when `value` is acceptable, otherwise what is expected (a sentence fragment such as
  // "expected a power of two from 4 to 128"); null: any value.
  std::function<std::string(const std::string& value)> check;
};

// The table, in --help order.
const std::vector<RunOptionInfo>& runOptionTable();
// The row of `name` (canonical spelling), or null.
const RunOptionInfo* findRunOption(std::string_view name);
// "subgroup-size, threads, ..." for error messages.
std::string runOptionNames();

// "" when `value` is valid for `info`; otherwise the one sentence every door prints:
// "option 'scheduler': 'fast' is not valid: expected fair, round-robin, ...".
std::string validateRunOption(const RunOptionInfo& info, const std::string& value);

// Parses a non-negative decimal integer no larger than `max`.
bool parseUnsignedOption(std::string_view s, uint64_t max, uint64_t& out);

}  // namespace wgsl::runtime::options
