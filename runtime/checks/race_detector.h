// Race detection (`--races`): reports pairs of conflicting memory accesses that the WGSL memory
// model leaves unordered. Two accesses conflict when they touch overlapping bytes, come from
// different invocations, at least one writes, and not both are atomic (WGSL "Memory Model":
// the Vulkan memory model's data race). Within one dispatch they are ordered only when both
// come from the same workgroup and a barrier whose memory semantics cover the address space
// lies between them: workgroupBarrier (and workgroupUniformLoad) for workgroup memory,
// storageBarrier for storage memory (WGSL "Memory Semantics": WorkgroupMemory vs UniformMemory).
// Accesses of different workgroups of a dispatch are never ordered.
//
// Structure (see docs/dynamic-errors.md):
// - RaceWorker (one per worker thread, no locks): the running workgroup's shadow memory, by
//   barrier epoch. Epochs come from one counter per worker that only grows (a new workgroup and
//   every barrier take a fresh value), so a record of an earlier epoch or an earlier workgroup
//   is simply not live and the shadow is reused without clearing. A page of 128 granules
//   (2 bytes, or 4 with RaceConfig::granule = 4) first holds runs: one per subgroup instruction
//   whose lanes access consecutive elements, extended by the next subgroup's. Once runs do not
//   fit it holds cells: per granule the last write and up to two readers since that write.
//   Workgroup memory uses cells in a direct array. Intra-workgroup races are found here,
//   exactly in execution order.
// - RaceDetector (one per dispatch, shared): a summary of the workgroups that accessed each
//   storage granule, in pages of 512 granules that also hold runs first and turn granular when
//   they do not fit: then, per category (plain write, plain read, atomic), up to two
//   workgroups per granule. Every storage access checks the summary for a conflicting access of
//   another workgroup and adds its own, under one lock per summary page held for a run of lanes
//   on that page. Whichever of two conflicting workgroups comes second finds the first, so the
//   set of racing granules is the same for any schedule.
// - The door feeds one call per subgroup instruction (a lane mask and per-lane offsets).
// Memory: proportional to memory touched (a few hundred bytes per summary page of runs, 12
// bytes per granule and category of granular pages), capped by RaceConfig::max_shadow_bytes
// (beyond it, new pages are not tracked and stats().incomplete is set).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "runtime/checks/check_types.h"

namespace wgsl::checks {

struct RaceConfig {
  uint32_t num_workgroups[3] = {1, 1, 1};
  std::vector<uint64_t> storage_sizes;  // per storage object (binding slot): bytes
  uint64_t max_shadow_bytes = uint64_t{1} << 30;
  size_t max_records = 100;             // distinct location pairs kept
  // Bytes per shadow granule: 2 (WGSL's smallest access, an f16) or 4 when the kernel makes no
  // 2-byte access (half the shadow memory and work; the engine decides from the kernel's code).
  uint32_t granule = 2;
  // Bytes of workgroup memory per workgroup (the kernel's workgroup block): shadowed by a direct
  // array per worker. Workgroup offsets at or past it (none in a valid run) use the storage path's
  // hash table.
  uint32_t workgroup_bytes = 0;
  // The per-worker epoch counter is renumbered when it reaches this (tests lower it).
  uint32_t epoch_limit = 0xFFFF0000u;
};

// One side of a race.
struct RaceAccess {
  uint32_t pc = 0;
  uint64_t workgroup_linear = 0;
  uint32_t workgroup_id[3] = {0, 0, 0};
  uint32_t local_index = 0;
  AccessKind kind = AccessKind::Load;
};

// A distinct pair of source locations (instructions) that raced, with a count.
struct RaceRecord {
  RaceAccess first;   // the earlier access (in detection order)
  RaceAccess second;  // the access that found the conflict
  Space space = Space::Storage;
  uint32_t object = 0;  // storage: binding slot; workgroup: 0
  uint64_t offset = 0;  // first overlapping byte (first occurrence)
  uint32_t size = 0;    // overlapping bytes found at that occurrence
  bool cross_workgroup = false;
  uint64_t count = 0;   // dynamic occurrences
};

struct RaceStats {
  uint64_t accesses = 0;       // lane accesses fed
  uint64_t races = 0;          // dynamic race occurrences
  uint64_t shadow_bytes = 0;   // global shadow allocated
  bool incomplete = false;     // max_shadow_bytes reached: some storage not tracked
};

// One subgroup instruction's memory access.
struct AccessBatch {
  Space space = Space::Storage;     // Storage or Workgroup; other spaces are ignored
  uint32_t object = 0;              // storage: binding slot; workgroup: ignored (offsets in the block)
  AccessKind kind = AccessKind::Load;
  uint32_t pc = 0;
  LaneBits lanes;                   // lanes that performed the access
  const uint32_t* lane_offsets = nullptr;  // per lane (nullptr: every lane at base_offset)
  uint64_t base_offset = 0;         // added to lane_offsets[l]
  uint32_t size = 4;                // bytes per lane
  uint32_t first_local_index = 0;   // local_invocation_index of lane 0
};

// A run of granules [begin, begin + len) of one shadow page accessed at one instruction by
// consecutive invocations: granule g by invocation inv0 + (g - begin) / per_lane. A subgroup
// instruction over consecutive elements is one run and the next subgroup's access extends it, so
// a data-parallel kernel needs a few runs per page instead of a record per granule. Both the
// worker's pages and the detector's summary pages start as runs.
struct AccessRun {
  uint16_t begin = 0, len = 0;
  uint32_t wg_plus1 = 0;  // summary pages: the workgroup + 1 (worker pages: 0)
  uint32_t pc = 0;
  uint16_t inv0 = 0;
  uint8_t kind = 0;
  uint8_t per_lane = 1;  // granules per invocation's access (1, 2, 4 or 8)
  AccessKind access() const { return static_cast<AccessKind>(kind); }
  uint32_t inv(uint32_t g) const { return inv0 + (g - begin) / per_lane; }
  static AccessRun make(uint32_t cell, uint32_t n, uint32_t pc, AccessKind k, uint32_t per, uint32_t inv0,
                        uint32_t wg_plus1 = 0) {
    AccessRun r;
    r.begin = static_cast<uint16_t>(cell);
    r.len = static_cast<uint16_t>(n);
    r.wg_plus1 = wg_plus1;
    r.pc = pc;
    r.inv0 = static_cast<uint16_t>(inv0);
    r.kind = static_cast<uint8_t>(k);
    r.per_lane = static_cast<uint8_t>(per);
    return r;
  }
  // Extends this run by `next` when that continues it: the same instruction, kind and shape, on
  // the granules and invocations right after it.
  bool extend(const AccessRun& next) {
    if (next.pc != pc || next.kind != kind || next.per_lane != per_lane || begin + len != next.begin ||
        inv0 + len / per_lane != next.inv0)
      return false;
    len = static_cast<uint16_t>(len + next.len);
    return true;
  }
};

class RaceWorker;

class RaceDetector {
 public:
  explicit RaceDetector(RaceConfig config);
  ~RaceDetector();
  const RaceConfig& config() const { return config_; }
  // Adds a worker's records and statistics (after the dispatch, once per worker).
  void collect(RaceWorker& w);
  // The records, ordered by (first.pc, second.pc); counts summed over workers.
  std::vector<RaceRecord> records() const;
  RaceStats stats() const;
  // A debugger's snapshots: makes this detector's summary and records those of `from` (a
  // detector of the same configuration, not in use).
  void copyStateFrom(const RaceDetector& from);

 private:
  friend class RaceWorker;
  struct Entry {
    uint32_t wg_plus1 = 0;  // 0: empty
    uint32_t pc = 0;
    uint16_t inv = 0;
    uint8_t kind = 0;
    uint8_t pad = 0;
  };
  enum Category : uint32_t { kPlainWrite, kPlainRead, kAtomic, kCategories };
  static uint32_t categoryOf(AccessKind k) { return isAtomic(k) ? kAtomic : isWrite(k) ? kPlainWrite : kPlainRead; }
  static constexpr uint32_t kCellShift = 9;
  static constexpr uint32_t kCells = 1u << kCellShift;  // granules per summary page (1 or 2 KiB of memory)
  using Run = AccessRun;
  static constexpr uint32_t kRuns = 12;
  // A page starts as a list of runs; when they do not fit (scattered or repeated accesses) it
  // turns granular: per category, up to two workgroups per granule, slot[c][1] allocated only
  // once a second workgroup needs it (most storage of data-parallel kernels is touched by one).
  struct Page {
    std::mutex lock;
    bool granular = false;
    uint8_t nruns = 0;
    Run runs[kRuns];
    std::unique_ptr<Entry[]> slot[kCategories][2];
  };
  Page* page(uint32_t object, uint64_t index);
  // The array of slot (c, s) of a page, allocated now if needed (null: the shadow cap is reached).
  Entry* slotArray(Page& p, uint32_t c, uint32_t s);
  // Records workgroup wg_plus1's access at a granule of a granular page (the first per
  // category; an atomic write replaces an atomic read).
  void insert(Page& p, uint32_t cell, uint32_t wg_plus1, uint32_t pc, uint32_t inv, AccessKind k);
  // Turns a page's runs into per-granule entries, in the order they were recorded.
  void makeGranular(Page& p);
  bool reserve(uint64_t bytes);

  RaceConfig config_;
  uint32_t gshift_ = 1;  // log2(granule bytes)
  uint32_t pshift_ = 10;  // log2(bytes of memory per summary page) = kCellShift + gshift_
  std::vector<std::unique_ptr<std::atomic<Page*>[]>> pages_;  // per storage object
  std::vector<uint64_t> page_counts_;
  std::atomic<uint64_t> shadow_bytes_{0};
  std::atomic<bool> incomplete_{false};
  mutable std::mutex merge_lock_;
  std::vector<RaceRecord> records_;
  RaceStats stats_;
};

class RaceWorker {
 public:
  explicit RaceWorker(RaceDetector& d);
  // A new workgroup starts on this worker (the previous one must have ended).
  void startWorkgroup(const uint32_t workgroup_id[3]);
  // Every invocation of the workgroup passed a barrier. workgroupBarrier and
  // workgroupUniformLoad: workgroup_memory; storageBarrier: storage_memory; textureBarrier:
  // neither (it orders handle memory only).
  void barrier(bool workgroup_memory, bool storage_memory);
  // One subgroup instruction's access (Storage and Workgroup spaces; others are ignored).
  void access(const AccessBatch& b);
  // One lane's access (redirected out-of-bounds accesses, scalar paths).
  void accessOne(Space space, uint32_t object, AccessKind kind, uint32_t pc, uint32_t local_index, uint64_t offset,
                 uint32_t size);
  // The workgroup ended (its storage accesses are already in the detector's summary).
  void endWorkgroup();
  // The races found so far on this worker, one per pair of instructions, in the order found
  // (until RaceDetector::collect takes them): a debugger stops at each new one.
  const std::vector<RaceRecord>& records() const { return records_; }
  // A debugger's snapshots: makes this worker's shadow and records those of `from` (a worker of
  // a detector of the same configuration); nothing of `from`'s detector is used.
  void copyStateFrom(const RaceWorker& from);
  uint64_t shadowBytes() const {
    return pool_.size() * sizeof(Page) + wg_cells_.size() * sizeof(Cell) + table_.size() * sizeof(int32_t);
  }

 private:
  friend class RaceDetector;
  // One access in the intra-workgroup shadow; live only while `epoch` is its space's current epoch.
  // Three whole words (no narrower fields), so building one per lane and copying it into a
  // cell never stalls on a partial store.
  struct Acc {
    uint32_t pc = 0;
    uint32_t epoch = 0;
    uint32_t meta = 0;  // local invocation index | AccessKind << 16
    uint32_t inv() const { return meta & 0xFFFFu; }
    AccessKind kind() const { return static_cast<AccessKind>(meta >> 16); }
    static uint32_t pack(uint32_t inv, AccessKind k) { return (inv & 0xFFFFu) | (uint32_t{static_cast<uint8_t>(k)} << 16); }
  };
  struct Cell {
    Acc w, r[2];
  };
  static constexpr uint32_t kPageShift = 7;
  static constexpr uint32_t kPageCells = 1u << kPageShift;  // granules per storage page of the worker
  // The accesses of one epoch to a page: first as runs of consecutive lane accesses (as the
  // summary's runs, all in `epoch`), then per granule in `cells` once runs do not fit. A page
  // whose epoch is not its space's current one holds nothing live and starts over as runs.
  using Run = AccessRun;
  static constexpr uint32_t kPageRuns = 8;
  struct Page {
    uint64_t key = 0;
    uint32_t epoch = 0;
    bool granular = false;
    uint8_t nruns = 0;
    Run runs[kPageRuns];
    Cell cells[kPageCells];
  };
  // Instructions of one lane access already reported (a multi-granule access counts once).
  struct Seen {
    uint32_t pc[4] = {0, 0, 0, 0};
    uint32_t n = 0;
    bool add(uint32_t p);
  };
  // The summary page a run of lanes holds locked (storage accesses only).
  struct Held {
    RaceDetector::Page* page = nullptr;
    uint32_t object = ~0u;
    uint64_t index = ~uint64_t{0};
    ~Held() { release(); }
    void release();
  };
  // A run of lanes whose accesses are consecutive and aligned: lane i of the run accesses
  // granules [g0 + i * per_lane, g0 + (i + 1) * per_lane) as invocation inv0 + i.
  struct Segment {
    Space space = Space::Storage;
    uint32_t object = 0;
    uint32_t pc = 0;
    AccessKind kind = AccessKind::Load;
    uint32_t epoch = 0;
    uint32_t inv0 = 0;
    uint32_t lanes = 0;
    uint32_t per_lane = 1;
    uint64_t g0 = 0;
  };
  Cell* workgroupCell(uint64_t granule);
  Cell* storageCell(uint32_t object, uint64_t granule);
  Page* page(uint64_t key);
  void segment(const Segment& s, Held& held);
  void crossRun(RaceDetector::Page& gp, uint32_t cell, uint32_t lanes, const Segment& s, uint32_t inv0);
  // One lane's access to [offset, offset + size), granule by granule (unaligned accesses).
  void lane(Space space, uint32_t object, const Acc& cur, uint64_t offset, uint32_t size, Held& held);
  void hold(Held& held, uint32_t object, uint64_t index);
  void intra(Cell& c, Space space, uint32_t object, const Acc& cur, uint64_t byte, Seen& seen);
  // The state change of an access to a cell, without checking (intra = check + apply).
  static void apply(Cell& c, const Acc& cur);
  // A page's cells for an access in `epoch`: starts the page over if its epoch is past, turns
  // its runs into cells if it has any.
  Cell* cellsFor(Page& p, uint32_t epoch);
  // A run of lanes of segment `s` at page cell `cell` (invocation inv0 for the first) on a page
  // holding runs: reports its conflicts, then records it. False when the page has no room for
  // another run (the conflicts are reported, the run is not recorded).
  bool intraRun(Page& p, uint32_t cell, uint32_t lanes, const Segment& s, uint32_t inv0, uint64_t page_granule);
  void cross(RaceDetector::Page& gp, uint32_t cell, uint32_t object, const Acc& cur, uint64_t byte, Seen& seen);
  void report(const RaceAccess& a, const RaceAccess& b, Space space, uint32_t object, uint64_t offset, uint32_t size,
              bool cross, uint64_t times = 1);
  RaceAccess otherSide(uint32_t wg_plus1, uint32_t pc, uint32_t inv, AccessKind k) const;
  RaceAccess side(const Acc& a) const;
  uint32_t tick();
  void renumber();

  RaceDetector& d_;
  uint32_t wg_id_[3] = {0, 0, 0};
  uint64_t wg_linear_ = 0;
  uint32_t clock_ = 0;  // the last epoch handed out
  uint32_t wg_epoch_ = 0, st_epoch_ = 0;
  std::vector<Cell> wg_cells_;  // workgroup memory, allocated on first use
  // Open-addressing table (key -> page of pool_), reset per workgroup.
  std::vector<int32_t> table_;
  std::vector<std::unique_ptr<Page>> pool_;
  size_t pool_used_ = 0;
  Page* last_ = nullptr;
  std::unordered_map<uint64_t, size_t> index_;  // (first.pc, second.pc) -> records_
  std::vector<RaceRecord> records_;
  RaceStats stats_;
};

}  // namespace wgsl::checks
