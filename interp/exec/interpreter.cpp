// The lockstep subgroup interpreter: one instruction decoded per subgroup, then
// a tight loop over the lanes. Temporaries are written on every lane (their inactive lanes are
// never read); variable writes (MovMasked), memory accesses, atomics and subgroup operations
// respect the execution mask.
//
// The switch below holds the element-wise arithmetic, moves and packing; the other opcode
// families are named inline functions, one body per family: control flow in exec_control.h
// (its mask rules are described there), memory in exec_memory.h (the plain door mem_door.h,
// the checked door checked_door.h), atomics in exec_atomics.h, subgroup and quad operations in
// exec_subgroup.h.
#include <cmath>
#include <cstring>

#include "interp/exec/checked_door.h"
#include "interp/exec/exec_atomics.h"
#include "interp/exec/exec_control.h"
#include "interp/exec/exec_lanes.h"
#include "interp/exec/exec_memory.h"
#include "interp/exec/exec_pack.h"
#include "interp/exec/exec_subgroup.h"
#include "interp/exec/float_exec.h"
#include "interp/exec/float_ops.h"
#include "interp/exec/subgroup.h"
#include "interp/math/scalar_math.h"

namespace wgsl::exec {

using namespace ir;
namespace m = wgsl::math;

namespace {

using ops::F;
using ops::H;
using ops::HF;
using ops::R;
using ops::U;

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
      if (ctx.step.stop != StepRecord::None) goto leave;  // a preemption point was reached
    }
    // Preempted at an instruction boundary: everything needed to resume is in `sg`.
    if (executed == slice) goto leave;
    if constexpr (kInstrumented) {
      // Lanes terminated by the bounds policy may leave the mask empty; --oob=trap
      // stops the dispatch; --allow-nonuniform reports collectives in non-uniform flow.
      if (ctx.checks) {
        if (ctx.checks->stop) {
          sg.state = SgState::Failed;
          goto leave;
        }
        if (sg.mask.none() && !ops::resumeAfterEmptyMask(sg, code, pc)) goto halt;
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
        ops::copyRegs(REG(uint32_t, in.dst), REG(const uint32_t, in.a), in.n * S);
        ++pc;
        break;
      }
      case static_cast<uint16_t>(Op::MovMasked): {
        if (sg.mask == full) {
          ops::copyRegs(REG(uint32_t, in.dst), REG(const uint32_t, in.a), in.n * S);
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
        if (out_of_range) ops::checkedDynIndex(ctx, sg, pc, in);  // out-of-range index events (and clamp)
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
        if (out_of_range) ops::checkedDynIndex(ctx, sg, pc, in);  // out-of-range index events (and clamp)
        ++pc;
        break;
      }
      // ---- control flow (exec_control.h)
      case static_cast<uint16_t>(Op::IfBegin): ops::ifBegin(sg, S, in, pc); break;
      case static_cast<uint16_t>(Op::IfElse): ops::ifElse(sg, in, pc); break;
      case static_cast<uint16_t>(Op::IfEnd):
      case static_cast<uint16_t>(Op::LoopEnd):
      case static_cast<uint16_t>(Op::SwitchEnd):
        if (!ops::constructEnd(sg, code, pc)) goto halt;
        break;
      case static_cast<uint16_t>(Op::CallEnd): ops::callEnd(sg, pc); break;
      case static_cast<uint16_t>(Op::LoopBegin):
      case static_cast<uint16_t>(Op::SwitchBegin):
      case static_cast<uint16_t>(Op::CallBegin): ops::constructBegin(sg, in, pc); break;
      case static_cast<uint16_t>(Op::LoopContinuing): ops::loopContinuing(sg, pc); break;
      case static_cast<uint16_t>(Op::LoopBackEdge):
        if (ops::loopBackEdge<kInstrumented>(sg, ctx, code, in, pc, executed)) goto leave;  // out of budget
        break;
      case static_cast<uint16_t>(Op::CondBreak):
      case static_cast<uint16_t>(Op::Break):
      case static_cast<uint16_t>(Op::Continue):
      case static_cast<uint16_t>(Op::Return):
        if (!ops::leaveConstruct(sg, S, code, in, pc)) goto halt;
        break;
      case static_cast<uint16_t>(Op::Halt): goto halt;
      case static_cast<uint16_t>(Op::Barrier):
        sg.state = SgState::AtBarrier;
        goto leave;
      // ---- memory (exec_memory.h)
      T_(Load, Bool): T_(Load, I32): T_(Load, U32): T_(Load, F32):
        ops::memAccess<kInstrumented, false, 4>(ctx, sg, pc, in);
        ++pc;
        break;
      T_(Load, F16):
        ops::memAccess<kInstrumented, false, 2>(ctx, sg, pc, in);
        ++pc;
        break;
      T_(Store, Bool): T_(Store, I32): T_(Store, U32): T_(Store, F32):
        ops::memAccess<kInstrumented, true, 4>(ctx, sg, pc, in);
        ++pc;
        break;
      T_(Store, F16):
        ops::memAccess<kInstrumented, true, 2>(ctx, sg, pc, in);
        ++pc;
        break;
      case static_cast<uint16_t>(Op::IndexAddr):
        ops::indexAddr<kInstrumented>(ctx, sg, pc, in);
        ++pc;
        break;
      case static_cast<uint16_t>(Op::ArrayLength):
        ops::arrayLength(ctx, sg, in);
        ++pc;
        break;
      case static_cast<uint16_t>(Op::MemZero):
        ops::memZero(ctx, sg, in);
        ++pc;
        break;
      // ---- atomics (exec_atomics.h)
      case static_cast<uint16_t>(Op::AtomicLoad):
        ops::atomicLoad<kInstrumented>(ctx, sg, pc, in);
        ++pc;
        break;
      case static_cast<uint16_t>(Op::AtomicStore):
        ops::atomicStore<kInstrumented>(ctx, sg, pc, in);
        ++pc;
        break;
      case static_cast<uint16_t>(Op::AtomicAdd):
        ops::atomicRmw<kInstrumented, Op::AtomicAdd>(ctx, sg, pc, in);
        ++pc;
        break;
      case static_cast<uint16_t>(Op::AtomicSub):
        ops::atomicRmw<kInstrumented, Op::AtomicSub>(ctx, sg, pc, in);
        ++pc;
        break;
      case static_cast<uint16_t>(Op::AtomicAnd):
        ops::atomicRmw<kInstrumented, Op::AtomicAnd>(ctx, sg, pc, in);
        ++pc;
        break;
      case static_cast<uint16_t>(Op::AtomicOr):
        ops::atomicRmw<kInstrumented, Op::AtomicOr>(ctx, sg, pc, in);
        ++pc;
        break;
      case static_cast<uint16_t>(Op::AtomicXor):
        ops::atomicRmw<kInstrumented, Op::AtomicXor>(ctx, sg, pc, in);
        ++pc;
        break;
      case static_cast<uint16_t>(Op::AtomicExchange):
        ops::atomicRmw<kInstrumented, Op::AtomicExchange>(ctx, sg, pc, in);
        ++pc;
        break;
      T_(AtomicMin, I32): T_(AtomicMax, I32): T_(AtomicMin, U32): T_(AtomicMax, U32):
        ops::atomicMinMax<kInstrumented>(ctx, sg, pc, in);
        ++pc;
        break;
      case static_cast<uint16_t>(Op::AtomicCmpXchg):
        ops::atomicCmpXchg<kInstrumented>(ctx, sg, pc, in);
        ++pc;
        break;
      // ---- subgroup and quad operations (exec_subgroup.h)
      case static_cast<uint16_t>(Op::SgBallot):
        ops::ballot(sg, S, in);
        ++pc;
        break;
      case static_cast<uint16_t>(Op::SgElect):
        ops::elect(sg, S, in);
        ++pc;
        break;
      case static_cast<uint16_t>(Op::SgAll):
      case static_cast<uint16_t>(Op::SgAny):
        ops::allAny(sg, S, in);
        ++pc;
        break;
      case static_cast<uint16_t>(Op::SgBroadcastFirst):
      case static_cast<uint16_t>(Op::SgBroadcast):
      case static_cast<uint16_t>(Op::SgShuffle):
      case static_cast<uint16_t>(Op::SgShuffleXor):
      case static_cast<uint16_t>(Op::SgShuffleUp):
      case static_cast<uint16_t>(Op::SgShuffleDown):
      case static_cast<uint16_t>(Op::QuadBroadcast):
      case static_cast<uint16_t>(Op::QuadSwapX):
      case static_cast<uint16_t>(Op::QuadSwapY):
      case static_cast<uint16_t>(Op::QuadSwapDiagonal):
        ops::permute(ctx, sg, pc, in);
        ++pc;
        break;
      case static_cast<uint16_t>(Op::SgReduceAnd):
      case static_cast<uint16_t>(Op::SgReduceOr):
      case static_cast<uint16_t>(Op::SgReduceXor):
        ops::reduceBits(sg, S, in);
        ++pc;
        break;
      T_(SgReduceAdd, I32): T_(SgReduceAdd, U32): T_(SgReduceAdd, F32): T_(SgReduceAdd, F16):
      T_(SgReduceMul, I32): T_(SgReduceMul, U32): T_(SgReduceMul, F32): T_(SgReduceMul, F16):
      T_(SgReduceMin, I32): T_(SgReduceMin, U32): T_(SgReduceMin, F32): T_(SgReduceMin, F16):
      T_(SgReduceMax, I32): T_(SgReduceMax, U32): T_(SgReduceMax, F32): T_(SgReduceMax, F16):
      T_(SgInclAdd, I32): T_(SgInclAdd, U32): T_(SgInclAdd, F32): T_(SgInclAdd, F16):
      T_(SgInclMul, I32): T_(SgInclMul, U32): T_(SgInclMul, F32): T_(SgInclMul, F16):
      T_(SgExclAdd, I32): T_(SgExclAdd, U32): T_(SgExclAdd, F32): T_(SgExclAdd, F16):
      T_(SgExclMul, I32): T_(SgExclMul, U32): T_(SgExclMul, F32): T_(SgExclMul, F16):
        ops::arith(sg, S, in);
        ++pc;
        break;
      case static_cast<uint16_t>(Op::Pack):  // exec_pack.h
        ops::pack(sg, S, ctx.scratch, in);
        ++pc;
        break;
      default: {
        // An opcode without an implementation is a lowering bug: stop with an event.
        ExecEvent e = ExecEvent::at(ExecEvent::Internal, pc, ctx.wg_id, sg.index * S);
        ctx.sink->add(std::move(e));
        sg.state = SgState::Failed;
        goto leave;
      }
    }
  }
halt:
  sg.state = SgState::Halted;
leave:  // `sg` holds everything needed to resume (or why it stopped)
  sg.pc = pc;
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
