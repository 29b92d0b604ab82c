// Snapshots of a step-wise dispatch (see dispatch_snapshot.h).
#include "runtime/dispatch_snapshot.h"

#include <cstring>
#include <vector>

#include "runtime/runtime.h"

namespace wgsl::runtime {

namespace {

class StepwiseSnapshot : public exec::DispatchSnapshot {
 public:
  uint64_t bytes() const override { return bytes_; }
  std::unique_ptr<exec::StepEngine::Saved> engine;
  std::unique_ptr<sched::Scheduler> scheduler;
  sched::Watchdog watchdog;
  sched::DriveState drive;
  sched::SubgroupTrace subgroup_trace;
  bool failed = false;
  std::vector<std::vector<uint8_t>> slots;  // the bound storage ranges' bytes
  uint64_t bytes_ = 0;
};

bool writable(const exec::DispatchParams& p, size_t slot) {
  return p.kernel->slots[slot].space != sema::AddressSpace::Uniform;
}

}  // namespace

std::shared_ptr<const exec::DispatchSnapshot> connectSnapshots(exec::DebugHook& debug, const StepwiseParts& parts,
                                                               sched::DriveOptions& dopts) {
  std::shared_ptr<const exec::DispatchSnapshot> resumed = debug.resumeFrom();
  if (resumed) {
    const auto* s = dynamic_cast<const StepwiseSnapshot*>(resumed.get());
    if (!s || s->engine->phase.size() != parts.engine.count() || s->slots.size() != parts.params.slot_size.size())
      throw Error("dispatch: the debugger's snapshot is not of this dispatch");
    for (size_t i = 0; i < s->slots.size(); ++i) {
      if (!writable(parts.params, i)) continue;
      if (s->slots[i].size() != parts.params.slot_size[i])
        throw Error("dispatch: the debugger's snapshot is not of this dispatch");
      std::memcpy(parts.params.slot_base[i], s->slots[i].data(), s->slots[i].size());
    }
    parts.engine.restore(*s->engine);
    parts.scheduler = s->scheduler->clone();
    parts.watchdog = s->watchdog;
    parts.subgroup_trace = s->subgroup_trace;
    parts.failed = s->failed;
    dopts.resume = &s->drive;
  }
  dopts.boundary = [&debug, parts](const sched::DriveState& state) {
    const sched::DriveState* at = &state;
    debug.stepBoundary([&parts, at]() -> std::shared_ptr<const exec::DispatchSnapshot> {
      auto s = std::make_shared<StepwiseSnapshot>();
      s->engine = parts.engine.save();
      if (!s->engine) return nullptr;  // checks that cannot be saved
      s->scheduler = parts.scheduler->clone();
      s->watchdog = parts.watchdog;
      s->drive = *at;
      s->subgroup_trace = parts.subgroup_trace;
      s->failed = parts.failed;
      s->bytes_ = s->engine->bytes + sizeof(StepwiseSnapshot) + s->watchdog.count() * sizeof(sched::WorkgroupStats) +
                  at->seen.size() * 32 + at->result.trace.size() * sizeof(sched::TraceStep) +
                  s->subgroup_trace.codes.size();
      for (size_t i = 0; i < parts.params.slot_size.size(); ++i) {
        if (!writable(parts.params, i)) {
          s->slots.emplace_back();
          continue;
        }
        s->slots.emplace_back(parts.params.slot_base[i], parts.params.slot_base[i] + parts.params.slot_size[i]);
        s->bytes_ += parts.params.slot_size[i];
      }
      return s;
    });
  };
  return resumed;
}

}  // namespace wgsl::runtime
