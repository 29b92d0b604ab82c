// Each progress model against the idioms of the papers: a kernel that needs exactly the model's
// guarantee terminates (for many seeds), and a kernel that needs more hangs. Expected verdicts
// are worked out by hand from the models' definitions (docs/schedulers.md); the reasoning for
// each is in the comment above the test.
#include <gtest/gtest.h>

#include "tests/sched/sim.h"

namespace wgsl::sched::sim {
namespace {

SchedulerConfig cfg(Model model, uint32_t occupancy = 0, Admission admission = Admission::Id,
                    uint64_t seed = 1) {
  SchedulerConfig c;
  c.model = model;
  c.occupancy = occupancy;
  c.admission = admission;
  c.admission_seed = 99;
  c.seed = seed;
  return c;
}

std::string statusName(RunStatus s) {
  return s == RunStatus::Completed ? "completed" : s == RunStatus::Hang ? "hang" : "max-steps";
}

::testing::AssertionResult completes(const Outcome& o) {
  if (o.status == RunStatus::Completed) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << statusName(o.status) << "\n" << o.report;
}

::testing::AssertionResult hangs(const Outcome& o) {
  if (o.status == RunStatus::Hang) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "expected a hang, got " << statusName(o.status);
}

void expectScanCorrect(const Outcome& o, uint32_t n) {
  for (uint32_t i = 0; i < n; ++i) {
    EXPECT_EQ(o.mem[1 + i] & ~kValueMask, kInclusiveFlag) << "tile " << i;
    EXPECT_EQ(o.mem[1 + i] & kValueMask, scanExpected(i)) << "tile " << i;
  }
}

// Models that schedule every alive workgroup eventually with nothing to wait for: all complete.
TEST(SchedModels, IndependentWorkCompletesUnderEveryModel) {
  const Kernel k = independentWork(5, 3);
  std::vector<SchedulerConfig> all = {
      cfg(Model::Fair), cfg(Model::RoundRobin), cfg(Model::Random, 0, Admission::Id, 7),
      cfg(Model::Obe, 1, Admission::Reverse), cfg(Model::Lobe, 2, Admission::Reverse),
      cfg(Model::Hsa), cfg(Model::HsaObe, 1, Admission::Reverse), cfg(Model::Unfair)};
  for (const auto& c : all) {
    const Outcome o = run(k, 5, c);
    ASSERT_TRUE(completes(o)) << modelName(c);
    for (uint32_t i = 0; i < 5; ++i) EXPECT_EQ(o.mem[i], 3u) << modelName(c);
  }
}

// fair is strongly fair with probability one: the chained scan (every dependency is eventually
// satisfied by a workgroup that can run) completes for every seed, with the right prefixes.
TEST(SchedModels, FairCompletesLookbackScanForManySeeds) {
  for (bool dynamic : {false, true}) {
    for (uint64_t seed = 1; seed <= 20; ++seed) {
      const Outcome o = run(chainedScan(8, dynamic, false), 8, cfg(Model::Fair, 0, Admission::Id, seed));
      ASSERT_TRUE(completes(o)) << "seed " << seed << " dynamic " << dynamic;
      expectScanCorrect(o, 8);
    }
  }
}

TEST(SchedModels, RandomCompletesLookbackScanForManySeeds) {
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    const Outcome o = run(chainedScan(8, true, false), 8, cfg(Model::Random, 0, Admission::Id, seed));
    ASSERT_TRUE(completes(o)) << "seed " << seed;
    expectScanCorrect(o, 8);
  }
}

// Round-robin runs every alive workgroup each round: a predecessor always publishes eventually.
TEST(SchedModels, RoundRobinCompletesLookbackScan) {
  for (bool dynamic : {false, true}) {
    const Outcome o = run(chainedScan(8, dynamic, false), 8, cfg(Model::RoundRobin));
    ASSERT_TRUE(completes(o));
    expectScanCorrect(o, 8);
  }
}

// Weak vs strong fairness: workgroup 0 needs to observe x == 1, which holds infinitely often
// but never continuously. Round-robin's rounds (poll x, flip) always show it x == 0 (worked out
// step by step in sim.h's comment): the run repeats a state, a proven hang. A random schedule
// shows x == 1 with positive probability each round, so every seeded run completes.
TEST(SchedModels, RoundRobinHangsWeakFairnessCounterexampleThatFairCompletes) {
  const Outcome rr = run(weakFairnessCounterexample(), 2, cfg(Model::RoundRobin));
  ASSERT_TRUE(hangs(rr));
  EXPECT_EQ(rr.cause, HangCause::RepeatedState);
  EXPECT_EQ(rr.mem[1], 0u);  // done never set
  for (uint64_t seed = 1; seed <= 50; ++seed) {
    const Outcome o = run(weakFairnessCounterexample(), 2, cfg(Model::Fair, 0, Admission::Id, seed));
    ASSERT_TRUE(completes(o)) << "seed " << seed;
    EXPECT_EQ(o.mem[1], 1u);
  }
}

// obe, static tiles, occupancy 1: in id order each workgroup's predecessor has returned before it
// starts; in reverse order workgroup 7 starts first and waits for tile 6, which can never start.
TEST(SchedModels, ObeOccupancyOneLookbackDependsOnAdmissionOrder) {
  const Outcome id = run(chainedScan(8, false, false), 8, cfg(Model::Obe, 1, Admission::Id));
  ASSERT_TRUE(completes(id));
  expectScanCorrect(id, 8);
  const Outcome rev = run(chainedScan(8, false, false), 8, cfg(Model::Obe, 1, Admission::Reverse));
  ASSERT_TRUE(hangs(rev));
  EXPECT_EQ(rev.cause, HangCause::Watchdog);
  // Occupancy 2 in reverse: 7 and 6 start, 6 waits for 5, which never starts.
  EXPECT_TRUE(hangs(run(chainedScan(8, false, false), 8, cfg(Model::Obe, 2, Admission::Reverse))));
}

// With tiles taken by an atomic ticket (the real chained scan), the holder of every earlier
// tile has started, and obe schedules started workgroups fairly: completes for every
// occupancy and admission order.
TEST(SchedModels, ObeCompletesDynamicLookbackForEveryOccupancyAndAdmission) {
  for (uint32_t k : {1u, 2u, 3u, 8u}) {
    for (Admission a : {Admission::Id, Admission::Reverse, Admission::Random}) {
      for (uint64_t seed = 1; seed <= 3; ++seed) {
        const Outcome o = run(chainedScan(8, true, false), 8, cfg(Model::Obe, k, a, seed));
        ASSERT_TRUE(completes(o)) << "occupancy " << k << " admission " << int(a);
        expectScanCorrect(o, 8);
      }
    }
  }
}

// lobe: starting workgroup i makes every lower id fair, so with occupancy 1 it can only admit
// in id order, whatever order the adversary asks for: the static lookback completes.
TEST(SchedModels, LobeCompletesStaticLookbackEvenInReverseOrder) {
  for (uint32_t k : {1u, 2u, 3u}) {
    const Outcome o = run(chainedScan(8, false, false), 8, cfg(Model::Lobe, k, Admission::Reverse));
    ASSERT_TRUE(completes(o)) << "occupancy " << k;
    expectScanCorrect(o, 8);
  }
}

// lobe guarantees nothing about higher ids: a consumer with id 0 waiting for a producer with id
// 1 hangs with occupancy 1 (0 holds the only slot), and completes with occupancy 2.
TEST(SchedModels, LobeDoesNotHelpWaitingForHigherIds) {
  EXPECT_TRUE(hangs(run(messagePassing(1, 0), 2, cfg(Model::Lobe, 1))));
  EXPECT_TRUE(completes(run(messagePassing(1, 0), 2, cfg(Model::Lobe, 2))));
}

// hsa guarantees the lowest-id alive workgroup. Static lookback dependencies point to lower ids,
// so the lowest alive one never waits: completes. With tickets, the adversary lets workgroups
// 7..1 take tiles 0..6 and parks them; workgroup 0 gets tile 7 and waits forever.
TEST(SchedModels, HsaCompletesStaticLookbackAndHangsTicketedLookback) {
  const Outcome st = run(chainedScan(8, false, false), 8, cfg(Model::Hsa));
  ASSERT_TRUE(completes(st));
  expectScanCorrect(st, 8);
  EXPECT_TRUE(hangs(run(chainedScan(8, true, false), 8, cfg(Model::Hsa))));
}

// hsa and a spin lock: the adversary lets workgroup 3 take the lock and parks it; the
// guaranteed workgroup 0 spins on the lock forever. An adversary that lures nobody (0%) runs
// the lowest alive workgroup alone each time, which takes and releases the lock.
TEST(SchedModels, HsaSpinLock) {
  EXPECT_TRUE(hangs(run(spinLockCounter(4), 4, cfg(Model::Hsa))));
  SchedulerConfig none = cfg(Model::Hsa);
  none.lure_percent = 0;
  const Outcome o = run(spinLockCounter(4), 4, none);
  ASSERT_TRUE(completes(o));
  EXPECT_EQ(o.mem[1], 4u);
}

// Spin lock under models that schedule the holder fairly: started workgroups hold the lock, so
// obe of any occupancy completes, and mutual exclusion gives counter == n.
TEST(SchedModels, SpinLockCompletesUnderFairRoundRobinAndObe) {
  std::vector<SchedulerConfig> ok = {cfg(Model::Fair), cfg(Model::RoundRobin),
                                     cfg(Model::Obe, 2, Admission::Reverse),
                                     cfg(Model::Obe, 1, Admission::Random),
                                     cfg(Model::Lobe, 3, Admission::Reverse),
                                     cfg(Model::HsaObe, 2, Admission::Reverse)};
  for (const auto& c : ok) {
    for (uint64_t seed = 1; seed <= 5; ++seed) {
      SchedulerConfig s = c;
      s.seed = seed;
      const Outcome o = run(spinLockCounter(6), 6, s);
      ASSERT_TRUE(completes(o)) << modelName(c);
      EXPECT_EQ(o.mem[1], 6u) << modelName(c);
    }
  }
}

// The inter-workgroup barrier needs all n workgroups started at once: obe with occupancy n
// completes, n - 1 hangs; hsa without luring runs only workgroup 0, which waits alone.
TEST(SchedModels, InterWorkgroupBarrierNeedsEnoughOccupancy) {
  EXPECT_TRUE(completes(run(interWorkgroupBarrier(4), 4, cfg(Model::Obe, 4))));
  EXPECT_TRUE(hangs(run(interWorkgroupBarrier(4), 4, cfg(Model::Obe, 3))));
  EXPECT_TRUE(hangs(run(interWorkgroupBarrier(4), 4, cfg(Model::Lobe, 2))));
  EXPECT_TRUE(hangs(run(interWorkgroupBarrier(4), 4, cfg(Model::HsaObe, 2))));
  EXPECT_TRUE(completes(run(interWorkgroupBarrier(4), 4, cfg(Model::Fair))));
  EXPECT_TRUE(completes(run(interWorkgroupBarrier(4), 4, cfg(Model::RoundRobin))));
  SchedulerConfig none = cfg(Model::Hsa);
  none.lure_percent = 0;
  EXPECT_TRUE(hangs(run(interWorkgroupBarrier(4), 4, none)));
}

// hsa-obe is at least as strong as hsa: with occupancy 1 in reverse order the lowest alive
// workgroup is still always scheduled, so the static lookback completes (plain obe hangs).
TEST(SchedModels, HsaObeKeepsTheHsaGuarantee) {
  const Outcome o = run(chainedScan(8, false, false), 8, cfg(Model::HsaObe, 1, Admission::Reverse));
  ASSERT_TRUE(completes(o));
  expectScanCorrect(o, 8);
}

// unfair: the adversary switches away from a workgroup right after it changes memory (takes a
// ticket, publishes an aggregate) and locks onto the first one that spins. A run completes only
// if every tile happens to be published before its successor polls it, which needs the random
// choices to follow the ticket order: most seeds hang, each starving the others for the spinner.
TEST(SchedModels, UnfairHangsLookbackScan) {
  int hung = 0;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    const Outcome o = run(chainedScan(8, true, false), 8, cfg(Model::Unfair, 0, Admission::Id, seed));
    if (o.status == RunStatus::Hang) {
      ++hung;
      EXPECT_NE(o.summary.find("the unfair adversary runs only workgroup"), std::string::npos) << o.report;
    } else {
      expectScanCorrect(o, 8);
    }
  }
  EXPECT_GE(hung, 10);
}

// Spin lock under unfair: the workgroup that takes the lock is switched away from at once; the
// next one fails the compare-exchange, spins, and is the only one run from then on.
TEST(SchedModels, UnfairHangsSpinLock) {
  int hung = 0;
  for (uint64_t seed = 1; seed <= 10; ++seed) {
    const Outcome o = run(spinLockCounter(4), 4, cfg(Model::Unfair, 0, Admission::Id, seed));
    if (o.status == RunStatus::Hang) {
      ++hung;
      EXPECT_NE(o.summary.find("which spins at mutex:acquire on lock"), std::string::npos) << o.summary;
    } else {
      EXPECT_EQ(o.mem[1], 4u);
    }
  }
  EXPECT_GE(hung, 5);
}

// Decoupled fallback never waits unboundedly for a predecessor: it completes with the right
// prefixes under every model, including the ones that hang the lookback scan.
TEST(SchedModels, DecoupledFallbackCompletesUnderEveryModel) {
  std::vector<SchedulerConfig> all = {
      cfg(Model::Fair), cfg(Model::RoundRobin), cfg(Model::Obe, 1, Admission::Reverse),
      cfg(Model::Obe, 2, Admission::Random), cfg(Model::Lobe, 1, Admission::Reverse),
      cfg(Model::Hsa), cfg(Model::HsaObe, 1, Admission::Reverse)};
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    all.push_back(cfg(Model::Unfair, 0, Admission::Id, seed));
    all.push_back(cfg(Model::Random, 0, Admission::Id, seed));
  }
  for (bool dynamic : {false, true}) {
    for (const auto& c : all) {
      const Outcome o = run(chainedScan(8, dynamic, true), 8, c);
      ASSERT_TRUE(completes(o)) << modelName(c) << " seed " << c.seed << " dynamic " << dynamic;
      expectScanCorrect(o, 8);
    }
  }
}

// Message passing, producer 0 and consumer 1: obe occupancy 1 hangs only when the consumer is
// admitted first; hsa guarantees the producer (lowest id). With the roles swapped, hsa lets the
// producer write once and then starves it while the consumer (lowest) spins.
TEST(SchedModels, MessagePassing) {
  EXPECT_TRUE(completes(run(messagePassing(0, 1), 2, cfg(Model::Obe, 1, Admission::Id))));
  EXPECT_TRUE(hangs(run(messagePassing(0, 1), 2, cfg(Model::Obe, 1, Admission::Reverse))));
  EXPECT_TRUE(completes(run(messagePassing(1, 0), 2, cfg(Model::Obe, 1, Admission::Reverse))));
  EXPECT_TRUE(completes(run(messagePassing(0, 1), 2, cfg(Model::Hsa))));
  EXPECT_TRUE(hangs(run(messagePassing(1, 0), 2, cfg(Model::Hsa))));
  const Outcome ok = run(messagePassing(0, 1), 2, cfg(Model::Fair));
  ASSERT_TRUE(completes(ok));
  EXPECT_EQ(ok.mem[2], 42u);
}

// The table of docs/schedulers.md ("What the idioms need"), row by row: y completes, n hangs.
// Columns: fair, round-robin, obe K=1 id, obe K=1 reverse, lobe K=1 reverse, hsa,
// hsa-obe K=1 reverse. Each entry follows from the model's fair set (see the tests above for the
// reasoning of each idiom).
TEST(SchedModels, VerdictTableOfTheDocs) {
  const std::vector<SchedulerConfig> columns = {
      cfg(Model::Fair),
      cfg(Model::RoundRobin),
      cfg(Model::Obe, 1, Admission::Id),
      cfg(Model::Obe, 1, Admission::Reverse),
      cfg(Model::Lobe, 1, Admission::Reverse),
      cfg(Model::Hsa),
      cfg(Model::HsaObe, 1, Admission::Reverse)};
  struct Row { const char* name; Kernel kernel; const char* expected; };
  const std::vector<Row> rows = {
      {"independent work", independentWork(6, 3), "yyyyyyy"},
      {"lookback, tile = id", chainedScan(6, false, false), "yyynyyy"},
      {"lookback, ticketed", chainedScan(6, true, false), "yyyyyny"},
      {"fallback, tile = id", chainedScan(6, false, true), "yyyyyyy"},
      {"fallback, ticketed", chainedScan(6, true, true), "yyyyyyy"},
      {"spin-lock counter", spinLockCounter(6), "yyyyyny"},
  };
  for (const Row& row : rows) {
    for (size_t c = 0; c < columns.size(); ++c) {
      const Outcome o = run(row.kernel, 6, columns[c]);
      const bool done = o.status == RunStatus::Completed;
      EXPECT_EQ(done, row.expected[c] == 'y')
          << row.name << " under " << modelName(columns[c]) << " column " << c << "\n" << o.report;
      if (o.status == RunStatus::Hang) {
        EXPECT_FALSE(o.summary.empty());
      }
    }
  }
}

// A large dispatch under fair: thousands of workgroups, all complete and the lookback is correct.
TEST(SchedModels, FairCompletesLargeLookbackScan) {
  const uint32_t n = 2048;
  const Outcome o = run(chainedScan(n, true, false), n, cfg(Model::Fair, 0, Admission::Id, 3),
                        RunOptions{100000, 200000000, false, false});
  ASSERT_TRUE(completes(o));
  expectScanCorrect(o, n);
}

}  // namespace
}  // namespace wgsl::sched::sim
