// The interpreter's atomic opcodes: the door an atomic goes through (plain, or in the
// instrumented loop the step-wise schedulers' record and the checked door) and one inline
// function per opcode family. Each active lane does its read-modify-write in lane order.
// Atomics on storage memory use relaxed hardware atomics (other workgroups run concurrently);
// workgroup memory belongs to the one thread running the workgroup, so a plain
// read-modify-write is enough there.
#pragma once

#include <cstdint>

#include "interp/exec/checked_door.h"
#include "interp/exec/mem_door.h"

namespace wgsl::exec::ops {

template <bool kInstrumented, typename F>
inline void atomicAccess(ExecContext& ctx, Subgroup& sg, uint32_t pc, const Inst& in, F&& f) {
  if constexpr (kInstrumented) {
    if (ctx.preempt) {
      // An atomic is a preemption point; record what it did to memory others see.
      const MemRegion reg = region(ctx, sg, in.imm2);
      auto observed = [&](uint32_t* p, uint32_t l) {
        const uint32_t before = __atomic_load_n(p, __ATOMIC_RELAXED);
        f(p, l);
        if (__atomic_load_n(p, __ATOMIC_RELAXED) != before) ctx.step.memory_changed = true;
        if (reg.shared) {
          ctx.step.read_root = in.imm2;
          ctx.step.read_offset = static_cast<uint64_t>(reinterpret_cast<uint8_t*>(p) - reg.base);
          ctx.step.read_pc = pc;
        }
      };
      if (ctx.checks) checkedAtomicAccess(ctx, sg, pc, in, observed);
      else plainAtomicAccess(ctx, sg, pc, in, observed);
      ctx.step.stop = StepRecord::Atomic;
      ctx.step.pc = pc;
      if (in.op != Op::AtomicLoad) ctx.step.atomic_write = true;
      return;
    }
    if (ctx.checks) return checkedAtomicAccess(ctx, sg, pc, in, f);
  }
  plainAtomicAccess(ctx, sg, pc, in, f);
}

// AtomicLoad.
template <bool kInstrumented>
inline void atomicLoad(ExecContext& ctx, Subgroup& sg, uint32_t pc, const Inst& in) {
  uint32_t* d = R<uint32_t>(sg, ctx.S, in.dst);
  atomicAccess<kInstrumented>(ctx, sg, pc, in, [&](uint32_t* p, uint32_t l) { d[l] = __atomic_load_n(p, __ATOMIC_RELAXED); });
}

// AtomicStore.
template <bool kInstrumented>
inline void atomicStore(ExecContext& ctx, Subgroup& sg, uint32_t pc, const Inst& in) {
  const uint32_t* v = R<const uint32_t>(sg, ctx.S, in.b);
  atomicAccess<kInstrumented>(ctx, sg, pc, in, [&](uint32_t* p, uint32_t l) { __atomic_store_n(p, v[l], __ATOMIC_RELAXED); });
}

// The new value of a read-modify-write that is not min/max: `old` op `x`.
template <Op kOp>
constexpr uint32_t rmwResult(uint32_t old, uint32_t x) {
  if constexpr (kOp == Op::AtomicAdd) return old + x;
  else if constexpr (kOp == Op::AtomicSub) return old - x;
  else if constexpr (kOp == Op::AtomicAnd) return old & x;
  else if constexpr (kOp == Op::AtomicOr) return old | x;
  else if constexpr (kOp == Op::AtomicXor) return old ^ x;
  else return x;  // AtomicExchange
}

// The same as one hardware atomic; returns the old value.
template <Op kOp>
inline uint32_t rmwHardware(uint32_t* p, uint32_t x) {
  if constexpr (kOp == Op::AtomicAdd) return __atomic_fetch_add(p, x, __ATOMIC_RELAXED);
  else if constexpr (kOp == Op::AtomicSub) return __atomic_fetch_sub(p, x, __ATOMIC_RELAXED);
  else if constexpr (kOp == Op::AtomicAnd) return __atomic_fetch_and(p, x, __ATOMIC_RELAXED);
  else if constexpr (kOp == Op::AtomicOr) return __atomic_fetch_or(p, x, __ATOMIC_RELAXED);
  else if constexpr (kOp == Op::AtomicXor) return __atomic_fetch_xor(p, x, __ATOMIC_RELAXED);
  else return __atomic_exchange_n(p, x, __ATOMIC_RELAXED);  // AtomicExchange
}

// AtomicAdd, AtomicSub, AtomicAnd, AtomicOr, AtomicXor, AtomicExchange.
template <bool kInstrumented, Op kOp>
inline void atomicRmw(ExecContext& ctx, Subgroup& sg, uint32_t pc, const Inst& in) {
  uint32_t* d = R<uint32_t>(sg, ctx.S, in.dst);
  const uint32_t* v = R<const uint32_t>(sg, ctx.S, in.b);
  if (ctx.k->roots[in.imm2].space == sema::AddressSpace::Workgroup) {
    atomicAccess<kInstrumented>(ctx, sg, pc, in, [&](uint32_t* p, uint32_t l) {
      const uint32_t old = *p;
      *p = rmwResult<kOp>(old, v[l]);
      d[l] = old;
    });
  } else {
    atomicAccess<kInstrumented>(ctx, sg, pc, in, [&](uint32_t* p, uint32_t l) { d[l] = rmwHardware<kOp>(p, v[l]); });
  }
}

// AtomicMin, AtomicMax (i32, u32): a compare-exchange loop.
template <bool kInstrumented>
inline void atomicMinMax(ExecContext& ctx, Subgroup& sg, uint32_t pc, const Inst& in) {
  uint32_t* d = R<uint32_t>(sg, ctx.S, in.dst);
  const uint32_t* v = R<const uint32_t>(sg, ctx.S, in.b);
  const bool is_min = groupOf(in.op) == OpGroup::AtomicMin;
  const bool is_signed = scalarOf(in.op) == Scalar::I32;
  atomicAccess<kInstrumented>(ctx, sg, pc, in, [&](uint32_t* p, uint32_t l) {
    uint32_t old = __atomic_load_n(p, __ATOMIC_RELAXED);
    for (;;) {
      const uint32_t x = v[l];
      const bool less = is_signed ? static_cast<int32_t>(x) < static_cast<int32_t>(old) : x < old;
      const uint32_t nv = is_min ? (less ? x : old) : (less ? old : x);
      if (__atomic_compare_exchange_n(p, &old, nv, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) break;
    }
    d[l] = old;
  });
}

// AtomicCmpXchg: the old value in dst, whether it exchanged in dst + 1.
template <bool kInstrumented>
inline void atomicCmpXchg(ExecContext& ctx, Subgroup& sg, uint32_t pc, const Inst& in) {
  uint32_t* d = R<uint32_t>(sg, ctx.S, in.dst);
  uint32_t* ex = R<uint32_t>(sg, ctx.S, in.dst + 1);
  const uint32_t* cmp = R<const uint32_t>(sg, ctx.S, in.b);
  const uint32_t* v = R<const uint32_t>(sg, ctx.S, in.c);
  atomicAccess<kInstrumented>(ctx, sg, pc, in, [&](uint32_t* p, uint32_t l) {
    uint32_t expected = cmp[l];
    const bool ok = __atomic_compare_exchange_n(p, &expected, v[l], false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
    d[l] = ok ? cmp[l] : expected;
    ex[l] = ok;
  });
}

}  // namespace wgsl::exec::ops
