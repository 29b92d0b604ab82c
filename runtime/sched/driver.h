// The scheduling loop shared by the dispatch engine and the tests: asks the scheduler which
// workgroup runs, runs it step by step (one preemption point to the next) through a callback,
// feeds the watchdog, and detects repeated states for deterministic policies.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <unordered_set>
#include <vector>

#include "runtime/sched/hang_report.h"
#include "runtime/sched/schedule_file.h"
#include "runtime/sched/scheduler.h"
#include "runtime/sched/watchdog.h"

namespace wgsl::sched {

enum class RunStatus { Completed, Hang, MaxSteps };

struct TraceStep {
  WorkgroupId wg;
  StepEnd end;
  bool memory_changed;
};

struct RunResult {
  RunStatus status = RunStatus::Completed;
  HangCause cause = HangCause::Watchdog;  // when status == Hang
  uint64_t steps = 0;
  std::vector<TraceStep> trace;           // every step, when DriveOptions::record
};

// Probes a workgroup run alone for a repeated state (see drive).
class LockedProbe {
 public:
  static constexpr uint64_t kFirst = uint64_t{1} << 12;
  static constexpr uint32_t kSpan = 64;
  // After a step of `wg`: true when its state repeated.
  bool onStep(WorkgroupId wg, bool locked, bool memory_changed, const std::function<std::optional<uint64_t>(WorkgroupId)>& hash);

 private:
  WorkgroupId wg_ = kNoWorkgroup;
  uint64_t idle_ = 0, next_ = kFirst, saved_ = 0;
  uint32_t left_ = 0;
};

// The loop's own state between two steps (a debugger's snapshots save and restore it).
struct DriveState {
  RunResult result;
  WorkgroupId running = kNoWorkgroup;  // the workgroup the scheduler keeps running; none: it chooses
  std::unordered_set<uint64_t> seen;   // exact hang detection: the states seen
  bool exact = false;
  LockedProbe probe;
};

struct DriveOptions {
  bool record = false;
  // Exact hang detection: most distinct states remembered (0 disables it).
  size_t max_states = size_t{1} << 20;
  // Called at every step boundary (before the scheduler chooses, or before the workgroup it
  // keeps running steps again) with the loop's state; null: not called (the usual case).
  std::function<void(const DriveState&)> boundary;
  // Go on from this state (saved at a boundary, with the scheduler, watchdog and engine restored
  // to the same point) instead of starting.
  const DriveState* resume = nullptr;
};

// Runs one step of a workgroup (starting it on its first step) and says what happened.
using StepFn = std::function<StepInfo(WorkgroupId)>;
// A hash of the whole engine state (alive workgroups' registers and the memory they touch), or
// nullopt when the state is too large to hash cheaply.
using StateHashFn = std::function<std::optional<uint64_t>()>;
// A hash of one started workgroup's own state (registers, private and workgroup memory, where
// it is), or nullopt when unavailable.
using WorkgroupHashFn = std::function<std::optional<uint64_t>(WorkgroupId)>;

// `scheduler` and `watchdog` must have had begin(count) called with the dispatch size.
// With `workgroup_hash`, a workgroup the scheduler runs alone (Scheduler::lockedOn) is probed
// for a repeated state during long stretches without memory changes: after 2^12, 2^13, ...
// such steps, its state is compared over the next 64 steps. Repeating with memory unchanged
// and nothing else running, it repeats forever (HangCause::LockedRepeat), which ends a spin
// about 2^8 times sooner than the default hang window.
RunResult drive(Scheduler& scheduler, Watchdog& watchdog, const StepFn& step,
                const StateHashFn& state_hash = {}, const DriveOptions& options = {},
                const WorkgroupHashFn& workgroup_hash = {});

// The schedule that replays a recorded run: one entry per atomic step, in order (an entry runs
// its workgroup until after its next atomic). Non-atomic steps after a workgroup's last atomic
// do not need entries: the replayer runs what remains in id order.
Schedule scheduleFromTrace(const std::vector<TraceStep>& trace);

// The schedule that replays a hang: a recorded schedule ending with one workgroup running alone
// (at least 8 entries: a spinner the model locked onto) replays as that workgroup forever (the
// repeating part becomes the cycle); others are returned unchanged.
Schedule hangSchedule(Schedule recorded);

}  // namespace wgsl::sched
