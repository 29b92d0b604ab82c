// obe, lobe and hsa-obe: occupancy-bound execution. At most K workgroups are started at a time;
// a new one is admitted (in the adversary's admission order) only when a started one returns;
// the started ones are scheduled fairly (seeded random choice).
#include "runtime/sched/models.h"

#include <algorithm>

namespace wgsl::sched {

namespace {

// Lobe admits the candidate of the admission order only if every lower-id workgroup that is
// not started yet still fits in the free slots; it looks this far down the order for one.
constexpr size_t kLobeScan = 64;

std::string joinIds(const std::vector<WorkgroupId>& ids) {
  std::string out;
  for (size_t i = 0; i < ids.size(); ++i) {
    if (i) out += i + 1 == ids.size() ? " and " : ", ";
    out += std::to_string(ids[i]);
  }
  return out;
}

}  // namespace

void OccupancyScheduler::onBegin() {
  const uint32_t n = count();
  limit_ = config_.occupancy == 0 ? n : std::min(config_.occupancy, n);
  order_.resize(n);
  for (uint32_t i = 0; i < n; ++i) order_[i] = i;
  if (config_.admission == Admission::Reverse) {
    std::reverse(order_.begin(), order_.end());
  } else if (config_.admission == Admission::Random) {
    Rng shuffle(config_.admission_seed);
    for (uint32_t i = n; i > 1; --i) std::swap(order_[i - 1], order_[shuffle.below(i)]);
  }
  cursor_ = 0;
  fenwick_.assign(n + 1, 0);
  for (WorkgroupId wg = 0; wg < n; ++wg) fenwickAdd(wg, 1);
  lowest_unstarted_ = 0;
  max_started_ = 0;
}

void OccupancyScheduler::fenwickAdd(WorkgroupId wg, int delta) {
  for (size_t i = wg + 1; i < fenwick_.size(); i += i & (~i + 1)) fenwick_[i] += delta;
}

uint32_t OccupancyScheduler::unstartedBelow(WorkgroupId wg) const {
  int sum = 0;
  for (size_t i = wg; i > 0; i -= i & (~i + 1)) sum += fenwick_[i];
  return static_cast<uint32_t>(sum);
}

WorkgroupId OccupancyScheduler::lowestUnstarted() {
  while (lowest_unstarted_ < count() && phase(lowest_unstarted_) != Phase::NotStarted) ++lowest_unstarted_;
  return lowest_unstarted_ < count() ? lowest_unstarted_ : kNoWorkgroup;
}

void OccupancyScheduler::admit() {
  auto start = [&](WorkgroupId wg) {
    markStarted(wg);
    fenwickAdd(wg, -1);
    max_started_ = std::max(max_started_, wg);
  };
  // hsa-obe: the lowest-id alive workgroup is always scheduled fairly, even beyond occupancy.
  if (config_.model == Model::HsaObe) {
    const WorkgroupId low = lowestAlive();
    if (low != kNoWorkgroup && phase(low) == Phase::NotStarted) start(low);
  }
  while (started_.size() < limit_) {
    while (cursor_ < order_.size() && phase(order_[cursor_]) != Phase::NotStarted) ++cursor_;
    if (cursor_ == order_.size()) return;
    WorkgroupId pick = order_[cursor_];
    if (config_.model == Model::Lobe) {
      // Starting `pick` makes every lower-id alive workgroup fair, so they must all fit.
      const uint32_t free = limit_ - started_.size();
      pick = kNoWorkgroup;
      for (size_t i = cursor_, seen = 0; i < order_.size() && seen < kLobeScan; ++i) {
        const WorkgroupId c = order_[i];
        if (phase(c) != Phase::NotStarted) continue;
        ++seen;
        if (unstartedBelow(c) + 1 <= free) { pick = c; break; }
      }
      if (pick == kNoWorkgroup) pick = lowestUnstarted();
    }
    start(pick);
  }
}

WorkgroupId OccupancyScheduler::choose() {
  admit();
  if (started_.empty()) return kNoWorkgroup;
  return started_.at(static_cast<uint32_t>(rng_.below(started_.size())));
}

WorkgroupId OccupancyScheduler::lockedOn() const {
  if (started_.size() != 1) return kNoWorkgroup;
  const WorkgroupId wg = started_.at(0);
  // A free slot and a workgroup not started yet: the next choice admits it.
  if (started_.size() < limit_ && unstartedBelow(count()) > 0) return kNoWorkgroup;
  // hsa-obe starts the lowest-id alive workgroup beyond occupancy.
  if (config_.model == Model::HsaObe) {
    const WorkgroupId low = lowestAlive();
    if (low != wg && low != kNoWorkgroup && phase(low) == Phase::NotStarted) return kNoWorkgroup;
  }
  return wg;
}

bool OccupancyScheduler::guaranteed(WorkgroupId wg) const {
  if (phase(wg) == Phase::Started) return true;
  if (config_.model == Model::HsaObe && wg == lowestAlive()) return true;
  if (config_.model == Model::Lobe && !started_.empty() && wg < max_started_) return true;
  return false;
}

std::string OccupancyScheduler::guaranteeText() const {
  const std::string k = std::to_string(limit_);
  switch (config_.model) {
    case Model::Lobe:
      return "linear occupancy-bound (occupancy " + k + "): started workgroups, and every alive "
             "workgroup with a lower id than a started one, are scheduled fairly";
    case Model::HsaObe:
      return "hsa + occupancy-bound (occupancy " + k + "): started workgroups and the lowest-id "
             "alive workgroup are scheduled fairly";
    default:
      return "occupancy-bound (occupancy " + k + "): at most " + k + " workgroups are started at a "
             "time, started ones are scheduled fairly, a new one starts only when one returns";
  }
}

Starvation OccupancyScheduler::starvation(WorkgroupId wg) const {
  if (phase(wg) == Phase::Started)
    return {"is started, so " + name() + " schedules it fairly", std::nullopt, "", {}};
  std::vector<WorkgroupId> holders = started_.items();
  std::sort(holders.begin(), holders.end());
  const size_t shown = std::min<size_t>(holders.size(), 8);
  std::string who = holders.size() == 1 ? "workgroup " : "workgroups ";
  who += joinIds(std::vector<WorkgroupId>(holders.begin(), holders.begin() + shown));
  if (shown < holders.size()) who += " and " + std::to_string(holders.size() - shown) + " more";
  Starvation s;
  s.why = "is not started: occupancy " + std::to_string(limit_) + " is held by " + who;
  s.held_by.assign(holders.begin(), holders.begin() + shown);
  return s;
}

}  // namespace wgsl::sched
