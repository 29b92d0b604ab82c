// How the parallel fair path stays strongly fair. Workers run whole workgroups on the
// fast interpreter; a workgroup that has run `long_run` instructions without returning is
// continued step by step (instrumented), and after each step the yielder decides whether its
// worker puts it aside (parks it) and takes other work. runtime/ implements this interface with
// runtime/sched's YieldPolicy (per worker) and FairWorkQueue (the parked workgroups, oldest
// first); interp/ does not depend on runtime/. The same steps feed the watchdog that ends a
// dispatch in which no workgroup makes progress (runtime/sched/parallel_watchdog.h).
#pragma once

#include <cstdint>

namespace wgsl::exec {

struct StepResult;

class FairYielder {
 public:
  virtual ~FairYielder() = default;
  // Instructions one workgroup runs on the fast path before it is watched step by step.
  uint64_t long_run = uint64_t{1} << 18;
  enum class Decision : uint8_t { Continue, Yield, Hang };
  // Worker `worker` (a task-arena slot) starts or resumes watching workgroup `wg`.
  virtual void watch(unsigned worker, uint64_t wg) = 0;
  // After each watched step that did not end the workgroup: go on, yield it now, or stop the
  // dispatch because no workgroup makes progress (the hang watchdog of the parallel path).
  virtual Decision afterStep(unsigned worker, const StepResult& step) = 0;
  // The watched workgroup of `worker` returned (or failed).
  virtual void returned(unsigned worker) = 0;
  // While some workgroup is watched: `worker` starts (running true) or ends running a workgroup
  // on the fast path (progress the watchdog cannot see in steps; while it runs, the worker holds
  // a workgroup that may release the others).
  virtual void fastPath(unsigned worker, bool running) = 0;
  // A yielded workgroup waits for a worker; take() gives the oldest one, if any.
  virtual void park(unsigned worker, uint64_t wg) = 0;
  virtual bool take(uint64_t& wg) = 0;
};

}  // namespace wgsl::exec
