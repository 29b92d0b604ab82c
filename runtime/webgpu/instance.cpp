// Instance and adapter: creation, features, limits, futures (ProcessEvents, WaitAny).
#include <cstdlib>
#include <cstring>

#include "runtime/webgpu/limits.h"
#include "runtime/webgpu/objects.h"

using namespace wgslemu::webgpu;

namespace {

const WGPUInstanceFeatureName kInstanceFeatures[] = {WGPUInstanceFeatureName_TimedWaitAny};
const WGPUFeatureName kAdapterFeatures[] = {WGPUFeatureName_CoreFeaturesAndLimits,
                                            WGPUFeatureName_ShaderF16, WGPUFeatureName_Subgroups};
// The WGSL language extensions the instance reports (the front end implements them); a module
// that `requires` any other is rejected at shader module creation (shader_module.cpp).
const WGPUWGSLLanguageFeatureName kWgslFeatures[] = {
    WGPUWGSLLanguageFeatureName_ReadonlyAndReadwriteStorageTextures,
    WGPUWGSLLanguageFeatureName_Packed4x8IntegerDotProduct,
    WGPUWGSLLanguageFeatureName_UnrestrictedPointerParameters,
    WGPUWGSLLanguageFeatureName_PointerCompositeAccess,
    WGPUWGSLLanguageFeatureName_LinearIndexing};
const char* const kWgslFeatureNames[] = {"readonly_and_readwrite_storage_textures", "packed_4x8_integer_dot_product",
                                         "unrestricted_pointer_parameters", "pointer_composite_access",
                                         "linear_indexing"};
static_assert(sizeof kWgslFeatures / sizeof kWgslFeatures[0] == sizeof kWgslFeatureNames / sizeof kWgslFeatureNames[0],
              "one name for each WGSL language feature");
constexpr size_t kTimedWaitAnyMax = 64;

template <typename T, size_t N>
T* copyArray(const T (&a)[N]) {
  T* out = static_cast<T*>(std::malloc(sizeof(T) * N));
  std::memcpy(out, a, sizeof(T) * N);
  return out;
}

char* copyString(const char* s) {
  size_t n = std::strlen(s);
  char* out = static_cast<char*>(std::malloc(n + 1));
  std::memcpy(out, s, n + 1);
  return out;
}

}  // namespace

namespace wgslemu::webgpu {

bool wgslLanguageFeatureSupported(const std::string& name) {
  for (const char* n : kWgslFeatureNames) {
    if (name == n) return true;
  }
  return false;
}

}  // namespace wgslemu::webgpu

WGPU_API WGPUInstance wgpuCreateInstance(WGPUInstanceDescriptor const* descriptor) {
  auto* inst = new WGPUInstanceImpl();
  if (descriptor) {
    if (!checkChain(nullptr, "wgpuCreateInstance", descriptor->nextInChain, {})) {
      delete inst;
      return nullptr;
    }
    for (size_t i = 0; i < descriptor->requiredFeatureCount; ++i) {
      WGPUInstanceFeatureName f = descriptor->requiredFeatures[i];
      if (f == WGPUInstanceFeatureName_TimedWaitAny) {
        inst->timed_wait_any = true;
      } else {
        validationError(nullptr, "wgpuCreateInstance", "instance feature " + std::to_string(f) +
                                                           " is not supported (only TimedWaitAny is)");
        delete inst;
        return nullptr;
      }
    }
    if (descriptor->requiredLimits && descriptor->requiredLimits->timedWaitAnyMaxCount > kTimedWaitAnyMax) {
      validationError(nullptr, "wgpuCreateInstance", "timedWaitAnyMaxCount above 64 is not supported");
      delete inst;
      return nullptr;
    }
  }
  return inst;
}

WGPU_API void wgpuGetInstanceFeatures(WGPUSupportedInstanceFeatures* features) {
  if (!features) return;
  features->featureCount = 1;
  features->features = copyArray(kInstanceFeatures);
}

WGPU_API WGPUStatus wgpuGetInstanceLimits(WGPUInstanceLimits* limits) {
  if (!limits || limits->nextInChain) return WGPUStatus_Error;
  limits->timedWaitAnyMaxCount = kTimedWaitAnyMax;
  return WGPUStatus_Success;
}

WGPU_API WGPUBool wgpuHasInstanceFeature(WGPUInstanceFeatureName feature) {
  return feature == WGPUInstanceFeatureName_TimedWaitAny;
}

WGPU_API void wgpuSupportedInstanceFeaturesFreeMembers(WGPUSupportedInstanceFeatures f) {
  std::free(const_cast<WGPUInstanceFeatureName*>(f.features));
}

WGPU_API void wgpuSupportedFeaturesFreeMembers(WGPUSupportedFeatures f) {
  std::free(const_cast<WGPUFeatureName*>(f.features));
}

WGPU_API void wgpuSupportedWGSLLanguageFeaturesFreeMembers(WGPUSupportedWGSLLanguageFeatures f) {
  std::free(const_cast<WGPUWGSLLanguageFeatureName*>(f.features));
}

WGPU_API void wgpuAdapterInfoFreeMembers(WGPUAdapterInfo info) {
  std::free(const_cast<char*>(info.vendor.data));
  std::free(const_cast<char*>(info.architecture.data));
  std::free(const_cast<char*>(info.device.data));
  std::free(const_cast<char*>(info.description.data));
}

// The application's references are counted apart from the adapters' and devices' (objects.h).
WGPU_API void wgpuInstanceAddRef(WGPUInstance i) {
  if (i && i->magic == wgslemu::webgpu::Object::kAlive) ++i->external_refs;
  addRefObject(i, "wgpuInstanceAddRef");
}
WGPU_API void wgpuInstanceRelease(WGPUInstance i) {
  if (i && i->magic == wgslemu::webgpu::Object::kAlive) i->releaseExternal();
  releaseObject(i, "wgpuInstanceRelease");
}

WGPU_API void wgpuInstanceGetWGSLLanguageFeatures(WGPUInstance, WGPUSupportedWGSLLanguageFeatures* features) {
  if (!features) return;
  features->featureCount = sizeof kWgslFeatures / sizeof kWgslFeatures[0];
  features->features = copyArray(kWgslFeatures);
}

WGPU_API WGPUBool wgpuInstanceHasWGSLLanguageFeature(WGPUInstance, WGPUWGSLLanguageFeatureName feature) {
  for (auto f : kWgslFeatures) {
    if (f == feature) return true;
  }
  return false;
}

WGPU_API WGPUFuture wgpuInstanceRequestAdapter(WGPUInstance instance, WGPURequestAdapterOptions const* options,
                                               WGPURequestAdapterCallbackInfo info) {
  if (!instance) {
    validationError(nullptr, "wgpuInstanceRequestAdapter", "the instance is null");
    return WGPUFuture{0};
  }
  std::string message;
  WGPURequestAdapterStatus status = WGPURequestAdapterStatus_Success;
  if (options && !checkChain(nullptr, "wgpuInstanceRequestAdapter", options->nextInChain, {})) {
    status = WGPURequestAdapterStatus_Error;
    message = "unknown sType in the chain of WGPURequestAdapterOptions";
  } else if (options && options->backendType != WGPUBackendType_Undefined &&
             options->backendType != WGPUBackendType_Null) {
    status = WGPURequestAdapterStatus_Unavailable;
    message = "wgslemu offers one adapter, a CPU device of backend type Null";
  }
  // The adapter is made when the callback fires (a cancelled request makes none). Compatibility
  // mode requests get the core adapter, which satisfies them.
  return instance->add(info.mode, true, [info, instance, status, message](bool cancelled) {
    if (!info.callback) return;
    if (cancelled) {
      info.callback(WGPURequestAdapterStatus_CallbackCancelled, nullptr, toView("the instance was released"),
                    info.userdata1, info.userdata2);
      return;
    }
    WGPUAdapter adapter = nullptr;
    if (status == WGPURequestAdapterStatus_Success) {
      adapter = new WGPUAdapterImpl();
      adapter->instance = instance;
      addRefObject(instance, "wgpuInstanceRequestAdapter");
    }
    info.callback(status, adapter, toView(message), info.userdata1, info.userdata2);
  });
}

WGPU_API void wgpuInstanceProcessEvents(WGPUInstance instance) {
  if (!instance) return;
  for (uint64_t id : instance->readyForProcessEvents()) instance->fire(id);
}

WGPU_API WGPUWaitStatus wgpuInstanceWaitAny(WGPUInstance instance, size_t count, WGPUFutureWaitInfo* futures,
                                            uint64_t timeoutNS) {
  if (!instance) return WGPUWaitStatus_Error;
  if (timeoutNS > 0 && !instance->timed_wait_any) {
    validationError(nullptr, "wgpuInstanceWaitAny",
                    "a timeout needs the instance feature TimedWaitAny (WGPUInstanceDescriptor::requiredFeatures)");
    return WGPUWaitStatus_Error;
  }
  if (timeoutNS > 0 && count > kTimedWaitAnyMax) return WGPUWaitStatus_Error;
  if (count > 0 && !futures) return WGPUWaitStatus_Error;
  bool any = false;
  for (size_t i = 0; i < count; ++i) {
    const int state = instance->state(futures[i].future.id);
    if (state < 0) {
      futures[i].completed = true;  // already fired: completed
      any = true;
    } else if (state > 0) {
      instance->fire(futures[i].future.id);
      futures[i].completed = true;
      any = true;
    }
  }
  // Work runs synchronously on the calling thread, so nothing can complete while we wait.
  return any ? WGPUWaitStatus_Success : WGPUWaitStatus_TimedOut;
}

WGPU_API void wgpuAdapterAddRef(WGPUAdapter a) { addRefObject(a, "wgpuAdapterAddRef"); }
WGPU_API void wgpuAdapterRelease(WGPUAdapter a) { releaseObject(a, "wgpuAdapterRelease"); }

WGPU_API WGPUStatus wgpuAdapterGetLimits(WGPUAdapter adapter, WGPULimits* limits) {
  if (!adapter || !limits) return WGPUStatus_Error;
  if (limits->nextInChain) return WGPUStatus_Error;
  *limits = adapterLimits();
  return WGPUStatus_Success;
}

WGPU_API void wgpuAdapterGetFeatures(WGPUAdapter adapter, WGPUSupportedFeatures* features) {
  if (!adapter || !features) return;
  features->featureCount = sizeof kAdapterFeatures / sizeof kAdapterFeatures[0];
  features->features = copyArray(kAdapterFeatures);
}

WGPU_API WGPUBool wgpuAdapterHasFeature(WGPUAdapter adapter, WGPUFeatureName feature) {
  if (!adapter) return false;
  for (auto f : kAdapterFeatures) {
    if (f == feature) return true;
  }
  return false;
}

WGPU_API WGPUStatus wgpuAdapterGetInfo(WGPUAdapter adapter, WGPUAdapterInfo* info) {
  if (!adapter || !info) return WGPUStatus_Error;
  if (info->nextInChain) return WGPUStatus_Error;
  info->vendor = WGPUStringView{copyString("wgslemu"), 7};
  info->architecture = WGPUStringView{copyString("cpu"), 3};
  info->device = WGPUStringView{copyString("wgslemu reference device"), 24};
  const char* d = "wgslemu: runs WGSL compute shaders on the CPU with dynamic-error checks";
  info->description = WGPUStringView{copyString(d), std::strlen(d)};
  info->backendType = WGPUBackendType_Null;
  info->adapterType = WGPUAdapterType_CPU;
  info->vendorID = 0;
  info->deviceID = 0;
  info->subgroupMinSize = 4;
  info->subgroupMaxSize = 128;
  return WGPUStatus_Success;
}
