// The race detector alone (runtime/checks/race_detector), fed the access trace the engine
// produces for two kernels, against a plain C++ loop doing the kernel's work in the same run:
// - vector add: c[i] = a[i] + b[i], 256 invocations per workgroup, subgroups of 32 lanes, one
//   batch per subgroup instruction (load a, load b, store c), 4M elements;
// - tree reduction in workgroup memory: 256 invocations write their element, then 8 rounds of
//   `if (i < s) { t[i] += t[i + s]; }` with a workgroupBarrier after each, 64K workgroups.
// The figure of interest is the detector's time per lane access, and its ratio to the plain
// loop (the budget for `--races` is 5x the run without it, end to end; exec_bench
// --races measures that).
#include <fmt/format.h>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "bench/bench_util.h"
#include "runtime/checks/race_detector.h"

namespace {

using namespace wgsl::checks;
using wgslemu::bench::medianSeconds;

constexpr uint32_t kWg = 256, kLanes = 32;

double vectorAdd(uint32_t n, int reps, RaceStats& stats) {
  const uint32_t groups = (n + kWg - 1) / kWg;
  return medianSeconds(reps, [&] {
    RaceConfig c;
    c.num_workgroups[0] = groups;
    c.storage_sizes = {uint64_t{n} * 4, uint64_t{n} * 4, uint64_t{n} * 4};
    c.granule = 4;
    RaceDetector det(c);
    RaceWorker w(det);
    uint32_t offsets[kLanes];
    for (uint32_t l = 0; l < kLanes; ++l) offsets[l] = l * 4;
    for (uint32_t g = 0; g < groups; ++g) {
      const uint32_t id[3] = {g, 0, 0};
      w.startWorkgroup(id);
      for (uint32_t sg = 0; sg < kWg / kLanes; ++sg) {
        AccessBatch b;
        b.lanes = LaneBits::firstN(kLanes);
        b.lane_offsets = offsets;
        b.base_offset = (uint64_t{g} * kWg + sg * kLanes) * 4;
        b.first_local_index = sg * kLanes;
        for (uint32_t obj = 0; obj < 3; ++obj) {
          b.object = obj;
          b.pc = 10 + obj;
          b.kind = obj == 2 ? AccessKind::Store : AccessKind::Load;
          w.access(b);
        }
      }
      w.endWorkgroup();
    }
    det.collect(w);
    stats = det.stats();
  });
}

double reduction(uint32_t groups, int reps, RaceStats& stats) {
  return medianSeconds(reps, [&] {
    RaceConfig c;
    c.num_workgroups[0] = groups;
    c.storage_sizes = {uint64_t{groups} * kWg * 4};
    c.granule = 4;
    c.workgroup_bytes = kWg * 4;
    RaceDetector det(c);
    RaceWorker w(det);
    uint32_t offsets[kLanes];
    for (uint32_t l = 0; l < kLanes; ++l) offsets[l] = l * 4;
    for (uint32_t g = 0; g < groups; ++g) {
      const uint32_t id[3] = {g, 0, 0};
      w.startWorkgroup(id);
      AccessBatch b;
      b.lane_offsets = offsets;
      for (uint32_t sg = 0; sg < kWg / kLanes; ++sg) {  // t[i] = input[gid]
        b.lanes = LaneBits::firstN(kLanes);
        b.first_local_index = sg * kLanes;
        b.space = Space::Storage;
        b.kind = AccessKind::Load;
        b.pc = 1;
        b.base_offset = (uint64_t{g} * kWg + sg * kLanes) * 4;
        w.access(b);
        b.space = Space::Workgroup;
        b.kind = AccessKind::Store;
        b.pc = 2;
        b.base_offset = sg * kLanes * 4;
        w.access(b);
      }
      w.barrier(true, false);
      for (uint32_t s = kWg / 2; s >= 1; s /= 2) {
        for (uint32_t sg = 0; sg * kLanes < s; ++sg) {
          b.space = Space::Workgroup;
          b.lanes = LaneBits::firstN(std::min(kLanes, s - sg * kLanes));
          b.first_local_index = sg * kLanes;
          b.kind = AccessKind::Load;
          b.pc = 3;
          b.base_offset = sg * kLanes * 4;
          w.access(b);
          b.pc = 4;
          b.base_offset = (sg * kLanes + s) * 4;
          w.access(b);
          b.kind = AccessKind::Store;
          b.pc = 5;
          b.base_offset = sg * kLanes * 4;
          w.access(b);
        }
        w.barrier(true, false);
      }
      w.endWorkgroup();
    }
    det.collect(w);
    stats = det.stats();
  });
}

}  // namespace

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::atoi(argv[1]) : 5;
  const uint32_t n = 4u << 20;
  std::vector<float> a(n, 1.0f), b(n, 2.0f), c(n);
  const double loop = medianSeconds(reps, [&] {
    for (uint32_t i = 0; i < n; ++i) c[i] = a[i] + b[i];
  });
  RaceStats st;
  const double va = vectorAdd(n, reps, st);
  fmt::print("vector add, {} elements: plain loop {:.2f} ms, detector {:.1f} ms ({:.1f} ns per lane access, "
             "{:.0f}x the loop; {} races, {:.0f} MiB shadow)\n",
             n, loop * 1e3, va * 1e3, va * 1e9 / static_cast<double>(st.accesses), va / loop, st.races,
             static_cast<double>(st.shadow_bytes) / (1 << 20));
  const uint32_t groups = 1u << 14;
  std::vector<float> in(uint64_t{groups} * kWg, 1.0f), out(groups);
  const double rloop = medianSeconds(reps, [&] {
    for (uint32_t g = 0; g < groups; ++g) {
      float t[kWg];
      for (uint32_t i = 0; i < kWg; ++i) t[i] = in[uint64_t{g} * kWg + i];
      for (uint32_t s = kWg / 2; s >= 1; s /= 2)
        for (uint32_t i = 0; i < s; ++i) t[i] += t[i + s];
      out[g] = t[0];
    }
  });
  const double rd = reduction(groups, reps, st);
  fmt::print("tree reduction, {} workgroups of {}: plain loop {:.2f} ms, detector {:.1f} ms ({:.1f} ns per lane "
             "access, {:.0f}x the loop; {} races, {:.0f} MiB shadow)\n",
             groups, kWg, rloop * 1e3, rd * 1e3, rd * 1e9 / static_cast<double>(st.accesses), rd / rloop, st.races,
             static_cast<double>(st.shadow_bytes) / (1 << 20));
  std::printf("%s", c[n - 1] == 3.0f && out[0] == 256.0f ? "" : "plain loops gave wrong results\n");
  return 0;
}
