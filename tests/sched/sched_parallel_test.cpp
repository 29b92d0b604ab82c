// The parallel fair fast path's rule (runtime/sched/fair_parallel.h), simulated with W workers
// taking turns one step each: a worker holding a workgroup that makes no progress yields it
// after a quantum. With the rule, kernels that need other workgroups to run complete even with
// fewer workers than workgroups; without it (run to completion) they hang.
#include <gtest/gtest.h>

#include <set>

#include "runtime/sched/fair_parallel.h"
#include "tests/sched/sim.h"

namespace wgsl::sched::sim {
namespace {

struct ParallelOutcome {
  bool completed = false;
  std::vector<uint32_t> mem;
  uint64_t yields = 0;
};

// Workers take turns; taking a workgroup uses the worker's turn. quantum 0: never yield.
ParallelOutcome runParallel(const Kernel& kernel, uint32_t n, uint32_t workers, uint32_t quantum,
                            uint64_t seed, uint64_t max_turns) {
  Machine m;
  m.mem = kernel.init;
  std::vector<Local> locals(n);
  for (WorkgroupId wg = 0; wg < n; ++wg)
    if (kernel.entry) kernel.entry(wg, locals[wg]);
  FairWorkQueue queue(n);
  std::vector<WorkgroupId> held(workers, kNoWorkgroup);
  std::vector<YieldPolicy> policies;
  for (uint32_t w = 0; w < workers; ++w) policies.emplace_back(quantum ? quantum : 1, seed * 31 + w);
  ParallelOutcome out;
  for (uint64_t turn = 0; turn < max_turns && !queue.done(); ++turn) {
    const uint32_t w = static_cast<uint32_t>(turn % workers);
    if (held[w] == kNoWorkgroup) {
      bool fresh = false;
      if (queue.take(held[w], fresh)) policies[w].reset();
      continue;
    }
    const WorkgroupId wg = held[w];
    const StepInfo info = kernel.step(wg, locals[wg], m);
    if (info.end == StepEnd::Returned) {
      queue.finished();
      held[w] = kNoWorkgroup;
    } else if (quantum && policies[w].afterStep(info)) {
      queue.yield(wg);
      held[w] = kNoWorkgroup;
      ++out.yields;
    }
  }
  out.completed = queue.done();
  out.mem = m.mem;
  return out;
}

// 16 384 workgroups, 2 workers: the ticketed lookback scan completes with correct prefixes.
TEST(SchedParallel, LookbackScanCompletesWithTwoWorkersAndManyWorkgroups) {
  const uint32_t n = 16384;
  for (bool dynamic : {true, false}) {
    const ParallelOutcome o = runParallel(chainedScan(n, dynamic, false), n, 2, 64, 1, 50000000);
    ASSERT_TRUE(o.completed) << "dynamic " << dynamic;
    for (uint32_t i = 0; i < n; i += 997) EXPECT_EQ(o.mem[1 + i], kInclusiveFlag | scanExpected(i));
    EXPECT_EQ(o.mem[n], kInclusiveFlag | scanExpected(n - 1));
  }
}

// More workgroups than workers, each waiting for all others: run-to-completion leaves the
// third workgroup untaken forever; yielding after a quantum lets it arrive.
TEST(SchedParallel, BarrierNeedsYieldingWhenWorkgroupsOutnumberWorkers) {
  const ParallelOutcome stuck = runParallel(interWorkgroupBarrier(3), 3, 2, 0, 1, 100000);
  EXPECT_FALSE(stuck.completed);
  EXPECT_EQ(stuck.mem[0], 2u);  // only the two held workgroups arrived
  const ParallelOutcome ok = runParallel(interWorkgroupBarrier(3), 3, 2, 16, 1, 100000);
  EXPECT_TRUE(ok.completed);
  EXPECT_GT(ok.yields, 0u);
}

// One worker: a consumer taken before its producer spins forever unless it yields.
TEST(SchedParallel, SingleWorkerConsumerBeforeProducer) {
  EXPECT_FALSE(runParallel(messagePassing(1, 0), 2, 1, 0, 1, 100000).completed);
  const ParallelOutcome ok = runParallel(messagePassing(1, 0), 2, 1, 16, 1, 100000);
  ASSERT_TRUE(ok.completed);
  EXPECT_EQ(ok.mem[2], 42u);
}

// Each yield costs the worker a turn to take work again; randomised quanta shift the phase of
// the spinner against the flipper, so the weak-fairness counterexample escapes.
TEST(SchedParallel, RandomisedQuantaEscapeTheWeakFairnessLivelock) {
  for (uint64_t seed = 1; seed <= 10; ++seed) {
    const ParallelOutcome o = runParallel(weakFairnessCounterexample(), 2, 2, 8, seed, 1000000);
    EXPECT_TRUE(o.completed) << "seed " << seed;
  }
}

TEST(SchedParallel, YieldPolicyLimitsAreRandomisedAroundTheQuantum) {
  YieldPolicy policy(10, 3);
  StepInfo spin;  // a back-edge that changed nothing
  std::set<uint32_t> lengths;
  for (int round = 0; round < 200; ++round) {
    uint32_t steps = 1;
    while (!policy.afterStep(spin)) ++steps;
    EXPECT_GE(steps, 5u);
    EXPECT_LE(steps, 15u);
    lengths.insert(steps);
  }
  EXPECT_GT(lengths.size(), 5u);
  // Progress resets the count: a workgroup that keeps changing memory never yields.
  StepInfo work;
  work.memory_changed = true;
  for (int i = 0; i < 1000; ++i) EXPECT_FALSE(policy.afterStep(work));
}

TEST(SchedParallel, QueueAlternatesYieldedAndFreshWorkgroups) {
  FairWorkQueue q(4);
  WorkgroupId wg;
  bool fresh;
  ASSERT_TRUE(q.take(wg, fresh));
  EXPECT_EQ(wg, 0u);
  EXPECT_TRUE(fresh);
  q.yield(0);
  ASSERT_TRUE(q.take(wg, fresh));  // yielded first (it was preferred)...
  EXPECT_EQ(wg, 0u);
  EXPECT_FALSE(fresh);
  q.yield(0);
  ASSERT_TRUE(q.take(wg, fresh));  // ...then a fresh one
  EXPECT_EQ(wg, 1u);
  EXPECT_TRUE(fresh);
  ASSERT_TRUE(q.take(wg, fresh));
  EXPECT_EQ(wg, 0u);
  EXPECT_FALSE(fresh);
}

}  // namespace
}  // namespace wgsl::sched::sim
