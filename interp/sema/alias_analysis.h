// Alias analysis (spec section "Alias Analysis"): at each call site, pointer arguments must not
// alias each other, or a module-scope variable the callee accesses, when one access is a write.
#pragma once

#include "interp/sema/program.h"

namespace wgsl {
class DiagnosticList;
}

namespace wgsl::sema {

// Runs over every function of a resolved program (callees before callers) and reports each
// call site that breaks a rule of section "Aliasing" as a shader-creation error.
void checkAliasing(const Program& program, DiagnosticList& diags);

}  // namespace wgsl::sema
