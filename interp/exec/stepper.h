// Step-wise execution: workgroups as resumable state objects, run one step at a time
// from one preemption point to the next (an atomic operation, a barrier, a taken loop back-edge,
// or the workgroup's return), as the step-wise schedulers of runtime/ ask. Independent of the
// schedulers: runtime/sched_dispatch.cpp adapts StepResult to runtime/sched's StepInfo.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "interp/exec/dispatch.h"
#include "interp/exec/workgroup_state.h"

namespace wgsl::exec {

// How the subgroups of one workgroup interleave between barriers (--subgroup-scheduler).
enum class SubgroupOrder : uint8_t {
  Lockstep,     // every subgroup advances one instruction in turn (the workgroup as one wide SIMD)
  RoundRobin,   // subgroups take turns, each running to its next preemption point
  Random,       // a seeded random subgroup runs to its next preemption point
  Adversarial,  // one subgroup runs as long as it can (until a barrier or its return)
};

// What one step did.
struct StepResult {
  enum class End : uint8_t { Atomic, Barrier, BackEdge, Returned, Failed } end = End::BackEdge;
  bool memory_changed = false;  // a store or atomic changed storage or workgroup memory
  bool atomic_write = false;    // a writing atomic ran
  uint32_t pc = 0;              // where it stopped (the atomic, barrier or back-edge instruction)
  uint32_t read_root = StepRecord::kNoRoot;  // last storage location read, and by which instruction
  uint64_t read_offset = 0;
  uint32_t read_pc = 0;
};

// The subgroup scheduler's choice state (one per thread that steps workgroups).
struct SubgroupPicker {
  SubgroupOrder order = SubgroupOrder::Lockstep;
  uint64_t rng = 0x9E3779B97F4A7C15ull;
  uint64_t next();  // splitmix64
};

// What one subgroup did in one step (for per-subgroup timelines).
enum class SubgroupStep : uint8_t {
  NotRun,    // not scheduled in this step
  Progress,  // ran and changed storage or workgroup memory
  Ran,       // ran without changing memory
  Barrier,   // waits at a barrier (arrived in this step or earlier)
  Done,      // returned
};

// A saved state of a running step-wise dispatch, for a debugger's reverse execution: everything
// the dispatch needs to go on from a scheduling-step boundary exactly as it went on the first
// time (the engine, the scheduler, the watchdog, the checks, the bound memory). Made and restored
// by the step-wise dispatch (runtime/sched_dispatch.cpp); opaque to the debugger.
class DispatchSnapshot {
 public:
  virtual ~DispatchSnapshot() = default;
  virtual uint64_t bytes() const = 0;  // the memory it holds
};

// A debugger's view of step-wise execution (runtime/debug): called before every instruction a
// subgroup runs. Under a debugger, the step loop runs one instruction at a time (the schedule is
// the same as without it: a subgroup keeps running until its own stop, as it would). The hook may
// inspect the state freely, block to talk to a user, or throw to abandon the dispatch.
class DebugHook {
 public:
  virtual ~DebugHook() = default;
  // `sg` of `w` (workgroup ctx.wg_id) is about to run the instruction at w.sgs[sg].pc.
  virtual void beforeInstruction(WorkgroupState& w, uint32_t sg, ExecContext& ctx) = 0;
  // A dispatch starts and ends (the states passed to beforeInstruction die with it).
  virtual void dispatchBegins(const DispatchParams&) {}
  // Before the next dispatch's scheduler is made: true to run it under this explicit schedule
  // (--schedule's meaning: workgroup ids, a prefix, then a cycle repeated forever; an empty
  // cycle: the rest in id order) instead of the options' scheduler.
  virtual bool explicitSchedule(std::vector<uint32_t>& /*prefix*/, std::vector<uint32_t>& /*cycle*/) { return false; }
  // The scheduler found a hang (the report as `wgslemu run` prints it); the states are still alive.
  virtual void hangFound(const std::string&) {}
  // An event ended workgroup `w` (barrier divergence, --oob=trap, the instruction limit): called
  // once the event is recorded, before the dispatch stops, while the state is still alive.
  virtual void workgroupFailed(WorkgroupState&, ExecContext&) {}
  // Workgroup `w` returned or failed: its state and context die after this call.
  virtual void workgroupEnds(WorkgroupState&, ExecContext&) {}
  // Workgroup `wg` (linear index) ended a scheduling step (StepResult below), before the
  // scheduler chooses again.
  virtual void stepEnded(uint64_t /*wg*/, const StepResult&) {}
  virtual void dispatchEnds() {}
  // Snapshots. At every scheduling-step boundary (before the scheduler chooses, or before the
  // workgroup it chose runs its next step): `take` saves the dispatch's state now.
  using TakeSnapshot = std::function<std::shared_ptr<const DispatchSnapshot>()>;
  virtual void stepBoundary(const TakeSnapshot& /*take*/) {}
  // Asked once a dispatch has begun (after dispatchBegins), before its first step: a snapshot of
  // this dispatch (taken in an earlier run of the same spec) to go on from instead of starting
  // it; null: start it.
  virtual std::shared_ptr<const DispatchSnapshot> resumeFrom() { return nullptr; }
  // After a resume: `w` was alive at the snapshot and is alive again (called once per workgroup).
  virtual void workgroupResumed(WorkgroupState&, ExecContext&) {}
};

// Runs `w` (begun with beginWorkgroup; ctx.instrumented and ctx.preempt set) to its next
// preemption point. Failed: an event stopped the dispatch. With `subgroups`, one SubgroupStep
// per subgroup of `w` is written there.
StepResult stepWorkgroup(WorkgroupState& w, ExecContext& ctx, SubgroupPicker& picker,
                         std::vector<SubgroupStep>* subgroups = nullptr, DebugHook* debug = nullptr);

struct StepOptions {
  SubgroupOrder subgroup_order = SubgroupOrder::Lockstep;
  uint64_t subgroup_seed = 0;
  // stateHash() hashes everything (resident workgroups' state, storage buffers) only when that
  // is at most this many bytes.
  uint64_t hash_limit_bytes = uint64_t{1} << 16;
  // Most bytes of workgroup state resident at once (started and alive workgroups).
  uint64_t memory_limit_bytes = uint64_t{1} << 30;
  // Keep what each subgroup did in the last step (lastSubgroupSteps).
  bool record_subgroups = false;
  // A debugger watching every instruction (null: none; the usual case).
  DebugHook* debug = nullptr;
};

// A dispatch executed step by step on one thread. Workgroup states are allocated when a
// workgroup starts (its first step) and returned to a pool when it returns, so memory is
// proportional to the number of workgroups started and alive at once, not to the dispatch size.
class StepEngine {
 public:
  StepEngine(const DispatchParams& params, const StepOptions& options);
  ~StepEngine();
  StepEngine(const StepEngine&) = delete;
  StepEngine& operator=(const StepEngine&) = delete;

  uint64_t count() const { return total_; }
  // Starts `wg` on its first call; runs it to its next preemption point. After a Failed step (or
  // after the memory limit was hit: see error()) the dispatch must stop.
  StepResult step(uint64_t wg);
  // A hash of the whole state (resident workgroups, storage memory, the subgroup scheduler), or
  // nullopt when that is larger than StepOptions::hash_limit_bytes or when the dispatch's checks
  // are not determined by the state (DispatchCheckHooks::stateDetermined).
  std::optional<uint64_t> stateHash() const;
  // A hash of one started workgroup's own state (position, registers, private and workgroup
  // memory, the subgroup scheduler), or nullopt when it is larger than hash_limit_bytes or when
  // checks make choices that follow counters outside the state (as stateHash). With
  // no other workgroup running and storage unchanged, the same hash twice proves the workgroup
  // repeats itself forever.
  std::optional<uint64_t> workgroupHash(uint64_t wg) const;
  // Non-empty when a step could not run (too many workgroups resident at once).
  const std::string& error() const { return error_; }
  size_t residentPeak() const { return peak_; }
  uint32_t subgroupsPerWorkgroup() const { return nsg_; }
  // StepOptions::record_subgroups: what each subgroup of the last stepped workgroup did.
  const std::vector<SubgroupStep>& lastSubgroupSteps() const { return last_subgroups_; }
  uint64_t bytesPerWorkgroup() const { return state_bytes_; }
  // Events and statistics (call once, at the end).
  DispatchResult finish();

  // The engine's whole state at a step boundary (workgroup states with their checks, pooled
  // states that still hold check results, events, statistics, the subgroup scheduler), for
  // a debugger's snapshots. The states' checks are saved by DispatchCheckHooks::saveWorkers.
  struct Saved {
    struct Workgroup {
      uint64_t wg = 0;  // linear index; ~0 for a pooled state
      std::unique_ptr<WorkgroupState> state;  // without its checks (see checks below)
      ExecContext ctx;
    };
    std::vector<Workgroup> workgroups;
    std::unique_ptr<SavedChecks> checks;  // DispatchCheckHooks::saveWorkers, one per state in order
    std::vector<uint8_t> phase;
    Executor exec;
    SubgroupPicker picker;
    size_t peak = 0;
    bool failed = false;
    uint64_t bytes = 0;
  };
  std::unique_ptr<Saved> save() const;
  // Into a fresh engine of a dispatch with the same kernel, sizes and options: the saved state
  // (the debugger's workgroupResumed is called for each alive workgroup).
  void restore(const Saved& saved);

 private:
  struct Live {
    std::unique_ptr<WorkgroupState> state;
    ExecContext ctx;
  };
  const DispatchParams& p_;
  StepOptions options_;
  uint32_t nsg_ = 0;
  uint64_t total_ = 0;
  uint64_t state_bytes_ = 0;
  uint64_t storage_bytes_ = 0;
  Executor exec_;
  SubgroupPicker picker_;
  std::vector<uint8_t> phase_;  // 0 not started, 1 started, 2 returned
  std::unordered_map<uint64_t, Live> live_;
  std::vector<std::unique_ptr<WorkgroupState>> free_;
  size_t peak_ = 0;
  bool failed_ = false;
  std::vector<SubgroupStep> last_subgroups_;
  std::string error_;
};

}  // namespace wgsl::exec
