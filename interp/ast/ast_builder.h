// Builds the owned AST from the parse tree, and enforces the grammar rules that the relaxed
// ANTLR grammar leaves to it (operator mixing, placement of directives, attributes and
// `break if`, attribute names and arities, literal ranges, expression depth).
#pragma once

#include <memory>

#include "interp/ast/ast.h"

namespace wgsl {
class DiagnosticList;
class SourceFile;
}  // namespace wgsl

namespace wgsl::ast {

// Longest chain of binary operators or postfix accesses in one expression. Deeper trees are
// rejected so that no later pass can exhaust the stack.
constexpr size_t kMaxExpressionDepth = 4096;

// Parses and builds in one step (the `parse` stage of `wgslemu check`), item by item: a
// module-scope item's parse tree is dropped as soon as its AST is built.
// Returns nullptr if any error was reported.
std::unique_ptr<Module> parseModule(const SourceFile& file, DiagnosticList& diags);

}  // namespace wgsl::ast
