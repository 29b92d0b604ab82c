// Lowering a debugger's expression (wgslemu debug's `print`, breakpoint conditions, DAP
// `evaluate`) against a kernel stopped at some instruction, so that every WGSL expression runs
// with the engine's own arithmetic (float modes included) on the stopped state.
//
// The expression comes resolved in a module made of the kernel's source plus one function,
// `fn NAME(params) { var ...; _ = (EXPR); }`, whose parameters and variables stand for the
// locals visible at the stop. Lowering binds each of them to where the stopped kernel keeps its
// value (registers, or a memory root with an offset) and every module-scope variable to the
// stopped kernel's root of the same name, then lowers EXPR alone (the body is not run).
//
// Registers of the result kernel: [0, stopped.num_regs) are the stopped kernel's (a copy of the
// stopped subgroup's registers goes there), then the expression's temporaries, then its
// constants (`consts`). Roots, slots and the private and workgroup layout are the stopped
// kernel's; private memory grows only for variables of functions the expression calls.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "interp/ir/debug_info.h"
#include "interp/ir/lower.h"

namespace wgsl::ast {
struct Expr;
struct FunctionDecl;
struct VarDecl;
}  // namespace wgsl::ast

namespace wgsl::ir {

// What one parameter or `var` of the expression's function stands for: a DebugVar of the
// stopped kernel (interp/ir/debug_info.h).
struct DebugExprLocal {
  int param = -1;                       // index among the function's parameters, or
  const ast::VarDecl* var = nullptr;    // a `var` of its body
  const DebugVar* where = nullptr;      // the stopped kernel's variable
};

struct DebugExpression {
  std::unique_ptr<Kernel> kernel;  // ends with Halt; the value is in result_reg..+result_count
  uint32_t result_reg = kNoReg;
  uint32_t result_count = 0;
  const sema::Type* type = nullptr;  // the value's type (for a pointer: the pointed-to store type)
  bool pointer = false;              // EXPR is a pointer: the value is what it points to
  std::string writes;                // non-empty: EXPR would change memory (what: "atomicAdd", "a store")
};

// Null on failure (`error` set). `expr` is an expression of `fn` in `program`.
std::unique_ptr<DebugExpression> lowerDebugExpression(const sema::Program& program, const ast::FunctionDecl& fn,
                                                      const ast::Expr& expr, const std::vector<DebugExprLocal>& locals,
                                                      const Kernel& stopped, const SourceFile& file,
                                                      LowerError& error, const LowerOptions& options = {});

}  // namespace wgsl::ir
