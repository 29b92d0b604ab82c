// What the memory door and the workgroup loop consult during one dispatch: the bounds policy,
// the fault injector and the race detector (shared, read-mostly), and per worker thread the
// mutable state (injection counters, race shadow, out-of-bounds events). The engine holds a
// pointer to WorkerChecks in its ExecContext; null means no check beyond the default `report`
// policy and the door keeps today's code path (see docs/dynamic-errors.md).
#pragma once

#include <memory>
#include <vector>

#include "runtime/checks/check_events.h"
#include "runtime/checks/fault_injection.h"
#include "runtime/checks/oob_policy.h"
#include "runtime/checks/race_detector.h"

namespace wgsl::checks {

struct DispatchChecks {
  OobPolicy oob;
  const Injector* injector = nullptr;  // null or empty: no injection
  RaceDetector* races = nullptr;       // null: --races off
  size_t max_events = 100;

  // Whether the door needs its checked path at all (the default `report` policy alone does not).
  bool active() const {
    return oob.mode != OobPolicy::Mode::Report || (injector && !injector->empty()) || races != nullptr;
  }
};

class WorkerChecks {
 public:
  explicit WorkerChecks(const DispatchChecks& d);
  const DispatchChecks& dispatch() const { return d_; }

  // Workgroup lifecycle (dispatch.cpp's runWorkgroup).
  void startWorkgroup(const uint32_t workgroup_id[3], uint32_t invocations);
  // Every subgroup passed the barrier; `aux` as in ir::Op::Barrier: 0 workgroupBarrier,
  // 1 storageBarrier, 2 textureBarrier, 3 workgroupUniformLoad.
  void barrier(uint32_t aux);
  void endWorkgroup();

  // Records an out-of-bounds event (kept up to max_events; all are counted).
  void addOob(const OobEvent& e);

  InjectionState injection;
  RaceWorker* race() { return race_.get(); }
  const RaceWorker* race() const { return race_.get(); }
  std::vector<OobEvent> oob_events;
  uint64_t oob_count = 0;

  // A debugger's snapshots: this worker's state becomes that of `from` (a worker of a dispatch
  // with the same checks; nothing of `from`'s dispatch is used).
  void copyStateFrom(const WorkerChecks& from);

  // After the dispatch: hands the race shadow's records to the detector.
  void finish();

 private:
  const DispatchChecks& d_;
  std::unique_ptr<RaceWorker> race_;
};

}  // namespace wgsl::checks
