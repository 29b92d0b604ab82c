// The resolver's unary and binary operators, matrix arithmetic included (sections "Arithmetic
// Expressions", "Logical Expressions", "Comparison Expressions", "Bit Expressions").
#include "interp/sema/resolver_impl.h"

#include <fmt/format.h>

#include <algorithm>

#include "base/diagnostics.h"
#include "interp/sema/const_eval.h"

namespace wgsl::sema::internal {

const Type* Resolver::commonScalar(const Type* a, const Type* b) {
  if (a == b) return a;
  if (conversionRank(a, b)) return b;
  if (conversionRank(b, a)) return a;
  return nullptr;
}

ExprInfo Resolver::unary(const ast::UnaryExpr& u) {
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

ExprInfo Resolver::binary(const ast::BinaryExpr& b) {
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
        diags_.error(b.opRange(), fmt::format("operator '{}' cannot be applied to '{}' and '{}'", ast::toString(b.op),
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
    diags_.error(b.opRange(), fmt::format("operator '{}' cannot be applied to '{}' and '{}'", ast::toString(op),
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

ExprInfo Resolver::matrixBinary(const ast::BinaryExpr& b, const ExprInfo& l, const ExprInfo& r, const Type* lt,
                                const Type* rt, ExprInfo info) {
  using Op = ast::BinaryOp;
  const Type* s = commonScalar(lt->scalarOf() ? lt->scalarOf() : lt, rt->scalarOf() ? rt->scalarOf() : rt);
  auto fail = [&]() {
    diags_.error(b.opRange(), fmt::format("operator '{}' cannot be applied to '{}' and '{}'", ast::toString(b.op),
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

}  // namespace wgsl::sema::internal
