// Parsing WGSL source into an ANTLR parse tree (consumed and dropped by interp/ast).
#pragma once

#include <memory>
#include <vector>

namespace antlr4 {
class ParserRuleContext;
}

namespace wgsl {

class DiagnosticList;
class SourceFile;

// Owns the ANTLR token stream, parser and parse tree. Valid only while alive.
class SyntaxTree {
 public:
  struct State;
  explicit SyntaxTree(std::unique_ptr<State> state);
  ~SyntaxTree();
  SyntaxTree(const SyntaxTree&) = delete;
  SyntaxTree& operator=(const SyntaxTree&) = delete;

  // The module-scope items (wgsl_antlr::WGSLParser::Global_itemContext) that parsed without
  // error, in source order. When the module has syntax errors this is the subset that parsed
  // cleanly, so later checks can still report independent errors in them.
  const std::vector<antlr4::ParserRuleContext*>& items() const;
  // False if there were syntax errors (some items are missing).
  bool complete() const;

 private:
  std::unique_ptr<State> state_;
};

// Checks the text encoding, removes comments, tokenizes, discovers template lists and parses.
// Returns nullptr (with diagnostics) if nothing can be parsed (bad encoding, unterminated
// comment, nesting too deep); otherwise a tree that is complete() if there were no syntax errors.
std::unique_ptr<SyntaxTree> parseSyntax(const SourceFile& file, DiagnosticList& diags);

}  // namespace wgsl
