// The lockstep subgroup interpreter: one instruction decoded per subgroup, then
// a tight loop over the lanes. Temporaries are written on every lane (their inactive lanes are
// never read); variable writes (MovMasked), memory accesses, atomics and subgroup operations
// respect the execution mask.
//
// Control flow rules (structured, one control-stack entry per construct):
// - If: T = mask & cond runs the then-block, the rest waits in `pending` for the else-block;
//   `saved` (entering lanes) reconverge at IfEnd.
// - Loop: `pending` are the lanes still iterating, `saved` the lanes that broke out; the
//   continuing block runs with every lane still iterating; the back edge repeats while any is.
// - Break/Continue/Return remove the leaving lanes from every entry above their target, so no
//   construct reactivates them; when the mask becomes empty, `unwind` finds where execution
//   resumes (an else-block, a continuing block, or after a construct).
#include <cmath>
#include <cstring>

#include "interp/exec/float_exec.h"
#include "interp/exec/float_ops.h"
#include "interp/exec/subgroup.h"
#include "interp/math/scalar_math.h"

namespace wgsl::exec {

using namespace ir;
namespace m = wgsl::math;

namespace {

inline float F(uint32_t u) { return m::floatOf(u); }
inline uint32_t U(float f) { return m::bitsOf(f); }
inline uint16_t H(uint32_t u) { return static_cast<uint16_t>(u); }
inline float HF(uint32_t u) { return m::f32FromF16(static_cast<uint16_t>(u)); }

// The active lanes whose bool register value is true (branch-free over all S lanes).
LaneMask maskOf(const uint32_t* c, const LaneMask& mask, uint32_t S) {
  LaneMask t;
  const uint32_t n0 = S < 64 ? S : 64;
  uint64_t w = 0;
  for (uint32_t l = 0; l < n0; ++l) w |= static_cast<uint64_t>(c[l] != 0) << l;
  t.w[0] = w & mask.w[0];
  if (S > 64) {
    w = 0;
    for (uint32_t l = 0; l < S - 64; ++l) w |= static_cast<uint64_t>(c[64 + l] != 0) << l;
    t.w[1] = w & mask.w[1];
  }
  return t;
}

// Removes lanes `m` from every entry above index `target`.
void removeAbove(Subgroup& sg, uint32_t target, const LaneMask& lanes) {
  for (uint32_t i = target + 1; i < sg.sp; ++i) {
    sg.stack[i].saved = sg.stack[i].saved.andNot(lanes);
    sg.stack[i].pending = sg.stack[i].pending.andNot(lanes);
  }
}

// The mask is empty: find where execution continues. Returns false when the subgroup is done.
bool unwind(Subgroup& sg, const std::vector<Inst>& code) {
  while (sg.sp > 0) {
    CtlEntry& e = sg.stack[sg.sp - 1];
    const Inst& b = code[e.begin];
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

// Register copy: an inline loop for the common short, non-overlapping-backwards case.
inline void copyRegs(uint32_t* d, const uint32_t* a, uint32_t count) {
  if (d > a && d < a + count) {
    std::memmove(d, a, sizeof(uint32_t) * count);
    return;
  }
  for (uint32_t i = 0; i < count; ++i) d[i] = a[i];
}

template <typename T>
inline T* R(Subgroup& sg, uint32_t S, uint32_t r) {
  return reinterpret_cast<T*>(sg.regs + static_cast<size_t>(r) * S);
}

// ---- the one door to memory

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

void outOfBounds(ExecContext& ctx, Subgroup& sg, uint32_t pc, uint32_t lane, uint32_t root, uint64_t offset, uint32_t size,
                 bool write) {
  ExecEvent e;
  e.kind = ExecEvent::OutOfBounds;
  e.pc = pc;
  std::memcpy(e.workgroup, ctx.wg_id, sizeof e.workgroup);
  e.local_index = sg.index * ctx.S + lane;
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

// What a load or store does to memory other invocations see (step-wise schedulers):
// the storage location read last, and whether a store changes storage or workgroup memory.
template <bool kStore, int kBytes>
void observeAccess(ExecContext& ctx, Subgroup& sg, uint32_t pc, const Inst& in, const MemRegion& reg, const uint32_t* d,
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

// The checked door (bounds policies, fault injection, races).
#include "interp/exec/checked_door.inc"

// Whether every active lane's access lies within its variable.
inline bool lanesInRange(Subgroup& sg, uint32_t S, const Inst& in, const MemRegion& reg, uint32_t bytes) {
  if (in.a == kNoReg) return uint64_t{in.imm} + bytes <= reg.size;
  const uint32_t* off = R<const uint32_t>(sg, S, in.a);
  bool ok = true;
  forEachLane(sg.mask, [&](uint32_t l) { ok &= off[l] != kInvalidOffset && uint64_t{off[l]} + in.imm + bytes <= reg.size; });
  return ok;
}

template <bool kStore, int kBytes>
void plainMemAccess(ExecContext& ctx, Subgroup& sg, uint32_t pc, const Inst& in);

template <bool kInstrumented, bool kStore, int kBytes>
void memAccess(ExecContext& ctx, Subgroup& sg, uint32_t pc, const Inst& in) {
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

template <bool kStore, int kBytes>
void plainMemAccess(ExecContext& ctx, Subgroup& sg, uint32_t pc, const Inst& in) {
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
void plainAtomicAccess(ExecContext& ctx, Subgroup& sg, uint32_t pc, const Inst& in, F&& f) {
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

template <bool kInstrumented, typename F>
void atomicAccess(ExecContext& ctx, Subgroup& sg, uint32_t pc, const Inst& in, F&& f) {
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

// Combination of two lane values for subgroup reductions and scans.
template <Scalar s>
inline uint32_t combine(OpGroup g, uint32_t a, uint32_t b) {
  const bool add = g == OpGroup::SgReduceAdd || g == OpGroup::SgInclAdd || g == OpGroup::SgExclAdd;
  const bool mul = g == OpGroup::SgReduceMul || g == OpGroup::SgInclMul || g == OpGroup::SgExclMul;
  if (s == Scalar::F32) {
    if (add) return U(F(a) + F(b));
    if (mul) return U(F(a) * F(b));
    if (g == OpGroup::SgReduceMin) return U(m::fmin(F(a), F(b)));
    return U(m::fmax(F(a), F(b)));
  }
  if (s == Scalar::F16) {
    if (add) return m::addF16(H(a), H(b));
    if (mul) return m::mulF16(H(a), H(b));
    if (g == OpGroup::SgReduceMin) return m::f16FromF32(m::fmin(HF(a), HF(b)));
    return m::f16FromF32(m::fmax(HF(a), HF(b)));
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
void subgroupArith(Subgroup& sg, uint32_t S, const Inst& in) {
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

// ------------------------------------------------------------------------------------------

// The interpreter loop, instantiated twice. `kInstrumented = false` is the fast path of the
// default configuration (ieee floats, `report` bounds policy, no injection, no race detection,
// the parallel fair scheduler); nothing may be added to it. Everything the float modes, the
// dynamic-error checks and the step-wise schedulers need goes inside `if constexpr
// (kInstrumented)` and reads its configuration from `ExecContext`.
template <bool kInstrumented>
void runSubgroupT(Subgroup& sg, ExecContext& ctx) {
  const std::vector<Inst>& code = ctx.k->code;
  const uint32_t S = ctx.S;
  const LaneMask full = sg.exists;
  uint64_t executed = 0;
  sg.state = SgState::Running;

#define REG(T, r) R<T>(sg, S, (r))
#define EW1(T, DT, expr)                                  \
  {                                                       \
    const uint32_t cnt = in.n * S;                        \
    const T* xa = REG(const T, in.a);                     \
    DT* xd = REG(DT, in.dst);                             \
    for (uint32_t i = 0; i < cnt; ++i) {                  \
      const T a = xa[i];                                  \
      xd[i] = (expr);                                     \
    }                                                     \
    ++pc;                                                 \
    break;                                                \
  }
#define EW2(T, DT, expr)                                  \
  {                                                       \
    const uint32_t cnt = in.n * S;                        \
    const T* xa = REG(const T, in.a);                     \
    const T* xb = REG(const T, in.b);                     \
    DT* xd = REG(DT, in.dst);                             \
    for (uint32_t i = 0; i < cnt; ++i) {                  \
      const T a = xa[i];                                  \
      const T b = xb[i];                                  \
      xd[i] = (expr);                                     \
    }                                                     \
    ++pc;                                                 \
    break;                                                \
  }
#define EW3(T, DT, expr)                                  \
  {                                                       \
    const uint32_t cnt = in.n * S;                        \
    const T* xa = REG(const T, in.a);                     \
    const T* xb = REG(const T, in.b);                     \
    const T* xc = REG(const T, in.c);                     \
    DT* xd = REG(DT, in.dst);                             \
    for (uint32_t i = 0; i < cnt; ++i) {                  \
      const T a = xa[i];                                  \
      const T b = xb[i];                                  \
      const T c = xc[i];                                  \
      xd[i] = (expr);                                     \
    }                                                     \
    ++pc;                                                 \
    break;                                                \
  }
#define T_(G, S_) case static_cast<uint16_t>(typedOp(OpGroup::G, Scalar::S_))

  uint32_t pc = sg.pc;
  const uint64_t slice = ctx.slice ? ctx.slice : ~uint64_t{0};
  for (;;) {
    if constexpr (kInstrumented) {
      if (ctx.step.stop != StepRecord::None) {  // a preemption point was reached
        sg.pc = pc;
        ctx.instructions += executed;
        return;
      }
    }
    if (executed == slice) {
      // Preempted at an instruction boundary: everything needed to resume is in `sg`.
      sg.pc = pc;
      ctx.instructions += executed;
      return;
    }
    if constexpr (kInstrumented) {
      // Lanes terminated by the bounds policy may leave the mask empty; --oob=trap
      // stops the dispatch; --allow-nonuniform reports collectives in non-uniform flow.
      if (ctx.checks) {
        if (ctx.checks->stop) {
          sg.pc = pc;
          sg.state = SgState::Failed;
          ctx.instructions += executed;
          return;
        }
        if (sg.mask.none()) {
          sg.pc = pc;
          if (!unwind(sg, code)) goto halt;
          pc = sg.pc;
        }
        const Op op = code[pc].op;
        if (ctx.checks->collectives && sg.mask != full &&
            ((op >= Op::SgBallot && op <= Op::QuadSwapDiagonal) ||
             (isTyped(op) && groupOf(op) >= OpGroup::SgReduceAdd && groupOf(op) <= OpGroup::SgExclMul)))
          ctx.checks->nonUniformCollective(ctx.wg_id, pc, sg.index, sg.mask, full);
      }
    }
    const Inst& in = code[pc];
    ++executed;
    if constexpr (kInstrumented) {
      // F32/F16 arithmetic under float modes other than ieee (float_exec.cpp).
      if (ctx.float_mode && floatModeCandidate(in.op) && runFloatInst(sg, ctx, pc, in)) {
        ++pc;
        continue;
      }
    }
    switch (static_cast<uint16_t>(in.op)) {
      // ---- arithmetic
      T_(Add, I32): T_(Add, U32): EW2(uint32_t, uint32_t, a + b)
      T_(Add, F32): EW2(float, float, a + b)
      T_(Add, F16): EW2(uint32_t, uint32_t, m::addF16(H(a), H(b)))
      T_(Sub, I32): T_(Sub, U32): EW2(uint32_t, uint32_t, a - b)
      T_(Sub, F32): EW2(float, float, a - b)
      T_(Sub, F16): EW2(uint32_t, uint32_t, m::subF16(H(a), H(b)))
      T_(Mul, I32): T_(Mul, U32): EW2(uint32_t, uint32_t, a * b)
      T_(Mul, F32): EW2(float, float, a * b)
      T_(Mul, F16): EW2(uint32_t, uint32_t, m::mulF16(H(a), H(b)))
      T_(Div, I32): EW2(int32_t, int32_t, m::divI32(a, b))
      T_(Div, U32): EW2(uint32_t, uint32_t, m::divU32(a, b))
      T_(Div, F32): EW2(float, float, a / b)
      T_(Div, F16): EW2(uint32_t, uint32_t, m::divF16(H(a), H(b)))
      T_(Rem, I32): EW2(int32_t, int32_t, m::remI32(a, b))
      T_(Rem, U32): EW2(uint32_t, uint32_t, m::remU32(a, b))
      T_(Rem, F32): EW2(float, float, m::remF32(a, b))
      T_(Rem, F16): EW2(uint32_t, uint32_t, m::remF16(H(a), H(b)))
      T_(Neg, I32): EW1(uint32_t, uint32_t, 0u - a)
      T_(Neg, F32): EW1(float, float, -a)
      T_(Neg, F16): EW1(uint32_t, uint32_t, a ^ 0x8000u)
      T_(And, Bool): T_(And, I32): T_(And, U32): EW2(uint32_t, uint32_t, a & b)
      T_(Or, Bool): T_(Or, I32): T_(Or, U32): EW2(uint32_t, uint32_t, a | b)
      T_(Xor, Bool): T_(Xor, I32): T_(Xor, U32): EW2(uint32_t, uint32_t, a ^ b)
      T_(Not, I32): T_(Not, U32): EW1(uint32_t, uint32_t, ~a)
      T_(Shl, I32): T_(Shl, U32): EW2(uint32_t, uint32_t, m::shlU32(a, b))
      T_(Shr, I32): EW2(int32_t, int32_t, m::shrI32(a, static_cast<uint32_t>(b)))
      T_(Shr, U32): EW2(uint32_t, uint32_t, m::shrU32(a, b))
      // ---- comparisons
      T_(Eq, Bool): T_(Eq, I32): T_(Eq, U32): EW2(uint32_t, uint32_t, a == b)
      T_(Ne, Bool): T_(Ne, I32): T_(Ne, U32): EW2(uint32_t, uint32_t, a != b)
      T_(Eq, F32): EW2(float, uint32_t, a == b)
      T_(Ne, F32): EW2(float, uint32_t, a != b)
      T_(Lt, F32): EW2(float, uint32_t, a < b)
      T_(Le, F32): EW2(float, uint32_t, a <= b)
      T_(Gt, F32): EW2(float, uint32_t, a > b)
      T_(Ge, F32): EW2(float, uint32_t, a >= b)
      T_(Lt, I32): EW2(int32_t, uint32_t, a < b)
      T_(Le, I32): EW2(int32_t, uint32_t, a <= b)
      T_(Gt, I32): EW2(int32_t, uint32_t, a > b)
      T_(Ge, I32): EW2(int32_t, uint32_t, a >= b)
      T_(Lt, U32): EW2(uint32_t, uint32_t, a < b)
      T_(Le, U32): EW2(uint32_t, uint32_t, a <= b)
      T_(Gt, U32): EW2(uint32_t, uint32_t, a > b)
      T_(Ge, U32): EW2(uint32_t, uint32_t, a >= b)
      T_(Eq, F16): EW2(uint32_t, uint32_t, HF(a) == HF(b))
      T_(Ne, F16): EW2(uint32_t, uint32_t, HF(a) != HF(b))
      T_(Lt, F16): EW2(uint32_t, uint32_t, HF(a) < HF(b))
      T_(Le, F16): EW2(uint32_t, uint32_t, HF(a) <= HF(b))
      T_(Gt, F16): EW2(uint32_t, uint32_t, HF(a) > HF(b))
      T_(Ge, F16): EW2(uint32_t, uint32_t, HF(a) >= HF(b))
      // ---- min/max/abs/clamp
      T_(Min, F32): EW2(float, float, m::fmin(a, b))
      T_(Max, F32): EW2(float, float, m::fmax(a, b))
      T_(Min, I32): EW2(int32_t, int32_t, b < a ? b : a)
      T_(Max, I32): EW2(int32_t, int32_t, a < b ? b : a)
      T_(Min, U32): EW2(uint32_t, uint32_t, b < a ? b : a)
      T_(Max, U32): EW2(uint32_t, uint32_t, a < b ? b : a)
      T_(Min, F16): EW2(uint32_t, uint32_t, m::f16FromF32(m::fmin(HF(a), HF(b))))
      T_(Max, F16): EW2(uint32_t, uint32_t, m::f16FromF32(m::fmax(HF(a), HF(b))))
      T_(Abs, F32): EW1(float, float, std::fabs(a))
      T_(Abs, F16): EW1(uint32_t, uint32_t, a & 0x7fffu)
      T_(Abs, I32): EW1(int32_t, int32_t, m::absI32(a))
      T_(Abs, U32): EW1(uint32_t, uint32_t, a)
      T_(Clamp, F32): EW3(float, float, m::clamp(a, b, c))
      T_(Clamp, F16): EW3(uint32_t, uint32_t, m::f16FromF32(m::clamp(HF(a), HF(b), HF(c))))
      T_(Clamp, I32): EW3(int32_t, int32_t, m::clampI32(a, b, c))
      T_(Clamp, U32): EW3(uint32_t, uint32_t, m::clampU32(a, b, c))
      // ---- conversions (typed by the destination)
      T_(CvtFromBool, I32): T_(CvtFromBool, U32): EW1(uint32_t, uint32_t, a ? 1u : 0u)
      T_(CvtFromBool, F32): EW1(uint32_t, float, a ? 1.0f : 0.0f)
      T_(CvtFromBool, F16): EW1(uint32_t, uint32_t, a ? 0x3c00u : 0u)
      T_(CvtFromI32, Bool): T_(CvtFromU32, Bool): EW1(uint32_t, uint32_t, a != 0)
      T_(CvtFromI32, U32): T_(CvtFromU32, I32): EW1(uint32_t, uint32_t, a)
      T_(CvtFromI32, F32): EW1(int32_t, float, static_cast<float>(a))
      T_(CvtFromU32, F32): EW1(uint32_t, float, static_cast<float>(a))
      T_(CvtFromI32, F16): EW1(int32_t, uint32_t, m::f16FromI32(a))
      T_(CvtFromU32, F16): EW1(uint32_t, uint32_t, m::f16FromU32(a))
      T_(CvtFromF32, Bool): EW1(float, uint32_t, a != 0.0f)
      T_(CvtFromF32, I32): EW1(float, int32_t, m::i32FromF32(a))
      T_(CvtFromF32, U32): EW1(float, uint32_t, m::u32FromF32(a))
      T_(CvtFromF32, F16): EW1(float, uint32_t, m::f16FromF32(a))
      T_(CvtFromF16, Bool): EW1(uint32_t, uint32_t, (a & 0x7fffu) != 0)
      T_(CvtFromF16, I32): EW1(uint32_t, int32_t, m::i32FromF16(H(a)))
      T_(CvtFromF16, U32): EW1(uint32_t, uint32_t, m::u32FromF16(H(a)))
      T_(CvtFromF16, F32): EW1(uint32_t, float, HF(a))
      // ---- numeric built-ins
      T_(Math1, F32): {
        const MathFn fn = static_cast<MathFn>(in.aux);
        if (fn == MathFn::FrexpExp) EW1(float, int32_t, m::frexp(a).exp)
        if (fn == MathFn::Sqrt) EW1(float, float, std::sqrt(a))
        if (fn == MathFn::Floor) EW1(float, float, std::floor(a))
        EW1(float, float, unaryF(fn, a))
      }
      T_(Math1, F16): {
        const MathFn fn = static_cast<MathFn>(in.aux);
        if (fn == MathFn::FrexpExp) EW1(uint32_t, int32_t, m::frexp(HF(a)).exp)
        if (fn == MathFn::Sqrt) EW1(uint32_t, uint32_t, m::f16FromF32(std::sqrt(HF(a))))
        EW1(uint32_t, uint32_t, m::f16FromF32(unaryF(fn, HF(a))))
      }
      T_(Math1, I32): EW1(uint32_t, uint32_t, unaryInt(static_cast<MathFn>(in.aux), a, true))
      T_(Math1, U32): EW1(uint32_t, uint32_t, unaryInt(static_cast<MathFn>(in.aux), a, false))
      T_(Math2, F32): {
        const MathFn fn = static_cast<MathFn>(in.aux);
        if (fn == MathFn::Ldexp) EW2(uint32_t, float, m::ldexp(F(a), static_cast<int32_t>(b)))
        EW2(float, float, binaryF(fn, a, b))
      }
      T_(Math2, F16): {
        const MathFn fn = static_cast<MathFn>(in.aux);
        if (fn == MathFn::Ldexp) EW2(uint32_t, uint32_t, m::f16FromF32(m::ldexp(HF(a), static_cast<int32_t>(b))))
        EW2(uint32_t, uint32_t, m::f16FromF32(binaryF(fn, HF(a), HF(b))))
      }
      T_(Math3, F32): EW3(float, float, ternaryF(static_cast<MathFn>(in.aux), a, b, c))
      T_(Math3, F16): {
        // fma rounds once to binary16 (through binary32 it could round twice).
        if (static_cast<MathFn>(in.aux) == MathFn::Fma) EW3(uint32_t, uint32_t, m::fusedMulAddF16(H(a), H(b), H(c)))
        EW3(uint32_t, uint32_t, m::f16FromF32(ternaryF(static_cast<MathFn>(in.aux), HF(a), HF(b), HF(c))))
      }
      T_(Math3, I32): T_(Math3, U32): {
        const bool is_signed = scalarOf(in.op) == Scalar::I32;
        if (static_cast<MathFn>(in.aux) == MathFn::InsertBits) {
          const uint32_t* off = REG(const uint32_t, in.c);
          const uint32_t* cnt = REG(const uint32_t, in.c + 1);
          for (uint32_t k = 0; k < in.n; ++k) {
            const uint32_t* xa = REG(const uint32_t, in.a + k);
            const uint32_t* xb = REG(const uint32_t, in.b + k);
            uint32_t* xd = REG(uint32_t, in.dst + k);
            for (uint32_t l = 0; l < S; ++l) xd[l] = m::insertBits(xa[l], xb[l], off[l], cnt[l]);
          }
          ++pc;
          break;
        }
        if (is_signed) EW3(uint32_t, uint32_t, static_cast<uint32_t>(m::extractBitsI32(static_cast<int32_t>(a), b, c)))
        EW3(uint32_t, uint32_t, m::extractBitsU32(a, b, c))
      }
      // ---- moves and selection
      case static_cast<uint16_t>(Op::Mov): {
        copyRegs(REG(uint32_t, in.dst), REG(const uint32_t, in.a), in.n * S);
        ++pc;
        break;
      }
      case static_cast<uint16_t>(Op::MovMasked): {
        if (sg.mask == full) {
          copyRegs(REG(uint32_t, in.dst), REG(const uint32_t, in.a), in.n * S);
        } else {
          for (uint32_t k = 0; k < in.n; ++k) {
            uint32_t* d = REG(uint32_t, in.dst + k);
            const uint32_t* a = REG(const uint32_t, in.a + k);
            forEachLane(sg.mask, [&](uint32_t l) { d[l] = a[l]; });
          }
        }
        ++pc;
        break;
      }
      case static_cast<uint16_t>(Op::Splat): {
        const uint32_t* a = REG(const uint32_t, in.a);
        for (uint32_t k = 0; k < in.n; ++k) std::memcpy(REG(uint32_t, in.dst + k), a, sizeof(uint32_t) * S);
        ++pc;
        break;
      }
      case static_cast<uint16_t>(Op::Select): {
        const uint32_t* c = REG(const uint32_t, in.c);
        for (uint32_t k = 0; k < in.n; ++k) {
          const uint32_t* a = REG(const uint32_t, in.a + k);
          const uint32_t* b = REG(const uint32_t, in.b + k);
          const uint32_t* ck = in.aux ? c : c + k * S;
          uint32_t* d = REG(uint32_t, in.dst + k);
          for (uint32_t l = 0; l < S; ++l) d[l] = ck[l] ? b[l] : a[l];
        }
        ++pc;
        break;
      }
      case static_cast<uint16_t>(Op::LNot): EW1(uint32_t, uint32_t, a ^ 1u)
      case static_cast<uint16_t>(Op::PickDyn): {
        const uint32_t* idx = REG(const uint32_t, in.b);
        uint32_t* tmp = ctx.scratch;
        const uint32_t n = in.n;
        bool out_of_range = false;  // on any lane, active or not; checkedDynIndex looks at the active ones
        for (uint32_t l = 0; l < S; ++l) {
          const uint32_t i = idx[l];
          out_of_range |= i >= in.imm;
          for (uint32_t k = 0; k < n; ++k)
            tmp[k * S + l] = i < in.imm ? REG(const uint32_t, in.a + i * n + k)[l] : 0;
        }
        for (uint32_t k = 0; k < n; ++k) std::memcpy(REG(uint32_t, in.dst + k), tmp + k * S, 4 * S);
        if (out_of_range) checkedDynIndex(ctx, sg, pc, in);  // out-of-range index events (and clamp)
        ++pc;
        break;
      }
      case static_cast<uint16_t>(Op::PutDyn): {
        const uint32_t* idx = REG(const uint32_t, in.b);
        const uint32_t* a = REG(const uint32_t, in.a);
        bool out_of_range = false;
        forEachLane(sg.mask, [&](uint32_t l) {
          if (idx[l] < in.imm) REG(uint32_t, in.dst + idx[l])[l] = a[l];
          else out_of_range = true;
        });
        if (out_of_range) checkedDynIndex(ctx, sg, pc, in);  // out-of-range index events (and clamp)
        ++pc;
        break;
      }
      // ---- control flow
      case static_cast<uint16_t>(Op::IfBegin): {
        const uint32_t* c = REG(const uint32_t, in.a);
        CtlEntry& e = sg.stack[sg.sp++];
        e.kind = CtlEntry::If;
        e.begin = pc;
        e.saved = sg.mask;
        e.phase = 0;
        const LaneMask t = maskOf(c, sg.mask, S);
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
        break;
      }
      case static_cast<uint16_t>(Op::IfElse): {
        CtlEntry& e = sg.stack[sg.sp - 1];
        e.phase = 1;
        if (e.pending.any()) {
          sg.mask = e.pending;
          e.pending = LaneMask{};
          ++pc;
        } else {
          pc = in.imm2;
        }
        break;
      }
      case static_cast<uint16_t>(Op::IfEnd):
      case static_cast<uint16_t>(Op::LoopEnd):
      case static_cast<uint16_t>(Op::SwitchEnd): {
        const CtlEntry& e = sg.stack[--sg.sp];
        sg.mask = e.saved;
        if (sg.mask.any()) {
          ++pc;
        } else {
          sg.pc = pc;
          if (!unwind(sg, code)) goto halt;
          pc = sg.pc;
        }
        break;
      }
      case static_cast<uint16_t>(Op::CallEnd): {
        const CtlEntry& e = sg.stack[--sg.sp];
        sg.mask |= e.saved;
        ++pc;
        break;
      }
      case static_cast<uint16_t>(Op::LoopBegin):
      case static_cast<uint16_t>(Op::SwitchBegin):
      case static_cast<uint16_t>(Op::CallBegin): {
        CtlEntry& e = sg.stack[sg.sp++];
        e.kind = in.op == Op::LoopBegin ? CtlEntry::Loop : in.op == Op::SwitchBegin ? CtlEntry::Switch : CtlEntry::Call;
        e.begin = pc;
        e.phase = 0;
        e.saved = in.op == Op::SwitchBegin ? sg.mask : LaneMask{};
        e.pending = in.op == Op::LoopBegin ? sg.mask : LaneMask{};
        ++pc;
        break;
      }
      case static_cast<uint16_t>(Op::LoopContinuing): {
        sg.mask = sg.stack[sg.sp - 1].pending;
        ++pc;
        break;
      }
      case static_cast<uint16_t>(Op::LoopBackEdge): {
        const CtlEntry& e = sg.stack[sg.sp - 1];
        if (e.pending.any()) {
          if constexpr (kInstrumented) {
            if (ctx.preempt) {  // a taken back-edge is a preemption point
              ctx.step.stop = StepRecord::BackEdge;
              ctx.step.pc = pc;
            }
          }
          sg.mask = e.pending;
          pc = in.imm;
          if (ctx.budget && ctx.instructions + executed > ctx.budget) {
            sg.pc = pc;
            sg.state = SgState::Stopped;
            ctx.instructions += executed;
            return;
          }
        } else {
          pc = code[e.begin].imm2;
        }
        break;
      }
      case static_cast<uint16_t>(Op::CondBreak):
      case static_cast<uint16_t>(Op::Break):
      case static_cast<uint16_t>(Op::Continue):
      case static_cast<uint16_t>(Op::Return): {
        LaneMask leaving = sg.mask;
        if (in.op == Op::CondBreak) {
          leaving = maskOf(REG(const uint32_t, in.a), sg.mask, S);
          if (in.aux) leaving = sg.mask.andNot(leaving);
          if (leaving.none()) {
            ++pc;
            break;
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
        } else {
          sg.pc = pc;
          if (!unwind(sg, code)) goto halt;
          pc = sg.pc;
        }
        break;
      }
      case static_cast<uint16_t>(Op::Halt): goto halt;
      case static_cast<uint16_t>(Op::Barrier): {
        sg.pc = pc;
        sg.state = SgState::AtBarrier;
        ctx.instructions += executed;
        return;
      }
      // ---- memory
      T_(Load, Bool): T_(Load, I32): T_(Load, U32): T_(Load, F32):
        memAccess<kInstrumented, false, 4>(ctx, sg, pc, in);
        ++pc;
        break;
      T_(Load, F16):
        memAccess<kInstrumented, false, 2>(ctx, sg, pc, in);
        ++pc;
        break;
      T_(Store, Bool): T_(Store, I32): T_(Store, U32): T_(Store, F32):
        memAccess<kInstrumented, true, 4>(ctx, sg, pc, in);
        ++pc;
        break;
      T_(Store, F16):
        memAccess<kInstrumented, true, 2>(ctx, sg, pc, in);
        ++pc;
        break;
      case static_cast<uint16_t>(Op::IndexAddr): {
        const uint32_t* idx = REG(const uint32_t, in.b);
        uint32_t* d = REG(uint32_t, in.dst);
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
          const uint32_t* base = REG(const uint32_t, in.a);
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
        ++pc;
        break;
      }
      case static_cast<uint16_t>(Op::ArrayLength): {
        const MemRegion r = region(ctx, sg, in.imm2);
        const uint32_t len = r.size > in.imm ? static_cast<uint32_t>((r.size - in.imm) / in.imm3) : 0;
        uint32_t* d = REG(uint32_t, in.dst);
        for (uint32_t l = 0; l < S; ++l) d[l] = len;
        ++pc;
        break;
      }
      case static_cast<uint16_t>(Op::MemZero): {
        const MemRegion r = region(ctx, sg, in.imm2);
        forEachLane(sg.mask, [&](uint32_t l) {
          const uint64_t off = laneOffset(sg, S, in, l);
          if (off + in.imm3 > r.size) return;
          std::memset(r.base + static_cast<size_t>(l) * r.lane_stride + off, 0, in.imm3);
        });
        ++pc;
        break;
      }
      // ---- atomics
      case static_cast<uint16_t>(Op::AtomicLoad): {
        uint32_t* d = REG(uint32_t, in.dst);
        atomicAccess<kInstrumented>(ctx, sg, pc, in, [&](uint32_t* p, uint32_t l) { d[l] = __atomic_load_n(p, __ATOMIC_RELAXED); });
        ++pc;
        break;
      }
      case static_cast<uint16_t>(Op::AtomicStore): {
        const uint32_t* v = REG(const uint32_t, in.b);
        atomicAccess<kInstrumented>(ctx, sg, pc, in, [&](uint32_t* p, uint32_t l) { __atomic_store_n(p, v[l], __ATOMIC_RELAXED); });
        ++pc;
        break;
      }
// Workgroup memory belongs to the one thread running the workgroup: plain read-modify-write.
#define ATOMIC_RMW(OP, FN, PLAIN)                                                                                 \
  case static_cast<uint16_t>(Op::OP): {                                                                           \
    uint32_t* d = REG(uint32_t, in.dst);                                                                          \
    const uint32_t* v = REG(const uint32_t, in.b);                                                                \
    if (ctx.k->roots[in.imm2].space == sema::AddressSpace::Workgroup) {                                           \
      atomicAccess<kInstrumented>(ctx, sg, pc, in, [&](uint32_t* p, uint32_t l) {                                                \
        const uint32_t old = *p, x = v[l];                                                                        \
        *p = (PLAIN);                                                                                             \
        d[l] = old;                                                                                               \
      });                                                                                                         \
    } else {                                                                                                      \
      atomicAccess<kInstrumented>(ctx, sg, pc, in, [&](uint32_t* p, uint32_t l) { d[l] = FN(p, v[l], __ATOMIC_RELAXED); });      \
    }                                                                                                             \
    ++pc;                                                                                                         \
    break;                                                                                                        \
  }
      ATOMIC_RMW(AtomicAdd, __atomic_fetch_add, old + x)
      ATOMIC_RMW(AtomicSub, __atomic_fetch_sub, old - x)
      ATOMIC_RMW(AtomicAnd, __atomic_fetch_and, old & x)
      ATOMIC_RMW(AtomicOr, __atomic_fetch_or, old | x)
      ATOMIC_RMW(AtomicXor, __atomic_fetch_xor, old ^ x)
      ATOMIC_RMW(AtomicExchange, __atomic_exchange_n, x)
#undef ATOMIC_RMW
      T_(AtomicMin, I32): T_(AtomicMax, I32): T_(AtomicMin, U32): T_(AtomicMax, U32): {
        uint32_t* d = REG(uint32_t, in.dst);
        const uint32_t* v = REG(const uint32_t, in.b);
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
        ++pc;
        break;
      }
      case static_cast<uint16_t>(Op::AtomicCmpXchg): {
        uint32_t* d = REG(uint32_t, in.dst);
        uint32_t* ex = REG(uint32_t, in.dst + 1);
        const uint32_t* cmp = REG(const uint32_t, in.b);
        const uint32_t* v = REG(const uint32_t, in.c);
        atomicAccess<kInstrumented>(ctx, sg, pc, in, [&](uint32_t* p, uint32_t l) {
          uint32_t expected = cmp[l];
          const bool ok = __atomic_compare_exchange_n(p, &expected, v[l], false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
          d[l] = ok ? cmp[l] : expected;
          ex[l] = ok;
        });
        ++pc;
        break;
      }
      // ---- subgroup operations (results defined by the active lanes)
      case static_cast<uint16_t>(Op::SgBallot): {
        const LaneMask b = maskOf(REG(const uint32_t, in.a), sg.mask, S);
        const uint32_t words[4] = {static_cast<uint32_t>(b.w[0]), static_cast<uint32_t>(b.w[0] >> 32),
                                   static_cast<uint32_t>(b.w[1]), static_cast<uint32_t>(b.w[1] >> 32)};
        for (uint32_t k = 0; k < 4; ++k) {
          uint32_t* d = REG(uint32_t, in.dst + k);
          for (uint32_t l = 0; l < S; ++l) d[l] = words[k];
        }
        ++pc;
        break;
      }
      case static_cast<uint16_t>(Op::SgElect): {
        const int f = sg.mask.first();
        uint32_t* d = REG(uint32_t, in.dst);
        for (uint32_t l = 0; l < S; ++l) d[l] = static_cast<int>(l) == f;
        ++pc;
        break;
      }
      case static_cast<uint16_t>(Op::SgAll):
      case static_cast<uint16_t>(Op::SgAny): {
        const LaneMask t = maskOf(REG(const uint32_t, in.a), sg.mask, S);
        const uint32_t r = in.op == Op::SgAll ? t == sg.mask : t.any();
        uint32_t* d = REG(uint32_t, in.dst);
        for (uint32_t l = 0; l < S; ++l) d[l] = r;
        ++pc;
        break;
      }
      case static_cast<uint16_t>(Op::SgBroadcastFirst):
      case static_cast<uint16_t>(Op::SgBroadcast):
      case static_cast<uint16_t>(Op::SgShuffle):
      case static_cast<uint16_t>(Op::SgShuffleXor):
      case static_cast<uint16_t>(Op::SgShuffleUp):
      case static_cast<uint16_t>(Op::SgShuffleDown):
      case static_cast<uint16_t>(Op::QuadBroadcast):
      case static_cast<uint16_t>(Op::QuadSwapX):
      case static_cast<uint16_t>(Op::QuadSwapY):
      case static_cast<uint16_t>(Op::QuadSwapDiagonal): {
        // Source lane per destination lane; out-of-range sources give lane 0's... value of the
        // source lane index clamped into the subgroup (indeterminate in the spec).
        uint32_t* tmp = ctx.scratch;
        const uint32_t* b = in.b != kNoReg ? REG(const uint32_t, in.b) : nullptr;
        const uint32_t first = static_cast<uint32_t>(std::max(0, sg.mask.first()));
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
          if (src >= S) src = l;
          for (uint32_t k = 0; k < in.n; ++k) tmp[k * S + l] = REG(const uint32_t, in.a + k)[src];
        }
        for (uint32_t k = 0; k < in.n; ++k) std::memcpy(REG(uint32_t, in.dst + k), tmp + k * S, 4 * S);
        ++pc;
        break;
      }
      case static_cast<uint16_t>(Op::SgReduceAnd):
      case static_cast<uint16_t>(Op::SgReduceOr):
      case static_cast<uint16_t>(Op::SgReduceXor): {
        for (uint32_t k = 0; k < in.n; ++k) {
          const uint32_t* a = REG(const uint32_t, in.a + k);
          uint32_t acc = in.op == Op::SgReduceAnd ? ~0u : 0u;
          forEachLane(sg.mask, [&](uint32_t l) {
            acc = in.op == Op::SgReduceAnd ? acc & a[l] : in.op == Op::SgReduceOr ? acc | a[l] : acc ^ a[l];
          });
          uint32_t* d = REG(uint32_t, in.dst + k);
          forEachLane(sg.mask, [&](uint32_t l) { d[l] = acc; });
        }
        ++pc;
        break;
      }
#define SG_ARITH(G)                                                   \
  T_(G, I32) : subgroupArith<Scalar::I32>(sg, S, in); ++pc; break;    \
  T_(G, U32) : subgroupArith<Scalar::U32>(sg, S, in); ++pc; break;    \
  T_(G, F32) : subgroupArith<Scalar::F32>(sg, S, in); ++pc; break;    \
  T_(G, F16) : subgroupArith<Scalar::F16>(sg, S, in); ++pc; break;
      SG_ARITH(SgReduceAdd)
      SG_ARITH(SgReduceMul)
      SG_ARITH(SgReduceMin)
      SG_ARITH(SgReduceMax)
      SG_ARITH(SgInclAdd)
      SG_ARITH(SgInclMul)
      SG_ARITH(SgExclAdd)
      SG_ARITH(SgExclMul)
#undef SG_ARITH
      case static_cast<uint16_t>(Op::Pack): {
        const PackFn fn = static_cast<PackFn>(in.aux);
        auto A = [&](uint32_t k, uint32_t l) { return REG(const uint32_t, in.a + k)[l]; };
        auto D = [&](uint32_t k, uint32_t l) -> uint32_t& { return REG(uint32_t, in.dst + k)[l]; };
        uint32_t* tmp = ctx.scratch;
        for (uint32_t l = 0; l < S; ++l) {
          switch (fn) {
            case PackFn::Pack4x8snorm: tmp[l] = m::pack4x8snorm({F(A(0, l)), F(A(1, l)), F(A(2, l)), F(A(3, l))}); break;
            case PackFn::Pack4x8unorm: tmp[l] = m::pack4x8unorm({F(A(0, l)), F(A(1, l)), F(A(2, l)), F(A(3, l))}); break;
            case PackFn::Pack4xI8:
              tmp[l] = m::pack4xI8({static_cast<int32_t>(A(0, l)), static_cast<int32_t>(A(1, l)), static_cast<int32_t>(A(2, l)),
                                    static_cast<int32_t>(A(3, l))});
              break;
            case PackFn::Pack4xU8: tmp[l] = m::pack4xU8({A(0, l), A(1, l), A(2, l), A(3, l)}); break;
            case PackFn::Pack4xI8Clamp:
              tmp[l] = m::pack4xI8Clamp({static_cast<int32_t>(A(0, l)), static_cast<int32_t>(A(1, l)),
                                         static_cast<int32_t>(A(2, l)), static_cast<int32_t>(A(3, l))});
              break;
            case PackFn::Pack4xU8Clamp: tmp[l] = m::pack4xU8Clamp({A(0, l), A(1, l), A(2, l), A(3, l)}); break;
            case PackFn::Pack2x16snorm: tmp[l] = m::pack2x16snorm({F(A(0, l)), F(A(1, l))}); break;
            case PackFn::Pack2x16unorm: tmp[l] = m::pack2x16unorm({F(A(0, l)), F(A(1, l))}); break;
            case PackFn::Pack2x16float: tmp[l] = m::pack2x16float({F(A(0, l)), F(A(1, l))}); break;
            case PackFn::Unpack4x8snorm: {
              auto r = m::unpack4x8snorm(A(0, l));
              for (int k = 0; k < 4; ++k) tmp[k * S + l] = U(r[k]);
              break;
            }
            case PackFn::Unpack4x8unorm: {
              auto r = m::unpack4x8unorm(A(0, l));
              for (int k = 0; k < 4; ++k) tmp[k * S + l] = U(r[k]);
              break;
            }
            case PackFn::Unpack4xI8: {
              auto r = m::unpack4xI8(A(0, l));
              for (int k = 0; k < 4; ++k) tmp[k * S + l] = static_cast<uint32_t>(r[k]);
              break;
            }
            case PackFn::Unpack4xU8: {
              auto r = m::unpack4xU8(A(0, l));
              for (int k = 0; k < 4; ++k) tmp[k * S + l] = r[k];
              break;
            }
            case PackFn::Unpack2x16snorm: {
              auto r = m::unpack2x16snorm(A(0, l));
              for (int k = 0; k < 2; ++k) tmp[k * S + l] = U(r[k]);
              break;
            }
            case PackFn::Unpack2x16unorm: {
              auto r = m::unpack2x16unorm(A(0, l));
              for (int k = 0; k < 2; ++k) tmp[k * S + l] = U(r[k]);
              break;
            }
            case PackFn::Unpack2x16float: {
              auto r = m::unpack2x16float(A(0, l));
              for (int k = 0; k < 2; ++k) tmp[k * S + l] = U(r[k]);
              break;
            }
            case PackFn::Dot4I8Packed:
              tmp[l] = static_cast<uint32_t>(m::dot4I8Packed(A(0, l), REG(const uint32_t, in.b)[l]));
              break;
            case PackFn::Dot4U8Packed: tmp[l] = m::dot4U8Packed(A(0, l), REG(const uint32_t, in.b)[l]); break;
            case PackFn::F16x2ToU32: tmp[l] = (A(0, l) & 0xffffu) | (A(1, l) << 16); break;
            case PackFn::U32ToF16x2:
              tmp[l] = A(0, l) & 0xffffu;
              tmp[S + l] = A(0, l) >> 16;
              break;
            default: break;
          }
        }
        for (uint32_t k = 0; k < in.n; ++k)
          for (uint32_t l = 0; l < S; ++l) D(k, l) = tmp[k * S + l];
        ++pc;
        break;
      }
      default: {
        // An opcode without an implementation is a lowering bug: stop with an event.
        ExecEvent e;
        e.kind = ExecEvent::Internal;
        e.pc = pc;
        std::memcpy(e.workgroup, ctx.wg_id, sizeof e.workgroup);
        e.local_index = sg.index * S;
        ctx.sink->add(std::move(e));
        sg.pc = pc;
        sg.state = SgState::Failed;
        ctx.instructions += executed;
        return;
      }
    }
  }
halt:
  sg.pc = pc;
  sg.state = SgState::Halted;
  ctx.instructions += executed;
#undef EW1
#undef EW2
#undef EW3
#undef REG
#undef T_
}

}  // namespace

void runSubgroup(Subgroup& sg, ExecContext& ctx) {
  if (ctx.instrumented) runSubgroupT<true>(sg, ctx); else runSubgroupT<false>(sg, ctx);
}

}  // namespace wgsl::exec
