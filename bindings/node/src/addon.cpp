// The native half of the node binding: one function per webgpu.h call the JS layer (index.js)
// needs. Each converts its (already normalized) JS arguments into C structs and posts the call to
// the worker (worker.h); asynchronous calls return a promise settled from the C callback.
// WebGPU's semantics are the C API's: nothing here decides validity.
#include <napi.h>
#include <webgpu/webgpu.h>
#include <wgslemu/webgpu_ext.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "handle.h"
#include "names.h"
#include "worker.h"

namespace wgslemu::node {
namespace {

using Napi::CallbackInfo;
using Napi::Env;
using Napi::Value;
using Deferred = std::shared_ptr<Napi::Promise::Deferred>;

Worker& worker() { return Worker::get(); }

// The C handle in a slot; null for a missing object (the C API reports null handles).
template <typename T>
T as(const Ref& r) {
  return r ? r->as<T>() : nullptr;
}

WGPUStringView view(const std::string& s) { return WGPUStringView{s.data(), s.size()}; }
std::string text(WGPUStringView s) {
  if (!s.data) return {};
  return s.length == WGPU_STRLEN ? std::string(s.data) : std::string(s.data, s.length);
}

// Reading normalized descriptors (index.js fills in WebGPU's dictionary defaults).
Napi::Value field(const Napi::Value& o, const char* k) {
  if (!o.IsObject()) return o.Env().Undefined();
  return o.As<Napi::Object>().Get(k);
}
std::string str(const Napi::Value& o, const char* k) {
  Napi::Value v = field(o, k);
  return v.IsString() ? v.As<Napi::String>().Utf8Value() : std::string();
}
bool has(const Napi::Value& o, const char* k) {
  Napi::Value v = field(o, k);
  return !v.IsUndefined() && !v.IsNull();
}
double num(const Napi::Value& o, const char* k, double def = 0) {
  Napi::Value v = field(o, k);
  return v.IsNumber() ? v.As<Napi::Number>().DoubleValue() : def;
}
uint64_t u64(const Napi::Value& v, uint64_t def = 0) {
  if (!v.IsNumber()) return def;
  double d = v.As<Napi::Number>().DoubleValue();
  return d <= 0 ? 0 : d >= 18446744073709551615.0 ? UINT64_MAX : static_cast<uint64_t>(d);
}
uint32_t u32(const Napi::Value& v, uint32_t def = 0) {
  if (!v.IsNumber()) return def;
  return v.As<Napi::Number>().Uint32Value();
}
Ref ref(const Napi::Value& o, const char* k) { return unwrap(field(o, k)); }
Napi::Array array(const Napi::Value& v) {
  return v.IsArray() ? v.As<Napi::Array>() : Napi::Array::New(v.Env());
}

// Results of the asynchronous calls, filled on the worker.
struct Facts {  // what JS shows of an adapter or device: features, limits, info
  std::vector<std::string> features;
  WGPULimits limits = WGPU_LIMITS_INIT;
  std::string vendor, architecture, device, description;
  uint32_t subgroupMin = 0, subgroupMax = 0;
};

struct AdapterResult {
  Ref adapter;
  std::string message;
  Facts facts;
};

struct DeviceResult {
  Ref device, queue;
  std::string error;
  Facts facts;
};

struct ScopeResult {
  int status = 0, type = 0;
  std::string message;
};

struct Message {
  std::string text;
  int type;
  uint64_t line, pos, offset, length;
};

struct PipelineResult {
  Ref pipeline;
  int status = 0;
  std::string message;
};

struct MapResult {
  int status = 0;
  std::string message;
};
struct CompilationResult {
  std::vector<Message> messages;
};
struct WorkDoneResult {
  int status = 0;
};
// Settle each kind of promise on the JS thread (bottom of this file).
void settle(Env env, Napi::Promise::Deferred& def, AdapterResult& r);
void settle(Env env, Napi::Promise::Deferred& def, DeviceResult& r);
void settle(Env env, Napi::Promise::Deferred& def, ScopeResult& r);
void settle(Env env, Napi::Promise::Deferred& def, CompilationResult& r);
void settle(Env env, Napi::Promise::Deferred& def, PipelineResult& r);
void settle(Env env, Napi::Promise::Deferred& def, WorkDoneResult& r);
void settle(Env env, Napi::Promise::Deferred& def, MapResult& r);

// One asynchronous C call: the promise, whether the callback came, and the callback's result.
template <typename Result>
struct Op {
  Deferred def;
  bool fired = false;
  Result result{};
};

// Runs `start(user)` on the worker; `start` makes the C call with `user` as userdata1 and a
// callback that fills the result and calls finish(user), which settles the promise on the JS
// thread with settle(env, deferred, result). A call that returns a null future without calling
// back (a null handle) rejects.
template <typename Result>
struct Async {
  using OpPtr = std::shared_ptr<Op<Result>>;

  static Value run(Env env, std::function<WGPUFuture(OpPtr*)> start) {
    auto def = std::make_shared<Napi::Promise::Deferred>(env);
    worker().pending(env);
    worker().post([def, start] {
      auto op = std::make_shared<Op<Result>>();
      op->def = def;
      auto* user = new OpPtr(op);
      WGPUFuture f = start(user);
      if (!op->fired && f.id == 0) {
        delete user;
        worker().deliver([def](Env e) {
          def->Reject(Napi::Error::New(e, "wgslemu: the operation was refused (invalid object)").Value());
        });
      }
    });
    return def->Promise();
  }
  static Result& result(void* user) { return (*static_cast<OpPtr*>(user))->result; }
  // In the C callback (on the worker).
  static void finish(void* user) {
    OpPtr op = *static_cast<OpPtr*>(user);
    delete static_cast<OpPtr*>(user);
    op->fired = true;
    worker().deliver([op](Env env) { settle(env, *op->def, op->result); });
  }
};

// ---- instance and adapter ------------------------------------------------------------------

Value CreateInstance(const CallbackInfo& info) {
  Ref r = std::make_shared<Handle>();
  r->release = [](void* p) { wgpuInstanceRelease(static_cast<WGPUInstance>(p)); };
  worker().post([r] { r->h = wgpuCreateInstance(nullptr); });
  return wrap(info.Env(), r);
}

Value WGSLLanguageFeatures(const CallbackInfo& info) {
  Ref inst = unwrap(info[0]);
  std::vector<std::string> names;
  worker().call([&] {
    WGPUSupportedWGSLLanguageFeatures f{};
    wgpuInstanceGetWGSLLanguageFeatures(as<WGPUInstance>(inst), &f);
    for (size_t i = 0; i < f.featureCount; ++i)
      for (const auto& n : kLanguageFeatures)
        if (n.c == f.features[i]) names.push_back(n.js);
    wgpuSupportedWGSLLanguageFeaturesFreeMembers(f);
  });
  Napi::Array out = Napi::Array::New(info.Env());
  for (size_t i = 0; i < names.size(); ++i) out.Set(i, names[i]);
  return out;
}


void readFeatures(const WGPUSupportedFeatures& f, Facts& out) {
  for (size_t i = 0; i < f.featureCount; ++i)
    for (const auto& n : kFeatures)
      if (n.c == f.features[i]) out.features.push_back(n.js);
}
void readInfo(WGPUAdapterInfo& info, Facts& out) {
  out.vendor = text(info.vendor);
  out.architecture = text(info.architecture);
  out.device = text(info.device);
  out.description = text(info.description);
  out.subgroupMin = info.subgroupMinSize;
  out.subgroupMax = info.subgroupMaxSize;
  wgpuAdapterInfoFreeMembers(info);
}

Napi::Object factsToJS(Env env, const Facts& f) {
  Napi::Object o = Napi::Object::New(env);
  Napi::Array features = Napi::Array::New(env);
  for (size_t i = 0; i < f.features.size(); ++i) features.Set(i, f.features[i]);
  o.Set("features", features);
  Napi::Object limits = Napi::Object::New(env);
  for (const auto& l : kLimits) {
    const char* p = reinterpret_cast<const char*>(&f.limits) + l.offset;
    double v = l.is64 ? static_cast<double>(*reinterpret_cast<const uint64_t*>(p))
                      : static_cast<double>(*reinterpret_cast<const uint32_t*>(p));
    limits.Set(l.js, v);
  }
  o.Set("limits", limits);
  Napi::Object info = Napi::Object::New(env);
  info.Set("vendor", f.vendor);
  info.Set("architecture", f.architecture);
  info.Set("device", f.device);
  info.Set("description", f.description);
  info.Set("subgroupMinSize", f.subgroupMin);
  info.Set("subgroupMaxSize", f.subgroupMax);
  o.Set("info", info);
  return o;
}


Value RequestAdapter(const CallbackInfo& info) {
  Ref inst = unwrap(info[0]);
  const std::string power = str(info[1], "powerPreference");
  const bool fallback = field(info[1], "forceFallbackAdapter").ToBoolean();
  using A = Async<AdapterResult>;
  return A::run(info.Env(),
      [inst, power, fallback](A::OpPtr* user) {
        WGPURequestAdapterOptions o = WGPU_REQUEST_ADAPTER_OPTIONS_INIT;
        o.powerPreference = power == "low-power"          ? WGPUPowerPreference_LowPower
                            : power == "high-performance" ? WGPUPowerPreference_HighPerformance
                                                          : WGPUPowerPreference_Undefined;
        o.forceFallbackAdapter = fallback;
        WGPURequestAdapterCallbackInfo ci = WGPU_REQUEST_ADAPTER_CALLBACK_INFO_INIT;
        ci.mode = WGPUCallbackMode_AllowSpontaneous;
        ci.userdata1 = user;
        ci.callback = [](WGPURequestAdapterStatus status, WGPUAdapter a, WGPUStringView m, void* u, void*) {
          auto& res = A::result(u);
          res.message = text(m);
          if (status == WGPURequestAdapterStatus_Success && a) {
            res.adapter = std::make_shared<Handle>();
            res.adapter->h = a;
            res.adapter->release = [](void* p) { wgpuAdapterRelease(static_cast<WGPUAdapter>(p)); };
            WGPUSupportedFeatures f = WGPU_SUPPORTED_FEATURES_INIT;
            wgpuAdapterGetFeatures(a, &f);
            readFeatures(f, res.facts);
            wgpuSupportedFeaturesFreeMembers(f);
            wgpuAdapterGetLimits(a, &res.facts.limits);
            WGPUAdapterInfo ai = WGPU_ADAPTER_INFO_INIT;
            if (wgpuAdapterGetInfo(a, &ai) == WGPUStatus_Success) readInfo(ai, res.facts);
          }
          A::finish(u);
        };
        return wgpuInstanceRequestAdapter(as<WGPUInstance>(inst), &o, ci);
      });
}

// ---- device --------------------------------------------------------------------------------

// Lives until the device is lost (the last callback the C API makes for it).
struct DeviceCallbacks {
  Napi::FunctionReference onLost, onError;
};


Value RequestDevice(const CallbackInfo& info) {
  Env env = info.Env();
  Ref adapter = unwrap(info[0]);
  Napi::Value d = info[1];
  std::vector<WGPUFeatureName> features;
  std::string bad;
  Napi::Array names = array(field(d, "requiredFeatures"));
  for (uint32_t i = 0; i < names.Length(); ++i) {
    std::string n = names.Get(i).ToString().Utf8Value();
    bool found = false;
    for (const auto& f : kFeatures)
      if (n == f.js) features.push_back(f.c), found = true;
    if (!found) bad = "unknown feature '" + n + "'";
  }
  WGPULimits limits = WGPU_LIMITS_INIT;
  Napi::Value lv = field(d, "requiredLimits");
  if (lv.IsObject()) {
    Napi::Array keys = lv.As<Napi::Object>().GetPropertyNames();
    for (uint32_t i = 0; i < keys.Length(); ++i) {
      std::string k = keys.Get(i).ToString().Utf8Value();
      Napi::Value v = lv.As<Napi::Object>().Get(k);
      if (v.IsUndefined()) continue;
      const LimitName* l = nullptr;
      for (const auto& x : kLimits)
        if (k == x.js) l = &x;
      if (!l) {
        bad = "unknown limit '" + k + "'";
        continue;
      }
      char* p = reinterpret_cast<char*>(&limits) + l->offset;
      if (l->is64) *reinterpret_cast<uint64_t*>(p) = u64(v);
      // Above 32 bits: the largest value that is not WGPU_LIMIT_U32_UNDEFINED (the C API then
      // refuses it as better than the adapter's).
      else *reinterpret_cast<uint32_t*>(p) = static_cast<uint32_t>(std::min<uint64_t>(u64(v), UINT32_MAX - 1));
    }
  }
  const std::string label = str(d, "label"), options = str(d, "options"), report = str(d, "reportPath");
  auto* cbs = new DeviceCallbacks{Napi::Persistent(info[2].As<Napi::Function>()),
                                  Napi::Persistent(info[3].As<Napi::Function>())};
  using A = Async<DeviceResult>;
  if (!bad.empty()) {
    // WebGPU: an unknown feature is a TypeError, an unknown limit an OperationError (index.js).
    auto def = Napi::Promise::Deferred::New(env);
    const std::string m = "requestDevice: " + bad;
    def.Reject(bad.rfind("unknown feature", 0) == 0 ? Napi::TypeError::New(env, m).Value() : Napi::Error::New(env, m).Value());
    delete cbs;
    return def.Promise();
  }
  return A::run(env,
      [adapter, features, limits, label, options, report, cbs](A::OpPtr* user) {
        WGPUDeviceDescriptor desc = WGPU_DEVICE_DESCRIPTOR_INIT;
        WGSLEmuDeviceOptions ext = WGSLEMU_DEVICE_OPTIONS_INIT;
        ext.options = view(options);
        ext.reportPath = view(report);
        desc.nextInChain = &ext.chain;
        desc.label = view(label);
        desc.requiredFeatureCount = features.size();
        desc.requiredFeatures = features.data();
        desc.requiredLimits = &limits;
        desc.deviceLostCallbackInfo.mode = WGPUCallbackMode_AllowSpontaneous;
        desc.deviceLostCallbackInfo.userdata1 = cbs;
        desc.deviceLostCallbackInfo.callback = [](WGPUDevice const*, WGPUDeviceLostReason reason, WGPUStringView m,
                                                  void* u, void*) {
          auto* c = static_cast<DeviceCallbacks*>(u);
          std::string message = text(m);
          const char* why = reason == WGPUDeviceLostReason_Destroyed ? "destroyed" : "unknown";
          worker().deliver(
              [c, why, message](Env env) {
                c->onLost.Call({Napi::String::New(env, why), Napi::String::New(env, message)});
                delete c;
              },
              false);
        };
        desc.uncapturedErrorCallbackInfo.userdata1 = cbs;
        desc.uncapturedErrorCallbackInfo.callback = [](WGPUDevice const*, WGPUErrorType type, WGPUStringView m,
                                                       void* u, void*) {
          auto* c = static_cast<DeviceCallbacks*>(u);
          std::string message = text(m);
          worker().deliver(
              [c, type, message](Env env) {
                c->onError.Call({Napi::Number::New(env, type), Napi::String::New(env, message)});
              },
              false);
        };
        WGPURequestDeviceCallbackInfo ci = WGPU_REQUEST_DEVICE_CALLBACK_INFO_INIT;
        ci.mode = WGPUCallbackMode_AllowSpontaneous;
        ci.userdata1 = user;
        ci.userdata2 = cbs;
        ci.callback = [](WGPURequestDeviceStatus status, WGPUDevice dev, WGPUStringView m, void* u, void* u2) {
          auto& res = A::result(u);
          if (status == WGPURequestDeviceStatus_Success && dev) {
            res.device = WGSLEMU_REF(Device);
            res.device->h = dev;
            res.queue = WGSLEMU_REF(Queue);
            res.queue->h = wgpuDeviceGetQueue(dev);
            WGPUSupportedFeatures f = WGPU_SUPPORTED_FEATURES_INIT;
            wgpuDeviceGetFeatures(dev, &f);
            readFeatures(f, res.facts);
            wgpuSupportedFeaturesFreeMembers(f);
            wgpuDeviceGetLimits(dev, &res.facts.limits);
            WGPUAdapterInfo ai = WGPU_ADAPTER_INFO_INIT;
            if (wgpuDeviceGetAdapterInfo(dev, &ai) == WGPUStatus_Success) readInfo(ai, res.facts);
          } else {
            res.error = text(m);
            auto* c = static_cast<DeviceCallbacks*>(u2);  // no device: no lost callback will come
            worker().deliver([c](Env) { delete c; }, false);
          }
          A::finish(u);
        };
        return wgpuAdapterRequestDevice(as<WGPUAdapter>(adapter), &desc, ci);
      });
}

Value PushErrorScope(const CallbackInfo& info) {
  Ref dev = unwrap(info[0]);
  const uint32_t filter = u32(info[1]);
  worker().post([dev, filter] { wgpuDevicePushErrorScope(as<WGPUDevice>(dev), static_cast<WGPUErrorFilter>(filter)); });
  return info.Env().Undefined();
}


Value PopErrorScope(const CallbackInfo& info) {
  Ref dev = unwrap(info[0]);
  using A = Async<ScopeResult>;
  return A::run(info.Env(),
      [dev](A::OpPtr* user) {
        WGPUPopErrorScopeCallbackInfo ci = WGPU_POP_ERROR_SCOPE_CALLBACK_INFO_INIT;
        ci.mode = WGPUCallbackMode_AllowSpontaneous;
        ci.userdata1 = user;
        ci.callback = [](WGPUPopErrorScopeStatus s, WGPUErrorType t, WGPUStringView m, void* u, void*) {
          auto& r = A::result(u);
          r.status = s;
          r.type = t;
          r.message = text(m);
          A::finish(u);
        };
        return wgpuDevicePopErrorScope(as<WGPUDevice>(dev), ci);
      });
}

Value DestroyDevice(const CallbackInfo& info) {
  Ref dev = unwrap(info[0]);
  worker().post([dev] { wgpuDeviceDestroy(as<WGPUDevice>(dev)); });
  return info.Env().Undefined();
}

// ---- creation ------------------------------------------------------------------------------

Value CreateBuffer(const CallbackInfo& info) {
  Ref dev = unwrap(info[0]);
  Ref r = WGSLEMU_REF(Buffer);
  WGPUBufferDescriptor d = WGPU_BUFFER_DESCRIPTOR_INIT;
  d.size = u64(field(info[1], "size"));
  d.usage = static_cast<WGPUBufferUsage>(num(info[1], "usage"));
  d.mappedAtCreation = field(info[1], "mappedAtCreation").ToBoolean();
  const std::string label = str(info[1], "label");
  worker().post([dev, r, d, label]() mutable {
    d.label = view(label);
    r->h = wgpuDeviceCreateBuffer(as<WGPUDevice>(dev), &d);
  });
  return wrap(info.Env(), r);
}

Value CreateShaderModule(const CallbackInfo& info) {
  Ref dev = unwrap(info[0]);
  Ref r = WGSLEMU_REF(ShaderModule);
  const std::string label = str(info[1], "label"), code = str(info[1], "code");
  worker().post([dev, r, label, code] {
    WGPUShaderSourceWGSL src = WGPU_SHADER_SOURCE_WGSL_INIT;
    src.code = view(code);
    WGPUShaderModuleDescriptor d = WGPU_SHADER_MODULE_DESCRIPTOR_INIT;
    d.nextInChain = &src.chain;
    d.label = view(label);
    r->h = wgpuDeviceCreateShaderModule(as<WGPUDevice>(dev), &d);
  });
  return wrap(info.Env(), r);
}


Value GetCompilationInfo(const CallbackInfo& info) {
  Ref mod = unwrap(info[0]);
  using A = Async<CompilationResult>;
  return A::run(info.Env(),
      [mod](A::OpPtr* user) {
        WGPUCompilationInfoCallbackInfo ci = WGPU_COMPILATION_INFO_CALLBACK_INFO_INIT;
        ci.mode = WGPUCallbackMode_AllowSpontaneous;
        ci.userdata1 = user;
        ci.callback = [](WGPUCompilationInfoRequestStatus, WGPUCompilationInfo const* c, void* u, void*) {
          auto& r = A::result(u);
          for (size_t i = 0; c && i < c->messageCount; ++i) {
            const WGPUCompilationMessage& m = c->messages[i];
            r.messages.push_back({text(m.message), m.type, m.lineNum, m.linePos, m.offset, m.length});
          }
          A::finish(u);
        };
        return wgpuShaderModuleGetCompilationInfo(as<WGPUShaderModule>(mod), ci);
      });
}

Value CreateBindGroupLayout(const CallbackInfo& info) {
  Ref dev = unwrap(info[0]);
  Ref r = WGSLEMU_REF(BindGroupLayout);
  const std::string label = str(info[1], "label");
  std::vector<WGPUBindGroupLayoutEntry> entries;
  Napi::Array list = array(field(info[1], "entries"));
  for (uint32_t i = 0; i < list.Length(); ++i) {
    Napi::Value e = list.Get(i);
    WGPUBindGroupLayoutEntry x = WGPU_BIND_GROUP_LAYOUT_ENTRY_INIT;
    x.binding = u32(field(e, "binding"));
    x.visibility = static_cast<WGPUShaderStage>(num(e, "visibility"));
    if (has(e, "buffer")) {
      Napi::Value b = field(e, "buffer");
      const std::string t = str(b, "type");
      x.buffer.type = t == "storage"             ? WGPUBufferBindingType_Storage
                      : t == "read-only-storage" ? WGPUBufferBindingType_ReadOnlyStorage
                                                 : WGPUBufferBindingType_Uniform;
      x.buffer.hasDynamicOffset = field(b, "hasDynamicOffset").ToBoolean();
      x.buffer.minBindingSize = u64(field(b, "minBindingSize"));
    }
    if (has(e, "sampler")) x.sampler.type = WGPUSamplerBindingType_Filtering;
    if (has(e, "texture")) {
      x.texture.sampleType = WGPUTextureSampleType_Float;
      x.texture.viewDimension = WGPUTextureViewDimension_2D;
    }
    if (has(e, "storageTexture")) x.storageTexture.access = WGPUStorageTextureAccess_WriteOnly;
    entries.push_back(x);
  }
  worker().post([dev, r, label, entries] {
    WGPUBindGroupLayoutDescriptor d = WGPU_BIND_GROUP_LAYOUT_DESCRIPTOR_INIT;
    d.label = view(label);
    d.entryCount = entries.size();
    d.entries = entries.data();
    r->h = wgpuDeviceCreateBindGroupLayout(as<WGPUDevice>(dev), &d);
  });
  return wrap(info.Env(), r);
}

Value CreatePipelineLayout(const CallbackInfo& info) {
  Ref dev = unwrap(info[0]);
  Ref r = WGSLEMU_REF(PipelineLayout);
  const std::string label = str(info[1], "label");
  std::vector<Ref> groups;
  Napi::Array list = array(field(info[1], "bindGroupLayouts"));
  for (uint32_t i = 0; i < list.Length(); ++i) groups.push_back(unwrap(list.Get(i)));
  worker().post([dev, r, label, groups] {
    std::vector<WGPUBindGroupLayout> hs;
    for (const Ref& g : groups) hs.push_back(as<WGPUBindGroupLayout>(g));
    WGPUPipelineLayoutDescriptor d = WGPU_PIPELINE_LAYOUT_DESCRIPTOR_INIT;
    d.label = view(label);
    d.bindGroupLayoutCount = hs.size();
    d.bindGroupLayouts = hs.data();
    r->h = wgpuDeviceCreatePipelineLayout(as<WGPUDevice>(dev), &d);
  });
  return wrap(info.Env(), r);
}

// A compute pipeline descriptor, owned until the call runs.
struct PipelineDesc {
  std::string label, entry;
  bool has_entry = false;
  Ref layout, module;
  std::vector<std::string> keys;
  std::vector<double> values;
  std::vector<WGPUConstantEntry> constants;
  WGPUComputePipelineDescriptor get() {
    WGPUComputePipelineDescriptor d = WGPU_COMPUTE_PIPELINE_DESCRIPTOR_INIT;
    d.label = view(label);
    d.layout = as<WGPUPipelineLayout>(layout);
    d.compute.module = as<WGPUShaderModule>(module);
    if (has_entry) d.compute.entryPoint = view(entry);
    constants.clear();
    for (size_t i = 0; i < keys.size(); ++i) {
      WGPUConstantEntry c = WGPU_CONSTANT_ENTRY_INIT;
      c.key = view(keys[i]);
      c.value = values[i];
      constants.push_back(c);
    }
    d.compute.constantCount = constants.size();
    d.compute.constants = constants.data();
    return d;
  }
};

std::shared_ptr<PipelineDesc> pipelineDesc(const Napi::Value& v) {
  auto p = std::make_shared<PipelineDesc>();
  p->label = str(v, "label");
  p->layout = ref(v, "layout");
  Napi::Value c = field(v, "compute");
  p->module = ref(c, "module");
  p->has_entry = has(c, "entryPoint");
  p->entry = str(c, "entryPoint");
  Napi::Value k = field(c, "constants");
  if (k.IsObject()) {
    Napi::Array keys = k.As<Napi::Object>().GetPropertyNames();
    for (uint32_t i = 0; i < keys.Length(); ++i) {
      std::string key = keys.Get(i).ToString().Utf8Value();
      p->keys.push_back(key);
      p->values.push_back(k.As<Napi::Object>().Get(key).ToNumber().DoubleValue());
    }
  }
  return p;
}

Value CreateComputePipeline(const CallbackInfo& info) {
  Ref dev = unwrap(info[0]);
  Ref r = WGSLEMU_REF(ComputePipeline);
  auto p = pipelineDesc(info[1]);
  worker().post([dev, r, p] {
    WGPUComputePipelineDescriptor d = p->get();
    r->h = wgpuDeviceCreateComputePipeline(as<WGPUDevice>(dev), &d);
  });
  return wrap(info.Env(), r);
}


Value CreateComputePipelineAsync(const CallbackInfo& info) {
  Ref dev = unwrap(info[0]);
  auto p = pipelineDesc(info[1]);
  using A = Async<PipelineResult>;
  return A::run(info.Env(),
      [dev, p](A::OpPtr* user) {
        WGPUComputePipelineDescriptor d = p->get();
        WGPUCreateComputePipelineAsyncCallbackInfo ci = WGPU_CREATE_COMPUTE_PIPELINE_ASYNC_CALLBACK_INFO_INIT;
        ci.mode = WGPUCallbackMode_AllowSpontaneous;
        ci.userdata1 = user;
        ci.callback = [](WGPUCreatePipelineAsyncStatus s, WGPUComputePipeline pipe, WGPUStringView m, void* u, void*) {
          auto& r = A::result(u);
          r.status = s;
          r.message = text(m);
          if (pipe) {
            r.pipeline = WGSLEMU_REF(ComputePipeline);
            r.pipeline->h = pipe;
          }
          A::finish(u);
        };
        return wgpuDeviceCreateComputePipelineAsync(as<WGPUDevice>(dev), &d, ci);
      });
}

Value GetBindGroupLayout(const CallbackInfo& info) {
  Ref pipe = unwrap(info[0]);
  const uint32_t index = u32(info[1]);
  Ref r = WGSLEMU_REF(BindGroupLayout);
  worker().post([pipe, r, index] { r->h = wgpuComputePipelineGetBindGroupLayout(as<WGPUComputePipeline>(pipe), index); });
  return wrap(info.Env(), r);
}

Value CreateBindGroup(const CallbackInfo& info) {
  Ref dev = unwrap(info[0]);
  Ref r = WGSLEMU_REF(BindGroup);
  const std::string label = str(info[1], "label");
  Ref layout = ref(info[1], "layout");
  struct Entry {
    uint32_t binding;
    Ref buffer, other;
    bool sampler;
    uint64_t offset, size;
  };
  std::vector<Entry> entries;
  Napi::Array list = array(field(info[1], "entries"));
  for (uint32_t i = 0; i < list.Length(); ++i) {
    Napi::Value e = list.Get(i);
    entries.push_back({u32(field(e, "binding")), ref(e, "buffer"), ref(e, "other"),
                       field(e, "isSampler").ToBoolean(), u64(field(e, "offset")),
                       u64(field(e, "size"), WGPU_WHOLE_SIZE)});
  }
  worker().post([dev, r, label, layout, entries] {
    std::vector<WGPUBindGroupEntry> es;
    for (const Entry& e : entries) {
      WGPUBindGroupEntry x = WGPU_BIND_GROUP_ENTRY_INIT;
      x.binding = e.binding;
      x.buffer = as<WGPUBuffer>(e.buffer);
      x.offset = e.offset;
      x.size = e.size;
      if (e.other && e.sampler) x.sampler = as<WGPUSampler>(e.other);
      else if (e.other) x.textureView = as<WGPUTextureView>(e.other);
      es.push_back(x);
    }
    WGPUBindGroupDescriptor d = WGPU_BIND_GROUP_DESCRIPTOR_INIT;
    d.label = view(label);
    d.layout = as<WGPUBindGroupLayout>(layout);
    d.entryCount = es.size();
    d.entries = es.data();
    r->h = wgpuDeviceCreateBindGroup(as<WGPUDevice>(dev), &d);
  });
  return wrap(info.Env(), r);
}

// The entry points outside the compute subset (creating textures, samplers, render pipelines,
// query sets; render passes, texture copies), called by name through wgpuGetProcAddress on their
// object with empty arguments: the C API reports that wgslemu executes compute only. Returns an
// empty slot (such objects are invalid).
Value Unsupported(const CallbackInfo& info) {
  Ref obj = unwrap(info[0]);
  const std::string fn = info[1].ToString().Utf8Value();
  worker().post([obj, fn] {
    // Every such entry point takes at most six arguments, an object handle first; all are unused.
    using Entry = void* (*)(void*, const void*, const void*, size_t, const void*, const void*);
    alignas(16) static const unsigned char zero[1024] = {};
    if (auto proc = reinterpret_cast<Entry>(wgpuGetProcAddress(view(fn))))
      proc(obj ? obj->h : nullptr, zero, zero, 0, zero, zero);
  });
  return wrap(info.Env(), std::make_shared<Handle>());
}

// ---- commands ------------------------------------------------------------------------------

Value CreateCommandEncoder(const CallbackInfo& info) {
  Ref dev = unwrap(info[0]);
  Ref r = WGSLEMU_REF(CommandEncoder);
  const std::string label = str(info[1], "label");
  worker().post([dev, r, label] {
    WGPUCommandEncoderDescriptor d = WGPU_COMMAND_ENCODER_DESCRIPTOR_INIT;
    d.label = view(label);
    r->h = wgpuDeviceCreateCommandEncoder(as<WGPUDevice>(dev), &d);
  });
  return wrap(info.Env(), r);
}

Value BeginComputePass(const CallbackInfo& info) {
  Ref enc = unwrap(info[0]);
  Ref r = WGSLEMU_REF(ComputePassEncoder);
  const std::string label = str(info[1], "label");
  worker().post([enc, r, label] {
    WGPUComputePassDescriptor d = WGPU_COMPUTE_PASS_DESCRIPTOR_INIT;
    d.label = view(label);
    r->h = wgpuCommandEncoderBeginComputePass(as<WGPUCommandEncoder>(enc), &d);
  });
  return wrap(info.Env(), r);
}

Value CopyBufferToBuffer(const CallbackInfo& info) {
  Ref enc = unwrap(info[0]), src = unwrap(info[1]), dst = unwrap(info[3]);
  const uint64_t so = u64(info[2]), dof = u64(info[4]), size = u64(info[5]);
  worker().post([=] {
    wgpuCommandEncoderCopyBufferToBuffer(as<WGPUCommandEncoder>(enc), as<WGPUBuffer>(src), so,
                                         as<WGPUBuffer>(dst), dof, size);
  });
  return info.Env().Undefined();
}

Value ClearBuffer(const CallbackInfo& info) {
  Ref enc = unwrap(info[0]), b = unwrap(info[1]);
  const uint64_t off = u64(info[2]), size = u64(info[3], WGPU_WHOLE_SIZE);
  worker().post([=] {
    wgpuCommandEncoderClearBuffer(as<WGPUCommandEncoder>(enc), as<WGPUBuffer>(b), off, size);
  });
  return info.Env().Undefined();
}

Value Finish(const CallbackInfo& info) {
  Ref enc = unwrap(info[0]);
  Ref r = WGSLEMU_REF(CommandBuffer);
  const std::string label = str(info[1], "label");
  worker().post([enc, r, label] {
    WGPUCommandBufferDescriptor d = WGPU_COMMAND_BUFFER_DESCRIPTOR_INIT;
    d.label = view(label);
    r->h = wgpuCommandEncoderFinish(as<WGPUCommandEncoder>(enc), &d);
  });
  return wrap(info.Env(), r);
}

// Debug groups and markers on encoders (kind 0) and compute passes (kind 1): 0 push, 1 pop, 2 marker.
Value Debug(const CallbackInfo& info) {
  Ref o = unwrap(info[0]);
  const uint32_t kind = u32(info[1]), what = u32(info[2]);
  const std::string label = info[3].IsString() ? info[3].As<Napi::String>().Utf8Value() : std::string();
  worker().post([o, kind, what, label] {
    if (kind == 0) {
      auto e = as<WGPUCommandEncoder>(o);
      if (what == 0) wgpuCommandEncoderPushDebugGroup(e, view(label));
      else if (what == 1) wgpuCommandEncoderPopDebugGroup(e);
      else wgpuCommandEncoderInsertDebugMarker(e, view(label));
    } else {
      auto p = as<WGPUComputePassEncoder>(o);
      if (what == 0) wgpuComputePassEncoderPushDebugGroup(p, view(label));
      else if (what == 1) wgpuComputePassEncoderPopDebugGroup(p);
      else wgpuComputePassEncoderInsertDebugMarker(p, view(label));
    }
  });
  return info.Env().Undefined();
}

Value SetPipeline(const CallbackInfo& info) {
  Ref pass = unwrap(info[0]), pipe = unwrap(info[1]);
  worker().post([pass, pipe] {
    wgpuComputePassEncoderSetPipeline(as<WGPUComputePassEncoder>(pass), as<WGPUComputePipeline>(pipe));
  });
  return info.Env().Undefined();
}

Value SetBindGroup(const CallbackInfo& info) {
  Ref pass = unwrap(info[0]), group = unwrap(info[2]);
  const uint32_t index = u32(info[1]);
  std::vector<uint32_t> offsets;
  Napi::Array list = array(info[3]);
  for (uint32_t i = 0; i < list.Length(); ++i) offsets.push_back(u32(list.Get(i)));
  worker().post([pass, group, index, offsets] {
    wgpuComputePassEncoderSetBindGroup(as<WGPUComputePassEncoder>(pass), index,
                                       as<WGPUBindGroup>(group), offsets.size(), offsets.data());
  });
  return info.Env().Undefined();
}

Value Dispatch(const CallbackInfo& info) {
  Ref pass = unwrap(info[0]);
  const uint32_t x = u32(info[1]), y = u32(info[2], 1), z = u32(info[3], 1);
  worker().post([=] { wgpuComputePassEncoderDispatchWorkgroups(as<WGPUComputePassEncoder>(pass), x, y, z); });
  return info.Env().Undefined();
}

Value DispatchIndirect(const CallbackInfo& info) {
  Ref pass = unwrap(info[0]), b = unwrap(info[1]);
  const uint64_t off = u64(info[2]);
  worker().post([=] {
    wgpuComputePassEncoderDispatchWorkgroupsIndirect(as<WGPUComputePassEncoder>(pass),
                                                     as<WGPUBuffer>(b), off);
  });
  return info.Env().Undefined();
}

Value End(const CallbackInfo& info) {
  Ref pass = unwrap(info[0]);
  worker().post([pass] { wgpuComputePassEncoderEnd(as<WGPUComputePassEncoder>(pass)); });
  return info.Env().Undefined();
}

// ---- queue ---------------------------------------------------------------------------------

Value Submit(const CallbackInfo& info) {
  Ref q = unwrap(info[0]);
  std::vector<Ref> cbs;
  Napi::Array list = array(info[1]);
  for (uint32_t i = 0; i < list.Length(); ++i) cbs.push_back(unwrap(list.Get(i)));
  worker().post([q, cbs] {
    std::vector<WGPUCommandBuffer> hs;
    for (const Ref& c : cbs) hs.push_back(as<WGPUCommandBuffer>(c));
    wgpuQueueSubmit(as<WGPUQueue>(q), hs.size(), hs.data());
  });
  return info.Env().Undefined();
}

Value WriteBuffer(const CallbackInfo& info) {
  Ref q = unwrap(info[0]), b = unwrap(info[1]);
  const uint64_t off = u64(info[2]);
  Napi::Uint8Array data = info[3].As<Napi::Uint8Array>();
  std::vector<uint8_t> bytes(data.Data(), data.Data() + data.ByteLength());
  worker().post([q, b, off, bytes] {
    wgpuQueueWriteBuffer(as<WGPUQueue>(q), as<WGPUBuffer>(b), off, bytes.data(), bytes.size());
  });
  return info.Env().Undefined();
}

Value OnSubmittedWorkDone(const CallbackInfo& info) {
  Ref q = unwrap(info[0]);
  using A = Async<WorkDoneResult>;
  return A::run(info.Env(),
      [q](A::OpPtr* user) {
        WGPUQueueWorkDoneCallbackInfo ci = WGPU_QUEUE_WORK_DONE_CALLBACK_INFO_INIT;
        ci.mode = WGPUCallbackMode_AllowSpontaneous;
        ci.userdata1 = user;
        ci.callback = [](WGPUQueueWorkDoneStatus s, WGPUStringView, void* u, void*) {
          A::result(u).status = s;
          A::finish(u);
        };
        return wgpuQueueOnSubmittedWorkDone(as<WGPUQueue>(q), ci);
      });
}

// ---- buffers -------------------------------------------------------------------------------


Value MapAsync(const CallbackInfo& info) {
  Ref b = unwrap(info[0]);
  const uint32_t mode = u32(info[1]);
  const uint64_t off = u64(info[2]), size = u64(info[3], WGPU_WHOLE_MAP_SIZE);
  using A = Async<MapResult>;
  return A::run(info.Env(),
      [b, mode, off, size](A::OpPtr* user) {
        WGPUBufferMapCallbackInfo ci = WGPU_BUFFER_MAP_CALLBACK_INFO_INIT;
        ci.mode = WGPUCallbackMode_AllowSpontaneous;
        ci.userdata1 = user;
        ci.callback = [](WGPUMapAsyncStatus s, WGPUStringView m, void* u, void*) {
          auto& r = A::result(u);
          r.status = s;
          r.message = text(m);
          A::finish(u);
        };
        return wgpuBufferMapAsync(as<WGPUBuffer>(b), static_cast<WGPUMapMode>(mode), static_cast<size_t>(off),
                                  static_cast<size_t>(size), ci);
      });
}

// Waits for the queue (the mapping must have happened), then gives the range: for a write
// mapping an ArrayBuffer over the buffer's memory, for a read mapping a copy. null: refused.
Value GetMappedRange(const CallbackInfo& info) {
  Env env = info.Env();
  Ref b = unwrap(info[0]);
  const uint64_t off = u64(info[1]), size = u64(info[2]);
  const bool write = info[3].ToBoolean();
  void* p = nullptr;
  bool ok = false;
  std::vector<uint8_t> copy;
  worker().call([&] {
    if (write) {
      p = wgpuBufferGetMappedRange(as<WGPUBuffer>(b), off, size);
      ok = p != nullptr;
    } else if (const void* c = wgpuBufferGetConstMappedRange(as<WGPUBuffer>(b), off, size)) {
      copy.assign(static_cast<const uint8_t*>(c), static_cast<const uint8_t*>(c) + size);
      ok = true;
    }
  });
  if (!ok) return env.Null();
  if (!write) {
    Napi::ArrayBuffer ab = Napi::ArrayBuffer::New(env, copy.size());
    if (!copy.empty()) std::memcpy(ab.Data(), copy.data(), copy.size());
    return ab;
  }
  // The ArrayBuffer keeps the buffer alive; unmap detaches it first (index.js).
  auto* keep = new Ref(b);
  return Napi::ArrayBuffer::New(env, p, size, [](Env, void*, Ref* k) { delete k; }, keep);
}

Value Detach(const CallbackInfo& info) {
  if (info[0].IsArrayBuffer()) {
    Napi::ArrayBuffer ab = info[0].As<Napi::ArrayBuffer>();
    if (!ab.IsDetached()) ab.Detach();
  }
  return info.Env().Undefined();
}

Value Unmap(const CallbackInfo& info) {
  Ref b = unwrap(info[0]);
  worker().post([b] { wgpuBufferUnmap(as<WGPUBuffer>(b)); });
  return info.Env().Undefined();
}

Value DestroyBuffer(const CallbackInfo& info) {
  Ref b = unwrap(info[0]);
  worker().post([b] { wgpuBufferDestroy(as<WGPUBuffer>(b)); });
  return info.Env().Undefined();
}

Value MapState(const CallbackInfo& info) {
  Ref b = unwrap(info[0]);
  WGPUBufferMapState s = WGPUBufferMapState_Unmapped;
  worker().call([&] { s = wgpuBufferGetMapState(as<WGPUBuffer>(b)); });
  return Napi::String::New(info.Env(), s == WGPUBufferMapState_Mapped    ? "mapped"
                                       : s == WGPUBufferMapState_Pending ? "pending"
                                                                         : "unmapped");
}

Value SetLabel(const CallbackInfo& info) {
  Ref o = unwrap(info[0]);
  const std::string label = info[1].ToString().Utf8Value();
  if (o && o->setLabel) worker().post([o, label] { if (o->h) o->setLabel(o->h, view(label)); });
  return info.Env().Undefined();
}

// Settling the promises with plain results: the JS layer turns them into WebGPU objects.
void settle(Env env, Napi::Promise::Deferred& def, AdapterResult& r) {
  if (!r.adapter) return def.Resolve(env.Null());
  Napi::Object o = factsToJS(env, r.facts);
  o.Set("handle", wrap(env, r.adapter));
  def.Resolve(o);
}
void settle(Env env, Napi::Promise::Deferred& def, DeviceResult& r) {
  if (!r.device) return def.Reject(Napi::Error::New(env, r.error).Value());
  Napi::Object o = factsToJS(env, r.facts);
  o.Set("handle", wrap(env, r.device));
  o.Set("queue", wrap(env, r.queue));
  def.Resolve(o);
}
void settle(Env env, Napi::Promise::Deferred& def, ScopeResult& r) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("status", r.status);
  o.Set("type", r.type);
  o.Set("message", r.message);
  def.Resolve(o);
}
void settle(Env env, Napi::Promise::Deferred& def, PipelineResult& r) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("status", r.status);
  o.Set("message", r.message);
  o.Set("handle", r.pipeline ? wrap(env, r.pipeline) : env.Null());
  def.Resolve(o);
}
void settle(Env env, Napi::Promise::Deferred& def, WorkDoneResult& r) { def.Resolve(Napi::Number::New(env, r.status)); }
void settle(Env env, Napi::Promise::Deferred& def, CompilationResult& r) {
  Napi::Array out = Napi::Array::New(env);
  for (size_t i = 0; i < r.messages.size(); ++i) {
    const Message& m = r.messages[i];
    Napi::Object o = Napi::Object::New(env);
    o.Set("message", m.text);
    o.Set("type", m.type == WGPUCompilationMessageType_Error     ? "error"
                  : m.type == WGPUCompilationMessageType_Warning ? "warning"
                                                                 : "info");
    o.Set("lineNum", static_cast<double>(m.line));
    o.Set("linePos", static_cast<double>(m.pos));
    o.Set("offset", static_cast<double>(m.offset));
    o.Set("length", static_cast<double>(m.length));
    out.Set(i, o);
  }
  def.Resolve(out);
}
void settle(Env env, Napi::Promise::Deferred& def, MapResult& r) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("status", r.status);
  o.Set("message", r.message);
  def.Resolve(o);
}

Napi::Object Init(Env env, Napi::Object exports) {
  if (!worker().start(env)) {
    Napi::Error::New(env, "the wgslemu node binding serves one JS thread per process (it is loaded in another one)")
        .ThrowAsJavaScriptException();
    return exports;
  }
  const std::pair<const char*, Value (*)(const CallbackInfo&)> functions[] = {
      {"createInstance", CreateInstance},
      {"wgslLanguageFeatures", WGSLLanguageFeatures},
      {"requestAdapter", RequestAdapter},
      {"requestDevice", RequestDevice},
      {"pushErrorScope", PushErrorScope},
      {"popErrorScope", PopErrorScope},
      {"destroyDevice", DestroyDevice},
      {"createBuffer", CreateBuffer},
      {"createShaderModule", CreateShaderModule},
      {"getCompilationInfo", GetCompilationInfo},
      {"createBindGroupLayout", CreateBindGroupLayout},
      {"createPipelineLayout", CreatePipelineLayout},
      {"createComputePipeline", CreateComputePipeline},
      {"createComputePipelineAsync", CreateComputePipelineAsync},
      {"getBindGroupLayout", GetBindGroupLayout},
      {"createBindGroup", CreateBindGroup},
      {"unsupported", Unsupported},
      {"createCommandEncoder", CreateCommandEncoder},
      {"beginComputePass", BeginComputePass},
      {"copyBufferToBuffer", CopyBufferToBuffer},
      {"clearBuffer", ClearBuffer},
      {"finish", Finish},
      {"debug", Debug},
      {"setPipeline", SetPipeline},
      {"setBindGroup", SetBindGroup},
      {"dispatchWorkgroups", Dispatch},
      {"dispatchWorkgroupsIndirect", DispatchIndirect},
      {"end", End},
      {"submit", Submit},
      {"writeBuffer", WriteBuffer},
      {"onSubmittedWorkDone", OnSubmittedWorkDone},
      {"mapAsync", MapAsync},
      {"getMappedRange", GetMappedRange},
      {"detach", Detach},
      {"unmap", Unmap},
      {"destroyBuffer", DestroyBuffer},
      {"mapState", MapState},
      {"setLabel", SetLabel},
  };
  for (const auto& [name, fn] : functions) exports.Set(name, Napi::Function::New(env, fn, name));
  return exports;
}

}  // namespace
}  // namespace wgslemu::node

static Napi::Object InitModule(Napi::Env env, Napi::Object exports) { return wgslemu::node::Init(env, exports); }
NODE_API_MODULE(wgslemu_webgpu_node, InitModule)
