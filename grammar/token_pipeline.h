// From prepared (comment-free) text to the token sequence the parser consumes:
// ANTLR lexing, lexical checks, template list discovery, context-dependent token splitting and
// the nesting-depth guard.
//
// Tokens are compact records (12 bytes: offsets and type, no text, no per-token allocation);
// their spelling is read from the prepared text when needed. grammar/token_stream.h turns them
// into the ANTLR tokens the parser sees, a window at a time.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace wgsl {

class DiagnosticList;

// Deepest nesting of (), [], {} and template lists accepted, and longest run of prefix
// operators. Deeper input is rejected with an error instead of exhausting the parser's stack.
constexpr int kMaxNestingDepth = 255;

// Longest token, in code points, and most tokens in one module: implementation limits that
// keep a token record at 8 bytes and bound the front end's memory (about 20 bytes per source
// byte at worst). Longer tokens and larger modules are rejected with an error before parsing.
constexpr uint32_t kMaxTokenLength = (1u << 24) - 1;
constexpr size_t kMaxTokens = size_t{1} << 25;

struct TokenRecord {
  static constexpr uint32_t kEof = 0xFF;  // the `type` of the end-of-file record
  uint32_t begin = 0;       // code-point offset into the prepared text
  uint32_t length : 24;     // in code points, at most kMaxTokenLength
  uint32_t type : 8;        // WGSLLexer token type (all below 0xFF), or kEof

  TokenRecord() : length(0), type(0) {}
  TokenRecord(uint32_t b, uint32_t e, uint32_t t) : begin(b), length(e - b), type(t) {}
  uint32_t end() const { return begin + length; }
  // ANTLR's view: antlr4::Token::EOF (all bits set, checked in token_pipeline.cpp) for the end,
  // the stop index is inclusive. Inline: the parser reads a type for every token it looks at.
  static constexpr size_t kAntlrEof = static_cast<size_t>(-1);
  size_t getType() const { return type == kEof ? kAntlrEof : type; }
  size_t getStartIndex() const { return begin; }
  size_t getStopIndex() const { return static_cast<size_t>(end()) - 1; }
};
static_assert(sizeof(TokenRecord) == 8, "token records are 8 bytes");

struct TokenStream {
  // False when parsing must not be attempted (nesting too deep). Lexical errors alone do not
  // clear it: they are reported and parsing continues to find further errors.
  bool parseable = false;
  std::vector<TokenRecord> tokens;  // ends with an EOF token
};

// `prepared_text` is lent to the lexer while it runs (moved into ANTLR's input stream and back,
// so the text is never copied); it is unchanged on return.
TokenStream buildTokenStream(std::u32string& prepared_text, DiagnosticList& diags);

// Lexing alone (blankspace dropped, no checks): `Fastest` uses the ASCII scanner when the text
// is ASCII (grammar/ascii_scanner.h), `Antlr` always runs the ANTLR lexer (the reference).
enum class Lexer { Fastest, Antlr };
// Tokens longer than kMaxTokenLength are cut to it (buildTokenStream rejects them first).
void lexTokens(std::u32string& text, std::vector<TokenRecord>& tokens, Lexer which);

// The spelling of a token, in UTF-8.
std::string tokenText(const std::u32string& prepared_text, const TokenRecord& t);

// Symbolic name of a token type ("IDENT", "TEMPLATE_ARGS_START", ...), for tests and dumps.
std::string tokenTypeName(size_t type);

}  // namespace wgsl
