#include "worker.h"

namespace wgslemu::node {

Worker& Worker::get() {
  static Worker* w = new Worker();  // never destroyed: the env cleanup hook stops the thread
  return *w;
}

bool Worker::start(Napi::Env env) {
  if (started_) return env_ == static_cast<napi_env>(env);
  started_ = true;
  env_ = env;
  tsfn_ = Napi::ThreadSafeFunction::New(env, Napi::Function(), "wgslemu", 0, 1);
  tsfn_.Unref(env);
  thread_ = std::thread([this] { loop(); });
  napi_add_env_cleanup_hook(env, [](void* self) { static_cast<Worker*>(self)->stop(); }, this);
  return true;
}

void Worker::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
  tsfn_.Release();
}

void Worker::loop() {
  for (;;) {
    Task task;
    bool counted = false;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !tasks_.empty(); });
      if (tasks_.empty()) return;  // stopping, nothing left
      task = std::move(tasks_.front().first);
      counted = tasks_.front().second;
      tasks_.pop_front();
      busy_ = true;
    }
    task();
    bool drained;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      busy_ = false;
      if (counted) ++completed_;
      drained = tasks_.empty();
    }
    if (drained) {
      const uint64_t n = completed_;
      deliver([this, n](Napi::Env) { idle(n); }, false);
    }
  }
}

void Worker::post(Task task, bool keepAlive) {
  if (onWorker()) {  // from a callback on the worker: keep the order, run after the current task
    std::lock_guard<std::mutex> lock(mutex_);
    tasks_.emplace_back(std::move(task), false);
    return;
  }
  if (keepAlive) {
    ++posted_;
    if (!busy_ref_) {
      busy_ref_ = true;
      pending(Napi::Env(env_));
    }
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    tasks_.emplace_back(std::move(task), keepAlive);
  }
  wake_.notify_one();
}

void Worker::idle(uint64_t completed) {
  if (!busy_ref_ || completed != posted_) return;  // more was posted since: a later idle() comes
  busy_ref_ = false;
  if (--pending_ == 0) tsfn_.Unref(Napi::Env(env_));
}

void Worker::call(const Task& task) {
  bool done = false;
  std::mutex m;
  std::condition_variable cv;
  post([&] {
    task();
    std::lock_guard<std::mutex> lock(m);
    done = true;
    cv.notify_one();
  });
  std::unique_lock<std::mutex> lock(m);
  cv.wait(lock, [&] { return done; });
}

void Worker::deliver(Delivery d, bool settles) {
  auto* data = new Delivery(std::move(d));
  auto run = [this, settles](Napi::Env env, Napi::Function, Delivery* p) {
    std::unique_ptr<Delivery> own(p);
    if (!env) return;  // the environment is going away
    if (settles && --pending_ == 0) tsfn_.Unref(env);
    {
      Napi::HandleScope scope(env);
      try {
        (*own)(env);
      } catch (const Napi::Error& e) {
        e.ThrowAsJavaScriptException();
      }
    }
  };
  if (tsfn_.NonBlockingCall(data, run) != napi_ok) delete data;
}

void Worker::pending(Napi::Env env) {
  if (pending_++ == 0) tsfn_.Ref(env);
}

}  // namespace wgslemu::node
