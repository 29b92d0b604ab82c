// Race detection in the engine, through the C++ API: races that must be found (a
// reduction missing its barrier, two workgroups writing one word, a chained scan passing
// plain data between workgroups, storage ordered only by workgroupBarrier) and non-races that
// must not be reported (barrier-separated accesses, storageBarrier for storage, atomics,
// disjoint bytes of one word written by different invocations). Whether a pair races follows
// from the WGSL memory model by hand (docs/dynamic-errors.md, "Race detection").
#include <gtest/gtest.h>

#include "tests/runtime/kernel_test_util.h"

namespace wgsl::testing {
namespace {

Report runRaces(const std::string& src, std::vector<Buffer> (*make)(Device&), uint32_t groups, uint32_t threads = 0) {
  DeviceOptions o;
  o.subgroup_size = 8;
  o.races = true;
  o.threads = threads;
  Device dev(o);
  return run(dev, src, make(dev), groups);
}

std::vector<Buffer> oneBuffer(Device& dev) { return {dev.createBuffer(std::vector<uint32_t>(256, 0))}; }
std::vector<Buffer> twoBuffers(Device& dev) {
  return {dev.createBuffer(std::vector<uint32_t>(256, 0)), dev.createBuffer(std::vector<uint32_t>(256, 0))};
}

std::vector<const Event*> races(const Report& r) {
  std::vector<const Event*> out;
  for (const Event& e : r.events)
    if (e.kind == Event::Race) out.push_back(&e);
  return out;
}

// Tree reduction over 32 invocations (4 subgroups of 8) without the barrier between filling
// the tile and the first step: the first step's reads of tile[l + 16] race with the writes
// of invocations 16-31 (line 5 and line 9). The later steps are barrier-separated.
const char* kReductionMissingBarrier = R"(@group(0) @binding(0) var<storage, read_write> out: array<u32>;
var<workgroup> tile: array<u32, 32>;
@compute @workgroup_size(32)
fn main(@builtin(local_invocation_index) l: u32) {
  tile[l] = l + 1u;
  var s = 16u;
  while (s > 0u) {
    if (l < s) {
      tile[l] += tile[l + s];
    }
    workgroupBarrier();
    s >>= 1u;
  }
  if (l == 0u) {
    out[0] = tile[0];
  }
}
)";

TEST(Races, ReductionMissingABarrier) {
  Report r = runRaces(kReductionMissingBarrier, oneBuffer, 1);
  auto rs = races(r);
  ASSERT_GE(rs.size(), 1u) << r.summary();
  EXPECT_EQ(r.status, Status::DynamicError);
  bool found = false;
  for (const Event* e : rs) {
    const uint32_t a = e->location.line, b = e->other_location.line;
    if ((a == 5 && b == 9) || (a == 9 && b == 5)) {
      found = true;
      EXPECT_EQ(e->variable, "tile");
      EXPECT_GE(e->count, 1u);
      EXPECT_NE(e->message.find("no workgroupBarrier between them"), std::string::npos) << e->message;
    }
    EXPECT_FALSE(a == 15 || b == 15) << e->message;  // out[0]: one writer
  }
  EXPECT_TRUE(found) << r.summary();
}

TEST(Races, ReductionWithTheBarrierIsRaceFree) {
  std::string fixed = kReductionMissingBarrier;
  fixed.replace(fixed.find("  var s = 16u;"), 0, "  workgroupBarrier();\n");
  Report r = runRaces(fixed, oneBuffer, 1);
  EXPECT_TRUE(races(r).empty()) << r.summary();
  EXPECT_EQ(r.status, Status::Ok) << r.summary();
}

// Every workgroup's invocation 0 writes out[0]: one race between workgroups, reported once
// for the pair of locations (the same line twice) with a count.
const char* kTwoWorkgroupsOneWord = R"(@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) l: u32, @builtin(workgroup_id) w: vec3<u32>) {
  if (l == 0u) {
    out[0] = w.x;
  }
  out[8u * w.x + 1u + l % 7u] = l;
}
)";

TEST(Races, TwoWorkgroupsWriteOneWord) {
  Report r = runRaces(kTwoWorkgroupsOneWord, oneBuffer, 2);
  auto rs = races(r);
  ASSERT_EQ(rs.size(), 2u) << r.summary();
  // Within a workgroup, invocations 0 and 7 both write out[8w + 1] (line 7): an intra-workgroup race.
  const Event* cross = rs[0]->location.line == 5 ? rs[0] : rs[1];
  const Event* intra = rs[0]->location.line == 5 ? rs[1] : rs[0];
  EXPECT_EQ(cross->other_location.line, 5u);
  EXPECT_NE(cross->workgroup_id[0], cross->other_workgroup_id[0]);
  EXPECT_EQ(cross->offset, 0u);
  EXPECT_EQ(cross->access, "write");
  EXPECT_NE(cross->message.find("different workgroups of one dispatch are never ordered"), std::string::npos);
  EXPECT_EQ(intra->location.line, 7u);
  EXPECT_EQ(intra->other_location.line, 7u);
  EXPECT_EQ(intra->count, 2u);  // once per workgroup
}

// A chained scan step: workgroup 0 publishes its sum with a plain store and raises an atomic
// flag; workgroup 1 reads the plain value once it sees the flag. WGSL's atomics are relaxed
// and barriers are workgroup-scoped, so the plain write and read race (one thread: workgroup 0
// runs first, so workgroup 1 does read).
const char* kChainedScan = R"(@group(0) @binding(0) var<storage, read_write> carry: array<u32>;
@group(0) @binding(1) var<storage, read_write> flag: array<atomic<u32>>;
@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) l: u32, @builtin(workgroup_id) w: vec3<u32>) {
  if (l != 0u) { return; }
  if (w.x == 0u) {
    carry[0] = 42u;
    atomicStore(&flag[0], 1u);
  } else if (atomicLoad(&flag[0]) == 1u) {
    carry[1] = carry[0] + 1u;
  }
}
)";

TEST(Races, ChainedScanPlainStoresAcrossWorkgroups) {
  Report r = runRaces(kChainedScan, twoBuffers, 2, 1);
  auto rs = races(r);
  ASSERT_EQ(rs.size(), 1u) << r.summary();
  const uint32_t a = rs[0]->location.line, b = rs[0]->other_location.line;
  EXPECT_TRUE((a == 7 && b == 10) || (a == 10 && b == 7)) << rs[0]->message;
  EXPECT_EQ(rs[0]->variable, "carry");
}

// Storage memory written, then read by another invocation of the same workgroup: ordered by
// storageBarrier, not by workgroupBarrier.
std::string storageExchange(const char* barrier) {
  return std::string(R"(@group(0) @binding(0) var<storage, read_write> buf: array<u32>;
@compute @workgroup_size(16)
fn main(@builtin(local_invocation_index) l: u32) {
  buf[l] = l;
  )") + barrier + R"(();
  buf[16u + l] = buf[(l + 1u) % 16u];
}
)";
}

TEST(Races, StorageNeedsAStorageBarrier) {
  Report ordered = runRaces(storageExchange("storageBarrier"), oneBuffer, 1);
  EXPECT_TRUE(races(ordered).empty()) << ordered.summary();
  Report unordered = runRaces(storageExchange("workgroupBarrier"), oneBuffer, 1);
  ASSERT_EQ(races(unordered).size(), 1u) << unordered.summary();
  EXPECT_NE(races(unordered)[0]->message.find("no storageBarrier between them"), std::string::npos);
}

TEST(Races, AtomicsNeverRace) {
  const char* src = R"(@group(0) @binding(0) var<storage, read_write> c: array<atomic<u32>>;
var<workgroup> wc: atomic<u32>;
@compute @workgroup_size(32)
fn main(@builtin(local_invocation_index) l: u32) {
  atomicAdd(&c[0], 1u);
  atomicMax(&c[1], l);
  atomicAdd(&wc, 1u);
  let x = atomicLoad(&wc);
  atomicStore(&c[2], x);
}
)";
  Report r = runRaces(src, oneBuffer, 4);
  EXPECT_TRUE(races(r).empty()) << r.summary();
  EXPECT_EQ(r.status, Status::Ok);
}

TEST(Races, DisjointBytesOfOneWordDoNotRace) {
  // f16 elements: invocations 2k and 2k + 1 write the two halves of word k.
  const char* src = R"(enable f16;
@group(0) @binding(0) var<storage, read_write> h: array<f16>;
@compute @workgroup_size(32)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
  h[g.x] = f16(g.x);
}
)";
  Report r = runRaces(src, oneBuffer, 4);
  EXPECT_TRUE(races(r).empty()) << r.summary();
  // The same kernel with both invocations writing the whole word does race.
  const char* whole = R"(@group(0) @binding(0) var<storage, read_write> w: array<u32>;
@compute @workgroup_size(32)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
  w[g.x / 2u] = g.x;
}
)";
  Report rw = runRaces(whole, oneBuffer, 4);
  ASSERT_EQ(races(rw).size(), 1u) << rw.summary();
  EXPECT_EQ(races(rw)[0]->count, 64u);  // 64 words, each written by two invocations
}

TEST(Races, OffByDefault) {
  DeviceOptions o;
  o.subgroup_size = 8;
  Device dev(o);
  Report r = run(dev, kTwoWorkgroupsOneWord, oneBuffer(dev), 2);
  EXPECT_TRUE(races(r).empty());
  EXPECT_EQ(r.status, Status::Ok);
}

}  // namespace
}  // namespace wgsl::testing

namespace wgsl::testing {
namespace {

// Variables made only of atomics are not tracked (their accesses can only be atomic), but a
// struct mixing an atomic with a plain member is: every workgroup's invocation 0 bumps the
// atomic counter (no race) and writes the plain `last` word (a race between workgroups).
// Read-only bindings are not tracked either; reading one everywhere is no race.
TEST(Races, MixedStructTrackedAtomicOnlyAndReadOnlyNot) {
  const char* src = R"(struct Tally { count: atomic<u32>, last: u32 }
@group(0) @binding(0) var<storage, read_write> tally: Tally;
@group(0) @binding(1) var<storage, read> input: array<u32>;
var<workgroup> bins: array<atomic<u32>, 4>;
@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) l: u32, @builtin(workgroup_id) w: vec3<u32>) {
  atomicAdd(&bins[input[l] % 4u], 1u);
  if (l == 0u) {
    atomicAdd(&tally.count, 1u);
    tally.last = w.x;
  }
}
)";
  Report r = runRaces(src, twoBuffers, 3);
  auto rs = races(r);
  ASSERT_EQ(rs.size(), 1u) << r.summary();
  EXPECT_EQ(rs[0]->location.line, 10u);
  EXPECT_EQ(rs[0]->other_location.line, 10u);
  EXPECT_EQ(rs[0]->offset, 4u);  // `last`, after the 4-byte counter
  EXPECT_NE(rs[0]->workgroup_id[0], rs[0]->other_workgroup_id[0]);
}

}  // namespace
}  // namespace wgsl::testing

namespace wgsl::testing {
namespace {

// The race shadow keeps local invocation indices in 16 bits: a device whose limits allow a
// larger workgroup gets a clear error from --races, not aliased invocations.
TEST(Races, WorkgroupsBeyondTheShadowsIndexRangeAreAnError) {
  DeviceOptions o;
  o.races = true;
  o.limits.max_compute_invocations_per_workgroup = 70000;
  o.limits.max_compute_workgroup_size_x = 70000;
  Device dev(o);
  const char* src = R"(@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(65537)
fn main(@builtin(local_invocation_index) l: u32) {
  if (l == 0u) { out[0] = 1u; }
}
)";
  ComputePipeline p = makePipeline(dev, src);
  BindGroup bg;
  bg.bind(0, 0, dev.createBuffer(std::vector<uint32_t>(4, 0)));
  try {
    dev.dispatch(p, {bg}, 1);
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("entry point 'main': workgroup size 65537x1x1 = 65537 invocations; --races "
                                         "supports at most 65536 invocations per workgroup"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace wgsl::testing
