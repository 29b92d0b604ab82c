// Turns ANTLR's recognition errors into plain-language diagnostics
// ("expected ';' after statement, found '}'").
#pragma once

#include <memory>

namespace antlr4 {
class ANTLRErrorStrategy;
}

namespace wgsl {

class DiagnosticList;

// Thrown by the strategy when an error cannot be repaired by inserting or deleting one token.
// The parser then skips to the next module-scope declaration instead of guessing, so that one
// mistake does not produce a cascade of unrelated errors.
struct SyntaxResync {};

std::shared_ptr<antlr4::ANTLRErrorStrategy> makeSyntaxErrorStrategy(DiagnosticList& diags);

}  // namespace wgsl
