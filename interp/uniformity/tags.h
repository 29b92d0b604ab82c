// The facts the analysis remembers about each analysed function (section "Analyzing the
// Uniformity Requirements of a Function": call site tag, function tag, parameter tags,
// parameter return tags, pointer parameter tags), plus what diagnostics need to explain them.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "base/diagnostics.h"
#include "interp/uniformity/graph.h"

namespace wgsl::uniformity {

// The severities S of RequiredToBeUniform.S, in the order the analysis visits them.
enum class Sev : uint8_t { Error = 0, Warning = 1, Info = 2, None = 3 };

// Triggering rules of a potential-trigger-set.
enum class Rule : uint8_t { Unnamed, Derivative, Subgroup };

// Notes explaining how a requirement travelled up the call graph: an immutable list shared by
// every requirement derived from it (appending is O(1), so deep call chains stay linear).
struct NoteChain {
  NoteChain(const Label& n, std::shared_ptr<const NoteChain> p) : note(n), prev(std::move(p)) {}
  NoteChain(const NoteChain&) = delete;
  NoteChain& operator=(const NoteChain&) = delete;
  // Chains can be tens of thousands of notes long (deep call chains): release them iteratively,
  // not by one recursive destructor call per note.
  ~NoteChain() {
    std::shared_ptr<const NoteChain> p = std::move(prev);
    while (p && p.use_count() == 1) {
      std::shared_ptr<const NoteChain> next = std::move(const_cast<NoteChain&>(*p).prev);
      p = std::move(next);
    }
  }
  Label note;  // rendered only when a diagnostic is reported (label_text.h)
  std::shared_ptr<const NoteChain> prev;
};
using NoteChainPtr = std::shared_ptr<const NoteChain>;

inline NoteChainPtr appendNote(NoteChainPtr chain, const Label& note) {
  // Created non-const (the destructor above unlinks predecessors), handed out as const.
  return std::make_shared<NoteChain>(note, std::move(chain));
}
// The notes, oldest (innermost) first.
inline std::vector<Label> chainNotes(const NoteChainPtr& chain) {
  std::vector<Label> out;
  for (const NoteChain* c = chain.get(); c; c = c->prev.get()) out.push_back(c->note);
  return std::vector<Label>(out.rbegin(), out.rend());
}

// The collective operation at the bottom of a requirement, and how it reached this function.
struct Origin {
  Rule rule = Rule::Unnamed;
  const std::string* builtin = nullptr;  // e.g. "workgroupBarrier" (the call's identifier)
  const char* param = "";    // empty: control flow must be uniform; else the builtin's parameter
  SourceRange site;          // the triggering location
  NoteChainPtr chain;        // notes, from the builtin outwards through the call chain
};

struct ParamTag {
  Sev sev = Sev::None;       // ParameterRequiredToBeUniform.S / ParameterContentsRequiredToBeUniform.S
  bool contents = false;     // the latter
  Origin origin;
  std::vector<Label> why;    // notes inside the function, from the requirement to the parameter
};

struct FunctionTags {
  bool done = false;
  Sev call_site = Sev::None;           // CallSiteRequiredToBeUniform.S, or CallSiteNoRestriction
  Origin call_site_origin;
  bool return_may_be_non_uniform = false;  // ReturnValueMayBeNonUniform
  std::vector<Label> return_why;
  std::vector<ParamTag> params;
  std::vector<bool> return_needs_param;     // ParameterReturnContentsRequiredToBeUniform
  std::vector<bool> return_needs_contents;  // ... through the pointed-to contents
  // Pointer parameters (function address space).
  std::vector<bool> ptr_param;
  std::vector<bool> ptr_may_be_non_uniform;  // PointerParameterMayBeNonUniform
  std::vector<std::vector<Label>> ptr_why;
  std::vector<std::vector<int>> ptr_from_params;    // Value_return_i_contents reaches param_j
  std::vector<std::vector<int>> ptr_from_contents;  // ... reaches param_k_contents
};

// An edge out of RequiredToBeUniform.S.
struct Requirement {
  Sev sev = Sev::Error;
  NodeId target = kNoNode;
  Origin origin;
  // Requirements of one builtin call (its control flow, its parameters): when one fails, the
  // others are not reported again (they fail for the same reason or report the same call).
  const void* group = nullptr;
};

// Which rules apply at the uniformity scope being analysed (see uniformity.cpp).
struct ScopeConfig {
  bool sync_required = true;             // barriers, workgroupUniformLoad
  bool derivatives_required = true;
  bool subgroup_required = true;         // subgroup and quad builtins
  bool subgroup_results_uniform = false; // subgroupAdd & co. return uniform values
  bool subgroup_id_uniform = false;
};

struct FunctionGraph {
  Graph g;
  NodeId may_be_non_uniform = kNoNode;
  NodeId cf_start = kNoNode;
  std::vector<NodeId> param;           // param_i
  std::vector<NodeId> param_contents;  // param_i_contents, kNoNode unless a function pointer
  NodeId value_return = kNoNode;
  std::vector<NodeId> return_contents; // Value_return_i_contents
  std::vector<Requirement> requirements;
};

}  // namespace wgsl::uniformity
