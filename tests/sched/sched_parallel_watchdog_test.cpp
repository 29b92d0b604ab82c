// The hang watchdog of the parallel fair path (the default scheduler), through the C++ API and
// the CLI, on 1 and 2 worker threads: a kernel that spins on memory nothing writes ends with
// status hang and a report naming the spinning line and the memory it polls; a loop that changes
// nothing and reads nothing ends too; kernels whose spins are released by another workgroup, and
// long computations without stores, complete.
//
// Before the watchdog, the spinning kernels ran forever: the CLI cases run under `timeout` so
// that such a failure shows as exit code 124 instead of a stuck test run.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "runtime/runtime.h"
#include "runtime/sched/parallel_watchdog.h"
#include "tests/sched/chain_of_waiters.h"
#include "tests/support/test_support.h"

namespace {

using namespace wgsl::runtime;
namespace sched = wgsl::sched;

// ---- The rule itself, on hand-made steps (no engine).

sched::StepInfo poll(uint32_t root = 1, uint64_t offset = 0) {
  sched::StepInfo s;
  s.end = sched::StepEnd::BackEdge;
  s.read_root = root;
  s.read_offset = offset;
  return s;
}

sched::StepInfo compute() {
  sched::StepInfo s;
  s.end = sched::StepEnd::BackEdge;
  return s;
}

// Steps until onStep says hang (or `limit`).
uint64_t stepsToHang(sched::ParallelWatchdog& w, unsigned slot, const sched::StepInfo& info, uint64_t limit) {
  for (uint64_t i = 1; i <= limit; ++i)
    if (w.onStep(slot, info)) return i;
  return 0;
}

TEST(ParallelWatchdogRule, PollsWithoutProgressUseUpTheWindow) {
  sched::ParallelWatchdogConfig c;
  c.hang_window = 100;
  sched::ParallelWatchdog w(c, 2);
  w.watch(0, 7);
  // The first read is new; every later one re-reads it. Polls are batched per 16: the flush
  // that finds the window full raises a suspicion, the next one (after the worker completed a
  // step begun after it) confirms the hang, so it is noticed within 32 polls of the window's end.
  const uint64_t n = stepsToHang(w, 0, poll(), 1000);
  EXPECT_GE(n, 101u);
  EXPECT_LE(n, 101u + 32);
  EXPECT_TRUE(w.hung());
  const auto seen = w.observed();
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0].wg, 7u);
  EXPECT_TRUE(seen[0].polls);
  EXPECT_EQ(seen[0].stats.idle, n);
}

// One worker, one parked spinner per step of `wg` (a new read, then polls), then parked.
void turn(sched::ParallelWatchdog& w, unsigned slot, sched::WorkgroupId wg, int polls) {
  w.watch(slot, wg);
  for (int i = 0; i < polls; ++i) ASSERT_FALSE(w.onStep(slot, poll()));
  w.parked(slot);
}

// The last progress may have released a workgroup that waits in the queue of parked ones (or
// that a descheduled worker has just parked or taken): however many polls the workgroup held
// by the running worker makes, no hang until every parked workgroup has had a turn since the
// last progress. Before this rule, polls alone (the window, and two rounds of 384-poll turns,
// 2 304 polls here) made the hang while the released workgroup never ran.
TEST(ParallelWatchdogRule, AParkedWorkgroupWithoutATurnSinceTheLastProgressHoldsOffTheHang) {
  sched::ParallelWatchdogConfig c;
  c.hang_window = 100;
  sched::ParallelWatchdog w(c, 2);
  for (sched::WorkgroupId wg = 1; wg <= 3; ++wg) turn(w, 0, wg, 10);
  w.progress();  // e.g. a workgroup returned on the other worker, releasing one of 1..3
  w.watch(0, 0);
  EXPECT_EQ(stepsToHang(w, 0, poll(), 100000), 0u);
  w.parked(0);
  turn(w, 0, 1, 10);  // oldest first: 1 and 2 have their turns, 3 not yet
  turn(w, 0, 2, 10);
  w.watch(0, 0);
  EXPECT_EQ(stepsToHang(w, 0, poll(), 100000), 0u);
  w.parked(0);
  turn(w, 0, 3, 10);  // every parked workgroup polled since the last progress: a hang
  w.watch(0, 0);
  const uint64_t n = stepsToHang(w, 0, poll(), 1000);
  EXPECT_GT(n, 0u);
  EXPECT_LE(n, 32u);  // the window is long full: a flush raises the suspicion, the next confirms
}

// A turn cut short by progress is no evidence for the epoch after it.
TEST(ParallelWatchdogRule, ATurnBeforeTheLastProgressIsNoTurnAfterIt) {
  sched::ParallelWatchdogConfig c;
  c.hang_window = 100;
  sched::ParallelWatchdog w(c, 1);
  turn(w, 0, 1, 10);
  w.progress();
  turn(w, 0, 2, 10);
  w.watch(0, 0);
  EXPECT_EQ(stepsToHang(w, 0, poll(), 100000), 0u);
  w.parked(0);
  turn(w, 0, 1, 10);
  w.watch(0, 0);
  EXPECT_GT(stepsToHang(w, 0, poll(), 1000), 0u);
}

// Worker 1 holds a workgroup but has not stepped since the last progress (its thread may be
// descheduled right after a release): worker 0's polls alone make no hang until it has.
TEST(ParallelWatchdogRule, ABusyWorkerThatHasNotSteppedHoldsOffTheHang) {
  sched::ParallelWatchdogConfig c;
  c.hang_window = 100;
  sched::ParallelWatchdog w(c, 2);
  w.watch(1, 9);
  w.onStep(1, poll());  // a new read, then a poll: it spins
  w.onStep(1, poll());
  w.watch(0, 0);
  w.progress();
  EXPECT_EQ(stepsToHang(w, 0, poll(), 1000), 0u);
  for (int i = 0; i < 8; ++i) ASSERT_FALSE(w.onStep(1, poll()));
  // Now the suspicion is raised; worker 1 must complete a step begun after it (two more).
  EXPECT_EQ(stepsToHang(w, 0, poll(), 1000), 0u);
  for (int i = 0; i < 2; ++i) ASSERT_FALSE(w.onStep(1, poll()));
  EXPECT_GT(stepsToHang(w, 0, poll(), 20), 0u);  // at its next flush
  // A workgroup running on the fast path counts as held too, until it ends.
  sched::ParallelWatchdog v(c, 2);
  v.watch(0, 0);
  v.fastPath(1, true);
  EXPECT_EQ(stepsToHang(v, 0, poll(), 1000), 0u);
  v.fastPath(1, false);
  EXPECT_GT(stepsToHang(v, 0, poll(), 200), 0u);
}

// Worker 1 has polled since the last progress, then its thread is descheduled in the middle of
// a step that stores (before onStep reports the store as progress). Worker 0's polls fill the
// window meanwhile; counting polls is counting time, and no hang may follow from it: the hang
// waits until worker 1 completes a step begun after the window was found full. Before this
// rule, worker 1's 8 steps since the last progress let worker 0 declare the hang at the window.
TEST(ParallelWatchdogRule, AStepInFlightOnADescheduledWorkerHoldsOffTheHang) {
  sched::ParallelWatchdogConfig c;
  c.hang_window = 100;
  for (const bool stores : {true, false}) {
    SCOPED_TRACE(stores ? "the step in flight stores" : "the step in flight polls");
    sched::ParallelWatchdog w(c, 2);
    w.watch(0, 0);
    w.watch(1, 1);
    w.progress();
    for (int i = 0; i < 10; ++i) ASSERT_FALSE(w.onStep(1, poll()));
    // Worker 1 is now descheduled mid-step; worker 0 polls on.
    EXPECT_EQ(stepsToHang(w, 0, poll(), 100000), 0u);
    sched::StepInfo in_flight = poll();
    in_flight.memory_changed = stores;
    ASSERT_FALSE(w.onStep(1, in_flight));  // the step in flight ends
    if (stores) {
      // Progress: the window starts over (and the released workgroup, say 0, stops polling).
      EXPECT_EQ(stepsToHang(w, 0, poll(), 99), 0u);
      EXPECT_FALSE(w.hung());
    } else {
      // One more poll; the next step of worker 1 began after the suspicion.
      EXPECT_EQ(stepsToHang(w, 0, poll(), 1000), 0u);
      ASSERT_FALSE(w.onStep(1, poll()));
      EXPECT_GT(stepsToHang(w, 0, poll(), 20), 0u);
    }
  }
}

TEST(ParallelWatchdogRule, ProgressAnywhereRestartsTheWindow) {
  sched::ParallelWatchdogConfig c;
  c.hang_window = 100;
  sched::ParallelWatchdog w(c, 2);
  w.watch(0, 0);
  for (int i = 0; i < 90; ++i) ASSERT_FALSE(w.onStep(0, poll()));
  w.progress();  // e.g. a workgroup returned on the fast path
  for (int i = 0; i < 90; ++i) ASSERT_FALSE(w.onStep(0, poll()));
  sched::StepInfo store = poll();
  store.memory_changed = true;
  w.watch(1, 1);
  ASSERT_FALSE(w.onStep(1, store));
  for (int i = 0; i < 90; ++i) ASSERT_FALSE(w.onStep(0, poll()));
  EXPECT_FALSE(w.hung());
}

// Reading new locations (a stream) or none (registers) is computing: polls elsewhere do not
// count meanwhile, and the computing workgroup gets 16 windows of its own steps.
TEST(ParallelWatchdogRule, ComputingSuspendsPollsAndGetsSixteenWindows) {
  sched::ParallelWatchdogConfig c;
  c.hang_window = 100;
  sched::ParallelWatchdog w(c, 2);
  w.watch(0, 0);
  w.watch(1, 1);
  for (uint64_t i = 0; i < 1599; ++i) {
    ASSERT_FALSE(w.onStep(0, i % 2 ? compute() : poll(2, i * 4))) << i;  // a stream, then registers
    ASSERT_FALSE(w.onStep(1, poll())) << i;                               // waits for it
  }
  EXPECT_TRUE(w.onStep(0, compute()));  // the 1600th computing step
  const auto seen = w.observed();
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_TRUE(seen[0].computing);
  EXPECT_TRUE(seen[1].polls);
}

TEST(ParallelWatchdogRule, ParkedWorkgroupsKeepTheirObservation) {
  sched::ParallelWatchdogConfig c;
  c.hang_window = 1000;
  sched::ParallelWatchdog w(c, 1);
  w.watch(0, 3);
  for (int i = 0; i < 10; ++i) w.onStep(0, poll());
  w.parked(0);
  w.watch(0, 4);
  w.onStep(0, poll());
  w.returned(0);
  w.watch(0, 3);  // resumed: still polling the same word
  w.onStep(0, poll());
  const auto seen = w.observed();
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0].wg, 3u);
  EXPECT_EQ(seen[0].stats.steps, 11u);
  EXPECT_TRUE(seen[0].polls);
}

// ---- Through the device and the CLI.

const std::string kBin = WGSLEMU_BINARY;
const std::string kRoot = WGSLEMU_SOURCE_DIR;

// A spin on a storage word that nothing writes. The counter makes every iteration's state new,
// so only a window without progress can tell that it never ends.
const char* kSpin =
    "@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n"
    "@compute @workgroup_size(1) fn main() { var i = 0u; loop { if o[0] == 1u { break; } i++; } }\n";

class ParallelWatchdog : public ::testing::TestWithParam<uint32_t> {
 protected:
  DeviceOptions options() const {
    DeviceOptions o;
    o.threads = GetParam();
    return o;
  }
};

Report run(Device& dev, const std::string& src, const std::string& name, const std::vector<Buffer>& buffers,
           uint32_t groups) {
  ShaderModule m = dev.createShaderModule(src, name);
  EXPECT_TRUE(m.ok()) << m.diagnostics();
  ComputePipeline p = dev.createComputePipeline(m, "main");
  BindGroup bg;
  for (uint32_t i = 0; i < buffers.size(); ++i) bg.bind(0, i, buffers[i]);
  return dev.dispatch(p, {bg}, groups);
}

TEST_P(ParallelWatchdog, SpinOnMemoryNothingWritesIsAHang) {
  Device dev(options());
  Buffer o = dev.createBuffer(256);
  const Report r = run(dev, kSpin, "spin.wgsl", {o}, 1);
  ASSERT_EQ(r.status, Status::Hang) << r.summary();
  EXPECT_EQ(r.scheduler, "fair (parallel)");
  EXPECT_NE(r.hang_summary.find("workgroup 0 spins at spin.wgsl:2 on o[0]"), std::string::npos) << r.hang;
  EXPECT_NE(r.hang.find("hang under fair (parallel): "), std::string::npos) << r.hang;
  EXPECT_NE(r.hang.find("detected: no progress for "), std::string::npos) << r.hang;
  EXPECT_NE(r.hang.find("1 of 1 workgroups alive, 0 not started, 1 spinning"), std::string::npos) << r.hang;
  EXPECT_GE(r.steps, DeviceOptions{}.hang_window);  // the window: polls without progress
}

// Many workgroups that all wait for a flag nobody sets: every one starts (starting is progress),
// then the window runs out.
TEST_P(ParallelWatchdog, ManyWorkgroupsWaitingForEachOtherAreAHang) {
  const std::string src = R"(
@group(0) @binding(0) var<storage, read_write> flag: atomic<u32>;
@compute @workgroup_size(32)
fn main(@builtin(local_invocation_index) l: u32) {
  if (l == 0u) {
    loop {
      if (atomicLoad(&flag) == 1u) { break; }
    }
  }
}
)";
  DeviceOptions o = options();
  o.hang_window = 1u << 16;
  Device dev(o);
  Buffer flag = dev.createBuffer(4);
  const Report r = run(dev, src, "wait.wgsl", {flag}, 64);
  ASSERT_EQ(r.status, Status::Hang) << r.summary();
  EXPECT_NE(r.hang.find("64 of 64 workgroups alive, 0 not started, 64 spinning"), std::string::npos) << r.hang;
  EXPECT_NE(r.hang_summary.find("every alive workgroup spins"), std::string::npos) << r.hang;
  EXPECT_NE(r.hang_summary.find("spins at wait.wgsl:7 on flag"), std::string::npos) << r.hang;
  EXPECT_NE(r.hang.find("... and 40 more alive workgroups"), std::string::npos) << r.hang;  // 24 listed
}

// WGSL accepts a loop whose exit condition never holds (behaviour analysis rejects only loops
// without any break). This one touches no memory at all: it must still end, as a hang that says
// so, after compute_factor (16) windows, naming the loop by its first line (`loop {`, line 6).
TEST_P(ParallelWatchdog, EndlessLoopWithoutMemoryAccessEnds) {
  const std::string src = R"(
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(1)
fn main() {
  var x = 1u;
  loop {
    x = x * 3u;
    if (x == 0u) { break; }
  }
  o[0] = x;
}
)";
  DeviceOptions o = options();
  o.hang_window = 1u << 14;
  Device dev(o);
  Buffer out = dev.createBuffer(4);
  const Report r = run(dev, src, "endless.wgsl", {out}, 1);
  ASSERT_EQ(r.status, Status::Hang) << r.summary();
  EXPECT_NE(r.hang_summary.find("workgroup 0 loops at endless.wgsl:6 without changing shared memory"), std::string::npos)
      << r.hang;
  EXPECT_NE(r.hang_summary.find("--hang-window"), std::string::npos) << r.hang;
  EXPECT_GE(r.steps, uint64_t{16} << 14);
}

// A computation in registers for twice the window (one step per iteration), and a stream over a
// buffer of twice the window's length: neither stores until the end, neither is a hang.
TEST_P(ParallelWatchdog, LongComputationsWithoutStoresComplete) {
  const std::string src = R"(
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@group(0) @binding(1) var<storage, read_write> data: array<u32>;
@compute @workgroup_size(1)
fn main() {
  var x = 1u;
  for (var i = 0u; i < 2097152u; i++) {
    x = x * 1664525u + 1013904223u;
  }
  var sum = 0u;
  for (var i = 0u; i < arrayLength(&data); i++) {
    sum += data[i];
  }
  o[0] = x;
  o[1] = sum;
}
)";
  Device dev(options());
  const uint32_t n = 2u << 20;
  std::vector<uint32_t> data(n);
  uint32_t sum = 0;
  for (uint32_t i = 0; i < n; ++i) sum += data[i] = i % 7u;
  uint32_t x = 1;
  for (uint32_t i = 0; i < 2097152u; ++i) x = x * 1664525u + 1013904223u;
  Buffer o = dev.createBuffer(8), d = dev.createBuffer(data);
  const Report r = run(dev, src, "compute.wgsl", {o, d}, 1);
  ASSERT_EQ(r.status, Status::Ok) << r.summary() << r.hang;
  EXPECT_EQ(o.read<uint32_t>(), (std::vector<uint32_t>{x, sum}));
}

// A store-free loop with a barrier in every iteration: the barrier arrivals are not polls (they
// keep the workgroup computing). Of its 50 000 iterations, the first ~20 000 run on the fast
// path (2^18 instructions); the rest make ~60 000 barrier arrivals on the watched path, more
// than the window of 16 384 (counted as polls, they made this a hang), and ~120 000 computing
// steps, within its 16 windows.
TEST_P(ParallelWatchdog, StoreFreeLoopWithBarriersCompletes) {
  const std::string src = R"(
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) l: u32) {
  var x = l;
  for (var i = 0u; i < 50000u; i++) {
    x = x * 1664525u + 1013904223u;
    workgroupBarrier();
  }
  o[l] = x;
}
)";
  DeviceOptions opts = options();
  opts.subgroup_size = 32;
  opts.hang_window = 1u << 14;
  Device dev(opts);
  Buffer o = dev.createBuffer(64 * 4);
  const Report r = run(dev, src, "barrier.wgsl", {o}, 1);
  ASSERT_EQ(r.status, Status::Ok) << r.summary() << r.hang;
  std::vector<uint32_t> expected(64);
  for (uint32_t l = 0; l < 64; ++l) {
    uint32_t x = l;
    for (uint32_t i = 0; i < 50000u; ++i) x = x * 1664525u + 1013904223u;
    expected[l] = x;
  }
  EXPECT_EQ(o.read<uint32_t>(), expected);
}

// Workgroup 0 computes without stores for twice the window, then publishes; the others spin on
// the flag meanwhile. Their polls are no hang while someone computes.
TEST_P(ParallelWatchdog, SpinnersWaitingForALongComputationComplete) {
  const std::string src = R"(
@group(0) @binding(0) var<storage, read_write> flag: atomic<u32>;
@group(0) @binding(1) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(1)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
  if (wid.x == 0u) {
    var x = 1u;
    for (var i = 0u; i < 2097152u; i++) {
      x = x * 1664525u + 1013904223u;
    }
    o[0] = x;
    atomicStore(&flag, 1u);
  } else {
    loop {
      if (atomicLoad(&flag) == 1u) { break; }
    }
    o[wid.x] = wid.x;
  }
}
)";
  Device dev(options());
  Buffer flag = dev.createBuffer(4), o = dev.createBuffer(8 * 4);
  const Report r = run(dev, src, "mp.wgsl", {flag, o}, 8);
  ASSERT_EQ(r.status, Status::Ok) << r.summary() << r.hang;
  uint32_t x = 1;
  for (uint32_t i = 0; i < 2097152u; ++i) x = x * 1664525u + 1013904223u;
  EXPECT_EQ(o.read<uint32_t>(), (std::vector<uint32_t>{x, 1, 2, 3, 4, 5, 6, 7}));
}

// Workgroup i waits for workgroup i + 1, 256 of them: after each return, the one it releases
// may be anywhere in the queue of parked spinners, or held by a worker whose thread the OS has
// just descheduled, so many more polls than a window of 4 096 may pass before the next
// progress. A hang needs, besides the window, a turn of every parked spinner and a few steps of
// every busy worker since the last progress, and then one more step of each busy worker (the
// rule tests above model each of these holes). Under a load average of 10-15 on 2 cores, the
// 2-thread case was called a hang in 8 of 100 runs before that rule, 0 of 100 after.
TEST_P(ParallelWatchdog, LongChainOfWaitersCompletes) {
  const std::string src = wgsl::testing::kChainOfWaiters;
  DeviceOptions opts = options();
  opts.hang_window = 4096;
  Device dev(opts);
  const uint32_t groups = 256;
  Buffer flags = dev.createBuffer(groups * 4), order = dev.createBuffer(groups * 4), next = dev.createBuffer(4);
  const Report r = run(dev, src, "chain.wgsl", {flags, order, next}, groups);
  ASSERT_EQ(r.status, Status::Ok) << r.summary() << r.hang;
  const std::vector<uint32_t> ord = order.read<uint32_t>();
  for (uint32_t i = 0; i < groups; ++i) EXPECT_EQ(ord[i], groups - 1 - i) << "workgroup " << i;  // last to first
}

INSTANTIATE_TEST_SUITE_P(Threads, ParallelWatchdog, ::testing::Values(1u, 2u),
                         [](const ::testing::TestParamInfo<uint32_t>& i) { return std::to_string(i.param) + "Threads"; });

std::string tmp(const std::string& name) {
  return ::testing::TempDir() + "/wgslemu_watchdog_" + std::to_string(::getpid()) + "_" + name;
}

// The reproducer through the CLI, as a user runs it.
TEST(ParallelWatchdogCli, SpinReproducerEndsWithHangAndExitCode3) {
  const std::string file = tmp("spin.wgsl"), report = tmp("spin.json");
  std::ofstream(file) << kSpin;
  for (const std::string threads : {"1", "2"}) {
    SCOPED_TRACE("threads " + threads);
    auto r = wgsl::test::runCommand("timeout 120 " + kBin + " run '" + file +
                                    "' --dispatch 1 --buffer o=zero:256 --bind 0:0=o --threads=" + threads +
                                    " --report '" + report + "'");
    ASSERT_EQ(r.exit_code, 3) << r.err;
    EXPECT_NE(r.err.find(": hang:"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("workgroup 0 spins at " + file + ":2 on o[0]"), std::string::npos) << r.err;
    const auto j = nlohmann::json::parse(wgsl::test::readFile(report));
    EXPECT_EQ(j["status"], "hang");
    EXPECT_EQ(j["passes"][0]["scheduler"], "fair (parallel)");
    EXPECT_NE(j["passes"][0]["hang"]["summary"].get<std::string>().find("spins at"), std::string::npos);
  }
  std::remove(file.c_str());
  std::remove(report.c_str());
}

// The ticket lock with injected out-of-bounds faults: a lost atomicAdd leaves a ticket nobody
// serves, so the waiters spin forever.
TEST(ParallelWatchdogCli, TicketLockWithInjectedFaultsEnds) {
  auto r = wgsl::test::runCommand("timeout 120 " + kBin + " run '" + kRoot +
                                  "/corpus/specs/litmus_ticket_lock_simt_safe.json' "
                                  "--inject=oob:prob=0.1:seed=736 --threads=1");
  ASSERT_EQ(r.exit_code, 3) << r.err.substr(r.err.size() > 4000 ? r.err.size() - 4000 : 0);
  EXPECT_NE(r.err.find("hang under fair (parallel)"), std::string::npos);
  EXPECT_NE(r.err.find("litmus_ticket_lock.wgsl:71 on st.now_serving"), std::string::npos);
}

// Every corpus spec completes under the default scheduler on 1 and 2 threads with its expected
// outputs: the spins of the scans, locks, message passing and barriers are released by other
// workgroups, and no long store-free stretch is taken for a hang.
TEST(ParallelWatchdogCli, CorpusCompletesUnderFair) {
  for (const std::string threads : {"1", "2"}) {
    auto r = wgsl::test::runCommand("timeout 600 " + kBin + " test '" + kRoot + "/corpus/specs' --jobs 1 --threads=" +
                                    threads);
    EXPECT_EQ(r.out.find("HANG"), std::string::npos) << threads << "\n" << r.out;
    EXPECT_EQ(r.out.find("FAIL"), std::string::npos) << threads << "\n" << r.out;
    EXPECT_NE(r.exit_code, 124) << r.out;
  }
}

}  // namespace
