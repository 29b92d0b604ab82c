// The options shared by `run`, `test` and `explore`, by the "options" object of run specs and by
// the command line: one table, one validator per option, values kept as validated strings.
// Adding an option is one row in run_options.cpp plus the code that reads it (`RunOptions::get`).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace wgsl::exec {
class DebugHook;  // interp/exec/stepper.h
}

namespace wgslemu::runspec {

struct RunOptionInfo {
  std::string name;   // canonical spelling, with '-' ("subgroup-size")
  std::string help;   // one line for --help
  bool flag = false;  // takes no value on the command line; "true"/"false" in a spec
  bool repeatable = false;  // may be given several times; values are joined with '\n'
  // "" when `value` is acceptable, otherwise what is expected (a sentence fragment such as
  // "expected a power of two from 4 to 128").
  std::function<std::string(const std::string& value)> check;
};

const std::vector<RunOptionInfo>& runOptionTable();
const RunOptionInfo* findRunOption(const std::string& name);
// "subgroup-size, threads, ..." for error messages.
std::string runOptionNames();

struct RunOptions {
  std::map<std::string, std::string> values;  // validated, by canonical name
  bool progress = false;  // show a progress line on standard error while passes run
  // A debugger watching every instruction (tools/debug; not an option of the table: the
  // `debug` and `dap` commands set it). Null: none.
  wgsl::exec::DebugHook* debug = nullptr;

  // Validates and sets; false with `error` ("option 'X': 'V' is not valid: expected ...").
  bool set(const std::string& name, const std::string& value, std::string& error);
  bool has(const std::string& name) const { return values.count(name) != 0; }
  std::string get(const std::string& name, const std::string& fallback = "") const;
  // The value as an unsigned integer, if set and numeric.
  std::optional<uint64_t> number(const std::string& name) const;
  bool flag(const std::string& name) const { return get(name) == "true"; }
  // Values of `over` replace ours.
  void overlay(const RunOptions& over);
};

// Parses a non-negative decimal integer no larger than `max`.
bool parseUnsignedOption(const std::string& s, uint64_t max, uint64_t& out);

}  // namespace wgslemu::runspec
