// The complete state of a subgroup and its workgroup as plain data: a subgroup
// can be suspended at any instruction boundary and resumed by any thread.
#pragma once

#include <cstdint>
#include <vector>

#include "interp/exec/check_hooks.h"
#include "interp/exec/dispatch.h"
#include "interp/exec/lane_mask.h"
#include "interp/ir/ir.h"

namespace wgsl::exec {

// One entry of the control stack (see interpreter.cpp for the rules).
struct CtlEntry {
  enum Kind : uint8_t { If, Loop, Switch, Call } kind = If;
  uint8_t phase = 0;      // If: 0 then-block, 1 else-block
  uint32_t begin = 0;     // pc of the instruction that pushed the entry
  LaneMask saved;         // lanes that continue after the construct
  LaneMask pending;       // If: lanes waiting for the else-block; Loop: lanes still iterating
};

enum class SgState : uint8_t { Running, AtBarrier, Halted, Stopped, Failed };

struct Subgroup {
  uint32_t index = 0;       // within the workgroup
  uint32_t pc = 0;
  SgState state = SgState::Running;
  LaneMask mask;            // active lanes
  LaneMask exists;          // lanes that are invocations of the workgroup
  std::vector<CtlEntry> stack;
  uint32_t sp = 0;
  uint32_t* regs = nullptr;  // num_regs * S slots (register r at regs + r * S)
  uint8_t* priv = nullptr;   // S * private_size bytes
  // Per lane, the array index behind the last invalid address an IndexAddr wrote (an index out
  // of range), with the register it wrote: an out-of-bounds access through that register names
  // the index in its event. Allocated at the first invalid address.
  struct BadIndex {
    uint32_t reg = ~0u;
    uint32_t index = 0;
    uint32_t count = 0;  // elements of the array
    bool known = false;  // false: invalid because of something else (e.g. an invalid base)
  };
  std::vector<BadIndex> bad_index;
};

// Records the bad indices of an IndexAddr whose result `d` has invalid lanes (see BadIndex).
inline void noteBadIndices(Subgroup& sg, uint32_t S, uint32_t dst, uint32_t base_reg, const uint32_t* idx,
                           uint32_t count, const uint32_t* d) {
  if (sg.bad_index.size() != S) sg.bad_index.assign(S, Subgroup::BadIndex{});
  for (uint32_t l = 0; l < S; ++l) {
    if (d[l] != ir::kInvalidOffset) continue;
    Subgroup::BadIndex& b = sg.bad_index[l];
    if (idx[l] >= count) b = Subgroup::BadIndex{dst, idx[l], count, true};
    else if (b.reg == base_reg && base_reg != ir::kNoReg) b.reg = dst;  // the base's index goes on
    else b = Subgroup::BadIndex{dst, 0, 0, false};
  }
}

// The bad index behind lane `l`'s invalid address in register `reg`, if known.
inline const Subgroup::BadIndex* badIndexOf(const Subgroup& sg, uint32_t reg, uint32_t l) {
  if (l >= sg.bad_index.size()) return nullptr;
  const Subgroup::BadIndex& b = sg.bad_index[l];
  return b.known && b.reg == reg ? &b : nullptr;
}

// Where events and statistics of one worker go.
struct EventSink {
  std::vector<ExecEvent> events;
  uint64_t count = 0;
  size_t max = 100;
  void add(ExecEvent e) {
    ++count;
    if (events.size() < max) events.push_back(std::move(e));
  }
};

// Step-wise schedulers: what one run of the interpreter did that a scheduler cares
// about. Filled only by the instrumented loop when ExecContext::preempt is set.
struct StepRecord {
  enum Stop : uint8_t { None, Atomic, BackEdge } stop = None;  // the preemption point reached
  bool memory_changed = false;  // a store or atomic changed storage or workgroup memory
  bool atomic_write = false;    // an atomic that writes ran (store, read-modify-write, cmpxchg)
  uint32_t pc = 0;              // the atomic or back-edge instruction where it stopped
  static constexpr uint32_t kNoRoot = ~0u;
  uint32_t read_root = kNoRoot;  // last storage location read (root variable, byte offset)
  uint64_t read_offset = 0;
  uint32_t read_pc = 0;          // the instruction that read it
};
struct NonFiniteLog;  // float_exec.h

// What the interpreter needs about the running dispatch and workgroup.
struct ExecContext {
  const ir::Kernel* k = nullptr;
  uint32_t S = 32;
  const DispatchParams* params = nullptr;
  uint8_t* wg_mem = nullptr;
  uint32_t wg_id[3] = {0, 0, 0};
  EventSink* sink = nullptr;
  uint64_t instructions = 0;
  uint64_t budget = 0;  // 0: unlimited
  uint32_t slice = 0;   // >0: return (state Running) after this many instructions
  uint32_t* scratch = nullptr;  // S * 256 slots for ops that need a temporary
  // Selects the instrumented instantiation of the interpreter loop (float modes other than
  // ieee, bounds policies and checks, step-wise schedulers); false keeps the fast path.
  bool instrumented = false;
  // Step-wise schedulers: with `instrumented`, stop (state Running, resumable) after
  // every atomic operation and at every taken loop back-edge, recording the run in `step`.
  bool preempt = false;
  StepRecord step;
  // Dynamic-error checks of the running worker (null: none). Set together with
  // `instrumented`.
  WorkerCheckHooks* checks = nullptr;
  // Float modes other than ieee (null otherwise; needs `instrumented`), and where
  // `--nonfinite=report` records (per worker).
  const math::FloatMode* float_mode = nullptr;
  NonFiniteLog* nonfinite_log = nullptr;
};

// Runs `sg` until it halts, reaches a barrier, the instruction budget runs out (state
// Stopped, with an event), or `slice` instructions have run (state still Running: call again
// to resume exactly where it stopped).
void runSubgroup(Subgroup& sg, ExecContext& ctx);

}  // namespace wgsl::exec
