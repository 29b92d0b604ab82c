// Race detection on hand-written access traces: what the WGSL memory model orders (same
// invocation; same workgroup across a barrier of the right address space) and what it does not
// (different invocations between barriers, different workgroups, the wrong barrier).
#include <gtest/gtest.h>

#include <set>
#include <thread>

#include "runtime/checks/race_detector.h"

namespace wgsl::checks {
namespace {

constexpr auto W = Space::Workgroup;
constexpr auto St = Space::Storage;
constexpr auto Ld = AccessKind::Load;
constexpr auto Sto = AccessKind::Store;
constexpr auto Rmw = AccessKind::AtomicRmw;

struct Fixture {
  RaceDetector det;
  RaceWorker w;
  explicit Fixture(uint32_t workgroups = 4, std::vector<uint64_t> sizes = {1024, 1024})
      : det(config(workgroups, std::move(sizes))), w(det) {}
  static RaceConfig config(uint32_t workgroups, std::vector<uint64_t> sizes) {
    RaceConfig c;
    c.num_workgroups[0] = workgroups;
    c.storage_sizes = std::move(sizes);
    return c;
  }
  void wg(uint32_t x) {
    const uint32_t id[3] = {x, 0, 0};
    w.startWorkgroup(id);
  }
  // One lane's access: (space, pc, invocation, kind, offset, size).
  void acc(Space sp, uint32_t pc, uint32_t inv, AccessKind k, uint64_t off, uint32_t size = 4, uint32_t object = 0) {
    w.accessOne(sp, object, k, pc, inv, off, size);
  }
  std::vector<RaceRecord> done() {
    w.endWorkgroup();
    det.collect(w);
    return det.records();
  }
};

TEST(RaceDetector, WriteWriteSameWorkgroupNoBarrier) {
  Fixture f;
  f.wg(0);
  f.acc(W, 10, 0, Sto, 16);
  f.acc(W, 11, 1, Sto, 16);
  auto r = f.done();
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].first.pc, 10u);
  EXPECT_EQ(r[0].first.local_index, 0u);
  EXPECT_EQ(r[0].second.pc, 11u);
  EXPECT_EQ(r[0].second.local_index, 1u);
  EXPECT_EQ(r[0].space, W);
  EXPECT_FALSE(r[0].cross_workgroup);
  EXPECT_EQ(r[0].count, 1u);
  EXPECT_EQ(r[0].offset, 16u);
}

TEST(RaceDetector, ReadWriteBothOrders) {
  Fixture f;
  f.wg(0);
  f.acc(W, 1, 0, Sto, 0);
  f.acc(W, 2, 1, Ld, 0);  // reads what invocation 0 wrote, no barrier
  f.acc(W, 3, 2, Ld, 8);
  f.acc(W, 4, 3, Sto, 8);  // overwrites what invocation 2 read, no barrier
  auto r = f.done();
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].first.pc, 1u);
  EXPECT_EQ(r[0].first.kind, Sto);
  EXPECT_EQ(r[0].second.kind, Ld);
  EXPECT_EQ(r[1].first.pc, 3u);
  EXPECT_EQ(r[1].first.kind, Ld);
  EXPECT_EQ(r[1].second.pc, 4u);
}

TEST(RaceDetector, WorkgroupBarrierOrdersWorkgroupMemory) {
  Fixture f;
  f.wg(0);
  f.acc(W, 1, 0, Sto, 0);
  f.w.barrier(true, false);  // workgroupBarrier
  f.acc(W, 2, 1, Ld, 0);
  f.acc(W, 3, 1, Sto, 0);
  f.w.barrier(true, false);
  f.acc(W, 4, 0, Ld, 0);
  EXPECT_TRUE(f.done().empty());
}

TEST(RaceDetector, StorageBarrierDoesNotOrderWorkgroupMemory) {
  Fixture f;
  f.wg(0);
  f.acc(W, 1, 0, Sto, 0);
  f.w.barrier(false, true);  // storageBarrier
  f.acc(W, 2, 1, Ld, 0);
  EXPECT_EQ(f.done().size(), 1u);
}

TEST(RaceDetector, WorkgroupBarrierDoesNotOrderStorageMemory) {
  Fixture f;
  f.wg(0);
  f.acc(St, 1, 0, Sto, 0);
  f.w.barrier(true, false);  // workgroupBarrier: WorkgroupMemory semantics only
  f.acc(St, 2, 1, Ld, 0);
  auto r = f.done();
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].space, St);
  EXPECT_FALSE(r[0].cross_workgroup);
}

TEST(RaceDetector, StorageBarrierOrdersStorageMemoryInOneWorkgroup) {
  Fixture f;
  f.wg(0);
  f.acc(St, 1, 0, Sto, 0);
  f.w.barrier(false, true);
  f.acc(St, 2, 1, Ld, 0);
  f.acc(St, 3, 1, Sto, 4);
  f.w.barrier(true, true);  // both barriers
  f.acc(St, 4, 0, Ld, 4);
  EXPECT_TRUE(f.done().empty());
}

TEST(RaceDetector, TextureBarrierOrdersNeither) {
  Fixture f;
  f.wg(0);
  f.acc(W, 1, 0, Sto, 0);
  f.acc(St, 2, 0, Sto, 0);
  f.w.barrier(false, false);  // textureBarrier: handle memory only
  f.acc(W, 3, 1, Ld, 0);
  f.acc(St, 4, 1, Ld, 0);
  EXPECT_EQ(f.done().size(), 2u);
}

TEST(RaceDetector, SameInvocationIsProgramOrdered) {
  Fixture f;
  f.wg(0);
  f.acc(W, 1, 5, Sto, 0);
  f.acc(W, 2, 5, Ld, 0);
  f.acc(W, 3, 5, Sto, 0);
  f.acc(St, 4, 5, Sto, 0);
  f.acc(St, 5, 5, Sto, 0);
  EXPECT_TRUE(f.done().empty());
}

TEST(RaceDetector, ReadsDoNotRace) {
  Fixture f;
  f.wg(0);
  for (uint32_t i = 0; i < 8; ++i) f.acc(W, 1, i, Ld, 0);
  f.done();
  f.wg(1);
  for (uint32_t i = 0; i < 8; ++i) f.acc(St, 2, i, Ld, 0);
  EXPECT_TRUE(f.done().empty());
}

TEST(RaceDetector, AtomicsDoNotRaceWithAtomics) {
  Fixture f;
  f.wg(0);
  for (uint32_t i = 0; i < 8; ++i) f.acc(W, 1, i, Rmw, 0);
  for (uint32_t i = 0; i < 8; ++i) f.acc(St, 2, i, Rmw, 0);
  f.acc(St, 3, 0, AccessKind::AtomicLoad, 0);
  f.acc(St, 4, 1, AccessKind::AtomicStore, 0);
  f.done();
  f.wg(1);  // other workgroups too
  for (uint32_t i = 0; i < 8; ++i) f.acc(St, 2, i, Rmw, 0);
  EXPECT_TRUE(f.done().empty());
}

TEST(RaceDetector, PlainAccessRacesWithAtomicWrite) {
  // Only possible through an out-of-bounds redirect, but a race by the memory model.
  Fixture f;
  f.wg(0);
  f.acc(St, 1, 0, Rmw, 0);
  f.acc(St, 2, 1, Ld, 0);
  EXPECT_EQ(f.done().size(), 1u);
}

TEST(RaceDetector, DisjointBytesOfOneWordDoNotRace) {
  Fixture f;
  f.wg(0);
  f.acc(W, 1, 0, Sto, 0, 2);  // f16 in the low half
  f.acc(W, 2, 1, Sto, 2, 2);  // f16 in the high half
  f.acc(St, 3, 0, Sto, 100, 2);
  f.acc(St, 4, 1, Sto, 102, 2);
  f.done();
  f.wg(1);
  f.acc(St, 5, 0, Sto, 104, 2);
  f.done();
  f.wg(2);
  f.acc(St, 6, 0, Sto, 106, 2);
  EXPECT_TRUE(f.done().empty());
}

TEST(RaceDetector, OverlappingRangesRace) {
  Fixture f;
  f.wg(0);
  f.acc(W, 1, 0, Sto, 0, 16);  // a vec4 store
  f.acc(W, 2, 1, Ld, 12, 2);   // an f16 inside its last component
  auto r = f.done();
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].offset, 12u);
  EXPECT_EQ(r[0].count, 1u);  // one dynamic pair, not one per 2-byte granule
}

TEST(RaceDetector, DifferentWorkgroupsWritingOneWord) {
  Fixture f;
  f.wg(0);
  f.acc(St, 7, 3, Sto, 40);
  f.done();
  f.wg(1);
  f.acc(St, 8, 0, Sto, 40);
  auto r = f.done();
  ASSERT_EQ(r.size(), 1u);
  EXPECT_TRUE(r[0].cross_workgroup);
  EXPECT_EQ(r[0].first.pc, 7u);
  EXPECT_EQ(r[0].first.workgroup_id[0], 0u);
  EXPECT_EQ(r[0].first.local_index, 3u);
  EXPECT_EQ(r[0].second.pc, 8u);
  EXPECT_EQ(r[0].second.workgroup_id[0], 1u);
  EXPECT_EQ(r[0].offset, 40u);
  EXPECT_EQ(r[0].count, 1u);
}

TEST(RaceDetector, DifferentWorkgroupsAreNeverOrderedByBarriers) {
  Fixture f;
  f.wg(0);
  f.acc(St, 1, 0, Sto, 0);
  f.w.barrier(true, true);
  f.done();
  f.wg(1);
  f.w.barrier(true, true);
  f.acc(St, 2, 0, Ld, 0);
  EXPECT_EQ(f.done().size(), 1u);
}

TEST(RaceDetector, DifferentWorkgroupsDisjointWordsOrBindingsDoNotRace) {
  Fixture f;
  for (uint32_t g = 0; g < 4; ++g) {
    f.wg(g);
    for (uint32_t i = 0; i < 8; ++i) f.acc(St, 1, i, Sto, (g * 8 + i) * 4);
    f.acc(St, 2, 0, Sto, 0, 4, 1 + 0 * g);  // binding 1, word 0... by every workgroup: a race
    f.done();
  }
  auto r = f.det.records();
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].object, 1u);
  EXPECT_EQ(r[0].count, 3u);  // workgroups 1, 2, 3 each conflict with an earlier one
  // Workgroup memory of different workgroups is different memory.
  Fixture h;
  for (uint32_t g = 0; g < 3; ++g) {
    h.wg(g);
    h.acc(W, 1, 0, Sto, 0);
    h.done();
  }
  EXPECT_TRUE(h.det.records().empty());
}

TEST(RaceDetector, ReadInOneWorkgroupWriteInAnother) {
  for (int order = 0; order < 2; ++order) {
    Fixture f;
    f.wg(order == 0 ? 0 : 1);
    f.acc(St, 1, 0, Ld, 64);
    f.done();
    f.wg(order == 0 ? 1 : 0);
    f.acc(St, 2, 0, Sto, 64);
    auto r = f.done();
    ASSERT_EQ(r.size(), 1u) << order;
    EXPECT_TRUE(r[0].cross_workgroup);
  }
}

// Tree reduction in workgroup memory, 8 invocations: for s = 4, 2, 1: if i < s,
// a[i] = a[i] + a[i + s]; with a barrier after each step, or not.
std::vector<RaceRecord> reduction(bool barriers) {
  Fixture f;
  f.wg(0);
  for (uint32_t i = 0; i < 8; ++i) f.acc(W, 1, i, Sto, i * 4);  // a[i] = input
  if (barriers) f.w.barrier(true, false);
  for (uint32_t s = 4; s >= 1; s /= 2) {
    for (uint32_t i = 0; i < s; ++i) {
      f.acc(W, 2, i, Ld, i * 4);
      f.acc(W, 3, i, Ld, (i + s) * 4);
      f.acc(W, 4, i, Sto, i * 4);
    }
    if (barriers) f.w.barrier(true, false);
  }
  return f.done();
}

TEST(RaceDetector, ReductionWithAndWithoutBarriers) {
  EXPECT_TRUE(reduction(true).empty());
  auto r = reduction(false);
  ASSERT_FALSE(r.empty());
  // The first step reads a[4..7] written by invocations 4..7 (pc 1): a (1, 3) pair exists.
  std::set<std::pair<uint32_t, uint32_t>> pairs;
  for (const RaceRecord& x : r) pairs.insert({x.first.pc, x.second.pc});
  EXPECT_TRUE(pairs.count({1, 3}));
}

TEST(RaceDetector, BatchOfLanesWritingOneAddress) {
  Fixture f;
  f.wg(0);
  AccessBatch b;
  b.space = St;
  b.kind = Sto;
  b.pc = 9;
  b.lanes = LaneBits::firstN(8);
  b.base_offset = 12;  // every lane writes word 3
  b.size = 4;
  f.w.access(b);
  auto r = f.done();
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].first.pc, 9u);
  EXPECT_EQ(r[0].second.pc, 9u);
  EXPECT_EQ(r[0].count, 7u);  // lanes 1..7 each conflict with the previous writer
}

TEST(RaceDetector, BatchWithPerLaneOffsetsAndMask) {
  Fixture f;
  f.wg(0);
  uint32_t offsets[32];
  for (uint32_t l = 0; l < 32; ++l) offsets[l] = l * 4;
  AccessBatch b;
  b.space = W;
  b.kind = Sto;
  b.pc = 1;
  b.lanes = LaneBits::firstN(32);
  b.lane_offsets = offsets;
  b.first_local_index = 32;  // the second subgroup
  f.w.access(b);
  // Neighbour reads without a barrier: lanes 0..30 read offsets[l + 1], written by another invocation.
  AccessBatch rd = b;
  rd.kind = Ld;
  rd.pc = 2;
  rd.base_offset = 4;
  rd.lanes = LaneBits::firstN(31);
  f.w.access(rd);
  auto r = f.done();
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].count, 31u);
  EXPECT_EQ(r[0].first.local_index, 33u);
  EXPECT_EQ(r[0].second.local_index, 32u);
  EXPECT_EQ(f.det.stats().accesses, 63u);
}

TEST(RaceDetector, ThirdReaderStillFound) {
  // Readers 1, 2, 3 of one word, then invocation 1 writes: races with 2 and 3, never with
  // itself. A page still holding runs remembers every reader; per-granule cells (workgroup
  // memory of a known size) remember two, which is enough to find a race with 2 or 3.
  for (uint32_t wg_bytes : {0u, 64u}) {
    RaceConfig c = Fixture::config(1, {1024});
    c.workgroup_bytes = wg_bytes;
    RaceDetector det(c);
    RaceWorker w(det);
    const uint32_t id[3] = {0, 0, 0};
    w.startWorkgroup(id);
    w.accessOne(W, 0, Ld, 1, 1, 0, 4);
    w.accessOne(W, 0, Ld, 2, 2, 0, 4);
    w.accessOne(W, 0, Ld, 3, 3, 0, 4);
    w.accessOne(W, 0, Sto, 4, 1, 0, 4);
    w.endWorkgroup();
    det.collect(w);
    auto r = det.records();
    ASSERT_FALSE(r.empty()) << wg_bytes;
    for (const RaceRecord& x : r) {
      EXPECT_EQ(x.second.pc, 4u);
      EXPECT_NE(x.first.local_index, 1u);
    }
    if (wg_bytes == 0) {
      EXPECT_EQ(r.size(), 2u);
    }
  }
}

TEST(RaceDetector, PackedBytesAtomicVsNaive) {
  // Futhark-style i8 stores packed in one u32: four invocations set their byte of word 0.
  Fixture atomic;
  atomic.wg(0);
  for (uint32_t i = 0; i < 4; ++i) {
    atomic.acc(St, 1, i, Rmw, 0);  // atomicAnd (clear the byte)
    atomic.acc(St, 2, i, Rmw, 0);  // atomicOr (set it)
  }
  EXPECT_TRUE(atomic.done().empty());
  Fixture naive;
  naive.wg(0);
  for (uint32_t i = 0; i < 4; ++i) {
    naive.acc(St, 1, i, Ld, 0);   // let w = buf[0];
    naive.acc(St, 2, i, Sto, 0);  // buf[0] = (w & ~mask) | byte;
  }
  auto r = naive.done();
  ASSERT_FALSE(r.empty());
  for (const RaceRecord& x : r) EXPECT_EQ(x.offset, 0u);
}

TEST(RaceDetector, ChainedScanLookbackViaPlainStores) {
  // Workgroup 0 publishes its aggregate with plain stores (data at 256, flag at 260);
  // workgroup 1 spins on the flag with atomics (fine) but reads the data with a plain load.
  Fixture f;
  f.wg(0);
  f.acc(St, 1, 0, Sto, 256);                    // aggregate[0] = sum (plain)
  f.acc(St, 2, 0, AccessKind::AtomicStore, 260);  // atomicStore(&flag[0], READY)
  f.done();
  f.wg(1);
  f.acc(St, 3, 0, AccessKind::AtomicLoad, 260);  // atomicLoad(&flag[0])
  f.acc(St, 4, 0, Ld, 256);                      // aggregate[0] (plain): a race
  auto r = f.done();
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].first.pc, 1u);
  EXPECT_EQ(r[0].second.pc, 4u);
  EXPECT_TRUE(r[0].cross_workgroup);
}

TEST(RaceDetector, SamePairCountedOncePerRecord) {
  Fixture f;
  for (uint32_t g = 0; g < 3; ++g) {
    f.wg(g);
    for (uint32_t round = 0; round < 5; ++round) {
      f.acc(W, 1, 0, Sto, 0);
      f.acc(W, 2, 1, Sto, 0);
    }
    f.w.endWorkgroup();
  }
  f.det.collect(f.w);
  auto r = f.det.records();
  ASSERT_EQ(r.size(), 1u);
  // Each of the 10 stores per workgroup after the first conflicts with the previous one.
  EXPECT_EQ(r[0].count, 3u * 9u);
  EXPECT_EQ(f.det.stats().races, 27u);
}

TEST(RaceDetector, ParallelWorkersFindCrossWorkgroupRaces) {
  RaceConfig c;
  c.num_workgroups[0] = 64;
  c.storage_sizes = {64 * 64 * 4 + 4};
  RaceDetector det(c);
  auto run = [&](uint32_t first) {
    RaceWorker w(det);
    for (uint32_t g = first; g < 64; g += 2) {
      const uint32_t id[3] = {g, 0, 0};
      w.startWorkgroup(id);
      for (uint32_t i = 0; i < 64; ++i) w.accessOne(St, 0, Sto, 1, i, (g * 64 + i) * 4, 4);  // own words
      w.accessOne(St, 0, Rmw, 2, 0, 64 * 64 * 4, 4);  // a shared atomic counter
      if (g == 10 || g == 51) w.accessOne(St, 0, Sto, 3, 0, 7 * 64 * 4, 4);  // workgroup 7's word 0
      w.endWorkgroup();
    }
    det.collect(w);
  };
  std::thread t0(run, 0), t1(run, 1);
  t0.join();
  t1.join();
  std::set<std::pair<uint32_t, uint32_t>> pairs;
  for (const RaceRecord& r : det.records()) pairs.insert({std::min(r.first.pc, r.second.pc), std::max(r.first.pc, r.second.pc)});
  // Workgroup 7 (pc 1) and workgroups 10, 51 (pc 3) write word 7*64: pairs (1,3) and (3,3).
  EXPECT_TRUE(pairs.count({1, 3}));
  EXPECT_FALSE(pairs.count({1, 1}));
  EXPECT_FALSE(pairs.count({2, 2}));
  EXPECT_EQ(det.stats().accesses, 64u * 65u + 2u);  // 64 own words + the counter per workgroup, 2 extra stores
}

TEST(RaceDetector, ShadowMemoryIsBounded) {
  RaceConfig c;
  c.storage_sizes = {1 << 20};
  c.max_shadow_bytes = 64 * 1024;  // a few pages
  RaceDetector det(c);
  RaceWorker w(det);
  const uint32_t id[3] = {0, 0, 0};
  w.startWorkgroup(id);
  for (uint32_t i = 0; i < 4096; ++i) w.accessOne(St, 0, Sto, 1, 0, uint64_t{i} * 256, 4);
  w.endWorkgroup();
  det.collect(w);
  EXPECT_TRUE(det.stats().incomplete);
  EXPECT_LE(det.stats().shadow_bytes, 64u * 1024u);
}

TEST(RaceDetector, ResultsDoNotDependOnWorkgroupOrder) {
  // Workgroups 0 and 2 write word 0, workgroup 1 reads it; each also writes its own word.
  auto run = [](const std::vector<uint32_t>& order) {
    Fixture f(3);
    for (uint32_t g : order) {
      f.wg(g);
      f.acc(St, 10 + g, 0, g == 1 ? Ld : Sto, 0);
      f.acc(St, 20 + g, 0, Sto, 100 + g * 4);
      f.done();
    }
    std::set<uint64_t> offsets;
    uint64_t count = 0;
    for (const RaceRecord& r : f.det.records()) {
      offsets.insert(r.offset);
      count += r.count;
    }
    EXPECT_EQ(offsets, (std::set<uint64_t>{0}));
    return count;
  };
  // The second and third workgroup to run each conflict with an earlier one on word 0.
  EXPECT_EQ(run({0, 1, 2}), 2u);
  EXPECT_EQ(run({2, 1, 0}), 2u);
  EXPECT_EQ(run({1, 2, 0}), 2u);
}

}  // namespace
}  // namespace wgsl::checks

namespace wgsl::checks {
namespace {

// 4-byte granules (RaceConfig::granule = 4, for kernels without 2-byte accesses): the same
// verdicts on 4-byte accesses, including across the 512-byte shadow pages, within a workgroup
// and between workgroups.
TEST(RaceDetector, FourByteGranules) {
  RaceConfig c;
  c.num_workgroups[0] = 2;
  c.storage_sizes = {4096};
  c.granule = 4;
  RaceDetector det(c);
  RaceWorker w(det);
  const uint32_t id0[3] = {0, 0, 0}, id1[3] = {1, 0, 0};
  w.startWorkgroup(id0);
  w.accessOne(Space::Storage, 0, AccessKind::Store, 1, 0, 508, 4);   // last word of page 0
  w.accessOne(Space::Storage, 0, AccessKind::Store, 2, 1, 512, 4);   // first word of page 1
  w.accessOne(Space::Storage, 0, AccessKind::Load, 3, 2, 508, 8);    // both: races with 1 and 2
  w.accessOne(Space::Workgroup, 0, AccessKind::Store, 4, 0, 0, 4);
  w.accessOne(Space::Workgroup, 0, AccessKind::Store, 5, 1, 4, 4);   // another word: no race
  w.endWorkgroup();
  w.startWorkgroup(id1);
  w.accessOne(Space::Storage, 0, AccessKind::Store, 6, 0, 2048, 4);  // only workgroup 1: no race
  w.accessOne(Space::Storage, 0, AccessKind::Load, 7, 0, 512, 4);    // races with workgroup 0's write
  w.endWorkgroup();
  det.collect(w);
  std::set<std::pair<uint32_t, uint32_t>> pairs;
  for (const RaceRecord& r : det.records()) pairs.insert({std::min(r.first.pc, r.second.pc), std::max(r.first.pc, r.second.pc)});
  EXPECT_EQ(pairs, (std::set<std::pair<uint32_t, uint32_t>>{{1, 3}, {2, 3}, {2, 7}}));
}

}  // namespace
}  // namespace wgsl::checks
