#include "interp/sema/const_budget.h"

namespace wgsl::sema {

namespace {
thread_local ConstEvalBudget* active = nullptr;
}  // namespace

void ConstEvalBudget::charge(uint64_t n) {
  ConstEvalBudget* b = active;
  if (b == nullptr) return;
  b->used_ += n;
  if (b->used_ > b->limit_) throw Exceeded{};
}

ConstEvalBudget::Scope::Scope(ConstEvalBudget& b) : previous_(active) { active = &b; }

ConstEvalBudget::Scope::~Scope() { active = previous_; }

}  // namespace wgsl::sema
