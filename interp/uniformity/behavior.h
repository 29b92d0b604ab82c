// Statement behaviors (spec section "Statements Behavior Analysis"), which the uniformity rules
// consult: a set of {Next, Break, Continue, Return}. The resolver validated them already; this
// recomputes them (memoized) for a valid module.
#pragma once

#include <cstdint>
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
  // Memo: an open-addressing table keyed by statement address (linear probing; 0 = empty).
  uint8_t* slot(const ast::Stmt* s);
  void grow();
  std::vector<const ast::Stmt*> keys_;
  std::vector<uint8_t> values_;
  size_t used_ = 0;
};

}  // namespace wgsl::uniformity
