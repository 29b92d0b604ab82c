// The rows of the spec's two accuracy tables ("Accuracy of concrete floating point operations"
// and "Accuracy of concrete floating point built-in functions"), transcribed cell by cell.
#include <algorithm>
#include <cmath>
#include <iterator>
#include <string_view>

#include "interp/math/accuracy.h"

namespace wgsl::math {

namespace {

Accuracy correct() { return Accuracy{AccuracyKind::CorrectResult}; }
Accuracy cr() { return Accuracy{AccuracyKind::CorrectlyRounded}; }
Accuracy unbounded() { return Accuracy{AccuracyKind::Unbounded}; }
Accuracy na() { return Accuracy{AccuracyKind::NotApplicable}; }
Accuracy ulp(double n, double per_abs_x = 0) {
  Accuracy a{AccuracyKind::Ulp};
  a.ulps = n;
  a.ulps_per_abs_x = per_abs_x;
  return a;
}
Accuracy inherited(const char* e) {
  Accuracy a{AccuracyKind::Inherited};
  a.inherited_from = e;
  return a;
}
Accuracy worseOf(double abs, const char* e) {
  Accuracy a{AccuracyKind::WorseOfAbsoluteAndInherited};
  a.abs_error = abs;
  a.inherited_from = e;
  return a;
}
Accuracy absIn(double abs, double lo, double hi) {  // absolute error for x in [lo, hi]
  Accuracy a{AccuracyKind::AbsoluteError};
  a.abs_error = abs;
  a.domain = DomainKind::ArgInterval;
  a.domain_lo = lo;
  a.domain_hi = hi;
  return a;
}
Accuracy absElseUlp(double abs, double lo, double hi, double n) {
  Accuracy a = absIn(abs, lo, hi);
  a.kind = AccuracyKind::AbsoluteInDomainElseUlp;
  a.ulps = n;
  return a;
}
Accuracy withMagnitude(Accuracy a, uint8_t arg, double lo, double hi) {
  a.domain = DomainKind::ArgMagnitude;
  a.domain_arg = arg;
  a.domain_lo = lo;
  a.domain_hi = hi;
  return a;
}
Accuracy atan2Domain(Accuracy a, double lo, double hi) {
  a = withMagnitude(a, 1, lo, hi);
  a.domain = DomainKind::Atan2;
  return a;
}

// Decimal bounds are not binary fractions: use the largest double below the decimal value, so
// an interval never exceeds the spec's bound (it may be narrower by one binary64 ULP).
double below(double decimal) { return std::nextafter(decimal, 0.0); }

const double kPi = 3.14159265358979323846;  // rounds to the double just below pi: no f32/f16
                                            // value lies between the two

AccuracyRule row(AccuracyId id, const char* expr, uint8_t arity, Accuracy f32, Accuracy f16,
                 const char* note = nullptr) {
  static const char* const kNames[] = {
#define X(i, n) n,
      WGSL_ACCURACY_OPERATORS(X)
#undef X
#define WGSL_ACCURACY_Acc(name) #name,
#define WGSL_ACCURACY__(name)
#define WGSL_BUILTIN_FN(id, name, uniformity, lowering, lowering_arg, accuracy, signatures) WGSL_ACCURACY_##accuracy(name)
#include "interp/sema/builtin_table.inc"
#undef WGSL_BUILTIN_FN
#undef WGSL_ACCURACY_Acc
#undef WGSL_ACCURACY__
  };
  static_assert(std::size(kNames) == static_cast<size_t>(AccuracyId::kCount));
  return AccuracyRule{id, kNames[static_cast<int>(id)], expr, arity, f32, f16, note};
}
AccuracyRule both(AccuracyId id, const char* expr, uint8_t arity, Accuracy a, const char* note = nullptr) {
  return row(id, expr, arity, a, a, note);
}

std::vector<AccuracyRule> build() {
  using I = AccuracyId;
  const char* const kSubnormalEither = "If both `x` and `y` are subnormal, the result may be either input.";
  std::vector<AccuracyRule> t;
  // ---- operators
  t.push_back(both(I::Add, "x + y", 2, cr()));
  t.push_back(both(I::Sub, "x - y", 2, cr()));
  t.push_back(both(I::Mul, "x * y", 2, cr()));
  t.push_back(row(I::Div, "x / y", 2, withMagnitude(ulp(2.5), 1, 0x1p-126, 0x1p126),
                  withMagnitude(ulp(2.5), 1, 0x1p-14, 0x1p14)));
  t.push_back(both(I::Rem, "x % y", 2, inherited("x - y * trunc(x/y)")));
  t.push_back(both(I::Neg, "-x", 1, cr()));
  t.push_back(both(I::Eq, "x == y", 0, correct()));
  t.push_back(both(I::Ne, "x != y", 0, correct()));
  t.push_back(both(I::Lt, "x < y", 0, correct()));
  t.push_back(both(I::Le, "x <= y", 0, correct()));
  t.push_back(both(I::Gt, "x > y", 0, correct()));
  t.push_back(both(I::Ge, "x >= y", 0, correct()));
  // ---- built-in functions
  t.push_back(both(I::Abs, "abs(x)", 1, cr()));
  t.push_back(row(I::Acos, "acos(x)", 1, worseOf(below(6.77e-5), "atan2(sqrt(1.0 - x * x), x)"),
                  worseOf(below(3.91e-3), "atan2(sqrt(1.0 - x * x), x)")));
  t.push_back(both(I::Acosh, "acosh(x)", 1, inherited("log(x + sqrt(x * x - 1.0))")));
  t.push_back(row(I::Asin, "asin(x)", 1, worseOf(below(6.81e-5), "atan2(x, sqrt(1.0 - x * x))"),
                  worseOf(below(3.91e-3), "atan2(x, sqrt(1.0 - x * x))")));
  t.push_back(both(I::Asinh, "asinh(x)", 1, inherited("log(x + sqrt(x * x + 1.0))")));
  t.push_back(row(I::Atan, "atan(x)", 1, ulp(4096), ulp(5)));
  t.push_back(row(I::Atan2, "atan2(y, x)", 2, atan2Domain(ulp(4096), 0x1p-126, 0x1p126),
                  atan2Domain(ulp(5), 0x1p-14, 0x1p14)));
  t.push_back(both(I::Atanh, "atanh(x)", 1, inherited("log( (1.0 + x) / (1.0 - x) ) * 0.5")));
  t.push_back(both(I::Ceil, "ceil(x)", 1, cr()));
  t.push_back(both(I::Clamp, "clamp(x,low,high)", 3, cr(),
                   "The infinitely precise result is computed as either `min(max(x,low),high)`, or with a "
                   "median-of-3-values formulation. If `x` and either `low` or `high` are subnormal, the result "
                   "may be any of the subnormal values."));
  t.push_back(row(I::Cos, "cos(x)", 1, absIn(0x1p-11, -kPi, kPi), absIn(0x1p-7, -kPi, kPi)));
  t.push_back(both(I::Cosh, "cosh(x)", 1, inherited("(exp(x) + exp(-x)) * 0.5")));
  t.push_back(both(I::Cross, "cross(x, x)", 0, inherited("(x[i] * y[j] - x[j] * y[i])"), "where `i` != `j`"));
  t.push_back(both(I::Degrees, "degrees(x)", 1, inherited("x * 57.295779513082322865")));
  t.push_back(both(I::Determinant, "determinant(m)", 0, unbounded()));
  t.push_back(both(I::Distance, "distance(x, y)", 0, inherited("length(x - y)")));
  t.push_back(both(I::Dot, "dot(x, y)", 0, inherited("sum of `x[i] * y[i]`")));
  for (I d : {I::Dpdx, I::DpdxCoarse, I::DpdxFine, I::Dpdy, I::DpdyCoarse, I::DpdyFine, I::Fwidth,
              I::FwidthCoarse, I::FwidthFine})
    t.push_back(both(d, "derivative(x)", 0, unbounded()));
  t.push_back(row(I::Exp, "exp(x)", 1, ulp(3, 2), ulp(1, 2)));
  t.push_back(row(I::Exp2, "exp2(x)", 1, ulp(3, 2), ulp(1, 2)));
  t.push_back(both(I::FaceForward, "faceForward(x, y, z)", 0, inherited("select(-x, x, dot(z, y) < 0.0)")));
  t.push_back(both(I::Floor, "floor(x)", 1, cr()));
  t.push_back(both(I::Fma, "fma(x, y, z)", 3, inherited("x * y + z")));
  t.push_back(both(I::Fract, "fract(x)", 1, inherited("x - floor(x)")));
  {
    Accuracy a = cr();
    a.domain = DomainKind::ZeroOrNormal;
    t.push_back(both(I::Frexp, "frexp(x)", 1, a, "Correctly rounded, when `x` is zero or normal."));
  }
  t.push_back(both(I::InverseSqrt, "inverseSqrt(x)", 1, ulp(2)));
  t.push_back(both(I::Ldexp, "ldexp(x, y)", 2, cr()));
  t.push_back(both(I::Length, "length(x)", 1, inherited("sqrt(x*x)"),
                   "Inherited from `sqrt(dot(x, x))` in the vector case, and `sqrt(x*x)` in the scalar case."));
  t.push_back(row(I::Log, "log(x)", 1, absElseUlp(0x1p-21, 0.5, 2.0, 3), absElseUlp(0x1p-7, 0.5, 2.0, 3)));
  t.push_back(row(I::Log2, "log2(x)", 1, absElseUlp(0x1p-21, 0.5, 2.0, 3), absElseUlp(0x1p-7, 0.5, 2.0, 3)));
  t.push_back(both(I::Max, "max(x, y)", 2, cr(), kSubnormalEither));
  t.push_back(both(I::Min, "min(x, y)", 2, cr(), kSubnormalEither));
  t.push_back(both(I::Mix, "mix(x, y, z)", 3, inherited("x * (1.0 - z) + y * z")));
  t.push_back(both(I::Modf, "modf(x)", 1, cr()));
  t.push_back(both(I::Normalize, "normalize(x)", 0, inherited("x / length(x)")));
  const char* const kPack = "Correctly rounded intermediate result value. Correct result.";
  for (I p : {I::Pack4x8snorm, I::Pack4x8unorm, I::Pack2x16snorm, I::Pack2x16unorm, I::Pack2x16float})
    t.push_back(both(p, "pack(x)", 0, correct(), kPack));
  t.push_back(both(I::Pow, "pow(x, y)", 2, inherited("exp2(y * log2(x))")));
  t.push_back(both(I::QuantizeToF16, "quantizeToF16(x)", 1, cr()));
  t.push_back(both(I::Radians, "radians(x)", 1, inherited("x * 0.017453292519943295474")));
  t.push_back(both(I::Reflect, "reflect(x, y)", 0, inherited("x - 2.0 * dot(x, y) * y")));
  t.push_back(both(I::Refract, "refract(x, y, z)", 0, inherited("z * x - (z * dot(y, x) + sqrt(k)) * y"),
                   "where `k = 1.0 - z * z * (1.0 - dot(y, x) * dot(y, x))`. If `k < 0.0` the result is precisely 0.0"));
  t.push_back(both(I::Round, "round(x)", 1, cr()));
  t.push_back(both(I::Sign, "sign(x)", 1, cr()));
  t.push_back(row(I::Sin, "sin(x)", 1, absIn(0x1p-11, -kPi, kPi), absIn(0x1p-7, -kPi, kPi)));
  t.push_back(both(I::Sinh, "sinh(x)", 1, inherited("(exp(x) - exp(-x)) * 0.5")));
  t.push_back(both(I::Saturate, "saturate(x)", 1, cr()));
  t.push_back(both(I::Smoothstep, "smoothstep(edge0, edge1, x)", 3, inherited("t * t * (3.0 - 2.0 * t)"),
                   "where `t = clamp((x - edge0) / (edge1 - edge0), 0.0, 1.0)`"));
  t.push_back(both(I::Sqrt, "sqrt(x)", 1, inherited("1.0 / inverseSqrt(x)")));
  t.push_back(both(I::Step, "step(edge, x)", 2, cr()));
  t.push_back(both(I::Tan, "tan(x)", 1, inherited("sin(x) / cos(x)")));
  t.push_back(both(I::Tanh, "tanh(x)", 1, worseOf(below(1.0e-5), "sinh(x) / cosh(x)")));
  t.push_back(both(I::Transpose, "transpose(x)", 0, cr()));
  t.push_back(both(I::Trunc, "trunc(x)", 1, cr()));
  t.push_back(row(I::Unpack4x8snorm, "unpack4x8snorm(x)", 1, ulp(3), na()));
  t.push_back(row(I::Unpack4x8unorm, "unpack4x8unorm(x)", 1, ulp(3), na()));
  t.push_back(row(I::Unpack2x16snorm, "unpack2x16snorm(x)", 1, ulp(3), na()));
  t.push_back(row(I::Unpack2x16unorm, "unpack2x16unorm(x)", 1, ulp(3), na()));
  t.push_back(row(I::Unpack2x16float, "unpack2x16float(x)", 1, cr(), na()));
  t.push_back(both(I::SubgroupBroadcast, "subgroupBroadcast(x, i)", 0, cr()));
  t.push_back(both(I::SubgroupBroadcastFirst, "subgroupBroadcastFirst(x)", 0, cr()));
  t.push_back(both(I::SubgroupAdd, "subgroupAdd(x)", 0, inherited("sum of x for all active invocations")));
  t.push_back(both(I::SubgroupExclusiveAdd, "subgroupExclusiveAdd(x)", 0,
                   inherited("sum of x for active invocations with lower subgroup invocation ID")));
  t.push_back(both(I::SubgroupInclusiveAdd, "subgroupInclusiveAdd(x)", 0,
                   inherited("sum of x for active invocations with lower or equal subgroup invocation ID")));
  t.push_back(both(I::SubgroupMul, "subgroupMul(x)", 0, inherited("product of x for all active invocations")));
  t.push_back(both(I::SubgroupExclusiveMul, "subgroupExclusiveMul(x)", 0,
                   inherited("product of x for active invocations with lower subgroup invocation ID")));
  t.push_back(both(I::SubgroupInclusiveMul, "subgroupInclusiveMul(x)", 0,
                   inherited("product of x for active invocations with lower or equal subgroup invocation ID")));
  t.push_back(both(I::SubgroupMax, "subgroupMax(x)", 0, inherited("max(x) for all active invocations")));
  t.push_back(both(I::SubgroupMin, "subgroupMin(x)", 0, inherited("min(x) for all active invocations")));
  for (I s : {I::SubgroupShuffle, I::SubgroupShuffleDown, I::SubgroupShuffleUp, I::SubgroupShuffleXor,
              I::QuadBroadcast, I::QuadSwapDiagonal, I::QuadSwapX, I::QuadSwapY})
    t.push_back(both(s, "shuffle", 0, cr()));
  return t;
}

}  // namespace

const char* toString(AccuracyKind k) {
  switch (k) {
    case AccuracyKind::CorrectResult: return "correct result";
    case AccuracyKind::CorrectlyRounded: return "correctly rounded";
    case AccuracyKind::Ulp: return "ULP";
    case AccuracyKind::AbsoluteError: return "absolute error";
    case AccuracyKind::AbsoluteInDomainElseUlp: return "absolute error, else ULP";
    case AccuracyKind::Inherited: return "inherited";
    case AccuracyKind::WorseOfAbsoluteAndInherited: return "worse of absolute error and inherited";
    case AccuracyKind::Unbounded: return "unbounded";
    case AccuracyKind::NotApplicable: return "N/A";
  }
  return "?";
}

const std::vector<AccuracyRule>& accuracyTable() {
  static const std::vector<AccuracyRule> table = [] {
    // Written in the spec's order; indexed by AccuracyId (builtin_table.inc's order).
    std::vector<AccuracyRule> t = build();
    std::stable_sort(t.begin(), t.end(), [](const AccuracyRule& a, const AccuracyRule& b) { return a.id < b.id; });
    return t;
  }();
  return table;
}

const AccuracyRule& accuracyOf(AccuracyId id) { return accuracyTable()[static_cast<size_t>(id)]; }

const AccuracyRule* findAccuracy(std::string_view name) {
  for (const AccuracyRule& r : accuracyTable())
    if (name == r.name) return &r;
  return nullptr;
}

}  // namespace wgsl::math
