// Device: creation from an adapter (features, limits, options), error scopes, loss, queue.
#include <wgslemu/webgpu_ext.h>

#include <cstdlib>
#include <cstring>

#include "runtime/options/run_options.h"
#include "runtime/webgpu/limits.h"
#include "runtime/webgpu/objects.h"

using namespace wgslemu::webgpu;

namespace {

WGPUDevice createDevice(WGPUAdapter adapter, const WGPUDeviceDescriptor* d, std::string& error) {
  WGPUDeviceDescriptor desc = WGPU_DEVICE_DESCRIPTOR_INIT;
  if (d) desc = *d;
  // WGSLEMU_OPTIONS, then the chained WGSLEmuDeviceOptions (which overrides it), in the spellings
  // and with the table of `wgslemu run` (runtime/options).
  namespace opt = wgsl::runtime::options;
  opt::RunOptions run_options;
  auto addOptions = [&](const std::string& text, const char* context) {
    if (!opt::parse(text, run_options, error, context)) return false;
    const std::string why = opt::runnerOnlyOption(run_options);
    if (why.empty()) return true;
    error = std::string(context) + ": " + why;
    return false;
  };
  std::string report;
  if (const char* env = std::getenv("WGSLEMU_OPTIONS")) {
    if (!addOptions(env, "WGSLEMU_OPTIONS")) return nullptr;
  }
  if (const char* env = std::getenv("WGSLEMU_REPORT")) report = env;
  for (const WGPUChainedStruct* c = desc.nextInChain; c; c = c->next) {
    if (c->sType == WGSLEmuSType_DeviceOptions) {
      const auto* ext = reinterpret_cast<const WGSLEmuDeviceOptions*>(c);
      if (!addOptions(toString(ext->options), "WGSLEmuDeviceOptions")) return nullptr;
      if (!toString(ext->reportPath).empty()) report = toString(ext->reportPath);
    } else {
      error = "unknown sType " + std::to_string(c->sType) + " in the chain of WGPUDeviceDescriptor";
      return nullptr;
    }
  }
  wgsl::runtime::DeviceOptions options;
  wgsl::runtime::ShaderModuleOptions module_options;
  if (!opt::toDeviceOptions(run_options, options, module_options, error)) return nullptr;
  bool f16 = false, subgroups = false;
  for (size_t i = 0; i < desc.requiredFeatureCount; ++i) {
    switch (desc.requiredFeatures[i]) {
      case WGPUFeatureName_ShaderF16: f16 = true; break;
      case WGPUFeatureName_Subgroups: subgroups = true; break;
      case WGPUFeatureName_CoreFeaturesAndLimits: break;
      default:
        error = "feature " + std::to_string(desc.requiredFeatures[i]) +
                " is not supported by the adapter (wgslemu has core-features-and-limits, shader-f16, subgroups)";
        return nullptr;
    }
  }
  WGPULimits limits;
  if (desc.requiredLimits && desc.requiredLimits->nextInChain) {
    error = "unknown struct chained to requiredLimits";
    return nullptr;
  }
  if (!deviceLimits(desc.requiredLimits, limits, error)) return nullptr;
  options.limits = toRuntime(limits);
  std::unique_ptr<wgsl::runtime::Device> rt;
  try {
    rt = std::make_unique<wgsl::runtime::Device>(options);
  } catch (const std::exception& e) {
    error = e.what();
    return nullptr;
  }
  auto* dev = new WGPUDeviceImpl();
  dev->label = toString(desc.label);
  dev->instance = adapter->instance;
  addRefObject(dev->instance, "wgpuAdapterRequestDevice");
  dev->adapter = adapter;
  addRefObject(adapter, "wgpuAdapterRequestDevice");
  dev->rt = std::move(rt);
  dev->module_options = module_options;
  dev->limits = limits;
  dev->f16 = f16;
  dev->subgroups = subgroups;
  dev->uncaptured = desc.uncapturedErrorCallbackInfo;
  dev->lost_info = desc.deviceLostCallbackInfo;
  dev->report_path = report;
  WGPUDeviceLostCallbackInfo info = desc.deviceLostCallbackInfo;
  WGPUCallbackMode mode = info.mode ? info.mode : WGPUCallbackMode_AllowSpontaneous;
  dev->lost_future = dev->instance->add(mode, false, nullptr).id;
  return dev;
}

}  // namespace

WGPU_API WGPUFuture wgpuAdapterRequestDevice(WGPUAdapter adapter, WGPUDeviceDescriptor const* descriptor,
                                             WGPURequestDeviceCallbackInfo info) {
  if (!adapter) {
    validationError(nullptr, "wgpuAdapterRequestDevice", "the adapter is null");
    return WGPUFuture{0};
  }
  std::string error;
  WGPUDevice dev = nullptr;
  if (adapter->consumed) {
    error = "the adapter already created a device (request a new adapter)";
  } else {
    dev = createDevice(adapter, descriptor, error);
    if (dev) adapter->consumed = true;
  }
  WGPUInstance instance = adapter->instance;
  return instance->add(info.mode, true, [info, dev, error](bool cancelled) {
    if (!info.callback || cancelled) {
      if (info.callback)
        info.callback(WGPURequestDeviceStatus_CallbackCancelled, nullptr, toView("the instance was released"),
                      info.userdata1, info.userdata2);
      releaseObject(dev, "wgpuAdapterRequestDevice");
      return;
    }
    info.callback(dev ? WGPURequestDeviceStatus_Success : WGPURequestDeviceStatus_Error, dev, toView(error),
                  info.userdata1, info.userdata2);
  });
}

WGPU_API void wgpuDeviceAddRef(WGPUDevice d) { addRefObject(d, "wgpuDeviceAddRef"); }
WGPU_API void wgpuDeviceRelease(WGPUDevice d) { releaseObject(d, "wgpuDeviceRelease"); }
WGPU_API void wgpuDeviceSetLabel(WGPUDevice d, WGPUStringView label) {
  if (d) d->label = toString(label);
}

WGPU_API WGPUStatus wgpuDeviceGetLimits(WGPUDevice device, WGPULimits* limits) {
  if (!device || !limits || limits->nextInChain) return WGPUStatus_Error;
  *limits = device->limits;
  return WGPUStatus_Success;
}

WGPU_API void wgpuDeviceGetFeatures(WGPUDevice device, WGPUSupportedFeatures* features) {
  if (!device || !features) return;
  auto* list = static_cast<WGPUFeatureName*>(std::malloc(3 * sizeof(WGPUFeatureName)));
  size_t n = 0;
  list[n++] = WGPUFeatureName_CoreFeaturesAndLimits;
  if (device->f16) list[n++] = WGPUFeatureName_ShaderF16;
  if (device->subgroups) list[n++] = WGPUFeatureName_Subgroups;
  features->featureCount = n;
  features->features = list;
}

WGPU_API WGPUBool wgpuDeviceHasFeature(WGPUDevice device, WGPUFeatureName feature) {
  if (!device) return false;
  return feature == WGPUFeatureName_CoreFeaturesAndLimits || (feature == WGPUFeatureName_ShaderF16 && device->f16) ||
         (feature == WGPUFeatureName_Subgroups && device->subgroups);
}

WGPU_API WGPUStatus wgpuAdapterGetInfo(WGPUAdapter adapter, WGPUAdapterInfo* info);

WGPU_API WGPUStatus wgpuDeviceGetAdapterInfo(WGPUDevice device, WGPUAdapterInfo* info) {
  if (!device) return WGPUStatus_Error;
  return wgpuAdapterGetInfo(device->adapter, info);
}

WGPU_API void wgpuDevicePushErrorScope(WGPUDevice device, WGPUErrorFilter filter) {
  if (!device) return;
  if (filter != WGPUErrorFilter_Validation && filter != WGPUErrorFilter_OutOfMemory &&
      filter != WGPUErrorFilter_Internal) {
    device->validation("wgpuDevicePushErrorScope: unknown WGPUErrorFilter " + std::to_string(filter));
    return;
  }
  ErrorScope scope;
  scope.filter = filter;
  device->scopes().push_back(scope);
}

WGPU_API WGPUFuture wgpuDevicePopErrorScope(WGPUDevice device, WGPUPopErrorScopeCallbackInfo info) {
  if (!device) {
    validationError(nullptr, "wgpuDevicePopErrorScope", "the device is null");
    return WGPUFuture{0};
  }
  WGPUPopErrorScopeStatus status = WGPUPopErrorScopeStatus_Success;
  WGPUErrorType type = WGPUErrorType_NoError;
  std::string message;
  std::vector<ErrorScope>& stack = device->scopes();
  if (stack.empty()) {
    status = WGPUPopErrorScopeStatus_Error;
    message = "wgpuDevicePopErrorScope: the error scope stack is empty";
  } else {
    ErrorScope s = stack.back();
    stack.pop_back();
    if (s.has_error && !device->lost) {
      type = s.type;
      message = s.message;
    }
  }
  return device->instance->add(info.mode, true, [info, status, type, message](bool cancelled) {
    if (!info.callback) return;
    info.callback(cancelled ? WGPUPopErrorScopeStatus_CallbackCancelled : status, type, toView(message),
                  info.userdata1, info.userdata2);
  });
}

WGPU_API WGPUFuture wgpuDeviceGetLostFuture(WGPUDevice device) {
  if (!device) return WGPUFuture{0};
  return WGPUFuture{device->lost_future};
}

WGPU_API void wgpuDeviceDestroy(WGPUDevice device) {
  if (!device) return;
  device->lose(WGPUDeviceLostReason_Destroyed, "wgpuDeviceDestroy was called");
}

WGPU_API WGPUQueue wgpuDeviceGetQueue(WGPUDevice device) {
  if (!device) return nullptr;
  if (device->queue) {
    addRefObject(device->queue, "wgpuDeviceGetQueue");
    return device->queue;
  }
  auto* q = new WGPUQueueImpl();
  q->device = device;
  addRefObject(device, "wgpuDeviceGetQueue");
  device->queue = q;
  return q;
}

WGPU_API void wgpuQueueAddRef(WGPUQueue q) { addRefObject(q, "wgpuQueueAddRef"); }
WGPU_API void wgpuQueueRelease(WGPUQueue q) { releaseObject(q, "wgpuQueueRelease"); }
WGPU_API void wgpuQueueSetLabel(WGPUQueue q, WGPUStringView label) {
  if (q) q->label = toString(label);
}
