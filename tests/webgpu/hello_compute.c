// A plain webgpu.h compute program (C99), built against the upstream header only: doubles an
// array on the GPU and reads it back. It knows nothing of wgslemu; CTest links it to
// libwgslemu_webgpu. Exit status 0 when every value is right.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "webgpu/webgpu.h"

#define N 1000

static const char* kShader =
    "@group(0) @binding(0) var<storage, read_write> data: array<u32>;\n"
    "@compute @workgroup_size(64)\n"
    "fn main(@builtin(global_invocation_id) id: vec3u) {\n"
    "  if (id.x < arrayLength(&data)) { data[id.x] = data[id.x] * 2u + 1u; }\n"
    "}\n";

static WGPUStringView str(const char* s) {
  WGPUStringView v = {s, WGPU_STRLEN};
  return v;
}

static void onAdapter(WGPURequestAdapterStatus status, WGPUAdapter adapter, WGPUStringView message, void* u1, void* u2) {
  (void)u2;
  if (status != WGPURequestAdapterStatus_Success) {
    fprintf(stderr, "no adapter: %.*s\n", (int)message.length, message.data);
    exit(1);
  }
  *(WGPUAdapter*)u1 = adapter;
}

static void onDevice(WGPURequestDeviceStatus status, WGPUDevice device, WGPUStringView message, void* u1, void* u2) {
  (void)u2;
  if (status != WGPURequestDeviceStatus_Success) {
    fprintf(stderr, "no device: %.*s\n", (int)message.length, message.data);
    exit(1);
  }
  *(WGPUDevice*)u1 = device;
}

static void onError(WGPUDevice const* device, WGPUErrorType type, WGPUStringView message, void* u1, void* u2) {
  (void)device;
  (void)u1;
  (void)u2;
  fprintf(stderr, "uncaptured error %d: %.*s\n", (int)type, (int)message.length, message.data);
  exit(1);
}

static void onMapped(WGPUMapAsyncStatus status, WGPUStringView message, void* u1, void* u2) {
  (void)u2;
  if (status != WGPUMapAsyncStatus_Success) {
    fprintf(stderr, "map failed: %.*s\n", (int)message.length, message.data);
    exit(1);
  }
  *(int*)u1 = 1;
}

int main(void) {
  WGPUInstance instance = wgpuCreateInstance(NULL);
  if (!instance) return 1;

  WGPUAdapter adapter = NULL;
  WGPURequestAdapterCallbackInfo acb = WGPU_REQUEST_ADAPTER_CALLBACK_INFO_INIT;
  acb.mode = WGPUCallbackMode_WaitAnyOnly;
  acb.callback = onAdapter;
  acb.userdata1 = &adapter;
  WGPUFutureWaitInfo wait = {wgpuInstanceRequestAdapter(instance, NULL, acb), 0};
  wgpuInstanceWaitAny(instance, 1, &wait, 0);
  if (!adapter || !wait.completed) return 1;

  WGPUDevice device = NULL;
  WGPUDeviceDescriptor dd = WGPU_DEVICE_DESCRIPTOR_INIT;
  dd.label = str("hello device");
  dd.uncapturedErrorCallbackInfo.callback = onError;
  WGPURequestDeviceCallbackInfo dcb = WGPU_REQUEST_DEVICE_CALLBACK_INFO_INIT;
  dcb.mode = WGPUCallbackMode_AllowProcessEvents;
  dcb.callback = onDevice;
  dcb.userdata1 = &device;
  wgpuAdapterRequestDevice(adapter, &dd, dcb);
  wgpuInstanceProcessEvents(instance);
  if (!device) return 1;
  WGPUQueue queue = wgpuDeviceGetQueue(device);

  WGPUShaderSourceWGSL wgsl = WGPU_SHADER_SOURCE_WGSL_INIT;
  wgsl.code = str(kShader);
  WGPUShaderModuleDescriptor smd = WGPU_SHADER_MODULE_DESCRIPTOR_INIT;
  smd.nextInChain = &wgsl.chain;
  smd.label = str("double");
  WGPUShaderModule module = wgpuDeviceCreateShaderModule(device, &smd);

  WGPUComputePipelineDescriptor cpd = WGPU_COMPUTE_PIPELINE_DESCRIPTOR_INIT;
  cpd.label = str("double pipeline");
  cpd.compute.module = module;
  cpd.compute.entryPoint = str("main");
  WGPUComputePipeline pipeline = wgpuDeviceCreateComputePipeline(device, &cpd);

  uint32_t input[N];
  for (uint32_t i = 0; i < N; ++i) input[i] = i;
  WGPUBufferDescriptor bd = WGPU_BUFFER_DESCRIPTOR_INIT;
  bd.label = str("data");
  bd.size = sizeof input;
  bd.usage = WGPUBufferUsage_Storage | WGPUBufferUsage_CopySrc | WGPUBufferUsage_CopyDst;
  WGPUBuffer data = wgpuDeviceCreateBuffer(device, &bd);
  bd.label = str("readback");
  bd.usage = WGPUBufferUsage_MapRead | WGPUBufferUsage_CopyDst;
  WGPUBuffer readback = wgpuDeviceCreateBuffer(device, &bd);
  wgpuQueueWriteBuffer(queue, data, 0, input, sizeof input);

  WGPUBindGroupEntry entry = WGPU_BIND_GROUP_ENTRY_INIT;
  entry.binding = 0;
  entry.buffer = data;
  WGPUBindGroupDescriptor bgd = WGPU_BIND_GROUP_DESCRIPTOR_INIT;
  bgd.layout = wgpuComputePipelineGetBindGroupLayout(pipeline, 0);
  bgd.entryCount = 1;
  bgd.entries = &entry;
  WGPUBindGroup group = wgpuDeviceCreateBindGroup(device, &bgd);
  wgpuBindGroupLayoutRelease(bgd.layout);

  WGPUCommandEncoder encoder = wgpuDeviceCreateCommandEncoder(device, NULL);
  WGPUComputePassEncoder pass = wgpuCommandEncoderBeginComputePass(encoder, NULL);
  wgpuComputePassEncoderSetPipeline(pass, pipeline);
  wgpuComputePassEncoderSetBindGroup(pass, 0, group, 0, NULL);
  wgpuComputePassEncoderDispatchWorkgroups(pass, (N + 63) / 64, 1, 1);
  wgpuComputePassEncoderEnd(pass);
  wgpuComputePassEncoderRelease(pass);
  wgpuCommandEncoderCopyBufferToBuffer(encoder, data, 0, readback, 0, sizeof input);
  WGPUCommandBuffer commands = wgpuCommandEncoderFinish(encoder, NULL);
  wgpuCommandEncoderRelease(encoder);
  wgpuQueueSubmit(queue, 1, &commands);
  wgpuCommandBufferRelease(commands);

  int mapped = 0;
  WGPUBufferMapCallbackInfo mcb = WGPU_BUFFER_MAP_CALLBACK_INFO_INIT;
  mcb.mode = WGPUCallbackMode_AllowProcessEvents;
  mcb.callback = onMapped;
  mcb.userdata1 = &mapped;
  wgpuBufferMapAsync(readback, WGPUMapMode_Read, 0, WGPU_WHOLE_MAP_SIZE, mcb);
  while (!mapped) wgpuInstanceProcessEvents(instance);
  const uint32_t* out = (const uint32_t*)wgpuBufferGetConstMappedRange(readback, 0, sizeof input);
  int bad = 0;
  for (uint32_t i = 0; i < N; ++i) {
    if (!out || out[i] != 2 * i + 1) ++bad;
  }
  wgpuBufferUnmap(readback);
  printf("hello compute: %d of %d values wrong\n", bad, N);

  wgpuBindGroupRelease(group);
  wgpuBufferRelease(readback);
  wgpuBufferRelease(data);
  wgpuComputePipelineRelease(pipeline);
  wgpuShaderModuleRelease(module);
  wgpuQueueRelease(queue);
  wgpuDeviceRelease(device);
  wgpuAdapterRelease(adapter);
  wgpuInstanceRelease(instance);
  return bad == 0 ? 0 : 1;
}
