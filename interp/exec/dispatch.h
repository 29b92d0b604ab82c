// Running a Kernel: a dispatch of workgroups, each a bundle of subgroups executed in lockstep
//. The runtime validates and binds resources; this layer only executes.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "interp/exec/check_hooks.h"
#include "interp/ir/ir.h"
#include "interp/math/float_modes.h"

namespace wgsl::exec {

class FairYielder;  // fair_yield.h

// What happened while the shader ran (the runtime turns these into messages).
struct ExecEvent {
  enum Kind : uint8_t { OutOfBounds, BarrierDivergence, InstructionLimit, Internal, NonFinite, InactiveLane } kind = OutOfBounds;
  uint32_t pc = 0;                // instruction (its loc is the source location)
  uint32_t workgroup[3] = {0, 0, 0};
  uint32_t local_index = 0;       // first invocation concerned
  uint32_t root = 0;              // memory events: the variable
  uint64_t offset = 0;            // byte offset within the variable (kInvalidOffset: bad index)
  uint32_t size = 0;
  bool write = false;
  bool has_index = false;         // offset kInvalidOffset: the array index out of range is known
  uint32_t index = 0, index_count = 0;  // the index and the array's element count
  // Barrier divergence: invocations (local indices) that arrived and that did not.
  std::vector<uint32_t> arrived, missing;
  // Barrier divergence: of `missing`, the invocations that exited (returned from the
  // entry point or were terminated), and the others grouped by where they wait (a barrier's
  // pc; kNoWhere: inside a construct of their subgroup, inactive).
  std::vector<uint32_t> exited;
  struct Elsewhere {
    uint32_t pc = 0;
    std::vector<uint32_t> invocations;
  };
  std::vector<Elsewhere> elsewhere;
  static constexpr uint32_t kNoWhere = 0xffffffffu;
  // NonFinite (--nonfinite=report): the operation that produced a non-finite value from
  // finite operands, its operands and result.
  const char* operation = "";
  uint8_t float_type = 0;  // 0: f32, 1: f16
  uint8_t num_operands = 0;
  double operands[3] = {0, 0, 0};
  double result = 0;
  // InactiveLane: a broadcast, shuffle or quad operation (the instruction at `pc`) in which the
  // lane `lane` of its subgroup (local_index) selected subgroup invocation `selected`, which is
  // inactive (`selected` < subgroup_size) or outside the subgroup; the lane's result is zero.
  uint32_t lane = 0;
  int64_t selected = 0;
  uint32_t subgroup_size = 0;

  // An event of `kind` at instruction `pc` of workgroup `wg`, concerning invocation `local`.
  static ExecEvent at(Kind kind, uint32_t pc, const uint32_t wg[3], uint32_t local) {
    ExecEvent e;
    e.kind = kind;
    e.pc = pc;
    for (int i = 0; i < 3; ++i) e.workgroup[i] = wg[i];
    e.local_index = local;
    return e;
  }
};

enum class ExecStatus { Ok, UniformityError, InstructionLimit, InternalError };

struct ExecStats {
  uint64_t instructions = 0;
  uint64_t workgroups = 0;
  uint64_t subgroups = 0;
  uint64_t invocations = 0;
};

// The --float and --nonfinite settings (docs/float-modes.md). Anything but ftz=off, ulp exact and
// propagate runs the instrumented interpreter (interp/exec/float_exec.cpp); fma is applied by the
// lowering.
struct FloatPolicy {
  math::FloatMode modes;
};

// `slice` > 0 switches between the subgroups of a workgroup (round-robin) after that many
// instructions instead of at barriers only (DeviceOptions::preempt_every, for tests).
struct SchedulePolicy {
  uint64_t seed = 0;
  uint32_t slice = 0;
};

struct DispatchParams {
  const ir::Kernel* kernel = nullptr;
  uint32_t subgroup_size = 32;
  uint32_t num_workgroups[3] = {1, 1, 1};
  FloatPolicy float_policy;
  SchedulePolicy schedule;
  std::vector<uint8_t*> slot_base;   // per Kernel::slots entry: the bound bytes
  std::vector<uint64_t> slot_size;   // and their size
  uint32_t threads = 0;              // 0: all cores
  uint64_t max_instructions_per_workgroup = 0;  // 0: unlimited
  size_t max_events = 100;
  // When set, incremented (relaxed) each time a workgroup finishes: for progress displays.
  std::atomic<uint64_t>* workgroups_done = nullptr;
  // When set, workgroups that run long yield their worker (strong fairness of the
  // parallel fair path; see fair_yield.h).
  FairYielder* yielder = nullptr;
  // Dynamic-error checks (bounds policies, fault injection, races); null: none.
  DispatchCheckHooks* checks = nullptr;
};

struct DispatchResult {
  ExecStatus status = ExecStatus::Ok;
  std::vector<ExecEvent> events;  // ordered by workgroup, at most max_events
  uint64_t event_count = 0;
  ExecStats stats;
  // `nonfinite` events (--nonfinite=report), one per source location, in workgroup
  // order. Not counted in event_count: they do not make the dispatch a dynamic error.
  std::vector<ExecEvent> nonfinite_events;
};

DispatchResult runDispatch(const DispatchParams& params);

}  // namespace wgsl::exec
