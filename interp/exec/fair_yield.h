// Issue 7: how the parallel fair path stays strongly fair. Workers run whole workgroups on the
// fast interpreter; a workgroup that has run `long_run` instructions without returning is
// continued step by step (instrumented), and after each step the yielder decides whether its
// worker puts it aside (parks it) and takes other work. runtime/ implements this interface with
// runtime/sched's YieldPolicy (per worker) and FairWorkQueue (the parked workgroups, oldest
// first); interp/ does not depend on runtime/.
#pragma once

#include <cstdint>

namespace wgsl::exec {

struct StepResult;

class FairYielder {
 public:
  virtual ~FairYielder() = default;
  // Instructions one workgroup runs on the fast path before it is watched step by step.
  uint64_t long_run = uint64_t{1} << 18;
  // Worker `worker` (a task-arena slot) starts or resumes watching a workgroup.
  virtual void watch(unsigned worker) = 0;
  // After each watched step: true = yield the workgroup now.
  virtual bool yieldNow(unsigned worker, const StepResult& step) = 0;
  // A yielded workgroup waits for a worker; take() gives the oldest one, if any.
  virtual void park(uint64_t wg) = 0;
  virtual bool take(uint64_t& wg) = 0;
};

}  // namespace wgsl::exec
