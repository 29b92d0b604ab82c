// Bind group layouts, pipeline layouts, compute pipelines (explicit and `auto` layouts,
// override constants, the async variant) and bind groups.
#include <algorithm>
#include <cmath>

#include "runtime/webgpu/objects.h"
#include "runtime/webgpu/validation.h"

using namespace wgslemu::webgpu;
namespace rt = wgsl::runtime;

namespace {

template <typename T>
T* newChild(WGPUDevice device, WGPUStringView label) {
  auto* o = new T();
  o->device = device;
  addRefObject(device, "create");
  o->label = toString(label);
  return o;
}

WGPUBufferBindingType typeOf(rt::BindingInfo::Kind k) {
  switch (k) {
    case rt::BindingInfo::Uniform: return WGPUBufferBindingType_Uniform;
    case rt::BindingInfo::Storage: return WGPUBufferBindingType_Storage;
    case rt::BindingInfo::ReadOnlyStorage: return WGPUBufferBindingType_ReadOnlyStorage;
    default: return WGPUBufferBindingType_BindingNotUsed;
  }
}

// Creates the pipeline or says why not (`error`); `layout_error` is true for layout mismatches.
WGPUComputePipeline makePipeline(WGPUDevice device, const WGPUComputePipelineDescriptor* d, std::string& error) {
  auto* p = newChild<WGPUComputePipelineImpl>(device, d->label);
  const std::string fn = p->describe();
  auto fail = [&](const std::string& why) {
    error = fn + ": " + why;
    p->valid = false;
    return p;
  };
  if (d->nextInChain || d->compute.nextInChain) return fail("unknown struct in the descriptor's chain");
  WGPUShaderModule m = d->compute.module;
  if (!m) return fail("compute.module is null");
  if (!m->valid) return fail(m->describe() + " is invalid (see its compilation info)");
  std::string entry = toString(d->compute.entryPoint);
  if (entry.empty()) {
    auto eps = m->mod.entryPoints();
    if (eps.size() != 1)
      return fail("compute.entryPoint is not given and " + m->describe() + " has " + std::to_string(eps.size()) +
                  " compute entry points (it must have exactly one)");
    entry = eps[0];
  }
  rt::OverrideValues overrides;
  for (size_t i = 0; i < d->compute.constantCount; ++i) {
    const WGPUConstantEntry& c = d->compute.constants[i];
    if (!std::isfinite(c.value)) return fail("the value of constant '" + toString(c.key) + "' is not finite");
    overrides[toString(c.key)] = c.value;
  }
  try {
    p->pipe = device->rt->createComputePipeline(m->mod, entry, overrides);
  } catch (const std::exception& e) {
    return fail(e.what());
  }
  p->entry = entry;
  const auto bindings = p->pipe.bindings();
  if (d->layout) {
    WGPUPipelineLayout pl = d->layout;
    if (!pl->valid) return fail(pl->describe() + " is invalid");
    for (auto g : pl->groups) {
      addRefObject(g, "wgpuDeviceCreateComputePipeline");
      p->groups.push_back(g);
    }
    for (const auto& b : bindings) {
      const std::string where = "the shader's binding @group(" + std::to_string(b.group) + ") @binding(" +
                                std::to_string(b.binding) + ") ('" + b.name + "')";
      if (b.group >= pl->groups.size() || !pl->groups[b.group])
        return fail(where + " has no bind group layout in " + pl->describe());
      const LayoutEntry* e = pl->groups[b.group]->find(b.binding);
      if (!e) return fail(where + " is missing from " + pl->groups[b.group]->describe());
      if (!(e->visibility & WGPUShaderStage_Compute))
        return fail(where + ": its layout entry's visibility lacks Compute");
      if (e->type != typeOf(b.kind))
        return fail(where + " is " + toString(typeOf(b.kind)) + " but the layout entry is " + toString(e->type));
      if (e->min_size && e->min_size < b.min_binding_size)
        return fail(where + " needs at least " + std::to_string(b.min_binding_size) +
                    " bytes but the layout entry's minBindingSize is " + std::to_string(e->min_size));
    }
  } else {
    uint32_t groups = 0;
    for (const auto& b : bindings) groups = std::max(groups, b.group + 1);
    if (groups > device->limits.maxBindGroups)
      return fail("the shader uses @group(" + std::to_string(groups - 1) + "), beyond maxBindGroups");
    for (uint32_t g = 0; g < groups; ++g) {
      auto* bgl = newChild<WGPUBindGroupLayoutImpl>(device, WGPUStringView{nullptr, 0});
      bgl->label = p->label + " (auto layout, group " + std::to_string(g) + ")";
      bgl->auto_owner = p;
      for (const auto& b : bindings) {
        if (b.group != g) continue;
        LayoutEntry e;
        e.binding = b.binding;
        e.visibility = WGPUShaderStage_Compute;
        e.type = typeOf(b.kind);
        e.min_size = b.min_binding_size;
        bgl->entries.push_back(e);
      }
      std::sort(bgl->entries.begin(), bgl->entries.end(),
                [](const LayoutEntry& a, const LayoutEntry& b) { return a.binding < b.binding; });
      p->groups.push_back(bgl);
    }
  }
  return p;
}

}  // namespace

WGPU_API WGPUBindGroupLayout wgpuDeviceCreateBindGroupLayout(WGPUDevice device, WGPUBindGroupLayoutDescriptor const* d) {
  if (!device || !d) {
    validationError(device, "wgpuDeviceCreateBindGroupLayout", "the device or the descriptor is null");
    return nullptr;
  }
  auto* l = newChild<WGPUBindGroupLayoutImpl>(device, d->label);
  const std::string fn = "wgpuDeviceCreateBindGroupLayout(" + l->describe() + ")";
  auto fail = [&](const std::string& why) {
    device->validation(fn + ": " + why);
    l->valid = false;
    return l;
  };
  if (d->nextInChain) return fail("unknown struct in the descriptor's chain");
  if (d->entryCount && !d->entries) return fail("entries is null");
  uint32_t dyn_uniform = 0, dyn_storage = 0;
  for (size_t i = 0; i < d->entryCount; ++i) {
    const WGPUBindGroupLayoutEntry& in = d->entries[i];
    const std::string at = "entry " + std::to_string(i) + " (binding " + std::to_string(in.binding) + ")";
    if (in.nextInChain) return fail(at + ": unknown struct in its chain");
    if (in.sampler.type != WGPUSamplerBindingType_BindingNotUsed ||
        in.texture.sampleType != WGPUTextureSampleType_BindingNotUsed ||
        in.storageTexture.access != WGPUStorageTextureAccess_BindingNotUsed) {
      unsupported(device, "wgpuDeviceCreateBindGroupLayout (sampler and texture bindings)");
      l->valid = false;
      return l;
    }
    if (in.buffer.type == WGPUBufferBindingType_BindingNotUsed) return fail(at + " binds no resource (set buffer.type)");
    if (in.binding >= device->limits.maxBindingsPerBindGroup)
      return fail(at + ": binding is not below maxBindingsPerBindGroup " +
                  std::to_string(device->limits.maxBindingsPerBindGroup));
    if (l->find(in.binding)) return fail(at + ": binding " + std::to_string(in.binding) + " appears twice");
    if (in.visibility & ~(WGPUShaderStage_Vertex | WGPUShaderStage_Fragment | WGPUShaderStage_Compute))
      return fail(at + ": visibility has unknown bits");
    if ((in.visibility & WGPUShaderStage_Vertex) && in.buffer.type == WGPUBufferBindingType_Storage)
      return fail(at + ": a read-write storage binding may not be visible to the vertex stage");
    if (in.bindingArraySize > 1) return fail(at + ": bindingArraySize > 1 is only for textures");
    LayoutEntry e;
    e.binding = in.binding;
    e.visibility = in.visibility;
    e.type = in.buffer.type == WGPUBufferBindingType_Undefined ? WGPUBufferBindingType_Uniform : in.buffer.type;
    if (e.type != WGPUBufferBindingType_Uniform && e.type != WGPUBufferBindingType_Storage &&
        e.type != WGPUBufferBindingType_ReadOnlyStorage)
      return fail(at + ": unknown buffer.type " + std::to_string(in.buffer.type));
    e.dynamic = in.buffer.hasDynamicOffset;
    e.min_size = in.buffer.minBindingSize;
    if (e.dynamic) (e.type == WGPUBufferBindingType_Uniform ? dyn_uniform : dyn_storage)++;
    l->entries.push_back(e);
  }
  if (dyn_uniform > device->limits.maxDynamicUniformBuffersPerPipelineLayout)
    return fail("more dynamic uniform buffers than maxDynamicUniformBuffersPerPipelineLayout");
  if (dyn_storage > device->limits.maxDynamicStorageBuffersPerPipelineLayout)
    return fail("more dynamic storage buffers than maxDynamicStorageBuffersPerPipelineLayout");
  std::sort(l->entries.begin(), l->entries.end(),
            [](const LayoutEntry& a, const LayoutEntry& b) { return a.binding < b.binding; });
  return l;
}

WGPU_API void wgpuBindGroupLayoutAddRef(WGPUBindGroupLayout o) { addRefObject(o, "wgpuBindGroupLayoutAddRef"); }
WGPU_API void wgpuBindGroupLayoutRelease(WGPUBindGroupLayout o) { releaseObject(o, "wgpuBindGroupLayoutRelease"); }
WGPU_API void wgpuBindGroupLayoutSetLabel(WGPUBindGroupLayout o, WGPUStringView label) {
  if (o) o->label = toString(label);
}

WGPU_API WGPUPipelineLayout wgpuDeviceCreatePipelineLayout(WGPUDevice device, WGPUPipelineLayoutDescriptor const* d) {
  if (!device || !d) {
    validationError(device, "wgpuDeviceCreatePipelineLayout", "the device or the descriptor is null");
    return nullptr;
  }
  auto* l = newChild<WGPUPipelineLayoutImpl>(device, d->label);
  const std::string fn = "wgpuDeviceCreatePipelineLayout(" + l->describe() + ")";
  auto fail = [&](const std::string& why) {
    device->validation(fn + ": " + why);
    l->valid = false;
    return l;
  };
  if (d->nextInChain) return fail("unknown struct in the descriptor's chain");
  if (d->bindGroupLayoutCount > device->limits.maxBindGroups)
    return fail(std::to_string(d->bindGroupLayoutCount) + " bind group layouts, more than maxBindGroups " +
                std::to_string(device->limits.maxBindGroups));
  if (d->bindGroupLayoutCount && !d->bindGroupLayouts) return fail("bindGroupLayouts is null");
  for (size_t i = 0; i < d->bindGroupLayoutCount; ++i) {
    WGPUBindGroupLayout g = d->bindGroupLayouts[i];
    if (g && !g->valid) return fail("bind group layout " + std::to_string(i) + ", " + g->describe() + ", is invalid");
    if (g && g->auto_owner)
      return fail("bind group layout " + std::to_string(i) + ", " + g->describe() +
                  ", was made by a pipeline's `auto` layout and cannot be used in a pipeline layout");
    addRefObject(g, "wgpuDeviceCreatePipelineLayout");
    l->groups.push_back(g);
  }
  return l;
}

WGPU_API void wgpuPipelineLayoutAddRef(WGPUPipelineLayout o) { addRefObject(o, "wgpuPipelineLayoutAddRef"); }
WGPU_API void wgpuPipelineLayoutRelease(WGPUPipelineLayout o) { releaseObject(o, "wgpuPipelineLayoutRelease"); }
WGPU_API void wgpuPipelineLayoutSetLabel(WGPUPipelineLayout o, WGPUStringView label) {
  if (o) o->label = toString(label);
}

WGPU_API WGPUComputePipeline wgpuDeviceCreateComputePipeline(WGPUDevice device, WGPUComputePipelineDescriptor const* d) {
  if (!device || !d) {
    validationError(device, "wgpuDeviceCreateComputePipeline", "the device or the descriptor is null");
    return nullptr;
  }
  std::string error;
  WGPUComputePipeline p = makePipeline(device, d, error);
  if (!error.empty()) device->validation("wgpuDeviceCreateComputePipeline(" + error + ")");
  return p;
}

WGPU_API WGPUFuture wgpuDeviceCreateComputePipelineAsync(WGPUDevice device, WGPUComputePipelineDescriptor const* d,
                                                         WGPUCreateComputePipelineAsyncCallbackInfo info) {
  if (!device || !d) {
    validationError(device, "wgpuDeviceCreateComputePipelineAsync", "the device or the descriptor is null");
    return WGPUFuture{0};
  }
  std::string error;
  WGPUComputePipeline p = makePipeline(device, d, error);
  if (!error.empty()) {
    releaseObject(p, "wgpuDeviceCreateComputePipelineAsync");
    p = nullptr;
  }
  return device->instance->add(info.mode, true, [info, p, error](bool cancelled) {
    if (!info.callback || cancelled) {
      if (info.callback)
        info.callback(WGPUCreatePipelineAsyncStatus_CallbackCancelled, nullptr, toView("the instance was released"),
                      info.userdata1, info.userdata2);
      releaseObject(p, "wgpuDeviceCreateComputePipelineAsync");
      return;
    }
    info.callback(p ? WGPUCreatePipelineAsyncStatus_Success : WGPUCreatePipelineAsyncStatus_ValidationError, p,
                  toView(error), info.userdata1, info.userdata2);
  });
}

WGPU_API void wgpuComputePipelineAddRef(WGPUComputePipeline o) { addRefObject(o, "wgpuComputePipelineAddRef"); }
WGPU_API void wgpuComputePipelineRelease(WGPUComputePipeline o) { releaseObject(o, "wgpuComputePipelineRelease"); }
WGPU_API void wgpuComputePipelineSetLabel(WGPUComputePipeline o, WGPUStringView label) {
  if (o) o->label = toString(label);
}

WGPU_API WGPUBindGroupLayout wgpuComputePipelineGetBindGroupLayout(WGPUComputePipeline p, uint32_t index) {
  if (!p) {
    validationError(nullptr, "wgpuComputePipelineGetBindGroupLayout", "the pipeline is null");
    return nullptr;
  }
  if (p->valid && index < p->groups.size() && p->groups[index]) {
    addRefObject(p->groups[index], "wgpuComputePipelineGetBindGroupLayout");
    return p->groups[index];
  }
  auto* l = newChild<WGPUBindGroupLayoutImpl>(p->device, WGPUStringView{nullptr, 0});
  l->valid = false;
  p->device->validation("wgpuComputePipelineGetBindGroupLayout(" + p->describe() + ", " + std::to_string(index) +
                        "): " + (p->valid ? "the index is not below the number of bind group layouts, " +
                                                std::to_string(p->groups.size())
                                          : std::string("the pipeline is invalid")));
  return l;
}

WGPU_API WGPUBindGroup wgpuDeviceCreateBindGroup(WGPUDevice device, WGPUBindGroupDescriptor const* d) {
  if (!device || !d) {
    validationError(device, "wgpuDeviceCreateBindGroup", "the device or the descriptor is null");
    return nullptr;
  }
  auto* g = newChild<WGPUBindGroupImpl>(device, d->label);
  const std::string fn = "wgpuDeviceCreateBindGroup(" + g->describe() + ")";
  auto fail = [&](const std::string& why) {
    device->validation(fn + ": " + why);
    g->valid = false;
    return g;
  };
  if (d->nextInChain) return fail("unknown struct in the descriptor's chain");
  if (!d->layout) return fail("layout is null");
  g->layout = d->layout;
  addRefObject(g->layout, "wgpuDeviceCreateBindGroup");
  if (!d->layout->valid) return fail(d->layout->describe() + " is invalid");
  if (d->entryCount && !d->entries) return fail("entries is null");
  if (d->entryCount != d->layout->entries.size())
    return fail(std::to_string(d->entryCount) + " entries but " + d->layout->describe() + " has " +
                std::to_string(d->layout->entries.size()));
  for (size_t i = 0; i < d->entryCount; ++i) {
    const WGPUBindGroupEntry& in = d->entries[i];
    const std::string at = "entry " + std::to_string(i) + " (binding " + std::to_string(in.binding) + ")";
    if (in.nextInChain) return fail(at + ": unknown struct in its chain");
    const LayoutEntry* le = d->layout->find(in.binding);
    if (!le) return fail(at + ": " + d->layout->describe() + " has no binding " + std::to_string(in.binding));
    for (const auto& e : g->entries) {
      if (e.binding == in.binding) return fail(at + ": binding " + std::to_string(in.binding) + " appears twice");
    }
    if (in.sampler || in.textureView) return fail(at + ": samplers and textures are not supported");
    if (!in.buffer) return fail(at + ": buffer is null (the layout entry is a " + toString(le->type) + " buffer)");
    WGPUBuffer b = in.buffer;
    if (!b->valid) return fail(at + ": " + b->describe() + " is invalid");
    const uint64_t size = in.size == WGPU_WHOLE_SIZE ? (in.offset <= b->size ? b->size - in.offset : 0) : in.size;
    std::string why = bufferBindingError(le->type, b->usage, b->size, in.offset, size, le->min_size, device->limits);
    if (!why.empty()) return fail(at + ", " + b->describe() + ": " + why);
    addRefObject(b, "wgpuDeviceCreateBindGroup");
    g->entries.push_back(BoundBuffer{in.binding, b, in.offset, size});
  }
  std::sort(g->entries.begin(), g->entries.end(),
            [](const BoundBuffer& a, const BoundBuffer& b) { return a.binding < b.binding; });
  return g;
}

WGPU_API void wgpuBindGroupAddRef(WGPUBindGroup o) { addRefObject(o, "wgpuBindGroupAddRef"); }
WGPU_API void wgpuBindGroupRelease(WGPUBindGroup o) { releaseObject(o, "wgpuBindGroupRelease"); }
WGPU_API void wgpuBindGroupSetLabel(WGPUBindGroup o, WGPUStringView label) {
  if (o) o->label = toString(label);
}
