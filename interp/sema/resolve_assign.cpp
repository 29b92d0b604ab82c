// The resolver's function-scope declarations, assignments, increments and const assertions
// (sections "Variable and Value Declarations", "Assignment Statement").
#include "interp/sema/resolver_impl.h"

#include <fmt/format.h>

#include "base/diagnostics.h"
#include "interp/sema/layout.h"

namespace wgsl::sema::internal {

void Resolver::localDecl(const ast::VarDecl& d) {
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

const ast::IdentExpr* Resolver::rootIdent(const Expr& e) {
  if (const auto* id = e.as<ast::IdentExpr>()) return id;
  if (const auto* p = e.as<ast::ParenExpr>()) return rootIdent(*p->inner);
  if (const auto* m = e.as<ast::MemberExpr>()) return rootIdent(*m->base);
  if (const auto* i = e.as<ast::IndexExpr>()) return rootIdent(*i->base);
  return nullptr;
}

void Resolver::requireWritable(const Expr& lhs, const ExprInfo& info, const char* what) {
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

void Resolver::assignment(const ast::AssignStmt& a) {
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

void Resolver::modify(const Expr& lhs, const char* what) {
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

void Resolver::constAssert(const ast::ConstAssertStmt& c) {
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

}  // namespace wgsl::sema::internal
