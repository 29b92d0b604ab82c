// The work and memory budget of early evaluation (const-expressions at shader creation, also
// override-expressions at pipeline creation), counted in value components created: each element
// a composite ConstValue stores (a splat stores one). Every operation on const values creates
// components in proportion to the components it reads, so the count bounds time as well as
// memory. The resolver installs one budget per resolution with a Scope; ConstElements charges
// the budget installed on its thread (none outside resolution: the lowering and the runtime
// build values without a budget); exceeding it throws Exceeded, which the resolver reports at
// the expression being evaluated. The limit is kMaxConstEvalElements (limits.h).
#pragma once

#include <cstdint>

namespace wgsl::sema {

class ConstEvalBudget {
 public:
  // Thrown by charge() once the installed budget is exceeded; the resolver catches it.
  struct Exceeded {};

  explicit ConstEvalBudget(uint64_t limit) : limit_(limit) {}
  uint64_t limit() const { return limit_; }
  uint64_t used() const { return used_; }

  // Charges `n` created components to the budget installed on this thread, if any.
  static void charge(uint64_t n);

  // Installs a budget on this thread for the lifetime of the scope (scopes nest).
  class Scope {
   public:
    explicit Scope(ConstEvalBudget& b);
    ~Scope();
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    ConstEvalBudget* previous_;
  };

 private:
  uint64_t limit_;
  uint64_t used_ = 0;
};

}  // namespace wgsl::sema
