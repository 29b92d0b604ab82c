// Builds the owned AST from the parse tree, and enforces the grammar rules that the relaxed
// ANTLR grammar leaves to it (operator mixing, placement of directives, attributes and
// `break if`, attribute names and arities, literal ranges, expression depth).
#pragma once

#include <memory>

#include "interp/ast/ast.h"

namespace wgsl {
class DiagnosticList;
class SourceFile;
class SyntaxTree;
}  // namespace wgsl

namespace wgsl::ast {

// Longest chain of binary operators or postfix accesses in one expression. Deeper trees are
// rejected so that no later pass can exhaust the stack.
constexpr size_t kMaxExpressionDepth = 4096;

// Returns nullptr if any error was reported.
std::unique_ptr<Module> buildModule(const SyntaxTree& tree, DiagnosticList& diags);

// Parses and builds in one step (the `parse` stage of `wgslemu check`).
std::unique_ptr<Module> parseModule(const SourceFile& file, DiagnosticList& diags);

}  // namespace wgsl::ast
