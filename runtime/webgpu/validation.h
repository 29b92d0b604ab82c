// WebGPU's validation rules for the compute subset, as plain functions: each returns "" when
// the rule holds, otherwise a sentence saying which rule is broken (the caller adds the object's
// label). One home per rule; the C API (runtime/webgpu/) calls them.
#pragma once

#include <webgpu/webgpu.h>

#include <cstdint>
#include <string>

namespace wgslemu::webgpu {

// createBuffer: usage non-zero and known, MAP_READ only with COPY_DST, MAP_WRITE only with
// COPY_SRC, mappedAtCreation needs size % 4 == 0, size within maxBufferSize.
std::string bufferDescriptorError(uint64_t size, WGPUBufferUsage usage, bool mapped_at_creation, uint64_t max_size);
// mapAsync: one of READ/WRITE with the matching usage, offset % 8, size % 4, within the buffer.
std::string mapAsyncError(uint64_t buffer_size, WGPUBufferUsage usage, WGPUMapMode mode, uint64_t offset,
                          uint64_t size);
// getMappedRange: offset % 8, size % 4, within the mapped range.
std::string mappedRangeError(uint64_t map_offset, uint64_t map_size, uint64_t offset, uint64_t size);
// copyBufferToBuffer: usages COPY_SRC/COPY_DST, sizes and offsets multiples of 4, in bounds,
// not the same buffer.
std::string copyError(uint64_t src_size, WGPUBufferUsage src_usage, uint64_t src_offset, uint64_t dst_size,
                      WGPUBufferUsage dst_usage, uint64_t dst_offset, uint64_t size, bool same_buffer);
// clearBuffer: COPY_DST, offset and size multiples of 4, in bounds.
std::string clearError(uint64_t buffer_size, WGPUBufferUsage usage, uint64_t offset, uint64_t size);
// writeBuffer: COPY_DST, offset and size multiples of 4, in bounds.
std::string writeBufferError(uint64_t buffer_size, WGPUBufferUsage usage, uint64_t offset, uint64_t size);
// A bind group entry for a buffer binding of `type`: usage (UNIFORM or STORAGE), offset
// alignment, range in the buffer, size at least min_binding_size, within the binding-size limit.
std::string bufferBindingError(WGPUBufferBindingType type, WGPUBufferUsage usage, uint64_t buffer_size,
                               uint64_t offset, uint64_t size, uint64_t min_binding_size, const WGPULimits& limits);
// A dynamic offset: aligned to the type's limit and keeping the binding inside the buffer.
std::string dynamicOffsetError(WGPUBufferBindingType type, uint32_t dynamic_offset, uint64_t offset, uint64_t size,
                               uint64_t buffer_size, const WGPULimits& limits);
const char* toString(WGPUBufferBindingType type);

}  // namespace wgslemu::webgpu
