// Lexical structure of WGSL (spec section "Textual Structure"): literals, keywords, reserved
// words, identifiers, comments, blankspace, line breaks, the encoding rules and characters that
// start no token. Every expectation below is taken from the spec text (wgsl.bs), not from the
// program's output; where the program disagrees the test stays and carries a `// BUG:` note.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "antlr4-runtime.h"
#include "base/diagnostics.h"
#include "grammar/lexical_checks.h"
#include "base/source_text.h"
#include "grammar/token_pipeline.h"
#include "tests/support/test_support.h"

namespace wgsl {
namespace {

using test::parse;
using test::Parsed;

// ------------------------------------------------------------------ helpers

struct Lexed {
  std::vector<std::string> types;   // symbolic token type names, without the final EOF
  std::vector<std::string> texts;   // token spellings (UTF-8)
  std::vector<std::string> errors;  // error messages (encoding, comments and lexical checks)
};

// Runs the front end up to the token stream: decoding, comment removal, lexing, lexical checks.
Lexed lex(const std::string& source) {
  SourceFile file("lex.wgsl", source);
  DiagnosticList diags;
  PreparedText prepared = prepareSource(file, diags);
  Lexed out;
  if (prepared.ok) {
    TokenStream stream = buildTokenStream(prepared.text, diags);
    for (const auto& t : stream.tokens) {
      if (t.getType() == antlr4::Token::EOF) continue;
      out.types.push_back(tokenTypeName(t.getType()));
      out.texts.push_back(tokenText(prepared.text, t));
    }
  }
  for (const auto& d : diags.all()) {
    if (d.severity == Severity::Error) out.errors.push_back(d.message);
  }
  return out;
}

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : " | ") + s;
  return out;
}

// `text` lexes as exactly one token of type `type`, spelled `text`, with no error.
void expectOneToken(const std::string& text, const std::string& type) {
  SCOPED_TRACE("input: " + text);
  const Lexed l = lex(text);
  EXPECT_TRUE(l.errors.empty()) << join(l.errors);
  ASSERT_EQ(l.types.size(), 1u) << join(l.types) << " / " << join(l.texts);
  EXPECT_EQ(l.types[0], type);
  EXPECT_EQ(l.texts[0], text);
}

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

// "line:col" of the first error of `source`, or "(no error)".
std::string firstErrorAt(const std::string& source) {
  const Parsed p = parse(source);
  const auto located = p.located();
  if (located.empty()) return "(no error)";
  return located.front().substr(0, located.front().find(": "));
}

size_t declCount(const Parsed& p) { return p.module ? p.module->decls.size() : 0; }

// The spec's blankspace code points (Pattern_White_Space), as UTF-8.
const std::vector<std::pair<std::string, std::string>> kBlankspace = {
    {"U+0020", " "},          {"U+0009", "\t"},         {"U+000A", "\n"},
    {"U+000B", "\v"},         {"U+000C", "\f"},         {"U+000D", "\r"},
    {"U+0085", "\xC2\x85"},   {"U+200E", "\u200E"},     {"U+200F", "\u200F"},
    {"U+2028", "\u2028"},     {"U+2029", "\u2029"},
};

// The spec's line breaks ("Blankspace and Line Breaks").
const std::vector<std::pair<std::string, std::string>> kLineBreaks = {
    {"LF", "\n"},  {"VT", "\v"},           {"FF", "\f"},       {"CR", "\r"},
    {"CRLF", "\r\n"}, {"NEL", "\xC2\x85"}, {"LS", "\u2028"},   {"PS", "\u2029"},
};

// ------------------------------------------------------------------ integer literals

TEST(LexerIntLiteral, SpecExamplesAreOneToken) {
  // Examples "decimal integer literals" and "hexadecimal integer literals".
  for (const char* s : {"1u", "123", "0", "0i"}) expectOneToken(s, "INT_LITERAL");
  for (const char* s : {"0x123", "0X123u", "0x3f"}) expectOneToken(s, "INT_LITERAL");
}

TEST(LexerIntLiteral, MoreValidIntegerForms) {
  for (const char* s : {"0u", "7", "94i", "2147483647i", "4294967295u", "0x0", "0X0u", "0xABCDEFi",
                        "0xabcdef", "0x00000001", "10", "100u", "9223372036854775807"}) {
    expectOneToken(s, "INT_LITERAL");
  }
}

TEST(LexerIntLiteral, HexEndingInFIsAnIntegerNotAFloat) {
  // "0x1f is a hexadecimal integer literal" (note after the numeric literal errors): 'f' is a
  // hex digit; a hex float needs a '.' or a 'p' exponent.
  expectOneToken("0x1f", "INT_LITERAL");
  expectOneToken("0x1F", "INT_LITERAL");
  expectOneToken("0xff", "INT_LITERAL");
  expectOneToken("0x1p0f", "HEX_FLOAT_LITERAL");
  // 'e' is a hex digit too; a hex float's exponent is written with 'p'. So 0x1e5 is one integer
  // and 0x1e+5 is 0x1e plus 5.
  expectOneToken("0x1e5", "INT_LITERAL");
  const Lexed l = lex("0x1e+5");
  EXPECT_TRUE(l.errors.empty()) << join(l.errors);
  EXPECT_EQ(join(l.types), "INT_LITERAL | PLUS | INT_LITERAL");
  EXPECT_EQ(join(l.texts), "0x1e | + | 5");
}

// ------------------------------------------------------------------ float literals

TEST(LexerFloatLiteral, SpecExamplesAreOneToken) {
  // Example "decimal floating point literals".
  for (const char* s : {"0.e+4f", "01.", ".01", "12.34", ".0f", "0h", "1e-3"}) {
    expectOneToken(s, "DECIMAL_FLOAT_LITERAL");
  }
  // Example "hexadecimal floating point literals".
  for (const char* s : {"0xa.fp+2", "0x1P+4f", "0X.3", "0x3p+2h", "0X1.fp-4", "0x3.2p+2h"}) {
    expectOneToken(s, "HEX_FLOAT_LITERAL");
  }
  // Table "Mapping numeric literals to types".
  for (const char* s : {"42f", "1e5f", "1.2f", "42h", "1e5h", "1.2h", "1e5", "1.2"}) {
    expectOneToken(s, "DECIMAL_FLOAT_LITERAL");
  }
  for (const char* s : {"0x1.0p10f", "0x1.0p10h", "0x1.0p10"}) expectOneToken(s, "HEX_FLOAT_LITERAL");
}

TEST(LexerFloatLiteral, DecimalFormsFromEachPattern) {
  // The five patterns of decimal_float_literal: 0[fh], [1-9][0-9]*[fh], digits '.' digits with
  // optional exponent and suffix (either side of '.' may be empty, not both), digits exponent.
  for (const char* s : {"0f", "1f", "10f", "100h", "1.", "1.f", "1.h", "12.", "00012.", "012.5",
                        "0.0", ".5", ".12f", "1.5", "1.e5", "1.E-5f", "2.e+4f", ".1e-2", "1e5",
                        "1E5", "1e+5", "1e-5f", "012e3", "0e0", "01e1", "2.4e-2h", "12.223f"}) {
    expectOneToken(s, "DECIMAL_FLOAT_LITERAL");
  }
}

TEST(LexerFloatLiteral, HexFormsFromEachPattern) {
  // hex_float_literal: 0x digits? '.' digits, 0x digits '.' digits?, 0x digits p-exponent; the
  // f/h suffix is only allowed after a 'p' exponent.
  for (const char* s : {"0x.1", "0x1.", "0x1.p4", "0x1.p4f", "0xa.fP+2", "0xE.fp+2", "0xep2h",
                        "0xEp-2h", "0x1P-0f", "0x1.fp4h", "0x1p-149f", "0X1P+4"}) {
    expectOneToken(s, "HEX_FLOAT_LITERAL");
  }
}

// ------------------------------------------------------------------ malformed numbers

// Lexes `text` and expects exactly one error, mentioning `mentioned`.
void expectOneLexicalError(const std::string& text, const std::string& mentioned) {
  SCOPED_TRACE("input: " + text);
  const Lexed l = lex(text);
  ASSERT_EQ(l.errors.size(), 1u) << join(l.errors);
  EXPECT_TRUE(contains(l.errors[0], mentioned)) << l.errors[0];
}

TEST(LexerInvalidNumber, LeadingZeroOnNonZeroInteger) {
  // "A leading zero on a non-zero integer literal (e.g. 012) is forbidden".
  expectOneLexicalError("012", "012");
  expectOneLexicalError("00", "00");
  expectOneLexicalError("0123", "0123");
  expectOneLexicalError("00u", "00u");
  expectOneLexicalError("012i", "012i");
}

TEST(LexerInvalidNumber, IncompleteExponentOrPrefix) {
  expectOneLexicalError("1e", "1e");          // exponent needs digits
  expectOneLexicalError("1.5e+", "1.5e");     // sign without digits
  expectOneLexicalError("1.ef", "1.ef");
  expectOneLexicalError("1.1eh", "1.1eh");
  expectOneLexicalError("0x", "0x");          // prefix without digits
  expectOneLexicalError("0X", "0X");
  expectOneLexicalError("0xg", "0xg");        // 'g' is no hex digit
  expectOneLexicalError("0x1p", "0x1p");      // 'p' without exponent
  expectOneLexicalError("0x.p2", "0x.p2");    // no significand digit
}

TEST(LexerInvalidNumber, BadSuffixes) {
  expectOneLexicalError("3px", "3px");
  expectOneLexicalError("012f", "012f");   // 0[fh] or [1-9][0-9]*[fh] only
  expectOneLexicalError("00f", "00f");
  expectOneLexicalError("0x3h", "0x3h");   // f/h on a hex float needs the 'p' exponent
  expectOneLexicalError("0xf.h", "0xf.h");
  expectOneLexicalError("1U", "1U");       // suffixes are lower case
  expectOneLexicalError("1F", "1F");
  expectOneLexicalError("1u32", "1u32");
  expectOneLexicalError("1_000", "1_000");
}

TEST(LexerInvalidNumber, DotFormsThatAreNotOneLiteral) {
  // Tokenized as the spec does it, `1.0.0` is `1.0` `.0`, which no grammar rule accepts.
  const Parsed p = parse("const x = 1.0.0;\n");
  EXPECT_FALSE(p.ok());
  EXPECT_EQ(p.errors().size(), 1u) << p.text();
  // `.f` and `.e-2` start with '.', not a digit: they are not literals at all.
  for (const char* s : {".f", ".e-2"}) {
    SCOPED_TRACE(s);
    EXPECT_FALSE(parse(std::string("const x = ") + s + ";\n").ok());
  }
}

TEST(LexerInvalidNumber, MalformedLiteralGivesOneErrorInAModule) {
  for (const char* s : {"012", "00", "1e", "0x", "0xg", "3px", "0x3h", "0x1.00000001pf0"}) {
    SCOPED_TRACE(s);
    const Parsed p = parse(std::string("const x = ") + s + ";\n");
    EXPECT_FALSE(p.ok());
    ASSERT_EQ(p.errors().size(), 1u) << p.text();
    EXPECT_TRUE(contains(p.errors()[0], s)) << p.errors()[0];
    EXPECT_EQ(firstErrorAt(std::string("const x = ") + s + ";\n"), "1:11");
  }
}

TEST(LexerNumbers, DigitsThenMemberAccessAreSeparateTokens) {
  // A number must not swallow the ']' and member access that follow it.
  const Lexed l = lex("a[0].x");
  EXPECT_TRUE(l.errors.empty()) << join(l.errors);
  EXPECT_EQ(join(l.types), "IDENT | BRACKET_LEFT | INT_LITERAL | BRACKET_RIGHT | PERIOD | IDENT");
  EXPECT_TRUE(parse("fn f() { var a: array<vec2f, 2>; let y = a[1].y + 2.5; }\n").ok());
}

// ------------------------------------------------------------------ boolean literals, keywords

TEST(LexerBool, TrueAndFalse) {
  expectOneToken("true", "TRUE");
  expectOneToken("false", "FALSE");
  // Example "boolean literals".
  const Parsed p = parse("const a = true;\nconst b = false;\n");
  ASSERT_TRUE(p.ok()) << p.text();
  EXPECT_EQ(test::dumpExpr("true"), "true");
  EXPECT_EQ(test::dumpExpr("false"), "false");
  // Case matters: `True` is an identifier.
  expectOneToken("True", "IDENT");
  expectOneToken("FALSE", "IDENT");
}

const std::vector<std::pair<std::string, std::string>> kKeywords = {
    {"alias", "ALIAS"},       {"break", "BREAK"},
    {"case", "CASE"},         {"const", "CONST"},
    {"const_assert", "CONST_ASSERT"}, {"continue", "CONTINUE"},
    {"continuing", "CONTINUING"},     {"default", "DEFAULT"},
    {"diagnostic", "DIAGNOSTIC"},     {"discard", "DISCARD"},
    {"else", "ELSE"},         {"enable", "ENABLE"},
    {"false", "FALSE"},       {"fn", "FN"},
    {"for", "FOR"},           {"if", "IF"},
    {"let", "LET"},           {"loop", "LOOP"},
    {"override", "OVERRIDE"}, {"requires", "REQUIRES"},
    {"return", "RETURN"},     {"struct", "STRUCT"},
    {"switch", "SWITCH"},     {"true", "TRUE"},
    {"var", "VAR"},           {"while", "WHILE"},
};

TEST(LexerKeyword, AllTwentySixKeywordsLexAsKeywords) {
  // "Keyword Summary" lists 26 keywords.
  ASSERT_EQ(kKeywords.size(), 26u);
  for (const auto& [word, type] : kKeywords) expectOneToken(word, type);
}

TEST(LexerKeyword, KeywordCannotBeAnIdentifier) {
  // "An identifier must not have the same spelling as a keyword".
  for (const auto& [word, type] : kKeywords) {
    SCOPED_TRACE(word);
    EXPECT_FALSE(parse("const " + word + " = 1;\n").ok());
    EXPECT_FALSE(parse("fn f(" + word + ": i32) {}\n").ok());
  }
}

TEST(LexerKeyword, LongerWordsStartingWithAKeywordAreIdentifiers) {
  for (const char* s : {"iff", "letter", "format", "fn_", "trueish", "falsey", "whiles", "alias2",
                        "_if", "If", "RETURN", "constant", "variable", "loops", "requirement"}) {
    expectOneToken(s, "IDENT");
  }
  EXPECT_TRUE(parse("const format = 1;\nconst letter = 2;\nconst iff = 3;\n").ok());
}

TEST(LexerKeyword, RequiresIsAKeywordNotAReservedWord) {
  expectOneToken("requires", "REQUIRES");
  EXPECT_FALSE(isReservedWord("requires"));
  EXPECT_TRUE(isReservedWord("require"));  // the reserved word is the singular
  EXPECT_FALSE(parse("const requires = 1;\n").ok());
}

// ------------------------------------------------------------------ reserved words

TEST(LexerReserved, ReservedWordsAreRejectedWithAClearMessage) {
  // "A WGSL module must not contain a reserved word." (Reserved Words, wgsl.reserved.bs.include)
  for (const char* w : {"NULL", "Self", "self", "null", "nil", "nullptr", "enum", "typedef",
                        "static_assert", "demote_to_helper", "co_await", "mut", "wgsl", "require",
                        "fallthrough", "premerge", "regardless", "unless", "do", "asm", "using",
                        "std", "auto", "class", "module", "non_coherent"}) {
    SCOPED_TRACE(w);
    EXPECT_TRUE(isReservedWord(w));
    const Parsed p = parse(std::string("const ") + w + " = 1;\n");
    EXPECT_FALSE(p.ok());
    ASSERT_EQ(p.errors().size(), 1u) << p.text();
    EXPECT_TRUE(contains(p.errors()[0], "is a reserved word")) << p.errors()[0];
    EXPECT_TRUE(contains(p.errors()[0], w)) << p.errors()[0];
    EXPECT_EQ(firstErrorAt(std::string("const ") + w + " = 1;\n"), "1:7");
  }
}

TEST(LexerReserved, FirstAndLastOfEachLetterAndTheLongest) {
  // The lookup is by first character: the words at the ends of each letter's run, the first and
  // last of the whole list, and the longest words (16 characters) are all found; with a
  // character added, or the last one replaced by a non-ASCII letter, they are not reserved.
  for (const char* w : {"NULL", "Self", "abstract", "await", "become", "cast", "crate", "debugger",
                        "dynamic_cast", "enum", "external", "fallthrough", "fxgroup", "get", "groupshared",
                        "highp", "impl", "interface", "layout", "lowp", "macro", "mutable", "namespace",
                        "nullptr", "of", "operator", "package", "public", "readonly", "restrict", "self",
                        "super", "target", "typeof", "union", "using", "varying", "volatile", "wgsl",
                        "writeonly", "yield", "compile_fragment", "demote_to_helper", "reinterpret_cast"}) {
    SCOPED_TRACE(w);
    EXPECT_TRUE(isReservedWord(w));
    const std::string word(w);
    EXPECT_FALSE(isReservedWord(word + "s"));
    EXPECT_FALSE(isReservedWord(word.substr(0, word.size() - 1) + "\xc3\xa9"));
  }
  EXPECT_FALSE(isReservedWord(""));
  EXPECT_FALSE(isReservedWord("reinterpret_casts"));
  // An identifier of 16 characters or fewer that is not ASCII goes through the same check.
  EXPECT_TRUE(parse("const caf\u00e9 = 1;\n").ok());
}

TEST(LexerReserved, ReservedWordAnywhereIsAnError) {
  // Not only declarations: "must not contain" covers every use.
  EXPECT_FALSE(parse("struct S { self: i32 }\n").ok());
  EXPECT_FALSE(parse("fn enum() {}\n").ok());
  EXPECT_FALSE(parse("fn f() { let a = null; }\n").ok());
  // Member names are tokens too.
  EXPECT_FALSE(parse("fn f() { let a = b.self; }\n").ok());
  EXPECT_FALSE(parse("enable wgsl;\n").ok());
}

TEST(LexerReserved, WordsNoLongerReservedAreIdentifiers) {
  // The brief for this suite asked for i8, f64, handle and binding_array to be rejected as
  // reserved words. They were reserved in older drafts, but the current "Reserved Words" list
  // (gpuweb wgsl.reserved.bs.include, the revision with `require` and `non_coherent`, which has
  // `requires` removed because it became a keyword) no longer contains them, nor i16, i64, u8,
  // u16, u64, quat, bf16, inout or signed. They are ordinary identifiers now.
  for (const char* w : {"i8", "f64", "handle", "binding_array", "i16", "i64", "u8", "u16", "u64",
                        "quat", "bf16", "inout", "signed"}) {
    SCOPED_TRACE(w);
    EXPECT_FALSE(isReservedWord(w));
    const Parsed p = parse(std::string("const ") + w + " = 1;\n");
    EXPECT_TRUE(p.ok()) << p.text();
  }
}

TEST(LexerReserved, NearMissesAndContextDependentNamesAreNotReserved) {
  // Reserved words match exactly and case-sensitively.
  for (const char* w : {"Null", "SELF", "nulls", "self_", "Enum", "enumerate", "_null", "typedefs"}) {
    SCOPED_TRACE(w);
    EXPECT_FALSE(isReservedWord(w));
    EXPECT_TRUE(parse(std::string("const ") + w + " = 1;\n").ok());
  }
  // "Context-Dependent Names" are not keywords or reserved words; predeclared type names can be
  // redeclared. At the token level they are all identifiers.
  for (const char* w : {"vertex", "binding", "location", "read_write", "rgba8unorm", "f32", "vec4",
                        "array", "ptr", "workgroup", "texture_2d", "sampler", "bool"}) {
    SCOPED_TRACE(w);
    EXPECT_FALSE(isReservedWord(w));
    expectOneToken(w, "IDENT");
  }
}

// ------------------------------------------------------------------ identifiers

TEST(LexerIdent, AsciiIdentifiers) {
  for (const char* s : {"a", "abc", "a1", "x_y_z", "ABC", "_x", "_0", "_a_", "camelCase", "z9z9"}) {
    expectOneToken(s, "IDENT");
  }
  const Parsed p = parse("const _x = 1;\nconst _0 = 2;\n");
  ASSERT_TRUE(p.ok()) << p.text();
  EXPECT_EQ(p.module->decls.at(0).var->name.name, "_x");
}

const std::vector<std::string> kSpecUnicodeIdents = {
    "\u0394\u03AD\u03BB\u03C4\u03B1",                          // Δέλτα
    "r\u00E9flexion",                                          // réflexion
    "\u041A\u044B\u0437\u044B\u043B",                          // Кызыл
    "\U00010C13\U00010C0F\U00010C07",                          // 𐰓𐰏𐰇 (Old Turkic, 4-byte UTF-8)
    "\u671D\u713C\u3051",                                      // 朝焼け
    "\u0633\u0644\u0627\u0645",                                // سلام
    "\uAC80\uC815",                                            // 검정
    "\u05E9\u05B8\u05C1\u05DC\u05D5\u05B9\u05DD",              // שָׁלוֹם (with combining points)
    "\u0917\u0941\u0932\u093E\u092C\u0940",                    // गुलाबी (with vowel signs)
    "\u0583\u056B\u0580\u0578\u0582\u0566",                    // փիրուզ
};

TEST(LexerIdent, SpecUnicodeIdentifiers) {
  // "identifiers with non-ASCII code points like these are valid" (section "Identifiers").
  for (const auto& name : kSpecUnicodeIdents) {
    expectOneToken(name, "IDENT");
    SCOPED_TRACE(name);
    const Parsed p = parse("const " + name + " = 1;\nconst y = " + name + " + 1;\n");
    ASSERT_TRUE(p.ok()) << p.text();
    EXPECT_EQ(p.module->decls.at(0).var->name.name, name);
  }
}

TEST(LexerIdent, NonStartCodePointsCannotBeginAnIdentifier) {
  // <Start> is XID_Start plus '_': a combining mark (U+0301) or a digit of another script
  // (U+0663, XID_Continue only) cannot start an identifier but may continue one.
  expectOneToken("e\u0301", "IDENT");
  expectOneToken("x\u0663", "IDENT");
  expectOneToken("a\u00B7b", "IDENT");  // MIDDLE DOT is XID_Continue
  EXPECT_FALSE(lex("\u0301e").errors.empty());
  EXPECT_FALSE(lex("\u0663x").errors.empty());
  EXPECT_FALSE(parse("const \u0663x = 1;\n").ok());
}

TEST(LexerIdent, UnicodeFourteenCodePoints) {
  // Identifiers follow UAX #31 "for Unicode Version 14.0.0". These letters (General Category Lo,
  // hence XID_Start) and marks (Mn, XID_Continue) were all added in Unicode 14.0:
  //   U+0870 ARABIC LETTER ALEF WITH ATTACHED FATHA, U+10F70 OLD UYGHUR LETTER ALEPH,
  //   U+1E290 TOTO LETTER PA, U+11AB0 CANADIAN SYLLABICS NATTILIK HI, U+1E7E0 ETHIOPIC SYLLABLE
  //   HHYA, U+9FFD (CJK unified ideograph), U+2C2F GLAGOLITIC CAPITAL LETTER CAUDATE CHRIVI;
  //   U+1AC1 COMBINING LEFT PARENTHESIS ABOVE LEFT, U+0898 ARABIC SMALL HIGH WORD AL-JUZ.
  // Regression: the Debian ANTLR tool's Unicode tables predate 14.0 (515 XID_Start and about 640
  // XID_Continue code points were missing, e.g. 0870-0887, 10570-105BC, 1E290-1E2AD); the lexer
  // now uses tables generated for 14.0 by scripts/gen-xid-ranges.py.
  for (const char* start : {"\u0870", "\U00010F70", "\U0001E290", "\U00011AB0", "\U0001E7E0",
                            "\u9FFD", "\u2C2F"}) {
    expectOneToken(start, "IDENT");
    expectOneToken(std::string("x") + start, "IDENT");
  }
  for (const char* cont : {"\u1AC1", "\u0898"}) {
    expectOneToken(std::string("x") + cont, "IDENT");
    EXPECT_FALSE(lex(cont).errors.empty());  // continue-only: cannot start an identifier
  }
  // Older additions work: U+10E80 YEZIDI LETTER ELIF (Unicode 13.0), U+1D400 MATHEMATICAL BOLD
  // CAPITAL A.
  expectOneToken("\U00010E80", "IDENT");
  expectOneToken("\U0001D400", "IDENT");
  // ZERO WIDTH NON-JOINER is not XID_Continue in Unicode 14.0.
  EXPECT_FALSE(lex("a\u200C").errors.empty());
}

TEST(LexerIdent, IdentifiersAreComparedByCodePoints) {
  // "Identifier Comparison": no normalization, so é (U+00E9) and e + U+0301 are different tokens.
  const Lexed l = lex("\u00E9 e\u0301");
  ASSERT_EQ(l.texts.size(), 2u);
  EXPECT_NE(l.texts[0], l.texts[1]);
}

TEST(LexerIdent, LoneUnderscoreIsTheUnderscoreToken) {
  // "An identifier must not be _"; '_' is a syntactic token (phony assignment).
  expectOneToken("_", "UNDERSCORE");
  EXPECT_TRUE(parse("fn f() { _ = 1; }\n").ok());
  EXPECT_FALSE(parse("const _ = 1;\n").ok());
}

TEST(LexerIdent, DoubleUnderscorePrefixIsAnError) {
  // "An identifier must not start with __".
  for (const char* s : {"__x", "__", "__foo_bar", "___"}) {
    SCOPED_TRACE(s);
    const Parsed p = parse(std::string("const ") + s + " = 1;\n");
    EXPECT_FALSE(p.ok());
    ASSERT_EQ(p.errors().size(), 1u) << p.text();
    EXPECT_TRUE(contains(p.errors()[0], s)) << p.errors()[0];
  }
  // One underscore, or two not at the start, is fine.
  EXPECT_TRUE(parse("const a__b = 1;\nconst _a_ = 2;\nconst a__ = 3;\n").ok());
}

// ------------------------------------------------------------------ comments

TEST(LexerComment, LineEndingComment) {
  const Parsed p = parse("const a = 1; // This is line-ending comment.\nconst b = 2;\n");
  ASSERT_TRUE(p.ok()) << p.text();
  EXPECT_EQ(declCount(p), 2u);
  const Lexed l = lex("a // b c d\ne");
  EXPECT_EQ(join(l.texts), "a | e");
}

TEST(LexerComment, SpecCommentExampleWithNestedBlockComment) {
  // Example "Comments" from the spec, verbatim.
  const std::string src =
      "  const f = 1.5; // This is line-ending comment.\n"
      "  const g = 2.5; /* This is a block comment\n"
      "                  that spans lines.\n"
      "                  /* Block comments can nest.\n"
      "                   */\n"
      "                  But all block comments must terminate.\n"
      "                 */\n";
  const Parsed p = parse(src);
  ASSERT_TRUE(p.ok()) << p.text();
  ASSERT_EQ(declCount(p), 2u);
  EXPECT_EQ(p.module->decls[0].var->name.name, "f");
  EXPECT_EQ(p.module->decls[1].var->name.name, "g");
}

TEST(LexerComment, DeeplyNestedBlockComments) {
  const Lexed l = lex("a /* 1 /* 2 /* 3 */ 2 */ 1 */ b");
  EXPECT_TRUE(l.errors.empty()) << join(l.errors);
  EXPECT_EQ(join(l.texts), "a | b");
}

TEST(LexerComment, CommentSeparatesTokens) {
  // "a comment can separate tokens": comments are replaced by a space before tokenizing.
  Lexed l = lex("a/**/b");
  EXPECT_EQ(join(l.types), "IDENT | IDENT");
  EXPECT_EQ(join(l.texts), "a | b");
  l = lex("a//x\nb");
  EXPECT_EQ(join(l.texts), "a | b");
  l = lex("+/**/=");  // two tokens, not '+='
  EXPECT_EQ(join(l.types), "PLUS | EQUAL");
  l = lex("1/**/2");
  EXPECT_EQ(join(l.types), "INT_LITERAL | INT_LITERAL");
  EXPECT_TRUE(parse("const/**/a/**/=/**/1;\n").ok());
}

TEST(LexerComment, UnterminatedBlockCommentIsLocatedAtItsStart) {
  const Parsed p = parse("const a = 1;\n  /* never closed\nconst b = 2;\n");
  EXPECT_FALSE(p.ok());
  const auto located = p.located();
  ASSERT_EQ(located.size(), 1u) << p.text();
  EXPECT_EQ(located[0].substr(0, 5), "2:3: ");
  EXPECT_TRUE(contains(located[0], "unterminated")) << located[0];
}

TEST(LexerComment, UnterminatedNestedBlockComment) {
  // The inner comment closes; the outer one, which starts at 1:1, does not.
  Parsed p = parse("/* outer /* inner */\nconst a = 1;\n");
  EXPECT_FALSE(p.ok());
  ASSERT_EQ(p.located().size(), 1u) << p.text();
  EXPECT_EQ(firstErrorAt("/* outer /* inner */\nconst a = 1;\n"), "1:1");
  // A closed comment followed by an unclosed one: the error is at the second '/*'.
  EXPECT_EQ(firstErrorAt("/* a */ /* b\n"), "1:9");
  // `/*/` does not close itself: the '/' after '/*' is comment text.
  EXPECT_EQ(firstErrorAt("const a = 1; /*/ const b = 2;\n"), "1:14");
}

TEST(LexerComment, EdgeSpellingsOfBlockComments) {
  for (const char* s : {"/**/", "/***/", "/* **/", "/*/**/*/", "/* / * */"}) {
    SCOPED_TRACE(s);
    const Parsed p = parse(std::string(s) + "const a = 1;\n");
    EXPECT_TRUE(p.ok()) << p.text();
    EXPECT_EQ(declCount(p), 1u);
  }
}

TEST(LexerComment, LineCommentAtEndOfFileWithoutNewline) {
  for (const char* s : {"const a = 1; //", "const a = 1;//", "const a = 1; // text", "//", "// only"}) {
    SCOPED_TRACE(s);
    EXPECT_TRUE(parse(s).ok()) << parse(s).text();
  }
  EXPECT_EQ(declCount(parse("const a = 1; // no newline")), 1u);
}

TEST(LexerComment, CommentMarkersInsideOtherComments) {
  // '/*' inside a line comment is ignored.
  Parsed p = parse("const a = 1; // /* not a block comment\nconst b = 2;\n");
  ASSERT_TRUE(p.ok()) << p.text();
  EXPECT_EQ(declCount(p), 2u);
  // Likewise a stray '*/' inside a line comment.
  EXPECT_TRUE(parse("const a = 1; // */\n").ok());
  // Block comment text only excludes '*/' and '/*': '//' does not hide the closing '*/'.
  p = parse("/* // */ const a = 1;\n");
  ASSERT_TRUE(p.ok()) << p.text();
  EXPECT_EQ(declCount(p), 1u);
}

TEST(LexerComment, VeryDeepNestingNeitherCrashesNorMiscounts) {
  const int depth = 100000;
  std::string open, close;
  for (int i = 0; i < depth; ++i) open += "/*", close += "*/";
  const Parsed p = parse(open + close + "const a = 1;\n");
  EXPECT_TRUE(p.ok()) << p.errors().size();
  EXPECT_EQ(declCount(p), 1u);
  // One '*/' short: unterminated, reported once at the outermost '/*'.
  const Parsed q = parse(open + close.substr(2) + "const a = 1;\n");
  EXPECT_FALSE(q.ok());
  ASSERT_EQ(q.located().size(), 1u);
  EXPECT_EQ(q.located()[0].substr(0, 5), "1:1: ");
}

TEST(LexerComment, CommentsKeepLineNumbers) {
  // Errors after a multi-line block comment are reported at their real position.
  EXPECT_EQ(firstErrorAt("/* one\n two\n three */ $\n"), "3:11");
  EXPECT_EQ(firstErrorAt("// one\n// two\n$\n"), "3:1");
}

TEST(LexerComment, LineCommentEndsAtEveryLineBreak) {
  // A line-ending comment runs "up until but not including the next line break".
  for (const auto& [name, lb] : kLineBreaks) {
    SCOPED_TRACE(name);
    const Parsed p = parse("// comment" + lb + "const a = 1;");
    ASSERT_TRUE(p.ok()) << p.text();
    EXPECT_EQ(declCount(p), 1u);
  }
  // Blankspace that is not a line break does not end it.
  for (const char* ws : {"\t", " ", "\u200E", "\u200F"}) {
    const Parsed p = parse(std::string("// comment") + ws + "const a = 1;");
    EXPECT_TRUE(p.ok()) << p.text();
    EXPECT_EQ(declCount(p), 0u);
  }
}

// ------------------------------------------------------------------ blankspace

TEST(LexerBlankspace, EveryPatternWhiteSpaceCodePointSeparatesTokens) {
  for (const auto& [name, ws] : kBlankspace) {
    SCOPED_TRACE(name);
    const Lexed l = lex("a" + ws + "b");
    EXPECT_TRUE(l.errors.empty()) << join(l.errors);
    EXPECT_EQ(join(l.types), "IDENT | IDENT");
    EXPECT_EQ(join(l.texts), "a | b");
    const Parsed p = parse("const" + ws + "x" + ws + "=" + ws + "1" + ws + ";" + ws);
    EXPECT_TRUE(p.ok()) << p.text();
  }
  // Runs mixing all of them.
  std::string all;
  for (const auto& [name, ws] : kBlankspace) all += ws;
  const Lexed l = lex(all + "a" + all + "b" + all);
  EXPECT_TRUE(l.errors.empty()) << join(l.errors);
  EXPECT_EQ(join(l.texts), "a | b");
}

TEST(LexerBlankspace, OtherUnicodeSpacesAreNotBlankspace) {
  // Only Pattern_White_Space is blankspace: NO-BREAK SPACE, EM SPACE, IDEOGRAPHIC SPACE,
  // ZERO WIDTH SPACE, OGHAM SPACE MARK and a mid-file U+FEFF are not.
  for (const char* ws : {"\u00A0", "\u2003", "\u3000", "\u200B", "\u1680", "\uFEFF"}) {
    SCOPED_TRACE(ws);
    const Lexed l = lex(std::string("a") + ws + "b");
    EXPECT_EQ(l.errors.size(), 1u) << join(l.errors);
    EXPECT_FALSE(parse(std::string("const") + ws + "x = 1;\n").ok());
  }
}

// ------------------------------------------------------------------ line breaks

TEST(LexerLineBreak, EachLineBreakStartsANewLine) {
  for (const auto& [name, lb] : kLineBreaks) {
    SCOPED_TRACE(name);
    EXPECT_EQ(firstErrorAt("const a = 1;" + lb + "$"), "2:1");
    EXPECT_EQ(firstErrorAt("const a = 1;" + lb + lb + "  $"), "3:3");
    // Line breaks inside block comments count too.
    EXPECT_EQ(firstErrorAt("/* x" + lb + " y */ $"), "2:7");
  }
}

TEST(LexerLineBreak, CrLfIsOneLineBreak) {
  EXPECT_EQ(firstErrorAt("const a = 1;\r\n$"), "2:1");
  EXPECT_EQ(firstErrorAt("const a = 1;\r\n\r\n$"), "3:1");
  // CR CR LF is two line breaks (CR alone, then CR LF); LF CR is two as well.
  EXPECT_EQ(firstErrorAt("const a = 1;\r\r\n$"), "3:1");
  EXPECT_EQ(firstErrorAt("const a = 1;\n\r$"), "3:1");
}

TEST(LexerLineBreak, BlankspaceThatIsNotALineBreak) {
  // Space, tab, LRM and RLM are blankspace but not line breaks: one column each.
  EXPECT_EQ(firstErrorAt("const a = 1; $"), "1:14");
  EXPECT_EQ(firstErrorAt("const a = 1;\t$"), "1:14");
  EXPECT_EQ(firstErrorAt("const a = 1;\u200E$"), "1:14");
  EXPECT_EQ(firstErrorAt("const a = 1;\u200F\u200F$"), "1:15");
}

TEST(LexerLineBreak, ColumnsCountCodePoints) {
  // Columns are code points, not bytes: é is 2 bytes, 𐰓 is 4 bytes, each one column.
  EXPECT_EQ(firstErrorAt("const r\u00E9flexion = 1; $"), "1:22");
  EXPECT_EQ(firstErrorAt("const \U00010C13\U00010C0F\U00010C07 = 1; $"), "1:16");
  EXPECT_EQ(firstErrorAt("const a = 1;\u2028const \u671D\u713C\u3051 = 2; $"), "2:16");
}

// ------------------------------------------------------------------ encoding

TEST(LexerEncoding, NullCodePointIsAnError) {
  // "The program text must not include a null code point (U+0000)."
  const std::string src("const a = 1;\0const b = 2;\n", 26);
  const Parsed p = parse(src);
  EXPECT_FALSE(p.ok());
  const auto located = p.located();
  ASSERT_EQ(located.size(), 1u) << p.text();
  EXPECT_EQ(located[0].substr(0, 6), "1:13: ");
  EXPECT_TRUE(contains(located[0], "null") || contains(located[0], "U+0000")) << located[0];
  // Also inside a comment: the rule is about the program text, before comments are removed.
  EXPECT_FALSE(parse(std::string("// a\0b\nconst a = 1;\n", 20)).ok());
}

TEST(LexerEncoding, ByteOrderMarkIsAnError) {
  // "UTF-8 encoding, with no byte order mark (BOM)".
  const Parsed p = parse("\xEF\xBB\xBF" "const a = 1;\n");
  EXPECT_FALSE(p.ok());
  const auto located = p.located();
  ASSERT_EQ(located.size(), 1u) << p.text();
  EXPECT_EQ(located[0].substr(0, 5), "1:1: ");
  EXPECT_TRUE(contains(located[0], "byte order mark") || contains(located[0], "BOM")) << located[0];
}

TEST(LexerEncoding, InvalidUtf8IsAnErrorWithLocation) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"stray continuation byte", "\x80"},
      {"overlong 2-byte '/'", "\xC0\xAF"},
      {"overlong 3-byte NUL", "\xE0\x80\x80"},
      {"overlong 4-byte", "\xF0\x80\x80\xAF"},
      {"UTF-16 surrogate D800", "\xED\xA0\x80"},
      {"UTF-16 surrogate DFFF", "\xED\xBF\xBF"},
      {"above U+10FFFF", "\xF4\x90\x80\x80"},
      {"byte FF", "\xFF"},
      {"byte FE", "\xFE"},
      {"5-byte form", "\xF8\x88\x80\x80\x80"},
      {"truncated 3-byte sequence before ASCII", "\xE2\x82 x"},
      {"lead byte followed by lead byte", "\xC3\xC3\xA9"},
  };
  for (const auto& [name, bytes] : cases) {
    SCOPED_TRACE(name);
    const Parsed p = parse("const a = 1;\n  " + bytes + "\n");
    EXPECT_FALSE(p.ok());
    const auto located = p.located();
    ASSERT_EQ(located.size(), 1u) << p.text();
    EXPECT_EQ(located[0].substr(0, 5), "2:3: ");
    EXPECT_TRUE(contains(located[0], "UTF-8")) << located[0];
  }
  // A sequence truncated by the end of the file.
  const Parsed p = parse("const a = 1;\xE2\x82");
  EXPECT_FALSE(p.ok());
  ASSERT_EQ(p.located().size(), 1u) << p.text();
  EXPECT_EQ(p.located()[0].substr(0, 6), "1:13: ");
  EXPECT_TRUE(contains(p.located()[0], "UTF-8")) << p.located()[0];
}

TEST(LexerEncoding, EncodedReplacementCharacterIsValidUtf8) {
  // A correctly encoded U+FFFD is valid UTF-8 (no encoding error) but starts no token.
  const Parsed p = parse("const a = 1;\n\xEF\xBF\xBD\n");
  EXPECT_FALSE(p.ok());
  const auto located = p.located();
  ASSERT_EQ(located.size(), 1u) << p.text();
  EXPECT_EQ(located[0].substr(0, 5), "2:1: ");
  EXPECT_FALSE(contains(located[0], "UTF-8")) << located[0];
  EXPECT_TRUE(parse("// \xEF\xBF\xBD\nconst a = 1;\n").ok());
}

TEST(LexerEncoding, InvalidUtf8InsideACommentIsStillAnError) {
  // The whole module must be UTF-8, comments included.
  EXPECT_FALSE(parse("// caf\xE9\nconst a = 1;\n").ok());
  EXPECT_FALSE(parse("/* \xC0\xAF */ const a = 1;\n").ok());
}

TEST(LexerEncoding, ValidMultiByteSequencesAreAccepted) {
  // Boundary code points of each UTF-8 length, in comments.
  const Parsed p = parse("// \xC2\x80 \xDF\xBF \xE0\xA0\x80 \xEF\xBF\xBD \xF0\x90\x80\x80 \xF4\x8F\xBF\xBF\n"
                         "const a = 1;\n");
  EXPECT_TRUE(p.ok()) << p.text();
}

// ------------------------------------------------------------------ stray characters

TEST(LexerStrayChar, EachStrayCharacterGivesOneClearError) {
  for (const char* c : {"$", "#", "\"", "?", "`", "'", "\\"}) {
    SCOPED_TRACE(c);
    const Parsed p = parse(std::string("const a = 1;\n") + c + "\n");
    EXPECT_FALSE(p.ok());
    const auto located = p.located();
    ASSERT_EQ(located.size(), 1u) << p.text();
    EXPECT_EQ(located[0].substr(0, 5), "2:1: ");
    EXPECT_TRUE(contains(located[0], c)) << located[0];
  }
  // WGSL has no string or character literals.
  EXPECT_FALSE(parse("const a = \"abc\";\n").ok());
  EXPECT_FALSE(parse("const a = 'x';\n").ok());
}

TEST(LexerStrayChar, RunOfStrayCharactersGivesOneError) {
  for (const char* run : {"$$$", "###", "$#?", "``"}) {
    SCOPED_TRACE(run);
    const Lexed l = lex(std::string("a ") + run + " b");
    EXPECT_EQ(l.errors.size(), 1u) << join(l.errors);
    EXPECT_EQ(join(l.texts), "a | b");
  }
  // Two separate runs are two errors.
  EXPECT_EQ(lex("$ a $").errors.size(), 2u);
}

TEST(LexerStrayChar, NonAsciiSymbolsAreErrors) {
  for (const char* c : {"\u20AC", "\u2192", "\u00D7", "\u00BF"}) {  // € → × ¿
    SCOPED_TRACE(c);
    const Parsed p = parse(std::string("const a = 1;\n") + c + "\n");
    EXPECT_FALSE(p.ok());
    EXPECT_EQ(p.located().size(), 1u) << p.text();
  }
}

// ------------------------------------------------------------------ whole-token behaviour

TEST(LexerTokens, EmptyAndBlankModules) {
  for (const char* s : {"", " ", "\n\n", "/* */", "// x"}) {
    SCOPED_TRACE(s);
    const Parsed p = parse(s);
    EXPECT_TRUE(p.ok()) << p.text();
    EXPECT_EQ(declCount(p), 0u);
  }
}

TEST(LexerTokens, LiteralsInsideExpressionsAreSeparatedByOperators) {
  const Lexed l = lex("1u+0x1f*.5e-2f-0x1p-4");
  EXPECT_TRUE(l.errors.empty()) << join(l.errors);
  EXPECT_EQ(join(l.types),
            "INT_LITERAL | PLUS | INT_LITERAL | STAR | DECIMAL_FLOAT_LITERAL | MINUS | HEX_FLOAT_LITERAL");
  EXPECT_EQ(join(l.texts), "1u | + | 0x1f | * | .5e-2f | - | 0x1p-4");
  // Numeric literals have no sign: -1 is a unary minus and a literal.
  EXPECT_EQ(join(lex("-1").types), "MINUS | INT_LITERAL");
  EXPECT_EQ(test::dumpExpr("-1"), "(- 1)");
}

}  // namespace
}  // namespace wgsl
