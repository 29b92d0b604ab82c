// The cost of the WebGPU C API's common round trips on wgslemu (docs/performance.md):
// an empty dispatch round trip (WriteBuffer 4 bytes + dispatch of one workgroup + MapAsync read
// of 4 bytes), creating a pipeline on an already-created module (the same entry point and
// constants again and again, as Futhark does per launch), and CreateShaderModule on a generated
// 1 600-line module. Medians of repeated runs, in microseconds. Uses only webgpu.h.
#include <webgpu/webgpu.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

WGPUStringView sv(const char* s) { return WGPUStringView{s, WGPU_STRLEN}; }

double medianMicros(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

template <typename F>
double measure(int reps, F&& f) {
  std::vector<double> t;
  for (int i = 0; i < reps; ++i) {
    auto a = Clock::now();
    f();
    t.push_back(std::chrono::duration<double, std::micro>(Clock::now() - a).count());
  }
  return medianMicros(t);
}

WGPUShaderModule makeModule(WGPUDevice d, const std::string& code) {
  WGPUShaderSourceWGSL wgsl = WGPU_SHADER_SOURCE_WGSL_INIT;
  wgsl.code = WGPUStringView{code.data(), code.size()};
  WGPUShaderModuleDescriptor md = WGPU_SHADER_MODULE_DESCRIPTOR_INIT;
  md.nextInChain = &wgsl.chain;
  return wgpuDeviceCreateShaderModule(d, &md);
}

WGPUComputePipeline makePipeline(WGPUDevice d, WGPUShaderModule m, double block) {
  WGPUConstantEntry c = WGPU_CONSTANT_ENTRY_INIT;
  c.key = sv("block");
  c.value = block;
  WGPUComputePipelineDescriptor pd = WGPU_COMPUTE_PIPELINE_DESCRIPTOR_INIT;
  pd.compute.module = m;
  pd.compute.constantCount = 1;
  pd.compute.constants = &c;
  return wgpuDeviceCreateComputePipeline(d, &pd);
}

// A 1 600-line module: 200 helper functions of 8 lines each and an entry point.
std::string bigModule() {
  std::string s = "override block: u32 = 64;\n@group(0) @binding(0) var<storage, read_write> d: array<u32>;\n";
  for (int i = 0; i < 200; ++i) {
    s += "fn f" + std::to_string(i) + "(x: u32) -> u32 {\n";
    s += "  var a = x * " + std::to_string(i + 3) + "u;\n";
    s += "  for (var k = 0u; k < 4u; k++) {\n";
    s += "    a = (a ^ (a >> 3u)) + k;\n";
    s += "  }\n";
    s += "  let b = select(a, a + 1u, (a & 1u) == 0u);\n";
    s += "  return b;\n";
    s += "}\n";
  }
  s += "@compute @workgroup_size(block) fn main(@builtin(global_invocation_id) id: vec3u) {\n";
  s += "  if (id.x < arrayLength(&d)) { d[id.x] = f0(f199(id.x)); }\n}\n";
  return s;
}

}  // namespace

int main() {
  WGPUInstance inst = wgpuCreateInstance(nullptr);
  WGPUAdapter adapter = nullptr;
  WGPUDevice dev = nullptr;
  WGPURequestAdapterCallbackInfo acb = WGPU_REQUEST_ADAPTER_CALLBACK_INFO_INIT;
  acb.mode = WGPUCallbackMode_AllowSpontaneous;
  acb.callback = [](WGPURequestAdapterStatus, WGPUAdapter a, WGPUStringView, void* u, void*) {
    *static_cast<WGPUAdapter*>(u) = a;
  };
  acb.userdata1 = &adapter;
  wgpuInstanceRequestAdapter(inst, nullptr, acb);
  WGPURequestDeviceCallbackInfo dcb = WGPU_REQUEST_DEVICE_CALLBACK_INFO_INIT;
  dcb.mode = WGPUCallbackMode_AllowSpontaneous;
  dcb.callback = [](WGPURequestDeviceStatus, WGPUDevice d, WGPUStringView, void* u, void*) {
    *static_cast<WGPUDevice*>(u) = d;
  };
  dcb.userdata1 = &dev;
  wgpuAdapterRequestDevice(adapter, nullptr, dcb);
  WGPUQueue q = wgpuDeviceGetQueue(dev);

  const char* tiny =
      "override block: u32 = 1;\n@group(0) @binding(0) var<storage, read_write> d: array<u32>;\n"
      "@compute @workgroup_size(block) fn main() { d[0] = d[0] + 1u; }\n";
  WGPUShaderModule m = makeModule(dev, tiny);
  WGPUComputePipeline p = makePipeline(dev, m, 1);
  WGPUBufferDescriptor bd = WGPU_BUFFER_DESCRIPTOR_INIT;
  bd.size = 4;
  bd.usage = WGPUBufferUsage_Storage | WGPUBufferUsage_CopySrc | WGPUBufferUsage_CopyDst;
  WGPUBuffer b = wgpuDeviceCreateBuffer(dev, &bd);
  bd.usage = WGPUBufferUsage_MapRead | WGPUBufferUsage_CopyDst;
  WGPUBuffer rb = wgpuDeviceCreateBuffer(dev, &bd);
  WGPUBindGroupEntry e = WGPU_BIND_GROUP_ENTRY_INIT;
  e.buffer = b;
  WGPUBindGroupDescriptor bgd = WGPU_BIND_GROUP_DESCRIPTOR_INIT;
  bgd.layout = wgpuComputePipelineGetBindGroupLayout(p, 0);
  bgd.entryCount = 1;
  bgd.entries = &e;
  WGPUBindGroup g = wgpuDeviceCreateBindGroup(dev, &bgd);
  uint32_t value = 0, got = 0;
  auto roundTrip = [&]() {
    wgpuQueueWriteBuffer(q, b, 0, &value, 4);
    WGPUCommandEncoder enc = wgpuDeviceCreateCommandEncoder(dev, nullptr);
    WGPUComputePassEncoder pass = wgpuCommandEncoderBeginComputePass(enc, nullptr);
    wgpuComputePassEncoderSetPipeline(pass, p);
    wgpuComputePassEncoderSetBindGroup(pass, 0, g, 0, nullptr);
    wgpuComputePassEncoderDispatchWorkgroups(pass, 1, 1, 1);
    wgpuComputePassEncoderEnd(pass);
    wgpuComputePassEncoderRelease(pass);
    wgpuCommandEncoderCopyBufferToBuffer(enc, b, 0, rb, 0, 4);
    WGPUCommandBuffer cb = wgpuCommandEncoderFinish(enc, nullptr);
    wgpuQueueSubmit(q, 1, &cb);
    wgpuCommandBufferRelease(cb);
    wgpuCommandEncoderRelease(enc);
    WGPUBufferMapCallbackInfo mi = WGPU_BUFFER_MAP_CALLBACK_INFO_INIT;
    mi.mode = WGPUCallbackMode_AllowSpontaneous;
    mi.callback = [](WGPUMapAsyncStatus, WGPUStringView, void*, void*) {};
    wgpuBufferMapAsync(rb, WGPUMapMode_Read, 0, 4, mi);
    wgpuBufferReadMappedRange(rb, 0, &got, 4);
    wgpuBufferUnmap(rb);
    ++value;
  };
  for (int i = 0; i < 100; ++i) roundTrip();
  const double rt = measure(2000, roundTrip);
  const bool correct = got == value;  // the last dispatch added one to value - 1

  const double pipeline_first = measure(1, [&] { wgpuComputePipelineRelease(makePipeline(dev, m, 2)); });
  const double pipeline_again = measure(2000, [&] { wgpuComputePipelineRelease(makePipeline(dev, m, 1)); });

  const std::string big = bigModule();
  int lines = static_cast<int>(std::count(big.begin(), big.end(), '\n'));
  const double module_us = measure(21, [&] { wgpuShaderModuleRelease(makeModule(dev, big)); });
  WGPUShaderModule bm = makeModule(dev, big);
  const double big_pipeline = measure(21, [&] { wgpuComputePipelineRelease(makePipeline(dev, bm, 64)); });

  std::printf("webgpu C API on wgslemu (medians)%s\n", correct ? "" : "  [WRONG RESULT]");
  std::printf("  round trip (WriteBuffer 4 B + dispatch + MapAsync read 4 B): %8.1f us\n", rt);
  std::printf("  CreateComputePipeline, tiny module, first:                   %8.1f us\n", pipeline_first);
  std::printf("  CreateComputePipeline, tiny module, same again:              %8.1f us\n", pipeline_again);
  std::printf("  CreateShaderModule, %d lines:                              %8.1f us\n", lines, module_us);
  std::printf("  CreateComputePipeline on that module:                        %8.1f us\n", big_pipeline);
  wgpuShaderModuleRelease(bm);
  wgpuBindGroupRelease(g);
  wgpuBindGroupLayoutRelease(bgd.layout);
  wgpuBufferRelease(rb);
  wgpuBufferRelease(b);
  wgpuComputePipelineRelease(p);
  wgpuShaderModuleRelease(m);
  wgpuQueueRelease(q);
  wgpuDeviceRelease(dev);
  wgpuAdapterRelease(adapter);
  wgpuInstanceRelease(inst);
  return correct ? 0 : 1;
}
