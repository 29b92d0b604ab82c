// fair, random:SEED and round-robin: the models under which every alive workgroup is scheduled.
#include "runtime/sched/models.h"

namespace wgsl::sched {

std::string RandomScheduler::guaranteeText() const {
  return bursts_ ? "random interleaving of all alive workgroups (strongly fair with probability one)"
                 : "strongly fair: every alive workgroup that can run is chosen infinitely often "
                   "(seeded random choice, fair with probability one)";
}

WorkgroupId RandomScheduler::choose() {
  if (bursts_) burst_left_ = static_cast<uint32_t>(rng_.below(config_.max_burst ? config_.max_burst : 1));
  return alive_.at(static_cast<uint32_t>(rng_.below(alive_.size())));
}

bool RandomScheduler::keepRunning(WorkgroupId, const StepInfo&) {
  if (!bursts_ || burst_left_ == 0) return false;
  --burst_left_;
  return true;
}

std::string RoundRobinScheduler::guaranteeText() const {
  return "weakly fair, deterministic: every alive workgroup runs one step per round, in id order";
}

void RoundRobinScheduler::onBegin() {
  alive_ids_.clear();
  for (WorkgroupId wg = 0; wg < count(); ++wg) alive_ids_.insert(alive_ids_.end(), wg);
  last_ = kNoWorkgroup;
}

WorkgroupId RoundRobinScheduler::choose() {
  auto it = last_ == kNoWorkgroup ? alive_ids_.begin() : alive_ids_.upper_bound(last_);
  if (it == alive_ids_.end()) it = alive_ids_.begin();
  last_ = *it;
  return last_;
}

Starvation RoundRobinScheduler::starvation(WorkgroupId) const {
  return {"runs one step in every round, but round-robin is deterministic and only weakly fair: "
          "each round it observes memory at the same point of the others' loops",
          std::nullopt, "", {}};
}

}  // namespace wgsl::sched
