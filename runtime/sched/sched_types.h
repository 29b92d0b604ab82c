// Vocabulary shared by the workgroup schedulers, the hang watchdog and the dispatch loop:
// workgroup ids, what one scheduling step reports, and the life cycle of a workgroup.
#pragma once

#include <cstdint>
#include <limits>

namespace wgsl::sched {

// Linear workgroup index: x + y * nx + z * nx * ny (the order the progress models talk about).
using WorkgroupId = uint32_t;
constexpr WorkgroupId kNoWorkgroup = std::numeric_limits<uint32_t>::max();

// Where a step stopped. A step is the execution of one workgroup from one preemption point to
// the next: the scheduler may switch workgroups only there.
enum class StepEnd : uint8_t {
  Atomic,    // after an atomic operation (load, store or read-modify-write)
  Barrier,   // at a workgroup/storage barrier (or workgroupUniformLoad)
  BackEdge,  // at a loop back-edge
  Returned,  // the workgroup finished: every invocation returned
};

// What the engine reports after each step.
struct StepInfo {
  StepEnd end = StepEnd::BackEdge;
  // A store or atomic changed memory that other workgroups can observe (storage memory). Writes
  // that store the value already there do not count: a spin loop that rewrites a flag with the
  // same value is still spinning.
  bool memory_changed = false;
  // The step executed an atomic that writes (store or read-modify-write, including a failed
  // compare-exchange): used by adversaries that starve a workgroup once it has taken a ticket.
  bool atomic_write = false;
  // Instruction at the preemption point (the engine's pc; reports turn it into file:line).
  uint32_t pc = 0;
  // Last shared-memory location read in the step, for "spins on reduction[3]" (root = variable,
  // offset in bytes). kNoRoot when the step read nothing shared.
  static constexpr uint32_t kNoRoot = std::numeric_limits<uint32_t>::max();
  uint32_t read_root = kNoRoot;
  uint64_t read_offset = 0;
};

// Life cycle of a workgroup in the progress models: not started, started (alive and has executed
// at least one step), returned. "Alive" = not returned.
enum class Phase : uint8_t { NotStarted, Started, Returned };

}  // namespace wgsl::sched
