// A host program in the style of Futhark's WebGPU runtime, written against the upstream
// webgpu.h only (C API from C++, no wgslemu header): required limits set to "undefined" with
// memset(0xff) and then copied from the adapter, ShaderF16 when the adapter has it, an
// uncaptured-error callback that aborts, explicit bind group and pipeline layouts, override
// constants for the workgroup size, a new pipeline per launch, whole-buffer bindings, and
// OnSubmittedWorkDone with AllowSpontaneous waited on by a spin loop.
//
// Runs corpus/futhark_style_i64_map.wgsl (argv[1]) on n random int64 pairs, twice with
// different block sizes, and checks every result against the same operations in C++.
#include <webgpu/webgpu.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

WGPUStringView sv(const char* s) { return WGPUStringView{s, WGPU_STRLEN}; }

struct Context {
  WGPUInstance instance = nullptr;
  WGPUAdapter adapter = nullptr;
  WGPUDevice device = nullptr;
  WGPUQueue queue = nullptr;
  WGPUBindGroupLayout bgl = nullptr;
  WGPUPipelineLayout layout = nullptr;
};

void onError(WGPUDevice const*, WGPUErrorType type, WGPUStringView message, void*, void*) {
  std::fprintf(stderr, "futhark-style host: WebGPU error %d: %.*s\n", static_cast<int>(type),
               static_cast<int>(message.length), message.data);
  std::abort();
}

void setup(Context& c) {
  c.instance = wgpuCreateInstance(nullptr);
  WGPURequestAdapterCallbackInfo acb = WGPU_REQUEST_ADAPTER_CALLBACK_INFO_INIT;
  acb.mode = WGPUCallbackMode_AllowSpontaneous;
  acb.callback = [](WGPURequestAdapterStatus, WGPUAdapter a, WGPUStringView, void* u1, void*) {
    *static_cast<WGPUAdapter*>(u1) = a;
  };
  acb.userdata1 = &c.adapter;
  wgpuInstanceRequestAdapter(c.instance, nullptr, acb);
  while (!c.adapter) wgpuInstanceProcessEvents(c.instance);

  WGPULimits adapter_limits = WGPU_LIMITS_INIT;
  wgpuAdapterGetLimits(c.adapter, &adapter_limits);
  WGPULimits limits;
  std::memset(&limits, 0xff, sizeof limits);
  limits.nextInChain = nullptr;
  limits.maxBufferSize = adapter_limits.maxBufferSize;
  limits.maxStorageBufferBindingSize = adapter_limits.maxStorageBufferBindingSize;
  limits.maxUniformBufferBindingSize = adapter_limits.maxUniformBufferBindingSize;
  limits.maxComputeWorkgroupSizeX = adapter_limits.maxComputeWorkgroupSizeX;
  limits.maxComputeWorkgroupSizeY = adapter_limits.maxComputeWorkgroupSizeY;
  limits.maxComputeWorkgroupSizeZ = adapter_limits.maxComputeWorkgroupSizeZ;
  limits.maxComputeInvocationsPerWorkgroup = adapter_limits.maxComputeInvocationsPerWorkgroup;
  limits.maxComputeWorkgroupStorageSize = adapter_limits.maxComputeWorkgroupStorageSize;
  limits.maxComputeWorkgroupsPerDimension = adapter_limits.maxComputeWorkgroupsPerDimension;
  limits.maxStorageBuffersPerShaderStage = adapter_limits.maxStorageBuffersPerShaderStage;
  limits.maxUniformBuffersPerShaderStage = adapter_limits.maxUniformBuffersPerShaderStage;
  limits.maxBindGroups = adapter_limits.maxBindGroups;
  limits.maxBindingsPerBindGroup = adapter_limits.maxBindingsPerBindGroup;
  limits.maxDynamicStorageBuffersPerPipelineLayout = adapter_limits.maxDynamicStorageBuffersPerPipelineLayout;
  limits.minStorageBufferOffsetAlignment = adapter_limits.minStorageBufferOffsetAlignment;

  WGPUDeviceDescriptor dd = WGPU_DEVICE_DESCRIPTOR_INIT;
  WGPUFeatureName f16 = WGPUFeatureName_ShaderF16;
  if (wgpuAdapterHasFeature(c.adapter, f16)) {
    dd.requiredFeatureCount = 1;
    dd.requiredFeatures = &f16;
  }
  dd.requiredLimits = &limits;
  dd.uncapturedErrorCallbackInfo.callback = onError;
  WGPURequestDeviceCallbackInfo dcb = WGPU_REQUEST_DEVICE_CALLBACK_INFO_INIT;
  dcb.mode = WGPUCallbackMode_AllowSpontaneous;
  dcb.callback = [](WGPURequestDeviceStatus s, WGPUDevice d, WGPUStringView m, void* u1, void*) {
    if (s != WGPURequestDeviceStatus_Success) {
      std::fprintf(stderr, "no device: %.*s\n", static_cast<int>(m.length), m.data);
      std::abort();
    }
    *static_cast<WGPUDevice*>(u1) = d;
  };
  dcb.userdata1 = &c.device;
  wgpuAdapterRequestDevice(c.adapter, &dd, dcb);
  while (!c.device) wgpuInstanceProcessEvents(c.instance);
  c.queue = wgpuDeviceGetQueue(c.device);

  // The kernel's explicit layout: three read-only inputs, two outputs.
  WGPUBindGroupLayoutEntry entries[5];
  for (uint32_t i = 0; i < 5; ++i) {
    entries[i] = WGPU_BIND_GROUP_LAYOUT_ENTRY_INIT;
    entries[i].binding = i;
    entries[i].visibility = WGPUShaderStage_Compute;
    entries[i].buffer.type = i < 3 ? WGPUBufferBindingType_ReadOnlyStorage : WGPUBufferBindingType_Storage;
  }
  WGPUBindGroupLayoutDescriptor ld = WGPU_BIND_GROUP_LAYOUT_DESCRIPTOR_INIT;
  ld.label = sv("segmap_8110 layout");
  ld.entryCount = 5;
  ld.entries = entries;
  c.bgl = wgpuDeviceCreateBindGroupLayout(c.device, &ld);
  WGPUPipelineLayoutDescriptor pld = WGPU_PIPELINE_LAYOUT_DESCRIPTOR_INIT;
  pld.bindGroupLayoutCount = 1;
  pld.bindGroupLayouts = &c.bgl;
  c.layout = wgpuDeviceCreatePipelineLayout(c.device, &pld);
}

WGPUBuffer makeBuffer(Context& c, uint64_t size, const void* data) {
  WGPUBufferDescriptor bd = WGPU_BUFFER_DESCRIPTOR_INIT;
  bd.size = size;
  bd.usage = WGPUBufferUsage_Storage | WGPUBufferUsage_CopySrc | WGPUBufferUsage_CopyDst;
  WGPUBuffer b = wgpuDeviceCreateBuffer(c.device, &bd);
  if (data) wgpuQueueWriteBuffer(c.queue, b, 0, data, size);
  return b;
}

void waitForQueue(Context& c) {
  std::atomic<bool> done{false};
  WGPUQueueWorkDoneCallbackInfo info = WGPU_QUEUE_WORK_DONE_CALLBACK_INFO_INIT;
  info.mode = WGPUCallbackMode_AllowSpontaneous;
  info.callback = [](WGPUQueueWorkDoneStatus, WGPUStringView, void* u1, void*) {
    static_cast<std::atomic<bool>*>(u1)->store(true);
  };
  info.userdata1 = &done;
  wgpuQueueOnSubmittedWorkDone(c.queue, info);
  while (!done.load()) {
  }
}

std::vector<uint8_t> readBack(Context& c, WGPUBuffer src, uint64_t size) {
  WGPUBufferDescriptor bd = WGPU_BUFFER_DESCRIPTOR_INIT;
  bd.size = size;
  bd.usage = WGPUBufferUsage_MapRead | WGPUBufferUsage_CopyDst;
  WGPUBuffer staging = wgpuDeviceCreateBuffer(c.device, &bd);
  WGPUCommandEncoder e = wgpuDeviceCreateCommandEncoder(c.device, nullptr);
  wgpuCommandEncoderCopyBufferToBuffer(e, src, 0, staging, 0, size);
  WGPUCommandBuffer cb = wgpuCommandEncoderFinish(e, nullptr);
  wgpuQueueSubmit(c.queue, 1, &cb);
  wgpuCommandBufferRelease(cb);
  wgpuCommandEncoderRelease(e);
  bool mapped = false;
  WGPUBufferMapCallbackInfo mi = WGPU_BUFFER_MAP_CALLBACK_INFO_INIT;
  mi.mode = WGPUCallbackMode_AllowProcessEvents;
  mi.callback = [](WGPUMapAsyncStatus s, WGPUStringView, void* u1, void*) {
    if (s != WGPUMapAsyncStatus_Success) std::abort();
    *static_cast<bool*>(u1) = true;
  };
  mi.userdata1 = &mapped;
  wgpuBufferMapAsync(staging, WGPUMapMode_Read, 0, size, mi);
  while (!mapped) wgpuInstanceProcessEvents(c.instance);
  std::vector<uint8_t> out(size);
  std::memcpy(out.data(), wgpuBufferGetConstMappedRange(staging, 0, size), size);
  wgpuBufferUnmap(staging);
  wgpuBufferRelease(staging);
  return out;
}

// One launch: a new module and pipeline with the block size as an override constant.
void launch(Context& c, const std::string& source, uint32_t block, WGPUBuffer (&bufs)[5], uint32_t n) {
  WGPUShaderSourceWGSL wgsl = WGPU_SHADER_SOURCE_WGSL_INIT;
  wgsl.code = WGPUStringView{source.data(), source.size()};
  WGPUShaderModuleDescriptor md = WGPU_SHADER_MODULE_DESCRIPTOR_INIT;
  md.nextInChain = &wgsl.chain;
  md.label = sv("futhark_style_i64_map");
  WGPUShaderModule m = wgpuDeviceCreateShaderModule(c.device, &md);
  WGPUConstantEntry constant = WGPU_CONSTANT_ENTRY_INIT;
  constant.key = sv("segmap_tblock_size_8110");
  constant.value = block;
  WGPUComputePipelineDescriptor pd = WGPU_COMPUTE_PIPELINE_DESCRIPTOR_INIT;
  pd.label = sv("segmap_8110");
  pd.layout = c.layout;
  pd.compute.module = m;
  pd.compute.entryPoint = sv("main");
  pd.compute.constantCount = 1;
  pd.compute.constants = &constant;
  WGPUComputePipeline p = wgpuDeviceCreateComputePipeline(c.device, &pd);
  WGPUBindGroupEntry entries[5];
  for (uint32_t i = 0; i < 5; ++i) {
    entries[i] = WGPU_BIND_GROUP_ENTRY_INIT;
    entries[i].binding = i;
    entries[i].buffer = bufs[i];  // whole buffer: offset 0, size WGPU_WHOLE_SIZE
  }
  WGPUBindGroupDescriptor bgd = WGPU_BIND_GROUP_DESCRIPTOR_INIT;
  bgd.layout = c.bgl;
  bgd.entryCount = 5;
  bgd.entries = entries;
  WGPUBindGroup g = wgpuDeviceCreateBindGroup(c.device, &bgd);
  WGPUCommandEncoder e = wgpuDeviceCreateCommandEncoder(c.device, nullptr);
  WGPUComputePassEncoder pass = wgpuCommandEncoderBeginComputePass(e, nullptr);
  wgpuComputePassEncoderSetPipeline(pass, p);
  wgpuComputePassEncoderSetBindGroup(pass, 0, g, 0, nullptr);
  wgpuComputePassEncoderDispatchWorkgroups(pass, (n + block - 1) / block, 1, 1);
  wgpuComputePassEncoderEnd(pass);
  WGPUCommandBuffer cb = wgpuCommandEncoderFinish(e, nullptr);
  wgpuQueueSubmit(c.queue, 1, &cb);
  waitForQueue(c);
  wgpuCommandBufferRelease(cb);
  wgpuComputePassEncoderRelease(pass);
  wgpuCommandEncoderRelease(e);
  wgpuBindGroupRelease(g);
  wgpuComputePipelineRelease(p);
  wgpuShaderModuleRelease(m);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s futhark_style_i64_map.wgsl\n", argv[0]);
    return 2;
  }
  std::ifstream file(argv[1]);
  std::stringstream text;
  text << file.rdbuf();
  const std::string source = text.str();
  if (source.empty()) return 2;

  Context c;
  setup(c);
  const uint32_t n = 300;
  std::mt19937_64 rng(42);
  std::vector<int64_t> as(n), bs(n);
  std::vector<uint32_t> ss(n);
  for (uint32_t i = 0; i < n; ++i) {
    as[i] = static_cast<int64_t>(rng());
    bs[i] = i % 7 == 0 ? as[i] : static_cast<int64_t>(rng() >> (i % 60));
    ss[i] = static_cast<uint32_t>(rng() % 200);
  }
  int bad = 0;
  for (uint32_t block : {64u, 32u}) {
    WGPUBuffer bufs[5] = {makeBuffer(c, n * 8, as.data()), makeBuffer(c, n * 8, bs.data()),
                          makeBuffer(c, n * 4, ss.data()), makeBuffer(c, n * 9 * 8, nullptr),
                          makeBuffer(c, n * 3 * 4, nullptr)};
    launch(c, source, block, bufs, n);
    std::vector<uint8_t> r64 = readBack(c, bufs[3], n * 9 * 8), r32 = readBack(c, bufs[4], n * 3 * 4);
    for (uint32_t i = 0; i < n; ++i) {
      const uint64_t a = static_cast<uint64_t>(as[i]), b = static_cast<uint64_t>(bs[i]);
      const unsigned s = ss[i] & 63u;
      const uint64_t d = b | 1u;
      const uint64_t want[9] = {a + b, a - b, a * b, 0 - a, a << s,
                                static_cast<uint64_t>(as[i] >> s), a >> s, a / d, a % d};
      for (int k = 0; k < 9; ++k) {
        uint64_t got;
        std::memcpy(&got, r64.data() + (9 * i + k) * 8, 8);
        if (got != want[k] && bad++ < 10)
          std::fprintf(stderr, "block %u element %u result %d: got %llx want %llx\n", block, i, k,
                       static_cast<unsigned long long>(got), static_cast<unsigned long long>(want[k]));
      }
      const int32_t flags[3] = {as[i] < bs[i], a < b, a == b};
      for (int k = 0; k < 3; ++k) {
        int32_t got;
        std::memcpy(&got, r32.data() + (3 * i + k) * 4, 4);
        if (got != flags[k] && bad++ < 10)
          std::fprintf(stderr, "block %u element %u flag %d: got %d want %d\n", block, i, k, got, flags[k]);
      }
    }
    for (WGPUBuffer b : bufs) wgpuBufferRelease(b);
  }
  std::printf("futhark-style host: %u elements x 2 launches, %d wrong\n", n, bad);
  wgpuPipelineLayoutRelease(c.layout);
  wgpuBindGroupLayoutRelease(c.bgl);
  wgpuQueueRelease(c.queue);
  wgpuDeviceRelease(c.device);
  wgpuAdapterRelease(c.adapter);
  wgpuInstanceRelease(c.instance);
  return bad == 0 ? 0 : 1;
}
