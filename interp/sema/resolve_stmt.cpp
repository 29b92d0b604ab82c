// The resolver's statements and their behaviors (sections "Statements", "Statements Behavior
// Analysis").
#include "interp/sema/resolver_impl.h"

#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>

#include "base/diagnostics.h"
#include "interp/sema/const_eval.h"

namespace wgsl::sema::internal {

Behaviors Resolver::block(const ast::CompoundStmt& b, bool new_scope) {
  // "Maximum nesting depth of brace-enclosed statements in a function: 127" (section "Limits").
  if (++brace_depth_ == kMaxBraceDepth + 1) {
    diags_.error(b.range, fmt::format("braces are nested more than {} deep in function '{}': WGSL implementations "
                                      "only have to support {} (section \"Limits\")",
                                      kMaxBraceDepth, current_fn_ ? current_fn_->name.name.str() : "?", kMaxBraceDepth));
  }
  struct Exit {
    int& d;
    ~Exit() { --d; }
  } exit_{brace_depth_};
  checkStatementAttributes(b.attributes);
  if (new_scope) scopes_.emplace_back();
  Behaviors acc = kNext;
  for (const auto& s : b.body) {
    Behaviors sb = statement(*s);
    if (acc & kNext) acc = (acc & ~kNext) | sb;  // statements after one without Next are unreachable
  }
  if (new_scope) scopes_.pop_back();
  return acc;
}

Behaviors Resolver::statements(const std::vector<ast::StmtPtr>& body) {
  Behaviors acc = kNext;
  for (const auto& s : body) {
    Behaviors sb = statement(*s);
    if (acc & kNext) acc = (acc & ~kNext) | sb;
  }
  return acc;
}

void Resolver::checkBool(const Expr& e, const char* what) {
  ExprInfo c = expr(e);
  if (c.type && (c.type = loadType(c.type)) && c.type->kind != TypeKind::Bool) {
    diags_.error(e.range, fmt::format("the condition of {} must be of type bool, not '{}'", what, c.type->name()));
  }
}

Behaviors Resolver::statement(const ast::Stmt& s) {
  switch (s.kind) {
    case ast::StmtKind::Compound: return block(static_cast<const ast::CompoundStmt&>(s));
    case ast::StmtKind::Return: {
      const auto& r = static_cast<const ast::ReturnStmt&>(s);
      if (within_continuing_) diags_.error(s.range, "'return' is not allowed in a 'continuing' block (nor in a loop inside one)");
      const Signature& sig = signatures_[current_fn_];
      if (r.value) {
        ExprInfo v = expr(*r.value);
        if (!current_fn_->return_type) {
          diags_.error(r.value->range, fmt::format("function '{}' has no return type, so 'return' cannot have a value",
                                                   current_fn_->name.name));
        } else if (v.type && sig.ret && !convertible(v.type, sig.ret)) {
          diags_.error(r.value->range, fmt::format("cannot return a value of type '{}' from function '{}' with return "
                                                   "type '{}'",
                                                   loadType(v.type)->name(), current_fn_->name.name, sig.ret->name()));
        } else {
          checkImplicitConversion(v, sig.ret, r.value->range);
        }
      } else if (current_fn_->return_type) {
        diags_.error(s.range, fmt::format("function '{}' must return a value of type '{}'", current_fn_->name.name,
                                          sig.ret ? sig.ret->name() : "?"));
      }
      return kReturn;
    }
    case ast::StmtKind::If: {
      const auto& i = static_cast<const ast::IfStmt&>(s);
      checkStatementAttributes(i.attributes);
      Behaviors b = 0;
      // Clause k is nested k levels deep in the later passes, which treat `else if` as an
      // `if` inside the `else` block of the clause before.
      const size_t outer = static_cast<size_t>(brace_depth_) + else_if_depth_;
      for (size_t k = 0; k < i.clauses.size(); ++k) {
        const ast::IfClause& c = i.clauses[k];
        if (outer + k + 1 > kMaxStatementNesting) {
          diags_.error(c.range, fmt::format("statements are nested more than {} levels deep here (each 'else if' "
                                            "counts as nested in the clause before it): an implementation limit of "
                                            "wgslemu",
                                            kMaxStatementNesting));
          return b | kNext;
        }
        else_if_depth_ += k;
        checkBool(*c.condition, "an 'if' statement");
        b |= block(*c.body);
        else_if_depth_ -= k;
      }
      else_if_depth_ += i.clauses.size() - 1;
      b |= i.else_body ? block(*i.else_body) : static_cast<Behaviors>(kNext);
      else_if_depth_ -= i.clauses.size() - 1;
      return b;
    }
    case ast::StmtKind::Switch: return switchStmt(static_cast<const ast::SwitchStmt&>(s));
    case ast::StmtKind::Loop: {
      const auto& l = static_cast<const ast::LoopStmt&>(s);
      checkStatementAttributes(l.attributes);
      checkStatementAttributes(l.body_attributes);
      if (l.continuing) checkStatementAttributes(l.continuing->attributes);
      // A loop nested in a continuing block has its own break/continue targets.
      const int outer_continuing = in_continuing_, outer_switch = switch_depth_;
      in_continuing_ = 0;
      switch_depth_ = 0;
      ++loop_depth_;
      loop_continues_.emplace_back();
      scopes_.emplace_back();  // the continuing block sees the loop body's declarations
      Behaviors b1 = statements(l.body);
      std::vector<SourceRange> continues = std::move(loop_continues_.back());
      loop_continues_.pop_back();
      Behaviors b2 = kNext;
      if (l.continuing) {
        ++in_continuing_;
        ++within_continuing_;
        scopes_.emplace_back();
        b2 = statements(l.continuing->body);
        if (l.continuing->break_if) {
          checkBool(*l.continuing->break_if, "'break if'");
          b2 = (b2 & ~kNext) | kBreak | kNext;
        }
        scopes_.pop_back();
        --within_continuing_;
        --in_continuing_;
        if (!continues.empty()) checkContinueBypass(l, continues);
      }
      scopes_.pop_back();
      --loop_depth_;
      in_continuing_ = outer_continuing;
      switch_depth_ = outer_switch;
      return loopBehavior(b1, b2, s.range);
    }
    case ast::StmtKind::For: {
      const auto& f = static_cast<const ast::ForStmt&>(s);
      checkStatementAttributes(f.attributes);
      scopes_.emplace_back();
      if (f.init) statement(*f.init);
      if (f.condition) checkBool(*f.condition, "a 'for' loop");
      const int outer_continuing = in_continuing_, outer_switch = switch_depth_;
      in_continuing_ = 0;
      switch_depth_ = 0;
      ++loop_depth_;
      loop_continues_.emplace_back();
      Behaviors b1 = block(*f.body);
      // for (init; cond; update) { body } = init; loop { if !cond { break; } body continuing { update } }
      if (f.condition) b1 |= kBreak;
      ++in_continuing_;
      if (f.update) statement(*f.update);
      --in_continuing_;
      loop_continues_.pop_back();
      --loop_depth_;
      in_continuing_ = outer_continuing;
      switch_depth_ = outer_switch;
      scopes_.pop_back();
      return loopBehavior(b1 | (f.condition ? static_cast<Behaviors>(kNext) : 0u), kNext, s.range);
    }
    case ast::StmtKind::While: {
      const auto& w = static_cast<const ast::WhileStmt&>(s);
      checkStatementAttributes(w.attributes);
      checkBool(*w.condition, "a 'while' loop");
      const int outer_continuing = in_continuing_, outer_switch = switch_depth_;
      in_continuing_ = 0;
      switch_depth_ = 0;
      ++loop_depth_;
      loop_continues_.emplace_back();
      Behaviors b1 = block(*w.body) | kBreak;
      loop_continues_.pop_back();
      --loop_depth_;
      in_continuing_ = outer_continuing;
      switch_depth_ = outer_switch;
      return loopBehavior(b1, kNext, s.range);
    }
    case ast::StmtKind::Break:
      if (loop_depth_ == 0 && switch_depth_ == 0) {
        diags_.error(s.range, "'break' must be inside a loop or a switch");
      } else if (in_continuing_ && switch_depth_ == 0) {
        diags_.error(s.range, "'break' is not allowed in a 'continuing' block (use 'break if' as its last statement)");
      }
      return kBreak;
    case ast::StmtKind::BreakIf: return kBreak | kNext;
    case ast::StmtKind::Continue:
      if (loop_depth_ == 0) diags_.error(s.range, "'continue' must be inside a loop");
      else if (in_continuing_) diags_.error(s.range, "'continue' is not allowed in a 'continuing' block");
      else if (!loop_continues_.empty()) loop_continues_.back().push_back(s.range);
      return kContinue;
    case ast::StmtKind::Discard:
      if (current_fn_) records_.restricted[current_fn_].push_back({"discard", {"fragment"}, s.range});
      return kNext;
    case ast::StmtKind::Call: {
      const auto& c = static_cast<const ast::CallStmt&>(s);
      ExprInfo info = expr(*c.call, /*as_statement=*/true);
      (void)info;
      if (Symbol* callee = lookupFunctionOf(*c.call)) {
        auto it = fn_behavior_.find(callee->function);
        if (it != fn_behavior_.end() && it->second == 0) return 0;
      }
      return kNext;
    }
    case ast::StmtKind::VarDecl: {
      localDecl(static_cast<const ast::VarDeclStmt&>(s).decl);
      return kNext;
    }
    case ast::StmtKind::Assign: assignment(static_cast<const ast::AssignStmt&>(s)); return kNext;
    case ast::StmtKind::Increment:
      modify(*static_cast<const ast::IncrementStmt&>(s).lhs, "increment");
      return kNext;
    case ast::StmtKind::Decrement:
      modify(*static_cast<const ast::DecrementStmt&>(s).lhs, "decrement");
      return kNext;
    case ast::StmtKind::ConstAssert: constAssert(static_cast<const ast::ConstAssertStmt&>(s)); return kNext;
  }
  return kNext;
}

void Resolver::checkContinueBypass(const ast::LoopStmt& l, const std::vector<SourceRange>& continues) {
  if (!l.continuing) return;
  SourceRange cr = l.continuing->range;
  if (l.continuing->break_if) {
    cr.begin = std::min(cr.begin, l.continuing->break_if->range.begin);
    cr.end = std::max(cr.end, l.continuing->break_if->range.end);
  }
  for (const auto& st : l.body) {
    if (!st || st->kind != ast::StmtKind::VarDecl) continue;
    const ast::VarDecl& d = static_cast<const ast::VarDeclStmt&>(*st).decl;
    const SourceRange* bypassing = nullptr;
    for (const SourceRange& c : continues) {
      if (c.begin < st->range.begin) {
        bypassing = &c;
        break;
      }
    }
    if (!bypassing) break;  // the continues all come after this and every later declaration
    const ast::Expr* use = nullptr;
    for (const auto& [e, info] : p_.exprs) {
      if (info.decl == &d && e->kind == ast::ExprKind::Ident && e->range.begin >= cr.begin && e->range.end <= cr.end &&
          (!use || e->range.begin < use->range.begin)) {
        use = e;
      }
    }
    if (!use) continue;
    diags_.error(bypassing->begin < bypassing->end ? *bypassing : st->range,
                 fmt::format("this 'continue' skips the declaration of '{}', which the loop's 'continuing' block uses",
                             d.name.name));
    diags_.note(d.name.range, fmt::format("'{}' is declared here", d.name.name));
    diags_.note(use->range, "and used here, in the 'continuing' block");
    return;
  }
}

Behaviors Resolver::loopBehavior(Behaviors b1, Behaviors b2, SourceRange r) {
  if (b2 & (kContinue | kReturn)) return kNext;  // reported where the statement is
  Behaviors out;
  if (b1 == kReturn) {
    out = kReturn;
  } else if (((b1 | b2) & kBreak) == 0) {
    out = (b1 | b2) & ~(kContinue | kNext);
  } else {
    out = (b1 | b2 | kNext) & ~(kBreak | kContinue);
  }
  if (out == 0) {
    diags_.error(r, "this loop never exits: it has no 'break' and no 'return' (its behavior is empty, which the spec "
                    "forbids)");
    return kNext;
  }
  return out;
}

Behaviors Resolver::switchStmt(const ast::SwitchStmt& sw) {
  checkStatementAttributes(sw.attributes);
  checkStatementAttributes(sw.body_attributes);
  ExprInfo sel = expr(*sw.selector);
  const Type* selType = sel.type ? loadType(sel.type) : nullptr;
  if (selType && !selType->isIntegerScalar()) {
    diags_.error(sw.selector->range, fmt::format("a switch selector must be of type i32 or u32, not '{}'", selType->name()));
    selType = nullptr;
  }
  int defaults = 0;
  const Type* common = selType;
  std::vector<std::pair<const Expr*, ExprInfo>> selectors;
  for (const auto& c : sw.clauses) {
    if (c.is_default_alone) ++defaults;
    for (const auto& sel_ : c.selectors) {
      if (!sel_.expr) {
        ++defaults;
        continue;
      }
      ExprInfo v = expr(*sel_.expr);
      if (!v.type) continue;
      if (v.stage != EvalStage::Const || !v.type->isIntegerScalar()) {
        diags_.error(sel_.expr->range, "case selectors must be const-expressions of type i32 or u32");
        continue;
      }
      selectors.push_back({sel_.expr.get(), v});
      if (!v.type->isAbstractScalar()) {
        if (common && !common->isAbstractScalar() && common != v.type) {
          diags_.error(sel_.expr->range, fmt::format("case selector of type '{}' does not match the switch selector type "
                                                     "'{}'",
                                                     v.type->name(), common->name()));
        } else {
          common = v.type;
        }
      }
    }
  }
  size_t selector_count = 0;
  for (const auto& c : sw.clauses) selector_count += c.is_default_alone ? 1 : c.selectors.size();
  if (selector_count > 1023) {
    diags_.error(sw.selector->range, fmt::format("this switch has {} case selector values: WGSL implementations only "
                                                 "have to support 1023 (section \"Limits\")",
                                                 selector_count));
  }
  if (defaults == 0) diags_.error(sw.selector->range, "a switch statement must have exactly one 'default' clause, found none");
  if (defaults > 1) diags_.error(sw.selector->range, fmt::format("a switch statement must have exactly one 'default' clause, found {}", defaults));
  const Type* target = common ? (common->isAbstractScalar() ? types_.i32() : common) : nullptr;
  if (target) {
    std::unordered_map<int64_t, std::vector<SourceRange>> seen;  // where each value was used
    for (const auto& [e, v] : selectors) {
      if (!v.value) continue;
      auto cv = convertAutomatic(types_, *v.value, target);
      if (!cv.value) {
        diags_.error(e->range, cv.error);
        continue;
      }
      // Each earlier use of the same value is reported (the selectors are all converted to
      // `target`, an integer scalar, so equal values have equal `i`). Found by value, not by
      // comparing with every earlier selector: that was quadratic in the selectors (50 000 of
      // them, far over the limit above, took seconds).
      std::vector<SourceRange>& earlier = seen[cv.value->i];
      for (const SourceRange& where : earlier) {
        diags_.error(e->range, fmt::format("duplicate case selector value {}", cv.value->toString()));
        diags_.note(where, "first used here");
      }
      earlier.push_back(e->range);
    }
  }
  ++switch_depth_;
  Behaviors all = 0;
  for (const auto& c : sw.clauses) all |= block(*c.body);
  --switch_depth_;
  if (all & kBreak) return (all | kNext) & ~kBreak;
  return all;
}

}  // namespace wgsl::sema::internal
