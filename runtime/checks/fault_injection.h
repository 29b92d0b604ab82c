// Fault injection (`--inject=...`, repeatable): rules that force chosen memory accesses out of
// bounds (`oob`) or make chosen loads return a poisoned value (`poison`), so run-time safety
// protocols can be exercised. Syntax (fields separated by ':'):
//
//   oob:LINE[:COLUMN][:invocation=X,Y,Z | :workgroup=X,Y,Z][:nth=N][:prob=P][:seed=S]
//   poison:LINE[:COLUMN][...same...][:value=BITS]
//   oob:prob=P[:seed=S]         poison:prob=P[:seed=S][:value=BITS]
//
// LINE/COLUMN are 1-based source positions (COLUMN: the column the access's instruction is
// attributed to); `invocation` is a global_invocation_id, `workgroup` a workgroup_id; `nth=N`
// picks the N-th execution (1-based) of that line by each matching invocation; `prob=P`
// injects each matching access with probability P, reproducibly from `seed` (default 0);
// `value` is the poisoned load's 32-bit pattern (default: random bits from the seed).
//
// The Injector is bound once per pipeline (per-instruction flags), is immutable and shared by
// all worker threads; per-invocation occurrence counters live in an InjectionState owned by the
// worker running a workgroup. When no rule is configured the door does not call it at all.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "runtime/checks/check_types.h"

namespace wgsl::checks {

struct InjectionRule {
  enum class Kind : uint8_t { Oob, Poison } kind = Kind::Oob;
  uint32_t line = 0;     // 0: any line (probability rules)
  uint32_t column = 0;   // 0: any column of the line
  enum class Who : uint8_t { Any, Invocation, Workgroup } who = Who::Any;
  uint32_t id[3] = {0, 0, 0};  // global invocation id or workgroup id
  uint64_t nth = 0;      // 0: every execution
  double prob = 1.0;
  bool has_prob = false;
  uint64_t seed = 0;
  bool has_value = false;
  uint32_t value = 0;
  std::string text;      // as written (for events)
};

struct InjectionParse {
  std::optional<InjectionRule> rule;
  std::string error;  // when rule is empty: what is wrong and what is expected
};
// Parses the text after `--inject=`.
InjectionParse parseInjection(const std::string& text);

// What the door tells the injector about one memory instruction of the kernel.
struct PcInfo {
  bool memory = false;  // a load, store or atomic (other instructions are never injected)
  AccessKind kind = AccessKind::Load;
  uint32_t line = 0, column = 0;  // 1-based source position of the instruction
};

// The subgroup executing the instruction.
struct SubgroupView {
  uint32_t workgroup_id[3] = {0, 0, 0};
  uint64_t workgroup_linear = 0;
  uint32_t workgroup_size[3] = {1, 1, 1};
  uint32_t first_local_index = 0;  // local_invocation_index of lane 0
  uint64_t step = 0;               // per-subgroup dynamic instruction count (for prob rules)
};

// One injected fault (an event of kind `injected` in the report).
struct InjectionEvent {
  InjectionRule::Kind kind = InjectionRule::Kind::Oob;
  uint32_t rule = 0;  // index into the rules
  uint32_t pc = 0;
  uint32_t workgroup_id[3] = {0, 0, 0};
  uint32_t local_index = 0;
  uint32_t value = 0;  // poison: the value loaded
};

// Per-worker state: occurrence counters for nth rules (reset per workgroup) and the events.
struct InjectionState {
  struct Counter {
    uint32_t count = 0;
    uint32_t last_pc = 0;
  };
  std::vector<Counter> counters;  // [nth rule][local index]
  uint32_t invocations = 0;  // of the current workgroup
  std::vector<InjectionEvent> events;
  uint64_t event_count = 0;
  size_t max_events = 100;
};

// Lanes to inject at one instruction.
struct InjectionResult {
  LaneBits oob;
  LaneBits poison;
  uint32_t poison_value[128];  // per lane, for lanes in `poison`
};

class Injector {
 public:
  Injector() = default;
  explicit Injector(std::vector<InjectionRule> rules);
  bool empty() const { return rules_.empty(); }
  const std::vector<InjectionRule>& rules() const { return rules_; }

  // Binds to a kernel: info per instruction (pc).
  void bind(const std::vector<PcInfo>& pcs);
  // Whether the instruction at `pc` can be injected (the door's only question on the fast path).
  bool mayInject(uint32_t pc) const { return pc < pc_rules_.size() && pc_rules_[pc].count != 0; }

  // Prepares `st` for a new workgroup of `invocations` invocations.
  void startWorkgroup(InjectionState& st, uint32_t invocations) const;
  // The lanes of `active` whose access at `pc` gets a fault; records one event per fault.
  void match(InjectionState& st, uint32_t pc, const LaneBits& active, const SubgroupView& sg,
             InjectionResult& out) const;

 private:
  struct Span {
    uint32_t first = 0, count = 0;  // into rule_list_
  };
  std::vector<InjectionRule> rules_;
  std::vector<uint32_t> nth_slot_;   // per rule: its counter block, or ~0u
  uint32_t nth_rules_ = 0;
  std::vector<Span> pc_rules_;
  std::vector<uint32_t> rule_list_;
  std::vector<AccessKind> pc_kind_;
};

}  // namespace wgsl::checks
