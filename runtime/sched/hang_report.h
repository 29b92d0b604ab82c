// The report of a hung dispatch: per workgroup, started or not, spinning where and on what, or
// starved and why in terms of the progress model; and one summary line naming the scheduling
// decision that starves the others, e.g. "workgroup 0 is not started: occupancy 1 is held by
// workgroup 3, which spins at scan.wgsl:88 on reduction[0]".
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "runtime/sched/parallel_watchdog.h"
#include "runtime/sched/scheduler.h"
#include "runtime/sched/watchdog.h"

namespace wgsl::sched {

// Turns engine positions into words. Unset members fall back to "pc N" and "variable R + B bytes".
struct Namer {
  std::function<std::string(uint32_t pc)> location;                        // "scan.wgsl:88"
  std::function<std::string(uint32_t root, uint64_t offset)> memory;       // "reduction[0]"
};

enum class Activity : uint8_t {
  NotStarted,  // never ran
  Spinning,    // started; its latest steps changed nothing, ending at back-edges or atomics
  AtBarrier,   // started; its latest steps changed nothing and ended at a barrier
  Starved,     // started, not spinning, and not run lately
  Running,     // started and still progressing
};

struct WorkgroupHang {
  WorkgroupId wg = 0;
  Activity activity = Activity::NotStarted;
  bool guaranteed = false;  // the model guarantees it fair scheduling in this state
  std::string text;         // one line, starting with "workgroup N"
};

// Watchdog: no progress for the hang window. RepeatedState: the whole state repeated under a
// deterministic policy. LockedRepeat: the workgroup the policy runs alone (Scheduler::lockedOn)
// repeated its own state with memory unchanged.
enum class HangCause : uint8_t { Watchdog, RepeatedState, LockedRepeat };

struct HangReport {
  std::string model;       // "obe"
  std::string guarantee;   // the model's guarantee in one sentence
  HangCause cause = HangCause::Watchdog;
  uint64_t steps = 0;                  // scheduling steps run in total
  uint64_t steps_without_progress = 0;
  uint32_t workgroups = 0, alive = 0, not_started = 0, spinning = 0;
  std::vector<WorkgroupHang> listed;   // alive workgroups, lowest id first, at most max_listed
  uint32_t unlisted = 0;               // alive workgroups left out of `listed`
  std::string summary;                 // the decisive starvation, one line
  std::string text() const;            // everything, for humans
};

HangReport buildHangReport(const Scheduler& scheduler, const Watchdog& watchdog, const Namer& namer,
                           HangCause cause = HangCause::Watchdog, size_t max_listed = 24);

// The parallel fair path has no scheduler state to consult: its watchdog saw only the workgroups
// it watched step by step (those that ran long). The report lists those, in the same shape.
struct ObservedRun {
  std::string model, guarantee;
  uint64_t steps = 0, steps_without_progress = 0;
  uint64_t workgroups = 0, alive = 0, not_started = 0;
};
HangReport buildObservedHangReport(const ObservedRun& run, const std::vector<ObservedWorkgroup>& seen,
                                   const Namer& namer, uint32_t spin_threshold, size_t max_listed = 24);

}  // namespace wgsl::sched
