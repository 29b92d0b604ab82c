// Alias analysis, as section "Alias Analysis" of the spec describes it: every memory view has a
// root identifier (a variable, or a formal parameter of pointer type); per function we record
// the module-scope variables read and written and the pointer parameters read and written
// through, including what called functions do (callees first); at each call site two pointer
// arguments with the same root identifier that the callee both accesses, or a pointer argument
// rooted at a module-scope variable the callee also accesses, are errors when one of the
// accesses is a write.
#include "interp/sema/alias_analysis.h"

#include <fmt/format.h>

#include <map>

#include "base/diagnostics.h"
#include "interp/sema/limits.h"

namespace wgsl::sema {
namespace {

using ast::Expr;

struct Root {
  enum Kind { None, ModuleVar, LocalVar, Param } kind = None;
  const ast::VarDecl* var = nullptr;
  int param = -1;
  bool operator==(const Root& o) const { return kind == o.kind && var == o.var && param == o.param; }
};

// The access sets of one function, each with the place of its first access (for notes).
struct Accesses {
  std::map<const ast::VarDecl*, SourceRange> mod_read, mod_written;
  std::map<int, SourceRange> param_read, param_written;
  bool done = false, in_progress = false;
};

class AliasAnalysis {
 public:
  AliasAnalysis(const Program& p, DiagnosticList& d) : p_(p), diags_(d) {}

  void run() {
    if (!p_.module) return;
    for (const auto& g : p_.module->decls) {
      if (g.kind == ast::GlobalKind::Function && g.function) analyse(*g.function);
    }
  }

 private:
  const Accesses& analyse(const ast::FunctionDecl& f) {
    Accesses& a = fns_[&f];
    if (a.done || a.in_progress) return a;  // recursion is reported elsewhere
    // Longer call chains are an error the resolver reports (limits.h); stop following them.
    if (call_depth_ > kMaxCallDepth) return a;
    ++call_depth_;
    a.in_progress = true;
    const ast::FunctionDecl* saved_fn = fn_;
    Accesses* saved = cur_;
    fn_ = &f;
    cur_ = &a;
    if (f.body) stmt(*f.body);
    fn_ = saved_fn;
    cur_ = saved;
    a.in_progress = false;
    a.done = true;
    --call_depth_;
    return a;
  }

  const Type* typeOf(const Expr& e) const {
    const ExprInfo* i = p_.info(&e);
    return i ? i->type : nullptr;
  }

  // Section "Root Identifier".
  Root root(const Expr& e, int depth = 0) const {
    if (depth > 64) return {};
    switch (e.kind) {
      case ast::ExprKind::Paren: return root(*static_cast<const ast::ParenExpr&>(e).inner, depth + 1);
      case ast::ExprKind::Unary: {
        const auto& u = static_cast<const ast::UnaryExpr&>(e);
        if (u.op == ast::UnaryOp::AddressOf || u.op == ast::UnaryOp::Deref) return root(*u.operand, depth + 1);
        return {};
      }
      case ast::ExprKind::Index: return root(*static_cast<const ast::IndexExpr&>(e).base, depth + 1);
      case ast::ExprKind::Member: return root(*static_cast<const ast::MemberExpr&>(e).base, depth + 1);
      case ast::ExprKind::Call: {
        const auto& c = static_cast<const ast::CallExpr&>(e);
        const ExprInfo* i = p_.info(&e);
        const bool view = i && i->call == CallKind::Builtin &&
                          (i->builtin == BuiltinFn::BufferView || i->builtin == BuiltinFn::BufferArrayView);
        if (view && !c.args.empty()) {
          return root(*c.args[0], depth + 1);
        }
        return {};
      }
      case ast::ExprKind::Ident: {
        const ExprInfo* i = p_.info(&e);
        if (!i) return {};
        if (i->ref == DeclRef::Var && i->decl) {
          const DeclInfo* d = p_.declInfo(i->decl);
          Root r;
          r.kind = d && d->module_scope ? Root::ModuleVar : Root::LocalVar;
          r.var = i->decl;
          return r;
        }
        if (i->ref == DeclRef::Param && i->type && i->type->isPtr()) {
          Root r;
          r.kind = Root::Param;
          r.param = i->param_index;
          return r;
        }
        if (i->ref == DeclRef::Let && i->decl && i->decl->initializer) return root(*i->decl->initializer, depth + 1);
        return {};
      }
      default: return {};
    }
  }

  std::string rootName(const Root& r) const {
    if (r.var) return r.var->name.name;
    if (fn_ && r.param >= 0 && static_cast<size_t>(r.param) < fn_->params.size()) return fn_->params[r.param].name.name;
    return "?";
  }

  void access(const Root& r, SourceRange where, bool write) {
    if (r.kind == Root::ModuleVar) (write ? cur_->mod_written : cur_->mod_read).emplace(r.var, where);
    if (r.kind == Root::Param) (write ? cur_->param_written : cur_->param_read).emplace(r.param, where);
  }

  // Visits an expression; `keeps_ref`: the context uses a reference as a reference (operand of
  // `&`, left side of an assignment, base of a member or index that is itself a reference), so
  // the load rule does not apply to it.
  void expr(const Expr& e, bool keeps_ref) {
    // An expression the resolver did not record was rejected before it was walked (one too
    // deep to walk, among others): there is nothing to analyse, and walking it could exhaust
    // the stack.
    if (p_.info(&e) == nullptr) return;
    const Type* t = typeOf(e);
    const bool is_ref = t && t->isRef();
    if (is_ref && !keeps_ref) access(root(e), e.range, false);  // the load rule: a read access
    switch (e.kind) {
      case ast::ExprKind::Literal:
      case ast::ExprKind::Ident: break;
      case ast::ExprKind::Paren: expr(*static_cast<const ast::ParenExpr&>(e).inner, keeps_ref); break;
      case ast::ExprKind::Unary: {
        const auto& u = static_cast<const ast::UnaryExpr&>(e);
        expr(*u.operand, u.op == ast::UnaryOp::AddressOf);
        break;
      }
      case ast::ExprKind::Binary: {
        const auto& b = static_cast<const ast::BinaryExpr&>(e);
        expr(*b.lhs, false);
        expr(*b.rhs, false);
        break;
      }
      case ast::ExprKind::Index: {
        const auto& ix = static_cast<const ast::IndexExpr&>(e);
        expr(*ix.base, is_ref);
        expr(*ix.index, false);
        break;
      }
      case ast::ExprKind::Member: {
        const Expr& base = *static_cast<const ast::MemberExpr&>(e).base;
        expr(base, is_ref);
        // A multi-component swizzle of a pointer (`p.wzyx`, the pointer standing for `(*p)`) is a
        // value: the vector is loaded, a read access through the pointer's root identifier.
        const Type* bt = typeOf(base);
        if (!is_ref && bt && bt->isPtr()) access(root(base), e.range, false);
        break;
      }
      case ast::ExprKind::Call: call(static_cast<const ast::CallExpr&>(e)); break;
    }
  }

  void call(const ast::CallExpr& c) {
    for (const auto& a : c.args) expr(*a, false);
    const ExprInfo* i = p_.info(&c);
    if (!i) return;
    if (i->call == CallKind::Builtin) {
      builtinCall(c);
    } else if (i->call == CallKind::Function && i->callee) {
      callSite(c, *i->callee);
    }
  }

  // Built-ins taking a pointer access the memory it points to.
  void builtinCall(const ast::CallExpr& c) {
    const std::string& n = c.target->ident.name;
    if (c.args.empty()) return;
    const Type* t = typeOf(*c.args[0]);
    if (!t || !t->isPtr()) return;
    bool read = false, write = false;
    if (n == "atomicLoad" || n == "workgroupUniformLoad") {
      read = true;
    } else if (n == "atomicStore") {
      write = true;
    } else if (n.rfind("atomic", 0) == 0) {
      read = write = true;
    }
    Root r = root(*c.args[0]);
    if (read) access(r, c.range, false);
    if (write) access(r, c.range, true);
  }

  void callSite(const ast::CallExpr& c, const ast::FunctionDecl& g) {
    const Accesses& ga = analyse(g);
    const size_t n = std::min(c.args.size(), g.params.size());
    std::vector<Root> roots(n);
    for (size_t k = 0; k < n; ++k) {
      const Type* t = typeOf(*c.args[k]);
      if (t && t->isPtr()) roots[k] = root(*c.args[k]);
    }
    auto param = [&](size_t k) { return g.params[k].name.name; };
    bool reported = false;
    // Two arguments of pointer type with the same root identifier, one parameter written and the
    // other read or written. The call-site list in section "Aliasing" reads "either corresponding
    // parameter is in the written parameter set", but the rule it implements is that a function
    // "must not potentially access memory through aliased root identifiers, where one access is a
    // write and the other is a read or a write": a parameter the callee never accesses (only
    // takes `&*p` of, or passes on to a function that does not access it) makes no access, so
    // it cannot conflict with a write through the other one. Tint and the WebGPU CTS read it so.
    auto accessed = [&](size_t k) {
      return ga.param_read.count(static_cast<int>(k)) != 0 || ga.param_written.count(static_cast<int>(k)) != 0;
    };
    for (size_t i = 0; i < n && !reported; ++i) {
      if (roots[i].kind == Root::None) continue;
      for (size_t j = i + 1; j < n && !reported; ++j) {
        if (!(roots[i] == roots[j])) continue;
        auto wi = ga.param_written.find(static_cast<int>(i));
        auto wj = ga.param_written.find(static_cast<int>(j));
        const bool i_conflicts = wi != ga.param_written.end() && accessed(j);
        const bool j_conflicts = wj != ga.param_written.end() && accessed(i);
        if (!i_conflicts && !j_conflicts) continue;
        const size_t w = i_conflicts ? i : j;
        const size_t other = i_conflicts ? j : i;
        const SourceRange where = i_conflicts ? wi->second : wj->second;
        diags_.error(c.args[j]->range,
                     fmt::format("invalid aliased pointer arguments: arguments {} and {} of '{}' have the same root "
                                 "identifier '{}', and '{}' writes through parameter '{}' and also accesses parameter "
                                 "'{}'; memory must not be accessed through aliased pointers when one access is a write "
                                 "(section \"Aliasing\")",
                                 i + 1, j + 1, g.name.name, rootName(roots[i]), g.name.name, param(w), param(other)));
        diags_.note(where, fmt::format("'{}' is written here", param(w)));
        const auto& oa = ga.param_written.count(static_cast<int>(other)) ? ga.param_written : ga.param_read;
        diags_.note(oa.at(static_cast<int>(other)), fmt::format("'{}' is accessed here", param(other)));
        reported = true;
      }
    }
    // An argument rooted at a module-scope variable that the callee also accesses directly.
    for (size_t k = 0; k < n && !reported; ++k) {
      if (roots[k].kind != Root::ModuleVar) continue;
      const ast::VarDecl* v = roots[k].var;
      auto pw = ga.param_written.find(static_cast<int>(k));
      auto pr = ga.param_read.find(static_cast<int>(k));
      auto mw = ga.mod_written.find(v);
      auto mr = ga.mod_read.find(v);
      const char* through = nullptr;
      const char* direct = nullptr;
      SourceRange where;
      if (pw != ga.param_written.end() && mw != ga.mod_written.end()) {
        through = "writes", direct = "writes", where = mw->second;
      } else if (pw != ga.param_written.end() && mr != ga.mod_read.end()) {
        through = "writes", direct = "reads", where = mr->second;
      } else if (pr != ga.param_read.end() && mw != ga.mod_written.end()) {
        through = "reads", direct = "writes", where = mw->second;
      }
      if (!through) continue;
      diags_.error(c.args[k]->range,
                   fmt::format("invalid aliased pointer argument: argument {} of '{}' points into the module-scope "
                               "variable '{}', which '{}' also {} (itself or in a function it calls) while it {} through "
                               "parameter '{}'; memory must not be accessed through aliases when one access is a write "
                               "(section \"Aliasing\")",
                               k + 1, g.name.name, v->name.name, g.name.name, direct, through, param(k)));
      diags_.note(where, fmt::format("'{}' {} '{}' here", g.name.name, direct, v->name.name));
      reported = true;
    }
    // What the callee does becomes what this function does.
    for (const auto& [v, r] : ga.mod_read) cur_->mod_read.emplace(v, c.range);
    for (const auto& [v, r] : ga.mod_written) cur_->mod_written.emplace(v, c.range);
    for (size_t k = 0; k < n; ++k) {
      if (ga.param_read.count(static_cast<int>(k))) access(roots[k], c.args[k]->range, false);
      if (ga.param_written.count(static_cast<int>(k))) access(roots[k], c.args[k]->range, true);
    }
  }

  void stmts(const std::vector<ast::StmtPtr>& body) {
    for (const auto& s : body)
      if (s) stmt(*s);
  }

  void stmt(const ast::Stmt& s) {
    switch (s.kind) {
      case ast::StmtKind::Compound: stmts(static_cast<const ast::CompoundStmt&>(s).body); break;
      case ast::StmtKind::Return: {
        const auto& r = static_cast<const ast::ReturnStmt&>(s);
        if (r.value) expr(*r.value, false);
        break;
      }
      case ast::StmtKind::If: {
        const auto& i = static_cast<const ast::IfStmt&>(s);
        for (const auto& c : i.clauses) {
          if (c.condition) expr(*c.condition, false);
          if (c.body) stmt(*c.body);
        }
        if (i.else_body) stmt(*i.else_body);
        break;
      }
      case ast::StmtKind::Switch: {
        const auto& sw = static_cast<const ast::SwitchStmt&>(s);
        if (sw.selector) expr(*sw.selector, false);
        for (const auto& c : sw.clauses)
          if (c.body) stmt(*c.body);
        break;
      }
      case ast::StmtKind::Loop: {
        const auto& l = static_cast<const ast::LoopStmt&>(s);
        stmts(l.body);
        if (l.continuing) {
          stmts(l.continuing->body);
          if (l.continuing->break_if) expr(*l.continuing->break_if, false);
        }
        break;
      }
      case ast::StmtKind::For: {
        const auto& f = static_cast<const ast::ForStmt&>(s);
        if (f.init) stmt(*f.init);
        if (f.condition) expr(*f.condition, false);
        if (f.update) stmt(*f.update);
        if (f.body) stmt(*f.body);
        break;
      }
      case ast::StmtKind::While: {
        const auto& w = static_cast<const ast::WhileStmt&>(s);
        if (w.condition) expr(*w.condition, false);
        if (w.body) stmt(*w.body);
        break;
      }
      case ast::StmtKind::Call: {
        const auto& c = static_cast<const ast::CallStmt&>(s);
        if (c.call) expr(*c.call, false);
        break;
      }
      case ast::StmtKind::VarDecl: {
        const auto& d = static_cast<const ast::VarDeclStmt&>(s).decl;
        if (d.decl_kind != ast::DeclKind::Const && d.initializer) expr(*d.initializer, false);
        break;
      }
      case ast::StmtKind::Assign: {
        const auto& a = static_cast<const ast::AssignStmt&>(s);
        if (a.lhs) {
          expr(*a.lhs, true);
          Root r = root(*a.lhs);
          if (a.op != ast::AssignOp::Assign) access(r, a.lhs->range, false);
          access(r, a.lhs->range, true);
        }
        if (a.rhs) expr(*a.rhs, false);
        break;
      }
      case ast::StmtKind::Increment:
      case ast::StmtKind::Decrement: {
        const Expr* lhs = s.kind == ast::StmtKind::Increment ? static_cast<const ast::IncrementStmt&>(s).lhs.get()
                                                             : static_cast<const ast::DecrementStmt&>(s).lhs.get();
        if (lhs) {
          expr(*lhs, true);
          Root r = root(*lhs);
          access(r, lhs->range, false);
          access(r, lhs->range, true);
        }
        break;
      }
      default: break;
    }
  }

  const Program& p_;
  DiagnosticList& diags_;
  std::map<const ast::FunctionDecl*, Accesses> fns_;
  const ast::FunctionDecl* fn_ = nullptr;
  Accesses* cur_ = nullptr;
  size_t call_depth_ = 0;
};

}  // namespace

void checkAliasing(const Program& program, DiagnosticList& diags) { AliasAnalysis(program, diags).run(); }

}  // namespace wgsl::sema
