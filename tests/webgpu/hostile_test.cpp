// A hostile program: null handles, zero and huge sizes, mapping a mapped buffer, destroyed
// buffers, double releases, unknown sTypes, invalid WGSL, a dispatch without its bind group,
// render and texture calls. Each gives a validation error or the documented behaviour
// (docs/webgpu-c-api.md); none crashes.
#include "webgpu_test_util.h"

namespace {

using WebGpuHostile = WebGpuTest;

TEST_F(WebGpuHostile, NullHandlesAndDescriptors) {
  EXPECT_EQ(wgpuDeviceCreateBuffer(device, nullptr), nullptr);
  EXPECT_EQ(wgpuDeviceCreateBuffer(nullptr, nullptr), nullptr);
  EXPECT_EQ(wgpuDeviceCreateShaderModule(device, nullptr), nullptr);
  EXPECT_EQ(wgpuDeviceCreateComputePipeline(device, nullptr), nullptr);
  EXPECT_EQ(wgpuDeviceCreateBindGroup(device, nullptr), nullptr);
  EXPECT_EQ(wgpuDeviceCreateBindGroupLayout(device, nullptr), nullptr);
  EXPECT_EQ(wgpuDeviceCreatePipelineLayout(device, nullptr), nullptr);
  EXPECT_EQ(wgpuDeviceCreateCommandEncoder(nullptr, nullptr), nullptr);
  EXPECT_EQ(wgpuDeviceGetQueue(nullptr), nullptr);
  wgpuQueueSubmit(nullptr, 0, nullptr);
  wgpuQueueSubmit(queue, 1, nullptr);
  WGPUCommandBuffer null_cb = nullptr;
  wgpuQueueSubmit(queue, 1, &null_cb);
  wgpuQueueWriteBuffer(queue, nullptr, 0, nullptr, 0);
  wgpuBufferUnmap(nullptr);
  wgpuBufferDestroy(nullptr);
  EXPECT_EQ(wgpuBufferGetMappedRange(nullptr, 0, 4), nullptr);
  EXPECT_EQ(wgpuBufferGetMapState(nullptr), WGPUBufferMapState_Unmapped);
  wgpuComputePassEncoderDispatchWorkgroups(nullptr, 1, 1, 1);
  wgpuComputePassEncoderEnd(nullptr);
  EXPECT_EQ(wgpuCommandEncoderFinish(nullptr, nullptr), nullptr);
  wgpuInstanceProcessEvents(nullptr);
  EXPECT_EQ(wgpuInstanceWaitAny(nullptr, 0, nullptr, 0), WGPUWaitStatus_Error);
  EXPECT_EQ(wgpuInstanceWaitAny(instance, 1, nullptr, 0), WGPUWaitStatus_Error);
  wgpuDeviceRelease(nullptr);
  wgpuBufferAddRef(nullptr);
  EXPECT_TRUE(errors.any("null")) << errors.all();
}

TEST_F(WebGpuHostile, ZeroAndHugeSizes) {
  WGPUBuffer zero = buffer(0, WGPUBufferUsage_Storage | WGPUBufferUsage_CopyDst, "zero");
  EXPECT_TRUE(errors.list.empty()) << errors.all();  // a zero-sized buffer is valid
  wgpuQueueWriteBuffer(queue, zero, 0, nullptr, 0);
  EXPECT_TRUE(errors.list.empty()) << errors.all();
  WGPUBuffer huge = buffer(uint64_t{1} << 60, WGPUBufferUsage_Storage, "huge");
  EXPECT_TRUE(errors.any("larger than the device's maxBufferSize")) << errors.all();
  EXPECT_EQ(wgpuBufferGetSize(huge), uint64_t{1} << 60);
  // Binding the zero-sized buffer: an empty binding is an error.
  WGPUBindGroupLayoutEntry le = WGPU_BIND_GROUP_LAYOUT_ENTRY_INIT;
  le.visibility = WGPUShaderStage_Compute;
  le.buffer.type = WGPUBufferBindingType_Storage;
  WGPUBindGroupLayoutDescriptor ld = WGPU_BIND_GROUP_LAYOUT_DESCRIPTOR_INIT;
  ld.entryCount = 1;
  ld.entries = &le;
  WGPUBindGroupLayout l = wgpuDeviceCreateBindGroupLayout(device, &ld);
  errors.list.clear();
  WGPUBindGroup g = bindGroup(l, {entry(0, zero)});
  EXPECT_TRUE(errors.any("empty")) << errors.all();
  // Using the invalid huge buffer anywhere is an error, not a crash.
  errors.list.clear();
  WGPUBindGroup g2 = bindGroup(l, {entry(0, huge)});
  EXPECT_TRUE(errors.any("invalid")) << errors.all();
  wgpuQueueWriteBuffer(queue, huge, 0, "abcd", 4);
  EXPECT_EQ(wgpuBufferGetMappedRange(huge, 0, 4), nullptr);
  wgpuBindGroupRelease(g);
  wgpuBindGroupRelease(g2);
  wgpuBindGroupLayoutRelease(l);
  wgpuBufferRelease(zero);
  wgpuBufferRelease(huge);
}

TEST_F(WebGpuHostile, DoubleReleaseIsReportedNotACrash) {
  WGPUBuffer b = buffer(16, WGPUBufferUsage_Storage, "twice");
  wgpuBufferRelease(b);
  testing::internal::CaptureStderr();
  wgpuBufferRelease(b);
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("already released"), std::string::npos) << err;
  EXPECT_NE(err.find("Buffer \"twice\""), std::string::npos) << err;
}

TEST_F(WebGpuHostile, UnknownSTypesInChains) {
  WGPUChainedStruct bogus{nullptr, static_cast<WGPUSType>(0x7777)};
  WGPUBufferDescriptor bd = WGPU_BUFFER_DESCRIPTOR_INIT;
  bd.nextInChain = &bogus;
  bd.size = 4;
  bd.usage = WGPUBufferUsage_Storage;
  WGPUBuffer b = wgpuDeviceCreateBuffer(device, &bd);
  EXPECT_TRUE(errors.any("unknown or unsupported sType 0x00007777")) << errors.all();
  errors.list.clear();
  WGPUShaderModuleDescriptor md = WGPU_SHADER_MODULE_DESCRIPTOR_INIT;
  md.nextInChain = &bogus;
  WGPUShaderModule m = wgpuDeviceCreateShaderModule(device, &md);
  EXPECT_FALSE(errors.list.empty());
  // No source at all.
  errors.list.clear();
  md.nextInChain = nullptr;
  WGPUShaderModule m2 = wgpuDeviceCreateShaderModule(device, &md);
  EXPECT_TRUE(errors.any("no WGPUShaderSourceWGSL")) << errors.all();
  wgpuShaderModuleRelease(m);
  wgpuShaderModuleRelease(m2);
  wgpuBufferRelease(b);
}

TEST_F(WebGpuHostile, InvalidWgslGivesAnInvalidModuleAndPipeline) {
  WGPUShaderModule m = module("fn main( {", "garbage");
  EXPECT_TRUE(errors.any("ShaderModule \"garbage\"")) << errors.all();
  WGPUComputePipeline p = pipeline(m, "from garbage");
  WGPUBindGroupLayout l = wgpuComputePipelineGetBindGroupLayout(p, 0);
  errors.list.clear();
  dispatch(p, {}, 1);
  EXPECT_TRUE(errors.any("invalid")) << errors.all();
  wgpuBindGroupLayoutRelease(l);
  wgpuComputePipelineRelease(p);
  wgpuShaderModuleRelease(m);
}

TEST_F(WebGpuHostile, EncoderMisuse) {
  WGPUCommandEncoder e = wgpuDeviceCreateCommandEncoder(device, nullptr);
  WGPUComputePassEncoder pass = wgpuCommandEncoderBeginComputePass(e, nullptr);
  // Dispatch without a pipeline, copy while the pass is open, finish with the pass open.
  wgpuComputePassEncoderDispatchWorkgroups(pass, 1, 1, 1);
  WGPUCommandBuffer cb = wgpuCommandEncoderFinish(e, nullptr);
  EXPECT_TRUE(errors.any("no pipeline is set")) << errors.all();
  errors.list.clear();
  // Finishing twice, using the pass of a finished encoder.
  WGPUCommandBuffer cb2 = wgpuCommandEncoderFinish(e, nullptr);
  EXPECT_TRUE(errors.any("already finished")) << errors.all();
  wgpuComputePassEncoderEnd(pass);
  wgpuComputePassEncoderRelease(pass);
  wgpuCommandBufferRelease(cb);
  wgpuCommandBufferRelease(cb2);
  wgpuCommandEncoderRelease(e);
  // Submitting a command buffer twice.
  e = wgpuDeviceCreateCommandEncoder(device, nullptr);
  cb = wgpuCommandEncoderFinish(e, nullptr);
  errors.list.clear();
  wgpuQueueSubmit(queue, 1, &cb);
  EXPECT_TRUE(errors.list.empty()) << errors.all();
  wgpuQueueSubmit(queue, 1, &cb);
  EXPECT_TRUE(errors.any("already submitted")) << errors.all();
  wgpuCommandBufferRelease(cb);
  wgpuCommandEncoderRelease(e);
}

TEST_F(WebGpuHostile, RenderAndTextureCallsAreCleanErrors) {
  WGPUTextureDescriptor td = WGPU_TEXTURE_DESCRIPTOR_INIT;
  EXPECT_EQ(wgpuDeviceCreateTexture(device, &td), nullptr);
  EXPECT_TRUE(errors.any("wgpuDeviceCreateTexture: not supported by wgslemu")) << errors.all();
  EXPECT_EQ(wgpuDeviceCreateSampler(device, nullptr), nullptr);
  EXPECT_EQ(wgpuDeviceCreateRenderPipeline(device, nullptr), nullptr);
  WGPUCommandEncoder e = wgpuDeviceCreateCommandEncoder(device, nullptr);
  EXPECT_EQ(wgpuCommandEncoderBeginRenderPass(e, nullptr), nullptr);
  wgpuRenderPassEncoderDraw(nullptr, 3, 1, 0, 0);
  wgpuTextureRelease(nullptr);
  wgpuCommandEncoderRelease(e);
}

// An invalid buffer created mappedAtCreation still has a writable range (WebGPU maps it
// anyway), so a program that does not check errors does not crash.
TEST_F(WebGpuHostile, InvalidBufferMappedAtCreationStillHasARange) {
  WGPUBuffer b = buffer(64, WGPUBufferUsage_MapRead | WGPUBufferUsage_Storage, "invalid but mapped", true);
  EXPECT_TRUE(errors.any("MapRead may only be combined with CopyDst")) << errors.all();
  auto* p = static_cast<uint32_t*>(wgpuBufferGetMappedRange(b, 0, 64));
  ASSERT_NE(p, nullptr);
  for (int i = 0; i < 16; ++i) p[i] = 1;
  wgpuBufferUnmap(b);
  errors.list.clear();
  wgpuQueueWriteBuffer(queue, b, 0, p, 0);  // using it is an error
  EXPECT_TRUE(errors.any("invalid")) << errors.all();
  wgpuBufferRelease(b);
}

// The application's last reference to the instance cancels pending callbacks even while a
// device still holds the instance (doc/Asynchronous-Operations.md: "CallbackCancelled happens
// when the last (external) reference to the WGPUInstance is dropped"), and callbacks registered
// afterwards are cancelled at once. Before, a WaitAnyOnly mapping never waited for kept its
// buffer, the buffer its device and the device the instance: all leaked (found by fuzz_webgpu).
TEST_F(WebGpuHostile, ReleasingTheInstanceWhileADeviceHoldsItCancelsPendingCallbacks) {
  struct Seen {
    int calls = 0;
    WGPUMapAsyncStatus status = WGPUMapAsyncStatus_Success;
  };
  auto map = [&](WGPUBuffer b, Seen* seen) {
    WGPUBufferMapCallbackInfo cb = WGPU_BUFFER_MAP_CALLBACK_INFO_INIT;
    cb.mode = WGPUCallbackMode_WaitAnyOnly;
    cb.callback = [](WGPUMapAsyncStatus status, WGPUStringView, void* u1, void*) {
      ++static_cast<Seen*>(u1)->calls;
      static_cast<Seen*>(u1)->status = status;
    };
    cb.userdata1 = seen;
    wgpuBufferMapAsync(b, WGPUMapMode_Read, 0, 16, cb);
  };
  WGPUBuffer b = buffer(16, WGPUBufferUsage_MapRead | WGPUBufferUsage_CopyDst, "pending");
  Seen before;
  map(b, &before);
  wgpuBufferRelease(b);
  EXPECT_EQ(before.calls, 0);
  wgpuInstanceRelease(instance);  // the device (still held by the test) holds it too
  instance = nullptr;
  EXPECT_EQ(before.calls, 1);
  EXPECT_EQ(before.status, WGPUMapAsyncStatus_CallbackCancelled);
  WGPUBuffer later = buffer(16, WGPUBufferUsage_MapRead | WGPUBufferUsage_CopyDst, "later");
  Seen after;
  map(later, &after);
  EXPECT_EQ(after.calls, 1);
  EXPECT_EQ(after.status, WGPUMapAsyncStatus_CallbackCancelled);
  wgpuBufferRelease(later);
  EXPECT_TRUE(errors.list.empty()) << errors.all();
}

}  // namespace
