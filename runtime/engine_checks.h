// The engine's dynamic-error checks: implements interp/exec's check hooks
// (check_hooks.h) on top of runtime/checks (bounds policies, fault injection, race detection),
// and turns what they found into Report events. Private to the runtime.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "interp/exec/check_hooks.h"
#include "interp/exec/dispatch.h"
#include "interp/ir/ir.h"
#include "runtime/checks/dispatch_checks.h"
#include "runtime/options/device_config.h"
#include "runtime/runtime.h"

namespace wgsl::runtime {

// A debugger that stops at each event the checks record (tools/debug) follows one worker's
// records (one workgroup's, on the step-wise engine) as they are made: the cursor says how far
// it has read each list; recordedSince returns the events past it, worded as finish() words
// them, each with the instruction and invocation that made it (for a race: the second access,
// the one that found it), and moves the cursor to the end.
struct RecordCursor {
  size_t oob = 0, index = 0, collectives = 0, injected = 0, races = 0;
};
struct RecordedEvent {
  Event event;
  uint32_t pc = 0;
  uint32_t workgroup[3] = {0, 0, 0};
  uint32_t local_index = 0;
  int32_t subgroup = -1;  // a non-uniform collective: the subgroup (local_index is not meaningful)
};
std::vector<RecordedEvent> recordedSince(const exec::WorkerCheckHooks& hooks, RecordCursor& cursor);

class EngineChecks : public exec::DispatchCheckHooks {
 public:
  EngineChecks(const DeviceOptions& o, const DeviceConfig& config, const ir::Kernel& k,
               const exec::DispatchParams& params);
  ~EngineChecks() override;

  std::unique_ptr<exec::WorkerCheckHooks> makeWorker() override;
  void finishWorker(exec::WorkerCheckHooks& w) override;
  bool stateDetermined() const override;
  std::unique_ptr<exec::SavedChecks> saveWorkers(const std::vector<const exec::WorkerCheckHooks*>& workers) const override;
  std::vector<std::unique_ptr<exec::WorkerCheckHooks>> restoreWorkers(const exec::SavedChecks& saved) override;

  // After the dispatch: appends the events to `report` (at most Report::kMaxEvents kept),
  // updates event_count and the status (Trapped; DynamicError for organic out-of-bounds
  // accesses, races and non-uniform collectives; injected faults, and out-of-bounds accesses
  // they cause, alone do not make a dynamic error: a protocol that handles them passes).
  void finish(Report& report) const;

  struct OobRecord {
    checks::OobEvent e;
    uint32_t root = 0;
  };
  struct IndexRecord {
    exec::IndexFault f;
    uint32_t wg[3] = {0, 0, 0};
  };
  struct CollectiveRecord {
    uint32_t pc = 0;
    uint32_t wg[3] = {0, 0, 0};
    uint32_t subgroup = 0;
    uint32_t active = 0, lanes = 0;
  };

 private:
  friend class WorkerEngineChecks;
  friend std::vector<RecordedEvent> recordedSince(const exec::WorkerCheckHooks& hooks, RecordCursor& cursor);
  const ir::Kernel& k_;
  const DeviceOptions& o_;
  checks::DispatchChecks dc_;
  checks::Injector injector_;
  std::unique_ptr<checks::RaceDetector> races_;
  std::vector<uint8_t> inject_pcs_;
  uint32_t num_workgroups_[3] = {1, 1, 1};

  mutable std::mutex lock_;
  std::vector<OobRecord> oob_;
  std::vector<IndexRecord> index_;
  std::vector<checks::InjectionEvent> injected_;
  std::vector<CollectiveRecord> collectives_;
  uint64_t oob_count_ = 0, organic_oob_count_ = 0, index_count_ = 0, injected_count_ = 0, collective_count_ = 0;
  bool trapped_ = false;
};

// Barrier divergence: the sentence after "... did not" naming who exited and where the others
// are (empty when there is nothing to add).
std::string divergenceDetails(const exec::ExecEvent& e, const ir::Kernel& k);

// An out-of-range dynamic index into a value in registers (ExecEvent root kValueRoot) under the
// default policy.
Event valueIndexEvent(const exec::ExecEvent& e, const ir::Kernel& k);

}  // namespace wgsl::runtime
