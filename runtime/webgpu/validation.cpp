// WebGPU validation rules (webgpu.bs: createBuffer, mapAsync, getMappedRange, copyBufferToBuffer,
// clearBuffer, writeBuffer, createBindGroup, setBindGroup).
#include "runtime/webgpu/validation.h"

namespace wgslemu::webgpu {

namespace {

std::string n(uint64_t v) { return std::to_string(v); }

const WGPUBufferUsage kKnownUsages = WGPUBufferUsage_MapRead | WGPUBufferUsage_MapWrite | WGPUBufferUsage_CopySrc |
                                     WGPUBufferUsage_CopyDst | WGPUBufferUsage_Index | WGPUBufferUsage_Vertex |
                                     WGPUBufferUsage_Uniform | WGPUBufferUsage_Storage | WGPUBufferUsage_Indirect |
                                     WGPUBufferUsage_QueryResolve;

}  // namespace

const char* toString(WGPUBufferBindingType type) {
  switch (type) {
    case WGPUBufferBindingType_Uniform: return "uniform";
    case WGPUBufferBindingType_Storage: return "storage";
    case WGPUBufferBindingType_ReadOnlyStorage: return "read-only-storage";
    default: return "not a buffer binding";
  }
}

std::string bufferDescriptorError(uint64_t size, WGPUBufferUsage usage, bool mapped_at_creation, uint64_t max_size) {
  if (usage == WGPUBufferUsage_None) return "usage is 0 (a buffer needs at least one usage)";
  if (usage & ~kKnownUsages) return "usage has unknown bits";
  if ((usage & WGPUBufferUsage_MapRead) && (usage & ~(WGPUBufferUsage_MapRead | WGPUBufferUsage_CopyDst)))
    return "usage MapRead may only be combined with CopyDst";
  if ((usage & WGPUBufferUsage_MapWrite) && (usage & ~(WGPUBufferUsage_MapWrite | WGPUBufferUsage_CopySrc)))
    return "usage MapWrite may only be combined with CopySrc";
  if (mapped_at_creation && size % 4 != 0) return "mappedAtCreation needs a size that is a multiple of 4, not " + n(size);
  if (size > max_size) return "size " + n(size) + " is larger than the device's maxBufferSize " + n(max_size);
  return "";
}

std::string mapAsyncError(uint64_t buffer_size, WGPUBufferUsage usage, WGPUMapMode mode, uint64_t offset,
                          uint64_t size) {
  if (mode != WGPUMapMode_Read && mode != WGPUMapMode_Write) return "mode must be exactly one of Read and Write";
  if (mode == WGPUMapMode_Read && !(usage & WGPUBufferUsage_MapRead)) return "mode Read needs usage MapRead";
  if (mode == WGPUMapMode_Write && !(usage & WGPUBufferUsage_MapWrite)) return "mode Write needs usage MapWrite";
  if (offset % 8 != 0) return "offset " + n(offset) + " is not a multiple of 8";
  if (size % 4 != 0) return "size " + n(size) + " is not a multiple of 4";
  if (offset > buffer_size || size > buffer_size - offset)
    return "range [" + n(offset) + ", +" + n(size) + ") is outside the buffer of " + n(buffer_size) + " bytes";
  return "";
}

std::string mappedRangeError(uint64_t map_offset, uint64_t map_size, uint64_t offset, uint64_t size) {
  if (offset % 8 != 0) return "offset " + n(offset) + " is not a multiple of 8";
  if (size % 4 != 0) return "size " + n(size) + " is not a multiple of 4";
  if (offset < map_offset || offset - map_offset > map_size || size > map_size - (offset - map_offset))
    return "range [" + n(offset) + ", +" + n(size) + ") is outside the mapped range [" + n(map_offset) + ", +" +
           n(map_size) + ")";
  return "";
}

std::string copyError(uint64_t src_size, WGPUBufferUsage src_usage, uint64_t src_offset, uint64_t dst_size,
                      WGPUBufferUsage dst_usage, uint64_t dst_offset, uint64_t size, bool same_buffer) {
  if (!(src_usage & WGPUBufferUsage_CopySrc)) return "the source lacks usage CopySrc";
  if (!(dst_usage & WGPUBufferUsage_CopyDst)) return "the destination lacks usage CopyDst";
  if (size % 4 != 0) return "size " + n(size) + " is not a multiple of 4";
  if (src_offset % 4 != 0 || dst_offset % 4 != 0) return "offsets must be multiples of 4";
  if (src_offset > src_size || size > src_size - src_offset)
    return "the source range [" + n(src_offset) + ", +" + n(size) + ") is outside its " + n(src_size) + " bytes";
  if (dst_offset > dst_size || size > dst_size - dst_offset)
    return "the destination range [" + n(dst_offset) + ", +" + n(size) + ") is outside its " + n(dst_size) + " bytes";
  if (same_buffer) return "source and destination are the same buffer";
  return "";
}

std::string clearError(uint64_t buffer_size, WGPUBufferUsage usage, uint64_t offset, uint64_t size) {
  if (!(usage & WGPUBufferUsage_CopyDst)) return "the buffer lacks usage CopyDst";
  if (size % 4 != 0 || offset % 4 != 0) return "offset and size must be multiples of 4";
  if (offset > buffer_size || size > buffer_size - offset)
    return "range [" + n(offset) + ", +" + n(size) + ") is outside the buffer of " + n(buffer_size) + " bytes";
  return "";
}

std::string writeBufferError(uint64_t buffer_size, WGPUBufferUsage usage, uint64_t offset, uint64_t size) {
  if (!(usage & WGPUBufferUsage_CopyDst)) return "the buffer lacks usage CopyDst";
  if (size % 4 != 0 || offset % 4 != 0) return "offset " + n(offset) + " and size " + n(size) + " must be multiples of 4";
  if (offset > buffer_size || size > buffer_size - offset)
    return "range [" + n(offset) + ", +" + n(size) + ") is outside the buffer of " + n(buffer_size) + " bytes";
  return "";
}

std::string bufferBindingError(WGPUBufferBindingType type, WGPUBufferUsage usage, uint64_t buffer_size,
                               uint64_t offset, uint64_t size, uint64_t min_binding_size, const WGPULimits& limits) {
  const bool uniform = type == WGPUBufferBindingType_Uniform;
  if (uniform && !(usage & WGPUBufferUsage_Uniform)) return "a uniform binding needs a buffer with usage Uniform";
  if (!uniform && !(usage & WGPUBufferUsage_Storage)) return "a storage binding needs a buffer with usage Storage";
  const uint64_t align = uniform ? limits.minUniformBufferOffsetAlignment : limits.minStorageBufferOffsetAlignment;
  if (align && offset % align != 0)
    return "offset " + n(offset) + " is not a multiple of " + (uniform ? "minUniform" : "minStorage") +
           "BufferOffsetAlignment (" + n(align) + ")";
  if (offset > buffer_size || size > buffer_size - offset)
    return "range [" + n(offset) + ", +" + n(size) + ") is outside the buffer of " + n(buffer_size) + " bytes";
  if (size == 0) return "the binding is empty (size 0)";
  if (size < min_binding_size)
    return "binding size " + n(size) + " is smaller than the layout's minBindingSize " + n(min_binding_size);
  if (!uniform && size % 4 != 0) return "a storage binding's size must be a multiple of 4, not " + n(size);
  const uint64_t max = uniform ? limits.maxUniformBufferBindingSize : limits.maxStorageBufferBindingSize;
  if (size > max)
    return "binding size " + n(size) + " exceeds " + (uniform ? "maxUniform" : "maxStorage") + "BufferBindingSize " +
           n(max);
  return "";
}

std::string dynamicOffsetError(WGPUBufferBindingType type, uint32_t dynamic_offset, uint64_t offset, uint64_t size,
                               uint64_t buffer_size, const WGPULimits& limits) {
  const bool uniform = type == WGPUBufferBindingType_Uniform;
  const uint64_t align = uniform ? limits.minUniformBufferOffsetAlignment : limits.minStorageBufferOffsetAlignment;
  if (align && dynamic_offset % align != 0)
    return "dynamic offset " + n(dynamic_offset) + " is not a multiple of " + n(align);
  if (offset + dynamic_offset > buffer_size || size > buffer_size - offset - dynamic_offset)
    return "dynamic offset " + n(dynamic_offset) + " moves the binding [" + n(offset) + ", +" + n(size) +
           ") outside the buffer of " + n(buffer_size) + " bytes";
  return "";
}

}  // namespace wgslemu::webgpu
