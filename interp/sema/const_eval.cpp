// Early evaluation of WGSL operators and conversions (see const_eval.h).
//
// Rules implemented here, with the spec sections they come from (spec: shared/spec/wgsl.bs):
//
// * "Abstract Numeric Types": AbstractInt is 64-bit two's complement, AbstractFloat is
//   binary64; "An evaluation of an expression in one of these types must not overflow or
//   produce an infinite or NaN value."
// * "Integer Types": "Expressions on concrete integer types that overflow produce a result that
//   is modulo 2^bitwidth". This applies to const-expressions too: the spec's own example
//   "`-1 * i32(-2147483648)` does not result in a shader-creation error ... i32 operations use
//   two's complement arithmetic and have defined overflow behavior. Wrapping occurs." So i32 and
//   u32 `+ - *` and negation wrap; the only concrete integer errors are the ones the operator
//   tables name (division/remainder by zero, most-negative / -1, shift amounts and left-shift
//   overflow).
// * "Finite Math Assumption" / "Floating Point Rounding and Overflow": "A shader-creation error
//   results if any const-expression of floating-point type overflows or evaluates to NaN or
//   infinity."
// * "Floating Point Conversion": float -> integer clamps then truncates; numeric -> float is
//   exact or one of the two neighbours, and a value outside the destination's finite range is a
//   shader-creation error in a const-expression.

#include "interp/sema/const_eval.h"

#include <fmt/format.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <tuple>

#include "interp/ast/literals.h"

namespace wgsl::sema {

namespace {

using ast::BinaryOp;
using ast::UnaryOp;

constexpr int64_t kI32Min = -2147483648LL;
constexpr int64_t kI32Max = 2147483647LL;
constexpr int64_t kU32Max = 4294967295LL;
constexpr double kF16Max = 65504.0;


std::string typeName(const Type* t) { return t ? t->name() : std::string("?"); }

std::string expr(const ConstValue& a, BinaryOp op, const ConstValue& b) {
  return fmt::format("{} {} {}", a.toString(), ast::toString(op), b.toString());
}

// The i32 value with the bit pattern of the low 32 bits of `v` (two's complement wrapping).
int64_t wrapI32(uint64_t v) {
  const uint32_t low = static_cast<uint32_t>(v);
  return low >= 0x80000000u ? static_cast<int64_t>(low) - 4294967296LL : static_cast<int64_t>(low);
}
int64_t wrapU32(uint64_t v) { return static_cast<int64_t>(static_cast<uint32_t>(v)); }

// Rounds an integer to the nearest value with a `precision`-bit significand, ties to even
// (used for integer -> float conversions; exact, no intermediate double rounding).
double roundIntegerToPrecision(int64_t v, int precision) {
  const bool negative = v < 0;
  uint64_t mag = negative ? uint64_t{0} - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  int bits = 0;
  for (uint64_t m = mag; m != 0; m >>= 1) ++bits;
  double r = 0;
  if (bits <= precision) {
    r = static_cast<double>(mag);  // exact: precision <= 53
  } else {
    const int shift = bits - precision;
    uint64_t q = mag >> shift;
    const uint64_t rem = mag & ((uint64_t{1} << shift) - 1);
    const uint64_t half = uint64_t{1} << (shift - 1);
    if (rem > half || (rem == half && (q & 1) != 0)) ++q;
    r = std::ldexp(static_cast<double>(q), shift);  // q <= 2^precision: exact
  }
  return negative ? -r : r;  // an integer zero converts to +0.0 ("Floating Point Conversion")
}

int significandBits(TypeKind k) {
  switch (k) {
    case TypeKind::F16: return 11;
    case TypeKind::F32: return 24;
    default: return 53;
  }
}


double finiteMax(TypeKind k) {
  switch (k) {
    case TypeKind::F16: return kF16Max;
    case TypeKind::F32: return static_cast<double>(FLT_MAX);
    default: return DBL_MAX;
  }
}

// ---------------------------------------------------------------------------------------------
// Scalar conversions.

// "Numeric scalar conversion to floating point" for an integer source.
Eval intToFloat(const ConstValue& v, const Type* to) {
  const double x = roundIntegerToPrecision(v.i, significandBits(to->kind));
  // "Otherwise, X lies outside the finite range of the destination type: A shader-creation error
  // results if the expression for X is a const-expression." Only f16 can be exceeded by an
  // integer (|X| <= 2^63 < MAX(f32)); the test is on X itself, not on its rounding.
  if (std::fabs(static_cast<double>(v.i)) > finiteMax(to->kind)) {
    return Eval::fail(fmt::format("{} value {} is outside the finite range of {}", typeName(v.type), v.toString(),
                                  typeName(to)));
  }
  return Eval::ok(ConstValue::makeFloat(to, x));
}

// "Numeric scalar conversion to floating point" for a floating point source.
Eval floatToFloat(const ConstValue& v, const Type* to) {
  if (!std::isfinite(v.f)) {
    return Eval::fail(fmt::format("{} value {} is not finite", typeName(v.type), v.toString()));
  }
  // "If X is exactly representable in the destination type T, then XOut is ... X. Otherwise ...
  // If X lies between two adjacent finite values in T, then XOut is one of those two values
  // [we pick the nearest, ties to even]. Otherwise, X lies outside the finite range of the
  // destination type: A shader-creation error results if the expression for X is a
  // const-expression." So 65505.0 -> f16 is an error even though IEEE would round it to 65504.
  if (std::fabs(v.f) > finiteMax(to->kind)) {
    return Eval::fail(fmt::format("{} value {} is outside the finite range of {}", typeName(v.type), v.toString(),
                                  typeName(to)));
  }
  return Eval::ok(ConstValue::makeFloat(to, roundToType(to->kind, v.f)));
}

// The largest integer <= limit (limit > 0) exactly representable with `precision` significand
// bits.
int64_t largestRepresentableAtMost(int64_t limit, int precision) {
  int bits = 0;
  for (int64_t m = limit; m != 0; m >>= 1) ++bits;
  if (bits <= precision) return limit;
  const int shift = bits - precision;
  return (limit >> shift) << shift;
}

// "Scalar floating point to integral conversion": "If X is exactly representable in the target
// type T, then the result is that value. Otherwise, the result is the value in T closest to
// truncate(X) and also exactly representable in the original floating point type."
Eval floatToInt(const ConstValue& v, const Type* to) {
  if (std::isnan(v.f)) {
    // "If X is a NaN, the result is an indeterminate value in T." A NaN cannot be the value of a
    // const-expression (Finite Math Assumption), so this only guards against misuse.
    return Eval::fail(fmt::format("cannot convert NaN to {} in a const-expression", typeName(to)));
  }
  const int64_t lo = to->kind == TypeKind::I32 ? kI32Min : 0;
  const int64_t hi = to->kind == TypeKind::I32 ? kI32Max : kU32Max;
  const double t = std::trunc(v.f);
  int64_t r = 0;
  if (t < static_cast<double>(lo)) {
    r = lo;  // -2^31 and 0 are exactly representable in every floating point type that can reach them
  } else if (t > static_cast<double>(hi)) {
    r = largestRepresentableAtMost(hi, significandBits(v.type->kind));
  } else {
    r = static_cast<int64_t>(t);
  }
  return Eval::ok(ConstValue::makeInt(to, r));
}

// A conversion of one scalar value, covering both the automatic conversions and the value
// constructors; `automatic` restricts it to the feasible automatic conversions.
Eval convertScalar(const ConstValue& v, const Type* to, bool automatic) {
  const Type* from = v.type;
  if (from == to) return Eval::ok(v);
  const TypeKind fk = from->kind;
  const TypeKind tk = to->kind;
  auto noConversion = [&]() {
    return Eval::fail(fmt::format("no {} conversion from {} to {}", automatic ? "automatic" : "value", typeName(from),
                                  typeName(to)));
  };
  if (automatic && !conversionRank(from, to)) return noConversion();

  switch (tk) {
    case TypeKind::Bool:
      // `bool(e)`: "The result is false if e is a zero value (or -0.0 for floating point types)
      // and true otherwise."
      if (fk == TypeKind::Bool) return Eval::ok(v);
      if (from->isIntegerScalar()) return Eval::ok(ConstValue::makeBool(to, v.i != 0));
      if (from->isFloatScalar()) return Eval::ok(ConstValue::makeBool(to, v.f != 0.0));
      return noConversion();
    case TypeKind::I32:
    case TypeKind::U32: {
      const int64_t lo = tk == TypeKind::I32 ? kI32Min : 0;
      const int64_t hi = tk == TypeKind::I32 ? kI32Max : kU32Max;
      switch (fk) {
        case TypeKind::Bool: return Eval::ok(ConstValue::makeInt(to, v.b ? 1 : 0));
        case TypeKind::AbstractInt:
          // "If T is an AbstractInt, this is an identity operation if e can be represented in
          // i32 [u32], otherwise it produces a shader-creation error." (same for the automatic
          // conversion).
          if (v.i < lo || v.i > hi) {
            return Eval::fail(fmt::format("AbstractInt value {} is out of the range of {}", v.i, typeName(to)));
          }
          return Eval::ok(ConstValue::makeInt(to, v.i));
        case TypeKind::I32:
        case TypeKind::U32:
          // "a reinterpretation of bits"
          return Eval::ok(ConstValue::makeInt(
              to, tk == TypeKind::I32 ? wrapI32(static_cast<uint64_t>(v.i)) : wrapU32(static_cast<uint64_t>(v.i))));
        case TypeKind::AbstractFloat:
        case TypeKind::F32:
        case TypeKind::F16: return floatToInt(v, to);
        default: return noConversion();
      }
    }
    case TypeKind::AbstractFloat:
      // Only AbstractInt -> AbstractFloat exists (automatic conversion, rank 5); the value is
      // always within binary64's finite range.
      if (fk == TypeKind::AbstractInt) return intToFloat(v, to);
      return noConversion();
    case TypeKind::F32:
    case TypeKind::F16:
      if (fk == TypeKind::Bool) return Eval::ok(ConstValue::makeFloat(to, v.b ? 1.0 : 0.0));
      if (from->isIntegerScalar()) return intToFloat(v, to);
      if (from->isFloatScalar()) return floatToFloat(v, to);
      return noConversion();
    default: return noConversion();
  }
}

// Composite components already converted in this conversion, by (shared storage, from, to):
// a value whose parts share storage (array(c, c), or distinct arrays of the same parts) is
// converted once per distinct part, never once per path to it.
using ConversionMemo = std::map<std::tuple<const void*, const Type*, const Type*>, ConstValue>;

// Component-wise conversion through vectors, matrices, arrays (and the member-wise conversion of
// the abstract __frexp_result / __modf_result structures).
Eval convertRecursive(TypeTable& types, const ConstValue& v, const Type* to, bool automatic, ConversionMemo& memo) {
  if (v.type == nullptr || to == nullptr) return Eval::fail("conversion of a value without a type");
  if (v.type == to) return Eval::ok(v);
  if (v.type->isScalar() && to->isScalar()) return convertScalar(v, to, automatic);
  auto mismatch = [&]() {
    return Eval::fail(fmt::format("no {} conversion from {} to {}", automatic ? "automatic" : "value",
                                  typeName(v.type), typeName(to)));
  };
  if (v.type->kind != to->kind) return mismatch();
  // The target type of component k (arrays: all the same, never listed: they may be huge).
  size_t count = 0;
  switch (to->kind) {
    case TypeKind::Vector:
      if (v.type->width != to->width) return mismatch();
      count = to->width;
      break;
    case TypeKind::Matrix:
      if (v.type->columns != to->columns || v.type->rows != to->rows) return mismatch();
      count = to->columns;
      break;
    case TypeKind::Array:
      if (!v.type->count || v.type->count != to->count) return mismatch();
      count = *to->count;
      break;
    case TypeKind::Struct:
      if (!automatic || v.type->members.size() != to->members.size()) return mismatch();
      count = to->members.size();
      break;
    default: return mismatch();
  }
  auto target = [&](size_t k) -> const Type* {
    switch (to->kind) {
      case TypeKind::Matrix: return types.vec(to->rows, to->elem);
      case TypeKind::Struct: return to->members[k].type;
      default: return to->elem;
    }
  };
  if (automatic && !conversionRank(v.type, to)) return mismatch();
  if (v.elements.size() != count) {
    return Eval::fail(fmt::format("malformed {} value: {} elements", typeName(v.type), v.elements.size()));
  }
  const auto key = std::make_tuple(v.elements.identity(), v.type, to);
  if (std::get<0>(key) != nullptr) {
    auto it = memo.find(key);
    if (it != memo.end()) return Eval::ok(it->second);
  }
  auto done = [&](ConstValue r) {
    if (std::get<0>(key) != nullptr) memo.emplace(key, r);
    return Eval::ok(std::move(r));
  };
  if (v.elements.isSplat()) {  // one conversion, still a splat
    Eval e = convertRecursive(types, v.elements[0], target(0), automatic, memo);
    if (!e.value) return e;
    return done(ConstValue::makeSplat(to, *e.value, count));
  }
  std::vector<ConstValue> out;
  out.reserve(count);
  for (size_t k = 0; k < count; ++k) {
    Eval e = convertRecursive(types, v.elements[k], target(k), automatic, memo);
    if (!e.value) return e;
    out.push_back(std::move(*e.value));
  }
  return done(ConstValue::makeComposite(to, std::move(out)));
}

// ---------------------------------------------------------------------------------------------
// Scalar operators.

Eval floatResult(const ConstValue& a, BinaryOp op, const ConstValue& b, double exact_or_double) {
  // f32/f16: the operands are binary32/binary16 values held exactly in doubles. For + - * /
  // (and the exact fmod) the binary64 result rounded to binary32/binary16 equals the directly
  // correctly rounded result: double rounding through a format with p' >= 2p + 2 significand
  // bits is innocuous for these operations (Figueroa, "When is double rounding innocuous?",
  // 1995; 53 >= 2*24+2 and 53 >= 2*11+2). AbstractFloat operations are plain binary64.
  const TypeKind k = a.type->kind;
  const double r = roundToType(k, exact_or_double);
  // "A shader-creation error results if any const-expression of floating-point type overflows or
  // evaluates to NaN or infinity." Between MAX(T) and 2^(EMAX(T)+1) "either rounding direction
  // is used"; we round to nearest, so only results that round to an infinity are errors.
  if (!std::isfinite(r)) {
    return Eval::fail(fmt::format("{} result is not finite: {}", typeName(a.type), expr(a, op, b)));
  }
  return Eval::ok(ConstValue::makeFloat(a.type, r));
}

Eval floatArith(BinaryOp op, const ConstValue& a, const ConstValue& b) {
  const double x = a.f, y = b.f;
  switch (op) {
    case BinaryOp::Add: return floatResult(a, op, b, x + y);
    case BinaryOp::Sub: return floatResult(a, op, b, x - y);
    case BinaryOp::Mul: return floatResult(a, op, b, x * y);
    case BinaryOp::Div:
      // Domain excludes (0,0) (NaN); a finite x / 0 is an IEEE division-by-zero with an infinite
      // intermediate result: both are shader-creation errors in a const-expression.
      if (y == 0) {
        return Eval::fail(fmt::format("{} division by zero gives a result that is not finite: {}",
                                      typeName(a.type), expr(a, op, b)));
      }
      return floatResult(a, op, b, x / y);
    case BinaryOp::Mod:
      // "If T is a floating point type, the result is equal to: e1 - e2 * trunc(e1 / e2)." With
      // the quotient taken as a real number this is exactly fmod, which is exact and
      // representable in T (the accuracy table allows better accuracy than the inherited
      // formula). For y == 0 the inner e1 / e2 is infinite or NaN: an error.
      if (y == 0) {
        return Eval::fail(fmt::format("{} remainder by zero gives a result that is not finite: {}",
                                      typeName(a.type), expr(a, op, b)));
      }
      return floatResult(a, op, b, std::fmod(x, y));
    default: break;
  }
  return Eval::fail(fmt::format("operator {} is not defined for {}", ast::toString(op), typeName(a.type)));
}

Eval abstractIntArith(BinaryOp op, const ConstValue& a, const ConstValue& b) {
  const int64_t x = a.i, y = b.i;
  int64_t r = 0;
  auto overflow = [&]() {
    // "An evaluation of an expression in one of these types must not overflow".
    return Eval::fail(fmt::format("AbstractInt overflow: {} does not fit in 64 bits", expr(a, op, b)));
  };
  switch (op) {
    case BinaryOp::Add:
      if (__builtin_add_overflow(x, y, &r)) return overflow();
      break;
    case BinaryOp::Sub:
      if (__builtin_sub_overflow(x, y, &r)) return overflow();
      break;
    case BinaryOp::Mul:
      if (__builtin_mul_overflow(x, y, &r)) return overflow();
      break;
    case BinaryOp::Div:
    case BinaryOp::Mod:
      // AbstractInt is a signed integer scalar type: the division/remainder rules apply.
      if (y == 0) {
        return Eval::fail(fmt::format("{} by zero in a const-expression: {}",
                                      op == BinaryOp::Div ? "division" : "remainder", expr(a, op, b)));
      }
      if (x == std::numeric_limits<int64_t>::min() && y == -1) {
        return Eval::fail(fmt::format("{} of the most negative AbstractInt by -1 in a const-expression: {}",
                                      op == BinaryOp::Div ? "division" : "remainder", expr(a, op, b)));
      }
      r = op == BinaryOp::Div ? x / y : x % y;  // C++ truncates toward zero; % takes e1's sign
      break;
    default:
      return Eval::fail(fmt::format("operator {} is not defined for {}", ast::toString(op), typeName(a.type)));
  }
  return Eval::ok(ConstValue::makeInt(a.type, r));
}

// i32 / u32 arithmetic. "Expressions on concrete integer types that overflow produce a result
// that is modulo 2^bitwidth" (section "Integer Types"): + - * wrap, in const-expressions too.
Eval concreteIntArith(BinaryOp op, const ConstValue& a, const ConstValue& b) {
  const bool is_signed = a.type->kind == TypeKind::I32;
  const int64_t x = a.i, y = b.i;
  auto wrap = [&](uint64_t v) { return is_signed ? wrapI32(v) : wrapU32(v); };
  const uint64_t ux = static_cast<uint64_t>(x), uy = static_cast<uint64_t>(y);
  int64_t r = 0;
  switch (op) {
    case BinaryOp::Add: r = wrap(ux + uy); break;
    case BinaryOp::Sub: r = wrap(ux - uy); break;
    case BinaryOp::Mul: r = wrap(ux * uy); break;
    case BinaryOp::Div:
    case BinaryOp::Mod:
      // "If e2 is zero: It is a shader-creation error if e2 is a const-expression."
      if (y == 0) {
        return Eval::fail(fmt::format("{} by zero in a const-expression: {}",
                                      op == BinaryOp::Div ? "division" : "remainder", expr(a, op, b)));
      }
      // "If e1 is most negative value in T, and e2 is -1: It is a shader-creation error if e1
      // and e2 are const-expressions."
      if (is_signed && x == kI32Min && y == -1) {
        return Eval::fail(fmt::format("{} of the most negative i32 by -1 in a const-expression: {}",
                                      op == BinaryOp::Div ? "division" : "remainder", expr(a, op, b)));
      }
      // Signed: truncate(e1 / e2), e1 - truncate(e1 / e2) * e2. Unsigned: the q and r with
      // e1 = q * e2 + r, 0 <= r < e2. C++ integer division on the (non-negative for u32) values
      // computes exactly these.
      r = op == BinaryOp::Div ? x / y : x % y;
      break;
    default:
      return Eval::fail(fmt::format("operator {} is not defined for {}", ast::toString(op), typeName(a.type)));
  }
  return Eval::ok(ConstValue::makeInt(a.type, r));
}

Eval shiftScalar(BinaryOp op, const ConstValue& a, const ConstValue& b) {
  if (!a.type->isIntegerScalar() || !b.type->isIntegerScalar() || b.type->kind == TypeKind::I32) {
    return Eval::fail(fmt::format("operator {} is not defined for {} and {}", ast::toString(op), typeName(a.type),
                                  typeName(b.type)));
  }
  if (b.i < 0) {
    return Eval::fail(fmt::format("shift amount is negative: {}", expr(a, op, b)));
  }
  const int64_t x = a.i;
  const uint64_t amount = static_cast<uint64_t>(b.i);

  if (a.type->kind == TypeKind::AbstractInt) {
    if (op == BinaryOp::ShiftRight) {
      // "Shift right (abstract) ... If e1 is negative, each inserted bit is 1 ... The number of
      // bits to shift is the value of e2." (no limit on e2).
      const int64_t r = amount >= 64 ? (x < 0 ? -1 : 0) : (x >> amount);
      return Eval::ok(ConstValue::makeInt(a.type, r));
    }
    // "The e2+1 most significant bits of e1 must have the same bit value. Otherwise overflow
    // would occur." For e2 >= 64 there are fewer than e2+1 bits; we read the rule as "the
    // result e1 * 2^e2 must fit in 64 bits", which only 0 satisfies.
    bool ok = false;
    if (amount >= 64) {
      ok = x == 0;
    } else {
      const int64_t top = x >> (63 - amount);  // the e2+1 most significant bits, sign-extended
      ok = top == 0 || top == -1;
    }
    if (!ok) {
      return Eval::fail(fmt::format(
          "AbstractInt overflow: {} does not fit in 64 bits (the {} most significant bits of {} are not all equal)",
          expr(a, op, b), amount + 1, x));
    }
    return Eval::ok(ConstValue::makeInt(a.type, amount >= 64 ? 0 : static_cast<int64_t>(static_cast<uint64_t>(x) << amount)));
  }

  // Concrete i32 / u32. "If e2 is greater than or equal to the bit width of e1, then: It is a
  // shader-creation error if e2 is a const-expression."
  const bool is_signed = a.type->kind == TypeKind::I32;
  if (amount >= 32) {
    return Eval::fail(fmt::format("shift amount {} is not less than the bit width 32 of {} in a const-expression: {}",
                                  b.toString(), typeName(a.type), expr(a, op, b)));
  }
  if (op == BinaryOp::ShiftRight) {
    // Signed: arithmetic (inserted bits copy the sign); unsigned: logical.
    return Eval::ok(ConstValue::makeInt(a.type, x >> amount));
  }
  // "When both e1 and e2 are known before shader execution start, the result must not overflow:
  //  * If T is a signed integer type, and the e2+1 most significant bits of e1 do not have the
  //    same bit value, then: It is a shader-creation error if e1 and e2 are const-expressions.
  //  * If T is an unsigned integer type, and any of the e2 most significant bits of e1 are 1,
  //    then: It is a shader-creation error if e1 and e2 are const-expressions."
  if (is_signed) {
    const int64_t top = x >> (31 - amount);  // x is sign-extended from 32 bits
    if (top != 0 && top != -1) {
      return Eval::fail(fmt::format(
          "i32 left shift overflows in a const-expression: {} (the {} most significant bits of {} are not all equal)",
          expr(a, op, b), amount + 1, a.toString()));
    }
    return Eval::ok(ConstValue::makeInt(a.type, wrapI32(static_cast<uint64_t>(x) << amount)));
  }
  if (amount > 0 && (static_cast<uint64_t>(x) >> (32 - amount)) != 0) {
    return Eval::fail(fmt::format(
        "u32 left shift overflows in a const-expression: {} (one of the {} most significant bits of {} is 1)",
        expr(a, op, b), amount, a.toString()));
  }
  return Eval::ok(ConstValue::makeInt(a.type, wrapU32(static_cast<uint64_t>(x) << amount)));
}

Eval compareScalar(TypeTable& types, BinaryOp op, const ConstValue& a, const ConstValue& b) {
  const Type* t = a.type;
  const bool is_bool = t->kind == TypeKind::Bool;
  const bool is_float = t->isFloatScalar();
  if (is_bool && op != BinaryOp::Equal && op != BinaryOp::NotEqual) {
    return Eval::fail(fmt::format("operator {} is not defined for bool", ast::toString(op)));
  }
  // Floats compare by value: -0.0 == 0.0 ("Negative zero and positive zero compare as equal").
  auto less = [&]() { return is_float ? a.f < b.f : a.i < b.i; };
  auto equal = [&]() { return is_bool ? a.b == b.b : (is_float ? a.f == b.f : a.i == b.i); };
  auto greater = [&]() { return is_float ? a.f > b.f : a.i > b.i; };
  bool r = false;
  switch (op) {
    case BinaryOp::Equal: r = equal(); break;
    case BinaryOp::NotEqual: r = !equal(); break;
    case BinaryOp::Less: r = less(); break;
    case BinaryOp::LessEqual: r = less() || equal(); break;
    case BinaryOp::Greater: r = greater(); break;
    case BinaryOp::GreaterEqual: r = greater() || equal(); break;
    default: break;
  }
  return Eval::ok(ConstValue::makeBool(types.boolType(), r));
}

Eval bitwiseScalar(BinaryOp op, const ConstValue& a, const ConstValue& b) {
  const Type* t = a.type;
  if (t->kind == TypeKind::Bool) {
    // "Logical or" / "Logical and" on bool (both operands evaluated). The spec defines `^` only
    // for integral types.
    if (op == BinaryOp::Xor) return Eval::fail("operator ^ is not defined for bool");
    return Eval::ok(ConstValue::makeBool(t, op == BinaryOp::And ? (a.b && b.b) : (a.b || b.b)));
  }
  if (!t->isIntegerScalar()) {
    return Eval::fail(fmt::format("operator {} is not defined for {}", ast::toString(op), typeName(t)));
  }
  // Values are held sign-extended (i32), zero-extended (u32) or full (AbstractInt); bitwise
  // operations on those representations stay in the same representation.
  int64_t r = 0;
  switch (op) {
    case BinaryOp::And: r = a.i & b.i; break;
    case BinaryOp::Or: r = a.i | b.i; break;
    default: r = a.i ^ b.i; break;
  }
  return Eval::ok(ConstValue::makeInt(t, r));
}

bool isComparison(BinaryOp op) {
  return op == BinaryOp::Less || op == BinaryOp::LessEqual || op == BinaryOp::Greater ||
         op == BinaryOp::GreaterEqual || op == BinaryOp::Equal || op == BinaryOp::NotEqual;
}
bool isShift(BinaryOp op) { return op == BinaryOp::ShiftLeft || op == BinaryOp::ShiftRight; }
bool isArithmetic(BinaryOp op) {
  return op == BinaryOp::Add || op == BinaryOp::Sub || op == BinaryOp::Mul || op == BinaryOp::Div ||
         op == BinaryOp::Mod;
}

Eval binaryScalar(TypeTable& types, BinaryOp op, const ConstValue& a, const ConstValue& b) {
  if (isShift(op)) return shiftScalar(op, a, b);
  if (a.type != b.type) {
    return Eval::fail(fmt::format("operator {} is not defined for {} and {}", ast::toString(op), typeName(a.type),
                                  typeName(b.type)));
  }
  const Type* t = a.type;
  if (isComparison(op)) return compareScalar(types, op, a, b);
  if (isArithmetic(op)) {
    if (t->isFloatScalar()) return floatArith(op, a, b);
    if (t->kind == TypeKind::AbstractInt) return abstractIntArith(op, a, b);
    if (t->kind == TypeKind::I32 || t->kind == TypeKind::U32) return concreteIntArith(op, a, b);
    return Eval::fail(fmt::format("operator {} is not defined for {}", ast::toString(op), typeName(t)));
  }
  if (op == BinaryOp::LogicalAnd || op == BinaryOp::LogicalOr) {
    if (t->kind != TypeKind::Bool) {
      return Eval::fail(fmt::format("operator {} is not defined for {}", ast::toString(op), typeName(t)));
    }
    return Eval::ok(ConstValue::makeBool(t, op == BinaryOp::LogicalAnd ? (a.b && b.b) : (a.b || b.b)));
  }
  return bitwiseScalar(op, a, b);
}

Eval unaryScalar(UnaryOp op, const ConstValue& v) {
  const Type* t = v.type;
  switch (op) {
    case UnaryOp::Negate:
      if (t->isFloatScalar()) return Eval::ok(ConstValue::makeFloat(t, -v.f));  // exact
      if (t->kind == TypeKind::I32) {
        // "If T is an integer scalar type and e evaluates to the largest negative value, then
        // the result is e." (wraps)
        return Eval::ok(ConstValue::makeInt(t, wrapI32(uint64_t{0} - static_cast<uint64_t>(v.i))));
      }
      if (t->kind == TypeKind::AbstractInt) {
        // "If T is an integer scalar type and e evaluates to the largest negative value, then
        // the result is e": AbstractInt is an integer scalar type, so -(-2^63) is -2^63 (the
        // operation is defined that way and does not overflow; Tint agrees).
        if (v.i == std::numeric_limits<int64_t>::min()) return Eval::ok(v);
        return Eval::ok(ConstValue::makeInt(t, -v.i));
      }
      break;
    case UnaryOp::Not:
      if (t->kind == TypeKind::Bool) return Eval::ok(ConstValue::makeBool(t, !v.b));
      break;
    case UnaryOp::Complement:
      if (t->kind == TypeKind::U32) return Eval::ok(ConstValue::makeInt(t, wrapU32(~static_cast<uint64_t>(v.i))));
      if (t->kind == TypeKind::I32 || t->kind == TypeKind::AbstractInt) return Eval::ok(ConstValue::makeInt(t, ~v.i));
      break;
    default: break;
  }
  return Eval::fail(fmt::format("operator {} is not defined for {}", ast::toString(op), typeName(t)));
}

// Applies `fn` to each pair of components; a scalar operand is broadcast (the vector-scalar
// forms: "ev + es" is "ev + V(es)").
Eval componentWise(TypeTable& types, const ConstValue& a, const ConstValue& b,
                   const std::function<Eval(const ConstValue&, const ConstValue&)>& fn) {
  const bool av = !a.isScalar(), bv = !b.isScalar();
  const size_t n = av ? a.elements.size() : b.elements.size();
  if (av && bv && a.elements.size() != b.elements.size()) {
    return Eval::fail(fmt::format("operands {} and {} have different sizes", typeName(a.type), typeName(b.type)));
  }
  std::vector<ConstValue> out;
  out.reserve(n);
  for (size_t k = 0; k < n; ++k) {
    Eval e = fn(av ? a.elements[k] : a, bv ? b.elements[k] : b);
    if (!e.value) return e;
    out.push_back(std::move(*e.value));
  }
  const Type* shape = av ? a.type : b.type;
  const Type* elem = out.empty() ? shape->elem : out[0].type;
  const Type* result = shape->isMatrix() ? types.mat(shape->columns, shape->rows, elem->scalarOf())
                                         : types.vec(static_cast<uint32_t>(n), elem);
  return Eval::ok(ConstValue::makeComposite(result, std::move(out)));
}

// Sum of x[k] * y[k], each multiplication and addition evaluated (rounded, checked) in T, left
// to right: the accuracy of the matrix products is that of `dot`, "inherited from sum of
// x[i] * y[i]".
Eval dot(TypeTable& types, const std::vector<ConstValue>& x, const std::vector<ConstValue>& y) {
  if (x.empty() || x.size() != y.size()) return Eval::fail("dot product of vectors of different sizes");
  std::optional<ConstValue> sum;
  for (size_t k = 0; k < x.size(); ++k) {
    Eval p = binaryScalar(types, BinaryOp::Mul, x[k], y[k]);
    if (!p.value) return p;
    if (!sum) {
      sum = *p.value;
      continue;
    }
    Eval s = binaryScalar(types, BinaryOp::Add, *sum, *p.value);
    if (!s.value) return s;
    sum = *s.value;
  }
  return Eval::ok(*sum);
}

// Row `i` of a matrix, as a list of scalars.
std::vector<ConstValue> row(const ConstValue& m, uint32_t i) {
  std::vector<ConstValue> r;
  for (const auto& col : m.elements) r.push_back(col.elements[i]);
  return r;
}

Eval matTimesVec(TypeTable& types, const ConstValue& m, const ConstValue& v) {
  // "Component i of the result is dot(transpose(m)[i], v)".
  std::vector<ConstValue> out;
  for (uint32_t i = 0; i < m.type->rows; ++i) {
    Eval d = dot(types, row(m, i), v.elements);
    if (!d.value) return d;
    out.push_back(std::move(*d.value));
  }
  return Eval::ok(ConstValue::makeComposite(types.vec(m.type->rows, m.type->elem), std::move(out)));
}

Eval matrixBinary(TypeTable& types, BinaryOp op, const ConstValue& a, const ConstValue& b) {
  const Type* ta = a.type;
  const Type* tb = b.type;
  auto invalid = [&]() {
    return Eval::fail(fmt::format("operator {} is not defined for {} and {}", ast::toString(op), typeName(ta),
                                  typeName(tb)));
  };
  const Type* ea = ta->scalarOf();
  const Type* eb = tb->scalarOf();
  if (ea == nullptr || ea != eb || !ea->isFloatScalar()) return invalid();
  auto scalarFn = [&](BinaryOp o) {
    return [&types, o](const ConstValue& x, const ConstValue& y) { return binaryScalar(types, o, x, y); };
  };
  if (op == BinaryOp::Add || op == BinaryOp::Sub) {
    // "column i of the result is e1[i] + e2[i]"
    if (ta != tb) return invalid();
    return componentWise(types, a, b, [&](const ConstValue& x, const ConstValue& y) {
      return componentWise(types, x, y, scalarFn(op));
    });
  }
  if (op != BinaryOp::Mul) return invalid();
  if (ta->isMatrix() && tb->isScalar()) {
    // "(m * s)[i][j] is m[i][j] * s"
    return componentWise(types, a, b, [&](const ConstValue& col, const ConstValue& s) {
      return componentWise(types, col, s, scalarFn(BinaryOp::Mul));
    });
  }
  if (ta->isScalar() && tb->isMatrix()) {
    // "(s * m)[i][j] is m[i][j] * s"
    return componentWise(types, b, a, [&](const ConstValue& col, const ConstValue& s) {
      return componentWise(types, col, s, scalarFn(BinaryOp::Mul));
    });
  }
  if (ta->isMatrix() && tb->isVector()) {
    if (tb->width != ta->columns) return invalid();
    return matTimesVec(types, a, b);
  }
  if (ta->isVector() && tb->isMatrix()) {
    // "transpose(transpose(m) * transpose(v))": component j is dot(m[j], v).
    if (ta->width != tb->rows) return invalid();
    std::vector<ConstValue> out;
    for (const auto& col : b.elements) {
      Eval d = dot(types, col.elements, a.elements);
      if (!d.value) return d;
      out.push_back(std::move(*d.value));
    }
    return Eval::ok(ConstValue::makeComposite(types.vec(tb->columns, ea), std::move(out)));
  }
  if (ta->isMatrix() && tb->isMatrix()) {
    // matKxR * matCxK -> matCxR; column j of the result is e1 * e2[j].
    if (ta->columns != tb->rows) return invalid();
    std::vector<ConstValue> cols;
    for (const auto& col : b.elements) {
      Eval c = matTimesVec(types, a, col);
      if (!c.value) return c;
      cols.push_back(std::move(*c.value));
    }
    return Eval::ok(ConstValue::makeComposite(types.mat(tb->columns, ta->rows, ea), std::move(cols)));
  }
  return invalid();
}

}  // namespace

// Rounds a finite double to the nearest value of the floating point type `k` (ties to even),
// overflowing to an infinity as IEEE-754 round-to-nearest does.
double roundToType(TypeKind k, double x) {
  switch (k) {
    case TypeKind::F32: {
      // A double -> float cast of a value beyond the float range is undefined behaviour in C++:
      // apply IEEE round-to-nearest by hand there. 2^128 - 2^103 (MAX(f32) + half an ULP) and
      // above rounds to infinity, anything below to MAX(f32).
      const double a = std::fabs(x);
      if (a > static_cast<double>(FLT_MAX)) {
        const double r = a >= std::ldexp(1.0, 128) - std::ldexp(1.0, 103) ? std::numeric_limits<double>::infinity()
                                                                          : static_cast<double>(FLT_MAX);
        return std::copysign(r, x);
      }
      return static_cast<double>(static_cast<float>(x));
    }
    case TypeKind::F16: return ast::roundToF16(x);
    default: return x;
  }
}

Eval evalUnary(TypeTable& types, ast::UnaryOp op, const ConstValue& v) {
  (void)types;
  if (v.type == nullptr) return Eval::fail("operand without a type");
  if (v.type->isScalar()) return unaryScalar(op, v);
  if (!v.type->isVector()) {
    return Eval::fail(fmt::format("operator {} is not defined for {}", ast::toString(op), typeName(v.type)));
  }
  std::vector<ConstValue> out;
  for (const auto& c : v.elements) {
    Eval e = unaryScalar(op, c);
    if (!e.value) return e;
    out.push_back(std::move(*e.value));
  }
  return Eval::ok(ConstValue::makeComposite(v.type, std::move(out)));
}

Eval evalBinary(TypeTable& types, ast::BinaryOp op, const ConstValue& a, const ConstValue& b) {
  if (a.type == nullptr || b.type == nullptr) return Eval::fail("operand without a type");
  const Type* ta = a.type;
  const Type* tb = b.type;
  if (ta->isMatrix() || tb->isMatrix()) return matrixBinary(types, op, a, b);
  auto invalid = [&]() {
    return Eval::fail(fmt::format("operator {} is not defined for {} and {}", ast::toString(op), typeName(ta),
                                  typeName(tb)));
  };
  if (!(ta->isScalar() || ta->isVector()) || !(tb->isScalar() || tb->isVector())) return invalid();
  if (ta->isScalar() && tb->isScalar()) return binaryScalar(types, op, a, b);
  // Vector forms. Component-wise on two vectors of the same size; the mixed vector-scalar forms
  // exist for + - * / % only (shifts take a vector amount for a vector operand).
  if (ta->isVector() && tb->isVector()) {
    if (ta->width != tb->width) return invalid();
  } else if (!isArithmetic(op)) {
    return invalid();
  }
  if (op == BinaryOp::LogicalAnd || op == BinaryOp::LogicalOr) return invalid();  // bool scalars only
  return componentWise(types, a, b,
                       [&](const ConstValue& x, const ConstValue& y) { return binaryScalar(types, op, x, y); });
}

Eval convertAutomatic(TypeTable& types, const ConstValue& v, const Type* to) {
  ConversionMemo memo;
  return convertRecursive(types, v, to, /*automatic=*/true, memo);
}

Eval convertValue(TypeTable& types, const ConstValue& v, const Type* to) {
  ConversionMemo memo;
  return convertRecursive(types, v, to, /*automatic=*/false, memo);
}

}  // namespace wgsl::sema
