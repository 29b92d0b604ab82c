// resolve(): runs the resolver (resolver_impl.h), then the validator (validator.h), and
// keeps only the pipeline-creation errors of the entry point being created.
#include "interp/sema/resolver.h"

#include <set>

#include "base/diagnostics.h"
#include "interp/sema/alias_analysis.h"
#include "interp/sema/const_budget.h"
#include "interp/sema/resolver_impl.h"
#include "interp/sema/validator.h"

namespace wgsl::sema {

std::unique_ptr<Program> resolve(const ast::Module& module, DiagnosticList& diags, const ResolveOptions& options) {
  auto p = std::make_unique<Program>();
  // Pipeline creation for one entry point: pipeline-creation errors "are only triggered for code
  // present in the shader of the entry point being compiled" (section "Errors"), so an error
  // inside a function the entry point does not reach (directly or through calls) is dropped.
  const bool one_entry = options.pipeline && !options.entry_point.empty();
  DiagnosticList all;
  DiagnosticList& out = one_entry ? all : diags;
  internal::Resolver r(module, out, *p, options);
  internal::Validator validator(module, *p, r.functionRecords(), out);
  ConstEvalBudget budget(options.const_eval_budget);
  try {
    ConstEvalBudget::Scope scope(budget);
    r.run();
    validator.run();
  } catch (const ConstEvalBudget::Exceeded&) {
    r.reportConstEvalBudget(budget.limit());
    if (one_entry) {
      for (const Diagnostic& d : all.all()) diags.add(d);
    }
    return p;
  }
  checkAliasing(*p, out);
  if (!one_entry) return p;
  const std::set<const ast::FunctionDecl*> shader = validator.shaderFunctions(options.entry_point);
  for (const Diagnostic& d : all.all()) {
    bool outside = false;
    if (d.severity == Severity::Error) {
      for (const auto& g : module.decls) {
        if (g.kind != ast::GlobalKind::Function || !g.function || shader.count(g.function.get())) continue;
        const SourceRange fr = g.function->range;
        if (d.range.begin >= fr.begin && d.range.end <= fr.end) outside = true;
      }
    }
    if (!outside) diags.add(d);
  }
  return p;
}

}  // namespace wgsl::sema
