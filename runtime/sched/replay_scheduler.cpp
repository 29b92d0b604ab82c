// --schedule=FILE: replays an explicit schedule, a prefix then a cycle repeated forever; each
// entry runs its workgroup until after its next atomic operation (or until it returns).
#include "runtime/sched/models.h"

#include <algorithm>

namespace wgsl::sched {

std::string ReplayScheduler::guaranteeText() const {
  return "explicit schedule: " + std::to_string(config_.schedule.prefix.size()) + " entries, then a "
         "cycle of " + std::to_string(config_.schedule.cycle.size()) + " repeated forever";
}

void ReplayScheduler::onBegin() {
  pos_ = 0;
  tail_ = false;
}

WorkgroupId ReplayScheduler::choose() {
  const Schedule& s = config_.schedule;
  // Entries naming returned workgroups are skipped. A cycle naming no alive workgroup (or an
  // empty one) ends the schedule: the rest runs in id order to completion.
  const size_t limit = s.prefix.size() + 2 * s.cycle.size() + 1;
  for (size_t tries = 0; !tail_ && tries < limit; ++tries) {
    WorkgroupId wg;
    if (pos_ < s.prefix.size()) {
      wg = s.prefix[pos_++];
    } else if (!s.cycle.empty()) {
      wg = s.cycle[(pos_ - s.prefix.size()) % s.cycle.size()];
      ++pos_;
    } else {
      break;
    }
    if (wg < count() && phase(wg) != Phase::Returned) return wg;
  }
  tail_ = true;
  return lowestAlive();
}

bool ReplayScheduler::keepRunning(WorkgroupId, const StepInfo& info) {
  return tail_ || info.end != StepEnd::Atomic;
}

bool ReplayScheduler::guaranteed(WorkgroupId wg) const {
  const auto& c = config_.schedule.cycle;
  return c.empty() || std::find(c.begin(), c.end(), wg) != c.end();
}

Starvation ReplayScheduler::starvation(WorkgroupId wg) const {
  if (guaranteed(wg)) return {"runs in every repetition of the schedule's cycle", std::nullopt, "", {}};
  return {"is not in the schedule's cycle, so it never runs again", std::nullopt, "", {}};
}

}  // namespace wgsl::sched

namespace wgsl::sched {

std::optional<uint64_t> ReplayScheduler::policyHash() const {
  const Schedule& s = config_.schedule;
  if (tail_) return uint64_t{1} << 63;
  if (pos_ < s.prefix.size() || s.cycle.empty()) return pos_;  // prefix positions never repeat
  return s.prefix.size() + (pos_ - s.prefix.size()) % s.cycle.size();
}

}  // namespace wgsl::sched
