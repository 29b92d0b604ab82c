// Shader-creation-time evaluation of @const built-in functions (section "Built-in Functions"),
// with the errors the spec defines for const-expressions (domain errors, non-finite results).
#pragma once

#include <string>
#include <vector>

#include "interp/sema/const_eval.h"

namespace wgsl::sema {

// `args` are already converted to the parameter types of the chosen overload (see
// BuiltinMatch::params); `result` is its result type. Returns Eval::fail with an empty message
// when the function is not evaluated at shader creation (not @const, or not implemented).
Eval evalBuiltin(TypeTable& types, const std::string& name, const std::vector<ConstValue>& args, const Type* result);

}  // namespace wgsl::sema
