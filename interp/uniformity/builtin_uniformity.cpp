#include "interp/uniformity/builtin_uniformity.h"

#include <algorithm>
#include <iterator>

namespace wgsl::uniformity {
namespace {

bool in(std::string_view name, std::initializer_list<std::string_view> list) {
  return std::find(list.begin(), list.end(), name) != list.end();
}

}  // namespace

BuiltinClass classifyBuiltin(std::string_view name) {
  if (in(name, {"workgroupBarrier", "storageBarrier", "textureBarrier"})) return BuiltinClass::Sync;
  if (name == "workgroupUniformLoad") return BuiltinClass::UniformLoad;
  if (in(name, {"dpdx", "dpdxCoarse", "dpdxFine", "dpdy", "dpdyCoarse", "dpdyFine", "fwidth",
                "fwidthCoarse", "fwidthFine", "textureSample", "textureSampleBias",
                "textureSampleCompare"}))
    return BuiltinClass::Derivative;
  if (name == "textureLoad") return BuiltinClass::TextureLoad;
  if (in(name, {"subgroupShuffleUp", "subgroupShuffleDown", "subgroupShuffleXor"}))
    return BuiltinClass::SubgroupShuffle;
  if (name.substr(0, 8) == "subgroup") return BuiltinClass::Subgroup;
  if (name.substr(0, 4) == "quad") return BuiltinClass::Quad;
  if (name.substr(0, 6) == "atomic") return BuiltinClass::Atomic;
  return BuiltinClass::Plain;
}

bool subgroupResultUniform(std::string_view name) {
  return in(name, {"subgroupAdd", "subgroupAll", "subgroupAnd", "subgroupAny", "subgroupBallot",
                   "subgroupBroadcast", "subgroupBroadcastFirst", "subgroupMax", "subgroupMin",
                   "subgroupMul", "subgroupOr", "subgroupXor"});
}

}  // namespace wgsl::uniformity
