// The resolver's driver and module scope: directives, module-scope names and their dependency
// order, on-demand resolution of declarations, name lookup (section "Declaration and Scope").
#include "interp/sema/resolver_impl.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

#include "base/diagnostics.h"

namespace wgsl::sema::internal {

const char* kindWord(SymbolKind k) {
  switch (k) {
    case SymbolKind::Const: return "constant";
    case SymbolKind::Override: return "override";
    case SymbolKind::Var: return "variable";
    case SymbolKind::Let: return "'let' value";
    case SymbolKind::Param: return "parameter";
    case SymbolKind::Alias: return "type alias";
    case SymbolKind::Struct: return "structure";
    case SymbolKind::Function: return "function";
  }
  return "declaration";
}

void Resolver::run() {
  p_.module = &module_;
  directives();
  collect();
  for (const std::string* n : dependencyOrder()) resolveGlobal(*n);
  for (const auto& g : module_.decls) {
    if (const ast::Ident* n = g.name()) resolveGlobal(n->name);
  }
  for (const auto& g : module_.decls) {
    if (g.kind == ast::GlobalKind::ConstAssert) constAssert(*g.const_assert);
    if (g.kind == ast::GlobalKind::Function) functionBody(*g.function);
  }
}

std::string Resolver::ruleName(const ast::DiagnosticControl& dc) {
  return dc.rule_member ? dc.rule.name + "." + dc.rule_member->name : dc.rule.name;
}

void Resolver::checkFilterConflicts(const std::vector<const ast::DiagnosticControl*>& filters) {
  std::map<std::string, const ast::DiagnosticControl*> seen;
  for (const auto* dc : filters) {
    auto [it, inserted] = seen.emplace(ruleName(*dc), dc);
    if (!inserted && it->second->severity != dc->severity) {
      diags_.error(dc->range, fmt::format("conflicting diagnostic filters for '{}': severity '{}' here, '{}' before",
                                          ruleName(*dc), dc->severity_name.name, it->second->severity_name.name));
      diags_.note(it->second->range, "the other filter is here");
    }
  }
}

void Resolver::directives() {
  std::vector<const ast::DiagnosticControl*> global_filters;
  for (const auto& d : module_.directives)
    if (d.diagnostic) global_filters.push_back(&*d.diagnostic);
  checkFilterConflicts(global_filters);
  static const std::set<std::string> kEnable = {"f16", "clip_distances", "dual_source_blending", "subgroups",
                                                "primitive_index", "subgroup_size_control"};
  static const std::set<std::string> kRequires = {
      "readonly_and_readwrite_storage_textures", "packed_4x8_integer_dot_product",
      "unrestricted_pointer_parameters", "pointer_composite_access", "uniform_buffer_standard_layout",
      "subgroup_id", "subgroup_uniformity", "texture_and_sampler_let", "texture_formats_tier1",
      "linear_indexing", "immediate_address_space", "fragment_depth", "buffer_view"};
  for (const auto& d : module_.directives) {
    for (const auto& n : d.names) {
      if (d.kind == ast::DirectiveKind::Enable) {
        if (!kEnable.count(n.name)) {
          diags_.error(n.range, fmt::format("unknown extension '{}' in 'enable': the enable-extensions are f16, "
                                            "clip_distances, dual_source_blending, subgroups, primitive_index "
                                            "and subgroup_size_control",
                                            n.name));
        }
        p_.enabled_extensions.insert(n.name);
      } else if (d.kind == ast::DirectiveKind::Requires) {
        if (!kRequires.count(n.name)) {
          diags_.error(n.range, fmt::format("unknown language extension '{}' in 'requires'", n.name));
        }
        p_.language_extensions.insert(n.name);
      }
    }
  }
}

bool Resolver::enabled(const char* ext) const { return p_.enabled_extensions.count(ext) > 0; }

void Resolver::collect() {
  for (const auto& g : module_.decls) {
    const ast::Ident* n = g.name();
    if (n == nullptr) continue;
    auto [it, inserted] = globals_.emplace(n->name, Entry{});
    if (!inserted) {
      diags_.error(n->range, fmt::format("redeclaration of '{}' at module scope", n->name));
      diags_.note(it->second.decl->name()->range, "previous declaration is here");
      continue;
    }
    it->second.decl = &g;
  }
}

void Resolver::namesIn(const Expr* root, std::vector<const std::string*>& out) {
  std::vector<const Expr*> work{root};
  while (!work.empty()) {
    const Expr* e = work.back();
    work.pop_back();
    if (e == nullptr) continue;
    switch (e->kind) {
      case ast::ExprKind::Literal: break;
      case ast::ExprKind::Ident: {
        const auto& id = static_cast<const ast::IdentExpr&>(*e);
        out.push_back(&id.ident.name.str());
        for (const auto& a : id.templateArgs()) work.push_back(a.get());
        break;
      }
      case ast::ExprKind::Call: {
        const auto& c = static_cast<const ast::CallExpr&>(*e);
        work.push_back(c.target.get());
        for (const auto& a : c.args) work.push_back(a.get());
        break;
      }
      case ast::ExprKind::Paren: work.push_back(static_cast<const ast::ParenExpr&>(*e).inner.get()); break;
      case ast::ExprKind::Unary: work.push_back(static_cast<const ast::UnaryExpr&>(*e).operand.get()); break;
      case ast::ExprKind::Binary:
        work.push_back(static_cast<const ast::BinaryExpr&>(*e).lhs.get());
        work.push_back(static_cast<const ast::BinaryExpr&>(*e).rhs.get());
        break;
      case ast::ExprKind::Index:
        work.push_back(static_cast<const ast::IndexExpr&>(*e).base.get());
        work.push_back(static_cast<const ast::IndexExpr&>(*e).index.get());
        break;
      case ast::ExprKind::Member: work.push_back(static_cast<const ast::MemberExpr&>(*e).base.get()); break;
    }
  }
}

std::vector<const std::string*> Resolver::dependenciesOf(const ast::GlobalDecl& g) {
  std::vector<const std::string*> out;
  auto attrs = [&](const ast::AttributeList& l) {
    for (const auto& a : l) {
      for (const auto& x : a.args) namesIn(x.get(), out);
    }
  };
  if (g.var) {
    attrs(g.var->attributes);
    for (const auto& a : g.var->template_args) namesIn(a.get(), out);
    namesIn(g.var->type.get(), out);
    namesIn(g.var->initializer.get(), out);
  }
  if (g.alias) namesIn(g.alias->type.get(), out);
  if (g.structure) {
    for (const auto& m : g.structure->members) {
      attrs(m.attributes);
      namesIn(m.type.get(), out);
    }
  }
  if (g.function) {
    attrs(g.function->attributes);
    attrs(g.function->return_attributes);
    namesIn(g.function->return_type.get(), out);
    for (const auto& prm : g.function->params) {
      attrs(prm.attributes);
      namesIn(prm.type.get(), out);
    }
  }
  return out;
}

std::vector<const std::string*> Resolver::dependencyOrder() {
  std::vector<const std::string*> order;
  std::unordered_map<const ast::GlobalDecl*, int> state;  // 1 on the stack, 2 done
  std::set<const ast::GlobalDecl*> cyclic;
  struct Frame {
    const ast::GlobalDecl* decl;
    std::vector<const std::string*> deps;
    size_t next = 0;
  };
  for (const auto& root : module_.decls) {
    if (root.name() == nullptr || state[&root] != 0) continue;
    std::vector<Frame> stack;
    stack.push_back(Frame{&root, dependenciesOf(root)});
    state[&root] = 1;
    while (!stack.empty()) {
      Frame& f = stack.back();
      if (f.next == f.deps.size()) {
        state[f.decl] = 2;
        if (!cyclic.count(f.decl)) order.push_back(&f.decl->name()->name.str());
        stack.pop_back();
        continue;
      }
      const std::string* n = f.deps[f.next++];
      auto it = globals_.find(*n);
      if (it == globals_.end()) continue;
      if (state[it->second.decl] == 1) {  // a cycle: every declaration on the stack from there
        for (auto k = stack.rbegin(); k != stack.rend(); ++k) {
          cyclic.insert(k->decl);
          if (k->decl == it->second.decl) break;
        }
      }
      if (state[it->second.decl] != 0) continue;
      state[it->second.decl] = 1;
      const ast::GlobalDecl* d = it->second.decl;
      stack.push_back(Frame{d, dependenciesOf(*d)});
    }
  }
  return order;
}

Symbol* Resolver::resolveGlobal(const std::string& name, SourceRange use) {
  auto it = globals_.find(name);
  if (it == globals_.end()) return nullptr;
  Entry& e = it->second;
  if (e.state == 2) return &e.sym;
  if (e.state == 1) {
    // The chain from the first declaration on the cycle back to itself: 'A' -> 'B' -> 'A'.
    std::string chain;
    auto start = std::find(resolving_.begin(), resolving_.end(), name);
    for (auto it = start; it != resolving_.end(); ++it) chain += "'" + *it + "' -> ";
    chain += "'" + name + "'";
    diags_.error(use.end > use.begin ? use : e.decl->name()->range,
                 fmt::format("cyclic dependency between module-scope declarations: {}", chain));
    diags_.note(e.decl->name()->range, fmt::format("'{}' is declared here", name));
    return nullptr;
  }
  if (resolving_.size() >= kMaxDeclarationChain) {
    diags_.error(use.end > use.begin ? use : e.decl->name()->range,
                 fmt::format("module-scope declarations depend on each other more than {} deep here (from '{}' to "
                             "'{}'): an implementation limit of wgslemu",
                             kMaxDeclarationChain, resolving_.front(), name));
    return nullptr;
  }
  e.state = 1;
  resolving_.push_back(name);
  // Module-scope declarations are resolved with no function scope in view.
  auto saved_scopes = std::move(scopes_);
  scopes_.clear();
  const ast::FunctionDecl* saved_fn = current_fn_;
  current_fn_ = nullptr;
  const size_t saved_expr_depth = expr_depth_;
  expr_depth_ = 0;  // the declaration's expressions are trees of their own
  e.sym = declareGlobal(*e.decl);
  expr_depth_ = saved_expr_depth;
  scopes_ = std::move(saved_scopes);
  current_fn_ = saved_fn;
  resolving_.pop_back();
  e.state = 2;
  return &e.sym;
}

Symbol Resolver::declareGlobal(const ast::GlobalDecl& g) {
  Symbol s;
  s.name = g.name()->name;
  s.range = g.name()->range;
  switch (g.kind) {
    case ast::GlobalKind::Alias:
      s.kind = SymbolKind::Alias;
      s.type = resolveType(*g.alias->type);
      break;
    case ast::GlobalKind::Struct:
      s.kind = SymbolKind::Struct;
      s.type = structType(*g.structure);
      break;
    case ast::GlobalKind::Const:
      s = constDecl(*g.var);
      break;
    case ast::GlobalKind::Override:
      s = overrideDecl(*g.var);
      break;
    case ast::GlobalKind::Var:
      s = globalVar(*g.var);
      break;
    case ast::GlobalKind::Function:
      s.kind = SymbolKind::Function;
      s.function = g.function.get();
      functionSignature(*g.function);
      break;
    case ast::GlobalKind::ConstAssert:
      break;
  }
  if (g.var) recordDecl(*g.var, s, true);
  return s;
}

DeclRef Resolver::declRef(SymbolKind k) {
  switch (k) {
    case SymbolKind::Var: return DeclRef::Var;
    case SymbolKind::Let: return DeclRef::Let;
    case SymbolKind::Const: return DeclRef::Const;
    case SymbolKind::Override: return DeclRef::Override;
    case SymbolKind::Param: return DeclRef::Param;
    default: return DeclRef::None;
  }
}

void Resolver::recordDecl(const ast::VarDecl& d, const Symbol& s, bool module_scope) {
  DeclInfo& di = p_.decls[&d];
  di.kind = declRef(s.kind);
  di.type = s.type;
  di.space = s.space;
  di.access = s.access;
  di.module_scope = module_scope;
  di.value = s.value;
}

Symbol* Resolver::lookupLocalOrModule(const std::string& n) {
  for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
    auto f = it->find(n);
    if (f != it->end()) return &f->second;
  }
  auto g = globals_.find(n);
  if (g != globals_.end() && g->second.state == 2) return &g->second.sym;
  return nullptr;
}

Symbol* Resolver::lookup(const std::string& n, SourceRange use) {
  for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
    auto f = it->find(n);
    if (f != it->end()) return &f->second;
  }
  if (globals_.count(n)) return resolveGlobal(n, use);
  return nullptr;
}

Symbol* Resolver::lookupFunctionOf(const ast::CallExpr& c) {
  Symbol* s = lookupLocalOrModule(c.target->ident.name);
  return s && s->kind == SymbolKind::Function ? s : nullptr;
}

}  // namespace wgsl::sema::internal
