// Semantic analysis (spec sections "Declaration and Scope", "Types", "Variable and Value
// Declarations", "Expressions", "Statements", "Functions", "Entry Points", "Memory Layout").
#pragma once

#include <memory>

#include "interp/ast/ast.h"
#include "interp/sema/program.h"

namespace wgsl {
class DiagnosticList;
}

namespace wgsl::sema {

// Always returns a Program (as complete as the module allows); errors go to `diags`.
std::unique_ptr<Program> resolve(const ast::Module& module, DiagnosticList& diags);

}  // namespace wgsl::sema
