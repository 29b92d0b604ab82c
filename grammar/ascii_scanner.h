// A hand-written scanner for ASCII text that produces exactly the tokens of WGSLLexer.g4.
//
// The ANTLR lexer runtime takes a lock and a hash lookup per character (DFA edges), which made
// lexing a third of parse time. WGSLLexer.g4 stays the definition of the tokens: it lexes any
// text with non-ASCII code points (identifiers beyond ASCII need its XID tables), and
// tests/grammar/ascii_scanner_test.cpp checks this scanner against it on generated input.
#pragma once

#include <string>
#include <vector>

#include "grammar/token_pipeline.h"

namespace wgsl {

// Appends the tokens of `text` (blankspace dropped) and returns true; returns false, leaving
// `out` unchanged, if the text has a code point outside ASCII.
bool scanAscii(const std::u32string& text, std::vector<TokenRecord>& out);

}  // namespace wgsl
