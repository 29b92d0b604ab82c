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
// - RaceWorker (one per worker thread, no locks): the running workgroup's shadow memory. Per
//   granule (2 bytes, or 4 with RaceConfig::granule = 4): the last write, up to two readers since that write, and the workgroup's
//   footprint (first plain write, plain read and atomic access). Intra-workgroup races are
//   found here, exactly in execution order, with the workgroup's barrier epochs.
// - RaceDetector (one per dispatch, shared): per storage granule a summary of the workgroups
//   that accessed it (up to two distinct workgroups per category: plain write, plain read,
//   atomic). A workgroup's footprint is merged when it ends, under one lock per shadow page,
//   so the detector never sees single accesses from several threads. Whether two workgroups
//   conflict does not depend on the order they ran in, so the set of racing granules is the
//   same for any schedule.
// - The door feeds one call per subgroup instruction (a lane mask and per-lane offsets).
// Memory: shadow pages are allocated on first touch (memory proportional to memory touched;
// 36 bytes of summary per touched granule, 72 where a second workgroup touches the page),
// capped by RaceConfig::max_shadow_bytes
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

 private:
  friend class RaceWorker;
  struct Entry {
    uint32_t wg_plus1 = 0;  // 0: empty
    uint32_t pc = 0;
    uint16_t inv = 0;
    uint8_t kind = 0;
    uint8_t pad = 0;
  };
  // Per granule, per category (plain write, plain read, atomic), up to two workgroups. The
  // second workgroup's entries of a page are allocated only when a second workgroup merges into
  // it: most storage of data-parallel kernels is touched by one workgroup.
  struct Half {
    Entry pw, pr, at;
  };
  static constexpr uint32_t kCells = 128;  // granules per shadow page (256 or 512 bytes of memory)
  struct Page {
    std::mutex lock;
    Half first[kCells];
    std::unique_ptr<Half[]> second;
  };
  Page* page(uint32_t object, uint64_t index);

  RaceConfig config_;
  uint32_t gshift_ = 1;  // log2(granule bytes)
  uint32_t pshift_ = 8;  // log2(bytes of memory per shadow page) = 7 + gshift_
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
  // The workgroup ended: its storage footprint is merged into the detector.
  void endWorkgroup();

 private:
  friend class RaceDetector;
  struct Acc {
    uint32_t pc = 0;
    uint32_t epoch = 0;
    uint32_t inv = 0;
    uint8_t kind = 0;
    uint8_t valid = 0;
    uint16_t pad = 0;
  };
  struct Cell {
    Acc w, r[2];
    Acc fpw, fpr, fat;  // footprint: first plain write, plain read, atomic access (storage only)
  };
  struct Page {
    uint64_t key = 0;
    uint32_t gen = 0;
    Cell cells[RaceDetector::kCells];
  };
  Page* page(uint64_t key);
  void touch(Cell& c, Space space, uint32_t object, const Acc& cur, uint64_t byte, uint32_t (&seen)[4], uint32_t& nseen);
  void report(const RaceAccess& a, const RaceAccess& b, Space space, uint32_t object, uint64_t offset, uint32_t size,
              bool cross, bool count);
  RaceAccess side(const Acc& a) const;

  RaceDetector& d_;
  uint32_t gen_ = 0;
  uint32_t wg_id_[3] = {0, 0, 0};
  uint64_t wg_linear_ = 0;
  uint32_t wg_epoch_ = 0, st_epoch_ = 0;
  // Open-addressing table (key -> page), entries valid when their page's gen is current.
  std::vector<int32_t> table_;
  std::vector<std::unique_ptr<Page>> pool_;
  size_t pool_used_ = 0;
  std::vector<Page*> touched_;  // storage pages of this workgroup
  Page* last_ = nullptr;
  Page* prev_ = nullptr;  // the page before last_ (a two-entry cache in front of table_)
  std::unordered_map<uint64_t, size_t> index_;  // (first.pc, second.pc) -> records_
  std::vector<RaceRecord> records_;
  RaceStats stats_;
};

}  // namespace wgsl::checks
