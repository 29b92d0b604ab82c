// Command encoders and compute passes: commands are validated while encoded (errors make the
// encoder invalid, reported at Finish as WebGPU does) and recorded for Queue.Submit.
#include "runtime/webgpu/objects.h"
#include "runtime/webgpu/validation.h"

using namespace wgslemu::webgpu;

namespace {

bool usable(WGPUCommandEncoder e, const char* function) {
  if (!e) {
    validationError(nullptr, function, "the command encoder is null");
    return false;
  }
  if (e->finished) {
    e->device->validation(std::string(function) + "(" + e->describe() + "): the encoder is already finished");
    return false;
  }
  if (e->open_pass) {
    e->fail(std::string(function) + ": a compute pass is open on " + e->describe() + " (call End first)");
    return false;
  }
  return true;
}

bool passUsable(WGPUComputePassEncoder p, const char* function) {
  if (!p) {
    validationError(nullptr, function, "the compute pass encoder is null");
    return false;
  }
  if (p->ended) {
    p->encoder->fail(std::string(function) + ": " + p->describe() + " has ended");
    return false;
  }
  return true;
}

// Bind groups against the pipeline's layout, dynamic offsets and writable aliasing (WebGPU:
// validate encoder bind groups, and the resource usage scope of a dispatch).
std::string dispatchError(WGPUComputePassEncoder p) {
  WGPUComputePipeline pipe = p->pipeline;
  if (!pipe) return "no pipeline is set (call wgpuComputePassEncoderSetPipeline)";
  if (!pipe->valid) return pipe->describe() + " is invalid";
  struct Use {
    WGPUBuffer buffer;
    uint64_t offset, size;
    bool writable;
    uint32_t group, binding;
  };
  std::vector<Use> uses;
  for (size_t i = 0; i < pipe->groups.size(); ++i) {
    WGPUBindGroupLayout want = pipe->groups[i];
    if (!want || want->entries.empty()) continue;
    WGPUBindGroup g = i < p->groups.size() ? p->groups[i] : nullptr;
    if (!g)
      return "no bind group is set at index " + std::to_string(i) + ", which " + pipe->describe() +
             " uses (call wgpuComputePassEncoderSetBindGroup)";
    WGPUBindGroupLayout have = g->layout;
    if (have != want) {
      if (have->auto_owner || want->auto_owner)
        return g->describe() + " at index " + std::to_string(i) + " was made with " + have->describe() +
               ", which is not the layout of " + pipe->describe() +
               " (bind group layouts of an `auto` layout only match their own pipeline)";
      bool same = have->entries.size() == want->entries.size();
      for (size_t k = 0; same && k < have->entries.size(); ++k) {
        const LayoutEntry &a = have->entries[k], &b = want->entries[k];
        same = a.binding == b.binding && a.visibility == b.visibility && a.type == b.type && a.dynamic == b.dynamic &&
               a.min_size == b.min_size;
      }
      if (!same)
        return g->describe() + " at index " + std::to_string(i) + " has layout " + have->describe() +
               ", which is not compatible with " + want->describe() + " of " + pipe->describe();
    }
    size_t d = 0;
    for (const BoundBuffer& e : g->entries) {
      const LayoutEntry* le = have->find(e.binding);
      uint64_t off = e.offset;
      if (le->dynamic) off += p->dynamic_offsets[i][d++];
      uses.push_back({e.buffer, off, e.size, le->type == WGPUBufferBindingType_Storage, static_cast<uint32_t>(i),
                      e.binding});
    }
  }
  for (size_t a = 0; a < uses.size(); ++a) {
    for (size_t b = a + 1; b < uses.size(); ++b) {
      const Use &x = uses[a], &y = uses[b];
      if (x.buffer != y.buffer || !(x.writable || y.writable)) continue;
      if (x.offset < y.offset + y.size && y.offset < x.offset + x.size)
        return "writable aliasing: " + x.buffer->describe() + " is bound at @group(" + std::to_string(x.group) +
               ") @binding(" + std::to_string(x.binding) + ") and @group(" + std::to_string(y.group) + ") @binding(" +
               std::to_string(y.binding) + ") with overlapping ranges, one of them writable storage";
    }
  }
  return "";
}

void record(WGPUComputePassEncoder p, Command c) {
  c.pipeline = p->pipeline;
  addRefObject(c.pipeline, "dispatch");
  c.groups = p->groups;
  for (auto g : c.groups) addRefObject(g, "dispatch");
  c.dynamic_offsets = p->dynamic_offsets;
  p->encoder->commands.push_back(std::move(c));
}

}  // namespace

WGPU_API WGPUCommandEncoder wgpuDeviceCreateCommandEncoder(WGPUDevice device, WGPUCommandEncoderDescriptor const* d) {
  if (!device) {
    validationError(nullptr, "wgpuDeviceCreateCommandEncoder", "the device is null");
    return nullptr;
  }
  auto* e = new WGPUCommandEncoderImpl();
  e->device = device;
  addRefObject(device, "wgpuDeviceCreateCommandEncoder");
  if (d) {
    e->label = toString(d->label);
    checkChain(device, "wgpuDeviceCreateCommandEncoder", d->nextInChain, {});
  }
  return e;
}

WGPU_API void wgpuCommandEncoderAddRef(WGPUCommandEncoder o) { addRefObject(o, "wgpuCommandEncoderAddRef"); }
WGPU_API void wgpuCommandEncoderRelease(WGPUCommandEncoder o) { releaseObject(o, "wgpuCommandEncoderRelease"); }
WGPU_API void wgpuCommandEncoderSetLabel(WGPUCommandEncoder o, WGPUStringView label) {
  if (o) o->label = toString(label);
}
WGPU_API void wgpuCommandEncoderInsertDebugMarker(WGPUCommandEncoder e, WGPUStringView) {
  usable(e, "wgpuCommandEncoderInsertDebugMarker");
}
WGPU_API void wgpuCommandEncoderPushDebugGroup(WGPUCommandEncoder e, WGPUStringView) {
  usable(e, "wgpuCommandEncoderPushDebugGroup");
}
WGPU_API void wgpuCommandEncoderPopDebugGroup(WGPUCommandEncoder e) { usable(e, "wgpuCommandEncoderPopDebugGroup"); }

WGPU_API void wgpuCommandEncoderCopyBufferToBuffer(WGPUCommandEncoder e, WGPUBuffer src, uint64_t src_offset,
                                                   WGPUBuffer dst, uint64_t dst_offset, uint64_t size) {
  if (!usable(e, "wgpuCommandEncoderCopyBufferToBuffer")) return;
  const std::string fn = "wgpuCommandEncoderCopyBufferToBuffer(" + e->describe() + ")";
  if (!src || !dst) return e->fail(fn + ": the source or destination buffer is null");
  if (!src->valid || !dst->valid) return e->fail(fn + ": " + (src->valid ? dst : src)->describe() + " is invalid");
  if (size == WGPU_WHOLE_SIZE) size = src_offset <= src->size ? src->size - src_offset : 0;
  std::string why = copyError(src->size, src->usage, src_offset, dst->size, dst->usage, dst_offset, size, src == dst);
  if (!why.empty()) return e->fail(fn + " from " + src->describe() + " to " + dst->describe() + ": " + why);
  Command c;
  c.kind = Command::Copy;
  c.src = src;
  c.dst = dst;
  addRefObject(src, "copy");
  addRefObject(dst, "copy");
  c.src_offset = src_offset;
  c.dst_offset = dst_offset;
  c.size = size;
  e->commands.push_back(std::move(c));
}

WGPU_API void wgpuCommandEncoderClearBuffer(WGPUCommandEncoder e, WGPUBuffer b, uint64_t offset, uint64_t size) {
  if (!usable(e, "wgpuCommandEncoderClearBuffer")) return;
  const std::string fn = "wgpuCommandEncoderClearBuffer(" + e->describe() + ")";
  if (!b) return e->fail(fn + ": the buffer is null");
  if (!b->valid) return e->fail(fn + ": " + b->describe() + " is invalid");
  if (size == WGPU_WHOLE_SIZE) size = offset <= b->size ? b->size - offset : 0;
  std::string why = clearError(b->size, b->usage, offset, size);
  if (!why.empty()) return e->fail(fn + ", " + b->describe() + ": " + why);
  Command c;
  c.kind = Command::Clear;
  c.dst = b;
  addRefObject(b, "clear");
  c.dst_offset = offset;
  c.size = size;
  e->commands.push_back(std::move(c));
}

WGPU_API WGPUComputePassEncoder wgpuCommandEncoderBeginComputePass(WGPUCommandEncoder e,
                                                                   WGPUComputePassDescriptor const* d) {
  if (!e) {
    validationError(nullptr, "wgpuCommandEncoderBeginComputePass", "the command encoder is null");
    return nullptr;
  }
  auto* p = new WGPUComputePassEncoderImpl();
  p->device = e->device;
  addRefObject(p->device, "wgpuCommandEncoderBeginComputePass");
  p->encoder = e;
  addRefObject(e, "wgpuCommandEncoderBeginComputePass");
  if (d) p->label = toString(d->label);
  if (!usable(e, "wgpuCommandEncoderBeginComputePass")) {
    p->ended = true;
    return p;
  }
  if (d && d->timestampWrites) e->fail("wgpuCommandEncoderBeginComputePass: timestampWrites are not supported");
  if (d && d->nextInChain) e->fail("wgpuCommandEncoderBeginComputePass: unknown struct in the descriptor's chain");
  e->open_pass = p;
  return p;
}

WGPU_API WGPUCommandBuffer wgpuCommandEncoderFinish(WGPUCommandEncoder e, WGPUCommandBufferDescriptor const* d) {
  if (!e) {
    validationError(nullptr, "wgpuCommandEncoderFinish", "the command encoder is null");
    return nullptr;
  }
  auto* cb = new WGPUCommandBufferImpl();
  cb->device = e->device;
  addRefObject(cb->device, "wgpuCommandEncoderFinish");
  if (d) cb->label = toString(d->label);
  const std::string fn = "wgpuCommandEncoderFinish(" + e->describe() + ")";
  if (e->finished) {
    cb->valid = false;
    e->device->validation(fn + ": the encoder is already finished");
    return cb;
  }
  e->finished = true;
  if (e->open_pass) e->fail("a compute pass is still open (call wgpuComputePassEncoderEnd)");
  if (!e->error.empty()) {
    cb->valid = false;
    cb->error = e->error;
    e->device->validation(fn + ": " + e->error);
    return cb;
  }
  cb->commands = std::move(e->commands);
  e->commands.clear();
  return cb;
}

WGPU_API void wgpuCommandBufferAddRef(WGPUCommandBuffer o) { addRefObject(o, "wgpuCommandBufferAddRef"); }
WGPU_API void wgpuCommandBufferRelease(WGPUCommandBuffer o) { releaseObject(o, "wgpuCommandBufferRelease"); }
WGPU_API void wgpuCommandBufferSetLabel(WGPUCommandBuffer o, WGPUStringView label) {
  if (o) o->label = toString(label);
}

WGPU_API void wgpuComputePassEncoderAddRef(WGPUComputePassEncoder o) { addRefObject(o, "wgpuComputePassEncoderAddRef"); }
WGPU_API void wgpuComputePassEncoderRelease(WGPUComputePassEncoder o) {
  releaseObject(o, "wgpuComputePassEncoderRelease");
}
WGPU_API void wgpuComputePassEncoderSetLabel(WGPUComputePassEncoder o, WGPUStringView label) {
  if (o) o->label = toString(label);
}
WGPU_API void wgpuComputePassEncoderInsertDebugMarker(WGPUComputePassEncoder p, WGPUStringView) {
  passUsable(p, "wgpuComputePassEncoderInsertDebugMarker");
}
WGPU_API void wgpuComputePassEncoderPushDebugGroup(WGPUComputePassEncoder p, WGPUStringView) {
  passUsable(p, "wgpuComputePassEncoderPushDebugGroup");
}
WGPU_API void wgpuComputePassEncoderPopDebugGroup(WGPUComputePassEncoder p) {
  passUsable(p, "wgpuComputePassEncoderPopDebugGroup");
}

WGPU_API void wgpuComputePassEncoderSetPipeline(WGPUComputePassEncoder p, WGPUComputePipeline pipeline) {
  if (!passUsable(p, "wgpuComputePassEncoderSetPipeline")) return;
  if (!pipeline) return p->encoder->fail("wgpuComputePassEncoderSetPipeline: the pipeline is null");
  if (!pipeline->valid)
    return p->encoder->fail("wgpuComputePassEncoderSetPipeline: " + pipeline->describe() + " is invalid");
  addRefObject(pipeline, "wgpuComputePassEncoderSetPipeline");
  releaseObject(p->pipeline, "wgpuComputePassEncoderSetPipeline");
  p->pipeline = pipeline;
}

WGPU_API void wgpuComputePassEncoderSetBindGroup(WGPUComputePassEncoder p, uint32_t index, WGPUBindGroup group,
                                                 size_t count, uint32_t const* offsets) {
  if (!passUsable(p, "wgpuComputePassEncoderSetBindGroup")) return;
  const std::string fn = "wgpuComputePassEncoderSetBindGroup(" + p->describe() + ", index " + std::to_string(index) +
                         (group ? ", " + group->describe() : std::string()) + ")";
  if (index >= p->device->limits.maxBindGroups)
    return p->encoder->fail(fn + ": index is not below maxBindGroups " + std::to_string(p->device->limits.maxBindGroups));
  std::vector<uint32_t> dyn;
  if (group) {
    if (!group->valid) return p->encoder->fail(fn + ": the bind group is invalid");
    if (count && !offsets) return p->encoder->fail(fn + ": dynamicOffsets is null");
    size_t want = 0;
    for (const BoundBuffer& e : group->entries) {
      const LayoutEntry* le = group->layout->find(e.binding);
      if (!le->dynamic) continue;
      if (want < count) {
        std::string why = dynamicOffsetError(le->type, offsets[want], e.offset, e.size, e.buffer->size, p->device->limits);
        if (!why.empty()) return p->encoder->fail(fn + ", binding " + std::to_string(e.binding) + ": " + why);
      }
      ++want;
    }
    if (want != count)
      return p->encoder->fail(fn + ": " + std::to_string(count) + " dynamic offsets given but the layout has " +
                              std::to_string(want) + " dynamic bindings");
    dyn.assign(offsets, offsets + count);
  }
  if (p->groups.size() <= index) {
    p->groups.resize(index + 1, nullptr);
    p->dynamic_offsets.resize(index + 1);
  }
  addRefObject(group, "wgpuComputePassEncoderSetBindGroup");
  releaseObject(p->groups[index], "wgpuComputePassEncoderSetBindGroup");
  p->groups[index] = group;
  p->dynamic_offsets[index] = std::move(dyn);
}

WGPU_API void wgpuComputePassEncoderDispatchWorkgroups(WGPUComputePassEncoder p, uint32_t x, uint32_t y, uint32_t z) {
  if (!passUsable(p, "wgpuComputePassEncoderDispatchWorkgroups")) return;
  const std::string fn = "wgpuComputePassEncoderDispatchWorkgroups(" + p->describe() + ")";
  std::string why = dispatchError(p);
  if (!why.empty()) return p->encoder->fail(fn + ": " + why);
  // The runtime's dispatch rules (its limits are the device's): maxComputeWorkgroupsPerDimension,
  // linear_indexing's u32 range.
  for (const wgsl::runtime::Finding& f : p->device->rt->validateDispatch(p->pipeline->pipe, x, y, z)) {
    if (f.rule == wgsl::runtime::Finding::Rule::DispatchLimit) return p->encoder->fail(fn + ": " + f.message);
  }
  Command c;
  c.kind = Command::Dispatch;
  c.x = x;
  c.y = y;
  c.z = z;
  record(p, std::move(c));
}

WGPU_API void wgpuComputePassEncoderDispatchWorkgroupsIndirect(WGPUComputePassEncoder p, WGPUBuffer b,
                                                               uint64_t offset) {
  if (!passUsable(p, "wgpuComputePassEncoderDispatchWorkgroupsIndirect")) return;
  const std::string fn = "wgpuComputePassEncoderDispatchWorkgroupsIndirect(" + p->describe() + ")";
  std::string why = dispatchError(p);
  if (!why.empty()) return p->encoder->fail(fn + ": " + why);
  if (!b) return p->encoder->fail(fn + ": the indirect buffer is null");
  if (!b->valid) return p->encoder->fail(fn + ": " + b->describe() + " is invalid");
  if (!(b->usage & WGPUBufferUsage_Indirect)) return p->encoder->fail(fn + ": " + b->describe() + " lacks usage Indirect");
  if (offset % 4 != 0 || offset > b->size || b->size - offset < 12)
    return p->encoder->fail(fn + ": offset " + std::to_string(offset) +
                            " must be a multiple of 4 with 12 bytes of " + b->describe() + " after it");
  Command c;
  c.kind = Command::DispatchIndirect;
  c.src = b;
  addRefObject(b, "dispatch");
  c.src_offset = offset;
  record(p, std::move(c));
}

WGPU_API void wgpuComputePassEncoderEnd(WGPUComputePassEncoder p) {
  if (!passUsable(p, "wgpuComputePassEncoderEnd")) return;
  p->ended = true;
  if (p->encoder->open_pass == p) p->encoder->open_pass = nullptr;
}
