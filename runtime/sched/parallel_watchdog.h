// Hang detection on the parallel fair path (docs/schedulers.md, "Hang detection on the parallel
// path"): a watchdog over all running workgroups, shared by the workers. Workers report the
// steps of the workgroups they watch step by step (those that ran long), and every event that is
// progress: a step that changed memory other workgroups can see, a workgroup starting or
// returning. When the workgroups make no progress for the window, the dispatch is a hang.
//
// Steps without progress are of two kinds. A *poll* re-reads shared memory the workgroup read in
// one of its last few steps (the signature of a spin loop). A *computing* step reads no shared
// memory, or new locations (a computation in registers, a stream over a buffer): it cannot be
// waiting for another workgroup, and others may be waiting for its result. (A subgroup arriving
// at a barrier keeps the workgroup's kind.) So:
//   - while no watched workgroup computes, polls are counted across all workers, and
//     `hang_window` of them without progress make a hang (as on the step-wise path), once the
//     evidence shows that no workgroup could still make progress. Counted polls measure time,
//     and the OS may deschedule any worker thread for longer than the others need to poll
//     through a window; so the evidence counts turns and steps, never time:
//       * every parked workgroup has stepped since the last progress (its latest turn began
//         after it, so it read what the last progress wrote). One that waits in the queue, or
//         that a descheduled worker has just parked or taken, holds off the hang until it has
//         had a turn;
//       * every worker holding a workgroup (watched, or running on the fast path) has made a
//         few steps since the last progress (the OS may have descheduled the thread that holds
//         the one just released);
//       * and, once the above hold, a *suspicion* is raised, and every such worker must then
//         complete one more step that began after it. A step in flight (its thread
//         descheduled after the step stored, before it reported the store as progress) ends
//         either with that progress or as one more poll;
//     a workgroup that returns reports its progress before its worker lets go of it.
//   - while some watched workgroup computes, polls do not count (the pollers may wait for it),
//     and each computing workgroup counts its own steps since the last progress anywhere:
//     `compute_factor` x `hang_window` of them make a hang. A long computation without stores is
//     no hang, however many workgroups wait for it; a loop that can never end still ends.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "runtime/sched/sched_types.h"
#include "runtime/sched/watchdog.h"

namespace wgsl::sched {

struct ParallelWatchdogConfig {
  uint64_t hang_window = uint64_t{1} << 20;  // --hang-window: polls without progress
  uint32_t compute_factor = 16;              // a computing workgroup's window: this x hang_window
  uint32_t spin_threshold = 4;               // steps without progress that make a spinner
};

// One watched workgroup as the watchdog last saw it.
struct ObservedWorkgroup {
  WorkgroupId wg = kNoWorkgroup;
  WorkgroupStats stats;    // steps, idle (steps without progress in a row), last and last_read
  bool polls = false;      // its latest idle step was a poll
  bool computing = false;  // its latest idle step computed (neither a poll nor at a barrier)
};

class ParallelWatchdog {
 public:
  ParallelWatchdog(ParallelWatchdogConfig config, unsigned slots);

  // Progress the watchdog cannot see in steps (a workgroup started or returned).
  void progress();
  // Worker `slot` starts (running true) or ends running a workgroup on the fast path: progress,
  // and until its end (or until it is watched) the worker is busy with a workgroup that may
  // release the others.
  void fastPath(unsigned slot, bool running);
  // A parked workgroup was taken from the queue; watch() follows.
  void taken();
  // Worker `slot` starts (or resumes) watching `wg`.
  void watch(unsigned slot, WorkgroupId wg);
  // After each watched step of the slot's workgroup. True once, for the step that completes a
  // window: the dispatch is a hang (hung() stays true).
  bool onStep(unsigned slot, const StepInfo& info);
  // The slot's workgroup was parked (its observation is kept), or returned: progress, then
  // forgotten.
  void parked(unsigned slot);
  void returned(unsigned slot);

  bool hung() const { return hung_.load(std::memory_order_acquire); }
  const ParallelWatchdogConfig& config() const { return config_; }
  // After the dispatch: watched steps in total, and since the last progress.
  uint64_t steps() const;
  uint64_t stepsWithoutProgress() const;
  // After the dispatch: the watched workgroups that had not returned, lowest id first.
  std::vector<ObservedWorkgroup> observed() const;

 private:
  static constexpr uint32_t kFlushPolls = 16;  // local polls batched per shared update
  // What the watchdog keeps of a watched workgroup (in its slot, or parked).
  struct Watched {
    ObservedWorkgroup seen;
    std::array<std::pair<uint32_t, uint64_t>, 4> recent{};  // last shared locations read
    uint32_t recent_count = 0, next_recent = 0;
    bool atomic_poll = false;  // its latest step ended at an atomic that polled
    uint64_t compute_steps = 0;  // computing steps since the last progress (epoch)
    uint64_t epoch = 0;
    // Its steps in epoch `turn_epoch` (the evidence that it had a turn since the last progress),
    // and whether it was counted in parked_with_turn_ when parked.
    uint64_t turn_epoch = ~uint64_t{0};
    uint32_t turn_steps = 0;
    bool counted = false;
  };
  struct alignas(64) Slot {
    Watched w;
    bool active = false;
    uint64_t polls = 0, idle_steps = 0, steps = 0;  // not yet flushed
    // Read by the other workers: a worker holding a workgroup that has not stepped since the
    // last progress (its thread may be descheduled right after a release) holds off a hang.
    std::atomic<bool> busy{false};
    std::atomic<uint64_t> seen_epoch{~uint64_t{0}};
    std::atomic<uint32_t> seen_steps{0};
    // The suspicion this worker saw when its latest complete step began (acked) and at the end
    // of that step (next_ack): acked >= g means it completed a step that began after
    // suspicion g was raised.
    std::atomic<uint64_t> acked{0};
    uint64_t next_ack = 0;
  };
  bool step(Slot& s, const StepInfo& info);
  bool isPoll(Watched& w, const StepInfo& info) const;
  bool flush(Slot& s);
  bool everyBusyWorkerStepped() const;
  bool everyParkedHadATurn(uint64_t epoch) const;
  bool suspicionConfirmed(uint64_t epoch);
  void acknowledge(Slot& s);
  bool declareHang();
  void resetIdle();
  void setComputing(Watched& w, bool computing);

  ParallelWatchdogConfig config_;
  uint64_t compute_window_;  // compute_factor * hang_window
  static constexpr uint32_t kStepsAfterProgress = 8;  // of each busy worker before a hang
  std::unique_ptr<Slot[]> slots_;
  unsigned slot_count_;
  alignas(64) std::atomic<uint64_t> idle_polls_{0};
  std::atomic<uint64_t> idle_steps_{0};
  std::atomic<uint64_t> steps_{0};
  alignas(64) std::atomic<uint64_t> computing_{0};  // watched workgroups (held or parked) computing
  std::atomic<uint64_t> epoch_{0};                  // progress events
  std::atomic<uint64_t> in_transit_{0};             // taken from the queue, not yet watched
  alignas(64) std::atomic<uint64_t> suspicion_{0};  // raised suspicions (rarely written)
  std::atomic<uint64_t> suspect_epoch_{~uint64_t{0}};  // the epoch of the latest one
  std::atomic<bool> hung_{false};
  uint64_t hang_idle_steps_ = 0;  // steps without progress when the hang was declared
  mutable std::mutex mutex_;  // parked_, turn_epoch_, parked_with_turn_
  std::unordered_map<WorkgroupId, Watched> parked_;
  uint64_t turn_epoch_ = 0;       // the epoch parked_with_turn_ counts for
  uint64_t parked_with_turn_ = 0;  // parked workgroups that stepped in turn_epoch_
};

}  // namespace wgsl::sched
