// Reference counts, string views, events, device errors and device loss.
#include "runtime/webgpu/objects.h"

#include "runtime/webgpu/dispatch_report.h"

#include <cstdio>
#include <cstring>
#include <deque>
#include <mutex>

namespace wgslemu::webgpu {

std::string Object::describe() const {
  std::string s = kind();
  if (label.empty()) return s + " (no label)";
  return s + " \"" + label + "\"";
}

namespace {

// Released objects whose memory is kept so that a use after the last release is caught (the
// most recent ones; older shells are freed).
struct Graveyard {
  std::mutex mutex;
  std::deque<Object*> shells;
  static constexpr size_t kKeep = 1024;
  void bury(Object* o) {
    std::lock_guard<std::mutex> lock(mutex);
    shells.push_back(o);
    if (shells.size() > kKeep) {
      delete shells.front();
      shells.pop_front();
    }
  }
  ~Graveyard() {
    for (Object* o : shells) delete o;
  }
};

Graveyard& graveyard() {
  static Graveyard g;
  return g;
}

}  // namespace

void addRefObject(Object* o, const char* function) {
  if (!o) return;
  if (o->magic != Object::kAlive) {
    std::fprintf(stderr, "wgslemu: %s on a released %s: ignored\n", function, o->kind());
    return;
  }
  o->refs.fetch_add(1);
}

void releaseObject(Object* o, const char* function) {
  if (!o) return;
  if (o->magic != Object::kAlive) {
    std::fprintf(stderr, "wgslemu: %s on %s, which was already released: ignored\n", function,
                 o->describe().c_str());
    return;
  }
  if (o->refs.fetch_sub(1) != 1) return;
  o->dropReferences();
  o->magic = Object::kDead;
  graveyard().bury(o);
}

std::string toString(WGPUStringView s) {
  if (!s.data) return {};
  if (s.length == WGPU_STRLEN) return std::string(s.data);
  return std::string(s.data, s.length);
}

WGPUStringView toView(const std::string& s) { return WGPUStringView{s.data(), s.size()}; }

void validationError(WGPUDevice device, const std::string& function, const std::string& message) {
  std::string text = function + ": " + message;
  if (device && device->magic == Object::kAlive) {
    device->validation(text);
  } else {
    std::fprintf(stderr, "wgslemu: %s\n", text.c_str());
  }
}

bool checkChain(WGPUDevice device, const std::string& function, const WGPUChainedStruct* chain,
                std::initializer_list<WGPUSType> allowed) {
  for (int n = 0; chain; chain = chain->next, ++n) {
    if (n > 64) {
      validationError(device, function, "the struct chain is longer than 64 (a cycle?)");
      return false;
    }
    bool ok = false;
    for (WGPUSType t : allowed) ok = ok || chain->sType == t;
    if (!ok) {
      char buf[96];
      std::snprintf(buf, sizeof buf, "unknown or unsupported sType 0x%08X in the descriptor's chain",
                    static_cast<unsigned>(chain->sType));
      validationError(device, function, buf);
      return false;
    }
  }
  return true;
}

void unsupported(WGPUDevice device, const char* function) {
  validationError(device, function,
                  "not supported by wgslemu, which implements the compute subset of WebGPU "
                  "(no render pipelines, textures, samplers, query sets or surfaces)");
}

}  // namespace wgslemu::webgpu

using wgslemu::webgpu::Event;
using wgslemu::webgpu::releaseObject;

WGPUFuture WGPUInstanceImpl::add(WGPUCallbackMode mode, bool ready, std::function<void(bool)> fire_fn) {
  uint64_t id;
  bool cancel_now;
  {
    std::lock_guard<std::mutex> lock(mutex);
    id = next_future++;
    cancel_now = dropped_;  // no one can wait for it any more
    if (!cancel_now) {
      Event e;
      e.mode = mode;
      e.ready = ready;
      e.fire = std::move(fire_fn);
      events[id] = std::move(e);
    }
  }
  if (cancel_now) {
    if (fire_fn) fire_fn(true);
  } else if (ready && mode == WGPUCallbackMode_AllowSpontaneous) {
    fire(id);
  }
  return WGPUFuture{id};
}

void WGPUInstanceImpl::complete(uint64_t id) {
  bool now = false;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = events.find(id);
    if (it == events.end()) return;
    it->second.ready = true;
    now = it->second.mode == WGPUCallbackMode_AllowSpontaneous;
  }
  if (now) fire(id);
}

void WGPUInstanceImpl::fire(uint64_t id) {
  std::function<void(bool)> fn;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = events.find(id);
    if (it == events.end()) return;
    fn = std::move(it->second.fire);
    events.erase(it);  // before the callback, which may add events
  }
  if (fn) fn(false);
}

void WGPUInstanceImpl::setFire(uint64_t id, std::function<void(bool)> fire_fn) {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = events.find(id);
  if (it != events.end()) it->second.fire = std::move(fire_fn);
}

std::vector<uint64_t> WGPUInstanceImpl::readyForProcessEvents() {
  std::lock_guard<std::mutex> lock(mutex);
  std::vector<uint64_t> ready;
  for (auto& [id, e] : events) {
    if (e.ready && e.mode != WGPUCallbackMode_WaitAnyOnly) ready.push_back(id);
  }
  return ready;
}

int WGPUInstanceImpl::state(uint64_t id) {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = events.find(id);
  if (it == events.end()) return -1;
  return it->second.ready ? 1 : 0;
}

void WGPUInstanceImpl::releaseExternal() {
  if (external_refs.fetch_sub(1) == 1) cancelPending();
}

void WGPUInstanceImpl::dropReferences() { cancelPending(); }

void WGPUInstanceImpl::cancelPending() {
  for (;;) {
    std::function<void(bool)> fn;
    {
      std::lock_guard<std::mutex> lock(mutex);
      dropped_ = true;
      if (events.empty()) return;
      fn = std::move(events.begin()->second.fire);
      events.erase(events.begin());
    }
    if (fn) fn(true);
  }
}

void WGPUAdapterImpl::dropReferences() { releaseObject(instance, "wgpuAdapterRelease"); }

void WGPUDeviceImpl::error(WGPUErrorType type, const std::string& message) {
  if (lost) return;
  WGPUErrorFilter filter = type == WGPUErrorType_Validation    ? WGPUErrorFilter_Validation
                           : type == WGPUErrorType_OutOfMemory ? WGPUErrorFilter_OutOfMemory
                                                               : WGPUErrorFilter_Internal;
  std::vector<ErrorScope>& stack = scopes();
  for (auto it = stack.rbegin(); it != stack.rend(); ++it) {
    if (it->filter != filter) continue;
    if (!it->has_error) {
      it->has_error = true;
      it->type = type;
      it->message = message;
    }
    return;
  }
  if (uncaptured.callback) {
    WGPUDevice self = this;
    uncaptured.callback(&self, type, wgslemu::webgpu::toView(message), uncaptured.userdata1,
                        uncaptured.userdata2);
  } else {
    std::fprintf(stderr, "wgslemu: uncaptured %s error: %s\n",
                 type == WGPUErrorType_Validation ? "validation" : "device", message.c_str());
  }
}

void WGPUDeviceImpl::lose(WGPUDeviceLostReason reason, const std::string& message) {
  if (lost) return;
  lost = true;
  lost_reason = reason;
  lost_message = message;
  // The callback gets the reason and message as they are now (the device may be gone then).
  WGPUDeviceLostCallbackInfo info = lost_info;
  WGPUDevice self = this;
  instance->setFire(lost_future, [info, self, reason, message](bool cancelled) {
    if (!info.callback) return;
    WGPUDevice d = self;
    info.callback(&d, cancelled ? WGPUDeviceLostReason_CallbackCancelled : reason, wgslemu::webgpu::toView(message),
                  info.userdata1, info.userdata2);
  });
  instance->complete(lost_future);
}

void WGPUDeviceImpl::dropReferences() {
  lose(WGPUDeviceLostReason_Destroyed, "the device was released");
  // The lost callback reads the reason from the event; the device itself may go now.
  if (!report_path.empty()) wgslemu::webgpu::writeReport(report_path);
  rt.reset();
  releaseObject(adapter, "wgpuDeviceRelease");
  releaseObject(instance, "wgpuDeviceRelease");
}

void DeviceChild::dropReferences() { releaseObject(device, "wgpuRelease"); }

void WGPUQueueImpl::dropReferences() {
  if (device && device->queue == this) device->queue = nullptr;
  DeviceChild::dropReferences();
}

const LayoutEntry* WGPUBindGroupLayoutImpl::find(uint32_t binding) const {
  for (const auto& e : entries) {
    if (e.binding == binding) return &e;
  }
  return nullptr;
}

void WGPUPipelineLayoutImpl::dropReferences() {
  for (auto g : groups) releaseObject(g, "wgpuPipelineLayoutRelease");
  groups.clear();
  DeviceChild::dropReferences();
}

void WGPUComputePipelineImpl::dropReferences() {
  for (auto g : groups) releaseObject(g, "wgpuComputePipelineRelease");
  groups.clear();
  pipe = wgsl::runtime::ComputePipeline();
  DeviceChild::dropReferences();
}

void WGPUBindGroupImpl::dropReferences() {
  for (auto& e : entries) releaseObject(e.buffer, "wgpuBindGroupRelease");
  entries.clear();
  releaseObject(layout, "wgpuBindGroupRelease");
  DeviceChild::dropReferences();
}

void Command::release() {
  releaseObject(src, "wgpuCommandBufferRelease");
  releaseObject(dst, "wgpuCommandBufferRelease");
  releaseObject(pipeline, "wgpuCommandBufferRelease");
  for (auto g : groups) releaseObject(g, "wgpuCommandBufferRelease");
  src = dst = nullptr;
  pipeline = nullptr;
  groups.clear();
}

void WGPUCommandBufferImpl::dropReferences() {
  for (auto& c : commands) c.release();
  commands.clear();
  DeviceChild::dropReferences();
}

void WGPUCommandEncoderImpl::dropReferences() {
  for (auto& c : commands) c.release();
  commands.clear();
  DeviceChild::dropReferences();
}

void WGPUComputePassEncoderImpl::dropReferences() {
  if (encoder && encoder->open_pass == this) encoder->open_pass = nullptr;
  releaseObject(pipeline, "wgpuComputePassEncoderRelease");
  for (auto g : groups) releaseObject(g, "wgpuComputePassEncoderRelease");
  groups.clear();
  pipeline = nullptr;
  releaseObject(encoder, "wgpuComputePassEncoderRelease");
  DeviceChild::dropReferences();
}
