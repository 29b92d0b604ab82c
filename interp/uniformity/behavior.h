// Statement behaviors (spec section "Statements Behavior Analysis"), which the uniformity rules
// consult: a set of {Next, Break, Continue, Return}. The resolver validated them already; this
// recomputes them (memoized) for a valid module.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "interp/ast/ast.h"

namespace wgsl::uniformity {

using BehaviorSet = uint8_t;
constexpr BehaviorSet kNext = 1, kBreak = 2, kContinue = 4, kReturn = 8;

class Behaviors {
 public:
  BehaviorSet of(const ast::Stmt* s);
  BehaviorSet ofList(const std::vector<ast::StmtPtr>& list);
  // loop { body continuing { continuing } } as a whole.
  BehaviorSet ofLoop(const std::vector<ast::StmtPtr>& body, const ast::ContinuingBlock* continuing);

 private:
  BehaviorSet compute(const ast::Stmt* s);
  std::unordered_map<const ast::Stmt*, BehaviorSet> memo_;
};

}  // namespace wgsl::uniformity
