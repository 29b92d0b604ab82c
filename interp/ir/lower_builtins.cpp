// Lowering of calls: user functions (inlined), value constructors and conversions, and the
// built-in functions the spec defines for compute shaders.
#include <fmt/format.h>

#include <functional>

#include "interp/ir/lowerer.h"

namespace wgsl::ir {

using namespace sema;

Val binaryValues(Lowerer& L, ast::BinaryOp op, const Val& a, const Val& b, const Type* result);

bool hasEarlyReturn(const std::vector<ast::StmtPtr>& body);

namespace {
uint32_t regAt(uint32_t reg, uint32_t k) { return (reg & kConstTag) ? ((reg + k) | kConstTag) : reg + k; }
}  // namespace

Val Lowerer::call(const ast::CallExpr& c, const ExprInfo& info) {
  switch (info.call) {
    case CallKind::Function: return userCall(c, info);
    case CallKind::Builtin: return builtin(c, info);
    case CallKind::Constructor: return construct(c, info);
    default: fail(c.range, "internal: unresolved call");
  }
}

// True if a return statement appears anywhere but as the last statement of the body.
bool hasEarlyReturn(const std::vector<ast::StmtPtr>& body) {
  std::function<bool(const ast::Stmt*)> any = [&](const ast::Stmt* s) -> bool {
    if (!s) return false;
    switch (s->kind) {
      case ast::StmtKind::Return: return true;
      case ast::StmtKind::Compound:
        for (const auto& c : s->as<ast::CompoundStmt>()->body)
          if (any(c.get())) return true;
        return false;
      case ast::StmtKind::If: {
        const auto* i = s->as<ast::IfStmt>();
        for (const auto& c : i->clauses)
          if (any(c.body.get())) return true;
        return any(i->else_body.get());
      }
      case ast::StmtKind::Switch:
        for (const auto& c : s->as<ast::SwitchStmt>()->clauses)
          if (any(c.body.get())) return true;
        return false;
      case ast::StmtKind::Loop: {
        const auto* l = s->as<ast::LoopStmt>();
        for (const auto& c : l->body)
          if (any(c.get())) return true;
        return false;
      }
      case ast::StmtKind::For: return any(s->as<ast::ForStmt>()->body.get());
      case ast::StmtKind::While: return any(s->as<ast::WhileStmt>()->body.get());
      default: return false;
    }
  };
  for (size_t i = 0; i < body.size(); ++i) {
    const bool last = i + 1 == body.size();
    if (last && body[i]->kind == ast::StmtKind::Return) return false;
    if (any(body[i].get())) return true;
  }
  return false;
}

Val Lowerer::userCall(const ast::CallExpr& c, const ExprInfo& info) {
  const ast::FunctionDecl* f = info.callee;
  const FunctionInfo& fi = p_.functions.at(f);
  Frame frame;
  frame.fn = f;
  for (size_t i = 0; i < c.args.size(); ++i) {
    const Type* pt = i < fi.params.size() ? fi.params[i] : nullptr;
    Binding b;
    if (pt && pt->isPtr()) {
      b.kind = Binding::Ref;
      b.view = view(c.args[i].get());
    } else {
      b.kind = Binding::Value;
      b.val = value(c.args[i].get(), pt);
      b.val.type = pt;
    }
    frame.params.push_back(b);
  }
  if (fi.ret && fi.ret->kind != TypeKind::Void) frame.ret = temp(fi.ret);
  loc_ = c.range.begin;
  // Without an early return, the body runs inline with no control construct.
  frame.plain = !hasEarlyReturn(f->body->body);
  const bool saved_breakable = !breakable_is_loop_.empty();
  std::vector<bool> saved_stack;
  saved_stack.swap(breakable_is_loop_);
  (void)saved_breakable;
  frames_.push_back(frame);
  // Debug information: the body runs in a new inlined-call site, with the parameters in scope.
  const uint32_t caller_site = site_;
  const size_t caller_vars = open_vars_.size();
  dbg_.sites.push_back(InlineSite{caller_site, c.range.begin, f->name.name});
  site_ = static_cast<uint32_t>(dbg_.sites.size() - 1);
  for (size_t i = 0; i < frame.params.size() && i < f->params.size(); ++i)
    debugVar(DebugVar::Kind::Param, f->params[i].name.name, f->params[i].range.begin, frame.params[i],
             frame.params[i].kind == Binding::Ref);
  if (frame.plain) {
    block(f->body->body);
  } else {
    enterConstruct();
    const uint32_t begin = emit(Inst{Op::CallBegin});
    block(f->body->body);
    loc_ = c.range.begin;
    const uint32_t end = emit(Inst{Op::CallEnd});
    leaveConstruct();
    k_.code[begin].imm2 = end;
  }
  closeVars(caller_vars);
  site_ = caller_site;
  breakable_is_loop_.swap(saved_stack);
  Val ret = frames_.back().ret;
  frames_.pop_back();
  return ret;
}

Val Lowerer::construct(const ast::CallExpr& c, const ExprInfo& info) {
  const Type* t = info.type;
  TypeTable& T = *types_;
  if (c.args.empty()) return constant(ConstValue::zero(T, t), t);
  const uint32_t n = components(t);
  if (t->isScalar()) {
    Val a = value(c.args[0].get(), t);
    return convert(a, t);
  }
  // The type of each argument's components.
  auto argWant = [&](size_t i) -> const Type* {
    const ExprInfo* ai = p_.info(c.args[i].get());
    const Type* at = ai->type;
    if (at->isRef()) at = at->elem;
    if (t->isStruct()) return t->members[i].type;
    if (t->isArray()) return t->elem;
    return T.withScalar(at, t->scalarOf());
  };
  if (c.args.size() == 1 && (t->isVector() || t->isMatrix())) {
    const Type* want = argWant(0);
    const ExprInfo* ai = p_.info(c.args[0].get());
    const Type* at = ai->type->isRef() ? ai->type->elem : ai->type;
    Val a = value(c.args[0].get(), at->isAbstract() ? want : at);
    a.type = at->isAbstract() ? want : at;
    if (a.count == 1 && n > 1) return splat(convert(a, t->scalarOf()), n, t);
    return convert(a, t);
  }
  Val r{alloc(n), n, t};
  uint32_t off = 0;
  for (size_t i = 0; i < c.args.size(); ++i) {
    const Type* want = argWant(i);
    const uint32_t code_mark = here(), reg_mark = top_;
    Val a = value(c.args[i].get(), want);
    if (!t->isStruct() && !t->isArray() && scalarKind(a.type ? a.type : want) != scalarKind(t)) a = convert(a, t->scalarOf());
    // The component was just computed into a fresh temporary by the last instruction: compute
    // it into place instead of copying.
    if (here() > code_mark && !(a.reg & kConstTag) && a.reg >= reg_mark && a.count <= 255) {
      Inst& last = k_.code.back();
      const bool plain_result = isTyped(last.op) ? (groupOf(last.op) != OpGroup::Load && groupOf(last.op) != OpGroup::Store)
                                                 : (last.op == Op::Mov || last.op == Op::Splat || last.op == Op::Select);
      if (plain_result && last.dst == a.reg && last.n == a.count) {
        last.dst = r.reg + off;
        off += a.count;
        continue;
      }
    }
    for (uint32_t k = 0; k < a.count; k += 255) {
      const uint32_t m = std::min<uint32_t>(255, a.count - k);
      emit(Inst{Op::Mov, static_cast<uint8_t>(m), 0, r.reg + off + k, regAt(a.reg, k)});
    }
    off += a.count;
  }
  if (off != n) fail(c.range, fmt::format("internal: constructor of '{}' got {} components, expected {}", t->name(), off, n));
  return r;
}

Val Lowerer::builtin(const ast::CallExpr& c, const ExprInfo& info) {
  const BuiltinFn fn = info.builtin;
  TypeTable& T = *types_;
  const Type* rt = info.type;
  std::vector<Val> args;
  std::vector<View> views;
  for (size_t i = 0; i < c.args.size(); ++i) {
    const Type* pt = i < info.params.size() ? info.params[i] : nullptr;
    if (pt && pt->isPtr()) {
      views.push_back(view(c.args[i].get()));
      args.push_back(Val{});
    } else {
      Val v = value(c.args[i].get(), pt);
      if (pt) v.type = pt;
      args.push_back(v);
      views.push_back(View{});
    }
  }
  loc_ = c.range.begin;
  auto typedInst = [&](OpGroup g, Scalar s, const std::vector<Val>& ops, const Type* result, uint8_t aux = 0) {
    const uint32_t n = components(result);
    Val r{alloc(n), n, result};
    Inst i{typedOp(g, s), static_cast<uint8_t>(n), aux, r.reg};
    if (ops.size() > 0) i.a = widen(ops[0], n).reg;
    if (ops.size() > 1) i.b = widen(ops[1], n).reg;
    if (ops.size() > 2) i.c = widen(ops[2], n).reg;
    emit(i);
    return r;
  };
  const Scalar sk = args.empty() || !args[0].type ? Scalar::F32 : scalarKind(args[0].type);

  auto operand = [&](size_t i) { return i < args.size() ? args[i].reg : kNoReg; };
  auto laneOp = [&](Op op, const Val& v, uint32_t operand, const Type* result) {
    const uint32_t n = components(result);
    Val r{alloc(n), n, result};
    emit(Inst{op, static_cast<uint8_t>(n), 0, r.reg, v.reg, operand});
    return r;
  };
  auto atomicInst = [&](Op op, uint32_t operand, uint32_t operand2, uint32_t ncomp) {
    const View& v = views[0];
    Val r{ncomp ? alloc(ncomp) : kNoReg, ncomp, rt};
    Inst i{op, 1, 0, r.reg, v.off_reg, operand, operand2};
    i.imm = v.off_const;
    i.imm2 = v.root;
    emit(i);
    return r;
  };
  auto packInst = [&](PackFn p) {
    const uint32_t n = components(rt);
    Val r{alloc(n), n, rt};
    Inst i{Op::Pack, static_cast<uint8_t>(n), static_cast<uint8_t>(p), r.reg, args[0].reg};
    if (args.size() > 1) i.b = args[1].reg;
    emit(i);
    return r;
  };
  const OpGroup math_group = args.size() == 1 ? OpGroup::Math1 : args.size() == 2 ? OpGroup::Math2 : OpGroup::Math3;

  // ---- the functions the table's Lowering column describes (builtin_table.inc)
  switch (fn) {
#define WGSL_LOWER_Math(x) return typedInst(math_group, sk, args, rt, static_cast<uint8_t>(MathFn::x));
#define WGSL_LOWER_Typed(x) return typedInst(OpGroup::x, sk, args, rt);
#define WGSL_LOWER_Pack(x) return packInst(PackFn::x);
#define WGSL_LOWER_Lane(x) return laneOp(Op::x, args[0], operand(1), rt);
#define WGSL_LOWER_LaneTyped(x) return laneOp(typedOp(OpGroup::x, sk), args[0], operand(1), rt);
#define WGSL_LOWER_Atomic(x) return atomicInst(Op::x, operand(1), operand(2), args.size() > 2 ? 2 : 1);
#define WGSL_LOWER_AtomicTyped(x) return atomicInst(typedOp(OpGroup::x, scalarKind(views[0].type)), operand(1), operand(2), 1);
#define WGSL_LOWER_Custom(x) break;
#define WGSL_LOWER_Unsupported(x) break;
#define WGSL_BUILTIN_FN(id, name, uniformity, lowering, lowering_arg, accuracy, signatures) \
  case BuiltinFn::id: WGSL_LOWER_##lowering(lowering_arg)
#include "interp/sema/builtin_table.inc"
#undef WGSL_BUILTIN_FN
#undef WGSL_LOWER_Math
#undef WGSL_LOWER_Typed
#undef WGSL_LOWER_Pack
#undef WGSL_LOWER_Lane
#undef WGSL_LOWER_LaneTyped
#undef WGSL_LOWER_Atomic
#undef WGSL_LOWER_AtomicTyped
#undef WGSL_LOWER_Custom
#undef WGSL_LOWER_Unsupported
    case BuiltinFn::None: break;
  }

  // ---- the Custom ones
  if (fn == BuiltinFn::InsertBits) {
    Val oc{alloc(2), 2, nullptr};
    emit(Inst{Op::Mov, 1, 0, oc.reg, args[2].reg});
    emit(Inst{Op::Mov, 1, 0, oc.reg + 1, args[3].reg});
    const uint32_t n = components(rt);
    Val r{alloc(n), n, rt};
    emit(Inst{typedOp(OpGroup::Math3, sk), static_cast<uint8_t>(n), static_cast<uint8_t>(MathFn::InsertBits), r.reg,
              args[0].reg, args[1].reg, oc.reg});
    return r;
  }
  if (fn == BuiltinFn::Frexp || fn == BuiltinFn::Modf) {
    const uint32_t n = args[0].count;
    Val r{alloc(2 * n), 2 * n, rt};
    const bool fr = fn == BuiltinFn::Frexp;
    emit(Inst{typedOp(OpGroup::Math1, sk), static_cast<uint8_t>(n),
              static_cast<uint8_t>(fr ? MathFn::FrexpFract : MathFn::ModfFract), r.reg, args[0].reg});
    emit(Inst{typedOp(OpGroup::Math1, sk), static_cast<uint8_t>(n),
              static_cast<uint8_t>(fr ? MathFn::FrexpExp : MathFn::ModfWhole), r.reg + n, args[0].reg});
    return r;
  }
  const Type* st = args.empty() || !args[0].type ? nullptr : args[0].type->scalarOf();
  auto dot = [&](const Val& a, const Val& b) {
    if (fma_ && (sk == Scalar::F32 || sk == Scalar::F16)) return fusedDot(sk, a, b, st);
    Val prod = binary(OpGroup::Mul, sk, a, b, a.type);
    Val acc{prod.reg, 1, st};
    for (uint32_t k = 1; k < prod.count; ++k) acc = binary(OpGroup::Add, sk, acc, Val{prod.reg + k, 1, st}, st);
    return acc;
  };
  auto length = [&](const Val& v) {
    if (v.count == 1) return typedInst(OpGroup::Abs, sk, {v}, st);
    Val d = dot(v, v);
    return typedInst(OpGroup::Math1, sk, {d}, st, static_cast<uint8_t>(MathFn::Sqrt));
  };
  if (fn == BuiltinFn::Dot) return dot(args[0], args[1]);
  if (fn == BuiltinFn::Length) return length(args[0]);
  if (fn == BuiltinFn::Distance) return length(binary(OpGroup::Sub, sk, args[0], args[1], args[0].type));
  if (fn == BuiltinFn::Normalize) return binary(OpGroup::Div, sk, args[0], length(args[0]), rt);
  if (fn == BuiltinFn::Cross) {
    auto sw = [&](const Val& v, int i, int j, int k) {
      Val r{alloc(3), 3, v.type};
      emit(Inst{Op::Mov, 1, 0, r.reg, regAt(v.reg, i)});
      emit(Inst{Op::Mov, 1, 0, r.reg + 1, regAt(v.reg, j)});
      emit(Inst{Op::Mov, 1, 0, r.reg + 2, regAt(v.reg, k)});
      return r;
    };
    Val p1 = binary(OpGroup::Mul, sk, sw(args[0], 1, 2, 0), sw(args[1], 2, 0, 1), rt);
    Val p2 = binary(OpGroup::Mul, sk, sw(args[0], 2, 0, 1), sw(args[1], 1, 2, 0), rt);
    return binary(OpGroup::Sub, sk, p1, p2, rt);
  }
  if (fn == BuiltinFn::FaceForward) {
    Val d = dot(args[1], args[2]);
    Val neg = binary(OpGroup::Lt, sk, d, constScalar(sk, 0), T.boolType());
    Val minus = unary(OpGroup::Neg, args[0], rt);
    const uint32_t n = args[0].count;
    Val r{alloc(n), n, rt};
    emit(Inst{Op::Select, static_cast<uint8_t>(n), 1, r.reg, minus.reg, args[0].reg, neg.reg});
    return r;
  }
  if (fn == BuiltinFn::Reflect) {
    Val d = dot(args[1], args[0]);
    Val two_d = binary(OpGroup::Mul, sk, constScalar(sk, 2), d, st);
    Val scaled = binary(OpGroup::Mul, sk, args[1], two_d, rt);
    return binary(OpGroup::Sub, sk, args[0], scaled, rt);
  }
  if (fn == BuiltinFn::Refract) {
    // k = 1 - eta^2 (1 - dot(N, I)^2); k < 0 ? 0 : eta I - (eta dot(N, I) + sqrt(k)) N
    Val d = dot(args[1], args[0]);
    Val one = constScalar(sk, 1);
    Val eta = args[2];
    Val d2 = binary(OpGroup::Mul, sk, d, d, st);
    Val k = binary(OpGroup::Sub, sk, one,
                   binary(OpGroup::Mul, sk, binary(OpGroup::Mul, sk, eta, eta, st), binary(OpGroup::Sub, sk, one, d2, st), st),
                   st);
    Val sq = typedInst(OpGroup::Math1, sk, {k}, st, static_cast<uint8_t>(MathFn::Sqrt));
    Val coef = binary(OpGroup::Add, sk, binary(OpGroup::Mul, sk, eta, d, st), sq, st);
    Val v = binary(OpGroup::Sub, sk, binary(OpGroup::Mul, sk, args[0], eta, rt), binary(OpGroup::Mul, sk, args[1], coef, rt), rt);
    Val neg = binary(OpGroup::Lt, sk, k, constScalar(sk, 0), T.boolType());
    Val zero = constant(ConstValue::zero(T, rt), rt);
    const uint32_t n = v.count;
    Val r{alloc(n), n, rt};
    emit(Inst{Op::Select, static_cast<uint8_t>(n), 1, r.reg, v.reg, zero.reg, neg.reg});
    return r;
  }
  if (fn == BuiltinFn::Transpose) {
    const Type* mt = args[0].type;
    const uint32_t C = mt->columns, R = mt->rows;
    Val r{alloc(C * R), C * R, rt};
    for (uint32_t i = 0; i < C; ++i)
      for (uint32_t j = 0; j < R; ++j) emit(Inst{Op::Mov, 1, 0, r.reg + j * C + i, regAt(args[0].reg, i * R + j)});
    return r;
  }
  if (fn == BuiltinFn::Determinant) {
    const uint32_t N = args[0].type->columns;
    const Val m = args[0];
    // Laplace expansion along the first column, on scalar registers.
    std::function<Val(std::vector<uint32_t>, std::vector<uint32_t>)> det = [&](std::vector<uint32_t> cols,
                                                                               std::vector<uint32_t> rows) -> Val {
      auto at = [&](uint32_t col, uint32_t row) { return Val{regAt(m.reg, col * N + row), 1, st}; };
      if (cols.size() == 1) return at(cols[0], rows[0]);
      if (cols.size() == 2) {
        return binary(OpGroup::Sub, sk, binary(OpGroup::Mul, sk, at(cols[0], rows[0]), at(cols[1], rows[1]), st),
                      binary(OpGroup::Mul, sk, at(cols[1], rows[0]), at(cols[0], rows[1]), st), st);
      }
      Val acc;
      for (size_t i = 0; i < rows.size(); ++i) {
        std::vector<uint32_t> sub_rows;
        for (size_t j = 0; j < rows.size(); ++j)
          if (j != i) sub_rows.push_back(rows[j]);
        std::vector<uint32_t> sub_cols(cols.begin() + 1, cols.end());
        Val term = binary(OpGroup::Mul, sk, at(cols[0], rows[i]), det(sub_cols, sub_rows), st);
        if (i == 0) {
          acc = term;
        } else {
          acc = binary(i % 2 ? OpGroup::Sub : OpGroup::Add, sk, acc, term, st);
        }
      }
      return acc;
    };
    std::vector<uint32_t> idx;
    for (uint32_t i = 0; i < N; ++i) idx.push_back(i);
    return det(idx, idx);
  }
  // ---- logical
  if (fn == BuiltinFn::All || fn == BuiltinFn::Any) {
    Val acc{args[0].reg, 1, T.boolType()};
    for (uint32_t k = 1; k < args[0].count; ++k)
      acc = binary(fn == BuiltinFn::All ? OpGroup::And : OpGroup::Or, Scalar::Bool, acc, Val{regAt(args[0].reg, k), 1, T.boolType()},
                   T.boolType());
    return acc;
  }
  if (fn == BuiltinFn::Select) {
    const uint32_t n = components(rt);
    Val r{alloc(n), n, rt};
    emit(Inst{Op::Select, static_cast<uint8_t>(n), static_cast<uint8_t>(args[2].count == 1 && n > 1 ? 1 : 0), r.reg,
              widen(args[0], n).reg, widen(args[1], n).reg, args[2].reg});
    return r;
  }
  // ---- arrays, bitcast, packing
  if (fn == BuiltinFn::ArrayLength) {
    const View& v = views[0];
    Val r{alloc(1), 1, T.u32()};
    Inst i{Op::ArrayLength, 1, 0, r.reg};
    i.imm = v.off_const;
    i.imm2 = v.root;
    i.imm3 = strideOfT(v.type);
    emit(i);
    return r;
  }
  if (fn == BuiltinFn::Bitcast) {
    const Type* from = args[0].type;
    const uint32_t from_bits = components(from) * (scalarKind(from) == Scalar::F16 ? 16 : 32);
    const uint32_t from_n = components(from), tn = components(rt);
    if (scalarKind(from) == Scalar::F16 && scalarKind(rt) != Scalar::F16) {  // vec2/4<f16> -> 32-bit
      Val r{alloc(tn), tn, rt};
      for (uint32_t k = 0; k < tn; ++k)
        emit(Inst{Op::Pack, 1, static_cast<uint8_t>(PackFn::F16x2ToU32), r.reg + k, regAt(args[0].reg, 2 * k)});
      return r;
    }
    if (scalarKind(from) != Scalar::F16 && scalarKind(rt) == Scalar::F16) {
      Val r{alloc(tn), tn, rt};
      for (uint32_t k = 0; k < from_n; ++k)
        emit(Inst{Op::Pack, 2, static_cast<uint8_t>(PackFn::U32ToF16x2), r.reg + 2 * k, regAt(args[0].reg, k)});
      return r;
    }
    (void)from_bits;
    return Val{args[0].reg, args[0].count, rt};  // same bits
  }
  // ---- synchronization
  if (fn == BuiltinFn::WorkgroupBarrier || fn == BuiltinFn::StorageBarrier || fn == BuiltinFn::TextureBarrier) {
    emit(Inst{Op::Barrier, 1, static_cast<uint8_t>(fn == BuiltinFn::WorkgroupBarrier ? 0 : fn == BuiltinFn::StorageBarrier ? 1 : 2)});
    return Val{};
  }
  if (fn == BuiltinFn::WorkgroupUniformLoad) {
    emit(Inst{Op::Barrier, 1, 3});
    View v = views[0];
    Val r = load(v, c.range);
    if (v.in_regs || r.reg < kConstTag) r = copyToFresh(r);
    emit(Inst{Op::Barrier, 1, 3});
    return r;
  }
  // ---- atomics
  if (fn == BuiltinFn::AtomicStore) {
    atomicInst(Op::AtomicStore, args[1].reg, kNoReg, 0);
    return Val{};
  }
  // ---- subgroups and quads
  if (fn == BuiltinFn::SubgroupElect) {
    Val r{alloc(1), 1, rt};
    emit(Inst{Op::SgElect, 1, 0, r.reg});
    return r;
  }
  fail(c.range, fmt::format("built-in function '{}' is not supported yet by wgslemu's interpreter", builtinFnName(fn)));
}

}  // namespace wgsl::ir
