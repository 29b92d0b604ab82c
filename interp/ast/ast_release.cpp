// Destroying expression trees without recursion: a chain of binary operators or postfix
// accesses inside nested parentheses may be hundreds of thousands of levels deep (the parser
// builds such chains iteratively), and destructors that recursed through unique_ptr children
// would exhaust the stack. Each composite destructor hands its children to a work list that
// the outermost destruction drains.
#include <vector>

#include "interp/ast/ast.h"

namespace wgsl::ast {
namespace {

thread_local std::vector<ExprPtr>* pending = nullptr;

void release(ExprPtr& child) {
  if (!child) return;
  if (pending != nullptr) {
    pending->push_back(std::move(child));
    return;
  }
  std::vector<ExprPtr> work;
  pending = &work;
  work.push_back(std::move(child));
  while (!work.empty()) {
    ExprPtr e = std::move(work.back());
    work.pop_back();
    e.reset();  // its destructor pushes its own children
  }
  pending = nullptr;
}

void release(std::vector<ExprPtr>& children) {
  for (auto& c : children) release(c);
}

}  // namespace

TemplatedIdentExpr::~TemplatedIdentExpr() { release(template_args); }
CallExpr::~CallExpr() {
  release(args);
  if (target != nullptr)
    if (auto* targs = target->mutableTemplateArgs()) release(*targs);
}
ParenExpr::~ParenExpr() { release(inner); }
UnaryExpr::~UnaryExpr() { release(operand); }
BinaryExpr::~BinaryExpr() {
  release(lhs);
  release(rhs);
}
IndexExpr::~IndexExpr() {
  release(base);
  release(index);
}
MemberExpr::~MemberExpr() { release(base); }

}  // namespace wgsl::ast
