// The rule that keeps the parallel `fair` fast path strongly fair (docs/schedulers.md): workers
// run whole workgroups, but a worker whose workgroup has made no progress for a quantum of steps
// yields it at the next preemption point and takes other work. Two pieces, both independent of
// the engine and of TBB: the per-worker YieldPolicy, and the shared FairWorkQueue that alternates
// yielded workgroups (oldest first) with not-started ones.
#pragma once

#include <cstdint>
#include <deque>
#include <mutex>

#include "runtime/sched/rng.h"
#include "runtime/sched/sched_types.h"

namespace wgsl::sched {

class YieldPolicy {
 public:
  // quantum: mean number of consecutive steps without progress before yielding; each limit is
  // drawn uniformly in [quantum/2, 3*quantum/2] so yields do not phase-lock with spin loops.
  YieldPolicy(uint32_t quantum, uint64_t seed);
  // A new workgroup was taken (or resumed): start counting afresh.
  void reset();
  // After each step of the held workgroup: true = yield it now.
  bool afterStep(const StepInfo& info);

 private:
  void drawLimit();
  uint32_t quantum_;
  Rng rng_;
  uint32_t idle_ = 0;
  uint32_t limit_ = 0;
};

class FairWorkQueue {
 public:
  explicit FairWorkQueue(uint32_t count) : count_(count) {}
  // Takes the next workgroup to run: alternately the oldest yielded one and the next not-started
  // one (when both exist). Returns false when neither exists right now (other workers may still
  // hold and later yield workgroups; see done()).
  bool take(WorkgroupId& wg, bool& fresh);
  // Puts back a workgroup that yielded.
  void yield(WorkgroupId wg);
  // A workgroup returned.
  void finished();
  bool done() const;

 private:
  mutable std::mutex mutex_;
  uint32_t count_;
  uint32_t next_fresh_ = 0;
  uint32_t finished_ = 0;
  std::deque<WorkgroupId> yielded_;
  bool prefer_yielded_ = true;
};

}  // namespace wgsl::sched
