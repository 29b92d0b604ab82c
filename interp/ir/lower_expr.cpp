// Lowering of expressions: constants, the load rule, memory views (references and pointers),
// operators, conversions.
#include <fmt/format.h>

#include "interp/ir/lowerer.h"
#include "interp/math/scalar_math.h"

namespace wgsl::ir {

using namespace sema;

namespace {
constexpr uint32_t kMaxValueComponents = 4096;

uint32_t scalarBytes(Scalar s) { return s == Scalar::F16 ? 2 : 4; }
}  // namespace

// ------------------------------------------------------------------------------------- types

Scalar Lowerer::scalarKind(const Type* t) {
  while (t->kind == TypeKind::Vector || t->kind == TypeKind::Matrix || t->kind == TypeKind::Atomic ||
         t->kind == TypeKind::Array) {
    t = t->elem;
  }
  switch (t->kind) {
    case TypeKind::Bool: return Scalar::Bool;
    case TypeKind::I32: case TypeKind::AbstractInt: return Scalar::I32;
    case TypeKind::U32: return Scalar::U32;
    case TypeKind::F16: return Scalar::F16;
    default: return Scalar::F32;
  }
}

uint32_t Lowerer::arrayCount(const Type* t) {
  if (t->count) return *t->count;
  if (t->override_count) {
    for (const auto& o : p_.overrides) {
      if (o.decl == t->override_count && o.value) return static_cast<uint32_t>(o.value->i);
    }
    const ExprInfo* ei = p_.info(static_cast<const ast::Expr*>(t->override_count));
    if (ei && ei->value) return static_cast<uint32_t>(ei->value->i);
    fail({}, fmt::format("the element count of '{}' has no value at pipeline creation", t->name()));
  }
  return 0;  // runtime-sized
}

uint32_t Lowerer::components(const Type* t) {
  switch (t->kind) {
    case TypeKind::Vector: return t->width;
    case TypeKind::Matrix: return t->columns * t->rows;
    case TypeKind::Array: {
      const uint64_t n = uint64_t{arrayCount(t)} * components(t->elem);
      if (n > kMaxValueComponents) {
        fail({}, fmt::format("values of type '{}' ({} scalars) are too large for registers; wgslemu supports "
                             "composite values of up to {} scalars (keep large arrays in variables)",
                             t->name(), n, kMaxValueComponents));
      }
      return static_cast<uint32_t>(n);
    }
    case TypeKind::Struct: {
      // Checked member by member, so that a structure of structures of ... stops at the limit
      // instead of counting (exponentially many) scalars it will refuse anyway.
      uint64_t n = 0;
      for (const auto& m : t->members) {
        n += components(m.type);
        if (n > kMaxValueComponents) {
          fail({}, fmt::format("values of type '{}' (more than {} scalars) are too large for registers; wgslemu "
                               "supports composite values of up to {} scalars (keep large structures in variables)",
                               t->name(), kMaxValueComponents, kMaxValueComponents));
        }
      }
      return static_cast<uint32_t>(n);
    }
    default: return 1;
  }
}

uint32_t Lowerer::strideOfT(const Type* t) { return roundUp(alignOf(t->elem), sizeOfT(t->elem)); }

uint32_t Lowerer::sizeOfT(const Type* t) {
  if (t->kind == TypeKind::Array && t->override_count) {
    return static_cast<uint32_t>(std::min<uint64_t>(uint64_t{arrayCount(t)} * strideOfT(t), 0xffffffffu));
  }
  return sizeOf(t);
}

const Type* Lowerer::concrete(const Type* t) { return types_->concretize(t); }

// ------------------------------------------------------------------------------------- constants

namespace {
uint32_t leafBits(const ConstValue& v, Scalar target) {
  const TypeKind k = v.type->kind;
  const bool is_int = k == TypeKind::AbstractInt || k == TypeKind::I32 || k == TypeKind::U32;
  const bool is_bool = k == TypeKind::Bool;
  switch (target) {
    case Scalar::Bool: return is_bool ? v.b : (is_int ? v.i != 0 : v.f != 0);
    case Scalar::I32: return static_cast<uint32_t>(static_cast<int32_t>(is_int ? v.i : is_bool ? v.b : static_cast<int64_t>(v.f)));
    case Scalar::U32: return static_cast<uint32_t>(is_int ? v.i : is_bool ? v.b : static_cast<int64_t>(v.f));
    case Scalar::F32: return math::bitsOf(static_cast<float>(is_int ? static_cast<double>(v.i) : v.f));
    case Scalar::F16: return math::f16FromF64(is_int ? static_cast<double>(v.i) : v.f);
  }
  return 0;
}

void flatten(Lowerer& L, const ConstValue& v, const Type* as, std::vector<uint32_t>& out) {
  if (as->isScalar() || as->isAtomic()) {
    out.push_back(leafBits(v, Lowerer::scalarKind(as)));
    return;
  }
  if (as->isVector() && v.type && v.type->isScalar()) {  // tolerate a scalar where a splat is meant
    for (uint32_t i = 0; i < as->width; ++i) out.push_back(leafBits(v, Lowerer::scalarKind(as)));
    return;
  }
  for (size_t i = 0; i < v.elements.size(); ++i) {
    const Type* et = as->isStruct() ? as->members[i].type : as->isMatrix() ? nullptr : as->elem;
    if (as->isMatrix()) {
      // A matrix column: flatten its components with the matrix's scalar.
      for (const auto& c : v.elements[i].elements) out.push_back(leafBits(c, Lowerer::scalarKind(as)));
      continue;
    }
    flatten(L, v.elements[i], et, out);
  }
}
}  // namespace

Val Lowerer::constant(const ConstValue& cv, const Type* as) {
  if (!as || as->isAbstract()) as = concrete(as ? as : cv.type);
  const uint32_t n = components(as);  // fails first for values too large for registers
  std::vector<uint32_t> bits;
  flatten(*this, cv, as, bits);
  if (bits.size() != n) fail({}, fmt::format("internal: constant of type '{}' has {} components, expected {}", as->name(), bits.size(), n));
  auto it = const_dedupe_.find(bits);
  if (it != const_dedupe_.end()) return Val{it->second | kConstTag, n, as};
  const uint32_t first = static_cast<uint32_t>(const_bits_.size());
  for (uint32_t b : bits) const_bits_.push_back(ConstInit{static_cast<uint32_t>(const_bits_.size()), b});
  const_dedupe_[bits] = first;
  return Val{first | kConstTag, n, as};
}

Val Lowerer::constScalar(Scalar s, uint32_t v) {
  const TypeTable& T = p_.types;
  const Type* t = s == Scalar::Bool ? T.boolType() : s == Scalar::I32 ? T.i32() : s == Scalar::U32 ? T.u32() : s == Scalar::F32 ? T.f32() : T.f16();
  ConstValue cv;
  if (s == Scalar::F32 || s == Scalar::F16) {
    cv = ConstValue::makeFloat(t, static_cast<double>(static_cast<int32_t>(v)));
  } else if (s == Scalar::Bool) {
    cv = ConstValue::makeBool(t, v != 0);
  } else {
    cv = ConstValue::makeInt(t, s == Scalar::I32 ? static_cast<int64_t>(static_cast<int32_t>(v)) : static_cast<int64_t>(v));
  }
  return constant(cv, t);
}

// ------------------------------------------------------------------------------------- moves

namespace {
void emitMov(Lowerer& L, Op op, uint32_t dst, uint32_t src, uint32_t count) {
  for (uint32_t i = 0; i < count; i += 255) {
    const uint32_t n = std::min<uint32_t>(255, count - i);
    L.emit(Inst{op, static_cast<uint8_t>(n), 0, dst + i, (src & kConstTag) ? ((src + i) | kConstTag) : src + i});
  }
}
}  // namespace

void Lowerer::emitStoreMasked(const Val& dst, const Val& src) { emitMov(*this, Op::MovMasked, dst.reg, src.reg, dst.count); }

Val Lowerer::copyToFresh(const Val& v) {
  Val r{alloc(v.count), v.count, v.type};
  emitMov(*this, Op::Mov, r.reg, v.reg, v.count);
  return r;
}

// Register ids of constants carry a tag; offsetting a tagged id keeps the tag.
static uint32_t regPlus(uint32_t reg, uint32_t k) { return (reg & kConstTag) ? ((reg + k) | kConstTag) : reg + k; }

Val Lowerer::splat(const Val& s, uint32_t n, const Type* result) {
  Val r{alloc(n), n, result};
  emit(Inst{Op::Splat, static_cast<uint8_t>(n), 0, r.reg, s.reg});
  return r;
}

Val Lowerer::widen(const Val& v, uint32_t n) {
  if (v.count == n) return v;
  return splat(v, n, nullptr);
}

Val Lowerer::unary(OpGroup g, const Val& a, const Type* result) {
  Val r{alloc(a.count), a.count, result};
  emit(Inst{typedOp(g, scalarKind(a.type ? a.type : result)), static_cast<uint8_t>(a.count), 0, r.reg, a.reg});
  return r;
}

Val Lowerer::binary(OpGroup g, Scalar s, const Val& a0, const Val& b0, const Type* result) {
  const uint32_t n = std::max(a0.count, b0.count);
  Val a = widen(a0, n), b = widen(b0, n);
  Val r{alloc(n), n, result};
  for (uint32_t i = 0; i < n; i += 255) {
    const uint32_t m = std::min<uint32_t>(255, n - i);
    emit(Inst{typedOp(g, s), static_cast<uint8_t>(m), 0, r.reg + i, regPlus(a.reg, i), regPlus(b.reg, i)});
  }
  return r;
}

Val Lowerer::convert(const Val& v, const Type* to) {
  const Scalar from = scalarKind(v.type), dst = scalarKind(to);
  if (from == dst) return Val{v.reg, v.count, to};
  const OpGroup g = static_cast<OpGroup>(static_cast<int>(OpGroup::CvtFromBool) + static_cast<int>(from));
  Val r{alloc(v.count), v.count, to};
  emit(Inst{typedOp(g, dst), static_cast<uint8_t>(v.count), 0, r.reg, v.reg});
  return r;
}

Val Lowerer::pickDyn(const Val& base, const Val& idx, uint32_t elem_components, uint32_t count, const Type* t) {
  Val r{alloc(elem_components), elem_components, t};
  Inst i{Op::PickDyn, static_cast<uint8_t>(elem_components), 0, r.reg, base.reg, idx.reg};
  i.imm = count;
  if (idx.type && scalarKind(idx.type) == Scalar::I32) i.aux |= 2;  // signed index (for --oob=clamp)
  if (elem_components > 255) fail({}, "dynamic indexing of values with elements of more than 255 scalars is not supported");
  emit(i);
  return r;
}

// ------------------------------------------------------------------------------------- memory

namespace {

// Calls leaf(scalar, components, byte offset, register offset) for each column of a vector or
// matrix and each scalar in the memory layout of `t` at byte offset `off`; the register offset
// counts components from the start of the value (its register layout).
template <typename Leaf>
void forEachLeaf(Lowerer& L, const Type* t, uint32_t off, uint32_t reg, Leaf&& leaf) {
  switch (t->kind) {
    case TypeKind::Vector:
    case TypeKind::Matrix: {
      const Scalar s = Lowerer::scalarKind(t);
      const uint32_t rows = t->isVector() ? t->width : t->rows;
      const uint32_t cols = t->isVector() ? 1 : t->columns;
      const uint32_t col_stride = roundUp((rows == 2 ? 2 : 4) * scalarBytes(s), rows * scalarBytes(s));
      for (uint32_t c = 0; c < cols; ++c) leaf(s, rows, off + c * col_stride, reg + c * rows);
      return;
    }
    case TypeKind::Array: {
      const uint32_t n = L.arrayCount(t), stride = L.strideOfT(t), ec = L.components(t->elem);
      for (uint32_t k = 0; k < n; ++k) forEachLeaf(L, t->elem, off + k * stride, reg + k * ec, leaf);
      return;
    }
    case TypeKind::Struct: {
      uint32_t r = reg;
      for (const auto& m : t->members) {
        forEachLeaf(L, m.type, off + m.offset, r, leaf);
        r += L.components(m.type);
      }
      return;
    }
    default:
      leaf(Lowerer::scalarKind(t), 1u, off, reg);
  }
}

void loadLeaves(Lowerer& L, const View& v, const Type* t, uint32_t off, uint32_t dst) {
  forEachLeaf(L, t, off, 0, [&](Scalar s, uint32_t n, uint32_t at, uint32_t rel) {
    Inst i{typedOp(OpGroup::Load, s), static_cast<uint8_t>(n), static_cast<uint8_t>(scalarBytes(s)), dst + rel,
           v.off_reg};
    i.imm = at;
    i.imm2 = v.root;
    L.emit(i);
  });
}

void storeLeaves(Lowerer& L, const View& v, const Type* t, uint32_t off, uint32_t src) {
  forEachLeaf(L, t, off, 0, [&](Scalar s, uint32_t n, uint32_t at, uint32_t rel) {
    Inst i{typedOp(OpGroup::Store, s), static_cast<uint8_t>(n), static_cast<uint8_t>(scalarBytes(s)), kNoReg,
           v.off_reg, regPlus(src, rel)};
    i.imm = at;
    i.imm2 = v.root;
    L.emit(i);
  });
}

}  // namespace

Val Lowerer::load(const View& v, SourceRange) {
  const uint32_t n = components(v.type);
  if (v.in_regs && v.dyn_reg != kNoReg)
    return pickDyn(Val{v.reg + v.comp, v.dyn_count, nullptr},
                   Val{v.dyn_reg, 1, v.dyn_signed ? p_.types.i32() : nullptr}, 1, v.dyn_count, v.type);
  if (v.in_regs) return Val{v.reg + v.comp, n, v.type};
  if (v.type->isAtomic()) {
    Val r{alloc(1), 1, v.type->elem};
    Inst i{Op::AtomicLoad, 1, 0, r.reg, v.off_reg};
    i.imm = v.off_const;
    i.imm2 = v.root;
    emit(i);
    return r;
  }
  Val r{alloc(n), n, v.type};
  loadLeaves(*this, v, v.type, v.off_const, r.reg);
  return r;
}

void Lowerer::store(const View& v, const Val& val, SourceRange) {
  if (v.in_regs && v.dyn_reg != kNoReg) {
    Inst i{Op::PutDyn, 1, 0, v.reg + v.comp, val.reg, v.dyn_reg};
    i.imm = v.dyn_count;
    if (v.dyn_signed) i.aux |= 2;  // signed index (for --oob=clamp)
    emit(i);
    return;
  }
  if (v.in_regs) {
    emitStoreMasked(Val{v.reg + v.comp, components(v.type), v.type}, val);
    return;
  }
  storeLeaves(*this, v, v.type, v.off_const, val.reg);
}

void Lowerer::zeroView(const View& v) {
  if (v.in_regs) {
    emitStoreMasked(Val{v.reg + v.comp, components(v.type), v.type},
                    constant(ConstValue::zero(*types_, v.type), v.type));
    return;
  }
  Inst i{Op::MemZero, 1, 0, kNoReg, v.off_reg};
  i.imm = v.off_const;
  i.imm2 = v.root;
  i.imm3 = sizeOfT(v.type);
  emit(i);
}

View Lowerer::indexView(const View& base, const ast::Expr* index_expr, SourceRange r) {
  const Type* t = base.type;
  const Type* elem = nullptr;
  uint32_t stride = 0, count = 0, ecomp = 0;
  bool runtime = false;
  if (t->isArray()) {
    elem = t->elem;
    stride = strideOfT(t);
    count = arrayCount(t);
    runtime = t->isRuntimeArray();
  } else if (t->isVector()) {
    elem = t->elem;
    stride = scalarBytes(scalarKind(t));
    count = t->width;
  } else if (t->isMatrix()) {
    elem = types_->vec(t->rows, t->elem);
    stride = roundUp(alignOf(elem), sizeOf(elem));
    count = t->columns;
  } else {
    fail(r, fmt::format("internal: indexing a reference to '{}'", t->name()));
  }
  ecomp = runtime ? 0 : components(elem);
  View out = base;
  out.type = elem;
  const ExprInfo* ii = p_.info(index_expr);
  if (ii && ii->value && !runtime) {
    const int64_t k = ii->value->i;
    if (base.in_regs) {
      out.comp += static_cast<uint32_t>(k) * ecomp;
    } else {
      out.off_const += static_cast<uint32_t>(k) * stride;
    }
    return out;
  }
  if (base.in_regs) {
    if (!t->isVector() || base.dyn_reg != kNoReg) fail(r, "internal: dynamic index into a register variable");
    Val idx = value(index_expr);
    out.dyn_reg = idx.reg;
    out.dyn_count = count;
    out.dyn_signed = idx.type && scalarKind(idx.type) == Scalar::I32;
    return out;
  }
  Val idx = value(index_expr);
  Val dst{alloc(1), 1, p_.types.u32()};
  Inst i{Op::IndexAddr, 1, static_cast<uint8_t>((runtime ? 1 : 0) | (idx.type && scalarKind(idx.type) == Scalar::I32 ? 2 : 0)),
         dst.reg, base.off_reg, idx.reg};
  i.imm = stride;
  i.imm2 = base.off_const;
  i.imm3 = runtime ? base.root : count;
  loc_ = index_expr->range.begin;
  emit(i);
  out.off_reg = dst.reg;
  out.off_const = 0;
  return out;
}

View Lowerer::view(const ast::Expr* e) {
  const ExprInfo* info = p_.info(e);
  switch (e->kind) {
    case ast::ExprKind::Paren: return view(e->as<ast::ParenExpr>()->inner.get());
    case ast::ExprKind::Ident: {
      if (!info) break;
      if (info->ref == DeclRef::Param) {
        const Frame& f = frames_.back();
        return f.params.at(static_cast<size_t>(info->param_index)).view;
      }
      if (info->decl) {
        if (auto it = bindings_.find(info->decl); it != bindings_.end()) return it->second.view;
        const DeclInfo* di = p_.declInfo(info->decl);
        if (di && di->module_scope && info->ref == DeclRef::Var) {
          View v;
          v.type = di->type;
          v.root = rootFor(info->decl);
          v.access = di->access;
          return v;
        }
      }
      break;
    }
    case ast::ExprKind::Unary: {
      const auto* u = e->as<ast::UnaryExpr>();
      if (u->op == ast::UnaryOp::Deref || u->op == ast::UnaryOp::AddressOf) return view(u->operand.get());
      break;
    }
    case ast::ExprKind::Member: {
      const auto* m = e->as<ast::MemberExpr>();
      View b = view(m->base.get());
      if (b.type->isStruct()) {
        const auto& mem = b.type->members.at(static_cast<size_t>(info->member_index));
        if (b.in_regs) {
          for (int i = 0; i < info->member_index; ++i) b.comp += components(b.type->members[i].type);
        } else {
          b.off_const += mem.offset;
        }
        b.type = mem.type;
        return b;
      }
      if (b.type->isVector() && info->swizzle.size() == 1) {
        const uint32_t c = info->swizzle[0];
        if (b.in_regs) {
          b.comp += c;
        } else {
          b.off_const += c * scalarBytes(scalarKind(b.type));
        }
        b.type = b.type->elem;
        return b;
      }
      break;
    }
    case ast::ExprKind::Index: {
      const auto* ix = e->as<ast::IndexExpr>();
      return indexView(view(ix->base.get()), ix->index.get(), e->range);
    }
    default: break;
  }
  fail(e->range, "internal: expression is not a reference or pointer wgslemu can lower");
}

// ------------------------------------------------------------------------------------- values

bool Lowerer::isPure(const ast::Expr* e) {
  const ExprInfo* info = p_.info(e);
  if (!info) return false;
  if (info->value) return true;
  switch (e->kind) {
    case ast::ExprKind::Literal: return true;
    case ast::ExprKind::Ident:
      if (info->ref == DeclRef::Let || info->ref == DeclRef::Param) return true;
      if (info->ref == DeclRef::Var && info->decl) {
        auto it = bindings_.find(info->decl);
        return it != bindings_.end() && it->second.view.in_regs;
      }
      return false;
    case ast::ExprKind::Paren: return isPure(e->as<ast::ParenExpr>()->inner.get());
    case ast::ExprKind::Unary: {
      const auto* u = e->as<ast::UnaryExpr>();
      return u->op != ast::UnaryOp::Deref && u->op != ast::UnaryOp::AddressOf && isPure(u->operand.get());
    }
    case ast::ExprKind::Binary: {
      const auto* b = e->as<ast::BinaryExpr>();
      return isPure(b->lhs.get()) && isPure(b->rhs.get());
    }
    case ast::ExprKind::Member: {
      const ExprInfo* bi = p_.info(e->as<ast::MemberExpr>()->base.get());
      return bi && bi->type && !bi->type->isPtr() && isPure(e->as<ast::MemberExpr>()->base.get());
    }
    default: return false;
  }
}

Val Lowerer::value(const ast::Expr* e, const Type* want) {
  const ExprInfo* info = p_.info(e);
  if (!info || !info->type) fail(e->range, "internal: expression without a type");
  const uint32_t saved_loc = loc_;
  loc_ = e->range.begin;
  struct Restore {
    uint32_t& l;
    uint32_t v;
    ~Restore() { l = v; }
  } restore{loc_, saved_loc};
  const Type* t = info->type;
  if (info->value) {
    const Type* as = t->isAbstract() ? (want && !want->isAbstract() ? want : concrete(t)) : t;
    return constant(*info->value, as);
  }
  if (t->isRef()) return load(view(e), e->range);
  if (t->isPtr()) fail(e->range, "internal: a pointer used as a value");
  switch (e->kind) {
    case ast::ExprKind::Paren: return value(e->as<ast::ParenExpr>()->inner.get(), want);
    case ast::ExprKind::Ident: {
      if (info->ref == DeclRef::Param) return frames_.back().params.at(static_cast<size_t>(info->param_index)).val;
      if (info->decl) {
        auto it = bindings_.find(info->decl);
        if (it != bindings_.end() && it->second.kind == Binding::Value) return it->second.val;
      }
      fail(e->range, fmt::format("internal: identifier '{}' has no value", e->as<ast::IdentExpr>()->ident.name));
    }
    case ast::ExprKind::Unary: {
      const auto* u = e->as<ast::UnaryExpr>();
      Val a = value(u->operand.get(), t);
      switch (u->op) {
        case ast::UnaryOp::Negate: {
          if (t->isMatrix()) {
            Val r{alloc(a.count), a.count, t};
            emit(Inst{typedOp(OpGroup::Neg, scalarKind(t)), static_cast<uint8_t>(a.count), 0, r.reg, a.reg});
            return r;
          }
          return unary(OpGroup::Neg, Val{a.reg, a.count, t}, t);
        }
        case ast::UnaryOp::Not: {
          Val r{alloc(a.count), a.count, t};
          emit(Inst{Op::LNot, static_cast<uint8_t>(a.count), 0, r.reg, a.reg});
          return r;
        }
        case ast::UnaryOp::Complement: return unary(OpGroup::Not, Val{a.reg, a.count, t}, t);
        default: break;
      }
      break;
    }
    case ast::ExprKind::Binary: return binaryExpr(*e->as<ast::BinaryExpr>(), *info);
    case ast::ExprKind::Call: return call(*e->as<ast::CallExpr>(), *info);
    case ast::ExprKind::Index: {
      const auto* ix = e->as<ast::IndexExpr>();
      const ExprInfo* bi = p_.info(ix->base.get());
      const Type* bt = bi->type;
      // The scalar an abstract base is converted to: that of the result, else the concrete one
      // (through arrays too: `c[i][0]` with `c` an array of arrays of AbstractInt).
      const auto leaf = [](const Type* x) {
        while (x != nullptr && x->kind == TypeKind::Array) x = x->elem;
        return x != nullptr ? x->scalarOf() : nullptr;
      };
      const Type* leaf_t = leaf(t) != nullptr ? leaf(t) : leaf(concrete(bt));
      Val base = value(ix->base.get(), bt->isAbstract() && leaf_t != nullptr ? types_->withScalar(bt, leaf_t) : bt);
      const Type* elem_t = t;
      const uint32_t ec = components(elem_t);
      const uint32_t count = base.count / std::max<uint32_t>(1, ec);
      const ExprInfo* ii = p_.info(ix->index.get());
      if (ii && ii->value) {
        const uint32_t k = static_cast<uint32_t>(ii->value->i);
        if (k < count) return Val{regPlus(base.reg, k * ec), ec, elem_t};
      }
      Val idx = value(ix->index.get());
      return pickDyn(base, idx, ec, count, elem_t);
    }
    case ast::ExprKind::Member: {
      const auto* m = e->as<ast::MemberExpr>();
      const ExprInfo* bi = p_.info(m->base.get());
      const Type* bt = bi->type;
      if (bt->isRef() || bt->isPtr()) {
        // A swizzle of a reference: load the vector, then pick.
        View v = view(m->base.get());
        Val vec = load(v, e->range);
        Val r{alloc(static_cast<uint32_t>(info->swizzle.size())), static_cast<uint32_t>(info->swizzle.size()), t};
        for (size_t i = 0; i < info->swizzle.size(); ++i)
          emit(Inst{Op::Mov, 1, 0, r.reg + static_cast<uint32_t>(i), regPlus(vec.reg, info->swizzle[i])});
        return r;
      }
      Val base = value(m->base.get(), bt->isAbstract() ? concrete(bt) : bt);
      if (bt->isStruct()) {
        uint32_t off = 0;
        for (int i = 0; i < info->member_index; ++i) off += components(bt->members[i].type);
        return Val{regPlus(base.reg, off), components(t), t};
      }
      if (info->swizzle.size() == 1) return Val{regPlus(base.reg, info->swizzle[0]), 1, t};
      bool contiguous = true;
      for (size_t i = 1; i < info->swizzle.size(); ++i) contiguous = contiguous && info->swizzle[i] == info->swizzle[0] + i;
      if (contiguous) return Val{regPlus(base.reg, info->swizzle[0]), static_cast<uint32_t>(info->swizzle.size()), t};
      Val r{alloc(static_cast<uint32_t>(info->swizzle.size())), static_cast<uint32_t>(info->swizzle.size()), t};
      for (size_t i = 0; i < info->swizzle.size(); ++i)
        emit(Inst{Op::Mov, 1, 0, r.reg + static_cast<uint32_t>(i), regPlus(base.reg, info->swizzle[i])});
      return r;
    }
    default: break;
  }
  fail(e->range, "internal: expression form not lowered");
}

// ------------------------------------------------------------------------------------- operators

namespace {

bool isComparison(ast::BinaryOp op) {
  return op == ast::BinaryOp::Less || op == ast::BinaryOp::LessEqual || op == ast::BinaryOp::Greater ||
         op == ast::BinaryOp::GreaterEqual || op == ast::BinaryOp::Equal || op == ast::BinaryOp::NotEqual;
}

OpGroup groupFor(ast::BinaryOp op) {
  switch (op) {
    case ast::BinaryOp::Add: return OpGroup::Add;
    case ast::BinaryOp::Sub: return OpGroup::Sub;
    case ast::BinaryOp::Mul: return OpGroup::Mul;
    case ast::BinaryOp::Div: return OpGroup::Div;
    case ast::BinaryOp::Mod: return OpGroup::Rem;
    case ast::BinaryOp::ShiftLeft: return OpGroup::Shl;
    case ast::BinaryOp::ShiftRight: return OpGroup::Shr;
    case ast::BinaryOp::Less: return OpGroup::Lt;
    case ast::BinaryOp::LessEqual: return OpGroup::Le;
    case ast::BinaryOp::Greater: return OpGroup::Gt;
    case ast::BinaryOp::GreaterEqual: return OpGroup::Ge;
    case ast::BinaryOp::Equal: return OpGroup::Eq;
    case ast::BinaryOp::NotEqual: return OpGroup::Ne;
    case ast::BinaryOp::And: case ast::BinaryOp::LogicalAnd: return OpGroup::And;
    case ast::BinaryOp::Or: case ast::BinaryOp::LogicalOr: return OpGroup::Or;
    case ast::BinaryOp::Xor: return OpGroup::Xor;
  }
  return OpGroup::Add;
}

// Sum of the n components of v (one register).
Val sumComponents(Lowerer& L, const Val& v, Scalar s, const Type* st) {
  Val acc{v.reg, 1, st};
  for (uint32_t k = 1; k < v.count; ++k) acc = L.binary(OpGroup::Add, s, acc, Val{regPlus(v.reg, k), 1, st}, st);
  return acc;
}

}  // namespace

Val binaryValues(Lowerer& L, ast::BinaryOp op, const Val& a, const Val& b, const Type* result) {
  const Type* at = a.type;
  const Type* bt = b.type;
  const Scalar s = Lowerer::scalarKind(at && !at->isAbstract() ? at : bt);
  TypeTable& T = *L.types_;
  if (op == ast::BinaryOp::Mul && at && bt && (at->isMatrix() || bt->isMatrix())) {
    const Type* st = at->isMatrix() ? at->elem : bt->elem;
    if (at->isMatrix() && bt->isMatrix()) {  // matKxR * matCxK = matCxR
      const uint32_t R = at->rows, K = at->columns, C = bt->columns;
      Val r{L.alloc(C * R), C * R, result};
      for (uint32_t j = 0; j < C; ++j) {
        // column j = sum_k A.col_k * B[j][k]
        Val acc;
        for (uint32_t k = 0; k < K; ++k) {
          Val colk{regPlus(a.reg, k * R), R, T.vec(R, st)};
          Val bjk{regPlus(b.reg, j * K + k), 1, st};
          if (k > 0 && L.fma_) {  // acc + colk * bjk fused
            acc = L.fusedMulAdd(s, colk, bjk, acc, false, false, colk.type);
            continue;
          }
          Val prod = L.binary(OpGroup::Mul, s, colk, bjk, colk.type);
          acc = k == 0 ? prod : L.binary(OpGroup::Add, s, acc, prod, colk.type);
        }
        L.emit(Inst{Op::Mov, static_cast<uint8_t>(R), 0, r.reg + j * R, acc.reg});
      }
      return r;
    }
    if (at->isMatrix() && bt->isVector()) {  // matCxR * vecC = vecR
      const uint32_t R = at->rows, C = at->columns;
      Val acc;
      for (uint32_t k = 0; k < C; ++k) {
        Val colk{regPlus(a.reg, k * R), R, T.vec(R, st)};
        if (k > 0 && L.fma_) {  // acc + colk * b[k] fused
          acc = L.fusedMulAdd(s, colk, Val{regPlus(b.reg, k), 1, st}, acc, false, false, colk.type);
          continue;
        }
        Val prod = L.binary(OpGroup::Mul, s, colk, Val{regPlus(b.reg, k), 1, st}, colk.type);
        acc = k == 0 ? prod : L.binary(OpGroup::Add, s, acc, prod, colk.type);
      }
      acc.type = result;
      return acc;
    }
    if (at->isVector() && bt->isMatrix()) {  // vecR * matCxR = vecC
      const uint32_t R = bt->rows, C = bt->columns;
      Val r{L.alloc(C), C, result};
      for (uint32_t j = 0; j < C; ++j) {
        if (L.fma_) {  // a fused dot product per column
          Val sum = L.fusedDot(s, a, Val{regPlus(b.reg, j * R), R, at}, st);
          L.emit(Inst{Op::Mov, 1, 0, r.reg + j, sum.reg});
          continue;
        }
        Val prod = L.binary(OpGroup::Mul, s, a, Val{regPlus(b.reg, j * R), R, at}, at);
        Val sum = sumComponents(L, prod, s, st);
        L.emit(Inst{Op::Mov, 1, 0, r.reg + j, sum.reg});
      }
      return r;
    }
    // matrix * scalar, scalar * matrix
    return L.binary(OpGroup::Mul, s, a, b, result);
  }
  const OpGroup g = groupFor(op);
  if (g == OpGroup::And || g == OpGroup::Or || g == OpGroup::Xor) {
    // Bitwise on bits: i32 and u32 share the operation; bools are 0/1.
    return L.binary(g, s == Scalar::Bool ? Scalar::Bool : Scalar::U32, a, b, result);
  }
  if (g == OpGroup::Shl || g == OpGroup::Shr) {
    return L.binary(g, Lowerer::scalarKind(at), a, L.widen(b, a.count), result);
  }
  return L.binary(g, s, a, b, result);
}

Val Lowerer::binaryExpr(const ast::BinaryExpr& b, const ExprInfo& info) {
  const ExprInfo* li = p_.info(b.lhs.get());
  const ExprInfo* ri = p_.info(b.rhs.get());
  auto strip = [](const Type* t) { return t && t->isRef() ? t->elem : t; };
  const Type* lt = strip(li->type);
  const Type* rt = strip(ri->type);
  TypeTable& T = *types_;
  const bool shift = b.op == ast::BinaryOp::ShiftLeft || b.op == ast::BinaryOp::ShiftRight;
  if (lt->isAbstract() && !rt->isAbstract() && !shift) lt = T.withScalar(lt, rt->scalarOf() ? rt->scalarOf() : concrete(rt));
  if (rt->isAbstract() && !lt->isAbstract()) rt = T.withScalar(rt, shift ? T.u32() : (lt->scalarOf() ? lt->scalarOf() : concrete(lt)));
  if (lt->isAbstract()) lt = concrete(lt);
  if (rt->isAbstract()) rt = concrete(rt);

  if (b.op == ast::BinaryOp::LogicalAnd || b.op == ast::BinaryOp::LogicalOr) {
    const bool is_and = b.op == ast::BinaryOp::LogicalAnd;
    Val a = value(b.lhs.get(), lt);
    if (isPure(b.rhs.get())) {
      Val c = value(b.rhs.get(), rt);
      loc_ = b.range.begin;
      return binary(is_and ? OpGroup::And : OpGroup::Or, Scalar::Bool, a, c, info.type);
    }
    // Short-circuit: the right-hand side runs only on lanes that need it.
    Val r = copyToFresh(a);
    Val cond = r;
    if (!is_and) {
      cond = Val{alloc(1), 1, info.type};
      emit(Inst{Op::LNot, 1, 0, cond.reg, r.reg});
    }
    enterConstruct();
    const uint32_t begin = emit(Inst{Op::IfBegin, 1, 0, kNoReg, cond.reg});
    Val c = value(b.rhs.get(), rt);
    emitStoreMasked(r, c);
    const uint32_t els = emit(Inst{Op::IfElse});
    const uint32_t end = emit(Inst{Op::IfEnd});
    leaveConstruct();
    k_.code[begin].imm = els;
    k_.code[begin].imm2 = end;
    k_.code[els].imm2 = end;
    return r;
  }
  if (fma_) {  // `a * b + c` fused under --float=fma
    Val fused;
    if (contractBinary(b, lt, rt, info.type, fused)) return fused;
  }
  Val a = value(b.lhs.get(), lt);
  Val c = value(b.rhs.get(), rt);
  a.type = lt;
  c.type = rt;
  loc_ = b.range.begin;
  (void)isComparison;
  return binaryValues(*this, b.op, a, c, info.type);
}

}  // namespace wgsl::ir
