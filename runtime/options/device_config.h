// DeviceOptions parsed once, at device creation, into the typed values the engine, the
// schedulers and the checks run on. The Device keeps one DeviceConfig; dispatch, the step-wise
// loop and EngineChecks read it and never parse an option string again.
#pragma once

#include <cstdint>
#include <vector>

#include "interp/exec/stepper.h"
#include "interp/math/float_modes.h"
#include "runtime/checks/fault_injection.h"
#include "runtime/checks/oob_policy.h"
#include "runtime/runtime.h"
#include "runtime/sched/schedule_file.h"
#include "runtime/sched/scheduler.h"

namespace wgsl::runtime {

struct DeviceConfig {
  // The progress model: scheduler, seed, admission and occupancy, or an explicit schedule
  // (Model::Replay). Occupancy 0 (all workgroups) is resolved per dispatch.
  sched::SchedulerConfig scheduler;
  // A --schedule file with per-dispatch sections: dispatch N replays its section (or the file's
  // general part), the others run under `scheduler` (Device::dispatch chooses).
  sched::ScheduleFile schedules;
  exec::SubgroupOrder subgroup_order = exec::SubgroupOrder::Lockstep;
  uint64_t subgroup_seed = 0;
  checks::OobPolicy oob;                     // the out-of-bounds policy
  std::vector<checks::InjectionRule> inject;  // fault injection rules
  math::FloatMode float_mode;                // float modes and the non-finite policy
  // The step-wise loop runs (every model but the parallel `fair` path, or a recording).
  bool stepwise = false;
  // The checked engine runs (a bounds policy other than report, injection, races, collectives).
  bool checks = false;
};

// True when the options need the deterministic step-wise loop (every model but the parallel
// `fair` path, or a recorded schedule).
bool needsStepwise(const DeviceOptions& options);

// Parses and validates every option; throws Error with a sentence saying what is expected.
DeviceConfig parseDeviceConfig(const DeviceOptions& options);

}  // namespace wgsl::runtime
