// hsa and unfair: the adversaries of the weak progress models. They run workgroups in the ways
// the model allows but a fair GPU would not, to expose kernels that need more than the model
// guarantees.
#include "runtime/sched/models.h"

namespace wgsl::sched {

// ---- hsa ----

std::string HsaScheduler::guaranteeText() const {
  return "hsa: only the lowest-id alive workgroup is guaranteed progress; the others may run for "
         "a while and then be starved";
}

void HsaScheduler::onBegin() {
  lure_.assign(count(), Lure::Pending);
  lure_pc_.assign(count(), 0);
  lure_steps_ = 0;
  luring_ = kNoWorkgroup;
  next_lure_ = count();
}

WorkgroupId HsaScheduler::choose() {
  if (luring_ != kNoWorkgroup) return luring_;
  const WorkgroupId low = lowestAlive();
  // Lure every other alive workgroup once, highest id first.
  while (next_lure_ > 0) {
    const WorkgroupId c = --next_lure_;
    if (c == low || phase(c) == Phase::Returned || lure_[c] != Lure::Pending) continue;
    if (config_.lure_percent < 100 && rng_.below(100) >= config_.lure_percent) {
      lure_[c] = Lure::Skipped;
      continue;
    }
    {
      lure_[c] = Lure::Luring;
      lure_steps_ = 0;
      luring_ = c;
      return c;
    }
  }
  return low;
}

void HsaScheduler::park(WorkgroupId wg, Lure why, uint32_t pc) {
  lure_[wg] = why;
  lure_pc_[wg] = pc;
  luring_ = kNoWorkgroup;
}

bool HsaScheduler::keepRunning(WorkgroupId wg, const StepInfo& info) {
  if (wg != luring_) return true;  // the guaranteed workgroup runs until it returns
  ++lure_steps_;
  if (info.atomic_write && info.memory_changed) park(wg, Lure::TookWrite, info.pc);
  else if (idleSteps(wg) >= config_.spin_threshold) park(wg, Lure::Spun, info.pc);
  else if (lure_steps_ >= config_.lure_budget) park(wg, Lure::Budget, info.pc);
  return wg == luring_;
}

void HsaScheduler::onReturned(WorkgroupId wg) {
  if (wg == luring_) luring_ = kNoWorkgroup;
  lure_[wg] = Lure::Done;
}

Starvation HsaScheduler::starvation(WorkgroupId wg) const {
  const WorkgroupId low = lowestAlive();
  if (wg == low)
    return {"is the lowest-id alive workgroup, which hsa guarantees progress, so it keeps running",
            std::nullopt, "", {}};
  Starvation s;
  const std::string tail = " and is then starved: hsa guarantees progress only to the lowest-id "
                           "alive workgroup, " + std::to_string(low);
  switch (lure_[wg]) {
    case Lure::TookWrite:
      s.why = "was run by the hsa adversary until it wrote memory with an atomic (took a ticket or lock?)";
      s.pc = lure_pc_[wg];
      s.after = tail;
      break;
    case Lure::Spun:
      s.why = "was run by the hsa adversary until it started spinning";
      s.pc = lure_pc_[wg];
      s.after = tail;
      break;
    case Lure::Budget:
      s.why = "was run by the hsa adversary for " + std::to_string(config_.lure_budget) + " steps";
      s.pc = lure_pc_[wg];
      s.after = tail;
      break;
    default:
      s.why = phase(wg) == Phase::NotStarted ? "is not started" : "is starved";
      if (lure_[wg] == Lure::Skipped && phase(wg) == Phase::NotStarted)
        s.why = "is not started (the hsa adversary chose not to run it)";
      s.after = ": hsa guarantees progress only to the lowest-id alive workgroup, " + std::to_string(low);
      break;
  }
  return s;
}

// ---- unfair ----

std::string UnfairScheduler::guaranteeText() const {
  return "unfair: no workgroup is guaranteed anything; the adversary keeps running a workgroup "
         "that spins and starves all others";
}

WorkgroupId UnfairScheduler::choose() {
  if (locked_ != kNoWorkgroup) return locked_;
  return alive_.at(static_cast<uint32_t>(rng_.below(alive_.size())));
}

bool UnfairScheduler::keepRunning(WorkgroupId wg, const StepInfo& info) {
  if (locked_ == wg) {
    if (info.memory_changed) {  // it progressed after all: interleave again
      locked_ = kNoWorkgroup;
      return false;
    }
    return true;
  }
  // Switch right after a workgroup changes memory (it just took a ticket, a lock or published
  // something others wait for); keep running it while it changes nothing, and once it has
  // spun long enough, run only it.
  if (info.memory_changed) return false;
  if (idleSteps(wg) >= config_.spin_threshold &&
      (info.end == StepEnd::BackEdge || info.end == StepEnd::Atomic)) {
    locked_ = wg;
  }
  return true;
}

void UnfairScheduler::onReturned(WorkgroupId wg) {
  if (wg == locked_) locked_ = kNoWorkgroup;
}

Starvation UnfairScheduler::starvation(WorkgroupId wg) const {
  if (wg == locked_)
    return {"spins, and the unfair adversary keeps running only it", std::nullopt, "", {}};
  Starvation s;
  s.why = std::string(phase(wg) == Phase::NotStarted ? "is not started" : "is starved") +
          ": the unfair adversary runs only workgroup " + std::to_string(locked_);
  if (locked_ != kNoWorkgroup) s.held_by = {locked_};
  else s.why = "is not guaranteed anything by the unfair model";
  return s;
}

}  // namespace wgsl::sched

namespace wgsl::sched {

std::optional<uint64_t> HsaScheduler::policyHash() const {
  // Once every workgroup has been lured, the policy is "run the lowest alive": its state is
  // which workgroups are parked, which the engine state hash covers through their progress.
  // While luring, the state is the lure position.
  if (luring_ != kNoWorkgroup) return std::nullopt;
  return (uint64_t{next_lure_} << 1) | 1u;
}

}  // namespace wgsl::sched
