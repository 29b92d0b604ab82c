// Template list discovery (spec section "Template Lists"): the spec's own notes and examples,
// and cases that real kernels hit.
#include <gtest/gtest.h>

#include "WGSLLexer.h"
#include "base/diagnostics.h"
#include "base/source_text.h"
#include "grammar/template_discovery.h"
#include "grammar/token_pipeline.h"
#include "tests/support/test_support.h"

namespace wgsl {
namespace {

// Runs the token pipeline and returns the source with template-list delimiters shown as
// '[' and ']' (every other character unchanged), so expectations read like the source.
std::string marked(const std::string& src) {
  SourceFile file("t.wgsl", src);
  DiagnosticList diags;
  PreparedText prepared = prepareSource(file, diags);
  TokenStream ts = buildTokenStream(prepared.text, diags);
  std::u32string out = file.text();
  for (const auto& t : ts.tokens) {
    if (t.getType() == wgsl_antlr::WGSLLexer::TEMPLATE_ARGS_START) out[t.getStartIndex()] = U'[';
    if (t.getType() == wgsl_antlr::WGSLLexer::TEMPLATE_ARGS_END) out[t.getStartIndex()] = U']';
  }
  return toUtf8(out);
}

// Token type names after the pipeline, space separated (without EOF).
std::string tokenNames(const std::string& src) {
  SourceFile file("t.wgsl", src);
  DiagnosticList diags;
  PreparedText prepared = prepareSource(file, diags);
  TokenStream ts = buildTokenStream(prepared.text, diags);
  std::string out;
  for (const auto& t : ts.tokens) {
    if (t.getType() == antlr4::Token::EOF) break;
    if (!out.empty()) out += ' ';
    out += tokenTypeName(t.getType());
  }
  return out;
}

TEST(TemplateDiscovery, SpecNoteCallWithTemplateArguments) {
  // "In the phrase A ( B < C, D > ( E ) ), the segment < C, D > is a template list."
  EXPECT_EQ(marked("A ( B < C, D > ( E ) )"), "A ( B [ C, D ] ( E ) )");
}

TEST(TemplateDiscovery, SpecNoteNestingRespectsParentheses) {
  // "in array<i32,select(2,3,a>b)>, the template list has three parameters"; the '>' in a>b
  // does not end it.
  EXPECT_EQ(marked("array<i32,select(2,3,a>b)>"), "array[i32,select(2,3,a>b)]");
}

TEST(TemplateDiscovery, SpecNoteBothEndsInSameIndexingExpression) {
  // "a[b<d]>() does not contain a valid template list."
  EXPECT_EQ(marked("a[b<d]>()"), "a[b<d]>()");
}

TEST(TemplateDiscovery, SpecNoteShiftLeftIsNotATemplateStart) {
  // "In the phrase A<B<<C>, ... the initial '<' and final '>' are the only template list
  // delimiters, and it has template parameter B<<C."
  EXPECT_EQ(marked("A<B<<C>"), "A[B<<C]");
}

TEST(TemplateDiscovery, SpecNoteLessEqualIsNotATemplateStart) {
  EXPECT_EQ(marked("A<B<=C>"), "A[B<=C]");
}

TEST(TemplateDiscovery, SpecNoteGreaterEqualInsideParentheses) {
  EXPECT_EQ(marked("A<(B>=C)>"), "A[(B>=C)]");
}

TEST(TemplateDiscovery, SpecNoteNotEqualInsideParentheses) {
  EXPECT_EQ(marked("A<(B!=C)>"), "A[(B!=C)]");
}

TEST(TemplateDiscovery, SpecNoteEqualEqualInsideParentheses) {
  EXPECT_EQ(marked("A<(B==C)>"), "A[(B==C)]");
}

TEST(TemplateDiscovery, SpecNoteShortCircuitOrRejectsCandidates) {
  // "no template list will be found in the program fragment a<b || c>d".
  EXPECT_EQ(marked("a<b || c>d"), "a<b || c>d");
  EXPECT_EQ(marked("x < y || z > w"), "x < y || z > w");
  EXPECT_EQ(marked("x < y && z > w"), "x < y && z > w");
}

TEST(TemplateDiscovery, NestedTypes) {
  EXPECT_EQ(marked("array<vec4<f32>, 4>"), "array[vec4[f32], 4]");
  EXPECT_EQ(marked("ptr<storage, array<u32>, read_write>"), "ptr[storage, array[u32], read_write]");
  EXPECT_EQ(marked("array<array<array<f32, 2>, 3>, 4>"), "array[array[array[f32, 2], 3], 4]");
}

TEST(TemplateDiscovery, ClosingShiftRightIsSplitIntoTwoEnds) {
  EXPECT_EQ(marked("array<vec4<f32>>"), "array[vec4[f32]]");
  EXPECT_EQ(tokenNames("array<vec4<f32>>"),
            "IDENT TEMPLATE_ARGS_START IDENT TEMPLATE_ARGS_START IDENT TEMPLATE_ARGS_END TEMPLATE_ARGS_END");
  EXPECT_EQ(marked("bitcast<vec2<u32>>(v)"), "bitcast[vec2[u32]](v)");
}

TEST(TemplateDiscovery, TemplateEndFollowedByAssignment) {
  // `vec4<f32>=` lexes as '>=' but its '>' ends the template list; the '=' is an assignment.
  EXPECT_EQ(marked("var x: vec4<f32>=v;"), "var x: vec4[f32]=v;");
  EXPECT_EQ(tokenNames("var x: vec4<f32>=v;"),
            "VAR IDENT COLON IDENT TEMPLATE_ARGS_START IDENT TEMPLATE_ARGS_END EQUAL IDENT SEMICOLON");
}

TEST(TemplateDiscovery, TemplateEndFollowedByShiftRightAssign) {
  // a[vec2<u32>(1).x] >>= 1u : the template '>' is separate from the later '>>='.
  EXPECT_EQ(tokenNames("a<b>>>=c"),
            "IDENT TEMPLATE_ARGS_START IDENT TEMPLATE_ARGS_END SHIFT_RIGHT_ASSIGN IDENT");
}

TEST(TemplateDiscovery, KeywordsMatchIdentPattern) {
  // `var` is a keyword but matches ident_pattern_token, so var<...> is a template list.
  EXPECT_EQ(marked("var<storage, read_write> buf: array<u32>;"), "var[storage, read_write] buf: array[u32];");
  EXPECT_EQ(marked("var<workgroup> t: array<f32, 64>;"), "var[workgroup] t: array[f32, 64];");
}

TEST(TemplateDiscovery, CallWithTemplateArgumentsVersusComparison) {
  EXPECT_EQ(marked("a<b>(c)"), "a[b](c)");
  EXPECT_EQ(marked("if a < b { }"), "if a < b { }");
  EXPECT_EQ(marked("let x = a < b;"), "let x = a < b;");
  EXPECT_EQ(marked("f(a < b, c > d)"), "f(a [ b, c ] d)");  // the spec's rule: a template list
}

TEST(TemplateDiscovery, ParenthesisPopsUnclosedCandidates) {
  EXPECT_EQ(marked("(a < b) > c"), "(a < b) > c");
  EXPECT_EQ(marked("f(a<b) > g(c>d)"), "f(a<b) > g(c>d)");
}

TEST(TemplateDiscovery, StatementPunctuationClearsCandidates) {
  EXPECT_EQ(marked("a < b; c > d;"), "a < b; c > d;");
  EXPECT_EQ(marked("if a < b { c > d; }"), "if a < b { c > d; }");
  EXPECT_EQ(marked("case a < b: { } c > d"), "case a < b: { } c > d");
}

TEST(TemplateDiscovery, AssignmentClearsCandidatesButComparisonsDoNot) {
  EXPECT_EQ(marked("a<b = c>d"), "a<b = c>d");
  EXPECT_EQ(marked("a<b == c>"), "a[b == c]");
  EXPECT_EQ(marked("a<b != c>"), "a[b != c]");
}

TEST(TemplateDiscovery, LiteralSuffixIsNotAnIdentifier) {
  // "The algorithm explicitly skips past literals because some numeric literals end in a
  // letter, for example 1.0f."
  EXPECT_EQ(marked("1.0f<a>"), "1.0f<a>");
  EXPECT_EQ(marked("1u<a>(b)"), "1u<a>(b)");
  EXPECT_EQ(marked("array<f32, 4u>"), "array[f32, 4u]");
}

TEST(TemplateDiscovery, CommentsBetweenIdentifierAndAngle) {
  EXPECT_EQ(marked("vec4/* comment */<f32>"), "vec4/* comment */[f32]");
  EXPECT_EQ(marked("vec4 // c\n<f32>"), "vec4 // c\n[f32]");
}

TEST(TemplateDiscovery, ExpressionsAsTemplateArguments) {
  EXPECT_EQ(marked("array<f32, N * 2 + 1>"), "array[f32, N * 2 + 1]");
  EXPECT_EQ(marked("array<f32, (a >> 1)>"), "array[f32, (a >> 1)]");
}

TEST(TemplateDiscovery, RawAlgorithmReportsPositions) {
  // Exercise discoverTemplateLists directly with hand-made token spans: `ab<c>`.
  const std::u32string text = U"ab<c>";
  std::vector<TokenSpan> spans = {{0, 2, TokenClass::IdentPattern},
                                  {2, 3, TokenClass::Other},
                                  {3, 4, TokenClass::IdentPattern},
                                  {4, 5, TokenClass::Other}};
  auto lists = discoverTemplateLists(text, spans);
  ASSERT_EQ(lists.size(), 1u);
  EXPECT_EQ(lists[0].start, 2u);
  EXPECT_EQ(lists[0].end, 4u);
}

TEST(TemplateDiscovery, UnclosedCandidateAtEndOfInput) {
  EXPECT_EQ(marked("a<b"), "a<b");
  EXPECT_EQ(marked("a<b<c>"), "a<b[c]");
}

TEST(TemplateParse, ComparisonsAndTemplatesInOneExpression) {
  EXPECT_EQ(test::dumpExpr("a < b"), "(< a b)");
  EXPECT_EQ(test::dumpExpr("vec2<f32>(1.0, 2.0)"), "(call vec2<f32> 1.0 2.0)");
  EXPECT_EQ(test::dumpExpr("array<i32, select(2, 3, a > b)>()"), "(call array<i32, (call select 2 3 (> a b))>)");
  EXPECT_EQ(test::dumpExpr("x < y || z > w"), "(|| (< x y) (> z w))");
}

}  // namespace
}  // namespace wgsl
