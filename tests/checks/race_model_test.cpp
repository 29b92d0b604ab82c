// The race detector against a brute-force model of WGSL's data-race rule, on random access
// traces: every pair of accesses is compared (overlapping bytes, different invocations, at least
// one write, not both atomic, and not ordered: different workgroups, or the same workgroup with
// no barrier of the access's address space between them). The traces mix what the detector
// handles in different ways: runs of consecutive lanes (one or several granules per lane),
// lanes sharing an address, unaligned single accesses, scattered accesses that turn pages
// granular, barriers of each kind, and two workers whose workgroups interleave.
//
// Checked on 400 traces (a third race-free by construction), with 2- and 4-byte granules: the
// detector finds a race exactly when the model does; every pair of instructions it reports
// races in the model; and every instruction that races with an earlier access of another
// workgroup is in some reported pair.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <vector>

#include "runtime/checks/race_detector.h"

namespace wgsl::checks {
namespace {

struct Access {
  uint32_t wg = 0, inv = 0;
  uint32_t wg_epoch = 0, st_epoch = 0;  // barriers of each kind the workgroup passed before it
  Space space = Space::Storage;
  uint32_t object = 0;
  uint64_t offset = 0;
  uint32_t size = 4;
  AccessKind kind = AccessKind::Load;
  uint32_t pc = 0;
};

bool conflicting(const Access& a, const Access& b) {
  if (a.space != b.space || a.object != b.object) return false;
  if (a.space == Space::Workgroup && a.wg != b.wg) return false;  // each workgroup has its own
  if (a.wg == b.wg && a.inv == b.inv) return false;
  if (a.offset + a.size <= b.offset || b.offset + b.size <= a.offset) return false;
  if (!isWrite(a.kind) && !isWrite(b.kind)) return false;
  if (isAtomic(a.kind) && isAtomic(b.kind)) return false;
  if (a.wg != b.wg) return true;
  return a.space == Space::Workgroup ? a.wg_epoch == b.wg_epoch : a.st_epoch == b.st_epoch;
}

// One workgroup's program: a list of steps, each a batch of lane accesses or a barrier.
struct Step {
  bool barrier = false;
  bool wg_mem = false, st_mem = false;
  AccessBatch batch;
  std::vector<uint32_t> offsets;
  bool one_lane = false;  // fed through accessOne (lane 0 of the batch)
};

struct Trace {
  uint32_t workgroups = 3;
  bool clean = false;
  std::vector<std::vector<Step>> programs;
};

constexpr uint32_t kLanes = 8, kInvocations = 16, kMemory = 2048;
constexpr uint32_t kSpan = 256;  // where racy traces access: small, so accesses collide

Trace randomTrace(uint32_t seed) {
  std::mt19937 rng(seed);
  auto pick = [&](uint32_t n) { return static_cast<uint32_t>(rng() % n); };
  Trace t;
  t.workgroups = 2 + pick(3);
  t.clean = seed % 3 == 0;
  const AccessKind kinds[] = {AccessKind::Load, AccessKind::Store, AccessKind::AtomicLoad, AccessKind::AtomicStore,
                              AccessKind::AtomicRmw};
  for (uint32_t g = 0; g < t.workgroups; ++g) {
    std::vector<Step> prog;
    const uint32_t steps = 4 + pick(12);
    for (uint32_t i = 0; i < steps; ++i) {
      Step s;
      if (pick(6) == 0) {
        s.barrier = true;
        s.wg_mem = pick(2);
        s.st_mem = pick(2);
        prog.push_back(s);
        continue;
      }
      AccessBatch& b = s.batch;
      b.space = pick(3) == 0 ? Space::Workgroup : Space::Storage;
      b.object = b.space == Space::Storage ? pick(2) : 0;
      // Mostly plain accesses; atomics on their own words (WGSL keeps them apart) or anywhere.
      b.kind = kinds[pick(4) == 0 ? 2 + pick(3) : pick(2)];
      b.pc = 1 + pick(6) + (b.kind >= AccessKind::AtomicLoad ? 10 : 0) + (b.space == Space::Workgroup ? 20 : 0);
      const uint32_t sizes[] = {4, 4, 8, 16, 2, 12};
      b.size = sizes[pick(6)];
      b.first_local_index = pick(2) * kLanes;
      const uint32_t shape = pick(4);
      const uint32_t base = pick(kSpan / 4) * 4 % (kSpan - 64);
      s.offsets.resize(kLanes);
      for (uint32_t l = 0; l < kLanes; ++l) {
        switch (shape) {
          case 0: s.offsets[l] = base + l * b.size; break;         // consecutive
          case 1: s.offsets[l] = base; break;                      // one address
          case 2: s.offsets[l] = pick(kSpan - 16) & ~1u; break;    // scattered
          default: s.offsets[l] = base + (l % 3) * b.size; break;  // repeating
        }
      }
      if (t.clean) {
        // Race-free by construction: writes and workgroup memory only at the invocation's own
        // 16 bytes, plain loads of storage only from binding 1, which nobody writes.
        const uint32_t inv = b.first_local_index;
        if (b.space == Space::Workgroup || isWrite(b.kind) || isAtomic(b.kind)) {
          b.object = 0;
          b.size = std::min(b.size, 12u) & ~3u;
          for (uint32_t l = 0; l < kLanes; ++l)
            s.offsets[l] = ((b.space == Space::Storage ? g * kInvocations : 0) + inv + l) * 16 + (shape == 2 ? 4 : 0);
        } else {
          b.object = 1;
        }
      }
      b.lanes = LaneBits{};
      for (uint32_t l = 0; l < kLanes; ++l)
        if (pick(5) != 0) b.lanes.set(l);
      s.one_lane = pick(8) == 0;
      prog.push_back(s);
    }
    t.programs.push_back(prog);
  }
  return t;
}

// The accesses of a trace in feeding order: workgroups in pairs, each pair on two workers whose
// steps alternate.
struct Fed {
  std::vector<Access> accesses;
  std::vector<RaceRecord> records;
  RaceStats stats;
};

Fed feed(const Trace& t, uint32_t granule) {
  RaceConfig c;
  c.num_workgroups[0] = t.workgroups;
  c.storage_sizes = {kMemory, kMemory};
  c.granule = granule;
  c.workgroup_bytes = 128;  // the rest of workgroup memory goes through pages
  c.epoch_limit = 12;               // renumbering happens often
  RaceDetector det(c);
  RaceWorker workers[2] = {RaceWorker(det), RaceWorker(det)};
  Fed out;
  for (uint32_t g0 = 0; g0 < t.workgroups; g0 += 2) {
    const uint32_t n = std::min(2u, t.workgroups - g0);
    uint32_t wg_epoch[2] = {0, 0}, st_epoch[2] = {0, 0};
    size_t pos[2] = {0, 0};
    for (uint32_t w = 0; w < n; ++w) {
      const uint32_t id[3] = {g0 + w, 0, 0};
      workers[w].startWorkgroup(id);
    }
    for (bool more = true; more;) {
      more = false;
      for (uint32_t w = 0; w < n; ++w) {
        const std::vector<Step>& prog = t.programs[g0 + w];
        if (pos[w] >= prog.size()) continue;
        more = true;
        const Step& s = prog[pos[w]++];
        if (s.barrier) {
          workers[w].barrier(s.wg_mem, s.st_mem);
          wg_epoch[w] += s.wg_mem;
          st_epoch[w] += s.st_mem;
          continue;
        }
        AccessBatch b = s.batch;
        std::vector<uint32_t> offsets = s.offsets;
        if (granule == 4) {  // 4-byte granules: the kernel makes no 2-byte access
          if (b.size == 2) b.size = 4;
          for (uint32_t& o : offsets) o &= ~3u;
        }
        b.lane_offsets = offsets.data();
        auto record = [&](uint32_t l) {
          Access a;
          a.wg = g0 + w;
          a.inv = b.first_local_index + l;
          a.wg_epoch = wg_epoch[w];
          a.st_epoch = st_epoch[w];
          a.space = b.space;
          a.object = b.object;
          a.offset = b.base_offset + offsets[l];
          a.size = b.size;
          a.kind = b.kind;
          a.pc = b.pc;
          out.accesses.push_back(a);
        };
        if (s.one_lane) {
          if (!b.lanes.test(0)) continue;
          workers[w].accessOne(b.space, b.object, b.kind, b.pc, b.first_local_index, offsets[0], b.size);
          record(0);
        } else {
          workers[w].access(b);
          forEachLane(b.lanes, record);
        }
      }
    }
    for (uint32_t w = 0; w < n; ++w) workers[w].endWorkgroup();
  }
  for (RaceWorker& w : workers) det.collect(w);
  out.records = det.records();
  out.stats = det.stats();
  return out;
}

TEST(RaceModel, RandomTracesAgreeWithTheMemoryModel) {
  uint32_t racy = 0, clean = 0;
  for (uint32_t seed = 1; seed <= 400; ++seed) {
    const Trace t = randomTrace(seed);
    for (uint32_t granule : {2u, 4u}) {
      const Fed f = feed(t, granule);
      std::set<std::pair<uint32_t, uint32_t>> model_pairs;  // (min pc, max pc) of racing pairs
      std::set<uint32_t> late_cross;  // pcs of accesses racing with an earlier one of another workgroup
      const auto& a = f.accesses;
      for (size_t j = 0; j < a.size(); ++j)
        for (size_t i = 0; i < j; ++i)
          if (conflicting(a[i], a[j])) {
            model_pairs.insert({std::min(a[i].pc, a[j].pc), std::max(a[i].pc, a[j].pc)});
            if (a[i].wg != a[j].wg) late_cross.insert(a[j].pc);
          }
      std::set<std::pair<uint32_t, uint32_t>> found;
      std::set<uint32_t> seconds;
      for (const RaceRecord& r : f.records) {
        found.insert({std::min(r.first.pc, r.second.pc), std::max(r.first.pc, r.second.pc)});
        seconds.insert(r.first.pc);
        seconds.insert(r.second.pc);
      }
      ASSERT_EQ(model_pairs.empty(), found.empty()) << "seed " << seed << " granule " << granule;
      for (const auto& p : found)
        EXPECT_TRUE(model_pairs.count(p)) << "seed " << seed << " granule " << granule << ": pair (" << p.first
                                          << ", " << p.second << ") reported but not a race";
      for (uint32_t pc : late_cross)
        EXPECT_TRUE(seconds.count(pc)) << "seed " << seed << " granule " << granule << ": pc " << pc
                                       << " races with another workgroup but is in no reported pair";
      (model_pairs.empty() ? clean : racy) += 1;
      EXPECT_EQ(f.stats.accesses, a.size());
    }
  }
  // The generator must produce both kinds of trace for the comparison to mean anything.
  EXPECT_GT(racy, 50u);
  EXPECT_GT(clean, 50u);
}

}  // namespace
}  // namespace wgsl::checks
