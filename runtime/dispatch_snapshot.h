// Snapshots of a step-wise dispatch for a debugger's reverse execution (exec::DispatchSnapshot):
// at every scheduling-step boundary the debugger may take one (the engine with its workgroups and
// checks, the scheduler, the watchdog and hang detector, the scheduling loop's own state, the
// bound memory); when it hands one back for a dispatch that begins (in a later run of the same
// spec, started at the same pass), the dispatch goes on from there instead of starting.
#pragma once

#include <memory>

#include "interp/exec/stepper.h"
#include "runtime/sched/driver.h"
#include "runtime/sched/timeline.h"

namespace wgsl::runtime {

// The parts of a step-wise dispatch a snapshot holds (runtime/sched_dispatch.cpp's runStepwise).
struct StepwiseParts {
  const exec::DispatchParams& params;
  exec::StepEngine& engine;
  std::unique_ptr<sched::Scheduler>& scheduler;
  sched::Watchdog& watchdog;
  sched::SubgroupTrace& subgroup_trace;
  bool& failed;
};

// Connects `debug` to the dispatch: sets dopts.boundary (the debugger's stepBoundary may take a
// snapshot there) and, when debug.resumeFrom() hands back a snapshot, restores the parts from it
// and points dopts.resume at its loop state. Returns that snapshot (keep it while drive runs).
// Throws Error when the snapshot is not of this dispatch.
std::shared_ptr<const exec::DispatchSnapshot> connectSnapshots(exec::DebugHook& debug, const StepwiseParts& parts,
                                                               sched::DriveOptions& dopts);

}  // namespace wgsl::runtime
