// Lowering a debugger's expression against a stopped kernel (see lower_debug_expr.h).
#include "interp/ir/lower_debug_expr.h"

#include <fmt/format.h>

#include "interp/ir/lowerer.h"
#include "interp/sema/layout.h"

namespace wgsl::ir {

namespace {

// The binding that makes the stopped kernel's variable `v` visible to the lowering.
Binding bindingOf(const DebugVar& v) {
  Binding b;
  const bool value = !v.pointer && v.kind != DebugVar::Kind::Var && v.in_regs;
  if (value) {
    b.kind = Binding::Value;
    b.val = Val{v.reg, v.count, v.type};
    return b;
  }
  b.kind = Binding::Ref;
  b.view.type = v.type;
  if (v.in_regs) {
    b.view.in_regs = true;
    b.view.reg = v.reg;
  } else {
    b.view.root = v.root;
    b.view.off_reg = v.off_reg;
    b.view.off_const = v.offset;
  }
  return b;
}

// What an instruction of the expression would change in memory that the debugger does not copy
// (storage buffers), or a barrier it cannot run alone; "" when nothing.
std::string sideEffect(const Kernel& k, const Inst& i) {
  const auto storage = [&](uint32_t root) {
    return root < k.roots.size() && (k.roots[root].space == sema::AddressSpace::Storage ||
                                      k.roots[root].space == sema::AddressSpace::Uniform);
  };
  if (isTyped(i.op)) {
    if (groupOf(i.op) == OpGroup::Store && storage(i.imm2)) return "a store to a storage buffer";
    if (groupOf(i.op) == OpGroup::AtomicMin) return "atomicMin";
    if (groupOf(i.op) == OpGroup::AtomicMax) return "atomicMax";
    return "";
  }
  switch (i.op) {
    case Op::MemZero: return storage(i.imm2) ? "a store to a storage buffer" : "";
    case Op::Barrier: return "a barrier";
    case Op::AtomicStore: return "atomicStore";
    case Op::AtomicAdd: return "atomicAdd";
    case Op::AtomicSub: return "atomicSub";
    case Op::AtomicAnd: return "atomicAnd";
    case Op::AtomicOr: return "atomicOr";
    case Op::AtomicXor: return "atomicXor";
    case Op::AtomicExchange: return "atomicExchange";
    case Op::AtomicCmpXchg: return "atomicCompareExchangeWeak";
    default: return "";
  }
}

}  // namespace

std::unique_ptr<DebugExpression> lowerDebugExpression(const sema::Program& program, const ast::FunctionDecl& fn,
                                                      const ast::Expr& expr, const std::vector<DebugExprLocal>& locals,
                                                      const Kernel& stopped, const SourceFile& file,
                                                      LowerError& error, const LowerOptions& options) {
  auto out = std::make_unique<DebugExpression>();
  out->kernel = std::make_unique<Kernel>();
  Kernel& k = *out->kernel;
  Lowerer l(program, file, k);
  l.fma_ = options.fma;
  try {
    k.entry = stopped.entry;
    k.file = &file;
    for (int d = 0; d < 3; ++d) k.workgroup_size[d] = stopped.workgroup_size[d];
    k.roots = stopped.roots;
    k.slots = stopped.slots;
    if (stopped.debug) {
      l.dbg_.root_types = stopped.debug->root_types;
      l.dbg_.root_module_scope = stopped.debug->root_module_scope;
    }
    // Module-scope variables: the stopped kernel's roots of the same names.
    l.scanExpr(&expr);
    for (const ast::VarDecl* g : l.used_globals_) {
      uint32_t root = kNoReg;
      for (uint32_t r = 0; r < stopped.roots.size(); ++r) {
        const bool module_scope = !stopped.debug || (r < stopped.debug->root_module_scope.size() &&
                                                     stopped.debug->root_module_scope[r]);
        if (module_scope && stopped.roots[r].name == g->name.name) root = r;
      }
      if (root == kNoReg)
        l.fail(g->range, fmt::format("'{}' is not used by the entry point '{}', so the run has no value for it",
                                     g->name.name, stopped.entry));
      l.global_roots_[g] = root;
    }
    l.top_ = l.max_ = stopped.num_regs;
    l.private_top_ = stopped.private_size;
    l.workgroup_top_ = stopped.workgroup_size_bytes;
    l.dbg_.sites.push_back(InlineSite{InlineSite::kNone, fn.name.range.begin, fn.name.name});
    l.site_ = 0;
    Frame frame;
    frame.fn = &fn;
    frame.params.resize(fn.params.size());
    for (const DebugExprLocal& x : locals) {
      if (!x.where) continue;
      if (x.param >= 0 && static_cast<size_t>(x.param) < frame.params.size()) frame.params[static_cast<size_t>(x.param)] = bindingOf(*x.where);
      else if (x.var) l.bindings_[x.var] = bindingOf(*x.where);
    }
    l.frames_.push_back(frame);
    l.enterConstruct();
    l.loc_ = expr.range.begin;
    const sema::ExprInfo* info = program.info(&expr);
    if (!info || !info->type) l.fail(expr.range, "internal: expression without a type");
    Val v;
    if (info->type->isPtr()) {
      v = l.load(l.view(&expr), expr.range);
      out->pointer = true;
    } else {
      v = l.value(&expr);
    }
    l.emit(Inst{Op::Halt});
    l.frames_.pop_back();

    // Renumber the constants after the temporaries (the stopped kernel's registers stay first).
    const uint32_t top = l.max_;
    auto fix = [&](uint32_t& r) {
      if (r != kNoReg && (r & kConstTag)) r = top + (r & ~kConstTag);
    };
    for (Inst& i : k.code) {
      fix(i.dst);
      fix(i.a);
      fix(i.b);
      fix(i.c);
    }
    fix(v.reg);
    for (uint32_t c = 0; c < l.const_bits_.size(); ++c) k.consts.push_back(ConstInit{top + c, l.const_bits_[c].bits});
    k.num_const_regs = 0;  // the constants are not at the front: `consts` places them
    k.num_regs = top + static_cast<uint32_t>(l.const_bits_.size());
    k.private_size = sema::roundUp(16, l.private_top_);
    k.workgroup_size_bytes = l.workgroup_top_;
    for (const Inst& i : k.code) {
      if (out->writes.empty()) out->writes = sideEffect(k, i);
    }
    out->result_reg = v.reg;
    out->result_count = v.count;
    out->type = v.type;
    return out;
  } catch (LowerError& e) {
    error = e;
    return nullptr;
  } catch (const std::exception& e) {
    error.message = std::string("internal error while lowering the expression: ") + e.what();
    error.range = expr.range;
    return nullptr;
  }
}

}  // namespace wgsl::ir
