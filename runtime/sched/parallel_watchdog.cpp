// The watchdog of the parallel fair path (see parallel_watchdog.h).
#include "runtime/sched/parallel_watchdog.h"

#include <algorithm>

namespace wgsl::sched {

ParallelWatchdog::ParallelWatchdog(ParallelWatchdogConfig config, unsigned slots)
    : config_(config), slots_(std::make_unique<Slot[]>(std::max(1u, slots))), slot_count_(std::max(1u, slots)) {
  if (config_.hang_window == 0) config_.hang_window = 1;
  if (config_.compute_factor == 0) config_.compute_factor = 1;
  compute_window_ = config_.hang_window * config_.compute_factor;
  if (compute_window_ / config_.compute_factor != config_.hang_window) compute_window_ = ~uint64_t{0};  // overflow
}

void ParallelWatchdog::resetIdle() {
  // Loads first: while nothing is idle, progress on many workers writes no shared line.
  if (idle_polls_.load(std::memory_order_relaxed)) idle_polls_.store(0, std::memory_order_relaxed);
  if (idle_steps_.load(std::memory_order_relaxed)) idle_steps_.store(0, std::memory_order_relaxed);
  epoch_.fetch_add(1, std::memory_order_relaxed);
}

void ParallelWatchdog::progress() { resetIdle(); }

void ParallelWatchdog::fastPath(unsigned slot, bool running) {
  resetIdle();
  Slot& s = slots_[slot % slot_count_];
  // A fast-path run acknowledges no suspicion: until it ends, or is watched and steps, it holds
  // off a hang.
  if (running) {
    s.acked.store(0, std::memory_order_release);
    s.next_ack = 0;
  }
  s.busy.store(running, std::memory_order_relaxed);
}

void ParallelWatchdog::taken() { in_transit_.fetch_add(1, std::memory_order_relaxed); }

bool ParallelWatchdog::everyBusyWorkerStepped() const {
  if (in_transit_.load(std::memory_order_relaxed)) return false;
  const uint64_t epoch = epoch_.load(std::memory_order_relaxed);
  for (unsigned i = 0; i < slot_count_; ++i) {
    const Slot& s = slots_[i];
    if (!s.busy.load(std::memory_order_relaxed)) continue;
    if (s.seen_epoch.load(std::memory_order_relaxed) != epoch ||
        s.seen_steps.load(std::memory_order_relaxed) < kStepsAfterProgress)
      return false;
  }
  return true;
}

bool ParallelWatchdog::everyParkedHadATurn(uint64_t epoch) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return parked_.empty() || (turn_epoch_ == epoch && parked_with_turn_ == parked_.size());
}

bool ParallelWatchdog::suspicionConfirmed(uint64_t epoch) {
  if (suspect_epoch_.load(std::memory_order_acquire) != epoch) {
    // Raise one for this epoch: every busy worker must now complete a step that begins after.
    suspicion_.fetch_add(1, std::memory_order_seq_cst);
    suspect_epoch_.store(epoch, std::memory_order_seq_cst);
    return false;
  }
  const uint64_t g = suspicion_.load(std::memory_order_seq_cst);
  for (unsigned i = 0; i < slot_count_; ++i) {
    const Slot& s = slots_[i];
    if (s.busy.load(std::memory_order_acquire) && s.acked.load(std::memory_order_acquire) < g) return false;
  }
  // A step that stored reports its progress before it acknowledges: no progress since means
  // none of the acknowledged steps stored.
  return epoch_.load(std::memory_order_seq_cst) == epoch;
}

void ParallelWatchdog::acknowledge(Slot& s) {
  s.acked.store(s.next_ack, std::memory_order_release);
  s.next_ack = suspicion_.load(std::memory_order_acquire);
}

void ParallelWatchdog::setComputing(Watched& w, bool computing) {
  if (w.seen.computing == computing) return;
  w.seen.computing = computing;
  w.compute_steps = 0;
  w.epoch = epoch_.load(std::memory_order_relaxed);
  if (computing) computing_.fetch_add(1, std::memory_order_relaxed);
  else computing_.fetch_sub(1, std::memory_order_relaxed);
}

void ParallelWatchdog::watch(unsigned slot, WorkgroupId wg) {
  Slot& s = slots_[slot % slot_count_];
  s.active = true;
  // Evidence about the workgroup it held is none about this one: its own steps count from here.
  s.acked.store(0, std::memory_order_release);
  s.next_ack = 0;
  s.seen_epoch.store(~uint64_t{0}, std::memory_order_relaxed);
  s.seen_steps.store(0, std::memory_order_relaxed);
  s.busy.store(true, std::memory_order_release);
  s.w = Watched{};
  s.w.seen.wg = wg;
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = parked_.find(wg);
  if (it != parked_.end()) {
    s.w = it->second;
    if (s.w.counted && s.w.turn_epoch == turn_epoch_) --parked_with_turn_;
    s.w.counted = false;
    parked_.erase(it);
    if (in_transit_.load(std::memory_order_relaxed)) in_transit_.fetch_sub(1, std::memory_order_relaxed);
  }
}

bool ParallelWatchdog::isPoll(Watched& w, const StepInfo& info) const {
  if (info.read_root == StepInfo::kNoRoot) {
    // The rest of an iteration whose atomic polled (a spin on atomicLoad stops at the atomic,
    // then at the back-edge).
    return w.atomic_poll && info.end == StepEnd::BackEdge;
  }
  const std::pair<uint32_t, uint64_t> at{info.read_root, info.read_offset};
  bool seen = false;
  for (uint32_t i = 0; i < w.recent_count; ++i) seen = seen || w.recent[i] == at;
  if (!seen) {
    w.recent[w.next_recent] = at;
    w.next_recent = (w.next_recent + 1) % w.recent.size();
    w.recent_count = std::min<uint32_t>(w.recent_count + 1, static_cast<uint32_t>(w.recent.size()));
  }
  return seen;
}

bool ParallelWatchdog::declareHang() {
  if (hung_.exchange(true, std::memory_order_acq_rel)) return false;
  // What the report says, before a worker still finishing a fast-path workgroup resets it.
  hang_idle_steps_ = idle_steps_.load();
  return true;
}

bool ParallelWatchdog::flush(Slot& s) {
  steps_.fetch_add(s.steps, std::memory_order_relaxed);
  idle_steps_.fetch_add(s.idle_steps, std::memory_order_relaxed);
  const uint64_t polls = idle_polls_.fetch_add(s.polls, std::memory_order_relaxed) + s.polls;
  s.steps = s.idle_steps = s.polls = 0;
  if (polls < config_.hang_window) return false;
  // The window is full: a hang if the evidence (see the header) shows no workgroup that could
  // still make progress.
  const uint64_t epoch = epoch_.load(std::memory_order_seq_cst);
  return everyBusyWorkerStepped() && everyParkedHadATurn(epoch) && suspicionConfirmed(epoch) && declareHang();
}

bool ParallelWatchdog::onStep(unsigned slot, const StepInfo& info) {
  Slot& s = slots_[slot % slot_count_];
  const bool hang = step(s, info);
  acknowledge(s);  // after the step's progress, if any, was reported
  return hang;
}

bool ParallelWatchdog::step(Slot& s, const StepInfo& info) {
  Watched& w = s.w;
  WorkgroupStats& st = w.seen.stats;
  ++st.steps;
  ++s.steps;
  st.last = info;
  const uint64_t epoch = epoch_.load(std::memory_order_relaxed);
  if (s.seen_epoch.load(std::memory_order_relaxed) != epoch) {
    s.seen_epoch.store(epoch, std::memory_order_relaxed);
    s.seen_steps.store(1, std::memory_order_relaxed);
  } else {
    s.seen_steps.store(s.seen_steps.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  }
  if (w.turn_epoch != epoch) {
    w.turn_epoch = epoch;
    w.turn_steps = 1;
  } else if (w.turn_steps < kStepsAfterProgress) {
    ++w.turn_steps;
  }
  if (info.read_root != StepInfo::kNoRoot) st.last_read = info;
  if (info.memory_changed || info.end == StepEnd::Returned) {
    st.idle = 0;
    w.seen.polls = false;
    w.atomic_poll = false;
    w.recent_count = 0;
    resetIdle();
    setComputing(w, false);
    steps_.fetch_add(s.steps, std::memory_order_relaxed);
    s.steps = s.idle_steps = s.polls = 0;
    return false;
  }
  ++st.idle;
  ++s.idle_steps;
  if (info.end == StepEnd::Barrier) ++st.barrier_waits;
  else ++st.spin_steps;
  if (info.end != StepEnd::Barrier || info.read_root != StepInfo::kNoRoot) {
    // A subgroup arriving at a barrier (having read nothing) leaves the workgroup what it was:
    // its other subgroups decide whether it polls or computes.
    const bool poll = isPoll(w, info);
    w.seen.polls = poll;
    w.atomic_poll = poll && info.end == StepEnd::Atomic;
    setComputing(w, !poll);
  }
  if (w.seen.computing) {
    const uint64_t epoch = epoch_.load(std::memory_order_relaxed);
    if (w.epoch != epoch) {  // progress elsewhere: a new stretch
      w.epoch = epoch;
      w.compute_steps = 0;
    }
    if (++w.compute_steps >= compute_window_) {
      if (flush(s)) return true;
      return declareHang();
    }
  } else if (w.seen.polls && computing_.load(std::memory_order_relaxed) == 0) {
    ++s.polls;
  }
  if (s.polls < std::min<uint64_t>(kFlushPolls, config_.hang_window) && s.idle_steps < 4096) return false;
  return flush(s);
}

void ParallelWatchdog::parked(unsigned slot) {
  Slot& s = slots_[slot % slot_count_];
  if (!s.active) return;
  s.active = false;
  std::lock_guard<std::mutex> lock(mutex_);
  // Counted as having had a turn if it stepped since the last progress. An older count (of an
  // earlier epoch) starts over; one of a later epoch than this worker saw stays.
  const uint64_t epoch = epoch_.load(std::memory_order_seq_cst);
  Watched& w = s.w;
  w.counted = false;
  if (w.turn_epoch == epoch && w.turn_steps >= kStepsAfterProgress && epoch >= turn_epoch_) {
    if (epoch > turn_epoch_) {
      turn_epoch_ = epoch;
      parked_with_turn_ = 0;
    }
    ++parked_with_turn_;
    w.counted = true;
  }
  parked_[w.seen.wg] = w;
  // Let go of it only once it is in parked_ (its turn, or the lack of one, is on record).
  s.busy.store(false, std::memory_order_release);
}

void ParallelWatchdog::returned(unsigned slot) {
  Slot& s = slots_[slot % slot_count_];
  resetIdle();  // progress, reported before the worker lets go of the workgroup
  if (s.active) setComputing(s.w, false);
  s.active = false;
  s.busy.store(false, std::memory_order_relaxed);
}

uint64_t ParallelWatchdog::steps() const {
  uint64_t n = steps_.load();
  for (unsigned i = 0; i < slot_count_; ++i) n += slots_[i].steps;
  return n;
}

uint64_t ParallelWatchdog::stepsWithoutProgress() const {
  if (hung()) return hang_idle_steps_;
  uint64_t n = idle_steps_.load();
  for (unsigned i = 0; i < slot_count_; ++i) n += slots_[i].idle_steps;
  return n;
}

std::vector<ObservedWorkgroup> ParallelWatchdog::observed() const {
  std::vector<ObservedWorkgroup> out;
  for (unsigned i = 0; i < slot_count_; ++i)
    if (slots_[i].active) out.push_back(slots_[i].w.seen);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const auto& [wg, w] : parked_) out.push_back(w.seen);
  }
  std::sort(out.begin(), out.end(), [](const ObservedWorkgroup& a, const ObservedWorkgroup& b) { return a.wg < b.wg; });
  return out;
}

}  // namespace wgsl::sched
