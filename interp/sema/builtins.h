// Built-in function overloads (spec section "Built-in Functions" and "Overload Resolution"):
// the overload table as data, in one place, and the matching of a call against it.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "interp/sema/builtin_fn.h"
#include "interp/sema/types.h"

namespace wgsl::sema {

struct BuiltinMatch {
  bool ok = false;
  BuiltinFn fn = BuiltinFn::None;  // the function (None for the inferred-type value constructors)
  // The result type (TypeTable::voidType() for functions without a result).
  const Type* result = nullptr;
  // The parameter types of the chosen overload: each argument converts to its parameter by a
  // feasible automatic conversion (the caller converts abstract const values accordingly).
  std::vector<const Type*> params;
  bool is_const = false;   // @const: a call with const-expression arguments is a const-expression
  bool must_use = false;   // @must_use: the call may not be a statement on its own
  // Shader stages the function is restricted to (empty: all), e.g. derivatives: fragment;
  // barriers: compute.
  std::vector<std::string> stages;
  // On failure: one sentence, e.g. "no overload of 'max' accepts arguments (f32, i32); the
  // overloads are max(T, T) -> T with T a numeric scalar or vector".
  std::string error;
};

// True for every name the table knows: the built-in functions, and the value constructors
// whose type is inferred from the arguments (`vec3(...)`, `mat2x2(...)`, `array(...)`).
bool isBuiltinCallName(const std::string& name);

// Matches a call. `template_types` are explicit template arguments that are types (the T of
// `bitcast<T>(e)`); `args` are the argument types after the load rule (references replaced by
// their store type; pointers as they are). `extensions` are the enabled extensions (f16,
// subgroups, ...): overloads that need a missing extension do not match, and the error says
// which `enable` is needed. `const_args` (if not empty, one flag per argument) says which
// arguments are const-expressions: step 2 of overload resolution eliminates candidates where an
// argument converts to an abstract type while another argument is not a const-expression.
// Empty: every argument is taken to be a const-expression.
BuiltinMatch matchBuiltin(TypeTable& types, const std::string& name, const std::vector<const Type*>& template_types,
                          const std::vector<const Type*>& args, const std::set<std::string>& extensions,
                          const std::vector<bool>& const_args = {});

}  // namespace wgsl::sema
