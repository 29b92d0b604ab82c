// Bad input never crashes, never hangs, and always gets an error with a location.
#include <gtest/gtest.h>

#include <chrono>
#include <random>

#include "grammar/token_pipeline.h"
#include "tests/support/test_support.h"

namespace wgsl {
namespace {

using Clock = std::chrono::steady_clock;

// The time bounds below guard against hangs and runaway work (minutes, not seconds); they are not
// speed claims, which bench/ measures. They are generous so that a loaded 2-core CI machine
// never fails them by accident.
constexpr double kHangGuardSeconds = 300.0;

double secondsToParse(const std::string& src, test::Parsed* out = nullptr) {
  const auto t0 = Clock::now();
  test::Parsed p = test::parse(src);
  const double s = std::chrono::duration<double>(Clock::now() - t0).count();
  if (out) *out = std::move(p);
  return s;
}

std::string firstError(const std::string& src) {
  auto e = test::parse(src).located();
  return e.empty() ? std::string("(valid)") : e.front();
}

TEST(BadInput, EmptyFileIsAValidEmptyModule) {
  // translation_unit : global_directive* ( global_decl | global_assert | ';' ) *  -- may be empty.
  test::Parsed p = test::parse("");
  EXPECT_TRUE(p.ok());
  EXPECT_TRUE(p.module->decls.empty());
  EXPECT_TRUE(test::parse("  \n// only a comment\n").ok());
}

TEST(BadInput, InvalidUtf8IsLocated) {
  EXPECT_EQ(firstError("const a = 1;\nconst \xff = 2;\n").substr(0, 5), "2:7: ");
  EXPECT_NE(firstError("\xc0\x80").find("invalid UTF-8"), std::string::npos);        // overlong
  EXPECT_NE(firstError("a\xed\xa0\x80").find("invalid UTF-8"), std::string::npos);   // surrogate
  EXPECT_NE(firstError("fn f() {} \xe2\x82").find("invalid UTF-8"), std::string::npos);  // truncated
}

TEST(BadInput, NulByteIsLocated) {
  std::string src = "fn f() {}\n  \0 fn g() {}";
  src.resize(24);
  src[12] = '\0';
  EXPECT_EQ(firstError(src).substr(0, 5), "2:3: ");
  EXPECT_NE(firstError(src).find("null"), std::string::npos);
}

TEST(BadInput, BinaryGarbageGetsOneClearError) {
  std::mt19937 rng(1234);
  std::string src(4096, '\0');
  for (char& c : src) c = static_cast<char>(rng() & 0xFF);
  test::Parsed p;
  EXPECT_LT(secondsToParse(src, &p), kHangGuardSeconds);
  EXPECT_FALSE(p.ok());
  EXPECT_EQ(p.errors().size(), 1u) << p.text();
}

TEST(BadInput, RandomAsciiNeverCrashesAndIsBounded) {
  std::mt19937 rng(99);
  const std::string alphabet = "abcxyz019_ .,;:(){}[]<>=!&|^~+-*/%@\n\t#$\"'?";
  for (int round = 0; round < 200; ++round) {
    std::string src(static_cast<size_t>(rng() % 400), ' ');
    for (char& c : src) c = alphabet[rng() % alphabet.size()];
    test::Parsed p = test::parse(src);
    if (!p.ok()) {
      EXPECT_FALSE(p.errors().empty()) << src;
      EXPECT_LE(p.diags.errorCount(), DiagnosticList::kMaxErrors + 1);
    }
  }
}

TEST(BadInput, TokenSoupNeverCrashes) {
  // Random sequences of real WGSL tokens exercise parser recovery rather than the lexer.
  const char* toks[] = {"fn", "f", "(", ")", "{", "}", "let", "var", "x", "=", ";", "<", ">", ">>",
                        "array", "vec4", "f32", ",", "if", "else", "loop", "continuing", "break",
                        "if", "return", "1", "2u", "1.5", "+", "-", "--", "&&", "||", "&", "*",
                        "@", "compute", "workgroup_size", "struct", ":", ".", "[", "]", "switch",
                        "case", "default", "for", "while", "_", "const_assert", "alias", "enable"};
  std::mt19937 rng(7);
  for (int round = 0; round < 500; ++round) {
    std::string src;
    const size_t n = rng() % 60;
    for (size_t i = 0; i < n; ++i) {
      src += toks[rng() % (sizeof toks / sizeof *toks)];
      src += ' ';
    }
    test::Parsed p = test::parse(src);
    if (!p.ok()) {
      EXPECT_FALSE(p.errors().empty()) << src;
    }
  }
}

TEST(BadInput, HundredThousandNestedParenthesesIsAnErrorNotACrash) {
  std::string src = "const x = " + std::string(100000, '(') + "1" + std::string(100000, ')') + ";";
  test::Parsed p;
  EXPECT_LT(secondsToParse(src, &p), kHangGuardSeconds);
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.errors()[0].find("nesting is too deep"), std::string::npos);
  EXPECT_EQ(p.located()[0].substr(0, 6), "1:266:");  // the 256th '('
}

TEST(BadInput, HundredThousandNestedBlocksIsAnError) {
  std::string src = "fn f() " + std::string(100000, '{') + std::string(100000, '}');
  test::Parsed p;
  EXPECT_LT(secondsToParse(src, &p), kHangGuardSeconds);
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.errors()[0].find("nesting is too deep"), std::string::npos);
}

TEST(BadInput, DeepButReasonableNestingParses) {
  std::string src = "const x = " + std::string(200, '(') + "1" + std::string(200, ')') + ";";
  EXPECT_TRUE(test::parse(src).ok());
  std::string blocks = "fn f() " + std::string(200, '{') + std::string(200, '}');
  EXPECT_TRUE(test::parse(blocks).ok());
}

TEST(BadInput, HundredThousandPrefixOperatorsIsAnError) {
  std::string src = "const x = " + std::string(100000, '!') + "true;";
  test::Parsed p;
  EXPECT_LT(secondsToParse(src, &p), kHangGuardSeconds);
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.errors()[0].find("consecutive operators"), std::string::npos);
}

TEST(BadInput, HundredThousandTermSumIsAnErrorNotACrash) {
  std::string src = "const x = 1";
  for (int i = 0; i < 100000; ++i) src += "+1";
  src += ";";
  test::Parsed p;
  EXPECT_LT(secondsToParse(src, &p), kHangGuardSeconds);
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.errors()[0].find("too long or too deeply nested"), std::string::npos);
}

TEST(BadInput, HundredThousandMemberAccessesIsAnError) {
  std::string src = "const x = a";
  for (int i = 0; i < 100000; ++i) src += ".b";
  src += ";";
  test::Parsed p;
  EXPECT_LT(secondsToParse(src, &p), kHangGuardSeconds);
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.errors()[0].find("too deeply nested"), std::string::npos);
}

TEST(BadInput, DeeplyNestedCommentsAreFine) {
  std::string src = std::string(50000, '/') ;  // one line comment
  EXPECT_TRUE(test::parse(src).ok());
  std::string nested;
  for (int i = 0; i < 100000; ++i) nested += "/*";
  for (int i = 0; i < 100000; ++i) nested += "*/";
  EXPECT_TRUE(test::parse(nested + "const a = 1;").ok());
}

TEST(BadInput, UnterminatedCommentPointsAtItsStart) {
  EXPECT_EQ(firstError("const a = 1;\n  /* never closed\n"),
            "2:3: unterminated block comment: '/*' has no matching '*/'");
  EXPECT_NE(firstError("/* /* */").find("unterminated"), std::string::npos);
}

TEST(BadInput, TenMegabyteValidFileParsesQuickly) {
  std::string src;
  src.reserve(10u << 20);
  int i = 0;
  while (src.size() < (10u << 20)) {
    src += "fn f" + std::to_string(i++) +
           "(a: u32, b: vec4<f32>) -> f32 {\n  var s = 0.0;\n  for (var k = 0u; k < a; k++) { s += b[k & 3u] * 2.0; }\n  return s;\n}\n";
  }
  test::Parsed p;
  const double s = secondsToParse(src, &p);
  EXPECT_TRUE(p.ok()) << p.text().substr(0, 500);
  EXPECT_LT(s, kHangGuardSeconds);
  EXPECT_EQ(p.module->decls.size(), static_cast<size_t>(i));
}

TEST(BadInput, TenMegabytesOfGarbageStopsAtTheErrorCap) {
  std::string src;
  while (src.size() < (10u << 20)) src += "fn ( ) { let = ; } struct { , } ";
  test::Parsed p;
  EXPECT_LT(secondsToParse(src, &p), kHangGuardSeconds);
  EXPECT_FALSE(p.ok());
  EXPECT_LE(p.diags.errorCount(), DiagnosticList::kMaxErrors + 1);
}

// Implementation limit: a token of kMaxTokenLength code points or more (here a 16 Mi-character
// identifier) is rejected with an error naming the limit, before anything is parsed.
TEST(BadInput, TokenOverTheLengthLimitIsAnError) {
  const std::string src = "const " + std::string(kMaxTokenLength + 10, 'a') + " = 1;";
  test::Parsed p;
  EXPECT_LT(secondsToParse(src, &p), kHangGuardSeconds);
  EXPECT_FALSE(p.ok());
  ASSERT_EQ(p.diags.errorCount(), 1u) << p.text().substr(0, 300);
  EXPECT_NE(p.diags.all()[0].message.find("token too long: 16777215 characters or more"), std::string::npos)
      << p.diags.all()[0].message;
  EXPECT_EQ(p.diags.all()[0].range.begin, 6u);
}

// Token-dense input: 8 million ';' (each an empty declaration) parse with memory bounded per
// byte (each item's parse tree is freed as soon as it is built).
TEST(BadInput, EightMillionSemicolonsParse) {
  test::Parsed p;
  EXPECT_LT(secondsToParse(std::string(8'000'000, ';'), &p), kHangGuardSeconds);
  EXPECT_TRUE(p.ok()) << p.text().substr(0, 300);
}

}  // namespace
}  // namespace wgsl
