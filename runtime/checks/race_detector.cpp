// Race detection: per-worker shadow memory for the running workgroup (ordered by its barrier
// epochs) and a shared per-dispatch summary of storage footprints for races between
// workgroups. See race_detector.h for the rules and the structure.
#include "runtime/checks/race_detector.h"

#include <algorithm>
#include <cstring>
#include <iterator>

namespace wgsl::checks {

namespace {

constexpr uint64_t kWorkgroupKeyBit = uint64_t{1} << 63;

uint64_t pairKey(uint32_t a, uint32_t b) {
  const uint32_t lo = std::min(a, b), hi = std::max(a, b);
  return (uint64_t{lo} << 32) | hi;
}

bool conflicts(AccessKind a, AccessKind b) {
  return (isWrite(a) || isWrite(b)) && !(isAtomic(a) && isAtomic(b));
}

void wgIds(uint64_t linear, const uint32_t* n, uint32_t out[3]) {
  out[0] = static_cast<uint32_t>(linear % n[0]);
  out[1] = static_cast<uint32_t>((linear / n[0]) % n[1]);
  out[2] = static_cast<uint32_t>(linear / (uint64_t{n[0]} * n[1]));
}

}  // namespace

// ---- RaceDetector

RaceDetector::RaceDetector(RaceConfig config) : config_(std::move(config)) {
  for (int d = 0; d < 3; ++d)
    if (config_.num_workgroups[d] == 0) config_.num_workgroups[d] = 1;
  if (config_.granule == 4) {
    gshift_ = 2;
    pshift_ = 9;
  }
  for (uint64_t size : config_.storage_sizes) {
    const uint64_t n = (size + (uint64_t{1} << pshift_) - 1) >> pshift_;
    page_counts_.push_back(n);
    std::unique_ptr<std::atomic<Page*>[]> arr(new std::atomic<Page*>[n ? n : 1]);
    for (uint64_t i = 0; i < (n ? n : 1); ++i) arr[i].store(nullptr, std::memory_order_relaxed);
    pages_.push_back(std::move(arr));
  }
}

RaceDetector::~RaceDetector() {
  for (size_t o = 0; o < pages_.size(); ++o)
    for (uint64_t i = 0; i < page_counts_[o]; ++i) delete pages_[o][i].load(std::memory_order_relaxed);
}

RaceDetector::Page* RaceDetector::page(uint32_t object, uint64_t index) {
  if (object >= pages_.size() || index >= page_counts_[object]) return nullptr;
  std::atomic<Page*>& slot = pages_[object][index];
  Page* p = slot.load(std::memory_order_acquire);
  if (p) return p;
  if (shadow_bytes_.fetch_add(sizeof(Page)) + sizeof(Page) > config_.max_shadow_bytes) {
    shadow_bytes_.fetch_sub(sizeof(Page));
    incomplete_.store(true);
    return nullptr;
  }
  Page* fresh = new Page();
  Page* expected = nullptr;
  if (slot.compare_exchange_strong(expected, fresh, std::memory_order_acq_rel)) return fresh;
  delete fresh;
  shadow_bytes_.fetch_sub(sizeof(Page));
  return expected;
}

void RaceDetector::collect(RaceWorker& w) {
  std::lock_guard<std::mutex> g(merge_lock_);
  for (const RaceRecord& r : w.records_) {
    const uint64_t key = pairKey(r.first.pc, r.second.pc);
    auto it = std::find_if(records_.begin(), records_.end(),
                           [&](const RaceRecord& x) { return pairKey(x.first.pc, x.second.pc) == key; });
    if (it != records_.end()) it->count += r.count;
    else if (records_.size() < config_.max_records) records_.push_back(r);
  }
  stats_.accesses += w.stats_.accesses;
  stats_.races += w.stats_.races;
  w.records_.clear();
  w.index_.clear();
  w.stats_ = RaceStats{};
}

std::vector<RaceRecord> RaceDetector::records() const {
  std::lock_guard<std::mutex> g(merge_lock_);
  std::vector<RaceRecord> out = records_;
  std::sort(out.begin(), out.end(), [](const RaceRecord& a, const RaceRecord& b) {
    return pairKey(a.first.pc, a.second.pc) < pairKey(b.first.pc, b.second.pc);
  });
  return out;
}

RaceStats RaceDetector::stats() const {
  std::lock_guard<std::mutex> g(merge_lock_);
  RaceStats s = stats_;
  s.shadow_bytes = shadow_bytes_.load();
  s.incomplete = incomplete_.load();
  return s;
}

// ---- RaceWorker

RaceWorker::RaceWorker(RaceDetector& d) : d_(d) { table_.assign(256, -1); }

void RaceWorker::startWorkgroup(const uint32_t workgroup_id[3]) {
  std::memcpy(wg_id_, workgroup_id, sizeof wg_id_);
  const uint32_t* n = d_.config_.num_workgroups;
  wg_linear_ = (uint64_t{wg_id_[2]} * n[1] + wg_id_[1]) * n[0] + wg_id_[0];
  wg_epoch_ = st_epoch_ = 0;
  if (pool_used_) std::fill(table_.begin(), table_.end(), -1);
  pool_used_ = 0;
  touched_.clear();
  last_ = prev_ = nullptr;
  ++gen_;
}

void RaceWorker::barrier(bool workgroup_memory, bool storage_memory) {
  if (workgroup_memory) ++wg_epoch_;
  if (storage_memory) ++st_epoch_;
}

RaceWorker::Page* RaceWorker::page(uint64_t key) {
  if (last_ && last_->key == key) return last_;
  if (prev_ && prev_->key == key) {  // kernels alternate between two pages (storage and workgroup)
    std::swap(last_, prev_);
    return last_;
  }
  prev_ = last_;
  const size_t mask = table_.size() - 1;
  size_t h = static_cast<size_t>(mix64(key)) & mask;
  for (;; h = (h + 1) & mask) {
    const int32_t idx = table_[h];
    if (idx < 0) break;
    if (pool_[static_cast<size_t>(idx)]->key == key) return last_ = pool_[static_cast<size_t>(idx)].get();
  }
  // A new page for this workgroup.
  if (pool_used_ == pool_.size()) pool_.push_back(std::make_unique<Page>());
  Page* p = pool_[pool_used_].get();
  std::memset(static_cast<void*>(p->cells), 0, sizeof p->cells);  // all-zero cells are empty (valid = 0)
  p->key = key;
  p->gen = gen_;
  table_[h] = static_cast<int32_t>(pool_used_++);
  if (!(key & kWorkgroupKeyBit)) touched_.push_back(p);
  if (pool_used_ * 2 > table_.size()) {  // grow and rehash
    std::vector<int32_t> t(table_.size() * 2, -1);
    const size_t m2 = t.size() - 1;
    for (size_t i = 0; i < pool_used_; ++i) {
      size_t j = static_cast<size_t>(mix64(pool_[i]->key)) & m2;
      while (t[j] >= 0) j = (j + 1) & m2;
      t[j] = static_cast<int32_t>(i);
    }
    table_.swap(t);
  }
  return last_ = p;
}

RaceAccess RaceWorker::side(const Acc& a) const {
  RaceAccess s;
  s.pc = a.pc;
  s.workgroup_linear = wg_linear_;
  std::memcpy(s.workgroup_id, wg_id_, sizeof wg_id_);
  s.local_index = a.inv;
  s.kind = static_cast<AccessKind>(a.kind);
  return s;
}

void RaceWorker::report(const RaceAccess& a, const RaceAccess& b, Space space, uint32_t object, uint64_t offset,
                        uint32_t size, bool cross, bool count) {
  if (!count) return;
  ++stats_.races;
  const uint64_t key = pairKey(a.pc, b.pc);
  auto it = index_.find(key);
  if (it != index_.end()) {
    ++records_[it->second].count;
    return;
  }
  if (records_.size() >= d_.config_.max_records) return;
  RaceRecord r;
  r.first = a;
  r.second = b;
  r.space = space;
  r.object = object;
  r.offset = offset;
  r.size = size;
  r.cross_workgroup = cross;
  r.count = 1;
  index_.emplace(key, records_.size());
  records_.push_back(r);
}

inline void RaceWorker::touch(Cell& c, Space space, uint32_t object, const Acc& cur, uint64_t byte, uint32_t (&seen)[4],
                       uint32_t& nseen) {
  const AccessKind ck = static_cast<AccessKind>(cur.kind);
  auto ordered = [&](const Acc& p) { return p.inv == cur.inv || p.epoch != cur.epoch; };
  auto check = [&](const Acc& p) {
    if (!p.valid || ordered(p) || !conflicts(static_cast<AccessKind>(p.kind), ck)) return;
    for (uint32_t i = 0; i < nseen; ++i)
      if (seen[i] == p.pc) return;  // this lane access already reported with that instruction
    if (nseen < 4) seen[nseen++] = p.pc;
    report(side(p), side(cur), space, object, byte, 1u << d_.gshift_, false, true);
  };
  check(c.w);
  if (isWrite(ck)) {
    check(c.r[0]);
    check(c.r[1]);
    c.w = cur;
    c.r[0].valid = c.r[1].valid = 0;
  } else {
    // Keep up to two mutually unordered readers: a reader ordered before this one is
    // subsumed by it (anything unordered with the old reader is unordered with the new one).
    bool placed = false;
    for (Acc& r : c.r) {
      if (r.valid && ordered(r)) {
        if (!placed) {
          r = cur;
          placed = true;
        } else {
          r.valid = 0;
        }
      }
    }
    if (!placed) {
      for (Acc& r : c.r) {
        if (!r.valid) {
          r = cur;
          break;
        }
      }
    }
  }
  if (space == Space::Storage) {
    if (isAtomic(ck)) {
      if (!c.fat.valid || (isWrite(ck) && !isWrite(static_cast<AccessKind>(c.fat.kind)))) c.fat = cur;
    } else if (isWrite(ck)) {
      if (!c.fpw.valid) c.fpw = cur;
    } else if (!c.fpr.valid) {
      c.fpr = cur;
    }
  }
}

void RaceWorker::accessOne(Space space, uint32_t object, AccessKind kind, uint32_t pc, uint32_t local_index,
                           uint64_t offset, uint32_t size) {
  if (space != Space::Storage && space != Space::Workgroup) return;
  ++stats_.accesses;
  Acc cur;
  cur.pc = pc;
  cur.epoch = space == Space::Workgroup ? wg_epoch_ : st_epoch_;
  cur.inv = local_index;
  cur.kind = static_cast<uint8_t>(kind);
  cur.valid = 1;
  const uint64_t obj_bits = space == Space::Workgroup ? kWorkgroupKeyBit : (uint64_t{object} << 40);
  uint32_t seen[4];
  uint32_t nseen = 0;
  const uint64_t end = offset + (size ? size : 1);
  const uint32_t gshift = d_.gshift_, pshift = d_.pshift_;
  const uint64_t kPageBytes = uint64_t{1} << pshift, granule = uint64_t{1} << gshift;
  uint64_t byte = offset & ~(granule - 1);
  while (byte < end) {
    // One page lookup per page the access touches (almost always one).
    Page* p = page(obj_bits | (byte >> pshift));
    const uint64_t page_end = (byte | (kPageBytes - 1)) + 1;
    const uint64_t stop = end < page_end ? end : page_end;
    for (; byte < stop; byte += granule)
      touch(p->cells[(byte & (kPageBytes - 1)) >> gshift], space, object, cur, byte, seen, nseen);
  }
}

void RaceWorker::access(const AccessBatch& b) {
  if (b.space != Space::Storage && b.space != Space::Workgroup) return;
  forEachLane(b.lanes, [&](uint32_t l) {
    const uint64_t off = b.base_offset + (b.lane_offsets ? b.lane_offsets[l] : 0);
    accessOne(b.space, b.object, b.kind, b.pc, b.first_local_index + l, off, b.size);
  });
}

void RaceWorker::endWorkgroup() {
  using Entry = RaceDetector::Entry;
  const uint32_t me = static_cast<uint32_t>(wg_linear_ + 1);
  const uint32_t* n = d_.config_.num_workgroups;
  // The two entries of one category: `set[1]` is null while the page has no second half.
  using Set = Entry* [2];
  auto other = [&](const Set& set, bool writes_only) -> const Entry* {
    for (const Entry* e : set)
      if (e && e->wg_plus1 != 0 && e->wg_plus1 != me && (!writes_only || isWrite(static_cast<AccessKind>(e->kind))))
        return e;
    return nullptr;
  };
  RaceDetector::Page* gp = nullptr;
  uint32_t cell = 0;
  auto insert = [&](Set& set, Entry RaceDetector::Half::*member, const Acc& a) {
    for (Entry* ep : set) {
      if (!ep) continue;
      Entry& e = *ep;
      if (e.wg_plus1 == me) {
        if (isWrite(static_cast<AccessKind>(a.kind)) && !isWrite(static_cast<AccessKind>(e.kind))) {
          e.kind = a.kind;
          e.pc = a.pc;
          e.inv = static_cast<uint16_t>(a.inv);
        }
        return;
      }
    }
    if (set[0]->wg_plus1 != 0 && !set[1]) {  // a second workgroup: the page's second half
      if (!gp->second) {
        gp->second.reset(new RaceDetector::Half[RaceDetector::kCells]());
        d_.shadow_bytes_.fetch_add(sizeof(RaceDetector::Half) * RaceDetector::kCells);
      }
      set[1] = &(gp->second[cell].*member);
    }
    for (Entry* ep : set) {
      if (!ep) continue;
      Entry& e = *ep;
      if (e.wg_plus1 == 0) {
        e.wg_plus1 = me;
        e.pc = a.pc;
        e.inv = static_cast<uint16_t>(a.inv);
        e.kind = a.kind;
        return;
      }
    }
  };
  auto sideOf = [&](const Entry& e) {
    RaceAccess s;
    s.pc = e.pc;
    s.workgroup_linear = e.wg_plus1 - 1;
    wgIds(s.workgroup_linear, n, s.workgroup_id);
    s.local_index = e.inv;
    s.kind = static_cast<AccessKind>(e.kind);
    return s;
  };
  for (Page* wp : touched_) {
    const uint32_t object = static_cast<uint32_t>(wp->key >> 40);
    const uint64_t index = wp->key & ((uint64_t{1} << 40) - 1);
    gp = d_.page(object, index);
    if (!gp) continue;
    std::lock_guard<std::mutex> g(gp->lock);
    uint64_t prev_key = ~uint64_t{0};
    uint32_t prev_cell = ~0u;
    for (uint32_t i = 0; i < RaceDetector::kCells; ++i) {
      Cell& c = wp->cells[i];
      if (!c.fpw.valid && !c.fpr.valid && !c.fat.valid) continue;
      cell = i;
      RaceDetector::Half* h1 = gp->second ? &gp->second[i] : nullptr;
      RaceDetector::Half& h0 = gp->first[i];
      Set pw = {&h0.pw, h1 ? &h1->pw : nullptr}, pr = {&h0.pr, h1 ? &h1->pr : nullptr},
          at = {&h0.at, h1 ? &h1->at : nullptr};
      const uint64_t byte = (index << d_.pshift_) + (uint64_t{i} << d_.gshift_);
      auto found = [&](const Entry* e, const Acc& mine) {
        if (!e) return false;
        const uint64_t key = pairKey(e->pc, mine.pc);
        const bool count = !(key == prev_key && prev_cell + 1 == i);  // a contiguous run counts once
        report(sideOf(*e), side(mine), Space::Storage, object, byte, 1u << d_.gshift_, true, count);
        prev_key = key;
        prev_cell = i;
        return true;
      };
      if (c.fpw.valid) {
        const Entry* e = other(pw, false);
        if (!e) e = other(pr, false);
        if (!e) e = other(at, false);
        found(e, c.fpw);
      }
      if (c.fpr.valid) {
        const Entry* e = other(pw, false);
        if (!e) e = other(at, true);
        found(e, c.fpr);
      }
      if (c.fat.valid) {
        const Entry* e = other(pw, false);
        if (!e && isWrite(static_cast<AccessKind>(c.fat.kind))) e = other(pr, false);
        found(e, c.fat);
      }
      if (c.fpw.valid) insert(pw, &RaceDetector::Half::pw, c.fpw);
      if (c.fpr.valid) insert(pr, &RaceDetector::Half::pr, c.fpr);
      if (c.fat.valid) insert(at, &RaceDetector::Half::at, c.fat);
    }
  }
  touched_.clear();
}

}  // namespace wgsl::checks
