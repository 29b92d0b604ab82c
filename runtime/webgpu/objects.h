// The objects behind webgpu.h's handles (WGPUDeviceImpl, ...) and the helpers every entry point
// uses: reference counts, string views, error reporting, chained-struct checks. Private to
// runtime/webgpu/.
#pragma once

#include <webgpu/webgpu.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <string>
#include <vector>

#include "runtime/runtime.h"

#define WGPU_API extern "C" WGPU_EXPORT

namespace wgslemu::webgpu {

// Every handle: a reference count (doc/Ownership.md) and a label.
struct Object {
  static constexpr uint32_t kAlive = 0x57474c31, kDead = 0xdeadbeef;
  uint32_t magic = kAlive;
  std::atomic<uint32_t> refs{1};
  std::string label;
  virtual ~Object() = default;
  // Called when the last reference goes: release the references this object holds.
  virtual void dropReferences() {}
  virtual const char* kind() const = 0;
  // `Buffer "out"` or `Buffer (no label)`, for messages.
  std::string describe() const;
};

void addRefObject(Object* o, const char* function);
// Releases one reference; at zero the object drops its references and is freed (its shell is
// kept a while so that a second release is reported instead of corrupting memory).
void releaseObject(Object* o, const char* function);

std::string toString(WGPUStringView s);
WGPUStringView toView(const std::string& s);  // valid while `s` lives

// Async operations (doc/Asynchronous-Operations.md): a future id per operation; its callback
// fires by the rules of its WGPUCallbackMode.
struct Event {
  WGPUCallbackMode mode = WGPUCallbackMode_AllowProcessEvents;
  bool ready = false;
  std::function<void(bool cancelled)> fire;
};

}  // namespace wgslemu::webgpu

struct WGPUInstanceImpl : wgslemu::webgpu::Object {
  const char* kind() const override { return "Instance"; }
  bool timed_wait_any = false;
  // The instance is thread-safe (doc/Multithreading.md): the event list is behind this lock;
  // callbacks are called without it.
  std::mutex mutex;
  uint64_t next_future = 1;
  std::map<uint64_t, wgslemu::webgpu::Event> events;
  // Registers an operation; a ready AllowSpontaneous one fires now.
  WGPUFuture add(WGPUCallbackMode mode, bool ready, std::function<void(bool)> fire);
  void complete(uint64_t id);  // the operation finished: ready (fires if spontaneous)
  void fire(uint64_t id);
  void setFire(uint64_t id, std::function<void(bool)> fire);
  // Ready events whose callbacks ProcessEvents may call.
  std::vector<uint64_t> readyForProcessEvents();
  // For WaitAny: 1 ready (fire it), 0 pending, -1 unknown (already fired).
  int state(uint64_t id);
  // References the application holds (wgpuCreateInstance, wgpuInstanceAddRef); `refs` also
  // counts the adapters' and devices' own. When the last external one goes, pending callbacks
  // are called with CallbackCancelled and later ones at once (doc/Asynchronous-Operations.md):
  // nothing can wait for them any more, and a pending event holding a buffer (which holds its
  // device, which holds the instance) would otherwise keep all of them alive.
  std::atomic<uint64_t> external_refs{1};
  void releaseExternal();
  void dropReferences() override;

 private:
  bool dropped_ = false;  // under `mutex`: the last external reference is gone
  void cancelPending();
};

struct WGPUAdapterImpl : wgslemu::webgpu::Object {
  const char* kind() const override { return "Adapter"; }
  WGPUInstance instance = nullptr;
  bool consumed = false;  // a device was created from it
  void dropReferences() override;
};

struct ErrorScope {
  WGPUErrorFilter filter = WGPUErrorFilter_Validation;
  bool has_error = false;
  WGPUErrorType type = WGPUErrorType_NoError;
  std::string message;
};

struct WGPUDeviceImpl : wgslemu::webgpu::Object {
  const char* kind() const override { return "Device"; }
  WGPUInstance instance = nullptr;
  WGPUAdapter adapter = nullptr;
  std::unique_ptr<wgsl::runtime::Device> rt;
  wgsl::runtime::ShaderModuleOptions module_options;  // --allow-nonuniform
  WGPULimits limits{};
  bool f16 = false, subgroups = false;
  // Error scopes are per thread (doc/Errors.md, doc/Multithreading.md).
  std::map<std::thread::id, std::vector<ErrorScope>> scope_stacks;
  std::vector<ErrorScope>& scopes() { return scope_stacks[std::this_thread::get_id()]; }
  WGPUUncapturedErrorCallbackInfo uncaptured{};
  WGPUDeviceLostCallbackInfo lost_info{};
  uint64_t lost_future = 0;
  bool lost = false;
  WGPUDeviceLostReason lost_reason = WGPUDeviceLostReason_Unknown;
  std::string lost_message;
  WGPUQueue queue = nullptr;  // not owned: the queue holds the device
  std::string report_path;  // WGSLEMU_REPORT or WGSLEmuDeviceOptions::reportPath

  // A WebGPU error (doc/Errors.md): to the innermost matching error scope, else to the
  // uncaptured-error callback. Ignored once the device is lost.
  void error(WGPUErrorType type, const std::string& message);
  void validation(const std::string& message) { error(WGPUErrorType_Validation, message); }
  void lose(WGPUDeviceLostReason reason, const std::string& message);
  void dropReferences() override;
};

// Objects created by a device hold a reference to it.
struct DeviceChild : wgslemu::webgpu::Object {
  WGPUDevice device = nullptr;
  bool valid = true;  // false: created with a validation error ("invalid object" of the spec)
  void dropReferences() override;
};

struct WGPUQueueImpl : DeviceChild {
  const char* kind() const override { return "Queue"; }
  void dropReferences() override;
};

struct WGPUBufferImpl : DeviceChild {
  const char* kind() const override { return "Buffer"; }
  wgsl::runtime::Buffer buf;
  uint64_t size = 0;
  WGPUBufferUsage usage = 0;
  WGPUBufferMapState state = WGPUBufferMapState_Unmapped;
  bool destroyed = false;
  WGPUMapMode map_mode = WGPUMapMode_None;
  uint64_t map_offset = 0, map_size = 0;
  bool mapped_at_creation = false;
  uint64_t pending_map = 0;  // future id of the MapAsync in flight
  std::vector<std::pair<uint64_t, uint64_t>> ranges;  // GetMappedRange ranges handed out
  uint8_t* bytes() { return buf.valid() ? buf.data() : nullptr; }
  void dropReferences() override {
    buf = wgsl::runtime::Buffer();
    DeviceChild::dropReferences();
  }
};

struct WGPUShaderModuleImpl : DeviceChild {
  const char* kind() const override { return "ShaderModule"; }
  wgsl::runtime::ShaderModule mod;
  std::string source;
  std::string extra_error;  // an error of the C API layer (e.g. a feature not enabled)
  void dropReferences() override {
    mod = wgsl::runtime::ShaderModule();
    source.clear();
    DeviceChild::dropReferences();
  }
};

struct LayoutEntry {
  uint32_t binding = 0;
  WGPUShaderStage visibility = 0;
  WGPUBufferBindingType type = WGPUBufferBindingType_BindingNotUsed;
  bool dynamic = false;
  uint64_t min_size = 0;
};

struct WGPUBindGroupLayoutImpl : DeviceChild {
  const char* kind() const override { return "BindGroupLayout"; }
  std::vector<LayoutEntry> entries;  // sorted by binding
  // Layouts made by `auto` belong to their pipeline: bind groups made with them work only
  // with that pipeline (WebGPU: group-equivalent only to themselves).
  const void* auto_owner = nullptr;
  const LayoutEntry* find(uint32_t binding) const;
};

struct WGPUPipelineLayoutImpl : DeviceChild {
  const char* kind() const override { return "PipelineLayout"; }
  std::vector<WGPUBindGroupLayout> groups;  // owned references
  void dropReferences() override;
};

struct WGPUComputePipelineImpl : DeviceChild {
  const char* kind() const override { return "ComputePipeline"; }
  wgsl::runtime::ComputePipeline pipe;
  std::vector<WGPUBindGroupLayout> groups;  // owned references (explicit or auto)
  std::string entry;
  void dropReferences() override;  // also frees the lowered pipeline
};

struct BoundBuffer {
  uint32_t binding = 0;
  WGPUBuffer buffer = nullptr;  // owned reference
  uint64_t offset = 0, size = 0;
};

struct WGPUBindGroupImpl : DeviceChild {
  const char* kind() const override { return "BindGroup"; }
  WGPUBindGroupLayout layout = nullptr;  // owned reference
  std::vector<BoundBuffer> entries;
  void dropReferences() override;
};

// A recorded command: run at submit time against the device.
struct Command {
  enum Kind { Copy, Clear, Dispatch, DispatchIndirect } kind = Copy;
  WGPUBuffer src = nullptr, dst = nullptr;  // owned references
  uint64_t src_offset = 0, dst_offset = 0, size = 0;
  WGPUComputePipeline pipeline = nullptr;  // owned reference
  std::vector<WGPUBindGroup> groups;       // owned references (may be null)
  std::vector<std::vector<uint32_t>> dynamic_offsets;
  uint32_t x = 1, y = 1, z = 1;
  void release();
};

struct WGPUCommandBufferImpl : DeviceChild {
  const char* kind() const override { return "CommandBuffer"; }
  std::vector<Command> commands;
  bool submitted = false;
  std::string error;  // the encoder's first error (the buffer is invalid)
  void dropReferences() override;
};

struct WGPUComputePassEncoderImpl;

struct WGPUCommandEncoderImpl : DeviceChild {
  const char* kind() const override { return "CommandEncoder"; }
  std::vector<Command> commands;
  bool finished = false;
  WGPUComputePassEncoderImpl* open_pass = nullptr;
  std::string error;  // first validation error, reported at Finish
  void fail(const std::string& message) {
    if (error.empty()) error = message;
  }
  void dropReferences() override;
};

struct WGPUComputePassEncoderImpl : DeviceChild {
  const char* kind() const override { return "ComputePassEncoder"; }
  WGPUCommandEncoder encoder = nullptr;  // owned reference
  bool ended = false;
  WGPUComputePipeline pipeline = nullptr;  // owned reference
  std::vector<WGPUBindGroup> groups;       // owned references
  std::vector<std::vector<uint32_t>> dynamic_offsets;
  void dropReferences() override;
};

namespace wgslemu::webgpu {

// Reports a validation error on `device` naming `function` (null device: to standard error).
void validationError(WGPUDevice device, const std::string& function, const std::string& message);
// Checks a chain of input structs: every sType in `allowed`, otherwise a validation error.
bool checkChain(WGPUDevice device, const std::string& function, const WGPUChainedStruct* chain,
                std::initializer_list<WGPUSType> allowed);
// For the entry points outside the compute subset (render, textures, samplers, queries).
void unsupported(WGPUDevice device, const char* function);
WGPUDevice deviceOf(const Object* o);
// Whether `name` (as written in a WGSL `requires`) is among the instance's WGSL language features.
bool wgslLanguageFeatureSupported(const std::string& name);
const std::vector<std::pair<const char*, WGPUProc>>& procTable();

}  // namespace wgslemu::webgpu
