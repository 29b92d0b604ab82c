// Names the spec predeclares (section "Predeclared Types and Type-Generators Summary" and
// "Built-in Functions"), for name resolution.
#pragma once

#include <string_view>

namespace wgsl::sema {

// The functions of section "Built-in Functions" (the entries of builtin_table.inc).
bool isBuiltinFunctionName(std::string_view name);
// Predeclared type and type-generator names: scalar types, vec2..4, mat2x2..4x4, their aliases
// (vec3f, mat4x4h, ...), array, atomic, ptr, sampler, sampler_comparison, texture types.
bool isPredeclaredTypeName(std::string_view name);
// Enumerants usable as template arguments: address spaces, access modes, texel formats.
bool isPredeclaredEnumerant(std::string_view name);

}  // namespace wgsl::sema
