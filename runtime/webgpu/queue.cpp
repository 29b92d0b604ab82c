// Queue: WriteBuffer, Submit (runs the recorded commands on the wgslemu device, in order) and
// OnSubmittedWorkDone. Dynamic errors of a dispatch are printed to standard error; a trap or a
// hang loses the device with the explanation.
#include <cstdio>
#include <cstring>

#include "runtime/webgpu/dispatch_report.h"
#include "runtime/webgpu/objects.h"
#include "runtime/webgpu/validation.h"

using namespace wgslemu::webgpu;
namespace rt = wgsl::runtime;

namespace {

// Buffers a command buffer uses, for the submit-time checks (destroyed, mapped).
std::vector<WGPUBuffer> buffersOf(const Command& c) {
  std::vector<WGPUBuffer> out;
  if (c.src) out.push_back(c.src);
  if (c.dst) out.push_back(c.dst);
  for (auto g : c.groups) {
    if (!g) continue;
    for (const auto& e : g->entries) out.push_back(e.buffer);
  }
  return out;
}

void run(WGPUDevice device, const Command& c) {
  switch (c.kind) {
    case Command::Copy:
      if (c.size) std::memmove(c.dst->bytes() + c.dst_offset, c.src->bytes() + c.src_offset, c.size);
      return;
    case Command::Clear:
      if (c.size) std::memset(c.dst->bytes() + c.dst_offset, 0, c.size);
      return;
    case Command::Dispatch:
    case Command::DispatchIndirect: break;
  }
  std::vector<rt::BindGroup> groups(1);
  for (size_t i = 0; i < c.groups.size(); ++i) {
    WGPUBindGroup g = c.groups[i];
    if (!g || i >= c.pipeline->groups.size()) continue;
    size_t d = 0;
    for (const auto& e : g->entries) {
      uint64_t off = e.offset;
      if (g->layout->find(e.binding)->dynamic) off += c.dynamic_offsets[i][d++];
      groups[0].bind(static_cast<uint32_t>(i), e.binding, e.buffer->buf, off, e.size);
    }
  }
  rt::Report report;
  try {
    if (c.kind == Command::Dispatch) {
      report = device->rt->dispatch(c.pipeline->pipe, groups, c.x, c.y, c.z);
    } else {
      // The runtime reads the counts from a runtime buffer; ours is one (usage checked when encoded).
      uint32_t counts[3];
      std::memcpy(counts, c.src->bytes() + c.src_offset, sizeof counts);
      const uint32_t max = device->limits.maxComputeWorkgroupsPerDimension;
      if (counts[0] > max || counts[1] > max || counts[2] > max) return;  // WebGPU: an indirect dispatch
                                                                          // beyond the limit is skipped
      report = device->rt->dispatch(c.pipeline->pipe, groups, counts[0], counts[1], counts[2]);
    }
  } catch (const rt::Error& e) {
    device->validation("wgpuQueueSubmit: dispatch of " + c.pipeline->describe() + ": " + e.what());
    return;
  } catch (const std::exception& e) {
    device->error(WGPUErrorType_Internal, "wgpuQueueSubmit: dispatch of " + c.pipeline->describe() + ": " + e.what());
    return;
  }
  afterDispatch(device, c.pipeline, report);
}

}  // namespace

WGPU_API void wgpuQueueWriteBuffer(WGPUQueue q, WGPUBuffer b, uint64_t offset, void const* data, size_t size) {
  if (!q || !b) {
    validationError(q ? q->device : nullptr, "wgpuQueueWriteBuffer", "the queue or the buffer is null");
    return;
  }
  const std::string fn = "wgpuQueueWriteBuffer(" + b->describe() + ")";
  std::string why;
  if (!b->valid) why = "the buffer is invalid";
  else if (b->destroyed) why = "the buffer is destroyed";
  else if (b->state != WGPUBufferMapState_Unmapped) why = "the buffer is mapped or a mapping is pending";
  else if (size && !data) why = "data is null";
  else why = writeBufferError(b->size, b->usage, offset, size);
  if (!why.empty()) return q->device->validation(fn + ": " + why);
  if (size) std::memcpy(b->bytes() + offset, data, size);
}

WGPU_API void wgpuQueueSubmit(WGPUQueue q, size_t count, WGPUCommandBuffer const* commands) {
  if (!q) {
    validationError(nullptr, "wgpuQueueSubmit", "the queue is null");
    return;
  }
  WGPUDevice device = q->device;
  if (count && !commands) return device->validation("wgpuQueueSubmit: commands is null");
  // Validate everything first: an invalid submit runs nothing.
  for (size_t i = 0; i < count; ++i) {
    WGPUCommandBuffer cb = commands[i];
    const std::string fn = "wgpuQueueSubmit(command buffer " + std::to_string(i) + ")";
    if (!cb) return device->validation(fn + ": the command buffer is null");
    if (!cb->valid) return device->validation(fn + ": " + cb->describe() + " is invalid: " + cb->error);
    if (cb->submitted) return device->validation(fn + ": " + cb->describe() + " was already submitted");
    for (const Command& c : cb->commands) {
      for (WGPUBuffer b : buffersOf(c)) {
        if (b->destroyed) return device->validation(fn + ": " + b->describe() + " is destroyed");
        if (b->state != WGPUBufferMapState_Unmapped)
          return device->validation(fn + ": " + b->describe() + " is mapped (unmap it before submitting)");
      }
    }
  }
  for (size_t i = 0; i < count; ++i) {
    WGPUCommandBuffer cb = commands[i];
    cb->submitted = true;
    for (const Command& c : cb->commands) {
      if (device->lost) return;
      run(device, c);
    }
  }
}

WGPU_API WGPUFuture wgpuQueueOnSubmittedWorkDone(WGPUQueue q, WGPUQueueWorkDoneCallbackInfo info) {
  if (!q) {
    validationError(nullptr, "wgpuQueueOnSubmittedWorkDone", "the queue is null");
    return WGPUFuture{0};
  }
  return q->device->instance->add(info.mode, true, [info](bool cancelled) {
    if (info.callback)
      info.callback(cancelled ? WGPUQueueWorkDoneStatus_CallbackCancelled : WGPUQueueWorkDoneStatus_Success,
                    WGPUStringView{nullptr, 0}, info.userdata1, info.userdata2);
  });
}
