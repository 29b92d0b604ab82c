// Shader-creation-time evaluation of @const built-in functions (section "Built-in Functions"),
// with the errors the spec defines for const-expressions (domain errors, non-finite results).
#pragma once

#include <string>
#include <vector>

#include "interp/sema/builtin_fn.h"
#include "interp/sema/const_eval.h"

namespace wgsl::sema {

// `fn` is a @const function (BuiltinMatch::is_const); `args` are already converted to the parameter types of the chosen overload (see
// BuiltinMatch::params); `result` is its result type. Returns Eval::fail with an empty message
// when the function is not evaluated at shader creation (no evaluator: builtin_fns_test
// checks that every @const function has one).
Eval evalBuiltin(TypeTable& types, BuiltinFn fn, const std::vector<ConstValue>& args, const Type* result);

}  // namespace wgsl::sema
