// The progress models wired into the device (C++ API) on the corpus kernels: the
// chained scan with decoupled lookback completes under every model that guarantees its
// predecessor progress and hangs, with a report naming the starved workgroup, under those that
// do not; decoupled fallback completes under all; replay by seed and by schedule file; the
// parallel fair path keeps its guarantee with 2 threads.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "runtime/runtime.h"
#include "tests/sched/chain_of_waiters.h"
#include "tests/support/test_support.h"

namespace {

using namespace wgsl::runtime;

const std::string kRoot = WGSLEMU_SOURCE_DIR;
constexpr uint32_t kTile = 1024;

std::string corpus(const std::string& name) { return wgsl::test::readFile(kRoot + "/corpus/" + name); }

// 1-based line of the first line of `src` containing `needle`.
uint32_t lineOf(const std::string& src, const std::string& needle) {
  const size_t at = src.find(needle);
  uint32_t line = 1;
  for (size_t i = 0; i < at && i < src.size(); ++i) line += src[i] == '\n';
  return line;
}

struct ScanRun {
  Report report;
  std::vector<uint32_t> out;
  std::vector<uint32_t> expected;
  std::vector<uint32_t> tile_state;
};

// Runs the chained scan (lookback or fallback) over `tiles` tiles of small pseudo-random
// values; `expected` is the inclusive prefix sum computed serially here.
ScanRun runScan(const DeviceOptions& o, const std::string& kernel, uint32_t tiles, uint32_t seed = 1) {
  Device dev(o);
  const std::string src = corpus(kernel);
  ShaderModule m = dev.createShaderModule(src, kernel);
  EXPECT_TRUE(m.ok()) << m.diagnostics();
  ComputePipeline p = dev.createComputePipeline(m, "main");
  const uint32_t n = tiles * kTile;
  std::vector<uint32_t> in(n);
  uint32_t x = seed * 2654435761u + 1;
  for (auto& v : in) {
    x = x * 1664525u + 1013904223u;
    v = (x >> 24) & 15u;
  }
  ScanRun r;
  r.expected.resize(n);
  uint32_t acc = 0;
  for (uint32_t i = 0; i < n; ++i) r.expected[i] = acc += in[i];
  Buffer b_in = dev.createBuffer(in);
  Buffer b_out = dev.createBuffer(uint64_t{n} * 4);
  Buffer b_state = dev.createBuffer(uint64_t{tiles} * 4);
  Buffer b_counter = dev.createBuffer(4);
  BindGroup bg;
  bg.bind(0, 0, b_in).bind(0, 1, b_out).bind(0, 2, b_state).bind(0, 3, b_counter);
  Buffer b_fallback;
  if (kernel.find("fallback") != std::string::npos) {
    b_fallback = dev.createBuffer(uint64_t{tiles} * 4);
    bg.bind(0, 4, b_fallback);
  }
  r.report = dev.dispatch(p, {bg}, tiles);
  r.out = b_out.read<uint32_t>();
  r.tile_state = b_state.read<uint32_t>();
  return r;
}

DeviceOptions model(const std::string& scheduler, uint32_t occupancy = 0, const std::string& admission = "id",
                    uint64_t seed = 1) {
  DeviceOptions o;
  o.scheduler = scheduler;
  o.occupancy = occupancy;
  o.admission = admission;
  o.seed = seed;
  o.hang_window = 1u << 16;  // the scan's longest store-free stretch is far shorter
  return o;
}

TEST(SchedDispatch, LookbackCompletesUnderModelsThatGuaranteeItsPredecessors) {
  // Tiles are tickets taken in start order, so a predecessor tile always belongs to a started
  // workgroup: every model that schedules started workgroups fairly completes the scan.
  const std::vector<DeviceOptions> models = {
      model("fair"),          model("round-robin"),      model("obe", 1, "id"), model("obe", 2, "reverse"),
      model("obe", 1, "random:3"), model("lobe", 1, "reverse"), model("lobe", 3, "id"), model("hsa-obe", 2, "reverse"),
      model("random:1"),      model("random:2"),         model("random:77")};
  for (DeviceOptions o : models) {
    o.record_schedule = true;  // `fair` too runs the step-wise loop then
    ScanRun r = runScan(o, "scan_chained_lookback.wgsl", 6);
    SCOPED_TRACE(o.scheduler + " occupancy " + std::to_string(o.occupancy) + " " + o.admission);
    EXPECT_EQ(r.report.status, Status::Ok) << r.report.summary();
    EXPECT_EQ(r.out, r.expected);
    EXPECT_GT(r.report.steps, 0u);
    ASSERT_EQ(r.report.workgroups.size(), 6u);
    for (const auto& w : r.report.workgroups) EXPECT_TRUE(w.started && w.returned);
  }
}

TEST(SchedDispatch, LookbackHangsUnderHsaNamingTheLuredWorkgroup) {
  const std::string src = corpus("scan_chained_lookback.wgsl");
  const auto start = std::chrono::steady_clock::now();
  ScanRun r = runScan(model("hsa"), "scan_chained_lookback.wgsl", 5);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(r.report.status, Status::Hang) << r.report.summary();
  EXPECT_LT(seconds, 20.0);
  // The adversary lets workgroups 4..1 take tickets 0..3 (atomicAdd on tile_counter) and parks
  // them; workgroup 0 takes ticket 4 and waits for tile 3, whose holder, workgroup 1, is starved.
  const std::string ticket = "scan_chained_lookback.wgsl:" +
                             std::to_string(lineOf(src, "wg_tile_id = atomicAdd(&tile_counter, 1u);"));
  EXPECT_NE(r.report.hang_summary.find("workgroup 1 "), std::string::npos) << r.report.hang;
  EXPECT_NE(r.report.hang_summary.find(ticket), std::string::npos) << r.report.hang;
  EXPECT_NE(r.report.hang_summary.find("starved"), std::string::npos) << r.report.hang;
  const std::string poll = "scan_chained_lookback.wgsl:" + std::to_string(lineOf(src, "let state = atomicLoad(&tile_state[look]);"));
  EXPECT_NE(r.report.hang.find("workgroup 0 spins at " + poll + " on tile_state[3]"), std::string::npos) << r.report.hang;
  // The lured workgroups were parked right after taking their tickets: tiles 0..3 were never
  // published; workgroup 0 (tile 4) published its aggregate and waits.
  EXPECT_EQ(r.tile_state, (std::vector<uint32_t>{0, 0, 0, 0, r.tile_state[4]}));
  EXPECT_EQ(r.tile_state[4] >> 30, 1u);
  // Between lures hsa runs the lowest-id workgroup alone: its spin is proved by its own state
  // repeating, long before the hang window (2^16 here) runs out.
  EXPECT_NE(r.report.hang.find("detected: the workgroup the model runs alone reached the same state twice"),
            std::string::npos)
      << r.report.hang;
  EXPECT_LT(r.report.steps, uint64_t{1} << 14);
}

TEST(SchedDispatch, LookbackHangsUnderUnfairWithTheSpinnerAndTheStarvedWorkgroupNamed) {
  const std::string src = corpus("scan_chained_lookback.wgsl");
  const std::string poll = "scan_chained_lookback.wgsl:" + std::to_string(lineOf(src, "let state = atomicLoad(&tile_state[look]);"));
  int hangs = 0;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    ScanRun r = runScan(model("unfair", 0, "id", seed), "scan_chained_lookback.wgsl", 5);
    if (r.report.status == Status::Ok) {
      EXPECT_EQ(r.out, r.expected);
      continue;
    }
    ASSERT_EQ(r.report.status, Status::Hang) << r.report.summary();
    ++hangs;
    // "workgroup A is starved: the unfair adversary runs only workgroup B, which spins at
    // scan_chained_lookback.wgsl:L on tile_state[T]".
    EXPECT_NE(r.report.hang_summary.find("is starved: the unfair adversary runs only workgroup"), std::string::npos)
        << r.report.hang;
    EXPECT_NE(r.report.hang_summary.find("which spins at " + poll + " on tile_state["), std::string::npos) << r.report.hang;
    EXPECT_NE(r.report.hang.find("hang under unfair"), std::string::npos);
  }
  EXPECT_GE(hangs, 3);  // the adversary locks onto the first spinner: a hang for almost every seed
}

TEST(SchedDispatch, FallbackCompletesUnderEveryModel) {
  const std::vector<DeviceOptions> models = {
      model("fair"), model("round-robin"), model("obe", 1, "reverse"), model("lobe", 2, "reverse"), model("hsa"),
      model("hsa-obe", 1, "reverse"), model("unfair", 0, "id", 1), model("unfair", 0, "id", 2), model("random:5")};
  for (DeviceOptions o : models) {
    o.record_schedule = true;
    SCOPED_TRACE(o.scheduler + " occupancy " + std::to_string(o.occupancy));
    ScanRun r = runScan(o, "scan_decoupled_fallback.wgsl", 5);
    EXPECT_EQ(r.report.status, Status::Ok) << r.report.summary();
    EXPECT_EQ(r.out, r.expected);
  }
}

// Runs the spin-lock kernel (scheme 0: one invocation per workgroup takes the lock) and returns
// the report and the LockState words {lock, counter, entries, inside, violations}.
std::pair<Report, std::vector<uint32_t>> runSpinLock(const DeviceOptions& o, uint32_t groups, uint32_t rounds) {
  Device dev(o);
  ShaderModule m = dev.createShaderModule(corpus("spin_lock_mutex.wgsl"), "spin_lock_mutex.wgsl");
  EXPECT_TRUE(m.ok()) << m.diagnostics();
  ComputePipeline p = dev.createComputePipeline(m, "main", {{"0", 0}, {"1", rounds}, {"2", 64}});
  Buffer state = dev.createBuffer(20);
  Buffer log = dev.createBuffer(uint64_t{groups} * rounds * 4);
  BindGroup bg;
  bg.bind(0, 0, state).bind(0, 1, log);
  Report r = dev.dispatch(p, {bg}, groups);
  return {r, state.read<uint32_t>()};
}

TEST(SchedDispatch, SpinLockNeedsMoreThanHsa) {
  for (const DeviceOptions& o : {model("fair"), model("obe", 2, "reverse"), model("lobe", 1, "id"), model("random:9")}) {
    SCOPED_TRACE(o.scheduler);
    DeviceOptions rec = o;
    rec.record_schedule = true;
    auto [report, words] = runSpinLock(rec, 6, 2);
    ASSERT_EQ(report.status, Status::Ok) << report.summary();
    EXPECT_EQ(words, (std::vector<uint32_t>{0, 12, 12, 0, 0}));  // unlocked, 6 x 2 entries, no violation
  }
  // hsa lures the other workgroups until they write with an atomic (take the lock) and parks
  // them; the lowest-id workgroup then waits for a lock a parked workgroup holds.
  auto [report, words] = runSpinLock(model("hsa"), 6, 2);
  ASSERT_EQ(report.status, Status::Hang) << report.summary();
  EXPECT_NE(report.hang_summary.find("hsa"), std::string::npos) << report.hang;
  EXPECT_EQ(words[0], 1u);  // the lock is held
}

TEST(SchedDispatch, ReplayBySeedAndByScheduleFileGivesIdenticalSchedulesAndResults) {
  for (const std::string& name : {std::string("random:11"), std::string("fair"), std::string("obe")}) {
    SCOPED_TRACE(name);
    DeviceOptions o = model(name, name == "obe" ? 2 : 0, "random:4", 5);
    o.record_schedule = true;
    ScanRun a = runScan(o, "scan_chained_lookback.wgsl", 4);
    ScanRun b = runScan(o, "scan_chained_lookback.wgsl", 4);
    ASSERT_EQ(a.report.status, Status::Ok);
    EXPECT_FALSE(a.report.schedule.empty());
    EXPECT_EQ(a.report.schedule, b.report.schedule);  // same seed: same schedule
    EXPECT_EQ(a.report.steps, b.report.steps);
    EXPECT_EQ(a.out, b.out);
    EXPECT_EQ(a.tile_state, b.tile_state);
    // The schedule file reproduces the atomic order, hence the same memory.
    DeviceOptions replay;
    replay.schedule = a.report.schedule;
    replay.record_schedule = true;
    ScanRun c = runScan(replay, "scan_chained_lookback.wgsl", 4);
    ASSERT_EQ(c.report.status, Status::Ok) << c.report.summary();
    EXPECT_EQ(c.report.schedule, a.report.schedule);
    EXPECT_EQ(c.out, a.out);
    EXPECT_EQ(c.tile_state, a.tile_state);
  }
  // Different seeds give different schedules (the test would prove nothing otherwise).
  DeviceOptions x = model("random:1"), y = model("random:2");
  x.record_schedule = y.record_schedule = true;
  EXPECT_NE(runScan(x, "scan_chained_lookback.wgsl", 4).report.schedule,
            runScan(y, "scan_chained_lookback.wgsl", 4).report.schedule);
}

TEST(SchedDispatch, ScheduleNamingAMissingWorkgroupIsAHostError) {
  DeviceOptions o;
  o.schedule = "prefix: 0 9\n";
  try {
    runScan(o, "scan_chained_lookback.wgsl", 3);
    FAIL() << "expected an Error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("names workgroup 9 but the dispatch has 3 workgroups"), std::string::npos)
        << e.what();
  }
}

TEST(SchedDispatch, BadSchedulingOptionsAreRejectedWhenTheDeviceIsCreated) {
  DeviceOptions o;
  o.scheduler = "fastest";
  EXPECT_THROW(Device{o}, Error);
  o = DeviceOptions{};
  o.subgroup_scheduler = "chaotic";
  EXPECT_THROW(Device{o}, Error);
  o = DeviceOptions{};
  o.admission = "sideways";
  EXPECT_THROW(Device{o}, Error);
}

TEST(SchedDispatch, ParallelFairPathCompletesTheLookbackScanOnTwoThreadsWith16384Workgroups) {
  DeviceOptions o;
  o.threads = 2;
  const uint32_t tiles = 16384;
  Device dev(o);
  ShaderModule m = dev.createShaderModule(corpus("scan_chained_lookback.wgsl"), "scan_chained_lookback.wgsl");
  ASSERT_TRUE(m.ok());
  ComputePipeline p = dev.createComputePipeline(m, "main");
  const uint64_t n = uint64_t{tiles} * kTile;
  Buffer in = dev.createBuffer(std::vector<uint32_t>(n, 1u));
  Buffer out = dev.createBuffer(n * 4);
  Buffer state = dev.createBuffer(uint64_t{tiles} * 4);
  Buffer counter = dev.createBuffer(4);
  BindGroup bg;
  bg.bind(0, 0, in).bind(0, 1, out).bind(0, 2, state).bind(0, 3, counter);
  Report r = dev.dispatch(p, {bg}, tiles);
  ASSERT_EQ(r.status, Status::Ok) << r.summary();
  EXPECT_EQ(r.scheduler, "fair (parallel)");
  const std::vector<uint32_t> v = out.read<uint32_t>();
  uint64_t wrong = 0;
  for (uint64_t i = 0; i < n; ++i) wrong += v[i] != i + 1;  // inclusive scan of ones
  EXPECT_EQ(wrong, 0u);
  EXPECT_EQ(counter.read<uint32_t>()[0], tiles);
}

// Workgroup i waits for workgroup i + 1: a worker running workgroups in id order holds a
// spinner whose predecessor it would only reach later. Only yielding lets the parallel path
// finish (the instruction limit turns a missing yield into a failure instead of a stuck test).
TEST(SchedDispatch, ParallelFairPathYieldsSpinningWorkgroups) {
  const std::string src = wgsl::testing::kChainOfWaiters;
  DeviceOptions o;
  o.threads = 2;
  o.max_instructions_per_workgroup = uint64_t{1} << 27;
  Device dev(o);
  ShaderModule m = dev.createShaderModule(src, "chain.wgsl");
  ASSERT_TRUE(m.ok()) << m.diagnostics();
  ComputePipeline p = dev.createComputePipeline(m, "main");
  const uint32_t groups = 24;
  Buffer flags = dev.createBuffer(groups * 4), order = dev.createBuffer(groups * 4), next = dev.createBuffer(4);
  BindGroup bg;
  bg.bind(0, 0, flags).bind(0, 1, order).bind(0, 2, next);
  Report r = dev.dispatch(p, {bg}, groups);
  ASSERT_EQ(r.status, Status::Ok) << r.summary();
  const std::vector<uint32_t> ord = order.read<uint32_t>();
  for (uint32_t i = 0; i < groups; ++i) EXPECT_EQ(ord[i], groups - 1 - i) << "workgroup " << i;  // finished last to first
}

// Subgroup 1 of a workgroup waits for subgroup 0 through workgroup memory.
const char* kIntraWorkgroupWait = R"(
var<workgroup> flag: atomic<u32>;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) l: u32) {
  if (l == 0u) {
    atomicStore(&flag, 7u);
  }
  if (l == 32u) {
    loop {
      let v = atomicLoad(&flag);
      if (v != 0u) {
        out[0] = v;
        break;
      }
    }
  }
}
)";

Report runIntra(const std::string& subgroup_scheduler, std::vector<uint32_t>* result = nullptr) {
  DeviceOptions o;
  o.subgroup_size = 32;
  o.subgroup_scheduler = subgroup_scheduler;
  o.hang_window = 1u << 14;
  Device dev(o);
  ShaderModule m = dev.createShaderModule(kIntraWorkgroupWait, "intra.wgsl");
  EXPECT_TRUE(m.ok()) << m.diagnostics();
  ComputePipeline p = dev.createComputePipeline(m, "main");
  Buffer out = dev.createBuffer(4);
  BindGroup bg;
  bg.bind(0, 0, out);
  Report r = dev.dispatch(p, {bg}, 2);
  if (result) *result = out.read<uint32_t>();
  return r;
}

TEST(SchedDispatch, SubgroupSchedulers) {
  for (const std::string s : {"lockstep", "round-robin", "random:1", "random:2"}) {
    SCOPED_TRACE(s);
    std::vector<uint32_t> out;
    Report r = runIntra(s, &out);
    EXPECT_EQ(r.status, Status::Ok) << r.summary();
    EXPECT_EQ(out, std::vector<uint32_t>{7u});
  }
  // adversarial runs the highest subgroup as long as it can: subgroup 1 spins on a flag that
  // only subgroup 0, never run again, would set.
  Report r = runIntra("adversarial");
  ASSERT_EQ(r.status, Status::Hang) << r.summary();
  EXPECT_NE(r.hang.find("intra.wgsl:"), std::string::npos) << r.hang;
}

TEST(SchedDispatch, RandomSubgroupSizeIsALegalSizePerDispatchReproducibleBySeed) {
  std::set<uint32_t> sizes;
  for (uint64_t seed = 0; seed < 12; ++seed) {
    DeviceOptions o;
    o.random_subgroup_size = true;
    o.subgroup_size_seed = seed;
    ScanRun a = runScan(o, "scan_decoupled_fallback.wgsl", 2);
    ScanRun b = runScan(o, "scan_decoupled_fallback.wgsl", 2);
    const uint32_t s = a.report.subgroup_size;
    EXPECT_TRUE(s >= 4 && s <= 128 && (s & (s - 1)) == 0) << s;
    EXPECT_EQ(s, b.report.subgroup_size);
    EXPECT_EQ(a.out, a.expected);
    sizes.insert(s);
  }
  EXPECT_GE(sizes.size(), 3u);
}

// The weak-fairness counterexample of docs/schedulers.md: workgroup 0 waits to see x == 1;
// workgroup 1 sets x to 1 and back to 0 until workgroup 0 is done. Strongly fair schedulers
// complete it; deterministic round-robin repeats a cycle of states, which proves the hang.
TEST(SchedDispatch, RoundRobinHangOnTheWeakFairnessCounterexampleIsProvedByARepeatedState) {
  const std::string src = R"(
@group(0) @binding(0) var<storage, read_write> x: atomic<u32>;
@group(0) @binding(1) var<storage, read_write> done: atomic<u32>;
@compute @workgroup_size(1)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
  if (wid.x == 0u) {
    loop {
      if (atomicLoad(&x) == 1u) { atomicStore(&done, 1u); break; }
    }
  } else {
    loop {
      atomicStore(&x, 1u);
      atomicStore(&x, 0u);
      if (atomicLoad(&done) == 1u) { break; }
    }
  }
}
)";
  auto run = [&](const std::string& scheduler, uint32_t threads = 0, const std::string& oob = "report") {
    DeviceOptions o;
    o.scheduler = scheduler;
    o.threads = threads;
    o.oob = oob;
    o.max_steps = 20000;
    Device dev(o);
    ShaderModule m = dev.createShaderModule(src, "weak.wgsl");
    EXPECT_TRUE(m.ok()) << m.diagnostics();
    ComputePipeline p = dev.createComputePipeline(m, "main");
    Buffer x = dev.createBuffer(4), done = dev.createBuffer(4);
    BindGroup bg;
    bg.bind(0, 0, x).bind(0, 1, done);
    return dev.dispatch(p, {bg}, 2);
  };
  const Report rr = run("round-robin");
  ASSERT_EQ(rr.status, Status::Hang) << rr.summary();
  EXPECT_NE(rr.hang.find("the run reached the same state twice"), std::string::npos) << rr.hang;
  EXPECT_LT(rr.steps, 100u);  // proved within a few rounds, not by the watchdog's window
  EXPECT_NE(rr.hang.find("workgroup 0 spins at weak.wgsl:8 on x"), std::string::npos) << rr.hang;
  for (const std::string s : {"fair", "random:1", "random:2"}) EXPECT_EQ(run(s).status, Status::Ok) << s;
  // The parallel fair path too, even on one thread: the writer keeps changing memory, but it
  // still yields after a randomised time slice, sometimes right after x = 1.
  for (uint32_t threads : {1u, 2u}) EXPECT_EQ(run("fair", threads).status, Status::Ok) << threads << " threads";
  // A check whose effect is determined by the state (--oob=zero) keeps the proof. Random
  // bounds choices follow counters outside the state: a repeated state proves nothing then,
  // and only --max-steps ends the livelock.
  const Report zero = run("round-robin", 0, "zero");
  EXPECT_NE(zero.hang.find("the run reached the same state twice"), std::string::npos) << zero.hang;
  const Report random = run("round-robin", 0, "random:1");
  ASSERT_EQ(random.status, Status::Hang) << random.summary();
  EXPECT_EQ(random.steps, 20000u);
  EXPECT_EQ(random.hang.find("the run reached the same state twice"), std::string::npos) << random.hang;
}

TEST(SchedDispatch, MaxStepsBoundsAStepwiseRun) {
  DeviceOptions o = model("unfair");
  o.hang_window = uint64_t{1} << 40;  // only the bound can stop it
  o.max_steps = 5000;
  ScanRun r = runScan(o, "scan_chained_lookback.wgsl", 4);
  if (r.report.status == Status::Ok) GTEST_SKIP() << "this seed completes";
  ASSERT_EQ(r.report.status, Status::Hang);
  EXPECT_EQ(r.report.steps, 5000u);
  EXPECT_NE(r.report.hang.find("--max-steps=5000"), std::string::npos) << r.report.hang;
}

}  // namespace

namespace {

// The unfair adversary runs a spinner alone: once its own state repeats with memory unchanged
// the hang is proved, long before the default hang window (2^20 steps) runs out.
TEST(SchedDispatch, UnfairSpinIsProvedByTheLockedWorkgroupRepeating) {
  DeviceOptions o = model("unfair", 0, "id", 2);
  o.hang_window = uint64_t{1} << 20;  // the device default
  const auto start = std::chrono::steady_clock::now();
  ScanRun r = runScan(o, "scan_chained_lookback.wgsl", 7);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(r.report.status, Status::Hang) << r.report.summary();
  EXPECT_NE(r.report.hang.find("detected: the workgroup the model runs alone reached the same state twice"),
            std::string::npos)
      << r.report.hang;
  EXPECT_LT(r.report.steps, uint64_t{1} << 16);  // 2^12 idle steps plus the cycle, not 2^20
  EXPECT_NE(r.report.hang_summary.find("is starved: the unfair adversary runs only workgroup"), std::string::npos)
      << r.report.hang;
  EXPECT_LT(seconds, 20.0);
}

// A workgroup computing in registers for far longer than 2^12 steps without a store is run
// alone by the unfair adversary too, but its state never repeats: it completes.
TEST(SchedDispatch, UnfairLongStoreFreeLoopIsNotAHang) {
  const std::string src = R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
  var x = wid.x + 1u;
  for (var i = 0u; i < 20000u; i++) {
    x = x * 1664525u + 1013904223u;
  }
  out[wid.x] = x;
}
)";
  for (const char* checks : {"", "races"}) {
    DeviceOptions o = model("unfair", 0, "id", 3);
    o.races = std::string(checks) == "races";
    Device dev(o);
    ShaderModule m = dev.createShaderModule(src, "long.wgsl");
    ASSERT_TRUE(m.ok()) << m.diagnostics();
    ComputePipeline p = dev.createComputePipeline(m, "main");
    Buffer out = dev.createBuffer(3 * 4);
    BindGroup bg;
    bg.bind(0, 0, out);
    const Report r = dev.dispatch(p, {bg}, 3);
    ASSERT_EQ(r.status, Status::Ok) << checks << ": " << r.summary();
    const std::vector<uint32_t> got = out.read<uint32_t>();
    for (uint32_t w = 0; w < 3; ++w) {
      uint32_t x = w + 1;
      for (uint32_t i = 0; i < 20000; ++i) x = x * 1664525u + 1013904223u;
      EXPECT_EQ(got[w], x) << w;
    }
  }
}

// 32 workgroups of 4 subgroups (subgroup size 4) each read a flag 200 times before they store.
// Under a random schedule the first workgroup returns (the first progress) only after about
// 32 x 4 x 200 = 25 600 steps, far past a fixed window of 1 000 steps.
struct BoundedSpins {
  Report report;
  std::vector<uint32_t> out;
};
BoundedSpins runBoundedSpins(uint64_t hang_turns) {
  const std::string src = R"(
@group(0) @binding(0) var<storage, read> flag: array<u32, 4>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(16)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_index) li: u32) {
  var sum = 0u;
  for (var i = 0u; i < 200u; i++) {
    sum += flag[i % 4u];
  }
  out[wid.x * 16u + li] = sum + wid.x;
}
)";
  DeviceOptions o = model("random:5");
  o.hang_window = 1000;
  o.hang_turns = hang_turns;
  o.subgroup_size = 4;
  Device dev(o);
  ShaderModule m = dev.createShaderModule(src, "bounded.wgsl");
  EXPECT_TRUE(m.ok()) << m.diagnostics();
  ComputePipeline p = dev.createComputePipeline(m, "main");
  Buffer flag = dev.createBuffer(std::vector<uint32_t>{1, 2, 3, 4});
  Buffer out = dev.createBuffer(32 * 16 * 4);
  BindGroup bg;
  bg.bind(0, 0, flag).bind(0, 1, out);
  BoundedSpins r;
  r.report = dev.dispatch(p, {bg}, 32);
  r.out = out.read<uint32_t>();
  return r;
}

// Bounded spins of many subgroups are no hang: the window that grows with the 128 alive
// subgroups (4 096 turns each) lets them finish. With the growth off the same run is a (false)
// hang, and with 64 turns each (8 192 steps) too.
TEST(SchedDispatch, BoundedSpinsOfManySubgroupsAreNoHang) {
  const BoundedSpins done = runBoundedSpins(4096);
  ASSERT_EQ(done.report.status, Status::Ok) << done.report.summary();
  for (uint32_t i = 0; i < 32 * 16; ++i) EXPECT_EQ(done.out[i], 500u + i / 16) << i;  // 50 x (1+2+3+4) + workgroup
  EXPECT_EQ(runBoundedSpins(0).report.status, Status::Hang);
  EXPECT_EQ(runBoundedSpins(64).report.status, Status::Hang);
}

// The report of a window verdict says how many turns each alive subgroup had, not that no
// scheduler could help: 8 192 steps over 128 alive subgroups are 64 turns each.
TEST(SchedDispatch, WindowHangSaysTheTurnsEachSubgroupHad) {
  const Report r = runBoundedSpins(64).report;
  ASSERT_EQ(r.status, Status::Hang) << r.summary();
  EXPECT_EQ(r.hang_summary.rfind("every alive workgroup spins and random:5 starves none of them, so they wait for "
                                 "each other (no progress in about 64 turns of each alive subgroup: ",
                                 0),
            0u)
      << r.hang_summary;
  EXPECT_NE(r.hang.find("detected: no progress for 8192 scheduling steps"), std::string::npos) << r.hang;
}

}  // namespace
