// Parses `wgslemu run` option spellings into DeviceOptions for the C API (WGSLEMU_OPTIONS and
// WGSLEmuDeviceOptions). The command line's table lives in tools/runspec/run_options.cpp, which
// the library must not depend on; this maps the same spellings onto the device's fields.
#include "runtime/webgpu/device_options.h"

#include <cstdlib>
#include <sstream>

namespace wgslemu::webgpu {

namespace {

bool number(const std::string& v, uint64_t& out) {
  if (v.empty() || v.find_first_not_of("0123456789") != std::string::npos || v.size() > 19) return false;
  out = std::strtoull(v.c_str(), nullptr, 10);
  return true;
}

}  // namespace

bool applyDeviceOptions(const std::string& text, wgsl::runtime::DeviceOptions& o, std::string& error) {
  std::istringstream in(text);
  std::string word;
  while (in >> word) {
    if (word.rfind("--", 0) != 0) {
      error = "'" + word + "' is not an option (expected --name or --name=value)";
      return false;
    }
    const size_t eq = word.find('=');
    const std::string name = word.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
    const std::string value = eq == std::string::npos ? "" : word.substr(eq + 1);
    uint64_t n = 0;
    auto needNumber = [&]() {
      if (number(value, n)) return true;
      error = "--" + name + "=" + value + ": expected a non-negative integer";
      return false;
    };
    if (name == "subgroup-size") {
      if (value.rfind("random:", 0) == 0) {
        o.random_subgroup_size = true;
        o.subgroup_size_seed = std::strtoull(value.c_str() + 7, nullptr, 10);
      } else {
        if (!needNumber()) return false;
        if (n < 4 || n > 128 || (n & (n - 1))) {
          error = "--subgroup-size=" + value + ": expected a power of two from 4 to 128";
          return false;
        }
        o.subgroup_size = static_cast<uint32_t>(n);
      }
    } else if (name == "threads") {
      if (!needNumber()) return false;
      o.threads = static_cast<uint32_t>(n);
    } else if (name == "seed") {
      if (!needNumber()) return false;
      o.seed = n;
    } else if (name == "max-steps") {
      if (!needNumber()) return false;
      o.max_steps = n;
      o.max_instructions_per_workgroup = n;
    } else if (name == "hang-window") {
      if (!needNumber()) return false;
      o.hang_window = n;
    } else if (name == "occupancy") {
      if (!needNumber()) return false;
      o.occupancy = static_cast<uint32_t>(n);
    } else if (name == "scheduler") {
      o.scheduler = value;
    } else if (name == "admission") {
      o.admission = value;
    } else if (name == "subgroup-scheduler") {
      o.subgroup_scheduler = value;
    } else if (name == "oob") {
      o.oob = value;
    } else if (name == "inject") {
      o.inject.push_back(value);
    } else if (name == "races") {
      o.races = true;
    } else if (name == "allow-nonuniform") {
      o.check_collectives = true;
    } else if (name == "float") {
      o.float_mode = value;
    } else if (name == "nonfinite") {
      o.nonfinite = value;
    } else {
      error = "unknown option --" + name +
              " (expected subgroup-size, threads, seed, max-steps, hang-window, scheduler, occupancy, "
              "admission, subgroup-scheduler, oob, inject, races, allow-nonuniform, float, nonfinite)";
      return false;
    }
  }
  return true;
}

}  // namespace wgslemu::webgpu
