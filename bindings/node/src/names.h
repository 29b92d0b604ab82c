// The spellings WebGPU's JavaScript API uses for webgpu.h's enums and limits (the IDL names of
// webgpu.bs next to the C values of webgpu.h). Pure tables, no behaviour.
#pragma once

#include <webgpu/webgpu.h>

#include <cstddef>
#include <cstdint>

namespace wgslemu::node {

struct FeatureName {
  const char* js;
  WGPUFeatureName c;
};
inline constexpr FeatureName kFeatures[] = {
    {"core-features-and-limits", WGPUFeatureName_CoreFeaturesAndLimits},
    {"depth-clip-control", WGPUFeatureName_DepthClipControl},
    {"depth32float-stencil8", WGPUFeatureName_Depth32FloatStencil8},
    {"texture-compression-bc", WGPUFeatureName_TextureCompressionBC},
    {"texture-compression-bc-sliced-3d", WGPUFeatureName_TextureCompressionBCSliced3D},
    {"texture-compression-etc2", WGPUFeatureName_TextureCompressionETC2},
    {"texture-compression-astc", WGPUFeatureName_TextureCompressionASTC},
    {"texture-compression-astc-sliced-3d", WGPUFeatureName_TextureCompressionASTCSliced3D},
    {"timestamp-query", WGPUFeatureName_TimestampQuery},
    {"indirect-first-instance", WGPUFeatureName_IndirectFirstInstance},
    {"shader-f16", WGPUFeatureName_ShaderF16},
    {"rg11b10ufloat-renderable", WGPUFeatureName_RG11B10UfloatRenderable},
    {"bgra8unorm-storage", WGPUFeatureName_BGRA8UnormStorage},
    {"float32-filterable", WGPUFeatureName_Float32Filterable},
    {"float32-blendable", WGPUFeatureName_Float32Blendable},
    {"clip-distances", WGPUFeatureName_ClipDistances},
    {"dual-source-blending", WGPUFeatureName_DualSourceBlending},
    {"subgroups", WGPUFeatureName_Subgroups},
    {"texture-formats-tier1", WGPUFeatureName_TextureFormatsTier1},
    {"texture-formats-tier2", WGPUFeatureName_TextureFormatsTier2},
    {"primitive-index", WGPUFeatureName_PrimitiveIndex},
};

struct LanguageFeatureName {
  const char* js;
  WGPUWGSLLanguageFeatureName c;
};
inline constexpr LanguageFeatureName kLanguageFeatures[] = {
    {"readonly_and_readwrite_storage_textures", WGPUWGSLLanguageFeatureName_ReadonlyAndReadwriteStorageTextures},
    {"packed_4x8_integer_dot_product", WGPUWGSLLanguageFeatureName_Packed4x8IntegerDotProduct},
    {"unrestricted_pointer_parameters", WGPUWGSLLanguageFeatureName_UnrestrictedPointerParameters},
    {"pointer_composite_access", WGPUWGSLLanguageFeatureName_PointerCompositeAccess},
    {"uniform_buffer_standard_layout", WGPUWGSLLanguageFeatureName_UniformBufferStandardLayout},
    {"subgroup_id", WGPUWGSLLanguageFeatureName_SubgroupId},
    {"texture_and_sampler_let", WGPUWGSLLanguageFeatureName_TextureAndSamplerLet},
    {"subgroup_uniformity", WGPUWGSLLanguageFeatureName_SubgroupUniformity},
    {"texture_formats_tier1", WGPUWGSLLanguageFeatureName_TextureFormatsTier1},
    {"linear_indexing", WGPUWGSLLanguageFeatureName_LinearIndexing},
    {"immediate_address_space", WGPUWGSLLanguageFeatureName_ImmediateAddressSpace},
};

struct LimitName {
  const char* js;
  size_t offset;
  bool is64;
};
#define WGSLEMU_LIMIT(name, bits) {#name, offsetof(WGPULimits, name), bits == 64}
inline constexpr LimitName kLimits[] = {
    WGSLEMU_LIMIT(maxTextureDimension1D, 32),
    WGSLEMU_LIMIT(maxTextureDimension2D, 32),
    WGSLEMU_LIMIT(maxTextureDimension3D, 32),
    WGSLEMU_LIMIT(maxTextureArrayLayers, 32),
    WGSLEMU_LIMIT(maxBindGroups, 32),
    WGSLEMU_LIMIT(maxBindGroupsPlusVertexBuffers, 32),
    WGSLEMU_LIMIT(maxBindingsPerBindGroup, 32),
    WGSLEMU_LIMIT(maxDynamicUniformBuffersPerPipelineLayout, 32),
    WGSLEMU_LIMIT(maxDynamicStorageBuffersPerPipelineLayout, 32),
    WGSLEMU_LIMIT(maxSampledTexturesPerShaderStage, 32),
    WGSLEMU_LIMIT(maxSamplersPerShaderStage, 32),
    WGSLEMU_LIMIT(maxStorageBuffersPerShaderStage, 32),
    WGSLEMU_LIMIT(maxStorageTexturesPerShaderStage, 32),
    WGSLEMU_LIMIT(maxUniformBuffersPerShaderStage, 32),
    WGSLEMU_LIMIT(maxUniformBufferBindingSize, 64),
    WGSLEMU_LIMIT(maxStorageBufferBindingSize, 64),
    WGSLEMU_LIMIT(minUniformBufferOffsetAlignment, 32),
    WGSLEMU_LIMIT(minStorageBufferOffsetAlignment, 32),
    WGSLEMU_LIMIT(maxVertexBuffers, 32),
    WGSLEMU_LIMIT(maxBufferSize, 64),
    WGSLEMU_LIMIT(maxVertexAttributes, 32),
    WGSLEMU_LIMIT(maxVertexBufferArrayStride, 32),
    WGSLEMU_LIMIT(maxInterStageShaderVariables, 32),
    WGSLEMU_LIMIT(maxColorAttachments, 32),
    WGSLEMU_LIMIT(maxColorAttachmentBytesPerSample, 32),
    WGSLEMU_LIMIT(maxComputeWorkgroupStorageSize, 32),
    WGSLEMU_LIMIT(maxComputeInvocationsPerWorkgroup, 32),
    WGSLEMU_LIMIT(maxComputeWorkgroupSizeX, 32),
    WGSLEMU_LIMIT(maxComputeWorkgroupSizeY, 32),
    WGSLEMU_LIMIT(maxComputeWorkgroupSizeZ, 32),
    WGSLEMU_LIMIT(maxComputeWorkgroupsPerDimension, 32),
    WGSLEMU_LIMIT(maxImmediateSize, 32),
};
#undef WGSLEMU_LIMIT

}  // namespace wgslemu::node
