// From prepared (comment-free) text to the token sequence the parser consumes:
// ANTLR lexing, lexical checks, template list discovery, context-dependent token splitting and
// the nesting-depth guard.
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace antlr4 {
class Token;
}

namespace wgsl {

class DiagnosticList;

// Deepest nesting of (), [], {} and template lists accepted, and longest run of prefix
// operators. Deeper input is rejected with an error instead of exhausting the parser's stack.
constexpr int kMaxNestingDepth = 255;

struct TokenStream {
  // False when parsing must not be attempted (nesting too deep). Lexical errors alone do not
  // clear it: they are reported and parsing continues to find further errors.
  bool parseable = false;
  std::vector<std::unique_ptr<antlr4::Token>> tokens;  // ends with an EOF token
};

TokenStream buildTokenStream(const std::u32string& prepared_text, DiagnosticList& diags);

// Symbolic name of a token type ("IDENT", "TEMPLATE_ARGS_START", ...), for tests and dumps.
std::string tokenTypeName(size_t type);

}  // namespace wgsl
