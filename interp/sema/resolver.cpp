#include "interp/sema/resolver.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <functional>
#include <set>
#include <unordered_map>

#include "base/diagnostics.h"
#include "interp/sema/alias_analysis.h"
#include "interp/sema/builtin_eval.h"
#include "interp/sema/builtin_names.h"
#include "interp/sema/builtins.h"
#include "interp/sema/const_budget.h"
#include "interp/sema/const_eval.h"
#include "interp/sema/layout.h"
#include "interp/sema/limits.h"

namespace wgsl::sema {
namespace {

using ast::Expr;

enum class SymbolKind { Const, Override, Var, Let, Param, Alias, Struct, Function };

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

struct Symbol {
  SymbolKind kind = SymbolKind::Var;
  std::string name;
  SourceRange range;
  const ast::VarDecl* var = nullptr;
  const ast::FunctionDecl* function = nullptr;
  const Type* type = nullptr;   // value type; store type for variables; the type of a type name
  EvalStage stage = EvalStage::Runtime;
  std::optional<ConstValue> value;
  AddressSpace space = AddressSpace::Function;
  AccessMode access = AccessMode::ReadWrite;
  int param_index = -1;  // parameters: position in `function`'s list
};

// Behaviors of section "Statements Behavior Analysis".
enum Behavior : unsigned { kNext = 1, kReturn = 2, kBreak = 4, kContinue = 8 };
using Behaviors = unsigned;

std::string behaviorsText(Behaviors b) {
  std::vector<std::string> parts;
  if (b & kNext) parts.push_back("Next");
  if (b & kReturn) parts.push_back("Return");
  if (b & kBreak) parts.push_back("Break");
  if (b & kContinue) parts.push_back("Continue");
  std::string out = "{";
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? ", " : "") + parts[i];
  return out + "}";
}

class Resolver {
 public:
  Resolver(const ast::Module& m, DiagnosticList& d, Program& p, const ResolveOptions& o)
      : module_(m), diags_(d), p_(p), types_(p.types), options_(o) {}

  void run() {
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
    checkRecursion();
    checkAddressSpaceLimits();
    checkStageRestrictions();
  }

  // The functions in the shader of entry point `name`: it and every function it calls,
  // directly or not (empty if there is no such entry point).
  std::set<const ast::FunctionDecl*> shaderFunctions(const std::string& name) {
    std::set<const ast::FunctionDecl*> seen;
    for (const auto& ep : p_.entry_points) {
      if (ep.name != name) continue;
      std::vector<const ast::FunctionDecl*> work = {ep.function};
      while (!work.empty()) {
        const ast::FunctionDecl* f = work.back();
        work.pop_back();
        if (!seen.insert(f).second) continue;
        for (const auto* g : calls_[f]) work.push_back(g);
      }
    }
    return seen;
  }

  // Built-ins that only exist in some shader stages (derivatives and implicit-LOD sampling in
  // fragment shaders, barriers in compute shaders), reached from an entry point of another stage.
  void checkStageRestrictions() {
    std::set<std::pair<const void*, ShaderStage>> reported;
    for (const auto& ep : p_.entry_points) {
      std::set<const ast::FunctionDecl*> seen;
      std::vector<const ast::FunctionDecl*> work = {ep.function};
      while (!work.empty()) {
        const ast::FunctionDecl* f = work.back();
        work.pop_back();
        if (!seen.insert(f).second) continue;
        for (const auto& rc : restricted_calls_[f]) {
          const std::string st = toString(ep.stage);
          if (std::find(rc.stages.begin(), rc.stages.end(), st) != rc.stages.end()) continue;
          if (!reported.insert({&rc, ep.stage}).second) continue;
          std::string allowed;
          for (size_t i = 0; i < rc.stages.size(); ++i) allowed += (i ? " or " : "") + rc.stages[i];
          diags_.error(rc.range, fmt::format("'{}' can only be used in {} shaders, but it is reachable from the {} entry "
                                             "point '{}'",
                                             rc.name, allowed, st, ep.name));
        }
        for (const auto* g : calls_[f]) work.push_back(g);
      }
    }
  }

  // Private (8192) and workgroup (kMaxWorkgroupStorageBytes) bytes statically accessed by each
  // entry point (section "Limits"; override-sized arrays count with one element, as their size is not known
  // before pipeline creation).
  void checkAddressSpaceLimits() {
    std::unordered_map<const ast::VarDecl*, const GlobalVar*> globals;
    for (const auto& g : p_.globals) globals[g.decl] = &g;
    for (const auto& ep : p_.entry_points) {
      std::set<const ast::FunctionDecl*> seen;
      std::vector<const ast::FunctionDecl*> work = {ep.function};
      std::set<const ast::VarDecl*> vars;
      while (!work.empty()) {
        const ast::FunctionDecl* f = work.back();
        work.pop_back();
        if (!seen.insert(f).second) continue;
        for (const auto* v : uses_[f]) vars.insert(v);
        for (const auto* g : calls_[f]) work.push_back(g);
      }
      // "Two different resource variables in a shader must not have the same group and binding
      // values, when considered together" (statically accessed by one entry point).
      std::map<std::pair<uint32_t, uint32_t>, const ResourceBinding*> slots;
      for (const auto& rb : p_.bindings) {
        if (!vars.count(rb.decl)) continue;
        auto [it, inserted] = slots.emplace(std::make_pair(rb.group, rb.binding), &rb);
        if (!inserted) {
          diags_.error(rb.decl->name.range, fmt::format("'{}' and '{}' both use @group({}) @binding({}) and are both used by "
                                                        "entry point '{}'",
                                                        it->second->name, rb.name, rb.group, rb.binding, ep.name));
        }
      }
      for (const auto* v : vars) {
        auto it = globals.find(v);
        if (it == globals.end()) continue;
        const GlobalVar& g = *it->second;
        if (g.space == AddressSpace::Workgroup && ep.stage != ShaderStage::Compute) {
          diags_.error(v->name.range, fmt::format("workgroup variable '{}' is used by the {} entry point '{}': the "
                                                  "'workgroup' address space exists only in compute shaders",
                                                  v->name.name, toString(ep.stage),
                                                  ep.name));
        }
        if (ep.stage == ShaderStage::Vertex && g.store_type &&
            ((g.space == AddressSpace::Storage && g.access == AccessMode::ReadWrite) ||
             (g.store_type->kind == TypeKind::Texture && g.store_type->texture_kind == TextureKind::Storage &&
              g.store_type->access != AccessMode::Read))) {
          diags_.error(v->name.range, fmt::format("'{}' is writable and used by the vertex entry point '{}': vertex "
                                                  "shaders cannot write storage buffers or storage textures",
                                                  v->name.name, ep.name));
        }
      }
      // "Each entry point must statically access at most one immediate data variable", of at
      // most 64 bytes (section "Limits", maxImmediateSize).
      const ast::VarDecl* immediate = nullptr;
      for (const auto& g : p_.globals) {
        if (g.space != AddressSpace::Immediate || !vars.count(g.decl)) continue;
        if (immediate) {
          diags_.error(g.decl->name.range, fmt::format("entry point '{}' statically accesses two immediate data variables, "
                                                       "'{}' and '{}': each entry point must statically access at most "
                                                       "one",
                                                       ep.name, immediate->name.name, g.decl->name.name));
        }
        immediate = g.decl;
        if (g.store_type && sizeOf(g.store_type) > 64) {
          diags_.error(g.decl->name.range, fmt::format("immediate data variable '{}' used by entry point '{}' is {} bytes: "
                                                       "WGSL implementations only have to support 64 (section "
                                                       "\"Limits\", maxImmediateSize)",
                                                       g.decl->name.name, ep.name, sizeOf(g.store_type)));
        }
      }
      uint64_t priv = 0, wg = 0;
      for (const auto* v : vars) {
        auto it = globals.find(v);
        if (it == globals.end() || !it->second->store_type) continue;
        const GlobalVar& g = *it->second;
        if (g.space == AddressSpace::Private) priv += sizeOf(g.store_type);
        if (g.space == AddressSpace::Workgroup) wg += roundUp(16, sizeOf(g.store_type));
      }
      if (priv > kMaxVariableBytes) {
        diags_.error(ep.function->name.range,
                     fmt::format("entry point '{}' uses {} bytes of 'private' variables: wgslemu supports at most {} "
                                 "(WGSL guarantees {}; section \"Limits\")",
                                 ep.name, priv, kMaxVariableBytes, kPortableVariableBytes));
      } else if (priv > kPortableVariableBytes) {
        diags_.warning(ep.function->name.range,
                       fmt::format("entry point '{}' uses {} bytes of 'private' variables, more than the {} WGSL "
                                   "guarantees (section \"Limits\"): other implementations may reject it",
                                   ep.name, priv, kPortableVariableBytes));
      }
      if (wg > kMaxWorkgroupStorageBytes) {
        diags_.error(ep.function->name.range, fmt::format("entry point '{}' uses {} bytes of 'workgroup' variables: "
                                                          "wgslemu supports at most {} (the highest "
                                                          "maxComputeWorkgroupStorageSize a device can have; section "
                                                          "\"Limits\")",
                                                          ep.name, wg, kMaxWorkgroupStorageBytes));
      }
    }
  }

 private:
  // ------------------------------------------------------------------ directives

  static std::string ruleName(const ast::DiagnosticControl& dc) {
    return dc.rule_member ? dc.rule.name + "." + dc.rule_member->name : dc.rule.name;
  }

  // "Diagnostic filters must not conflict": two filters on the same affected range with the
  // same triggering rule must have the same severity (section "Diagnostics").
  void checkFilterConflicts(const std::vector<const ast::DiagnosticControl*>& filters) {
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

  void directives() {
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

  bool enabled(const char* ext) const { return p_.enabled_extensions.count(ext) > 0; }

  // ------------------------------------------------------------------ module scope

  void collect() {
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

  std::vector<std::string> resolving_;  // module-scope declarations being resolved, outermost first

  // The identifiers an expression tree mentions (walked with a work list: no recursion).
  static void namesIn(const Expr* root, std::vector<const std::string*>& out) {
    std::vector<const Expr*> work{root};
    while (!work.empty()) {
      const Expr* e = work.back();
      work.pop_back();
      if (e == nullptr) continue;
      switch (e->kind) {
        case ast::ExprKind::Literal: break;
        case ast::ExprKind::Ident: {
          const auto& id = static_cast<const ast::IdentExpr&>(*e);
          out.push_back(&id.ident.name);
          for (const auto& a : id.template_args) work.push_back(a.get());
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

  // The names the parts of a module-scope declaration that are resolved with it mention (not a
  // function's body, which is resolved after every declaration).
  static std::vector<const std::string*> dependenciesOf(const ast::GlobalDecl& g) {
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

  // Module-scope declarations ordered so that each comes after the declarations its resolved
  // parts name: resolving them in this order, the on-demand resolution of a name finds it done,
  // so a chain of thousands of declarations costs no stack. A depth-first search with an
  // explicit stack; the names mentioned are an over-approximation (a member name can look like
  // a declaration's), which only changes the order, never the result. Declarations on a cycle
  // are left out, so that the cycle is found from its first declaration in source order.
  std::vector<const std::string*> dependencyOrder() {
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
          if (!cyclic.count(f.decl)) order.push_back(&f.decl->name()->name);
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

  struct Entry {
    const ast::GlobalDecl* decl = nullptr;
    int state = 0;  // 0 unresolved, 1 in progress, 2 done
    Symbol sym;
  };

  Symbol* resolveGlobal(const std::string& name, SourceRange use = {}) {
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

  Symbol declareGlobal(const ast::GlobalDecl& g) {
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

  static DeclRef declRef(SymbolKind k) {
    switch (k) {
      case SymbolKind::Var: return DeclRef::Var;
      case SymbolKind::Let: return DeclRef::Let;
      case SymbolKind::Const: return DeclRef::Const;
      case SymbolKind::Override: return DeclRef::Override;
      case SymbolKind::Param: return DeclRef::Param;
      default: return DeclRef::None;
    }
  }

  void recordDecl(const ast::VarDecl& d, const Symbol& s, bool module_scope) {
    DeclInfo& di = p_.decls[&d];
    di.kind = declRef(s.kind);
    di.type = s.type;
    di.space = s.space;
    di.access = s.access;
    di.module_scope = module_scope;
    di.value = s.value;
  }

  // ------------------------------------------------------------------ types

  const Type* structType(const ast::StructDecl& d) {
    Type* t = types_.newStruct(d.name.name);
    t->struct_decl = &d;
    std::vector<MemberLayoutRequest> requests;
    std::set<std::string> seen;
    bool ok = true;
    for (size_t i = 0; i < d.members.size(); ++i) {
      const ast::StructMember& m = d.members[i];
      if (!seen.insert(m.name.name).second) {
        diags_.error(m.name.range, fmt::format("duplicate member '{}' in structure '{}'", m.name.name, d.name.name));
      }
      const Type* mt = resolveType(*m.type);
      if (mt == nullptr) {
        ok = false;
        continue;
      }
      if (mt->isRuntimeArray() && i + 1 != d.members.size()) {
        diags_.error(m.type->range, fmt::format("a runtime-sized array can only be the last member of a structure; "
                                                "'{}' is followed by other members",
                                                m.name.name));
      }
      if (!mt->isPlain() || mt->isAbstract()) {
        diags_.error(m.type->range, fmt::format("structure member '{}' has type '{}', which is not a concrete plain "
                                                "type",
                                                m.name.name, mt->name()));
        ok = false;
        continue;
      }
      if (mt->isArray() && mt->override_count) {
        diags_.error(m.type->range, fmt::format("structure member '{}' cannot be an override-sized array: only "
                                                "'var<workgroup>' declarations may have one",
                                                m.name.name));
      }
      if (!mt->isRuntimeArray() && !mt->hasFixedFootprint()) {
        diags_.error(m.type->range, fmt::format("structure member '{}' has type '{}', which does not have a fixed "
                                                "footprint",
                                                m.name.name, mt->name()));
      }
      StructMemberInfo info;
      info.name = m.name.name;
      info.type = mt;
      info.range = m.range;
      MemberLayoutRequest req;
      checkAttributes(m.attributes, {"align", "size", "location", "builtin", "interpolate", "invariant", "blend_src"},
                      "a structure member");
      for (const auto& a : m.attributes) {
        if (a.name.name == "align") {
          req.align = positiveAttr(a, "align", true);
          // "n must satisfy n = k × RequiredAlignOf(T, AS)" for every non-uniform address space
          // the structure can be stored in, where RequiredAlignOf is AlignOf(T).
          if (req.align && mt->hasFixedFootprint() && alignOf(mt) != 0 && *req.align % alignOf(mt) != 0) {
            diags_.error(a.range, fmt::format("@align({}) on member '{}' must be a multiple of {}, the alignment of '{}'",
                                              *req.align, m.name.name, alignOf(mt), mt->name()));
            req.align.reset();
          }
        }
        if (a.name.name == "size") {
          req.size = positiveAttr(a, "size", false);
          if (mt->isRuntimeArray()) {
            // "The member type must have creation-fixed footprint" (the size attribute); the other
            // types without one are not allowed as members at all (reported above).
            diags_.error(a.range, fmt::format("@size is not allowed on member '{}': its type '{}' does not have a "
                                              "creation-fixed footprint (its size is not known at shader creation)",
                                              m.name.name, mt->name()));
            req.size.reset();
          } else if (req.size && mt->hasCreationFixedFootprint() && *req.size < sizeOf(mt)) {
            diags_.error(a.range, fmt::format("@size({}) is smaller than the size of '{}' ({} bytes)", *req.size,
                                              mt->name(), sizeOf(mt)));
            req.size.reset();
          }
        }
        if (a.name.name == "location") info.location = positiveAttr(a, "location", false, true);
        if (a.name.name == "blend_src") positiveAttr(a, "blend_src", false, true);
        if (a.name.name == "builtin" && !a.args.empty()) {
          if (const auto* id = a.args[0]->as<ast::IdentExpr>()) info.builtin = id->ident.name;
        }
      }
      t->members.push_back(info);
      requests.push_back(req);
    }
    if (d.members.empty()) diags_.error(d.name.range, fmt::format("structure '{}' has no members", d.name.name));
    if (d.members.size() > 1023) {
      diags_.error(d.name.range, fmt::format("structure '{}' has {} members: WGSL implementations only have to support "
                                             "1023 (section \"Limits\")",
                                             d.name.name, d.members.size()));
    }
    if (ok) layoutStruct(t, requests);
    // A structure nested too deeply is a failed declaration: structures built from it would
    // only repeat the error (and walks over their members would grow exponentially).
    if (!checkNestingDepth(t, d.name.range)) return nullptr;
    checkBlendSrc(d, *t);
    p_.structs.push_back(t);
    return t;
  }

  // "Unless explicitly permitted in an attribute's description, an attribute must not be
  // specified more than once per object" (section "Attributes"), and each attribute applies
  // only to the objects its description names.
  void checkAttributes(const ast::AttributeList& attrs, std::initializer_list<const char*> allowed, const char* where) {
    std::set<std::string> seen;
    for (const auto& a : attrs) {
      const std::string& n = a.name.name;
      bool ok = false;
      for (const char* al : allowed) ok = ok || n == al;
      if (!ok) {
        if (n == "const") {
          diags_.error(a.range, "@const must not be applied to a user-defined function: it marks the built-in functions "
                                "usable in const-expressions");
        } else {
          diags_.error(a.range, fmt::format("attribute '@{}' is not allowed on {}", n, where));
        }
        continue;
      }
      if (n != "diagnostic" && !seen.insert(n).second) {
        diags_.error(a.range, fmt::format("attribute '@{}' is specified more than once on {}", n, where));
      }
      // "Otherwise, using blend_src will result in a shader-creation error" (section "Enable
      // Extensions", dual_source_blending).
      if (n == "blend_src" && !enabled("dual_source_blending")) {
        diags_.error(a.range, "'@blend_src' requires 'enable dual_source_blending;'");
      }
    }
    // "More than one diagnostic attribute may be specified on a syntactic form, but they must
    // specify different triggering rules" (the `diagnostic` attribute): unlike global filters,
    // two with the same rule are an error even with the same severity.
    std::map<std::string, const ast::DiagnosticControl*> rules;
    for (const auto& a : attrs) {
      if (!a.diagnostic) continue;
      const ast::DiagnosticControl& dc = *a.diagnostic;
      auto [it, inserted] = rules.emplace(ruleName(dc), &dc);
      if (!inserted) {
        diags_.error(dc.range, fmt::format("two @diagnostic attributes on {} name the triggering rule '{}': the "
                                           "@diagnostic attributes of one place must name different rules",
                                           where, ruleName(dc)));
        diags_.note(it->second->range, "the other filter is here");
      }
    }
    // @interpolate only with @location; @invariant only with @builtin(position).
    const ast::Attribute *location = nullptr, *interpolate = nullptr, *invariant = nullptr, *builtin = nullptr;
    for (const auto& a : attrs) {
      if (a.name.name == "location") location = &a;
      if (a.name.name == "interpolate") interpolate = &a;
      if (a.name.name == "invariant") invariant = &a;
      if (a.name.name == "builtin") builtin = &a;
    }
    if (interpolate && !location) diags_.error(interpolate->range, "@interpolate is only allowed together with @location");
    if (invariant) {
      const auto* id = builtin && !builtin->args.empty() ? builtin->args[0]->as<ast::IdentExpr>() : nullptr;
      if (!id || id->ident.name != "position") {
        diags_.error(invariant->range, "@invariant is only allowed together with @builtin(position)");
      }
    }
  }

  void checkStatementAttributes(const ast::AttributeList& attrs) {
    checkAttributes(attrs, {"diagnostic"}, "a statement");
  }

  // Dual-source blending (section "Input-output Locations"): if a member with @location has
  // @blend_src, the structure has exactly two such members, @location(0) @blend_src(0) and
  // @location(0) @blend_src(1), of the same type.
  void checkBlendSrc(const ast::StructDecl& d, const Type& t) {
    std::vector<size_t> located;
    bool any_blend = false;
    for (size_t i = 0; i < d.members.size(); ++i) {
      bool has_location = false;
      for (const auto& a : d.members[i].attributes) {
        has_location = has_location || a.name.name == "location";
        any_blend = any_blend || a.name.name == "blend_src";
      }
      if (has_location) located.push_back(i);
    }
    if (!any_blend) return;
    auto attrValue = [&](size_t m, const char* name) -> std::optional<int64_t> {
      for (const auto& a : d.members[m].attributes) {
        if (a.name.name == name && !a.args.empty()) {
          const ExprInfo* v = p_.info(a.args[0].get());
          if (v && v->value) return v->value->i;
        }
      }
      return std::nullopt;
    };
    bool ok = located.size() == 2;
    if (ok) {
      std::set<int64_t> srcs;
      for (size_t m : located) {
        ok = ok && attrValue(m, "location") == 0;
        if (auto b = attrValue(m, "blend_src")) srcs.insert(*b);
      }
      ok = ok && srcs == std::set<int64_t>{0, 1};
      ok = ok && located[0] < t.members.size() && located[1] < t.members.size() &&
           t.members[located[0]].type == t.members[located[1]].type;
    }
    if (!ok) {
      diags_.error(d.name.range, fmt::format("structure '{}' uses @blend_src, so its located members must be exactly "
                                             "@location(0) @blend_src(0) and @location(0) @blend_src(1), of the same type",
                                             d.name.name));
    }
  }

  // "Nesting depth": 1 for a vector, 2 for a matrix, 1 + that of the element type for an array,
  // 1 + the deepest member's for a structure (section "Composite Types"); a scalar is no
  // composite and adds nothing (array<u32, 4> has depth 1, like vec4u). At most 15 must be
  // supported (section "Limits").
  std::unordered_map<const Type*, int> nesting_depth_;  // structures' depths, each computed once

  int nestingDepth(const Type* t) {
    switch (t->kind) {
      case TypeKind::Vector: return 1;
      case TypeKind::Matrix: return 2;
      case TypeKind::Array: return 1 + nestingDepth(t->elem);
      case TypeKind::Struct: {
        auto it = nesting_depth_.find(t);
        if (it != nesting_depth_.end()) return it->second;
        int d = 0;
        for (const auto& m : t->members) d = std::max(d, nestingDepth(m.type));
        nesting_depth_[t] = 1 + d;
        return 1 + d;
      }
      default: return 0;
    }
  }

  bool checkNestingDepth(const Type* t, SourceRange r) {
    const int d = nestingDepth(t);
    if (d > 15) {
      diags_.error(r, fmt::format("type '{}' has composite nesting depth {}: WGSL implementations only have to support "
                                  "15 (section \"Limits\")",
                                  t->name(), d));
      return false;
    }
    return true;
  }

  // The value of an attribute argument that must be a const-expression integer: @align (a power
  // of two), @size, @location (>= 0 allowed when `allow_zero`).
  std::optional<uint32_t> positiveAttr(const ast::Attribute& a, const char* what, bool power_of_two,
                                       bool allow_zero = false) {
    if (a.args.empty()) return std::nullopt;
    ExprInfo info = expr(*a.args[0]);
    if (!info.type) return std::nullopt;
    if (!info.value || !info.type->isIntegerScalar()) {
      diags_.error(a.args[0]->range, fmt::format("the argument of @{} must be a const-expression of type i32 or u32",
                                                 what));
      return std::nullopt;
    }
    const int64_t v = info.value->i;
    // An AbstractInt argument "resolves to" i32 (concretization): it must fit i32.
    if (info.type->kind == TypeKind::AbstractInt && v > 0x7FFFFFFFll) {
      diags_.error(a.args[0]->range, fmt::format("the argument of @{} is {}, which does not fit i32 (the AbstractInt "
                                                 "argument is converted to i32; write {}u for u32)",
                                                 what, v, v));
      return std::nullopt;
    }
    if (v < (allow_zero ? 0 : 1) || v > 0xFFFFFFFFll) {
      diags_.error(a.args[0]->range, fmt::format("@{}({}) must be {}", what, v, allow_zero ? "non-negative" : "positive"));
      return std::nullopt;
    }
    if (power_of_two && (v & (v - 1)) != 0) {
      diags_.error(a.args[0]->range, fmt::format("@{}({}) must be a power of two", what, v));
      return std::nullopt;
    }
    return static_cast<uint32_t>(v);
  }

  const Type* scalarType(const std::string& n, SourceRange r) {
    if (n == "bool") return types_.boolType();
    if (n == "i32") return types_.i32();
    if (n == "u32") return types_.u32();
    if (n == "f32") return types_.f32();
    if (n == "f16") {
      if (!enabled("f16")) diags_.error(r, "type 'f16' requires 'enable f16;'");
      return types_.f16();
    }
    return nullptr;
  }

  // Resolves a type expression (an identifier with an optional template list).
  const Type* resolveType(const Expr& e) {
    const auto* id = e.as<ast::IdentExpr>();
    if (id == nullptr) {
      diags_.error(e.range, "expected a type");
      return nullptr;
    }
    const std::string& n = id->ident.name;
    const SourceRange r = id->ident.range;
    if (Symbol* s = lookup(n, r)) {
      if (s->kind == SymbolKind::Alias || s->kind == SymbolKind::Struct) {
        if (id->has_template_list) {
          diags_.error(e.range, fmt::format("'{}' is not a type-generator and cannot take a template list", n));
        }
        return s->type;
      }
      diags_.error(r, fmt::format("'{}' is a {}, not a type", n, kindWord(s->kind)));
      return nullptr;
    }
    if (globals_.count(n)) return nullptr;  // declared, but its declaration failed (already reported)
    auto args = [&](size_t lo, size_t hi) -> bool {
      const size_t k = id->template_args.size();
      if (!id->has_template_list && lo > 0) {
        diags_.error(e.range, fmt::format("'{}' needs a template list, e.g. {}", n,
                                          n == "array" ? "array<f32, 4>" : n == "ptr" ? "ptr<function, i32>" : n + "<f32>"));
        return false;
      }
      if (k < lo || k > hi) {
        diags_.error(e.range, lo == hi ? fmt::format("'{}' takes {} template argument{}, found {}", n, lo, lo == 1 ? "" : "s", k)
                                       : fmt::format("'{}' takes {} to {} template arguments, found {}", n, lo, hi, k));
        return false;
      }
      return true;
    };
    auto noTemplate = [&]() -> bool {
      if (id->has_template_list) {
        diags_.error(e.range, fmt::format("'{}' does not take a template list", n));
        return false;
      }
      return true;
    };
    if (const Type* s = scalarType(n, r)) return noTemplate() ? s : nullptr;

    // vecN, vecN<T>, and the aliases vec3f etc.
    if (n.size() >= 4 && n.rfind("vec", 0) == 0 && n[3] >= '2' && n[3] <= '4') {
      const uint32_t width = static_cast<uint32_t>(n[3] - '0');
      if (n.size() == 5) {
        if (n[4] != 'f' && n[4] != 'h' && n[4] != 'i' && n[4] != 'u') return unknownType(e);  // no vec2b
        if (!noTemplate()) return nullptr;
        const Type* elem = aliasScalar(n[4], r);
        return elem ? types_.vec(width, elem) : nullptr;
      }
      if (n.size() != 4 || !args(1, 1)) return n.size() == 4 ? nullptr : unknownType(e);
      const Type* elem = resolveType(*id->template_args[0]);
      if (!elem) return nullptr;
      if (!elem->isScalar() || elem->isAbstract()) {
        diags_.error(id->template_args[0]->range,
                     fmt::format("the component type of a vector must be a scalar type (bool, i32, u32, f32 or f16), "
                                 "not '{}'",
                                 elem->name()));
        return nullptr;
      }
      return types_.vec(width, elem);
    }
    // matCxR, matCxR<T>, matCxRf/h.
    if (n.size() >= 6 && n.rfind("mat", 0) == 0 && n[3] >= '2' && n[3] <= '4' && n[4] == 'x' && n[5] >= '2' &&
        n[5] <= '4') {
      const uint32_t c = static_cast<uint32_t>(n[3] - '0'), rws = static_cast<uint32_t>(n[5] - '0');
      if (n.size() == 7) {
        if (!noTemplate()) return nullptr;
        if (n[6] != 'f' && n[6] != 'h') return unknownType(e);
        const Type* elem = aliasScalar(n[6], r);
        return elem ? types_.mat(c, rws, elem) : nullptr;
      }
      if (n.size() != 6 || !args(1, 1)) return n.size() == 6 ? nullptr : unknownType(e);
      const Type* elem = resolveType(*id->template_args[0]);
      if (!elem) return nullptr;
      if (elem->kind != TypeKind::F32 && elem->kind != TypeKind::F16) {
        diags_.error(id->template_args[0]->range,
                     fmt::format("the component type of a matrix must be f32 or f16, not '{}'", elem->name()));
        return nullptr;
      }
      return types_.mat(c, rws, elem);
    }
    if (n == "atomic") {
      if (!args(1, 1)) return nullptr;
      const Type* elem = resolveType(*id->template_args[0]);
      if (!elem) return nullptr;
      if (elem->kind != TypeKind::I32 && elem->kind != TypeKind::U32) {
        diags_.error(id->template_args[0]->range,
                     fmt::format("atomic types must be atomic<i32> or atomic<u32>, not atomic<{}>", elem->name()));
        return nullptr;
      }
      return types_.atomic(elem);
    }
    if (n == "array") return arrayType(*id, args);
    if (n == "ptr") {
      if (!args(2, 3)) return nullptr;
      auto as = enumerant(*id->template_args[0], "address space");
      const Type* store = resolveType(*id->template_args[1]);
      if (!as || !store) return nullptr;
      auto space = addressSpaceFromName(*as);
      if (!space) {
        diags_.error(id->template_args[0]->range, fmt::format("unknown address space '{}'", *as));
        return nullptr;
      }
      AccessMode am = *space == AddressSpace::Storage ? AccessMode::Read : AccessMode::ReadWrite;
      if (*space == AddressSpace::Uniform || *space == AddressSpace::Immediate) am = AccessMode::Read;
      if (id->template_args.size() == 3) {
        auto amName = enumerant(*id->template_args[2], "access mode");
        if (!amName) return nullptr;
        auto mode = accessModeFromName(*amName);
        if (!mode) {
          diags_.error(id->template_args[2]->range, fmt::format("unknown access mode '{}'", *amName));
          return nullptr;
        }
        if (*space != AddressSpace::Storage) {
          diags_.error(id->template_args[2]->range,
                       fmt::format("an access mode may only be written for the 'storage' address space, not '{}'", *as));
        }
        am = *mode;
      }
      // The store type must be one a variable in that address space could have (section
      // "Reference and Pointer Types").
      const SourceRange sr = id->template_args[1]->range;
      if (!store->isStorable() || store->isPtr()) {
        diags_.error(sr, fmt::format("'{}' is not storable, so it cannot be the store type of a pointer", store->name()));
        return nullptr;
      }
      // "it must also be valid to declare a variable ... with the pointer type's address space,
      // store type, and access mode": textures and samplers are only variables in the 'handle'
      // address space, which a pointer type cannot name; runtime-sized data only in 'storage'.
      if (store->isHandle()) {
        diags_.error(sr, fmt::format("'{}' cannot be the store type of a pointer: variables of texture and sampler types "
                                     "are in the 'handle' address space, not '{}'",
                                     store->name(), *as));
        return nullptr;
      }
      const bool runtime_sized = store->isRuntimeArray() || (store->isStruct() && !store->members.empty() &&
                                                             store->members.back().type &&
                                                             store->members.back().type->isRuntimeArray());
      if (runtime_sized && *space != AddressSpace::Storage) {
        diags_.error(sr, fmt::format("'{}' is runtime-sized, so it cannot be stored in the '{}' address space: only "
                                     "'storage' holds runtime-sized arrays",
                                     store->name(), *as));
        return nullptr;
      }
      if (*space == AddressSpace::Storage && am == AccessMode::Write) {
        diags_.error(id->template_args[2]->range, "pointers into 'storage' are 'read' or 'read_write', not 'write'");
        return nullptr;
      }
      if (containsAtomic(store) &&
          !(*space == AddressSpace::Workgroup || (*space == AddressSpace::Storage && am == AccessMode::ReadWrite))) {
        diags_.error(sr, "atomics can only be reached through pointers into 'workgroup' or 'read_write' storage");
        return nullptr;
      }
      if ((*space == AddressSpace::Function || *space == AddressSpace::Private) && !store->isConstructible()) {
        diags_.error(sr, fmt::format("'{}' cannot be stored in the '{}' address space: it is not constructible",
                                     store->name(), *as));
        return nullptr;
      }
      return types_.ptr(*space, store, am);
    }
    if (n == "sampler" || n == "sampler_comparison") return noTemplate() ? types_.sampler(n == "sampler_comparison") : nullptr;
    if (n.rfind("texture_", 0) == 0) return textureType(*id, args);
    if (n == "buffer") {
      if (!id->has_template_list) return types_.buffer(std::nullopt);
      if (!args(1, 1)) return nullptr;
      const Expr& n_expr = *id->template_args[0];
      ExprInfo c = expr(n_expr);
      if (!c.type) return nullptr;
      if (!c.type->isIntegerScalar()) {
        diags_.error(n_expr.range, fmt::format("the size of a buffer must be an integer, not '{}'", c.type->name()));
        return nullptr;
      }
      if (c.stage == EvalStage::Const && c.value) {
        // "If N is not greater than 0 ... shader-creation error"; N must be a multiple of 4 (2
        // with f16 enabled).
        const int64_t n = c.value->i;
        const int64_t unit = enabled("f16") ? 2 : 4;
        if (n <= 0 || n % unit != 0) {
          diags_.error(n_expr.range, fmt::format("the size of buffer<{}> must be positive and a multiple of {}", n, unit));
          return nullptr;
        }
        return types_.buffer(static_cast<uint32_t>(n));
      }
      if (c.stage == EvalStage::Override) {
        const void* identity = &n_expr;
        if (const auto* ci = n_expr.as<ast::IdentExpr>()) {
          if (Symbol* sym = lookup(ci->ident.name, ci->range)) identity = sym->var;
        }
        return types_.overrideBuffer(identity, spelled(n_expr));
      }
      diags_.error(n_expr.range, "the size of a buffer must be a const-expression or an override-expression");
      return nullptr;
    }
    return unknownType(e);
  }

  const Type* unknownType(const Expr& e) {
    const auto* id = e.as<ast::IdentExpr>();
    const std::string n = id ? id->ident.name : "?";
    if (isBuiltinFunctionName(n)) {
      diags_.error(e.range, fmt::format("'{}' is a built-in function, not a type", n));
    } else {
      diags_.error(e.range, fmt::format("unresolved type '{}'", n));
    }
    return nullptr;
  }

  const Type* aliasScalar(char c, SourceRange r) {
    switch (c) {
      case 'f': return types_.f32();
      case 'i': return types_.i32();
      case 'u': return types_.u32();
      case 'h':
        if (!enabled("f16")) diags_.error(r, "f16 types require 'enable f16;'");
        return types_.f16();
      default: return nullptr;
    }
  }

  // A template argument that must be a predeclared enumerant (address space, access mode,
  // texel format).
  std::optional<std::string> enumerant(const Expr& e, const char* what) {
    const auto* id = e.as<ast::IdentExpr>();
    if (id == nullptr || id->has_template_list) {
      diags_.error(e.range, fmt::format("expected {} name", what));
      return std::nullopt;
    }
    // A declaration of the same name shadows the predeclared enumerant, wherever it is at
    // module scope (order independence): `var<private> private: i32;` names itself (a cycle).
    const bool declared = globals_.count(id->ident.name) > 0;
    if (Symbol* s = lookup(id->ident.name, e.range)) {
      diags_.error(e.range, fmt::format("expected {} name, but '{}' refers to a {}", what, id->ident.name,
                                        kindWord(s->kind)));
      return std::nullopt;
    }
    if (declared) return std::nullopt;  // the cycle was reported
    return id->ident.name;
  }

  template <typename Args>
  const Type* arrayType(const ast::IdentExpr& id, Args& args) {
    if (!args(1, 2)) return nullptr;
    const Type* elem = resolveType(*id.template_args[0]);
    if (!elem) return nullptr;
    if (!elem->isPlain() || elem->isRuntimeArray() || elem->isAbstract()) {
      diags_.error(id.template_args[0]->range,
                   fmt::format("the element type of an array must be a concrete plain type with a fixed footprint, "
                               "not '{}'",
                               elem->name()));
      return nullptr;
    }
    // "An array element type must be one of: ... an array type having a creation-fixed
    // footprint, a structure type having a creation-fixed footprint": not an override-sized array.
    if (!elem->hasCreationFixedFootprint()) {
      diags_.error(id.template_args[0]->range,
                   fmt::format("the element type of an array must have a creation-fixed footprint; '{}' has an element "
                               "count that is only known at pipeline creation",
                               elem->name()));
      return nullptr;
    }
    if (id.template_args.size() == 1) return types_.runtimeArray(elem);
    const Expr& count = *id.template_args[1];
    ExprInfo c = expr(count);
    if (!c.type) return nullptr;
    if (!c.type->isIntegerScalar() || c.type->isVector()) {
      diags_.error(count.range, fmt::format("the element count of an array must be an integer (i32, u32 or AbstractInt), "
                                            "not '{}'",
                                            c.type->name()));
      return nullptr;
    }
    if (c.stage == EvalStage::Const && c.value) {
      if (c.value->i <= 0) {
        diags_.error(count.range, fmt::format("the element count of an array must be positive, not {}", c.value->i));
        return nullptr;
      }
      if (c.value->i > 0xFFFFFFFFll) {
        diags_.error(count.range, "array element count is too large");
        return nullptr;
      }
      // Sizes are 32-bit quantities in the layout rules' host API (WebGPU buffer bindings) and
      // Tint rejects larger arrays; an array whose byte-size does not fit cannot be laid out.
      const uint64_t bytes = static_cast<uint64_t>(c.value->i) * roundUp(alignOf(elem), sizeOf(elem));
      if (bytes > 0xFFFFFFFFull) {
        diags_.error(id.range, fmt::format("the byte-size of 'array<{}, {}>' is {} bytes, more than 4294967295 "
                                           "(SizeOf must fit in 32 bits)",
                                           elem->name(), c.value->i, bytes));
        return nullptr;
      }
      return types_.array(elem, static_cast<uint32_t>(c.value->i));
    }
    if (c.stage == EvalStage::Override) {
      // At pipeline creation the count is known: "If the element count is not greater than 0,
      // it is a pipeline-creation error" (section "Array Types").
      if (options_.pipeline && c.value && c.value->i <= 0) {
        diags_.error(count.range, fmt::format("pipeline-creation error: the element count of an array must be "
                                              "positive, but '{}' is {}",
                                              spelled(count), c.value->i));
        return nullptr;
      }
      // "two array types are the same if their counts are the same override identifier"
      const void* identity = &count;
      if (const auto* ci = count.as<ast::IdentExpr>()) {
        if (Symbol* s = lookup(ci->ident.name, ci->range)) identity = s->var;
      }
      return types_.overrideArray(elem, identity, spelled(count));
    }
    diags_.error(count.range, "the element count of an array must be a const-expression or an override-expression");
    return nullptr;
  }

  static std::string spelled(const Expr& e) {
    if (const auto* id = e.as<ast::IdentExpr>()) return id->ident.name;
    return "<expression>";
  }

  template <typename Args>
  const Type* textureType(const ast::IdentExpr& id, Args& args) {
    const std::string& n = id.ident.name;
    struct Dim {
      const char* suffix;
      TextureDim dim;
    };
    static const Dim kDims[] = {{"1d", TextureDim::D1},     {"2d", TextureDim::D2},
                                {"2d_array", TextureDim::D2Array}, {"3d", TextureDim::D3},
                                {"cube", TextureDim::Cube}, {"cube_array", TextureDim::CubeArray}};
    auto dimOf = [&](const std::string& suffix) -> std::optional<TextureDim> {
      for (const auto& d : kDims)
        if (suffix == d.suffix) return d.dim;
      return std::nullopt;
    };
    auto sampledType = [&]() -> const Type* {
      if (!args(1, 1)) return nullptr;
      const Type* t = resolveType(*id.template_args[0]);
      if (t && t->kind != TypeKind::F32 && t->kind != TypeKind::I32 && t->kind != TypeKind::U32) {
        diags_.error(id.template_args[0]->range,
                     fmt::format("the sampled type of a texture must be f32, i32 or u32, not '{}'", t->name()));
        return nullptr;
      }
      return t;
    };
    if (n == "texture_external") return args(0, 0) || !id.has_template_list ? types_.texture(TextureKind::External, TextureDim::D2, nullptr) : nullptr;
    if (n == "texture_multisampled_2d") {
      const Type* t = sampledType();
      return t ? types_.texture(TextureKind::Multisampled, TextureDim::D2, t) : nullptr;
    }
    if (n == "texture_depth_multisampled_2d") {
      return types_.texture(TextureKind::DepthMultisampled, TextureDim::D2, types_.f32());
    }
    if (n.rfind("texture_depth_", 0) == 0) {
      auto d = dimOf(n.substr(14));
      if (!d || *d == TextureDim::D1 || *d == TextureDim::D3) return unknownType(id);
      return types_.texture(TextureKind::Depth, *d, types_.f32());
    }
    if (n.rfind("texture_storage_", 0) == 0) {
      auto d = dimOf(n.substr(16));
      if (!d || *d == TextureDim::Cube || *d == TextureDim::CubeArray) return unknownType(id);
      if (!args(2, 2)) return nullptr;
      auto format = enumerant(*id.template_args[0], "texel format");
      auto am = enumerant(*id.template_args[1], "access mode");
      if (!format || !am) return nullptr;
      auto mode = accessModeFromName(*am);
      if (!mode) {
        diags_.error(id.template_args[1]->range, fmt::format("unknown access mode '{}'", *am));
        return nullptr;
      }
      if (!isPredeclaredEnumerant(*format)) {
        diags_.error(id.template_args[0]->range, fmt::format("unknown texel format '{}'", *format));
        return nullptr;
      }
      return types_.texture(TextureKind::Storage, *d, nullptr, *format, *mode);
    }
    auto d = dimOf(n.substr(8));
    if (!d) return unknownType(id);
    const Type* t = sampledType();
    return t ? types_.texture(TextureKind::Sampled, *d, t) : nullptr;
  }

  // ------------------------------------------------------------------ declarations

  Symbol constDecl(const ast::VarDecl& d) {
    Symbol s;
    s.kind = SymbolKind::Const;
    s.name = d.name.name;
    s.range = d.name.range;
    s.var = &d;
    s.stage = EvalStage::Const;
    const Type* declared = d.type ? resolveType(*d.type) : nullptr;
    if (!d.initializer) return s;
    ExprInfo init = expr(*d.initializer);
    if (!init.type) return s;  // not analysed (yet): no verdict
    if (init.stage != EvalStage::Const) {
      diags_.error(d.initializer->range,
                   fmt::format("the initializer of const '{}' must be a const-expression{}", d.name.name,
                               init.stage == EvalStage::Override ? " (it depends on an override)" : ""));
      return s;
    }
    s.type = init.type;
    s.value = init.value;
    if (declared) {
      if (!convertible(init.type, declared)) {
        diags_.error(d.initializer->range, fmt::format("cannot initialize const '{}' of type '{}' with a value of type '{}'",
                                                       d.name.name, declared->name(), init.type->name()));
        return s;
      }
      s.type = declared;
      if (s.value) s.value = convert(*s.value, declared, d.initializer->range);
    }
    return s;
  }

  Symbol overrideDecl(const ast::VarDecl& d) {
    Symbol s;
    s.kind = SymbolKind::Override;
    s.name = d.name.name;
    s.range = d.name.range;
    s.var = &d;
    s.stage = EvalStage::Override;
    OverrideDecl od;
    od.decl = &d;
    od.name = d.name.name;
    od.has_initializer = d.initializer != nullptr;
    const Type* declared = d.type ? resolveType(*d.type) : nullptr;
    const Type* t = declared;
    if (d.initializer) {
      ExprInfo init = expr(*d.initializer);
      if (init.type) {
        if (init.stage == EvalStage::Runtime) {
          diags_.error(d.initializer->range, fmt::format("the initializer of override '{}' must be a const-expression or "
                                                         "an override-expression",
                                                         d.name.name));
        } else if (declared && !convertible(init.type, declared)) {
          diags_.error(d.initializer->range, fmt::format("cannot initialize override '{}' of type '{}' with a value of "
                                                         "type '{}'",
                                                         d.name.name, declared->name(), init.type->name()));
        }
        if (!t) t = concrete(init.type);
        if (init.value && init.stage == EvalStage::Const) od.default_value = convert(*init.value, t, d.initializer->range);
      }
    } else if (!declared) {
      diags_.error(d.name.range, fmt::format("override '{}' needs a type or an initializer", d.name.name));
    }
    if (t && !t->isScalar()) {
      diags_.error(d.type ? d.type->range : d.name.range,
                   fmt::format("override '{}' must have a concrete scalar type, not '{}'", d.name.name, t->name()));
    }
    checkAttributes(d.attributes, {"id"}, "an override declaration");
    for (const auto& a : d.attributes) {
      if (a.name.name == "id") {
        if (auto v = positiveAttr(a, "id", false, true)) {
          if (*v > 65535) {
            diags_.error(a.range, fmt::format("@id({}) is out of range: override ids are 0 to 65535", *v));
          } else {
            for (const auto& other : p_.overrides) {
              if (other.id == v) {
                diags_.error(a.range, fmt::format("@id({}) is already used by override '{}'", *v, other.name));
              }
            }
            od.id = *v;
          }
        }
      }
    }
    od.type = t;
    s.type = t;
    if (options_.pipeline && t && t->isScalar()) {
      // The pipeline's value for this override: given by name or @id, else the default.
      std::optional<double> given;
      if (auto it = options_.override_values.find(od.name); it != options_.override_values.end()) given = it->second;
      if (od.id) {
        if (auto it = options_.override_values.find(std::to_string(*od.id)); it != options_.override_values.end())
          given = it->second;
      }
      if (given) {
        ConstValue src = ConstValue::makeFloat(types_.abstractFloat(), *given);
        if (t->isIntegerScalar() && *given == std::floor(*given) && std::fabs(*given) < 9.2e18) {
          src = ConstValue::makeInt(types_.abstractInt(), static_cast<int64_t>(*given));
        }
        Eval e = t->kind == TypeKind::Bool ? Eval::ok(ConstValue::makeBool(t, *given != 0)) : convertAutomatic(types_, src, t);
        if (e.value) {
          od.value = e.value;
        } else {
          diags_.error(d.name.range, fmt::format("pipeline-creation error: the value {} given for override '{}' does not "
                                                 "fit its type '{}'",
                                                 *given, od.name, t->name()));
        }
      } else if (d.initializer) {
        const ExprInfo* init = p_.info(d.initializer.get());
        if (init && init->value) od.value = convert(*init->value, t, d.initializer->range);
      } else if (options_.require_override_values) {
        // "an override with no initializer must be given a value at pipeline creation"
        diags_.error(d.name.range, fmt::format("pipeline-creation error: override '{}' has no initializer and no value "
                                               "was given for it",
                                               od.name));
      }
      s.value = od.value;
    }
    p_.overrides.push_back(od);
    return s;
  }

  Symbol globalVar(const ast::VarDecl& d) {
    Symbol s;
    s.kind = SymbolKind::Var;
    s.name = d.name.name;
    s.range = d.name.range;
    s.var = &d;
    const Type* t = d.type ? resolveType(*d.type) : nullptr;
    AddressSpace space = AddressSpace::Handle;
    std::optional<AccessMode> access;
    if (d.has_template_list) {
      if (d.template_args.empty() || d.template_args.size() > 2) {
        diags_.error(d.range, "a variable's template list is <address space> or <address space, access mode>");
      } else {
        if (auto as = enumerant(*d.template_args[0], "address space")) {
          if (auto sp = addressSpaceFromName(*as)) {
            space = *sp;
          } else {
            diags_.error(d.template_args[0]->range, fmt::format("unknown address space '{}'", *as));
          }
        }
        if (d.template_args.size() == 2) {
          if (auto am = enumerant(*d.template_args[1], "access mode")) {
            access = accessModeFromName(*am);
            if (!access) diags_.error(d.template_args[1]->range, fmt::format("unknown access mode '{}'", *am));
          }
        }
      }
    }
    ExprInfo init;
    if (d.initializer) init = expr(*d.initializer);
    if (!t && init.type) t = concrete(init.type);
    if (!d.has_template_list && t && !t->isHandle()) {
      // "The address space must be specified for all address spaces except handle and function."
      diags_.error(d.name.range, fmt::format("module-scope variable '{}' needs an address space: write "
                                             "var<private>, var<workgroup>, var<uniform> or var<storage>",
                                             d.name.name));
      s.type = t;
      s.space = AddressSpace::Private;
      return s;
    }
    if (d.has_template_list && t && t->isHandle()) {
      diags_.error(d.range, fmt::format("variable '{}' of type '{}' is in the handle address space, which cannot be "
                                        "written: remove the template list",
                                        d.name.name, t->name()));
    }
    if (d.has_template_list && space == AddressSpace::Function) {
      diags_.error(d.template_args[0]->range, "module-scope variables cannot be in the 'function' address space");
    }
    if (access && space != AddressSpace::Storage) {
      diags_.error(d.template_args[1]->range,
                   fmt::format("an access mode may only be written for the 'storage' address space, not '{}'",
                               toString(space)));
    }
    AccessMode am = access.value_or(space == AddressSpace::Storage || space == AddressSpace::Uniform ||
                                            space == AddressSpace::Handle || space == AddressSpace::Immediate
                                        ? AccessMode::Read
                                        : AccessMode::ReadWrite);
    if (d.initializer && space != AddressSpace::Private && space != AddressSpace::Function) {
      diags_.error(d.initializer->range, fmt::format("variables in the '{}' address space cannot have an initializer",
                                                     toString(space)));
    }
    if (d.initializer && init.type && init.stage == EvalStage::Runtime) {
      diags_.error(d.initializer->range, "the initializer of a module-scope variable must be a const-expression or an "
                                         "override-expression");
    }
    if (d.initializer && init.type && t && !convertible(init.type, t)) {
      diags_.error(d.initializer->range, fmt::format("cannot initialize '{}' of type '{}' with a value of type '{}'",
                                                     d.name.name, t->name(), init.type->name()));
    } else if (d.initializer && init.type && t) {
      checkImplicitConversion(init, t, d.initializer->range);
    }
    if (!t) {
      if (!d.type && !d.initializer) diags_.error(d.name.range, fmt::format("variable '{}' needs a type", d.name.name));
      s.space = space;
      s.access = am;
      return s;
    }
    checkStoreType(d, t, space, am);
    std::optional<uint32_t> group, binding;
    checkAttributes(d.attributes, {"group", "binding"}, "a module-scope variable");
    for (const auto& a : d.attributes) {
      if (a.name.name == "group") group = positiveAttr(a, "group", false, true);
      else if (a.name.name == "binding") binding = positiveAttr(a, "binding", false, true);
    }
    const bool resource = space == AddressSpace::Uniform || space == AddressSpace::Storage ||
                          space == AddressSpace::Handle;
    if (resource && (!group || !binding)) {
      bool has_g = false, has_b = false;
      for (const auto& a : d.attributes) {
        has_g = has_g || a.name.name == "group";
        has_b = has_b || a.name.name == "binding";
      }
      if (!has_g || !has_b) {
        diags_.error(d.name.range, fmt::format("resource variable '{}' needs both @group and @binding", d.name.name));
      }
    }
    if (!resource && (group || binding)) {
      diags_.error(d.name.range, fmt::format("@group and @binding are only allowed on resource variables (uniform, storage, "
                                             "textures and samplers), not on 'var<{}>'",
                                             toString(space)));
    }
    GlobalVar gv{&d, space, am, t};
    p_.globals.push_back(gv);
    if (resource && group && binding) {
      ResourceBinding rb;
      rb.decl = &d;
      rb.name = d.name.name;
      rb.group = *group;
      rb.binding = *binding;
      rb.space = space;
      rb.access = am;
      rb.store_type = t;
      rb.min_binding_size = minBindingSize(t);
      p_.bindings.push_back(rb);
    }
    s.type = t;
    s.space = space;
    s.access = am;
    return s;
  }

  static uint32_t minBindingSize(const Type* t) {
    if (t->isRuntimeArray()) return strideOf(t);
    if (t->isStruct() && !t->members.empty() && t->members.back().type->isRuntimeArray()) {
      const auto& last = t->members.back();
      return roundUp(t->struct_align, last.offset + strideOf(last.type));
    }
    if (t->hasCreationFixedFootprint() && t->isPlain()) return sizeOf(t);
    return 0;
  }

  void checkStoreType(const ast::VarDecl& d, const Type* t, AddressSpace space, AccessMode am) {
    const SourceRange r = d.type ? d.type->range : d.name.range;
    if (!t->isStorable()) {
      diags_.error(r, fmt::format("type '{}' is not storable: variables hold concrete plain types, textures or samplers",
                                  t->name()));
      return;
    }
    switch (space) {
      case AddressSpace::Uniform:
        // "a host-shareable constructible type or a fixed-size buffer type"
        if (t->kind == TypeKind::Buffer) {
          if (!t->buffer_size) diags_.error(r, "a uniform buffer cannot have the runtime-sized type 'buffer'");
        } else if (!t->isHostShareable() || !t->isConstructible()) {
          diags_.error(r, fmt::format("type '{}' cannot be used in address space 'uniform': the store type of a uniform "
                                      "buffer must be host-shareable and constructible",
                                      t->name()));
        } else if (!p_.language_extensions.count("uniform_buffer_standard_layout")) {
          std::string why = checkUniformLayout(t);
          if (!why.empty()) diags_.error(r, why);
        }
        break;
      case AddressSpace::Storage:
        if (t->kind == TypeKind::Buffer && t->override_count) {
          diags_.error(r, "in the 'storage' address space the size of a buffer must be a const-expression");
        }
        if (!t->isHostShareable()) {
          diags_.error(r, fmt::format("type '{}' cannot be used in address space 'storage': the store type of a storage "
                                      "buffer must be host-shareable",
                                      t->name()));
        }
        if (am == AccessMode::Write) {
          diags_.error(d.template_args.size() > 1 ? d.template_args[1]->range : r,
                       "storage buffers are 'read' or 'read_write', not 'write'");
        }
        break;
      case AddressSpace::Workgroup:
        if (t->isRuntimeArray() || !t->hasFixedFootprint()) {
          diags_.error(r, fmt::format("type '{}' cannot be used in address space 'workgroup': runtime-sized arrays are "
                                      "only allowed in 'storage'",
                                      t->name()));
        }
        break;
      case AddressSpace::Private:
      case AddressSpace::Function:
        if (!t->isConstructible()) {
          diags_.error(r, fmt::format("type '{}' cannot be used in address space '{}': variables there must have a "
                                      "constructible type",
                                      t->name(), toString(space)));
        }
        break;
      case AddressSpace::Immediate:
        // "Its store type must be a host-shareable constructible type, excluding arrays and
        // structures that contain array members" (section "Immediate Data").
        if (!t->isHostShareable() || !t->isConstructible()) {
          diags_.error(r, fmt::format("type '{}' cannot be used in address space 'immediate': the store type of an "
                                      "immediate data variable must be host-shareable and constructible",
                                      t->name()));
        } else if (containsArray(t)) {
          diags_.error(r, fmt::format("type '{}' cannot be used in address space 'immediate': immediate data excludes "
                                      "arrays and structures that contain array members",
                                      t->name()));
        }
        break;
      case AddressSpace::Handle:
        if (!t->isHandle()) {
          diags_.error(r, fmt::format("module-scope variable '{}' needs an address space", d.name.name));
        }
        break;
      default:
        break;
    }
    if (t->isAtomic() || containsAtomic(t)) {
      if (space != AddressSpace::Storage && space != AddressSpace::Workgroup) {
        diags_.error(r, fmt::format("atomic types can only be used in the 'storage' and 'workgroup' address spaces, not "
                                    "'{}'",
                                    toString(space)));
      } else if (space == AddressSpace::Storage && am != AccessMode::ReadWrite) {
        diags_.error(r, "atomic types in the 'storage' address space need access mode 'read_write'");
      }
    }
  }

  static bool containsArray(const Type* t) {
    if (t->isArray()) return true;
    if (t->isStruct()) {
      return t->memo(Type::Memo::ContainsArray, [&] {
        for (const auto& m : t->members)
          if (m.type && containsArray(m.type)) return true;
        return false;
      });
    }
    return false;
  }

  static bool containsAtomic(const Type* t) {
    if (t->isAtomic()) return true;
    if (t->isArray()) return containsAtomic(t->elem);
    if (t->isStruct()) {
      return t->memo(Type::Memo::ContainsAtomic, [&] {
        for (const auto& m : t->members)
          if (containsAtomic(m.type)) return true;
        return false;
      });
    }
    return false;
  }

  // ------------------------------------------------------------------ functions

  struct Signature {
    std::vector<const Type*> params;
    const Type* ret = nullptr;  // null: no return type
    bool known = true;
  };
  std::unordered_map<const ast::FunctionDecl*, Signature> signatures_;

  void functionSignature(const ast::FunctionDecl& f) {
    bool entry = false;
    for (const auto& a : f.attributes) {
      entry = entry || a.name.name == "compute" || a.name.name == "vertex" || a.name.name == "fragment";
      if (a.name.name == "must_use" && !f.return_type) {
        diags_.error(a.range, fmt::format("@must_use is only allowed on functions with a return type; '{}' has none",
                                          f.name.name));
      }
      if (a.name.name == "subgroup_size" && !enabled("subgroup_size_control")) {
        diags_.error(a.range, "@subgroup_size requires 'enable subgroup_size_control;'");
      }
    }
    checkAttributes(f.attributes, {"compute", "vertex", "fragment", "workgroup_size", "must_use", "diagnostic",
                                   "subgroup_size"},
                    "a function");
    for (const auto& prm : f.params) {
      checkAttributes(prm.attributes, {"builtin", "location", "interpolate", "invariant", "blend_src"}, "a parameter");
    }
    checkAttributes(f.return_attributes, {"builtin", "location", "interpolate", "invariant", "blend_src"},
                    "a return type");
    if (!entry) {
      auto forbid = [&](const ast::AttributeList& attrs) {
        for (const auto& a : attrs) {
          if (a.name.name == "builtin" || a.name.name == "location" || a.name.name == "interpolate" ||
              a.name.name == "invariant" || a.name.name == "blend_src") {
            diags_.error(a.range, fmt::format("@{} is only allowed on entry point parameters and return values (and "
                                              "structure members); '{}' is not an entry point",
                                              a.name.name, f.name.name));
          }
        }
      };
      for (const auto& prm : f.params) forbid(prm.attributes);
      forbid(f.return_attributes);
    }
    Signature sig;
    if (f.params.size() > 255) {
      diags_.error(f.name.range, fmt::format("function '{}' has {} parameters: WGSL implementations only have to support "
                                             "255 (section \"Limits\")",
                                             f.name.name, f.params.size()));
    }
    std::set<std::string> names;
    for (const auto& prm : f.params) {
      const Type* t = resolveType(*prm.type);
      if (!t) sig.known = false;
      if (!names.insert(prm.name.name).second) {
        diags_.error(prm.name.range, fmt::format("duplicate parameter '{}'", prm.name.name));
      }
      if (t && !t->isConstructible() && !t->isPtr() && !t->isHandle()) {
        diags_.error(prm.type->range, fmt::format("parameter '{}' has type '{}': parameters must be constructible types, "
                                                  "pointers, textures or samplers",
                                                  prm.name.name, t->name()));
      }
      sig.params.push_back(t);
    }
    if (f.return_type) {
      sig.ret = resolveType(*f.return_type);
      if (sig.ret && !sig.ret->isConstructible()) {
        diags_.error(f.return_type->range,
                     fmt::format("function '{}' returns '{}': a return type must be constructible", f.name.name,
                                 sig.ret->name()));
      }
      if (!sig.ret) sig.known = false;
    }
    signatures_[&f] = sig;
    p_.functions[&f] = FunctionInfo{sig.params, sig.ret};
    entryPoint(f);
  }

  void entryPoint(const ast::FunctionDecl& f) {
    std::optional<ShaderStage> stage;
    const ast::Attribute* wg = nullptr;
    for (const auto& a : f.attributes) {
      const std::string& n = a.name.name;
      std::optional<ShaderStage> st;
      if (n == "compute") st = ShaderStage::Compute;
      if (n == "vertex") st = ShaderStage::Vertex;
      if (n == "fragment") st = ShaderStage::Fragment;
      if (st) {
        if (stage) diags_.error(a.range, fmt::format("function '{}' has more than one shader stage attribute", f.name.name));
        stage = st;
      } else if (n == "workgroup_size") {
        wg = &a;
      }
    }
    if (wg && stage != ShaderStage::Compute) {
      diags_.error(wg->range, "@workgroup_size is only allowed on compute shader entry points");
    }
    if (!stage) return;
    EntryPoint ep;
    ep.function = &f;
    ep.name = f.name.name;
    ep.stage = *stage;
    if (*stage == ShaderStage::Compute) {
      if (!wg) {
        diags_.error(f.name.range, fmt::format("compute entry point '{}' needs a @workgroup_size attribute", f.name.name));
      } else {
        const Type* first = nullptr;
        std::vector<std::pair<ExprInfo, SourceRange>> abstract_args;
        for (size_t i = 0; i < 3; ++i) {
          ep.workgroup_size[i].value = 1;
          if (i >= wg->args.size()) continue;
          const Expr& a = *wg->args[i];
          ep.workgroup_size[i].expr = &a;
          ep.workgroup_size[i].value.reset();
          ExprInfo info = expr(a);
          if (!info.type) continue;
          const Type* t = info.type;
          if (t->kind != TypeKind::I32 && t->kind != TypeKind::U32 && t->kind != TypeKind::AbstractInt) {
            diags_.error(a.range, fmt::format("@workgroup_size arguments must be i32 or u32, not '{}'", t->name()));
            continue;
          }
          if (first && !t->isAbstractScalar() && !first->isAbstractScalar() && t != first) {
            diags_.error(a.range, "all @workgroup_size arguments must have the same type");
          }
          if (!t->isAbstractScalar()) first = t;
          if (info.stage == EvalStage::Runtime) {
            diags_.error(a.range, "@workgroup_size arguments must be const-expressions or override-expressions");
          } else if (info.value) {
            if (info.value->i <= 0) {
              diags_.error(a.range, fmt::format("{}@workgroup_size arguments must be positive, not {}",
                                                info.stage == EvalStage::Override ? "pipeline-creation error: " : "",
                                                info.value->i));
            }
            ep.workgroup_size[i].value = info.value->i;
          }
          if (t->isAbstractScalar()) abstract_args.push_back({info, a.range});
        }
        // AbstractInt arguments convert to the concrete type of the others, or to i32.
        for (const auto& [info, range] : abstract_args) checkImplicitConversion(info, first ? first : types_.i32(), range);
        // The workgroup's invocation count must be a 32-bit quantity (as Tint requires).
        uint64_t total = 1;
        bool known = true;
        for (const auto& d : ep.workgroup_size) {
          if (!d.value || *d.value <= 0) known = false;
          else total = std::min<uint64_t>(total * static_cast<uint64_t>(*d.value), uint64_t{1} << 40);
        }
        if (known && total > 0xFFFFFFFFull) {
          diags_.error(wg->range, fmt::format("the workgroup size of '{}' has {} invocations, more than 4294967295",
                                              f.name.name, total));
        }
      }
    }
    checkInterface(f, *stage);
    p_.entry_points.push_back(ep);
  }

  // Section "Built-in Values": name, stage, direction, type, required enable-extension.
  struct BuiltinValue {
    const char* name;
    ShaderStage stage;
    bool input;
    const char* type;  // WGSL spelling; "array<f32, N>" for clip_distances
    const char* extension;
  };

  static const std::vector<BuiltinValue>& builtinValues() {
    static const std::vector<BuiltinValue> kTable = {
        {"vertex_index", ShaderStage::Vertex, true, "u32", nullptr},
        {"instance_index", ShaderStage::Vertex, true, "u32", nullptr},
        {"clip_distances", ShaderStage::Vertex, false, "array<f32, N>", "clip_distances"},
        {"position", ShaderStage::Vertex, false, "vec4<f32>", nullptr},
        {"position", ShaderStage::Fragment, true, "vec4<f32>", nullptr},
        {"front_facing", ShaderStage::Fragment, true, "bool", nullptr},
        {"frag_depth", ShaderStage::Fragment, false, "f32", nullptr},
        {"primitive_index", ShaderStage::Fragment, true, "u32", "primitive_index"},
        {"sample_index", ShaderStage::Fragment, true, "u32", nullptr},
        {"sample_mask", ShaderStage::Fragment, true, "u32", nullptr},
        {"sample_mask", ShaderStage::Fragment, false, "u32", nullptr},
        {"local_invocation_id", ShaderStage::Compute, true, "vec3<u32>", nullptr},
        {"local_invocation_index", ShaderStage::Compute, true, "u32", nullptr},
        {"global_invocation_id", ShaderStage::Compute, true, "vec3<u32>", nullptr},
        {"global_invocation_index", ShaderStage::Compute, true, "u32", nullptr},
        {"workgroup_id", ShaderStage::Compute, true, "vec3<u32>", nullptr},
        {"workgroup_index", ShaderStage::Compute, true, "u32", nullptr},
        {"num_workgroups", ShaderStage::Compute, true, "vec3<u32>", nullptr},
        {"subgroup_invocation_id", ShaderStage::Compute, true, "u32", "subgroups"},
        {"subgroup_invocation_id", ShaderStage::Fragment, true, "u32", "subgroups"},
        {"subgroup_size", ShaderStage::Compute, true, "u32", "subgroups"},
        {"subgroup_size", ShaderStage::Fragment, true, "u32", "subgroups"},
        {"subgroup_id", ShaderStage::Compute, true, "u32", "subgroups"},
        {"num_subgroups", ShaderStage::Compute, true, "u32", "subgroups"},
    };
    return kTable;
  }

  // Section "Interpolation": sampling names allowed per interpolation type, and integer
  // inter-stage values (vertex outputs, fragment inputs) must be `flat`.
  void checkInterpolation(const ast::AttributeList& attrs, const Type* t, const std::string& what, SourceRange r,
                          ShaderStage stage, bool input) {
    const ast::Attribute* interp = nullptr;
    for (const auto& a : attrs)
      if (a.name.name == "interpolate") interp = &a;
    auto nameAt = [&](size_t i) -> std::string {
      if (!interp || i >= interp->args.size()) return {};
      const auto* id = interp->args[i]->as<ast::IdentExpr>();
      return id ? id->ident.name : std::string();
    };
    const std::string type = nameAt(0), sampling = nameAt(1);
    if (!sampling.empty()) {
      const bool flat = type == "flat";
      const bool ok = flat ? (sampling == "first" || sampling == "either")
                           : (sampling == "center" || sampling == "centroid" || sampling == "sample");
      if (!ok) {
        diags_.error(interp->range, fmt::format("interpolation sampling '{}' is not allowed with '{}': use {}", sampling,
                                                type, flat ? "'first' or 'either'" : "'center', 'centroid' or 'sample'"));
      }
    }
    const Type* scalar = t->scalarOf();
    const bool interstage = (stage == ShaderStage::Vertex && !input) || (stage == ShaderStage::Fragment && input);
    if (interstage && scalar && scalar->isIntegerScalar() && type != "flat") {
      diags_.error(r, fmt::format("{} has integer type '{}', so it must be declared @interpolate(flat)", what, t->name()));
    }
  }

  // One interface item: a parameter, a return value, or a member of a structure used as one.
  void checkIoItem(const ast::AttributeList& attrs, const Type* t, const std::string& what, SourceRange r,
                   ShaderStage stage, bool input, std::set<std::string>& seen_builtins, bool allow_struct) {
    const ast::Attribute* builtin = nullptr;
    const ast::Attribute* location = nullptr;
    for (const auto& a : attrs) {
      if (a.name.name == "builtin") builtin = &a;
      if (a.name.name == "location") location = &a;
    }
    if (!t) return;
    if (!builtin && !location) {
      if (allow_struct && t->isStruct()) {
        for (const auto& m : t->members) {
          const ast::StructMember& am = t->struct_decl->members[m.index];
          checkIoItem(am.attributes, m.type, fmt::format("member '{}' of '{}'", m.name, t->name()), am.range, stage,
                      input, seen_builtins, false);
        }
        return;
      }
      diags_.error(r, fmt::format("{} of a {} entry point needs a @builtin or @location attribute", what,
                                  toString(stage)));
      return;
    }
    if (builtin && location) {
      diags_.error(r, fmt::format("{} cannot have both @builtin and @location", what));
      return;
    }
    if (location) {
      if (stage == ShaderStage::Compute) {
        diags_.error(location->range, "compute entry points have no user-defined inputs or outputs: @location is not "
                                      "allowed");
      } else if (!(t->isScalar() || t->isVector()) || t->scalarOf()->kind == TypeKind::Bool) {
        diags_.error(r, fmt::format("{} has @location, so its type must be a numeric scalar or vector, not '{}'", what,
                                    t->name()));
      } else if (!location->args.empty()) {
        checkInterpolation(attrs, t, what, r, stage, input);
        const ExprInfo* li = p_.info(location->args[0].get());
        ExprInfo v = li ? *li : expr(*location->args[0]);
        // "@location: Parameters: Must be a const-expression that resolves to an i32 or u32."
        if (v.type && (v.stage != EvalStage::Const || !v.value || !v.type->isIntegerScalar())) {
          diags_.error(location->args[0]->range,
                       fmt::format("the argument of @location must be a const-expression of type i32 or u32, not {} "
                                   "of type '{}'",
                                   v.stage == EvalStage::Override  ? "an override-expression"
                                   : v.stage == EvalStage::Runtime ? "a runtime expression"
                                                                   : "a value",
                                   v.type->name()));
        } else if (v.value && v.type && v.type->isIntegerScalar() && v.value->i < 0) {
          diags_.error(location->range, fmt::format("@location({}) must not be negative", v.value->i));
        } else if (v.value && v.type && v.type->isIntegerScalar()) {
          std::string key = "@location(" + std::to_string(v.value->i) + ")";
          for (const auto& a : attrs) {
            // Dual-source blending: @location(0) appears twice, with @blend_src(0) and (1).
            if (a.name.name == "blend_src" && !a.args.empty()) {
              if (const ExprInfo* bi = p_.info(a.args[0].get()); bi && bi->value) key += "@blend_src(" + std::to_string(bi->value->i) + ")";
              else key += "@blend_src(" + std::to_string(reinterpret_cast<uintptr_t>(&a)) + ")";
            }
          }
          if (!seen_builtins.insert(key).second) {
            diags_.error(location->range, fmt::format("@location({}) is used more than once in the {} of this entry point",
                                                      v.value->i, input ? "inputs" : "outputs"));
          }
        }
      }
      return;
    }
    const auto* id = builtin->args.empty() ? nullptr : builtin->args[0]->as<ast::IdentExpr>();
    if (!id) return;
    const std::string& name = id->ident.name;
    const BuiltinValue* match = nullptr;
    bool other_direction = false;
    for (const auto& bv : builtinValues()) {
      if (name != bv.name || bv.stage != stage) continue;
      if (bv.input == input) match = &bv;
      else other_direction = true;
    }
    if (!match) {
      diags_.error(builtin->range, other_direction
                                       ? fmt::format("built-in value '{}' is {} of {} shaders, not {}", name,
                                                     input ? "an output" : "an input", toString(stage),
                                                     input ? "an input" : "an output")
                                       : fmt::format("built-in value '{}' is not available in {} shaders", name,
                                                     toString(stage)));
      return;
    }
    if (match->extension && !enabled(match->extension)) {
      diags_.error(builtin->range, fmt::format("built-in value '{}' requires 'enable {};'", name, match->extension));
    }
    const std::string tn = t->name();
    const bool type_ok = std::string(match->type) == "array<f32, N>"
                             ? (t->isArray() && t->count && *t->count <= 8 && t->elem->kind == TypeKind::F32)
                             : tn == match->type;
    if (!type_ok) {
      diags_.error(r, fmt::format("built-in value '{}' has type '{}', but {} is declared as '{}'", name, match->type,
                                  what, tn));
    }
    if (!seen_builtins.insert(name).second) {
      diags_.error(builtin->range, fmt::format("built-in value '{}' appears more than once in the {} of this entry point",
                                               name, input ? "inputs" : "outputs"));
    }
  }

  void checkInterface(const ast::FunctionDecl& f, ShaderStage stage) {
    const Signature& sig = signatures_[&f];
    std::set<std::string> inputs, outputs;
    for (size_t i = 0; i < f.params.size(); ++i) {
      checkIoItem(f.params[i].attributes, i < sig.params.size() ? sig.params[i] : nullptr,
                  fmt::format("parameter '{}'", f.params[i].name.name), f.params[i].range, stage, true, inputs, true);
    }
    if (!f.return_type) {
      if (stage == ShaderStage::Vertex) {
        diags_.error(f.name.range, fmt::format("vertex entry point '{}' must return the 'position' built-in value",
                                               f.name.name));
      }
      return;
    }
    if (stage == ShaderStage::Compute) {
      diags_.error(f.return_type->range, "compute entry points cannot return a value");
      return;
    }
    checkIoItem(f.return_attributes, sig.ret, "the return value", f.return_type->range, stage, false, outputs, true);
    if (stage == ShaderStage::Vertex && sig.ret && !outputs.count("position")) {
      diags_.error(f.return_type->range, fmt::format("vertex entry point '{}' must return the 'position' built-in value",
                                                     f.name.name));
    }
  }

  void functionBody(const ast::FunctionDecl& f) {
    current_fn_ = &f;
    scopes_.clear();
    scopes_.emplace_back();
    const Signature& sig = signatures_[&f];
    for (size_t i = 0; i < f.params.size(); ++i) {
      Symbol s;
      s.kind = SymbolKind::Param;
      s.function = &f;
      s.param_index = static_cast<int>(i);
      s.name = f.params[i].name.name;
      s.range = f.params[i].name.range;
      s.type = i < sig.params.size() ? sig.params[i] : nullptr;
        scopes_.back()[s.name] = s;
    }
    loop_depth_ = 0;
    switch_depth_ = 0;
    in_continuing_ = 0;
    Behaviors b = block(*f.body, /*new_scope=*/false);
    if (f.return_type) {
      if (b != kReturn && b != 0 && sig.ret) {
        diags_.error(f.name.range, fmt::format("function '{}' has return type '{}' but can reach its end without returning "
                                               "a value (behavior {}, expected {{Return}})",
                                               f.name.name, sig.ret->name(), behaviorsText(b)));
      }
    }
    if (b == 0 && !f.body->body.empty()) {
      diags_.error(f.name.range, fmt::format("function '{}' never finishes: its body has an empty behavior (an infinite "
                                             "loop with no 'break' or 'return')",
                                             f.name.name));
    }
    fn_behavior_[&f] = b == 0 ? 0u : static_cast<Behaviors>(kNext);
    if (function_bytes_ > kMaxVariableBytes) {
      diags_.error(f.name.range, fmt::format("function '{}' declares {} bytes of 'function' variables: wgslemu "
                                             "supports at most {} (WGSL guarantees {}; section \"Limits\")",
                                             f.name.name, function_bytes_, kMaxVariableBytes, kPortableVariableBytes));
    } else if (function_bytes_ > kPortableVariableBytes) {
      diags_.warning(f.name.range, fmt::format("function '{}' declares {} bytes of 'function' variables, more than the "
                                               "{} WGSL guarantees (section \"Limits\"): other implementations may "
                                               "reject it",
                                               f.name.name, function_bytes_, kPortableVariableBytes));
    }
    function_bytes_ = 0;
    scopes_.clear();
    current_fn_ = nullptr;
  }

  // ------------------------------------------------------------------ statements

  static constexpr int kMaxBraceDepth = 127;
  int brace_depth_ = 0;
  size_t else_if_depth_ = 0;  // levels the enclosing `else if` clauses add to brace_depth_
  int loop_depth_ = 0;
  // For each enclosing loop (innermost last): the `continue` statements that target it.
  std::vector<std::vector<SourceRange>> loop_continues_;
  int switch_depth_ = 0;
  int in_continuing_ = 0;
  // Continuing blocks enclosing the statement, loops nested in them included (the continuing
  // statement "must not contain a return at any compound statement nesting level").
  int within_continuing_ = 0;
  std::unordered_map<const ast::FunctionDecl*, Behaviors> fn_behavior_;

  Behaviors block(const ast::CompoundStmt& b, bool new_scope = true) {
    // "Maximum nesting depth of brace-enclosed statements in a function: 127" (section "Limits").
    if (++brace_depth_ == kMaxBraceDepth + 1) {
      diags_.error(b.range, fmt::format("braces are nested more than {} deep in function '{}': WGSL implementations "
                                        "only have to support {} (section \"Limits\")",
                                        kMaxBraceDepth, current_fn_ ? current_fn_->name.name : "?", kMaxBraceDepth));
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

  Behaviors statements(const std::vector<ast::StmtPtr>& body) {
    Behaviors acc = kNext;
    for (const auto& s : body) {
      Behaviors sb = statement(*s);
      if (acc & kNext) acc = (acc & ~kNext) | sb;
    }
    return acc;
  }

  void checkBool(const Expr& e, const char* what) {
    ExprInfo c = expr(e);
    if (c.type && (c.type = loadType(c.type)) && c.type->kind != TypeKind::Bool) {
      diags_.error(e.range, fmt::format("the condition of {} must be of type bool, not '{}'", what, c.type->name()));
    }
  }

  Behaviors statement(const ast::Stmt& s) {
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
        if (current_fn_) restricted_calls_[current_fn_].push_back({"discard", {"fragment"}, s.range});
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

  // "A continue statement must not be placed such that it would transfer control past a
  // declaration used in the targeted continuing statement": the declarations the continuing
  // block can use are those at the top level of the loop body, so a `continue` (anywhere in the
  // body, targeting this loop) before one that the continuing block names is an error.
  void checkContinueBypass(const ast::LoopStmt& l, const std::vector<SourceRange>& continues) {
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

  Behaviors loopBehavior(Behaviors b1, Behaviors b2, SourceRange r) {
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

  Behaviors switchStmt(const ast::SwitchStmt& sw) {
    checkStatementAttributes(sw.attributes);
    checkStatementAttributes(sw.body_attributes);
    ExprInfo sel = expr(*sw.selector);
    const Type* selType = sel.type ? loadType(sel.type) : nullptr;
    if (selType && !selType->isIntegerScalar()) {
      diags_.error(sw.selector->range, fmt::format("a switch selector must be of type i32 or u32, not '{}'", selType->name()));
      selType = nullptr;
    }
    int defaults = 0;
    std::vector<std::pair<ConstValue, SourceRange>> seen;
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
      for (const auto& [e, v] : selectors) {
        if (!v.value) continue;
        auto cv = convertAutomatic(types_, *v.value, target);
        if (!cv.value) {
          diags_.error(e->range, cv.error);
          continue;
        }
        for (const auto& [prev, where] : seen) {
          if (prev == *cv.value) {
            diags_.error(e->range, fmt::format("duplicate case selector value {}", cv.value->toString()));
            diags_.note(where, "first used here");
          }
        }
        seen.push_back({*cv.value, e->range});
      }
    }
    ++switch_depth_;
    Behaviors all = 0;
    for (const auto& c : sw.clauses) all |= block(*c.body);
    --switch_depth_;
    if (all & kBreak) return (all | kNext) & ~kBreak;
    return all;
  }

  void localDecl(const ast::VarDecl& d) {
    // Shadowing: a declaration may not redeclare a name in the same scope.
    // Looked up again before the insertion below: resolving the initializer must not leave a
    // reference into scopes_ dangling, should it ever push a scope.
    const auto& scope = scopes_.back();
    if (auto it = scope.find(d.name.name); it != scope.end()) {
      diags_.error(d.name.range, fmt::format("redeclaration of '{}' in the same scope", d.name.name));
      diags_.note(it->second.range, "previous declaration is here");
    }
    Symbol s;
    s.name = d.name.name;
    s.range = d.name.range;
    s.var = &d;
    switch (d.decl_kind) {
      case ast::DeclKind::Const: s = constDecl(d); break;
      case ast::DeclKind::Let: {
        s.kind = SymbolKind::Let;
        const Type* declared = d.type ? resolveType(*d.type) : nullptr;
        ExprInfo init = d.initializer ? expr(*d.initializer) : ExprInfo{};
        if (init.type) {
          const Type* vt = loadType(init.type);
          s.type = declared ? declared : concrete(vt);
          if (declared && !convertible(init.type, declared)) {
            diags_.error(d.initializer->range, fmt::format("cannot initialize '{}' of type '{}' with a value of type '{}'",
                                                           d.name.name, declared->name(), vt->name()));
          } else {
            checkImplicitConversion(init, s.type, d.initializer->range);
          }
          if (s.type && !s.type->isConstructible() && !s.type->isPtr() && !s.type->isHandle()) {
            diags_.error(d.initializer->range, fmt::format("'let' declarations must have a constructible or pointer type, "
                                                           "not '{}'",
                                                           s.type->name()));
          }
        } else {
          s.type = declared;
        }
        break;
      }
      case ast::DeclKind::Var: {
        s.kind = SymbolKind::Var;
        AddressSpace space = AddressSpace::Function;
        if (d.has_template_list && !d.template_args.empty()) {
          if (auto as = enumerant(*d.template_args[0], "address space")) {
            if (*as != "function") {
              diags_.error(d.template_args[0]->range,
                           fmt::format("variables declared in a function must be in the 'function' address space, not "
                                       "'{}'",
                                       *as));
            }
          }
          if (d.template_args.size() > 1) {
            diags_.error(d.template_args[1]->range, "an access mode may only be written for the 'storage' address space");
          }
        }
        const Type* declared = d.type ? resolveType(*d.type) : nullptr;
        ExprInfo init = d.initializer ? expr(*d.initializer) : ExprInfo{};
        const Type* t = declared;
        if (!t && init.type) t = concrete(loadType(init.type));
        if (declared && init.type && !convertible(init.type, declared)) {
          diags_.error(d.initializer->range, fmt::format("cannot initialize '{}' of type '{}' with a value of type '{}'",
                                                         d.name.name, declared->name(), loadType(init.type)->name()));
        } else if (init.type) {
          checkImplicitConversion(init, t, d.initializer->range);
        }
        if (!d.type && !d.initializer) diags_.error(d.name.range, fmt::format("variable '{}' needs a type", d.name.name));
        if (t && !t->isConstructible()) {
          diags_.error(d.type ? d.type->range : d.name.range,
                       fmt::format("type '{}' cannot be used in address space 'function': variables there must have a "
                                   "constructible type",
                                   t->name()));
        }
        s.type = t;
        s.space = space;
        s.access = AccessMode::ReadWrite;
        if (t && t->hasCreationFixedFootprint()) function_bytes_ += sizeOf(t);
        break;
      }
      case ast::DeclKind::Override:
        diags_.error(d.name.range, "'override' declarations are only allowed at module scope");
        break;
    }
    recordDecl(d, s, false);
    scopes_.back()[d.name.name] = s;
  }

  // The root identifier of a reference expression, if any (for assignment messages).
  const ast::IdentExpr* rootIdent(const Expr& e) {
    if (const auto* id = e.as<ast::IdentExpr>()) return id;
    if (const auto* p = e.as<ast::ParenExpr>()) return rootIdent(*p->inner);
    if (const auto* m = e.as<ast::MemberExpr>()) return rootIdent(*m->base);
    if (const auto* i = e.as<ast::IndexExpr>()) return rootIdent(*i->base);
    return nullptr;
  }

  // Checks that `lhs` is a writable reference; `what` is "assign to", "increment", ...
  void requireWritable(const Expr& lhs, const ExprInfo& info, const char* what) {
    if (!info.type) return;
    if (info.type->isRef()) {
      if (info.type->access == AccessMode::Read) {
        const ast::IdentExpr* root = rootIdent(lhs);
        diags_.error(lhs.range, fmt::format("cannot {} {}: it is in the '{}' address space with access mode 'read'", what,
                                            root ? "'" + root->ident.name + "'" : "this reference",
                                            toString(info.type->space)));
      }
      return;
    }
    const ast::IdentExpr* root = rootIdent(lhs);
    if (root) {
      if (Symbol* s = lookupLocalOrModule(root->ident.name)) {
        const char* why = s->kind == SymbolKind::Let     ? "'let' declarations are immutable"
                          : s->kind == SymbolKind::Const ? "'const' declarations are immutable"
                          : s->kind == SymbolKind::Param ? "function parameters are immutable"
                          : s->kind == SymbolKind::Override ? "overrides are immutable"
                                                            : nullptr;
        if (why) {
          diags_.error(lhs.range, fmt::format("cannot {} '{}': {}", what, root->ident.name, why));
          return;
        }
      }
    }
    diags_.error(lhs.range, fmt::format("cannot {} a value of type '{}': the left side must be a reference to memory",
                                        what, info.type->name()));
  }

  void assignment(const ast::AssignStmt& a) {
    ExprInfo rhs = expr(*a.rhs);
    if (!a.lhs) {  // phony assignment
      if (rhs.type && loadType(rhs.type)->kind == TypeKind::Void) {
        diags_.error(a.rhs->range, "the right side of '_ =' must produce a value");
      } else if (rhs.type) {
        // "e must be constructible, a pointer type, a texture type, or a sampler type".
        const Type* t = loadType(rhs.type);
        if (!t->isConstructible() && !t->isPtr() && !t->isHandle()) {
          diags_.error(a.rhs->range, fmt::format("the right side of '_ =' has type '{}': it must be constructible, a "
                                                 "pointer, a texture or a sampler",
                                                 t->name()));
        }
      }
      return;
    }
    ExprInfo lhs = expr(*a.lhs);
    requireWritable(*a.lhs, lhs, "assign to");
    if (a.op != ast::AssignOp::Assign && lhs.type && lhs.type->isRef() && rhs.type) {
      // `e1 op= e2` has the type rules of `e1 = e1 op e2` (section "Compound Assignment").
      const Type* t = lhs.type->elem;
      const Type* r = loadType(rhs.type);
      auto conv = [&](const Type* from, const Type* to) { return conversionRank(from, to).has_value(); };
      const Type* ts = t->scalarOf();
      bool ok = false;
      switch (a.op) {
        case ast::AssignOp::Add: case ast::AssignOp::Sub: case ast::AssignOp::Mul: case ast::AssignOp::Div:
        case ast::AssignOp::Mod:
          if (t->isMatrix()) ok = true;  // matrix forms: checked by the operator rules elsewhere
          else if (ts && ts->isNumericScalar())
            ok = conv(r, t) || (t->isVector() && r->isScalar() && conv(r, ts)) ||
                 (a.op == ast::AssignOp::Mul && t->isVector() && r->isMatrix());
          break;
        case ast::AssignOp::And: case ast::AssignOp::Or: case ast::AssignOp::Xor:
          ok = ts && (ts->isIntegerScalar() || (ts->kind == TypeKind::Bool && a.op != ast::AssignOp::Xor)) && conv(r, t);
          break;
        case ast::AssignOp::ShiftLeft: case ast::AssignOp::ShiftRight: {
          const Type* want = t->isVector() ? types_.vec(t->width, types_.u32()) : types_.u32();
          ok = ts && ts->isIntegerScalar() && conv(r, want);
          break;
        }
        default: ok = true;
      }
      if (!ok) {
        diags_.error(a.range, fmt::format("operator '{}' cannot be applied to '{}' and '{}'", ast::toString(a.op),
                                          t->name(), r->name()));
        return;
      }
      // A const right side converts to the operand type of the operator (its value must fit);
      // as for `e1 op e2`, a const divisor of an integer division must not be zero and a const
      // shift amount must be less than the bit width.
      if (!t->isMatrix() && ts) {
        const bool shift = a.op == ast::AssignOp::ShiftLeft || a.op == ast::AssignOp::ShiftRight;
        const Type* to = shift ? (t->isVector() ? types_.vec(t->width, types_.u32()) : types_.u32())
                               : conv(r, t) ? t : ts;
        checkImplicitConversion(rhs, to, a.rhs->range);
        if ((rhs.stage == EvalStage::Const || rhs.stage == EvalStage::Override) && rhs.value && r->scalarOf() &&
            r->scalarOf()->isIntegerScalar()) {
          std::vector<int64_t> comps;
          if (rhs.value->type->isVector()) {
            for (const auto& c : rhs.value->elements) comps.push_back(c.i);
          } else {
            comps.push_back(rhs.value->i);
          }
          for (int64_t v : comps) {
            if ((a.op == ast::AssignOp::Div || a.op == ast::AssignOp::Mod) && ts->isIntegerScalar() && v == 0) {
              diags_.error(a.rhs->range, evalError("integer division by zero: the divisor is a const-expression equal "
                                                   "to 0",
                                                   rhs.stage));
              break;
            }
            if (shift && (v < 0 || v >= 32)) {
              diags_.error(a.rhs->range, evalError(fmt::format("shift amount {} must be less than the bit width 32 of "
                                                               "'{}'",
                                                               v, ts->name()),
                                                   rhs.stage));
              break;
            }
          }
        }
      }
      return;
    }
    if (lhs.type && lhs.type->isRef() && rhs.type && a.op == ast::AssignOp::Assign) {
      const Type* store = lhs.type->elem;
      if (!store->isConstructible()) {
        diags_.error(a.lhs->range, fmt::format("cannot assign to a reference of type '{}': its store type is not "
                                               "constructible",
                                               store->name()));
      } else if (!convertible(rhs.type, store)) {
        diags_.error(a.rhs->range, fmt::format("cannot assign a value of type '{}' to a reference of type '{}'",
                                               loadType(rhs.type)->name(), store->name()));
      } else {
        checkImplicitConversion(rhs, store, a.rhs->range);
      }
    }
  }

  void modify(const Expr& lhs, const char* what) {
    ExprInfo info = expr(lhs);
    requireWritable(lhs, info, what);
    if (info.type && info.type->isRef()) {
      const Type* t = info.type->elem;
      if (t->kind != TypeKind::I32 && t->kind != TypeKind::U32) {
        diags_.error(lhs.range, fmt::format("cannot {} a reference of type '{}': only i32 and u32 may be incremented or "
                                            "decremented",
                                            what, t->name()));
      }
    }
  }

  void constAssert(const ast::ConstAssertStmt& c) {
    ExprInfo v = expr(*c.condition);
    if (!v.type) return;
    if (v.stage != EvalStage::Const) {
      diags_.error(c.condition->range, "the condition of const_assert must be a const-expression");
      return;
    }
    if (loadType(v.type)->kind != TypeKind::Bool) {
      diags_.error(c.condition->range, fmt::format("the condition of const_assert must be a bool, not '{}'", v.type->name()));
      return;
    }
    if (v.value && !v.value->b) diags_.error(c.range, "const assertion failed");
  }

  // ------------------------------------------------------------------ names

  std::vector<std::unordered_map<std::string, Symbol>> scopes_;
  const ast::FunctionDecl* current_fn_ = nullptr;
  std::unordered_map<std::string, Entry> globals_;
  std::map<const ast::FunctionDecl*, std::set<const ast::FunctionDecl*>> calls_;
  std::map<const ast::FunctionDecl*, std::set<const ast::VarDecl*>> uses_;
  struct RestrictedCall {
    std::string name;
    std::vector<std::string> stages;
    SourceRange range;
  };
  std::map<const ast::FunctionDecl*, std::vector<RestrictedCall>> restricted_calls_;
  uint64_t function_bytes_ = 0;

  Symbol* lookupLocalOrModule(const std::string& n) {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
      auto f = it->find(n);
      if (f != it->end()) return &f->second;
    }
    auto g = globals_.find(n);
    if (g != globals_.end() && g->second.state == 2) return &g->second.sym;
    return nullptr;
  }

  Symbol* lookup(const std::string& n, SourceRange use) {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
      auto f = it->find(n);
      if (f != it->end()) return &f->second;
    }
    if (globals_.count(n)) return resolveGlobal(n, use);
    return nullptr;
  }

  Symbol* lookupFunctionOf(const ast::CallExpr& c) {
    Symbol* s = lookupLocalOrModule(c.target->ident.name);
    return s && s->kind == SymbolKind::Function ? s : nullptr;
  }

  // Recursion is an error (section "Function Calls"), and call chains longer than
  // kMaxCallDepth are rejected (later passes follow calls). A depth-first search over the call
  // graph with an explicit stack, then the longest chain from each function, callees first.
  void checkRecursion() {
    std::map<const ast::FunctionDecl*, int> state;  // 1 on the path, 2 done
    std::map<const ast::FunctionDecl*, size_t> depth;  // longest chain starting here, in functions
    std::map<const ast::FunctionDecl*, const ast::FunctionDecl*> next;  // the callee on that chain
    bool cyclic = false;
    struct Frame {
      const ast::FunctionDecl* f;
      std::set<const ast::FunctionDecl*>::const_iterator it, end;
    };
    for (const auto& g : module_.decls) {
      if (g.kind != ast::GlobalKind::Function || state[g.function.get()] != 0) continue;
      std::vector<Frame> path;
      auto enter = [&](const ast::FunctionDecl* f) {
        state[f] = 1;
        const auto& callees = calls_[f];
        path.push_back(Frame{f, callees.begin(), callees.end()});
      };
      enter(g.function.get());
      while (!path.empty()) {
        Frame& fr = path.back();
        if (fr.it == fr.end) {
          size_t d = 1;
          for (const ast::FunctionDecl* c : calls_[fr.f]) {
            if (state[c] == 2 && depth[c] + 1 > d) {
              d = depth[c] + 1;
              next[fr.f] = c;
            }
          }
          depth[fr.f] = d;
          state[fr.f] = 2;
          path.pop_back();
          continue;
        }
        const ast::FunctionDecl* c = *fr.it++;
        if (state[c] == 1) {
          std::string chain;
          auto start = std::find_if(path.begin(), path.end(), [&](const Frame& x) { return x.f == c; });
          for (auto it = start; it != path.end(); ++it) chain += "'" + it->f->name.name + "' -> ";
          chain += "'" + c->name.name + "'";
          diags_.error(c->name.range, fmt::format("recursion is not allowed in WGSL: {}", chain));
          cyclic = true;
        } else if (state[c] == 0) {
          enter(c);
        }
      }
    }
    if (cyclic) return;
    const ast::FunctionDecl* deepest = nullptr;
    for (const auto& g : module_.decls) {
      if (g.kind == ast::GlobalKind::Function && (!deepest || depth[g.function.get()] > depth[deepest])) {
        deepest = g.function.get();
      }
    }
    if (deepest == nullptr || depth[deepest] <= kMaxCallDepth) return;
    std::string chain;
    const ast::FunctionDecl* f = deepest;
    for (int k = 0; k < 3 && f; ++k, f = next[f]) chain += "'" + f->name.name + "' -> ";
    diags_.error(deepest->name.range,
                 fmt::format("function '{}' starts a chain of {} nested calls ({}...), more than the {} wgslemu "
                             "supports (an implementation limit)",
                             deepest->name.name, depth[deepest], chain, kMaxCallDepth));
  }

  // ------------------------------------------------------------------ expressions

  // The type a value of type t has after the load rule (references load their store type).
  const Type* loadType(const Type* t) { return t && t->isRef() ? t->elem : t; }

  bool convertible(const Type* from, const Type* to) {
    from = loadType(from);
    // buffer_view: a pointer to a fixed-size buffer converts to a pointer to a runtime-sized
    // buffer, or to a fixed-size buffer no larger ("feasible automatic conversion" of buffer
    // pointer arguments, section "Buffer View Built-in Functions").
    if (from->isPtr() && to->isPtr() && from->elem->kind == TypeKind::Buffer && to->elem->kind == TypeKind::Buffer &&
        from->space == to->space && from->access == to->access) {
      return !to->elem->buffer_size || (from->elem->buffer_size && *to->elem->buffer_size <= *from->elem->buffer_size);
    }
    return conversionRank(from, to).has_value();
  }

  std::optional<ConstValue> convert(const ConstValue& v, const Type* to, SourceRange r) {
    if (v.type == to) return v;
    Eval e = convertAutomatic(types_, v, to);
    if (!e.value) {
      if (!e.error.empty()) evalFailed(r, e.error);
      return std::nullopt;
    }
    return e.value;
  }

  // An error found while evaluating a const- or override-expression. Inside the right-hand side
  // of a short-circuiting `&&`/`||` whose left side decides the result, nothing is evaluated
  // ("the right-hand side is not evaluated", section "Logical Expressions"), so nothing is
  // reported.
  int not_evaluated_ = 0;
  void evalFailed(SourceRange r, const std::string& msg) {
    if (not_evaluated_ == 0) diags_.error(r, msg);
  }

  // A const value converted implicitly to a concrete type (initializers, assignments,
  // arguments, return values): the conversion's range rules apply ("AbstractInt to i32:
  // identity if the value is in i32; a shader-creation error otherwise").
  void checkImplicitConversion(const ExprInfo& v, const Type* to, SourceRange r) {
    if (!v.value || !v.type || !to || v.stage != EvalStage::Const || v.value->type == to) return;
    if (!conversionRank(v.value->type, to)) return;
    convert(*v.value, to, r);
  }

  ExprInfo record(const Expr& e, ExprInfo info) {
    p_.exprs[&e] = info;
    return info;
  }

  size_t expr_depth_ = 0;  // expr() calls in progress for the current expression tree
  const Expr* budget_exceeded_at_ = nullptr;  // see expr()

  // The first subexpression (in a depth-first walk) lying deeper than kMaxExpressionHeight
  // levels below `root`, or null. Walked with an explicit stack, before any recursive pass.
  static const Expr* tooDeep(const Expr& root) {
    std::vector<std::pair<const Expr*, size_t>> work{{&root, 1}};
    while (!work.empty()) {
      auto [e, d] = work.back();
      work.pop_back();
      if (e == nullptr) continue;
      if (d > kMaxExpressionHeight) return e;
      auto push = [&, d = d](const Expr* c) { work.emplace_back(c, d + 1); };
      switch (e->kind) {
        case ast::ExprKind::Literal: break;
        case ast::ExprKind::Ident:
          for (const auto& a : static_cast<const ast::IdentExpr&>(*e).template_args) push(a.get());
          break;
        case ast::ExprKind::Call: {
          const auto& c = static_cast<const ast::CallExpr&>(*e);
          for (const auto& a : c.target->template_args) push(a.get());
          for (const auto& a : c.args) push(a.get());
          break;
        }
        case ast::ExprKind::Paren: push(static_cast<const ast::ParenExpr&>(*e).inner.get()); break;
        case ast::ExprKind::Unary: push(static_cast<const ast::UnaryExpr&>(*e).operand.get()); break;
        case ast::ExprKind::Binary:
          push(static_cast<const ast::BinaryExpr&>(*e).lhs.get());
          push(static_cast<const ast::BinaryExpr&>(*e).rhs.get());
          break;
        case ast::ExprKind::Index:
          push(static_cast<const ast::IndexExpr&>(*e).base.get());
          push(static_cast<const ast::IndexExpr&>(*e).index.get());
          break;
        case ast::ExprKind::Member: push(static_cast<const ast::MemberExpr&>(*e).base.get()); break;
      }
    }
    return nullptr;
  }

  ExprInfo expr(const Expr& e, bool as_statement = false) {
    if (expr_depth_ == 0) {
      // The whole tree is checked once, before the resolver or any later pass recurses into it.
      if (const Expr* deep = tooDeep(e)) {
        diags_.error(deep->range, fmt::format("expression is nested more than {} levels deep (operands, parentheses, "
                                              "arguments and indices each add a level): an implementation limit of "
                                              "wgslemu; split it with 'let' declarations",
                                              kMaxExpressionHeight));
        return {};
      }
    }
    // The root of the tree being evaluated when the const-evaluation budget runs out: the
    // innermost root the exception unwinds through (nested declarations are trees of their own).
    struct Root {
      const Expr*& at;
      const Expr* e;
      int exceptions = std::uncaught_exceptions();
      ~Root() {
        if (e != nullptr && at == nullptr && std::uncaught_exceptions() > exceptions) at = e;
      }
    } root{budget_exceeded_at_, expr_depth_ == 0 ? &e : nullptr};
    ++expr_depth_;
    struct Exit {
      size_t& d;
      ~Exit() { --d; }
    } exit_{expr_depth_};
    return exprNode(e, as_statement);
  }

 public:
  // The error when const evaluation exceeded its budget (resolve() stops there).
  void reportConstEvalBudget(uint64_t limit) {
    const SourceRange at = budget_exceeded_at_ != nullptr ? budget_exceeded_at_->range : SourceRange{};
    if (options_.pipeline) {
      diags_.error(at, fmt::format("pipeline-creation error: this expression needs more than {} elements of evaluation: "
                                   "the const- and override-expressions of a pipeline may create at most {} value "
                                   "components (an implementation limit of wgslemu)",
                                   limit, limit));
    } else {
      diags_.error(at, fmt::format("const-expression needs more than {} elements of evaluation: the const-expressions "
                                   "of a module may create at most {} value components (an implementation limit of "
                                   "wgslemu)",
                                   limit, limit));
    }
  }

 private:

  ExprInfo exprNode(const Expr& e, bool as_statement) {
    switch (e.kind) {
      case ast::ExprKind::Literal: return record(e, literal(static_cast<const ast::LiteralExpr&>(e)));
      case ast::ExprKind::Ident: return record(e, identifier(static_cast<const ast::IdentExpr&>(e)));
      case ast::ExprKind::Paren: return record(e, expr(*static_cast<const ast::ParenExpr&>(e).inner));
      case ast::ExprKind::Call: return record(e, call(static_cast<const ast::CallExpr&>(e), as_statement));
      case ast::ExprKind::Unary: return record(e, unary(static_cast<const ast::UnaryExpr&>(e)));
      case ast::ExprKind::Binary: return record(e, binary(static_cast<const ast::BinaryExpr&>(e)));
      case ast::ExprKind::Index: return record(e, index(static_cast<const ast::IndexExpr&>(e)));
      case ast::ExprKind::Member: return record(e, member(static_cast<const ast::MemberExpr&>(e)));
    }
    return {};
  }

  ExprInfo literal(const ast::LiteralExpr& l) {
    ExprInfo info;
    info.stage = EvalStage::Const;
    switch (l.literal_kind) {
      case ast::LiteralKind::Bool:
        info.type = types_.boolType();
        info.value = ConstValue::makeBool(info.type, l.bool_value);
        break;
      case ast::LiteralKind::Int:
        info.type = l.suffix == ast::LiteralSuffix::I   ? types_.i32()
                    : l.suffix == ast::LiteralSuffix::U ? types_.u32()
                                                        : types_.abstractInt();
        info.value = ConstValue::makeInt(info.type, static_cast<int64_t>(l.int_value.value_or(0)));
        break;
      case ast::LiteralKind::Float:
        info.type = l.suffix == ast::LiteralSuffix::F   ? types_.f32()
                    : l.suffix == ast::LiteralSuffix::H ? types_.f16()
                                                        : types_.abstractFloat();
        if (l.suffix == ast::LiteralSuffix::H && !enabled("f16")) {
          diags_.error(l.range, fmt::format("f16 literal '{}' requires 'enable f16;'", l.spelling));
        }
        info.value = ConstValue::makeFloat(info.type, l.float_value);
        break;
    }
    return info;
  }

  ExprInfo identifier(const ast::IdentExpr& id) {
    ExprInfo info;
    const std::string& n = id.ident.name;
    Symbol* s = lookup(n, id.range);
    if (s == nullptr) {
      if (!globals_.count(n)) unresolvedValue(id);
      return info;
    }
    if (id.has_template_list) {
      diags_.error(id.range, fmt::format("'{}' is a {} and cannot take a template list", n, kindWord(s->kind)));
      return info;
    }
    info.ref = declRef(s->kind);
    info.decl = s->var;
    if (s->kind == SymbolKind::Param) {
      info.function = s->function;
      info.param_index = s->param_index;
    }
    switch (s->kind) {
      case SymbolKind::Const:
        info.type = s->type;
        info.stage = EvalStage::Const;
        info.value = s->value;
        if (!s->value) info.type = nullptr;  // value unknown: no verdicts depend on it
        break;
      case SymbolKind::Override:
        info.type = s->type;
        info.stage = EvalStage::Override;
        info.value = s->value;  // known only at pipeline creation
        break;
      case SymbolKind::Let:
      case SymbolKind::Param:
        info.type = s->type;
        break;
      case SymbolKind::Var:
        info.type = s->type ? types_.ref(s->space, s->type, s->access) : nullptr;
        if (current_fn_ && s->space != AddressSpace::Function && s->var) uses_[current_fn_].insert(s->var);
        if (current_fn_ == nullptr && s->space != AddressSpace::Function) {
          diags_.error(id.range, fmt::format("module-scope variable '{}' cannot be used in a constant or type expression",
                                             n));
          info.type = nullptr;
        }
        break;
      case SymbolKind::Alias:
      case SymbolKind::Struct:
        diags_.error(id.range, fmt::format("'{}' is a type; to make a value of it, call it: {}(...)", n, n));
        break;
      case SymbolKind::Function:
        diags_.error(id.range, fmt::format("'{}' is a function; call it with {}(...)", n, n));
        break;
    }
    return info;
  }

  void unresolvedValue(const ast::IdentExpr& id) {
    const std::string& n = id.ident.name;
    if (isBuiltinFunctionName(n)) {
      diags_.error(id.range, fmt::format("'{}' is a built-in function; call it with {}(...)", n, n));
    } else if (isPredeclaredTypeName(n) || (n.size() >= 4 && n.rfind("vec", 0) == 0) ||
               (n.size() >= 6 && n.rfind("mat", 0) == 0)) {
      diags_.error(id.range, fmt::format("'{}' is a type, not a value", n));
    } else if (isPredeclaredEnumerant(n)) {
      diags_.error(id.range, fmt::format("'{}' can only be used as a template argument", n));
    } else {
      diags_.error(id.range, fmt::format("unresolved identifier '{}'", n));
    }
  }

  ExprInfo call(const ast::CallExpr& c, bool as_statement) {
    const std::string& n = c.target->ident.name;
    std::vector<ExprInfo> args;
    for (const auto& a : c.args) args.push_back(expr(*a));
    Symbol* s = lookup(n, c.target->range);
    ExprInfo info;
    if (s) {
      if (s->kind == SymbolKind::Function) {
        if (c.target->has_template_list) {
          diags_.error(c.target->range, fmt::format("function '{}' does not take a template list", n));
        }
        if (current_fn_) calls_[current_fn_].insert(s->function);
        info.call = CallKind::Function;
        info.callee = s->function;
        info.params = signatures_[s->function].params;
        for (const auto& a : s->function->attributes) {
          if (a.name.name == "compute" || a.name.name == "vertex" || a.name.name == "fragment") {
            diags_.error(c.range, fmt::format("'{}' is an entry point and cannot be called", n));
            return info;
          }
        }
        const Signature& sig = signatures_[s->function];
        if (c.args.size() != sig.params.size()) {
          diags_.error(c.range, fmt::format("function '{}' takes {} argument{}, but {} {} given", n, sig.params.size(),
                                            sig.params.size() == 1 ? "" : "s", c.args.size(),
                                            c.args.size() == 1 ? "was" : "were"));
        } else {
          for (size_t i = 0; i < args.size(); ++i) {
            if (args[i].type && sig.params[i] && !convertible(args[i].type, sig.params[i])) {
              diags_.error(c.args[i]->range, fmt::format("argument {} of '{}' must be of type '{}', not '{}'", i + 1, n,
                                                         sig.params[i]->name(), loadType(args[i].type)->name()));
            } else {
              checkImplicitConversion(args[i], sig.params[i], c.args[i]->range);
            }
          }
        }
        bool must_use = false;
        for (const auto& a : s->function->attributes) must_use = must_use || a.name.name == "must_use";
        if (as_statement && must_use) {
          diags_.error(c.range, fmt::format("the result of '{}' must be used: it is declared @must_use (write '_ = {}(...);' "
                                            "to discard it deliberately)",
                                            n, n));
        }
        info.type = sig.ret ? sig.ret : types_.voidType();
        if (!sig.known) info.type = nullptr;
        if (!as_statement && !sig.ret && info.type) {
          diags_.error(c.range, fmt::format("function '{}' has no return type, so its call has no value", n));
          info.type = nullptr;
        }
        return info;
      }
      if (s->kind == SymbolKind::Alias || s->kind == SymbolKind::Struct) {
        // A declaration whose type did not resolve (an unknown target, a cycle) was reported
        // where it failed; constructing it has no type to check against.
        if (s->type == nullptr) return info;
        if (as_statement) constructorStatement(c);
        return asConstructor(construct(c, s->type, args));
      }
      diags_.error(c.target->range, fmt::format("'{}' is a {}, not a function", n, kindWord(s->kind)));
      return info;
    }
    const bool inferred_constructor = !c.target->has_template_list &&
                                      (n == "vec2" || n == "vec3" || n == "vec4" || n == "array" ||
                                       (n.size() == 6 && n.rfind("mat", 0) == 0 && n[4] == 'x'));
    if (isBuiltinFunctionName(n) || inferred_constructor) return builtinCall(c, args, as_statement);
    if (isPredeclaredTypeName(n) || n.rfind("vec", 0) == 0 || n.rfind("mat", 0) == 0) {
      const Type* t = resolveType(*c.target);
      if (!t) return info;
      if (as_statement) constructorStatement(c);
      return asConstructor(construct(c, t, args));
    }
    if (globals_.count(n)) return info;  // declared, but its declaration failed (already reported)
    diags_.error(c.target->range, fmt::format("unresolved function '{}'", n));
    return info;
  }

  // Concretization (section "Abstract Numeric Types"), including the abstract result structures
  // of frexp and modf, whose concrete forms the overload table owns.
  const Type* concrete(const Type* t) {
    if (t && t->isStruct() && t->isAbstract() && !t->members.empty()) {
      const std::string& n = t->struct_name;
      const char* fn = n.rfind("__frexp_result", 0) == 0 ? "frexp" : n.rfind("__modf_result", 0) == 0 ? "modf" : nullptr;
      if (fn) {
        BuiltinMatch m = matchBuiltin(types_, fn, {}, {types_.concretize(t->members[0].type)}, p_.enabled_extensions);
        if (m.ok) return m.result;
      }
      return t;
    }
    return types_.concretize(t);
  }

  // Rules of individual built-ins on argument values that hold whenever those arguments are
  // const-expressions, even if the call as a whole is not constant (section "Built-in Functions").
  void checkBuiltinArgumentValues(const ast::CallExpr& c, const std::string& n, const std::vector<ExprInfo>& args,
                                  const BuiltinMatch& m) {
    auto isConst = [&](size_t i) { return i < args.size() && args[i].stage == EvalStage::Const && args[i].value; };
    // The range rules also hold for override-expressions, as pipeline-creation errors, once
    // override values are known (pipeline creation).
    auto known = [&](size_t i) {
      return isConst(i) || (options_.pipeline && i < args.size() && args[i].stage == EvalStage::Override && args[i].value);
    };
    auto stageOf = [&](std::initializer_list<size_t> idx) {
      EvalStage st = EvalStage::Const;
      for (size_t i : idx)
        if (i < args.size() && args[i].stage == EvalStage::Override) st = EvalStage::Override;
      return st;
    };
    auto report = [&](SourceRange r, const std::string& msg, EvalStage st) { diags_.error(r, evalError(msg, st)); };
    auto scalars = [](const ConstValue& v) {
      std::vector<ConstValue> out;
      if (v.type->isVector()) out = v.elements;
      else out.push_back(v);
      return out;
    };
    auto num = [](const ConstValue& v) { return v.type->isIntegerScalar() ? static_cast<double>(v.i) : v.f; };
    auto argRange = [&](size_t i) { return i < c.args.size() ? c.args[i]->range : c.range; };
    if (n == "clamp" && known(1) && known(2)) {
      auto lo = scalars(*args[1].value), hi = scalars(*args[2].value);
      for (size_t k = 0; k < lo.size() && k < hi.size(); ++k) {
        if (num(lo[k]) > num(hi[k])) {
          report(c.range,
                 fmt::format("clamp: low ({}) is greater than high ({}); with const-expression bounds this is an error",
                             lo[k].toString(), hi[k].toString()),
                 stageOf({1, 2}));
          return;
        }
      }
    }
    // smoothstep: "If edge0 = edge1: it is a shader-creation error if edge0 and edge1 are
    // const-expressions."
    if (n == "smoothstep" && known(0) && known(1)) {
      auto e0 = scalars(*args[0].value), e1 = scalars(*args[1].value);
      for (size_t k = 0; k < e0.size() && k < e1.size(); ++k) {
        if (num(e0[k]) == num(e1[k])) {
          report(c.range,
                 fmt::format("smoothstep: edge0 ({}) equals edge1 ({}); with const-expression edges this is an error",
                             e0[k].toString(), e1[k].toString()),
                 stageOf({0, 1}));
          return;
        }
      }
    }
    // ldexp: "If e2 > bias + 1: it is a shader-creation error if e2 is a const-expression."
    if (n == "ldexp" && known(1) && m.result) {
      const Type* t = m.result->isVector() ? m.result->elem : m.result;
      const int64_t bias = t->kind == TypeKind::F16 ? 15 : t->kind == TypeKind::F32 ? 127 : 1023;
      for (const auto& e2 : scalars(*args[1].value)) {
        if (e2.i > bias + 1) {
          report(argRange(1),
                 fmt::format("ldexp: the exponent e2 ({}) is greater than {} (the {} exponent bias + 1); with a "
                             "const-expression e2 this is an error",
                             e2.toString(), bias + 1, t->name()),
                 stageOf({1}));
          return;
        }
      }
    }
    if (n == "bufferView" || n == "bufferArrayView") checkBufferView(c, n, args, m);
    if ((n == "extractBits" && known(1) && known(2)) || (n == "insertBits" && known(2) && known(3))) {
      const size_t o = n == "extractBits" ? 1 : 2;
      const int64_t offset = args[o].value->i, count = args[o + 1].value->i;
      if (offset + count > 32) {
        report(c.range, fmt::format("{}: offset {} + count {} is greater than 32, the bit width", n, offset, count),
               stageOf({o, o + 1}));
      }
    }
    const bool broadcast = n == "subgroupBroadcast" || n == "quadBroadcast";
    if (broadcast && args.size() >= 2 && args[1].type && args[1].stage != EvalStage::Const) {
      diags_.error(argRange(1), fmt::format("the lane id of '{}' must be a const-expression", n));
    }
    if ((broadcast || n.rfind("subgroupShuffle", 0) == 0) && known(1)) {
      const int64_t limit = n == "quadBroadcast" ? 4 : 128;
      if (args[1].value->i < 0 || args[1].value->i >= limit) {
        const char* what = n == "subgroupShuffleXor" ? "mask" : n.rfind("subgroupShuffle", 0) == 0 && n.size() > 15 ? "delta" : "id";
        report(argRange(1),
               fmt::format("'{}': the {} argument ({}) must be in the range [0, {}) when it is a const-expression", n,
                           what, args[1].value->i, limit),
               stageOf({1}));
      }
    }
    if (n == "textureGather" && args.size() >= 3 && args[0].type && loadType(args[0].type)->isIntegerScalar()) {
      if (!isConst(0)) {
        diags_.error(argRange(0), "the component argument of 'textureGather' must be a const-expression");
      } else if (args[0].value->i < 0 || args[0].value->i > 3) {
        diags_.error(argRange(0), fmt::format("the component argument of 'textureGather' must be 0 to 3, not {}",
                                              args[0].value->i));
      }
    }
    const bool has_offset = n.rfind("textureSample", 0) == 0 || n.rfind("textureGather", 0) == 0;
    if (has_offset && !args.empty() && n != "textureSampleBaseClampToEdge") {
      const ExprInfo& last = args.back();
      // The offset parameter is a vector of i32 (an AbstractInt vector argument converts to it).
      const Type* lt = m.ok && m.params.size() == args.size() ? m.params.back()
                       : last.type                              ? loadType(last.type)
                                                                : nullptr;
      if (lt && lt->isVector() && lt->elem->kind == TypeKind::I32 && args.size() >= 4) {
        if (!isConst(args.size() - 1)) {
          diags_.error(argRange(args.size() - 1), fmt::format("the offset argument of '{}' must be a const-expression", n));
        } else {
          for (const auto& comp : last.value->elements) {
            if (comp.i < -8 || comp.i > 7) {
              diags_.error(argRange(args.size() - 1),
                           fmt::format("each component of the offset of '{}' must be in -8 to 7, not {}", n, comp.i));
              break;
            }
          }
        }
      }
    }
  }

  // The const-expression rules of bufferView and bufferArrayView (section "Buffer View Built-in
  // Functions"): offsets and sizes not negative, offsets aligned to RequiredAlignOf(T, AS),
  // array sizes a whole number of elements, views inside a fixed-size buffer.
  void checkBufferView(const ast::CallExpr& c, const std::string& n, const std::vector<ExprInfo>& args,
                       const BuiltinMatch& m) {
    if (!m.result || !m.result->isPtr() || !m.result->elem || args.empty() || !args[0].type) return;
    const Type* t = m.result->elem;
    const AddressSpace as = m.result->space;
    const Type* buf = loadType(args[0].type);
    std::optional<uint64_t> n_size;
    if (buf && buf->isPtr() && buf->elem && buf->elem->kind == TypeKind::Buffer && buf->elem->buffer_size) {
      n_size = *buf->elem->buffer_size;
    }
    const bool is_array_view = n == "bufferArrayView";
    auto constArg = [&](size_t i) -> std::optional<int64_t> {
      if (i < args.size() && args[i].value && args[i].value->type->isIntegerScalar() &&
          (args[i].stage == EvalStage::Const || (options_.pipeline && args[i].stage == EvalStage::Override))) {
        return args[i].value->i;
      }
      return std::nullopt;
    };
    auto argRange = [&](size_t i) { return i < c.args.size() ? c.args[i]->range : c.range; };
    // Override-expression offsets and sizes give pipeline-creation errors (at pipeline creation).
    EvalStage st = EvalStage::Const;
    for (size_t i = 1; i < args.size(); ++i)
      if (args[i].stage == EvalStage::Override && constArg(i)) st = EvalStage::Override;
    // ArrayOffset(T), the element stride of the runtime-sized array part, MinTypeSize(T).
    uint64_t array_offset = 0, stride = 0, min_size = 0;
    if (t->hasFixedFootprint()) {
      min_size = sizeOf(t);
    } else if (t->isRuntimeArray()) {
      stride = strideOf(t);
      min_size = stride;
    } else if (t->isStruct() && !t->members.empty() && t->members.back().type &&
               t->members.back().type->isRuntimeArray()) {
      array_offset = t->members.back().offset;
      stride = strideOf(t->members.back().type);
      min_size = array_offset + stride;
    }
    uint64_t align = alignOf(t);
    if (as == AddressSpace::Uniform && !p_.language_extensions.count("uniform_buffer_standard_layout") &&
        (t->isArray() || t->isStruct())) {
      align = roundUp(16, static_cast<uint32_t>(align));
    }
    // "T must satisfy the address space layout constraints for AS."
    if (as == AddressSpace::Uniform && !p_.language_extensions.count("uniform_buffer_standard_layout")) {
      const std::string why = checkUniformLayout(t);
      if (!why.empty()) {
        diags_.error(c.target->range, fmt::format("{}<{}>: the view type must satisfy the uniform address space layout "
                                                  "constraints: {}",
                                                  n, t->name(), why));
        return;
      }
    }
    const auto offset = constArg(1);
    const auto size = is_array_view ? constArg(2) : std::nullopt;
    if (offset && *offset < 0) {
      diags_.error(argRange(1), evalError(fmt::format("{}: the offset {} is negative; a const-expression offset must not be", n,
                                            *offset), st));
      return;
    }
    if (size && *size < 0) {
      diags_.error(argRange(2), evalError(fmt::format("{}: the size {} is negative; a const-expression size must not be", n, *size), st));
      return;
    }
    if (offset && align && *offset % static_cast<int64_t>(align) != 0) {
      diags_.error(argRange(1), evalError(fmt::format("{}: the offset {} is not a multiple of {}, RequiredAlignOf({}, {}); a "
                                            "const-expression offset must be",
                                            n, *offset, align, t->name(), toString(as)), st));
      return;
    }
    if (n_size && min_size > *n_size) {
      diags_.error(c.range, evalError(fmt::format("{}: type '{}' needs at least {} bytes (MinTypeSize) but the buffer has {}", n,
                                        t->name(), min_size, *n_size), st));
      return;
    }
    if (!is_array_view) {
      if (n_size && offset && min_size + static_cast<uint64_t>(*offset) > *n_size) {
        diags_.error(argRange(1), evalError(fmt::format("bufferView: MinTypeSize({}) ({}) + offset ({}) is greater than the buffer "
                                              "size {}",
                                              t->name(), min_size, *offset, *n_size), st));
      }
      return;
    }
    if (size && min_size > static_cast<uint64_t>(*size)) {
      diags_.error(argRange(2), evalError(fmt::format("bufferArrayView: the size {} is smaller than MinTypeSize({}) ({})", *size,
                                            t->name(), min_size), st));
      return;
    }
    if (n_size && (offset || size) &&
        static_cast<uint64_t>(offset.value_or(0)) + static_cast<uint64_t>(size.value_or(0)) > *n_size) {
      diags_.error(c.range, evalError(fmt::format("bufferArrayView: offset ({}) + size ({}) is greater than the buffer size {}",
                                        offset.value_or(0), size.value_or(0), *n_size), st));
      return;
    }
    if (size && stride && (static_cast<uint64_t>(*size) - array_offset) % stride != 0) {
      diags_.error(argRange(2), evalError(fmt::format("bufferArrayView: the size {} minus ArrayOffset({}) ({}) is not a multiple of "
                                            "the array stride {}",
                                            *size, t->name(), array_offset, stride), st));
    }
  }

  // "The value constructors are @must_use": a constructor cannot be a statement on its own.
  void constructorStatement(const ast::CallExpr& c) {
    diags_.error(c.range, fmt::format("value constructor '{}' is evaluated but its value is not used",
                                      c.target->ident.name));
  }

  // A call of a built-in function or of an inferred-type value constructor (`vec3(...)`,
  // `array(...)`), typed by the overload table (section "Overload Resolution").
  ExprInfo builtinCall(const ast::CallExpr& c, const std::vector<ExprInfo>& args, bool as_statement) {
    const std::string& n = c.target->ident.name;
    ExprInfo info;
    std::vector<const Type*> template_types;
    for (const auto& t : c.target->template_args) {
      const Type* tt = resolveType(*t);
      if (!tt) return info;
      template_types.push_back(tt);
    }
    std::vector<const Type*> arg_types;
    std::vector<bool> const_args;
    for (const auto& a : args) {
      if (!a.type) return info;  // an argument could not be typed: no verdict on the call
      arg_types.push_back(loadType(a.type));
      const_args.push_back(a.stage == EvalStage::Const && !a.type->isRef());
    }
    BuiltinMatch m = matchBuiltin(types_, n, template_types, arg_types, p_.enabled_extensions, const_args);
    if (!m.ok) {
      if (!m.error.empty()) diags_.error(c.range, m.error);
      return info;
    }
    checkBuiltinArgumentValues(c, n, args, m);
    if (!c.target->has_template_list && (n == "vec2" || n == "vec3" || n == "vec4" || n == "array" ||
                                         (n.size() == 6 && n.rfind("mat", 0) == 0))) {
      // An inferred-type value constructor: the table gave its type; the value is built here.
      if (as_statement) constructorStatement(c);
      ExprInfo v = construct(c, m.result, args);
      if (v.type && v.stage != EvalStage::Const) v.type = concrete(v.type);
      return asConstructor(std::move(v));
    }
    info.call = CallKind::Builtin;
    info.builtin = m.fn;
    info.params = m.params;
    if (as_statement && m.must_use) {
      diags_.error(c.range, fmt::format("the result of '{}' must be used: the built-in is @must_use (write '_ = {}(...);' "
                                        "to discard it deliberately)",
                                        n, n));
    }
    if (!as_statement && m.result == types_.voidType()) {
      diags_.error(c.range, fmt::format("'{}' has no result, so its call cannot be used as a value", n));
      return info;
    }
    info.type = m.result;
    info.stage = EvalStage::Runtime;
    if (!m.stages.empty() && current_fn_ != nullptr) {
      restricted_calls_[current_fn_].push_back({n, m.stages, c.range});
    }
    if (m.is_const) {
      EvalStage stage = EvalStage::Const;
      for (const auto& a : args) {
        if (a.stage == EvalStage::Runtime || a.type->isRef()) stage = EvalStage::Runtime;
        else if (a.stage == EvalStage::Override && stage == EvalStage::Const) stage = EvalStage::Override;
      }
      info.stage = stage;
      if (stage != EvalStage::Runtime) {
        std::vector<ConstValue> vals;
        for (size_t i = 0; i < args.size(); ++i) {
          if (!args[i].value) {
            info.stage = stage;
            return info;
          }
          auto v = i < m.params.size() ? convert(*args[i].value, m.params[i], c.args[i]->range) : args[i].value;
          if (!v) return ExprInfo{};
          vals.push_back(*v);
        }
        Eval e = evalBuiltin(types_, m.fn, vals, m.result);
        if (e.value) {
          info.value = e.value;
        } else if (!e.error.empty()) {
          evalFailed(c.range, evalError(e.error, stage));
          return ExprInfo{};
        } else {
          info.type = nullptr;  // not evaluated at shader creation: value unknown, no verdicts
        }
      }
    }
    if (info.stage != EvalStage::Const && info.type) {
      info.type = concrete(info.type);
      // Const arguments of a call that is not const convert to the (concrete) parameter types:
      // the values must fit ("select(3000000000, 1, c)" is an error: the parameters are i32).
      for (size_t i = 0; i < args.size() && i < m.params.size(); ++i) {
        checkImplicitConversion(args[i], m.params[i], c.args[i]->range);
      }
    }
    return info;
  }

  // The argument forms of section "Value Constructor Built-in Functions" (zero value,
  // identity/conversion, splat, components, columns, elements, members), by type.
  bool constructorArgsMatch(const Type* t, const std::vector<const Type*>& a) {
    if (a.empty()) return true;
    auto conv = [&](const Type* from, const Type* to) { return conversionRank(from, to).has_value(); };
    if (t->isScalar()) return a.size() == 1 && a[0]->isScalar();
    if (t->isVector()) {
      if (a.size() == 1 && a[0]->isVector()) return a[0]->width == t->width;  // conversion
      if (a.size() == 1 && a[0]->isScalar()) return conv(a[0], t->elem);      // splat
      uint32_t n = 0;
      for (const Type* x : a) {
        const Type* comp = x->isVector() ? x->elem : x;
        if (!(x->isScalar() || x->isVector()) || !conv(comp, t->elem)) return false;
        n += x->isVector() ? x->width : 1;
      }
      return n == t->width;
    }
    if (t->isMatrix()) {
      if (a.size() == 1 && a[0]->isMatrix()) return a[0]->columns == t->columns && a[0]->rows == t->rows;
      const Type* col = types_.vec(t->rows, t->elem);
      if (a.size() == t->columns) {
        bool all_cols = true;
        for (const Type* x : a) all_cols = all_cols && x->isVector() && conv(x, col);
        if (all_cols) return true;
      }
      if (a.size() != t->columns * t->rows) return false;
      for (const Type* x : a)
        if (!x->isScalar() || !conv(x, t->elem)) return false;
      return true;
    }
    if (t->isArray()) {
      if (!t->count || a.size() != *t->count) return false;
      for (const Type* x : a)
        if (!conv(x, t->elem)) return false;
      return true;
    }
    if (t->isStruct()) {
      if (a.size() != t->members.size()) return false;
      for (size_t i = 0; i < a.size(); ++i)
        if (!conv(a[i], t->members[i].type)) return false;
      return true;
    }
    return true;
  }

  static ExprInfo typed(const Type* t, EvalStage stage, std::optional<ConstValue> value) {
    ExprInfo info;
    info.type = t;
    info.stage = stage;
    info.value = std::move(value);
    return info;
  }

  static ExprInfo asConstructor(ExprInfo info) {
    info.call = CallKind::Constructor;
    return info;
  }

  ExprInfo construct(const ast::CallExpr& c, const Type* t, const std::vector<ExprInfo>& args) {
    ExprInfo info;
    if (!t->isConstructible()) {
      diags_.error(c.range, fmt::format("type '{}' is not constructible", t->name()));
      return info;
    }
    {
      std::vector<const Type*> arg_types;
      bool known = true;
      for (const auto& a : args) {
        if (!a.type) known = false;
        else arg_types.push_back(loadType(a.type));
      }
      if (known && !constructorArgsMatch(t, arg_types)) {
        std::string list;
        for (size_t i = 0; i < arg_types.size(); ++i) list += (i ? ", " : "") + arg_types[i]->name();
        // Say what is wrong when it is the count.
        uint32_t comps = 0;
        for (const Type* x : arg_types) comps += x->isVector() ? x->width : 1;
        std::string why;
        if (t->isVector() && arg_types.size() > 1 && comps != t->width) {
          why = fmt::format(": '{}' needs {} components, but {} were given", t->name(), t->width, comps);
        } else if (t->isMatrix() && arg_types.size() > 1 && comps != t->columns * t->rows) {
          why = fmt::format(": '{}' needs {} components ({} columns of {}), but {} were given", t->name(),
                            t->columns * t->rows, t->columns, t->rows, comps);
        } else if (t->isArray() && t->count && arg_types.size() != *t->count) {
          why = fmt::format(": '{}' needs {} elements, but {} were given", t->name(), *t->count, arg_types.size());
        } else if (t->isStruct() && arg_types.size() != t->members.size()) {
          why = fmt::format(": structure '{}' has {} members, but {} values were given", t->name(), t->members.size(),
                            arg_types.size());
        } else {
          why = fmt::format(": the arguments do not match any constructor of '{}'", t->name());
        }
        diags_.error(c.range, fmt::format("no value constructor '{}({})'{}", t->name(), list, why));
        return info;
      }
    }
    info.type = t;
    EvalStage stage = EvalStage::Const;
    for (const auto& a : args) {
      if (!a.type) return typed(t, EvalStage::Runtime, std::nullopt);
      if (a.stage == EvalStage::Runtime || (a.type && a.type->isRef())) stage = EvalStage::Runtime;
      else if (a.stage == EvalStage::Override && stage == EvalStage::Const) stage = EvalStage::Override;
    }
    info.stage = stage;
    // Const arguments of a constructor that is not const convert to the component, column,
    // element or member type they fill: their values must fit ("vec2f(x, 1e40)").
    if (stage != EvalStage::Const) {
      for (size_t i = 0; i < args.size(); ++i) {
        const Type* at = loadType(args[i].type);
        const Type* to = nullptr;
        if (t->isStruct()) {
          if (i < t->members.size()) to = t->members[i].type;
        } else if (t->isArray()) {
          to = t->elem;
        } else if (t->isVector() || t->isMatrix()) {
          const Type* s = t->elem;
          to = at->isScalar() ? s : at->isVector() ? types_.vec(at->width, s) : at->isMatrix() ? t : nullptr;
        }
        if (to) checkImplicitConversion(args[i], to, c.args[i]->range);
      }
    }
    // Values for the forms const-expressions commonly use: zero value, scalar conversion,
    // vector from scalar or components, structures and arrays member-wise. At pipeline creation
    // override-expressions have values too, and what is constructed from them is evaluated.
    bool evaluable = stage == EvalStage::Const;
    if (stage == EvalStage::Override && options_.pipeline) {
      evaluable = true;
      for (const auto& a : args) evaluable = evaluable && a.value.has_value();
    }
    if (!evaluable) return info;
    if (args.empty()) {
      info.value = ConstValue::zero(types_, t);
      return info;
    }
    if (t->isScalar() && args.size() == 1) {
      Eval e = convertValue(types_, *args[0].value, t);
      if (e.value) info.value = e.value;
      else if (!e.error.empty()) evalFailed(c.range, evalError(e.error, stage));
      return info;
    }
    if (t->isStruct()) {
      if (args.size() != t->members.size()) {
        diags_.error(c.range, fmt::format("structure '{}' has {} members, but {} values were given", t->name(),
                                          t->members.size(), args.size()));
        info.type = nullptr;
        return info;
      }
      std::vector<ConstValue> vals;
      for (size_t i = 0; i < args.size(); ++i) {
        if (!convertible(args[i].type, t->members[i].type)) {
          diags_.error(c.args[i]->range, fmt::format("member '{}' of '{}' has type '{}', not '{}'", t->members[i].name,
                                                     t->name(), t->members[i].type->name(), args[i].type->name()));
          return ExprInfo{};
        }
        auto v = convert(*args[i].value, t->members[i].type, c.args[i]->range);
        if (!v) return info;
        vals.push_back(*v);
      }
      info.value = ConstValue::makeComposite(t, std::move(vals));
      return info;
    }
    if (t->isVector()) {
      std::vector<ConstValue> comps;
      for (size_t i = 0; i < args.size(); ++i) {
        const ConstValue& v = *args[i].value;
        if (v.type->isScalar()) {
          comps.push_back(v);
        } else if (v.type->isVector()) {
          for (const auto& el : v.elements) comps.push_back(el);
        } else {
          return typed(t, stage, std::nullopt);
        }
      }
      if (comps.size() == 1 && t->width > 1) comps.assign(t->width, comps[0]);
      if (comps.size() != t->width) {
        diags_.error(c.range, fmt::format("'{}' needs {} components, but {} were given", t->name(), t->width, comps.size()));
        info.type = nullptr;
        return info;
      }
      std::vector<ConstValue> conv;
      for (auto& comp : comps) {
        Eval e = args.size() == 1 && args[0].type->isVector() ? convertValue(types_, comp, t->elem)
                                                              : convertAutomatic(types_, comp, t->elem);
        if (!e.value) {
          if (!e.error.empty()) evalFailed(c.range, e.error);
          info.type = nullptr;
          return info;
        }
        conv.push_back(*e.value);
      }
      info.value = ConstValue::makeComposite(t, std::move(conv));
      return info;
    }
    if (t->isArray() && t->count) {
      if (args.size() != *t->count) {
        diags_.error(c.range, fmt::format("'{}' needs {} elements, but {} were given", t->name(), *t->count, args.size()));
        info.type = nullptr;
        return info;
      }
      std::vector<ConstValue> elems;
      for (size_t i = 0; i < args.size(); ++i) {
        auto v = convert(*args[i].value, t->elem, c.args[i]->range);
        if (!v) return typed(t, stage, std::nullopt);
        elems.push_back(*v);
      }
      info.value = ConstValue::makeComposite(t, std::move(elems));
      return info;
    }
    if (t->isMatrix()) {
      // Column vectors, or C*R scalars in column-major order (section "Value Constructor
      // Built-in Functions").
      const Type* col = types_.vec(t->rows, t->elem);
      if (args.size() == 1 && args[0].value->type->isMatrix()) {
        // Conversion (or copy) of a matrix of the same shape: component-wise value conversion.
        Eval e = convertValue(types_, *args[0].value, t);
        if (e.value) info.value = e.value;
        else if (!e.error.empty()) evalFailed(c.range, evalError(e.error, stage));
        if (!e.value) info.type = nullptr;
        return info;
      }
      std::vector<ConstValue> scalars;
      for (const auto& a : args) {
        const ConstValue& v = *a.value;
        if (v.type->isScalar()) scalars.push_back(v);
        else if (v.type->isVector()) scalars.insert(scalars.end(), v.elements.begin(), v.elements.end());
        else return typed(t, stage, std::nullopt);
      }
      if (scalars.size() != t->columns * t->rows) {
        diags_.error(c.range, fmt::format("'{}' needs {} components ({} columns of {}), but {} were given", t->name(),
                                          t->columns * t->rows, t->columns, t->rows, scalars.size()));
        info.type = nullptr;
        return info;
      }
      std::vector<ConstValue> cols;
      for (uint32_t ci = 0; ci < t->columns; ++ci) {
        std::vector<ConstValue> comps;
        for (uint32_t ri = 0; ri < t->rows; ++ri) {
          auto v = convert(scalars[ci * t->rows + ri], t->elem, c.range);
          if (!v) return ExprInfo{};
          comps.push_back(*v);
        }
        cols.push_back(ConstValue::makeComposite(col, std::move(comps)));
      }
      info.value = ConstValue::makeComposite(t, std::move(cols));
      return info;
    }
    return info;
  }

  // Converts two numeric operands to a common type by the abstract conversion rules
  // (section "Overload Resolution" for the arithmetic and comparison overloads).
  const Type* commonScalar(const Type* a, const Type* b) {
    if (a == b) return a;
    if (conversionRank(a, b)) return b;
    if (conversionRank(b, a)) return a;
    return nullptr;
  }

  ExprInfo unary(const ast::UnaryExpr& u) {
    ExprInfo v = expr(*u.operand);
    ExprInfo info;
    if (!v.type) return info;
    switch (u.op) {
      case ast::UnaryOp::AddressOf: {
        // "A pointer cannot be formed to a component of a vector" (section "Address-Of Expression").
        const Expr* inner = u.operand.get();
        while (const auto* pe = inner->as<ast::ParenExpr>()) inner = pe->inner.get();
        const Expr* base = nullptr;
        if (const auto* me = inner->as<ast::MemberExpr>()) base = me->base.get();
        if (const auto* ie = inner->as<ast::IndexExpr>()) base = ie->base.get();
        if (base) {
          const ExprInfo* bi = p_.info(base);
          const Type* bt = bi && bi->type ? (bi->type->isRef() || bi->type->isPtr() ? bi->type->elem : bi->type) : nullptr;
          if (bt && bt->isVector()) {
            diags_.error(u.range, "cannot take the address of a vector component");
            return info;
          }
        }
      }
        if (!v.type->isRef()) {
          diags_.error(u.range, "the operand of '&' must be a reference (a variable, or a part of one)");
          return info;
        }
        if (v.type->space == AddressSpace::Handle) {
          diags_.error(u.range, "cannot take the address of a texture or sampler");
          return info;
        }
        info.type = types_.ptr(v.type->space, v.type->elem, v.type->access);
        return info;
      case ast::UnaryOp::Deref:
        if (!v.type->isPtr()) {
          diags_.error(u.range, fmt::format("the operand of '*' must be a pointer, not '{}'", loadType(v.type)->name()));
          return info;
        }
        info.type = types_.ref(v.type->space, v.type->elem, v.type->access);
        return info;
      default: break;
    }
    const Type* t = loadType(v.type);
    const Type* scalar = t->scalarOf();
    const bool vec_or_scalar = t->isScalar() || t->isVector();
    bool ok = false;
    if (u.op == ast::UnaryOp::Negate) ok = vec_or_scalar && scalar->isNumericScalar() && scalar->kind != TypeKind::U32;
    if (u.op == ast::UnaryOp::Not) ok = vec_or_scalar && scalar->kind == TypeKind::Bool;
    if (u.op == ast::UnaryOp::Complement) ok = vec_or_scalar && scalar->isIntegerScalar();
    if (!ok) {
      diags_.error(u.range, fmt::format("operator '{}' cannot be applied to a value of type '{}'", ast::toString(u.op),
                                        t->name()));
      return info;
    }
    info.type = t;
    info.stage = v.stage;
    if (v.stage != EvalStage::Runtime && v.value) {
      Eval e = evalUnary(types_, u.op, *v.value);
      if (e.value) info.value = e.value;
      else if (!e.error.empty()) evalFailed(u.range, evalError(e.error, v.stage));
      else info.type = nullptr;
    }
    return info;
  }

  ExprInfo binary(const ast::BinaryExpr& b) {
    ExprInfo l = expr(*b.lhs);
    // `false && e` and `true || e`: e is type-checked but not evaluated.
    const bool short_circuit = (b.op == ast::BinaryOp::LogicalAnd || b.op == ast::BinaryOp::LogicalOr) &&
                               l.value && l.type && loadType(l.type)->kind == TypeKind::Bool &&
                               l.value->b == (b.op == ast::BinaryOp::LogicalOr);
    if (short_circuit) ++not_evaluated_;
    ExprInfo r = expr(*b.rhs);
    if (short_circuit) {
      --not_evaluated_;
      if (r.type && l.stage != EvalStage::Runtime) {
        // The result is the left side's value; the right side's stage still counts.
        ExprInfo out;
        out.type = types_.boolType();
        out.stage = std::max(l.stage, r.stage);
        if (l.type->isRef() || r.type->isRef()) out.stage = EvalStage::Runtime;
        if (loadType(r.type)->kind != TypeKind::Bool) {
          diags_.error(b.op_range, fmt::format("operator '{}' cannot be applied to '{}' and '{}'", ast::toString(b.op),
                                               loadType(l.type)->name(), loadType(r.type)->name()));
          return ExprInfo{};
        }
        if (out.stage != EvalStage::Runtime) out.value = l.value;
        return out;
      }
      if (!r.type && l.stage != EvalStage::Runtime) {
        return typed(types_.boolType(), EvalStage::Const, l.value);
      }
    }
    ExprInfo info;
    if (!l.type || !r.type) return info;
    const Type* lt = loadType(l.type);
    const Type* rt = loadType(r.type);
    info.stage = std::max(l.stage, r.stage);
    if (l.type->isRef() || r.type->isRef()) info.stage = EvalStage::Runtime;
    using Op = ast::BinaryOp;
    const Op op = b.op;
    const bool logical = op == Op::LogicalAnd || op == Op::LogicalOr;
    const bool shift = op == Op::ShiftLeft || op == Op::ShiftRight;
    const bool compare = op == Op::Less || op == Op::LessEqual || op == Op::Greater || op == Op::GreaterEqual ||
                         op == Op::Equal || op == Op::NotEqual;
    auto fail = [&]() {
      diags_.error(b.op_range, fmt::format("operator '{}' cannot be applied to '{}' and '{}'", ast::toString(op),
                                           lt->name(), rt->name()));
      return ExprInfo{};
    };
    if (lt->isMatrix() || rt->isMatrix()) return matrixBinary(b, l, r, lt, rt, info);
    if (!(lt->isScalar() || lt->isVector()) || !(rt->isScalar() || rt->isVector())) return fail();
    const Type* ls = lt->scalarOf();
    const Type* rs = rt->scalarOf();
    if (logical) {
      if (lt->kind != TypeKind::Bool || rt->kind != TypeKind::Bool) return fail();
      info.type = types_.boolType();
    } else if (shift) {
      // e1 << e2: e2 is u32 (or AbstractInt converted to u32), same width as e1.
      if (!ls->isIntegerScalar() || !rs->isIntegerScalar()) return fail();
      if (lt->isVector() != rt->isVector() || (lt->isVector() && lt->width != rt->width)) return fail();
      if (rs->kind == TypeKind::I32) return fail();
      info.type = ls->kind == TypeKind::AbstractInt && rs->kind == TypeKind::U32 && l.stage != EvalStage::Const
                      ? types_.withScalar(lt, types_.i32())
                      : lt;
    } else {
      const Type* s = commonScalar(ls, rs);
      if (!s) return fail();
      const bool vectors_differ = lt->isVector() && rt->isVector() && lt->width != rt->width;
      if (vectors_differ) return fail();
      const uint32_t width = lt->isVector() ? lt->width : (rt->isVector() ? rt->width : 0);
      const bool mixed = lt->isVector() != rt->isVector();
      if (compare) {
        if (mixed) return fail();
        if (s->kind == TypeKind::Bool && op != Op::Equal && op != Op::NotEqual) return fail();
        info.type = width ? types_.vec(width, types_.boolType()) : types_.boolType();
      } else if (op == Op::And || op == Op::Or || op == Op::Xor) {
        if (mixed) return fail();
        if (!(s->isIntegerScalar() || s->kind == TypeKind::Bool)) return fail();
        info.type = width ? types_.vec(width, s) : s;
      } else {
        if (!s->isNumericScalar()) return fail();
        info.type = width ? types_.vec(width, s) : s;
      }
    }
    // "If e2 is zero: It is a shader-creation error if e2 is a const-expression; a
    // pipeline-creation error if e2 is an override-expression" (integer / and %), and the same
    // for shift amounts not less than the bit width — also when e1 is a runtime expression.
    if (r.value && (r.stage == EvalStage::Const || r.stage == EvalStage::Override) && l.stage == EvalStage::Runtime &&
        rs->isIntegerScalar()) {
      std::vector<int64_t> comps;
      if (r.value->type->isVector()) {
        for (const auto& c : r.value->elements) comps.push_back(c.i);
      } else {
        comps.push_back(r.value->i);
      }
      const bool int_lhs = ls->isIntegerScalar();
      for (int64_t v : comps) {
        if ((op == Op::Div || op == Op::Mod) && int_lhs && v == 0) {
          diags_.error(b.rhs->range,
                       evalError("integer division by zero: the divisor is a const-expression equal to 0", r.stage));
          return ExprInfo{};
        }
        if (shift && !ls->isAbstractScalar() && (v < 0 || v >= 32)) {
          diags_.error(b.rhs->range, evalError(fmt::format("shift amount {} must be less than the bit width 32 of '{}'", v,
                                                           ls->name()),
                                               r.stage));
          return ExprInfo{};
        }
      }
    }
    if (info.stage != EvalStage::Runtime && l.value && r.value) {
      // Convert the operands to the overload's parameter types, then evaluate.
      ConstValue lv = *l.value, rv = *r.value;
      if (!logical && !shift) {
        const Type* s = commonScalar(ls, rs);
        auto lc = convert(lv, types_.withScalar(lt, s), b.lhs->range);
        auto rc = convert(rv, types_.withScalar(rt, s), b.rhs->range);
        if (!lc || !rc) return ExprInfo{};
        lv = *lc;
        rv = *rc;
      } else if (shift && rs->kind == TypeKind::AbstractInt && !ls->isAbstractScalar()) {
        auto rc = convert(rv, types_.withScalar(rt, types_.u32()), b.rhs->range);
        if (!rc) return ExprInfo{};
        rv = *rc;
      }
      Eval e = evalBinary(types_, op, lv, rv);
      if (e.value) {
        info.value = e.value;
        info.type = e.value->type;
      } else if (!e.error.empty()) {
        evalFailed(b.range, evalError(e.error, info.stage));
        return ExprInfo{};
      } else {
        info.type = nullptr;
      }
    }
    if (info.stage != EvalStage::Const && info.type) {
      info.type = concrete(info.type);
      // A const operand of a non-const operation converts to the concrete operand type: its
      // value must fit ("i + -1" with i: u32, "x + 1e40" with x: f32 are errors).
      if (!logical && !shift) {
        if (const Type* s = commonScalar(ls, rs); s && !s->isAbstractScalar()) {
          checkImplicitConversion(l, types_.withScalar(lt, s), b.lhs->range);
          checkImplicitConversion(r, types_.withScalar(rt, s), b.rhs->range);
        }
      }
    }
    return info;
  }

  // Matrix forms of section "Arithmetic Expressions"": mat +- mat, mat * scalar, scalar * mat,
  // mat * vec, vec * mat, mat * mat (all with one float component type, abstract converting).
  ExprInfo matrixBinary(const ast::BinaryExpr& b, const ExprInfo& l, const ExprInfo& r, const Type* lt, const Type* rt,
                        ExprInfo info) {
    using Op = ast::BinaryOp;
    const Type* s = commonScalar(lt->scalarOf() ? lt->scalarOf() : lt, rt->scalarOf() ? rt->scalarOf() : rt);
    auto fail = [&]() {
      diags_.error(b.op_range, fmt::format("operator '{}' cannot be applied to '{}' and '{}'", ast::toString(b.op),
                                           lt->name(), rt->name()));
      return ExprInfo{};
    };
    if (!s || !s->isFloatScalar()) return fail();
    if (s->kind == TypeKind::AbstractFloat && info.stage != EvalStage::Const) s = types_.f32();
    const Type* result = nullptr;
    const Type* lp = nullptr;  // the operand types of the chosen form
    const Type* rp = nullptr;
    if ((b.op == Op::Add || b.op == Op::Sub) && lt->isMatrix() && rt->isMatrix()) {
      if (lt->columns != rt->columns || lt->rows != rt->rows) return fail();
      result = lp = rp = types_.mat(lt->columns, lt->rows, s);
    } else if (b.op == Op::Mul) {
      if (lt->isMatrix() && rt->isScalar()) {
        result = lp = types_.mat(lt->columns, lt->rows, s);
        rp = s;
      } else if (lt->isScalar() && rt->isMatrix()) {
        result = rp = types_.mat(rt->columns, rt->rows, s);
        lp = s;
      } else if (lt->isMatrix() && rt->isVector()) {
        if (rt->width != lt->columns) return fail();
        lp = types_.mat(lt->columns, lt->rows, s);
        rp = types_.vec(rt->width, s);
        result = types_.vec(lt->rows, s);
      } else if (lt->isVector() && rt->isMatrix()) {
        if (lt->width != rt->rows) return fail();
        lp = types_.vec(lt->width, s);
        rp = types_.mat(rt->columns, rt->rows, s);
        result = types_.vec(rt->columns, s);
      } else if (lt->isMatrix() && rt->isMatrix()) {
        if (lt->columns != rt->rows) return fail();
        lp = types_.mat(lt->columns, lt->rows, s);
        rp = types_.mat(rt->columns, rt->rows, s);
        result = types_.mat(rt->columns, lt->rows, s);
      }
    }
    if (!result) return fail();
    info.type = result;
    if (info.stage != EvalStage::Const) {
      checkImplicitConversion(l, lp, b.lhs->range);
      checkImplicitConversion(r, rp, b.rhs->range);
    }
    if (info.stage == EvalStage::Const && l.value && r.value) {
      auto lc = convert(*l.value, lp, b.lhs->range);
      auto rc = convert(*r.value, rp, b.rhs->range);
      if (!lc || !rc) return ExprInfo{};
      Eval e = evalBinary(types_, b.op, *lc, *rc);
      if (e.value) {
        info.value = e.value;
      } else if (!e.error.empty()) {
        evalFailed(b.range, e.error);
        return ExprInfo{};
      } else {
        info.type = nullptr;
      }
    }
    return info;
  }

  ExprInfo index(const ast::IndexExpr& ix) {
    ExprInfo base = expr(*ix.base);
    ExprInfo idx = expr(*ix.index);
    ExprInfo info;
    if (!base.type) return info;
    if (idx.type) {
      const Type* it = loadType(idx.type);
      if (!it->isIntegerScalar()) {
        diags_.error(ix.index->range, fmt::format("an index must be of type i32 or u32, not '{}'", it->name()));
        return info;
      }
    }
    const Type* bt = base.type;
    const bool is_ref = bt->isRef() || bt->isPtr();  // pointer_composite_access
    const Type* store = is_ref ? bt->elem : bt;
    const Type* elemT = nullptr;
    std::optional<uint32_t> bound;
    if (store->isVector()) {
      elemT = store->elem;
      bound = store->width;
    } else if (store->isMatrix()) {
      elemT = types_.vec(store->rows, store->elem);
      bound = store->columns;
    } else if (store->isArray()) {
      elemT = store->elem;
      bound = store->count;
    } else {
      diags_.error(ix.range, fmt::format("cannot index a value of type '{}'", loadType(bt)->name()));
      return info;
    }
    // An out-of-bounds const-expression index is a shader-creation error; an override-expression
    // one (its value known at pipeline creation) a pipeline-creation error.
    const bool known_index = idx.type && idx.value && (idx.stage == EvalStage::Const || idx.stage == EvalStage::Override);
    if (known_index && idx.value->i < 0) {
      diags_.error(ix.index->range, evalError(fmt::format("index {} is out of bounds: indices are never negative",
                                                          idx.value->i),
                                              idx.stage));
      return info;
    }
    if (known_index && bound) {
      if (idx.value->i < 0 || idx.value->i >= static_cast<int64_t>(*bound)) {
        diags_.error(ix.index->range, evalError(fmt::format("index {} is out of bounds for '{}' (valid indices are 0 "
                                                            "to {})",
                                                            idx.value->i, store->name(), *bound - 1),
                                                idx.stage));
        return info;
      }
    }
    // An AbstractInt index of a reference or of a non-const value is concretized to i32.
    if (idx.type && idx.stage == EvalStage::Const && (is_ref || base.stage != EvalStage::Const)) {
      checkImplicitConversion(idx, types_.i32(), ix.index->range);
    }
    if (is_ref) {
      info.type = types_.ref(bt->space, elemT, bt->access);
      return info;
    }
    info.type = elemT;
    info.stage = std::max(base.stage, idx.type ? idx.stage : EvalStage::Runtime);
    // An abstract const value indexed by a non-const index is concretized first: its
    // components must fit ("array(1, 3000000000)[i]" is an error).
    if (info.stage != EvalStage::Const) checkImplicitConversion(base, concrete(base.type), ix.base->range);
    if (info.stage == EvalStage::Const && base.value && idx.value && !base.value->elements.empty()) {
      info.value = base.value->elements.at(static_cast<size_t>(idx.value->i));
    }
    return info;
  }

  ExprInfo member(const ast::MemberExpr& m) {
    ExprInfo base = expr(*m.base);
    ExprInfo info;
    if (!base.type) return info;
    const Type* bt = base.type;
    const bool is_ref = bt->isRef() || bt->isPtr();
    const Type* store = is_ref ? bt->elem : bt;
    const std::string& name = m.member.name;
    if (store->isStruct()) {
      for (size_t i = 0; i < store->members.size(); ++i) {
        if (store->members[i].name != name) continue;
        const Type* mt = store->members[i].type;
        info.member_index = static_cast<int>(i);
        if (is_ref) {
          info.type = types_.ref(bt->space, mt, bt->access);
        } else {
          info.type = mt;
          info.stage = base.stage;
          if (base.value && i < base.value->elements.size()) info.value = base.value->elements[i];
        }
        return info;
      }
      diags_.error(m.member.range, fmt::format("structure '{}' has no member named '{}'", store->name(), name));
      return info;
    }
    if (store->isVector()) {
      const std::string xyzw = "xyzw", rgba = "rgba";
      const bool use_xyzw = xyzw.find(name[0]) != std::string::npos;
      const std::string& set = use_xyzw ? xyzw : rgba;
      bool ok = name.size() >= 1 && name.size() <= 4;
      std::vector<size_t> idx;
      for (char ch : name) {
        size_t k = set.find(ch);
        if (k == std::string::npos || k >= store->width) ok = false;
        idx.push_back(k);
      }
      if (!ok) {
        diags_.error(m.member.range, fmt::format("invalid swizzle '{}' on '{}': use 1 to 4 of {} (not mixing xyzw with "
                                                 "rgba)",
                                                 name, store->name(),
                                                 store->width == 2 ? "x y / r g" : store->width == 3 ? "x y z / r g b"
                                                                                                     : "x y z w / r g b a"));
        return info;
      }
      for (size_t k : idx) info.swizzle.push_back(static_cast<uint8_t>(k));
      if (name.size() == 1) {
        if (is_ref) {
          info.type = types_.ref(bt->space, store->elem, bt->access);
          return info;
        }
        info.type = store->elem;
      } else {
        info.type = types_.vec(static_cast<uint32_t>(name.size()), store->elem);
      }
      info.stage = is_ref ? EvalStage::Runtime : base.stage;
      if (!is_ref && base.value && !base.value->elements.empty()) {
        if (name.size() == 1) {
          info.value = base.value->elements[idx[0]];
        } else {
          std::vector<ConstValue> comps;
          for (size_t k : idx) comps.push_back(base.value->elements[k]);
          info.value = ConstValue::makeComposite(info.type, std::move(comps));
        }
      }
      return info;
    }
    diags_.error(m.member.range, fmt::format("'{}' has no members: '.{}' needs a structure or a vector", loadType(bt)->name(),
                                             name));
    return info;
  }

  // The wording of an evaluation error: override-expressions fail at pipeline creation.
  std::string evalError(const std::string& e, EvalStage stage) {
    if (stage != EvalStage::Override) return e;
    std::string m = e;
    for (size_t pos; (pos = m.find("a const-expression")) != std::string::npos;) m.replace(pos, 18, "an override-expression");
    for (size_t pos; (pos = m.find("const-expression")) != std::string::npos;) m.replace(pos, 16, "override-expression");
    return "pipeline-creation error: " + m;
  }

  const ast::Module& module_;
  DiagnosticList& diags_;
  Program& p_;
  TypeTable& types_;
  const ResolveOptions& options_;
};

}  // namespace

std::unique_ptr<Program> resolve(const ast::Module& module, DiagnosticList& diags, const ResolveOptions& options) {
  auto p = std::make_unique<Program>();
  // Pipeline creation for one entry point: pipeline-creation errors "are only triggered for code
  // present in the shader of the entry point being compiled" (section "Errors"), so an error
  // inside a function the entry point does not reach (directly or through calls) is dropped.
  const bool one_entry = options.pipeline && !options.entry_point.empty();
  DiagnosticList all;
  DiagnosticList& out = one_entry ? all : diags;
  Resolver r(module, out, *p, options);
  ConstEvalBudget budget(options.const_eval_budget);
  try {
    ConstEvalBudget::Scope scope(budget);
    r.run();
  } catch (const ConstEvalBudget::Exceeded&) {
    r.reportConstEvalBudget(budget.limit());
    if (one_entry) {
      for (const Diagnostic& d : all.all()) diags.add(d);
    }
    return p;
  }
  checkAliasing(*p, out);
  if (!one_entry) return p;
  const std::set<const ast::FunctionDecl*> shader = r.shaderFunctions(options.entry_point);
  for (const Diagnostic& d : all.all()) {
    bool outside = false;
    if (d.severity == Severity::Error) {
      for (const auto& g : module.decls) {
        if (g.kind != ast::GlobalKind::Function || !g.function || shader.count(g.function.get())) continue;
        const SourceRange fr = g.function->range;
        if (d.range.begin >= fr.begin && d.range.end <= fr.end) outside = true;
      }
    }
    if (!outside) diags.add(d);
  }
  return p;
}

}  // namespace wgsl::sema
