// The scheduling loop (see driver.h).
#include "runtime/sched/driver.h"

#include <unordered_set>

namespace wgsl::sched {

RunResult drive(Scheduler& scheduler, Watchdog& watchdog, const StepFn& step,
                const StateHashFn& state_hash, const DriveOptions& options) {
  RunResult result;
  std::unordered_set<uint64_t> seen;
  bool exact = options.max_states > 0 && static_cast<bool>(state_hash);
  for (;;) {
    // Exact detection at decision points of deterministic policies.
    if (exact) {
      const std::optional<uint64_t> policy = scheduler.policyHash();
      const std::optional<uint64_t> state = policy ? state_hash() : std::nullopt;
      if (policy && state) {
        const uint64_t key = *state ^ (*policy * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull);
        if (!seen.insert(key).second) {
          result.status = RunStatus::Hang;
          result.cause = HangCause::RepeatedState;
          break;
        }
        if (seen.size() >= options.max_states) exact = false;
      }
    }
    const WorkgroupId wg = scheduler.pickNext();
    if (wg == kNoWorkgroup) break;
    bool more = true;
    Watchdog::Verdict verdict = Watchdog::Verdict::Continue;
    while (more && verdict == Watchdog::Verdict::Continue) {
      const StepInfo info = step(wg);
      if (options.record) result.trace.push_back({wg, info.end, info.memory_changed});
      more = scheduler.onStep(wg, info);
      verdict = watchdog.onStep(wg, info);
    }
    if (verdict == Watchdog::Verdict::Hang) {
      result.status = RunStatus::Hang;
      result.cause = HangCause::Watchdog;
      break;
    }
    if (verdict == Watchdog::Verdict::MaxSteps) {
      result.status = scheduler.aliveCount() == 0 ? RunStatus::Completed : RunStatus::MaxSteps;
      break;
    }
  }
  result.steps = watchdog.steps();
  return result;
}

Schedule scheduleFromTrace(const std::vector<TraceStep>& trace) {
  Schedule s;
  for (const TraceStep& t : trace)
    if (t.end == StepEnd::Atomic) s.prefix.push_back(t.wg);
  return s;
}

}  // namespace wgsl::sched
