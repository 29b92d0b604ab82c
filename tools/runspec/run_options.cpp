// The table of run options (docs/run-spec.md, "Options").
#include "tools/runspec/run_options.h"

#include <fmt/format.h>

#include "interp/math/float_modes.h"

namespace wgslemu::runspec {

bool parseUnsignedOption(const std::string& s, uint64_t max, uint64_t& out) {
  if (s.empty() || s.size() > 20) return false;
  uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    const uint64_t d = static_cast<uint64_t>(c - '0');
    if (v > (max - d) / 10) return false;
    v = v * 10 + d;
  }
  out = v;
  return true;
}

namespace {

std::function<std::string(const std::string&)> unsignedIn(uint64_t lo, uint64_t hi) {
  return [lo, hi](const std::string& s) -> std::string {
    uint64_t v = 0;
    if (!parseUnsignedOption(s, hi, v) || v < lo) {
      return hi == ~uint64_t{0} ? fmt::format("expected an integer of at least {}", lo)
                                : fmt::format("expected an integer from {} to {}", lo, hi);
    }
    return "";
  };
}

std::string subgroupSizeCheck(const std::string& s) {
  uint64_t v = 0;
  if (!parseUnsignedOption(s, 1024, v) || v < 4 || v > 128 || (v & (v - 1)) != 0)
    return "expected a power of two from 4 to 128";
  return "";
}

// Issue 8: the float-mode parsers' sentences start with the flag's name; the table's callers
// add their own.
std::string withoutPrefix(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0 ? s.substr(prefix.size()) : s;
}

std::vector<RunOptionInfo> makeTable() {
  std::vector<RunOptionInfo> t;
  t.push_back({"subgroup-size", "Lanes per subgroup: a power of two from 4 to 128 (default 32)", false, false,
               subgroupSizeCheck});
  t.push_back({"threads", "Worker threads (default: one per core)", false, false, unsignedIn(1, 1024)});
  t.push_back({"seed", "Seed for randomised behaviours (default 0)", false, false, unsignedIn(0, ~uint64_t{0})});
  t.push_back({"max-steps",
               "Stop a workgroup after this many subgroup instructions and report a hang (default: no limit)", false,
               false, unsignedIn(1, ~uint64_t{0})});
  // Later options are appended here, one block per feature.
  // Issue 8: floating point modes (docs/float-modes.md).
  t.push_back({"float",
               "Floating point mode: ieee (default) or a comma list of ftz, fma, ulp-max, ulp-random:SEED "
               "(e.g. ftz,fma)",
               false, false, [](const std::string& v) -> std::string {
                 wgsl::math::FloatMode m;
                 std::string error;
                 if (wgsl::math::parseFloatOption(v, m, error)) return "";
                 return withoutPrefix(error, "--float: ");
               }});
  t.push_back({"nonfinite",
               "Infinities and NaNs of f32/f16 operations: propagate (default), indeterminate:SEED (replaced "
               "by arbitrary finite values) or report (first place each appears, as events)",
               false, false, [](const std::string& v) -> std::string {
                 wgsl::math::FloatMode m;
                 std::string error;
                 if (wgsl::math::parseNonFiniteOption(v, m, error)) return "";
                 return withoutPrefix(error, "--nonfinite: ");
               }});
  return t;
}

}  // namespace

const std::vector<RunOptionInfo>& runOptionTable() {
  static const std::vector<RunOptionInfo> table = makeTable();
  return table;
}

const RunOptionInfo* findRunOption(const std::string& name) {
  for (const auto& o : runOptionTable())
    if (o.name == name) return &o;
  return nullptr;
}

std::string runOptionNames() {
  std::string list;
  for (const auto& o : runOptionTable()) list += (list.empty() ? "" : ", ") + o.name;
  return list;
}

bool RunOptions::set(const std::string& name, const std::string& value, std::string& error) {
  const RunOptionInfo* info = findRunOption(name);
  if (!info) {
    error = fmt::format("unknown option '{}' (the options are: {})", name, runOptionNames());
    return false;
  }
  if (info->flag && value != "true" && value != "false") {
    error = fmt::format("option '{}': '{}' is not valid: expected true or false", name, value);
    return false;
  }
  if (!info->flag && info->check) {
    const std::string why = info->check(value);
    if (!why.empty()) {
      error = fmt::format("option '{}': '{}' is not valid: {}", name, value, why);
      return false;
    }
  }
  if (info->repeatable && has(name)) values[name] += "\n" + value;
  else values[name] = value;
  return true;
}

std::string RunOptions::get(const std::string& name, const std::string& fallback) const {
  auto it = values.find(name);
  return it == values.end() ? fallback : it->second;
}

std::optional<uint64_t> RunOptions::number(const std::string& name) const {
  auto it = values.find(name);
  uint64_t v = 0;
  if (it == values.end() || !parseUnsignedOption(it->second, ~uint64_t{0}, v)) return std::nullopt;
  return v;
}

void RunOptions::overlay(const RunOptions& over) {
  for (const auto& [k, v] : over.values) values[k] = v;
  progress = progress || over.progress;
}

}  // namespace wgslemu::runspec
