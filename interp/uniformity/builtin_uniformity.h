// How each built-in function takes part in the uniformity analysis (spec section "Uniformity
// Rules for Function Calls", plus the Tint-compatible choices documented in docs/uniformity.md).
#pragma once

#include <string_view>

namespace wgsl::uniformity {

enum class BuiltinClass {
  Plain,           // default tags: no restriction, result as uniform as the arguments
  Sync,            // workgroupBarrier, storageBarrier, textureBarrier
  UniformLoad,     // workgroupUniformLoad: a sync builtin whose `p` must be uniform
  Derivative,      // dpdx..fwidthFine, textureSample, textureSampleBias, textureSampleCompare
  TextureLoad,     // non-uniform result for read_write storage textures
  Subgroup,        // subgroup builtins (see subgroupResultUniform for the result)
  SubgroupShuffle, // subgroupShuffleUp/Down (`delta`) and subgroupShuffleXor (`mask`)
  Quad,            // quad builtins
  Atomic,          // atomic builtins: result non-uniform (Tint)
};

BuiltinClass classifyBuiltin(std::string_view name);
// At subgroup uniformity scope, the result of these subgroup builtins is uniform.
bool subgroupResultUniform(std::string_view name);

}  // namespace wgsl::uniformity
