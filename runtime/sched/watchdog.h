// Hang detection by watchdog: counts scheduling steps without progress across
// all workgroups. Progress is a step that changed memory other workgroups can see (a store or an
// atomic that changed a value) or a workgroup returning. After `window()` steps without progress
// the dispatch is a hang: `hang_window`, or more when many subgroups are alive, so that each of
// them gets `hang_turns` turns (a step runs one subgroup to its next preemption point, so with S
// subgroups alive a bounded spin of K iterations in each takes about S x K steps; a fixed window
// would call such a spin a hang once S x K outgrows it). Also keeps the per-workgroup statistics
// that reports show.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "runtime/sched/sched_types.h"

namespace wgsl::sched {

struct WatchdogConfig {
  uint64_t hang_window = uint64_t{1} << 20;  // --hang-window: the least window
  uint64_t hang_turns = 0;                   // --hang-turns: steps per alive subgroup (0: fixed window)
  uint32_t subgroups_per_workgroup = 1;      // with hang_turns: alive subgroups = this x alive started workgroups
  uint64_t max_steps = 0;                    // --max-steps (0: unbounded)
  // Consecutive steps of one workgroup without progress after which the report says it spins.
  uint32_t spin_threshold = 4;
};

constexpr uint64_t kNever = std::numeric_limits<uint64_t>::max();

// Per-workgroup statistics, in virtual time (the global step counter).
struct WorkgroupStats {
  uint64_t first_step = kNever;  // virtual time of its first step (it started)
  uint64_t last_step = kNever;   // of its latest step
  uint64_t end_step = kNever;    // when it returned
  uint64_t steps = 0;
  uint64_t spin_steps = 0;       // steps without progress that ended at a back-edge or atomic
  uint64_t barrier_waits = 0;    // steps that ended at a barrier
  uint64_t preemptions = 0;      // times another workgroup ran between two of its steps
  uint32_t idle = 0;             // consecutive steps without progress (now)
  StepInfo last;                 // its latest step
  StepInfo last_read;            // its latest step that read shared memory (what a spin polls)
};

class Watchdog {
 public:
  enum class Verdict { Continue, Hang, MaxSteps };

  explicit Watchdog(WatchdogConfig config = {}) : config_(config) {}
  void begin(uint32_t count);
  Verdict onStep(WorkgroupId wg, const StepInfo& info);

  const WatchdogConfig& config() const { return config_; }
  uint64_t steps() const { return steps_; }
  uint64_t stepsWithoutProgress() const { return steps_ - last_progress_; }
  // Steps without progress that make a hang now: max(hang_window, hang_turns x alive subgroups).
  uint64_t window() const;
  // Workgroups that have started and not returned.
  uint32_t started() const { return started_; }
  const WorkgroupStats& stats(WorkgroupId wg) const { return stats_[wg]; }
  uint32_t count() const { return static_cast<uint32_t>(stats_.size()); }
  // Started, alive, and its latest steps changed nothing: it spins (or waits at a barrier).
  bool spinning(WorkgroupId wg) const;

 private:
  WatchdogConfig config_;
  std::vector<WorkgroupStats> stats_;
  uint64_t steps_ = 0;
  uint64_t last_progress_ = 0;
  WorkgroupId previous_ = kNoWorkgroup;
  uint32_t started_ = 0;
};

}  // namespace wgsl::sched
