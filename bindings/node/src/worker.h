// The thread that makes every webgpu.h call of the addon, and the way its results get back to
// JavaScript.
//
// webgpu.h objects must be used by one thread at a time and error scopes belong to the thread
// that pushes them, while wgpuQueueSubmit runs the dispatches before it returns. So no C API call
// is made on the JS thread: each JS method posts its call here, in program order, and returns at
// once (handles are filled in when the call runs, before any later call that uses them). Only
// the few methods that must answer synchronously with C API data (getMappedRange) wait for the
// queue. Callbacks run with WGPUCallbackMode_AllowSpontaneous on this thread and hand their
// result to the JS thread through one thread-safe function, which keeps node's event loop alive
// only while a promise is pending.
#pragma once

#include <napi.h>

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

namespace wgslemu::node {

class Worker {
 public:
  using Task = std::function<void()>;
  using Delivery = std::function<void(Napi::Env)>;

  static Worker& get();
  // Once per process, from the JS thread that loads the addon first; false for another thread
  // (worker_threads): the binding serves one JS thread per process.
  bool start(Napi::Env env);

  // Runs `task` on the worker, after every earlier task. While tasks posted from JS are queued or
  // running, node's event loop stays alive (their callbacks may still come); `keepAlive` false is
  // for releases from finalizers.
  void post(Task task, bool keepAlive = true);
  void call(const Task& task);              // the same, and waits for it
  bool onWorker() const { return std::this_thread::get_id() == thread_.get_id(); }

  // From the worker: runs `d` on the JS thread. `settles` marks the end of one pending operation
  // (see pending()).
  void deliver(Delivery d, bool settles = true);
  // On the JS thread: one more operation whose result will come back with deliver(settles).
  void pending(Napi::Env env);

 private:
  void loop();
  void stop();
  std::mutex mutex_;
  std::condition_variable wake_, idle_;
  void idle(uint64_t completed);  // JS thread: the worker finished `completed` kept-alive tasks
  std::deque<std::pair<Task, bool>> tasks_;
  uint64_t completed_ = 0;  // worker: kept-alive tasks done
  uint64_t posted_ = 0;     // JS thread: kept-alive tasks posted
  bool busy_ref_ = false;   // JS thread: the worker's queue holds the loop alive
  napi_env env_ = nullptr;
  bool busy_ = false, stopping_ = false, started_ = false;
  std::thread thread_;
  Napi::ThreadSafeFunction tsfn_;
  int pending_ = 0;  // JS thread only
};

}  // namespace wgslemu::node
