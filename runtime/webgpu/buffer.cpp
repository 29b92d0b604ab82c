// Buffers and mapping (doc/BufferMapping.md; WebGPU "GPUBuffer"): creation, the map state
// machine (unmapped, pending, mapped), mapped ranges, Unmap, Destroy.
#include <cstdio>
#include <atomic>
#include <cstring>

#include "runtime/webgpu/objects.h"
#include "runtime/webgpu/validation.h"

using namespace wgslemu::webgpu;

namespace {

// Implementation-defined logging of doc/BufferMapping.md: mapped-range calls that fail.
void rangeLog(WGPUBuffer b, const char* function, const std::string& message) {
  std::fprintf(stderr, "wgslemu: %s(%s): %s\n", function, b ? b->describe().c_str() : "null buffer",
               message.c_str());
}

// The checks of getMappedRange(); the pointer, or null after logging why.
uint8_t* mappedRange(WGPUBuffer b, size_t offset, size_t size, bool write, const char* function) {
  if (!b) {
    rangeLog(b, function, "the buffer is null");
    return nullptr;
  }
  if (b->state != WGPUBufferMapState_Mapped) {
    rangeLog(b, function, "the buffer is not mapped");
    return nullptr;
  }
  if (write && !(b->map_mode & WGPUMapMode_Write)) {
    rangeLog(b, function, "the buffer is mapped for reading: use wgpuBufferGetConstMappedRange or ReadMappedRange");
    return nullptr;
  }
  const uint64_t end_of_map = b->map_offset + b->map_size;
  uint64_t start = offset;
  uint64_t len = size == WGPU_WHOLE_MAP_SIZE ? (start <= end_of_map ? end_of_map - start : 0) : size;
  std::string why = mappedRangeError(b->map_offset, b->map_size, start, len);
  if (!why.empty()) {
    rangeLog(b, function, why);
    return nullptr;
  }
  if (write) {
    for (auto& r : b->ranges) {
      if (start < r.first + r.second && r.first < start + len) {
        rangeLog(b, function, "the range overlaps a range already returned by wgpuBufferGetMappedRange");
        return nullptr;
      }
    }
    b->ranges.emplace_back(start, len);
  }
  if (!b->bytes()) return nullptr;
  return b->bytes() + start;
}

}  // namespace

WGPU_API WGPUBuffer wgpuDeviceCreateBuffer(WGPUDevice device, WGPUBufferDescriptor const* d) {
  if (!device || !d) {
    validationError(device, "wgpuDeviceCreateBuffer", "the device or the descriptor is null");
    return nullptr;
  }
  auto* b = new WGPUBufferImpl();
  b->device = device;
  addRefObject(device, "wgpuDeviceCreateBuffer");
  b->label = toString(d->label);
  b->size = d->size;
  b->usage = d->usage;
  const std::string fn = "wgpuDeviceCreateBuffer(" + b->describe() + ")";
  if (!checkChain(device, fn, d->nextInChain, {})) {
    b->valid = false;
    return b;
  }
  std::string why = bufferDescriptorError(d->size, d->usage, d->mappedAtCreation, device->limits.maxBufferSize);
  if (!why.empty()) {
    device->validation(fn + ": " + why);
    b->valid = false;
    // WebGPU still maps an invalid buffer created mappedAtCreation, so the program's writes land
    // somewhere; wgslemu does so up to the device's maxBufferSize (beyond it: no range).
    if (d->mappedAtCreation && d->size <= device->limits.maxBufferSize) {
      try {
        b->buf = device->rt->createBuffer((d->size + 3) / 4 * 4);
        b->state = WGPUBufferMapState_Mapped;
        b->map_mode = WGPUMapMode_Write;
        b->map_size = d->size;
        b->mapped_at_creation = true;
      } catch (const std::exception&) {
      }
    }
    return b;
  }
  try {
    b->buf = device->rt->createBuffer(d->size);
  } catch (const std::exception& e) {
    device->error(WGPUErrorType_OutOfMemory, fn + ": " + e.what());
    b->valid = false;
    return b;
  }
  if (d->mappedAtCreation) {
    b->state = WGPUBufferMapState_Mapped;
    b->map_mode = WGPUMapMode_Write;
    b->map_offset = 0;
    b->map_size = d->size;
    b->mapped_at_creation = true;
  }
  return b;
}

WGPU_API void wgpuBufferAddRef(WGPUBuffer b) { addRefObject(b, "wgpuBufferAddRef"); }
WGPU_API void wgpuBufferRelease(WGPUBuffer b) { releaseObject(b, "wgpuBufferRelease"); }
WGPU_API void wgpuBufferSetLabel(WGPUBuffer b, WGPUStringView label) {
  if (b) b->label = toString(label);
}
WGPU_API uint64_t wgpuBufferGetSize(WGPUBuffer b) { return b ? b->size : 0; }
WGPU_API WGPUBufferUsage wgpuBufferGetUsage(WGPUBuffer b) { return b ? b->usage : WGPUBufferUsage_None; }
WGPU_API WGPUBufferMapState wgpuBufferGetMapState(WGPUBuffer b) {
  return b ? b->state : WGPUBufferMapState_Unmapped;
}

WGPU_API WGPUFuture wgpuBufferMapAsync(WGPUBuffer b, WGPUMapMode mode, size_t offset, size_t size,
                                       WGPUBufferMapCallbackInfo info) {
  if (!b) {
    validationError(nullptr, "wgpuBufferMapAsync", "the buffer is null");
    return WGPUFuture{0};
  }
  WGPUDevice device = b->device;
  const std::string fn = "wgpuBufferMapAsync(" + b->describe() + ")";
  uint64_t len = size == WGPU_WHOLE_MAP_SIZE ? (offset <= b->size ? b->size - offset : 0) : size;
  std::string why;
  if (!b->valid) {
    why = "the buffer is invalid (its creation failed)";
  } else if (b->destroyed) {
    why = "the buffer is destroyed";
  } else if (b->state != WGPUBufferMapState_Unmapped) {
    why = b->state == WGPUBufferMapState_Mapped ? "the buffer is already mapped (call wgpuBufferUnmap first)"
                                                 : "a mapping of the buffer is already pending";
  } else {
    why = mapAsyncError(b->size, b->usage, mode, offset, len);
  }
  WGPUBuffer keep = b;
  addRefObject(b, "wgpuBufferMapAsync");
  if (!why.empty()) {
    device->validation(fn + ": " + why);
    return device->instance->add(info.mode, true, [info, keep, why](bool cancelled) {
      if (info.callback)
        info.callback(cancelled ? WGPUMapAsyncStatus_CallbackCancelled : WGPUMapAsyncStatus_Error, toView(why),
                      info.userdata1, info.userdata2);
      releaseObject(keep, "wgpuBufferMapAsync");
    });
  }
  b->state = WGPUBufferMapState_Pending;
  // The pending mapping is known by a token (not the future id, which add() assigns).
  static std::atomic<uint64_t> next_token{1};
  const uint64_t id = next_token++;
  b->pending_map = id;
  return device->instance->add(info.mode, true, [info, keep, id, mode, offset, len](bool cancelled) {
    WGPUMapAsyncStatus status = WGPUMapAsyncStatus_Success;
    std::string message;
    if (keep->pending_map != id || keep->state != WGPUBufferMapState_Pending) {
      status = WGPUMapAsyncStatus_Aborted;
      message = "the buffer was unmapped or destroyed before the mapping completed";
    } else if (cancelled) {
      status = WGPUMapAsyncStatus_CallbackCancelled;
      keep->state = WGPUBufferMapState_Unmapped;
    } else {
      keep->state = WGPUBufferMapState_Mapped;
      keep->map_mode = mode;
      keep->map_offset = offset;
      keep->map_size = len;
      keep->ranges.clear();
    }
    if (keep->pending_map == id) keep->pending_map = 0;
    if (info.callback) info.callback(status, toView(message), info.userdata1, info.userdata2);
    releaseObject(keep, "wgpuBufferMapAsync");
  });
}

WGPU_API void* wgpuBufferGetMappedRange(WGPUBuffer b, size_t offset, size_t size) {
  return mappedRange(b, offset, size, true, "wgpuBufferGetMappedRange");
}

WGPU_API void const* wgpuBufferGetConstMappedRange(WGPUBuffer b, size_t offset, size_t size) {
  return mappedRange(b, offset, size, false, "wgpuBufferGetConstMappedRange");
}

WGPU_API WGPUStatus wgpuBufferReadMappedRange(WGPUBuffer b, size_t offset, void* data, size_t size) {
  const uint8_t* p = mappedRange(b, offset, size, false, "wgpuBufferReadMappedRange");
  if (!p || (size && !data)) return WGPUStatus_Error;
  if (size) std::memcpy(data, p, size);
  return WGPUStatus_Success;
}

WGPU_API WGPUStatus wgpuBufferWriteMappedRange(WGPUBuffer b, size_t offset, void const* data, size_t size) {
  if (!b || b->state != WGPUBufferMapState_Mapped || !(b->map_mode & WGPUMapMode_Write)) {
    rangeLog(b, "wgpuBufferWriteMappedRange", "the buffer is not mapped for writing");
    return WGPUStatus_Error;
  }
  std::string why = mappedRangeError(b->map_offset, b->map_size, offset, size);
  if (!why.empty() || (size && !data) || !b->bytes()) {
    rangeLog(b, "wgpuBufferWriteMappedRange", why.empty() ? "no data" : why);
    return WGPUStatus_Error;
  }
  if (size) std::memcpy(b->bytes() + offset, data, size);
  return WGPUStatus_Success;
}

WGPU_API void wgpuBufferUnmap(WGPUBuffer b) {
  if (!b) {
    validationError(nullptr, "wgpuBufferUnmap", "the buffer is null");
    return;
  }
  // Unmapping an unmapped buffer is allowed (no-op); a pending map is aborted.
  b->state = WGPUBufferMapState_Unmapped;
  b->pending_map = 0;
  b->map_mode = WGPUMapMode_None;
  b->ranges.clear();
  b->mapped_at_creation = false;
}

WGPU_API void wgpuBufferDestroy(WGPUBuffer b) {
  if (!b) return;
  wgpuBufferUnmap(b);
  b->destroyed = true;
  b->buf = wgsl::runtime::Buffer();  // the memory goes now; the handle stays valid
}
