// The identity of a built-in function (section "Built-in Functions"): one enumerator per entry of
// builtin_table.inc, recorded in ExprInfo by overload resolution so that no later stage
// dispatches on the callee's name.
#pragma once

#include <cstdint>
#include <string_view>

namespace wgsl::sema {

enum class BuiltinFn : uint8_t {
  None,  // not a built-in function (user function, value constructor or conversion)
#define WGSL_BUILTIN_FN(id, name, uniformity, lowering, lowering_arg, accuracy, signatures) id,
#include "interp/sema/builtin_table.inc"
#undef WGSL_BUILTIN_FN
};

// The number of built-in functions (BuiltinFn::None excluded).
constexpr size_t kBuiltinFnCount = 0
#define WGSL_BUILTIN_FN(id, name, uniformity, lowering, lowering_arg, accuracy, signatures) +1
#include "interp/sema/builtin_table.inc"
#undef WGSL_BUILTIN_FN
    ;

// The role of a built-in function in the uniformity analysis (the Uniformity column of
// builtin_table.inc, where each value is described).
enum class BuiltinUniformity : uint8_t {
  Plain, Sync, UniformLoad, Derivative, TextureLoad, Subgroup, SubgroupUniformResult, SubgroupShuffle, Quad, Atomic,
};

// How ir::Lowerer turns a call into instructions (the Lowering column of builtin_table.inc).
enum class BuiltinLowering : uint8_t { Math, Typed, Pack, Lane, LaneTyped, Atomic, AtomicTyped, Custom, Unsupported };

// The WGSL spelling ("" for None).
std::string_view builtinFnName(BuiltinFn fn);
// The function of that spelling; None if there is none (constructors like `vec3` are None).
BuiltinFn builtinFnFromName(std::string_view name);
BuiltinUniformity builtinUniformity(BuiltinFn fn);
BuiltinLowering builtinLowering(BuiltinFn fn);
// True if the spec's accuracy table for built-in functions has a row for it.
bool builtinHasAccuracyRow(BuiltinFn fn);

}  // namespace wgsl::sema
