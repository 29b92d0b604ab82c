// Lowering driver and statements: resources and variables become roots, built-in parameters
// become registers filled at launch, statements become structured control-flow instructions.
#include "interp/ir/lower.h"

#include <fmt/format.h>

#include <algorithm>

#include "base/source_text.h"
#include "interp/ir/lowerer.h"

namespace wgsl::ir {

using namespace sema;

void Lowerer::fail(SourceRange r, std::string msg) {
  throw LowerError{std::move(msg), r};
}

uint32_t Lowerer::emit(Inst i) {
  i.loc = loc_;
  k_.code.push_back(i);
  dbg_.site_of.push_back(site_);
  return static_cast<uint32_t>(k_.code.size() - 1);
}

void Lowerer::debugVar(DebugVar::Kind kind, const std::string& name, uint32_t decl_loc, const Binding& b, bool pointer) {
  DebugVar v;
  v.kind = kind;
  v.name = name;
  v.site = site_;
  v.decl_loc = decl_loc;
  v.first_pc = here();
  v.end_pc = here();
  v.pointer = pointer;
  if (b.kind == Binding::Value) {
    v.type = b.val.type;
    v.in_regs = true;
    v.reg = b.val.reg;
    v.count = b.val.count;
    v.constant = (b.val.reg & kConstTag) != 0;
  } else if (b.kind == Binding::Ref) {
    v.type = b.view.type;
    if (b.view.in_regs) {
      if (b.view.dyn_reg != kNoReg) return;  // a dynamically indexed component: not shown yet
      v.in_regs = true;
      v.reg = b.view.reg + b.view.comp;
      v.count = v.type ? components(v.type) : 1;
    } else {
      v.root = b.view.root;
      v.offset = b.view.off_const;
      v.off_reg = b.view.off_reg;
    }
  } else {
    return;
  }
  if (!v.type) return;
  open_vars_.push_back(dbg_.vars.size());
  dbg_.vars.push_back(std::move(v));
}

void Lowerer::closeVars(size_t mark) {
  while (open_vars_.size() > mark) {
    dbg_.vars[open_vars_.back()].end_pc = here();
    open_vars_.pop_back();
  }
}

uint32_t Lowerer::alloc(uint32_t n) {
  const uint32_t r = top_;
  top_ += n;
  if (top_ > max_) max_ = top_;
  if (top_ >= kConstTag) fail({}, "the entry point needs too many registers");
  return r;
}

const ast::IdentExpr* rootIdent(const ast::Expr* e) {
  while (e) {
    switch (e->kind) {
      case ast::ExprKind::Ident: return e->as<ast::IdentExpr>();
      case ast::ExprKind::Paren: e = e->as<ast::ParenExpr>()->inner.get(); break;
      case ast::ExprKind::Member: e = e->as<ast::MemberExpr>()->base.get(); break;
      case ast::ExprKind::Index: e = e->as<ast::IndexExpr>()->base.get(); break;
      case ast::ExprKind::Unary: {
        const auto* u = e->as<ast::UnaryExpr>();
        if (u->op != ast::UnaryOp::Deref && u->op != ast::UnaryOp::AddressOf) return nullptr;
        e = u->operand.get();
        break;
      }
      default: return nullptr;
    }
  }
  return nullptr;
}

// ------------------------------------------------------------------------------------- scanning

void Lowerer::scanExpr(const ast::Expr* e) {
  if (!e) return;
  const ExprInfo* info = p_.info(e);
  switch (e->kind) {
    case ast::ExprKind::Literal: return;
    case ast::ExprKind::Ident: {
      if (info && info->decl && info->ref == DeclRef::Var) {
        const DeclInfo* di = p_.declInfo(info->decl);
        if (di && di->module_scope) used_globals_.insert(info->decl);
      }
      return;
    }
    case ast::ExprKind::Call: {
      const auto* c = e->as<ast::CallExpr>();
      for (const auto& a : c->args) scanExpr(a.get());
      if (info && info->call == CallKind::Function && info->callee) scanFunction(info->callee);
      if (info && info->call == CallKind::Builtin && builtinLowering(info->builtin) == BuiltinLowering::Unsupported) {
        const std::string_view n = builtinFnName(info->builtin);
        if (n.rfind("texture", 0) == 0) {
          fail(c->range, fmt::format("'{}': texture built-in functions are not supported yet by wgslemu's "
                                     "interpreter",
                                     n));
        }
      }
      return;
    }
    case ast::ExprKind::Paren: scanExpr(e->as<ast::ParenExpr>()->inner.get()); return;
    case ast::ExprKind::Unary: {
      const auto* u = e->as<ast::UnaryExpr>();
      scanExpr(u->operand.get());
      return;
    }
    case ast::ExprKind::Binary:
      scanExpr(e->as<ast::BinaryExpr>()->lhs.get());
      scanExpr(e->as<ast::BinaryExpr>()->rhs.get());
      return;
    case ast::ExprKind::Index: {
      const auto* ix = e->as<ast::IndexExpr>();
      scanExpr(ix->base.get());
      scanExpr(ix->index.get());
      return;
    }
    case ast::ExprKind::Member: scanExpr(e->as<ast::MemberExpr>()->base.get()); return;
  }
}

void Lowerer::scanStmt(const ast::Stmt* s) {
  if (!s) return;
  switch (s->kind) {
    case ast::StmtKind::Compound:
      for (const auto& c : s->as<ast::CompoundStmt>()->body) scanStmt(c.get());
      return;
    case ast::StmtKind::Return: scanExpr(s->as<ast::ReturnStmt>()->value.get()); return;
    case ast::StmtKind::If: {
      const auto* i = s->as<ast::IfStmt>();
      for (const auto& c : i->clauses) {
        scanExpr(c.condition.get());
        scanStmt(c.body.get());
      }
      scanStmt(i->else_body.get());
      return;
    }
    case ast::StmtKind::Switch: {
      const auto* sw = s->as<ast::SwitchStmt>();
      scanExpr(sw->selector.get());
      for (const auto& c : sw->clauses) scanStmt(c.body.get());
      return;
    }
    case ast::StmtKind::Loop: {
      const auto* l = s->as<ast::LoopStmt>();
      for (const auto& c : l->body) scanStmt(c.get());
      if (l->continuing) {
        for (const auto& c : l->continuing->body) scanStmt(c.get());
        scanExpr(l->continuing->break_if.get());
      }
      return;
    }
    case ast::StmtKind::For: {
      const auto* f = s->as<ast::ForStmt>();
      scanStmt(f->init.get());
      scanExpr(f->condition.get());
      scanStmt(f->update.get());
      scanStmt(f->body.get());
      return;
    }
    case ast::StmtKind::While:
      scanExpr(s->as<ast::WhileStmt>()->condition.get());
      scanStmt(s->as<ast::WhileStmt>()->body.get());
      return;
    case ast::StmtKind::Call: scanExpr(s->as<ast::CallStmt>()->call.get()); return;
    case ast::StmtKind::VarDecl: scanExpr(s->as<ast::VarDeclStmt>()->decl.initializer.get()); return;
    case ast::StmtKind::Assign:
      scanExpr(s->as<ast::AssignStmt>()->lhs.get());
      scanExpr(s->as<ast::AssignStmt>()->rhs.get());
      return;
    case ast::StmtKind::Increment: scanExpr(s->as<ast::IncrementStmt>()->lhs.get()); return;
    case ast::StmtKind::Decrement: scanExpr(s->as<ast::DecrementStmt>()->lhs.get()); return;
    default: return;
  }
}

void Lowerer::scanFunction(const ast::FunctionDecl* f) {
  if (!scanned_.insert(f).second) return;
  scanStmt(f->body.get());
}

// ------------------------------------------------------------------------------------- roots

namespace {

bool onlyAtomics(const sema::Type* t) {
  if (!t) return false;
  switch (t->kind) {
    case sema::TypeKind::Atomic: return true;
    case sema::TypeKind::Array: return onlyAtomics(t->elem);
    case sema::TypeKind::Struct:
      return !t->members.empty() && std::all_of(t->members.begin(), t->members.end(),
                                                [](const sema::StructMemberInfo& m) { return onlyAtomics(m.type); });
    default: return false;
  }
}

}  // namespace

uint32_t Lowerer::rootFor(const ast::VarDecl* d) {
  if (auto it = global_roots_.find(d); it != global_roots_.end()) return it->second;
  const DeclInfo* di = p_.declInfo(d);
  if (!di || !di->type) fail(d->range, fmt::format("internal: variable '{}' has no resolved type", d->name.name));
  Root r;
  r.name = d->name.name;
  r.space = di->space;
  r.access = di->access;
  r.only_atomics = onlyAtomics(di->type);
  switch (di->space) {
    case AddressSpace::Storage:
    case AddressSpace::Uniform: {
      const ResourceBinding* rb = nullptr;
      for (const auto& b : p_.bindings) {
        if (b.decl == d) rb = &b;
      }
      if (!rb) fail(d->range, fmt::format("internal: no binding recorded for '{}'", r.name));
      BindingSlot s;
      s.group = rb->group;
      s.binding = rb->binding;
      s.name = rb->name;
      s.space = rb->space;
      s.access = rb->access;
      s.min_size = rb->min_binding_size;
      r.slot = static_cast<int>(k_.slots.size());
      r.size = 0;
      k_.slots.push_back(s);
      break;
    }
    case AddressSpace::Workgroup: {
      const uint32_t align = std::max<uint32_t>(16, alignOf(di->type));
      workgroup_top_ = roundUp(align, workgroup_top_);
      r.offset = workgroup_top_;
      r.size = sizeOfT(di->type);
      workgroup_top_ += roundUp(16, r.size);
      break;
    }
    case AddressSpace::Private:
    case AddressSpace::Function: {
      private_top_ = roundUp(16, private_top_);
      r.offset = private_top_;
      r.size = sizeOfT(di->type);
      private_top_ += roundUp(16, r.size);
      break;
    }
    default:
      fail(d->range, fmt::format("'{}': textures, samplers and other handle resources are not supported yet by "
                                 "wgslemu's interpreter",
                                 r.name));
  }
  const uint32_t id = static_cast<uint32_t>(k_.roots.size());
  k_.roots.push_back(r);
  dbg_.root_types.push_back(di->type);
  dbg_.root_module_scope.push_back(di->module_scope);
  if (di->module_scope) global_roots_[d] = id;
  return id;
}

// ------------------------------------------------------------------------------------- driver

namespace {

std::optional<BuiltinValue> builtinComponent(const std::string& name, uint32_t comp) {
  auto vec = [&](BuiltinValue x) { return static_cast<BuiltinValue>(static_cast<int>(x) + comp); };
  if (name == "local_invocation_id") return vec(BuiltinValue::LocalIdX);
  if (name == "global_invocation_id") return vec(BuiltinValue::GlobalIdX);
  if (name == "workgroup_id") return vec(BuiltinValue::WorkgroupIdX);
  if (name == "num_workgroups") return vec(BuiltinValue::NumWorkgroupsX);
  if (name == "local_invocation_index") return BuiltinValue::LocalIndex;
  if (name == "subgroup_invocation_id") return BuiltinValue::SubgroupInvocationId;
  if (name == "subgroup_size") return BuiltinValue::SubgroupSize;
  if (name == "subgroup_id") return BuiltinValue::SubgroupId;
  if (name == "num_subgroups") return BuiltinValue::NumSubgroups;
  if (name == "global_invocation_index") return BuiltinValue::GlobalIndex;
  if (name == "workgroup_index") return BuiltinValue::WorkgroupIndex;
  return std::nullopt;
}

std::string builtinName(const ast::AttributeList& attrs) {
  for (const auto& a : attrs) {
    if (a.name.name == "builtin" && !a.args.empty()) {
      if (const auto* id = a.args[0]->as<ast::IdentExpr>()) return id->ident.name;
    }
  }
  return {};
}

}  // namespace

bool Lowerer::run(const EntryPoint& ep, LowerError& err) {
  try {
    ep_ = &ep;
    k_.entry = ep.name;
    k_.file = &file_;
    const ast::FunctionDecl* f = ep.function;
    loc_ = f->name.range.begin;
    for (int i = 0; i < 3; ++i) {
      const auto& d = ep.workgroup_size[i];
      if (!d.value) fail(f->name.range, "the workgroup size has no value (an override without a value?)");
      if (*d.value < 1) fail(f->name.range, "workgroup size dimensions must be at least 1");
      k_.workgroup_size[i] = static_cast<uint32_t>(*d.value);
    }
    scanFunction(f);
    for (const ast::VarDecl* g : used_globals_) rootFor(g);
    dbg_.sites.push_back(InlineSite{InlineSite::kNone, f->name.range.begin, f->name.name});
    site_ = 0;

    Frame frame;
    frame.fn = f;
    const FunctionInfo* fi = nullptr;
    if (auto it = p_.functions.find(f); it != p_.functions.end()) fi = &it->second;
    for (size_t i = 0; i < f->params.size(); ++i) {
      const Type* t = fi && i < fi->params.size() ? fi->params[i] : nullptr;
      if (!t) fail(f->params[i].range, "internal: entry point parameter without a type");
      Binding b;
      b.kind = Binding::Value;
      b.val = temp(t);
      const std::string bname = builtinName(f->params[i].attributes);
      if (!bname.empty()) {
        for (uint32_t c = 0; c < b.val.count; ++c) {
          auto bv = builtinComponent(bname, c);
          if (!bv) fail(f->params[i].range, fmt::format("built-in value '{}' is not available in compute shaders", bname));
          k_.builtins.push_back({b.val.reg + c, *bv});
        }
      } else if (t->isStruct()) {
        uint32_t reg = b.val.reg;
        for (const auto& m : t->members) {
          const uint32_t n = components(m.type);
          for (uint32_t c = 0; c < n; ++c) {
            auto bv = m.builtin ? builtinComponent(*m.builtin, c) : std::nullopt;
            if (!bv) fail(f->params[i].range, fmt::format("member '{}' is not a compute built-in value", m.name));
            k_.builtins.push_back({reg + c, *bv});
          }
          reg += n;
        }
      } else {
        fail(f->params[i].range, "compute entry point parameters must be built-in values");
      }
      frame.params.push_back(b);
      debugVar(DebugVar::Kind::Param, f->params[i].name.name, f->params[i].range.begin, b, false);
    }

    // Prologue: module-scope private variables get their initial values.
    for (const ast::VarDecl* g : used_globals_) {
      const DeclInfo* di = p_.declInfo(g);
      if (di->space != AddressSpace::Private) continue;
      loc_ = g->range.begin;
      View v;
      v.type = di->type;
      v.root = global_roots_.at(g);
      if (g->initializer) {
        store(v, value(g->initializer.get(), di->type), g->range);
      } else {
        zeroView(v);
      }
    }
    for (const ast::VarDecl* g : used_globals_) {
      const DeclInfo* di = p_.declInfo(g);
      if (di->space == AddressSpace::Workgroup) k_.uses_barriers = true;
    }

    loc_ = f->body->range.begin;
    frames_.push_back(frame);
    enterConstruct();
    const uint32_t begin = emit(Inst{Op::CallBegin});
    block(f->body->body);
    loc_ = f->body->range.end > 0 ? f->body->range.end - 1 : 0;
    const uint32_t end = emit(Inst{Op::CallEnd});
    k_.code[begin].imm2 = end;
    leaveConstruct();
    emit(Inst{Op::Halt});
    frames_.pop_back();
    closeVars(0);

    // Renumber: constants first, then everything else.
    const uint32_t nconst = static_cast<uint32_t>(const_bits_.size());
    auto fix = [&](uint32_t& r) {
      if (r == kNoReg) return;
      r = (r & kConstTag) ? (r & ~kConstTag) : r + nconst;
    };
    for (Inst& i : k_.code) {
      fix(i.dst);
      fix(i.a);
      fix(i.b);
      fix(i.c);
    }
    for (auto& b : k_.builtins) fix(b.reg);
    for (DebugVar& v : dbg_.vars) {
      if (v.in_regs) fix(v.reg);
      fix(v.off_reg);
    }
    k_.debug = std::make_shared<const DebugInfo>(std::move(dbg_));
    k_.types = types_;
    k_.consts = const_bits_;
    k_.num_const_regs = nconst;
    k_.num_regs = nconst + max_;
    k_.private_size = roundUp(16, private_top_);
    k_.workgroup_size_bytes = workgroup_top_;
    for (const Inst& i : k_.code) k_.uses_barriers = k_.uses_barriers || i.op == Op::Barrier;
    return true;
  } catch (LowerError& e) {
    err = e;
    return false;
  } catch (const std::exception& e) {
    err.message = std::string("internal error while lowering the entry point (please report this with the shader): ") + e.what();
    err.range = ep.function->name.range;
    return false;
  }
}

std::unique_ptr<Kernel> lowerEntryPoint(const Program& program, const std::string& entry, const SourceFile& file,
                                        LowerError& error, const LowerOptions& options) {
  const EntryPoint* ep = nullptr;
  for (const auto& e : program.entry_points) {
    if (e.name == entry) ep = &e;
  }
  if (!ep) {
    error.message = fmt::format("no entry point named '{}'", entry);
    return nullptr;
  }
  if (ep->stage != ShaderStage::Compute) {
    error.message = fmt::format("'{}' is a {} entry point; wgslemu runs compute shaders only", entry, toString(ep->stage));
    error.range = ep->function->name.range;
    return nullptr;
  }
  auto k = std::make_unique<Kernel>();
  Lowerer l(program, file, *k);
  l.fma_ = options.fma;
  if (!l.run(*ep, error)) return nullptr;
  return k;
}

// ------------------------------------------------------------------------------------- statements

void Lowerer::block(const std::vector<ast::StmtPtr>& stmts) {
  const uint32_t mark = top_;
  const size_t vars = open_vars_.size();
  for (const auto& s : stmts) stmt(s.get());
  closeVars(vars);
  top_ = mark;
}

void Lowerer::stmt(const ast::Stmt* s) {
  loc_ = s->range.begin;
  // Debug information: the statement starts at the next instruction (a compound statement is
  // only its inner statements; a statement that emits nothing is dropped below).
  const uint32_t first_pc = here();
  const size_t entry = dbg_.stmts.size();
  if (s->kind != ast::StmtKind::Compound) dbg_.stmts.push_back(StmtStart{first_pc, s->range.begin, site_});
  const size_t vars_mark = open_vars_.size();
  const uint32_t mark = top_;
  bool keep = false;  // declarations keep their registers until the end of the block
  switch (s->kind) {
    case ast::StmtKind::Compound: block(s->as<ast::CompoundStmt>()->body); break;
    case ast::StmtKind::Return: {
      const auto* r = s->as<ast::ReturnStmt>();
      // Copies, not a reference: lowering the value may lower calls, which push frames.
      const Val ret = frames_.back().ret;
      const bool plain = frames_.back().plain;
      if (r->value) {
        Val v = value(r->value.get(), ret.type);
        loc_ = s->range.begin;
        emitStoreMasked(ret, v);
      }
      if (!plain) emit(Inst{Op::Return});
      break;
    }
    case ast::StmtKind::If: ifStmt(*s->as<ast::IfStmt>(), 0); break;
    case ast::StmtKind::Switch: switchStmt(*s->as<ast::SwitchStmt>()); break;
    case ast::StmtKind::Loop: {
      const auto* l = s->as<ast::LoopStmt>();
      loop(&l->body, l->continuing.get(), nullptr, nullptr);
      break;
    }
    case ast::StmtKind::For: {
      const auto* f = s->as<ast::ForStmt>();
      if (f->init) stmt(f->init.get());
      loc_ = s->range.begin;
      loop(&f->body->body, nullptr, f->condition.get(), f->update.get());
      break;
    }
    case ast::StmtKind::While: {
      const auto* w = s->as<ast::WhileStmt>();
      loop(&w->body->body, nullptr, w->condition.get(), nullptr);
      break;
    }
    case ast::StmtKind::Break: emit(Inst{Op::Break}); break;
    case ast::StmtKind::Continue: emit(Inst{Op::Continue}); break;
    case ast::StmtKind::Discard: fail(s->range, "'discard' is only allowed in fragment shaders");
    case ast::StmtKind::Call: call(*s->as<ast::CallStmt>()->call, *p_.info(s->as<ast::CallStmt>()->call.get())); break;
    case ast::StmtKind::VarDecl:
      varDecl(s->as<ast::VarDeclStmt>()->decl);
      keep = true;
      break;
    case ast::StmtKind::Assign: assign(*s->as<ast::AssignStmt>()); break;
    case ast::StmtKind::Increment:
    case ast::StmtKind::Decrement: {
      const ast::Expr* lhs = s->kind == ast::StmtKind::Increment ? s->as<ast::IncrementStmt>()->lhs.get()
                                                                  : s->as<ast::DecrementStmt>()->lhs.get();
      View v = view(lhs);
      Val old = load(v, lhs->range);
      const Scalar sk = scalarKind(v.type);
      Val one = constScalar(sk, 1);
      Val r = binary(s->kind == ast::StmtKind::Increment ? OpGroup::Add : OpGroup::Sub, sk, old, one, v.type);
      store(v, r, lhs->range);
      break;
    }
    case ast::StmtKind::ConstAssert: break;
    case ast::StmtKind::BreakIf: break;  // moved into the continuing block by the AST builder
  }
  if (!keep) top_ = mark;
  if (!keep) closeVars(vars_mark);  // a for loop's variable ends with the loop
  if (here() == first_pc && entry < dbg_.stmts.size()) dbg_.stmts.erase(dbg_.stmts.begin() + static_cast<std::ptrdiff_t>(entry));
}

void Lowerer::varDecl(const ast::VarDecl& d) {
  const DeclInfo* di = p_.declInfo(&d);
  if (!di) fail(d.range, "internal: declaration without facts");
  Binding b;
  switch (d.decl_kind) {
    case ast::DeclKind::Const: return;  // every use has a value
    case ast::DeclKind::Override: return;
    case ast::DeclKind::Let: {
      if (di->type && di->type->isPtr()) {
        b.kind = Binding::Ref;
        b.view = view(d.initializer.get());
      } else {
        const uint32_t mark = top_;
        Val v = value(d.initializer.get(), di->type);
        loc_ = d.range.begin;
        b.kind = Binding::Value;
        if (v.reg & kConstTag) {
          top_ = mark;
          b.val = v;
        } else if (v.reg >= mark) {
          // A fresh temporary: keep its registers for the let's scope (no copy).
          top_ = std::max(top_, v.reg + v.count);
          b.val = v;
        } else {
          top_ = mark;
          b.val = Val{alloc(v.count), v.count, v.type};
          emit(Inst{Op::Mov, static_cast<uint8_t>(v.count), 0, b.val.reg, v.reg});
        }
        b.val.type = di->type;
      }
      break;
    }
    case ast::DeclKind::Var: {
      const Type* t = di->type;
      b.kind = Binding::Ref;
      // Scalars and vectors live in registers (pointers to them are resolved statically, since
      // calls are inlined); arrays, structures and matrices live in memory.
      const bool regs = t->isScalar() || t->isVector();
      if (regs) {
        b.view.in_regs = true;
        b.view.type = t;
        b.view.reg = alloc(components(t));
        const uint32_t mark = top_;
        Val init = d.initializer ? value(d.initializer.get(), t) : constant(ConstValue::zero(*types_, t), t);
        loc_ = d.range.begin;
        emitStoreMasked(Val{b.view.reg, components(t), t}, init);
        top_ = mark;
      } else {
        b.view.type = t;
        b.view.root = rootFor(&d);
        const uint32_t mark = top_;
        if (d.initializer) {
          Val init = value(d.initializer.get(), t);
          loc_ = d.range.begin;
          store(b.view, init, d.range);
        } else {
          zeroView(b.view);
        }
        top_ = mark;
      }
      break;
    }
  }
  bindings_[&d] = b;
  debugVar(d.decl_kind == ast::DeclKind::Let ? DebugVar::Kind::Let : DebugVar::Kind::Var, d.name.name, d.range.begin, b,
           d.decl_kind == ast::DeclKind::Let && b.kind == Binding::Ref);
}

void Lowerer::assign(const ast::AssignStmt& a) {
  if (!a.lhs) {  // phony assignment: evaluate for side effects
    const ExprInfo* ri = p_.info(a.rhs.get());
    if (ri && ri->type && (ri->type->isRef() || ri->type->isPtr())) {
      view(a.rhs.get());
    } else {
      value(a.rhs.get());
    }
    return;
  }
  View v = view(a.lhs.get());
  if (a.op == ast::AssignOp::Assign) {
    Val r = value(a.rhs.get(), v.type);
    loc_ = a.range.begin;
    store(v, r, a.range);
    return;
  }
  // Compound assignment: the reference is evaluated once.
  Val old = load(v, a.lhs->range);
  if (a.op == ast::AssignOp::Add || a.op == ast::AssignOp::Sub) {  // `x += a * b` under fma
    Val fused;
    if (contractCompound(old, a.rhs.get(), a.op == ast::AssignOp::Sub, v.type, a.range, fused)) {
      store(v, fused, a.range);
      return;
    }
  }
  ast::BinaryOp op = ast::BinaryOp::Add;
  switch (a.op) {
    case ast::AssignOp::Add: op = ast::BinaryOp::Add; break;
    case ast::AssignOp::Sub: op = ast::BinaryOp::Sub; break;
    case ast::AssignOp::Mul: op = ast::BinaryOp::Mul; break;
    case ast::AssignOp::Div: op = ast::BinaryOp::Div; break;
    case ast::AssignOp::Mod: op = ast::BinaryOp::Mod; break;
    case ast::AssignOp::And: op = ast::BinaryOp::And; break;
    case ast::AssignOp::Or: op = ast::BinaryOp::Or; break;
    case ast::AssignOp::Xor: op = ast::BinaryOp::Xor; break;
    case ast::AssignOp::ShiftLeft: op = ast::BinaryOp::ShiftLeft; break;
    case ast::AssignOp::ShiftRight: op = ast::BinaryOp::ShiftRight; break;
    default: break;
  }
  // Reuse binaryExpr's typing through a synthetic evaluation: lhs value `old`, rhs expression.
  const ExprInfo* ri = p_.info(a.rhs.get());
  const Type* rt = ri && ri->type ? ri->type : v.type;
  if (rt->isRef()) rt = rt->elem;
  if (rt->isAbstract()) {
    // An abstract right-hand side takes the left-hand side's scalar (shift amounts: u32).
    const Type* s = (op == ast::BinaryOp::ShiftLeft || op == ast::BinaryOp::ShiftRight) ? p_.types.u32()
                                                                                         : v.type->scalarOf();
    rt = types_->withScalar(rt, s);
  }
  Val rhs = value(a.rhs.get(), rt);
  loc_ = a.range.begin;
  ast::BinaryExpr synthetic;
  synthetic.op = op;
  synthetic.range = a.range;
  // binaryOp on values: implemented by binaryValues (in lower_expr.cpp) through binaryExpr's core.
  extern Val binaryValues(Lowerer & L, ast::BinaryOp op, const Val& a, const Val& b, const Type* result);
  Val r = binaryValues(*this, op, old, rhs, v.type);
  store(v, r, a.range);
}

void Lowerer::ifStmt(const ast::IfStmt& s, size_t clause) {
  if (clause == s.clauses.size()) {
    if (s.else_body) block(s.else_body->body);
    return;
  }
  const ast::IfClause& c = s.clauses[clause];
  const ExprInfo* ci = p_.info(c.condition.get());
  // `if c { break; }` directly in a loop: one conditional break.
  if (clause == 0 && s.clauses.size() == 1 && !s.else_body && c.body->body.size() == 1 &&
      c.body->body[0]->kind == ast::StmtKind::Break && !breakable_is_loop_.empty() && breakable_is_loop_.back() &&
      !(ci && ci->value)) {
    const uint32_t mark = top_;
    Val cond = value(c.condition.get(), p_.types.boolType());
    loc_ = c.body->body[0]->range.begin;
    emit(Inst{Op::CondBreak, 1, 0, kNoReg, cond.reg});
    top_ = mark;
    return;
  }
  if (ci && ci->value) {  // a constant condition: only the branch taken
    if (ci->value->b) {
      block(c.body->body);
    } else {
      ifStmt(s, clause + 1);
    }
    return;
  }
  const uint32_t mark = top_;
  Val cond = value(c.condition.get(), p_.types.boolType());
  loc_ = c.range.begin;
  enterConstruct();
  const uint32_t begin = emit(Inst{Op::IfBegin, 1, 0, kNoReg, cond.reg});
  top_ = mark;
  block(c.body->body);
  loc_ = c.range.begin;
  const uint32_t els = emit(Inst{Op::IfElse});
  const bool has_else = clause + 1 < s.clauses.size() || s.else_body;
  if (has_else) ifStmt(s, clause + 1);
  loc_ = c.range.begin;
  const uint32_t end = emit(Inst{Op::IfEnd});
  leaveConstruct();
  k_.code[begin].imm = els;
  k_.code[begin].imm2 = end;
  k_.code[els].imm2 = end;
}

void Lowerer::switchStmt(const ast::SwitchStmt& s) {
  const uint32_t mark = top_;
  const ExprInfo* si = p_.info(s.selector.get());
  const Type* st = si && si->type ? si->type : p_.types.i32();
  if (st->isRef()) st = st->elem;
  st = concrete(st);
  // The selector and case values convert to a common type (an abstract selector takes the
  // case values' concrete type).
  for (const auto& c : s.clauses) {
    for (const auto& sel : c.selectors) {
      if (!sel.expr) continue;
      const ExprInfo* vi = p_.info(sel.expr.get());
      if (vi && vi->type && !vi->type->isAbstract() && si && si->type && si->type->isAbstract()) st = vi->type;
    }
  }
  Val sel = copyToFresh(value(s.selector.get(), st));
  breakable_is_loop_.push_back(false);
  enterConstruct();
  const uint32_t begin = emit(Inst{Op::SwitchBegin});
  const ast::SwitchClause* dflt = nullptr;
  std::vector<const ast::SwitchClause*> cases;
  for (const auto& c : s.clauses) {
    if (c.hasDefault()) {
      dflt = &c;
    } else {
      cases.push_back(&c);
    }
  }
  const Scalar sk = scalarKind(st);
  std::vector<uint32_t> pending_ends;  // IfElse/IfEnd pairs to close
  std::vector<uint32_t> begins, elses;
  for (const ast::SwitchClause* c : cases) {
    loc_ = c->range.begin;
    const uint32_t m2 = top_;
    Val cond;
    for (const auto& sv : c->selectors) {
      const ExprInfo* vi = p_.info(sv.expr.get());
      Val v = vi && vi->value ? constant(*vi->value, st) : value(sv.expr.get(), st);
      Val eq = binary(OpGroup::Eq, sk, sel, v, p_.types.boolType());
      cond = cond.reg == kNoReg ? eq : binary(OpGroup::Or, Scalar::Bool, cond, eq, p_.types.boolType());
    }
    enterConstruct();
    begins.push_back(emit(Inst{Op::IfBegin, 1, 0, kNoReg, cond.reg}));
    top_ = m2;
    block(c->body->body);
    loc_ = c->range.begin;
    elses.push_back(emit(Inst{Op::IfElse}));
  }
  if (dflt) block(dflt->body->body);
  for (size_t i = cases.size(); i-- > 0;) {
    const uint32_t end = emit(Inst{Op::IfEnd});
    leaveConstruct();
    k_.code[begins[i]].imm = elses[i];
    k_.code[begins[i]].imm2 = end;
    k_.code[elses[i]].imm2 = end;
  }
  loc_ = s.range.begin;
  const uint32_t end = emit(Inst{Op::SwitchEnd});
  leaveConstruct();
  breakable_is_loop_.pop_back();
  k_.code[begin].imm2 = end;
  top_ = mark;
}

void Lowerer::loop(const std::vector<ast::StmtPtr>* body, const ast::ContinuingBlock* cont, const ast::Expr* while_cond,
                   const ast::Stmt* for_update) {
  const uint32_t mark = top_;
  const uint32_t loop_loc = loc_;
  enterConstruct();
  breakable_is_loop_.push_back(true);
  const uint32_t begin = emit(Inst{Op::LoopBegin});
  if (while_cond) {
    const ExprInfo* ci = p_.info(while_cond);
    if (!(ci && ci->value && ci->value->b)) {
      loc_ = while_cond->range.begin;
      const uint32_t m2 = top_;
      Val c = value(while_cond, p_.types.boolType());
      emit(Inst{Op::CondBreak, 1, 1, kNoReg, c.reg});
      top_ = m2;
    }
  }
  // The body's declarations stay in scope for the continuing block.
  for (const auto& s : *body) stmt(s.get());
  loc_ = loop_loc;
  const uint32_t cpc = emit(Inst{Op::LoopContinuing});
  if (cont) {
    for (const auto& s : cont->body) stmt(s.get());
    if (cont->break_if) {
      loc_ = cont->break_if_range.begin;
      Val c = value(cont->break_if.get(), p_.types.boolType());
      emit(Inst{Op::CondBreak, 1, 0, kNoReg, c.reg});
    }
  }
  if (for_update) stmt(for_update);
  loc_ = loop_loc;
  emit(Inst{Op::LoopBackEdge, 1, 0, kNoReg, kNoReg, kNoReg, kNoReg, begin + 1});
  const uint32_t end = emit(Inst{Op::LoopEnd});
  leaveConstruct();
  breakable_is_loop_.pop_back();
  k_.code[begin].imm = cpc;
  k_.code[begin].imm2 = end;
  top_ = mark;
}

}  // namespace wgsl::ir
