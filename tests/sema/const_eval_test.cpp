// Early evaluation of operators and conversions (interp/sema/const_eval.h). Expected values come
// from the spec (shared/spec/wgsl.bs: "Arithmetic Expressions", "Bit Expressions", "Comparison
// Expressions", "Logical Expressions", "Integer Types", "Abstract Numeric Types", "Floating Point
// Evaluation", "Floating Point Conversion", the value constructor built-ins) or from hand
// computation, never from the program's output.
#include "interp/sema/const_eval.h"
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

using ast::BinaryOp;
using ast::UnaryOp;

constexpr int64_t kI32Min = -2147483648LL;
constexpr int64_t kI32Max = 2147483647LL;
constexpr int64_t kU32Max = 4294967295LL;
constexpr int64_t kI64Max = std::numeric_limits<int64_t>::max();
constexpr int64_t kI64Min = std::numeric_limits<int64_t>::min();

class ConstEvalTest : public test::ConstValueFixture {
 protected:
  Eval bin(BinaryOp op, const ConstValue& a, const ConstValue& b) { return evalBinary(T, op, a, b); }
  Eval un(UnaryOp op, const ConstValue& v) { return evalUnary(T, op, v); }
  Eval autoConv(const ConstValue& v, const Type* to) { return convertAutomatic(T, v, to); }
  Eval valConv(const ConstValue& v, const Type* to) { return convertValue(T, v, to); }
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

// Checks an error whose message contains `part`.
::testing::AssertionResult Fails(const Eval& e, const std::string& part) {
  if (e.value) return ::testing::AssertionFailure() << "unexpected value " << e.value->toString();
  if (e.error.empty()) return ::testing::AssertionFailure() << "failure without a message";
  if (e.error.find(part) == std::string::npos) {
    return ::testing::AssertionFailure() << "message '" << e.error << "' lacks '" << part << "'";
  }
  return ::testing::AssertionSuccess();
}

// ------------------------------------------------------------------------------------------------
// Logical expressions.

TEST_F(ConstEvalTest, LogicalNegationScalarAndVector) {
  EXPECT_TRUE(Is(un(UnaryOp::Not, B(true)), B(false)));
  EXPECT_TRUE(Is(un(UnaryOp::Not, B(false)), B(true)));
  EXPECT_TRUE(Is(un(UnaryOp::Not, Vec({B(true), B(false), B(true)})), Vec({B(false), B(true), B(false)})));
}

TEST_F(ConstEvalTest, ShortCircuitOperatorsOnBool) {
  EXPECT_TRUE(Is(bin(BinaryOp::LogicalAnd, B(true), B(false)), B(false)));
  EXPECT_TRUE(Is(bin(BinaryOp::LogicalAnd, B(true), B(true)), B(true)));
  EXPECT_TRUE(Is(bin(BinaryOp::LogicalOr, B(false), B(true)), B(true)));
  EXPECT_TRUE(Is(bin(BinaryOp::LogicalOr, B(false), B(false)), B(false)));
  EXPECT_TRUE(Fails(bin(BinaryOp::LogicalAnd, Vec({B(true), B(true)}), Vec({B(true), B(false)})), "&&"));
}

TEST_F(ConstEvalTest, LogicalAndOrOnBoolAndBoolVectors) {
  EXPECT_TRUE(Is(bin(BinaryOp::And, B(true), B(false)), B(false)));
  EXPECT_TRUE(Is(bin(BinaryOp::Or, B(true), B(false)), B(true)));
  EXPECT_TRUE(Is(bin(BinaryOp::And, Vec({B(true), B(true)}), Vec({B(false), B(true)})), Vec({B(false), B(true)})));
  EXPECT_TRUE(Is(bin(BinaryOp::Or, Vec({B(false), B(false)}), Vec({B(false), B(true)})), Vec({B(false), B(true)})));
  // The spec's `^` overloads are [ALLINTEGRALDECL] only.
  EXPECT_TRUE(Fails(bin(BinaryOp::Xor, B(true), B(false)), "^"));
}

// ------------------------------------------------------------------------------------------------
// Negation.

TEST_F(ConstEvalTest, NegationOfIntegers) {
  EXPECT_TRUE(Is(un(UnaryOp::Negate, I(5)), I(-5)));
  EXPECT_TRUE(Is(un(UnaryOp::Negate, I(-2147483647)), I(2147483647)));
  EXPECT_TRUE(Is(un(UnaryOp::Negate, AI(kI64Max)), AI(-kI64Max)));
}

TEST_F(ConstEvalTest, NegationOfMostNegativeI32IsItself) {
  // "If T is an integer scalar type and e evaluates to the largest negative value, then the
  // result is e."
  EXPECT_TRUE(Is(un(UnaryOp::Negate, I(kI32Min)), I(kI32Min)));
}

TEST_F(ConstEvalTest, NegationOfMostNegativeAbstractIntIsAnError) {
  // AbstractInt evaluation "must not overflow": 2^63 is not an AbstractInt value.
  // "If T is an integer scalar type and e evaluates to the largest negative value, then the
  // result is e" (section "Arithmetic Expressions", negation) — AbstractInt included.
  EXPECT_TRUE(Is(un(UnaryOp::Negate, AI(kI64Min)), AI(kI64Min)));
}

TEST_F(ConstEvalTest, NegationOfFloatsIsExactAndFlipsZeroSign) {
  EXPECT_TRUE(Is(un(UnaryOp::Negate, F(1.5)), F(-1.5)));
  EXPECT_TRUE(Is(un(UnaryOp::Negate, H(-65504.0)), H(65504.0)));
  EXPECT_TRUE(Is(un(UnaryOp::Negate, AF(DBL_MAX)), AF(-DBL_MAX)));
  Eval z = un(UnaryOp::Negate, F(0.0));
  ASSERT_TRUE(z.value);
  EXPECT_TRUE(std::signbit(z.value->f));
}

TEST_F(ConstEvalTest, NegationIsNotDefinedForU32OrBool) {
  EXPECT_TRUE(Fails(un(UnaryOp::Negate, U(1)), "u32"));
  EXPECT_TRUE(Fails(un(UnaryOp::Negate, B(true)), "bool"));
}

TEST_F(ConstEvalTest, NegationIsComponentWise) {
  EXPECT_TRUE(Is(un(UnaryOp::Negate, VI({1, kI32Min, -3})), VI({-1, kI32Min, 3})));
}

// ------------------------------------------------------------------------------------------------
// + - * on integers. "Expressions on concrete integer types that overflow produce a result that
// is modulo 2^bitwidth" (section "Integer Types"); AbstractInt "must not overflow".

TEST_F(ConstEvalTest, I32AddSubMul) {
  EXPECT_TRUE(Is(bin(BinaryOp::Add, I(2), I(3)), I(5)));
  EXPECT_TRUE(Is(bin(BinaryOp::Sub, I(2), I(3)), I(-1)));
  EXPECT_TRUE(Is(bin(BinaryOp::Mul, I(-7), I(6)), I(-42)));
}

TEST_F(ConstEvalTest, I32AdditionOverflowWraps) {
  EXPECT_TRUE(Is(bin(BinaryOp::Add, I(kI32Max), I(1)), I(kI32Min)));
  EXPECT_TRUE(Is(bin(BinaryOp::Sub, I(kI32Min), I(1)), I(kI32Max)));
}

TEST_F(ConstEvalTest, I32MultiplicationWrapsAsInTheSpecExample) {
  // "`-1 * i32(-2147483648)` does not result in a shader-creation error ... Wrapping occurs."
  EXPECT_TRUE(Is(bin(BinaryOp::Mul, I(-1), I(kI32Min)), I(kI32Min)));
  // 65536 * 65536 = 2^32 = 0 modulo 2^32; 65536 * 32768 = 2^31 -> -2^31.
  EXPECT_TRUE(Is(bin(BinaryOp::Mul, I(65536), I(65536)), I(0)));
  EXPECT_TRUE(Is(bin(BinaryOp::Mul, I(65536), I(32768)), I(kI32Min)));
}

TEST_F(ConstEvalTest, U32ArithmeticWraps) {
  EXPECT_TRUE(Is(bin(BinaryOp::Sub, U(0), U(1)), U(kU32Max)));
  EXPECT_TRUE(Is(bin(BinaryOp::Add, U(kU32Max), U(1)), U(0)));
  EXPECT_TRUE(Is(bin(BinaryOp::Mul, U(0x80000000LL), U(2)), U(0)));
  // 4294967295 * 4294967295 = 2^64 - 2^33 + 1 = 1 modulo 2^32.
  EXPECT_TRUE(Is(bin(BinaryOp::Mul, U(kU32Max), U(kU32Max)), U(1)));
  EXPECT_TRUE(Is(bin(BinaryOp::Add, U(3000000000LL), U(1000000000LL)), U(4000000000LL)));
}

TEST_F(ConstEvalTest, AbstractIntArithmeticIsExact64Bit) {
  EXPECT_TRUE(Is(bin(BinaryOp::Mul, AI(4000), AI(1000000)), AI(4000000000LL)));
  EXPECT_TRUE(Is(bin(BinaryOp::Sub, AI(-kI64Max), AI(1)), AI(kI64Min)));
  // 3037000499^2 = 9223372030926249001 <= 2^63 - 1.
  EXPECT_TRUE(Is(bin(BinaryOp::Mul, AI(3037000499LL), AI(3037000499LL)), AI(9223372030926249001LL)));
}

TEST_F(ConstEvalTest, AbstractIntAdditionOverflowIsAnError) {
  EXPECT_TRUE(Fails(bin(BinaryOp::Add, AI(kI64Max), AI(1)), "AbstractInt overflow"));
  EXPECT_TRUE(Fails(bin(BinaryOp::Add, AI(kI64Min), AI(-1)), "AbstractInt overflow"));
}

TEST_F(ConstEvalTest, AbstractIntSubtractionOverflowIsAnError) {
  EXPECT_TRUE(Fails(bin(BinaryOp::Sub, AI(-kI64Max), AI(2)), "AbstractInt overflow"));
  EXPECT_TRUE(Fails(bin(BinaryOp::Sub, AI(0), AI(kI64Min)), "AbstractInt overflow"));
}

TEST_F(ConstEvalTest, AbstractIntMultiplicationOverflowIsAnError) {
  Eval e = bin(BinaryOp::Mul, AI(kI64Max), AI(2));
  EXPECT_TRUE(Fails(e, "AbstractInt overflow"));
  EXPECT_EQ(e.error, "AbstractInt overflow: 9223372036854775807 * 2 does not fit in 64 bits");
  // 3037000500^2 = 9223372037000250000 > 2^63 - 1.
  EXPECT_TRUE(Fails(bin(BinaryOp::Mul, AI(3037000500LL), AI(3037000500LL)), "AbstractInt overflow"));
  EXPECT_TRUE(Fails(bin(BinaryOp::Mul, AI(kI64Min), AI(-1)), "AbstractInt overflow"));
}

// ------------------------------------------------------------------------------------------------
// Division and remainder on integers.

TEST_F(ConstEvalTest, SignedDivisionTruncatesTowardZero) {
  EXPECT_TRUE(Is(bin(BinaryOp::Div, I(7), I(2)), I(3)));
  EXPECT_TRUE(Is(bin(BinaryOp::Div, I(-7), I(2)), I(-3)));
  EXPECT_TRUE(Is(bin(BinaryOp::Div, I(7), I(-2)), I(-3)));
  EXPECT_TRUE(Is(bin(BinaryOp::Div, I(-7), I(-2)), I(3)));
  EXPECT_TRUE(Is(bin(BinaryOp::Div, I(kI32Min), I(1)), I(kI32Min)));
}

TEST_F(ConstEvalTest, SignedRemainderHasTheSignOfTheDividend) {
  EXPECT_TRUE(Is(bin(BinaryOp::Mod, I(7), I(2)), I(1)));
  EXPECT_TRUE(Is(bin(BinaryOp::Mod, I(-7), I(2)), I(-1)));
  EXPECT_TRUE(Is(bin(BinaryOp::Mod, I(7), I(-2)), I(1)));
  EXPECT_TRUE(Is(bin(BinaryOp::Mod, I(-7), I(-2)), I(-1)));
  EXPECT_TRUE(Is(bin(BinaryOp::Mod, I(kI32Min), I(2)), I(0)));
}

TEST_F(ConstEvalTest, I32DivisionByZeroIsAnError) {
  Eval e = bin(BinaryOp::Div, I(7), I(0));
  EXPECT_TRUE(Fails(e, "division by zero"));
  EXPECT_EQ(e.error, "division by zero in a const-expression: 7i / 0i");
}

TEST_F(ConstEvalTest, I32RemainderByZeroIsAnError) {
  EXPECT_TRUE(Fails(bin(BinaryOp::Mod, I(7), I(0)), "remainder by zero"));
  EXPECT_TRUE(Fails(bin(BinaryOp::Mod, I(0), I(0)), "remainder by zero"));
}

TEST_F(ConstEvalTest, I32MostNegativeDividedByMinusOneIsAnError) {
  EXPECT_TRUE(Fails(bin(BinaryOp::Div, I(kI32Min), I(-1)), "most negative"));
}

TEST_F(ConstEvalTest, I32MostNegativeRemainderMinusOneIsAnError) {
  EXPECT_TRUE(Fails(bin(BinaryOp::Mod, I(kI32Min), I(-1)), "most negative"));
}

TEST_F(ConstEvalTest, UnsignedDivisionAndRemainder) {
  EXPECT_TRUE(Is(bin(BinaryOp::Div, U(7), U(2)), U(3)));
  EXPECT_TRUE(Is(bin(BinaryOp::Div, U(kU32Max), U(2)), U(2147483647)));
  EXPECT_TRUE(Is(bin(BinaryOp::Mod, U(kU32Max), U(10)), U(5)));
  EXPECT_TRUE(Is(bin(BinaryOp::Div, U(0x80000000LL), U(kU32Max)), U(0)));
}

TEST_F(ConstEvalTest, U32DivisionAndRemainderByZeroAreErrors) {
  EXPECT_TRUE(Fails(bin(BinaryOp::Div, U(1), U(0)), "division by zero"));
  EXPECT_TRUE(Fails(bin(BinaryOp::Mod, U(1), U(0)), "remainder by zero"));
}

TEST_F(ConstEvalTest, AbstractIntDivisionRules) {
  // Spec example `out_and_in_again = (0x1ffffffff / 8)`: 8589934591 / 8 = 1073741823.
  EXPECT_TRUE(Is(bin(BinaryOp::Div, AI(0x1ffffffffLL), AI(8)), AI(1073741823)));
  EXPECT_TRUE(Is(bin(BinaryOp::Mod, AI(-9), AI(4)), AI(-1)));
  EXPECT_TRUE(Fails(bin(BinaryOp::Div, AI(1), AI(0)), "division by zero"));
  EXPECT_TRUE(Fails(bin(BinaryOp::Mod, AI(1), AI(0)), "remainder by zero"));
  EXPECT_TRUE(Fails(bin(BinaryOp::Div, AI(kI64Min), AI(-1)), "most negative"));
  EXPECT_TRUE(Fails(bin(BinaryOp::Mod, AI(kI64Min), AI(-1)), "most negative"));
}

// ------------------------------------------------------------------------------------------------
// Floating point arithmetic: correctly rounded, error when not finite.

TEST_F(ConstEvalTest, F32ExactArithmetic) {
  EXPECT_TRUE(Is(bin(BinaryOp::Add, F(1.5), F(2.25)), F(3.75)));
  EXPECT_TRUE(Is(bin(BinaryOp::Sub, F(1.5), F(2.25)), F(-0.75)));
  EXPECT_TRUE(Is(bin(BinaryOp::Mul, F(1.5), F(-2.25)), F(-3.375)));
  EXPECT_TRUE(Is(bin(BinaryOp::Div, F(3.375), F(1.5)), F(2.25)));
}

TEST_F(ConstEvalTest, F32AdditionRoundsToNearestEven) {
  // In [2^24, 2^25) f32 values are spaced by 2: 16777217 is halfway between 16777216 (even
  // significand) and 16777218; 16777219 is halfway between 16777218 and 16777220 (even).
  EXPECT_TRUE(Is(bin(BinaryOp::Add, F(16777216.0), F(1.0)), F(16777216.0)));
  EXPECT_TRUE(Is(bin(BinaryOp::Add, F(16777216.0), F(3.0)), F(16777220.0)));
  // 1 + 2^-24 is halfway between 1 and 1 + 2^-23: ties to 1. 1 + 2^-24 + 2^-47 is above the
  // midpoint: rounds up.
  EXPECT_TRUE(Is(bin(BinaryOp::Add, F(1.0), F(std::ldexp(1.0, -24))), F(1.0)));
  EXPECT_TRUE(Is(bin(BinaryOp::Add, F(1.0), F(std::ldexp(1.0, -24) + std::ldexp(1.0, -47))),
                 F(1.0 + std::ldexp(1.0, -23))));
}

TEST_F(ConstEvalTest, F32DivisionIsCorrectlyRounded) {
  // 1/3 in binary32: 0x3EAAAAAB = 11184811 * 2^-25 (the 25th bit pattern 1010... rounds up).
  EXPECT_TRUE(Is(bin(BinaryOp::Div, F(1.0), F(3.0)), F(11184811.0 * std::ldexp(1.0, -25))));
  // 2/3: 0x3F2AAAAB = 11184811 * 2^-24.
  EXPECT_TRUE(Is(bin(BinaryOp::Div, F(2.0), F(3.0)), F(11184811.0 * std::ldexp(1.0, -24))));
}

TEST_F(ConstEvalTest, F32SubnormalsArePreserved) {
  // 2^-126 / 2 = 2^-127 (subnormal, exact); 2^-149 / 2 is halfway between 0 and 2^-149: ties to 0.
  EXPECT_TRUE(Is(bin(BinaryOp::Div, F(std::ldexp(1.0, -126)), F(2.0)), F(std::ldexp(1.0, -127))));
  EXPECT_TRUE(Is(bin(BinaryOp::Mul, F(std::ldexp(1.0, -149)), F(0.5)), F(0.0)));
}

TEST_F(ConstEvalTest, F32OverflowToInfinityIsAnError) {
  const double big = static_cast<double>(3.0e38f);
  Eval e = bin(BinaryOp::Mul, F(big), F(10.0));
  EXPECT_TRUE(Fails(e, "f32 result is not finite"));
  EXPECT_TRUE(Fails(bin(BinaryOp::Add, F(FLT_MAX), F(FLT_MAX)), "not finite"));
  EXPECT_TRUE(Fails(bin(BinaryOp::Sub, F(-FLT_MAX), F(FLT_MAX)), "not finite"));
  // 2^-149 is the smallest positive f32: 1 / 2^-149 = 2^149 > 2^128.
  EXPECT_TRUE(Fails(bin(BinaryOp::Div, F(1.0), F(std::ldexp(1.0, -149))), "not finite"));
}

TEST_F(ConstEvalTest, F32ResultsJustAboveMaxRoundToNearest) {
  // Between MAX(f32) and 2^128 "either rounding direction is used"; we round to nearest, so
  // MAX(f32) + 1 and MAX + 2^102 (less than half an ULP, 2^103, above MAX) give MAX(f32).
  EXPECT_TRUE(Is(bin(BinaryOp::Add, F(FLT_MAX), F(1.0)), F(FLT_MAX)));
  EXPECT_TRUE(Is(bin(BinaryOp::Add, F(FLT_MAX), F(std::ldexp(1.0, 102))), F(FLT_MAX)));
  // MAX + 2^103 = 2^128 - 2^103 is exactly halfway between MAX and 2^128: the spec allows MAX or
  // +inf; round-to-nearest-even (our choice) gives +inf, an error.
  EXPECT_TRUE(Fails(bin(BinaryOp::Add, F(FLT_MAX), F(std::ldexp(1.0, 103))), "not finite"));
  EXPECT_TRUE(Is(bin(BinaryOp::Mul, F(std::ldexp(1.0, 127)), F(1.5)), F(std::ldexp(1.5, 127))));
}

TEST_F(ConstEvalTest, F32DivisionByZeroIsAnError) {
  // 1 / 0 signals IEEE division by zero (an infinite intermediate result) and 0 / 0 is outside
  // the domain (NaN): both are shader-creation errors in a const-expression.
  EXPECT_TRUE(Fails(bin(BinaryOp::Div, F(1.0), F(0.0)), "not finite"));
  EXPECT_TRUE(Fails(bin(BinaryOp::Div, F(-1.0), F(-0.0)), "not finite"));
  EXPECT_TRUE(Fails(bin(BinaryOp::Div, F(0.0), F(0.0)), "not finite"));
}

TEST_F(ConstEvalTest, FloatRemainder) {
  // e1 - e2 * trunc(e1 / e2): 7.5 - 2 * 3 = 1.5; -7.5 - 2 * (-3) = -1.5; 7.5 - (-2) * (-3) = 1.5.
  EXPECT_TRUE(Is(bin(BinaryOp::Mod, F(7.5), F(2.0)), F(1.5)));
  EXPECT_TRUE(Is(bin(BinaryOp::Mod, F(-7.5), F(2.0)), F(-1.5)));
  EXPECT_TRUE(Is(bin(BinaryOp::Mod, F(7.5), F(-2.0)), F(1.5)));
  EXPECT_TRUE(Is(bin(BinaryOp::Mod, AF(10.0), AF(0.75)), AF(0.25)));
  EXPECT_TRUE(Is(bin(BinaryOp::Mod, H(5.5), H(2.0)), H(1.5)));
}

TEST_F(ConstEvalTest, FloatRemainderByZeroIsAnError) {
  // trunc(e1 / 0) is infinite (or NaN for 0 / 0): outside the domain.
  EXPECT_TRUE(Fails(bin(BinaryOp::Mod, F(5.0), F(0.0)), "not finite"));
  EXPECT_TRUE(Fails(bin(BinaryOp::Mod, AF(0.0), AF(0.0)), "not finite"));
}

TEST_F(ConstEvalTest, AbstractFloatIsBinary64) {
  // 0.1 + 0.2 in binary64 is 0.3000000000000000444089209850062616169452667236328125.
  EXPECT_TRUE(Is(bin(BinaryOp::Add, AF(0.1), AF(0.2)), AF(0.30000000000000004)));
  // 2^-1073 / 2 = 2^-1074 is kept (binary64 subnormal).
  EXPECT_TRUE(Is(bin(BinaryOp::Div, AF(std::ldexp(1.0, -1073)), AF(2.0)), AF(std::ldexp(1.0, -1074))));
  // 2^53 + 1 is not a binary64 value: ties to even gives 2^53.
  EXPECT_TRUE(Is(bin(BinaryOp::Add, AF(9007199254740992.0), AF(1.0)), AF(9007199254740992.0)));
}

TEST_F(ConstEvalTest, AbstractFloatOverflowIsAnError) {
  EXPECT_TRUE(Fails(bin(BinaryOp::Mul, AF(1e308), AF(10.0)), "AbstractFloat result is not finite"));
  EXPECT_TRUE(Fails(bin(BinaryOp::Add, AF(DBL_MAX), AF(DBL_MAX)), "not finite"));
}

TEST_F(ConstEvalTest, AbstractFloatNaNAndDivisionByZeroAreErrors) {
  EXPECT_TRUE(Fails(bin(BinaryOp::Div, AF(0.0), AF(0.0)), "not finite"));
  EXPECT_TRUE(Fails(bin(BinaryOp::Div, AF(1.0), AF(0.0)), "not finite"));
}

TEST_F(ConstEvalTest, F16ArithmeticRoundsToBinary16) {
  // f16 has 11 significand bits: ULP(1) = 2^-10.
  EXPECT_TRUE(Is(bin(BinaryOp::Add, H(1.0), H(std::ldexp(1.0, -10))), H(1.0009765625)));
  // 1 + 2^-11 is halfway between 1 and 1 + 2^-10: ties to even (1).
  EXPECT_TRUE(Is(bin(BinaryOp::Add, H(1.0), H(std::ldexp(1.0, -11))), H(1.0)));
  // 1 + 3 * 2^-12 = 1 + 0.75 ULP: rounds up to 1 + 2^-10.
  EXPECT_TRUE(Is(bin(BinaryOp::Add, H(1.0), H(3.0 * std::ldexp(1.0, -12))), H(1.0009765625)));
  // In [2048, 4096) f16 values are spaced by 2: 2049 ties to 2048, 2051 ties to 2052.
  EXPECT_TRUE(Is(bin(BinaryOp::Add, H(2048.0), H(1.0)), H(2048.0)));
  EXPECT_TRUE(Is(bin(BinaryOp::Add, H(2048.0), H(3.0)), H(2052.0)));
  // 1/3 in binary16 is 0x3555 = 1365 * 2^-12.
  EXPECT_TRUE(Is(bin(BinaryOp::Div, H(1.0), H(3.0)), H(1365.0 / 4096.0)));
}

TEST_F(ConstEvalTest, F16SubnormalResults) {
  // 2^-24 is the smallest f16 subnormal; 2^-24 * 3 = 3 * 2^-24 (exact); 2^-24 / 2 ties to 0.
  EXPECT_TRUE(Is(bin(BinaryOp::Mul, H(std::ldexp(1.0, -24)), H(3.0)), H(3.0 * std::ldexp(1.0, -24))));
  EXPECT_TRUE(Is(bin(BinaryOp::Div, H(std::ldexp(1.0, -24)), H(2.0)), H(0.0)));
}

TEST_F(ConstEvalTest, F16OverflowIsAnError) {
  // 65504 + 32 = 65536 = 2^(EMAX+1): "X' = +inf", an error in a const-expression.
  EXPECT_TRUE(Fails(bin(BinaryOp::Add, H(65504.0), H(32.0)), "f16 result is not finite"));
  EXPECT_TRUE(Fails(bin(BinaryOp::Mul, H(60000.0), H(2.0)), "not finite"));
  EXPECT_TRUE(Fails(bin(BinaryOp::Div, H(1.0), H(0.0)), "not finite"));
}

TEST_F(ConstEvalTest, F16ResultJustAboveMaxRoundsToMax) {
  // 65512 lies between MAX(f16) = 65504 and 2^16: the spec allows MAX or +inf; round-to-nearest
  // (our choice) gives 65504 (65512 is below the midpoint 65520).
  EXPECT_TRUE(Is(bin(BinaryOp::Add, H(65504.0), H(8.0)), H(65504.0)));
}

// ------------------------------------------------------------------------------------------------
// Comparisons.

TEST_F(ConstEvalTest, I32Comparisons) {
  EXPECT_TRUE(Is(bin(BinaryOp::Less, I(-1), I(0)), B(true)));
  EXPECT_TRUE(Is(bin(BinaryOp::LessEqual, I(3), I(3)), B(true)));
  EXPECT_TRUE(Is(bin(BinaryOp::Greater, I(3), I(3)), B(false)));
  EXPECT_TRUE(Is(bin(BinaryOp::GreaterEqual, I(kI32Min), I(kI32Max)), B(false)));
  EXPECT_TRUE(Is(bin(BinaryOp::Equal, I(7), I(7)), B(true)));
  EXPECT_TRUE(Is(bin(BinaryOp::NotEqual, I(7), I(7)), B(false)));
}

TEST_F(ConstEvalTest, U32ComparisonsAreUnsigned) {
  EXPECT_TRUE(Is(bin(BinaryOp::Greater, U(kU32Max), U(0)), B(true)));
  EXPECT_TRUE(Is(bin(BinaryOp::Less, U(0x80000000LL), U(1)), B(false)));
}

TEST_F(ConstEvalTest, AbstractComparisons) {
  EXPECT_TRUE(Is(bin(BinaryOp::Less, AI(kI64Min), AI(kI64Max)), B(true)));
  EXPECT_TRUE(Is(bin(BinaryOp::GreaterEqual, AF(0.5), AF(0.25)), B(true)));
}

TEST_F(ConstEvalTest, NegativeZeroEqualsPositiveZero) {
  EXPECT_TRUE(Is(bin(BinaryOp::Equal, F(-0.0), F(0.0)), B(true)));
  EXPECT_TRUE(Is(bin(BinaryOp::NotEqual, F(-0.0), F(0.0)), B(false)));
  EXPECT_TRUE(Is(bin(BinaryOp::Less, F(-0.0), F(0.0)), B(false)));
  EXPECT_TRUE(Is(bin(BinaryOp::LessEqual, F(0.0), F(-0.0)), B(true)));
  EXPECT_TRUE(Is(bin(BinaryOp::GreaterEqual, AF(-0.0), AF(0.0)), B(true)));
  EXPECT_TRUE(Is(bin(BinaryOp::Equal, H(-0.0), H(0.0)), B(true)));
}

TEST_F(ConstEvalTest, BoolEqualityOnly) {
  EXPECT_TRUE(Is(bin(BinaryOp::Equal, B(true), B(true)), B(true)));
  EXPECT_TRUE(Is(bin(BinaryOp::NotEqual, B(true), B(false)), B(true)));
  EXPECT_TRUE(Fails(bin(BinaryOp::Less, B(false), B(true)), "bool"));
}

TEST_F(ConstEvalTest, VectorComparisonsGiveBoolVectors) {
  Eval e = bin(BinaryOp::Less, VI({1, 5, -3}), VI({2, 5, -4}));
  EXPECT_TRUE(Is(e, Vec({B(true), B(false), B(false)})));
  ASSERT_TRUE(e.value);
  EXPECT_EQ(e.value->type, T.vec(3, T.boolType()));
  EXPECT_TRUE(Is(bin(BinaryOp::Equal, VF({-0.0, 1.0}), VF({0.0, 2.0})), Vec({B(true), B(false)})));
}

// Operand types outside the operators' type rule tables are refused, not evaluated.
TEST_F(ConstEvalTest, OperandTypesMustMatchAnOverload) {
  EXPECT_TRUE(Fails(bin(BinaryOp::Less, I(1), U(1)), "not defined"));
  EXPECT_TRUE(Fails(bin(BinaryOp::ShiftLeft, I(1), I(1)), "not defined"));
  EXPECT_TRUE(Fails(bin(BinaryOp::Add, VI({1, 2}), VI({1, 2, 3})), "not defined"));
  ConstValue m = Mat({VF({1.0, 2.0}), VF({3.0, 4.0})});
  EXPECT_TRUE(Fails(bin(BinaryOp::Mul, m, VF({1.0, 2.0, 3.0})), "not defined"));
  EXPECT_TRUE(Fails(bin(BinaryOp::Div, m, F(2.0)), "not defined"));
}

// ------------------------------------------------------------------------------------------------
// Bit expressions.

TEST_F(ConstEvalTest, ComplementOfI32) {
  EXPECT_TRUE(Is(un(UnaryOp::Complement, I(0)), I(-1)));
  EXPECT_TRUE(Is(un(UnaryOp::Complement, I(5)), I(-6)));
  EXPECT_TRUE(Is(un(UnaryOp::Complement, I(kI32Max)), I(kI32Min)));
}

TEST_F(ConstEvalTest, ComplementOfU32AndAbstractInt) {
  EXPECT_TRUE(Is(un(UnaryOp::Complement, U(0)), U(kU32Max)));
  EXPECT_TRUE(Is(un(UnaryOp::Complement, U(0xf0f0f0f0LL)), U(0x0f0f0f0fLL)));
  EXPECT_TRUE(Is(un(UnaryOp::Complement, AI(0)), AI(-1)));
  EXPECT_TRUE(Is(un(UnaryOp::Complement, AI(kI64Max)), AI(kI64Min)));
  EXPECT_TRUE(Is(un(UnaryOp::Complement, VU({0, 1})), VU({kU32Max, 0xfffffffeLL})));
}

TEST_F(ConstEvalTest, ComplementIsNotDefinedOnFloatsOrBool) {
  EXPECT_TRUE(Fails(un(UnaryOp::Complement, F(1.0)), "f32"));
  EXPECT_TRUE(Fails(un(UnaryOp::Complement, B(true)), "bool"));
}

TEST_F(ConstEvalTest, BitwiseAndOrXor) {
  EXPECT_TRUE(Is(bin(BinaryOp::And, I(-1), I(0xff)), I(255)));
  EXPECT_TRUE(Is(bin(BinaryOp::Or, U(0xf0), U(0x0f)), U(0xff)));
  EXPECT_TRUE(Is(bin(BinaryOp::Xor, U(0xff), U(0x0f)), U(0xf0)));
  EXPECT_TRUE(Is(bin(BinaryOp::Xor, I(kI32Min), I(-1)), I(kI32Max)));
  EXPECT_TRUE(Is(bin(BinaryOp::Or, I(kI32Min), I(1)), I(kI32Min + 1)));
  EXPECT_TRUE(Is(bin(BinaryOp::And, AI(0x1234567890LL), AI(0xff00ff00ffLL)), AI(0x1200560090LL)));
  EXPECT_TRUE(Is(bin(BinaryOp::Xor, VU({1, 2}), VU({3, 3})), VU({2, 1})));
}

TEST_F(ConstEvalTest, I32LeftShift) {
  EXPECT_TRUE(Is(bin(BinaryOp::ShiftLeft, I(1), U(30)), I(1073741824)));
  EXPECT_TRUE(Is(bin(BinaryOp::ShiftLeft, I(3), U(29)), I(1610612736)));
  // -1 has all 32 bits equal: shifting by 31 gives the most negative i32.
  EXPECT_TRUE(Is(bin(BinaryOp::ShiftLeft, I(-1), U(31)), I(kI32Min)));
  EXPECT_TRUE(Is(bin(BinaryOp::ShiftLeft, I(-3), U(2)), I(-12)));
  EXPECT_TRUE(Is(bin(BinaryOp::ShiftLeft, I(kI32Min), U(0)), I(kI32Min)));
}

TEST_F(ConstEvalTest, I32LeftShiftMustNotChangeTheSign) {
  // "If T is a signed integer type, and the e2+1 most significant bits of e1 do not have the same
  // bit value": 1 << 31 (bits 31..0 of 1 differ), 0x40000000 << 1 (bits 31, 30 are 0, 1),
  // 3 << 30 (bits 31..1 include bit 1), i32 min << 1 (bits 31, 30 are 1, 0).
  EXPECT_TRUE(Fails(bin(BinaryOp::ShiftLeft, I(1), U(31)), "i32 left shift overflows"));
  EXPECT_TRUE(Fails(bin(BinaryOp::ShiftLeft, I(0x40000000LL), U(1)), "i32 left shift overflows"));
  EXPECT_TRUE(Fails(bin(BinaryOp::ShiftLeft, I(3), U(30)), "i32 left shift overflows"));
  EXPECT_TRUE(Fails(bin(BinaryOp::ShiftLeft, I(kI32Min), U(1)), "i32 left shift overflows"));
}

TEST_F(ConstEvalTest, U32LeftShift) {
  EXPECT_TRUE(Is(bin(BinaryOp::ShiftLeft, U(1), U(31)), U(0x80000000LL)));
  EXPECT_TRUE(Is(bin(BinaryOp::ShiftLeft, U(0xffff), U(16)), U(0xffff0000LL)));
  EXPECT_TRUE(Is(bin(BinaryOp::ShiftLeft, U(0), U(31)), U(0)));
  EXPECT_TRUE(Is(bin(BinaryOp::ShiftLeft, U(kU32Max), U(0)), U(kU32Max)));
}

TEST_F(ConstEvalTest, U32LeftShiftMustNotDiscardOnes) {
  // "If T is an unsigned integer type, and any of the e2 most significant bits of e1 are 1".
  EXPECT_TRUE(Fails(bin(BinaryOp::ShiftLeft, U(0x80000000LL), U(1)), "u32 left shift overflows"));
  EXPECT_TRUE(Fails(bin(BinaryOp::ShiftLeft, U(0xffff), U(17)), "u32 left shift overflows"));
  EXPECT_TRUE(Fails(bin(BinaryOp::ShiftLeft, U(3), U(31)), "u32 left shift overflows"));
}

TEST_F(ConstEvalTest, ConcreteShiftByBitWidthOrMoreIsAnError) {
  EXPECT_TRUE(Fails(bin(BinaryOp::ShiftLeft, I(1), U(32)), "not less than the bit width"));
  EXPECT_TRUE(Fails(bin(BinaryOp::ShiftLeft, U(0), U(32)), "not less than the bit width"));
  EXPECT_TRUE(Fails(bin(BinaryOp::ShiftRight, U(1), U(32)), "not less than the bit width"));
  EXPECT_TRUE(Fails(bin(BinaryOp::ShiftRight, I(-1), U(33)), "not less than the bit width"));
  EXPECT_TRUE(Fails(bin(BinaryOp::ShiftLeft, U(1), U(kU32Max)), "not less than the bit width"));
}

TEST_F(ConstEvalTest, I32RightShiftIsArithmetic) {
  EXPECT_TRUE(Is(bin(BinaryOp::ShiftRight, I(-8), U(1)), I(-4)));
  EXPECT_TRUE(Is(bin(BinaryOp::ShiftRight, I(-1), U(31)), I(-1)));
  EXPECT_TRUE(Is(bin(BinaryOp::ShiftRight, I(kI32Min), U(31)), I(-1)));
  EXPECT_TRUE(Is(bin(BinaryOp::ShiftRight, I(kI32Max), U(30)), I(1)));
  EXPECT_TRUE(Is(bin(BinaryOp::ShiftRight, I(-7), U(1)), I(-4)));
}

TEST_F(ConstEvalTest, U32RightShiftIsLogical) {
  EXPECT_TRUE(Is(bin(BinaryOp::ShiftRight, U(0x80000000LL), U(31)), U(1)));
  EXPECT_TRUE(Is(bin(BinaryOp::ShiftRight, U(kU32Max), U(28)), U(15)));
}

TEST_F(ConstEvalTest, AbstractIntLeftShift) {
  EXPECT_TRUE(Is(bin(BinaryOp::ShiftLeft, AI(1), U(62)), AI(4611686018427387904LL)));
  EXPECT_TRUE(Is(bin(BinaryOp::ShiftLeft, AI(3), U(61)), AI(6917529027641081856LL)));
  EXPECT_TRUE(Is(bin(BinaryOp::ShiftLeft, AI(-1), U(63)), AI(kI64Min)));
  // An AbstractInt shift amount (the header allows it) behaves the same.
  EXPECT_TRUE(Is(bin(BinaryOp::ShiftLeft, AI(5), AI(2)), AI(20)));
  // Shifting by 32 or more is fine for AbstractInt (no bit-width modulo).
  EXPECT_TRUE(Is(bin(BinaryOp::ShiftLeft, AI(1), U(40)), AI(1099511627776LL)));
}

TEST_F(ConstEvalTest, AbstractIntLeftShiftOverflowIsAnError) {
  // "The e2+1 most significant bits of e1 must have the same bit value."
  EXPECT_TRUE(Fails(bin(BinaryOp::ShiftLeft, AI(1), U(63)), "AbstractInt overflow"));
  EXPECT_TRUE(Fails(bin(BinaryOp::ShiftLeft, AI(3), U(62)), "AbstractInt overflow"));
  EXPECT_TRUE(Fails(bin(BinaryOp::ShiftLeft, AI(kI64Min), U(1)), "AbstractInt overflow"));
  EXPECT_TRUE(Fails(bin(BinaryOp::ShiftLeft, AI(1), U(64)), "AbstractInt overflow"));
}

TEST_F(ConstEvalTest, AbstractIntLeftShiftOfZeroByManyBits) {
  // Our reading of the rule for e2 >= 64: the result e1 * 2^e2 must fit, so only 0 shifts.
  EXPECT_TRUE(Is(bin(BinaryOp::ShiftLeft, AI(0), U(100)), AI(0)));
}

TEST_F(ConstEvalTest, AbstractIntRightShift) {
  EXPECT_TRUE(Is(bin(BinaryOp::ShiftRight, AI(-8), U(1)), AI(-4)));
  EXPECT_TRUE(Is(bin(BinaryOp::ShiftRight, AI(kI64Min), U(63)), AI(-1)));
  // "The number of bits to shift is the value of e2": every bit shifted out.
  EXPECT_TRUE(Is(bin(BinaryOp::ShiftRight, AI(-5), U(100)), AI(-1)));
  EXPECT_TRUE(Is(bin(BinaryOp::ShiftRight, AI(5), U(64)), AI(0)));
}

TEST_F(ConstEvalTest, VectorShiftsAreComponentWise) {
  EXPECT_TRUE(Is(bin(BinaryOp::ShiftLeft, VI({1, -1}), VU({2, 3})), VI({4, -8})));
  EXPECT_TRUE(Is(bin(BinaryOp::ShiftRight, VU({16, 0x80000000LL}), VU({4, 31})), VU({1, 1})));
  EXPECT_TRUE(Fails(bin(BinaryOp::ShiftLeft, VU({1, 1}), VU({1, 32})), "bit width"));
}

// ------------------------------------------------------------------------------------------------
// Vector forms.

TEST_F(ConstEvalTest, VectorAdditionIsComponentWise) {
  EXPECT_TRUE(Is(bin(BinaryOp::Add, VI({1, 2, 3}), VI({10, 20, 30})), VI({11, 22, 33})));
  EXPECT_TRUE(Is(bin(BinaryOp::Mul, VF({1.5, -2.0}), VF({2.0, 0.25})), VF({3.0, -0.5})));
  EXPECT_TRUE(Is(bin(BinaryOp::Sub, VAF({1.0, 2.0, 3.0, 4.0}), VAF({0.5, 0.5, 0.5, 0.5})),
                 VAF({0.5, 1.5, 2.5, 3.5})));
}

TEST_F(ConstEvalTest, VectorScalarForms) {
  // "ev op es" is "ev op V(es)", "es op ev" is "V(es) op ev".
  EXPECT_TRUE(Is(bin(BinaryOp::Add, VU({1, 2}), U(5)), VU({6, 7})));
  EXPECT_TRUE(Is(bin(BinaryOp::Sub, I(10), VI({1, 2})), VI({9, 8})));
  EXPECT_TRUE(Is(bin(BinaryOp::Div, I(12), VI({3, -4})), VI({4, -3})));
  EXPECT_TRUE(Is(bin(BinaryOp::Mod, VI({7, -7}), I(3)), VI({1, -1})));
  EXPECT_TRUE(Is(bin(BinaryOp::Mul, AF(2.0), VAF({1.5, -3.0})), VAF({3.0, -6.0})));
}

TEST_F(ConstEvalTest, VectorErrorsInAnyComponent) {
  EXPECT_TRUE(Fails(bin(BinaryOp::Div, VI({1, 2}), VI({1, 0})), "division by zero"));
  EXPECT_TRUE(Fails(bin(BinaryOp::Div, I(1), VI({1, 0})), "division by zero"));
  EXPECT_TRUE(Fails(bin(BinaryOp::Add, VAI({1, kI64Max}), AI(1)), "AbstractInt overflow"));
  EXPECT_TRUE(Fails(bin(BinaryOp::Mul, VF({1.0, FLT_MAX}), F(2.0)), "not finite"));
}

TEST_F(ConstEvalTest, VectorI32ArithmeticWraps) {
  EXPECT_TRUE(Is(bin(BinaryOp::Add, VI({kI32Max, 0}), VI({1, 1})), VI({kI32Min, 1})));
}

// ------------------------------------------------------------------------------------------------
// Matrix arithmetic (matrices are lists of columns).

TEST_F(ConstEvalTest, MatrixAdditionAndSubtraction) {
  ConstValue a = Mat({VF({1.0, 2.0}), VF({3.0, 4.0})});
  ConstValue b = Mat({VF({0.5, 0.25}), VF({-1.0, 8.0})});
  EXPECT_TRUE(Is(bin(BinaryOp::Add, a, b), Mat({VF({1.5, 2.25}), VF({2.0, 12.0})})));
  EXPECT_TRUE(Is(bin(BinaryOp::Sub, a, b), Mat({VF({0.5, 1.75}), VF({4.0, -4.0})})));
}

TEST_F(ConstEvalTest, MatrixScalarProducts) {
  ConstValue m = Mat({VF({1.0, 2.0, 3.0}), VF({4.0, 5.0, 6.0})});  // mat2x3<f32>
  ConstValue want = Mat({VF({2.0, 4.0, 6.0}), VF({8.0, 10.0, 12.0})});
  EXPECT_TRUE(Is(bin(BinaryOp::Mul, m, F(2.0)), want));
  EXPECT_TRUE(Is(bin(BinaryOp::Mul, F(2.0), m), want));
}

TEST_F(ConstEvalTest, MatrixTimesColumnVector) {
  // mat2x3 with columns (1,2,3), (4,5,6) times (7,8): rows (1,4), (2,5), (3,6) dotted with (7,8)
  // = (7+32, 14+40, 21+48) = (39, 54, 69).
  ConstValue m = Mat({VF({1.0, 2.0, 3.0}), VF({4.0, 5.0, 6.0})});
  Eval e = bin(BinaryOp::Mul, m, VF({7.0, 8.0}));
  EXPECT_TRUE(Is(e, VF({39.0, 54.0, 69.0})));
}

TEST_F(ConstEvalTest, RowVectorTimesMatrix) {
  // (1,1,2) * mat2x3[(1,2,3), (4,5,6)] = (dot((1,2,3),(1,1,2)), dot((4,5,6),(1,1,2))) = (9, 21).
  ConstValue m = Mat({VF({1.0, 2.0, 3.0}), VF({4.0, 5.0, 6.0})});
  EXPECT_TRUE(Is(bin(BinaryOp::Mul, VF({1.0, 1.0, 2.0}), m), VF({9.0, 21.0})));
}

TEST_F(ConstEvalTest, SquareMatrixProduct) {
  // A = [[1,3],[2,4]] (columns (1,2), (3,4)), B = [[5,7],[6,8]] (columns (5,6), (7,8)).
  // AB = [[1*5+3*6, 1*7+3*8], [2*5+4*6, 2*7+4*8]] = [[23,31],[34,46]]: columns (23,34), (31,46).
  ConstValue a = Mat({VF({1.0, 2.0}), VF({3.0, 4.0})});
  ConstValue b = Mat({VF({5.0, 6.0}), VF({7.0, 8.0})});
  EXPECT_TRUE(Is(bin(BinaryOp::Mul, a, b), Mat({VF({23.0, 34.0}), VF({31.0, 46.0})})));
  // BA = [[5*1+7*2, 5*3+7*4], [6*1+8*2, 6*3+8*4]] = [[19,43],[22,50]].
  EXPECT_TRUE(Is(bin(BinaryOp::Mul, b, a), Mat({VF({19.0, 22.0}), VF({43.0, 50.0})})));
}

TEST_F(ConstEvalTest, NonSquareMatrixProduct) {
  // mat3x2 (K=3 columns, R=2 rows) * mat2x3 (C=2 columns, K=3 rows) = mat2x2.
  // A columns (1,2), (3,4), (5,6); B columns (1,0,1), (0,1,2).
  // Column 0 = 1*(1,2) + 0*(3,4) + 1*(5,6) = (6,8); column 1 = (3,4) + 2*(5,6) = (13,16).
  ConstValue a = Mat({VAF({1.0, 2.0}), VAF({3.0, 4.0}), VAF({5.0, 6.0})});
  ConstValue b = Mat({VAF({1.0, 0.0, 1.0}), VAF({0.0, 1.0, 2.0})});
  Eval e = bin(BinaryOp::Mul, a, b);
  EXPECT_TRUE(Is(e, Mat({VAF({6.0, 8.0}), VAF({13.0, 16.0})})));
  ASSERT_TRUE(e.value);
  EXPECT_EQ(e.value->type, T.mat(2, 2, T.abstractFloat()));
}

TEST_F(ConstEvalTest, F16MatrixVectorProductRoundsEachStep) {
  // mat2x2<f16> columns (2048, 0), (1, 1) times (1, 1): row 0 = 2048*1 + 1*1 = 2049 -> ties to
  // 2048; row 1 = 0 + 1 = 1.
  ConstValue m = Mat({Vec({H(2048.0), H(0.0)}), Vec({H(1.0), H(1.0)})});
  EXPECT_TRUE(Is(bin(BinaryOp::Mul, m, Vec({H(1.0), H(1.0)})), Vec({H(2048.0), H(1.0)})));
}

TEST_F(ConstEvalTest, MatrixOverflowIsAnError) {
  ConstValue m = Mat({VF({FLT_MAX, 0.0}), VF({0.0, 1.0})});
  EXPECT_TRUE(Fails(bin(BinaryOp::Mul, m, F(2.0)), "not finite"));
  EXPECT_TRUE(Fails(bin(BinaryOp::Add, m, m), "not finite"));
  // A product whose terms are finite but whose sum overflows.
  ConstValue n = Mat({VF({FLT_MAX, 0.0}), VF({FLT_MAX, 0.0})});
  EXPECT_TRUE(Fails(bin(BinaryOp::Mul, n, VF({1.0, 1.0})), "not finite"));
}

// ------------------------------------------------------------------------------------------------
// Automatic conversions (section "Conversion Rank").

TEST_F(ConstEvalTest, AbstractIntToI32) {
  EXPECT_TRUE(Is(autoConv(AI(-2147483648LL), T.i32()), I(kI32Min)));
  EXPECT_TRUE(Is(autoConv(AI(kI32Max), T.i32()), I(kI32Max)));
  // "let i32_too_large_2 = 2147483648; // Invalid." and 5000000000 "overflows the i32 type".
  EXPECT_TRUE(Fails(autoConv(AI(2147483648LL), T.i32()), "i32"));
  EXPECT_TRUE(Fails(autoConv(AI(5000000000LL), T.i32()), "i32"));
  EXPECT_TRUE(Fails(autoConv(AI(-2147483649LL), T.i32()), "i32"));
}

TEST_F(ConstEvalTest, AbstractIntToU32) {
  // "let u32_large : u32 = 2147483649; // valid"; "(1 -2) + 1u // invalid, -1 is out of range".
  EXPECT_TRUE(Is(autoConv(AI(2147483649LL), T.u32()), U(2147483649LL)));
  EXPECT_TRUE(Is(autoConv(AI(kU32Max), T.u32()), U(kU32Max)));
  EXPECT_TRUE(Fails(autoConv(AI(-1), T.u32()), "u32"));
  EXPECT_TRUE(Fails(autoConv(AI(4294967296LL), T.u32()), "u32"));
}

TEST_F(ConstEvalTest, AbstractIntToAbstractFloat) {
  EXPECT_TRUE(Is(autoConv(AI(3), T.abstractFloat()), AF(3.0)));
  // 2^53 + 1 lies halfway between 2^53 and 2^53 + 2: ties to even (2^53).
  EXPECT_TRUE(Is(autoConv(AI(9007199254740993LL), T.abstractFloat()), AF(9007199254740992.0)));
  EXPECT_TRUE(Is(autoConv(AI(kI64Min), T.abstractFloat()), AF(-std::ldexp(1.0, 63))));
  Eval z = autoConv(AI(0), T.abstractFloat());
  ASSERT_TRUE(z.value);
  EXPECT_FALSE(std::signbit(z.value->f));  // "XOut has a zero sign bit"
}

TEST_F(ConstEvalTest, AbstractIntToF32RoundsToNearest) {
  EXPECT_TRUE(Is(autoConv(AI(16777217), T.f32()), F(16777216.0)));
  EXPECT_TRUE(Is(autoConv(AI(16777219), T.f32()), F(16777220.0)));
  EXPECT_TRUE(Is(autoConv(AI(kI64Max), T.f32()), F(std::ldexp(1.0, 63))));
  // 2^60 + 2^36 + 1 is just above the midpoint between 2^60 and 2^60 + 2^37 (ULP 2^37): the
  // nearest f32 is 2^60 + 2^37. (Rounding through binary64 first would land on the midpoint.)
  EXPECT_TRUE(Is(autoConv(AI((1LL << 60) + (1LL << 36) + 1), T.f32()), F(std::ldexp(1.0, 60) + std::ldexp(1.0, 37))));
}

TEST_F(ConstEvalTest, AbstractIntToF16) {
  EXPECT_TRUE(Is(autoConv(AI(65504), T.f16()), H(65504.0)));
  EXPECT_TRUE(Is(autoConv(AI(-2049), T.f16()), H(-2048.0)));
  EXPECT_TRUE(Is(autoConv(AI(2051), T.f16()), H(2052.0)));
  // "Otherwise, X lies outside the finite range of the destination type: A shader-creation error".
  EXPECT_TRUE(Fails(autoConv(AI(65505), T.f16()), "finite range"));
  EXPECT_TRUE(Fails(autoConv(AI(-100000), T.f16()), "finite range"));
}

TEST_F(ConstEvalTest, AbstractFloatToF32) {
  EXPECT_TRUE(Is(autoConv(AF(2.5), T.f32()), F(2.5)));
  // 0.1 -> nearest binary32 0x3DCCCCCD = 13421773 * 2^-27.
  EXPECT_TRUE(Is(autoConv(AF(0.1), T.f32()), F(13421773.0 * std::ldexp(1.0, -27))));
  EXPECT_TRUE(Is(autoConv(AF(FLT_MAX), T.f32()), F(FLT_MAX)));
  EXPECT_TRUE(Fails(autoConv(AF(1e39), T.f32()), "finite range"));
  // Just above MAX(f32) (by less than half an ULP): still outside the finite range.
  EXPECT_TRUE(Fails(autoConv(AF(static_cast<double>(FLT_MAX) + std::ldexp(1.0, 100)), T.f32()), "finite range"));
  EXPECT_TRUE(Fails(valConv(AF(-1e39), T.f32()), "finite range"));
}

TEST_F(ConstEvalTest, AbstractFloatToF16) {
  // 0.1 -> 1638.4 * 2^-14 rounds to 1638 * 2^-14 = 0.0999755859375.
  EXPECT_TRUE(Is(autoConv(AF(0.1), T.f16()), H(0.0999755859375)));
  EXPECT_TRUE(Is(autoConv(AF(-65504.0), T.f16()), H(-65504.0)));
  EXPECT_TRUE(Fails(autoConv(AF(65504.5), T.f16()), "finite range"));
  // Below the smallest subnormal: 2^-26 rounds to 0.
  EXPECT_TRUE(Is(autoConv(AF(std::ldexp(1.0, -26)), T.f16()), H(0.0)));
}

TEST_F(ConstEvalTest, AutomaticConversionOfVectorsMatricesArrays) {
  EXPECT_TRUE(Is(autoConv(VAI({1, -1}), T.vec(2, T.i32())), VI({1, -1})));
  EXPECT_TRUE(Fails(autoConv(VAI({1, -1}), T.vec(2, T.u32())), "u32"));
  EXPECT_TRUE(Is(autoConv(VAI({1, 16777217}), T.vec(2, T.f32())), VF({1.0, 16777216.0})));
  ConstValue m = Mat({VAF({1.0, 0.1}), VAF({-2.0, 3.5})});
  EXPECT_TRUE(Is(autoConv(m, T.mat(2, 2, T.f32())),
                 Mat({VF({1.0, 13421773.0 * std::ldexp(1.0, -27)}), VF({-2.0, 3.5})})));
  ConstValue arr = ConstValue::makeComposite(T.array(T.abstractInt(), 2), {AI(7), AI(8)});
  EXPECT_TRUE(Is(autoConv(arr, T.array(T.u32(), 2)), ConstValue::makeComposite(T.array(T.u32(), 2), {U(7), U(8)})));
}

TEST_F(ConstEvalTest, InfeasibleAutomaticConversionsFail) {
  EXPECT_TRUE(Fails(autoConv(AF(1.0), T.i32()), "no automatic conversion"));
  EXPECT_TRUE(Fails(autoConv(I(1), T.f32()), "no automatic conversion"));
  EXPECT_TRUE(Fails(autoConv(F(1.0), T.f16()), "no automatic conversion"));
  EXPECT_TRUE(Fails(autoConv(VAI({1, 2}), T.vec(3, T.i32())), "no automatic conversion"));
}

// ------------------------------------------------------------------------------------------------
// Value conversions (`i32(x)`, `u32(x)`, `f32(x)`, `f16(x)`, `bool(x)`).

TEST_F(ConstEvalTest, FloatToIntTruncatesTowardZero) {
  const double f3_9 = static_cast<double>(3.9f);
  EXPECT_TRUE(Is(valConv(F(f3_9), T.i32()), I(3)));
  EXPECT_TRUE(Is(valConv(F(-f3_9), T.i32()), I(-3)));  // "-3.9f converted to i32 is -3i"
  EXPECT_TRUE(Is(valConv(F(f3_9), T.u32()), U(3)));    // "3.9f converted to u32 is 3u"
  EXPECT_TRUE(Is(valConv(AF(-0.5), T.i32()), I(0)));
  EXPECT_TRUE(Is(valConv(H(-2.5), T.i32()), I(-2)));
}

TEST_F(ConstEvalTest, NegativeFloatToU32ClampsToZero) {
  EXPECT_TRUE(Is(valConv(F(-1.0), T.u32()), U(0)));  // "-1f converted to u32 is 0u"
  EXPECT_TRUE(Is(valConv(AF(-1e300), T.u32()), U(0)));
  EXPECT_TRUE(Is(valConv(H(-65504.0), T.u32()), U(0)));
}

TEST_F(ConstEvalTest, F32ToIntSaturatesToRepresentableValues) {
  const double big = static_cast<double>(1e20f);
  EXPECT_TRUE(Is(valConv(F(big), T.i32()), I(2147483520)));      // "the maximum i32 value, 2147483520i"
  EXPECT_TRUE(Is(valConv(F(-big), T.i32()), I(kI32Min)));        // "the minimum i32 value"
  EXPECT_TRUE(Is(valConv(F(big), T.u32()), U(4294967040LL)));    // "4294967040u"
  // 2^31 is an f32 value just above the i32 range.
  EXPECT_TRUE(Is(valConv(F(2147483648.0), T.i32()), I(2147483520)));
  EXPECT_TRUE(Is(valConv(F(2147483520.0), T.i32()), I(2147483520)));
}

TEST_F(ConstEvalTest, AbstractFloatAndF16ToIntSaturate) {
  // "the value in T closest to truncate(X) and also exactly representable in the original
  // floating point type": 2^31 - 1 and 2^32 - 1 are binary64 values.
  EXPECT_TRUE(Is(valConv(AF(1e20), T.i32()), I(kI32Max)));
  EXPECT_TRUE(Is(valConv(AF(-1e20), T.i32()), I(kI32Min)));
  EXPECT_TRUE(Is(valConv(AF(1e20), T.u32()), U(kU32Max)));
  EXPECT_TRUE(Is(valConv(AF(2147483647.9), T.i32()), I(kI32Max)));
  EXPECT_TRUE(Is(valConv(H(65504.0), T.i32()), I(65504)));
  EXPECT_TRUE(Is(valConv(H(65504.0), T.u32()), U(65504)));
}

TEST_F(ConstEvalTest, IntToF32Rounds) {
  EXPECT_TRUE(Is(valConv(I(16777217), T.f32()), F(16777216.0)));
  EXPECT_TRUE(Is(valConv(I(-16777219), T.f32()), F(-16777220.0)));
  EXPECT_TRUE(Is(valConv(U(kU32Max), T.f32()), F(4294967296.0)));
  EXPECT_TRUE(Is(valConv(I(kI32Min), T.f32()), F(-2147483648.0)));
  EXPECT_TRUE(Is(valConv(AI(16777217), T.f32()), F(16777216.0)));
}

TEST_F(ConstEvalTest, ToF16ChecksTheFiniteRange) {
  EXPECT_TRUE(Is(valConv(U(65504), T.f16()), H(65504.0)));
  EXPECT_TRUE(Is(valConv(I(2049), T.f16()), H(2048.0)));
  EXPECT_TRUE(Fails(valConv(I(70000), T.f16()), "finite range"));
  EXPECT_TRUE(Fails(valConv(F(static_cast<double>(1e10f)), T.f16()), "finite range"));
  // 0.1f = 13421773 * 2^-27; times 2^14 = 1638.40002...: nearest f16 is 1638 * 2^-14.
  EXPECT_TRUE(Is(valConv(F(13421773.0 * std::ldexp(1.0, -27)), T.f16()), H(0.0999755859375)));
}

TEST_F(ConstEvalTest, F16ToF32IsExact) {
  EXPECT_TRUE(Is(valConv(H(0.0999755859375), T.f32()), F(0.0999755859375)));
  EXPECT_TRUE(Is(valConv(H(std::ldexp(1.0, -24)), T.f32()), F(std::ldexp(1.0, -24))));
}

TEST_F(ConstEvalTest, NumericToBool) {
  // "false if e is a zero value (or -0.0 for floating point types) and true otherwise".
  EXPECT_TRUE(Is(valConv(AF(0.0), T.boolType()), B(false)));
  EXPECT_TRUE(Is(valConv(F(-0.0), T.boolType()), B(false)));
  EXPECT_TRUE(Is(valConv(F(0.5), T.boolType()), B(true)));
  EXPECT_TRUE(Is(valConv(H(std::ldexp(1.0, -24)), T.boolType()), B(true)));
  EXPECT_TRUE(Is(valConv(I(0), T.boolType()), B(false)));
  EXPECT_TRUE(Is(valConv(I(-1), T.boolType()), B(true)));
  EXPECT_TRUE(Is(valConv(U(0), T.boolType()), B(false)));
  EXPECT_TRUE(Is(valConv(AI(kI64Min), T.boolType()), B(true)));
  EXPECT_TRUE(Is(valConv(B(true), T.boolType()), B(true)));
}

TEST_F(ConstEvalTest, BoolToNumeric) {
  EXPECT_TRUE(Is(valConv(B(true), T.i32()), I(1)));
  EXPECT_TRUE(Is(valConv(B(false), T.u32()), U(0)));
  EXPECT_TRUE(Is(valConv(B(true), T.f32()), F(1.0)));
  EXPECT_TRUE(Is(valConv(B(true), T.f16()), H(1.0)));
  EXPECT_TRUE(Is(valConv(B(false), T.f32()), F(0.0)));
}

TEST_F(ConstEvalTest, I32U32ConversionsReinterpretBits) {
  EXPECT_TRUE(Is(valConv(U(kU32Max), T.i32()), I(-1)));
  EXPECT_TRUE(Is(valConv(U(0x80000000LL), T.i32()), I(kI32Min)));
  EXPECT_TRUE(Is(valConv(I(-1), T.u32()), U(kU32Max)));
  EXPECT_TRUE(Is(valConv(I(kI32Max), T.u32()), U(kI32Max)));
}

TEST_F(ConstEvalTest, AbstractIntValueConversionsCheckRange) {
  // "u32(4*1000*1000*1000)" is valid through the u32(AbstractInt) overload.
  EXPECT_TRUE(Is(valConv(AI(4000000000LL), T.u32()), U(4000000000LL)));
  EXPECT_TRUE(Fails(valConv(AI(4000000000LL), T.i32()), "i32"));
  EXPECT_TRUE(Fails(valConv(AI(-1), T.u32()), "u32"));
  EXPECT_TRUE(Is(valConv(AI(-5), T.i32()), I(-5)));
}

TEST_F(ConstEvalTest, VectorValueConversionsAreComponentWise) {
  // vec3<u32>(vec3<f32>(1.5, -2.0, 3e9)): 3e9 = 5859375 * 2^9 is an f32 value within u32.
  EXPECT_TRUE(Is(valConv(VF({1.5, -2.0, 3e9}), T.vec(3, T.u32())), VU({1, 0, 3000000000LL})));
  EXPECT_TRUE(Is(valConv(VI({0, 7}), T.vec(2, T.boolType())), Vec({B(false), B(true)})));
  EXPECT_TRUE(Is(valConv(Vec({B(true), B(false)}), T.vec(2, T.f32())), VF({1.0, 0.0})));
  EXPECT_TRUE(Fails(valConv(VI({70000, 1}), T.vec(2, T.f16())), "finite range"));
}

TEST_F(ConstEvalTest, ValueConversionIdentityAndShapes) {
  EXPECT_TRUE(Fails(valConv(VI({1, 2}), T.i32()), "no value conversion"));
  EXPECT_TRUE(Fails(valConv(VI({1, 2}), T.vec(3, T.u32())), "no value conversion"));
  EXPECT_TRUE(Is(valConv(I(7), T.i32()), I(7)));
  EXPECT_TRUE(Is(valConv(VF({1.0, 2.0}), T.vec(2, T.f32())), VF({1.0, 2.0})));
}

}  // namespace
}  // namespace wgsl::sema
