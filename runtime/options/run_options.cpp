// Run options as values, their parser and their translation to device options (see
// run_options.h).
#include "runtime/options/run_options.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

#include "runtime/options/device_config.h"

namespace wgsl::runtime::options {

bool RunOptions::set(const std::string& name, const std::string& value, std::string& error) {
  const RunOptionInfo* info = findRunOption(name);
  if (!info) {
    error = fmt::format("unknown option '{}' (the options are: {})", name, runOptionNames());
    return false;
  }
  error = validateRunOption(*info, value);
  if (!error.empty()) return false;
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

bool parse(std::string_view text, RunOptions& out, std::string& error, std::string_view context) {
  std::istringstream in{std::string(text)};
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (w.size() < 3 || w.compare(0, 2, "--") != 0) {
      error = fmt::format("{}: '{}' is not an option: expected --NAME=VALUE or --FLAG (the options are: {})", context,
                          w, runOptionNames());
      return false;
    }
    const size_t eq = w.find('=');
    const std::string name = w.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
    const RunOptionInfo* info = findRunOption(name);
    std::string value;
    if (eq != std::string::npos) {
      value = w.substr(eq + 1);
    } else if (info && info->flag) {
      value = "true";
    } else if (info && i + 1 < words.size() && words[i + 1].compare(0, 2, "--") != 0) {
      value = words[++i];
    } else if (info) {
      error = fmt::format("{}: option '{}' needs a value: --{}=VALUE", context, name, name);
      return false;
    }
    std::string why;
    if (!out.set(name, value, why)) {
      error = fmt::format("{}: {}", context, why);
      return false;
    }
  }
  return true;
}

std::string runnerOnlyOption(const RunOptions& o) {
  for (const auto& [name, value] : o.values) {
    const RunOptionInfo* info = findRunOption(name);
    if (info && info->scope == Scope::Runner) {
      return fmt::format(
          "option '{}' is not a device option: it belongs to the run-spec runner (wgslemu run, test, explore)", name);
    }
  }
  return "";
}

bool toDeviceOptions(const RunOptions& o, DeviceOptions& d, ShaderModuleOptions& m, std::string& error) {
  if (auto v = o.number("subgroup-size")) d.subgroup_size = static_cast<uint32_t>(*v);
  if (auto v = o.number("threads")) d.threads = static_cast<uint32_t>(*v);
  if (auto v = o.number("seed")) d.seed = *v;
  if (auto v = o.number("max-steps")) d.max_instructions_per_workgroup = *v;
  if (auto v = o.number("max-events")) d.max_events = *v;
  // Schedulers, timelines and schedule files.
  d.scheduler = o.get("scheduler", d.scheduler);
  if (auto v = o.number("occupancy")) d.occupancy = static_cast<uint32_t>(*v);
  d.admission = o.get("admission", d.admission);
  d.subgroup_scheduler = o.get("subgroup-scheduler", d.subgroup_scheduler);
  if (auto v = o.number("hang-window")) d.hang_window = *v;
  if (auto v = o.number("hang-turns")) d.hang_turns = *v;
  const std::string size = o.get("subgroup-size");
  if (size.rfind("random:", 0) == 0) {
    d.random_subgroup_size = true;
    parseUnsignedOption(size.substr(7), ~uint64_t{0}, d.subgroup_size_seed);
  }
  if (o.has("schedule")) {
    const std::string path = o.get("schedule");
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      error = fmt::format("--schedule: cannot read '{}': {}", path, std::strerror(errno));
      return false;
    }
    std::stringstream text;
    text << in.rdbuf();
    d.schedule = text.str();
  }
  if (o.has("timeline") || o.has("save-schedule")) d.record_schedule = true;
  if (o.flag("timeline-subgroups")) {
    if (!o.has("timeline")) {
      error = "--timeline-subgroups draws rows of a timeline: give --timeline=FILE.svg (or .html) too";
      return false;
    }
    d.timeline_subgroups = true;
  }
  if (o.has("max-steps") && needsStepwise(d)) {
    // --max-steps bounds the scheduling steps of the dispatch.
    d.max_steps = d.max_instructions_per_workgroup;
    d.max_instructions_per_workgroup = 0;
  }
  // Dynamic-error checks.
  d.oob = o.get("oob", d.oob);
  const std::string rules = o.get("inject");
  size_t start = 0;
  while (!rules.empty()) {
    const size_t nl = rules.find('\n', start);
    d.inject.push_back(rules.substr(start, nl == std::string::npos ? std::string::npos : nl - start));
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
  if (o.flag("races")) d.races = true;
  if (o.flag("allow-nonuniform")) d.check_collectives = m.allow_nonuniform = true;
  // Floating point modes.
  d.float_mode = o.get("float", d.float_mode);
  d.nonfinite = o.get("nonfinite", d.nonfinite);
  return true;
}

bool parseDeviceOptions(std::string_view text, DeviceOptions& d, ShaderModuleOptions& m, std::string& error,
                        std::string_view context) {
  RunOptions o;
  if (!parse(text, o, error, context)) return false;
  std::string why = runnerOnlyOption(o);
  if (!why.empty() || !toDeviceOptions(o, d, m, why)) {
    error = fmt::format("{}: {}", context, why);
    return false;
  }
  return true;
}

}  // namespace wgsl::runtime::options
