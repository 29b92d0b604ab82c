// Floating point modes in the interpreter (docs/float-modes.md): the F32/F16
// instructions that a mode other than `ieee` changes run here, in the instrumented
// instantiation of the interpreter loop only. Per element: inputs flushed (ftz), the ieee result,
// the far edge or a random point of the spec's accuracy interval (ulp-max / ulp-random), the
// result flushed, then the non-finite policy (indeterminate replacement, or a `nonfinite` event
// for `report`). Every choice depends only on (seed, pc, invocation, component, operands), never
// on threads or scheduling.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "interp/exec/subgroup.h"
#include "interp/math/float_modes.h"

namespace wgsl::exec {

// True when the float mode needs the interpreter (fma alone is a lowering matter).
inline bool floatModeNeedsInterpreter(const math::FloatMode& m) {
  return m.ftz || m.ulp != math::FloatMode::Ulp::Exact || m.nonfinite != math::FloatMode::NonFinite::Propagate;
}

// A cheap filter before runFloatInst: F32/F16 typed arithmetic, conversions, subgroup
// arithmetic and Pack (memory and atomic groups excluded).
inline bool floatModeCandidate(ir::Op op) {
  if (op == ir::Op::Pack) return true;
  if (!ir::isTyped(op)) return false;
  const ir::Scalar s = ir::scalarOf(op);
  if (s != ir::Scalar::F32 && s != ir::Scalar::F16) return false;
  const ir::OpGroup g = ir::groupOf(op);
  return g != ir::OpGroup::Load && g != ir::OpGroup::Store && g != ir::OpGroup::AtomicMin &&
         g != ir::OpGroup::AtomicMax;
}

// Runs `in` under ctx.float_mode and returns true, or returns false when the mode changes
// nothing for this instruction (the interpreter's own case then runs it).
bool runFloatInst(Subgroup& sg, ExecContext& ctx, uint32_t pc, const ir::Inst& in);

// Per worker: the first place (smallest workgroup, then invocation) each instruction produced
// a non-finite value from finite operands, for `--nonfinite=report`.
struct NonFiniteLog {
  struct Entry {
    uint64_t key = 0;  // workgroup linear index * 2^32 + local invocation index
    ExecEvent event;
  };
  std::map<uint32_t, Entry> by_pc;
  void record(uint64_t key, ExecEvent&& e);
};

// Merges the workers' logs: one event per source location (the earliest invocation), in
// workgroup order, at most `max`.
std::vector<ExecEvent> mergeNonFinite(const std::vector<const NonFiniteLog*>& logs, const ir::Kernel& k, size_t max);

}  // namespace wgsl::exec
