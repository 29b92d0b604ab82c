// Instance, adapter and device through the C API: limits and their sentinels, features,
// futures and callback modes (doc/Asynchronous-Operations.md), error scopes and the
// uncaptured-error callback (doc/Errors.md), device loss. Built against the upstream header.
#include "webgpu_test_util.h"

#include <cstring>
#include <thread>

namespace {

TEST(WebGpuInstance, FeaturesLimitsAndProcAddress) {
  EXPECT_TRUE(wgpuHasInstanceFeature(WGPUInstanceFeatureName_TimedWaitAny));
  EXPECT_FALSE(wgpuHasInstanceFeature(WGPUInstanceFeatureName_ShaderSourceSPIRV));
  WGPUSupportedInstanceFeatures f = WGPU_SUPPORTED_INSTANCE_FEATURES_INIT;
  wgpuGetInstanceFeatures(&f);
  ASSERT_EQ(f.featureCount, 1u);
  EXPECT_EQ(f.features[0], WGPUInstanceFeatureName_TimedWaitAny);
  wgpuSupportedInstanceFeaturesFreeMembers(f);
  WGPUInstanceLimits l = WGPU_INSTANCE_LIMITS_INIT;
  EXPECT_EQ(wgpuGetInstanceLimits(&l), WGPUStatus_Success);
  EXPECT_GE(l.timedWaitAnyMaxCount, 1u);
  // Every function of the header is there by name; unknown names give null.
  EXPECT_EQ(wgpuGetProcAddress(sv("wgpuDeviceCreateBuffer")), reinterpret_cast<WGPUProc>(&wgpuDeviceCreateBuffer));
  EXPECT_EQ(wgpuGetProcAddress(sv("wgpuQueueSubmit")), reinterpret_cast<WGPUProc>(&wgpuQueueSubmit));
  EXPECT_EQ(wgpuGetProcAddress(sv("wgpuNoSuchFunction")), nullptr);
}

TEST(WebGpuInstance, WaitAnyWithTimeoutNeedsTheFeature) {
  WGPUInstance inst = wgpuCreateInstance(nullptr);
  WGPUFutureWaitInfo w{WGPUFuture{12345}, 0};
  EXPECT_EQ(wgpuInstanceWaitAny(inst, 1, &w, 1000), WGPUWaitStatus_Error);
  wgpuInstanceRelease(inst);
}

using WebGpuDevice = WebGpuTest;

TEST_F(WebGpuDevice, AdapterAdvertisesComputeFeaturesAndInfo) {
  EXPECT_TRUE(wgpuAdapterHasFeature(adapter, WGPUFeatureName_ShaderF16));
  EXPECT_TRUE(wgpuAdapterHasFeature(adapter, WGPUFeatureName_Subgroups));
  EXPECT_FALSE(wgpuAdapterHasFeature(adapter, WGPUFeatureName_TimestampQuery));
  WGPUAdapterInfo info = WGPU_ADAPTER_INFO_INIT;
  ASSERT_EQ(wgpuAdapterGetInfo(adapter, &info), WGPUStatus_Success);
  EXPECT_EQ(info.adapterType, WGPUAdapterType_CPU);
  EXPECT_EQ(str(info.vendor), "wgslemu");
  EXPECT_LE(info.subgroupMinSize, info.subgroupMaxSize);
  wgpuAdapterInfoFreeMembers(info);
  // The device was created without features: it has none of the optional ones.
  EXPECT_FALSE(wgpuDeviceHasFeature(device, WGPUFeatureName_ShaderF16));
}

TEST_F(WebGpuDevice, DefaultLimitsAreWebGpusDefaults) {
  WGPULimits l = WGPU_LIMITS_INIT;
  ASSERT_EQ(wgpuDeviceGetLimits(device, &l), WGPUStatus_Success);
  // The WebGPU spec's default limits.
  EXPECT_EQ(l.maxComputeInvocationsPerWorkgroup, 256u);
  EXPECT_EQ(l.maxComputeWorkgroupSizeX, 256u);
  EXPECT_EQ(l.maxComputeWorkgroupSizeZ, 64u);
  EXPECT_EQ(l.maxStorageBufferBindingSize, 134217728u);
  EXPECT_EQ(l.minStorageBufferOffsetAlignment, 256u);
  EXPECT_EQ(l.maxBindGroups, 4u);
}

TEST_F(WebGpuDevice, RequiredLimitsUndefinedSentinelsAndAdapterCopy) {
  // Futhark's way: every limit undefined (all bits set), then a few copied from the adapter.
  WGPULimits adapter_limits = WGPU_LIMITS_INIT;
  ASSERT_EQ(wgpuAdapterGetLimits(adapter, &adapter_limits), WGPUStatus_Success);
  WGPULimits req;
  std::memset(&req, 0xff, sizeof req);
  req.nextInChain = nullptr;
  req.maxComputeInvocationsPerWorkgroup = adapter_limits.maxComputeInvocationsPerWorkgroup;
  req.maxComputeWorkgroupSizeX = adapter_limits.maxComputeWorkgroupSizeX;
  req.maxStorageBufferBindingSize = adapter_limits.maxStorageBufferBindingSize;
  WGPUAdapter a2 = makeAdapter();
  std::swap(adapter, a2);
  WGPUDeviceDescriptor dd = deviceDescriptor();
  dd.requiredLimits = &req;
  std::string error;
  WGPUDevice d = makeDevice(dd, &error);
  std::swap(adapter, a2);
  ASSERT_NE(d, nullptr) << error;
  WGPULimits got = WGPU_LIMITS_INIT;
  wgpuDeviceGetLimits(d, &got);
  EXPECT_EQ(got.maxComputeInvocationsPerWorkgroup, adapter_limits.maxComputeInvocationsPerWorkgroup);
  EXPECT_EQ(got.maxStorageBufferBindingSize, adapter_limits.maxStorageBufferBindingSize);
  EXPECT_EQ(got.maxBindGroups, 4u);                       // undefined: the default
  EXPECT_EQ(got.minUniformBufferOffsetAlignment, 256u);   // undefined: the default
  wgpuDeviceRelease(d);
  wgpuAdapterRelease(a2);
}

TEST_F(WebGpuDevice, RequiredLimitsAboveTheAdaptersAreRejected) {
  WGPULimits adapter_limits = WGPU_LIMITS_INIT;
  wgpuAdapterGetLimits(adapter, &adapter_limits);
  WGPULimits req = WGPU_LIMITS_INIT;
  req.maxComputeInvocationsPerWorkgroup = adapter_limits.maxComputeInvocationsPerWorkgroup + 1;
  WGPUAdapter a2 = makeAdapter();
  std::swap(adapter, a2);
  WGPUDeviceDescriptor dd = deviceDescriptor();
  dd.requiredLimits = &req;
  std::string error;
  WGPUDevice d = makeDevice(dd, &error);
  std::swap(adapter, a2);
  EXPECT_EQ(d, nullptr);
  EXPECT_NE(error.find("maxComputeInvocationsPerWorkgroup"), std::string::npos) << error;
  wgpuAdapterRelease(a2);
}

TEST_F(WebGpuDevice, ShaderF16NeedsTheFeature) {
  const char* src = "enable f16;\n@group(0) @binding(0) var<storage, read_write> o: array<f32>;\n"
                    "@compute @workgroup_size(1) fn main() { let h: f16 = 1.5h; o[0] = f32(h * 2.0h); }\n";
  WGPUShaderModule m = module(src, "halves");
  ASSERT_EQ(errors.list.size(), 1u);
  EXPECT_TRUE(errors.any("ShaderF16")) << errors.all();
  EXPECT_TRUE(errors.any("ShaderModule \"halves\"")) << errors.all();
  wgpuShaderModuleRelease(m);

  // With the feature, the module is valid and computes 1.5 * 2 = 3.
  WGPUAdapter a2 = makeAdapter();
  std::swap(adapter, a2);
  WGPUDeviceDescriptor dd = deviceDescriptor();
  WGPUFeatureName f16 = WGPUFeatureName_ShaderF16;
  dd.requiredFeatureCount = 1;
  dd.requiredFeatures = &f16;
  WGPUDevice d = makeDevice(dd);
  std::swap(adapter, a2);
  ASSERT_NE(d, nullptr);
  EXPECT_TRUE(wgpuDeviceHasFeature(d, WGPUFeatureName_ShaderF16));
  std::swap(device, d);
  WGPUQueue q2 = wgpuDeviceGetQueue(device);
  std::swap(queue, q2);
  errors.list.clear();
  WGPUShaderModule m2 = module(src, "halves");
  EXPECT_TRUE(errors.list.empty()) << errors.all();
  WGPUComputePipeline p = pipeline(m2);
  WGPUBuffer out = buffer(4, WGPUBufferUsage_Storage | WGPUBufferUsage_CopySrc);
  WGPUBindGroupLayout bgl = wgpuComputePipelineGetBindGroupLayout(p, 0);
  WGPUBindGroup g = bindGroup(bgl, {entry(0, out)});
  dispatch(p, {g}, 1);
  std::vector<uint32_t> v = read(out, 4);
  float f;
  std::memcpy(&f, v.data(), 4);
  EXPECT_EQ(f, 3.0f);
  EXPECT_TRUE(errors.list.empty()) << errors.all();
  wgpuBindGroupRelease(g);
  wgpuBindGroupLayoutRelease(bgl);
  wgpuBufferRelease(out);
  wgpuComputePipelineRelease(p);
  wgpuShaderModuleRelease(m2);
  std::swap(queue, q2);
  std::swap(device, d);
  wgpuQueueRelease(q2);
  wgpuDeviceRelease(d);
  wgpuAdapterRelease(a2);
}

// WGSL "Language Extensions" and WebGPU's wgslLanguageFeatures: a module may `requires` only a
// language extension the instance reports; "Enable Extensions": clip_distances and
// dual_source_blending need device features that a compute-only device does not have.
TEST_F(WebGpuDevice, RequiresAndEnableFollowTheReportedFeatures) {
  WGPUInstance inst = wgpuCreateInstance(nullptr);
  EXPECT_TRUE(wgpuInstanceHasWGSLLanguageFeature(inst, WGPUWGSLLanguageFeatureName_Packed4x8IntegerDotProduct));
  EXPECT_TRUE(wgpuInstanceHasWGSLLanguageFeature(inst, WGPUWGSLLanguageFeatureName_ReadonlyAndReadwriteStorageTextures));
  EXPECT_TRUE(wgpuInstanceHasWGSLLanguageFeature(inst, WGPUWGSLLanguageFeatureName_LinearIndexing));
  EXPECT_FALSE(wgpuInstanceHasWGSLLanguageFeature(inst, WGPUWGSLLanguageFeatureName_UniformBufferStandardLayout));
  wgpuInstanceRelease(inst);

  WGPUShaderModule li = module("requires linear_indexing;\n"
                               "@compute @workgroup_size(1) fn main(@builtin(global_invocation_index) g: u32,\n"
                               "                                    @builtin(workgroup_index) w: u32) { _ = g + w; }\n",
                               "linear");
  EXPECT_TRUE(errors.list.empty()) << errors.all();
  wgpuShaderModuleRelease(li);

  WGPUShaderModule ok = module("requires packed_4x8_integer_dot_product;\n"
                               "@compute @workgroup_size(1) fn main() { _ = dot4I8Packed(1u, 2u); }\n",
                               "packed");
  EXPECT_TRUE(errors.list.empty()) << errors.all();
  wgpuShaderModuleRelease(ok);

  WGPUShaderModule m = module("requires uniform_buffer_standard_layout;\n", "ubo");
  ASSERT_EQ(errors.list.size(), 1u);
  EXPECT_TRUE(errors.any("uniform_buffer_standard_layout")) << errors.all();
  wgpuShaderModuleRelease(m);
  errors.list.clear();

  WGPUShaderModule c = module("enable clip_distances;\n", "clip");
  ASSERT_EQ(errors.list.size(), 1u);
  EXPECT_TRUE(errors.any("ClipDistances")) << errors.all();
  wgpuShaderModuleRelease(c);
}

TEST_F(WebGpuDevice, UnsupportedFeatureRequestFails) {
  WGPUAdapter a2 = makeAdapter();
  std::swap(adapter, a2);
  WGPUDeviceDescriptor dd = deviceDescriptor();
  WGPUFeatureName ts = WGPUFeatureName_TimestampQuery;
  dd.requiredFeatureCount = 1;
  dd.requiredFeatures = &ts;
  std::string error;
  WGPUDevice d = makeDevice(dd, &error);
  std::swap(adapter, a2);
  EXPECT_EQ(d, nullptr);
  EXPECT_NE(error.find("not supported"), std::string::npos) << error;
  wgpuAdapterRelease(a2);
}

// Callback modes: WaitAnyOnly fires only in WaitAny; AllowProcessEvents in ProcessEvents or
// WaitAny; AllowSpontaneous at once (here: the work is done when the call returns).
TEST_F(WebGpuDevice, CallbackModes) {
  int calls[3] = {0, 0, 0};
  auto done = [](WGPUQueueWorkDoneStatus s, WGPUStringView, void* u1, void*) {
    EXPECT_EQ(s, WGPUQueueWorkDoneStatus_Success);
    ++*static_cast<int*>(u1);
  };
  WGPUQueueWorkDoneCallbackInfo info = WGPU_QUEUE_WORK_DONE_CALLBACK_INFO_INIT;
  info.callback = done;

  info.mode = WGPUCallbackMode_WaitAnyOnly;
  info.userdata1 = &calls[0];
  WGPUFuture f0 = wgpuQueueOnSubmittedWorkDone(queue, info);
  info.mode = WGPUCallbackMode_AllowProcessEvents;
  info.userdata1 = &calls[1];
  WGPUFuture f1 = wgpuQueueOnSubmittedWorkDone(queue, info);
  info.mode = WGPUCallbackMode_AllowSpontaneous;
  info.userdata1 = &calls[2];
  wgpuQueueOnSubmittedWorkDone(queue, info);
  EXPECT_EQ(calls[2], 1);
  EXPECT_EQ(calls[0] + calls[1], 0);

  wgpuInstanceProcessEvents(instance);
  EXPECT_EQ(calls[1], 1);
  EXPECT_EQ(calls[0], 0);  // not in ProcessEvents

  WGPUFutureWaitInfo w{f0, 0};
  EXPECT_EQ(wgpuInstanceWaitAny(instance, 1, &w, 0), WGPUWaitStatus_Success);
  EXPECT_TRUE(w.completed);
  EXPECT_EQ(calls[0], 1);
  // A callback fires once: waiting again on completed futures calls nothing.
  WGPUFutureWaitInfo again[2] = {{f0, 0}, {f1, 0}};
  wgpuInstanceWaitAny(instance, 2, again, 0);
  wgpuInstanceProcessEvents(instance);
  EXPECT_EQ(calls[0] + calls[1] + calls[2], 3);
}

TEST_F(WebGpuDevice, ErrorScopesCaptureInnermostMatchingAndUncapturedGetsTheRest) {
  struct Popped {
    WGPUPopErrorScopeStatus status;
    WGPUErrorType type;
    std::string message;
  };
  auto pop = [&]() {
    Popped p{WGPUPopErrorScopeStatus_Error, WGPUErrorType_Unknown, ""};
    WGPUPopErrorScopeCallbackInfo info = WGPU_POP_ERROR_SCOPE_CALLBACK_INFO_INIT;
    info.mode = WGPUCallbackMode_AllowSpontaneous;
    info.callback = [](WGPUPopErrorScopeStatus s, WGPUErrorType t, WGPUStringView m, void* u1, void*) {
      *static_cast<Popped*>(u1) = Popped{s, t, str(m)};
    };
    info.userdata1 = &p;
    wgpuDevicePopErrorScope(device, info);
    return p;
  };
  wgpuDevicePushErrorScope(device, WGPUErrorFilter_Validation);
  wgpuDevicePushErrorScope(device, WGPUErrorFilter_OutOfMemory);
  WGPUBuffer b = buffer(4, WGPUBufferUsage_None, "no usage");  // a validation error
  WGPUBuffer b2 = buffer(4, WGPUBufferUsage_MapRead | WGPUBufferUsage_Storage, "bad combination");
  Popped inner = pop();
  EXPECT_EQ(inner.status, WGPUPopErrorScopeStatus_Success);
  EXPECT_EQ(inner.type, WGPUErrorType_NoError);
  Popped outer = pop();
  EXPECT_EQ(outer.type, WGPUErrorType_Validation);
  // The scope keeps the first error.
  EXPECT_NE(outer.message.find("Buffer \"no usage\""), std::string::npos) << outer.message;
  EXPECT_TRUE(errors.list.empty());
  // No scope: to the uncaptured-error callback.
  WGPUBuffer b3 = buffer(4, WGPUBufferUsage_MapRead | WGPUBufferUsage_Storage, "bad combination");
  ASSERT_EQ(errors.list.size(), 1u);
  EXPECT_EQ(errors.list[0].first, WGPUErrorType_Validation);
  EXPECT_TRUE(errors.any("MapRead may only be combined with CopyDst")) << errors.all();
  // Popping an empty stack is an error of the pop.
  EXPECT_EQ(pop().status, WGPUPopErrorScopeStatus_Error);
  wgpuBufferRelease(b);
  wgpuBufferRelease(b2);
  wgpuBufferRelease(b3);
}

TEST_F(WebGpuDevice, DestroyLosesTheDeviceOnceWithReasonDestroyed) {
  WGPUFuture lf = wgpuDeviceGetLostFuture(device);
  WGPUFutureWaitInfo w{lf, 0};
  EXPECT_EQ(wgpuInstanceWaitAny(instance, 1, &w, 0), WGPUWaitStatus_TimedOut);
  EXPECT_EQ(lost.calls, 0);
  wgpuDeviceDestroy(device);
  EXPECT_EQ(lost.calls, 1);
  EXPECT_EQ(lost.reason, WGPUDeviceLostReason_Destroyed);
  wgpuDeviceDestroy(device);
  EXPECT_EQ(lost.calls, 1);
  // After loss, errors are not reported.
  WGPUBuffer b = buffer(4, WGPUBufferUsage_None);
  EXPECT_TRUE(errors.list.empty());
  wgpuBufferRelease(b);
  EXPECT_EQ(wgpuInstanceWaitAny(instance, 1, &w, 0), WGPUWaitStatus_Success);
}

TEST_F(WebGpuDevice, ReleasingTheInstanceCancelsPendingCallbacks) {
  WGPUInstance inst = wgpuCreateInstance(nullptr);
  int status = 0;
  WGPURequestAdapterCallbackInfo cb = WGPU_REQUEST_ADAPTER_CALLBACK_INFO_INIT;
  cb.mode = WGPUCallbackMode_WaitAnyOnly;
  cb.callback = [](WGPURequestAdapterStatus s, WGPUAdapter a, WGPUStringView, void* u1, void*) {
    *static_cast<int*>(u1) = s;
    EXPECT_EQ(a, nullptr);
  };
  cb.userdata1 = &status;
  wgpuInstanceRequestAdapter(inst, nullptr, cb);
  EXPECT_EQ(status, 0);
  wgpuInstanceRelease(inst);
  EXPECT_EQ(status, WGPURequestAdapterStatus_CallbackCancelled);
}

// Error scopes are per thread (doc/Errors.md): a scope pushed on this thread does not capture
// an error made on another one, which goes to the uncaptured-error callback.
TEST_F(WebGpuDevice, ErrorScopesArePerThread) {
  wgpuDevicePushErrorScope(device, WGPUErrorFilter_Validation);
  std::thread other([&] {
    WGPUBuffer b = buffer(4, WGPUBufferUsage_None, "other thread");
    wgpuBufferRelease(b);
  });
  other.join();
  EXPECT_TRUE(errors.any("Buffer \"other thread\"")) << errors.all();
  WGPUErrorType type = WGPUErrorType_Unknown;
  WGPUPopErrorScopeCallbackInfo info = WGPU_POP_ERROR_SCOPE_CALLBACK_INFO_INIT;
  info.mode = WGPUCallbackMode_AllowSpontaneous;
  info.callback = [](WGPUPopErrorScopeStatus, WGPUErrorType t, WGPUStringView, void* u1, void*) {
    *static_cast<WGPUErrorType*>(u1) = t;
  };
  info.userdata1 = &type;
  wgpuDevicePopErrorScope(device, info);
  EXPECT_EQ(type, WGPUErrorType_NoError);
}

// The instance is thread-safe: a future made on one thread completes in WaitAny on another.
TEST_F(WebGpuDevice, WaitAnyOnAnotherThread) {
  int calls = 0;
  WGPUQueueWorkDoneCallbackInfo info = WGPU_QUEUE_WORK_DONE_CALLBACK_INFO_INIT;
  info.mode = WGPUCallbackMode_WaitAnyOnly;
  info.callback = [](WGPUQueueWorkDoneStatus, WGPUStringView, void* u1, void*) { ++*static_cast<int*>(u1); };
  info.userdata1 = &calls;
  WGPUFuture f = wgpuQueueOnSubmittedWorkDone(queue, info);
  std::thread waiter([&] {
    WGPUFutureWaitInfo w{f, 0};
    EXPECT_EQ(wgpuInstanceWaitAny(instance, 1, &w, 1000000), WGPUWaitStatus_Success);
  });
  waiter.join();
  EXPECT_EQ(calls, 1);
}

}  // namespace
