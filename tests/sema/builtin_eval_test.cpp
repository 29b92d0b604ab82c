// Shader-creation-time evaluation of @const built-in functions (interp/sema/builtin_eval.h).
// Expected values come from the spec (shared/spec/wgsl.bs, section "Built-in Functions" and
// "Floating Point Evaluation": examples, the formulas of each function, the domains and the
// const-expression errors it names) or from hand computation, never from the program's output.
// Arguments are given already converted to the parameter types of the chosen overload, and the
// result type is the one the spec's overload gives.
#include "interp/sema/builtin_eval.h"
#include "tests/support/const_value_fixture.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <string>
#include <vector>

namespace wgsl::sema {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr int64_t kI32Min = -2147483648LL;
constexpr int64_t kU32Max = 4294967295LL;
constexpr int64_t kI64Max = std::numeric_limits<int64_t>::max();
constexpr int64_t kI64Min = std::numeric_limits<int64_t>::min();

// The f32 value nearest to `v` (hand-computed expectations that need an f32 rounding).
double f32(double v) { return static_cast<double>(static_cast<float>(v)); }

class BuiltinEvalTest : public test::ConstValueFixture {
 protected:
  Eval call(const std::string& name, std::vector<ConstValue> args, const Type* result) {
    return evalBuiltin(T, builtinFnFromName(name), args, result);
  }
  // The common case T -> T: the result type is the type of the first argument.
  Eval same(const std::string& name, std::vector<ConstValue> args) {
    const Type* r = args[0].type;
    return evalBuiltin(T, builtinFnFromName(name), args, r);
  }
};

// Checks a successful result equal (same type, same value) to `want`.
::testing::AssertionResult Is(const Eval& e, const ConstValue& want) {
  if (!e.value) return ::testing::AssertionFailure() << "error: " << e.error;
  if (e.value->type != want.type) {
    return ::testing::AssertionFailure() << "type " << e.value->type->name() << ", want " << want.type->name();
  }
  if (*e.value != want) return ::testing::AssertionFailure() << e.value->toString() << ", want " << want.toString();
  return ::testing::AssertionSuccess();
}

// Checks a successful float scalar result of type `t` within `tol` of `want`.
::testing::AssertionResult Near(const Eval& e, const Type* t, double want, double tol) {
  if (!e.value) return ::testing::AssertionFailure() << "error: " << e.error;
  if (e.value->type != t) {
    return ::testing::AssertionFailure() << "type " << e.value->type->name() << ", want " << t->name();
  }
  if (!(std::fabs(e.value->f - want) <= tol)) {
    return ::testing::AssertionFailure() << e.value->toString() << ", want " << want << " +- " << tol;
  }
  return ::testing::AssertionSuccess();
}

// Checks an error whose message contains each of `parts`.
::testing::AssertionResult Fails(const Eval& e, std::initializer_list<std::string> parts) {
  if (e.value) return ::testing::AssertionFailure() << "unexpected value " << e.value->toString();
  if (e.error.empty()) return ::testing::AssertionFailure() << "failure without a message";
  for (const auto& part : parts) {
    if (e.error.find(part) == std::string::npos) {
      return ::testing::AssertionFailure() << "message '" << e.error << "' lacks '" << part << "'";
    }
  }
  return ::testing::AssertionSuccess();
}

// ------------------------------------------------------------------------------------------------
// Which functions are evaluated.

TEST_F(BuiltinEvalTest, NonConstBuiltinsAreNotEvaluated) {
  // "Returns Eval::fail with an empty message when the function is not evaluated at shader
  // creation": arrayLength, derivatives, textures, atomics, barriers are not @const.
  for (const char* name : {"arrayLength", "dpdx", "textureSample", "atomicAdd", "workgroupBarrier", "subgroupAdd"}) {
    Eval e = call(name, {F(1.0)}, T.f32());
    EXPECT_FALSE(e.value) << name;
    EXPECT_TRUE(e.error.empty()) << name << ": " << e.error;
  }
}

TEST_F(BuiltinEvalTest, ErrorMessagesNameTheCallAndTheConstExpressionRule) {
  EXPECT_TRUE(Fails(same("sqrt", {F(-1.0)}), {"sqrt(-1.0f)", "domain", "const-expression"}));
  EXPECT_TRUE(Fails(same("exp", {F(89.0)}), {"exp(89.0f)", "not a finite f32", "const-expression"}));
}

// ------------------------------------------------------------------------------------------------
// Logical built-in functions.

TEST_F(BuiltinEvalTest, AllOfVectorsAndScalars) {
  EXPECT_TRUE(Is(call("all", {VB({true, true, false})}, T.boolType()), B(false)));
  EXPECT_TRUE(Is(call("all", {VB({true, true, true, true})}, T.boolType()), B(true)));
  EXPECT_TRUE(Is(call("all", {B(true)}, T.boolType()), B(true)));  // "Returns e."
  EXPECT_TRUE(Is(call("all", {B(false)}, T.boolType()), B(false)));
}

TEST_F(BuiltinEvalTest, AnyOfVectorsAndScalars) {
  EXPECT_TRUE(Is(call("any", {VB({false, false, true})}, T.boolType()), B(true)));
  EXPECT_TRUE(Is(call("any", {VB({false, false})}, T.boolType()), B(false)));
  EXPECT_TRUE(Is(call("any", {B(false)}, T.boolType()), B(false)));
  EXPECT_TRUE(Is(call("any", {B(true)}, T.boolType()), B(true)));
}

TEST_F(BuiltinEvalTest, SelectScalarCondition) {
  // select(f, t, cond): "Returns t when cond is true, and f otherwise."
  EXPECT_TRUE(Is(call("select", {I(1), I(2), B(true)}, T.i32()), I(2)));
  EXPECT_TRUE(Is(call("select", {I(1), I(2), B(false)}, T.i32()), I(1)));
  EXPECT_TRUE(Is(call("select", {VF({1, 2}), VF({3, 4}), B(false)}, T.vec(2, T.f32())), VF({1, 2})));
  EXPECT_TRUE(Is(call("select", {B(false), B(true), B(true)}, T.boolType()), B(true)));
}

TEST_F(BuiltinEvalTest, SelectComponentWiseCondition) {
  EXPECT_TRUE(Is(call("select", {VI({1, 2, 3}), VI({4, 5, 6}), VB({true, false, true})}, T.vec(3, T.i32())),
                 VI({4, 2, 6})));
  EXPECT_TRUE(Is(call("select", {VAF({1.5, 2.5}), VAF({3.5, 4.5}), VB({false, true})}, T.vec(2, T.abstractFloat())),
                 VAF({1.5, 4.5})));
}

// ------------------------------------------------------------------------------------------------
// Bit reinterpretation.

TEST_F(BuiltinEvalTest, BitcastU32ToF32) {
  EXPECT_TRUE(Is(call("bitcast", {U(0x3f800000)}, T.f32()), F(1.0)));
  EXPECT_TRUE(Is(call("bitcast", {U(0xc0000000)}, T.f32()), F(-2.0)));
  // Smallest positive f32 subnormal, 2^-149: preserved (flushing is also allowed; we keep it).
  EXPECT_TRUE(Is(call("bitcast", {U(1)}, T.f32()), F(std::ldexp(1.0, -149))));
}

TEST_F(BuiltinEvalTest, BitcastF32ToIntegers) {
  EXPECT_TRUE(Is(call("bitcast", {F(1.0)}, T.u32()), U(0x3f800000)));
  EXPECT_TRUE(Is(call("bitcast", {F(-0.0)}, T.u32()), U(0x80000000)));  // the sign of zero is kept
  EXPECT_TRUE(Is(call("bitcast", {F(-2.0)}, T.i32()), I(-1073741824)));  // 0xc0000000
}

TEST_F(BuiltinEvalTest, BitcastBetweenI32AndU32) {
  EXPECT_TRUE(Is(call("bitcast", {U(0xffffffff)}, T.i32()), I(-1)));
  EXPECT_TRUE(Is(call("bitcast", {I(-1)}, T.u32()), U(0xffffffff)));
  EXPECT_TRUE(Is(call("bitcast", {I(kI32Min)}, T.u32()), U(0x80000000)));
  EXPECT_TRUE(Is(call("bitcast", {I(7)}, T.i32()), I(7)));  // bitcast<T>(e: T): identity
}

TEST_F(BuiltinEvalTest, BitcastToNonFiniteFloatIsAnError) {
  EXPECT_TRUE(Fails(call("bitcast", {U(0x7f800000)}, T.f32()), {"bitcast", "infinity", "const-expression"}));
  EXPECT_TRUE(Fails(call("bitcast", {U(0xff800000)}, T.f32()), {"infinity"}));
  EXPECT_TRUE(Fails(call("bitcast", {U(0x7fc00000)}, T.f32()), {"NaN"}));
  EXPECT_TRUE(Fails(call("bitcast", {VU({0x3f800000, 0x7f800001})}, T.vec(2, T.f32())), {"NaN", "component 1"}));
}

TEST_F(BuiltinEvalTest, BitcastAbstractIntToU32IsTheValueConversion) {
  // "The identity operation if e can be represented as u32, otherwise it produces a
  // shader-creation error. That is, produces the same result as u32(e)."
  EXPECT_TRUE(Is(call("bitcast", {AI(kU32Max)}, T.u32()), U(kU32Max)));
  EXPECT_TRUE(Is(call("bitcast", {AI(0)}, T.u32()), U(0)));
  EXPECT_TRUE(Fails(call("bitcast", {AI(-1)}, T.u32()), {"bitcast", "-1", "u32"}));
  EXPECT_TRUE(Fails(call("bitcast", {AI(kU32Max + 1)}, T.u32()), {"4294967296"}));
  EXPECT_TRUE(Is(call("bitcast", {VAI({1, 0xffffffff})}, T.vec(2, T.u32())), VU({1, 0xffffffff})));
  EXPECT_TRUE(Fails(call("bitcast", {VAI({1, -5})}, T.vec(2, T.u32())), {"-5"}));
}

TEST_F(BuiltinEvalTest, BitcastVectorsComponentWise) {
  // 1.0f = 0x3f800000 = 1065353216, -2.0f = 0xc0000000.
  EXPECT_TRUE(Is(call("bitcast", {VF({1.0, -2.0})}, T.vec(2, T.i32())), VI({1065353216, -1073741824})));
  EXPECT_TRUE(Is(call("bitcast", {VI({-1, 0})}, T.vec(2, T.u32())), VU({0xffffffff, 0})));
}

TEST_F(BuiltinEvalTest, BitcastU32ToVec2F16UsesLittleEndianLayout) {
  // Internal layout: V.x occupies the low 16 bits. 0x4000 = 2.0h, 0x3c00 = 1.0h.
  EXPECT_TRUE(Is(call("bitcast", {U(0x3c004000)}, T.vec(2, T.f16())), VH({2.0, 1.0})));
  EXPECT_TRUE(Is(call("bitcast", {VH({1.0, 2.0})}, T.u32()), U(0x40003c00)));
  EXPECT_TRUE(Is(call("bitcast", {VH({-0.0, 0.5})}, T.i32()), I(0x38008000)));  // 0x3800 = 0.5h, 0x8000 = -0h
  // 0x0001 is the smallest f16 subnormal 2^-24.
  EXPECT_TRUE(Is(call("bitcast", {U(0x00000001)}, T.vec(2, T.f16())), VH({std::ldexp(1.0, -24), 0.0})));
  EXPECT_TRUE(Fails(call("bitcast", {U(0x7c000000)}, T.vec(2, T.f16())), {"infinity", "component 1"}));
}

TEST_F(BuiltinEvalTest, BitcastVec2ToVec4F16AndBack) {
  // Word 0 = 0x3c000000: halves 0x0000 (0.0h), 0x3c00 (1.0h); word 1 = 0xc0003800: 0x3800 (0.5h),
  // 0xc000 (-2.0h).
  EXPECT_TRUE(Is(call("bitcast", {VU({0x3c000000, 0xc0003800})}, T.vec(4, T.f16())), VH({0.0, 1.0, 0.5, -2.0})));
  // Back to f32: 0x3c000000 = 2^(120-127) = 0.0078125; 0xc0003800 = -2 * (1 + 0x3800 / 2^23)
  // = -2.00341796875.
  EXPECT_TRUE(Is(call("bitcast", {VH({0.0, 1.0, 0.5, -2.0})}, T.vec(2, T.f32())), VF({0.0078125, -2.00341796875})));
  EXPECT_TRUE(Is(call("bitcast", {VH({0.0, 1.0, 0.5, -2.0})}, T.vec(2, T.u32())), VU({0x3c000000, 0xc0003800})));
}

// ------------------------------------------------------------------------------------------------
// Numeric built-in functions: abs, sign, min, max, clamp, saturate, step.

TEST_F(BuiltinEvalTest, AbsOfFloats) {
  EXPECT_TRUE(Is(same("abs", {F(-2.5)}), F(2.5)));
  EXPECT_TRUE(Is(same("abs", {H(-0.5)}), H(0.5)));
  EXPECT_TRUE(Is(same("abs", {VAF({-1.5, 3.0})}), VAF({1.5, 3.0})));
  // "the result is e with a positive sign bit"
  Eval z = same("abs", {F(-0.0)});
  ASSERT_TRUE(z.value) << z.error;
  EXPECT_FALSE(std::signbit(z.value->f));
}

TEST_F(BuiltinEvalTest, AbsOfIntegers) {
  EXPECT_TRUE(Is(same("abs", {I(-7)}), I(7)));
  // "If e is a signed integer scalar type and evaluates to the largest negative value, then the
  // result is e."
  EXPECT_TRUE(Is(same("abs", {I(kI32Min)}), I(kI32Min)));
  EXPECT_TRUE(Is(same("abs", {VU({0, 0xffffffff})}), VU({0, 0xffffffff})));  // unsigned: e
  EXPECT_TRUE(Is(same("abs", {AI(-5)}), AI(5)));
  EXPECT_TRUE(Is(same("abs", {AI(kI64Max)}), AI(kI64Max)));
  // The same rule for AbstractInt: |-2^63| is -2^63, not an overflow (Tint agrees).
  EXPECT_TRUE(Is(same("abs", {AI(kI64Min)}), AI(kI64Min)));
}

TEST_F(BuiltinEvalTest, SignOfFloatsIncludingNegativeZero) {
  EXPECT_TRUE(Is(same("sign", {F(-3.5)}), F(-1.0)));
  EXPECT_TRUE(Is(same("sign", {H(2.0)}), H(1.0)));
  EXPECT_TRUE(Is(same("sign", {AF(1e-300)}), AF(1.0)));
  // "0 when e = 0": -0.0 gives a zero.
  Eval z = same("sign", {F(-0.0)});
  ASSERT_TRUE(z.value) << z.error;
  EXPECT_EQ(z.value->f, 0.0);
  EXPECT_TRUE(Is(same("sign", {VF({-2, 0, 5})}), VF({-1, 0, 1})));
}

TEST_F(BuiltinEvalTest, SignOfSignedIntegers) {
  EXPECT_TRUE(Is(same("sign", {I(-5)}), I(-1)));
  EXPECT_TRUE(Is(same("sign", {I(kI32Min)}), I(-1)));
  EXPECT_TRUE(Is(same("sign", {AI(0)}), AI(0)));
  EXPECT_TRUE(Is(same("sign", {AI(kI64Max)}), AI(1)));
}

TEST_F(BuiltinEvalTest, MaxAndMin) {
  EXPECT_TRUE(Is(same("max", {I(1), I(-2)}), I(1)));
  EXPECT_TRUE(Is(same("min", {I(1), I(-2)}), I(-2)));
  EXPECT_TRUE(Is(same("max", {U(3), U(0xffffffff)}), U(0xffffffff)));
  EXPECT_TRUE(Is(same("min", {AI(kI64Min), AI(0)}), AI(kI64Min)));
  EXPECT_TRUE(Is(same("max", {F(-0.5), F(0.25)}), F(0.25)));
  EXPECT_TRUE(Is(same("min", {VAF({1, 5}), VAF({2, 4})}), VAF({1, 4})));
  EXPECT_TRUE(Is(same("max", {VH({1, 5}), VH({2, 4})}), VH({2, 5})));
}

TEST_F(BuiltinEvalTest, ClampIntegers) {
  // "If T is an integer type, then the result is min(max(e, low), high)."
  EXPECT_TRUE(Is(same("clamp", {I(5), I(0), I(3)}), I(3)));
  EXPECT_TRUE(Is(same("clamp", {I(-5), I(0), I(3)}), I(0)));
  EXPECT_TRUE(Is(same("clamp", {U(2), U(1), U(3)}), U(2)));
  EXPECT_TRUE(Is(same("clamp", {AI(100), AI(-1), AI(1)}), AI(1)));
  EXPECT_TRUE(Is(same("clamp", {I(9), I(2), I(2)}), I(2)));  // low == high is fine
}

TEST_F(BuiltinEvalTest, ClampFloats) {
  EXPECT_TRUE(Is(same("clamp", {F(0.5), F(1), F(2)}), F(1)));
  EXPECT_TRUE(Is(same("clamp", {AF(1.5), AF(1), AF(2)}), AF(1.5)));
  EXPECT_TRUE(Is(same("clamp", {VH({-1, 0.5, 3}), VH({0, 0, 0}), VH({1, 1, 1})}), VH({0, 0.5, 1})));
}

TEST_F(BuiltinEvalTest, ClampWithLowGreaterThanHighIsAnError) {
  // "If low is greater than high, then: It is a shader-creation error if low and high are
  // const-expressions."
  EXPECT_TRUE(Fails(same("clamp", {I(1), I(3), I(2)}), {"clamp", "3i", "2i", "const-expression"}));
  EXPECT_TRUE(Fails(same("clamp", {F(1), F(2), F(1)}), {"low 2.0f", "high 1.0f"}));
  EXPECT_TRUE(Fails(same("clamp", {AI(0), AI(1), AI(0)}), {"clamp"}));
  // Component-wise: the second component has low 5 > high 4.
  EXPECT_TRUE(Fails(same("clamp", {VI({1, 2}), VI({0, 5}), VI({3, 4})}), {"5i", "4i"}));
}

TEST_F(BuiltinEvalTest, Saturate) {
  EXPECT_TRUE(Is(same("saturate", {F(1.5)}), F(1)));
  EXPECT_TRUE(Is(same("saturate", {F(-0.5)}), F(0)));
  EXPECT_TRUE(Is(same("saturate", {VAF({0.25, 2, -3})}), VAF({0.25, 1, 0})));
}

TEST_F(BuiltinEvalTest, Step) {
  // "Returns 1.0 if edge <= x, and 0.0 otherwise."
  EXPECT_TRUE(Is(same("step", {F(1), F(2)}), F(1)));
  EXPECT_TRUE(Is(same("step", {F(2), F(1)}), F(0)));
  EXPECT_TRUE(Is(same("step", {AF(1), AF(1)}), AF(1)));
  EXPECT_TRUE(Is(same("step", {VH({0.5, 0.5}), VH({0.25, 0.75})}), VH({0, 1})));
}

// ------------------------------------------------------------------------------------------------
// Rounding functions.

TEST_F(BuiltinEvalTest, RoundTiesToEven) {
  // "When e lies halfway between integers k and k + 1, the result is k when k is even, and k + 1
  // when k is odd."
  EXPECT_TRUE(Is(same("round", {F(2.5)}), F(2)));
  EXPECT_TRUE(Is(same("round", {F(3.5)}), F(4)));
  EXPECT_TRUE(Is(same("round", {F(0.5)}), F(0)));
  EXPECT_TRUE(Is(same("round", {AF(-2.5)}), AF(-2)));
  EXPECT_TRUE(Is(same("round", {AF(-1.5)}), AF(-2)));
  EXPECT_TRUE(Is(same("round", {H(1.25)}), H(1)));
  EXPECT_TRUE(Is(same("round", {VF({1.75, -0.75})}), VF({2, -1})));
}

TEST_F(BuiltinEvalTest, CeilFloorTrunc) {
  EXPECT_TRUE(Is(same("ceil", {F(1.5)}), F(2)));
  EXPECT_TRUE(Is(same("ceil", {F(-1.5)}), F(-1)));
  EXPECT_TRUE(Is(same("floor", {AF(-1.5)}), AF(-2)));
  EXPECT_TRUE(Is(same("floor", {H(2.75)}), H(2)));
  EXPECT_TRUE(Is(same("trunc", {F(-1.75)}), F(-1)));
  EXPECT_TRUE(Is(same("trunc", {VAF({2.7, -2.7})}), VAF({2, -2})));
}

TEST_F(BuiltinEvalTest, Fract) {
  // "computed as e - floor(e)"
  EXPECT_TRUE(Is(same("fract", {F(1.75)}), F(0.75)));
  EXPECT_TRUE(Is(same("fract", {AF(-1.25)}), AF(0.75)));
  EXPECT_TRUE(Is(same("fract", {H(3.0)}), H(0)));
}

TEST_F(BuiltinEvalTest, ModfSplitsWholeAndFraction) {
  // Spec example: modf(1.5) has fract 0.5 and whole 1.0.
  const Type* ra = Result2("__modf_result_abstract", "fract", T.abstractFloat(), "whole", T.abstractFloat());
  EXPECT_TRUE(Is(call("modf", {AF(1.5)}, ra), ConstValue::makeComposite(ra, {AF(0.5), AF(1.0)})));
  // whole = trunc(e), fract = e - trunc(e).
  const Type* rf = Result2("__modf_result_f32", "fract", T.f32(), "whole", T.f32());
  EXPECT_TRUE(Is(call("modf", {F(-2.75)}, rf), ConstValue::makeComposite(rf, {F(-0.75), F(-2)})));
  const Type* v2h = T.vec(2, T.f16());
  const Type* rv = Result2("__modf_result_vec2_f16", "fract", v2h, "whole", v2h);
  EXPECT_TRUE(Is(call("modf", {VH({3.25, -0.5})}, rv), ConstValue::makeComposite(rv, {VH({0.25, -0.5}), VH({3, 0})})));
}

TEST_F(BuiltinEvalTest, FrexpScalars) {
  // Spec example: frexp(1.5).fract is 0.75 (1.5 = 0.75 * 2^1).
  const Type* ra = Result2("__frexp_result_abstract", "fract", T.abstractFloat(), "exp", T.abstractInt());
  EXPECT_TRUE(Is(call("frexp", {AF(1.5)}, ra), ConstValue::makeComposite(ra, {AF(0.75), AI(1)})));
  EXPECT_TRUE(Is(call("frexp", {AF(-8.0)}, ra), ConstValue::makeComposite(ra, {AF(-0.5), AI(4)})));
  // "When e is zero, the fraction is zero."
  const Type* rf = Result2("__frexp_result_f32", "fract", T.f32(), "exp", T.i32());
  EXPECT_TRUE(Is(call("frexp", {F(0.0)}, rf), ConstValue::makeComposite(rf, {F(0.0), I(0)})));
  EXPECT_TRUE(Is(call("frexp", {F(0.125)}, rf), ConstValue::makeComposite(rf, {F(0.5), I(-2)})));
  const Type* rh = Result2("__frexp_result_f16", "fract", T.f16(), "exp", T.i32());
  EXPECT_TRUE(Is(call("frexp", {H(1024)}, rh), ConstValue::makeComposite(rh, {H(0.5), I(11)})));
}

TEST_F(BuiltinEvalTest, FrexpVector) {
  // 1 = 0.5 * 2^1, 3 = 0.75 * 2^2.
  const Type* rv = Result2("__frexp_result_vec2_f32", "fract", T.vec(2, T.f32()), "exp", T.vec(2, T.i32()));
  EXPECT_TRUE(Is(call("frexp", {VF({1.0, 3.0})}, rv), ConstValue::makeComposite(rv, {VF({0.5, 0.75}), VI({1, 2})})));
}

// ------------------------------------------------------------------------------------------------
// Square roots, exponentials and logarithms.

TEST_F(BuiltinEvalTest, SqrtRoundsToTheResultType) {
  EXPECT_TRUE(Is(same("sqrt", {F(4)}), F(2)));
  EXPECT_TRUE(Is(same("sqrt", {AF(0.25)}), AF(0.5)));
  // sqrt(2) = 1.41421356...; f32: 1.41421353816986083984375; f16 (quantum 2^-10): 1448/1024.
  EXPECT_TRUE(Is(same("sqrt", {F(2)}), F(1.41421353816986083984375)));
  EXPECT_TRUE(Is(same("sqrt", {H(2)}), H(1.4140625)));
  EXPECT_TRUE(Is(same("sqrt", {F(0)}), F(0)));
}

TEST_F(BuiltinEvalTest, SqrtOfNegativeIsAnError) {
  // Scalar domain [0, +inf].
  EXPECT_TRUE(Fails(same("sqrt", {F(-1)}), {"sqrt(-1.0f)"}));
  EXPECT_TRUE(Fails(same("sqrt", {AF(-1e-300)}), {"sqrt", "domain"}));
  EXPECT_TRUE(Fails(same("sqrt", {VF({4, -4})}), {"sqrt(-4.0f)"}));
}

TEST_F(BuiltinEvalTest, InverseSqrt) {
  EXPECT_TRUE(Is(same("inverseSqrt", {F(4)}), F(0.5)));
  EXPECT_TRUE(Is(same("inverseSqrt", {AF(0.0625)}), AF(4)));
  EXPECT_TRUE(Fails(same("inverseSqrt", {F(-1)}), {"inverseSqrt", "domain"}));
  EXPECT_TRUE(Fails(same("inverseSqrt", {F(0)}), {"inverseSqrt", "not a finite"}));  // 1/0
}

TEST_F(BuiltinEvalTest, LogAndLog2) {
  EXPECT_TRUE(Is(same("log", {F(1)}), F(0)));
  EXPECT_TRUE(Near(same("log", {AF(std::exp(1.0))}), T.abstractFloat(), 1.0, 1e-15));
  EXPECT_TRUE(Near(same("log", {F(2)}), T.f32(), 0.6931471805599453, 1e-7));
  EXPECT_TRUE(Is(same("log2", {F(8)}), F(3)));
  EXPECT_TRUE(Is(same("log2", {H(0.25)}), H(-2)));
}

TEST_F(BuiltinEvalTest, LogOfZeroOrNegativeIsAnError) {
  // log(0) is a division by zero (an infinite result); log(-1) is outside the domain [0, +inf].
  EXPECT_TRUE(Fails(same("log", {F(0)}), {"log(0.0f)", "not a finite"}));
  EXPECT_TRUE(Fails(same("log", {AF(-1)}), {"log", "domain"}));
  EXPECT_TRUE(Fails(same("log2", {H(0)}), {"log2"}));
  EXPECT_TRUE(Fails(same("log2", {F(-2)}), {"log2", "domain"}));
}

TEST_F(BuiltinEvalTest, ExpAndExp2) {
  EXPECT_TRUE(Is(same("exp", {F(0)}), F(1)));
  EXPECT_TRUE(Near(same("exp", {AF(1)}), T.abstractFloat(), 2.718281828459045, 1e-15));
  EXPECT_TRUE(Is(same("exp2", {F(10)}), F(1024)));
  EXPECT_TRUE(Is(same("exp2", {AF(-1)}), AF(0.5)));
  EXPECT_TRUE(Is(same("exp2", {H(15)}), H(32768)));
  EXPECT_TRUE(Near(same("exp", {F(88)}), T.f32(), 1.6516362549940018e38, 1e31));  // below MAX(f32)
}

TEST_F(BuiltinEvalTest, ExpOverflowIsAnError) {
  // e^89 = 4.49e38 > MAX(f32) = 3.40e38; 2^16 = 65536 > MAX(f16) = 65504; e^710 > MAX(binary64).
  EXPECT_TRUE(Fails(same("exp", {F(89)}), {"exp", "f32"}));
  EXPECT_TRUE(Fails(same("exp2", {H(16)}), {"exp2", "f16"}));
  EXPECT_TRUE(Fails(same("exp", {AF(710)}), {"exp", "AbstractFloat"}));
}

TEST_F(BuiltinEvalTest, Pow) {
  EXPECT_TRUE(Is(same("pow", {F(2), F(10)}), F(1024)));
  EXPECT_TRUE(Is(same("pow", {AF(4), AF(0.5)}), AF(2)));
  EXPECT_TRUE(Is(same("pow", {AF(0), AF(2)}), AF(0)));
  EXPECT_TRUE(Is(same("pow", {F(2), F(127)}), F(std::ldexp(1.0, 127))));
}

TEST_F(BuiltinEvalTest, PowDomainAndOverflowErrors) {
  // Domain excludes x < 0. pow(0, y <= 0) is exp2(y * log2(0)): infinite or NaN.
  EXPECT_TRUE(Fails(same("pow", {F(-1), F(2)}), {"pow", "domain"}));
  EXPECT_TRUE(Fails(same("pow", {AF(0), AF(0)}), {"pow"}));
  EXPECT_TRUE(Fails(same("pow", {AF(0), AF(-1)}), {"pow"}));
  EXPECT_TRUE(Fails(same("pow", {F(2), F(128)}), {"pow", "not a finite f32"}));
}

TEST_F(BuiltinEvalTest, Ldexp) {
  // e1 * 2^e2.
  EXPECT_TRUE(Is(call("ldexp", {F(1.5), I(2)}, T.f32()), F(6)));
  EXPECT_TRUE(Is(call("ldexp", {F(0.5), I(128)}, T.f32()), F(std::ldexp(1.0, 127))));  // e2 = bias + 1
  EXPECT_TRUE(Is(call("ldexp", {H(1), I(15)}, T.f16()), H(32768)));
  EXPECT_TRUE(Is(call("ldexp", {AF(1), AI(-1074)}, T.abstractFloat()), AF(std::ldexp(1.0, -1074))));
  // "The result may be zero if e2 + bias <= 0."
  EXPECT_TRUE(Is(call("ldexp", {F(1), I(-200)}, T.f32()), F(0)));
  EXPECT_TRUE(Is(call("ldexp", {VF({1, 3}), VI({-1, 2})}, T.vec(2, T.f32())), VF({0.5, 12})));
}

TEST_F(BuiltinEvalTest, LdexpOverflowIsAnError) {
  // "If e2 > bias + 1: It is a shader-creation error if e2 is a const-expression."
  EXPECT_TRUE(Fails(call("ldexp", {F(1), I(129)}, T.f32()), {"ldexp", "128", "const-expression"}));
  EXPECT_TRUE(Fails(call("ldexp", {F(0), I(129)}, T.f32()), {"ldexp"}));
  EXPECT_TRUE(Fails(call("ldexp", {H(1), I(17)}, T.f16()), {"16"}));
  EXPECT_TRUE(Fails(call("ldexp", {AF(1), AI(1025)}, T.abstractFloat()), {"1024"}));
  // e2 within the limit, but the result 2^128 (f32) / 2^16 (f16) overflows.
  EXPECT_TRUE(Fails(call("ldexp", {F(1), I(128)}, T.f32()), {"not a finite f32"}));
  EXPECT_TRUE(Fails(call("ldexp", {H(1), I(16)}, T.f16()), {"not a finite f16"}));
}

TEST_F(BuiltinEvalTest, QuantizeToF16) {
  // 1.00001f lies within half an f16 ULP (2^-11) of 1.
  EXPECT_TRUE(Is(same("quantizeToF16", {F(f32(1.00001))}), F(1.0)));
  // f16 nearest to 0.1f: 1638 * 2^-14 = 0.0999755859375.
  EXPECT_TRUE(Is(same("quantizeToF16", {F(f32(0.1))}), F(0.0999755859375)));
  EXPECT_TRUE(Is(same("quantizeToF16", {F(65504)}), F(65504)));
  EXPECT_TRUE(Is(same("quantizeToF16", {VF({-2.5, 1024.25})}), VF({-2.5, 1024})));  // quantum 1 at 1024
}

TEST_F(BuiltinEvalTest, QuantizeToF16OutsideTheFiniteRangeIsAnError) {
  // "If e is outside the finite range of binary16, then: It is a shader-creation error".
  EXPECT_TRUE(Fails(same("quantizeToF16", {F(65505)}), {"quantizeToF16", "f16", "const-expression"}));
  EXPECT_TRUE(Fails(same("quantizeToF16", {F(-1e5)}), {"quantizeToF16"}));
}

// ------------------------------------------------------------------------------------------------
// Trigonometric and hyperbolic functions.

TEST_F(BuiltinEvalTest, DegreesAndRadians) {
  // degrees approximates e1 * 180 / pi; radians e1 * pi / 180.
  EXPECT_TRUE(Near(same("degrees", {AF(kPi)}), T.abstractFloat(), 180.0, 1e-12));
  // float(pi) * 180 / pi = 180.000005..., within half an f32 ULP (2^-17) of 180.
  EXPECT_TRUE(Is(same("degrees", {F(f32(kPi))}), F(180)));
  EXPECT_TRUE(Is(same("radians", {F(180)}), F(f32(kPi))));
  EXPECT_TRUE(Near(same("radians", {AF(90)}), T.abstractFloat(), kPi / 2, 1e-15));
  EXPECT_TRUE(Near(same("radians", {H(180)}), T.f16(), kPi, 2e-3));
  EXPECT_TRUE(Fails(same("degrees", {H(60000)}), {"degrees", "f16"}));  // 3.4e6 > 65504
}

TEST_F(BuiltinEvalTest, SinCosTan) {
  EXPECT_TRUE(Is(same("cos", {F(0)}), F(1)));
  EXPECT_TRUE(Is(same("sin", {F(0)}), F(0)));
  EXPECT_TRUE(Near(same("sin", {AF(kPi / 2)}), T.abstractFloat(), 1.0, 1e-15));
  EXPECT_TRUE(Near(same("cos", {F(f32(kPi))}), T.f32(), -1.0, 1e-7));
  EXPECT_TRUE(Near(same("tan", {AF(kPi / 4)}), T.abstractFloat(), 1.0, 1e-15));
  EXPECT_TRUE(Near(same("sin", {H(0.5)}), T.f16(), 0.479425538604203, 1e-3));
}

TEST_F(BuiltinEvalTest, InverseTrigonometric) {
  EXPECT_TRUE(Is(same("acos", {F(1)}), F(0)));
  EXPECT_TRUE(Near(same("acos", {AF(-1)}), T.abstractFloat(), kPi, 1e-15));
  EXPECT_TRUE(Near(same("acos", {F(0.5)}), T.f32(), kPi / 3, 1e-6));
  EXPECT_TRUE(Near(same("asin", {AF(1)}), T.abstractFloat(), kPi / 2, 1e-15));
  EXPECT_TRUE(Near(same("atan", {AF(1)}), T.abstractFloat(), kPi / 4, 1e-15));
  EXPECT_TRUE(Near(same("atan", {F(-1)}), T.f32(), -kPi / 4, 1e-6));
}

TEST_F(BuiltinEvalTest, AcosAsinOutsideTheirDomainAreErrors) {
  // Scalar domain [-1, 1].
  EXPECT_TRUE(Fails(same("acos", {F(1.5)}), {"acos(1.5f)", "domain"}));
  EXPECT_TRUE(Fails(same("asin", {AF(-2)}), {"asin", "domain"}));
  EXPECT_TRUE(Fails(same("acos", {VH({0.5, -1.25})}), {"acos(-1.25h)"}));
}

TEST_F(BuiltinEvalTest, Atan2Quadrants) {
  // atan2(y, x): the angle of (x, y).
  EXPECT_TRUE(Near(same("atan2", {AF(1), AF(1)}), T.abstractFloat(), kPi / 4, 1e-15));
  EXPECT_TRUE(Near(same("atan2", {AF(1), AF(-1)}), T.abstractFloat(), 3 * kPi / 4, 1e-15));
  EXPECT_TRUE(Near(same("atan2", {F(-1), F(-1)}), T.f32(), -3 * kPi / 4, 1e-6));
  EXPECT_TRUE(Near(same("atan2", {F(0), F(1)}), T.f32(), 0.0, 0.0));
  // No domain is listed for atan2 (the error at the origin is unbounded): not an error.
  EXPECT_TRUE(same("atan2", {F(0), F(0)}).value.has_value());
}

TEST_F(BuiltinEvalTest, Hyperbolic) {
  EXPECT_TRUE(Is(same("cosh", {F(0)}), F(1)));
  EXPECT_TRUE(Is(same("sinh", {F(0)}), F(0)));
  EXPECT_TRUE(Is(same("tanh", {F(0)}), F(0)));
  // (e + 1/e) / 2, (e - 1/e) / 2, their quotient.
  EXPECT_TRUE(Near(same("cosh", {AF(1)}), T.abstractFloat(), 1.5430806348152437, 1e-15));
  EXPECT_TRUE(Near(same("sinh", {AF(1)}), T.abstractFloat(), 1.1752011936438014, 1e-15));
  EXPECT_TRUE(Near(same("tanh", {F(1)}), T.f32(), 0.7615941559557649, 1e-7));
  EXPECT_TRUE(Fails(same("cosh", {H(12)}), {"cosh", "f16"}));  // cosh(12) = 81377 > 65504
}

TEST_F(BuiltinEvalTest, InverseHyperbolic) {
  // asinh(1) = ln(1 + sqrt 2); acosh(2) = ln(2 + sqrt 3); atanh(0.5) = ln(3) / 2.
  EXPECT_TRUE(Near(same("asinh", {AF(1)}), T.abstractFloat(), 0.881373587019543, 1e-15));
  EXPECT_TRUE(Is(same("acosh", {F(1)}), F(0)));
  EXPECT_TRUE(Near(same("acosh", {AF(2)}), T.abstractFloat(), 1.3169578969248166, 1e-15));
  EXPECT_TRUE(Near(same("atanh", {F(0.5)}), T.f32(), 0.5493061443340549, 1e-7));
}

TEST_F(BuiltinEvalTest, InverseHyperbolicDomainErrors) {
  // acosh: [1, +inf]; atanh: [-1, 1], and atanh(+-1) is infinite.
  EXPECT_TRUE(Fails(same("acosh", {F(0.5)}), {"acosh", "domain"}));
  EXPECT_TRUE(Fails(same("atanh", {AF(2)}), {"atanh", "domain"}));
  EXPECT_TRUE(Fails(same("atanh", {F(1)}), {"atanh(1.0f)", "not a finite"}));
}

// ------------------------------------------------------------------------------------------------
// fma, mix, smoothstep.

TEST_F(BuiltinEvalTest, Fma) {
  EXPECT_TRUE(Is(same("fma", {F(2), F(3), F(4)}), F(10)));
  EXPECT_TRUE(Is(same("fma", {VAF({0.5, -1}), VAF({4, 2}), VAF({1, 1})}), VAF({3, -1})));
  EXPECT_TRUE(Fails(same("fma", {H(256), H(256), H(0)}), {"fma", "f16"}));  // 65536
}

TEST_F(BuiltinEvalTest, Mix) {
  // e1 * (1 - e3) + e2 * e3
  EXPECT_TRUE(Is(same("mix", {F(0), F(10), F(0.25)}), F(2.5)));
  EXPECT_TRUE(Is(same("mix", {AF(2), AF(4), AF(1)}), AF(4)));
  // Vector with a scalar blending factor: same as mix(e1, e2, T2(e3)).
  EXPECT_TRUE(Is(call("mix", {VF({0, 10}), VF({10, 20}), F(0.5)}, T.vec(2, T.f32())), VF({5, 15})));
  EXPECT_TRUE(Is(same("mix", {VH({0, 0}), VH({8, 8}), VH({0.25, 0.75})}), VH({2, 6})));
}

TEST_F(BuiltinEvalTest, Smoothstep) {
  // t = clamp((x - edge0) / (edge1 - edge0), 0, 1); t * t * (3 - 2 * t).
  EXPECT_TRUE(Is(same("smoothstep", {F(0), F(1), F(0.5)}), F(0.5)));
  EXPECT_TRUE(Is(same("smoothstep", {F(0), F(2), F(0.5)}), F(0.15625)));  // t = 0.25
  EXPECT_TRUE(Is(same("smoothstep", {AF(0), AF(1), AF(-3)}), AF(0)));
  EXPECT_TRUE(Is(same("smoothstep", {AF(0), AF(1), AF(3)}), AF(1)));
  // edge0 > edge1: descending; t = (0.25 - 1) / (0 - 1) = 0.75.
  EXPECT_TRUE(Is(same("smoothstep", {H(1), H(0), H(0.25)}), H(0.84375)));
}

TEST_F(BuiltinEvalTest, SmoothstepWithEqualEdgesIsAnError) {
  // "If edge0 = edge1: It is a shader-creation error if edge0 and edge1 are const-expressions."
  EXPECT_TRUE(Fails(same("smoothstep", {F(1), F(1), F(0.5)}), {"smoothstep", "edge0", "const-expression"}));
  EXPECT_TRUE(Fails(same("smoothstep", {VAF({0, 2}), VAF({1, 2}), VAF({0, 0})}), {"smoothstep(2.0, 2.0, 0.0)"}));
}

// ------------------------------------------------------------------------------------------------
// Integer bit functions.

TEST_F(BuiltinEvalTest, CountLeadingZeros) {
  EXPECT_TRUE(Is(same("countLeadingZeros", {U(0)}), U(32)));
  EXPECT_TRUE(Is(same("countLeadingZeros", {U(1)}), U(31)));
  EXPECT_TRUE(Is(same("countLeadingZeros", {U(0x80000000)}), U(0)));
  EXPECT_TRUE(Is(same("countLeadingZeros", {U(0x00ff0000)}), U(8)));
  EXPECT_TRUE(Is(same("countLeadingZeros", {VI({-1, 1, 0})}), VI({0, 31, 32})));
}

TEST_F(BuiltinEvalTest, CountTrailingZeros) {
  EXPECT_TRUE(Is(same("countTrailingZeros", {U(0)}), U(32)));
  EXPECT_TRUE(Is(same("countTrailingZeros", {U(8)}), U(3)));
  EXPECT_TRUE(Is(same("countTrailingZeros", {U(0x80000000)}), U(31)));
  EXPECT_TRUE(Is(same("countTrailingZeros", {VI({kI32Min, -1})}), VI({31, 0})));
}

TEST_F(BuiltinEvalTest, CountOneBits) {
  EXPECT_TRUE(Is(same("countOneBits", {U(0)}), U(0)));
  EXPECT_TRUE(Is(same("countOneBits", {U(0xffffffff)}), U(32)));
  EXPECT_TRUE(Is(same("countOneBits", {I(-1)}), I(32)));
  EXPECT_TRUE(Is(same("countOneBits", {VU({0x0f0f, 0x80000001})}), VU({8, 2})));
}

TEST_F(BuiltinEvalTest, FirstLeadingBitSigned) {
  // -1 for 0 and -1; else the most significant bit differing from the sign bit.
  EXPECT_TRUE(Is(same("firstLeadingBit", {I(-1)}), I(-1)));
  EXPECT_TRUE(Is(same("firstLeadingBit", {I(0)}), I(-1)));
  EXPECT_TRUE(Is(same("firstLeadingBit", {I(1)}), I(0)));
  EXPECT_TRUE(Is(same("firstLeadingBit", {I(0x40000000)}), I(30)));
  // 0x80000000 as i32: bits 30..0 are 0, the sign bit is 1: bit 30.
  EXPECT_TRUE(Is(same("firstLeadingBit", {I(kI32Min)}), I(30)));
  EXPECT_TRUE(Is(same("firstLeadingBit", {I(-2)}), I(0)));   // 0xfffffffe: bit 0
  EXPECT_TRUE(Is(same("firstLeadingBit", {I(-256)}), I(7)));  // 0xffffff00: bit 7
}

TEST_F(BuiltinEvalTest, FirstLeadingBitUnsigned) {
  EXPECT_TRUE(Is(same("firstLeadingBit", {U(0)}), U(0xffffffff)));  // T(-1)
  EXPECT_TRUE(Is(same("firstLeadingBit", {U(0x80000000)}), U(31)));
  EXPECT_TRUE(Is(same("firstLeadingBit", {VU({1, 0x00010001})}), VU({0, 16})));
}

TEST_F(BuiltinEvalTest, FirstTrailingBit) {
  EXPECT_TRUE(Is(same("firstTrailingBit", {U(0)}), U(0xffffffff)));
  EXPECT_TRUE(Is(same("firstTrailingBit", {I(0)}), I(-1)));
  EXPECT_TRUE(Is(same("firstTrailingBit", {U(8)}), U(3)));
  EXPECT_TRUE(Is(same("firstTrailingBit", {I(kI32Min)}), I(31)));
  EXPECT_TRUE(Is(same("firstTrailingBit", {VI({-1, 6})}), VI({0, 1})));
}

TEST_F(BuiltinEvalTest, ReverseBits) {
  EXPECT_TRUE(Is(same("reverseBits", {U(1)}), U(0x80000000)));
  EXPECT_TRUE(Is(same("reverseBits", {U(0x0000000f)}), U(0xf0000000)));
  EXPECT_TRUE(Is(same("reverseBits", {U(0x12345678)}), U(0x1e6a2c48)));
  EXPECT_TRUE(Is(same("reverseBits", {I(1)}), I(kI32Min)));
  EXPECT_TRUE(Is(same("reverseBits", {VI({-1, 0})}), VI({-1, 0})));
}

TEST_F(BuiltinEvalTest, ExtractBitsUnsigned) {
  EXPECT_TRUE(Is(call("extractBits", {U(0xabcdef12), U(8), U(8)}, T.u32()), U(0xef)));
  EXPECT_TRUE(Is(call("extractBits", {U(0xabcdef12), U(28), U(4)}, T.u32()), U(0xa)));
  EXPECT_TRUE(Is(call("extractBits", {U(0xabcdef12), U(0), U(32)}, T.u32()), U(0xabcdef12)));
  EXPECT_TRUE(Is(call("extractBits", {U(0xabcdef12), U(5), U(0)}, T.u32()), U(0)));  // c = 0
  // Vector e, scalar offset and count.
  EXPECT_TRUE(Is(call("extractBits", {VU({0xf0, 0x0f}), U(4), U(4)}, T.vec(2, T.u32())), VU({0xf, 0})));
}

TEST_F(BuiltinEvalTest, ExtractBitsSignedExtendsBitCMinus1) {
  // 240 = 0b11110000: bits 4..7 are 1111, sign-extended to -1; bits 4..8 are 01111 = 15.
  EXPECT_TRUE(Is(call("extractBits", {I(240), U(4), U(4)}, T.i32()), I(-1)));
  EXPECT_TRUE(Is(call("extractBits", {I(240), U(4), U(5)}, T.i32()), I(15)));
  EXPECT_TRUE(Is(call("extractBits", {I(0x00000500), U(8), U(3)}, T.i32()), I(-3)));  // 101 -> -3
  EXPECT_TRUE(Is(call("extractBits", {I(-1), U(0), U(0)}, T.i32()), I(0)));
  EXPECT_TRUE(Is(call("extractBits", {I(kI32Min), U(31), U(1)}, T.i32()), I(-1)));
  EXPECT_TRUE(Is(call("extractBits", {I(-5), U(0), U(32)}, T.i32()), I(-5)));
}

TEST_F(BuiltinEvalTest, ExtractBitsOffsetPlusCountAboveWidthIsAnError) {
  // "If count + offset is greater than w, then: It is a shader-creation error".
  EXPECT_TRUE(Fails(call("extractBits", {U(1), U(30), U(3)}, T.u32()), {"extractBits", "30u", "3u", "32"}));
  EXPECT_TRUE(Fails(call("extractBits", {I(1), U(33), U(0)}, T.i32()), {"extractBits"}));
  // The sum is not taken modulo 2^32.
  EXPECT_TRUE(Fails(call("extractBits", {I(1), U(0xffffffff), U(1)}, T.i32()), {"extractBits"}));
}

TEST_F(BuiltinEvalTest, InsertBits) {
  EXPECT_TRUE(Is(call("insertBits", {U(0), U(0xff), U(8), U(8)}, T.u32()), U(0xff00)));
  EXPECT_TRUE(Is(call("insertBits", {U(0xffffffff), U(0), U(4), U(8)}, T.u32()), U(0xfffff00f)));
  EXPECT_TRUE(Is(call("insertBits", {U(0), U(0x1ff), U(0), U(8)}, T.u32()), U(0xff)));  // only c bits
  EXPECT_TRUE(Is(call("insertBits", {I(0), I(-1), U(28), U(4)}, T.i32()), I(-268435456)));  // 0xf0000000
  EXPECT_TRUE(Is(call("insertBits", {I(77), I(-1), U(3), U(0)}, T.i32()), I(77)));           // c = 0: e
  EXPECT_TRUE(Is(call("insertBits", {I(5), I(-7), U(0), U(32)}, T.i32()), I(-7)));
  EXPECT_TRUE(Is(call("insertBits", {VU({0, 0xff}), VU({1, 0}), U(0), U(4)}, T.vec(2, T.u32())), VU({1, 0xf0})));
}

TEST_F(BuiltinEvalTest, InsertBitsOffsetPlusCountAboveWidthIsAnError) {
  EXPECT_TRUE(Fails(call("insertBits", {U(0), U(1), U(20), U(16)}, T.u32()), {"insertBits", "20u", "16u"}));
  EXPECT_TRUE(Fails(call("insertBits", {I(0), I(1), U(32), U(1)}, T.i32()), {"insertBits", "const-expression"}));
}

TEST_F(BuiltinEvalTest, Dot4Packed) {
  // Bytes (4, 3, 2, 1) . (8, 7, 6, 5) = 32 + 21 + 12 + 5 = 70.
  EXPECT_TRUE(Is(call("dot4U8Packed", {U(0x01020304), U(0x05060708)}, T.u32()), U(70)));
  EXPECT_TRUE(Is(call("dot4U8Packed", {U(0xffffffff), U(0xffffffff)}, T.u32()), U(260100)));  // 4 * 255^2
  // Signed: 0xff is -1, 0x80 is -128.
  EXPECT_TRUE(Is(call("dot4I8Packed", {U(0xffffffff), U(0x01010101)}, T.i32()), I(-4)));
  EXPECT_TRUE(Is(call("dot4I8Packed", {U(0x80808080), U(0x80808080)}, T.i32()), I(65536)));
  EXPECT_TRUE(Is(call("dot4I8Packed", {U(0x7f7f7f7f), U(0x80808080)}, T.i32()), I(-65024)));
}

// ------------------------------------------------------------------------------------------------
// Vector functions.

TEST_F(BuiltinEvalTest, DotOfFloats) {
  EXPECT_TRUE(Is(call("dot", {VF({1, 2, 3}), VF({4, 5, 6})}, T.f32()), F(32)));
  EXPECT_TRUE(Is(call("dot", {VAF({0.5, -1}), VAF({4, 2})}, T.abstractFloat()), AF(0)));
  EXPECT_TRUE(Is(call("dot", {VH({1, 2, 3, 4}), VH({1, 1, 1, 1})}, T.f16()), H(10)));
  EXPECT_TRUE(Fails(call("dot", {VH({256, 256}), VH({128, 128})}, T.f16()), {"dot", "f16"}));  // 65536
}

TEST_F(BuiltinEvalTest, DotOfConcreteIntegersWraps) {
  EXPECT_TRUE(Is(call("dot", {VI({1, -2}), VI({3, 4})}, T.i32()), I(-5)));
  // 2^30 * 2 + 2^30 * 2 = 2^32, which wraps to 0 in i32.
  EXPECT_TRUE(Is(call("dot", {VI({0x40000000, 0x40000000}), VI({2, 2})}, T.i32()), I(0)));
  EXPECT_TRUE(Is(call("dot", {VU({0xffffffff, 1}), VU({1, 1})}, T.u32()), U(0)));
}

TEST_F(BuiltinEvalTest, DotOfAbstractIntIsExactWithOverflowError) {
  EXPECT_TRUE(Is(call("dot", {VAI({3, 4, 5}), VAI({-1, 2, 3})}, T.abstractInt()), AI(20)));
  const int64_t p62 = int64_t{1} << 62;
  EXPECT_TRUE(Is(call("dot", {VAI({p62, 1}), VAI({1, p62 - 1})}, T.abstractInt()), AI(kI64Max)));
  EXPECT_TRUE(Is(call("dot", {VAI({-p62, -p62}), VAI({1, 1})}, T.abstractInt()), AI(kI64Min)));
  // 2^62 + 2^62 = 2^63 does not fit in 64 bits.
  EXPECT_TRUE(Fails(call("dot", {VAI({p62, p62}), VAI({1, 1})}, T.abstractInt()), {"dot", "AbstractInt"}));
  EXPECT_TRUE(Fails(call("dot", {VAI({kI64Max, 0}), VAI({2, 0})}, T.abstractInt()), {"AbstractInt"}));
}

TEST_F(BuiltinEvalTest, Cross) {
  EXPECT_TRUE(Is(call("cross", {VF({1, 0, 0}), VF({0, 1, 0})}, T.vec(3, T.f32())), VF({0, 0, 1})));
  // (2*6 - 3*5, 3*4 - 1*6, 1*5 - 2*4)
  EXPECT_TRUE(Is(call("cross", {VAF({1, 2, 3}), VAF({4, 5, 6})}, T.vec(3, T.abstractFloat())), VAF({-3, 6, -3})));
  EXPECT_TRUE(Is(call("cross", {VH({0, 0, 2}), VH({2, 0, 0})}, T.vec(3, T.f16())), VH({0, 4, 0})));
}

TEST_F(BuiltinEvalTest, LengthAndDistance) {
  EXPECT_TRUE(Is(call("length", {VF({3, 4})}, T.f32()), F(5)));
  EXPECT_TRUE(Is(call("length", {VAF({1, 2, 2})}, T.abstractFloat()), AF(3)));
  EXPECT_TRUE(Is(call("length", {F(-2.5)}, T.f32()), F(2.5)));  // scalar: the absolute value
  EXPECT_TRUE(Is(call("distance", {VF({1, 1}), VF({4, 5})}, T.f32()), F(5)));
  EXPECT_TRUE(Is(call("distance", {H(3), H(-1)}, T.f16()), H(4)));
}

TEST_F(BuiltinEvalTest, LengthOverflowIsAnError) {
  // |(MAX, MAX)| = MAX * sqrt 2 is not a finite f32.
  EXPECT_TRUE(Fails(call("length", {VF({FLT_MAX, FLT_MAX})}, T.f32()), {"length", "f32"}));
  // The length of a vector is sqrt(e[0]^2 + e[1]^2 + ...): the squares are values of the
  // component type, so 1e200^2 = 1e400 overflows AbstractFloat (Tint rejects it too), and
  // (2e19)^2 = 4e38 overflows f32 although the length 2e19 does not.
  EXPECT_TRUE(Fails(call("length", {VAF({1e200, 0})}, T.abstractFloat()), {"length", "AbstractFloat"}));
  EXPECT_TRUE(Fails(call("length", {VF({2e19f, 0})}, T.f32()), {"length", "f32"}));
  EXPECT_TRUE(Fails(call("distance", {VAF({1e300, 0}), VAF({-1e300, 0})}, T.abstractFloat()), {"distance"}));
  EXPECT_TRUE(Fails(call("normalize", {VF({1e30f, 0})}, T.vec(2, T.f32())), {"normalize", "f32"}));
  // Scalars: the absolute value, no square.
  EXPECT_TRUE(Is(call("length", {F(2e19f)}, T.f32()), F(2e19f)));
  // Just below: (1e19)^2 = 1e38 is a finite f32.
  EXPECT_TRUE(Near(call("length", {VF({1e19f, 0})}, T.f32()), T.f32(), 1e19, 1e13));
}

TEST_F(BuiltinEvalTest, Normalize) {
  EXPECT_TRUE(Is(call("normalize", {VF({3, 4})}, T.vec(2, T.f32())), VF({f32(0.6), f32(0.8)})));
  EXPECT_TRUE(Is(call("normalize", {VAF({0, -2, 0})}, T.vec(3, T.abstractFloat())), VAF({0, -1, 0})));
  // "The domain is all vectors except the zero vector."
  EXPECT_TRUE(Fails(call("normalize", {VF({0, 0})}, T.vec(2, T.f32())), {"normalize", "zero vector"}));
}

TEST_F(BuiltinEvalTest, FaceForward) {
  // "Returns e1 if dot(e2, e3) is negative, and -e1 otherwise."
  const Type* v2 = T.vec(2, T.f32());
  EXPECT_TRUE(Is(call("faceForward", {VF({1, 2}), VF({0, 1}), VF({0, -1})}, v2), VF({1, 2})));
  EXPECT_TRUE(Is(call("faceForward", {VF({1, 2}), VF({0, 1}), VF({0, 1})}, v2), VF({-1, -2})));
  EXPECT_TRUE(Is(call("faceForward", {VF({1, 2}), VF({0, 1}), VF({1, 0})}, v2), VF({-1, -2})));  // dot = 0
}

TEST_F(BuiltinEvalTest, Reflect) {
  // e1 - 2 * dot(e2, e1) * e2 = (1, -1) - 2 * (-1) * (0, 1) = (1, 1).
  EXPECT_TRUE(Is(call("reflect", {VF({1, -1}), VF({0, 1})}, T.vec(2, T.f32())), VF({1, 1})));
  EXPECT_TRUE(Is(call("reflect", {VAF({1, 2, 3}), VAF({1, 0, 0})}, T.vec(3, T.abstractFloat())), VAF({-1, 2, 3})));
}

TEST_F(BuiltinEvalTest, Refract) {
  // e1 = (0.6, -0.8), e2 = (0, 1), e3 = 0.5: dot = -0.8, k = 1 - 0.25 * (1 - 0.64) = 0.91;
  // result = 0.5 * e1 - (0.5 * -0.8 + sqrt(0.91)) * e2 = (0.3, -0.4 - 0.55393920141694...).
  Eval r = call("refract", {VAF({0.6, -0.8}), VAF({0, 1}), AF(0.5)}, T.vec(2, T.abstractFloat()));
  ASSERT_TRUE(r.value) << r.error;
  EXPECT_NEAR(r.value->elements[0].f, 0.3, 1e-15);
  EXPECT_NEAR(r.value->elements[1].f, -0.9539392014169456, 1e-15);
  // Straight through when e3 = 1 and e1 = -e2.
  EXPECT_TRUE(Is(call("refract", {VF({0, -1}), VF({0, 1}), F(1)}, T.vec(2, T.f32())), VF({0, -1})));
  // k = 1 - 4 * (1 - 0) < 0: "returns the refraction vector 0.0".
  EXPECT_TRUE(Is(call("refract", {VF({1, 0}), VF({0, 1}), F(2)}, T.vec(2, T.f32())), VF({0, 0})));
}

// The accuracy of mix, cross and refract is "inherited from" their formulas, evaluated in the
// component type; "Floating Point Rounding and Overflow" makes a const-expression whose
// intermediate result overflows that type an error, even when exact arithmetic would give a
// finite result.
TEST_F(BuiltinEvalTest, IntermediateOverflowOfInheritedFormulas) {
  const double kMax = 0x1.fffffep127;  // MAX(f32)
  // mix(-MAX, -MAX, -MAX): 1 - e3 rounds to MAX, and -MAX * MAX overflows f32 (exactly, the
  // result would be -MAX * (1 + MAX) + MAX^2 = -MAX).
  EXPECT_TRUE(Fails(same("mix", {F(-kMax), F(-kMax), F(-kMax)}), {"mix", "intermediate", "f32"}));
  // f16: -65504 * (1 + 64) overflows (65504 * 65 > 65520).
  EXPECT_TRUE(Fails(same("mix", {VH({-65504, 0}), VH({-65504, 0}), VH({-64, 0})}), {"intermediate", "f16"}));
  // In binary64 the same f32 values are fine: -MAX * (1 + MAX) - MAX * -MAX is about -MAX.
  EXPECT_TRUE(same("mix", {AF(-kMax), AF(-kMax), AF(-kMax)}).value);
  // cross: e1[1] * e2[2] = MAX * MAX overflows f32 although each component difference is 0.
  EXPECT_TRUE(Fails(call("cross", {VF({kMax, kMax, kMax}), VF({kMax, kMax, kMax})}, T.vec(3, T.f32())),
                    {"cross", "not a finite f32"}));
  EXPECT_TRUE(Is(call("cross", {VAF({kMax, kMax, kMax}), VAF({kMax, kMax, kMax})}, T.vec(3, T.abstractFloat())),
                 VAF({0, 0, 0})));
  // normalize(e) = e / sqrt(e[0]^2 + ...): 1e-200 squared is 1e-400, below the smallest
  // binary64 subnormal (4.9e-324), so the length is 0 and the quotient infinite; likewise
  // (2^-100)^2 = 2^-200 in f32 (smallest subnormal 2^-149). Squares that do not vanish are fine.
  EXPECT_TRUE(Fails(same("normalize", {VAF({1e-200, 1e-200})}), {"normalize", "underflow"}));
  EXPECT_TRUE(Fails(same("normalize", {VF({0x1p-100, 0x1p-100})}), {"normalize", "underflow"}));
  EXPECT_TRUE(same("normalize", {VAF({1e-30, 1e-30})}).value);
  // refract: dot(e2, e1) = 2 * MAX overflows f32.
  EXPECT_TRUE(Fails(call("refract", {VF({kMax, kMax}), VF({1, 1}), F(0.5)}, T.vec(2, T.f32())),
                    {"refract", "not a finite f32"}));
}

// ------------------------------------------------------------------------------------------------
// Matrix functions.

TEST_F(BuiltinEvalTest, Determinant2x2) {
  // Columns (1, 2), (3, 4): 1 * 4 - 3 * 2.
  EXPECT_TRUE(Is(call("determinant", {Mat({VF({1, 2}), VF({3, 4})})}, T.f32()), F(-2)));
  EXPECT_TRUE(Is(call("determinant", {Mat({VAF({2, 0}), VAF({0, 0.5})})}, T.abstractFloat()), AF(1)));
}

TEST_F(BuiltinEvalTest, Determinant3x3) {
  EXPECT_TRUE(Is(call("determinant", {Mat({VF({2, 0, 0}), VF({0, 3, 0}), VF({0, 0, 4})})}, T.f32()), F(24)));
  // Columns (1,2,3), (4,5,6), (7,8,10): 1*(50-48) - 2*(40-42) + 3*(32-35) = -3.
  EXPECT_TRUE(
      Is(call("determinant", {Mat({VAF({1, 2, 3}), VAF({4, 5, 6}), VAF({7, 8, 10})})}, T.abstractFloat()), AF(-3)));
  EXPECT_TRUE(Is(call("determinant", {Mat({VH({1, 2, 3}), VH({4, 5, 6}), VH({7, 8, 9})})}, T.f16()), H(0)));
}

TEST_F(BuiltinEvalTest, Determinant4x4) {
  // Triangular with diagonal 2, 3, 4, 1 and non-zero entries above it.
  EXPECT_TRUE(Is(call("determinant", {Mat({VF({2, 0, 0, 0}), VF({1, 3, 0, 0}), VF({5, 6, 4, 0}), VF({7, 8, 9, 1})})},
                      T.f32()),
                 F(24)));
  // Two columns of the identity swapped.
  EXPECT_TRUE(Is(call("determinant",
                      {Mat({VAF({0, 1, 0, 0}), VAF({1, 0, 0, 0}), VAF({0, 0, 1, 0}), VAF({0, 0, 0, 1})})},
                      T.abstractFloat()),
                 AF(-1)));
}

TEST_F(BuiltinEvalTest, Transpose) {
  // mat2x3 (2 columns of 3 rows) -> mat3x2; result[i][j] = e[j][i].
  const ConstValue m = Mat({VF({1, 2, 3}), VF({4, 5, 6})});
  const Type* rt = T.mat(3, 2, T.f32());
  EXPECT_TRUE(Is(call("transpose", {m}, rt), ConstValue::makeComposite(rt, {VF({1, 4}), VF({2, 5}), VF({3, 6})})));
  const ConstValue sq = Mat({VAF({1, 2}), VAF({3, 4})});
  EXPECT_TRUE(Is(call("transpose", {sq}, sq.type), Mat({VAF({1, 3}), VAF({2, 4})})));
}

// ------------------------------------------------------------------------------------------------
// Data packing.

TEST_F(BuiltinEvalTest, Pack4x8unorm) {
  // floor(0.5 + 255 * 0.5) = floor(128) = 0x80 in every byte.
  EXPECT_TRUE(Is(call("pack4x8unorm", {VF({0.5, 0.5, 0.5, 0.5})}, T.u32()), U(0x80808080)));
  // Clamped to [0, 1]: bytes 0x00, 0xff, 0xff, 0x00.
  EXPECT_TRUE(Is(call("pack4x8unorm", {VF({0, 1, 2, -1})}, T.u32()), U(0x00ffff00)));
}

TEST_F(BuiltinEvalTest, Pack4x8snorm) {
  // 1 -> 127 (0x7f), -1 -> -127 (0x81), 0.5 -> floor(64) = 64 (0x40), 0 -> 0.
  EXPECT_TRUE(Is(call("pack4x8snorm", {VF({1, -1, 0.5, 0})}, T.u32()), U(0x0040817f)));
  // -0.5 -> floor(0.5 - 63.5) = -63 (0xc1); -2 clamps to -1 -> 0x81.
  EXPECT_TRUE(Is(call("pack4x8snorm", {VF({-0.5, 0, 0, -2})}, T.u32()), U(0x810000c1)));
}

TEST_F(BuiltinEvalTest, Pack4xI8AndU8) {
  // Low 8 bits: 1, -1 (0xff), 256 (0x00), -128 (0x80).
  EXPECT_TRUE(Is(call("pack4xI8", {VI({1, -1, 256, -128})}, T.u32()), U(0x8000ff01)));
  EXPECT_TRUE(Is(call("pack4xU8", {VU({1, 2, 0x1ff, 255})}, T.u32()), U(0xffff0201)));
  // Clamped first: 200 -> 127, -200 -> -128, 5, -5 (0xfb).
  EXPECT_TRUE(Is(call("pack4xI8Clamp", {VI({200, -200, 5, -5})}, T.u32()), U(0xfb05807f)));
  EXPECT_TRUE(Is(call("pack4xU8Clamp", {VU({300, 255, 0, 1})}, T.u32()), U(0x0100ffff)));
}

TEST_F(BuiltinEvalTest, Pack2x16NormalizedFormats) {
  // snorm: 1 -> 32767 (0x7fff), -1 -> -32767 (0x8001).
  EXPECT_TRUE(Is(call("pack2x16snorm", {VF({1, -1})}, T.u32()), U(0x80017fff)));
  // unorm: 1 -> 0xffff, 0.5 -> floor(0.5 + 32767.5) = 32768 (0x8000).
  EXPECT_TRUE(Is(call("pack2x16unorm", {VF({1, 0.5})}, T.u32()), U(0x8000ffff)));
}

TEST_F(BuiltinEvalTest, Pack2x16float) {
  // 1.0h = 0x3c00, -2.0h = 0xc000; 1.00001f rounds to 1.0h.
  EXPECT_TRUE(Is(call("pack2x16float", {VF({1, -2})}, T.u32()), U(0xc0003c00)));
  EXPECT_TRUE(Is(call("pack2x16float", {VF({f32(1.00001), 0})}, T.u32()), U(0x00003c00)));
  // "If either e[0] or e[1] is outside the finite range of binary16 then: shader-creation error".
  EXPECT_TRUE(Fails(call("pack2x16float", {VF({0, 65536})}, T.u32()), {"pack2x16float", "f16", "const-expression"}));
}

// ------------------------------------------------------------------------------------------------
// Data unpacking.

TEST_F(BuiltinEvalTest, Unpack4x8unormAndSnorm) {
  const Type* v4 = T.vec(4, T.f32());
  // Bytes 0x00, 0x00, 0xff, 0x80: 0, 0, 1, 128 / 255.
  Eval u = call("unpack4x8unorm", {U(0x80ff0000)}, v4);
  ASSERT_TRUE(u.value) << u.error;
  EXPECT_EQ(u.value->elements[0].f, 0.0);
  EXPECT_EQ(u.value->elements[2].f, 1.0);
  EXPECT_NEAR(u.value->elements[3].f, 128.0 / 255.0, 1e-7);
  // Bytes 0x7f, 0x00, 0x81, 0x80: 127/127, 0, -127/127, max(-128/127, -1).
  EXPECT_TRUE(Is(call("unpack4x8snorm", {U(0x8081007f)}, v4), VF({1, 0, -1, -1})));
}

TEST_F(BuiltinEvalTest, Unpack4xI8AndU8) {
  // Bytes 0x7f, 0x01, 0xff, 0x80.
  EXPECT_TRUE(Is(call("unpack4xI8", {U(0x80ff017f)}, T.vec(4, T.i32())), VI({127, 1, -1, -128})));
  EXPECT_TRUE(Is(call("unpack4xU8", {U(0x80ff017f)}, T.vec(4, T.u32())), VU({127, 1, 255, 128})));
}

TEST_F(BuiltinEvalTest, Unpack2x16NormalizedFormats) {
  const Type* v2 = T.vec(2, T.f32());
  // 0x7fff -> 1, 0x8000 = -32768 -> max(-32768/32767, -1) = -1.
  EXPECT_TRUE(Is(call("unpack2x16snorm", {U(0x80007fff)}, v2), VF({1, -1})));
  EXPECT_TRUE(Is(call("unpack2x16unorm", {U(0xffff0000)}, v2), VF({0, 1})));
  Eval h = call("unpack2x16unorm", {U(0x00008000)}, v2);
  ASSERT_TRUE(h.value) << h.error;
  EXPECT_NEAR(h.value->elements[0].f, 32768.0 / 65535.0, 1e-7);
}

TEST_F(BuiltinEvalTest, Unpack2x16float) {
  const Type* v2 = T.vec(2, T.f32());
  EXPECT_TRUE(Is(call("unpack2x16float", {U(0xc0003c00)}, v2), VF({1, -2})));
  // 0x0001: the smallest binary16 subnormal 2^-24, exact in f32.
  EXPECT_TRUE(Is(call("unpack2x16float", {U(0x7bff0001)}, v2), VF({std::ldexp(1.0, -24), 65504})));
  // An infinity or NaN half is not a finite f32 value.
  EXPECT_TRUE(Fails(call("unpack2x16float", {U(0x00007c00)}, v2), {"unpack2x16float", "infinity"}));
  EXPECT_TRUE(Fails(call("unpack2x16float", {U(0x7e000000)}, v2), {"NaN", "component 1"}));
}

TEST_F(BuiltinEvalTest, PackThenUnpackRoundTripsF16Values) {
  // quantizeToF16 on vec2<f32> "is the same as unpack2x16float(pack2x16float(e))".
  Eval packed = call("pack2x16float", {VF({0.1f, -3.0})}, T.u32());
  ASSERT_TRUE(packed.value) << packed.error;
  EXPECT_TRUE(Is(call("unpack2x16float", {*packed.value}, T.vec(2, T.f32())), VF({0.0999755859375, -3.0})));
}

}  // namespace
}  // namespace wgsl::sema
