// A set of workgroup ids with O(1) insert, erase, membership and access by position, so that
// schedulers can pick uniformly among thousands of alive workgroups. Erasing moves the last
// element into the hole: positions change, but deterministically.
#pragma once

#include <cstdint>
#include <vector>

#include "runtime/sched/sched_types.h"

namespace wgsl::sched {

class IndexedSet {
 public:
  void reset(uint32_t universe) {
    items_.clear();
    pos_.assign(universe, kAbsent);
  }
  bool contains(WorkgroupId wg) const { return wg < pos_.size() && pos_[wg] != kAbsent; }
  void insert(WorkgroupId wg) {
    if (contains(wg)) return;
    pos_[wg] = static_cast<uint32_t>(items_.size());
    items_.push_back(wg);
  }
  void erase(WorkgroupId wg) {
    if (!contains(wg)) return;
    const uint32_t hole = pos_[wg];
    const WorkgroupId last = items_.back();
    items_[hole] = last;
    pos_[last] = hole;
    items_.pop_back();
    pos_[wg] = kAbsent;
  }
  uint32_t size() const { return static_cast<uint32_t>(items_.size()); }
  bool empty() const { return items_.empty(); }
  WorkgroupId at(uint32_t i) const { return items_[i]; }
  const std::vector<WorkgroupId>& items() const { return items_; }

 private:
  static constexpr uint32_t kAbsent = 0xFFFFFFFFu;
  std::vector<WorkgroupId> items_;
  std::vector<uint32_t> pos_;
};

}  // namespace wgsl::sched
