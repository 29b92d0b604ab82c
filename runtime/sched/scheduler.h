// The workgroup scheduler interface the dispatch loop obeys, and the configuration naming one progress model (docs/schedulers.md).
//
// The loop, for a dispatch of N workgroups:
//   scheduler.begin(N);
//   while ((wg = scheduler.pickNext()) != kNoWorkgroup)   // starts wg if it was not started
//     do info = engine.step(wg);                          // run to the next preemption point
//     while (scheduler.onStep(wg, info));                 // false: yield, pick again
// Every implementation is deterministic given its configuration (seeds included).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "runtime/sched/indexed_set.h"
#include "runtime/sched/rng.h"
#include "runtime/sched/sched_types.h"
#include "runtime/sched/schedule_file.h"

namespace wgsl::sched {

enum class Model : uint8_t {
  Fair,        // strongly fair: seeded random choice among all alive workgroups
  RoundRobin,  // weakly fair, deterministic: id order, one step per turn
  Obe,         // occupancy-bound: at most K started; started ones fair
  Lobe,        // linear OBE: once i started, every alive j < i fair
  Hsa,         // only the lowest-id alive workgroup is guaranteed progress
  HsaObe,      // union of the hsa and obe guarantees
  Unfair,      // no guarantee: locks onto the first workgroup that spins
  Random,      // random:SEED: random interleaving with random run lengths
  Replay,      // --schedule=FILE
};

enum class Admission : uint8_t { Id, Reverse, Random };

struct SchedulerConfig {
  Model model = Model::Fair;
  uint64_t seed = 1;             // every random choice of the model
  uint32_t occupancy = 0;        // obe, lobe, hsa-obe: K >= 1 (0 = all workgroups)
  Admission admission = Admission::Id;
  uint64_t admission_seed = 0;   // Admission::Random
  // Consecutive steps of one workgroup without progress after which adversaries treat it as
  // spinning (unfair locks onto it; hsa parks a workgroup it lures).
  uint32_t spin_threshold = 4;
  // hsa: most steps a lured workgroup runs before it is parked anyway, and the chance (percent,
  // drawn from `seed`) that a workgroup is lured at all: 100 exposes kernels that rely on a
  // ticket or lock taken by a workgroup that is then starved; 0 exposes kernels that need
  // workgroups other than the lowest to run at all (an inter-workgroup barrier).
  uint32_t lure_budget = 256;
  uint32_t lure_percent = 100;
  // random: longest run of one workgroup between switches (run lengths are uniform in 1..max).
  uint32_t max_burst = 16;
  Schedule schedule;             // Model::Replay
};

// Parses the value of --scheduler (fair, round-robin, obe, lobe, hsa, hsa-obe, unfair,
// random:SEED) and --admission (id, reverse, random:SEED) into `config`; on error returns false
// and sets `error` to a message naming the accepted values.
bool parseSchedulerName(const std::string& text, SchedulerConfig& config, std::string& error);
bool parseAdmission(const std::string& text, SchedulerConfig& config, std::string& error);
// The name as --scheduler spells it (random:SEED includes the seed).
std::string modelName(const SchedulerConfig& config);

// Why an alive workgroup does not progress, in terms of the model (for hang reports).
// Rendered as: why [" at " location(pc)] after [" " + the held_by workgroups and what they do].
struct Starvation {
  std::string why;                      // "was lured by the hsa adversary until it wrote memory"
  std::optional<uint32_t> pc;           // where the decisive event happened
  std::string after;                    // "and is then starved: hsa guarantees only workgroup 0"
  std::vector<WorkgroupId> held_by;     // "occupancy 1 is held by" these workgroups
};

class Scheduler {
 public:
  explicit Scheduler(SchedulerConfig config) : config_(std::move(config)), rng_(config_.seed) {}
  virtual ~Scheduler() = default;
  Scheduler& operator=(const Scheduler&) = delete;
  // A copy with the same state (a debugger's snapshots: the copy goes on exactly as this one).
  virtual std::unique_ptr<Scheduler> clone() const = 0;

  // Starts a dispatch of `count` workgroups (all NotStarted).
  void begin(uint32_t count);
  // The workgroup to run next, marked started if it was not; kNoWorkgroup when all returned.
  WorkgroupId pickNext();
  // Reports one step of the picked workgroup. Returns true if it keeps running (same quantum),
  // false if the loop must call pickNext again. A Returned step always yields.
  bool onStep(WorkgroupId wg, const StepInfo& info);

  // State, for reports and the watchdog.
  uint32_t count() const { return static_cast<uint32_t>(phase_.size()); }
  Phase phase(WorkgroupId wg) const { return phase_[wg]; }
  uint32_t aliveCount() const { return alive_.size(); }
  const IndexedSet& alive() const { return alive_; }
  const IndexedSet& startedAlive() const { return started_; }
  WorkgroupId lowestAlive() const;
  const SchedulerConfig& config() const { return config_; }
  std::string name() const { return modelName(config_); }

  // True if, in the current state, the model guarantees `wg` (alive) fair scheduling.
  virtual bool guaranteed(WorkgroupId wg) const = 0;
  // Why `wg` (alive) is not being scheduled; only meaningful when the run hangs.
  virtual Starvation starvation(WorkgroupId wg) const;
  // The model's guarantee in one sentence (docs/schedulers.md has the long form).
  virtual std::string guaranteeText() const = 0;
  // For deterministic policies: a hash of the policy's own state at a decision point (between
  // pickNext calls). Together with a hash of the engine state it lets the loop prove a hang: the
  // same combined state twice means the run repeats forever. nullopt for random policies (a
  // repeated state proves nothing there).
  virtual std::optional<uint64_t> policyHash() const { return std::nullopt; }
  // The workgroup the policy now runs alone for as long as it changes no memory (the unfair
  // adversary once it locks on a spinner), or kNoWorkgroup.
  virtual WorkgroupId lockedOn() const { return kNoWorkgroup; }

 protected:
  Scheduler(const Scheduler&) = default;  // for clone()
  // Chooses the next workgroup (alive; may be not started: pickNext starts it).
  virtual WorkgroupId choose() = 0;
  // After a non-final step of the running workgroup: keep running it?
  virtual bool keepRunning(WorkgroupId, const StepInfo&) { return false; }
  virtual void onBegin() {}
  virtual void onStarted(WorkgroupId) {}
  virtual void onReturned(WorkgroupId) {}

  // Consecutive steps of wg without progress (its own memory change), since it last progressed.
  uint32_t idleSteps(WorkgroupId wg) const { return idle_[wg]; }
  // Makes a not-started workgroup started (resident) before its first step: occupancy models
  // admit workgroups this way; pickNext does it for the workgroup it returns.
  void markStarted(WorkgroupId wg);

  SchedulerConfig config_;
  Rng rng_;
  std::vector<Phase> phase_;
  IndexedSet alive_, started_;  // started_ = started and alive

 private:
  std::vector<uint32_t> idle_;
  mutable uint64_t min_alive_hint_ = 0;  // no workgroup below it is alive
};

// Builds the scheduler named by `config`; nullptr (and `error`) if the configuration is invalid,
// e.g. obe without a usable occupancy or replay of an empty schedule.
std::unique_ptr<Scheduler> makeScheduler(const SchedulerConfig& config, std::string& error);
// "" if every id of `schedule` names one of `count` workgroups, else the message for the user.
std::string validateSchedule(const Schedule& schedule, uint32_t count);

}  // namespace wgsl::sched
