// A webgpu.h handle as JavaScript holds it: a shared slot that the worker fills when the
// creating call runs, released on the worker when the last owner (the JS wrapper, a pending
// task, a mapped ArrayBuffer) lets go.
#pragma once

#include <napi.h>
#include <webgpu/webgpu.h>

#include <memory>

#include "worker.h"

namespace wgslemu::node {

struct Handle {
  void* h = nullptr;
  void (*release)(void*) = nullptr;
  void (*setLabel)(void*, WGPUStringView) = nullptr;
  Handle() = default;
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  ~Handle() {
    if (!h || !release) return;
    if (Worker::get().onWorker()) {
      release(h);
    } else {
      auto r = release;
      void* p = h;
      Worker::get().post([r, p] { r(p); }, false);
    }
  }
  template <typename T>
  T as() const {
    return static_cast<T>(h);
  }
};
using Ref = std::shared_ptr<Handle>;

template <typename T, void (*Release)(T), void (*SetLabel)(T, WGPUStringView)>
Ref makeRef() {
  auto r = std::make_shared<Handle>();
  r->release = [](void* p) { Release(static_cast<T>(p)); };
  r->setLabel = [](void* p, WGPUStringView s) { SetLabel(static_cast<T>(p), s); };
  return r;
}
#define WGSLEMU_REF(T) ::wgslemu::node::makeRef<WGPU##T, wgpu##T##Release, wgpu##T##SetLabel>()

// JS side: an External owning one reference.
inline Napi::Value wrap(Napi::Env env, Ref r) {
  return Napi::External<Ref>::New(env, new Ref(std::move(r)), [](Napi::Env, Ref* p) { delete p; });
}
inline Ref unwrap(const Napi::Value& v) {
  if (!v.IsExternal()) return nullptr;
  return *v.As<Napi::External<Ref>>().Data();
}

}  // namespace wgslemu::node
