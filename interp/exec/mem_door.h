// The plain memory door: the one place loads, stores and atomics of the default configuration
// touch memory. Per lane, an access in range is done in place (relaxed atomics on memory other
// workgroups may see); one out of range gives an OutOfBounds event, loads give zero and stores
// are dropped. The checked door (checked_door.h) replaces it under the dynamic-error checks.
#pragma once

#include <cstdint>
#include <cstring>

#include "interp/exec/exec_lanes.h"

namespace wgsl::exec::ops {

struct MemRegion {
  uint8_t* base;        // lane 0's base for private memory
  uint64_t size;
  uint32_t lane_stride; // private memory: bytes between lanes; else 0
  bool shared;          // storage/uniform: other workgroups may access concurrently
};

inline MemRegion region(const ExecContext& ctx, Subgroup& sg, uint32_t root_id) {
  const Root& r = ctx.k->roots[root_id];
  switch (r.space) {
    case sema::AddressSpace::Storage:
    case sema::AddressSpace::Uniform:
      return MemRegion{ctx.params->slot_base[r.slot], ctx.params->slot_size[r.slot], 0, true};
    case sema::AddressSpace::Workgroup: return MemRegion{ctx.wg_mem + r.offset, r.size, 0, false};
    default: return MemRegion{sg.priv + r.offset, r.size, ctx.k->private_size, false};
  }
}

inline void outOfBounds(ExecContext& ctx, Subgroup& sg, uint32_t pc, uint32_t lane, uint32_t root, uint64_t offset, uint32_t size,
                 bool write) {
  ExecEvent e = ExecEvent::at(ExecEvent::OutOfBounds, pc, ctx.wg_id, sg.index * ctx.S + lane);
  e.root = root;
  e.offset = offset;
  e.size = size;
  e.write = write;
  if (offset >= kInvalidOffset) {
    if (const Subgroup::BadIndex* b = badIndexOf(sg, ctx.k->code[pc].a, lane)) {
      e.has_index = true;
      e.index = b->index;
      e.index_count = b->count;
    }
  }
  ctx.sink->add(std::move(e));
}

inline uint64_t laneOffset(Subgroup& sg, uint32_t S, const Inst& in, uint32_t l) {
  if (in.a == kNoReg) return in.imm;
  const uint32_t o = R<uint32_t>(sg, S, in.a)[l];
  return o == kInvalidOffset ? uint64_t{kInvalidOffset} << 8 : uint64_t{o} + in.imm;
}

template <bool kStore, int kBytes>
inline void plainMemAccess(ExecContext& ctx, Subgroup& sg, uint32_t pc, const Inst& in) {
  const uint32_t S = ctx.S;
  const MemRegion reg = region(ctx, sg, in.imm2);
  const uint32_t n = in.n, stride = in.aux;
  const uint32_t bytes = (n - 1) * stride + kBytes;
  uint32_t* d = R<uint32_t>(sg, S, kStore ? in.b : in.dst);
  if (kBytes == 4 && n == 1 && reg.lane_stride == 0 && sg.mask.w[0] == ~uint64_t{0} >> (64 - (S > 64 ? 64 : S)) &&
      (S <= 64 || sg.mask.w[1] == (S == 128 ? ~uint64_t{0} : 0)) && in.a != kNoReg) {
    // Fast path: every lane active, one 32-bit scalar per lane at a per-lane offset.
    const uint32_t* off = R<const uint32_t>(sg, S, in.a);
    bool in_range = true;
    for (uint32_t l = 0; l < S; ++l) in_range &= uint64_t{off[l]} + in.imm + 4 <= reg.size && off[l] != kInvalidOffset;
    if (in_range) {
      uint8_t* base = reg.base + in.imm;
      if (reg.shared) {
        for (uint32_t l = 0; l < S; ++l) {
          uint32_t* q = reinterpret_cast<uint32_t*>(base + off[l]);
          if (kStore) __atomic_store_n(q, d[l], __ATOMIC_RELAXED); else d[l] = __atomic_load_n(q, __ATOMIC_RELAXED);
        }
      } else {
        for (uint32_t l = 0; l < S; ++l) {
          uint32_t* q = reinterpret_cast<uint32_t*>(base + off[l]);
          if (kStore) *q = d[l]; else d[l] = *q;
        }
      }
      return;
    }
  }
  if (!kStore && in.a == kNoReg && reg.lane_stride == 0 && uint64_t{in.imm} + bytes <= reg.size) {
    // Every lane reads the same address (uniform and scalar storage variables): read each
    // component once and give it to every lane.
    uint8_t* p = reg.base + in.imm;
    for (uint32_t k = 0; k < n; ++k, p += stride) {
      uint32_t v;
      if (kBytes == 4) {
        v = reg.shared ? __atomic_load_n(reinterpret_cast<uint32_t*>(p), __ATOMIC_RELAXED) : *reinterpret_cast<uint32_t*>(p);
      } else {
        v = reg.shared ? __atomic_load_n(reinterpret_cast<uint16_t*>(p), __ATOMIC_RELAXED) : *reinterpret_cast<uint16_t*>(p);
      }
      uint32_t* dk = d + k * S;
      for (uint32_t l = 0; l < S; ++l) dk[l] = v;
    }
    return;
  }
  if (in.a == kNoReg && uint64_t{in.imm} + bytes <= reg.size && !reg.shared) {
    // Fast path: a constant offset in range (private, function and workgroup variables).
    uint8_t* base = reg.base + in.imm;
    forEachLane(sg.mask, [&](uint32_t l) {
      uint8_t* p = base + static_cast<size_t>(l) * reg.lane_stride;
      for (uint32_t k = 0; k < n; ++k, p += stride) {
        if (kBytes == 4) {
          if (kStore) std::memcpy(p, &d[k * S + l], 4); else std::memcpy(&d[k * S + l], p, 4);
        } else {
          uint16_t v = static_cast<uint16_t>(d[k * S + l]);
          if (kStore) {
            std::memcpy(p, &v, 2);
          } else {
            std::memcpy(&v, p, 2);
            d[k * S + l] = v;
          }
        }
      }
    });
    return;
  }
  forEachLane(sg.mask, [&](uint32_t l) {
    const uint64_t off = laneOffset(sg, S, in, l);
    if (off + bytes > reg.size) {
      outOfBounds(ctx, sg, pc, l, in.imm2, off >= (uint64_t{kInvalidOffset} << 8) ? kInvalidOffset : off, bytes, kStore);
      if (!kStore)
        for (uint32_t k = 0; k < n; ++k) d[k * S + l] = 0;
      return;
    }
    uint8_t* p = reg.base + static_cast<size_t>(l) * reg.lane_stride + off;
    for (uint32_t k = 0; k < n; ++k, p += stride) {
      if (kBytes == 4) {
        uint32_t* q = reinterpret_cast<uint32_t*>(p);
        if (kStore) {
          if (reg.shared) __atomic_store_n(q, d[k * S + l], __ATOMIC_RELAXED); else *q = d[k * S + l];
        } else {
          d[k * S + l] = reg.shared ? __atomic_load_n(q, __ATOMIC_RELAXED) : *q;
        }
      } else {
        uint16_t* q = reinterpret_cast<uint16_t*>(p);
        if (kStore) {
          const uint16_t v = static_cast<uint16_t>(d[k * S + l]);
          if (reg.shared) __atomic_store_n(q, v, __ATOMIC_RELAXED); else *q = v;
        } else {
          d[k * S + l] = reg.shared ? __atomic_load_n(q, __ATOMIC_RELAXED) : *q;
        }
      }
    }
  });
}

// Atomic read-modify-write on each active lane, in lane order.
template <typename F>
inline void plainAtomicAccess(ExecContext& ctx, Subgroup& sg, uint32_t pc, const Inst& in, F&& f) {
  const uint32_t S = ctx.S;
  const MemRegion reg = region(ctx, sg, in.imm2);
  forEachLane(sg.mask, [&](uint32_t l) {
    const uint64_t off = laneOffset(sg, S, in, l);
    if (off + 4 > reg.size) {
      outOfBounds(ctx, sg, pc, l, in.imm2, off >= (uint64_t{kInvalidOffset} << 8) ? kInvalidOffset : off, 4,
                  in.op != Op::AtomicLoad);
      if (in.dst != kNoReg) R<uint32_t>(sg, S, in.dst)[l] = 0;
      if (in.op == Op::AtomicCmpXchg) R<uint32_t>(sg, S, in.dst + 1)[l] = 0;
      return;
    }
    f(reinterpret_cast<uint32_t*>(reg.base + static_cast<size_t>(l) * reg.lane_stride + off), l);
  });
}

}  // namespace wgsl::exec::ops
