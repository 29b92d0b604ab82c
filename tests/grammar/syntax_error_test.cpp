// Syntax errors read as plain sentences, point at the right place, and one mistake gives one
// error while independent mistakes are all found.
#include <gtest/gtest.h>

#include "tests/support/test_support.h"

namespace wgsl {
namespace {

std::vector<std::string> errorsOf(const std::string& src) { return test::parse(src).located(); }

TEST(SyntaxErrors, MissingSemicolonPointsAfterThePreviousToken) {
  auto e = errorsOf("fn f() {\n  let x = 1\n}\n");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0], "2:12: expected ';' after statement, found '}'");
}

TEST(SyntaxErrors, MissingSemicolonAfterGlobalDeclaration) {
  auto e = errorsOf("const a = 1\nconst b = 2;\n");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0], "1:12: expected ';' after declaration, found 'const'");
}

TEST(SyntaxErrors, MissingExpression) {
  auto e = errorsOf("fn f() { let x = ; }");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0], "1:18: expected an expression, found ';'");
}

// An operator or a template list's '<' with its operand missing: the error is at the token where
// the operand should start and says that an expression was expected there.
TEST(SyntaxErrors, MissingOperandAfterOperator) {
  auto e = errorsOf("fn f() { let x = 1 * / 2; }");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0], "1:22: unexpected '/'; expected an expression");
}

TEST(SyntaxErrors, MissingFirstTemplateArgument) {
  auto e = errorsOf("var<private> v: array<,i32, 4>;");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0], "1:23: unexpected ','; expected an expression");
}

TEST(SyntaxErrors, MissingParameterListClose) {
  auto e = errorsOf("fn f( { }");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_NE(e[0].find("found '{'"), std::string::npos) << e[0];
  EXPECT_EQ(e[0].substr(0, 4), "1:7:");
}

TEST(SyntaxErrors, UnclosedBraceAtEndOfFileHasNote) {
  test::Parsed p = test::parse("fn f() {\n  if x { }\n");
  ASSERT_EQ(p.located().size(), 1u);
  EXPECT_NE(p.located()[0].find("unexpected end of file"), std::string::npos);
  ASSERT_EQ(p.diags.all()[0].notes.size(), 1u);
  EXPECT_EQ(p.diags.all()[0].notes[0].message, "'{' opened here is not closed");
  EXPECT_EQ(p.file->position(p.diags.all()[0].notes[0].range.begin).line, 1u);
  EXPECT_EQ(p.file->position(p.diags.all()[0].notes[0].range.begin).column, 8u);
}

TEST(SyntaxErrors, UnclosedTemplateListExplainsTheAngle) {
  auto e = errorsOf("var<storage> x: array<u32;");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_NE(e[0].find("its closing '>' is missing"), std::string::npos) << e[0];
}

TEST(SyntaxErrors, StructMembersNeedCommas) {
  auto e = errorsOf("struct S { a: i32 b: f32 }");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0], "1:19: expected '}', ',' or ';', found identifier 'b'");
}

TEST(SyntaxErrors, ExtraTokenIsReportedOnce) {
  auto e = errorsOf("fn f() -> i32 { return 1 2; }");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0], "1:26: unexpected number '2'; expected ';'");
}

TEST(SyntaxErrors, IndependentErrorsInSeparateDeclarationsAreAllReported) {
  auto e = errorsOf(
      "fn a() { let x = ; }\n"      // 1: missing expression
      "fn b() { return 1 }\n"       // 2: missing ';'
      "const c = 1 << 2 + 3;\n"     // 3: operator mix (AST check)
      "fn d( { }\n"                 // 4: bad parameter list
      "fn e() { let ok = 1; }\n");  // fine
  ASSERT_EQ(e.size(), 4u) << ::testing::PrintToString(e);
  EXPECT_EQ(e[0].substr(0, 2), "1:");
  EXPECT_EQ(e[1].substr(0, 2), "2:");
  EXPECT_EQ(e[2].substr(0, 2), "3:");
  EXPECT_EQ(e[3].substr(0, 2), "4:");
}

TEST(SyntaxErrors, OneMistakeDoesNotCascade) {
  // After an unrepairable error the parser resumes at the next declaration: the remaining
  // statements of the function are not reported as misplaced declarations.
  auto e = errorsOf(
      "fn main() {\n"
      "  switch i { case 1: { } default, 3: { } }\n"
      "  _ = 1;\n"
      "  while i > 0 { i -= 1; }\n"
      "}\n"
      "fn other() {}\n");
  ASSERT_EQ(e.size(), 1u) << ::testing::PrintToString(e);
  EXPECT_EQ(e[0].substr(0, 5), "2:33:");
}

TEST(SyntaxErrors, ErrorCountIsCapped) {
  std::string src;
  for (int i = 0; i < 200; ++i) src += "fn f" + std::to_string(i) + "( { }\n";
  test::Parsed p = test::parse(src);
  EXPECT_LE(p.diags.errorCount(), DiagnosticList::kMaxErrors + 1);
  EXPECT_NE(p.text().find("too many errors"), std::string::npos);
}

TEST(SyntaxErrors, MessagesNeverShowAntlrJargon) {
  const char* inputs[] = {"fn f( { }", "struct { }", "fn f() { if { } }", "@ fn f() {}", "var x",
                          "fn f() { x = ; }", "alias = i32;", "enable ;", "fn f() { loop { continuing } }",
                          "fn f() { switch x { case: {} } }", "}}}}", "((((", "fn f() { a.; }"};
  for (const char* src : inputs) {
    test::Parsed p = test::parse(src);
    EXPECT_FALSE(p.ok()) << src;
    const std::string text = p.text();
    for (const char* jargon : {"mismatched input", "extraneous input", "no viable alternative", "<EOF>",
                               "token recognition", "missing '"}) {
      EXPECT_EQ(text.find(jargon), std::string::npos) << src << "\n" << text;
    }
  }
}

}  // namespace
}  // namespace wgsl
