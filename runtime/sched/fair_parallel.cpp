// Yield policy and work queue of the parallel fair fast path (see fair_parallel.h).
#include "runtime/sched/fair_parallel.h"

namespace wgsl::sched {

YieldPolicy::YieldPolicy(uint32_t quantum, uint64_t seed) : quantum_(quantum ? quantum : 1), rng_(seed) {
  drawLimit();
}

void YieldPolicy::drawLimit() {
  const uint32_t low = quantum_ / 2 ? quantum_ / 2 : 1;
  limit_ = low + static_cast<uint32_t>(rng_.below(quantum_ + 1));
}

void YieldPolicy::reset() {
  idle_ = 0;
  drawLimit();
}

bool YieldPolicy::afterStep(const StepInfo& info) {
  if (info.end == StepEnd::Returned) return false;
  if (info.memory_changed) {
    idle_ = 0;
    return false;
  }
  if (++idle_ < limit_) return false;
  reset();
  return true;
}

bool FairWorkQueue::take(WorkgroupId& wg, bool& fresh) {
  std::lock_guard<std::mutex> lock(mutex_);
  const bool have_yielded = !yielded_.empty();
  const bool have_fresh = next_fresh_ < count_;
  if (!have_yielded && !have_fresh) return false;
  const bool use_yielded = have_yielded && (!have_fresh || prefer_yielded_);
  prefer_yielded_ = !use_yielded;
  if (use_yielded) {
    wg = yielded_.front();
    yielded_.pop_front();
    fresh = false;
  } else {
    wg = next_fresh_++;
    fresh = true;
  }
  return true;
}

void FairWorkQueue::yield(WorkgroupId wg) {
  std::lock_guard<std::mutex> lock(mutex_);
  yielded_.push_back(wg);
}

void FairWorkQueue::finished() {
  std::lock_guard<std::mutex> lock(mutex_);
  ++finished_;
}

bool FairWorkQueue::done() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return finished_ == count_;
}

}  // namespace wgsl::sched
