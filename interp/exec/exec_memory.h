// The interpreter's memory opcodes: Load and Store (through the plain door, or in the
// instrumented loop the scheduler's record and the checked door), IndexAddr, ArrayLength and
// MemZero. One inline function per opcode family, called from runSubgroupT.
#pragma once

#include <cstdint>
#include <cstring>

#include "interp/exec/checked_door.h"
#include "interp/exec/mem_door.h"

namespace wgsl::exec::ops {

// What a load or store does to memory other invocations see (step-wise schedulers):
// the storage location read last, and whether a store changes storage or workgroup memory.
template <bool kStore, int kBytes>
inline void observeAccess(ExecContext& ctx, Subgroup& sg, uint32_t pc, const Inst& in, const MemRegion& reg, const uint32_t* d,
                   uint32_t bytes) {
  const bool workgroup = ctx.k->roots[in.imm2].space == sema::AddressSpace::Workgroup;
  if (!reg.shared && !workgroup) return;
  const uint32_t S = ctx.S;
  forEachLane(sg.mask, [&](uint32_t l) {
    const uint64_t off = laneOffset(sg, S, in, l);
    if (off + bytes > reg.size) return;
    if (!kStore) {
      if (reg.shared) {
        ctx.step.read_root = in.imm2;
        ctx.step.read_offset = off;
        ctx.step.read_pc = pc;
      }
      return;
    }
    if (ctx.step.memory_changed) return;
    const uint8_t* p = reg.base + off;
    for (uint32_t k = 0; k < in.n; ++k, p += in.aux) {
      uint32_t now = 0;
      std::memcpy(&now, p, kBytes);
      const uint32_t v = kBytes == 4 ? d[k * S + l] : (d[k * S + l] & 0xffffu);
      if (now != v) ctx.step.memory_changed = true;
    }
  });
}

// Whether every active lane's access lies within its variable.
inline bool lanesInRange(Subgroup& sg, uint32_t S, const Inst& in, const MemRegion& reg, uint32_t bytes) {
  if (in.a == kNoReg) return uint64_t{in.imm} + bytes <= reg.size;
  const uint32_t* off = R<const uint32_t>(sg, S, in.a);
  bool ok = true;
  forEachLane(sg.mask, [&](uint32_t l) { ok &= off[l] != kInvalidOffset && uint64_t{off[l]} + in.imm + bytes <= reg.size; });
  return ok;
}

template <bool kInstrumented, bool kStore, int kBytes>
inline void memAccess(ExecContext& ctx, Subgroup& sg, uint32_t pc, const Inst& in) {
  if constexpr (kInstrumented) {
    const MemRegion reg = region(ctx, sg, in.imm2);
    const uint32_t bytes = (in.n - 1) * in.aux + kBytes;
    // The scheduler's record first (it reads memory before a store changes it), then the checked door.
    if (ctx.preempt) observeAccess<kStore, kBytes>(ctx, sg, pc, in, reg, R<uint32_t>(sg, ctx.S, kStore ? in.b : in.dst), bytes);
    if (ctx.checks) {
      // Accesses in range with no fault to inject do the same in both doors: the plain door
      // does them, and the race detector gets its batch.
      if (ctx.checks->mayInject(pc) || !lanesInRange(sg, ctx.S, in, reg, bytes))
        return checkedMemAccess<kStore, kBytes>(ctx, sg, pc, in);
      plainMemAccess<kStore, kBytes>(ctx, sg, pc, in);
      recordRaceBatch(*ctx.checks, ctx, sg, in, kStore ? MemKind::Store : MemKind::Load, sg.mask, bytes);
      return;
    }
  }
  plainMemAccess<kStore, kBytes>(ctx, sg, pc, in);
}


// IndexAddr: base + index * stride per lane; an index out of range (or an invalid base) gives
// the invalid address, which the door reports at the access.
template <bool kInstrumented>
inline void indexAddr(ExecContext& ctx, Subgroup& sg, uint32_t pc, const Inst& in) {
  const uint32_t S = ctx.S;
  const uint32_t* idx = R<const uint32_t>(sg, S, in.b);
  uint32_t* d = R<uint32_t>(sg, S, in.dst);
  uint32_t count = in.imm3;
  if (in.aux & 1) {
    const MemRegion r = region(ctx, sg, in.imm3);
    count = r.size > in.imm2 ? static_cast<uint32_t>((r.size - in.imm2) / in.imm) : 0;
  }
  // `invalid` comes out of the same pass as the addresses; only then (the slow path) is
  // the index behind each invalid address recorded, for the event's message.
  bool invalid = false;
  if (in.a == kNoReg) {
    for (uint32_t l = 0; l < S; ++l) {
      const bool in_range = idx[l] < count;
      d[l] = in_range ? in.imm2 + idx[l] * in.imm : kInvalidOffset;
      invalid |= !in_range;
    }
  } else {
    const uint32_t* base = R<const uint32_t>(sg, S, in.a);
    for (uint32_t l = 0; l < S; ++l) {
      const bool in_range = idx[l] < count && base[l] != kInvalidOffset;
      d[l] = in_range ? base[l] + in.imm2 + idx[l] * in.imm : kInvalidOffset;
      invalid |= !in_range;
    }
  }
  if (__builtin_expect(invalid, 0)) noteBadIndices(sg, S, in.dst, in.a, idx, count, d);
  if constexpr (kInstrumented) {
    if (ctx.checks) checkedIndexAddr(ctx, sg, pc, in, count);  // --oob=clamp
  }
}

// ArrayLength: elements of a runtime-sized array in its binding.
inline void arrayLength(ExecContext& ctx, Subgroup& sg, const Inst& in) {
  const MemRegion r = region(ctx, sg, in.imm2);
  const uint32_t len = r.size > in.imm ? static_cast<uint32_t>((r.size - in.imm) / in.imm3) : 0;
  uint32_t* d = R<uint32_t>(sg, ctx.S, in.dst);
  for (uint32_t l = 0; l < ctx.S; ++l) d[l] = len;
}

// MemZero: zero-fill a variable (or part of one) on the active lanes.
inline void memZero(ExecContext& ctx, Subgroup& sg, const Inst& in) {
  const MemRegion r = region(ctx, sg, in.imm2);
  forEachLane(sg.mask, [&](uint32_t l) {
    const uint64_t off = laneOffset(sg, ctx.S, in, l);
    if (off + in.imm3 > r.size) return;
    std::memset(r.base + static_cast<size_t>(l) * r.lane_stride + off, 0, in.imm3);
  });
}

}  // namespace wgsl::exec::ops
