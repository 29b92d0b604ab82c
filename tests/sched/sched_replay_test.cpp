// Reproducibility: the same seed gives the same schedule; a recorded run replayed from its
// schedule file gives the same atomic order and the same memory; explicit schedules behave as
// their entries say ("run this workgroup until after its next atomic").
#include <gtest/gtest.h>

#include "tests/sched/sim.h"

namespace wgsl::sched::sim {
namespace {

std::vector<WorkgroupId> atomicOrder(const std::vector<TraceStep>& trace) {
  std::vector<WorkgroupId> out;
  for (const auto& t : trace)
    if (t.end == StepEnd::Atomic) out.push_back(t.wg);
  return out;
}

std::vector<WorkgroupId> stepOrder(const std::vector<TraceStep>& trace) {
  std::vector<WorkgroupId> out;
  for (const auto& t : trace) out.push_back(t.wg);
  return out;
}

SchedulerConfig seeded(Model model, uint64_t seed, uint32_t occupancy = 0) {
  SchedulerConfig c;
  c.model = model;
  c.seed = seed;
  c.occupancy = occupancy;
  return c;
}

RunOptions recording() {
  RunOptions o;
  o.record = true;
  return o;
}

TEST(SchedReplay, SameSeedSameScheduleDifferentSeedDifferentSchedule) {
  const Kernel k = chainedScan(6, true, false);
  const Outcome a = run(k, 6, seeded(Model::Fair, 5), recording());
  const Outcome b = run(k, 6, seeded(Model::Fair, 5), recording());
  const Outcome c = run(k, 6, seeded(Model::Fair, 6), recording());
  ASSERT_FALSE(a.trace.empty());
  EXPECT_EQ(stepOrder(a.trace), stepOrder(b.trace));
  EXPECT_NE(stepOrder(a.trace), stepOrder(c.trace));
}

TEST(SchedReplay, RecordedScheduleReplaysTheSameAtomicOrderAndResult) {
  struct Case { Kernel kernel; uint32_t n; SchedulerConfig config; };
  std::vector<Case> cases = {
      {chainedScan(6, true, false), 6, seeded(Model::Fair, 11)},
      {chainedScan(6, true, true), 6, seeded(Model::Random, 12)},
      {chainedScan(6, false, false), 6, seeded(Model::Obe, 13, 2)},
      {spinLockCounter(5), 5, seeded(Model::Fair, 14)},
      {weakFairnessCounterexample(), 2, seeded(Model::Fair, 15)},
  };
  for (auto& c : cases) {
    const Outcome original = run(c.kernel, c.n, c.config, recording());
    ASSERT_EQ(original.status, RunStatus::Completed) << c.kernel.name;
    SchedulerConfig replay;
    replay.model = Model::Replay;
    replay.schedule = scheduleFromTrace(original.trace);
    ASSERT_EQ(validateSchedule(replay.schedule, c.n), "");
    // Through the text form, as --schedule=FILE would.
    std::string err;
    auto parsed = parseSchedule(formatSchedule(replay.schedule), err);
    ASSERT_TRUE(parsed) << err;
    replay.schedule = *parsed;
    const Outcome again = run(c.kernel, c.n, replay, recording());
    ASSERT_EQ(again.status, RunStatus::Completed) << c.kernel.name;
    EXPECT_EQ(atomicOrder(again.trace), atomicOrder(original.trace)) << c.kernel.name;
    EXPECT_EQ(again.mem, original.mem) << c.kernel.name;
  }
}

SchedulerConfig fromText(const std::string& text) {
  SchedulerConfig c;
  c.model = Model::Replay;
  std::string err;
  auto s = parseSchedule(text, err);
  EXPECT_TRUE(s) << err;
  if (s) c.schedule = *s;
  return c;
}

// mp(producer 0, consumer 1): "prefix: 0 0" lets the producer write data and flag, then the
// consumer runs; "cycle: 1" only ever runs the consumer: it polls forever (a proven repeat).
TEST(SchedReplay, ExplicitSchedulesForMessagePassing) {
  const Outcome ok = run(messagePassing(0, 1), 2, fromText("prefix: 0 0\n"));
  ASSERT_EQ(ok.status, RunStatus::Completed);
  EXPECT_EQ(ok.mem[2], 42u);
  const Outcome stuck = run(messagePassing(0, 1), 2, fromText("cycle: 1\n"));
  ASSERT_EQ(stuck.status, RunStatus::Hang);
  EXPECT_EQ(stuck.cause, HangCause::RepeatedState);
  EXPECT_EQ(stuck.summary, "workgroup 0 is not in the schedule's cycle, so it never runs again");
}

// The weak-fairness livelock as an explicit cycle: watcher polls (x == 0); flipper sets x = 1,
// x = 0, polls done; repeat. The watcher never sees x == 1. Interleaving the watcher between
// "x = 1" and "x = 0" instead lets it through.
TEST(SchedReplay, ExplicitScheduleReproducesTheWeakFairnessLivelock) {
  const Outcome stuck = run(weakFairnessCounterexample(), 2, fromText("cycle: 0 1 1 1\n"));
  ASSERT_EQ(stuck.status, RunStatus::Hang);
  EXPECT_EQ(stuck.cause, HangCause::RepeatedState);
  const Outcome ok = run(weakFairnessCounterexample(), 2, fromText("cycle: 0 1 0 1 1\n"));
  ASSERT_EQ(ok.status, RunStatus::Completed);
  EXPECT_EQ(ok.mem[1], 1u);
}

TEST(SchedReplay, ScheduleTextRoundTripsAndIgnoresComments) {
  std::string err;
  auto s = parseSchedule("# found by explore\n\nprefix: 3 1, 2   # tickets\ncycle: 0 4\n", err);
  ASSERT_TRUE(s) << err;
  EXPECT_EQ(s->prefix, (std::vector<WorkgroupId>{3, 1, 2}));
  EXPECT_EQ(s->cycle, (std::vector<WorkgroupId>{0, 4}));
  EXPECT_EQ(formatSchedule(*s), "prefix: 3 1 2\ncycle: 0 4\n");
  auto back = parseSchedule(formatSchedule(*s), err);
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, *s);
}

// Per-dispatch sections: `dispatch N:` starts the schedule of dispatch N; the lines before the
// first section are the schedule of every other dispatch; a file without sections is one schedule
// for all (files written before sections existed read as before).
TEST(SchedReplay, ScheduleFilesHavePerDispatchSections) {
  std::string err;
  auto f = parseScheduleFile("# two passes\nprefix: 0\ndispatch 2:\nprefix: 3 1\ncycle: 1\n dispatch 4 : # last\ncycle: 2\n", err);
  ASSERT_TRUE(f) << err;
  ASSERT_TRUE(f->all);
  EXPECT_EQ(f->all->prefix, (std::vector<WorkgroupId>{0}));
  ASSERT_EQ(f->dispatches.size(), 2u);
  EXPECT_EQ(f->forDispatch(2)->prefix, (std::vector<WorkgroupId>{3, 1}));
  EXPECT_EQ(f->forDispatch(2)->cycle, (std::vector<WorkgroupId>{1}));
  EXPECT_EQ(f->forDispatch(4)->cycle, (std::vector<WorkgroupId>{2}));
  EXPECT_EQ(f->forDispatch(1), &*f->all);  // no section: the general schedule
  EXPECT_EQ(f->forDispatch(3), &*f->all);
  // Sections alone: the other dispatches have no schedule (they run under --scheduler).
  auto only = parseScheduleFile("dispatch 2:\nprefix: 1 0\n", err);
  ASSERT_TRUE(only) << err;
  EXPECT_FALSE(only->all);
  EXPECT_EQ(only->forDispatch(1), nullptr);
  EXPECT_TRUE(only->hasEntries());
  // A file without sections.
  auto plain = parseScheduleFile("prefix: 2\ncycle: 0\n", err);
  ASSERT_TRUE(plain && plain->all && plain->dispatches.empty()) << err;
  EXPECT_EQ(plain->forDispatch(7)->prefix, (std::vector<WorkgroupId>{2}));
  // One schedule was expected: sections are refused with a clear message.
  EXPECT_FALSE(parseSchedule("dispatch 1:\nprefix: 0\n", err));
  EXPECT_EQ(err, "1:1: the file has per-dispatch sections ('dispatch N:'); one schedule was expected");
  // Bad section lines.
  EXPECT_FALSE(parseScheduleFile("dispatch 0:\n", err));
  EXPECT_EQ(err, "1:1: expected 'dispatch N:' (N from 1) alone on its line");
  EXPECT_FALSE(parseScheduleFile("dispatch two:\n", err));
  EXPECT_EQ(err, "1:1: expected 'dispatch N:' (N from 1) alone on its line");
  EXPECT_FALSE(parseScheduleFile("dispatch 1: 0 1\n", err));
  EXPECT_EQ(err, "1:1: expected 'dispatch N:' (N from 1) alone on its line");
  EXPECT_FALSE(parseScheduleFile("dispatch 1:\nprefix: 0\n\ndispatch 1:\n", err));
  EXPECT_EQ(err, "4:1: second section for dispatch 1");
  // prefix and cycle once per section.
  auto twice = parseScheduleFile("prefix: 0\ndispatch 1:\nprefix: 1\n", err);
  ASSERT_TRUE(twice) << err;
  EXPECT_FALSE(parseScheduleFile("dispatch 1:\nprefix: 1\nprefix: 2\n", err));
  EXPECT_EQ(err, "3:1: second 'prefix:' line; a schedule has one");
}

TEST(SchedReplay, ScheduleErrorsSayWhereAndWhat) {
  std::string err;
  EXPECT_FALSE(parseSchedule("prefix: 0 x\n", err));
  EXPECT_EQ(err, "1:11: expected a workgroup id (a decimal number), found 'x'");
  EXPECT_FALSE(parseSchedule("prefix: 1\ncycles: 2\n", err));
  EXPECT_EQ(err, "2:1: expected 'prefix:' or 'cycle:' followed by workgroup ids");
  EXPECT_FALSE(parseSchedule("cycle: 1\n  cycle: 2\n", err));
  EXPECT_EQ(err, "2:3: second 'cycle:' line; a schedule has one");
  EXPECT_FALSE(parseSchedule("cycle: 99999999999\n", err));
  EXPECT_EQ(err, "1:8: workgroup id is too large (at most 4294967294)");
  Schedule s;
  s.cycle = {0, 5};
  EXPECT_EQ(validateSchedule(s, 4), "the schedule names workgroup 5 but the dispatch has 4 workgroups (ids 0..3)");
  SchedulerConfig empty;
  empty.model = Model::Replay;
  EXPECT_EQ(makeScheduler(empty, err), nullptr);
  EXPECT_EQ(err, "the schedule is empty: give at least one workgroup id after 'prefix:' or 'cycle:'");
}

}  // namespace
}  // namespace wgsl::sched::sim
