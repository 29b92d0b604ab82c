// makeScheduler: the model named by a configuration; validateSchedule for --schedule files.
#include "runtime/sched/models.h"

namespace wgsl::sched {

std::unique_ptr<Scheduler> makeScheduler(const SchedulerConfig& config, std::string& error) {
  if (config.spin_threshold == 0) {
    error = "the spin threshold must be at least 1 step";
    return nullptr;
  }
  switch (config.model) {
    case Model::Fair: return std::make_unique<RandomScheduler>(config, false);
    case Model::Random: return std::make_unique<RandomScheduler>(config, true);
    case Model::RoundRobin: return std::make_unique<RoundRobinScheduler>(config);
    case Model::Obe:
    case Model::Lobe:
    case Model::HsaObe: return std::make_unique<OccupancyScheduler>(config);
    case Model::Hsa: return std::make_unique<HsaScheduler>(config);
    case Model::Unfair: return std::make_unique<UnfairScheduler>(config);
    case Model::Replay:
      if (config.schedule.prefix.empty() && config.schedule.cycle.empty()) {
        error = "the schedule is empty: give at least one workgroup id after 'prefix:' or 'cycle:'";
        return nullptr;
      }
      return std::make_unique<ReplayScheduler>(config);
  }
  error = "unknown scheduler model";
  return nullptr;
}

std::string validateSchedule(const Schedule& schedule, uint32_t count) {
  for (const auto* list : {&schedule.prefix, &schedule.cycle}) {
    for (WorkgroupId wg : *list) {
      if (wg >= count)
        return "the schedule names workgroup " + std::to_string(wg) + " but the dispatch has " +
               std::to_string(count) + " workgroup" + (count == 1 ? "" : "s") + " (ids 0.." +
               std::to_string(count ? count - 1 : 0) + ")";
    }
  }
  return "";
}

}  // namespace wgsl::sched
