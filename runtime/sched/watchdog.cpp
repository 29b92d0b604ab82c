// The hang watchdog and per-workgroup statistics (see watchdog.h).
#include "runtime/sched/watchdog.h"

#include <algorithm>

namespace wgsl::sched {

void Watchdog::begin(uint32_t count) {
  stats_.assign(count, WorkgroupStats{});
  steps_ = 0;
  last_progress_ = 0;
  previous_ = kNoWorkgroup;
  started_ = 0;
}

uint64_t Watchdog::window() const {
  if (config_.hang_turns == 0) return config_.hang_window;
  const uint64_t subgroups = uint64_t{started_} * config_.subgroups_per_workgroup;
  if (subgroups != 0 && config_.hang_turns > ~uint64_t{0} / subgroups) return ~uint64_t{0};
  return std::max(config_.hang_window, config_.hang_turns * subgroups);
}

Watchdog::Verdict Watchdog::onStep(WorkgroupId wg, const StepInfo& info) {
  WorkgroupStats& s = stats_[wg];
  if (s.first_step == kNever) {
    s.first_step = steps_;
    ++started_;
  }
  else if (previous_ != wg) ++s.preemptions;
  previous_ = wg;
  s.last_step = steps_;
  ++s.steps;
  s.last = info;
  if (info.read_root != StepInfo::kNoRoot) s.last_read = info;
  const bool progress = info.memory_changed || info.end == StepEnd::Returned;
  s.idle = progress ? 0 : s.idle + 1;
  if (!progress) {
    if (info.end == StepEnd::Barrier) ++s.barrier_waits;
    else ++s.spin_steps;
  }
  if (info.end == StepEnd::Returned && s.end_step == kNever) {
    s.end_step = steps_;
    --started_;
  }
  ++steps_;
  if (progress) last_progress_ = steps_;
  if (config_.max_steps && steps_ >= config_.max_steps) return Verdict::MaxSteps;
  if (steps_ - last_progress_ >= config_.hang_window && steps_ - last_progress_ >= window()) return Verdict::Hang;
  return Verdict::Continue;
}

bool Watchdog::spinning(WorkgroupId wg) const {
  const WorkgroupStats& s = stats_[wg];
  return s.first_step != kNever && s.end_step == kNever && s.idle >= config_.spin_threshold;
}

}  // namespace wgsl::sched
