// The interpreter's control-flow opcodes: structured constructs on the subgroup's control
// stack (one entry per construct), the execution mask, and where execution resumes when the
// mask becomes empty. One inline function per opcode family, called from runSubgroupT.
//
// Rules:
// - If: T = mask & cond runs the then-block, the rest waits in `pending` for the else-block;
//   `saved` (entering lanes) reconverge at IfEnd.
// - Loop: `pending` are the lanes still iterating, `saved` the lanes that broke out; the
//   continuing block runs with every lane still iterating; the back edge repeats while any is.
// - Break/Continue/Return remove the leaving lanes from every entry above their target, so no
//   construct reactivates them; when the mask becomes empty, `unwind` finds where execution
//   resumes (an else-block, a continuing block, or after a construct).
// Functions returning bool return false when the subgroup has finished (every lane left the
// entry point): the loop then halts.
#pragma once

#include <cstdint>
#include <vector>

#include "interp/exec/exec_lanes.h"

namespace wgsl::exec::ops {

// Removes `lanes` from every entry above index `target`.
inline void removeAbove(Subgroup& sg, uint32_t target, const LaneMask& lanes) {
  for (uint32_t i = target + 1; i < sg.sp; ++i) {
    sg.stack[i].saved = sg.stack[i].saved.andNot(lanes);
    sg.stack[i].pending = sg.stack[i].pending.andNot(lanes);
  }
}

// The mask is empty: find where execution continues (sg.pc). Returns false when the subgroup
// is done.
inline bool unwind(Subgroup& sg, const std::vector<ir::Inst>& code) {
  while (sg.sp > 0) {
    CtlEntry& e = sg.stack[sg.sp - 1];
    const ir::Inst& b = code[e.begin];
    switch (e.kind) {
      case CtlEntry::If:
        if (e.phase == 0 && e.pending.any()) {
          sg.mask = e.pending;
          e.pending = LaneMask{};
          e.phase = 1;
          sg.pc = b.imm + 1;
          return true;
        }
        break;
      case CtlEntry::Loop:
        if (e.pending.any()) {
          sg.mask = e.pending;
          sg.pc = b.imm;  // LoopContinuing
          return true;
        }
        break;
      default: break;
    }
    --sg.sp;
    sg.mask = e.saved;
    if (sg.mask.any()) {
      sg.pc = b.imm2 + 1;
      return true;
    }
  }
  return false;
}

// The mask became empty at `pc`: resume where `unwind` says. False: the subgroup is done.
inline bool resumeAfterEmptyMask(Subgroup& sg, const std::vector<ir::Inst>& code, uint32_t& pc) {
  sg.pc = pc;
  if (!unwind(sg, code)) return false;
  pc = sg.pc;
  return true;
}

// IfBegin: the lanes whose condition holds run the then-block, the others wait for the else.
inline void ifBegin(Subgroup& sg, uint32_t S, const ir::Inst& in, uint32_t& pc) {
  CtlEntry& e = sg.stack[sg.sp++];
  e.kind = CtlEntry::If;
  e.begin = pc;
  e.saved = sg.mask;
  e.phase = 0;
  const LaneMask t = maskOf(R<const uint32_t>(sg, S, in.a), sg.mask, S);
  e.pending = sg.mask.andNot(t);
  if (t.any()) {
    sg.mask = t;
    ++pc;
  } else {
    sg.mask = e.pending;
    e.pending = LaneMask{};
    e.phase = 1;
    pc = in.imm + 1;
  }
}

// IfElse: the waiting lanes run the else-block (or it is skipped).
inline void ifElse(Subgroup& sg, const ir::Inst& in, uint32_t& pc) {
  CtlEntry& e = sg.stack[sg.sp - 1];
  e.phase = 1;
  if (e.pending.any()) {
    sg.mask = e.pending;
    e.pending = LaneMask{};
    ++pc;
  } else {
    pc = in.imm2;
  }
}

// LoopBegin, SwitchBegin, CallBegin: push the construct's entry.
inline void constructBegin(Subgroup& sg, const ir::Inst& in, uint32_t& pc) {
  CtlEntry& e = sg.stack[sg.sp++];
  e.kind = in.op == ir::Op::LoopBegin ? CtlEntry::Loop : in.op == ir::Op::SwitchBegin ? CtlEntry::Switch : CtlEntry::Call;
  e.begin = pc;
  e.phase = 0;
  e.saved = in.op == ir::Op::SwitchBegin ? sg.mask : LaneMask{};
  e.pending = in.op == ir::Op::LoopBegin ? sg.mask : LaneMask{};
  ++pc;
}

// IfEnd, LoopEnd, SwitchEnd: the lanes that entered reconverge.
inline bool constructEnd(Subgroup& sg, const std::vector<ir::Inst>& code, uint32_t& pc) {
  const CtlEntry& e = sg.stack[--sg.sp];
  sg.mask = e.saved;
  if (sg.mask.any()) {
    ++pc;
    return true;
  }
  return resumeAfterEmptyMask(sg, code, pc);
}

// CallEnd: the lanes that returned from the inlined call rejoin.
inline void callEnd(Subgroup& sg, uint32_t& pc) {
  const CtlEntry& e = sg.stack[--sg.sp];
  sg.mask |= e.saved;
  ++pc;
}

// LoopContinuing: every lane still iterating runs the continuing block.
inline void loopContinuing(Subgroup& sg, uint32_t& pc) {
  sg.mask = sg.stack[sg.sp - 1].pending;
  ++pc;
}

// LoopBackEdge: repeat while a lane iterates. A taken back-edge is where the instruction budget
// is checked (and, for the step-wise schedulers, a preemption point). Returns true when the
// budget ran out: the subgroup is stopped at the loop header.
template <bool kInstrumented>
inline bool loopBackEdge(Subgroup& sg, ExecContext& ctx, const std::vector<ir::Inst>& code, const ir::Inst& in,
                         uint32_t& pc, uint64_t executed) {
  const CtlEntry& e = sg.stack[sg.sp - 1];
  if (e.pending.none()) {
    pc = code[e.begin].imm2;
    return false;
  }
  if constexpr (kInstrumented) {
    if (ctx.preempt) {
      ctx.step.stop = StepRecord::BackEdge;
      ctx.step.pc = pc;
    }
  }
  sg.mask = e.pending;
  pc = in.imm;
  if (ctx.budget && ctx.instructions + executed > ctx.budget) {
    sg.state = SgState::Stopped;
    return true;
  }
  return false;
}

// CondBreak, Break, Continue, Return: the leaving lanes go to their target construct.
inline bool leaveConstruct(Subgroup& sg, uint32_t S, const std::vector<ir::Inst>& code, const ir::Inst& in,
                           uint32_t& pc) {
  using ir::Op;
  LaneMask leaving = sg.mask;
  if (in.op == Op::CondBreak) {
    leaving = maskOf(R<const uint32_t>(sg, S, in.a), sg.mask, S);
    if (in.aux) leaving = sg.mask.andNot(leaving);
    if (leaving.none()) {
      ++pc;
      return true;
    }
  }
  uint32_t t = sg.sp - 1;
  for (;; --t) {
    const CtlEntry::Kind k = sg.stack[t].kind;
    if (in.op == Op::Return ? k == CtlEntry::Call
                            : in.op == Op::Continue ? k == CtlEntry::Loop
                                                    : (k == CtlEntry::Loop || (k == CtlEntry::Switch && in.op == Op::Break)))
      break;
  }
  removeAbove(sg, t, leaving);
  CtlEntry& target = sg.stack[t];
  if (in.op == Op::Return) {
    target.saved |= leaving;
  } else if (target.kind == CtlEntry::Loop && in.op != Op::Continue) {
    target.saved |= leaving;
    target.pending = target.pending.andNot(leaving);
  }
  sg.mask = sg.mask.andNot(leaving);
  if (sg.mask.any()) {
    ++pc;
    return true;
  }
  return resumeAfterEmptyMask(sg, code, pc);
}

}  // namespace wgsl::exec::ops
