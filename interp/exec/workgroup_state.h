// The state of one workgroup as plain data: its subgroups, registers, private
// and workgroup memory. The fast path keeps one per worker thread and reuses it for every
// workgroup it runs; the step-wise engine (stepper.h) keeps one per started, alive workgroup,
// taken from a pool. The three hook points of a workgroup's life are single functions here,
// shared by both paths: beginWorkgroup (start), settleWorkgroup (barrier release) and
// endWorkgroup (end).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "interp/exec/check_hooks.h"
#include "interp/exec/float_exec.h"
#include "interp/exec/subgroup.h"

namespace wgsl::exec {

struct WorkgroupState {
  std::vector<Subgroup> sgs;
  std::vector<uint32_t> regs;
  std::vector<uint8_t> priv;
  std::vector<uint8_t> wg_mem;
  bool ready = false;
  uint32_t zero3[3] = {0, 0, 0};
  uint32_t num_wg[3] = {0, 0, 0};
  std::vector<uint32_t> local_ids[3];  // per lane of every subgroup
  uint32_t cursor = 0;                 // step-wise execution: the subgroup scheduler's position
  // The dynamic-error checks' state of the workgroup this state runs (made by
  // beginWorkgroup when the dispatch has checks; one per state, so workgroups interleaved on one
  // thread by the step-wise schedulers keep separate race shadows). finishChecks hands it back.
  std::unique_ptr<WorkerCheckHooks> checks;

  // Sizes the buffers for the kernel and fills what is the same in every workgroup.
  void init(const ir::Kernel& k, uint32_t S, uint32_t nsg, const uint32_t* num_workgroups);
  // Workgroup and global ids: wg * size + local id, per lane.
  void setWorkgroupBuiltins(const ir::Kernel& k, uint32_t S, const uint32_t* wg_id);
  // A copy of `from` (a debugger's snapshot) without its checks, which belong to the dispatch
  // (DispatchCheckHooks::saveWorkers); the subgroups point into this state's own memory.
  void copyFrom(const WorkgroupState& from);
  // Bytes held by one state (for memory bounds).
  static uint64_t bytesFor(const ir::Kernel& k, uint32_t S, uint32_t nsg);
};

// What one thread needs besides the workgroup state: scratch space, events, statistics.
struct Executor {
  std::vector<uint32_t> scratch;
  EventSink sink;
  ExecStats stats;
  NonFiniteLog nonfinite_log;  // --nonfinite=report
  bool ready = false;
  void init(uint32_t S, size_t max_events) {
    scratch.assign(static_cast<size_t>(S) * 256, 0);  // up to 255 components (Inst::n)
    sink.max = max_events;
    ready = true;
  }
};

// Hook point "workgroup start": resets the subgroups and workgroup memory of `w` for the
// workgroup with linear index `linear` and fills the workgroup part of `ctx` (ctx.sink and
// ctx.scratch are the caller's). ExecContext configuration that every path needs (float modes,
// checks) belongs here: the fast path, the yield rule's watched workgroups and the step-wise
// engine all start workgroups through this function.
void beginWorkgroup(WorkgroupState& w, ExecContext& ctx, const DispatchParams& p, uint64_t linear);

enum class Settle : uint8_t {
  Running,   // some subgroup can run (perhaps after a barrier was released)
  Returned,  // every subgroup halted
  Failed,    // the dispatch must stop; an event was recorded
};
// Called when the subgroups have run: records instruction-limit and barrier-divergence events,
// and when every subgroup waits at the same barrier, releases it (hook point "barrier release").
Settle settleWorkgroup(WorkgroupState& w, ExecContext& ctx);

// Hook point "workgroup end" (also after a failure): statistics.
void endWorkgroup(WorkgroupState& w, ExecContext& ctx, ExecStats& stats);

// Gives the state's check results to the dispatch (once, after the dispatch ran).
void finishChecks(WorkgroupState& w, const DispatchParams& p);

// Linear workgroup index to workgroup id.
void workgroupId(const DispatchParams& p, uint64_t linear, uint32_t* id);

}  // namespace wgsl::exec
