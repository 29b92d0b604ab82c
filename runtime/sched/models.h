// The progress models (docs/schedulers.md), one class each. Internal to wgslemu_sched: users
// build them through makeScheduler.
#pragma once

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "runtime/sched/scheduler.h"

namespace wgsl::sched {

// fair: uniform seeded choice among all alive workgroups, one step per choice: strongly fair
// with probability one. random:SEED: the same with random run lengths 1..max_burst.
class RandomScheduler : public Scheduler {
 public:
  std::unique_ptr<Scheduler> clone() const override { return std::make_unique<RandomScheduler>(*this); }
  RandomScheduler(SchedulerConfig config, bool bursts) : Scheduler(std::move(config)), bursts_(bursts) {}
  bool guaranteed(WorkgroupId) const override { return true; }
  std::string guaranteeText() const override;

 protected:
  WorkgroupId choose() override;
  bool keepRunning(WorkgroupId, const StepInfo&) override;

 private:
  bool bursts_;
  uint32_t burst_left_ = 0;
};

// round-robin: id order, one step per turn, every alive workgroup each round.
class RoundRobinScheduler : public Scheduler {
 public:
  std::unique_ptr<Scheduler> clone() const override { return std::make_unique<RoundRobinScheduler>(*this); }
  using Scheduler::Scheduler;
  bool guaranteed(WorkgroupId) const override { return true; }
  Starvation starvation(WorkgroupId wg) const override;
  std::string guaranteeText() const override;
  std::optional<uint64_t> policyHash() const override { return last_; }

 protected:
  void onBegin() override;
  WorkgroupId choose() override;
  void onReturned(WorkgroupId wg) override { alive_ids_.erase(wg); }

 private:
  std::set<WorkgroupId> alive_ids_;
  WorkgroupId last_ = kNoWorkgroup;
};

// obe, lobe, hsa-obe: at most K workgroups started at a time, admitted in the adversary's
// order as started ones return; fair (seeded random) among the started ones.
class OccupancyScheduler : public Scheduler {
 public:
  std::unique_ptr<Scheduler> clone() const override { return std::make_unique<OccupancyScheduler>(*this); }
  using Scheduler::Scheduler;
  bool guaranteed(WorkgroupId wg) const override;
  Starvation starvation(WorkgroupId wg) const override;
  std::string guaranteeText() const override;
  // The only started workgroup, when no other can be admitted while it is alive.
  WorkgroupId lockedOn() const override;

 protected:
  void onBegin() override;
  WorkgroupId choose() override;

 private:
  void admit();
  uint32_t unstartedBelow(WorkgroupId wg) const;  // not-started workgroups with a lower id
  void fenwickAdd(WorkgroupId wg, int delta);
  WorkgroupId lowestUnstarted();
  uint32_t limit_ = 0;
  std::vector<WorkgroupId> order_;  // admission order
  size_t cursor_ = 0;               // order_[0, cursor_) are all started or returned
  std::vector<int> fenwick_;        // counts of not-started workgroups, by id
  WorkgroupId lowest_unstarted_ = 0;
  WorkgroupId max_started_ = 0;
};

// hsa: only the lowest-id alive workgroup is guaranteed. The adversary first lures every other
// workgroup (runs it until it writes memory with an atomic, spins, or uses its budget), parks it,
// then runs only the lowest-id alive workgroup, which it must.
class HsaScheduler : public Scheduler {
 public:
  std::unique_ptr<Scheduler> clone() const override { return std::make_unique<HsaScheduler>(*this); }
  using Scheduler::Scheduler;
  bool guaranteed(WorkgroupId wg) const override { return wg == lowestAlive(); }
  Starvation starvation(WorkgroupId wg) const override;
  std::string guaranteeText() const override;
  std::optional<uint64_t> policyHash() const override;
  // Between lures the lowest-id alive workgroup runs alone until it returns.
  WorkgroupId lockedOn() const override { return luring_ == kNoWorkgroup ? lowestAlive() : kNoWorkgroup; }

 protected:
  void onBegin() override;
  WorkgroupId choose() override;
  bool keepRunning(WorkgroupId wg, const StepInfo& info) override;
  void onReturned(WorkgroupId wg) override;

 private:
  enum class Lure : uint8_t { Pending, Skipped, Luring, TookWrite, Spun, Budget, Done };
  void park(WorkgroupId wg, Lure why, uint32_t pc);
  std::vector<Lure> lure_;
  std::vector<uint32_t> lure_pc_;
  uint32_t lure_steps_ = 0;
  WorkgroupId luring_ = kNoWorkgroup;
  WorkgroupId next_lure_ = 0;  // lures go from the highest id down; this counts down
};

// unfair: random interleaving, switching right after each memory change, until some workgroup
// spins; then only that one runs (until it changes memory again or returns).
class UnfairScheduler : public Scheduler {
 public:
  std::unique_ptr<Scheduler> clone() const override { return std::make_unique<UnfairScheduler>(*this); }
  using Scheduler::Scheduler;
  bool guaranteed(WorkgroupId) const override { return false; }
  Starvation starvation(WorkgroupId wg) const override;
  std::string guaranteeText() const override;
  WorkgroupId lockedOn() const override { return locked_; }

 protected:
  void onBegin() override { locked_ = kNoWorkgroup; }
  WorkgroupId choose() override;
  bool keepRunning(WorkgroupId wg, const StepInfo& info) override;
  void onReturned(WorkgroupId wg) override;

 private:
  WorkgroupId locked_ = kNoWorkgroup;
};

// --schedule=FILE: each entry runs its workgroup until after its next atomic.
class ReplayScheduler : public Scheduler {
 public:
  std::unique_ptr<Scheduler> clone() const override { return std::make_unique<ReplayScheduler>(*this); }
  using Scheduler::Scheduler;
  bool guaranteed(WorkgroupId wg) const override;
  Starvation starvation(WorkgroupId wg) const override;
  std::string guaranteeText() const override;
  std::optional<uint64_t> policyHash() const override;

 protected:
  void onBegin() override;
  WorkgroupId choose() override;
  bool keepRunning(WorkgroupId wg, const StepInfo& info) override;

 private:
  size_t pos_ = 0;       // index into prefix, then prefix.size() + index into cycle
  bool tail_ = false;    // schedule exhausted: run the rest in id order to completion
};

}  // namespace wgsl::sched
