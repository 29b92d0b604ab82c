// libFuzzer target: the webgpu.h C API on sequences of calls decoded from bytes. Each input makes
// an instance, an adapter and a device (synchronised with WaitAny and ProcessEvents), then one
// call per opcode byte: buffers of fuzzed sizes and usages, shader modules (a few valid kernels
// or fuzzed WGSL bytes), bind group layouts, pipeline layouts, bind groups with fuzzed offsets
// and sizes, pipelines (auto and explicit layouts, sync and async), encoders, passes, dispatches
// with small counts, copies, clears, writes, map/unmap in any order, destroy, AddRef/Release in
// any order, error scopes, labels (null ones too), event processing. At the end every reference
// the program still owns is released.
//
// The program keeps the ownership rules of webgpu.h (doc/Ownership.md): it holds one entry per
// reference it owns, releases only those, never uses a handle after releasing its last
// reference, and releases objects passed to callbacks with ownership. So every crash, sanitizer
// report, leak or hang is the library's. Misuse the API allows (a destroyed or invalid object, a
// mapped buffer in a submit, a null handle, a second submit) must be a validation error.
#include <webgpu/webgpu.h>
#include <wgslemu/webgpu_ext.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

// The input, read front to back; past its end every read gives 0.
class Bytes {
 public:
  Bytes(const uint8_t* d, size_t n) : d_(d), n_(n) {}
  bool empty() const { return i_ >= n_; }
  uint8_t u8() { return i_ < n_ ? d_[i_++] : 0; }
  uint32_t u16() { return u8() | (uint32_t{u8()} << 8); }
  uint32_t u32() { return u16() | (u16() << 16); }
  bool flip() { return (u8() & 1) != 0; }
  // `n` bytes of the input (fewer at its end).
  std::string take(size_t n) {
    n = std::min(n, n_ - std::min(i_, n_));
    std::string s(reinterpret_cast<const char*>(d_ + i_), n);
    i_ += n;
    return s;
  }

 private:
  const uint8_t* d_;
  size_t n_;
  size_t i_ = 0;
};

// Valid kernels: bounds-checked storage, two groups with a uniform, workgroup memory with a
// barrier, atomics and an override workgroup size, two entry points without bindings, and one
// whose indices may be out of bounds (a dynamic error, reported).
const char* const kKernels[] = {
    R"(@group(0) @binding(0) var<storage, read_write> a: array<u32>;
@compute @workgroup_size(4) fn main(@builtin(global_invocation_id) g: vec3u) {
  if (g.x < arrayLength(&a)) { a[g.x] = a[g.x] * 3u + g.y; }
})",
    R"(struct P { n: u32, k: f32 }
@group(0) @binding(0) var<storage, read> src: array<f32>;
@group(0) @binding(1) var<storage, read_write> dst: array<f32>;
@group(1) @binding(0) var<uniform> p: P;
@compute @workgroup_size(8, 2) fn main(@builtin(global_invocation_id) g: vec3u) {
  let i = g.x + g.y * 8u;
  if (i < p.n && i < arrayLength(&src) && i < arrayLength(&dst)) { dst[i] = src[i] * p.k; }
})",
    R"(override wg: u32 = 16u;
@group(0) @binding(0) var<storage, read_write> total: atomic<u32>;
var<workgroup> tile: array<u32, 64>;
@compute @workgroup_size(wg) fn main(@builtin(local_invocation_index) l: u32) {
  tile[l % 64u] = l;
  workgroupBarrier();
  atomicAdd(&total, tile[(l + 1u) % wg % 64u]);
})",
    R"(var<private> x: i32;
@compute @workgroup_size(1) fn a() { x = x + 1; }
@compute @workgroup_size(2, 2, 2) fn b(@builtin(local_invocation_id) l: vec3u) {
  for (var i = 0u; i < l.x + 3u; i++) { x += i32(i); }
})",
    R"(@group(0) @binding(0) var<storage, read_write> a: array<i32, 4>;
@group(0) @binding(1) var<storage, read> idx: array<u32>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) l: u32) { a[idx[l]] = i32(l); })",
};
constexpr size_t kKernelCount = sizeof(kKernels) / sizeof(kKernels[0]);

WGPUStringView view(const char* s) { return WGPUStringView{s, WGPU_STRLEN}; }
WGPUStringView view(const std::string& s) { return WGPUStringView{s.data(), s.size()}; }

enum Kind : uint8_t { kBuffer, kModule, kBgl, kPipelineLayout, kPipeline, kBindGroup, kEncoder, kPass, kCommands, kKinds };

// What one input owns: one entry per reference (AddRef adds an entry, Release removes one).
struct State {
  WGPUInstance instance = nullptr;
  WGPUAdapter adapter = nullptr;
  std::vector<WGPUDevice> devices;
  std::vector<WGPUQueue> queues;
  std::vector<void*> refs[kKinds];
  std::vector<WGPUFuture> futures;
  bool open = false;  // callbacks after the input ended release what they are given
};
State* g_state = nullptr;  // the input being run (callbacks reach it through userdata too)

void releaseOne(Kind k, void* h) {
  switch (k) {
    case kBuffer: wgpuBufferRelease(static_cast<WGPUBuffer>(h)); break;
    case kModule: wgpuShaderModuleRelease(static_cast<WGPUShaderModule>(h)); break;
    case kBgl: wgpuBindGroupLayoutRelease(static_cast<WGPUBindGroupLayout>(h)); break;
    case kPipelineLayout: wgpuPipelineLayoutRelease(static_cast<WGPUPipelineLayout>(h)); break;
    case kPipeline: wgpuComputePipelineRelease(static_cast<WGPUComputePipeline>(h)); break;
    case kBindGroup: wgpuBindGroupRelease(static_cast<WGPUBindGroup>(h)); break;
    case kEncoder: wgpuCommandEncoderRelease(static_cast<WGPUCommandEncoder>(h)); break;
    case kPass: wgpuComputePassEncoderRelease(static_cast<WGPUComputePassEncoder>(h)); break;
    case kCommands: wgpuCommandBufferRelease(static_cast<WGPUCommandBuffer>(h)); break;
    case kKinds: break;
  }
}

void addRefOne(Kind k, void* h) {
  switch (k) {
    case kBuffer: wgpuBufferAddRef(static_cast<WGPUBuffer>(h)); break;
    case kModule: wgpuShaderModuleAddRef(static_cast<WGPUShaderModule>(h)); break;
    case kBgl: wgpuBindGroupLayoutAddRef(static_cast<WGPUBindGroupLayout>(h)); break;
    case kPipelineLayout: wgpuPipelineLayoutAddRef(static_cast<WGPUPipelineLayout>(h)); break;
    case kPipeline: wgpuComputePipelineAddRef(static_cast<WGPUComputePipeline>(h)); break;
    case kBindGroup: wgpuBindGroupAddRef(static_cast<WGPUBindGroup>(h)); break;
    case kEncoder: wgpuCommandEncoderAddRef(static_cast<WGPUCommandEncoder>(h)); break;
    case kPass: wgpuComputePassEncoderAddRef(static_cast<WGPUComputePassEncoder>(h)); break;
    case kCommands: wgpuCommandBufferAddRef(static_cast<WGPUCommandBuffer>(h)); break;
    case kKinds: break;
  }
}

void own(State& s, Kind k, void* h) {
  if (h != nullptr) s.refs[k].push_back(h);
}

WGPUCallbackMode callbackMode(Bytes& in) {
  switch (in.u8() % 3) {
    case 0: return WGPUCallbackMode_WaitAnyOnly;
    case 1: return WGPUCallbackMode_AllowProcessEvents;
    default: return WGPUCallbackMode_AllowSpontaneous;
  }
}

// Callbacks. Messages are read (they must be valid during the call); objects passed with
// ownership are kept by the open input or released.
size_t touch(WGPUStringView m) {
  size_t n = 0;
  if (m.data == nullptr) return 0;
  const size_t len = m.length == WGPU_STRLEN ? std::strlen(m.data) : m.length;
  for (size_t i = 0; i < len; ++i) n += static_cast<unsigned char>(m.data[i]);
  return n;
}
volatile size_t g_sink = 0;

// FUZZ_WEBGPU_PRINT=1 prints the calls, the device's uncaptured errors and the callbacks'
// statuses (to see how far a sequence gets).
const bool g_print = std::getenv("FUZZ_WEBGPU_PRINT") != nullptr;
void print(const char* what, int status, WGPUStringView m) {
  if (!g_print) return;
  const size_t len = m.data == nullptr ? 0 : (m.length == WGPU_STRLEN ? std::strlen(m.data) : m.length);
  std::fprintf(stderr, "fuzz_webgpu: %s %d: %.*s\n", what, status, static_cast<int>(len), m.data ? m.data : "");
}
void onMap(WGPUMapAsyncStatus st, WGPUStringView m, void*, void*) {
  g_sink = g_sink + touch(m);
  print("map", static_cast<int>(st), m);
}
void onPop(WGPUPopErrorScopeStatus, WGPUErrorType t, WGPUStringView m, void*, void*) {
  g_sink = g_sink + touch(m);
  print("popped error scope, error type", static_cast<int>(t), m);
}
void onDone(WGPUQueueWorkDoneStatus st, WGPUStringView m, void*, void*) {
  g_sink = g_sink + touch(m);
  print("work done", static_cast<int>(st), m);
}
void onCompilation(WGPUCompilationInfoRequestStatus, const WGPUCompilationInfo* info, void*, void*) {
  if (info == nullptr) return;
  for (size_t i = 0; i < info->messageCount; ++i) g_sink = g_sink + touch(info->messages[i].message);
}
void onPipeline(WGPUCreatePipelineAsyncStatus st, WGPUComputePipeline p, WGPUStringView m, void* u1, void*) {
  g_sink = g_sink + touch(m);
  print("async pipeline", static_cast<int>(st), m);
  State* s = static_cast<State*>(u1);
  if (p == nullptr) return;
  if (s == g_state && s->open) {
    own(*s, kPipeline, p);
  } else {
    wgpuComputePipelineRelease(p);
  }
}
void onError(WGPUDevice const*, WGPUErrorType t, WGPUStringView m, void*, void*) {
  g_sink = g_sink + touch(m);
  print("uncaptured error", static_cast<int>(t), m);
}
void onLost(WGPUDevice const*, WGPUDeviceLostReason, WGPUStringView m, void*, void*) { g_sink = g_sink + touch(m); }

class Program {
 public:
  Program(State& s, Bytes& in) : s_(s), in_(in) {}

  void* pick(Kind k) {
    auto& v = s_.refs[k];
    if (v.empty() || in_.u8() % 16 == 0) return nullptr;  // sometimes a null handle
    return v[in_.u8() % v.size()];
  }
  WGPUDevice device() { return s_.devices.empty() ? nullptr : s_.devices.front(); }
  WGPUQueue queue() { return s_.queues.empty() ? nullptr : s_.queues.front(); }
  WGPUStringView label() {
    switch (in_.u8() % 4) {
      case 0: return WGPUStringView{nullptr, WGPU_STRLEN};  // null label
      case 1: return WGPUStringView{nullptr, 0};
      case 2: return view("fuzz");
      default: {
        labels_.push_back(in_.take(in_.u8() % 16));
        return view(labels_.back());
      }
    }
  }
  uint64_t size() {
    static const uint64_t kSizes[] = {0, 4, 8, 16, 64, 256, 1024, 4096, 65536};
    switch (in_.u8() % 8) {
      case 0: return in_.u32() % (1u << 20);
      case 1: return in_.u8() == 0 ? (uint64_t{1} << 40) : in_.u16();
      default: return kSizes[in_.u8() % (sizeof(kSizes) / sizeof(kSizes[0]))];
    }
  }
  uint64_t offset() {
    switch (in_.u8() % 4) {
      case 0: return 0;
      case 1: return 256 * (in_.u8() % 4);
      case 2: return 4 * (in_.u8() % 16);
      default: return in_.u32();
    }
  }
  uint64_t rangeSize() {
    switch (in_.u8() % 4) {
      case 0: return WGPU_WHOLE_SIZE;
      case 1: return 4 * (in_.u8() % 32);
      case 2: return 0;
      default: return in_.u32();
    }
  }

  void createBuffer() {
    WGPUBufferDescriptor d = WGPU_BUFFER_DESCRIPTOR_INIT;
    d.label = label();
    d.size = size();
    d.usage = in_.u16() & 0x3ff;
    if (in_.u8() % 4 != 0) d.usage |= WGPUBufferUsage_Storage;
    d.mappedAtCreation = in_.u8() % 4 == 0;
    own(s_, kBuffer, wgpuDeviceCreateBuffer(device(), &d));
  }

  void createModule() {
    std::string code;
    if (in_.u8() % 4 == 0) {
      code = in_.take(in_.u16() % 1024);
    } else {
      code = kKernels[in_.u8() % kKernelCount];
    }
    WGPUShaderSourceWGSL wgsl = WGPU_SHADER_SOURCE_WGSL_INIT;
    wgsl.code = view(code);
    WGPUShaderModuleDescriptor d = WGPU_SHADER_MODULE_DESCRIPTOR_INIT;
    d.nextInChain = in_.u8() % 16 == 0 ? nullptr : &wgsl.chain;
    d.label = label();
    own(s_, kModule, wgpuDeviceCreateShaderModule(device(), &d));
  }

  void createBgl() {
    WGPUBindGroupLayoutEntry e[4];
    const size_t n = in_.u8() % 5;
    for (size_t i = 0; i < n; ++i) {
      e[i] = WGPU_BIND_GROUP_LAYOUT_ENTRY_INIT;
      e[i].binding = in_.u8() % 8 == 0 ? in_.u32() : static_cast<uint32_t>(i + in_.u8() % 2);
      e[i].visibility = in_.u8() % 8 == 0 ? in_.u8() : WGPUShaderStage_Compute;
      e[i].buffer.type = static_cast<WGPUBufferBindingType>(in_.u8() % 5);
      e[i].buffer.hasDynamicOffset = in_.u8() % 4 == 0;
      e[i].buffer.minBindingSize = in_.u8() % 4 == 0 ? 4 * (in_.u8() % 8) : 0;
    }
    WGPUBindGroupLayoutDescriptor d = WGPU_BIND_GROUP_LAYOUT_DESCRIPTOR_INIT;
    d.label = label();
    d.entryCount = n;
    d.entries = n ? e : nullptr;
    own(s_, kBgl, wgpuDeviceCreateBindGroupLayout(device(), &d));
  }

  void createPipelineLayout() {
    WGPUBindGroupLayout l[3];
    const size_t n = in_.u8() % 4;
    for (size_t i = 0; i < n; ++i) l[i] = static_cast<WGPUBindGroupLayout>(pick(kBgl));
    WGPUPipelineLayoutDescriptor d = WGPU_PIPELINE_LAYOUT_DESCRIPTOR_INIT;
    d.label = label();
    d.bindGroupLayoutCount = n;
    d.bindGroupLayouts = n ? l : nullptr;
    own(s_, kPipelineLayout, wgpuDeviceCreatePipelineLayout(device(), &d));
  }

  void createPipeline(bool async) {
    static const char* const kEntries[] = {nullptr, "main", "a", "b", "missing"};
    static const double kValues[] = {1, 16, 64, 0, 65, 1e10, -3};
    WGPUConstantEntry c = WGPU_CONSTANT_ENTRY_INIT;
    c.key = view(in_.flip() ? "wg" : "nope");
    c.value = kValues[in_.u8() % (sizeof(kValues) / sizeof(kValues[0]))];
    WGPUComputePipelineDescriptor d = WGPU_COMPUTE_PIPELINE_DESCRIPTOR_INIT;
    d.label = label();
    d.layout = in_.flip() ? nullptr : static_cast<WGPUPipelineLayout>(pick(kPipelineLayout));
    d.compute.module = static_cast<WGPUShaderModule>(pick(kModule));
    const char* entry = kEntries[in_.u8() % 5];
    d.compute.entryPoint = entry ? view(entry) : WGPUStringView{nullptr, WGPU_STRLEN};
    if (in_.u8() % 3 == 0) {
      d.compute.constantCount = 1;
      d.compute.constants = &c;
    }
    if (!async) {
      own(s_, kPipeline, wgpuDeviceCreateComputePipeline(device(), &d));
      return;
    }
    WGPUCreateComputePipelineAsyncCallbackInfo cb = WGPU_CREATE_COMPUTE_PIPELINE_ASYNC_CALLBACK_INFO_INIT;
    cb.mode = callbackMode(in_);
    cb.callback = onPipeline;
    cb.userdata1 = &s_;
    s_.futures.push_back(wgpuDeviceCreateComputePipelineAsync(device(), &d, cb));
  }

  void getBgl() {
    auto* p = static_cast<WGPUComputePipeline>(pick(kPipeline));
    if (p == nullptr) return;  // a null pipeline is covered by the hostile tests
    own(s_, kBgl, wgpuComputePipelineGetBindGroupLayout(p, in_.u8() % 5));
  }

  void createBindGroup() {
    WGPUBindGroupEntry e[4];
    const size_t n = in_.u8() % 5;
    for (size_t i = 0; i < n; ++i) {
      e[i] = WGPU_BIND_GROUP_ENTRY_INIT;
      e[i].binding = in_.u8() % 8 == 0 ? in_.u32() : static_cast<uint32_t>(i + in_.u8() % 2);
      e[i].buffer = static_cast<WGPUBuffer>(pick(kBuffer));
      e[i].offset = offset();
      e[i].size = rangeSize();
    }
    WGPUBindGroupDescriptor d = WGPU_BIND_GROUP_DESCRIPTOR_INIT;
    d.label = label();
    d.layout = static_cast<WGPUBindGroupLayout>(pick(kBgl));
    d.entryCount = n;
    d.entries = n ? e : nullptr;
    own(s_, kBindGroup, wgpuDeviceCreateBindGroup(device(), &d));
  }

  void createEncoder() {
    WGPUCommandEncoderDescriptor d = WGPU_COMMAND_ENCODER_DESCRIPTOR_INIT;
    d.label = label();
    own(s_, kEncoder, wgpuDeviceCreateCommandEncoder(device(), in_.flip() ? &d : nullptr));
  }

  void encoderCall() {
    auto* e = static_cast<WGPUCommandEncoder>(pick(kEncoder));
    switch (in_.u8() % 6) {
      case 0: {
        WGPUComputePassDescriptor d = WGPU_COMPUTE_PASS_DESCRIPTOR_INIT;
        d.label = label();
        own(s_, kPass, wgpuCommandEncoderBeginComputePass(e, in_.flip() ? &d : nullptr));
        break;
      }
      case 1: {
        WGPUCommandBufferDescriptor d = WGPU_COMMAND_BUFFER_DESCRIPTOR_INIT;
        d.label = label();
        own(s_, kCommands, wgpuCommandEncoderFinish(e, in_.flip() ? &d : nullptr));
        break;
      }
      case 2: {
        auto* src = static_cast<WGPUBuffer>(pick(kBuffer));
        auto* dst = static_cast<WGPUBuffer>(pick(kBuffer));
        const uint64_t so = offset(), dof = offset();
        wgpuCommandEncoderCopyBufferToBuffer(e, src, so, dst, dof, rangeSize());
        break;
      }
      case 3: {
        auto* b = static_cast<WGPUBuffer>(pick(kBuffer));
        const uint64_t o = offset();
        wgpuCommandEncoderClearBuffer(e, b, o, rangeSize());
        break;
      }
      case 4: wgpuCommandEncoderPushDebugGroup(e, label()); break;
      default:
        if (in_.flip()) {
          wgpuCommandEncoderPopDebugGroup(e);
        } else {
          wgpuCommandEncoderInsertDebugMarker(e, label());
        }
        break;
    }
  }

  void passCall() {
    auto* p = static_cast<WGPUComputePassEncoder>(pick(kPass));
    switch (in_.u8() % 6) {
      case 0: wgpuComputePassEncoderSetPipeline(p, static_cast<WGPUComputePipeline>(pick(kPipeline))); break;
      case 1: {
        uint32_t offsets[3];
        const size_t n = in_.u8() % 4;
        for (size_t i = 0; i < n; ++i) offsets[i] = static_cast<uint32_t>(offset());
        const uint32_t index = in_.u8() % 8 == 0 ? in_.u32() : in_.u8() % 3;
        wgpuComputePassEncoderSetBindGroup(p, index, static_cast<WGPUBindGroup>(pick(kBindGroup)), n,
                                           n ? offsets : nullptr);
        break;
      }
      case 2: {
        // Small counts keep a run short; sometimes one beyond the device limit.
        uint32_t x = 1 + in_.u8() % 3, y = 1 + in_.u8() % 2, z = 1;
        switch (in_.u8() % 8) {
          case 0: x = 0; break;
          case 1: z = 0x10000; break;
          default: break;
        }
        wgpuComputePassEncoderDispatchWorkgroups(p, x, y, z);
        break;
      }
      case 3: wgpuComputePassEncoderEnd(p); break;
      case 4: wgpuComputePassEncoderPushDebugGroup(p, label()); break;
      default:
        if (in_.flip()) {
          wgpuComputePassEncoderPopDebugGroup(p);
        } else {
          wgpuComputePassEncoderInsertDebugMarker(p, label());
        }
        break;
    }
  }

  void submit() {
    WGPUCommandBuffer c[3];
    const size_t n = in_.u8() % 4;
    for (size_t i = 0; i < n; ++i) c[i] = static_cast<WGPUCommandBuffer>(pick(kCommands));
    wgpuQueueSubmit(queue(), n, n ? c : nullptr);
  }

  void writeBuffer() {
    auto* b = static_cast<WGPUBuffer>(pick(kBuffer));
    const uint64_t o = offset();
    const std::string data = in_.take(in_.u8() % 64);
    wgpuQueueWriteBuffer(queue(), b, o, data.empty() ? nullptr : data.data(), data.size());
  }

  void bufferCall() {
    auto* b = static_cast<WGPUBuffer>(pick(kBuffer));
    switch (in_.u8() % 8) {
      case 0: {
        WGPUBufferMapCallbackInfo cb = WGPU_BUFFER_MAP_CALLBACK_INFO_INIT;
        cb.mode = callbackMode(in_);
        cb.callback = onMap;
        const WGPUMapMode mode = in_.u8() % 4;
        const size_t o = static_cast<size_t>(offset());
        const size_t n = in_.flip() ? WGPU_WHOLE_MAP_SIZE : static_cast<size_t>(rangeSize());
        s_.futures.push_back(wgpuBufferMapAsync(b, mode, o, n, cb));
        break;
      }
      case 1:
      case 2: {
        // A range that is returned must be usable for all its bytes.
        const size_t o = static_cast<size_t>(offset());
        size_t n = in_.flip() ? WGPU_WHOLE_MAP_SIZE : static_cast<size_t>(rangeSize());
        const bool writable = in_.flip();
        const void* r = writable ? wgpuBufferGetMappedRange(b, o, n) : wgpuBufferGetConstMappedRange(b, o, n);
        if (r == nullptr || b == nullptr) break;
        if (n == WGPU_WHOLE_MAP_SIZE) n = static_cast<size_t>(wgpuBufferGetSize(b)) - o;
        const auto* bytes = static_cast<const unsigned char*>(r);
        size_t sum = 0;
        for (size_t i = 0; i < n; ++i) sum += bytes[i];
        g_sink = g_sink + sum;
        if (writable) std::memset(const_cast<void*>(r), in_.u8(), n);
        break;
      }
      case 3: {
        unsigned char tmp[64];
        const size_t o = static_cast<size_t>(offset());
        const size_t n = in_.u8() % 65;
        if (in_.flip()) {
          (void)wgpuBufferReadMappedRange(b, o, tmp, n);
        } else {
          std::memset(tmp, 0x5a, sizeof tmp);
          (void)wgpuBufferWriteMappedRange(b, o, tmp, n);
        }
        break;
      }
      case 4: wgpuBufferUnmap(b); break;
      case 5: wgpuBufferDestroy(b); break;
      case 6:
        g_sink = g_sink + wgpuBufferGetMapState(b) + wgpuBufferGetSize(b) + wgpuBufferGetUsage(b);
        break;
      default: wgpuBufferSetLabel(b, label()); break;
    }
  }

  void errorScope() {
    if (in_.flip()) {
      wgpuDevicePushErrorScope(device(), static_cast<WGPUErrorFilter>(in_.u8() % 5));
      return;
    }
    WGPUPopErrorScopeCallbackInfo cb = WGPU_POP_ERROR_SCOPE_CALLBACK_INFO_INIT;
    cb.mode = callbackMode(in_);
    cb.callback = onPop;
    s_.futures.push_back(wgpuDevicePopErrorScope(device(), cb));
  }

  void events() {
    switch (in_.u8() % 4) {
      case 0: wgpuInstanceProcessEvents(s_.instance); break;
      case 1: {
        WGPUQueueWorkDoneCallbackInfo cb = WGPU_QUEUE_WORK_DONE_CALLBACK_INFO_INIT;
        cb.mode = callbackMode(in_);
        cb.callback = onDone;
        s_.futures.push_back(wgpuQueueOnSubmittedWorkDone(queue(), cb));
        break;
      }
      case 2: {
        auto* m = static_cast<WGPUShaderModule>(pick(kModule));
        WGPUCompilationInfoCallbackInfo cb = WGPU_COMPILATION_INFO_CALLBACK_INFO_INIT;
        cb.mode = callbackMode(in_);
        cb.callback = onCompilation;
        s_.futures.push_back(wgpuShaderModuleGetCompilationInfo(m, cb));
        break;
      }
      default: {
        // Wait (without blocking) on some futures, completed ones and unknown ids included.
        WGPUFutureWaitInfo w[4];
        const size_t n = 1 + in_.u8() % 4;
        for (size_t i = 0; i < n; ++i) {
          w[i] = WGPU_FUTURE_WAIT_INFO_INIT;
          w[i].future = s_.futures.empty() || in_.u8() % 8 == 0 ? WGPUFuture{in_.u32()}
                                                                 : s_.futures[in_.u8() % s_.futures.size()];
        }
        (void)wgpuInstanceWaitAny(s_.instance, n, w, 0);
        break;
      }
    }
  }

  void refCall() {
    const Kind k = static_cast<Kind>(in_.u8() % kKinds);
    auto& v = s_.refs[k];
    if (v.empty()) return;
    const size_t i = in_.u8() % v.size();
    if (in_.u8() % 3 == 0) {
      addRefOne(k, v[i]);
      v.push_back(v[i]);
    } else {
      releaseOne(k, v[i]);
      v.erase(v.begin() + static_cast<std::ptrdiff_t>(i));
    }
  }

  void setLabels() {
    switch (in_.u8() % 5) {
      case 0: wgpuDeviceSetLabel(device(), label()); break;
      case 1: wgpuQueueSetLabel(queue(), label()); break;
      case 2: wgpuShaderModuleSetLabel(static_cast<WGPUShaderModule>(pick(kModule)), label()); break;
      case 3: wgpuComputePipelineSetLabel(static_cast<WGPUComputePipeline>(pick(kPipeline)), label()); break;
      default: wgpuBindGroupSetLabel(static_cast<WGPUBindGroup>(pick(kBindGroup)), label()); break;
    }
  }

  void deviceCall() {
    switch (in_.u8() % 8) {
      case 0:  // rare: destroy the device (buffers are destroyed, later calls are errors)
        if (in_.u8() % 4 == 0) wgpuDeviceDestroy(device());
        break;
      case 1: {
        WGPULimits l = WGPU_LIMITS_INIT;
        (void)wgpuDeviceGetLimits(device(), &l);
        break;
      }
      case 2: {
        WGPUSupportedFeatures f = WGPU_SUPPORTED_FEATURES_INIT;
        wgpuDeviceGetFeatures(device(), &f);
        wgpuSupportedFeaturesFreeMembers(f);
        break;
      }
      case 3: {
        WGPUAdapterInfo info = WGPU_ADAPTER_INFO_INIT;
        if (wgpuDeviceGetAdapterInfo(device(), &info) == WGPUStatus_Success) wgpuAdapterInfoFreeMembers(info);
        break;
      }
      default: break;
    }
  }

  void run() {
    int steps = 0;
    static const char* const kOps[] = {"createBuffer", "createBuffer", "createModule", "createBgl",
                                        "createPipelineLayout", "createPipeline", "createPipelineAsync", "getBgl",
                                        "createBindGroup", "createEncoder", "encoderCall", "passCall", "passCall",
                                        "submit", "writeBuffer", "bufferCall", "errorScope", "events", "refCall",
                                        "labelOrDeviceCall"};
    while (!in_.empty() && ++steps <= 256) {
      const uint8_t op = in_.u8() % 20;
      if (g_print) std::fprintf(stderr, "fuzz_webgpu: %s\n", kOps[op]);
      switch (op) {
        case 0: case 1: createBuffer(); break;
        case 2: createModule(); break;
        case 3: createBgl(); break;
        case 4: createPipelineLayout(); break;
        case 5: createPipeline(false); break;
        case 6: createPipeline(true); break;
        case 7: getBgl(); break;
        case 8: createBindGroup(); break;
        case 9: createEncoder(); break;
        case 10: encoderCall(); break;
        case 11: case 12: passCall(); break;
        case 13: submit(); break;
        case 14: writeBuffer(); break;
        case 15: bufferCall(); break;
        case 16: errorScope(); break;
        case 17: events(); break;
        case 18: refCall(); break;
        default:
          if (in_.flip()) {
            setLabels();
          } else {
            deviceCall();
          }
          break;
      }
    }
  }

 private:
  State& s_;
  Bytes& in_;
  std::vector<std::string> labels_;  // kept while the calls that got them may still run
};

WGPUAdapter requestAdapter(WGPUInstance instance) {
  WGPUAdapter a = nullptr;
  WGPURequestAdapterCallbackInfo cb = WGPU_REQUEST_ADAPTER_CALLBACK_INFO_INIT;
  cb.mode = WGPUCallbackMode_AllowProcessEvents;
  cb.callback = [](WGPURequestAdapterStatus, WGPUAdapter ad, WGPUStringView, void* u1, void*) {
    *static_cast<WGPUAdapter*>(u1) = ad;
  };
  cb.userdata1 = &a;
  wgpuInstanceRequestAdapter(instance, nullptr, cb);
  wgpuInstanceProcessEvents(instance);
  return a;
}

WGPUDevice requestDevice(WGPUInstance instance, WGPUAdapter adapter) {
  WGSLEmuDeviceOptions o = WGSLEMU_DEVICE_OPTIONS_INIT;
  // One worker, and a bound on each dispatch (fuzzed WGSL may loop for long): inputs stay short
  // and reproducible; a dispatch over the bound is a reported hang (device loss), not a finding.
  o.options = view("--threads=1 --max-steps=200000");
  WGPUDeviceDescriptor dd = WGPU_DEVICE_DESCRIPTOR_INIT;
  dd.nextInChain = &o.chain;
  dd.label = view("fuzz device");
  dd.uncapturedErrorCallbackInfo.callback = onError;
  dd.deviceLostCallbackInfo.mode = WGPUCallbackMode_AllowSpontaneous;
  dd.deviceLostCallbackInfo.callback = onLost;
  WGPUDevice d = nullptr;
  WGPURequestDeviceCallbackInfo cb = WGPU_REQUEST_DEVICE_CALLBACK_INFO_INIT;
  cb.mode = WGPUCallbackMode_WaitAnyOnly;
  cb.callback = [](WGPURequestDeviceStatus, WGPUDevice dev, WGPUStringView, void* u1, void*) {
    *static_cast<WGPUDevice*>(u1) = dev;
  };
  cb.userdata1 = &d;
  WGPUFutureWaitInfo w = WGPU_FUTURE_WAIT_INFO_INIT;
  w.future = wgpuAdapterRequestDevice(adapter, &dd, cb);
  (void)wgpuInstanceWaitAny(instance, 1, &w, 0);
  return d;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Bytes in(data, size);
  State s;
  s.instance = wgpuCreateInstance(nullptr);
  if (s.instance == nullptr) return 0;
  s.adapter = requestAdapter(s.instance);
  WGPUDevice d = s.adapter ? requestDevice(s.instance, s.adapter) : nullptr;
  if (d != nullptr) {
    s.devices.push_back(d);
    s.queues.push_back(wgpuDeviceGetQueue(d));
    g_state = &s;
    s.open = true;
    Program(s, in).run();
    // Release what is still owned: the device (and queue) first or last, the objects kinds in an
    // order the input picks, each kind's references from the back.
    const bool device_first = in.flip();
    if (device_first) {
      for (WGPUQueue q : s.queues) wgpuQueueRelease(q);
      for (WGPUDevice dev : s.devices) wgpuDeviceRelease(dev);
    }
    uint8_t order[kKinds];
    for (uint8_t k = 0; k < kKinds; ++k) order[k] = k;
    for (uint8_t k = kKinds; k > 1; --k) std::swap(order[k - 1], order[in.u8() % k]);
    for (uint8_t k : order) {
      auto& v = s.refs[k];
      while (!v.empty()) {
        releaseOne(static_cast<Kind>(k), v.back());
        v.pop_back();
      }
    }
    // From here on, pipelines that callbacks deliver are released by onPipeline.
    s.open = false;
    wgpuInstanceProcessEvents(s.instance);
    if (!device_first) {
      for (WGPUQueue q : s.queues) wgpuQueueRelease(q);
      for (WGPUDevice dev : s.devices) wgpuDeviceRelease(dev);
    }
    wgpuInstanceProcessEvents(s.instance);
    g_state = nullptr;
  }
  if (s.adapter) wgpuAdapterRelease(s.adapter);
  wgpuInstanceRelease(s.instance);
  return 0;
}
