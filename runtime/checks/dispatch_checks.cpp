// Per-worker state of the checks and its workgroup lifecycle (see dispatch_checks.h).
#include "runtime/checks/dispatch_checks.h"

namespace wgsl::checks {

WorkerChecks::WorkerChecks(const DispatchChecks& d) : d_(d) {
  if (d_.races) race_ = std::make_unique<RaceWorker>(*d_.races);
  injection.max_events = d_.max_events;
}

void WorkerChecks::startWorkgroup(const uint32_t workgroup_id[3], uint32_t invocations) {
  if (d_.injector && !d_.injector->empty()) d_.injector->startWorkgroup(injection, invocations);
  if (race_) race_->startWorkgroup(workgroup_id);
}

void WorkerChecks::barrier(uint32_t aux) {
  if (race_) race_->barrier(aux == 0 || aux == 3, aux == 1);
}

void WorkerChecks::endWorkgroup() {
  if (race_) race_->endWorkgroup();
}

void WorkerChecks::addOob(const OobEvent& e) {
  ++oob_count;
  if (e.decision.record && oob_events.size() < d_.max_events) oob_events.push_back(e);
}

void WorkerChecks::copyStateFrom(const WorkerChecks& from) {
  injection = from.injection;
  oob_events = from.oob_events;
  oob_count = from.oob_count;
  if (race_ && from.race_) race_->copyStateFrom(*from.race_);
}

void WorkerChecks::finish() {
  if (race_ && d_.races) d_.races->collect(*race_);
}

}  // namespace wgsl::checks
