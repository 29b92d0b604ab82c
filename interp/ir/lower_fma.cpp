// Contraction of multiply-add under `--float=fma` (docs/float-modes.md): the lowering
// turns `a * b + c`, `c + a * b`, `a * b - c` and `c - a * b` on F32/F16 scalars and vectors
// (expressions, `+=`/`-=`, matrix products, dot) into one Math3 Fma instruction, marked with
// imm = 1 (contracted: the ulp modes leave it correctly rounded). Negations are exact, so
// `a * b - c` is fma(a, b, -c) and `c - a * b` is fma(-a, b, c). Evaluation order of the operands
// stays the source order.
#include <algorithm>

#include "interp/ir/lowerer.h"

namespace wgsl::ir {

using sema::ExprInfo;
using sema::TypeTable;

namespace {

bool isFloat(Scalar s) { return s == Scalar::F32 || s == Scalar::F16; }

// Register k of a value (constant registers keep their tag; as in lower_expr.cpp).
uint32_t regPlus(uint32_t reg, uint32_t k) { return (reg & kConstTag) ? ((reg + k) | kConstTag) : reg + k; }

}  // namespace

Val Lowerer::fusedMulAdd(Scalar s, const Val& x0, const Val& y0, const Val& c0, bool neg_product, bool neg_addend,
                         const Type* result) {
  const uint32_t n = std::max(x0.count, std::max(y0.count, c0.count));
  Val x = widen(x0, n), y = widen(y0, n), c = widen(c0, n);
  auto negate = [&](const Val& v) {
    Val r{alloc(n), n, v.type};
    for (uint32_t i = 0; i < n; i += 255) {
      const uint32_t m = std::min<uint32_t>(255, n - i);
      emit(Inst{typedOp(OpGroup::Neg, s), static_cast<uint8_t>(m), 0, r.reg + i, regPlus(v.reg, i)});
    }
    return r;
  };
  if (neg_product) x = negate(x);
  if (neg_addend) c = negate(c);
  Val r{alloc(n), n, result};
  for (uint32_t i = 0; i < n; i += 255) {
    const uint32_t m = std::min<uint32_t>(255, n - i);
    Inst in{typedOp(OpGroup::Math3, s), static_cast<uint8_t>(m), static_cast<uint8_t>(MathFn::Fma), r.reg + i,
            regPlus(x.reg, i), regPlus(y.reg, i), regPlus(c.reg, i)};
    in.imm = 1;  // contracted
    emit(in);
  }
  return r;
}

Val Lowerer::fusedDot(Scalar s, const Val& a, const Val& b, const Type* st) {
  Val acc = binary(OpGroup::Mul, s, Val{a.reg, 1, st}, Val{b.reg, 1, st}, st);
  for (uint32_t k = 1; k < a.count; ++k)
    acc = fusedMulAdd(s, Val{regPlus(a.reg, k), 1, st}, Val{regPlus(b.reg, k), 1, st}, acc, false, false, st);
  return acc;
}

const ast::BinaryExpr* Lowerer::contractibleMul(const ast::Expr* e) {
  while (e && e->kind == ast::ExprKind::Paren) e = e->as<ast::ParenExpr>()->inner.get();
  if (!e || e->kind != ast::ExprKind::Binary) return nullptr;
  const auto* m = e->as<ast::BinaryExpr>();
  if (m->op != ast::BinaryOp::Mul) return nullptr;
  const ExprInfo* info = p_.info(e);
  if (!info || info->value || !info->type) return nullptr;  // constants were folded already
  const Type* t = info->type->isRef() ? info->type->elem : info->type;
  if (t->isAbstract() || t->isMatrix() || !isFloat(scalarKind(t))) return nullptr;
  for (const ast::Expr* side : {m->lhs.get(), m->rhs.get()}) {
    const ExprInfo* si = p_.info(side);
    if (!si || !si->type) return nullptr;
    const Type* st = si->type->isRef() ? si->type->elem : si->type;
    if (st->isMatrix()) return nullptr;
  }
  return m;
}

void Lowerer::mulOperands(const ast::BinaryExpr& m, Val& x, Val& y) {
  // The operand typing of binaryExpr (an abstract side takes the other side's scalar).
  auto strip = [](const Type* t) { return t && t->isRef() ? t->elem : t; };
  const Type* lt = strip(p_.info(m.lhs.get())->type);
  const Type* rt = strip(p_.info(m.rhs.get())->type);
  TypeTable& T = *types_;
  if (lt->isAbstract() && !rt->isAbstract()) lt = T.withScalar(lt, rt->scalarOf() ? rt->scalarOf() : concrete(rt));
  if (rt->isAbstract() && !lt->isAbstract()) rt = T.withScalar(rt, lt->scalarOf() ? lt->scalarOf() : concrete(lt));
  if (lt->isAbstract()) lt = concrete(lt);
  if (rt->isAbstract()) rt = concrete(rt);
  x = value(m.lhs.get(), lt);
  y = value(m.rhs.get(), rt);
  x.type = lt;
  y.type = rt;
}

bool Lowerer::contractBinary(const ast::BinaryExpr& b, const Type* lt, const Type* rt, const Type* result, Val& out) {
  if (b.op != ast::BinaryOp::Add && b.op != ast::BinaryOp::Sub) return false;
  if (!result || result->isMatrix() || !isFloat(scalarKind(result))) return false;
  const ast::BinaryExpr* left = contractibleMul(b.lhs.get());
  const ast::BinaryExpr* right = left ? nullptr : contractibleMul(b.rhs.get());
  if (!left && !right) return false;
  const bool sub = b.op == ast::BinaryOp::Sub;
  Val x, y, c;
  if (left) {  // a * b + c, a * b - c
    mulOperands(*left, x, y);
    c = value(b.rhs.get(), rt);
    c.type = rt;
  } else {  // c + a * b, c - a * b
    c = value(b.lhs.get(), lt);
    c.type = lt;
    mulOperands(*right, x, y);
  }
  loc_ = b.range.begin;
  out = fusedMulAdd(scalarKind(result), x, y, c, right && sub, left && sub, result);
  return true;
}

bool Lowerer::contractCompound(const Val& old, const ast::Expr* rhs, bool sub, const Type* type, SourceRange range,
                               Val& out) {
  if (!fma_ || !type || type->isMatrix() || !isFloat(scalarKind(type))) return false;
  const ast::BinaryExpr* m = contractibleMul(rhs);
  if (!m) return false;
  Val x, y;
  mulOperands(*m, x, y);
  loc_ = range.begin;
  out = fusedMulAdd(scalarKind(type), x, y, old, sub, false, type);
  return true;
}

}  // namespace wgsl::ir
