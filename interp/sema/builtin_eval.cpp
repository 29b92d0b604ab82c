// Shader-creation-time evaluation of the @const built-in functions (see builtin_eval.h).
//
// Spec: shared/spec/wgsl.bs, section "Built-in Functions" (bit reinterpretation, logical,
// numeric, packing and unpacking built-ins), with the rules of "Floating Point Evaluation":
//
// * Floating point results are computed in double precision from the exact argument values and
//   then rounded to nearest (ties to even) in the result type. For f32 and f16 this is at least
//   as accurate as every bound in "Accuracy of Concrete Floating Point Expressions" (correctly
//   rounded functions stay correctly rounded: double rounding through binary64 is innocuous for
//   the basic operations on f32/f16 operands, and the remaining functions have looser bounds or
//   an inherited accuracy the double computation meets). AbstractFloat is binary64 itself.
// * "A shader-creation error results if any const-expression of floating-point type overflows or
//   evaluates to NaN or infinity" (Finite Math Assumption): every float result that is not a
//   finite value of its type after rounding is an error. Between MAX(T) and 2^(EMAX(T)+1) the
//   spec allows either rounding direction; we round to nearest, like const_eval.cpp.
// * Explicit domains ("Scalar domain" rows: acos, asin, acosh, atanh, inverseSqrt, log, log2,
//   sqrt, pow) and the explicit const-expression errors of clamp, extractBits, insertBits, ldexp,
//   quantizeToF16, smoothstep, pack2x16float and normalize are shader-creation errors. Domains
//   "implied from linear terms" only exclude infinite operands, which a const-expression never
//   has; an overflow of such a formula shows up as a non-finite result.
// * Concrete integer arithmetic wraps modulo 2^32 ("Integer Types"); AbstractInt "must not
//   overflow", so an AbstractInt result outside 64 bits is an error.

#include "interp/sema/builtin_eval.h"

#include <fmt/format.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <unordered_map>

#include "interp/ast/literals.h"

namespace wgsl::sema {

namespace {

constexpr int64_t kI32Min = -2147483648LL;
constexpr int64_t kI32Max = 2147483647LL;
constexpr int64_t kU32Max = 4294967295LL;
constexpr double kF16Max = 65504.0;

using Scalars = std::vector<ConstValue>;
// Evaluates one component: the scalar arguments, and the scalar result type.
using ScalarFn = std::function<Eval(const Scalars&, const Type*)>;

std::string typeName(const Type* t) { return t ? t->name() : std::string("?"); }

// `name(a, b, c)` with the WGSL-like spelling of the values, for messages.
std::string callText(BuiltinFn fn, const Scalars& args) {
  std::string s = std::string(builtinFnName(fn)) + "(";
  for (size_t k = 0; k < args.size(); ++k) s += (k ? ", " : "") + args[k].toString();
  return s + ")";
}

// The i32 value with the bit pattern of the low 32 bits of `v` (two's complement wrapping).
int64_t wrapI32(uint64_t v) {
  const uint32_t low = static_cast<uint32_t>(v);
  return low >= 0x80000000u ? static_cast<int64_t>(low) - 4294967296LL : static_cast<int64_t>(low);
}
// A 32-bit concrete integer value (i32 or u32) from its bit pattern.
ConstValue intFromBits(const Type* t, uint32_t bits) {
  return ConstValue::makeInt(t, t->kind == TypeKind::I32 ? wrapI32(bits) : static_cast<int64_t>(bits));
}


// Rounds `x` (the double-precision value of the function) to `t` and applies the Finite Math
// Assumption.
Eval floatResult(BuiltinFn fn, const Scalars& args, const Type* t, double x) {
  const double r = std::isfinite(x) ? roundToType(t->kind, x) : x;
  if (!std::isfinite(r)) {
    return Eval::fail(fmt::format("the result of {} is not a finite {} value in a const-expression",
                                  callText(fn, args), typeName(t)));
  }
  return Eval::ok(ConstValue::makeFloat(t, r));
}

Eval domainError(BuiltinFn fn, const Scalars& args, const std::string& rule) {
  return Eval::fail(fmt::format("{} is evaluated outside the domain of {} in a const-expression: {}",
                                callText(fn, args), builtinFnName(fn), rule));
}

Eval notEvaluable(BuiltinFn fn, const std::vector<ConstValue>& args) {
  std::string types;
  for (size_t k = 0; k < args.size(); ++k) types += (k ? ", " : "") + typeName(args[k].type);
  return Eval::fail(fmt::format("cannot evaluate {} for arguments ({})", builtinFnName(fn), types));
}

// Bits of floating point values (section "Internal Layout of Values": IEEE-754 binary32 and
// binary16).
uint32_t f32Bits(double v) {
  const float f = static_cast<float>(v);
  uint32_t u = 0;
  std::memcpy(&u, &f, sizeof u);
  return u;
}
double f32FromBits(uint32_t u) {
  float f = 0;
  std::memcpy(&f, &u, sizeof f);
  return static_cast<double>(f);
}
// `v` must be a binary16 value (or an infinity).
uint16_t f16Bits(double v) {
  const uint16_t sign = std::signbit(v) ? 0x8000 : 0;
  const double a = std::fabs(v);
  if (a == 0) return sign;
  if (std::isinf(a)) return static_cast<uint16_t>(sign | 0x7c00);
  if (a < std::ldexp(1.0, -14)) {  // subnormal: a = T * 2^-24
    return static_cast<uint16_t>(sign | static_cast<uint16_t>(std::ldexp(a, 24)));
  }
  int e = 0;
  const double m = std::frexp(a, &e);  // a = m * 2^e, m in [0.5, 1): a = 1.f * 2^(e-1)
  const auto biased = static_cast<uint16_t>(e - 1 + 15);
  const auto frac = static_cast<uint16_t>(std::ldexp(m * 2 - 1, 10));
  return static_cast<uint16_t>(sign | (biased << 10) | frac);
}
// "Floating point interpretation of bits" for binary16.
double f16FromBits(uint16_t h) {
  const bool neg = (h & 0x8000) != 0;
  const int e = (h >> 10) & 0x1f;
  const int t = h & 0x3ff;
  double r = 0;
  if (e == 31) {
    r = t == 0 ? std::numeric_limits<double>::infinity() : std::numeric_limits<double>::quiet_NaN();
  } else if (e == 0) {
    r = std::ldexp(static_cast<double>(t), -24);
  } else {
    r = std::ldexp(static_cast<double>(1024 + t), e - 25);
  }
  return neg ? -r : r;
}

std::string hex32(uint32_t v) { return fmt::format("0x{:08x}", v); }

// Round to nearest integer, ties to even ("round").
double roundHalfEven(double x) {
  const double f = std::floor(x);
  const double diff = x - f;  // exact
  if (diff > 0.5) return f + 1;
  if (diff < 0.5) return f;
  return std::fmod(f, 2.0) == 0 ? f : f + 1;
}

// ---------------------------------------------------------------------------------------------
// Component-wise application.

// Applies `op` to each component: vector arguments are iterated, scalar arguments broadcast
// (e.g. the scalar blend factor of mix, the offset and count of extractBits).
Eval componentWise(TypeTable& types, BuiltinFn fn, const std::vector<ConstValue>& args,
                   const Type* result, const ScalarFn& op) {
  size_t n = 0;
  for (const auto& a : args) {
    if (a.type != nullptr && a.type->isVector()) {
      n = a.elements.size();
      break;
    }
  }
  const Type* comp = result != nullptr && result->isVector() ? result->elem : result;
  if (n == 0) {
    if (comp == nullptr) comp = args.empty() ? nullptr : args[0].type;
    return op(args, comp);
  }
  if (comp == nullptr) comp = args[0].type->scalarOf();
  std::vector<ConstValue> out;
  out.reserve(n);
  for (size_t k = 0; k < n; ++k) {
    Scalars s;
    s.reserve(args.size());
    for (const auto& a : args) {
      if (a.type->isVector()) {
        if (a.elements.size() != n) return notEvaluable(fn, args);
        s.push_back(a.elements[k]);
      } else {
        s.push_back(a);
      }
    }
    Eval e = op(s, comp);
    if (!e.value) return e;
    out.push_back(std::move(*e.value));
  }
  const Type* vt = result != nullptr && result->isVector() && result->width == n
                       ? result
                       : types.vec(static_cast<uint32_t>(n), out[0].type);
  return Eval::ok(ConstValue::makeComposite(vt, std::move(out)));
}

bool allFloat(const Scalars& s) {
  return std::all_of(s.begin(), s.end(), [](const ConstValue& v) { return v.type && v.type->isFloatScalar(); });
}
bool allConcreteInt(const Scalars& s) {
  return std::all_of(s.begin(), s.end(), [](const ConstValue& v) {
    return v.type && (v.type->kind == TypeKind::I32 || v.type->kind == TypeKind::U32);
  });
}

// ---------------------------------------------------------------------------------------------
// Float functions of one, two and three scalars (section "Numeric Built-in Functions").

Eval floatScalar(BuiltinFn fn, const Scalars& s, const Type* t) {
  if (!allFloat(s) || t == nullptr || !t->isFloatScalar()) return notEvaluable(fn, s);
  auto res = [&](double r) { return floatResult(fn, s, t, r); };
  auto dom = [&](const std::string& rule) { return domainError(fn, s, rule); };
  const double x = s[0].f;

  if (s.size() == 1) {
    if (fn == BuiltinFn::Abs) return res(std::fabs(x));
    if (fn == BuiltinFn::Acos) return x < -1 || x > 1 ? dom("the argument must be in [-1, 1]") : res(std::acos(x));
    if (fn == BuiltinFn::Asin) return x < -1 || x > 1 ? dom("the argument must be in [-1, 1]") : res(std::asin(x));
    if (fn == BuiltinFn::Acosh) return x < 1 ? dom("the argument must be in [1, +inf]") : res(std::acosh(x));
    // atanh(+-1) is infinite: a non-finite result.
    if (fn == BuiltinFn::Atanh) return x < -1 || x > 1 ? dom("the argument must be in [-1, 1]") : res(std::atanh(x));
    if (fn == BuiltinFn::Asinh) return res(std::asinh(x));
    if (fn == BuiltinFn::Atan) return res(std::atan(x));
    if (fn == BuiltinFn::Ceil) return res(std::ceil(x));
    if (fn == BuiltinFn::Floor) return res(std::floor(x));
    if (fn == BuiltinFn::Trunc) return res(std::trunc(x));
    if (fn == BuiltinFn::Round) return res(roundHalfEven(x));
    if (fn == BuiltinFn::Cos) return res(std::cos(x));
    if (fn == BuiltinFn::Sin) return res(std::sin(x));
    if (fn == BuiltinFn::Tan) return res(std::tan(x));
    if (fn == BuiltinFn::Cosh) return res(std::cosh(x));
    if (fn == BuiltinFn::Sinh) return res(std::sinh(x));
    if (fn == BuiltinFn::Tanh) return res(std::tanh(x));
    if (fn == BuiltinFn::Exp) return res(std::exp(x));
    if (fn == BuiltinFn::Exp2) return res(std::exp2(x));
    // The spec's constants: "Inherited from x * 57.295779513082322865" / "x * 0.017453292519943295474".
    if (fn == BuiltinFn::Degrees) return res(x * 57.295779513082322865);
    if (fn == BuiltinFn::Radians) return res(x * 0.017453292519943295474);
    // "Returns the fractional part of e, computed as e - floor(e)" (exact in double; rounding to
    // f32/f16 may give 1.0 for tiny negative e, which the spec allows).
    if (fn == BuiltinFn::Fract) return res(x - std::floor(x));
    // log(0) and inverseSqrt(0) are infinite (division by zero): non-finite results.
    if (fn == BuiltinFn::Sqrt) return x < 0 ? dom("the argument must be in [0, +inf]") : res(std::sqrt(x));
    if (fn == BuiltinFn::InverseSqrt) return x < 0 ? dom("the argument must be in [0, +inf]") : res(1.0 / std::sqrt(x));
    if (fn == BuiltinFn::Log) return x < 0 ? dom("the argument must be in [0, +inf]") : res(std::log(x));
    if (fn == BuiltinFn::Log2) return x < 0 ? dom("the argument must be in [0, +inf]") : res(std::log2(x));
    if (fn == BuiltinFn::Saturate) return res(std::min(std::max(x, 0.0), 1.0));
    // "1 when e > 0, 0 when e = 0, -1 when e < 0" (sign(-0.0) is +0.0 here).
    if (fn == BuiltinFn::Sign) return res(x > 0 ? 1.0 : (x < 0 ? -1.0 : 0.0));
    if (fn == BuiltinFn::QuantizeToF16) {
      if (t->kind != TypeKind::F32) return notEvaluable(fn, s);
      // "If e is outside the finite range of binary16, then: It is a shader-creation error".
      if (std::fabs(x) > kF16Max) {
        return Eval::fail(fmt::format("{}: the argument is outside the finite range of f16 in a const-expression",
                                      callText(fn, s)));
      }
      return res(ast::roundToF16(x));
    }
  } else if (s.size() == 2) {
    const double y = s[1].f;
    if (fn == BuiltinFn::Atan2) return res(std::atan2(x, y));  // atan2(y, x): x is the first argument here
    if (fn == BuiltinFn::Max) return res(x < y ? y : x);       // "Returns e2 if e1 is less than e2, and e1 otherwise"
    if (fn == BuiltinFn::Min) return res(y < x ? y : x);       // "Returns e2 if e2 is less than e1, and e1 otherwise"
    if (fn == BuiltinFn::Step) return res(x <= y ? 1.0 : 0.0);  // "Returns 1.0 if edge <= x, and 0.0 otherwise"
    if (fn == BuiltinFn::Pow) {
      // Domain: x >= 0 (x < 0 excluded). pow(0, y) with y <= 0 is exp2(y * log2(0)), which is
      // infinite (y < 0) or NaN (y = 0, 0 * -inf): both errors, as the CTS expects.
      if (x < 0) return dom("the base must not be negative");
      if (x == 0 && y <= 0) return dom("pow(0, y) requires y > 0");
      return res(std::pow(x, y));
    }
  } else if (s.size() == 3) {
    const double y = s[1].f, z = s[2].f;
    if (fn == BuiltinFn::Clamp) {
      if (y > z) {
        return Eval::fail(fmt::format("{}: low {} is greater than high {} in a const-expression", callText(fn, s),
                                      s[1].toString(), s[2].toString()));
      }
      return res(std::min(std::max(x, y), z));
    }
    if (fn == BuiltinFn::Fma) return res(std::fma(x, y, z));
    if (fn == BuiltinFn::Mix) {
      // Accuracy "Inherited from e1 * (1 - e3) + e2 * e3": each step is a floating point operation
      // of T, and an intermediate result that overflows T makes the const-expression an error
      // ("Floating Point Rounding and Overflow").
      const double c1 = roundToType(t->kind, 1.0 - z), a1 = roundToType(t->kind, x * c1),
                   b1 = roundToType(t->kind, y * z);
      if (!std::isfinite(c1) || !std::isfinite(a1) || !std::isfinite(b1)) {
        return Eval::fail(fmt::format("{}: an intermediate result of e1 * (1 - e3) + e2 * e3 is not a finite {} value "
                                      "in a const-expression",
                                      callText(fn, s), typeName(t)));
      }
      return res(a1 + b1);
    }
    if (fn == BuiltinFn::Smoothstep) {
      // "If edge0 = edge1: It is a shader-creation error if edge0 and edge1 are const-expressions."
      if (x == y) {
        return Eval::fail(
            fmt::format("{}: edge0 equals edge1 in a const-expression (division by zero)", callText(fn, s)));
      }
      const double q = (z - x) / (y - x);
      if (std::isnan(q)) return floatResult(fn, s, t, q);
      const double tc = std::min(std::max(q, 0.0), 1.0);
      return res(tc * tc * (3.0 - 2.0 * tc));
    }
  }
  return notEvaluable(fn, s);
}

// abs, clamp, max, min, sign on AbstractInt, i32, u32.
Eval intScalar(BuiltinFn fn, const Scalars& s, const Type* t) {
  const Type* st = s[0].type;
  for (const auto& v : s) {
    if (v.type != st || !st->isIntegerScalar()) return notEvaluable(fn, s);
  }
  const int64_t x = s[0].i;
  auto res = [&](int64_t r) { return Eval::ok(ConstValue::makeInt(t, r)); };
  if (s.size() == 1 && fn == BuiltinFn::Abs) {
    if (st->kind == TypeKind::U32) return res(x);
    if (st->kind == TypeKind::I32) return res(x == kI32Min ? x : std::llabs(x));  // "the result is e"
    // "If e is a signed integer scalar type and evaluates to the largest negative value, then
    // the result is e": AbstractInt too (Tint agrees).
    if (x == std::numeric_limits<int64_t>::min()) return res(x);
    return res(std::llabs(x));
  }
  if (s.size() == 1 && fn == BuiltinFn::Sign) {
    if (st->kind == TypeKind::U32) return notEvaluable(fn, s);
    return res(x > 0 ? 1 : (x < 0 ? -1 : 0));
  }
  if (s.size() == 2 && fn == BuiltinFn::Max) return res(std::max(x, s[1].i));
  if (s.size() == 2 && fn == BuiltinFn::Min) return res(std::min(x, s[1].i));
  if (s.size() == 3 && fn == BuiltinFn::Clamp) {
    if (s[1].i > s[2].i) {
      return Eval::fail(fmt::format("{}: low {} is greater than high {} in a const-expression", callText(fn, s),
                                    s[1].toString(), s[2].toString()));
    }
    return res(std::min(std::max(x, s[1].i), s[2].i));
  }
  return notEvaluable(fn, s);
}

Eval numericScalar(BuiltinFn fn, const Scalars& s, const Type* t) {
  if (!s.empty() && s[0].type != nullptr && s[0].type->isIntegerScalar()) return intScalar(fn, s, t);
  return floatScalar(fn, s, t);
}

// ---------------------------------------------------------------------------------------------
// Bit manipulation on 32-bit integers (T is i32, u32 or vectors of them).

int highestSetBit(uint32_t v) {
  int r = -1;
  for (int k = 0; k < 32; ++k) {
    if ((v >> k) & 1u) r = k;
  }
  return r;
}
int lowestSetBit(uint32_t v) {
  for (int k = 0; k < 32; ++k) {
    if ((v >> k) & 1u) return k;
  }
  return -1;
}

Eval bitScalar(BuiltinFn fn, const Scalars& s, const Type* t) {
  if (s.empty() || !allConcreteInt({s[0]}) || t == nullptr || t != s[0].type) return notEvaluable(fn, s);
  const auto e = static_cast<uint32_t>(s[0].i);
  const bool is_signed = t->kind == TypeKind::I32;
  auto res = [&](uint32_t bits) { return Eval::ok(intFromBits(t, bits)); };

  if (s.size() == 1) {
    if (fn == BuiltinFn::CountLeadingZeros) return res(static_cast<uint32_t>(31 - highestSetBit(e)));  // 32 for 0
    if (fn == BuiltinFn::CountTrailingZeros) return res(e == 0 ? 32u : static_cast<uint32_t>(lowestSetBit(e)));
    if (fn == BuiltinFn::CountOneBits) {
      uint32_t n = 0;
      for (uint32_t v = e; v != 0; v &= v - 1) ++n;
      return res(n);
    }
    if (fn == BuiltinFn::ReverseBits) {
      // "The bit at position k of the result equals the bit at position 31 - k of e."
      uint32_t r = 0;
      for (int k = 0; k < 32; ++k) r |= ((e >> (31 - k)) & 1u) << k;
      return res(r);
    }
    if (fn == BuiltinFn::FirstTrailingBit) return res(static_cast<uint32_t>(lowestSetBit(e)));  // T(-1) for 0
    if (fn == BuiltinFn::FirstLeadingBit) {
      if (!is_signed) return res(static_cast<uint32_t>(highestSetBit(e)));  // T(-1) for 0
      // Signed: -1 for 0 and -1, else the most significant bit that differs from the sign bit.
      if (e == 0 || e == 0xffffffffu) return res(0xffffffffu);
      return res(static_cast<uint32_t>(highestSetBit((e & 0x80000000u) ? ~e : e)));
    }
    return notEvaluable(fn, s);
  }

  // extractBits(e, offset, count), insertBits(e, newbits, offset, count).
  const bool extract = fn == BuiltinFn::ExtractBits && s.size() == 3;
  const bool insert = fn == BuiltinFn::InsertBits && s.size() == 4;
  if (!extract && !insert) return notEvaluable(fn, s);
  const ConstValue& offset_v = s[extract ? 1 : 2];
  const ConstValue& count_v = s[extract ? 2 : 3];
  if (offset_v.type->kind != TypeKind::U32 || count_v.type->kind != TypeKind::U32) return notEvaluable(fn, s);
  if (insert && s[1].type != t) return notEvaluable(fn, s);
  // "If count + offset is greater than w, then: It is a shader-creation error if count and
  // offset are const-expressions." (the sum is taken mathematically, without u32 wrapping)
  const uint64_t offset = static_cast<uint64_t>(offset_v.i);
  const uint64_t count = static_cast<uint64_t>(count_v.i);
  if (offset + count > 32) {
    return Eval::fail(fmt::format("{}: offset {} + count {} is greater than the bit width 32 in a const-expression",
                                  callText(fn, s), offset_v.toString(), count_v.toString()));
  }
  const auto o = static_cast<uint32_t>(offset);
  const auto c = static_cast<uint32_t>(count);
  const uint32_t low_mask = c == 32 ? 0xffffffffu : ((1u << c) - 1u);
  if (extract) {
    if (c == 0) return res(0);
    uint32_t r = (e >> o) & low_mask;
    // Signed: "Other bits of the result are the same as bit c - 1 of the result."
    if (is_signed && c < 32 && ((r >> (c - 1)) & 1u)) r |= ~low_mask;
    return res(r);
  }
  if (c == 0) return res(e);
  const uint32_t mask = low_mask << o;
  const auto newbits = static_cast<uint32_t>(s[1].i);
  return res((e & ~mask) | ((newbits << o) & mask));
}

// ---------------------------------------------------------------------------------------------
// Vector functions.

bool isFloatVector(const ConstValue& v) {
  return v.type != nullptr && v.type->isVector() && v.type->elem->isFloatScalar();
}
std::vector<double> floats(const ConstValue& v) {
  std::vector<double> r;
  for (const auto& c : v.elements) r.push_back(c.f);
  return r;
}
Eval floatVector(TypeTable& types, BuiltinFn fn, const Scalars& args, const Type* result,
                 const std::vector<double>& values) {
  const Type* elem = result != nullptr && result->isVector() ? result->elem : args[0].type->scalarOf();
  std::vector<ConstValue> out;
  for (double x : values) {
    Eval e = floatResult(fn, args, elem, x);
    if (!e.value) return e;
    out.push_back(std::move(*e.value));
  }
  const Type* vt = result != nullptr && result->isVector() ? result : types.vec(static_cast<uint32_t>(out.size()), elem);
  return Eval::ok(ConstValue::makeComposite(vt, std::move(out)));
}

// Sum of x[i] * y[i] in double (products of f32/f16 values are exact there).
double dotDouble(const std::vector<double>& x, const std::vector<double>& y) {
  double sum = 0;
  for (size_t k = 0; k < x.size() && k < y.size(); ++k) sum += x[k] * y[k];
  return sum;
}

// The Euclidean length, scaled so that AbstractFloat components do not overflow or underflow in
// the squares.
double euclidean(const std::vector<double>& x) {
  double m = 0;
  for (double v : x) m = std::max(m, std::fabs(v));
  if (m == 0 || !std::isfinite(m)) return m;
  const double plain = dotDouble(x, x);
  if (std::isfinite(plain) && plain >= std::ldexp(1.0, -900)) return std::sqrt(plain);
  double sum = 0;
  for (double v : x) sum += (v / m) * (v / m);
  return m * std::sqrt(sum);
}

// length, distance and normalize of a vector are sqrt(e[0]^2 + e[1]^2 + ...) (section
// "Geometric Built-in Functions"): each square and partial sum is a value of the component type
// and must be finite in a const-expression (as Tint evaluates them). Empty string: all finite.
std::string sumOfSquaresOverflow(const Type* t, const std::vector<double>& d) {
  double sum = 0;
  for (double v : d) {
    const double vt = roundToType(t->kind, v);
    const double sq = roundToType(t->kind, vt * vt);
    if (!std::isfinite(vt) || !std::isfinite(sq)) {
      return fmt::format("{} * {} is not a finite {} value", v, v, typeName(t));
    }
    const double next = roundToType(t->kind, sum + sq);
    if (!std::isfinite(next)) return fmt::format("the sum of the squares is not a finite {} value", typeName(t));
    sum = next;
  }
  return {};
}

Eval evalDot(BuiltinFn fn, const Scalars& args, const Type* result) {
  const ConstValue& a = args[0];
  const ConstValue& b = args[1];
  if (!a.type->isVector() || a.type != b.type || a.elements.size() != b.elements.size()) {
    return notEvaluable(fn, args);
  }
  const Type* elem = a.type->elem;
  const Type* t = result != nullptr ? result : elem;
  if (elem->isFloatScalar()) return floatResult(fn, args, t, dotDouble(floats(a), floats(b)));
  if (elem->kind == TypeKind::AbstractInt) {
    // Exact: an AbstractInt evaluation "must not overflow".
    __int128 sum = 0;
    bool overflow = false;
    for (size_t k = 0; k < a.elements.size(); ++k) {
      const __int128 p = static_cast<__int128>(a.elements[k].i) * static_cast<__int128>(b.elements[k].i);
      if (__builtin_add_overflow(sum, p, &sum)) overflow = true;
    }
    if (overflow || sum > std::numeric_limits<int64_t>::max() || sum < std::numeric_limits<int64_t>::min()) {
      return Eval::fail(fmt::format("AbstractInt overflow in a const-expression: {} does not fit in 64 bits",
                                    callText(fn, args)));
    }
    return Eval::ok(ConstValue::makeInt(t, static_cast<int64_t>(sum)));
  }
  if (elem->kind == TypeKind::I32 || elem->kind == TypeKind::U32) {
    // Concrete integer arithmetic wraps modulo 2^32.
    uint64_t sum = 0;
    for (size_t k = 0; k < a.elements.size(); ++k) {
      sum += static_cast<uint64_t>(a.elements[k].i) * static_cast<uint64_t>(b.elements[k].i);
    }
    return Eval::ok(intFromBits(t, static_cast<uint32_t>(sum)));
  }
  return notEvaluable(fn, args);
}

double determinantOf(const std::vector<std::vector<double>>& m) {
  const size_t n = m.size();
  if (n == 1) return m[0][0];
  if (n == 2) return m[0][0] * m[1][1] - m[1][0] * m[0][1];
  // Cofactor expansion along the first column (the determinant of the transpose is the same).
  double det = 0;
  for (size_t i = 0; i < n; ++i) {
    std::vector<std::vector<double>> minor;
    for (size_t c = 1; c < n; ++c) {
      std::vector<double> col;
      for (size_t r = 0; r < n; ++r) {
        if (r != i) col.push_back(m[c][r]);
      }
      minor.push_back(std::move(col));
    }
    const double term = m[0][i] * determinantOf(minor);
    det += (i % 2 == 0) ? term : -term;
  }
  return det;
}

// frexp / modf: the result structure (members fract, exp / fract, whole).
Eval evalFrexpModf(TypeTable& types, BuiltinFn fn, const ConstValue& e, const Type* result) {
  if (result == nullptr || !result->isStruct() || result->members.size() != 2 || e.type == nullptr ||
      e.type->scalarOf() == nullptr || !e.type->scalarOf()->isFloatScalar()) {
    return notEvaluable(fn, {e});
  }
  const Type* first_t = result->members[0].type;
  const Type* second_t = result->members[1].type;
  const bool frexp = fn == BuiltinFn::Frexp;
  auto one = [&](const ConstValue& c, const Type* ft, const Type* st, ConstValue& first, ConstValue& second) -> Eval {
    const double x = c.f;
    if (frexp) {
      // Zero: fraction zero (and exponent 0). Non-zero: fraction in [0.5, 1) or (-1, -0.5].
      int exp = 0;
      const double fr = x == 0 ? x : std::frexp(x, &exp);
      Eval f = floatResult(fn, {c}, ft, fr);
      if (!f.value) return f;
      first = *f.value;
      second = ConstValue::makeInt(st, exp);
      return f;
    }
    // "The whole part is trunc(e), and the fractional part is e - trunc(e)."
    const double whole = std::trunc(x);
    Eval f = floatResult(fn, {c}, ft, x - whole);
    if (!f.value) return f;
    Eval w = floatResult(fn, {c}, st, whole);
    if (!w.value) return w;
    first = *f.value;
    second = *w.value;
    return f;
  };
  ConstValue first, second;
  if (e.type->isScalar()) {
    Eval r = one(e, first_t, second_t, first, second);
    if (!r.value) return r;
  } else {
    if (!first_t->isVector() || !second_t->isVector()) return notEvaluable(fn, {e});
    std::vector<ConstValue> fs, ss;
    for (const auto& c : e.elements) {
      ConstValue f, s;
      Eval r = one(c, first_t->elem, second_t->elem, f, s);
      if (!r.value) return r;
      fs.push_back(std::move(f));
      ss.push_back(std::move(s));
    }
    first = ConstValue::makeComposite(first_t, std::move(fs));
    second = ConstValue::makeComposite(second_t, std::move(ss));
  }
  (void)types;
  return Eval::ok(ConstValue::makeComposite(result, {first, second}));
}

// ldexp(e1, e2): e1 * 2^e2, with "If e2 > bias + 1: It is a shader-creation error".
Eval ldexpScalar(BuiltinFn fn, const Scalars& s, const Type* t) {
  if (s.size() != 2 || !s[0].type->isFloatScalar() || !s[1].type->isIntegerScalar() || t == nullptr ||
      !t->isFloatScalar()) {
    return notEvaluable(fn, s);
  }
  const int64_t bias = t->kind == TypeKind::F16 ? 15 : (t->kind == TypeKind::F32 ? 127 : 1023);
  const int64_t e2 = s[1].i;
  if (e2 > bias + 1) {
    return Eval::fail(fmt::format("{}: the exponent {} is greater than {} (the {} exponent bias + 1) in a "
                                  "const-expression",
                                  callText(fn, s), s[1].toString(), bias + 1, typeName(t)));
  }
  // Below -2200 every finite value of every type underflows to zero, in double as in T.
  const int e = static_cast<int>(std::max<int64_t>(e2, -2200));
  return floatResult(fn, s, t, std::ldexp(s[0].f, e));
}

// ---------------------------------------------------------------------------------------------
// Bit reinterpretation (bitcast).

// Appends the bits of a concrete scalar as 16-bit halves, least significant first ("Internal
// Layout of Values": little-endian, vector components in order).
void appendBits(const ConstValue& v, std::vector<uint16_t>& out) {
  if (v.type->kind == TypeKind::F16) {
    out.push_back(f16Bits(v.f));
    return;
  }
  const uint32_t bits = v.type->kind == TypeKind::F32 ? f32Bits(v.f) : static_cast<uint32_t>(v.i);
  out.push_back(static_cast<uint16_t>(bits & 0xffffu));
  out.push_back(static_cast<uint16_t>(bits >> 16));
}

Eval evalBitcast(TypeTable& types, BuiltinFn fn, const ConstValue& arg, const Type* result) {
  if (result == nullptr || result->scalarOf() == nullptr || arg.type == nullptr || arg.type->scalarOf() == nullptr) {
    return notEvaluable(fn, {arg});
  }
  const Type* src_elem = arg.type->scalarOf();
  const Type* dst_elem = result->scalarOf();
  if (arg.type == result) return Eval::ok(arg);  // "Identity transform."

  ConstValue src = arg;
  if (src_elem->kind == TypeKind::AbstractInt) {
    // bitcast<u32>(AbstractInt): "The identity operation if e can be represented as u32,
    // otherwise it produces a shader-creation error. That is, produces the same result as
    // u32(e)." Any other AbstractInt source is first converted to i32 (its automatic
    // conversion of lowest rank).
    const Type* to = dst_elem->kind == TypeKind::U32 ? types.u32() : types.i32();
    auto convertOne = [&](const ConstValue& c) -> Eval {
      if (c.i < (to->kind == TypeKind::U32 ? 0 : kI32Min) || c.i > (to->kind == TypeKind::U32 ? kU32Max : kI32Max)) {
        return Eval::fail(fmt::format("bitcast<{}>({}): the AbstractInt value {} is not representable as {} in a "
                                      "const-expression",
                                      typeName(result), arg.toString(), c.toString(), typeName(to)));
      }
      return Eval::ok(ConstValue::makeInt(to, c.i));
    };
    if (src.type->isScalar()) {
      Eval c = convertOne(src);
      if (!c.value) return c;
      src = *c.value;
    } else {
      std::vector<ConstValue> comps;
      for (const auto& c : src.elements) {
        Eval r = convertOne(c);
        if (!r.value) return r;
        comps.push_back(*r.value);
      }
      src = ConstValue::makeComposite(types.vec(src.type->width, to), std::move(comps));
    }
    if (src.type == result) return Eval::ok(src);
  } else if (src_elem->kind == TypeKind::AbstractFloat) {
    Eval c = convertAutomatic(types, src, types.withScalar(src.type, types.f32()));
    if (!c.value) return c;
    src = *c.value;
    if (src.type == result) return Eval::ok(src);
  }

  std::vector<uint16_t> halves;
  if (src.type->isScalar()) {
    appendBits(src, halves);
  } else if (src.type->isVector()) {
    for (const auto& c : src.elements) appendBits(c, halves);
  } else {
    return notEvaluable(fn, {arg});
  }
  const size_t dst_count = result->isVector() ? result->width : 1;
  const size_t dst_halves = dst_elem->kind == TypeKind::F16 ? 1 : 2;
  if (!(result->isScalar() || result->isVector()) || dst_count * dst_halves != halves.size()) {
    return notEvaluable(fn, {arg});
  }
  std::vector<ConstValue> comps;
  for (size_t k = 0; k < dst_count; ++k) {
    double fv = 0;
    ConstValue c;
    if (dst_elem->kind == TypeKind::F16) {
      fv = f16FromBits(halves[k]);
      c = ConstValue::makeFloat(dst_elem, fv);
    } else {
      const uint32_t bits = static_cast<uint32_t>(halves[2 * k]) | (static_cast<uint32_t>(halves[2 * k + 1]) << 16);
      if (dst_elem->kind == TypeKind::F32) {
        fv = f32FromBits(bits);
        c = ConstValue::makeFloat(dst_elem, fv);
      } else if (dst_elem->kind == TypeKind::I32 || dst_elem->kind == TypeKind::U32) {
        c = intFromBits(dst_elem, bits);
      } else {
        return notEvaluable(fn, {arg});
      }
    }
    if (dst_elem->isFloatScalar() && !std::isfinite(fv)) {
      return Eval::fail(fmt::format("bitcast<{}>({}) produces {} (not finite) in component {} in a const-expression",
                                    typeName(result), arg.toString(), std::isnan(fv) ? "NaN" : "an infinity", k));
    }
    comps.push_back(std::move(c));
  }
  if (result->isScalar()) return Eval::ok(comps[0]);
  return Eval::ok(ConstValue::makeComposite(result, std::move(comps)));
}

// ---------------------------------------------------------------------------------------------
// Packing and unpacking (sections "Data Packing Built-in Functions" and "Data Unpacking Built-in
// Functions").

Eval evalPack(TypeTable& types, BuiltinFn fn, const ConstValue& e) {
  if (e.type == nullptr || !e.type->isVector()) return notEvaluable(fn, {e});
  const Type* u32 = types.u32();
  const TypeKind ek = e.type->elem->kind;
  const size_t n = e.elements.size();
  uint32_t r = 0;
  auto place = [&](size_t i, uint32_t bits, uint32_t width) { r |= bits << (width * i); };

  if (fn == BuiltinFn::Pack4xI8 || fn == BuiltinFn::Pack4xU8 || fn == BuiltinFn::Pack4xI8Clamp || fn == BuiltinFn::Pack4xU8Clamp) {
    const bool is_signed = fn == BuiltinFn::Pack4xI8 || fn == BuiltinFn::Pack4xI8Clamp;
    if (n != 4 || ek != (is_signed ? TypeKind::I32 : TypeKind::U32)) return notEvaluable(fn, {e});
    const bool clamp = fn == BuiltinFn::Pack4xI8Clamp || fn == BuiltinFn::Pack4xU8Clamp;
    for (size_t i = 0; i < 4; ++i) {
      int64_t v = e.elements[i].i;
      if (clamp) v = is_signed ? std::min<int64_t>(std::max<int64_t>(v, -128), 127) : std::min<int64_t>(v, 255);
      place(i, static_cast<uint32_t>(v) & 0xffu, 8);
    }
    return Eval::ok(ConstValue::makeInt(u32, r));
  }

  if (ek != TypeKind::F32) return notEvaluable(fn, {e});
  if (fn == BuiltinFn::Pack2x16float) {
    if (n != 2) return notEvaluable(fn, {e});
    for (size_t i = 0; i < 2; ++i) {
      const double x = e.elements[i].f;
      // "If either e[0] or e[1] is outside the finite range of binary16 then: It is a
      // shader-creation error".
      if (std::fabs(x) > kF16Max) {
        return Eval::fail(fmt::format("pack2x16float({}): component {} ({}) is outside the finite range of f16 in a "
                                      "const-expression",
                                      e.toString(), i, e.elements[i].toString()));
      }
      place(i, f16Bits(ast::roundToF16(x)), 16);
    }
    return Eval::ok(ConstValue::makeInt(u32, r));
  }
  // Normalized formats: floor(0.5 + scale * clamp(e[i], lo, 1)), exact in double for f32 e[i].
  double scale = 0, lo = 0;
  uint32_t width = 0;
  size_t count = 0;
  if (fn == BuiltinFn::Pack4x8snorm) scale = 127, lo = -1, width = 8, count = 4;
  else if (fn == BuiltinFn::Pack4x8unorm) scale = 255, lo = 0, width = 8, count = 4;
  else if (fn == BuiltinFn::Pack2x16snorm) scale = 32767, lo = -1, width = 16, count = 2;
  else if (fn == BuiltinFn::Pack2x16unorm) scale = 65535, lo = 0, width = 16, count = 2;
  else return notEvaluable(fn, {e});
  if (n != count) return notEvaluable(fn, {e});
  const uint32_t mask = width == 8 ? 0xffu : 0xffffu;
  for (size_t i = 0; i < count; ++i) {
    const double v = std::floor(0.5 + scale * std::min(1.0, std::max(lo, e.elements[i].f)));
    place(i, static_cast<uint32_t>(static_cast<int64_t>(v)) & mask, width);
  }
  return Eval::ok(ConstValue::makeInt(u32, r));
}

Eval evalUnpack(TypeTable& types, BuiltinFn fn, const ConstValue& e, const Type* result) {
  if (e.type == nullptr || e.type->kind != TypeKind::U32) return notEvaluable(fn, {e});
  const auto bits = static_cast<uint32_t>(e.i);
  std::vector<ConstValue> out;
  const Type* f32 = types.f32();
  auto chunk = [&](size_t i, uint32_t width) {
    const uint32_t mask = width == 8 ? 0xffu : 0xffffu;
    return (bits >> (width * i)) & mask;
  };
  auto signedChunk = [&](size_t i, uint32_t width) {
    const int64_t v = chunk(i, width);
    const int64_t half = int64_t{1} << (width - 1);
    return v >= half ? v - 2 * half : v;
  };
  const Type* elem = nullptr;
  if (fn == BuiltinFn::Unpack4xI8 || fn == BuiltinFn::Unpack4xU8) {
    elem = fn == BuiltinFn::Unpack4xI8 ? types.i32() : types.u32();
    for (size_t i = 0; i < 4; ++i) {
      out.push_back(ConstValue::makeInt(elem, fn == BuiltinFn::Unpack4xI8 ? signedChunk(i, 8) : chunk(i, 8)));
    }
  } else if (fn == BuiltinFn::Unpack2x16float) {
    elem = f32;
    for (size_t i = 0; i < 2; ++i) {
      const double v = f16FromBits(static_cast<uint16_t>(chunk(i, 16)));
      if (!std::isfinite(v)) {
        return Eval::fail(fmt::format("unpack2x16float({}): component {} is {} (not finite) in a const-expression",
                                      hex32(bits), i, std::isnan(v) ? "NaN" : "an infinity"));
      }
      out.push_back(ConstValue::makeFloat(f32, v));  // every binary16 value is exact in f32
    }
  } else {
    double scale = 0;
    uint32_t width = 0;
    size_t count = 0;
    bool is_signed = false;
    if (fn == BuiltinFn::Unpack4x8snorm) scale = 127, width = 8, count = 4, is_signed = true;
    else if (fn == BuiltinFn::Unpack4x8unorm) scale = 255, width = 8, count = 4;
    else if (fn == BuiltinFn::Unpack2x16snorm) scale = 32767, width = 16, count = 2, is_signed = true;
    else if (fn == BuiltinFn::Unpack2x16unorm) scale = 65535, width = 16, count = 2;
    else return notEvaluable(fn, {e});
    elem = f32;
    for (size_t i = 0; i < count; ++i) {
      // snorm: max(v / scale, -1); unorm: v / scale.
      const double v = is_signed ? std::max(static_cast<double>(signedChunk(i, width)) / scale, -1.0)
                                 : static_cast<double>(chunk(i, width)) / scale;
      out.push_back(ConstValue::makeFloat(f32, roundToType(TypeKind::F32, v)));
    }
  }
  const Type* vt = result != nullptr && result->isVector() && result->width == out.size()
                       ? result
                       : types.vec(static_cast<uint32_t>(out.size()), elem);
  return Eval::ok(ConstValue::makeComposite(vt, std::move(out)));
}

// ---------------------------------------------------------------------------------------------

Eval dispatch(TypeTable& types, BuiltinFn fn, const std::vector<ConstValue>& args, const Type* result) {
  const size_t n = args.size();
  auto arity = [&](size_t k) { return n == k; };

  // Logical built-ins.
  if ((fn == BuiltinFn::All || fn == BuiltinFn::Any) && arity(1)) {
    const ConstValue& e = args[0];
    if (e.type->kind == TypeKind::Bool) return Eval::ok(ConstValue::makeBool(types.boolType(), e.b));
    if (!e.type->isVector() || e.type->elem->kind != TypeKind::Bool) return notEvaluable(fn, args);
    bool r = fn == BuiltinFn::All;
    for (const auto& c : e.elements) r = fn == BuiltinFn::All ? (r && c.b) : (r || c.b);
    return Eval::ok(ConstValue::makeBool(types.boolType(), r));
  }
  if (fn == BuiltinFn::Select && arity(3)) {
    // select(f, t, cond): "Returns t when cond is true, and f otherwise"; component-wise for a
    // vector condition.
    if (args[2].type->kind == TypeKind::Bool) return Eval::ok(args[2].b ? args[1] : args[0]);
    return componentWise(types, fn, args, result, [](const Scalars& s, const Type*) {
      return Eval::ok(s[2].b ? s[1] : s[0]);
    });
  }

  if (fn == BuiltinFn::Bitcast && arity(1)) return evalBitcast(types, fn, args[0], result);

  // Component-wise numeric functions.
  bool float_unary = false;
  switch (fn) {
    case BuiltinFn::Acos: case BuiltinFn::Acosh: case BuiltinFn::Asin: case BuiltinFn::Asinh: case BuiltinFn::Atan:
    case BuiltinFn::Atanh: case BuiltinFn::Ceil: case BuiltinFn::Cos: case BuiltinFn::Cosh: case BuiltinFn::Degrees:
    case BuiltinFn::Exp: case BuiltinFn::Exp2: case BuiltinFn::Floor: case BuiltinFn::Fract: case BuiltinFn::InverseSqrt:
    case BuiltinFn::Log: case BuiltinFn::Log2: case BuiltinFn::QuantizeToF16: case BuiltinFn::Radians:
    case BuiltinFn::Round: case BuiltinFn::Saturate: case BuiltinFn::Sin: case BuiltinFn::Sinh: case BuiltinFn::Sqrt:
    case BuiltinFn::Tan: case BuiltinFn::Tanh: case BuiltinFn::Trunc: float_unary = true; break;
    default: break;
  }
  if (float_unary && arity(1)) {
    return componentWise(types, fn, args, result, [fn](const Scalars& s, const Type* t) { return floatScalar(fn, s, t); });
  }
  if (((fn == BuiltinFn::Abs || fn == BuiltinFn::Sign) && arity(1)) || ((fn == BuiltinFn::Max || fn == BuiltinFn::Min) && arity(2)) ||
      (fn == BuiltinFn::Clamp && arity(3))) {
    return componentWise(types, fn, args, result,
                         [fn](const Scalars& s, const Type* t) { return numericScalar(fn, s, t); });
  }
  if (((fn == BuiltinFn::Atan2 || fn == BuiltinFn::Pow || fn == BuiltinFn::Step) && arity(2)) ||
      ((fn == BuiltinFn::Fma || fn == BuiltinFn::Mix || fn == BuiltinFn::Smoothstep) && arity(3))) {
    return componentWise(types, fn, args, result,
                         [fn](const Scalars& s, const Type* t) { return floatScalar(fn, s, t); });
  }
  if ((fn == BuiltinFn::CountLeadingZeros || fn == BuiltinFn::CountOneBits || fn == BuiltinFn::CountTrailingZeros ||
       fn == BuiltinFn::FirstLeadingBit || fn == BuiltinFn::FirstTrailingBit || fn == BuiltinFn::ReverseBits) &&
      arity(1)) {
    return componentWise(types, fn, args, result,
                         [fn](const Scalars& s, const Type* t) { return bitScalar(fn, s, t); });
  }
  if ((fn == BuiltinFn::ExtractBits && arity(3)) || (fn == BuiltinFn::InsertBits && arity(4))) {
    return componentWise(types, fn, args, result,
                         [fn](const Scalars& s, const Type* t) { return bitScalar(fn, s, t); });
  }
  if (fn == BuiltinFn::Ldexp && arity(2)) {
    return componentWise(types, fn, args, result,
                         [fn](const Scalars& s, const Type* t) { return ldexpScalar(fn, s, t); });
  }
  if ((fn == BuiltinFn::Frexp || fn == BuiltinFn::Modf) && arity(1)) return evalFrexpModf(types, fn, args[0], result);

  // Geometric functions.
  if (fn == BuiltinFn::Dot && arity(2)) return evalDot(fn, args, result);
  if ((fn == BuiltinFn::Dot4U8Packed || fn == BuiltinFn::Dot4I8Packed) && arity(2)) {
    if (args[0].type->kind != TypeKind::U32 || args[1].type->kind != TypeKind::U32) return notEvaluable(fn, args);
    const bool is_signed = fn == BuiltinFn::Dot4I8Packed;
    int64_t sum = 0;
    for (int i = 0; i < 4; ++i) {
      int64_t x = (args[0].i >> (8 * i)) & 0xff;
      int64_t y = (args[1].i >> (8 * i)) & 0xff;
      if (is_signed) {
        if (x >= 128) x -= 256;
        if (y >= 128) y -= 256;
      }
      sum += x * y;
    }
    return Eval::ok(ConstValue::makeInt(is_signed ? types.i32() : types.u32(), sum));
  }
  if ((fn == BuiltinFn::Length && arity(1)) || (fn == BuiltinFn::Distance && arity(2))) {
    std::vector<double> d;
    if (args[0].type->isScalar()) {
      if (!allFloat(args)) return notEvaluable(fn, args);
      d.push_back(n == 1 ? args[0].f : args[0].f - args[1].f);
    } else {
      if (!isFloatVector(args[0]) || (n == 2 && args[1].type != args[0].type)) return notEvaluable(fn, args);
      for (size_t k = 0; k < args[0].elements.size(); ++k) {
        d.push_back(n == 1 ? args[0].elements[k].f : args[0].elements[k].f - args[1].elements[k].f);
      }
    }
    const Type* t = result != nullptr ? result : args[0].type->scalarOf();
    if (args[0].type->isVector()) {
      const std::string over = sumOfSquaresOverflow(t, d);
      if (!over.empty()) {
        return Eval::fail(fmt::format("{}: {} in a const-expression (the length is sqrt(e[0]^2 + e[1]^2 + ...))",
                                      callText(fn, args), over));
      }
    }
    return floatResult(fn, args, t, euclidean(d));
  }
  if (fn == BuiltinFn::Normalize && arity(1)) {
    if (!isFloatVector(args[0])) return notEvaluable(fn, args);
    const std::vector<double> x = floats(args[0]);
    const std::string over = sumOfSquaresOverflow(args[0].type->scalarOf(), x);
    if (!over.empty()) {
      return Eval::fail(fmt::format("{}: {} in a const-expression (normalize divides by sqrt(e[0]^2 + e[1]^2 + ...))",
                                    callText(fn, args), over));
    }
    const double len = euclidean(x);
    // normalize(e) is e / length(e), and length(e) is sqrt(e[0]^2 + e[1]^2 + ...) in the
    // component type: when every square underflows to 0 there, the division is by zero and
    // the intermediate result is infinite (an error for a const-expression).
    double squares = 0;
    for (double v : x) squares += roundToType(args[0].type->elem->kind, v * v);
    if (len != 0 && squares == 0) {
      return Eval::fail(fmt::format("{}: the squares of the components underflow to 0 in {}, so the length is 0 and "
                                    "the division by it is not finite in a const-expression",
                                    callText(fn, args), typeName(args[0].type->elem)));
    }
    // "The domain is all vectors except the zero vector."
    if (len == 0) {
      return Eval::fail(fmt::format("{}: the zero vector is outside the domain of normalize in a const-expression",
                                    callText(fn, args)));
    }
    std::vector<double> r;
    for (double v : x) r.push_back(v / len);
    return floatVector(types, fn, args, result, r);
  }
  if (fn == BuiltinFn::Cross && arity(2)) {
    if (!isFloatVector(args[0]) || args[0].type != args[1].type || args[0].elements.size() != 3) {
      return notEvaluable(fn, args);
    }
    const std::vector<double> a = floats(args[0]), b = floats(args[1]);
    // Accuracy "Inherited from (e1[1] * e2[2] - e2[1] * e1[2], ...)": the products are
    // operations of the component type, and one that overflows makes the const-expression an
    // error even when the difference would be finite.
    const TypeKind k = args[0].type->elem->kind;
    auto product = [&](size_t i, size_t j) { return roundToType(k, a[i] * b[j]); };
    const double p[6] = {product(1, 2), product(2, 1), product(2, 0), product(0, 2), product(0, 1), product(1, 0)};
    for (double v : p) {
      if (!std::isfinite(v)) {
        return Eval::fail(fmt::format("{}: a product e1[i] * e2[j] is not a finite {} value in a const-expression",
                                      callText(fn, args), typeName(args[0].type->elem)));
      }
    }
    return floatVector(types, fn, args, result, {p[0] - p[1], p[2] - p[3], p[4] - p[5]});
  }
  if (fn == BuiltinFn::FaceForward && arity(3)) {
    if (!isFloatVector(args[0]) || args[1].type != args[0].type || args[2].type != args[0].type) {
      return notEvaluable(fn, args);
    }
    // "Returns e1 if dot(e2, e3) is negative, and -e1 otherwise."
    const double d = dotDouble(floats(args[1]), floats(args[2]));
    if (!std::isfinite(roundToType(args[0].type->elem->kind, d))) {
      return Eval::fail(fmt::format("{}: dot(e2, e3) is not a finite {} value in a const-expression",
                                    callText(fn, args), typeName(args[0].type->elem)));
    }
    std::vector<double> r = floats(args[0]);
    if (!(d < 0)) {
      for (double& v : r) v = -v;
    }
    return floatVector(types, fn, args, result, r);
  }
  if (fn == BuiltinFn::Reflect && arity(2)) {
    if (!isFloatVector(args[0]) || args[1].type != args[0].type) return notEvaluable(fn, args);
    // e1 - 2 * dot(e2, e1) * e2
    const std::vector<double> e1 = floats(args[0]), e2 = floats(args[1]);
    const double d = dotDouble(e2, e1);
    std::vector<double> r;
    for (size_t k = 0; k < e1.size(); ++k) r.push_back(e1[k] - 2.0 * d * e2[k]);
    return floatVector(types, fn, args, result, r);
  }
  if (fn == BuiltinFn::Refract && arity(3)) {
    if (!isFloatVector(args[0]) || args[1].type != args[0].type || !args[2].type->isFloatScalar()) {
      return notEvaluable(fn, args);
    }
    // k = 1 - e3 * e3 * (1 - dot(e2, e1) * dot(e2, e1)); k < 0: the zero vector; else
    // e3 * e1 - (e3 * dot(e2, e1) + sqrt(k)) * e2.
    const std::vector<double> e1 = floats(args[0]), e2 = floats(args[1]);
    const double e3 = args[2].f;
    // Accuracy "Inherited from the formula": each operation is one of the component type T, and
    // an intermediate result that overflows T makes the const-expression an error.
    const TypeKind tk = args[0].type->elem->kind;
    bool finite = true;
    auto op = [&](double v) {
      const double r = roundToType(tk, v);
      finite = finite && std::isfinite(r);
      return r;
    };
    double d = 0;
    for (size_t i = 0; i < e1.size(); ++i) d = op(d + op(e2[i] * e1[i]));
    const double k = op(1.0 - op(op(e3 * e3) * op(1.0 - op(d * d))));
    std::vector<double> r(e1.size(), 0.0);
    if (finite && !(k < 0)) {
      const double f = op(op(e3 * d) + op(std::sqrt(k)));
      for (size_t i = 0; i < e1.size(); ++i) r[i] = op(op(e3 * e1[i]) - op(f * e2[i]));
    }
    if (!finite) {
      return Eval::fail(fmt::format("{}: an intermediate result of the refraction formula is not a finite {} value in a "
                                    "const-expression",
                                    callText(fn, args), typeName(args[0].type->elem)));
    }
    return floatVector(types, fn, args, result, r);
  }

  // Matrix functions.
  if ((fn == BuiltinFn::Determinant || fn == BuiltinFn::Transpose) && arity(1)) {
    const ConstValue& m = args[0];
    if (!m.type->isMatrix() || !m.type->elem->isFloatScalar()) return notEvaluable(fn, args);
    const uint32_t cols = m.type->columns, rows = m.type->rows;
    if (fn == BuiltinFn::Transpose) {
      // Result column i is row i of e: result[i][j] = e[j][i].
      const Type* elem = m.type->elem;
      const Type* rt = result != nullptr && result->isMatrix() ? result : types.mat(rows, cols, elem);
      const Type* col_t = types.vec(cols, elem);
      std::vector<ConstValue> out;
      for (uint32_t i = 0; i < rows; ++i) {
        std::vector<ConstValue> col;
        for (uint32_t j = 0; j < cols; ++j) col.push_back(m.elements[j].elements[i]);
        out.push_back(ConstValue::makeComposite(col_t, std::move(col)));
      }
      return Eval::ok(ConstValue::makeComposite(rt, std::move(out)));
    }
    if (cols != rows) return notEvaluable(fn, args);
    std::vector<std::vector<double>> mm;
    for (const auto& col : m.elements) mm.push_back(floats(col));
    const Type* t = result != nullptr ? result : m.type->elem;
    return floatResult(fn, args, t, determinantOf(mm));
  }

  // Packing and unpacking.
  switch (fn) {
    case BuiltinFn::Pack4x8snorm: case BuiltinFn::Pack4x8unorm: case BuiltinFn::Pack4xI8: case BuiltinFn::Pack4xU8:
    case BuiltinFn::Pack4xI8Clamp: case BuiltinFn::Pack4xU8Clamp: case BuiltinFn::Pack2x16snorm:
    case BuiltinFn::Pack2x16unorm: case BuiltinFn::Pack2x16float:
      if (arity(1)) return evalPack(types, fn, args[0]);
      break;
    case BuiltinFn::Unpack4x8snorm: case BuiltinFn::Unpack4x8unorm: case BuiltinFn::Unpack4xI8: case BuiltinFn::Unpack4xU8:
    case BuiltinFn::Unpack2x16snorm: case BuiltinFn::Unpack2x16unorm: case BuiltinFn::Unpack2x16float:
      if (arity(1)) return evalUnpack(types, fn, args[0], result);
      break;
    default: break;
  }

  return Eval::fail("");
}

}  // namespace

Eval evalBuiltin(TypeTable& types, BuiltinFn fn, const std::vector<ConstValue>& args, const Type* result) {
  for (const auto& a : args) {
    if (a.type == nullptr) return notEvaluable(fn, args);
  }
  return dispatch(types, fn, args, result);
}

}  // namespace wgsl::sema
