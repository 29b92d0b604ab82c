// Values of numeric literals and the errors the spec defines for them (section "Numeric
// Literals", with "Floating Point Conversion" and "Abstract Numeric Types").
//
// Expected values are worked out by hand from the spec and written as exact C++ hex floats or
// integers, never copied from the program's output. Where a literal's value is not exactly
// representable, the spec lets the implementation pick either neighbouring value ("WGSL does not
// specify whether the higher or lower representable value is chosen") and, for decimal literals
// with more than 20 significant digits, either the truncated or the incremented significand.
// wgslemu's documented choices are round-to-nearest (ties to even) and truncation; tests that pin
// one of those choices say so. If the program disagrees with a spec-derived expectation the test
// stays and carries a `// BUG:` note.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>

#include "interp/ast/ast.h"
#include "interp/ast/literals.h"
#include "tests/support/test_support.h"

namespace wgsl {
namespace {

using ast::LiteralKind;
using ast::LiteralSuffix;
using test::parse;
using test::Parsed;

// ------------------------------------------------------------------ helpers

struct Eval {
  std::string error;
  LiteralKind kind = LiteralKind::Bool;
  LiteralSuffix suffix = LiteralSuffix::None;
  std::optional<uint64_t> int_value;
  double value = -12345;  // recognizable "not written"
};

Eval evalInt(const std::string& spelling) {
  ast::LiteralExpr lit;
  Eval e;
  e.error = ast::evaluateIntLiteral(spelling, lit);
  e.kind = lit.literal_kind;
  e.suffix = lit.suffix;
  e.int_value = lit.intValue();
  return e;
}

bool isHex(const std::string& s) { return s.size() > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'); }

Eval evalFloat(const std::string& spelling) {
  ast::LiteralExpr lit;
  Eval e;
  e.error = ast::evaluateFloatLiteral(spelling, isHex(spelling), lit);
  e.kind = lit.literal_kind;
  e.suffix = lit.suffix;
  e.value = lit.float_value;
  return e;
}

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

// Parses `const x = <literal>;`, preceded by `enable f16;` for an h-suffixed literal (the spec
// requires the extension for those).
Parsed parseLiteral(const std::string& literal) {
  const bool f16 = !literal.empty() && literal.back() == 'h';
  return parse(std::string(f16 ? "enable f16;\n" : "") + "const x = " + literal + ";\n");
}

const ast::LiteralExpr* literalOf(const Parsed& p) {
  if (!p.module || p.module->decls.empty() || !p.module->decls.back().var) return nullptr;
  const auto& init = p.module->decls.back().var->initializer;
  return init ? init->as<ast::LiteralExpr>() : nullptr;
}

// The literal is valid and its value is exactly `expected`.
void expectFloat(const std::string& literal, double expected) {
  SCOPED_TRACE("literal: " + literal);
  const Eval e = evalFloat(literal);
  EXPECT_EQ(e.error, "");
  EXPECT_EQ(e.kind, LiteralKind::Float);
  EXPECT_EQ(e.value, expected) << std::hexfloat << e.value << " vs expected " << expected;
  const Parsed p = parseLiteral(literal);
  ASSERT_TRUE(p.ok()) << p.text();
  const ast::LiteralExpr* lit = literalOf(p);
  ASSERT_NE(lit, nullptr);
  EXPECT_EQ(lit->float_value, expected) << std::hexfloat << lit->float_value;
}

// The literal is rejected, with a message mentioning `mentioned`, located at the literal.
void expectFloatError(const std::string& literal, const std::string& mentioned) {
  SCOPED_TRACE("literal: " + literal);
  const Eval e = evalFloat(literal);
  EXPECT_NE(e.error, "");
  EXPECT_TRUE(contains(e.error, mentioned)) << e.error;
  const Parsed p = parseLiteral(literal);
  EXPECT_FALSE(p.ok());
  const auto located = p.located();
  ASSERT_EQ(located.size(), 1u) << p.text();
  const std::string at = literal.back() == 'h' ? "2:11: " : "1:11: ";
  EXPECT_EQ(located[0].substr(0, at.size()), at);
  EXPECT_TRUE(contains(located[0], mentioned)) << located[0];
}

void expectIntError(const std::string& literal, const std::string& mentioned) {
  SCOPED_TRACE("literal: " + literal);
  const Eval e = evalInt(literal);
  EXPECT_NE(e.error, "");
  EXPECT_TRUE(contains(e.error, mentioned)) << e.error;
  const Parsed p = parseLiteral(literal);
  EXPECT_FALSE(p.ok());
  const auto located = p.located();
  ASSERT_EQ(located.size(), 1u) << p.text();
  EXPECT_EQ(located[0].substr(0, 6), "1:11: ");
  EXPECT_TRUE(contains(located[0], mentioned)) << located[0];
}

void expectInt(const std::string& literal, uint64_t expected, LiteralSuffix suffix) {
  SCOPED_TRACE("literal: " + literal);
  const Eval e = evalInt(literal);
  EXPECT_EQ(e.error, "");
  EXPECT_EQ(e.kind, LiteralKind::Int);
  EXPECT_EQ(e.suffix, suffix);
  ASSERT_TRUE(e.int_value.has_value());
  EXPECT_EQ(*e.int_value, expected);
  const Parsed p = parseLiteral(literal);
  ASSERT_TRUE(p.ok()) << p.text();
  const ast::LiteralExpr* lit = literalOf(p);
  ASSERT_NE(lit, nullptr);
  ASSERT_TRUE(lit->intValue().has_value());
  EXPECT_EQ(*lit->intValue(), expected);
  EXPECT_EQ(test::dumpExpr(literal), literal);  // a literal dumps as written
}

const double kFltMax = 0x1.fffffep127;                 // (2 - 2^-23) * 2^127
const double kDblMax = std::numeric_limits<double>::max();
const double kDblDenormMin = 0x1p-1074;

// ------------------------------------------------------------------ integer literals

TEST(IntLiteral, DecimalValues) {
  expectInt("0", 0, LiteralSuffix::None);
  expectInt("123", 123, LiteralSuffix::None);
  expectInt("1u", 1, LiteralSuffix::U);
  expectInt("0i", 0, LiteralSuffix::I);
  expectInt("94i", 94, LiteralSuffix::I);
}

TEST(IntLiteral, HexValues) {
  // Spec examples: 0x123 = 1*256 + 2*16 + 3 = 291; 0x3f = 3*16 + 15 = 63.
  expectInt("0x123", 291, LiteralSuffix::None);
  expectInt("0X123u", 291, LiteralSuffix::U);
  expectInt("0x3f", 63, LiteralSuffix::None);
  expectInt("0x1f", 31, LiteralSuffix::None);  // an integer, not 0x1 with an f suffix
  expectInt("0xABCDEF", 0xABCDEF, LiteralSuffix::None);
  expectInt("0xabcdefi", 0xabcdef, LiteralSuffix::I);
  expectInt("0x0u", 0, LiteralSuffix::U);
}

TEST(IntLiteral, HexLeadingZerosDoNotOverflow) {
  // "0x followed by a sequence of hexadecimal digits": leading zeros are allowed and add nothing.
  expectInt("0x0000000000000000000000001", 1, LiteralSuffix::None);
  expectInt("0x00000000000000000000ffffffffu", 4294967295u, LiteralSuffix::U);
}

TEST(IntLiteral, I32Range) {
  expectInt("2147483647i", 2147483647u, LiteralSuffix::I);
  expectInt("0x7FFFFFFFi", 2147483647u, LiteralSuffix::I);
  // "An integer literal with a i or u suffix cannot be represented by the target type" is an
  // error. i32 holds [-2^31, 2^31 - 1].
  expectIntError("2147483648i", "i32");
  expectIntError("0x80000000i", "i32");  // no wrap-around to a negative bit pattern
  expectIntError("4294967295i", "i32");
  expectIntError("99999999999999999999i", "i32");  // beyond 64 bits as well
}

TEST(IntLiteral, MostNegativeI32NeedsAConversion) {
  // Literals have no sign: `-2147483648i` is `-` applied to 2147483648i, which is out of range.
  EXPECT_TRUE(contains(test::dumpExpr("-2147483648i"), "ERROR")) << test::dumpExpr("-2147483648i");
  EXPECT_TRUE(contains(test::dumpExpr("-2147483648i"), "i32"));
  EXPECT_FALSE(contains(test::dumpExpr("-2147483647i"), "ERROR"));
  EXPECT_FALSE(contains(test::dumpExpr("i32(-2147483648)"), "ERROR"));
}

TEST(IntLiteral, U32Range) {
  expectInt("4294967295u", 4294967295u, LiteralSuffix::U);
  expectInt("0xFFFFFFFFu", 4294967295u, LiteralSuffix::U);
  expectIntError("4294967296u", "u32");
  expectIntError("0x100000000u", "u32");
  expectIntError("18446744073709551616u", "u32");  // 2^64
}

TEST(IntLiteral, AbstractIntRange) {
  // AbstractInt is the 64-bit two's complement range: max 2^63 - 1.
  expectInt("9223372036854775807", 9223372036854775807u, LiteralSuffix::None);
  expectInt("0x7fffffffffffffff", 9223372036854775807u, LiteralSuffix::None);
  // Far above i32 and u32, but fine as AbstractInt.
  expectInt("4294967296", 4294967296u, LiteralSuffix::None);
  // "An evaluation of an expression in one of these types must not overflow".
  for (const char* s : {"9223372036854775808", "0x8000000000000000", "18446744073709551615",
                        "0xffffffffffffffff", "18446744073709551616", "0x10000000000000000",
                        "99999999999999999999999999"}) {
    SCOPED_TRACE(s);
    const Eval e = evalInt(s);
    EXPECT_NE(e.error, "");
    const Parsed p = parseLiteral(s);
    EXPECT_FALSE(p.ok());
    ASSERT_EQ(p.located().size(), 1u) << p.text();
    EXPECT_EQ(p.located()[0].substr(0, 6), "1:11: ");
  }
  // A literal has no sign, so the most negative AbstractInt cannot be written as -literal.
  EXPECT_TRUE(contains(test::dumpExpr("-9223372036854775808"), "ERROR"));

  // ast.h: int_value is "nullopt if it exceeds 64 bits". 2^64 - 1 still fits.
  EXPECT_EQ(evalInt("18446744073709551615").int_value, std::optional<uint64_t>(18446744073709551615u));
  EXPECT_FALSE(evalInt("18446744073709551616").int_value.has_value());
  EXPECT_FALSE(evalInt("0x10000000000000000").int_value.has_value());
  EXPECT_FALSE(evalInt("99999999999999999999999999").int_value.has_value());
}

TEST(IntLiteral, RangeErrorsInEveryPosition) {
  // The literal rules apply wherever a literal appears, not only in initializers.
  for (const char* src : {"var<private> a: array<i32, 4294967296u>;\n",
                          "@compute @workgroup_size(2147483648i) fn f() {}\n",
                          "fn f() { switch 1 { case 4294967296u: {} default: {} } }\n",
                          "const_assert 0x1p128f > 0;\n",
                          "fn f() { let v = vec2(1e39f, 2.0); }\n",
                          "fn f() -> i32 { return 9223372036854775808; }\n"}) {
    SCOPED_TRACE(src);
    const Parsed p = parse(src);
    EXPECT_FALSE(p.ok());
    EXPECT_EQ(p.errors().size(), 1u) << p.text();
  }
}

// ------------------------------------------------------------------ literal kinds and suffixes

TEST(LiteralKindAndSuffix, FromSpellingAndBooleans) {
  struct Case {
    const char* spelling;
    bool is_int;
    LiteralSuffix suffix;
  };
  for (const Case& c : {Case{"1", true, LiteralSuffix::None}, Case{"1i", true, LiteralSuffix::I},
                        Case{"1u", true, LiteralSuffix::U}, Case{"0x1f", true, LiteralSuffix::None},
                        Case{"1f", false, LiteralSuffix::F}, Case{"1h", false, LiteralSuffix::H},
                        Case{"1.0", false, LiteralSuffix::None}, Case{"1e3", false, LiteralSuffix::None},
                        Case{"0x1p0", false, LiteralSuffix::None}, Case{"0x1p0f", false, LiteralSuffix::F},
                        Case{"0x1p0h", false, LiteralSuffix::H}, Case{"0x1.f", false, LiteralSuffix::None}}) {
    SCOPED_TRACE(c.spelling);
    const Parsed p = parseLiteral(c.spelling);
    ASSERT_TRUE(p.ok()) << p.text();
    const ast::LiteralExpr* lit = literalOf(p);
    ASSERT_NE(lit, nullptr);
    EXPECT_EQ(lit->literal_kind, c.is_int ? LiteralKind::Int : LiteralKind::Float);
    EXPECT_EQ(lit->suffix, c.suffix);
    EXPECT_EQ(lit->spelling, c.spelling);
  }
  for (const bool b : {true, false}) {
    const Parsed p = parseLiteral(b ? "true" : "false");
    ASSERT_TRUE(p.ok()) << p.text();
    const ast::LiteralExpr* lit = literalOf(p);
    ASSERT_NE(lit, nullptr);
    EXPECT_EQ(lit->literal_kind, LiteralKind::Bool);
    EXPECT_EQ(lit->bool_value, b);
  }
}

TEST(LiteralKindAndSuffix, HexDigitFIsNotASuffixWithoutExponent) {
  // 0x1.f = 1 + 15/16: the 'f' is a digit because the f/h suffix needs a 'p' exponent.
  expectFloat("0x1.f", 0x1.fp0);
  const Eval e = evalFloat("0x1.f");
  EXPECT_EQ(e.suffix, LiteralSuffix::None);
  // 0x1.fp4f: digit f, exponent 4, suffix f: (1 + 15/16) * 16 = 31.
  expectFloat("0x1.fp4f", 31.0);
  EXPECT_EQ(evalFloat("0x1.fp4f").suffix, LiteralSuffix::F);
}

// ------------------------------------------------------------------ decimal float values

TEST(DecimalFloat, SpecExampleValues) {
  expectFloat("0.e+4f", 0.0);  // 0 * 10^4
  expectFloat("01.", 1.0);
  expectFloat(".01", 0.01);    // not exact: the nearest binary64, as the C++ literal
  expectFloat("12.34", 12.34);
  expectFloat(".0f", 0.0);
  expectFloat("0h", 0.0);
  expectFloat("1e-3", 0.001);  // the double nearest 1/1000
}

TEST(DecimalFloat, ExactlyRepresentableValuesAreExact) {
  // "If X is exactly representable in the destination type T, then XOut is the value in T equal
  // to X" - no implementation choice here.
  expectFloat("0.5", 0.5);
  expectFloat("0.1171875", 15.0 / 128);
  expectFloat("1e22", 1e22);  // 10^22 = 2^22 * 5^22 and 5^22 < 2^53
  expectFloat("9007199254740992.0", 0x1p53);
  expectFloat("0.000000059604644775390625", 0x1p-24);
  expectFloat("1.5e+2f", 150.0);
  expectFloat("1f", 1.0);
  expectFloat("0.375f", 0.375);
  expectFloat("1e5", 100000.0);
  expectFloat("2.5e-1h", 0.25);
}

TEST(DecimalFloat, ExponentDigitsAreNotTruncated) {
  // The 20-digit rule applies to the significand only; leading zeros in the exponent are fine.
  expectFloat("1.5e00000000000000000000001", 15.0);
  expectFloat("25e-000000000000000000000001", 2.5);
}

TEST(DecimalFloat, FSuffixRoundsToF32) {
  // 0.1 = 1.6 * 2^-4; 1.6 in binary is 1.1001 1001 1001 ...; 23 fraction bits are
  // 10011001100110011001100 followed by 1100..., so the value rounds up to
  // 1.10011001100110011001101 = 0x1.99999ap0 (the nearest f32; pinned: round to nearest).
  expectFloat("0.1f", 0x1.99999ap-4);
  EXPECT_EQ(evalFloat("0.1f").value, static_cast<double>(0.1f));
  // Without the suffix the value is binary64.
  expectFloat("0.1", 0.1);
  EXPECT_NE(evalFloat("0.1").value, evalFloat("0.1f").value);
  // 2^24 + 1 is halfway between the f32 values 2^24 and 2^24 + 2: either is allowed.
  const Eval e = evalFloat("16777217f");
  EXPECT_EQ(e.error, "");
  EXPECT_TRUE(e.value == 16777216.0 || e.value == 16777218.0) << std::hexfloat << e.value;
}

TEST(DecimalFloat, F32Range) {
  // "A decimal floating point literal with a f or h suffix overflows the target type" is an error.
  // 1e39 is above 2^128, so it overflows under every rounding.
  expectFloatError("1e39f", "f32");
  expectFloatError("1.0e+999999999999f", "f32");
  expectFloatError("340282366920938463463374607431768211456f", "f32");  // exactly 2^128
  // MAX(f32) = (2 - 2^-23) * 2^127 = 3.40282346638528859811...e38. The next lower f32 is
  // MAX - 2^104 = 3.40282326356...e38. 3.4028234e38 lies between the two and is nearer MAX.
  expectFloat("3.4028234e38f", kFltMax);
  expectFloat("0x1.fffffep127f", kFltMax);
}

TEST(DecimalFloat, F32ValueJustAboveMaxRoundsToMax) {
  // "Floating Point Rounding and Overflow": for MAX(f32) < X < 2^128 "either rounding direction is
  // used: X' is MAX(T) or +inf", and the literal "overflows the target type" (an error) when X' is
  // infinite. wgslemu rounds to nearest, ties to even (IEEE-754): the overflow threshold is
  // MAX + ulp(MAX)/2 = (2 - 2^-23) * 2^127 + 2^103 = 2^128 - 2^103
  //   = 340282356779733661637539395458142568448 = 3.40282356779733661637...e38.
  // MAX(f32) = 340282346638528859811704183484516925440 = 3.40282346638528859811...e38.
  // 3.4028234663852886e38 (the shortest decimal that binary64 formatters, JavaScript's among
  // them, print for MAX(f32)) and 3.4028235e38 (C's FLT_MAX printed with %.8g) are above MAX but
  // below the threshold: both round to MAX.
  expectFloat("3.4028234663852886e38f", kFltMax);
  expectFloat("3.4028235e38f", kFltMax);
  // The threshold's first 20 significant digits are 3.4028235677973366163; 20 digits are all a
  // literal keeps (the digits after are truncated), so the nearest literals below and above are:
  expectFloat("3.4028235677973366163e38f", kFltMax);
  expectFloatError("3.4028235677973366164e38f", "f32");
  // (The threshold itself would be a tie, which goes to the even significand: 2^128, infinity.)
  expectFloatError("3.4028236e38f", "f32");
}

TEST(DecimalFloat, SuffixedLiteralIsReadAsAbstractFloatFirst) {
  // MAX(f32) = 2^128 - 2^104 = 340282346638528859811704183484516925440 is a binary64 value whose
  // shortest round-trip decimal is 3.4028234663852886e+38 (how the WebGPU CTS and JavaScript
  // print it). As a decimal that is 1.9e21 above MAX(f32), but less than half a binary64 ULP
  // there (2^74 = 1.9e22) above it, so as an AbstractFloat it is MAX(f32) exactly, and the 'f'
  // literal denotes that value converted to f32: MAX(f32), no error. Likewise for f16's 65504.
  expectFloat("3.4028234663852886e+38f", kFltMax);
  expectFloat("340282346638528860000000000000000000000f", kFltMax);
  expectFloat("65504.0000000000001h", 65504.0);
}

TEST(DecimalFloat, F32UnderflowIsNotAnError) {
  // Tiny values lie between 0 and the smallest subnormal 2^-149; either neighbour is allowed and
  // no error results. Pinned: round to nearest.
  expectFloat("1e-50f", 0.0);
  // 1e-45 is above the midpoint 2^-150 = 7.006e-46, so the nearest f32 is 2^-149 = 1.401e-45.
  expectFloat("1e-45f", 0x1p-149);
}

TEST(DecimalFloat, AbstractFloatRange) {
  // AbstractFloat is binary64 and "must not overflow or produce an infinite value".
  // 1.7976931348623157e308 is below MAX(binary64) = 1.7976931348623157081e308 and nearer to it
  // than to the next lower double (MAX - 2^971).
  expectFloat("1.7976931348623157e308", kDblMax);
  expectFloatError("1e309", "AbstractFloat");
  expectFloatError("1e99999999999999999999", "AbstractFloat");
  // Underflow is not an error; pinned: round to nearest.
  expectFloat("1e-400", 0.0);
  expectFloat("1e-99999999999999999999", 0.0);
  // Zero with a huge exponent is exactly zero.
  expectFloat("0e99999999999", 0.0);
}

TEST(DecimalFloat, AbstractFloatJustAboveMaxRoundsToMax) {
  // AbstractFloat is binary64; its literals follow the same rounding as f32's (round to nearest,
  // even on ties): MAX(binary64) = (2 - 2^-52) * 2^1023 = 1.7976931348623157081e308, and values
  // below MAX + 2^970 = 1.7976931348623158079e308 round to MAX.
  expectFloat("1.7976931348623158e308", kDblMax);
  expectFloat("1.7976931348623158079e308", kDblMax);
  expectFloatError("1.797693134862315808e308", "AbstractFloat");
  expectFloatError("1.7976931348623159e308", "AbstractFloat");
}

// ------------------------------------------------------------------ the 20-digit rule

// 1 + 2^-53 = 1.00000000000000011102230246251565404236316680908203125 is the midpoint between
// the doubles 1 and 1 + 2^-52. Counting significant digits of a significand 1.000...:
// digit 1 is '1', digits 2-16 are the fifteen zeros, digits 17, 18, 19 are '1', digit 20 is the
// next digit.

TEST(DecimalFloat, TwentyFiveDigitsTruncateToTwenty) {
  // V = 1.000000000000000111030001 has 25 significant digits and lies above the midpoint
  // (…11103 > …11102), so its nearest double is 1 + 2^-52 - the C++ compiler, which rounds
  // correctly, agrees:
  const std::string v = "1.000000000000000111030001";
  ASSERT_EQ(1.000000000000000111030001, 1 + 0x1p-52);
  // Truncated after the 20th significant digit: T = 1.0000000000000001110, which lies below the
  // midpoint, so its nearest double is 1. (The spec also allows the incremented significand
  // 1.0000000000000001111, which would give 1 + 2^-52; wgslemu documents truncation.)
  const std::string t = "1.0000000000000001110";
  ASSERT_EQ(1.0000000000000001110, 1.0);
  expectFloat(t, 1.0);
  expectFloat(v, 1.0);
  EXPECT_EQ(evalFloat(v).value, evalFloat(t).value);
  // The same significand written as an integer with an exponent.
  expectFloat("1000000000000000111030001e-24", 1.0);
}

TEST(DecimalFloat, TwentySignificantDigitsAreKept) {
  // 1.0000000000000001111 has exactly 20 significant digits: no truncation, and it is above the
  // midpoint, so the nearest double is 1 + 2^-52.
  expectFloat("1.0000000000000001111", 1 + 0x1p-52);
  // In 1.000000000000000111030001 the fifteen zeros between non-zero digits are significant, so
  // the '3' is the 21st significant digit and is dropped (TwentyFiveDigitsTruncateToTwenty).
  // With the '3' moved up to the 20th position it is kept: 1.0000000000000001113 > midpoint.
  expectFloat("1.0000000000000001113", 1 + 0x1p-52);
  expectFloat("1.0000000000000001110000000009", 1.0);
}

TEST(DecimalFloat, LeadingZerosAreNotSignificant) {
  // "A significand digit is significant if it is non-zero, or if there are significand digits to
  // its left and to its right that are both non-zero": leading zeros do not count, so this
  // literal, 1.0000000000000001111 in disguise, still has 20 significant digits.
  const std::string s = "0.0000" + std::string("1") + std::string(15, '0') + "1111" + "e5";
  ASSERT_EQ(s, "0.000010000000000000001111e5");
  expectFloat(s, 1 + 0x1p-52);
  // Same for leading zeros before the point.
  expectFloat("0001.0000000000000001111", 1 + 0x1p-52);
}

TEST(DecimalFloat, VeryLongLiterals) {
  // Thousands of digits: only 20 significant digits matter, the rest only scale.
  const std::string zeros(5000, '0');
  expectFloat("1" + zeros + "e-5000", 1.0);
  expectFloat("0." + zeros + "1e5001", 1.0);
  expectFloat("0." + zeros + "1", 0.0);  // 10^-5001: far below the smallest subnormal
  expectFloatError("1" + zeros + ".0", "AbstractFloat");
  expectFloatError("1" + zeros + "f", "f32");
  expectFloat("0x1" + zeros + "p-20000", 1.0);  // 16^5000 * 2^-20000
}

// ------------------------------------------------------------------ f16 decimal literals

TEST(F16Literal, Range) {
  // MAX(f16) = (2 - 2^-10) * 2^15 = 65504.
  expectFloat("65504h", 65504.0);
  expectFloat("65504.0h", 65504.0);
  // 65520 is the IEEE overflow threshold (halfway between 65504 and 2^16): an error under every
  // reading. 1e5h appears in the spec's type table only to show the type; its value overflows.
  expectFloatError("65520h", "f16");
  expectFloatError("65536h", "f16");
  expectFloatError("1e5h", "f16");
  expectFloatError("1.0e+999999h", "f16");
}

TEST(F16Literal, ValueJustAboveMaxRoundsToMax) {
  // MAX(f16) = (2 - 2^-10) * 2^15 = 65504, ulp(MAX) = 2^5 = 32: values below 65504 + 16 = 65520
  // round to nearest MAX; 65520 is the tie, which goes to the even significand 2^16 (infinity,
  // an overflow, see Range). "Floating Point Rounding and Overflow" lets MAX < X < 2^16 round
  // either way; wgslemu pins IEEE round to nearest.
  expectFloat("65519h", 65504.0);
  expectFloat("65519.99h", 65504.0);
  // 20 significant digits a hair under 65520: closer to 65520 than binary64 can tell apart
  // (binary64 values near 65520 are 2^-36 apart), yet still below the threshold.
  expectFloat("65519.999999999999999h", 65504.0);
  expectFloatError("65520.000000000000001h", "f16");
}

TEST(F16Literal, UnderflowIsNotAnError) {
  // 1e-8 lies between 0 and the smallest f16 subnormal 2^-24 = 5.96e-8 (below the midpoint
  // 2^-25 = 2.98e-8): it becomes 0 without error (either neighbour allowed; pinned nearest).
  expectFloat("1e-8h", 0.0);
  // 6e-8 is nearer 2^-24 than 2^-23.
  expectFloat("6e-8h", 0x1p-24);
}

TEST(F16Literal, RoundsToNearestF16) {
  // 0.1 lies in [2^-4, 2^-3), where f16 values are k * 2^-14. 0.1 * 16384 = 1638.4, so the
  // neighbours are 1638/16384 and 1639/16384 and the nearer is 1638/16384 = 0.0999755859375.
  expectFloat("0.1h", 1638.0 / 16384);
  // 1 + 2^-10 = 1.0009765625 is an f16 value, exactly.
  expectFloat("1.0009765625h", 1 + 0x1p-10);
}

TEST(F16Literal, SubnormalValues) {
  // Smallest subnormal 2^-24, smallest normal 2^-14, largest subnormal 1023 * 2^-24; all exact.
  expectFloat("0.000000059604644775390625h", 0x1p-24);
  expectFloat("0.00006103515625h", 0x1p-14);
  // 1023 * 5.9604644775390625e-8 = 6.0975551605224609375e-5 (20 significant digits).
  expectFloat("0.000060975551605224609375h", 1023 * 0x1p-24);
}

// ------------------------------------------------------------------ hexadecimal float values

TEST(HexFloat, SpecExampleValues) {
  expectFloat("0xa.fp+2", (10 + 15.0 / 16) * 4);  // 43.75
  expectFloat("0x1P+4f", 16.0);
  expectFloat("0X.3", 3.0 / 16);                  // 0.1875
  expectFloat("0x3p+2h", 12.0);
  expectFloat("0X1.fp-4", (1 + 15.0 / 16) / 16);  // 0.12109375
  expectFloat("0x3.2p+2h", (3 + 2.0 / 16) * 4);   // 12.5
  expectFloat("0x1.0p10f", 1024.0);               // from the type table
  expectFloat("0xE.fp+2", (14 + 15.0 / 16) * 4);  // 59.75
}

TEST(HexFloat, SignificandDigitsAndPoint) {
  expectFloat("0x1.", 1.0);
  expectFloat("0x.1", 1.0 / 16);
  expectFloat("0x.8p1", 1.0);
  expectFloat("0x10p-4", 1.0);
  expectFloat("0x0p0f", 0.0);
  expectFloat("0x0.000p-999f", 0.0);  // zero is exactly representable whatever the exponent
  expectFloat("0x1P-0f", 1.0);
}

TEST(HexFloat, F32NotExactlyRepresentableIsAnError) {
  // "A hexadecimal floating point literal with a f or h suffix ... cannot be exactly represented
  // by the target type" is an error. Note in the spec: 0x1.00000001p0 needs 33 significand bits.
  expectFloatError("0x1.00000001p0f", "cannot be exactly represented");
  // 0x1.000001 = 1 + 2^-24 needs 25 bits; f32 has 24.
  expectFloatError("0x1.000001p0f", "cannot be exactly represented");
  expectFloatError("0x1.ffffffp127f", "f32");
}

TEST(HexFloat, F32TwentyFourBitsAreExact) {
  // 0x1.000002 = 1 + 2/16^6 = 1 + 2^-23: 24 significant bits.
  expectFloat("0x1.000002p0f", 1 + 0x1p-23);
  expectFloat("0x1.fffffep0f", 2 - 0x1p-23);
  expectFloat("0xffffffp0f", 16777215.0);  // 2^24 - 1
  // Trailing zero digits, even beyond 16 significant digits, change nothing.
  expectFloat("0x1.00000000000000000p0f", 1.0);
}

TEST(HexFloat, F32Overflow) {
  expectFloat("0x1p127f", 0x1p127);
  expectFloat("0x1.fffffep127f", kFltMax);
  expectFloatError("0x1p128f", "f32");
  expectFloatError("0x2p127f", "f32");
  expectFloatError("0x1.0p+999999999999f", "f32");
}

TEST(HexFloat, F32Subnormals) {
  // Smallest subnormal 2^-149; 2^-150 and anything with a 2^-150 bit cannot be represented.
  expectFloat("0x1p-149f", 0x1p-149);
  expectFloat("0x3p-149f", 3 * 0x1p-149);
  expectFloat("0x1p-126f", 0x1p-126);  // smallest normal
  // 0x1.fffffc * 2^-127 = 0x1fffffc * 2^-151 = (2^23 - 1) * 2^-149: the largest subnormal.
  expectFloat("0x1.fffffcp-127f", (0x1p23 - 1) * 0x1p-149);
  expectFloatError("0x1p-150f", "cannot be exactly represented");
  expectFloatError("0x1p-150f", "a bit below 2^-149, the smallest f32 subnormal");  // the reason, not a bit count
  expectFloatError("0x1.8p-149f", "cannot be exactly represented");  // 1.5 * 2^-149
  // 0x1.fffffe * 2^-127 = (2^24 - 1) * 2^-150: 24 bits, but the lowest is 2^-150.
  expectFloatError("0x1.fffffep-127f", "cannot be exactly represented");
  expectFloatError("0x1p-999999999999f", "f32");
}

TEST(HexFloat, F16RangeAndPrecision) {
  // MAX(f16) = 0x1.ffc * 2^15 = 0x1ffc * 2^3 = 8188 * 8 = 65504.
  expectFloat("0x1.ffcp15h", 65504.0);
  expectFloat("0x1p15h", 32768.0);
  expectFloatError("0x1p16h", "f16");
  // 0x1.ffe * 2^15 = 4095 * 2^4: 12 significant bits (and above MAX).
  expectFloatError("0x1.ffep15h", "f16");
  expectFloatError("0x1.0p+999999h", "f16");
  // 11 significand bits: 1 + 2^-10 is exact, 1 + 2^-11 is not.
  expectFloat("0x1.004p0h", 1 + 0x1p-10);
  expectFloatError("0x1.002p0h", "cannot be exactly represented");
}

TEST(HexFloat, F16Subnormals) {
  expectFloat("0x1p-24h", 0x1p-24);  // smallest subnormal
  expectFloat("0x1p-14h", 0x1p-14);  // smallest normal
  // 0x1.ff8 * 2^-15 = 0x1ff8 * 2^-27 = 1023 * 2^-24: the largest subnormal.
  expectFloat("0x1.ff8p-15h", 1023 * 0x1p-24);
  expectFloatError("0x1p-25h", "cannot be exactly represented");
  expectFloatError("0x1.8p-24h", "cannot be exactly represented");
}

TEST(HexFloat, AbstractFloatRange) {
  // No exactness rule without a suffix, but the binary64 range still applies.
  expectFloat("0x1p-1074", kDblDenormMin);
  expectFloat("0x1.fffffffffffffp1023", kDblMax);
  expectFloat("0x1p1023", 0x1p1023);
  expectFloatError("0x1p1024", "AbstractFloat");
  expectFloatError("0x1.0p+999999999999", "AbstractFloat");
  // Not exactly representable in f32, but fine as AbstractFloat: 1 + 2^-32.
  expectFloat("0x1.00000001p0", 1 + 0x1p-32);
  // 2^-1075 is halfway between 0 and 2^-1074: no error, either neighbour.
  const Eval e = evalFloat("0x1p-1075");
  EXPECT_EQ(e.error, "");
  EXPECT_TRUE(e.value == 0.0 || e.value == kDblDenormMin) << std::hexfloat << e.value;
  EXPECT_TRUE(parseLiteral("0x1p-1075").ok());
}

TEST(HexFloat, SixteenDigitRuleCountsSignificantDigitsOnly) {
  // 0x1 followed by sixteen zeros = 16^16 = 2^64: the zeros past the 16th significant digit
  // still scale the value.
  expectFloat("0x10000000000000000p0", 0x1p64);
  // Leading zeros after the point are not significant: 16^-20 = 2^-80.
  expectFloat("0x.00000000000000000001p0", 0x1p-80);
  // Sixteen significant digits are kept: 0x1.000000000000001 = 1 + 2^-60, nearest double 1.
  expectFloat("0x1.000000000000001p0", 1.0);
  // Digits past the 16th are dropped (or the 16th incremented; both give 1 here).
  expectFloat("0x1.0000000000000000001p0", 1.0);
}

// ------------------------------------------------------------------ roundToF16

TEST(RoundToF16, ExactAndSpecialValuesAreUnchanged) {
  for (const double v : {0.0, 1.0, -2.0, 0.5, 65504.0, -65504.0, 0x1p-14, 0x1p-24, 1023 * 0x1p-24,
                         1 + 0x1p-10, 2048.0, 2050.0}) {
    EXPECT_EQ(ast::roundToF16(v), v) << std::hexfloat << v;
  }
  EXPECT_TRUE(std::isnan(ast::roundToF16(std::numeric_limits<double>::quiet_NaN())));
  EXPECT_EQ(ast::roundToF16(std::numeric_limits<double>::infinity()),
            std::numeric_limits<double>::infinity());
  EXPECT_TRUE(std::signbit(ast::roundToF16(-0.0)));
}

TEST(RoundToF16, TiesGoToEven) {
  // Between 1 and 1 + 2^-10 the spacing is 2^-10; 1 + 2^-11 is the midpoint, and 1 (significand
  // ...0) is the even neighbour.
  EXPECT_EQ(ast::roundToF16(1 + 0x1p-11), 1.0);
  // 1 + 3 * 2^-11 is halfway between 1 + 2^-10 (odd) and 1 + 2 * 2^-10 = 1 + 2^-9 (even).
  EXPECT_EQ(ast::roundToF16(1 + 3 * 0x1p-11), 1 + 0x1p-9);
  // In [2048, 4096) the spacing is 2: 2049 → 2048, 2051 → 2052.
  EXPECT_EQ(ast::roundToF16(2049.0), 2048.0);
  EXPECT_EQ(ast::roundToF16(2051.0), 2052.0);
  // Just below 1 the spacing is 2^-11: 1 - 2^-12 is halfway between 2047 * 2^-11 (odd) and 1.
  EXPECT_EQ(ast::roundToF16(1 - 0x1p-12), 1.0);
  // Negative values mirror.
  EXPECT_EQ(ast::roundToF16(-(1 + 0x1p-11)), -1.0);
  EXPECT_EQ(ast::roundToF16(-(1 + 3 * 0x1p-11)), -(1 + 0x1p-9));
}

TEST(RoundToF16, NonTiesGoToNearest) {
  EXPECT_EQ(ast::roundToF16(1 + 0x1p-11 + 0x1p-30), 1 + 0x1p-10);
  EXPECT_EQ(ast::roundToF16(1 + 0x1p-11 - 0x1p-30), 1.0);
  EXPECT_EQ(ast::roundToF16(0.1), 1638.0 / 16384);
  EXPECT_EQ(ast::roundToF16(3.14159265358979), 3.140625);  // 3 + 0.140625 = 1608 * 2^-9
}

TEST(RoundToF16, OverflowThreshold) {
  // IEEE round to nearest: values below 65520 (= 65504 + half a spacing of 32) round to 65504,
  // from 65520 on (a tie whose even neighbour is 2^16) to infinity.
  EXPECT_EQ(ast::roundToF16(65519.0), 65504.0);
  EXPECT_EQ(ast::roundToF16(65519.99), 65504.0);
  EXPECT_TRUE(std::isinf(ast::roundToF16(65520.0)));
  EXPECT_GT(ast::roundToF16(65520.0), 0);
  EXPECT_TRUE(std::isinf(ast::roundToF16(1e10)));
  EXPECT_EQ(ast::roundToF16(-65520.0), -std::numeric_limits<double>::infinity());
}

TEST(RoundToF16, Subnormals) {
  // Subnormal spacing is 2^-24 all the way down to 0.
  EXPECT_EQ(ast::roundToF16(0x1p-25), 0.0);                    // tie between 0 and 2^-24 → 0
  EXPECT_EQ(ast::roundToF16(0x1p-25 + 0x1p-40), 0x1p-24);
  EXPECT_EQ(ast::roundToF16(3 * 0x1p-25), 0x1p-23);            // 1.5 * 2^-24 → 2 * 2^-24
  EXPECT_EQ(ast::roundToF16(3 * 0x1p-26), 0x1p-24);            // 0.75 * 2^-24 → 2^-24
  EXPECT_EQ(ast::roundToF16(5 * 0x1p-26), 0x1p-24);            // 1.25 * 2^-24 → 2^-24
  EXPECT_EQ(ast::roundToF16(1e-8), 0.0);
  // 1023.5 * 2^-24 is halfway between the largest subnormal (1023, odd) and 2^-14 (1024, even).
  EXPECT_EQ(ast::roundToF16(1023.5 * 0x1p-24), 0x1p-14);
  EXPECT_EQ(ast::roundToF16(-3 * 0x1p-25), -0x1p-23);
}

}  // namespace
}  // namespace wgsl
