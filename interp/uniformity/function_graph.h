// Phase one of the analysis of one function: walk its syntax and build the graph, following the
// rules of sections "Pointer Desugaring", "Function-scope Variable Value Analysis", "Uniformity
// Rules for Statements", "... for Function Calls" and "... for Expressions".
#pragma once

#include <unordered_map>

#include "interp/sema/program.h"
#include "interp/uniformity/behavior.h"
#include "interp/uniformity/tags.h"

namespace wgsl::uniformity {

struct FunctionContext {
  const sema::Program* program = nullptr;
  const ast::FunctionDecl* function = nullptr;
  const sema::EntryPoint* entry_point = nullptr;  // when the function is one
  ScopeConfig scope;
  // Tags of every function analysed so far (all callees of `function`).
  const std::unordered_map<const ast::FunctionDecl*, FunctionTags>* tags = nullptr;
  Behaviors* behaviors = nullptr;
};

// Fills `out` (whose memory is reused from one function to the next).
void buildFunctionGraph(const FunctionContext& ctx, FunctionGraph& out);

}  // namespace wgsl::uniformity
