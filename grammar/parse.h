// Parsing WGSL source into ANTLR parse trees, one module-scope item at a time (consumed and
// dropped by interp/ast).
#pragma once

#include <functional>

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
