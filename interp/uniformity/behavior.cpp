#include "interp/uniformity/behavior.h"

namespace wgsl::uniformity {

uint8_t* Behaviors::slot(const ast::Stmt* s) {
  const size_t mask = keys_.size() - 1;
  size_t h = (reinterpret_cast<uintptr_t>(s) >> 4) * 0x9E3779B97F4A7C15ull;
  for (size_t i = (h >> 20) & mask;; i = (i + 1) & mask) {
    if (keys_[i] == s) return &values_[i];
    if (!keys_[i]) {
      keys_[i] = s;
      values_[i] = 0;
      ++used_;
      return &values_[i];
    }
  }
}

void Behaviors::grow() {
  std::vector<const ast::Stmt*> old_keys = std::move(keys_);
  std::vector<uint8_t> old_values = std::move(values_);
  keys_.assign(old_keys.empty() ? 1024 : old_keys.size() * 2, nullptr);
  values_.assign(keys_.size(), 0);
  used_ = 0;
  for (size_t i = 0; i < old_keys.size(); ++i)
    if (old_keys[i]) *slot(old_keys[i]) = old_values[i];
}

BehaviorSet Behaviors::of(const ast::Stmt* s) {
  if (!s) return kNext;  // the empty statement
  if ((used_ + 1) * 2 > keys_.size()) grow();
  if (BehaviorSet b = *slot(s)) return b;  // every behavior is non-empty
  BehaviorSet b = compute(s);
  if ((used_ + 1) * 2 > keys_.size()) grow();
  *slot(s) = b;
  return b;
}

BehaviorSet Behaviors::ofList(const std::vector<ast::StmtPtr>& list) {
  BehaviorSet acc = kNext;
  for (const auto& s : list) {
    if (!(acc & kNext)) break;  // the rest is statically unreachable
    acc = BehaviorSet((acc & ~kNext) | of(s.get()));
  }
  return acc;
}

BehaviorSet Behaviors::ofLoop(const std::vector<ast::StmtPtr>& body, const ast::ContinuingBlock* continuing) {
  BehaviorSet b1 = ofList(body);
  BehaviorSet b2 = kNext;
  if (continuing) {
    b2 = ofList(continuing->body);
    if (continuing->break_if && (b2 & kNext)) b2 = BehaviorSet((b2 & ~kNext) | kBreak | kNext);
  }
  if (b1 == kReturn) return kReturn;
  BehaviorSet u = b1 | b2;
  if (u & kBreak) return BehaviorSet((u | kNext) & ~(kBreak | kContinue));
  return BehaviorSet(u & ~(kContinue | kNext));
}

BehaviorSet Behaviors::compute(const ast::Stmt* s) {
  using K = ast::StmtKind;
  switch (s->kind) {
    case K::Compound: return ofList(s->as<ast::CompoundStmt>()->body);
    case K::Return: return kReturn;
    case K::Break: return kBreak;
    case K::BreakIf: return kBreak | kNext;
    case K::Continue: return kContinue;
    case K::If: {
      const auto* i = s->as<ast::IfStmt>();
      BehaviorSet b = i->else_body ? of(i->else_body.get()) : kNext;
      for (const auto& c : i->clauses) b |= of(c.body.get());
      return b;
    }
    case K::Switch: {
      BehaviorSet b = 0;
      for (const auto& c : s->as<ast::SwitchStmt>()->clauses) b |= of(c.body.get());
      if (b & kBreak) b = BehaviorSet((b | kNext) & ~kBreak);
      return b;
    }
    case K::Loop: {
      const auto* l = s->as<ast::LoopStmt>();
      return ofLoop(l->body, l->continuing.get());
    }
    case K::For: {
      // for (init; cond; update) { body } is { init; loop { if !cond { break; } body continuing { update } } }
      const auto* f = s->as<ast::ForStmt>();
      BehaviorSet b1 = of(f->body.get());
      if (f->condition) b1 |= kBreak | kNext;
      BehaviorSet b2 = f->update ? of(f->update.get()) : kNext;
      if (b1 == kReturn) return kReturn;
      BehaviorSet u = b1 | b2;
      if (u & kBreak) return BehaviorSet((u | kNext) & ~(kBreak | kContinue));
      return BehaviorSet(u & ~(kContinue | kNext));
    }
    case K::While: {
      // while cond { body } is loop { if !cond { break; } body }
      BehaviorSet b1 = of(s->as<ast::WhileStmt>()->body.get()) | kBreak | kNext;
      return BehaviorSet((b1 | kNext) & ~(kBreak | kContinue));
    }
    default: return kNext;  // declarations, assignments, calls, discard, const_assert
  }
}

}  // namespace wgsl::uniformity
