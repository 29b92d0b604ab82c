// DeviceOptions to DeviceConfig (see device_config.h): the one place the device parses options.
#include "runtime/options/device_config.h"

#include <fmt/format.h>

#include "runtime/sched/schedule_file.h"

namespace wgsl::runtime {

namespace {

bool parseSeedSuffix(const std::string& text, const std::string& prefix, uint64_t& seed) {
  if (text.rfind(prefix, 0) != 0 || text.size() == prefix.size() || text.size() > prefix.size() + 19) return false;
  uint64_t v = 0;
  for (size_t i = prefix.size(); i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') return false;
    v = v * 10 + static_cast<uint64_t>(text[i] - '0');
  }
  seed = v;
  return true;
}

bool parseSubgroupOrder(const std::string& text, exec::SubgroupOrder& order, uint64_t& seed) {
  if (text == "lockstep") order = exec::SubgroupOrder::Lockstep;
  else if (text == "round-robin") order = exec::SubgroupOrder::RoundRobin;
  else if (text == "adversarial") order = exec::SubgroupOrder::Adversarial;
  else if (parseSeedSuffix(text, "random:", seed)) order = exec::SubgroupOrder::Random;
  else return false;
  return true;
}

// The scheduler configuration of the options; "" or what is wrong.
std::string schedulerConfig(const DeviceOptions& o, sched::SchedulerConfig& config, sched::ScheduleFile& schedules) {
  std::string error;
  config.seed = o.seed;
  if (!o.schedule.empty()) {
    auto file = sched::parseScheduleFile(o.schedule, error);
    if (!file) return "schedule file: " + error;
    if (file->dispatches.empty()) {
      config.model = sched::Model::Replay;
      config.schedule = *file->all;
    } else {  // per-dispatch sections: Device::dispatch chooses; the others run under --scheduler
      if (!sched::parseSchedulerName(o.scheduler, config, error)) return error;
      schedules = std::move(*file);
    }
  } else if (!sched::parseSchedulerName(o.scheduler, config, error)) {
    return error;
  }
  if (!sched::parseAdmission(o.admission, config, error)) return error;
  config.occupancy = o.occupancy;
  return "";
}

}  // namespace

bool needsStepwise(const DeviceOptions& o) {
  return o.scheduler != "fair" || !o.schedule.empty() || o.subgroup_scheduler != "lockstep" || o.record_schedule ||
         o.debug != nullptr;
}

DeviceConfig parseDeviceConfig(const DeviceOptions& o) {
  DeviceConfig c;
  const uint32_t s = o.subgroup_size;
  if (s < 4 || s > 128 || (s & (s - 1)) != 0) {
    throw Error(fmt::format("subgroup size {} is not supported: it must be a power of two from 4 to 128", s));
  }
  // Schedulers and progress models.
  const std::string error = schedulerConfig(o, c.scheduler, c.schedules);
  if (!error.empty()) throw Error(error);
  if (!parseSubgroupOrder(o.subgroup_scheduler, c.subgroup_order, c.subgroup_seed)) {
    throw Error("bad subgroup scheduler '" + o.subgroup_scheduler +
                "'; expected lockstep, round-robin, random:SEED or adversarial");
  }
  if (o.hang_window == 0) throw Error("the hang window must be at least 1 step");
  // Dynamic-error checks.
  const checks::OobPolicyParse p = checks::parseOobPolicy(o.oob);
  if (!p.policy) throw Error(p.error);
  c.oob = *p.policy;
  for (const std::string& rule : o.inject) {
    const checks::InjectionParse r = checks::parseInjection(rule);
    if (!r.rule) throw Error(r.error);
    c.inject.push_back(*r.rule);
  }
  // Floating point modes.
  std::string ferror;
  if (!math::parseFloatOption(o.float_mode, c.float_mode, ferror)) throw Error("DeviceOptions::float_mode: " + ferror);
  if (!math::parseNonFiniteOption(o.nonfinite, c.float_mode, ferror)) throw Error("DeviceOptions::nonfinite: " + ferror);
  c.stepwise = needsStepwise(o);
  c.checks = o.oob != "report" || !o.inject.empty() || o.races || o.check_collectives;
  return c;
}

}  // namespace wgsl::runtime
