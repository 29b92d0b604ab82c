// The interpreter's subgroup and quad opcodes: collectives whose results are defined by the
// active lanes (ballot, elect, all/any, broadcasts, shuffles, quad operations, reductions and
// scans). One inline function per opcode family, called from runSubgroupT.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "interp/exec/exec_lanes.h"

namespace wgsl::exec::ops {

// Combination of two lane values for subgroup reductions and scans.
template <Scalar s>
inline uint32_t combine(OpGroup g, uint32_t a, uint32_t b) {
  const bool add = g == OpGroup::SgReduceAdd || g == OpGroup::SgInclAdd || g == OpGroup::SgExclAdd;
  const bool mul = g == OpGroup::SgReduceMul || g == OpGroup::SgInclMul || g == OpGroup::SgExclMul;
  if (s == Scalar::F32) {
    if (add) return U(F(a) + F(b));
    if (mul) return U(F(a) * F(b));
    if (g == OpGroup::SgReduceMin) return U(math::fmin(F(a), F(b)));
    return U(math::fmax(F(a), F(b)));
  }
  if (s == Scalar::F16) {
    if (add) return math::addF16(H(a), H(b));
    if (mul) return math::mulF16(H(a), H(b));
    if (g == OpGroup::SgReduceMin) return math::f16FromF32(math::fmin(HF(a), HF(b)));
    return math::f16FromF32(math::fmax(HF(a), HF(b)));
  }
  if (add) return a + b;
  if (mul) return a * b;
  if (s == Scalar::I32) {
    const int32_t x = static_cast<int32_t>(a), y = static_cast<int32_t>(b);
    return static_cast<uint32_t>(g == OpGroup::SgReduceMin ? (y < x ? y : x) : (x < y ? y : x));
  }
  return g == OpGroup::SgReduceMin ? (b < a ? b : a) : (a < b ? b : a);
}

template <Scalar s>
inline uint32_t identity(OpGroup g) {
  const bool mul = g == OpGroup::SgInclMul || g == OpGroup::SgExclMul || g == OpGroup::SgReduceMul;
  if (!mul) return 0;
  if (s == Scalar::F32) return U(1.0f);
  if (s == Scalar::F16) return 0x3c00;
  return 1;
}

template <Scalar s>
inline void subgroupArith(Subgroup& sg, uint32_t S, const Inst& in) {
  const OpGroup g = groupOf(in.op);
  for (uint32_t k = 0; k < in.n; ++k) {
    const uint32_t* a = R<uint32_t>(sg, S, in.a) + k * S;
    uint32_t* d = R<uint32_t>(sg, S, in.dst) + k * S;
    if (g == OpGroup::SgReduceAdd || g == OpGroup::SgReduceMul || g == OpGroup::SgReduceMin ||
        g == OpGroup::SgReduceMax) {
      bool first = true;
      uint32_t acc = 0;
      forEachLane(sg.mask, [&](uint32_t l) {
        acc = first ? a[l] : combine<s>(g, acc, a[l]);
        first = false;
      });
      forEachLane(sg.mask, [&](uint32_t l) { d[l] = acc; });
    } else {
      const bool excl = g == OpGroup::SgExclAdd || g == OpGroup::SgExclMul;
      uint32_t acc = identity<s>(g);
      // In-place safe: read a[l] before writing d[l].
      forEachLane(sg.mask, [&](uint32_t l) {
        const uint32_t v = a[l];
        if (excl) {
          d[l] = acc;
          acc = combine<s>(g, acc, v);
        } else {
          acc = combine<s>(g, acc, v);
          d[l] = acc;
        }
      });
    }
  }
}

// SgBallot: the active lanes whose predicate holds, as vec4<u32> on every lane.
inline void ballot(Subgroup& sg, uint32_t S, const Inst& in) {
  const LaneMask b = maskOf(R<const uint32_t>(sg, S, in.a), sg.mask, S);
  const uint32_t words[4] = {static_cast<uint32_t>(b.w[0]), static_cast<uint32_t>(b.w[0] >> 32),
                             static_cast<uint32_t>(b.w[1]), static_cast<uint32_t>(b.w[1] >> 32)};
  for (uint32_t k = 0; k < 4; ++k) {
    uint32_t* d = R<uint32_t>(sg, S, in.dst + k);
    for (uint32_t l = 0; l < S; ++l) d[l] = words[k];
  }
}

// SgElect: true on the lowest active lane.
inline void elect(Subgroup& sg, uint32_t S, const Inst& in) {
  const int f = sg.mask.first();
  uint32_t* d = R<uint32_t>(sg, S, in.dst);
  for (uint32_t l = 0; l < S; ++l) d[l] = static_cast<int>(l) == f;
}

// SgAll, SgAny over the active lanes.
inline void allAny(Subgroup& sg, uint32_t S, const Inst& in) {
  const LaneMask t = maskOf(R<const uint32_t>(sg, S, in.a), sg.mask, S);
  const uint32_t r = in.op == Op::SgAll ? t == sg.mask : t.any();
  uint32_t* d = R<uint32_t>(sg, S, in.dst);
  for (uint32_t l = 0; l < S; ++l) d[l] = r;
}

// A lane of an active invocation selected an inactive invocation, or one outside the subgroup,
// in a broadcast, shuffle or quad operation: a dynamic error for subgroupBroadcast, an
// indeterminate value for the others (WGSL). The lane gets zero, as a load out of bounds does,
// and the event says who asked for which invocation.
inline void inactiveLaneRead(ExecContext& ctx, Subgroup& sg, uint32_t pc, const Inst& in, uint32_t lane,
                             int64_t selected) {
  ExecEvent e = ExecEvent::at(ExecEvent::InactiveLane, pc, ctx.wg_id, sg.index * ctx.S + lane);
  e.lane = lane;
  e.selected = selected;
  e.subgroup_size = ctx.S;
  ctx.sink->add(std::move(e));
  for (uint32_t k = 0; k < in.n; ++k) R<uint32_t>(sg, ctx.S, in.dst + k)[lane] = 0;
}

// SgBroadcastFirst, SgBroadcast, SgShuffle*, QuadBroadcast, QuadSwap*: every lane reads a
// source lane's value. Active lanes whose source is not an active lane get zero and an event.
inline void permute(ExecContext& ctx, Subgroup& sg, uint32_t pc, const Inst& in) {
  const uint32_t S = ctx.S;
  uint32_t* tmp = ctx.scratch;
  const uint32_t* b = in.b != kNoReg ? R<const uint32_t>(sg, S, in.b) : nullptr;
  const uint32_t first = static_cast<uint32_t>(std::max(0, sg.mask.first()));
  bool bad = false;  // an active lane read from a lane that is not active
  for (uint32_t l = 0; l < S; ++l) {
    uint32_t src = l;
    switch (in.op) {
      case Op::SgBroadcastFirst: src = first; break;
      case Op::SgBroadcast: case Op::SgShuffle: src = b[l]; break;
      case Op::SgShuffleXor: src = l ^ b[l]; break;
      case Op::SgShuffleUp: src = l - b[l]; break;
      case Op::SgShuffleDown: src = l + b[l]; break;
      case Op::QuadBroadcast: src = (l & ~3u) | (b[l] & 3u); break;
      case Op::QuadSwapX: src = l ^ 1u; break;
      case Op::QuadSwapY: src = l ^ 2u; break;
      default: src = l ^ 3u; break;
    }
    if (src >= S) {
      bad |= sg.mask.test(l);
      src = l;
    } else {
      bad |= sg.mask.test(l) && !sg.mask.test(src);
    }
    for (uint32_t k = 0; k < in.n; ++k) tmp[k * S + l] = R<const uint32_t>(sg, S, in.a + k)[src];
  }
  for (uint32_t k = 0; k < in.n; ++k) std::memcpy(R<uint32_t>(sg, S, in.dst + k), tmp + k * S, 4 * S);
  if (__builtin_expect(!bad, 1)) return;
  // The slow path: find the lanes again, with the id each selected.
  forEachLane(sg.mask, [&](uint32_t l) {
    int64_t sel;
    switch (in.op) {
      case Op::SgBroadcast: case Op::SgShuffle: sel = b[l]; break;
      case Op::SgShuffleXor: sel = l ^ b[l]; break;
      case Op::SgShuffleUp: sel = int64_t{l} - b[l]; break;
      case Op::SgShuffleDown: sel = int64_t{l} + b[l]; break;
      case Op::QuadBroadcast: sel = (l & ~3u) | (b[l] & 3u); break;
      case Op::QuadSwapX: sel = l ^ 1u; break;
      case Op::QuadSwapY: sel = l ^ 2u; break;
      case Op::QuadSwapDiagonal: sel = l ^ 3u; break;
      default: return;  // SgBroadcastFirst reads an active lane
    }
    if (sel < 0 || sel >= S || !sg.mask.test(static_cast<uint32_t>(sel))) inactiveLaneRead(ctx, sg, pc, in, l, sel);
  });
}

// SgReduceAnd, SgReduceOr, SgReduceXor over the active lanes.
inline void reduceBits(Subgroup& sg, uint32_t S, const Inst& in) {
  for (uint32_t k = 0; k < in.n; ++k) {
    const uint32_t* a = R<const uint32_t>(sg, S, in.a + k);
    uint32_t acc = in.op == Op::SgReduceAnd ? ~0u : 0u;
    forEachLane(sg.mask, [&](uint32_t l) {
      acc = in.op == Op::SgReduceAnd ? acc & a[l] : in.op == Op::SgReduceOr ? acc | a[l] : acc ^ a[l];
    });
    uint32_t* d = R<uint32_t>(sg, S, in.dst + k);
    forEachLane(sg.mask, [&](uint32_t l) { d[l] = acc; });
  }
}

// SgReduce{Add,Mul,Min,Max}, SgIncl{Add,Mul}, SgExcl{Add,Mul} by scalar type.
inline void arith(Subgroup& sg, uint32_t S, const Inst& in) {
  switch (scalarOf(in.op)) {
    case Scalar::I32: subgroupArith<Scalar::I32>(sg, S, in); break;
    case Scalar::U32: subgroupArith<Scalar::U32>(sg, S, in); break;
    case Scalar::F32: subgroupArith<Scalar::F32>(sg, S, in); break;
    default: subgroupArith<Scalar::F16>(sg, S, in); break;
  }
}

}  // namespace wgsl::exec::ops
