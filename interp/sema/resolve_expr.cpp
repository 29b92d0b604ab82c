// The resolver's expressions: the recursion over expression trees, literals, identifiers,
// indexing, member access, conversions of const values (section "Expressions").
#include "interp/sema/resolver_impl.h"

#include <fmt/format.h>

#include <algorithm>
#include <exception>

#include "base/diagnostics.h"
#include "interp/sema/builtin_names.h"
#include "interp/sema/const_budget.h"
#include "interp/sema/const_eval.h"

namespace wgsl::sema::internal {

bool Resolver::convertible(const Type* from, const Type* to) {
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

std::optional<ConstValue> Resolver::convert(const ConstValue& v, const Type* to, SourceRange r) {
  if (v.type == to) return v;
  Eval e = convertAutomatic(types_, v, to);
  if (!e.value) {
    if (!e.error.empty()) evalFailed(r, e.error);
    return std::nullopt;
  }
  return e.value;
}

void Resolver::evalFailed(SourceRange r, const std::string& msg) {
  if (not_evaluated_ == 0) diags_.error(r, msg);
}

void Resolver::checkImplicitConversion(const ExprInfo& v, const Type* to, SourceRange r) {
  if (!v.value || !v.type || !to || v.stage != EvalStage::Const || v.value->type == to) return;
  if (!conversionRank(v.value->type, to)) return;
  convert(*v.value, to, r);
}

ExprInfo Resolver::record(const Expr& e, ExprInfo info) {
  p_.exprs[&e] = info;
  return info;
}

const Expr* Resolver::tooDeep(const Expr& root) {
  // The work list is kept between calls: every expression statement and declaration is a root,
  // and a vector allocated per root was a twentieth of resolving a small kernel.
  // (A list grown past a few thousand entries by a huge expression is released afterwards.)
  thread_local std::vector<std::pair<const Expr*, size_t>> work;
  struct Trim {
    ~Trim() {
      work.clear();
      if (work.capacity() > 4096) std::vector<std::pair<const Expr*, size_t>>().swap(work);
    }
  } trim;
  work.emplace_back(&root, 1);
  while (!work.empty()) {
    auto [e, d] = work.back();
    work.pop_back();
    if (e == nullptr) continue;
    if (d > kMaxExpressionHeight) return e;
    auto push = [&, d = d](const Expr* c) { work.emplace_back(c, d + 1); };
    switch (e->kind) {
      case ast::ExprKind::Literal: break;
      case ast::ExprKind::Ident:
        for (const auto& a : static_cast<const ast::IdentExpr&>(*e).templateArgs()) push(a.get());
        break;
      case ast::ExprKind::Call: {
        const auto& c = static_cast<const ast::CallExpr&>(*e);
        for (const auto& a : c.target->templateArgs()) push(a.get());
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

ExprInfo Resolver::expr(const Expr& e, bool as_statement) {
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

void Resolver::reportConstEvalBudget(uint64_t limit) {
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

ExprInfo Resolver::exprNode(const Expr& e, bool as_statement) {
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

ExprInfo Resolver::literal(const ast::LiteralExpr& l) {
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
      info.value = ConstValue::makeInt(info.type, static_cast<int64_t>(l.intValue().value_or(0)));
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

ExprInfo Resolver::identifier(const ast::IdentExpr& id) {
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
      if (current_fn_ && s->space != AddressSpace::Function && s->var) records_.uses[current_fn_].insert(s->var);
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

void Resolver::unresolvedValue(const ast::IdentExpr& id) {
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

const Type* Resolver::concrete(const Type* t) {
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

ExprInfo Resolver::index(const ast::IndexExpr& ix) {
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

ExprInfo Resolver::member(const ast::MemberExpr& m) {
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

std::string Resolver::evalError(const std::string& e, EvalStage stage) {
  if (stage != EvalStage::Override) return e;
  std::string m = e;
  for (size_t pos; (pos = m.find("a const-expression")) != std::string::npos;) m.replace(pos, 18, "an override-expression");
  for (size_t pos; (pos = m.find("const-expression")) != std::string::npos;) m.replace(pos, 16, "override-expression");
  return "pipeline-creation error: " + m;
}

}  // namespace wgsl::sema::internal
