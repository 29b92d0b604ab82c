// Semantic analysis (spec sections "Declaration and Scope", "Types", "Variable and Value
// Declarations", "Expressions", "Statements", "Functions", "Entry Points", "Memory Layout").
#pragma once

#include <map>
#include <memory>
#include <string>

#include "interp/ast/ast.h"
#include "interp/sema/limits.h"
#include "interp/sema/program.h"

namespace wgsl {
class DiagnosticList;
}

namespace wgsl::sema {

struct ResolveOptions {
  // Pipeline creation: evaluate override-expressions, with these override values (keyed by
  // name, or by @id as a decimal string) and the overrides' defaults otherwise. Errors found
  // that way are pipeline-creation errors. Off: shader creation, overrides have no value.
  bool pipeline = false;
  std::map<std::string, double> override_values;
  // With `pipeline`: an override with neither a default nor a given value is an error (as at a
  // real pipeline creation); off for tools that only inspect (reflect).
  bool require_override_values = true;
  // Value components const evaluation may create (const_budget.h); tests lower it.
  uint64_t const_eval_budget = kMaxConstEvalElements;
};

// Always returns a Program (as complete as the module allows); errors go to `diags`.
std::unique_ptr<Program> resolve(const ast::Module& module, DiagnosticList& diags,
                                 const ResolveOptions& options = {});

}  // namespace wgsl::sema
