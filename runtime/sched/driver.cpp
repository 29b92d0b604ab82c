// The scheduling loop (see driver.h).
#include "runtime/sched/driver.h"

namespace wgsl::sched {

bool LockedProbe::onStep(WorkgroupId wg, bool locked, bool memory_changed, const WorkgroupHashFn& hash) {
  if (!locked || memory_changed || wg != wg_) {
    wg_ = locked && !memory_changed ? wg : kNoWorkgroup;
    idle_ = 0;
    next_ = kFirst;
    left_ = 0;
    return false;
  }
  ++idle_;
  if (left_ > 0) {
    --left_;
    const std::optional<uint64_t> h = hash(wg);
    return h && *h == saved_;
  }
  if (idle_ == next_) {
    next_ *= 2;
    if (const std::optional<uint64_t> h = hash(wg)) {
      saved_ = *h;
      left_ = kSpan;
    }
  }
  return false;
}

RunResult drive(Scheduler& scheduler, Watchdog& watchdog, const StepFn& step,
                const StateHashFn& state_hash, const DriveOptions& options, const WorkgroupHashFn& workgroup_hash) {
  DriveState st;
  if (options.resume) st = *options.resume;
  else st.exact = options.max_states > 0 && static_cast<bool>(state_hash);
  RunResult& result = st.result;
  for (;;) {
    if (options.boundary) options.boundary(st);
    if (st.running == kNoWorkgroup) {
      // Exact detection at decision points of deterministic policies.
      if (st.exact) {
        const std::optional<uint64_t> policy = scheduler.policyHash();
        const std::optional<uint64_t> state = policy ? state_hash() : std::nullopt;
        if (policy && state) {
          const uint64_t key = *state ^ (*policy * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull);
          if (!st.seen.insert(key).second) {
            result.status = RunStatus::Hang;
            result.cause = HangCause::RepeatedState;
            break;
          }
          if (st.seen.size() >= options.max_states) st.exact = false;
        }
      }
      st.running = scheduler.pickNext();
      if (st.running == kNoWorkgroup) break;
    }
    // The chosen workgroup runs one step; the scheduler says whether it keeps running.
    const WorkgroupId wg = st.running;
    const StepInfo info = step(wg);
    if (options.record) result.trace.push_back({wg, info.end, info.memory_changed});
    const bool more = scheduler.onStep(wg, info);
    const Watchdog::Verdict verdict = watchdog.onStep(wg, info);
    // Every step goes to the probe: another workgroup's step, a memory change or the end of
    // the lock starts it over, so a saved state never outlives what it assumed.
    if (workgroup_hash && st.probe.onStep(wg, scheduler.lockedOn() == wg, info.memory_changed, workgroup_hash) &&
        verdict == Watchdog::Verdict::Continue) {
      result.status = RunStatus::Hang;
      result.cause = HangCause::LockedRepeat;
      result.steps = watchdog.steps();
      return std::move(result);
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
    if (!more) st.running = kNoWorkgroup;
  }
  result.steps = watchdog.steps();
  return std::move(result);
}

Schedule scheduleFromTrace(const std::vector<TraceStep>& trace) {
  Schedule s;
  for (const TraceStep& t : trace)
    if (t.end == StepEnd::Atomic) s.prefix.push_back(t.wg);
  return s;
}

Schedule hangSchedule(Schedule schedule) {
  if (schedule.prefix.empty() || !schedule.cycle.empty()) return schedule;
  const WorkgroupId last = schedule.prefix.back();
  size_t tail = 0;
  while (tail < schedule.prefix.size() && schedule.prefix[schedule.prefix.size() - 1 - tail] == last) ++tail;
  if (tail >= 8) {
    schedule.prefix.resize(schedule.prefix.size() - tail + 1);
    schedule.cycle = {last};
  }
  return schedule;
}

}  // namespace wgsl::sched
