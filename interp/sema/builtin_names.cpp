#include "interp/sema/builtin_names.h"

#include <algorithm>
#include <iterator>

#include "interp/sema/builtin_fn.h"

namespace wgsl::sema {
namespace {

constexpr std::string_view kTypes[] = {
    "array", "atomic", "bool", "buffer", "f16", "f32", "i32", "mat2x2", "mat2x2f", "mat2x2h", "mat2x3",
    "mat2x3f", "mat2x3h", "mat2x4", "mat2x4f", "mat2x4h", "mat3x2", "mat3x2f", "mat3x2h", "mat3x3",
    "mat3x3f", "mat3x3h", "mat3x4", "mat3x4f", "mat3x4h", "mat4x2", "mat4x2f", "mat4x2h", "mat4x3",
    "mat4x3f", "mat4x3h", "mat4x4", "mat4x4f", "mat4x4h", "ptr", "sampler", "sampler_comparison",
    "texture_1d", "texture_2d", "texture_2d_array", "texture_3d", "texture_cube", "texture_cube_array",
    "texture_depth_2d", "texture_depth_2d_array", "texture_depth_cube", "texture_depth_cube_array",
    "texture_depth_multisampled_2d", "texture_external", "texture_multisampled_2d", "texture_storage_1d",
    "texture_storage_2d", "texture_storage_2d_array", "texture_storage_3d", "u32", "vec2", "vec2f",
    "vec2h", "vec2i", "vec2u", "vec3", "vec3f", "vec3h", "vec3i", "vec3u", "vec4", "vec4f", "vec4h",
    "vec4i", "vec4u"};

// Address spaces, access modes and the texel formats of section "Texel Formats" (including
// those of the texture_formats_tier1 extension), sorted.
constexpr std::string_view kEnumerants[] = {
    "bgra8unorm", "function", "immediate", "private", "r16float", "r16sint", "r16snorm", "r16uint",
    "r16unorm", "r32float", "r32sint", "r32uint", "r8sint", "r8snorm", "r8uint", "r8unorm", "read",
    "read_write", "rg11b10ufloat", "rg16float", "rg16sint", "rg16snorm", "rg16uint", "rg16unorm",
    "rg32float", "rg32sint", "rg32uint", "rg8sint", "rg8snorm", "rg8uint", "rg8unorm",
    "rgb10a2uint", "rgb10a2unorm", "rgba16float", "rgba16sint", "rgba16snorm", "rgba16uint",
    "rgba16unorm", "rgba32float", "rgba32sint", "rgba32uint", "rgba8sint", "rgba8snorm",
    "rgba8uint", "rgba8unorm", "storage", "uniform", "workgroup", "write",
};

template <size_t N>
bool contains(const std::string_view (&table)[N], std::string_view name) {
  return std::binary_search(std::begin(table), std::end(table), name);
}

}  // namespace

bool isBuiltinFunctionName(std::string_view name) { return builtinFnFromName(name) != BuiltinFn::None; }
bool isPredeclaredTypeName(std::string_view name) { return contains(kTypes, name); }
bool isPredeclaredEnumerant(std::string_view name) { return contains(kEnumerants, name); }

}  // namespace wgsl::sema
