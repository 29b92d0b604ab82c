// The ASCII scanner must produce exactly the tokens of the ANTLR lexer (WGSLLexer.g4, the
// reference): checked on the corpus and on generated text dense in the characters where the
// lexer's rules compete (numbers, '.', operators, keywords and their prefixes).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "grammar/ascii_scanner.h"
#include "grammar/token_pipeline.h"
#include "tests/support/test_support.h"

namespace wgsl {
namespace {

std::string describe(const std::u32string& text, const std::vector<TokenRecord>& tokens) {
  std::string out;
  for (const auto& t : tokens) out += tokenTypeName(t.getType()) + "'" + tokenText(text, t) + "' ";
  return out;
}

void expectSameTokens(const std::string& ascii) {
  std::u32string text(ascii.begin(), ascii.end());
  std::vector<TokenRecord> fast, reference;
  ASSERT_TRUE(scanAscii(text, fast));
  lexTokens(text, reference, Lexer::Antlr);
  ASSERT_EQ(describe(text, fast), describe(text, reference)) << "input: " << ascii;
}

TEST(AsciiScanner, DeclinesNonAsciiText) {
  std::vector<TokenRecord> out;
  EXPECT_FALSE(scanAscii(U"let \u00e9t\u00e9 = 1;", out));
  EXPECT_TRUE(out.empty());
}

TEST(AsciiScanner, NumbersAtTheEdgesOfTheirRules) {
  for (const char* s :
       {"0", "0i", "0u", "00", "012", "1", "12u", "1f", "0f", "0h", "00f", "1.", "1.5", ".5", "1.e5", "1e5", "1e",
        "1e+", "1e+5f", "1.5e-3h", "0x", "0x1", "0x1u", "0x1.", "0x.8", "0x1p", "0x1p3", "0x1p-3f", "0x1.fp+2h",
        "0xAf", "0x1P2", "3px", "1.x", "1..2", "1.2.3", "v.0", "a.b.0", "1u2", ".", "..", "._", "0xg"}) {
    expectSameTokens(s);
  }
}

TEST(AsciiScanner, WordsAndOperators) {
  expectSameTokens("_ __ _a a_ fn fnx const_assert const_asserts if iff true truex var<storage, read_write>");
  expectSameTokens("a<<=b>>=c&&d||e->f==g!=h>=i<=j<<k>>l++m--n+=o-=p*=q/=r%=s&=t|=u^=v&w@x/y!z[]{}:,=><%-.+|();*~^");
  expectSameTokens("\"'#?$`\\\x01\x7f\t\v\f\r\n");
}

TEST(AsciiScanner, CorpusKernels) {
  for (const auto& e : std::filesystem::directory_iterator(std::string(WGSLEMU_SOURCE_DIR) + "/corpus")) {
    if (e.path().extension() != ".wgsl") continue;
    std::ifstream in(e.path());
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string src = ss.str();
    if (std::any_of(src.begin(), src.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; })) continue;
    SCOPED_TRACE(e.path().string());
    expectSameTokens(src);
  }
}

TEST(AsciiScanner, GeneratedText) {
  // Fragments chosen so that adjacent ones combine into the lexer's hard cases.
  const std::vector<std::string> pieces = {
      "0", "1", "9", "x", "X", "p", "P", "e", "E", "f", "h", "i", "u", "a", ".", "+", "-", "_", "<", ">", "=",
      "!", "&", "|", "^", "*", "/", "%", "~", "@", "(", ")", "[", "]", "{", "}", ";", ":", ",", " ", "\n",
      "?", "#", "\"", "fn", "let", "var", "true", "const", "const_assert", "loop", "0x", "1e", "0x1p"};
  std::mt19937 rng(12345);
  for (int round = 0; round < 3000; ++round) {
    std::string s;
    const int n = 1 + static_cast<int>(rng() % 12);
    for (int k = 0; k < n; ++k) s += pieces[rng() % pieces.size()];
    expectSameTokens(s);
    if (HasFatalFailure()) return;
  }
}

}  // namespace
}  // namespace wgsl
