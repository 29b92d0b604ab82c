// Helpers for the C API tests: a device whose uncaptured errors are collected, and small
// wrappers for the calls every test makes. Uses only the upstream webgpu.h.
#pragma once

#include <webgpu/webgpu.h>

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

inline WGPUStringView sv(const char* s) { return WGPUStringView{s, WGPU_STRLEN}; }
inline std::string str(WGPUStringView v) {
  if (!v.data) return {};
  return v.length == WGPU_STRLEN ? std::string(v.data) : std::string(v.data, v.length);
}

struct Errors {
  std::vector<std::pair<WGPUErrorType, std::string>> list;
  bool any(const std::string& needle) const {
    for (const auto& e : list) {
      if (e.second.find(needle) != std::string::npos) return true;
    }
    return false;
  }
  std::string all() const {
    std::string s;
    for (const auto& e : list) s += e.second + "\n";
    return s;
  }
};

struct Lost {
  int calls = 0;
  WGPUDeviceLostReason reason = WGPUDeviceLostReason_Unknown;
  std::string message;
};

class WebGpuTest : public ::testing::Test {
 protected:
  WGPUInstance instance = nullptr;
  WGPUAdapter adapter = nullptr;
  WGPUDevice device = nullptr;
  WGPUQueue queue = nullptr;
  Errors errors;
  Lost lost;

  // Creates the device; `patch` may edit the descriptor first.
  WGPUDevice makeDevice(WGPUDeviceDescriptor dd, std::string* error = nullptr) {
    struct Result {
      WGPUDevice device = nullptr;
      std::string message;
    } r;
    WGPURequestDeviceCallbackInfo cb = WGPU_REQUEST_DEVICE_CALLBACK_INFO_INIT;
    cb.mode = WGPUCallbackMode_WaitAnyOnly;
    cb.callback = [](WGPURequestDeviceStatus, WGPUDevice d, WGPUStringView m, void* u1, void*) {
      static_cast<Result*>(u1)->device = d;
      static_cast<Result*>(u1)->message = str(m);
    };
    cb.userdata1 = &r;
    WGPUFutureWaitInfo w{wgpuAdapterRequestDevice(adapter, &dd, cb), 0};
    EXPECT_EQ(wgpuInstanceWaitAny(instance, 1, &w, 0), WGPUWaitStatus_Success);
    if (error) *error = r.message;
    return r.device;
  }

  WGPUAdapter makeAdapter() {
    WGPUAdapter a = nullptr;
    WGPURequestAdapterCallbackInfo cb = WGPU_REQUEST_ADAPTER_CALLBACK_INFO_INIT;
    cb.mode = WGPUCallbackMode_AllowSpontaneous;
    cb.callback = [](WGPURequestAdapterStatus, WGPUAdapter ad, WGPUStringView, void* u1, void*) {
      *static_cast<WGPUAdapter*>(u1) = ad;
    };
    cb.userdata1 = &a;
    wgpuInstanceRequestAdapter(instance, nullptr, cb);
    return a;
  }

  WGPUDeviceDescriptor deviceDescriptor() {
    WGPUDeviceDescriptor dd = WGPU_DEVICE_DESCRIPTOR_INIT;
    dd.label = sv("test device");
    dd.uncapturedErrorCallbackInfo.callback = [](WGPUDevice const*, WGPUErrorType type, WGPUStringView m, void* u1,
                                                 void*) { static_cast<Errors*>(u1)->list.push_back({type, str(m)}); };
    dd.uncapturedErrorCallbackInfo.userdata1 = &errors;
    dd.deviceLostCallbackInfo.mode = WGPUCallbackMode_AllowSpontaneous;
    dd.deviceLostCallbackInfo.callback = [](WGPUDevice const*, WGPUDeviceLostReason reason, WGPUStringView m,
                                            void* u1, void*) {
      auto* l = static_cast<Lost*>(u1);
      ++l->calls;
      l->reason = reason;
      l->message = str(m);
    };
    dd.deviceLostCallbackInfo.userdata1 = &lost;
    return dd;
  }

  void SetUp() override {
    WGPUInstanceDescriptor id = WGPU_INSTANCE_DESCRIPTOR_INIT;
    WGPUInstanceFeatureName timed = WGPUInstanceFeatureName_TimedWaitAny;
    id.requiredFeatureCount = 1;
    id.requiredFeatures = &timed;
    instance = wgpuCreateInstance(&id);
    ASSERT_NE(instance, nullptr);
    adapter = makeAdapter();
    ASSERT_NE(adapter, nullptr);
    device = makeDevice(deviceDescriptor());
    ASSERT_NE(device, nullptr);
    queue = wgpuDeviceGetQueue(device);
  }

  void TearDown() override {
    wgpuQueueRelease(queue);
    wgpuDeviceRelease(device);
    wgpuAdapterRelease(adapter);
    wgpuInstanceRelease(instance);
  }

  WGPUBuffer buffer(uint64_t size, WGPUBufferUsage usage, const char* label = "buf", bool mapped = false) {
    WGPUBufferDescriptor bd = WGPU_BUFFER_DESCRIPTOR_INIT;
    bd.label = sv(label);
    bd.size = size;
    bd.usage = usage;
    bd.mappedAtCreation = mapped;
    return wgpuDeviceCreateBuffer(device, &bd);
  }

  WGPUShaderModule module(const char* code, const char* label = "module") {
    WGPUShaderSourceWGSL wgsl = WGPU_SHADER_SOURCE_WGSL_INIT;
    wgsl.code = sv(code);
    WGPUShaderModuleDescriptor d = WGPU_SHADER_MODULE_DESCRIPTOR_INIT;
    d.nextInChain = &wgsl.chain;
    d.label = sv(label);
    return wgpuDeviceCreateShaderModule(device, &d);
  }

  WGPUComputePipeline pipeline(WGPUShaderModule m, const char* label = "pipeline", WGPUPipelineLayout layout = nullptr,
                               const WGPUConstantEntry* constants = nullptr, size_t constant_count = 0) {
    WGPUComputePipelineDescriptor d = WGPU_COMPUTE_PIPELINE_DESCRIPTOR_INIT;
    d.label = sv(label);
    d.layout = layout;
    d.compute.module = m;
    d.compute.constants = constants;
    d.compute.constantCount = constant_count;
    return wgpuDeviceCreateComputePipeline(device, &d);
  }

  WGPUBindGroup bindGroup(WGPUBindGroupLayout layout, std::vector<WGPUBindGroupEntry> entries,
                          const char* label = "group") {
    WGPUBindGroupDescriptor d = WGPU_BIND_GROUP_DESCRIPTOR_INIT;
    d.label = sv(label);
    d.layout = layout;
    d.entryCount = entries.size();
    d.entries = entries.data();
    return wgpuDeviceCreateBindGroup(device, &d);
  }

  static WGPUBindGroupEntry entry(uint32_t binding, WGPUBuffer b, uint64_t offset = 0, uint64_t size = WGPU_WHOLE_SIZE) {
    WGPUBindGroupEntry e = WGPU_BIND_GROUP_ENTRY_INIT;
    e.binding = binding;
    e.buffer = b;
    e.offset = offset;
    e.size = size;
    return e;
  }

  // Encodes one dispatch and submits it.
  void dispatch(WGPUComputePipeline p, std::vector<WGPUBindGroup> groups, uint32_t x,
                std::vector<std::vector<uint32_t>> dynamic = {}, uint32_t y = 1, uint32_t z = 1) {
    WGPUCommandEncoder e = wgpuDeviceCreateCommandEncoder(device, nullptr);
    WGPUComputePassEncoder pass = wgpuCommandEncoderBeginComputePass(e, nullptr);
    wgpuComputePassEncoderSetPipeline(pass, p);
    for (size_t i = 0; i < groups.size(); ++i) {
      const std::vector<uint32_t>* d = i < dynamic.size() ? &dynamic[i] : nullptr;
      wgpuComputePassEncoderSetBindGroup(pass, static_cast<uint32_t>(i), groups[i], d ? d->size() : 0,
                                         d ? d->data() : nullptr);
    }
    wgpuComputePassEncoderDispatchWorkgroups(pass, x, y, z);
    wgpuComputePassEncoderEnd(pass);
    wgpuComputePassEncoderRelease(pass);
    WGPUCommandBuffer cb = wgpuCommandEncoderFinish(e, nullptr);
    wgpuCommandEncoderRelease(e);
    wgpuQueueSubmit(queue, 1, &cb);
    wgpuCommandBufferRelease(cb);
  }

  // Copies `b` into a MapRead buffer and reads it back.
  std::vector<uint32_t> read(WGPUBuffer b, uint64_t size) {
    WGPUBuffer rb = buffer(size, WGPUBufferUsage_MapRead | WGPUBufferUsage_CopyDst, "readback");
    WGPUCommandEncoder e = wgpuDeviceCreateCommandEncoder(device, nullptr);
    wgpuCommandEncoderCopyBufferToBuffer(e, b, 0, rb, 0, size);
    WGPUCommandBuffer cb = wgpuCommandEncoderFinish(e, nullptr);
    wgpuQueueSubmit(queue, 1, &cb);
    wgpuCommandBufferRelease(cb);
    wgpuCommandEncoderRelease(e);
    WGPUMapAsyncStatus status = WGPUMapAsyncStatus_Error;
    WGPUBufferMapCallbackInfo mcb = WGPU_BUFFER_MAP_CALLBACK_INFO_INIT;
    mcb.mode = WGPUCallbackMode_WaitAnyOnly;
    mcb.callback = [](WGPUMapAsyncStatus s, WGPUStringView, void* u1, void*) {
      *static_cast<WGPUMapAsyncStatus*>(u1) = s;
    };
    mcb.userdata1 = &status;
    WGPUFutureWaitInfo w{wgpuBufferMapAsync(rb, WGPUMapMode_Read, 0, size, mcb), 0};
    wgpuInstanceWaitAny(instance, 1, &w, 0);
    std::vector<uint32_t> out(size / 4);
    if (status == WGPUMapAsyncStatus_Success) {
      EXPECT_EQ(wgpuBufferReadMappedRange(rb, 0, out.data(), size), WGPUStatus_Success);
    } else {
      ADD_FAILURE() << "map failed";
    }
    wgpuBufferUnmap(rb);
    wgpuBufferRelease(rb);
    return out;
  }
};
