// A tiny abstract GPU for scheduler tests: shared memory is a vector of named 32-bit cells, a
// workgroup is a hand-written state machine whose every step ends at a preemption point (an
// atomic, a barrier, a loop back-edge, or the return), exactly as the engine reports steps. The
// kernels model the idioms of the progress-model papers and of seed 003 (chained scan).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "runtime/sched/driver.h"
#include "runtime/sched/scheduler.h"

namespace wgsl::sched::sim {

// A workgroup's private state.
struct Local {
  uint32_t pc = 0;
  uint32_t r[4] = {0, 0, 0, 0};
};

// Shared memory plus the atomics a step may perform; each fills in the StepInfo of the step.
struct Machine {
  std::vector<uint32_t> mem;
  uint32_t load(uint32_t cell, StepInfo& s, uint32_t pc);
  void store(uint32_t cell, uint32_t value, StepInfo& s, uint32_t pc);
  uint32_t add(uint32_t cell, uint32_t delta, StepInfo& s, uint32_t pc);
  // Compare-exchange: true if it exchanged.
  bool cas(uint32_t cell, uint32_t expected, uint32_t desired, StepInfo& s, uint32_t pc);
};

StepInfo backEdge(uint32_t pc);
StepInfo returned(uint32_t pc);

struct Kernel {
  std::string name;
  std::vector<std::string> cells;      // cell names, for reports ("state[3]")
  std::vector<uint32_t> init;          // initial memory (same size as cells)
  std::vector<std::string> locations;  // pc names, for reports ("poll flag")
  std::function<void(WorkgroupId, Local&)> entry;  // initial pc and registers
  std::function<StepInfo(WorkgroupId, Local&, Machine&)> step;
};

struct RunOptions {
  uint64_t hang_window = 4000;
  uint64_t max_steps = 2000000;
  bool record = false;
  bool exact = true;  // hash states for deterministic policies
};

struct Outcome {
  RunStatus status = RunStatus::Completed;
  HangCause cause = HangCause::Watchdog;
  std::vector<uint32_t> mem;
  uint64_t steps = 0;
  std::string summary;  // hang summary line ("" if completed)
  std::string report;   // full hang report text
  std::vector<TraceStep> trace;
  std::vector<WorkgroupStats> stats;
};

Outcome run(const Kernel& kernel, uint32_t workgroups, const SchedulerConfig& config,
            const RunOptions& options = {});

// ---- kernels ----
// Each workgroup i>... independently bumps its own counter `iterations` times.
Kernel independentWork(uint32_t n, uint32_t iterations);
// Producer writes data then sets a flag; consumer spins on the flag, then copies data to out.
Kernel messagePassing(WorkgroupId producer, WorkgroupId consumer);
// Chained scan of n tiles (tile i's aggregate is i+1): publish the aggregate, look back over the
// predecessors' state words, publish the inclusive prefix. dynamic: tiles are taken with an
// atomic ticket instead of tile = workgroup id. fallback: after two polls of a predecessor that
// has published nothing, reduce its tile yourself (decoupled fallback) instead of waiting.
Kernel chainedScan(uint32_t n, bool dynamic, bool fallback);
// Every workgroup takes a spin lock (compare-exchange), increments a counter non-atomically
// inside (load then store), releases.
Kernel spinLockCounter(uint32_t n);
// The weak-fairness counterexample: workgroup 0 spins until it sees x == 1, then sets done;
// workgroup 1 loops { x = 1; x = 0; if done { break } }. x is 1 infinitely often, so a strongly
// fair scheduler lets workgroup 0 through; deterministic round-robin always shows it x == 0.
Kernel weakFairnessCounterexample();
// Inter-workgroup barrier: every workgroup increments a count, then spins until it equals n.
Kernel interWorkgroupBarrier(uint32_t n);

// Expected inclusive prefix of tile i in chainedScan: 1 + 2 + ... + (i + 1), modulo 2^24 (the
// state word keeps 24 value bits; the kernel adds modulo 2^24 too).
uint32_t scanExpected(uint32_t tile);
constexpr uint32_t kInclusiveFlag = 2u << 24, kAggregateFlag = 1u << 24, kValueMask = (1u << 24) - 1;

}  // namespace wgsl::sched::sim
