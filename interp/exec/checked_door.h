// The checked memory door: loads, stores and atomics when dynamic-error checks are on
// (`ExecContext::checks`), called only from the instrumented instantiation of the interpreter
// (exec_memory.h, exec_atomics.h). Per lane: injected faults, the bounds policy's decision for
// out-of-bounds accesses, the access itself, and one race-detector batch for the lanes that
// accessed in place. Also the checked forms of IndexAddr (--oob=clamp) and PickDyn/PutDyn.
#pragma once

#include <cstdint>
#include <cstring>

#include "interp/exec/check_hooks.h"
#include "interp/exec/exec_control.h"
#include "interp/exec/mem_door.h"

namespace wgsl::exec::ops {

inline MemSpace memSpaceOf(sema::AddressSpace s) {
  switch (s) {
    case sema::AddressSpace::Private: return MemSpace::Private;
    case sema::AddressSpace::Workgroup: return MemSpace::Workgroup;
    case sema::AddressSpace::Uniform: return MemSpace::Uniform;
    case sema::AddressSpace::Storage: return MemSpace::Storage;
    default: return MemSpace::Function;
  }
}

// Ends lanes `lanes` of `sg` as if they returned from the entry point (the spec's "Trap"
// outcome of an invalid memory access): they leave every construct and wait at the entry's
// CallEnd. The interpreter loop unwinds when the mask becomes empty.
inline void terminateLanes(Subgroup& sg, const LaneMask& lanes) {
  if (lanes.none() || sg.sp == 0) return;
  removeAbove(sg, 0, lanes);
  sg.stack[0].saved |= lanes;
  sg.mask = sg.mask.andNot(lanes);
}

// Lanes that are out of bounds go through the policy; `perform(l, byte_offset)` does the access
// at an offset of the variable. Returns the lanes that accessed in place.
struct DoorLaneResult {
  LaneMask in_place;
  LaneMask terminate;
  bool stop = false;
};

// Whether accesses to a root can take part in a race: storage bound read_write and workgroup
// memory, except variables made only of atomics. A read-only storage binding is never written
// in the dispatch (WebGPU forbids binding its buffer writable elsewhere in the same pass).
inline bool mayRace(const Root& root) {
  if (root.only_atomics) return false;
  return root.space == sema::AddressSpace::Workgroup ||
         (root.space == sema::AddressSpace::Storage && root.access != sema::AccessMode::Read);
}

inline void recordRaceBatch(WorkerCheckHooks& h, const ExecContext& ctx, const Subgroup& sg, const Inst& in,
                            MemKind kind, const LaneMask& lanes, uint32_t bytes) {
  const Root& root = ctx.k->roots[in.imm2];
  if (!h.races || lanes.none() || !mayRace(root)) return;
  LaneBatch b;
  b.space = memSpaceOf(root.space);
  b.object = root.slot >= 0 ? static_cast<uint32_t>(root.slot) : 0;
  b.kind = kind;
  b.pc = static_cast<uint32_t>(&in - ctx.k->code.data());
  b.lanes = lanes;
  b.lane_offsets = in.a == kNoReg ? nullptr : sg.regs + static_cast<size_t>(in.a) * ctx.S;
  b.base_offset = uint64_t{in.imm} + (root.space == sema::AddressSpace::Workgroup ? root.offset : 0);
  b.size = bytes;
  b.first_local_index = sg.index * ctx.S;
  h.access(b);
}

inline void recordRaceOne(WorkerCheckHooks& h, const ExecContext& ctx, const Subgroup& sg, uint32_t pc, uint32_t root_id,
                          MemKind kind, uint32_t lane, uint64_t offset, uint32_t bytes) {
  const Root& root = ctx.k->roots[root_id];
  if (!h.races || !mayRace(root)) return;
  h.accessOne(memSpaceOf(root.space), root.slot >= 0 ? static_cast<uint32_t>(root.slot) : 0, kind, pc,
              sg.index * ctx.S + lane, offset + (root.space == sema::AddressSpace::Workgroup ? root.offset : 0), bytes);
}

inline DoorAccess doorAccess(const ExecContext& ctx, const Subgroup& sg, uint32_t pc, const Inst& in, uint32_t lane,
                             MemKind kind, uint64_t off, uint32_t bytes, uint32_t scalar_bytes, uint64_t region_size,
                             bool injected) {
  DoorAccess a;
  a.pc = pc;
  a.local_index = sg.index * ctx.S + lane;
  a.root = in.imm2;
  a.space = memSpaceOf(ctx.k->roots[in.imm2].space);
  a.kind = kind;
  a.offset = (injected || off >= (uint64_t{kInvalidOffset} << 8)) ? kUnknownByteOffset : off;
  a.size = bytes;
  a.scalar_size = scalar_bytes;
  a.components = isTyped(in.op) ? in.n : 1;
  a.scalar = isTyped(in.op) ? static_cast<uint8_t>(scalarOf(in.op)) : static_cast<uint8_t>(Scalar::U32);
  a.region_size = region_size;
  a.injected = injected;
  if (!injected && off >= (uint64_t{kInvalidOffset} << 8)) {
    if (const Subgroup::BadIndex* b = badIndexOf(sg, in.a, lane)) {
      a.has_index = true;
      a.index = b->index;
      a.index_count = b->count;
    }
  }
  return a;
}

template <bool kStore, int kBytes>
inline void doorCopy(const MemRegion& reg, uint8_t* p, uint32_t* d, uint32_t S, uint32_t l, uint32_t n, uint32_t stride) {
  for (uint32_t k = 0; k < n; ++k, p += stride) {
    if (kBytes == 4) {
      uint32_t* q = reinterpret_cast<uint32_t*>(p);
      if (kStore) {
        if (reg.shared) __atomic_store_n(q, d[k * S + l], __ATOMIC_RELAXED); else std::memcpy(q, &d[k * S + l], 4);
      } else {
        if (reg.shared) d[k * S + l] = __atomic_load_n(q, __ATOMIC_RELAXED); else std::memcpy(&d[k * S + l], q, 4);
      }
    } else {
      uint16_t* q = reinterpret_cast<uint16_t*>(p);
      if (kStore) {
        const uint16_t v = static_cast<uint16_t>(d[k * S + l]);
        if (reg.shared) __atomic_store_n(q, v, __ATOMIC_RELAXED); else std::memcpy(q, &v, 2);
      } else {
        uint16_t v;
        if (reg.shared) v = __atomic_load_n(q, __ATOMIC_RELAXED); else std::memcpy(&v, q, 2);
        d[k * S + l] = v;
      }
    }
  }
}

template <bool kStore, int kBytes>
inline void checkedMemAccess(ExecContext& ctx, Subgroup& sg, uint32_t pc, const Inst& in) {
  WorkerCheckHooks& h = *ctx.checks;
  const uint32_t S = ctx.S;
  const MemRegion reg = region(ctx, sg, in.imm2);
  const uint32_t n = in.n, stride = in.aux;
  const uint32_t bytes = (n - 1) * stride + kBytes;
  const MemKind kind = kStore ? MemKind::Store : MemKind::Load;
  uint32_t* d = R<uint32_t>(sg, S, kStore ? in.b : in.dst);
  InjectedLanes inj;
  const bool may_inject = h.mayInject(pc);
  if (may_inject) h.inject(pc, sg.mask, ctx.wg_id, sg.index * S, ctx.instructions, inj);
  LaneMask in_place, terminate;
  bool stop = false;
  forEachLane(sg.mask, [&](uint32_t l) {
    const uint64_t off = laneOffset(sg, S, in, l);
    const bool injected = may_inject && inj.oob.test(l);
    uint8_t* lane_base = reg.base + static_cast<size_t>(l) * reg.lane_stride;
    if (!injected && off + bytes <= reg.size) {
      doorCopy<kStore, kBytes>(reg, lane_base + off, d, S, l, n, stride);
      in_place.set(l);
      return;
    }
    const DoorDecision dec =
        h.outOfBounds(ctx.wg_id, doorAccess(ctx, sg, pc, in, l, kind, off, bytes, kBytes, reg.size, injected));
    switch (dec.action) {
      case DoorDecision::LoadZero:
      case DoorDecision::LoadVectorX:
        if (!kStore) {
          for (uint32_t k = 0; k < n; ++k) d[k * S + l] = 0;
          if (dec.action == DoorDecision::LoadVectorX) d[(n - 1) * S + l] = dec.last_bits;
        }
        break;
      case DoorDecision::LoadFrom:
      case DoorDecision::StoreTo:
        if (dec.offset >= 0 && uint64_t(dec.offset) + bytes <= reg.size) {
          doorCopy<kStore, kBytes>(reg, lane_base + dec.offset, d, S, l, n, stride);
          recordRaceOne(h, ctx, sg, pc, in.imm2, kind, l, static_cast<uint64_t>(dec.offset), bytes);
        } else if (!kStore) {
          for (uint32_t k = 0; k < n; ++k) d[k * S + l] = 0;
        }
        break;
      case DoorDecision::DropStore: break;
      case DoorDecision::Terminate: terminate.set(l); break;
      case DoorDecision::Stop:
        stop = true;
        if (!kStore)
          for (uint32_t k = 0; k < n; ++k) d[k * S + l] = 0;
        break;
    }
  });
  if (!kStore && may_inject && inj.poison.any()) {
    forEachLane(inj.poison & in_place, [&](uint32_t l) {
      for (uint32_t k = 0; k < n; ++k) d[k * S + l] = kBytes == 2 ? (inj.poison_value[l] & 0xffffu) : inj.poison_value[l];
    });
  }
  recordRaceBatch(h, ctx, sg, in, kind, in_place, bytes);
  terminateLanes(sg, terminate);
  if (stop) h.stop = true;
}

template <typename F>
inline void checkedAtomicAccess(ExecContext& ctx, Subgroup& sg, uint32_t pc, const Inst& in, F&& f) {
  WorkerCheckHooks& h = *ctx.checks;
  const uint32_t S = ctx.S;
  const MemRegion reg = region(ctx, sg, in.imm2);
  const MemKind kind = in.op == Op::AtomicLoad ? MemKind::AtomicLoad
                       : in.op == Op::AtomicStore ? MemKind::AtomicStore
                                                  : MemKind::AtomicRmw;
  InjectedLanes inj;
  const bool may_inject = h.mayInject(pc);
  if (may_inject) h.inject(pc, sg.mask, ctx.wg_id, sg.index * S, ctx.instructions, inj);
  LaneMask in_place, terminate;
  bool stop = false;
  auto zeroResult = [&](uint32_t l) {
    if (in.dst != kNoReg) R<uint32_t>(sg, S, in.dst)[l] = 0;
    if (in.op == Op::AtomicCmpXchg) R<uint32_t>(sg, S, in.dst + 1)[l] = 0;
  };
  forEachLane(sg.mask, [&](uint32_t l) {
    const uint64_t off = laneOffset(sg, S, in, l);
    const bool injected = may_inject && inj.oob.test(l);
    uint8_t* lane_base = reg.base + static_cast<size_t>(l) * reg.lane_stride;
    if (!injected && off + 4 <= reg.size) {
      f(reinterpret_cast<uint32_t*>(lane_base + off), l);
      in_place.set(l);
      return;
    }
    const DoorDecision dec = h.outOfBounds(ctx.wg_id, doorAccess(ctx, sg, pc, in, l, kind, off, 4, 4, reg.size, injected));
    switch (dec.action) {
      case DoorDecision::LoadFrom:
      case DoorDecision::StoreTo:
        if (dec.offset >= 0 && uint64_t(dec.offset) + 4 <= reg.size) {
          f(reinterpret_cast<uint32_t*>(lane_base + dec.offset), l);
          recordRaceOne(h, ctx, sg, pc, in.imm2, kind, l, static_cast<uint64_t>(dec.offset), 4);
        } else {
          zeroResult(l);
        }
        break;
      case DoorDecision::Terminate: terminate.set(l); break;
      case DoorDecision::Stop:
        stop = true;
        zeroResult(l);
        break;
      default: zeroResult(l); break;
    }
  });
  if (in.op == Op::AtomicLoad && may_inject && inj.poison.any()) {
    forEachLane(inj.poison & in_place, [&](uint32_t l) { R<uint32_t>(sg, S, in.dst)[l] = inj.poison_value[l]; });
  }
  recordRaceBatch(h, ctx, sg, in, kind, in_place, 4);
  terminateLanes(sg, terminate);
  if (stop) h.stop = true;
}

// IndexAddr under the checks: with --oob=clamp an out-of-range index is clamped into the
// array (robust buffer access) and reported; otherwise the access reports it at the door.
inline void checkedIndexAddr(ExecContext& ctx, Subgroup& sg, uint32_t pc, const Inst& in, uint32_t count) {
  WorkerCheckHooks& h = *ctx.checks;
  if (!h.clamp) return;
  const uint32_t S = ctx.S;
  const uint32_t* idx = R<const uint32_t>(sg, S, in.b);
  const uint32_t* base = in.a == kNoReg ? nullptr : R<const uint32_t>(sg, S, in.a);
  uint32_t* d = R<uint32_t>(sg, S, in.dst);
  const bool is_signed = (in.aux & 2) != 0;
  forEachLane(sg.mask, [&](uint32_t l) {
    if (base && base[l] == kInvalidOffset) return;
    const uint32_t i = idx[l];
    const bool bad = is_signed ? (static_cast<int32_t>(i) < 0 || i >= count) : i >= count;
    if (!bad || count == 0) return;
    const uint32_t c = is_signed && static_cast<int32_t>(i) < 0 ? 0u : count - 1;
    d[l] = (base ? base[l] : 0u) + in.imm2 + c * in.imm;
    IndexFault f;
    f.pc = pc;
    f.local_index = sg.index * S + l;
    f.index = i;
    f.is_signed = is_signed;
    f.count = count;
    f.in_memory = true;
    f.clamped = true;
    h.indexFault(ctx.wg_id, f);
  });
}

// PickDyn / PutDyn (dynamic index into a value in registers) with an index out of range: an
// event under every policy; under --oob=clamp the index is clamped (PickDyn reads, PutDyn
// writes the last or first element), otherwise reads give zero and writes are dropped.
inline void checkedDynIndex(ExecContext& ctx, Subgroup& sg, uint32_t pc, const Inst& in) {
  const uint32_t S = ctx.S;
  const uint32_t* idx = R<const uint32_t>(sg, S, in.b);
  const bool is_signed = (in.aux & 2) != 0;
  const bool pick = in.op == Op::PickDyn;
  const uint32_t n = pick ? in.n : 1;
  WorkerCheckHooks* h = ctx.checks;
  forEachLane(sg.mask, [&](uint32_t l) {
    const uint32_t i = idx[l];
    if (i < in.imm) return;
    const bool clamp = h && h->clamp && in.imm > 0;
    const uint32_t c = is_signed && static_cast<int32_t>(i) < 0 ? 0u : in.imm - 1;
    if (clamp) {
      if (pick) {
        for (uint32_t k = 0; k < n; ++k) R<uint32_t>(sg, S, in.dst + k)[l] = R<const uint32_t>(sg, S, in.a + c * n + k)[l];
      } else {
        R<uint32_t>(sg, S, in.dst + c)[l] = R<const uint32_t>(sg, S, in.a)[l];
      }
    }
    if (h) {
      IndexFault f;
      f.pc = pc;
      f.local_index = sg.index * S + l;
      f.index = i;
      f.is_signed = is_signed;
      f.count = in.imm;
      f.clamped = clamp;
      h->indexFault(ctx.wg_id, f);
    } else {
      ExecEvent e = ExecEvent::at(ExecEvent::OutOfBounds, pc, ctx.wg_id, sg.index * S + l);
      e.root = kValueRoot;
      e.offset = i;
      e.size = in.imm;
      e.write = !pick;
      ctx.sink->add(std::move(e));
    }
  });
}

}  // namespace wgsl::exec::ops
