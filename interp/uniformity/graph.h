// The directed graph of one function's uniformity analysis: nodes (each optionally labelled
// with what it stands for in the source, for diagnostics) and implication edges. Edges are
// collected as pairs and packed into adjacency arrays once the graph is complete.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "base/diagnostics.h"

namespace wgsl::uniformity {

using NodeId = uint32_t;
constexpr NodeId kNoNode = 0xffffffffu;

// What a node stands for, for the notes of a diagnostic. Texts are rendered on demand.
enum class LabelKind : uint8_t {
  None,
  Condition,        // control flow depends on a condition (if, switch, loop condition)
  BreakIf,          // control flow after `break if`
  ShortCircuit,     // right operand of && / || depends on the left one
  LetDecl,          // let x = e
  VarDecl,          // var x = e
  Assign,           // x = e (or through a pointer)
  StorageRead,      // reading a non-read-only module-scope variable (a = name, space in extra)
  PtrParamRead,     // reading through a pointer parameter in a non-function address space
  BuiltinValue,     // a non-uniform built-in value (a = builtin, b = parameter/member name)
  UserInput,        // a user-defined input of an entry point
  BuiltinResult,    // result of a builtin that may be non-uniform (a = builtin name, extra = its sema::BuiltinFn)
  CallResult,       // return value of a user function (callee index in extra)
  PtrAfterCall,     // contents of a variable passed by pointer, after the call
  PtrArgInNonUniformCf,  // (Tint) pointer argument passed in possibly non-uniform control flow
  CallNeedsUniformCf,    // note: callee a must be called in uniform control flow (builtin b; extra: indirect)
  ParamMustBeUniform,    // note: parameter a of callee b must be uniform
  ParamContentsMustBeUniform,  // note: the value pointed to by parameter a of b must be uniform
  MayReturnNonUniform,   // note: function a may return a non-uniform value
  Param,            // param_i of the function being analysed (a = name)
  ParamContents,    // param_i_contents
};

struct Label {
  LabelKind kind = LabelKind::None;
  SourceRange range;
  const std::string* a = nullptr;
  const std::string* b = nullptr;
  uint32_t extra = 0;
  const void* ptr = nullptr;  // CallResult/PtrAfterCall: the callee's ast::FunctionDecl
};

class Graph {
 public:
  NodeId add(bool interior = true) { return add(Label{}, interior); }
  NodeId add(const Label& label, bool interior = true);
  void edge(NodeId from, NodeId to) {
    if (from != to && from != kNoNode && to != kNoNode) edges_.emplace_back(from, to);
  }
  // Packs edges into adjacency arrays; call once, after the last edge.
  void finalize();
  // Empties the graph, keeping its memory for the next function.
  void clear() {
    labels_.clear();
    interior_.clear();
    edges_.clear();
  }

  size_t size() const { return labels_.size(); }
  size_t edgeCount() const { return edges_.size(); }
  const Label& label(NodeId n) const { return labels_[n]; }
  bool interior(NodeId n) const { return interior_[n] != 0; }

  template <typename F>
  void forEachOut(NodeId n, F f) const {
    for (uint32_t i = out_off_[n]; i < out_off_[n + 1]; ++i) f(out_[i]);
  }
  template <typename F>
  void forEachIn(NodeId n, F f) const {
    for (uint32_t i = in_off_[n]; i < in_off_[n + 1]; ++i) f(in_[i]);
  }

  // For every node that can reach `target`, the next node on a shortest path to it (the
  // target maps to itself); kNoNode for nodes that cannot reach it.
  std::vector<NodeId> pathsTo(NodeId target) const;
  void pathsTo(NodeId target, std::vector<NodeId>& next) const;
  // Nodes reachable from `from` (including it), with the node each was reached from.
  std::vector<NodeId> reachableFrom(NodeId from) const;
  // The same into caller-owned buffers (resized as needed).
  void reachableFrom(NodeId from, std::vector<NodeId>& parent, std::vector<NodeId>& queue) const;

 private:
  std::vector<Label> labels_;
  std::vector<uint8_t> interior_;
  std::vector<std::pair<NodeId, NodeId>> edges_;
  std::vector<uint32_t> out_off_, out_, in_off_, in_;
  mutable std::vector<NodeId> scratch_;
};

}  // namespace wgsl::uniformity
