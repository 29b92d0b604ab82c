// Rendering of diagnostics: compiler-style text with source line and carets, and JSON.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "base/diagnostics.h"
#include "base/source_text.h"
#include "tests/support/test_support.h"

namespace wgsl {
namespace {

TEST(SourcePositions, LinesFollowTheSpecsLineBreaks) {
  // LF, VT, FF, CR, CRLF (one break), NEL, LS, PS.
  SourceFile f("t", "a\nb\vc\fd\re\r\nf\xC2\x85g\xE2\x80\xA8h\xE2\x80\xA9i");
  const char* letters = "abcdefghi";
  for (uint32_t i = 0; i < 9; ++i) {
    const size_t off = f.text().find(static_cast<char32_t>(letters[i]));
    ASSERT_NE(off, std::u32string::npos);
    EXPECT_EQ(f.position(static_cast<uint32_t>(off)).line, i + 1) << letters[i];
    EXPECT_EQ(f.position(static_cast<uint32_t>(off)).column, 1u);
  }
  EXPECT_EQ(f.lineCount(), 9u);
}

TEST(SourcePositions, ColumnsCountCodePoints) {
  SourceFile f("t", "let \xCE\x94\xCE\xAD\xCE\xBB\xCF\x84\xCE\xB1 = x;");  // let Δέλτα = x;
  const size_t off = f.text().find(U'x');
  EXPECT_EQ(f.position(static_cast<uint32_t>(off)).column, 13u);
}

TEST(TextRendering, LocationLineAndCaretRange) {
  test::Parsed p = test::parse("fn f() {\n  let x = 1 << 2 + 3;\n}\n", "k.wgsl");
  const std::string text = p.text();
  EXPECT_EQ(text,
            "k.wgsl:2:13: error: the operands of '<<' must be unary expressions: put parentheses around "
            "the '+' expression\n"
            "    let x = 1 << 2 + 3;\n"
            "              ^~\n"
            "k.wgsl:2:18: note: the '+' operator is here\n"
            "    let x = 1 << 2 + 3;\n"
            "                   ^\n");
}

TEST(TextRendering, TabsAreKeptSoCaretsLineUp) {
  test::Parsed p = test::parse("fn f() {\n\t\tlet class = 1;\n}\n", "k.wgsl");
  const std::string text = p.text();
  EXPECT_NE(text.find("\n  \t\tlet class = 1;\n  \t\t    ^~~~~\n"), std::string::npos) << text;
}

TEST(TextRendering, ErrorAtEndOfFileWithoutNewline) {
  test::Parsed p = test::parse("fn f() {", "k.wgsl");
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.located()[0].substr(0, 4), "1:9:");
  EXPECT_NE(p.text().find("  fn f() {\n          ^\n"), std::string::npos) << p.text();
}

TEST(TextRendering, VeryLongLinesShowAWindow) {
  std::string src = "const a = 1" + std::string(5000, ' ') + "+ 2 << 3;";
  test::Parsed p = test::parse(src, "k.wgsl");
  ASSERT_FALSE(p.ok());
  const std::string text = p.text();
  // Each rendered line is bounded, and the caret still sits under the '<<'.
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    EXPECT_LT(end - start, 400u);
    start = end + 1;
  }
  EXPECT_NE(text.find("+ 2 << 3;\n"), std::string::npos);
}

TEST(TextRendering, ColorOnlyWhenAsked) {
  test::Parsed p = test::parse("const a = ;");
  EXPECT_EQ(renderText(*p.file, p.diags.all(), false).find('\x1b'), std::string::npos);
  EXPECT_NE(renderText(*p.file, p.diags.all(), true).find("\x1b[1;31m"), std::string::npos);
}

TEST(JsonRendering, FieldsAndNotes) {
  test::Parsed p = test::parse("const x = 1 << 2 + 3;", "j.wgsl");
  auto j = nlohmann::json::parse(renderJson(*p.file, p.diags.all()));
  ASSERT_TRUE(j.is_array());
  ASSERT_EQ(j.size(), 1u);
  EXPECT_EQ(j[0]["severity"], "error");
  EXPECT_EQ(j[0]["file"], "j.wgsl");
  EXPECT_EQ(j[0]["line"], 1);
  EXPECT_EQ(j[0]["column"], 13);
  EXPECT_EQ(j[0]["end_line"], 1);
  EXPECT_EQ(j[0]["end_column"], 15);  // half-open: just past '<<'
  ASSERT_EQ(j[0]["notes"].size(), 1u);
  EXPECT_EQ(j[0]["notes"][0]["severity"], "note");
  EXPECT_EQ(j[0]["notes"][0]["column"], 18);
  EXPECT_TRUE(j[0]["notes"][0]["notes"].empty());
}

TEST(JsonRendering, EmptyArrayWhenValid) {
  test::Parsed p = test::parse("const x = 1;");
  EXPECT_EQ(nlohmann::json::parse(renderJson(*p.file, p.diags.all())), nlohmann::json::array());
}

TEST(DiagnosticOrder, SortedByPosition) {
  // The lexical error (reserved word, found first) comes after the syntax error in the text.
  test::Parsed p = test::parse("fn a() { let x = 1 }\nfn b() { let class = 2; }\n");
  auto e = p.located();
  ASSERT_EQ(e.size(), 2u);
  EXPECT_EQ(e[0].substr(0, 2), "1:");
  EXPECT_EQ(e[1].substr(0, 2), "2:");
}

}  // namespace
}  // namespace wgsl
