// The dispatch under a progress model. Adapts the engine's step-wise execution
// (interp/exec/stepper.h) to runtime/sched's schedulers, watchdog, hang reports and timelines,
// and implements the yield rule of the parallel fair path (interp/exec/fair_yield.h) with
// runtime/sched's YieldPolicy and FairWorkQueue.
#pragma once

#include <memory>
#include <string>

#include "interp/exec/dispatch.h"
#include "interp/exec/fair_yield.h"
#include "interp/sema/program.h"
#include "runtime/options/device_config.h"
#include "runtime/runtime.h"

namespace wgsl::runtime {

// Runs the dispatch step by step under the options' model. Fills the scheduling fields of
// `report` (and status Hang when the run hangs). Throws Error when the dispatch cannot run
// step-wise (too many workgroups, a schedule for another dispatch).
// `program` (optional) names memory in hang reports ("tile_state[3]", "state.lock").
exec::DispatchResult runStepwise(const exec::DispatchParams& params, const DeviceOptions& options,
                                 const DeviceConfig& config, Report& report, const sema::Program* program = nullptr);

// The yield rule of the parallel fair path, for DispatchParams::yielder.
std::unique_ptr<exec::FairYielder> makeFairYielder(const DeviceOptions& options, unsigned workers);

// After a dispatch on the parallel fair path: when the yielder's watchdog ended it (no workgroup
// made progress for the hang window), fills report.hang, hang_summary and steps.
void reportParallelHang(const exec::FairYielder& yielder, const exec::DispatchParams& params,
                        const exec::DispatchResult& result, const sema::Program* program, Report& report);

// The subgroup size of dispatch number `dispatch_index` (--subgroup-size=random:SEED).
uint32_t subgroupSizeFor(const DeviceOptions& options, uint64_t dispatch_index);

}  // namespace wgsl::runtime
