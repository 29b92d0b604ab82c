// Buffers through the C API: usage rules, the mapping state machine (doc/BufferMapping.md),
// WriteBuffer, copies and clears, destroyed and mapped buffers in a submit.
#include "webgpu_test_util.h"

namespace {

using WebGpuBuffer = WebGpuTest;

struct MapResult {
  int calls = 0;
  WGPUMapAsyncStatus status = WGPUMapAsyncStatus_Error;
};

WGPUBufferMapCallbackInfo mapInfo(MapResult* r, WGPUCallbackMode mode) {
  WGPUBufferMapCallbackInfo info = WGPU_BUFFER_MAP_CALLBACK_INFO_INIT;
  info.mode = mode;
  info.callback = [](WGPUMapAsyncStatus s, WGPUStringView, void* u1, void*) {
    auto* m = static_cast<MapResult*>(u1);
    ++m->calls;
    m->status = s;
  };
  info.userdata1 = r;
  return info;
}

TEST_F(WebGpuBuffer, UsageCombinations) {
  struct Case {
    WGPUBufferUsage usage;
    bool valid;
  } cases[] = {
      {WGPUBufferUsage_None, false},
      {WGPUBufferUsage_MapRead | WGPUBufferUsage_CopyDst, true},
      {WGPUBufferUsage_MapRead | WGPUBufferUsage_CopySrc, false},
      {WGPUBufferUsage_MapWrite | WGPUBufferUsage_CopySrc, true},
      {WGPUBufferUsage_MapWrite | WGPUBufferUsage_Storage, false},
      {WGPUBufferUsage_Storage | WGPUBufferUsage_Uniform | WGPUBufferUsage_Indirect | WGPUBufferUsage_CopyDst, true},
  };
  for (const Case& c : cases) {
    errors.list.clear();
    WGPUBuffer b = buffer(16, c.usage, "usage case");
    EXPECT_EQ(errors.list.empty(), c.valid) << c.usage << ": " << errors.all();
    EXPECT_EQ(wgpuBufferGetUsage(b), c.usage);
    EXPECT_EQ(wgpuBufferGetSize(b), 16u);
    wgpuBufferRelease(b);
  }
}

TEST_F(WebGpuBuffer, MappedAtCreationThenMapAsyncStateMachine) {
  WGPUBuffer b = buffer(16, WGPUBufferUsage_MapRead | WGPUBufferUsage_CopyDst, "state", true);
  EXPECT_EQ(wgpuBufferGetMapState(b), WGPUBufferMapState_Mapped);
  // Mapped at creation is writable even without MapWrite.
  auto* p = static_cast<uint32_t*>(wgpuBufferGetMappedRange(b, 0, 16));
  ASSERT_NE(p, nullptr);
  for (uint32_t i = 0; i < 4; ++i) p[i] = 10 + i;
  wgpuBufferUnmap(b);
  EXPECT_EQ(wgpuBufferGetMapState(b), WGPUBufferMapState_Unmapped);

  MapResult r;
  WGPUFuture f = wgpuBufferMapAsync(b, WGPUMapMode_Read, 8, 8, mapInfo(&r, WGPUCallbackMode_WaitAnyOnly));
  EXPECT_EQ(wgpuBufferGetMapState(b), WGPUBufferMapState_Pending);
  // While pending, a second map is a validation error and its callback says Error.
  MapResult r2;
  wgpuBufferMapAsync(b, WGPUMapMode_Read, 0, 8, mapInfo(&r2, WGPUCallbackMode_AllowSpontaneous));
  EXPECT_EQ(r2.calls, 1);
  EXPECT_EQ(r2.status, WGPUMapAsyncStatus_Error);
  EXPECT_TRUE(errors.any("already pending")) << errors.all();
  WGPUFutureWaitInfo w{f, 0};
  wgpuInstanceWaitAny(instance, 1, &w, 0);
  EXPECT_EQ(r.status, WGPUMapAsyncStatus_Success);
  EXPECT_EQ(wgpuBufferGetMapState(b), WGPUBufferMapState_Mapped);
  // Read mapping: no writable range; const range of the mapped part only.
  EXPECT_EQ(wgpuBufferGetMappedRange(b, 8, 8), nullptr);
  EXPECT_EQ(wgpuBufferGetConstMappedRange(b, 0, 8), nullptr);  // outside [8, 16)
  auto* q = static_cast<const uint32_t*>(wgpuBufferGetConstMappedRange(b, 8, 8));
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(q[0], 12u);
  EXPECT_EQ(q[1], 13u);
  uint32_t tail[2] = {0, 0};
  EXPECT_EQ(wgpuBufferReadMappedRange(b, 8, tail, 8), WGPUStatus_Success);
  EXPECT_EQ(tail[1], 13u);
  EXPECT_EQ(wgpuBufferWriteMappedRange(b, 8, tail, 8), WGPUStatus_Error);
  // Mapping a mapped buffer: validation error, callback Error.
  MapResult r3;
  wgpuBufferMapAsync(b, WGPUMapMode_Read, 0, 16, mapInfo(&r3, WGPUCallbackMode_AllowSpontaneous));
  EXPECT_EQ(r3.status, WGPUMapAsyncStatus_Error);
  EXPECT_TRUE(errors.any("already mapped")) << errors.all();
  wgpuBufferUnmap(b);
  wgpuBufferRelease(b);
}

TEST_F(WebGpuBuffer, UnmapWhilePendingAbortsTheMapping) {
  WGPUBuffer b = buffer(16, WGPUBufferUsage_MapWrite | WGPUBufferUsage_CopySrc, "aborted");
  MapResult r;
  WGPUFuture f = wgpuBufferMapAsync(b, WGPUMapMode_Write, 0, 16, mapInfo(&r, WGPUCallbackMode_AllowProcessEvents));
  wgpuBufferUnmap(b);
  EXPECT_EQ(wgpuBufferGetMapState(b), WGPUBufferMapState_Unmapped);
  WGPUFutureWaitInfo w{f, 0};
  wgpuInstanceWaitAny(instance, 1, &w, 0);
  EXPECT_EQ(r.calls, 1);
  EXPECT_EQ(r.status, WGPUMapAsyncStatus_Aborted);
  EXPECT_EQ(wgpuBufferGetMapState(b), WGPUBufferMapState_Unmapped);
  wgpuBufferRelease(b);
}

TEST_F(WebGpuBuffer, MapAsyncAlignmentAndUsage) {
  WGPUBuffer b = buffer(64, WGPUBufferUsage_MapRead | WGPUBufferUsage_CopyDst, "aligned");
  MapResult r;
  wgpuBufferMapAsync(b, WGPUMapMode_Read, 4, 8, mapInfo(&r, WGPUCallbackMode_AllowSpontaneous));
  EXPECT_EQ(r.status, WGPUMapAsyncStatus_Error);
  EXPECT_TRUE(errors.any("offset 4 is not a multiple of 8")) << errors.all();
  wgpuBufferMapAsync(b, WGPUMapMode_Write, 0, 8, mapInfo(&r, WGPUCallbackMode_AllowSpontaneous));
  EXPECT_EQ(r.status, WGPUMapAsyncStatus_Error);
  EXPECT_TRUE(errors.any("mode Write needs usage MapWrite")) << errors.all();
  wgpuBufferMapAsync(b, WGPUMapMode_Read, 56, 16, mapInfo(&r, WGPUCallbackMode_AllowSpontaneous));
  EXPECT_EQ(r.status, WGPUMapAsyncStatus_Error);
  EXPECT_EQ(wgpuBufferGetMapState(b), WGPUBufferMapState_Unmapped);
  wgpuBufferRelease(b);
}

TEST_F(WebGpuBuffer, WriteCopyClearRoundTrip) {
  const WGPUBufferUsage u = WGPUBufferUsage_Storage | WGPUBufferUsage_CopySrc | WGPUBufferUsage_CopyDst;
  WGPUBuffer a = buffer(32, u, "a"), b = buffer(32, u, "b");
  uint32_t data[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  wgpuQueueWriteBuffer(queue, a, 0, data, sizeof data);
  WGPUCommandEncoder e = wgpuDeviceCreateCommandEncoder(device, nullptr);
  wgpuCommandEncoderCopyBufferToBuffer(e, a, 8, b, 0, 16);  // b[0..4) = a[2..6)
  wgpuCommandEncoderClearBuffer(e, a, 0, 8);                // a[0..2) = 0
  WGPUCommandBuffer cb = wgpuCommandEncoderFinish(e, nullptr);
  wgpuQueueSubmit(queue, 1, &cb);
  wgpuCommandBufferRelease(cb);
  wgpuCommandEncoderRelease(e);
  EXPECT_EQ(read(a, 32), (std::vector<uint32_t>{0, 0, 3, 4, 5, 6, 7, 8}));
  EXPECT_EQ(read(b, 32), (std::vector<uint32_t>{3, 4, 5, 6, 0, 0, 0, 0}));
  EXPECT_TRUE(errors.list.empty()) << errors.all();
  // WriteBuffer rules: CopyDst, multiples of 4, inside the buffer.
  wgpuQueueWriteBuffer(queue, a, 30, data, 4);
  EXPECT_TRUE(errors.any("must be multiples of 4")) << errors.all();
  wgpuQueueWriteBuffer(queue, a, 28, data, 8);
  EXPECT_TRUE(errors.any("outside the buffer of 32 bytes")) << errors.all();
  wgpuBufferRelease(a);
  wgpuBufferRelease(b);
}

TEST_F(WebGpuBuffer, SubmitWithDestroyedOrMappedBufferIsAnErrorAndRunsNothing) {
  const WGPUBufferUsage u = WGPUBufferUsage_CopySrc | WGPUBufferUsage_CopyDst;
  WGPUBuffer a = buffer(16, u, "source"), b = buffer(16, u | WGPUBufferUsage_Storage, "gone");
  WGPUCommandEncoder e = wgpuDeviceCreateCommandEncoder(device, nullptr);
  wgpuCommandEncoderCopyBufferToBuffer(e, a, 0, b, 0, 16);
  WGPUCommandBuffer cb = wgpuCommandEncoderFinish(e, nullptr);
  wgpuBufferDestroy(b);
  wgpuQueueSubmit(queue, 1, &cb);
  EXPECT_TRUE(errors.any("Buffer \"gone\" is destroyed")) << errors.all();
  wgpuCommandBufferRelease(cb);
  wgpuCommandEncoderRelease(e);

  WGPUBuffer m = buffer(16, WGPUBufferUsage_MapWrite | WGPUBufferUsage_CopySrc, "still mapped", true);
  e = wgpuDeviceCreateCommandEncoder(device, nullptr);
  wgpuCommandEncoderCopyBufferToBuffer(e, m, 0, a, 0, 16);
  cb = wgpuCommandEncoderFinish(e, nullptr);
  wgpuQueueSubmit(queue, 1, &cb);
  EXPECT_TRUE(errors.any("Buffer \"still mapped\" is mapped")) << errors.all();
  wgpuCommandBufferRelease(cb);
  wgpuCommandEncoderRelease(e);
  wgpuBufferRelease(m);
  wgpuBufferRelease(a);
  wgpuBufferRelease(b);
}

TEST_F(WebGpuBuffer, CopyRulesNameTheEncoder) {
  WGPUBuffer a = buffer(16, WGPUBufferUsage_Storage, "no copy"), b = buffer(16, WGPUBufferUsage_CopyDst, "dst");
  WGPUCommandEncoderDescriptor ed = WGPU_COMMAND_ENCODER_DESCRIPTOR_INIT;
  ed.label = sv("my encoder");
  WGPUCommandEncoder e = wgpuDeviceCreateCommandEncoder(device, &ed);
  wgpuCommandEncoderCopyBufferToBuffer(e, a, 0, b, 0, 16);
  EXPECT_TRUE(errors.list.empty());  // encoder errors surface at Finish
  WGPUCommandBuffer cb = wgpuCommandEncoderFinish(e, nullptr);
  EXPECT_TRUE(errors.any("CommandEncoder \"my encoder\"")) << errors.all();
  EXPECT_TRUE(errors.any("lacks usage CopySrc")) << errors.all();
  errors.list.clear();
  wgpuQueueSubmit(queue, 1, &cb);  // an invalid command buffer
  EXPECT_TRUE(errors.any("is invalid")) << errors.all();
  wgpuCommandBufferRelease(cb);
  wgpuCommandEncoderRelease(e);
  wgpuBufferRelease(a);
  wgpuBufferRelease(b);
}

}  // namespace
