// Atomics under contention (exact counts) and subgroup/quad operations with active-lane
// semantics at subgroup sizes 4..128, including partially filled subgroups.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>

#include "runtime/event_report.h"
#include "tests/runtime/kernel_test_util.h"

namespace wgsl::testing {
namespace {

TEST(Atomics, ContendedCountersAreExactAcrossWorkgroupsAndThreads) {
  Device dev({32, 2});
  ComputePipeline p = makePipeline(dev, R"(
struct Counters { add: atomic<u32>, sub: atomic<i32>, mx: atomic<i32>, mn: atomic<u32>, orr: atomic<u32>, xr: atomic<u32> }
@group(0) @binding(0) var<storage, read_write> c: Counters;
@group(0) @binding(1) var<storage, read_write> bins: array<atomic<u32>, 16>;
var<workgroup> local: atomic<u32>;
@compute @workgroup_size(64) fn main(@builtin(global_invocation_id) g: vec3<u32>, @builtin(local_invocation_index) li: u32) {
  atomicAdd(&c.add, 1u);
  atomicSub(&c.sub, 2);
  atomicMax(&c.mx, i32(g.x) - 1000);
  atomicMin(&c.mn, g.x + 5u);
  atomicOr(&c.orr, 1u << (g.x % 32u));
  atomicXor(&c.xr, g.x);
  atomicAdd(&bins[g.x % 16u], g.x);
  atomicAdd(&local, 1u);
  workgroupBarrier();
  if (li == 0u && atomicLoad(&local) != 64u) { atomicStore(&c.add, 0xdeadu); }
})");
  Buffer c = dev.createBuffer(std::vector<uint32_t>{0, 0, static_cast<uint32_t>(INT32_MIN), 0xffffffffu, 0, 0});
  Buffer bins = dev.createBuffer(64);
  BindGroup bg;
  bg.bind(0, 0, c).bind(0, 1, bins);
  const uint32_t groups = 100, n = groups * 64;
  Report r = dev.dispatch(p, {bg}, groups);
  ASSERT_TRUE(r.ok()) << r.summary();
  auto v = c.read<uint32_t>();
  uint32_t x = 0;
  for (uint32_t i = 0; i < n; ++i) x ^= i;
  EXPECT_EQ(v[0], n);
  EXPECT_EQ(static_cast<int32_t>(v[1]), -2 * static_cast<int32_t>(n));
  EXPECT_EQ(static_cast<int32_t>(v[2]), static_cast<int32_t>(n - 1) - 1000);
  EXPECT_EQ(v[3], 5u);
  EXPECT_EQ(v[4], 0xffffffffu);
  EXPECT_EQ(v[5], x);
  auto b = bins.read<uint32_t>();
  for (uint32_t k = 0; k < 16; ++k) {
    uint32_t s = 0;
    for (uint32_t i = k; i < n; i += 16) s += i;
    EXPECT_EQ(b[k], s) << k;
  }
}

// Lanes of a subgroup adding to one word (a ticket counter; some lanes inactive): each result
// is the value just before that invocation's own addition, so sorted by result the tickets
// chain exactly (old + own increment = the next result) from 0 to the total, across workgroups
// and threads; the same for a subtraction.
TEST(Atomics, TicketsFromOneCounterChainExactly) {
  Device dev({32, 2});
  ComputePipeline p = makePipeline(dev, R"(
struct Counters { up: atomic<u32>, down: atomic<u32> }
@group(0) @binding(0) var<storage, read_write> c: Counters;
@group(0) @binding(1) var<storage, read_write> got: array<vec2<u32>>;
@compute @workgroup_size(64) fn main(@builtin(global_invocation_id) g: vec3<u32>) {
  got[g.x] = vec2<u32>(0xffffffffu, 0xffffffffu);
  if (g.x % 4u != 1u) {
    got[g.x] = vec2<u32>(atomicAdd(&c.up, 1u + g.x % 3u), atomicSub(&c.down, 2u + g.x % 5u));
  }
})");
  const uint32_t groups = 50, n = groups * 64;
  Buffer c = dev.createBuffer(std::vector<uint32_t>{0, 1000000});
  Buffer got = dev.createBuffer(n * 8);
  BindGroup bg;
  bg.bind(0, 0, c).bind(0, 1, got);
  ASSERT_TRUE(dev.dispatch(p, {bg}, groups).ok());
  auto o = got.read<uint32_t>();
  std::vector<std::pair<uint32_t, uint32_t>> up, down;  // (result, own operand)
  for (uint32_t i = 0; i < n; ++i) {
    if (i % 4 == 1) {
      EXPECT_EQ(o[2 * i], 0xffffffffu);
      continue;
    }
    up.push_back({o[2 * i], 1 + i % 3});
    down.push_back({o[2 * i + 1], 2 + i % 5});
  }
  std::sort(up.begin(), up.end());
  std::sort(down.begin(), down.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  uint32_t expect_up = 0, expect_down = 1000000;
  for (size_t k = 0; k < up.size(); ++k) {
    ASSERT_EQ(up[k].first, expect_up) << k;
    expect_up += up[k].second;
    ASSERT_EQ(down[k].first, expect_down) << k;
    expect_down -= down[k].second;
  }
  auto v = c.read<uint32_t>();
  EXPECT_EQ(v[0], expect_up);
  EXPECT_EQ(v[1], expect_down);
}

TEST(Atomics, CompareExchangeWeakResultStructAndExchange) {
  Device dev({8});
  ComputePipeline p = makePipeline(dev, R"(
@group(0) @binding(0) var<storage, read_write> lock: atomic<u32>;
@group(0) @binding(1) var<storage, read_write> winners: array<u32>;
@group(0) @binding(2) var<storage, read_write> olds: array<u32>;
@compute @workgroup_size(16) fn main(@builtin(local_invocation_index) i: u32) {
  let r = atomicCompareExchangeWeak(&lock, 0u, i + 1u);
  winners[i] = select(0u, 1u, r.exchanged);
  olds[i] = r.old_value;
})");
  Buffer lock = dev.createBuffer(4), w = dev.createBuffer(64), o = dev.createBuffer(64);
  BindGroup bg;
  bg.bind(0, 0, lock).bind(0, 1, w).bind(0, 2, o);
  ASSERT_TRUE(dev.dispatch(p, {bg}, 1).ok());
  // Exactly one invocation exchanged (lanes run in order, so the first); others saw its value.
  auto wv = w.read<uint32_t>(), ov = o.read<uint32_t>();
  const uint32_t winner_value = lock.read<uint32_t>()[0];
  uint32_t wins = 0;
  for (uint32_t i = 0; i < 16; ++i) {
    wins += wv[i];
    if (wv[i]) {
      EXPECT_EQ(ov[i], 0u);
      EXPECT_EQ(winner_value, i + 1);
    } else {
      EXPECT_EQ(ov[i], winner_value);
    }
  }
  EXPECT_EQ(wins, 1u);
}

class Subgroups : public ::testing::TestWithParam<uint32_t> {};

// Workgroup of 100 invocations (not a multiple of any subgroup size >= 8); lanes with
// i % 3 == 2 are inactive in the operations.
TEST_P(Subgroups, ReductionsScansBallotsAndShufflesOverActiveLanes) {
  const uint32_t S = GetParam(), W = 100;
  Device dev({S});
  ComputePipeline p = makeNonUniformPipeline(dev, R"(
enable subgroups;
@group(0) @binding(0) var<storage, read_write> out: array<array<u32, 12>, 100>;
@compute @workgroup_size(100) fn main(@builtin(local_invocation_index) i: u32,
    @builtin(subgroup_invocation_id) lane: u32, @builtin(subgroup_size) size: u32) {
  let v = i * 3u + 1u;
  if (i % 3u != 2u) {
    out[i][0] = subgroupAdd(v);
    out[i][1] = subgroupExclusiveAdd(v);
    out[i][2] = subgroupInclusiveAdd(v);
    out[i][3] = subgroupMax(v);
    out[i][4] = u32(subgroupMin(-i32(v)));
    out[i][5] = subgroupBallot(true).x;
    out[i][6] = subgroupBroadcastFirst(v);
    out[i][7] = select(0u, 1u, subgroupElect());
    out[i][8] = subgroupShuffleXor(v, 1u);
    out[i][9] = subgroupBroadcast(v, 1u);
    out[i][10] = subgroupOr(1u << (lane % 32u));
    out[i][11] = select(0u, 1u, subgroupAll(v < 200u));
  }
})");
  Buffer out = dev.createBuffer(100 * 12 * 4);
  BindGroup bg;
  bg.bind(0, 0, out);
  Report r = dev.dispatch(p, {bg}, 1);
  // Shuffles and broadcasts that select an inactive lane are reported (and give zero); nothing else.
  for (const Event& e : r.events) EXPECT_EQ(e.kind, Event::InactiveInvocation) << e.message;
  auto o = out.read<uint32_t>();
  for (uint32_t i = 0; i < W; ++i) {
    if (i % 3 == 2) continue;
    const uint32_t base = i / S * S, lane = i % S;
    // Active lanes of this subgroup: existing invocations with k % 3 != 2.
    uint32_t sum = 0, excl = 0, mx = 0, first = ~0u, ballot = 0, orr = 0;
    bool all = true;
    for (uint32_t k = base; k < std::min(base + S, W); ++k) {
      if (k % 3 == 2) continue;
      const uint32_t v = k * 3 + 1;
      sum += v;
      if (k < i) excl += v;
      mx = std::max(mx, v);
      if (first == ~0u) first = v;
      if (k - base < 32) ballot |= 1u << (k - base);
      orr |= 1u << ((k - base) % 32);
      all = all && v < 200;
    }
    const uint32_t* e = &o[i * 12];
    const uint32_t v = i * 3 + 1;
    EXPECT_EQ(e[0], sum) << i;
    EXPECT_EQ(e[1], excl) << i;
    EXPECT_EQ(e[2], excl + v) << i;
    EXPECT_EQ(e[3], mx) << i;
    EXPECT_EQ(e[4], static_cast<uint32_t>(-static_cast<int32_t>(mx))) << i;
    EXPECT_EQ(e[5], ballot) << i;
    EXPECT_EQ(e[6], first) << i;
    EXPECT_EQ(e[7], (base % 3 == 2 ? base + 1 : base) == i ? 1u : 0u) << i;
    // Shuffle partner (lane ^ 1) is active unless it is a k % 3 == 2 lane (then indeterminate).
    const uint32_t partner = base + (lane ^ 1u);
    // Otherwise the partner is inactive or does not exist: zero, with an event.
    EXPECT_EQ(e[8], partner < W && partner % 3 != 2 ? partner * 3 + 1 : 0u) << i;
    EXPECT_EQ(e[9], base + 1 < W && (base + 1) % 3 != 2 ? (base + 1) * 3 + 1 : 0u) << i;
    EXPECT_EQ(e[10], orr) << i;
    EXPECT_EQ(e[11], all ? 1u : 0u) << i;
  }
}

TEST_P(Subgroups, QuadOperations) {
  const uint32_t S = GetParam();
  Device dev({S});
  ComputePipeline p = makePipeline(dev, R"(
enable subgroups;
@group(0) @binding(0) var<storage, read_write> out: array<vec4<u32>, 64>;
@compute @workgroup_size(64) fn main(@builtin(local_invocation_index) i: u32) {
  let v = i * 10u;
  out[i] = vec4<u32>(quadSwapX(v), quadSwapY(v), quadSwapDiagonal(v), quadBroadcast(v, 2u));
})");
  Buffer out = dev.createBuffer(64 * 16);
  BindGroup bg;
  bg.bind(0, 0, out);
  ASSERT_TRUE(dev.dispatch(p, {bg}, 1).ok());
  auto o = out.read<uint32_t>();
  for (uint32_t i = 0; i < 64; ++i) {
    EXPECT_EQ(o[i * 4 + 0], (i ^ 1u) * 10) << i;
    EXPECT_EQ(o[i * 4 + 1], (i ^ 2u) * 10) << i;
    EXPECT_EQ(o[i * 4 + 2], (i ^ 3u) * 10) << i;
    EXPECT_EQ(o[i * 4 + 3], ((i & ~3u) + 2) * 10) << i;
  }
}

TEST_P(Subgroups, MoreOperationsInDivergentLoops) {
  const uint32_t S = GetParam();
  Device dev({S});
  ComputePipeline p = makeNonUniformPipeline(dev, R"(
enable subgroups;
@group(0) @binding(0) var<storage, read_write> out: array<array<u32, 8>, 96>;
@compute @workgroup_size(96) fn main(@builtin(local_invocation_index) i: u32, @builtin(subgroup_invocation_id) lane: u32) {
  // Lanes leave the loop at different trip counts; operations see the lanes still in it.
  for (var k = 0u; k < 3u; k++) {
    if (i % 4u < k) { break; }
    if (k == 2u) {
      out[i][0] = subgroupMul(1u + (i & 1u));
      out[i][1] = subgroupInclusiveMul(1u + (i & 1u));
      out[i][2] = u32(subgroupMin(i32(i)));
      out[i][3] = subgroupAnd(i | 0xf0u);
      out[i][4] = subgroupXor(i);
      out[i][5] = select(0u, 1u, subgroupAny(i % 8u == 3u));
      out[i][6] = subgroupShuffleDown(i, 1u);
      out[i][7] = subgroupShuffleUp(i, 1u);
    }
  }
})");
  Buffer out = dev.createBuffer(96 * 8 * 4);
  BindGroup bg;
  bg.bind(0, 0, out);
  const Report r = dev.dispatch(p, {bg}, 1);
  for (const Event& e : r.events) EXPECT_EQ(e.kind, Event::InactiveInvocation) << e.message;
  auto o = out.read<uint32_t>();
  for (uint32_t i = 0; i < 96; ++i) {
    if (i % 4 < 2) continue;  // lanes with i % 4 in {2, 3} reach k == 2
    const uint32_t base = i / S * S;
    uint32_t mul = 1, incl = 1, mn = ~0u, andv = ~0u, xr = 0;
    bool any = false;
    for (uint32_t k = base; k < std::min(base + S, 96u); ++k) {
      if (k % 4 < 2) continue;
      mul *= 1 + (k & 1);
      if (k <= i) incl *= 1 + (k & 1);
      mn = std::min(mn, k);
      andv &= k | 0xf0u;
      xr ^= k;
      any = any || k % 8 == 3;
    }
    const uint32_t* e = &o[i * 8];
    EXPECT_EQ(e[0], mul) << i;
    EXPECT_EQ(e[1], incl) << i;
    EXPECT_EQ(e[2], mn) << i;
    EXPECT_EQ(e[3], andv) << i;
    EXPECT_EQ(e[4], xr) << i;
    EXPECT_EQ(e[5], any ? 1u : 0u) << i;
    // Shuffle sources that are active: i + 1 (active when (i + 1) % 4 >= 2) and i - 1.
    // Other sources are inactive or outside the subgroup: zero.
    EXPECT_EQ(e[6], (i + 1) % 4 >= 2 && (i + 1) % S != 0 ? i + 1 : 0u) << i;
    EXPECT_EQ(e[7], (i - 1) % 4 >= 2 && i % S != 0 ? i - 1 : 0u) << i;
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, Subgroups, ::testing::Values(4u, 8u, 32u, 64u, 128u),
                         [](const auto& info) { return "S" + std::to_string(info.param); });

// Line and column (1-based) of the first occurrence of `needle` in `src`.
std::pair<uint32_t, uint32_t> lineColumnOf(const std::string& src, const std::string& needle) {
  const size_t at = src.find(needle);
  const size_t line_start = src.rfind('\n', at) + 1;
  return {static_cast<uint32_t>(std::count(src.begin(), src.begin() + at, '\n') + 1),
          static_cast<uint32_t>(at - line_start + 1)};
}

// WGSL: "It is a dynamic error if id does not select an active invocation" (subgroupBroadcast).
// Lanes 0-15 of a subgroup of 32 broadcast from lane 20, which the branch left inactive.
TEST(InactiveInvocation, BroadcastFromALaneDisabledByDivergence) {
  Device dev({32});
  const std::string src = R"(
enable subgroups;
@group(0) @binding(0) var<storage, read_write> out: array<u32, 64>;
@compute @workgroup_size(64) fn main(@builtin(local_invocation_index) i: u32,
    @builtin(subgroup_invocation_id) lane: u32) {
  out[i] = 7u;
  if (lane < 16u) {
    out[i] = subgroupBroadcast(i + 100u, 20u);
  }
})";
  ComputePipeline p = makeNonUniformPipeline(dev, src);
  Buffer out = dev.createBuffer(64 * 4);
  BindGroup bg;
  bg.bind(0, 0, out);
  const Report r = dev.dispatch(p, {bg}, 1);
  EXPECT_EQ(r.status, Status::DynamicError);
  // Two subgroups (invocations 0-31, 32-63), lanes 0-15 of each asked.
  ASSERT_EQ(r.events.size(), 32u) << r.summary();
  const auto [line, column] = lineColumnOf(src, "subgroupBroadcast(");
  std::vector<uint32_t> askers;
  for (const Event& e : r.events) {
    EXPECT_EQ(e.kind, Event::InactiveInvocation);
    EXPECT_EQ(e.location.line, line);
    EXPECT_EQ(e.location.column, column);
    EXPECT_EQ(e.operation, "subgroupBroadcast");
    EXPECT_EQ(e.selected_invocation, 20);
    askers.push_back(e.local_invocation_index);
  }
  std::sort(askers.begin(), askers.end());
  for (uint32_t k = 0; k < 32; ++k) EXPECT_EQ(askers[k], k < 16 ? k : k + 16);
  const Event* e5 = nullptr;
  for (const Event& e : r.events)
    if (e.local_invocation_index == 5) e5 = &e;
  ASSERT_NE(e5, nullptr);
  EXPECT_EQ(e5->message, "test.wgsl:" + std::to_string(line) + ":" + std::to_string(column) +
                             ": subgroupBroadcast by invocation 5 of workgroup (0, 0, 0) (subgroup invocation 5) selected "
                             "subgroup invocation 20, which is inactive: a dynamic error; the result is zero");
  EXPECT_EQ(toString(e5->kind), std::string("inactive-invocation"));
  // The run JSON and the text line carry the same sentence.
  const auto j = eventJson(*e5);
  EXPECT_EQ(j["kind"], "inactive-invocation");
  EXPECT_EQ(j["message"], e5->message);
  EXPECT_EQ(j["builtin"], "subgroupBroadcast");
  EXPECT_EQ(j["selected_invocation"], 20);
  EXPECT_EQ(j["subgroup_size"], 32);
  EXPECT_EQ(eventLine(*e5), e5->message);
  EXPECT_NE(r.summary().find("selected subgroup invocation 20, which is inactive"), std::string::npos) << r.summary();
  auto o = out.read<uint32_t>();
  for (uint32_t i = 0; i < 64; ++i) EXPECT_EQ(o[i], i % 32 < 16 ? 0u : 7u) << i;
}

// The same events whichever engine runs the kernel: the step-wise schedulers and the checked
// door (races) use the instrumented interpreter.
TEST(InactiveInvocation, SameEventsUnderStepWiseSchedulersAndChecks) {
  const std::string src = R"(
enable subgroups;
@group(0) @binding(0) var<storage, read_write> out: array<u32, 16>;
@compute @workgroup_size(16) fn main(@builtin(local_invocation_index) i: u32) {
  out[i] = subgroupShuffleDown(i, 3u);
})";
  for (const char* sched : {"fair", "round-robin", "random:3"}) {
    for (bool races : {false, true}) {
      DeviceOptions opts;
      opts.subgroup_size = 8;
      opts.scheduler = sched;
      opts.races = races;
      Device dev(opts);
      Buffer out = dev.createBuffer(16 * 4);
      const Report r = run(dev, src, {out}, 1);
      // Lanes 5-7 of each subgroup of 8 select 8-10: outside the subgroup.
      ASSERT_EQ(r.events.size(), 6u) << sched << races << r.summary();
      std::vector<uint32_t> askers;
      for (const Event& e : r.events) {
        EXPECT_EQ(e.kind, Event::InactiveInvocation);
        EXPECT_EQ(e.selected_invocation, e.local_invocation_index % 8 + 3);
        askers.push_back(e.local_invocation_index);
      }
      std::sort(askers.begin(), askers.end());
      EXPECT_EQ(askers, (std::vector<uint32_t>{5, 6, 7, 13, 14, 15})) << sched << races;
      auto o = out.read<uint32_t>();
      for (uint32_t i = 0; i < 16; ++i) EXPECT_EQ(o[i], i % 8 < 5 ? i + 3 : 0u) << sched << races << i;
    }
  }
}

// Every lane active, a constant id inside the subgroup: no event.
TEST(InactiveInvocation, UniformBroadcastIsQuiet) {
  Device dev({8});
  Buffer out = dev.createBuffer(16 * 4);
  const Report r = run(dev, R"(
enable subgroups;
@group(0) @binding(0) var<storage, read_write> out: array<u32, 16>;
@compute @workgroup_size(16) fn main(@builtin(local_invocation_index) i: u32) {
  out[i] = subgroupBroadcast(i * 3u, 6u) + quadBroadcast(i, 1u);
})",
                       {out}, 1);
  ASSERT_TRUE(r.ok()) << r.summary();
  EXPECT_TRUE(r.events.empty());
  auto o = out.read<uint32_t>();
  for (uint32_t i = 0; i < 16; ++i) EXPECT_EQ(o[i], (i / 8 * 8 + 6) * 3 + ((i & ~3u) | 1u)) << i;
}

// subgroupShuffle with an id at or above the subgroup size (8): "An indeterminate value is
// returned if id does not select an active invocation". Lanes 4-7 select 8-11.
TEST(InactiveInvocation, ShuffleOutsideTheSubgroup) {
  Device dev({8});
  const std::string src = R"(
enable subgroups;
@group(0) @binding(0) var<storage, read_write> out: array<u32, 8>;
@compute @workgroup_size(8) fn main(@builtin(subgroup_invocation_id) lane: u32) {
  out[lane] = subgroupShuffle(lane + 50u, lane + 4u);
})";
  Buffer out = dev.createBuffer(8 * 4);
  const Report r = run(dev, src, {out}, 1);
  EXPECT_EQ(r.status, Status::DynamicError);
  ASSERT_EQ(r.events.size(), 4u) << r.summary();
  const auto [line, column] = lineColumnOf(src, "subgroupShuffle(");
  for (uint32_t k = 0; k < 4; ++k) {
    const Event& e = r.events[k];
    EXPECT_EQ(e.kind, Event::InactiveInvocation);
    EXPECT_EQ(e.location.line, line);
    EXPECT_EQ(e.local_invocation_index, 4 + k);
    EXPECT_EQ(e.selected_invocation, 8 + k);
    EXPECT_EQ(e.subgroup_size, 8u);
  }
  EXPECT_EQ(r.events[0].message, "test.wgsl:" + std::to_string(line) + ":" + std::to_string(column) +
                                     ": subgroupShuffle by invocation 4 of workgroup (0, 0, 0) (subgroup invocation 4) "
                                     "selected subgroup invocation 8, outside the subgroup of 8 invocations: its value is "
                                     "indeterminate; the result is zero");
  auto o = out.read<uint32_t>();
  for (uint32_t l = 0; l < 8; ++l) EXPECT_EQ(o[l], l < 4 ? l + 4 + 50 : 0u) << l;
}

// The scan below, run with subgroups switched only at barriers and also preempted after every
// 1 or 7 instructions (any instruction boundary is a valid suspension point).
void workgroupScan(uint32_t preempt) {
  for (uint32_t S : {4u, 32u, 128u}) {
    DeviceOptions opts;
    opts.subgroup_size = S;
    opts.preempt_every = preempt;
    Device dev(opts);
    ComputePipeline p = makePipeline(dev, R"(
const N: u32 = 50u;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
var<workgroup> tmp: array<u32, N>;
@compute @workgroup_size(50) fn main(@builtin(local_invocation_index) i: u32, @builtin(workgroup_id) w: vec3<u32>) {
  tmp[i] = data[w.x * N + i];
  workgroupBarrier();
  for (var off = 1u; off < N; off *= 2u) {
    var x = 0u;
    if (i >= off) { x = tmp[i - off]; }
    workgroupBarrier();
    tmp[i] += x;
    workgroupBarrier();
  }
  data[w.x * N + i] = workgroupUniformLoad(&tmp[N - 1u]) * 1000u + tmp[i];
})");
    std::vector<uint32_t> in(150);
    for (uint32_t k = 0; k < 150; ++k) in[k] = k % 7 + 1;
    Buffer b = dev.createBuffer(in);
    BindGroup bg;
    bg.bind(0, 0, b);
    Report r = dev.dispatch(p, {bg}, 3);
    ASSERT_TRUE(r.ok()) << r.summary();
    auto o = b.read<uint32_t>();
    for (uint32_t g = 0; g < 3; ++g) {
      uint32_t total = 0;
      for (uint32_t k = 0; k < 50; ++k) total += in[g * 50 + k];
      uint32_t pre = 0;
      for (uint32_t k = 0; k < 50; ++k) {
        pre += in[g * 50 + k];
        EXPECT_EQ(o[g * 50 + k], total * 1000 + pre) << "S=" << S << " g=" << g << " k=" << k << " preempt=" << preempt;
      }
    }
  }
}

TEST(Barriers, WorkgroupScanWithWorkgroupSizeNotAMultipleOfTheSubgroup) { workgroupScan(0); }
TEST(Barriers, SubgroupsPreemptedAtEveryInstructionBoundary) {
  workgroupScan(1);
  workgroupScan(7);
}

TEST(Barriers, PreemptionStillDetectsDivergentBarriers) {
  DeviceOptions opts;
  opts.subgroup_size = 4;
  opts.preempt_every = 2;
  Device dev(opts);
  ComputePipeline p = makeNonUniformPipeline(dev, R"(
@group(0) @binding(0) var<storage, read_write> n: array<u32>;
@compute @workgroup_size(8) fn main(@builtin(local_invocation_index) i: u32) {
  if (i >= n[0]) { return; }
  workgroupBarrier();
})");
  Buffer b = dev.createBuffer(std::vector<uint32_t>{6});
  BindGroup bg;
  bg.bind(0, 0, b);
  Report r = dev.dispatch(p, {bg}, 1);
  EXPECT_EQ(r.status, Status::UniformityError);
  ASSERT_EQ(r.events.size(), 1u);
  EXPECT_NE(r.events[0].message.find("0-5 arrived, 6-7 did not"), std::string::npos) << r.events[0].message;
}

}  // namespace
}  // namespace wgsl::testing
