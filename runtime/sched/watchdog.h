// Hang detection by watchdog: counts scheduling steps without progress across
// all workgroups. Progress is a step that changed memory other workgroups can see (a store or an
// atomic that changed a value) or a workgroup returning. After `hang_window` steps without
// progress the dispatch is a hang. Also keeps the per-workgroup statistics that reports show.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "runtime/sched/sched_types.h"

namespace wgsl::sched {

struct WatchdogConfig {
  uint64_t hang_window = uint64_t{1} << 20;  // --hang-window
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
};

}  // namespace wgsl::sched
