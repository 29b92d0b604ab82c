// Hang reports and the watchdog: the summary names the starved workgroup and the scheduling
// decision that starves it, in the model's terms; statistics count what happened. Expected
// texts follow from the kernels' step sequences, worked out by hand.
#include <gtest/gtest.h>

#include "runtime/sched/hang_report.h"
#include "tests/sched/sim.h"

namespace wgsl::sched::sim {
namespace {

SchedulerConfig cfg(Model model, uint32_t occupancy = 0, Admission admission = Admission::Id) {
  SchedulerConfig c;
  c.model = model;
  c.occupancy = occupancy;
  c.admission = admission;
  return c;
}

// Reverse admission, occupancy 1: workgroup 7 (tile 7) starts, publishes its aggregate, then
// polls tile 6's state forever; workgroup 0 is the lowest that never started.
TEST(SchedReport, ObeNamesTheNotStartedWorkgroupAndWhatHoldsTheSlot) {
  const Outcome o = run(chainedScan(8, false, false), 8, cfg(Model::Obe, 1, Admission::Reverse));
  ASSERT_EQ(o.status, RunStatus::Hang);
  EXPECT_EQ(o.summary,
            "workgroup 0 is not started: occupancy 1 is held by workgroup 7, which spins at "
            "lookback:poll predecessor on state[6]");
  EXPECT_NE(o.report.find("hang under obe: "), std::string::npos) << o.report;
  EXPECT_NE(o.report.find("8 of 8 workgroups alive, 7 not started, 1 spinning"), std::string::npos) << o.report;
  EXPECT_NE(o.report.find("workgroup 7 spins at lookback:poll predecessor on state[6]"), std::string::npos)
      << o.report;
}

TEST(SchedReport, ObeNamesAllHoldersOfTheOccupancy) {
  const Outcome o = run(interWorkgroupBarrier(4), 4, cfg(Model::Obe, 2));
  ASSERT_EQ(o.status, RunStatus::Hang);
  EXPECT_EQ(o.summary,
            "workgroup 2 is not started: occupancy 2 is held by workgroups 0 and 1, which all spin "
            "at barrier:wait for all on count");
}

// The hsa adversary lures workgroup 1 (the producer) until its first atomic write (data = 42),
// parks it, and runs only workgroup 0, the consumer.
TEST(SchedReport, HsaNamesTheParkedWorkgroupAndWhere) {
  const Outcome o = run(messagePassing(1, 0), 2, cfg(Model::Hsa));
  ASSERT_EQ(o.status, RunStatus::Hang);
  EXPECT_EQ(o.summary,
            "workgroup 1 was run by the hsa adversary until it wrote memory with an atomic (took a "
            "ticket or lock?) at mp:write data and is then starved: hsa guarantees progress only "
            "to the lowest-id alive workgroup, 0");
  EXPECT_NE(o.report.find("workgroup 0 spins at mp:poll flag on flag"), std::string::npos) << o.report;
}

// Spin lock: workgroup 3 is lured first and takes the lock; 2 and 1 are lured, fail to take
// it, spin and are parked; 0 spins on the lock. The decisive one is the holder, 3.
TEST(SchedReport, HsaSpinLockNamesTheLockHolder) {
  const Outcome o = run(spinLockCounter(4), 4, cfg(Model::Hsa));
  ASSERT_EQ(o.status, RunStatus::Hang);
  EXPECT_EQ(o.summary.rfind("workgroup 3 was run by the hsa adversary until it wrote memory", 0), 0u)
      << o.summary;
  EXPECT_NE(o.summary.find("at mutex:acquire"), std::string::npos) << o.summary;
}

TEST(SchedReport, HsaWithoutLuringNamesTheNeverRunWorkgroup) {
  SchedulerConfig c = cfg(Model::Hsa);
  c.lure_percent = 0;
  const Outcome o = run(interWorkgroupBarrier(3), 3, c);
  ASSERT_EQ(o.status, RunStatus::Hang);
  EXPECT_EQ(o.summary,
            "workgroup 1 is not started (the hsa adversary chose not to run it): hsa guarantees "
            "progress only to the lowest-id alive workgroup, 0");
}

TEST(SchedReport, RoundRobinLivelockIsAProvenRepeat) {
  const Outcome o = run(weakFairnessCounterexample(), 2, cfg(Model::RoundRobin));
  ASSERT_EQ(o.status, RunStatus::Hang);
  EXPECT_EQ(o.cause, HangCause::RepeatedState);
  EXPECT_EQ(o.summary,
            "round-robin repeats the same cycle of states forever: workgroup 0 spins at weak:poll x "
            "on x; round-robin is only weakly fair (a strongly fair schedule may escape)");
  // Found after two rounds of 4 steps each way, long before any watchdog window.
  EXPECT_LT(o.steps, 20u);
}

// A true deadlock: the barrier waits for 4 arrivals but only 3 workgroups exist. Under fair
// nobody is starved; every workgroup spins, so the report says no scheduler could help, but a
// window is evidence, not proof: it says how many turns each had (the simulator's window of 4 000
// steps over 3 workgroups of one subgroup each: 1 333) and that bounded spins may need more.
TEST(SchedReport, DeadlockUnderFairBlamesNoScheduler) {
  const Outcome o = run(interWorkgroupBarrier(4), 3, cfg(Model::Fair));
  ASSERT_EQ(o.status, RunStatus::Hang);
  EXPECT_EQ(o.cause, HangCause::Watchdog);
  EXPECT_EQ(o.summary,
            "every alive workgroup spins and fair starves none of them, so they wait for each other "
            "(no progress in about 1333 turns of each alive subgroup: a deadlock under any scheduler, unless "
            "the spins end after more turns (--hang-turns)): workgroup 0 spins at barrier:wait for all on count; "
            "workgroup 1 spins at barrier:wait for all on count; workgroup 2 spins at barrier:wait "
            "for all on count");
}

// Without exact detection the same livelock changes memory every step (x flips), so the
// watchdog never fires: only --max-steps ends it.
TEST(SchedReport, MemoryChangingLivelockEndsAtMaxSteps) {
  RunOptions opt;
  opt.exact = false;
  opt.max_steps = 5000;
  opt.hang_window = 1000;
  const Outcome o = run(weakFairnessCounterexample(), 2, cfg(Model::RoundRobin), opt);
  EXPECT_EQ(o.status, RunStatus::MaxSteps);
  EXPECT_EQ(o.steps, 5000u);
}

// The watchdog fires exactly `window` steps after the last progress.
TEST(SchedReport, WatchdogFiresAfterTheWindow) {
  for (uint64_t window : {100u, 1000u, 5000u}) {
    RunOptions opt;
    opt.hang_window = window;
    const Outcome o = run(messagePassing(0, 1), 2, cfg(Model::Obe, 1, Admission::Reverse), opt);
    ASSERT_EQ(o.status, RunStatus::Hang);
    EXPECT_EQ(o.cause, HangCause::Watchdog);
    // The consumer never changes memory: every step is without progress.
    EXPECT_EQ(o.steps, window);
  }
}

// The window grows with the subgroups alive: max(hang_window, hang_turns x subgroups of the
// started, not returned workgroups), and shrinks again as they return.
TEST(SchedReport, WatchdogWindowScalesWithAliveSubgroups) {
  WatchdogConfig c;
  c.hang_window = 50;
  c.hang_turns = 10;
  c.subgroups_per_workgroup = 4;
  Watchdog w(c);
  w.begin(3);
  EXPECT_EQ(w.window(), 50u);  // nothing started
  StepInfo spin;
  spin.end = StepEnd::BackEdge;
  // Three workgroups start: 12 subgroups, 120 steps.
  for (WorkgroupId wg = 0; wg < 3; ++wg) EXPECT_EQ(w.onStep(wg, spin), Watchdog::Verdict::Continue);
  EXPECT_EQ(w.started(), 3u);
  EXPECT_EQ(w.window(), 120u);
  uint64_t steps = 3;
  while (w.onStep(steps % 3, spin) == Watchdog::Verdict::Continue) ++steps;
  EXPECT_EQ(steps + 1, 120u);  // the hang falls on the 120th step without progress
  // One returns (progress): two are left, 8 subgroups, 80 steps; still at least hang_window.
  StepInfo ret;
  ret.end = StepEnd::Returned;
  w.onStep(2, ret);
  EXPECT_EQ(w.started(), 2u);
  EXPECT_EQ(w.window(), 80u);
  steps = 0;
  while (w.onStep(steps % 2, spin) == Watchdog::Verdict::Continue) ++steps;
  EXPECT_EQ(steps + 1, 80u);
  w.onStep(1, ret);
  EXPECT_EQ(w.window(), 50u);  // one workgroup: 40 < hang_window
}

// hang_turns 0: the window is fixed, however many subgroups are alive.
TEST(SchedReport, WatchdogWindowFixedWithoutTurns) {
  WatchdogConfig c;
  c.hang_window = 50;
  c.subgroups_per_workgroup = 32;
  Watchdog w(c);
  w.begin(100);
  StepInfo spin;
  uint64_t steps = 0;
  while (w.onStep(steps % 100, spin) == Watchdog::Verdict::Continue) ++steps;
  EXPECT_EQ(steps + 1, 50u);
  EXPECT_EQ(w.window(), 50u);
}

// Turns x subgroups beyond 64 bits saturates instead of wrapping to a small window.
TEST(SchedReport, WatchdogWindowSaturates) {
  WatchdogConfig c;
  c.hang_window = 50;
  c.hang_turns = ~uint64_t{0} / 2;
  c.subgroups_per_workgroup = 4;
  Watchdog w(c);
  w.begin(1);
  w.onStep(0, StepInfo{});
  EXPECT_EQ(w.window(), ~uint64_t{0});
}

TEST(SchedReport, UnfairNamesTheSpinnerItRuns) {
  for (uint64_t seed = 1; seed <= 10; ++seed) {
    SchedulerConfig c = cfg(Model::Unfair);
    c.seed = seed;
    const Outcome o = run(messagePassing(0, 1), 2, c);
    if (o.status != RunStatus::Hang) continue;
    // Only the consumer (1) can spin; the producer (0) is starved.
    EXPECT_EQ(o.summary.rfind("workgroup 0 is ", 0), 0u) << o.summary;
    EXPECT_NE(o.summary.find("the unfair adversary runs only workgroup 1, which spins at mp:poll"),
              std::string::npos)
        << o.summary;
  }
}

TEST(SchedReport, LongReportsListAFewWorkgroupsAndCountTheRest) {
  const Outcome o = run(chainedScan(100, false, false), 100, cfg(Model::Obe, 1, Admission::Reverse));
  ASSERT_EQ(o.status, RunStatus::Hang);
  EXPECT_NE(o.report.find("... and 76 more alive workgroups"), std::string::npos) << o.report;
}

// Round-robin over 4 workgroups of 6 steps each (3 bumps, 2 back-edges, return): every step of a
// workgroup but its first follows a step of another workgroup.
TEST(SchedReport, StatisticsCountStepsAndPreemptions) {
  const Outcome o = run(independentWork(4, 3), 4, cfg(Model::RoundRobin));
  ASSERT_EQ(o.status, RunStatus::Completed);
  EXPECT_EQ(o.steps, 24u);
  for (WorkgroupId wg = 0; wg < 4; ++wg) {
    EXPECT_EQ(o.stats[wg].steps, 6u);
    EXPECT_EQ(o.stats[wg].preemptions, 5u);
    EXPECT_EQ(o.stats[wg].first_step, wg);
    EXPECT_EQ(o.stats[wg].end_step, 20u + wg);
    EXPECT_EQ(o.stats[wg].spin_steps, 2u);  // the back-edges change nothing
  }
}

TEST(SchedReport, ParsesSchedulerNamesAndAdmissionOrders) {
  SchedulerConfig c;
  std::string err;
  ASSERT_TRUE(parseSchedulerName("random:42", c, err));
  EXPECT_EQ(c.model, Model::Random);
  EXPECT_EQ(c.seed, 42u);
  EXPECT_EQ(modelName(c), "random:42");
  ASSERT_TRUE(parseSchedulerName("hsa-obe", c, err));
  EXPECT_EQ(c.model, Model::HsaObe);
  EXPECT_FALSE(parseSchedulerName("fiar", c, err));
  EXPECT_EQ(err, "unknown scheduler 'fiar'; expected fair, round-robin, obe, lobe, hsa, hsa-obe, unfair or random:SEED");
  EXPECT_FALSE(parseSchedulerName("random:", c, err));
  EXPECT_NE(err.find("random:SEED needs a decimal seed"), std::string::npos);
  ASSERT_TRUE(parseAdmission("random:7", c, err));
  EXPECT_EQ(c.admission, Admission::Random);
  EXPECT_EQ(c.admission_seed, 7u);
  EXPECT_FALSE(parseAdmission("backwards", c, err));
  EXPECT_EQ(err, "bad admission order 'backwards'; expected id, reverse or random:SEED");
}

}  // namespace
}  // namespace wgsl::sched::sim
