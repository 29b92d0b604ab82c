// The uniformity analysis of the WGSL spec (section "Uniformity"): proves that collective
// operations (barriers, derivatives, subgroup and quad operations) run in uniform control flow,
// reporting a diagnostic with notes walking back the chain of implications when it cannot.
#pragma once

#include <string>

#include "interp/sema/program.h"

namespace wgsl {
class DiagnosticList;
class SourceFile;
}

namespace wgsl::uniformity {

struct Options {
  // The `subgroup_uniformity` language extension: when supported (as in Chrome/Dawn), subgroup
  // and quad builtins are analysed at subgroup uniformity scope, barriers and derivatives at
  // workgroup (or draw) scope. When not supported, everything is analysed at one scope.
  bool subgroup_uniformity = true;
  // Also produce a textual explanation, per entry point, of every uniformity requirement.
  bool explain = false;
  // For line:column positions in the explanation (byte offsets otherwise).
  const SourceFile* file = nullptr;
};

struct Result {
  size_t errors = 0;
  size_t warnings = 0;
  size_t infos = 0;
  std::string explanation;  // with Options::explain
};

// Analyses a module that resolved without errors. Diagnostics (error, warning, info, each with
// notes) are appended to `diags`.
Result analyze(const sema::Program& program, DiagnosticList& diags, const Options& options = {});

}  // namespace wgsl::uniformity
