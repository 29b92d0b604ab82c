// Token-level rules of section "Textual Structure" that the lexer grammar does not enforce
// itself: reserved words, identifiers starting with "__", malformed numeric literals and
// characters that start no token.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace wgsl {

class DiagnosticList;
struct TokenRecord;

// True if `word` is one of the spec's reserved words ("Reserved Words").
bool isReservedWord(std::string_view word);

// Reports lexical errors and removes UNKNOWN_CHAR tokens (each run of them is reported once).
// Malformed numbers stay in the stream as literals so that parsing can continue.
void checkLexicalTokens(const std::u32string& text, std::vector<TokenRecord>& tokens, DiagnosticList& diags);

}  // namespace wgsl
