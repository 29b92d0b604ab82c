// Builds the uniformity graph of one function. Function-scope variables (and the variables that
// function-address-space pointer parameters desugar to) are tracked by the value analysis: the
// current value node of each, copied at branches and joined where control flow merges.
#include "interp/uniformity/function_graph.h"

#include <algorithm>


namespace wgsl::uniformity {
namespace {

using sema::AddressSpace;
using sema::AccessMode;
using sema::BuiltinUniformity;
using sema::DeclRef;
using sema::Type;
using sema::TypeKind;

using VarState = std::vector<NodeId>;  // current value node per tracked variable (kNoNode: not declared)

// Where a memory view expression is rooted, after pointer desugaring.
enum class RootKind { None, Local, Module, PtrParam };

struct MemView {
  RootKind kind = RootKind::None;
  int local = -1;                 // Local: index into the variable state
  int param = -1;                 // Local for a desugared pointer parameter; PtrParam
  const ast::VarDecl* decl = nullptr;
  const Type* ptr_type = nullptr; // PtrParam: the parameter's pointer type
  const std::string* name = nullptr;
  std::vector<NodeId> deps;       // index values captured along the way
  bool full = true;               // a full reference / full pointer
};

bool readOnlySpace(AddressSpace space, AccessMode access) {
  switch (space) {
    case AddressSpace::Uniform:
    case AddressSpace::Handle:
    case AddressSpace::Immediate: return true;
    case AddressSpace::Storage: return access == AccessMode::Read;
    default: return false;
  }
}

const std::string* builtinAttr(const ast::AttributeList& attrs) {
  for (const auto& a : attrs) {
    if (a.name.name == "builtin" && !a.args.empty()) {
      if (const auto* id = a.args[0]->as<ast::IdentExpr>()) return &id->ident.name.str();
    }
  }
  return nullptr;
}

class Builder {
 public:
  Builder(const FunctionContext& ctx, FunctionGraph& out) : ctx_(ctx), prog_(*ctx.program), fn_(*ctx.function), out_(out) {}

  void build() {
    out_.g.clear();
    out_.requirements.clear();
    out_.param.clear();
    out_.param_contents.clear();
    out_.return_contents.clear();
    out_.value_return = kNoNode;
    Graph& g = out_.g;
    static const std::string kMbnu = "MayBeNonUniform", kCfStart = "CF_start";
    out_.may_be_non_uniform = g.add(Label{LabelKind::None, {}, &kMbnu}, false);
    out_.cf_start = g.add(Label{LabelKind::None, fn_.name.range, &kCfStart}, false);
    const auto fit = prog_.functions.find(&fn_);
    const size_t n = fn_.params.size();
    out_.param.resize(n, kNoNode);
    out_.param_contents.resize(n, kNoNode);
    out_.return_contents.resize(n, kNoNode);
    param_local_.assign(n, -1);
    for (size_t i = 0; i < n; ++i) {
      const auto& p = fn_.params[i];
      out_.param[i] = g.add(Label{LabelKind::Param, p.name.range, &p.name.name.str(), &fn_.name.name.str()}, false);
      const Type* t = fit != prog_.functions.end() && i < fit->second.params.size() ? fit->second.params[i] : nullptr;
      param_types_.push_back(t);
      if (t && t->isPtr() && t->space == AddressSpace::Function) {
        out_.param_contents[i] =
            g.add(Label{LabelKind::ParamContents, p.name.range, &p.name.name.str(), &fn_.name.name.str()}, false);
        out_.return_contents[i] = g.add();
        // Desugared as `var p_var = *p;`: a local variable whose initial value is the contents.
        param_local_[i] = newLocal();
        var(param_local_[i]) = out_.param_contents[i];
      }
    }
    if (fit != prog_.functions.end() && fit->second.ret) out_.value_return = g.add();

    pushFilters(&fn_.attributes);
    NodeId cf = out_.cf_start;
    if (fn_.body) {
      // Attributes written before the body (`fn f() @diagnostic(...) { ... }`) apply to it.
      FilterScope fb(*this, &fn_.body->attributes);
      cf = list(fn_.body->body, cf);
      if (ctx_.behaviors->ofList(fn_.body->body) & kNext) returnContents();
    }
    (void)cf;
    out_.g.finalize();
  }

 private:
  // ---------------------------------------------------------------- helpers
  Graph& g() { return out_.g; }
  NodeId node() { return g().add(); }
  NodeId node(LabelKind k, SourceRange r, const std::string* a = nullptr, const std::string* b = nullptr) {
    return g().add(Label{k, r, a, b});
  }
  NodeId join(NodeId a, NodeId b) {
    if (a == b || b == kNoNode) return a;
    if (a == kNoNode) return b;
    NodeId r = node();
    g().edge(r, a);
    g().edge(r, b);
    return r;
  }
  // A source of non-uniformity: a labelled node with an edge to MayBeNonUniform.
  NodeId source(const Label& l) {
    NodeId s = g().add(l);
    g().edge(s, out_.may_be_non_uniform);
    return s;
  }
  int newLocal() {
    vars_.resize(std::max(vars_.size(), size_t(next_local_)) + 0, kNoNode);
    vars_.push_back(kNoNode);
    next_local_ = int(vars_.size());
    return next_local_ - 1;
  }
  // The current value node of a tracked variable (kNoNode-safe for any index).
  NodeId& var(int i) {
    if (size_t(i) >= vars_.size()) vars_.resize(size_t(i) + 1, kNoNode);
    return vars_[size_t(i)];
  }
  const sema::ExprInfo* info(const ast::Expr* e) const { return prog_.info(e); }
  const Type* typeOf(const ast::Expr* e) const {
    const auto* i = info(e);
    return i ? i->type : nullptr;
  }

  // Joins several variable states (control flow merging).
  VarState merge(const std::vector<VarState>& states) {
    if (states.empty()) return vars_;
    size_t n = 0;
    for (const auto& s : states) n = std::max(n, s.size());
    VarState r(n, kNoNode);
    for (size_t i = 0; i < n; ++i) {
      NodeId first = kNoNode;
      bool differ = false;
      for (const auto& s : states) {
        if (i >= s.size() || s[i] == kNoNode) continue;
        if (first == kNoNode) first = s[i];
        else if (s[i] != first) differ = true;
      }
      if (!differ) {
        r[i] = first;
        continue;
      }
      NodeId j = node();
      for (const auto& s : states)
        if (i < s.size() && s[i] != kNoNode) g().edge(j, s[i]);
      r[i] = j;
    }
    return r;
  }

  void addRequirement(Sev sev, NodeId target, Origin origin, const void* group = nullptr) {
    if (sev == Sev::None) return;
    out_.requirements.push_back(Requirement{sev, target, std::move(origin), group});
  }

  // ---------------------------------------------------------------- diagnostic filters
  void pushFilters(const ast::AttributeList* attrs) { filters_.push_back(attrs); }
  void popFilters() { filters_.pop_back(); }
  struct FilterScope {
    Builder& b;
    FilterScope(Builder& b, const ast::AttributeList* a) : b(b) { b.pushFilters(a); }
    ~FilterScope() { b.popFilters(); }
  };

  static Sev toSev(ast::Severity s) {
    switch (s) {
      case ast::Severity::Error: return Sev::Error;
      case ast::Severity::Warning: return Sev::Warning;
      case ast::Severity::Info: return Sev::Info;
      case ast::Severity::Off: return Sev::None;
    }
    return Sev::Error;
  }
  static bool matches(const ast::DiagnosticControl& dc, const char* rule) {
    return !dc.rule_member && dc.rule.name == rule;
  }
  // The new severity of the nearest enclosing diagnostic filter for `rule` (error if none).
  Sev severityFor(const char* rule) const {
    for (auto it = filters_.rbegin(); it != filters_.rend(); ++it) {
      if (!*it) continue;
      for (const auto& a : **it)
        if (a.diagnostic && matches(*a.diagnostic, rule)) return toSev(a.diagnostic->severity);
    }
    for (const auto& d : prog_.module->directives)
      if (d.diagnostic && matches(*d.diagnostic, rule)) return toSev(d.diagnostic->severity);
    return Sev::Error;
  }

  // ---------------------------------------------------------------- statements
  NodeId list(const std::vector<ast::StmtPtr>& stmts, NodeId cf) {
    for (const auto& s : stmts) {
      cf = stmt(s.get(), cf);
      if (!(ctx_.behaviors->of(s.get()) & kNext)) break;  // the rest is unreachable
    }
    return cf;
  }

  NodeId block(const ast::CompoundStmt* b, NodeId cf) {
    if (!b) return cf;
    FilterScope fs(*this, &b->attributes);
    return list(b->body, cf);
  }

  NodeId stmt(const ast::Stmt* s, NodeId cf) {
    using K = ast::StmtKind;
    switch (s->kind) {
      case K::Compound: return block(s->as<ast::CompoundStmt>(), cf);
      case K::Return: return returnStmt(s->as<ast::ReturnStmt>(), cf);
      case K::If: {
        const auto* i = s->as<ast::IfStmt>();
        FilterScope fs(*this, &i->attributes);
        return ifChain(i, 0, cf);
      }
      case K::Switch: return switchStmt(s->as<ast::SwitchStmt>(), cf);
      case K::Loop: {
        const auto* l = s->as<ast::LoopStmt>();
        FilterScope fs(*this, &l->attributes);
        FilterScope fb(*this, &l->body_attributes);
        BehaviorSet b1 = ctx_.behaviors->ofList(l->body);
        return loop(b1, cf, [&](NodeId c) { return list(l->body, c); },
                    [&](NodeId c) { return continuingBlock(l->continuing.get(), c); });
      }
      case K::For: return forStmt(s->as<ast::ForStmt>(), cf);
      case K::While: return whileStmt(s->as<ast::WhileStmt>(), cf);
      case K::Break:
        if (!jumps_.empty()) jumps_.back().breaks.push_back(vars_);
        return cf;
      case K::Continue:
        for (auto it = jumps_.rbegin(); it != jumps_.rend(); ++it) {
          if (it->is_loop) {
            it->continues.push_back(vars_);
            break;
          }
        }
        return cf;
      case K::Call: call(s->as<ast::CallStmt>()->call.get(), cf); return cf;
      case K::VarDecl: declaration(s->as<ast::VarDeclStmt>()->decl, cf); return cf;
      case K::Assign: assign(s->as<ast::AssignStmt>(), cf); return cf;
      case K::Increment: incDec(s->as<ast::IncrementStmt>()->lhs.get(), s->range, cf); return cf;
      case K::Decrement: incDec(s->as<ast::DecrementStmt>()->lhs.get(), s->range, cf); return cf;
      case K::BreakIf:  // only inside ContinuingBlock::break_if
      case K::Discard:
      case K::ConstAssert: return cf;
    }
    return cf;
  }

  // For each function-address-space pointer parameter: Value_return_i_contents -> Vin(prev).
  void returnContents() {
    for (size_t i = 0; i < param_local_.size(); ++i)
      if (param_local_[i] >= 0) g().edge(out_.return_contents[i], var(param_local_[i]));
  }

  NodeId returnStmt(const ast::ReturnStmt* r, NodeId cf) {
    if (r->value) {
      NodeId v = rhs(r->value.get(), cf);
      g().edge(out_.value_return, v);
    }
    returnContents();
    return cf;
  }

  // `if` with else-if clauses, treated as nested if/else.
  NodeId ifChain(const ast::IfStmt* s, size_t k, NodeId cf) {
    const ast::IfClause& c = s->clauses[k];
    NodeId v = rhs(c.condition.get(), cf);
    NodeId cfc = node(LabelKind::Condition, c.condition->range);
    g().edge(cfc, v);
    VarState pre = vars_;
    NodeId cf1 = block(c.body.get(), cfc);
    BehaviorSet b1 = ctx_.behaviors->of(c.body.get());
    VarState out1 = std::move(vars_);
    vars_ = std::move(pre);
    NodeId cf2 = cfc;
    BehaviorSet b2 = kNext;
    if (k + 1 < s->clauses.size()) {
      b2 = 0;
      for (size_t j = k + 1; j < s->clauses.size(); ++j) b2 |= ctx_.behaviors->of(s->clauses[j].body.get());
      b2 |= s->else_body ? ctx_.behaviors->of(s->else_body.get()) : kNext;
      cf2 = ifChain(s, k + 1, cfc);
    } else if (s->else_body) {
      b2 = ctx_.behaviors->of(s->else_body.get());
      cf2 = block(s->else_body.get(), cfc);
    }
    if ((b1 & kNext) && (b2 & kNext)) vars_ = merge({out1, vars_});
    else if (b1 & kNext) vars_ = std::move(out1);
    if ((b1 | b2) == kNext) return cf;
    NodeId end = node();
    g().edge(end, cf1);
    g().edge(end, cf2);
    return end;
  }

  struct Jump {
    bool is_loop = false;
    std::vector<VarState> breaks, continues;
  };

  NodeId switchStmt(const ast::SwitchStmt* s, NodeId cf) {
    FilterScope fs(*this, &s->attributes);
    NodeId v = rhs(s->selector.get(), cf);
    NodeId cfs = node(LabelKind::Condition, s->selector->range);
    g().edge(cfs, v);
    FilterScope fb(*this, &s->body_attributes);
    VarState pre = vars_;
    jumps_.push_back(Jump{false, {}, {}});
    std::vector<NodeId> cfs_out;
    std::vector<VarState> outs;
    BehaviorSet all = 0;
    for (const auto& c : s->clauses) {
      vars_ = pre;
      cfs_out.push_back(block(c.body.get(), cfs));
      BehaviorSet b = ctx_.behaviors->of(c.body.get());
      all |= b;
      if (b & kNext) outs.push_back(vars_);
    }
    Jump j = std::move(jumps_.back());
    jumps_.pop_back();
    for (auto& b : j.breaks) outs.push_back(std::move(b));
    vars_ = outs.empty() ? pre : merge(outs);
    if (all & kBreak) all = BehaviorSet((all | kNext) & ~kBreak);
    if (all == kNext) return cf;
    NodeId end = node();
    for (NodeId c : cfs_out) g().edge(end, c);
    return end;
  }

  // loop { body continuing { ... } }; `body` analyses the body from a control flow node and
  // `continuing` the continuing part (a `continuing` block, or a for loop's update) from the
  // control flow after the body.
  template <typename Body, typename Continuing>
  NodeId loop(BehaviorSet b1, NodeId cf, Body body, Continuing continuing) {
    jumps_.push_back(Jump{true, {}, {}});
    if (!(b1 & (kNext | kContinue))) {
      // The body only breaks or returns: a single iteration, the continuing block is unreachable.
      NodeId cf1 = body(cf);
      Jump j = std::move(jumps_.back());
      jumps_.pop_back();
      if (!j.breaks.empty()) vars_ = merge(j.breaks);
      return b1 == kBreak ? cf : cf1;
    }
    NodeId cfp = node();
    const size_t n = vars_.size();
    std::vector<NodeId> placeholders(n, kNoNode);
    for (size_t i = 0; i < n; ++i) {
      if (vars_[i] == kNoNode) continue;
      placeholders[i] = node();
      g().edge(placeholders[i], vars_[i]);
      vars_[i] = placeholders[i];
    }
    NodeId cf1 = body(cfp);
    std::vector<VarState> to_continuing = std::move(jumps_.back().continues);
    if (b1 & kNext) to_continuing.push_back(vars_);
    if (!to_continuing.empty()) vars_ = merge(to_continuing);
    NodeId cf2 = continuing(cf1);
    for (size_t i = 0; i < n; ++i)
      if (placeholders[i] != kNoNode && i < vars_.size()) g().edge(placeholders[i], vars_[i]);
    g().edge(cfp, cf2);
    g().edge(cfp, cf);
    Jump j = std::move(jumps_.back());
    jumps_.pop_back();
    if (!j.breaks.empty()) vars_ = merge(j.breaks);
    vars_.resize(std::max(n, vars_.size()), kNoNode);
    return (b1 & kReturn) ? cfp : cf;
  }

  // A loop's `continuing` block (with its `break if`), from the control flow after the body.
  NodeId continuingBlock(const ast::ContinuingBlock* continuing, NodeId cf) {
    if (!continuing) return cf;
    FilterScope fc(*this, &continuing->attributes);
    cf = list(continuing->body, cf);
    if (continuing->break_if) {
      NodeId v = rhs(continuing->break_if.get(), cf);
      NodeId end = node(LabelKind::BreakIf, continuing->break_if->range);
      g().edge(end, v);
      jumps_.back().breaks.push_back(vars_);
      cf = end;
    }
    return cf;
  }

  // `if !cond { break; }` at the top of a desugared for/while body: returns the control flow
  // after it (dependent on the condition).
  NodeId loopCondition(const ast::Expr* cond, NodeId cf) {
    NodeId v = rhs(cond, cf);
    NodeId cfc = node(LabelKind::Condition, cond->range);
    g().edge(cfc, v);
    jumps_.back().breaks.push_back(vars_);
    return cfc;
  }

  NodeId forStmt(const ast::ForStmt* f, NodeId cf) {
    FilterScope fs(*this, &f->attributes);
    if (f->init) cf = stmt(f->init.get(), cf);
    BehaviorSet b1 = ctx_.behaviors->of(f->body.get());
    if (f->condition) b1 |= kBreak | kNext;
    return loop(
        b1, cf,
        [&](NodeId c) {
          if (f->condition) c = loopCondition(f->condition.get(), c);
          return block(f->body.get(), c);
        },
        [&](NodeId c) { return f->update ? stmt(f->update.get(), c) : c; });
  }

  NodeId whileStmt(const ast::WhileStmt* w, NodeId cf) {
    FilterScope fs(*this, &w->attributes);
    BehaviorSet b1 = ctx_.behaviors->of(w->body.get()) | kBreak | kNext;
    return loop(b1, cf, [&](NodeId c) {
      c = loopCondition(w->condition.get(), c);
      return block(w->body.get(), c);
    }, [](NodeId c) { return c; });
  }

  void declaration(const ast::VarDecl& d, NodeId cf) {
    switch (d.decl_kind) {
      case ast::DeclKind::Var: {
        int idx = newLocal();
        var_index_[&d] = idx;
        if (d.initializer) {
          NodeId v = rhs(d.initializer.get(), cf);
          NodeId x = node(LabelKind::VarDecl, d.name.range, &d.name.name.str());
          g().edge(x, v);
          var(idx) = x;
        } else {
          var(idx) = cf;  // the zero value, in the current control flow
        }
        return;
      }
      case ast::DeclKind::Let: {
        const Type* t = nullptr;
        if (const auto* di = prog_.declInfo(&d)) t = di->type;
        if (!t && d.initializer) t = typeOf(d.initializer.get());
        if (t && t->isPtr()) {
          // Pointer desugaring: uses of the let are replaced by its initializer, with the loads
          // inside it (index values) captured here.
          ptr_lets_[&d] = memView(d.initializer.get(), cf);
          return;
        }
        if (!d.initializer) return;
        NodeId v = rhs(d.initializer.get(), cf);
        NodeId x = node(LabelKind::LetDecl, d.name.range, &d.name.name.str());
        g().edge(x, v);
        lets_[&d] = x;
        return;
      }
      case ast::DeclKind::Const:
      case ast::DeclKind::Override: return;
    }
  }

  // Assigns a new value node for the variable at the root of `lhs` (LHSValue), depending on
  // `value` and, for a partial assignment, the previous value.
  void store(const ast::Expr* lhs, NodeId value, NodeId cf, bool also_old, SourceRange range) {
    MemView mv = memView(lhs, cf);
    if (mv.kind != RootKind::Local) return;  // module scope, other pointer parameters: MayBeNonUniform
    const std::string* name = mv.name;
    NodeId x = node(LabelKind::Assign, range, name);
    g().edge(x, cf);
    g().edge(x, value);
    for (NodeId d : mv.deps) g().edge(x, d);
    if (!mv.full || also_old) g().edge(x, var(mv.local));
    // Tint: a store through a pointer parameter depends on where it points (docs/uniformity.md).
    if (mv.param >= 0) g().edge(x, out_.param[mv.param]);
    var(mv.local) = x;
  }

  void assign(const ast::AssignStmt* a, NodeId cf) {
    if (!a->lhs) {  // phony assignment
      rhs(a->rhs.get(), cf);
      return;
    }
    NodeId v = rhs(a->rhs.get(), cf);
    store(a->lhs.get(), v, cf, a->op != ast::AssignOp::Assign, a->range);
  }

  void incDec(const ast::Expr* lhs, SourceRange range, NodeId cf) { store(lhs, cf, cf, true, range); }

  // ---------------------------------------------------------------- expressions
  bool isMemViewForm(const ast::Expr* e) const {
    switch (e->kind) {
      case ast::ExprKind::Ident:
      case ast::ExprKind::Member:
      case ast::ExprKind::Index: return true;
      case ast::ExprKind::Paren: return isMemViewForm(e->as<ast::ParenExpr>()->inner.get());
      case ast::ExprKind::Unary: {
        auto op = e->as<ast::UnaryExpr>()->op;
        return op == ast::UnaryOp::Deref || op == ast::UnaryOp::AddressOf;
      }
      default: return false;
    }
  }

  // Finds the root identifier of a memory view expression, evaluating index expressions.
  MemView memView(const ast::Expr* e, NodeId cf) {
    switch (e->kind) {
      case ast::ExprKind::Paren: return memView(e->as<ast::ParenExpr>()->inner.get(), cf);
      case ast::ExprKind::Unary: return memView(e->as<ast::UnaryExpr>()->operand.get(), cf);
      case ast::ExprKind::Member: {
        MemView mv = memView(e->as<ast::MemberExpr>()->base.get(), cf);
        mv.full = false;
        return mv;
      }
      case ast::ExprKind::Index: {
        const auto* ix = e->as<ast::IndexExpr>();
        MemView mv = memView(ix->base.get(), cf);
        mv.deps.push_back(rhs(ix->index.get(), cf));
        mv.full = false;
        return mv;
      }
      case ast::ExprKind::Ident: {
        const auto* i = info(e);
        MemView mv;
        if (!i) return mv;
        mv.name = &e->as<ast::IdentExpr>()->ident.name.str();
        if (i->ref == DeclRef::Var && i->decl) {
          mv.decl = i->decl;
          auto it = var_index_.find(i->decl);
          if (it != var_index_.end()) {
            mv.kind = RootKind::Local;
            mv.local = it->second;
          } else {
            mv.kind = RootKind::Module;
          }
        } else if (i->ref == DeclRef::Let && i->decl) {
          auto it = ptr_lets_.find(i->decl);
          if (it != ptr_lets_.end()) return it->second;
        } else if (i->ref == DeclRef::Param && i->function == &fn_ && i->param_index >= 0) {
          int p = i->param_index;
          mv.param = p;
          if (param_local_[p] >= 0) {
            mv.kind = RootKind::Local;
            mv.local = param_local_[p];
          } else {
            mv.kind = RootKind::PtrParam;
            mv.ptr_type = param_types_[p];
          }
        }
        return mv;
      }
      default: return MemView{};
    }
  }

  NodeId withDeps(NodeId base, const std::vector<NodeId>& deps) {
    if (deps.empty()) return base;
    NodeId r = node();
    g().edge(r, base);
    for (NodeId d : deps) g().edge(r, d);
    return r;
  }

  // The value of a memory view expression: loaded (the load rule applies) or as a pointer.
  NodeId memViewValue(const ast::Expr* e, NodeId cf, bool loaded) {
    MemView mv = memView(e, cf);
    NodeId base = cf;
    switch (mv.kind) {
      case RootKind::Local:
        if (loaded) {
          base = node();
          g().edge(base, cf);
          g().edge(base, var(mv.local));
          // Tint: what is loaded through a pointer parameter also depends on which memory it
          // points to (the parameter value), not only on the contents (docs/uniformity.md).
          if (mv.param >= 0) g().edge(base, out_.param[mv.param]);
        } else if (mv.param >= 0) {
          base = out_.param[mv.param];
        }
        break;
      case RootKind::Module: {
        const auto* di = prog_.declInfo(mv.decl);
        if (loaded && di && !readOnlySpace(di->space, di->access)) {
          Label l{LabelKind::StorageRead, e->range, mv.name};
          l.extra = uint32_t(di->space);
          base = source(l);
        }
        break;
      }
      case RootKind::PtrParam: {
        const Type* t = mv.ptr_type;
        if (loaded && t && !readOnlySpace(t->space, t->access)) {
          Label l{LabelKind::PtrParamRead, e->range, mv.name, &fn_.name.name.str()};
          l.extra = uint32_t(t->space);
          base = source(l);
        } else {
          // Tint: the pointer value (and what a read-only load yields) depends on the argument;
          // the spec's rules give CF here (docs/uniformity.md).
          base = node();
          g().edge(base, cf);
          g().edge(base, out_.param[mv.param]);
        }
        break;
      }
      case RootKind::None: break;
    }
    return withDeps(base, mv.deps);
  }

  // RHSValue: (CF, e) => V.
  NodeId rhs(const ast::Expr* e, NodeId cf) {
    const Type* t = typeOf(e);
    if (t && t->isRef()) return memViewValue(e, cf, true);
    if (t && t->isPtr() && isMemViewForm(e)) return memViewValue(e, cf, false);
    switch (e->kind) {
      case ast::ExprKind::Literal: return cf;
      case ast::ExprKind::Ident: return identValue(e->as<ast::IdentExpr>(), cf);
      case ast::ExprKind::Paren: return rhs(e->as<ast::ParenExpr>()->inner.get(), cf);
      case ast::ExprKind::Unary: return rhs(e->as<ast::UnaryExpr>()->operand.get(), cf);
      case ast::ExprKind::Member: {
        // A swizzle of a pointer (`p.yw`, standing for `(*p).yw`) is a value loaded from the
        // memory the pointer views: the load rule applies to the pointer's memory view.
        const ast::Expr* base = e->as<ast::MemberExpr>()->base.get();
        const Type* bt = typeOf(base);
        if (bt && bt->isPtr() && isMemViewForm(base)) return memViewValue(base, cf, true);
        return rhs(base, cf);
      }
      case ast::ExprKind::Index: {
        const auto* ix = e->as<ast::IndexExpr>();
        NodeId v2 = rhs(ix->base.get(), cf);
        NodeId v1 = rhs(ix->index.get(), cf);
        return join(v2, v1);
      }
      case ast::ExprKind::Binary: {
        const auto* b = e->as<ast::BinaryExpr>();
        NodeId v1 = rhs(b->lhs.get(), cf);
        if (b->op == ast::BinaryOp::LogicalAnd || b->op == ast::BinaryOp::LogicalOr) {
          NodeId cfs = node(LabelKind::ShortCircuit, b->lhs->range);
          g().edge(cfs, v1);
          return rhs(b->rhs.get(), cfs);
        }
        NodeId v2 = rhs(b->rhs.get(), cf);
        return join(v1, v2);
      }
      case ast::ExprKind::Call: return call(e->as<ast::CallExpr>(), cf);
    }
    return cf;
  }

  NodeId identValue(const ast::IdentExpr* id, NodeId cf) {
    const auto* i = info(id);
    if (!i) return cf;
    switch (i->ref) {
      case DeclRef::Let: {
        auto it = lets_.find(i->decl);
        if (it == lets_.end()) return cf;
        NodeId r = node();
        g().edge(r, cf);
        g().edge(r, it->second);
        return r;
      }
      case DeclRef::Param: {
        if (i->function != &fn_ || i->param_index < 0) return cf;
        if (ctx_.entry_point) return entryInput(size_t(i->param_index), id, cf);
        NodeId r = node();
        g().edge(r, cf);
        g().edge(r, out_.param[i->param_index]);
        return r;
      }
      default: return cf;  // const, override, and anything not a value
    }
  }

  bool uniformBuiltin(const std::string& b) const {
    if (b == "workgroup_id" || b == "num_workgroups" || b == "num_subgroups") return true;
    if (b == "subgroup_size") return ctx_.entry_point->stage == sema::ShaderStage::Compute;
    if (b == "subgroup_id") return ctx_.scope.subgroup_id_uniform;
    return false;
  }

  // An entry point parameter: built-in values (uniform or not) and user-defined inputs. A
  // structure is uniform only when every member is a uniform built-in value.
  NodeId entryInput(size_t p, const ast::IdentExpr* id, NodeId cf) {
    const ast::Param& param = fn_.params[p];
    if (const std::string* b = builtinAttr(param.attributes)) {
      if (uniformBuiltin(*b)) return cf;
      return source(Label{LabelKind::BuiltinValue, id->range, b, &param.name.name.str()});
    }
    const Type* t = param_types_[p];
    if (t && t->isStruct()) {
      for (const auto& m : t->members) {
        if (m.builtin && uniformBuiltin(*m.builtin)) continue;
        if (m.builtin) return source(Label{LabelKind::BuiltinValue, id->range, &*m.builtin, &param.name.name.str()});
        return source(Label{LabelKind::UserInput, id->range, &m.name, &param.name.name.str()});
      }
      return cf;
    }
    return source(Label{LabelKind::UserInput, id->range, &param.name.name.str(), &fn_.name.name.str()});
  }

  // The variable state index of the function-scope variable a pointer argument points into.
  int pointerRoot(const ast::Expr* e) {
    switch (e->kind) {
      case ast::ExprKind::Paren: return pointerRoot(e->as<ast::ParenExpr>()->inner.get());
      case ast::ExprKind::Unary: return pointerRoot(e->as<ast::UnaryExpr>()->operand.get());
      case ast::ExprKind::Member: return pointerRoot(e->as<ast::MemberExpr>()->base.get());
      case ast::ExprKind::Index: return pointerRoot(e->as<ast::IndexExpr>()->base.get());
      case ast::ExprKind::Ident: {
        const auto* i = info(e);
        if (!i) return -1;
        if (i->ref == DeclRef::Var) {
          auto it = var_index_.find(i->decl);
          return it == var_index_.end() ? -1 : it->second;
        }
        if (i->ref == DeclRef::Let) {
          auto it = ptr_lets_.find(i->decl);
          return it == ptr_lets_.end() || it->second.kind != RootKind::Local ? -1 : it->second.local;
        }
        if (i->ref == DeclRef::Param && i->function == &fn_ && i->param_index >= 0)
          return param_local_[i->param_index];
        return -1;
      }
      default: return -1;
    }
  }

  Origin builtinOrigin(Rule rule, const std::string& name, SourceRange site, const char* param = "") {
    Origin o;
    o.rule = rule;
    o.builtin = &name;
    o.param = param;
    o.site = site;
    return o;
  }

  // Function call analysis: (CF, f(e1..eN)) => Result.
  NodeId call(const ast::CallExpr* c, NodeId cf) {
    const auto* ci = info(c);
    std::vector<NodeId> args;
    args.reserve(c->args.size());
    for (const auto& a : c->args) args.push_back(rhs(a.get(), cf));
    NodeId result = node();
    g().edge(result, cf);
    if (!ci || ci->call == sema::CallKind::Constructor || ci->call == sema::CallKind::None) {
      for (NodeId a : args) g().edge(result, a);
      return result;
    }
    if (ci->call == sema::CallKind::Builtin) {
      builtinCall(c, cf, args, result);
      return result;
    }
    userCall(c, ci->callee, cf, args, result);
    return result;
  }

  void builtinCall(const ast::CallExpr* c, NodeId cf, const std::vector<NodeId>& args, NodeId result) {
    const std::string& name = c->target->ident.name;  // for messages
    const sema::BuiltinFn fn = info(c)->builtin;
    const ScopeConfig& sc = ctx_.scope;
    auto nonUniformResult = [&]() {
      Label l{LabelKind::BuiltinResult, c->range, &name};
      l.extra = static_cast<uint32_t>(fn);
      g().edge(result, source(l));
    };
    const BuiltinUniformity role = sema::builtinUniformity(fn);
    switch (role) {
      case BuiltinUniformity::Plain: break;
      case BuiltinUniformity::Sync:
        if (sc.sync_required) addRequirement(Sev::Error, cf, builtinOrigin(Rule::Unnamed, name, c->target->range));
        break;
      case BuiltinUniformity::UniformLoad:
        if (sc.sync_required) {
          addRequirement(Sev::Error, cf, builtinOrigin(Rule::Unnamed, name, c->target->range), c);
          if (!args.empty())
            addRequirement(Sev::Error, args[0], builtinOrigin(Rule::Unnamed, name, c->args[0]->range, "p"), c);
        }
        break;
      case BuiltinUniformity::Derivative:
        nonUniformResult();
        if (sc.derivatives_required)
          addRequirement(severityFor("derivative_uniformity"), cf,
                         builtinOrigin(Rule::Derivative, name, c->target->range));
        break;
      case BuiltinUniformity::TextureLoad: {
        const Type* t = c->args.empty() ? nullptr : typeOf(c->args[0].get());
        if (t && t->isRef()) t = t->elem;
        if (t && t->kind == TypeKind::Texture && t->texture_kind == sema::TextureKind::Storage &&
            t->access == AccessMode::ReadWrite)
          nonUniformResult();
        break;
      }
      case BuiltinUniformity::Subgroup:
      case BuiltinUniformity::SubgroupUniformResult:
      case BuiltinUniformity::SubgroupShuffle:
      case BuiltinUniformity::Quad: {
        if (!(sc.subgroup_results_uniform && role == BuiltinUniformity::SubgroupUniformResult)) nonUniformResult();
        if (sc.subgroup_required) {
          Sev sev = severityFor("subgroup_uniformity");
          addRequirement(sev, cf, builtinOrigin(Rule::Subgroup, name, c->target->range), c);
          if (role == BuiltinUniformity::SubgroupShuffle && args.size() > 1)
            addRequirement(sev, args[1],
                           builtinOrigin(Rule::Subgroup, name, c->args[1]->range,
                                         fn == sema::BuiltinFn::SubgroupShuffleXor ? "mask" : "delta"), c);
        }
        break;
      }
      case BuiltinUniformity::Atomic: nonUniformResult(); break;
    }
    // Parameter return tags: ParameterReturnContentsRequiredToBeUniform for every argument.
    for (NodeId a : args) g().edge(result, a);
  }

  void userCall(const ast::CallExpr* c, const ast::FunctionDecl* callee, NodeId cf, const std::vector<NodeId>& args,
                NodeId result) {
    auto it = ctx_.tags->find(callee);
    if (it == ctx_.tags->end()) {  // not analysed (should not happen): assume the worst
      g().edge(result, out_.may_be_non_uniform);
      return;
    }
    const FunctionTags& t = it->second;
    const std::string& name = callee->name.name;
    if (t.call_site != Sev::None) {
      Origin o = t.call_site_origin;
      Label note{LabelKind::CallNeedsUniformCf, c->target->range, &name, o.builtin};
      note.extra = o.chain ? 1 : 0;
      o.chain = appendNote(o.chain, note);
      addRequirement(t.call_site, cf, std::move(o));
    }
    if (t.return_may_be_non_uniform) {
      Label l{LabelKind::CallResult, c->range, &name};
      l.ptr = callee;
      g().edge(result, source(l));
    }
    const size_t n = std::min(args.size(), t.params.size());
    std::vector<int> roots(n, -1);
    std::vector<NodeId> before(n, kNoNode);
    for (size_t i = 0; i < n; ++i) {
      roots[i] = i < t.ptr_param.size() && t.ptr_param[i] ? pointerRoot(c->args[i].get()) : -1;
      if (roots[i] >= 0) before[i] = var(roots[i]);
    }
    for (size_t i = 0; i < n; ++i) {
      const ParamTag& pt = t.params[i];
      const std::string& pname = callee->params[i].name.name;
      if (pt.sev != Sev::None) {
        Origin o = pt.origin;
        for (const auto& w : pt.why) o.chain = appendNote(o.chain, w);
        o.chain = appendNote(o.chain, Label{pt.contents ? LabelKind::ParamContentsMustBeUniform : LabelKind::ParamMustBeUniform,
                                            c->args[i]->range, &pname, &name});
        if (!pt.contents) addRequirement(pt.sev, args[i], std::move(o));
        else if (before[i] != kNoNode) addRequirement(pt.sev, before[i], std::move(o));
      }
      if (t.return_needs_param[i]) g().edge(result, args[i]);
      if (t.return_needs_contents[i] && before[i] != kNoNode) g().edge(result, before[i]);
    }
    // Vout(call) for each pointer argument into a function-scope variable.
    for (size_t i = 0; i < n; ++i) {
      if (roots[i] < 0) continue;
      Label l{LabelKind::PtrAfterCall, c->args[i]->range, &callee->params[i].name.name.str(), &name};
      l.ptr = callee;
      l.extra = uint32_t(i);
      NodeId after = g().add(l);
      // Tint: the variable's value after the call depends on the control flow of the call.
      NodeId cfn = node(LabelKind::PtrArgInNonUniformCf, c->range, &name);
      g().edge(cfn, cf);
      g().edge(after, cfn);
      if (t.ptr_may_be_non_uniform[i]) g().edge(after, out_.may_be_non_uniform);
      for (int j : t.ptr_from_params[i])
        if (size_t(j) < n) g().edge(after, args[j]);
      for (int k : t.ptr_from_contents[i])
        if (size_t(k) < n && before[k] != kNoNode) g().edge(after, before[k]);
      var(roots[i]) = after;
    }
  }

  const FunctionContext& ctx_;
  const sema::Program& prog_;
  const ast::FunctionDecl& fn_;
  FunctionGraph& out_;
  VarState vars_;
  int next_local_ = 0;  // variable indices are never reused within a function
  std::vector<int> param_local_;
  std::vector<const Type*> param_types_;
  std::unordered_map<const ast::VarDecl*, int> var_index_;
  std::unordered_map<const ast::VarDecl*, NodeId> lets_;
  std::unordered_map<const ast::VarDecl*, MemView> ptr_lets_;
  std::vector<Jump> jumps_;
  std::vector<const ast::AttributeList*> filters_;
};

}  // namespace

void buildFunctionGraph(const FunctionContext& ctx, FunctionGraph& out) { Builder(ctx, out).build(); }

}  // namespace wgsl::uniformity
