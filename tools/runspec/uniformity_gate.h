// The static uniformity analysis in front of `run` and `test` (issue 9): a module the analysis
// rejects is invalid, unless --allow-nonuniform turns its uniformity errors into warnings so
// the kernel runs and the engine reports whether barriers and collectives were in fact reached
// uniformly.
#pragma once

#include <string>

namespace wgslemu::runspec {

struct UniformityVerdict {
  size_t errors = 0;         // uniformity errors (0: the module passes)
  std::string diagnostics;   // rendered as `wgslemu check` prints them (errors, or warnings when allowed)
};

// Analyses a module that parses and resolves (otherwise returns no errors: the caller reports
// those). With `as_warnings`, the uniformity errors are rendered as warnings.
UniformityVerdict checkUniformity(const std::string& source, const std::string& name, bool as_warnings);

}  // namespace wgslemu::runspec
