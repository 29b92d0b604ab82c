// Expressions: every form of section "Expressions", precedence and associativity as section
// "Operator Precedence and Associativity" defines them, and the operator mixes it forbids.
#include <gtest/gtest.h>

#include "tests/support/test_support.h"

namespace wgsl {
namespace {

using test::dumpExpr;

::testing::AssertionResult rejected(const std::string& expr, const std::string& message_part) {
  return test::rejectedWith("const x = " + expr + ";", message_part);
}

TEST(PrimaryExpression, Forms) {
  EXPECT_EQ(dumpExpr("a"), "a");
  EXPECT_EQ(dumpExpr("42"), "42");
  EXPECT_EQ(dumpExpr("true"), "true");
  EXPECT_EQ(dumpExpr("(a)"), "(paren a)");
  EXPECT_EQ(dumpExpr("f()"), "(call f)");
  EXPECT_EQ(dumpExpr("f(a, b,)"), "(call f a b)");  // trailing comma allowed
  EXPECT_EQ(dumpExpr("vec3<f32>(1.0, 2.0, 3.0)"), "(call vec3<f32> 1.0 2.0 3.0)");
  EXPECT_EQ(dumpExpr("array<f32, 2>(1.0, 2.0)"), "(call array<f32, 2> 1.0 2.0)");
  EXPECT_EQ(dumpExpr("vec3f(1)"), "(call vec3f 1)");
}

TEST(PostfixExpression, MemberIndexAndSwizzleChains) {
  EXPECT_EQ(dumpExpr("a.b"), "(. a b)");
  EXPECT_EQ(dumpExpr("a[1]"), "(index a 1)");
  EXPECT_EQ(dumpExpr("a.b[2].c.xyz"), "(. (. (index (. a b) 2) c) xyz)");
  EXPECT_EQ(dumpExpr("f(x).y"), "(. (call f x) y)");
  EXPECT_EQ(dumpExpr("vec2<f32>(1.0)[0]"), "(index (call vec2<f32> 1.0) 0)");
}

TEST(UnaryExpression, PrefixOperatorsBindLooserThanPostfix) {
  EXPECT_EQ(dumpExpr("-a"), "(- a)");
  EXPECT_EQ(dumpExpr("!a"), "(! a)");
  EXPECT_EQ(dumpExpr("~a"), "(~ a)");
  EXPECT_EQ(dumpExpr("*p"), "(* p)");
  EXPECT_EQ(dumpExpr("&v"), "(& v)");
  EXPECT_EQ(dumpExpr("-a.b"), "(- (. a b))");     // postfix binds tighter
  EXPECT_EQ(dumpExpr("*p.x"), "(* (. p x))");
  EXPECT_EQ(dumpExpr("(*p).x"), "(. (paren (* p)) x)");
  EXPECT_EQ(dumpExpr("- - a"), "(- (- a))");
  EXPECT_EQ(dumpExpr("!~-a"), "(! (~ (- a)))");
}

TEST(UnaryExpression, DoubleMinusBeforeOperandIsTwoNegations) {
  // Tokenization takes the longest token valid in the parser state; '--' is not valid
  // where an operand must start.
  EXPECT_EQ(dumpExpr("--a"), "(- (- a))");
  EXPECT_EQ(dumpExpr("a--b"), "(- a (- b))");
  EXPECT_EQ(dumpExpr("a - -b"), "(- a (- b))");
}

TEST(UnaryExpression, DoubleAmpersandWhereOperandStartsIsTwoAddressOf) {
  EXPECT_EQ(dumpExpr("&&a"), "(& (& a))");
  EXPECT_EQ(dumpExpr("a&&b"), "(&& a b)");
}

TEST(MultiplicativeExpression, LeftAssociative) {
  EXPECT_EQ(dumpExpr("a * b / c % d"), "(% (/ (* a b) c) d)");
  EXPECT_EQ(dumpExpr("-a * b"), "(* (- a) b)");
}

TEST(AdditiveExpression, LeftAssociativeAndBelowMultiplicative) {
  EXPECT_EQ(dumpExpr("a + b - c"), "(- (+ a b) c)");
  EXPECT_EQ(dumpExpr("a + b * c"), "(+ a (* b c))");
  EXPECT_EQ(dumpExpr("a * b + c * d"), "(+ (* a b) (* c d))");
  EXPECT_EQ(dumpExpr("a - b - c"), "(- (- a b) c)");
}

TEST(ShiftExpression, OperandsAreUnaryExpressions) {
  EXPECT_EQ(dumpExpr("a << b"), "(<< a b)");
  EXPECT_EQ(dumpExpr("a >> b"), "(>> a b)");
  EXPECT_EQ(dumpExpr("-a << ~b"), "(<< (- a) (~ b))");
  EXPECT_EQ(dumpExpr("(a + b) << 2u"), "(<< (paren (+ a b)) 2u)");
}

TEST(ShiftExpression, MixingWithArithmeticIsAnError) {
  EXPECT_TRUE(rejected("a << b + c", "operands of '<<' must be unary"));
  EXPECT_TRUE(rejected("a + b << c", "operands of '<<' must be unary"));
  EXPECT_TRUE(rejected("a * b >> c", "operands of '>>' must be unary"));
  EXPECT_TRUE(rejected("a << b << c", "operands of '<<' must be unary"));  // not associative
}

TEST(RelationalExpression, OperandsAreShiftExpressions) {
  EXPECT_EQ(dumpExpr("a + b < c * d"), "(< (+ a b) (* c d))");
  EXPECT_EQ(dumpExpr("a << 1u == b >> 2u"), "(== (<< a 1u) (>> b 2u))");
  EXPECT_EQ(dumpExpr("a != b"), "(!= a b)");
  EXPECT_EQ(dumpExpr("a <= b"), "(<= a b)");
  EXPECT_EQ(dumpExpr("a >= b"), "(>= a b)");
}

TEST(RelationalExpression, ComparisonsDoNotChain) {
  EXPECT_TRUE(rejected("a < b < c", "comparisons cannot be chained"));
  EXPECT_TRUE(rejected("a == b == c", "comparisons cannot be chained"));
  EXPECT_TRUE(rejected("a < b == c", "comparisons cannot be chained"));
  EXPECT_EQ(dumpExpr("(a < b) == c"), "(== (paren (< a b)) c)");
}

TEST(BitwiseExpression, SameOperatorChainsOverUnaryOperands) {
  EXPECT_EQ(dumpExpr("a & b & c"), "(& (& a b) c)");
  EXPECT_EQ(dumpExpr("a | b | c"), "(| (| a b) c)");
  EXPECT_EQ(dumpExpr("a ^ b ^ c"), "(^ (^ a b) c)");
  EXPECT_EQ(dumpExpr("~a & -b"), "(& (~ a) (- b))");
}

TEST(BitwiseExpression, MixingIsAnError) {
  EXPECT_TRUE(rejected("a & b | c", "cannot be mixed without parentheses"));
  EXPECT_TRUE(rejected("a | b ^ c", "cannot be mixed without parentheses"));
  EXPECT_TRUE(rejected("a & b + c", "cannot be mixed without parentheses"));
  EXPECT_TRUE(rejected("a + b & c", "cannot be mixed without parentheses"));
  EXPECT_TRUE(rejected("a & b == c", "cannot be mixed without parentheses"));
  EXPECT_TRUE(rejected("a & b << c", "cannot be mixed without parentheses"));
  EXPECT_EQ(dumpExpr("(a & b) | c"), "(| (paren (& a b)) c)");
}

TEST(ShortCircuitExpression, ChainsOfOneOperator) {
  EXPECT_EQ(dumpExpr("a && b && c"), "(&& (&& a b) c)");
  EXPECT_EQ(dumpExpr("a || b || c"), "(|| (|| a b) c)");
  EXPECT_EQ(dumpExpr("a < b && c > d"), "(&& (< a b) (> c d))");
  EXPECT_EQ(dumpExpr("a + 1 == b || !c"), "(|| (== (+ a 1) b) (! c))");
}

TEST(ShortCircuitExpression, MixingAndOrIsAnError) {
  EXPECT_TRUE(rejected("a && b || c", "cannot be mixed without parentheses"));
  EXPECT_TRUE(rejected("a || b && c", "cannot be mixed without parentheses"));
  EXPECT_TRUE(rejected("a & b && c", "cannot be mixed without parentheses"));
  EXPECT_TRUE(rejected("a || b | c", "cannot be mixed without parentheses"));
  EXPECT_EQ(dumpExpr("(a && b) || c"), "(|| (paren (&& a b)) c)");
}

TEST(ExpressionErrors, MixingErrorPointsAtTheOperatorWithANote) {
  test::Parsed p = test::parse("const x = a << b + c;");
  ASSERT_FALSE(p.ok());
  ASSERT_EQ(p.located().size(), 1u);
  EXPECT_EQ(p.located()[0].substr(0, 5), "1:13:");  // the '<<'
  ASSERT_EQ(p.diags.all()[0].notes.size(), 1u);
  EXPECT_EQ(p.file->position(p.diags.all()[0].notes[0].range.begin).column, 18u);  // the '+'
}

TEST(ExpressionLimits, LongChainsAtTheLimitParse) {
  std::string sum = "a";
  for (int i = 0; i < 2000; ++i) sum += " + a";
  test::Parsed p = test::parse("const x = " + sum + ";");
  EXPECT_TRUE(p.ok()) << p.text();
}

}  // namespace
}  // namespace wgsl
