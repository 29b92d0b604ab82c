// Allowed-result intervals of the accuracy table (see accuracy.h): value helpers for binary32
// and binary16 carried as double, exact interval edges, and interval evaluation of the
// inherited-from expressions.
#include "interp/math/accuracy.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "interp/math/scalar_math.h"

namespace wgsl::math {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

struct Fmt {
  int p;        // trailing significand bits
  int emin;     // exponent of the smallest normal
  int emax;     // exponent of the largest finite power of two
  double max;   // largest finite value
};
constexpr Fmt kF32{23, -126, 127, 0x1.fffffep127};
constexpr Fmt kF16{10, -14, 15, 65504.0};
const Fmt& fmt(FloatType t) { return t == FloatType::F32 ? kF32 : kF16; }

// Spacing of the grid of t at magnitude a (the spacing above a when a is a power of two).
double quantum(const Fmt& f, double a) {
  const int e = a == 0 ? f.emin : std::max(std::ilogb(a), f.emin);
  return std::ldexp(1.0, e - f.p);
}

double floorGrid(const Fmt& f, double s) {  // largest grid value <= s, s finite, |s| <= ~max
  const double q = quantum(f, std::fabs(s));
  const double r = std::floor(s / q) * q;  // exact: division by a power of two
  // A negative s just above a binade boundary in magnitude rounds down into the next binade,
  // whose grid is coarser; r is then still a grid value (multiples of q at the boundary).
  return r;
}

// (s, e) with s + e == a + b exactly (Knuth's TwoSum).
void twoSum(double a, double b, double& s, double& e) {
  s = a + b;
  const double bp = s - a;
  const double ap = s - bp;
  e = (a - ap) + (b - bp);
}

// Is c - (h + l) <= d exactly? (c a value of the type, h + l the exact value with |l| tiny.)
bool diffAtMost(double c, double h, double l, double d) {
  double s, e;
  twoSum(c, -h, s, e);
  if (s != d) return s < d;
  return e - l <= 0;
}

// An exact real given as h + l (l only breaks ties).
struct Ex {
  double h, l;
};

// Interval of values of a type, or "undefined" (ok == false).
struct Iv {
  double lo, hi;
  bool ok;
};
Iv bad() { return Iv{0, 0, false}; }
Iv hull(const Iv& a, const Iv& b) {
  if (!a.ok || !b.ok) return bad();
  return Iv{std::min(a.lo, b.lo), std::max(a.hi, b.hi), true};
}
bool finiteIv(const Iv& a) { return a.ok && std::isfinite(a.lo) && std::isfinite(a.hi); }

class Eval {
 public:
  explicit Eval(FloatType t) : t_(t), f_(fmt(t)) {}

  double floorT(double s) const {
    if (std::isnan(s)) return s;
    if (s > f_.max) return s == kInf ? kInf : f_.max;
    if (s < -f_.max) return -kInf;
    return floorGrid(f_, s);
  }
  double ceilT(double s) const { return -floorT(-s); }
  double up(double v) const { return nextUp(t_, v); }
  double down(double v) const { return nextDown(t_, v); }
  double twoPowEmax1() const { return std::ldexp(1.0, f_.emax + 1); }

  // Correctly rounded: the two neighbours of x = h + l, with the spec's overflow rule.
  Iv cr(Ex x) const {
    if (!std::isfinite(x.h)) return bad();
    double lo = floorT(x.h), hi = ceilT(x.h);
    if (lo == x.h && x.l < 0) lo = down(lo);
    if (hi == x.h && x.l > 0) hi = up(hi);
    if (x.h >= twoPowEmax1()) lo = kInf;
    if (x.h <= -twoPowEmax1()) hi = -kInf;
    return Iv{lo, hi, true};
  }
  Iv cr(double x) const { return cr(Ex{x, 0}); }

  // Largest value of the type <= x + d (d >= 0), +inf when x + d exceeds the finite range.
  double upperEdge(Ex x, double d) const {
    const double s = x.h + d;
    if (s > f_.max) return kInf;
    double c = floorT(s);
    if (c != -kInf && !diffAtMost(c, x.h, x.l, d)) c = down(c);
    for (;;) {
      const double n = up(c);
      if (!std::isfinite(n) || !diffAtMost(n, x.h, x.l, d)) break;
      c = n;
    }
    return c;
  }
  // Smallest value of the type >= x - d.
  double lowerEdge(Ex x, double d) const { return -upperEdge(Ex{-x.h, -x.l}, d); }
  Iv around(Ex x, double d) const {
    if (!std::isfinite(x.h)) return bad();
    double lo = lowerEdge(x, d), hi = upperEdge(x, d);
    // An allowed real beyond max rounds to max or infinity, beyond 2^(emax+1) to infinity.
    if (x.h - d > f_.max) lo = x.h - d >= twoPowEmax1() ? kInf : f_.max;
    if (x.h + d < -f_.max) hi = x.h + d <= -twoPowEmax1() ? -kInf : -f_.max;
    return Iv{lo, hi, true};
  }
  Iv ulps(Ex x, double n) const { return around(x, n * ulpOf(t_, x.h)); }

  // ---- the rules of the table applied to one point ----------------------------------------
  bool inDomain(const Accuracy& a, const double* args) const {
    switch (a.domain) {
      case DomainKind::All: return true;
      case DomainKind::ArgInterval:
        return args[a.domain_arg] >= a.domain_lo && args[a.domain_arg] <= a.domain_hi;
      case DomainKind::ArgMagnitude: {
        const double m = std::fabs(args[a.domain_arg]);
        return m >= a.domain_lo && m <= a.domain_hi;
      }
      case DomainKind::Atan2: {
        const double m = std::fabs(args[1]), y = std::fabs(args[0]);
        // "y is finite and normal": zero is accepted (see docs/float-modes.md).
        return m >= a.domain_lo && m <= a.domain_hi && std::isfinite(y) &&
               (y == 0 || y >= std::ldexp(1.0, f_.emin));
      }
      case DomainKind::ZeroOrNormal: {
        const double m = std::fabs(args[0]);
        return m == 0 || (std::isfinite(m) && m >= std::ldexp(1.0, f_.emin));
      }
    }
    return false;
  }
  // A non-inherited rule around the exact value x of the operation at args.
  Iv direct(const Accuracy& a, const double* args, Ex x) const {
    if (!std::isfinite(x.h)) return bad();
    switch (a.kind) {
      case AccuracyKind::CorrectlyRounded:
        return inDomain(a, args) ? cr(x) : bad();
      case AccuracyKind::Ulp:
        if (!inDomain(a, args)) return bad();
        return ulps(x, a.ulps + a.ulps_per_abs_x * std::fabs(args[0]));
      case AccuracyKind::AbsoluteError:
        return inDomain(a, args) ? around(x, a.abs_error) : bad();
      case AccuracyKind::AbsoluteInDomainElseUlp:
        return inDomain(a, args) ? around(x, a.abs_error) : ulps(x, a.ulps);
      default: return bad();
    }
  }
  Iv directAt(AccuracyId id, double arg0, double exact) const {
    const double args[3] = {arg0, 0, 0};
    return direct(accuracyOf(id).of(t_), args, Ex{exact, 0});
  }

  // ---- building blocks of the inherited expressions ------------------------------------
  Iv pt(double v) const { return Iv{v, v, std::isfinite(v)}; }
  Iv constant(double c) const { return cr(c); }  // an abstract constant converted to the type
  Iv neg(Iv a) const { return a.ok ? Iv{-a.hi, -a.lo, true} : a; }
  Iv add(Iv a, Iv b) const {
    if (!finiteIv(a) || !finiteIv(b)) return bad();
    double s, e;
    twoSum(a.lo, b.lo, s, e);
    const Iv lo = cr(Ex{s, e});
    twoSum(a.hi, b.hi, s, e);
    const Iv hi = cr(Ex{s, e});
    return check(Iv{lo.lo, hi.hi, lo.ok && hi.ok});
  }
  Iv sub(Iv a, Iv b) const { return add(a, neg(b)); }
  Iv mul(Iv a, Iv b) const {  // products of two values of the type are exact in binary64
    if (!finiteIv(a) || !finiteIv(b)) return bad();
    const double c[4] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
    return check(Iv{cr(*std::min_element(c, c + 4)).lo, cr(*std::max_element(c, c + 4)).hi, true});
  }
  Iv div(Iv a, Iv b) const {
    if (!finiteIv(a) || !finiteIv(b)) return bad();
    const Accuracy& rule = accuracyOf(AccuracyId::Div).of(t_);
    // Every divisor in b must be inside the domain where the 2.5 ULP bound holds.
    const double blo = std::fabs(b.lo), bhi = std::fabs(b.hi);
    if ((b.lo < 0) != (b.hi < 0) || b.lo == 0 || b.hi == 0) return bad();
    if (std::min(blo, bhi) < rule.domain_lo || std::max(blo, bhi) > rule.domain_hi) return bad();
    Iv r{kInf, -kInf, true};
    for (double x : {a.lo, a.hi}) {
      for (double y : {b.lo, b.hi}) {
        const double q = x / y;
        const double rem = std::fma(-q, y, x);  // x - q*y exactly
        const Iv one = ulps(Ex{q, rem / y}, rule.ulps);
        r.lo = std::min(r.lo, one.lo);
        r.hi = std::max(r.hi, one.hi);
      }
    }
    return check(r);
  }
  // Monotone functions of an interval: the hull of the rule's intervals at both ends.
  template <typename F>
  Iv mono(Iv a, F f) const {
    if (!finiteIv(a)) return bad();
    return check(hull(f(a.lo), f(a.hi)));
  }
  Iv check(Iv a) const { return finiteIv(a) ? a : bad(); }

  Iv inverseSqrtAt(double x) const {
    if (!(x > 0)) return bad();
    return check(directAt(AccuracyId::InverseSqrt, x, 1.0 / std::sqrt(x)));
  }
  Iv sqrtAt(double x) const { return div(pt(1.0), inverseSqrtAt(x)); }  // 1.0 / inverseSqrt(x)
  Iv sqrtOf(Iv a) const { return mono(a, [&](double x) { return sqrtAt(x); }); }
  Iv logOf(Iv a) const {
    return mono(a, [&](double x) { return x > 0 ? check(directAt(AccuracyId::Log, x, std::log(x))) : bad(); });
  }
  Iv log2At(double x) const { return x > 0 ? check(directAt(AccuracyId::Log2, x, std::log2(x))) : bad(); }
  Iv expAt(double x) const { return check(directAt(AccuracyId::Exp, x, std::exp(x))); }
  Iv exp2Of(Iv a) const { return mono(a, [&](double x) { return check(directAt(AccuracyId::Exp2, x, std::exp2(x))); }); }
  Iv sinAt(double x) const { return check(directAt(AccuracyId::Sin, x, std::sin(x))); }
  Iv cosAt(double x) const { return check(directAt(AccuracyId::Cos, x, std::cos(x))); }
  Iv atan2Of(Iv y, Iv x) const {
    // Only used with boxes that avoid the branch cut (asin: x >= 0; acos: y >= 0), where
    // atan2 is monotone in each argument, so its extremes are at the corners.
    if (!finiteIv(y) || !finiteIv(x)) return bad();
    const double tiny = std::ldexp(1.0, f_.emin);
    if (y.lo < tiny && y.hi > -tiny && !(y.lo == 0 && y.hi == 0)) return bad();  // subnormal y possible
    const Accuracy& rule = accuracyOf(AccuracyId::Atan2).of(t_);
    Iv r{kInf, -kInf, true};
    for (double yy : {y.lo, y.hi}) {
      for (double xx : {x.lo, x.hi}) {
        const double args[2] = {yy, xx};
        if (!inDomain(rule, args)) return bad();
        if ((xx < 0) != (x.lo < 0)) return bad();
        const Iv one = direct(rule, args, Ex{std::atan2(yy, xx), 0});
        if (!one.ok) return bad();
        r.lo = std::min(r.lo, one.lo);
        r.hi = std::max(r.hi, one.hi);
      }
    }
    return check(r);
  }
  Iv sinhAt(double x) const { return mul(sub(expAt(x), expAt(-x)), pt(0.5)); }
  Iv coshAt(double x) const { return mul(add(expAt(x), expAt(-x)), pt(0.5)); }
  Iv truncOf(Iv a) const { return finiteIv(a) ? Iv{std::trunc(a.lo), std::trunc(a.hi), true} : bad(); }
  Iv clampOf(Iv a, double lo, double hi) const {
    if (!a.ok) return a;
    return Iv{std::min(std::max(a.lo, lo), hi), std::min(std::max(a.hi, lo), hi), true};
  }

  // ---- the inherited-from expressions ----------------------------------------------------
  Iv inherited(AccuracyId id, const double* a) const {
    const double x = a[0];
    switch (id) {
      case AccuracyId::Rem: {  // x - y * trunc(x/y)
        return sub(pt(x), mul(pt(a[1]), truncOf(div(pt(x), pt(a[1])))));
      }
      case AccuracyId::Acos:  // atan2(sqrt(1.0 - x * x), x)
        return atan2Of(sqrtOf(sub(pt(1.0), mul(pt(x), pt(x)))), pt(x));
      case AccuracyId::Asin:  // atan2(x, sqrt(1.0 - x * x))
        return atan2Of(pt(x), sqrtOf(sub(pt(1.0), mul(pt(x), pt(x)))));
      case AccuracyId::Acosh:  // log(x + sqrt(x * x - 1.0))
        return logOf(add(pt(x), sqrtOf(sub(mul(pt(x), pt(x)), pt(1.0)))));
      case AccuracyId::Asinh:  // log(x + sqrt(x * x + 1.0))
        return logOf(add(pt(x), sqrtOf(add(mul(pt(x), pt(x)), pt(1.0)))));
      case AccuracyId::Atanh:  // log( (1.0 + x) / (1.0 - x) ) * 0.5
        return mul(logOf(div(add(pt(1.0), pt(x)), sub(pt(1.0), pt(x)))), pt(0.5));
      case AccuracyId::Cosh: return coshAt(x);
      case AccuracyId::Sinh: return sinhAt(x);
      case AccuracyId::Degrees: return mul(pt(x), constant(57.295779513082322865));
      case AccuracyId::Radians: return mul(pt(x), constant(0.017453292519943295474));
      case AccuracyId::Fma: {  // x * y + z, or fused (at least as accurate)
        const Iv unfused = add(mul(pt(x), pt(a[1])), pt(a[2]));
        const double p = x * a[1];  // exact
        double s, e;
        twoSum(p, a[2], s, e);
        return hull(unfused, check(cr(Ex{s, e})));
      }
      case AccuracyId::Fract: return sub(pt(x), pt(std::floor(x)));
      case AccuracyId::Length: return sqrtOf(mul(pt(x), pt(x)));
      case AccuracyId::Mix:  // x * (1.0 - z) + y * z
        return add(mul(pt(x), sub(pt(1.0), pt(a[2]))), mul(pt(a[1]), pt(a[2])));
      case AccuracyId::Pow:  // exp2(y * log2(x))
        return exp2Of(mul(pt(a[1]), log2At(x)));
      case AccuracyId::Smoothstep: {  // t * t * (3.0 - 2.0 * t), t = clamp((x - e0) / (e1 - e0), 0, 1)
        const Iv tv = clampOf(div(sub(pt(a[2]), pt(a[0])), sub(pt(a[1]), pt(a[0]))), 0.0, 1.0);
        if (!tv.ok) return bad();
        // t is one value: the polynomial is increasing on [0, 1], so evaluate it at both ends.
        auto poly = [&](double t) { return mul(mul(pt(t), pt(t)), sub(pt(3.0), mul(pt(2.0), pt(t)))); };
        return hull(poly(tv.lo), poly(tv.hi));
      }
      case AccuracyId::Sqrt: return sqrtAt(x);
      case AccuracyId::Tan: return div(sinAt(x), cosAt(x));
      case AccuracyId::Tanh: return div(sinhAt(x), coshAt(x));
      default: return bad();
    }
  }

 private:
  FloatType t_;
  const Fmt& f_;
};

// The accurate (reference) value of a scalar operation, in binary64.
double reference(AccuracyId id, FloatType t, const double* a) {
  const double x = a[0];
  switch (id) {
    case AccuracyId::Add: return x + a[1];
    case AccuracyId::Sub: return x - a[1];
    case AccuracyId::Mul: return x * a[1];
    case AccuracyId::Div: return x / a[1];
    case AccuracyId::Rem: return x - a[1] * std::trunc(x / a[1]);
    case AccuracyId::Neg: return -x;
    case AccuracyId::Abs: return std::fabs(x);
    case AccuracyId::Acos: return std::acos(x);
    case AccuracyId::Acosh: return std::acosh(x);
    case AccuracyId::Asin: return std::asin(x);
    case AccuracyId::Asinh: return std::asinh(x);
    case AccuracyId::Atan: return std::atan(x);
    case AccuracyId::Atan2: return std::atan2(x, a[1]);
    case AccuracyId::Atanh: return std::atanh(x);
    case AccuracyId::Ceil: return std::ceil(x);
    case AccuracyId::Clamp: return std::min(std::max(x, a[1]), a[2]);
    case AccuracyId::Cos: return std::cos(x);
    case AccuracyId::Cosh: return std::cosh(x);
    case AccuracyId::Degrees: return x * 57.295779513082322865;
    case AccuracyId::Exp: return std::exp(x);
    case AccuracyId::Exp2: return std::exp2(x);
    case AccuracyId::Floor: return std::floor(x);
    case AccuracyId::Fma: return std::fma(x, a[1], a[2]);
    case AccuracyId::Fract: return x - std::floor(x);
    case AccuracyId::Frexp: {
      int e;
      return std::frexp(x, &e);
    }
    case AccuracyId::InverseSqrt: return 1.0 / std::sqrt(x);
    case AccuracyId::Ldexp: return std::ldexp(x, static_cast<int>(std::max(-2000.0, std::min(2000.0, a[1]))));
    case AccuracyId::Length: return std::fabs(x);
    case AccuracyId::Log: return std::log(x);
    case AccuracyId::Log2: return std::log2(x);
    case AccuracyId::Max: return a[1] > x ? a[1] : x;
    case AccuracyId::Min: return a[1] < x ? a[1] : x;
    case AccuracyId::Mix: return x * (1.0 - a[2]) + a[1] * a[2];
    case AccuracyId::Modf: return x - std::trunc(x);
    case AccuracyId::Pow: return std::pow(x, a[1]);
    case AccuracyId::QuantizeToF16: return x;
    case AccuracyId::Radians: return x * 0.017453292519943295474;
    case AccuracyId::Round: return std::nearbyint(x);
    case AccuracyId::Sign: return x > 0 ? 1.0 : (x < 0 ? -1.0 : 0.0);
    case AccuracyId::Sin: return std::sin(x);
    case AccuracyId::Sinh: return std::sinh(x);
    case AccuracyId::Saturate: return std::min(std::max(x, 0.0), 1.0);
    case AccuracyId::Smoothstep: {
      const double tt = std::min(std::max((a[2] - x) / (a[1] - x), 0.0), 1.0);
      return tt * tt * (3.0 - 2.0 * tt);
    }
    case AccuracyId::Sqrt: return std::sqrt(x);
    case AccuracyId::Step: return x <= a[1] ? 1.0 : 0.0;
    case AccuracyId::Tan: return std::tan(x);
    case AccuracyId::Tanh: return std::tanh(x);
    case AccuracyId::Trunc: return std::trunc(x);
    case AccuracyId::Unpack4x8snorm: return std::max(x / 127.0, -1.0);
    case AccuracyId::Unpack4x8unorm: return x / 255.0;
    case AccuracyId::Unpack2x16snorm: return std::max(x / 32767.0, -1.0);
    case AccuracyId::Unpack2x16unorm: return x / 65535.0;
    case AccuracyId::Unpack2x16float: return x;
    default: (void)t; return std::nan("");
  }
}

}  // namespace

// ---- values --------------------------------------------------------------------------------

double maxFinite(FloatType t) { return fmt(t).max; }

double ulpOf(FloatType t, double x) {
  const Fmt& f = fmt(t);
  const double a = std::fabs(x);
  if (!(a <= f.max)) return std::ldexp(1.0, f.emax - f.p);  // outside the finite range
  if (a == 0) return std::ldexp(1.0, f.emin - f.p);
  const int e = std::ilogb(a);
  if (e < f.emin) return std::ldexp(1.0, f.emin - f.p);
  // At a power of two the closer neighbour is below: its spacing is half the one above.
  if (a == std::ldexp(1.0, e) && e > f.emin) return std::ldexp(1.0, e - 1 - f.p);
  return std::ldexp(1.0, e - f.p);
}

double roundDown(FloatType t, double x) { return Eval(t).floorT(x); }
double roundUp(FloatType t, double x) { return Eval(t).ceilT(x); }

double roundNearest(FloatType t, double x) {
  if (t == FloatType::F32) return static_cast<double>(static_cast<float>(x));
  return static_cast<double>(f32FromF16(f16FromF64(x)));
}

bool isValueOf(FloatType t, double x) {
  if (std::isnan(x)) return false;
  return std::isinf(x) || roundDown(t, x) == x;
}

double nextUp(FloatType t, double v) {
  const Fmt& f = fmt(t);
  if (std::isnan(v) || v == kInf) return v;
  if (v == -kInf) return -f.max;
  if (v >= f.max) return kInf;
  if (v < 0) return -nextDown(t, -v);
  return v + quantum(f, v);
}

double nextDown(FloatType t, double v) {
  const Fmt& f = fmt(t);
  if (std::isnan(v) || v == -kInf) return v;
  if (v == kInf) return f.max;
  if (v <= -f.max) return -kInf;
  if (v <= 0) return -nextUp(t, -v);
  const int e = std::ilogb(v);
  // Below a power of two the spacing is half.
  const double q = (v == std::ldexp(1.0, e) && e > f.emin) ? std::ldexp(1.0, e - 1 - f.p) : quantum(f, v);
  return v - q;
}

int64_t ordinalOf(FloatType t, double v) {
  uint32_t mag;
  if (t == FloatType::F32) {
    mag = bitsOf(static_cast<float>(v)) & 0x7fffffffu;
  } else {
    mag = f16FromF64(v) & 0x7fffu;
  }
  return std::signbit(v) ? -static_cast<int64_t>(mag) : static_cast<int64_t>(mag);
}

double fromOrdinal(FloatType t, int64_t o) {
  const uint32_t mag = static_cast<uint32_t>(o < 0 ? -o : o);
  const double m = t == FloatType::F32 ? static_cast<double>(floatOf(mag))
                                       : static_cast<double>(f32FromF16(static_cast<uint16_t>(mag)));
  return o < 0 ? -m : m;
}

uint64_t mixSeed(uint64_t seed, uint64_t a, uint64_t b) {
  // splitmix64 finaliser over a combination of the three words.
  uint64_t z = seed ^ (a * 0x9e3779b97f4a7c15ull) ^ (b * 0xc2b2ae3d27d4eb4full);
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// ---- allowed results -----------------------------------------------------------------------

namespace {

Allowed finish(FloatType t, double ref, Iv iv) {
  Allowed r;
  r.reference = roundNearest(t, ref);
  if (!iv.ok) {
    r.kind = Allowed::Kind::Unbounded;
    return r;
  }
  r.kind = Allowed::Kind::Interval;
  r.lo = iv.lo;
  r.hi = iv.hi;
  return r;
}

Allowed compute(AccuracyId id, FloatType t, const double* args, const double* exact) {
  const AccuracyRule& rule = accuracyOf(id);
  const Accuracy& acc = rule.of(t);
  Allowed r;
  if (rule.arity == 0) {
    r.kind = Allowed::Kind::NotScalar;
    return r;
  }
  if (acc.kind == AccuracyKind::NotApplicable || acc.kind == AccuracyKind::CorrectResult) {
    r.kind = Allowed::Kind::NotScalar;
    return r;
  }
  for (int i = 0; i < rule.arity; ++i) {
    if (!std::isfinite(args[i])) {
      r.kind = Allowed::Kind::NonFinite;
      r.reference = reference(id, t, args);
      return r;
    }
  }
  const double ref = exact ? *exact : reference(id, t, args);
  if (!std::isfinite(ref)) {
    r.kind = Allowed::Kind::NonFinite;
    r.reference = ref;
    return r;
  }
  if (acc.kind == AccuracyKind::Unbounded) return finish(t, ref, bad());
  const Eval ev(t);
  if (id == AccuracyId::QuantizeToF16) {
    // Correctly rounded to binary16 (either neighbour); outside the finite range of binary16
    // the result is indeterminate.
    if (std::fabs(args[0]) > 65504.0) return finish(t, ref, bad());
    const Eval h(FloatType::F16);
    return finish(t, static_cast<double>(quantizeToF16(static_cast<float>(args[0]))), h.cr(args[0]));
  }
  switch (acc.kind) {
    case AccuracyKind::CorrectlyRounded: {
      if (!ev.inDomain(acc, args)) return finish(t, ref, bad());
      if (exact) return finish(t, ref, ev.cr(Ex{*exact, 0}));
      // Exact references for the operations whose binary64 result may be inexact.
      if (id == AccuracyId::Add || id == AccuracyId::Sub) {
        double s, e;
        twoSum(args[0], id == AccuracyId::Add ? args[1] : -args[1], s, e);
        return finish(t, ref, ev.cr(Ex{s, e}));
      }
      return finish(t, ref, ev.cr(ref));
    }
    case AccuracyKind::Ulp:
    case AccuracyKind::AbsoluteError:
    case AccuracyKind::AbsoluteInDomainElseUlp: {
      Ex x{ref, 0};
      if (id == AccuracyId::Div && !exact) x.l = std::fma(-ref, args[1], args[0]) / args[1];
      return finish(t, ref, ev.direct(acc, args, x));
    }
    case AccuracyKind::Inherited:
      return finish(t, ref, ev.inherited(id, args));
    case AccuracyKind::WorseOfAbsoluteAndInherited: {
      const Iv abs = ev.around(Ex{ref, 0}, acc.abs_error);
      const Iv inh = ev.inherited(id, args);
      if (inh.ok) return finish(t, ref, hull(abs, inh));
      Allowed a = finish(t, ref, abs);
      a.inherited_part_undefined = true;
      return a;
    }
    default: return finish(t, ref, bad());
  }
}

}  // namespace

Allowed allowedResults(AccuracyId id, FloatType t, const double* args) { return compute(id, t, args, nullptr); }

Allowed allowedAround(AccuracyId id, FloatType t, const double* args, double exact) {
  const AccuracyKind k = accuracyOf(id).of(t).kind;
  if (k == AccuracyKind::Inherited || k == AccuracyKind::WorseOfAbsoluteAndInherited)
    return compute(id, t, args, nullptr);
  return compute(id, t, args, &exact);
}

double farEdge(const Allowed& a, Edge e) {
  if (a.kind != Allowed::Kind::Interval) return a.reference;
  return e == Edge::Low ? a.lo : a.hi;
}

double randomIn(const Allowed& a, FloatType t, uint64_t seed) {
  if (a.kind != Allowed::Kind::Interval) return a.reference;
  const int64_t lo = ordinalOf(t, a.lo), hi = ordinalOf(t, a.hi);
  const uint64_t span = static_cast<uint64_t>(hi - lo) + 1;
  const uint64_t pick = mixSeed(seed, 0x5eed) % span;
  const double v = fromOrdinal(t, lo + static_cast<int64_t>(pick));
  // Ordinal 0 stands for both zeros: keep the sign of the interval's side.
  return v == 0 && a.hi <= 0 ? -0.0 : v;
}

}  // namespace wgsl::math
