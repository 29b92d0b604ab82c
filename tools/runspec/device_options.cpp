// Run options to device options (see device_options.h).
#include "tools/runspec/device_options.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "runtime/options/device_config.h"

namespace wgslemu::runspec {

namespace rt = wgsl::runtime;

bool toDeviceOptions(const RunOptions& o, rt::DeviceOptions& d, rt::ShaderModuleOptions& m, std::string& error) {
  if (auto v = o.number("subgroup-size")) d.subgroup_size = static_cast<uint32_t>(*v);
  if (auto v = o.number("threads")) d.threads = static_cast<uint32_t>(*v);
  if (auto v = o.number("seed")) d.seed = *v;
  if (auto v = o.number("max-steps")) d.max_instructions_per_workgroup = *v;
  d.max_events = o.number("max-events").value_or(kDefaultMaxEvents);
  // Schedulers, timelines and schedule files.
  d.scheduler = o.get("scheduler", d.scheduler);
  if (auto v = o.number("occupancy")) d.occupancy = static_cast<uint32_t>(*v);
  d.admission = o.get("admission", d.admission);
  d.subgroup_scheduler = o.get("subgroup-scheduler", d.subgroup_scheduler);
  if (auto v = o.number("hang-window")) d.hang_window = *v;
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
  d.record_schedule = o.has("timeline") || o.has("save-schedule");
  d.timeline_subgroups = o.flag("timeline-subgroups");
  if (d.timeline_subgroups && !o.has("timeline")) {
    error = "--timeline-subgroups draws rows of a timeline: give --timeline=FILE.svg (or .html) too";
    return false;
  }
  if (rt::needsStepwise(d)) {
    // --max-steps bounds the scheduling steps of the dispatch.
    d.max_steps = d.max_instructions_per_workgroup;
    d.max_instructions_per_workgroup = 0;
  }
  // Dynamic-error checks.
  d.oob = o.get("oob", "report");
  d.inject.clear();
  const std::string rules = o.get("inject");
  size_t start = 0;
  while (!rules.empty()) {
    const size_t nl = rules.find('\n', start);
    d.inject.push_back(rules.substr(start, nl == std::string::npos ? std::string::npos : nl - start));
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
  d.races = o.flag("races");
  d.check_collectives = o.flag("allow-nonuniform");
  m.allow_nonuniform = o.flag("allow-nonuniform");
  // Floating point modes.
  d.float_mode = o.get("float", "ieee");
  d.nonfinite = o.get("nonfinite", "propagate");
  return true;
}

bool parseOptionString(const std::string& text, RunOptions& out, std::string& error, const std::string& context) {
  std::istringstream in(text);
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

bool deviceOptionsFromString(const std::string& text, rt::DeviceOptions& d, rt::ShaderModuleOptions& m,
                             std::string& error, const std::string& context) {
  RunOptions o;
  if (!parseOptionString(text, o, error, context)) return false;
  if (!toDeviceOptions(o, d, m, error)) {
    error = context + ": " + error;
    return false;
  }
  return true;
}

}  // namespace wgslemu::runspec
