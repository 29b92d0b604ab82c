// Parsing WGSL source into ANTLR parse trees, one module-scope item at a time (consumed and
// dropped by interp/ast).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace antlr4 {
class ParserRuleContext;
}

namespace wgsl {

class DiagnosticList;
class SourceFile;

enum class ParseOutcome {
  Unparseable,  // nothing could be parsed (bad encoding, unterminated comment, too deep, too big)
  Complete,     // no syntax errors
  WithErrors,   // syntax errors were reported; only items that parsed were handed over
};

// Called with each module-scope item (a wgsl_antlr::WGSLParser::Global_itemContext) that parsed
// without error, in source order. The item's parse tree and tokens live only during the call:
// memory stays proportional to the largest item, not to the module. When the module has syntax
// errors the items are the subset that parsed cleanly, so later checks can still report
// independent errors in them.
using ItemHandler = std::function<void(antlr4::ParserRuleContext* item)>;

// Checks the text encoding, removes comments, tokenizes, discovers template lists and parses.
ParseOutcome parseItems(const SourceFile& file, DiagnosticList& diags, const ItemHandler& on_item);

}  // namespace wgsl

namespace wgsl {

// ANTLR's decision profile of one SLL parse of a module (for bench/parse_bench): per parser
// decision, how often it was predicted and how far ahead prediction looked.
struct DecisionProfile {
  size_t decision = 0;
  std::string rule;            // the rule the decision is in
  int64_t invocations = 0;
  int64_t total_lookahead = 0;  // tokens, over all invocations (SLL)
  int64_t max_lookahead = 0;
  int64_t ll_fallbacks = 0;
  int64_t prediction_ns = 0;
  int64_t atn_transitions = 0;  // SLL steps that missed the DFA cache
};
// Returns an empty list if the module does not parse in SLL mode.
std::vector<DecisionProfile> profileDecisions(const SourceFile& file);

}  // namespace wgsl
