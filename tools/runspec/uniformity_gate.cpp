// The static uniformity gate of `run` and `test` (see uniformity_gate.h).
#include "tools/runspec/uniformity_gate.h"

#include "grammar/diagnostics.h"
#include "grammar/source_text.h"
#include "interp/ast/ast_builder.h"
#include "interp/sema/resolver.h"
#include "interp/uniformity/uniformity.h"

namespace wgslemu::runspec {

UniformityVerdict checkUniformity(const std::string& source, const std::string& name, bool as_warnings) {
  UniformityVerdict v;
  wgsl::SourceFile file(name, source);
  wgsl::DiagnosticList diags;
  auto module = wgsl::ast::parseModule(file, diags);
  if (!module || diags.hasErrors()) return v;
  auto program = wgsl::sema::resolve(*module, diags);
  if (!program || diags.hasErrors()) return v;
  wgsl::DiagnosticList uni;
  wgsl::uniformity::analyze(*program, uni);
  v.errors = uni.errorCount();
  if (v.errors == 0) return v;
  std::vector<wgsl::Diagnostic> shown;
  for (const wgsl::Diagnostic& d : uni.all()) {
    if (d.severity != wgsl::Severity::Error) continue;
    wgsl::Diagnostic c = d;
    if (as_warnings) {
      c.severity = wgsl::Severity::Warning;
      c.message += " (allowed by --allow-nonuniform: the kernel runs and the engine checks this dynamically)";
    }
    shown.push_back(std::move(c));
  }
  v.diagnostics = wgsl::renderText(file, shown, false);
  return v;
}

}  // namespace wgslemu::runspec
