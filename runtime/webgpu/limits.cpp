// Device limits: a table of every WGPULimits field with its default, the adapter's value and
// whether more (maximum) or less (alignment) is better.
#include "runtime/webgpu/limits.h"

#include "interp/sema/limits.h"

#include <cstdint>

namespace wgslemu::webgpu {

namespace {

enum Better { More, Less };

// field, default (WebGPU's), adapter (wgslemu's), better
#define WGSLEMU_LIMITS(X)                                        \
  X(maxTextureDimension1D, 8192, 8192, More)                     \
  X(maxTextureDimension2D, 8192, 8192, More)                     \
  X(maxTextureDimension3D, 2048, 2048, More)                     \
  X(maxTextureArrayLayers, 256, 256, More)                       \
  X(maxBindGroups, 4, 8, More)                                   \
  X(maxBindGroupsPlusVertexBuffers, 24, 24, More)                \
  X(maxBindingsPerBindGroup, 1000, 1000, More)                   \
  X(maxDynamicUniformBuffersPerPipelineLayout, 8, 16, More)      \
  X(maxDynamicStorageBuffersPerPipelineLayout, 4, 16, More)      \
  X(maxSampledTexturesPerShaderStage, 16, 16, More)              \
  X(maxSamplersPerShaderStage, 16, 16, More)                     \
  X(maxStorageBuffersPerShaderStage, 8, 64, More)                \
  X(maxStorageTexturesPerShaderStage, 4, 4, More)                \
  X(maxUniformBuffersPerShaderStage, 12, 24, More)               \
  X(maxUniformBufferBindingSize, 65536, 65536, More)             \
  X(maxStorageBufferBindingSize, 134217728, 1073741824, More)    \
  X(minUniformBufferOffsetAlignment, 256, 16, Less)              \
  X(minStorageBufferOffsetAlignment, 256, 16, Less)              \
  X(maxVertexBuffers, 8, 8, More)                                \
  X(maxBufferSize, 268435456, 1073741824, More)                  \
  X(maxVertexAttributes, 16, 16, More)                           \
  X(maxVertexBufferArrayStride, 2048, 2048, More)                \
  X(maxInterStageShaderVariables, 16, 16, More)                  \
  X(maxColorAttachments, 8, 8, More)                             \
  X(maxColorAttachmentBytesPerSample, 32, 32, More)              \
  X(maxComputeWorkgroupStorageSize, 16384, wgsl::sema::kMaxWorkgroupStorageBytes, More) \
  X(maxComputeInvocationsPerWorkgroup, 256, 1024, More)          \
  X(maxComputeWorkgroupSizeX, 256, 1024, More)                   \
  X(maxComputeWorkgroupSizeY, 256, 1024, More)                   \
  X(maxComputeWorkgroupSizeZ, 64, 64, More)                      \
  X(maxComputeWorkgroupsPerDimension, 65535, 65535, More)        \
  X(maxImmediateSize, 0, 0, More)

template <typename T>
bool undefined(T v) {
  return v == static_cast<T>(~static_cast<T>(0));
}

}  // namespace

WGPULimits defaultLimits() {
  WGPULimits l{};
#define X(f, d, a, b) l.f = d;
  WGSLEMU_LIMITS(X)
#undef X
  return l;
}

WGPULimits adapterLimits() {
  WGPULimits l{};
#define X(f, d, a, b) l.f = a;
  WGSLEMU_LIMITS(X)
#undef X
  return l;
}

bool deviceLimits(const WGPULimits* required, WGPULimits& out, std::string& error) {
  out = defaultLimits();
  if (!required) return true;
  const WGPULimits adapter = adapterLimits();
#define X(f, d, a, b)                                                                            \
  if (!undefined(required->f)) {                                                                 \
    const uint64_t want = required->f, have = adapter.f;                                        \
    if (b == More ? want > have : want < have) {                                                 \
      error = "requiredLimits." #f " = " + std::to_string(want) + " is better than the adapter's " + \
              std::to_string(have);                                                              \
      return false;                                                                              \
    }                                                                                            \
    if (b == Less && (want & (want - 1)) != 0) {                                                 \
      error = "requiredLimits." #f " = " + std::to_string(want) + " is not a power of two";      \
      return false;                                                                              \
    }                                                                                            \
    if (b == More ? want > out.f : want < out.f) out.f = required->f;                            \
  }
  WGSLEMU_LIMITS(X)
#undef X
  return true;
}

wgsl::runtime::Limits toRuntime(const WGPULimits& l) {
  wgsl::runtime::Limits r;
  r.max_compute_workgroup_size_x = l.maxComputeWorkgroupSizeX;
  r.max_compute_workgroup_size_y = l.maxComputeWorkgroupSizeY;
  r.max_compute_workgroup_size_z = l.maxComputeWorkgroupSizeZ;
  r.max_compute_invocations_per_workgroup = l.maxComputeInvocationsPerWorkgroup;
  r.max_compute_workgroups_per_dimension = l.maxComputeWorkgroupsPerDimension;
  r.max_compute_workgroup_storage_size = l.maxComputeWorkgroupStorageSize;
  r.max_storage_buffer_binding_size = l.maxStorageBufferBindingSize;
  r.max_uniform_buffer_binding_size = l.maxUniformBufferBindingSize;
  r.max_buffer_size = l.maxBufferSize;
  r.max_bind_groups = l.maxBindGroups;
  r.max_bindings_per_bind_group = l.maxBindingsPerBindGroup;
  r.min_storage_buffer_offset_alignment = l.minStorageBufferOffsetAlignment;
  r.min_uniform_buffer_offset_alignment = l.minUniformBufferOffsetAlignment;
  return r;
}

}  // namespace wgslemu::webgpu
