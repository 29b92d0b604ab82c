// F32/F16 instructions under the float modes ftz, ulp-max, ulp-random and the non-finite
// policies (see float_exec.h and docs/float-modes.md, "Integration plan", step 3 and 4). The ieee
// value of each operation is computed exactly as interpreter.cpp does, so a mode that changes
// nothing for an element leaves its result bit for bit as in the fast path.
#include "interp/exec/float_exec.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <tuple>

#include "interp/exec/float_ops.h"
#include "interp/math/accuracy.h"
#include "interp/math/scalar_math.h"

namespace wgsl::exec {

using namespace ir;
namespace m = wgsl::math;
using FM = m::FloatMode;

namespace {

// ---- the two float types, carried as their natural host value

struct F32T {
  using V = float;
  static constexpr m::FloatType kType = m::FloatType::F32;
  static V get(uint32_t u) { return m::floatOf(u); }
  static uint32_t put(V v) { return m::bitsOf(v); }
  static double dbl(V v) { return v; }
  static V fromD(double x) { return static_cast<float>(x); }  // x is a value of the type
  static V fromF(float f) { return f; }
  static float toF(V v) { return v; }
  static V flush(V v) {  // m::ftzF32 as a select, so element loops vectorize
    const uint32_t u = m::bitsOf(v);
    return m::floatOf((u & 0x7f800000u) ? u : (u & 0x80000000u));
  }
  static bool bad(V v) { return (m::bitsOf(v) & 0x7f800000u) == 0x7f800000u; }
  static V indet(uint64_t s, uint64_t site, uint64_t lane) { return m::indeterminateF32(s, site, lane); }
};

struct F16T {
  using V = uint16_t;
  static constexpr m::FloatType kType = m::FloatType::F16;
  static V get(uint32_t u) { return static_cast<uint16_t>(u); }
  static uint32_t put(V v) { return v; }
  static double dbl(V v) { return m::f32FromF16(v); }
  static V fromD(double x) { return m::f16FromF64(x); }
  static V fromF(float f) { return m::f16FromF32(f); }
  static float toF(V v) { return m::f32FromF16(v); }
  static V flush(V v) { return m::ftzF16(v); }
  static bool bad(V v) { return m::isNonFiniteF16(v); }
  static V indet(uint64_t s, uint64_t site, uint64_t lane) { return m::indeterminateF16(s, site, lane); }
};

template <class T>
typename T::V binaryOp(OpGroup g, typename T::V a, typename T::V b) {
  if constexpr (std::is_same_v<T, F32T>) {
    switch (g) {
      case OpGroup::Add: return a + b;
      case OpGroup::Sub: return a - b;
      case OpGroup::Mul: return a * b;
      case OpGroup::Div: return a / b;
      case OpGroup::Rem: return m::remF32(a, b);
      case OpGroup::Min: return m::fmin(a, b);
      case OpGroup::Max: return m::fmax(a, b);
      default: return 0;
    }
  } else {
    switch (g) {
      case OpGroup::Add: return m::addF16(a, b);
      case OpGroup::Sub: return m::subF16(a, b);
      case OpGroup::Mul: return m::mulF16(a, b);
      case OpGroup::Div: return m::divF16(a, b);
      case OpGroup::Rem: return m::remF16(a, b);
      case OpGroup::Min: return m::f16FromF32(m::fmin(T::toF(a), T::toF(b)));
      case OpGroup::Max: return m::f16FromF32(m::fmax(T::toF(a), T::toF(b)));
      default: return 0;
    }
  }
}

// ---- accuracy rules and names

// The accuracy-table row of a float MathFn (Count: none).
m::AccuracyId accuracyOfFn(MathFn fn) {
  static const std::vector<m::AccuracyId> table = [] {
    std::vector<m::AccuracyId> t(static_cast<size_t>(MathFn::kCount), m::AccuracyId::kCount);
    for (size_t i = 0; i < t.size(); ++i) {
      const auto fn = static_cast<MathFn>(i);
      if (fn == MathFn::FrexpFract || fn == MathFn::FrexpExp) t[i] = m::AccuracyId::Frexp;
      else if (fn == MathFn::ModfFract || fn == MathFn::ModfWhole) t[i] = m::AccuracyId::Modf;
      else if (const m::AccuracyRule* r = m::findAccuracy(toString(fn))) t[i] = r->id;
    }
    return t;
  }();
  return table[static_cast<size_t>(fn)];
}

// True when the spec bounds the accuracy loosely enough for ulp-max/ulp-random to matter
// (correctly rounded operations keep round-to-nearest-even: docs/float-modes.md).
bool ulpApplies(m::AccuracyId id, m::FloatType t) {
  if (id == m::AccuracyId::kCount) return false;
  switch (m::accuracyOf(id).of(t).kind) {
    case m::AccuracyKind::Ulp:
    case m::AccuracyKind::AbsoluteError:
    case m::AccuracyKind::AbsoluteInDomainElseUlp:
    case m::AccuracyKind::Inherited:
    case m::AccuracyKind::WorseOfAbsoluteAndInherited: return true;
    default: return false;
  }
}

const char* groupText(OpGroup g) {
  switch (g) {
    case OpGroup::Add: return "x + y";
    case OpGroup::Sub: return "x - y";
    case OpGroup::Mul: return "x * y";
    case OpGroup::Div: return "x / y";
    case OpGroup::Rem: return "x % y";
    case OpGroup::Neg: return "-x";
    case OpGroup::Abs: return "abs(x)";
    case OpGroup::Min: return "min(x, y)";
    case OpGroup::Max: return "max(x, y)";
    case OpGroup::Clamp: return "clamp(e, low, high)";
    case OpGroup::SgReduceAdd: return "subgroupAdd(e)";
    case OpGroup::SgReduceMul: return "subgroupMul(e)";
    case OpGroup::SgReduceMin: return "subgroupMin(e)";
    case OpGroup::SgReduceMax: return "subgroupMax(e)";
    case OpGroup::SgInclAdd: return "subgroupInclusiveAdd(e)";
    case OpGroup::SgInclMul: return "subgroupInclusiveMul(e)";
    case OpGroup::SgExclAdd: return "subgroupExclusiveAdd(e)";
    case OpGroup::SgExclMul: return "subgroupExclusiveMul(e)";
    default: return "operation";
  }
}

// ---- one instruction

struct Site {
  const FM& fm;
  ExecContext& ctx;
  Subgroup& sg;
  uint32_t pc;
  const Inst& in;
  uint32_t S;
  uint64_t wg_linear;
  uint64_t inv0;  // global invocation index of lane 0
  bool ftz = false;
  bool bounded = false;  // ulp-max / ulp-random apply
  m::AccuracyId id = m::AccuracyId::kCount;
  const char* opname = "";

  uint32_t* reg(uint32_t r) const { return sg.regs + static_cast<size_t>(r) * S; }
  // Identifies (invocation, component) for the seeds.
  uint64_t laneId(uint32_t l, uint32_t k) const { return ((inv0 + l) << 8) | (k & 0xffu); }
};

Site makeSite(Subgroup& sg, ExecContext& ctx, uint32_t pc, const Inst& in) {
  const Kernel& k = *ctx.k;
  const uint32_t* nwg = ctx.params->num_workgroups;
  const uint64_t wg_linear = (uint64_t{ctx.wg_id[2]} * nwg[1] + ctx.wg_id[1]) * nwg[0] + ctx.wg_id[0];
  const uint64_t W = uint64_t{k.workgroup_size[0]} * k.workgroup_size[1] * k.workgroup_size[2];
  return Site{*ctx.float_mode, ctx, sg, pc, in, ctx.S, wg_linear, wg_linear * W + uint64_t{sg.index} * ctx.S};
}

template <class T>
void report(Site& s, uint32_t l, const double* args, int nargs, double result) {
  if (!s.sg.mask.test(l) || !m::isNonFiniteOrigin(args, nargs, result)) return;
  const uint32_t local = s.sg.index * s.S + l;
  const uint64_t key = (s.wg_linear << 32) | local;
  auto it = s.ctx.nonfinite_log->by_pc.find(s.pc);
  if (it != s.ctx.nonfinite_log->by_pc.end() && it->second.key <= key) return;
  ExecEvent e = ExecEvent::at(ExecEvent::NonFinite, s.pc, s.ctx.wg_id, local);
  e.operation = s.opname;
  e.float_type = T::kType == m::FloatType::F32 ? 0 : 1;
  e.num_operands = static_cast<uint8_t>(nargs);
  for (int i = 0; i < nargs && i < 3; ++i) e.operands[i] = args[i];
  e.result = result;
  s.ctx.nonfinite_log->record(key, std::move(e));
}

// The result of element i (lane l, component k) after the mode: accuracy edge, flush,
// non-finite policy. `args` are the (flushed) operands as values.
template <class T>
typename T::V finish(Site& s, uint32_t l, uint32_t k, typename T::V r, const double* args, int nargs, uint64_t opbits) {
  if (s.bounded) {
    const m::Allowed a = m::allowedResults(s.id, T::kType, args);
    if (a.kind == m::Allowed::Kind::Interval) {
      const double v = s.fm.ulp == FM::Ulp::Max
                           ? m::farEdge(a, (s.pc & 1) ? m::Edge::High : m::Edge::Low)
                           : m::randomIn(a, T::kType, m::mixSeed(m::mixSeed(s.fm.ulp_seed, s.pc, s.laneId(l, k)), opbits));
      r = T::fromD(v);
    }
  }
  if (s.ftz) r = T::flush(r);
  if (T::bad(r)) {
    if (s.fm.nonfinite == FM::NonFinite::Indeterminate) {
      r = T::indet(s.fm.nonfinite_seed, s.pc, s.laneId(l, k));
    } else if (s.fm.nonfinite == FM::NonFinite::Report) {
      report<T>(s, l, args, nargs, T::dbl(r));
    }
  }
  return r;
}

template <class T>
typename T::V input(const Site& s, uint32_t bits) {
  const typename T::V v = T::get(bits);
  return s.ftz ? T::flush(v) : v;
}

// The rare path of an element whose result is non-finite: the non-finite policy (kept out of
// the element loops so they stay tight).
template <class T>
__attribute__((noinline, cold)) typename T::V nonFinite(Site& s, uint32_t i, typename T::V r, const double* args,
                                                        int nargs) {
  const uint32_t l = i % s.S, k = i / s.S;
  if (s.fm.nonfinite == FM::NonFinite::Indeterminate) return T::indet(s.fm.nonfinite_seed, s.pc, s.laneId(l, k));
  if (s.fm.nonfinite == FM::NonFinite::Report) report<T>(s, l, args, nargs, T::dbl(r));
  return r;
}

// Element-wise loops over n * S slots (inputs read before the output is written: in-place
// safe). Without an ulp mode the loop is tight (flushes are bit operations, the non-finite test
// a rarely taken branch); with one every element goes through finish().
template <class T, bool kFtz, bool kNf, class F>
void ew1Fast(Site& s, F f) {
  using V = typename T::V;
  const uint32_t cnt = s.in.n * s.S;
  const uint32_t* xa = s.reg(s.in.a);
  uint32_t* xd = s.reg(s.in.dst);
  for (uint32_t i = 0; i < cnt; ++i) {
    V a = T::get(xa[i]);
    if (kFtz) a = T::flush(a);
    V r = f(a);
    if (kFtz) r = T::flush(r);
    if (kNf && T::bad(r)) {
      const double args[1] = {T::dbl(a)};
      r = nonFinite<T>(s, i, r, args, 1);
    }
    xd[i] = T::put(r);
  }
}

template <class T, bool kFtz, bool kNf, class F>
void ew2Fast(Site& s, F f) {
  using V = typename T::V;
  const uint32_t cnt = s.in.n * s.S;
  const uint32_t* xa = s.reg(s.in.a);
  const uint32_t* xb = s.reg(s.in.b);
  uint32_t* xd = s.reg(s.in.dst);
  for (uint32_t i = 0; i < cnt; ++i) {
    V a = T::get(xa[i]), b = T::get(xb[i]);
    if (kFtz) a = T::flush(a), b = T::flush(b);
    V r = f(a, b);
    if (kFtz) r = T::flush(r);
    if (kNf && T::bad(r)) {
      const double args[2] = {T::dbl(a), T::dbl(b)};
      r = nonFinite<T>(s, i, r, args, 2);
    }
    xd[i] = T::put(r);
  }
}

template <class T, bool kFtz, bool kNf, class F>
void ew3Fast(Site& s, F f) {
  using V = typename T::V;
  const uint32_t cnt = s.in.n * s.S;
  const uint32_t* xa = s.reg(s.in.a);
  const uint32_t* xb = s.reg(s.in.b);
  const uint32_t* xc = s.reg(s.in.c);
  uint32_t* xd = s.reg(s.in.dst);
  for (uint32_t i = 0; i < cnt; ++i) {
    V a = T::get(xa[i]), b = T::get(xb[i]), c = T::get(xc[i]);
    if (kFtz) a = T::flush(a), b = T::flush(b), c = T::flush(c);
    V r = f(a, b, c);
    if (kFtz) r = T::flush(r);
    if (kNf && T::bad(r)) {
      const double args[3] = {T::dbl(a), T::dbl(b), T::dbl(c)};
      r = nonFinite<T>(s, i, r, args, 3);
    }
    xd[i] = T::put(r);
  }
}

// Picks the instantiation for the mode (ftz, non-finite policy) once per instruction.
#define WGSL_FAST_VARIANT(NAME, T, s, f)                                                 \
  {                                                                                      \
    const bool nf_ = (s).fm.nonfinite != FM::NonFinite::Propagate;                       \
    if ((s).ftz) {                                                                       \
      if (nf_) NAME<T, true, true>((s), (f)); else NAME<T, true, false>((s), (f));       \
    } else {                                                                             \
      if (nf_) NAME<T, false, true>((s), (f)); else NAME<T, false, false>((s), (f));     \
    }                                                                                    \
  }

template <class T, class F>
void ew1(Site& s, F f) {
  if (!s.bounded) {
    WGSL_FAST_VARIANT(ew1Fast, T, s, f)
    return;
  }
  const uint32_t cnt = s.in.n * s.S;
  const uint32_t* xa = s.reg(s.in.a);
  uint32_t* xd = s.reg(s.in.dst);
  for (uint32_t i = 0; i < cnt; ++i) {
    const typename T::V a = input<T>(s, xa[i]);
    const double args[1] = {T::dbl(a)};
    xd[i] = T::put(finish<T>(s, i % s.S, i / s.S, f(a), args, 1, xa[i]));
  }
}

template <class T, class F>
void ew2(Site& s, F f) {
  if (!s.bounded) {
    WGSL_FAST_VARIANT(ew2Fast, T, s, f)
    return;
  }
  const uint32_t cnt = s.in.n * s.S;
  const uint32_t* xa = s.reg(s.in.a);
  const uint32_t* xb = s.reg(s.in.b);
  uint32_t* xd = s.reg(s.in.dst);
  for (uint32_t i = 0; i < cnt; ++i) {
    const typename T::V a = input<T>(s, xa[i]), b = input<T>(s, xb[i]);
    const double args[2] = {T::dbl(a), T::dbl(b)};
    xd[i] = T::put(finish<T>(s, i % s.S, i / s.S, f(a, b), args, 2, (uint64_t{xa[i]} << 32) | xb[i]));
  }
}

template <class T, class F>
void ew3(Site& s, F f) {
  if (!s.bounded) {
    WGSL_FAST_VARIANT(ew3Fast, T, s, f)
    return;
  }
  const uint32_t cnt = s.in.n * s.S;
  const uint32_t* xa = s.reg(s.in.a);
  const uint32_t* xb = s.reg(s.in.b);
  const uint32_t* xc = s.reg(s.in.c);
  uint32_t* xd = s.reg(s.in.dst);
  for (uint32_t i = 0; i < cnt; ++i) {
    const typename T::V a = input<T>(s, xa[i]), b = input<T>(s, xb[i]), c = input<T>(s, xc[i]);
    const double args[3] = {T::dbl(a), T::dbl(b), T::dbl(c)};
    const uint64_t bits = (uint64_t{xa[i]} << 32) ^ (uint64_t{xb[i]} << 16) ^ xc[i];
    xd[i] = T::put(finish<T>(s, i % s.S, i / s.S, f(a, b, c), args, 3, bits));
  }
}

// Binary arithmetic with the operation fixed at compile time inside the loop.
template <class T>
void binaryByGroup(Site& s, OpGroup g) {
  using V = typename T::V;
  switch (g) {
    case OpGroup::Add: ew2<T>(s, [](V a, V b) { return binaryOp<T>(OpGroup::Add, a, b); }); break;
    case OpGroup::Sub: ew2<T>(s, [](V a, V b) { return binaryOp<T>(OpGroup::Sub, a, b); }); break;
    case OpGroup::Mul: ew2<T>(s, [](V a, V b) { return binaryOp<T>(OpGroup::Mul, a, b); }); break;
    case OpGroup::Div: ew2<T>(s, [](V a, V b) { return binaryOp<T>(OpGroup::Div, a, b); }); break;
    case OpGroup::Rem: ew2<T>(s, [](V a, V b) { return binaryOp<T>(OpGroup::Rem, a, b); }); break;
    case OpGroup::Min: ew2<T>(s, [](V a, V b) { return binaryOp<T>(OpGroup::Min, a, b); }); break;
    default: ew2<T>(s, [](V a, V b) { return binaryOp<T>(OpGroup::Max, a, b); }); break;
  }
}

// Comparisons: only the inputs are flushed.
template <class T, class C>
void compareLoop(Site& s, C cmp) {
  const uint32_t cnt = s.in.n * s.S;
  const uint32_t* xa = s.reg(s.in.a);
  const uint32_t* xb = s.reg(s.in.b);
  uint32_t* xd = s.reg(s.in.dst);
  for (uint32_t i = 0; i < cnt; ++i) xd[i] = cmp(T::toF(T::flush(T::get(xa[i]))), T::toF(T::flush(T::get(xb[i]))));
}

template <class T>
void compare(Site& s, OpGroup g) {
  switch (g) {
    case OpGroup::Eq: compareLoop<T>(s, [](float a, float b) { return a == b; }); break;
    case OpGroup::Ne: compareLoop<T>(s, [](float a, float b) { return a != b; }); break;
    case OpGroup::Lt: compareLoop<T>(s, [](float a, float b) { return a < b; }); break;
    case OpGroup::Le: compareLoop<T>(s, [](float a, float b) { return a <= b; }); break;
    case OpGroup::Gt: compareLoop<T>(s, [](float a, float b) { return a > b; }); break;
    default: compareLoop<T>(s, [](float a, float b) { return a >= b; }); break;
  }
}

// Subgroup reductions and scans: inputs and every step's result flushed, the non-finite policy
// applied to every step (the lane whose value enters the step is the one reported).
template <class T>
void subgroupArith(Site& s, OpGroup g) {
  using V = typename T::V;
  const bool add = g == OpGroup::SgReduceAdd || g == OpGroup::SgInclAdd || g == OpGroup::SgExclAdd;
  const bool mul = g == OpGroup::SgReduceMul || g == OpGroup::SgInclMul || g == OpGroup::SgExclMul;
  const OpGroup step = add ? OpGroup::Add : mul ? OpGroup::Mul : g == OpGroup::SgReduceMin ? OpGroup::Min : OpGroup::Max;
  const bool reduce = g == OpGroup::SgReduceAdd || g == OpGroup::SgReduceMul || g == OpGroup::SgReduceMin ||
                      g == OpGroup::SgReduceMax;
  const bool excl = g == OpGroup::SgExclAdd || g == OpGroup::SgExclMul;
  const V identity = mul ? T::fromF(1.0f) : T::fromF(0.0f);
  auto combine = [&](V acc, V v, uint32_t l, uint32_t k) {
    const double args[2] = {T::dbl(acc), T::dbl(v)};
    return finish<T>(s, l, k, binaryOp<T>(step, acc, v), args, 2, (uint64_t{T::put(acc)} << 32) | T::put(v));
  };
  for (uint32_t k = 0; k < s.in.n; ++k) {
    const uint32_t* a = s.reg(s.in.a) + k * s.S;
    uint32_t* d = s.reg(s.in.dst) + k * s.S;
    if (reduce) {
      bool first = true;
      V acc = identity;
      forEachLane(s.sg.mask, [&](uint32_t l) {
        const V v = input<T>(s, a[l]);
        acc = first ? v : combine(acc, v, l, k);
        first = false;
      });
      const uint32_t bits = T::put(acc);
      forEachLane(s.sg.mask, [&](uint32_t l) { d[l] = bits; });
    } else {
      V acc = identity;
      forEachLane(s.sg.mask, [&](uint32_t l) {
        const V v = input<T>(s, a[l]);
        if (excl) {
          d[l] = T::put(acc);
          acc = combine(acc, v, l, k);
        } else {
          acc = combine(acc, v, l, k);
          d[l] = T::put(acc);
        }
      });
    }
  }
}

// Conversions to F32/F16: only the non-finite policy (subnormals are preserved).
bool conversion(Site& s, OpGroup g, Scalar dst) {
  const uint32_t cnt = s.in.n * s.S;
  const uint32_t* xa = s.reg(s.in.a);
  uint32_t* xd = s.reg(s.in.dst);
  s.opname = dst == Scalar::F16 ? "f16(x)" : "f32(x)";
  if (dst == Scalar::F16) {
    if (g != OpGroup::CvtFromF32 && g != OpGroup::CvtFromI32 && g != OpGroup::CvtFromU32) return false;
    for (uint32_t i = 0; i < cnt; ++i) {
      double arg;
      uint16_t r;
      if (g == OpGroup::CvtFromF32) {
        arg = m::floatOf(xa[i]);
        r = m::f16FromF32(m::floatOf(xa[i]));
      } else if (g == OpGroup::CvtFromI32) {
        arg = static_cast<int32_t>(xa[i]);
        r = m::f16FromI32(static_cast<int32_t>(xa[i]));
      } else {
        arg = xa[i];
        r = m::f16FromU32(xa[i]);
      }
      xd[i] = finish<F16T>(s, i % s.S, i / s.S, r, &arg, 1, xa[i]);
    }
    return true;
  }
  if (g != OpGroup::CvtFromF16) return false;  // f32 from integers and bool is always finite
  for (uint32_t i = 0; i < cnt; ++i) {
    const float r = m::f32FromF16(static_cast<uint16_t>(xa[i]));
    const double arg = r;
    xd[i] = m::bitsOf(finish<F32T>(s, i % s.S, i / s.S, r, &arg, 1, xa[i]));
  }
  return true;
}

// unpack4x8snorm & co under the ulp modes (3 ULP): the argument is the integer component.
bool unpackNorm(Site& s, PackFn fn) {
  int count = 0;
  switch (fn) {
    case PackFn::Unpack4x8snorm: s.id = m::AccuracyId::Unpack4x8snorm; count = 4; break;
    case PackFn::Unpack4x8unorm: s.id = m::AccuracyId::Unpack4x8unorm; count = 4; break;
    case PackFn::Unpack2x16snorm: s.id = m::AccuracyId::Unpack2x16snorm; count = 2; break;
    case PackFn::Unpack2x16unorm: s.id = m::AccuracyId::Unpack2x16unorm; count = 2; break;
    default: return false;
  }
  s.bounded = true;
  s.ftz = false;  // results are never subnormal
  s.opname = m::accuracyOf(s.id).expr;
  const uint32_t* xa = s.reg(s.in.a);
  uint32_t* tmp = s.ctx.scratch;
  for (uint32_t l = 0; l < s.S; ++l) {
    const uint32_t p = xa[l];
    float r[4] = {0, 0, 0, 0};
    double arg[4] = {0, 0, 0, 0};
    switch (fn) {
      case PackFn::Unpack4x8snorm: {
        const auto v = m::unpack4x8snorm(p);
        for (int k = 0; k < 4; ++k) r[k] = v[k], arg[k] = static_cast<int8_t>(p >> (8 * k));
        break;
      }
      case PackFn::Unpack4x8unorm: {
        const auto v = m::unpack4x8unorm(p);
        for (int k = 0; k < 4; ++k) r[k] = v[k], arg[k] = (p >> (8 * k)) & 0xffu;
        break;
      }
      case PackFn::Unpack2x16snorm: {
        const auto v = m::unpack2x16snorm(p);
        for (int k = 0; k < 2; ++k) r[k] = v[k], arg[k] = static_cast<int16_t>(p >> (16 * k));
        break;
      }
      default: {
        const auto v = m::unpack2x16unorm(p);
        for (int k = 0; k < 2; ++k) r[k] = v[k], arg[k] = (p >> (16 * k)) & 0xffffu;
        break;
      }
    }
    for (int k = 0; k < count; ++k)
      tmp[k * s.S + l] = m::bitsOf(finish<F32T>(s, l, static_cast<uint32_t>(k), r[k], &arg[k], 1, p));
  }
  for (uint32_t k = 0; k < s.in.n; ++k)
    std::memcpy(s.reg(s.in.dst + k), tmp + k * s.S, sizeof(uint32_t) * s.S);
  return true;
}

template <class T>
bool typed(Site& s, OpGroup g) {
  using V = typename T::V;
  const FM& fm = s.fm;
  const bool nf = fm.nonfinite != FM::NonFinite::Propagate;
  const bool ulp = fm.ulp != FM::Ulp::Exact;
  s.ftz = fm.ftz;
  switch (g) {
    case OpGroup::Eq: case OpGroup::Ne: case OpGroup::Lt: case OpGroup::Le: case OpGroup::Gt: case OpGroup::Ge:
      if (!s.ftz) return false;
      compare<T>(s, g);
      return true;
    case OpGroup::CvtFromBool: case OpGroup::CvtFromI32: case OpGroup::CvtFromU32: case OpGroup::CvtFromF32:
    case OpGroup::CvtFromF16:
      if (!nf) return false;
      s.ftz = false;
      return conversion(s, g, std::is_same_v<T, F32T> ? Scalar::F32 : Scalar::F16);
    case OpGroup::Add: case OpGroup::Sub: case OpGroup::Mul: case OpGroup::Div: case OpGroup::Rem:
    case OpGroup::Min: case OpGroup::Max: {
      if (g == OpGroup::Div) s.id = m::AccuracyId::Div;
      if (g == OpGroup::Rem) s.id = m::AccuracyId::Rem;
      s.bounded = ulp && ulpApplies(s.id, T::kType);
      if (!s.ftz && !nf && !s.bounded) return false;
      s.opname = groupText(g);
      binaryByGroup<T>(s, g);
      return true;
    }
    case OpGroup::Neg: case OpGroup::Abs:
      if (!s.ftz && !nf) return false;
      s.opname = groupText(g);
      if constexpr (std::is_same_v<T, F32T>) {
        if (g == OpGroup::Neg) ew1<T>(s, [](V a) { return -a; });
        else ew1<T>(s, [](V a) { return std::fabs(a); });
      } else {
        if (g == OpGroup::Neg) ew1<T>(s, [](V a) { return static_cast<V>(a ^ 0x8000u); });
        else ew1<T>(s, [](V a) { return static_cast<V>(a & 0x7fffu); });
      }
      return true;
    case OpGroup::Clamp:
      if (!s.ftz && !nf) return false;
      s.opname = groupText(g);
      ew3<T>(s, [](V a, V b, V c) { return T::fromF(m::clamp(T::toF(a), T::toF(b), T::toF(c))); });
      return true;
    case OpGroup::Math1: {
      const MathFn fn = static_cast<MathFn>(s.in.aux);
      if (fn == MathFn::FrexpExp) {  // an i32 result: only the input is flushed
        if (!s.ftz) return false;
        const uint32_t cnt = s.in.n * s.S;
        const uint32_t* xa = s.reg(s.in.a);
        uint32_t* xd = s.reg(s.in.dst);
        for (uint32_t i = 0; i < cnt; ++i) xd[i] = static_cast<uint32_t>(m::frexp(T::toF(input<T>(s, xa[i]))).exp);
        return true;
      }
      s.id = accuracyOfFn(fn);
      s.bounded = ulp && ulpApplies(s.id, T::kType);
      if (!s.ftz && !nf && !s.bounded) return false;
      s.opname = s.id != m::AccuracyId::kCount ? m::accuracyOf(s.id).expr : toString(fn);
      if (std::is_same_v<T, F32T> || fn != MathFn::Sqrt) {
        ew1<T>(s, [fn](V a) { return T::fromF(unaryF(fn, T::toF(a))); });
      } else {
        ew1<T>(s, [](V a) { return T::fromF(std::sqrt(T::toF(a))); });
      }
      return true;
    }
    case OpGroup::Math2: {
      const MathFn fn = static_cast<MathFn>(s.in.aux);
      s.id = accuracyOfFn(fn);
      s.bounded = ulp && ulpApplies(s.id, T::kType);
      if (!s.ftz && !nf && !s.bounded) return false;
      s.opname = s.id != m::AccuracyId::kCount ? m::accuracyOf(s.id).expr : toString(fn);
      if (fn == MathFn::Ldexp) {  // b is an i32 exponent
        const uint32_t cnt = s.in.n * s.S;
        const uint32_t* xa = s.reg(s.in.a);
        const uint32_t* xb = s.reg(s.in.b);
        uint32_t* xd = s.reg(s.in.dst);
        for (uint32_t i = 0; i < cnt; ++i) {
          const V a = input<T>(s, xa[i]);
          const int32_t e = static_cast<int32_t>(xb[i]);
          const double args[2] = {T::dbl(a), static_cast<double>(e)};
          const V r = T::fromF(m::ldexp(T::toF(a), e));
          xd[i] = T::put(finish<T>(s, i % s.S, i / s.S, r, args, 2, (uint64_t{xa[i]} << 32) | xb[i]));
        }
        return true;
      }
      ew2<T>(s, [fn](V a, V b) { return T::fromF(binaryF(fn, T::toF(a), T::toF(b))); });
      return true;
    }
    case OpGroup::Math3: {
      const MathFn fn = static_cast<MathFn>(s.in.aux);
      const bool contracted = fn == MathFn::Fma && s.in.imm == 1;  // from `a * b + c` (lower_fma.cpp)
      s.id = accuracyOfFn(fn);
      s.bounded = ulp && !contracted && ulpApplies(s.id, T::kType);
      if (!s.ftz && !nf && !s.bounded) return false;
      s.opname = contracted ? "x * y + z (contracted)" : m::accuracyOf(s.id).expr;
      if constexpr (std::is_same_v<T, F16T>) {
        if (fn == MathFn::Fma) {
          ew3<T>(s, [](V a, V b, V c) { return m::fusedMulAddF16(a, b, c); });
          return true;
        }
      }
      ew3<T>(s, [fn](V a, V b, V c) { return T::fromF(ternaryF(fn, T::toF(a), T::toF(b), T::toF(c))); });
      return true;
    }
    case OpGroup::SgReduceAdd: case OpGroup::SgReduceMul: case OpGroup::SgReduceMin: case OpGroup::SgReduceMax:
    case OpGroup::SgInclAdd: case OpGroup::SgInclMul: case OpGroup::SgExclAdd: case OpGroup::SgExclMul:
      if (!s.ftz && !nf) return false;
      s.opname = groupText(g);
      subgroupArith<T>(s, g);
      return true;
    default: return false;
  }
}

}  // namespace

bool runFloatInst(Subgroup& sg, ExecContext& ctx, uint32_t pc, const Inst& in) {
  Site s = makeSite(sg, ctx, pc, in);
  if (in.op == Op::Pack) {
    if (ctx.float_mode->ulp == FM::Ulp::Exact) return false;
    return unpackNorm(s, static_cast<PackFn>(in.aux));
  }
  const OpGroup g = groupOf(in.op);
  return scalarOf(in.op) == Scalar::F32 ? typed<F32T>(s, g) : typed<F16T>(s, g);
}

void NonFiniteLog::record(uint64_t key, ExecEvent&& e) {
  auto it = by_pc.find(e.pc);
  if (it == by_pc.end()) {
    const uint32_t pc = e.pc;
    by_pc.emplace(pc, Entry{key, std::move(e)});
  } else if (key < it->second.key) {
    it->second = Entry{key, std::move(e)};
  }
}

std::vector<ExecEvent> mergeNonFinite(const std::vector<const NonFiniteLog*>& logs, const Kernel& k, size_t max) {
  // The earliest (workgroup, invocation, pc) per source location.
  std::map<uint32_t, const NonFiniteLog::Entry*> by_loc;
  for (const NonFiniteLog* log : logs) {
    for (const auto& [pc, entry] : log->by_pc) {
      const uint32_t loc = k.code[pc].loc;
      auto it = by_loc.find(loc);
      if (it == by_loc.end() || std::make_tuple(entry.key, pc) < std::make_tuple(it->second->key, it->second->event.pc))
        by_loc[loc] = &entry;
    }
  }
  std::vector<const NonFiniteLog::Entry*> entries;
  for (const auto& [loc, entry] : by_loc) entries.push_back(entry);
  std::sort(entries.begin(), entries.end(), [](const NonFiniteLog::Entry* a, const NonFiniteLog::Entry* b) {
    return std::make_tuple(a->key, a->event.pc) < std::make_tuple(b->key, b->event.pc);
  });
  std::vector<ExecEvent> out;
  for (const auto* e : entries) {
    if (out.size() >= max) break;
    out.push_back(e->event);
  }
  return out;
}

}  // namespace wgsl::exec
