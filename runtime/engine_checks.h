// The engine's dynamic-error checks (issue 9): implements interp/exec's check hooks
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

class EngineChecks : public exec::DispatchCheckHooks {
 public:
  EngineChecks(const DeviceOptions& o, const DeviceConfig& config, const ir::Kernel& k,
               const exec::DispatchParams& params);
  ~EngineChecks() override;

  std::unique_ptr<exec::WorkerCheckHooks> makeWorker() override;
  void finishWorker(exec::WorkerCheckHooks& w) override;
  bool stateDetermined() const override;

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
