// Out-of-bounds policies (`--oob=report|zero|clamp|discard|random:SEED[:terminate]|trap`) as pure
// decision logic: given one out-of-bounds access, what the memory door does instead. Every
// outcome is one the WGSL spec allows ("Out-of-Bounds Access", the note listing Trap, Invalid
// Load and Invalid Store):
// - a load may return the zero value, a value from any memory location of the originating
//   variable (of the whole GPUBuffer for uniform/storage buffers), or for a vector (0,0,0,x)
//   with x = 0, 1 or the maximum positive integer (integers), 0.0 or 1.0 (floats);
// - a store may be dropped, or land on any memory location of the originating variable (of the
//   whole GPUBuffer for storage buffers);
// - the invocation may terminate.
// `trap` is a tool policy on top: the dispatch stops at the first one (exit code 4).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "runtime/checks/check_types.h"

namespace wgsl::checks {

struct OobPolicy {
  enum class Mode : uint8_t {
    Report,   // record an event, then behave as Zero (the default)
    Zero,     // loads give the zero value, stores and atomics are not executed (atomics return 0)
    Clamp,    // the index is clamped into the array (robust buffer access); the access happens there
    Discard,  // the invocation terminates (the spec's "Trap" outcome), other invocations go on
    Random,   // any allowed outcome, chosen per access from hash(seed, access)
    Trap,     // record an event and stop the dispatch (status dynamic-error, exit code 4)
  } mode = Mode::Report;
  uint64_t seed = 0;
  bool random_terminate = false;  // Random: invocation termination is one of the choices
  bool operator==(const OobPolicy& o) const {
    return mode == o.mode && seed == o.seed && random_terminate == o.random_terminate;
  }
};

// The text form accepted by `--oob=`; toString(parse(x)) == x for canonical spellings.
std::string toString(const OobPolicy& p);

struct OobPolicyParse {
  std::optional<OobPolicy> policy;
  std::string error;  // set when policy is empty: a sentence naming the bad part and what is expected
};
OobPolicyParse parseOobPolicy(const std::string& text);

// The scalar type of the accessed value (for the vector (0,0,0,x) outcome).
enum class ValueKind : uint8_t { Bool, I32, U32, F32, F16 };

constexpr uint64_t kUnknownOffset = ~uint64_t{0};

// One out-of-bounds access, as the memory door sees it.
struct OobAccess {
  Space space = Space::Storage;
  AccessKind kind = AccessKind::Load;
  uint64_t region_size = 0;       // bytes of the originating variable (buffers: the binding range)
  // Uniform/storage buffers: the binding starts buffer_offset bytes into a GPUBuffer of
  // buffer_size bytes. 0 = unknown: redirected accesses stay inside the binding range (a subset
  // of what the spec allows).
  uint64_t buffer_offset = 0;
  uint64_t buffer_size = 0;
  uint64_t offset = kUnknownOffset;  // byte offset of the access in the region (unknown: invalid index)
  uint32_t size = 4;              // bytes accessed (a scalar or a whole vector)
  uint32_t scalar_size = 4;       // 4 or 2: redirected accesses keep this alignment
  uint32_t components = 1;        // vector loads: the number of components
  ValueKind value = ValueKind::U32;
  uint64_t key = 0;               // identity of the dynamic access (accessKey) for Random
};

struct OobDecision {
  enum class Action : uint8_t {
    LoadZero,        // the load (or the atomic's result) is the zero value; nothing is written
    LoadVectorX,     // the load gives (0, ..., 0, x): x's bits in `last_bits` (4-component vectors)
    LoadFrom,        // load from `offset` instead (atomics: the atomic operation happens there)
    DropStore,       // the store is not executed
    StoreTo,         // store at `offset` instead (atomics: the atomic operation happens there)
    TerminateInvocation,  // the invocation ends now (spec outcome "Trap"); others go on
    StopDispatch,    // `trap` policy: end the dispatch with status dynamic-error
  } action = Action::LoadZero;
  // LoadFrom/StoreTo: byte offset relative to the start of the region (the binding); may be
  // negative or past region_size only when buffer_size says the GPUBuffer extends there.
  int64_t offset = 0;
  uint32_t last_bits = 0;
  bool record = true;  // the door records an `oob` event (Report and Trap; Random/Zero/Clamp/Discard count only)
};

const char* toString(OobDecision::Action a);

// The decision for one out-of-bounds access under `policy`.
OobDecision decideOob(const OobPolicy& policy, const OobAccess& access);

// The Clamp policy at the index: robust buffer access clamps an array index into [0, count-1]
// (a negative signed index becomes 0). `count` >= 1 for every array WGSL can index (NRuntime >= 1);
// with count == 0 there is no element and nullopt is returned (the access then goes to decideOob).
std::optional<uint32_t> clampIndex(uint32_t index_bits, bool is_signed, uint64_t count);

// Whether `d` is an outcome the spec allows for `a` (used by tests and by debug assertions in
// the door): addresses inside the allowed region and aligned, loads only for reads, stores only
// into storage buffers or the originating variable, never into a uniform buffer.
bool isAllowedOutcome(const OobAccess& a, const OobDecision& d);

}  // namespace wgsl::checks
