// The seam between the interpreter and the dynamic-error checks: out-of-bounds
// policies, fault injection and race detection. interp/exec only knows this abstract
// interface; runtime/ implements it (runtime/check_hooks_impl.*) on top of runtime/checks.
// Everything here is consulted only by the instrumented instantiation of the interpreter
// (`ExecContext::instrumented`), so the default fast path never sees it.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "interp/exec/lane_mask.h"

namespace wgsl::exec {

// Same order as checks::Space and checks::AccessKind (the implementation casts).
enum class MemSpace : uint8_t { Function, Private, Workgroup, Uniform, Storage };
enum class MemKind : uint8_t { Load, Store, AtomicLoad, AtomicStore, AtomicRmw };

constexpr uint64_t kUnknownByteOffset = ~uint64_t{0};
// ExecEvent::root of an out-of-range dynamic index into a value in registers (no variable).
constexpr uint32_t kValueRoot = 0xffffffffu;

// One lane's access that falls outside its variable (or is made to by an injected fault).
struct DoorAccess {
  uint32_t pc = 0;
  uint32_t local_index = 0;     // local_invocation_index of the lane
  uint32_t root = 0;            // ir::Kernel::roots index
  MemSpace space = MemSpace::Storage;
  MemKind kind = MemKind::Load;
  uint64_t offset = kUnknownByteOffset;  // byte offset in the variable, unknown for an invalid index
  uint32_t size = 4;            // bytes of the whole access
  uint32_t scalar_size = 4;     // 4 or 2 (f16)
  uint32_t components = 1;
  uint8_t scalar = 0;           // ir::Scalar of the value
  uint64_t region_size = 0;     // bytes of the variable (buffers: the binding range)
  uint64_t key = 0;             // identity of the dynamic access (for random choices)
  bool injected = false;
  bool has_index = false;           // offset unknown: the array index out of range is known
  uint32_t index = 0, index_count = 0;
};

// What the door does instead of the access (the policy's choice among the outcomes WGSL allows).
struct DoorDecision {
  enum Action : uint8_t { LoadZero, LoadVectorX, LoadFrom, DropStore, StoreTo, Terminate, Stop } action = LoadZero;
  int64_t offset = 0;      // LoadFrom / StoreTo: byte offset in the variable
  uint32_t last_bits = 0;  // LoadVectorX
};

// One subgroup instruction's in-place accesses, for the race detector.
struct LaneBatch {
  MemSpace space = MemSpace::Storage;
  uint32_t object = 0;                     // storage: binding slot
  MemKind kind = MemKind::Load;
  uint32_t pc = 0;
  LaneMask lanes;
  const uint32_t* lane_offsets = nullptr;  // per lane; nullptr: every lane at base_offset
  uint64_t base_offset = 0;
  uint32_t size = 4;                       // bytes per lane
  uint32_t first_local_index = 0;
};

// Lanes of one instruction that get an injected fault.
struct InjectedLanes {
  LaneMask oob;
  LaneMask poison;
  uint32_t poison_value[128];
};

// A dynamic index into a register value (vector, matrix, array value) or an array in memory
// that is out of range: reported, and under `clamp` clamped.
struct IndexFault {
  uint32_t pc = 0;
  uint32_t local_index = 0;
  uint32_t index = 0;      // the index bits
  bool is_signed = false;
  uint32_t count = 0;      // elements
  bool in_memory = false;  // IndexAddr (an array in memory) or PickDyn/PutDyn (a value)
  bool clamped = false;
};

// Per worker thread (or per resident workgroup): mutable state of the checks. Not shared.
class WorkerCheckHooks {
 public:
  virtual ~WorkerCheckHooks() = default;

  // Plain configuration the door reads without a call.
  bool clamp = false;                       // --oob=clamp: indices are clamped where they are computed
  bool races = false;                       // --races: feed access()
  const uint8_t* inject_pcs = nullptr;      // per pc: non-zero when a fault may be injected there
  uint32_t inject_pcs_size = 0;
  bool mayInject(uint32_t pc) const { return pc < inject_pcs_size && inject_pcs[pc] != 0; }
  // Non-uniform collectives: report subgroup and quad operations reached with inactive lanes.
  bool collectives = false;
  // Set by the door when the policy stops the dispatch (--oob=trap); the loop then fails the
  // subgroup.
  bool stop = false;

  // Workgroup lifecycle (dispatch.cpp).
  virtual void startWorkgroup(const uint32_t workgroup_id[3], uint32_t invocations) = 0;
  virtual void barrier(uint32_t aux) = 0;  // all subgroups released; aux as in ir::Op::Barrier
  virtual void endWorkgroup() = 0;

  // The door.
  virtual DoorDecision outOfBounds(const uint32_t workgroup_id[3], const DoorAccess& a) = 0;
  virtual void indexFault(const uint32_t workgroup_id[3], const IndexFault& f) = 0;
  virtual void inject(uint32_t pc, const LaneMask& active, const uint32_t workgroup_id[3], uint32_t first_local_index,
                      uint64_t step, InjectedLanes& out) = 0;
  virtual void access(const LaneBatch& b) = 0;
  // A subgroup or quad operation at `pc` ran with only `active` of the subgroup's lanes.
  virtual void nonUniformCollective(const uint32_t workgroup_id[3], uint32_t pc, uint32_t subgroup_index,
                                    const LaneMask& active, const LaneMask& exists) = 0;
  virtual void accessOne(MemSpace space, uint32_t object, MemKind kind, uint32_t pc, uint32_t local_index,
                         uint64_t offset, uint32_t size) = 0;
};

// A copy of a dispatch's check state (DispatchCheckHooks::saveWorkers).
class SavedChecks {
 public:
  virtual ~SavedChecks() = default;
  virtual uint64_t bytes() const = 0;  // the memory it holds
};

// Per dispatch: makes the per-worker state and collects it afterwards.
class DispatchCheckHooks {
 public:
  virtual ~DispatchCheckHooks() = default;
  // Called once per worker thread, possibly concurrently.
  virtual std::unique_ptr<WorkerCheckHooks> makeWorker() = 0;
  // Called once per worker after the dispatch (not concurrently).
  virtual void finishWorker(WorkerCheckHooks& w) = 0;
  // Whether the checks' effect on execution follows from the workgroups' state alone. Random
  // bounds choices and fault injection follow counters outside it, so a repeated state does
  // not prove that a run repeats (the step-wise engine's exact hang detection then stays off).
  virtual bool stateDetermined() const { return false; }
  // Snapshots (a debugger's reverse execution): a copy of the dispatch's check state and of the
  // given workers' (every state of a step-wise dispatch), and their restoration into this
  // (fresh) dispatch's checks, which returns the workers in the same order. Null: not supported.
  virtual std::unique_ptr<SavedChecks> saveWorkers(const std::vector<const WorkerCheckHooks*>& /*workers*/) const {
    return nullptr;
  }
  virtual std::vector<std::unique_ptr<WorkerCheckHooks>> restoreWorkers(const SavedChecks& /*saved*/) { return {}; }
};

}  // namespace wgsl::exec
