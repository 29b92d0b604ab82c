// Race detection: per-worker shadow memory for the running workgroup (ordered by its barrier
// epochs) and a shared per-dispatch summary of the workgroups that accessed each storage
// granule, for races between workgroups. See race_detector.h for the rules and the structure.
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

AccessKind kindOf(uint8_t k) { return static_cast<AccessKind>(k); }

}  // namespace

// ---- RaceDetector

RaceDetector::RaceDetector(RaceConfig config) : config_(std::move(config)) {
  for (int d = 0; d < 3; ++d)
    if (config_.num_workgroups[d] == 0) config_.num_workgroups[d] = 1;
  if (config_.granule == 4) gshift_ = 2;
  pshift_ = kCellShift + gshift_;
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

bool RaceDetector::reserve(uint64_t bytes) {
  if (shadow_bytes_.fetch_add(bytes) + bytes > config_.max_shadow_bytes) {
    shadow_bytes_.fetch_sub(bytes);
    incomplete_.store(true);
    return false;
  }
  return true;
}

RaceDetector::Page* RaceDetector::page(uint32_t object, uint64_t index) {
  if (object >= pages_.size() || index >= page_counts_[object]) return nullptr;
  std::atomic<Page*>& slot = pages_[object][index];
  Page* p = slot.load(std::memory_order_acquire);
  if (p) return p;
  if (!reserve(sizeof(Page))) return nullptr;
  Page* fresh = new Page();
  Page* expected = nullptr;
  if (slot.compare_exchange_strong(expected, fresh, std::memory_order_acq_rel)) return fresh;
  delete fresh;
  shadow_bytes_.fetch_sub(sizeof(Page));
  return expected;
}

RaceDetector::Entry* RaceDetector::slotArray(Page& p, uint32_t c, uint32_t s) {
  std::unique_ptr<Entry[]>& a = p.slot[c][s];
  if (!a && reserve(sizeof(Entry) * kCells)) a.reset(new Entry[kCells]());
  return a.get();
}

void RaceDetector::insert(Page& p, uint32_t cell, uint32_t wg_plus1, uint32_t pc, uint32_t inv, AccessKind k) {
  const uint32_t c = categoryOf(k);
  for (uint32_t s = 0; s < 2; ++s) {
    Entry* a = slotArray(p, c, s);
    if (!a) return;
    Entry& x = a[cell];
    if (x.wg_plus1 == wg_plus1) {
      if (isWrite(k) && !isWrite(static_cast<AccessKind>(x.kind))) {
        x.pc = pc;
        x.inv = static_cast<uint16_t>(inv);
        x.kind = static_cast<uint8_t>(k);
      }
      return;
    }
    if (x.wg_plus1 == 0) {
      x.wg_plus1 = wg_plus1;
      x.pc = pc;
      x.inv = static_cast<uint16_t>(inv);
      x.kind = static_cast<uint8_t>(k);
      return;
    }
  }
  // Both entries are other workgroups'. An atomic write takes the place of an atomic read: it
  // conflicts with everything the read does (plain writes) and more (plain reads).
  if (c == kAtomic && isWrite(k)) {
    for (uint32_t s = 0; s < 2; ++s) {
      Entry& x = p.slot[c][s][cell];
      if (!isWrite(static_cast<AccessKind>(x.kind))) {
        x = Entry{wg_plus1, pc, static_cast<uint16_t>(inv), static_cast<uint8_t>(k), 0};
        return;
      }
    }
  }
}

void RaceDetector::makeGranular(Page& p) {
  p.granular = true;
  for (uint32_t i = 0; i < p.nruns; ++i) {
    const Run& r = p.runs[i];
    for (uint32_t g = r.begin; g < uint32_t{r.begin} + r.len; ++g)
      insert(p, g, r.wg_plus1, r.pc, r.inv(g), r.access());
  }
  p.nruns = 0;
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

void RaceDetector::copyStateFrom(const RaceDetector& from) {
  for (size_t o = 0; o < pages_.size() && o < from.pages_.size(); ++o) {
    for (uint64_t i = 0; i < page_counts_[o] && i < from.page_counts_[o]; ++i) {
      delete pages_[o][i].exchange(nullptr, std::memory_order_relaxed);
      const Page* f = from.pages_[o][i].load(std::memory_order_relaxed);
      if (!f) continue;
      Page* p = new Page();
      p->granular = f->granular;
      p->nruns = f->nruns;
      std::copy(std::begin(f->runs), std::end(f->runs), std::begin(p->runs));
      for (uint32_t c = 0; c < kCategories; ++c)
        for (uint32_t s = 0; s < 2; ++s)
          if (f->slot[c][s]) {
            p->slot[c][s].reset(new Entry[kCells]);
            std::copy(f->slot[c][s].get(), f->slot[c][s].get() + kCells, p->slot[c][s].get());
          }
      pages_[o][i].store(p, std::memory_order_relaxed);
    }
  }
  shadow_bytes_.store(from.shadow_bytes_.load());
  incomplete_.store(from.incomplete_.load());
  std::lock_guard<std::mutex> g(merge_lock_);
  records_ = from.records_;
  stats_ = from.stats_;
}

// ---- RaceWorker

void RaceWorker::copyStateFrom(const RaceWorker& from) {
  std::memcpy(wg_id_, from.wg_id_, sizeof wg_id_);
  wg_linear_ = from.wg_linear_;
  clock_ = from.clock_;
  wg_epoch_ = from.wg_epoch_;
  st_epoch_ = from.st_epoch_;
  wg_cells_ = from.wg_cells_;
  table_ = from.table_;
  pool_.clear();
  for (const auto& p : from.pool_) pool_.push_back(std::make_unique<Page>(*p));
  pool_used_ = from.pool_used_;
  last_ = nullptr;  // a cache of the last page looked up
  index_ = from.index_;
  records_ = from.records_;
  stats_ = from.stats_;
}

RaceWorker::RaceWorker(RaceDetector& d) : d_(d) { table_.assign(256, -1); }

bool RaceWorker::Seen::add(uint32_t p) {
  for (uint32_t i = 0; i < n; ++i)
    if (pc[i] == p) return false;
  if (n < 4) pc[n++] = p;
  return true;
}

void RaceWorker::Held::release() {
  if (page) page->lock.unlock();
  page = nullptr;
  object = ~0u;
  index = ~uint64_t{0};
}

uint32_t RaceWorker::tick() {
  if (clock_ >= d_.config_.epoch_limit) renumber();
  return ++clock_;
}

// The epoch counter reached its limit: live records keep a live epoch (1 for workgroup memory,
// 2 for storage), every other record gets 0 (never live), and counting starts again.
void RaceWorker::renumber() {
  auto renum = [](Cell& c, uint32_t live, uint32_t to) {
    for (Acc* a : {&c.w, &c.r[0], &c.r[1]}) a->epoch = a->epoch == live ? to : 0;
  };
  for (Cell& c : wg_cells_) renum(c, wg_epoch_, 1);
  for (size_t i = 0; i < pool_.size(); ++i) {
    Page& p = *pool_[i];
    const bool wg = p.key & kWorkgroupKeyBit;
    const uint32_t live = i < pool_used_ ? (wg ? wg_epoch_ : st_epoch_) : 0;
    for (Cell& c : p.cells) renum(c, live, wg ? 1 : 2);
    p.epoch = p.epoch == live && live != 0 ? (wg ? 1 : 2) : 0;
  }
  wg_epoch_ = 1;
  st_epoch_ = 2;
  clock_ = 2;
}

void RaceWorker::startWorkgroup(const uint32_t workgroup_id[3]) {
  std::memcpy(wg_id_, workgroup_id, sizeof wg_id_);
  const uint32_t* n = d_.config_.num_workgroups;
  wg_linear_ = (uint64_t{wg_id_[2]} * n[1] + wg_id_[1]) * n[0] + wg_id_[0];
  // A fresh epoch: nothing an earlier workgroup left in the (reused) shadow is live.
  wg_epoch_ = st_epoch_ = tick();
  if (pool_used_) std::fill(table_.begin(), table_.end(), -1);
  pool_used_ = 0;
  last_ = nullptr;
}

void RaceWorker::barrier(bool workgroup_memory, bool storage_memory) {
  if (workgroup_memory) wg_epoch_ = tick();
  if (storage_memory) st_epoch_ = tick();
}

RaceWorker::Page* RaceWorker::page(uint64_t key) {
  if (last_ && last_->key == key) return last_;
  const size_t mask = table_.size() - 1;
  size_t h = static_cast<size_t>(mix64(key)) & mask;
  for (;; h = (h + 1) & mask) {
    const int32_t idx = table_[h];
    if (idx < 0) break;
    if (pool_[static_cast<size_t>(idx)]->key == key) return last_ = pool_[static_cast<size_t>(idx)].get();
  }
  // A page for this workgroup. Reused pages are not cleared: their records have old epochs.
  if (pool_used_ == pool_.size()) pool_.push_back(std::make_unique<Page>());
  Page* p = pool_[pool_used_].get();
  p->key = key;
  p->epoch = 0;  // nothing live: the first access starts it over
  table_[h] = static_cast<int32_t>(pool_used_++);
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

inline RaceWorker::Cell* RaceWorker::workgroupCell(uint64_t granule) {
  const uint64_t n = (uint64_t{d_.config_.workgroup_bytes} + (uint64_t{1} << d_.gshift_) - 1) >> d_.gshift_;
  if (granule < n) {
    if (wg_cells_.empty()) wg_cells_.resize(n);
    return &wg_cells_[granule];
  }
  Page& p = *page(kWorkgroupKeyBit | (granule >> kPageShift));
  return &cellsFor(p, wg_epoch_)[granule & (kPageCells - 1)];
}

inline RaceWorker::Cell* RaceWorker::storageCell(uint32_t object, uint64_t granule) {
  Page& p = *page((uint64_t{object} << 40) | (granule >> kPageShift));
  return &cellsFor(p, st_epoch_)[granule & (kPageCells - 1)];
}

RaceWorker::Cell* RaceWorker::cellsFor(Page& p, uint32_t epoch) {
  if (p.epoch != epoch) {
    p.epoch = epoch;
    p.nruns = 0;
  } else if (!p.granular) {
    for (uint32_t i = 0; i < p.nruns; ++i) {
      const Run& r = p.runs[i];
      for (uint32_t g = r.begin; g < uint32_t{r.begin} + r.len; ++g)
        apply(p.cells[g], Acc{r.pc, epoch, Acc::pack(r.inv(g), r.access())});
    }
    p.nruns = 0;
  }
  p.granular = true;
  return p.cells;
}

RaceAccess RaceWorker::side(const Acc& a) const {
  RaceAccess s;
  s.pc = a.pc;
  s.workgroup_linear = wg_linear_;
  std::memcpy(s.workgroup_id, wg_id_, sizeof wg_id_);
  s.local_index = a.inv();
  s.kind = a.kind();
  return s;
}

RaceAccess RaceWorker::otherSide(uint32_t wg_plus1, uint32_t pc, uint32_t inv, AccessKind k) const {
  RaceAccess s;
  s.pc = pc;
  s.workgroup_linear = wg_plus1 - 1;
  wgIds(s.workgroup_linear, d_.config_.num_workgroups, s.workgroup_id);
  s.local_index = inv;
  s.kind = k;
  return s;
}

void RaceWorker::report(const RaceAccess& a, const RaceAccess& b, Space space, uint32_t object, uint64_t offset,
                        uint32_t size, bool cross, uint64_t times) {
  stats_.races += times;
  const uint64_t key = pairKey(a.pc, b.pc);
  auto it = index_.find(key);
  if (it != index_.end()) {
    records_[it->second].count += times;
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
  r.count = times;
  index_.emplace(key, records_.size());
  records_.push_back(r);
}

inline void RaceWorker::apply(Cell& c, const Acc& cur) {
  if (isWrite(cur.kind())) {
    c.w = cur;
    c.r[0].epoch = c.r[1].epoch = 0;
    return;
  }
  // Keep up to two mutually unordered readers: a reader ordered before this one is subsumed by
  // it (anything unordered with the old reader is unordered with the new one).
  bool placed = false;
  for (Acc& r : c.r) {
    if (r.epoch == cur.epoch && r.inv() != cur.inv()) continue;
    if (!placed) {
      r = cur;
      placed = true;
    } else {
      r.epoch = 0;
    }
  }
}

inline void RaceWorker::intra(Cell& c, Space space, uint32_t object, const Acc& cur, uint64_t byte, Seen& seen) {
  const AccessKind ck = cur.kind();
  // Live and unordered with `cur`: the same epoch (no barrier between) and another invocation.
  auto check = [&](const Acc& p) {
    if (p.epoch == cur.epoch && p.inv() != cur.inv() && conflicts(p.kind(), ck) && seen.add(p.pc))
      report(side(p), side(cur), space, object, byte, 1u << d_.gshift_, false);
  };
  check(c.w);
  if (isWrite(ck)) {
    check(c.r[0]);
    check(c.r[1]);
  }
  apply(c, cur);
}

// Conflicts of a run of lanes with a page's runs (all of the current epoch), compared granule
// by granule where they overlap (data-parallel kernels rarely overlap within an epoch). Each
// lane reports each other instruction once, as the per-granule path does.
bool RaceWorker::intraRun(Page& p, uint32_t cell, uint32_t lanes, const Segment& s, uint32_t inv0,
                          uint64_t page_granule) {
  const uint32_t per = s.per_lane, n = lanes * per;
  const AccessKind k = s.kind;
  struct Reported {
    uint32_t pc;
    uint64_t lanes[2];
  };
  Reported done[kPageRuns];
  uint32_t ndone = 0;
  for (uint32_t i = 0; i < p.nruns; ++i) {
    const Run& r = p.runs[i];
    const uint32_t lo = std::max<uint32_t>(cell, r.begin), hi = std::min<uint32_t>(cell + n, r.begin + r.len);
    if (lo >= hi || !conflicts(r.access(), k)) continue;
    Reported* d = nullptr;
    for (uint32_t j = 0; j < ndone; ++j)
      if (done[j].pc == r.pc) d = &done[j];
    if (!d) {
      d = &done[ndone++];
      *d = Reported{r.pc, {0, 0}};
    }
    uint64_t times = 0;
    uint32_t first = 0, first_g = 0;
    for (uint32_t g = lo; g < hi; ++g) {
      const uint32_t l = (g - cell) / per;
      if (r.inv(g) == inv0 + l) continue;  // the same invocation: program order
      uint64_t& word = d->lanes[l >> 6];
      if (word >> (l & 63) & 1) continue;
      word |= uint64_t{1} << (l & 63);
      if (times++ == 0) {
        first = l;
        first_g = g;
      }
    }
    if (!times) continue;
    const Acc theirs{r.pc, s.epoch, Acc::pack(r.inv(first_g), r.access())};
    const Acc mine{s.pc, s.epoch, Acc::pack(inv0 + first, k)};
    report(side(theirs), side(mine), s.space, s.object, (page_granule + first_g) << d_.gshift_, 1u << d_.gshift_,
           false, times);
  }
  const Run mine = Run::make(cell, n, s.pc, k, per, inv0);
  for (uint32_t i = p.nruns; i-- > 0;)
    if (p.runs[i].extend(mine)) return true;
  if (p.nruns == kPageRuns) return false;
  p.runs[p.nruns++] = mine;
  return true;
}

// Another workgroup's conflicting entry for `cur` at a granule of a granular page: every access
// conflicts with a plain write; a plain write also with reads and atomics, a plain read with
// atomic writes, an atomic write with plain reads. Then `cur`'s own entry is recorded.
inline void RaceWorker::cross(RaceDetector::Page& gp, uint32_t i, uint32_t object, const Acc& cur, uint64_t byte,
                              Seen& seen) {
  using D = RaceDetector;
  using Entry = D::Entry;
  const AccessKind k = cur.kind();
  const uint32_t me = static_cast<uint32_t>(wg_linear_ + 1);
  auto other = [&](uint32_t c, bool writes_only) -> const Entry* {
    for (uint32_t s = 0; s < 2; ++s) {
      const Entry* a = gp.slot[c][s].get();
      if (!a) return nullptr;
      const Entry& e = a[i];
      if (e.wg_plus1 != 0 && e.wg_plus1 != me && (!writes_only || isWrite(kindOf(e.kind)))) return &e;
    }
    return nullptr;
  };
  const Entry* e = other(D::kPlainWrite, false);
  if (!e && isWrite(k)) e = other(D::kPlainRead, false);
  if (!e && !isAtomic(k)) e = other(D::kAtomic, !isWrite(k));
  if (e && seen.add(e->pc))
    report(otherSide(e->wg_plus1, e->pc, e->inv, kindOf(e->kind)), side(cur), Space::Storage, object, byte,
           1u << d_.gshift_, true);
  d_.insert(gp, i, me, cur.pc, cur.inv(), k);
}

// The same for a run of `lanes` lanes of segment `s` starting at page cell `cell` (invocation
// inv0 for the first), on a page that may still hold runs.
void RaceWorker::crossRun(RaceDetector::Page& gp, uint32_t cell, uint32_t lanes, const Segment& s, uint32_t inv0) {
  using D = RaceDetector;
  const uint32_t per = s.per_lane, n = lanes * per;
  const uint32_t gsize = 1u << d_.gshift_;
  if (gp.granular) {
    for (uint32_t i = 0; i < lanes; ++i) {
      Seen seen;
      const Acc cur{s.pc, s.epoch, Acc::pack(inv0 + i, s.kind)};
      const uint64_t base = (s.g0 & ~uint64_t{D::kCells - 1}) + cell;  // granule of the run's first cell
      for (uint32_t j = 0; j < per; ++j)
        cross(gp, cell + i * per + j, s.object, cur, (base + i * per + j) << d_.gshift_, seen);
    }
    return;
  }
  const uint32_t me = static_cast<uint32_t>(wg_linear_ + 1);
  const AccessKind k = s.kind;
  const bool w = isWrite(k), at = isAtomic(k);
  // Conflicts: per lane, the first run (in priority and recording order) of another workgroup
  // that overlaps it, as the granular path finds the first entry.
  uint64_t found[2] = {0, 0};  // lanes of this run already in conflict (at most 128)
  const uint64_t first_granule = (s.g0 & ~uint64_t{D::kCells - 1}) + cell;
  auto scan = [&](uint32_t category, bool writes_only) {
    for (uint32_t r = 0; r < gp.nruns; ++r) {
      const D::Run& x = gp.runs[r];
      if (x.wg_plus1 == me || D::categoryOf(x.access()) != category) continue;
      if (writes_only && !isWrite(x.access())) continue;
      const uint32_t lo = std::max<uint32_t>(cell, x.begin), hi = std::min<uint32_t>(cell + n, x.begin + x.len);
      if (lo >= hi) continue;
      uint64_t times = 0;
      uint32_t first = 0;
      for (uint32_t l = (lo - cell) / per; l <= (hi - 1 - cell) / per; ++l) {
        uint64_t& word = found[l >> 6];
        if (word >> (l & 63) & 1) continue;
        word |= uint64_t{1} << (l & 63);
        if (times++ == 0) first = l;
      }
      if (!times) continue;
      const uint32_t g = std::max(cell + first * per, lo);  // the first overlapping granule of that lane
      const Acc mine{s.pc, s.epoch, Acc::pack(inv0 + first, k)};
      report(otherSide(x.wg_plus1, x.pc, x.inv(g), x.access()), side(mine), Space::Storage,
             s.object, (first_granule + (g - cell)) << d_.gshift_, gsize, true, times);
    }
  };
  scan(D::kPlainWrite, false);
  if (w) scan(D::kPlainRead, false);
  if (!at) scan(D::kAtomic, !w);
  // Record the run: extend this workgroup's previous run when it continues it, skip it when
  // one of this workgroup's runs already covers it (the first access per category counts).
  const uint32_t category = D::categoryOf(k);
  const D::Run mine = D::Run::make(cell, n, s.pc, k, per, inv0, me);
  for (uint32_t r = 0; r < gp.nruns; ++r) {
    D::Run& x = gp.runs[r];
    if (x.wg_plus1 != me || D::categoryOf(x.access()) != category) continue;
    if (x.extend(mine)) return;
    if (x.begin <= cell && cell + n <= uint32_t{x.begin} + x.len && (isWrite(x.access()) || !w)) return;
  }
  if (gp.nruns < D::kRuns) {
    gp.runs[gp.nruns++] = mine;
    return;
  }
  d_.makeGranular(gp);
  for (uint32_t g = 0; g < n; ++g) d_.insert(gp, cell + g, me, s.pc, inv0 + g / per, k);
}

inline void RaceWorker::hold(Held& held, uint32_t object, uint64_t index) {
  if (held.index == index && held.object == object) return;
  held.release();
  held.page = d_.page(object, index);
  held.object = object;
  held.index = index;
  if (held.page) held.page->lock.lock();
}

// A run of consecutive aligned lane accesses: the intra-workgroup cells granule by granule (one
// worker page or the workgroup array at a time), then the summary one page at a time.
void RaceWorker::segment(const Segment& s, Held& held) {
  const uint32_t gshift = d_.gshift_, per = s.per_lane;
  const uint64_t total = uint64_t{s.lanes} * per;
  const uint64_t wg_granules = (uint64_t{d_.config_.workgroup_bytes} + (1u << gshift) - 1) >> gshift;
  const uint64_t key_bits = s.space == Space::Workgroup ? kWorkgroupKeyBit : uint64_t{s.object} << 40;
  for (uint64_t i = 0; i < total;) {
    const uint64_t g = s.g0 + i;
    Cell* cells;
    uint64_t chunk;
    if (s.space == Space::Workgroup && g + (total - i) <= wg_granules) {
      if (wg_cells_.empty()) wg_cells_.resize(wg_granules);
      cells = &wg_cells_[g];
      chunk = total - i;
    } else {
      Page& p = *page(key_bits | (g >> kPageShift));
      const uint32_t cell = static_cast<uint32_t>(g & (kPageCells - 1));
      chunk = std::min<uint64_t>(total - i, kPageCells - cell);
      if (p.epoch != s.epoch) {  // nothing live on the page: start over as runs
        p.epoch = s.epoch;
        p.nruns = 0;
        p.granular = false;
      }
      if (!p.granular) {
        const uint32_t inv = s.inv0 + static_cast<uint32_t>(i / per);
        if (!intraRun(p, cell, static_cast<uint32_t>(chunk / per), s, inv, g - cell)) {
          // No room for another run: the runs become cells, and this run (whose conflicts are
          // reported) is applied to them.
          Cell* c = cellsFor(p, s.epoch);
          for (uint64_t j = 0; j < chunk; ++j)
            apply(c[cell + j], Acc{s.pc, s.epoch, Acc::pack(inv + static_cast<uint32_t>(j / per), s.kind)});
        }
        i += chunk;
        continue;
      }
      cells = &p.cells[cell];
    }
    if (per == 1) {
      for (uint64_t j = 0; j < chunk; ++j) {
        Seen seen;
        const Acc cur{s.pc, s.epoch, Acc::pack(s.inv0 + static_cast<uint32_t>(i + j), s.kind)};
        intra(cells[j], s.space, s.object, cur, (g + j) << gshift, seen);
      }
    } else {
      Seen seen;
      for (uint64_t j = 0; j < chunk; ++j) {
        if ((i + j) % per == 0) seen = Seen{};
        const Acc cur{s.pc, s.epoch, Acc::pack(s.inv0 + static_cast<uint32_t>((i + j) / per), s.kind)};
        intra(cells[j], s.space, s.object, cur, (g + j) << gshift, seen);
      }
    }
    i += chunk;
  }
  if (s.space != Space::Storage) return;
  for (uint64_t i = 0; i < total;) {
    const uint64_t g = s.g0 + i;
    const uint32_t cell = static_cast<uint32_t>(g & (RaceDetector::kCells - 1));
    const uint64_t chunk = std::min<uint64_t>(total - i, RaceDetector::kCells - cell);
    hold(held, s.object, g >> RaceDetector::kCellShift);
    if (held.page)
      crossRun(*held.page, cell, static_cast<uint32_t>(chunk / per), s, s.inv0 + static_cast<uint32_t>(i / per));
    i += chunk;
  }
}

void RaceWorker::lane(Space space, uint32_t object, const Acc& cur, uint64_t offset, uint32_t size, Held& held) {
  Seen seen;
  const uint32_t gshift = d_.gshift_;
  const uint64_t end = offset + (size ? size : 1);
  for (uint64_t g = offset >> gshift, gend = (end + (uint64_t{1} << gshift) - 1) >> gshift; g < gend; ++g) {
    const uint64_t byte = std::max(g << gshift, offset);
    if (space == Space::Workgroup) {
      intra(*workgroupCell(g), space, object, cur, byte, seen);
      continue;
    }
    intra(*storageCell(object, g), space, object, cur, byte, seen);
    hold(held, object, g >> RaceDetector::kCellShift);
    if (!held.page) continue;
    if (!held.page->granular) d_.makeGranular(*held.page);
    cross(*held.page, static_cast<uint32_t>(g & (RaceDetector::kCells - 1)), object, cur, byte, seen);
  }
}

namespace {

// Granules per lane access when it can be part of a segment (aligned, 1, 2, 4 or 8 whole
// granules), else 0.
uint32_t granulesPerLane(uint32_t size, uint32_t gshift) {
  const uint32_t per = size >> gshift;
  return (per << gshift) == size && (per == 1 || per == 2 || per == 4 || per == 8) ? per : 0;
}

}  // namespace

void RaceWorker::accessOne(Space space, uint32_t object, AccessKind kind, uint32_t pc, uint32_t local_index,
                           uint64_t offset, uint32_t size) {
  // A batch of one lane: the same paths (segment, or granule by granule when unaligned).
  AccessBatch b;
  b.space = space;
  b.object = object;
  b.kind = kind;
  b.pc = pc;
  b.lanes.set(0);
  b.base_offset = offset;
  b.size = size;
  b.first_local_index = local_index;
  access(b);
}

// Lanes whose accesses are consecutive (lane l + 1 right after lane l, aligned) form segments;
// any other lane goes granule by granule. A lone lane of workgroup memory touching one granule
// (a broadcast read such as `tile[row][k]`) goes straight to its cell.
void RaceWorker::access(const AccessBatch& b) {
  if (b.space != Space::Storage && b.space != Space::Workgroup) return;
  stats_.accesses += b.lanes.count();
  const uint32_t epoch = b.space == Space::Workgroup ? wg_epoch_ : st_epoch_;
  const uint32_t gshift = d_.gshift_;
  const uint32_t per = granulesPerLane(b.size, gshift);
  const uint64_t wg_granules = (uint64_t{d_.config_.workgroup_bytes} + (1u << gshift) - 1) >> gshift;
  Held held;  // one summary page stays locked for a run of lanes on it
  Segment s;
  s.space = b.space;
  s.object = b.object;
  s.pc = b.pc;
  s.kind = b.kind;
  s.epoch = epoch;
  s.per_lane = per;
  auto flush = [&](uint32_t lanes, uint32_t inv0, uint64_t g0) {
    if (lanes == 1 && per == 1 && b.space == Space::Workgroup && g0 < wg_granules) {
      if (wg_cells_.empty()) wg_cells_.resize(wg_granules);
      Seen seen;
      intra(wg_cells_[g0], Space::Workgroup, b.object, Acc{b.pc, epoch, Acc::pack(inv0, b.kind)}, g0 << gshift, seen);
      return;
    }
    s.lanes = lanes;
    s.inv0 = inv0;
    s.g0 = g0;
    segment(s, held);
  };
  uint32_t lanes = 0, inv0 = 0, next_lane = ~0u;
  uint64_t g0 = 0, next_off = 0;
  forEachLane(b.lanes, [&](uint32_t l) {
    const uint64_t off = b.base_offset + (b.lane_offsets ? b.lane_offsets[l] : 0);
    if (lanes && l == next_lane && off == next_off) {
      ++lanes;
    } else {
      if (lanes) flush(lanes, inv0, g0);
      lanes = 0;
      if (!per || off % b.size != 0) {
        lane(b.space, b.object, Acc{b.pc, epoch, Acc::pack(b.first_local_index + l, b.kind)}, off, b.size, held);
        next_lane = ~0u;
        return;
      }
      lanes = 1;
      inv0 = b.first_local_index + l;
      g0 = off >> gshift;
    }
    next_lane = l + 1;
    next_off = off + b.size;
  });
  if (lanes) flush(lanes, inv0, g0);
}

void RaceWorker::endWorkgroup() { last_ = nullptr; }

}  // namespace wgsl::checks
