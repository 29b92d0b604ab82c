// WGSL expressions of the debugger, evaluated by the engine (see expression.h).
#include "tools/debug/expression.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "base/diagnostics.h"
#include "base/source_text.h"
#include "interp/ast/ast_builder.h"
#include "interp/exec/subgroup.h"
#include "interp/ir/lower_debug_expr.h"
#include "interp/sema/resolver.h"

namespace wgslemu::debug {

using wgsl::ir::DebugVar;
using wgsl::sema::AddressSpace;

namespace {

constexpr const char* kFunction = "wgslemu_debug_expression";
constexpr uint64_t kInstructionLimit = uint64_t{1} << 20;  // an expression that calls a looping function

// How a local is declared in the expression's function: a parameter (`let`s, parameters and
// pointers: values the function cannot change) or a `var` of its body.
bool declaredAsVar(const DebugVar& v) { return !v.pointer && (v.kind == DebugVar::Kind::Var || !v.in_regs); }

std::string pointerType(const Frame& f, const DebugVar& v) {
  const std::string t = v.type->name();
  if (v.in_regs) return "ptr<function, " + t + ">";
  const wgsl::ir::Root& r = f.k->roots[v.root];
  switch (r.space) {
    case AddressSpace::Storage:
      return fmt::format("ptr<storage, {}, {}>", t, r.access == wgsl::sema::AccessMode::Read ? "read" : "read_write");
    case AddressSpace::Uniform: return "ptr<uniform, " + t + ">";
    case AddressSpace::Workgroup: return "ptr<workgroup, " + t + ">";
    case AddressSpace::Private: return "ptr<private, " + t + ">";
    default: return "ptr<function, " + t + ">";
  }
}

struct Source {
  std::string text;
  uint32_t expr_line = 0;
  std::vector<const DebugVar*> params, vars;  // in declaration order
};

Source makeSource(const Frame& f, const std::string& expr) {
  Source s;
  std::string params, vars;
  for (const DebugVar* v : visibleLocals(f)) {
    if (!v->type) continue;
    if (declaredAsVar(*v)) {
      vars += fmt::format("  var {}: {};\n", v->name, v->type->name());
      s.vars.push_back(v);
    } else {
      params += (params.empty() ? "" : ", ") + v->name + ": " + (v->pointer ? pointerType(f, *v) : v->type->name());
      s.params.push_back(v);
    }
  }
  s.text = f.k->file->bytes();
  s.text += fmt::format("\nfn {}({}) {{\n{}  _ = (\n", kFunction, params, vars);
  s.expr_line = static_cast<uint32_t>(std::count(s.text.begin(), s.text.end(), '\n') + 1);
  s.text += expr + "\n  );\n}\n";
  return s;
}

// The first error of the expression's lines, as "column N: message".
std::string expressionError(const wgsl::SourceFile& file, const wgsl::DiagnosticList& diags, uint32_t expr_line,
                            const std::string& expr) {
  for (const wgsl::Diagnostic& d : diags.all()) {
    if (d.severity != wgsl::Severity::Error) continue;
    const wgsl::SourcePos p = file.position(d.range.begin);
    if (p.line == expr_line) return fmt::format("column {}: {}", p.column, d.message);
    if (p.line == expr_line + 1) return fmt::format("column {}: {}", expr.size() + 1, d.message);  // at its end
  }
  return "";
}

}  // namespace

CompiledExpression::~CompiledExpression() = default;

std::string CompiledExpression::diagnostic(const Frame& f, const std::string& expr) {
  if (!f.k || !f.k->file || expr.find('\n') != std::string::npos) return "";
  const Source s = makeSource(f, expr);
  wgsl::SourceFile file("expression", s.text);
  wgsl::DiagnosticList diags;
  std::unique_ptr<wgsl::ast::Module> module = wgsl::ast::parseModule(file, diags);
  if (module) wgsl::sema::resolve(*module, diags);
  return expressionError(file, diags, s.expr_line, expr);
}

std::unique_ptr<CompiledExpression> CompiledExpression::compile(const Frame& f, const std::string& expr,
                                                                std::string& error) {
  if (!f.k || !f.k->file || !f.w || !f.ctx) {
    error = "no kernel is stopped";
    return nullptr;
  }
  if (expr.find('\n') != std::string::npos) {
    error = "an expression is one line";
    return nullptr;
  }
  std::unique_ptr<CompiledExpression> c(new CompiledExpression);
  const Source s = makeSource(f, expr);
  c->file_ = std::make_unique<wgsl::SourceFile>("expression", s.text);
  wgsl::DiagnosticList diags;
  c->module_ = wgsl::ast::parseModule(*c->file_, diags);
  if (c->module_) {
    wgsl::sema::ResolveOptions ro;
    ro.pipeline = true;  // override values: the defaults (the run's own values are folded in its kernel)
    ro.require_override_values = false;
    c->program_ = wgsl::sema::resolve(*c->module_, diags, ro);
  }
  error = expressionError(*c->file_, diags, s.expr_line, expr);
  if (!error.empty()) return nullptr;
  if (!c->module_ || !c->program_) {
    error = "the kernel's source does not parse here";
    return nullptr;
  }
  // The expression's function, its `var`s and the expression.
  const wgsl::ast::FunctionDecl* fn = nullptr;
  for (const auto& d : c->module_->decls)
    if (d.function && d.function->name.name == kFunction) fn = d.function.get();
  if (!fn || !fn->body || fn->body->body.empty()) {
    error = "internal: the expression's function is missing";
    return nullptr;
  }
  std::vector<wgsl::ir::DebugExprLocal> locals;
  for (size_t i = 0; i < s.params.size(); ++i) locals.push_back({static_cast<int>(i), nullptr, s.params[i]});
  size_t var = 0;
  const wgsl::ast::Expr* e = nullptr;
  for (const auto& st : fn->body->body) {
    if (st->kind == wgsl::ast::StmtKind::VarDecl && var < s.vars.size())
      locals.push_back({-1, &st->as<wgsl::ast::VarDeclStmt>()->decl, s.vars[var++]});
    if (st->kind == wgsl::ast::StmtKind::Assign) e = st->as<wgsl::ast::AssignStmt>()->rhs.get();
  }
  while (e && e->kind == wgsl::ast::ExprKind::Paren) e = e->as<wgsl::ast::ParenExpr>()->inner.get();
  if (!e) {
    error = "internal: the expression is missing";
    return nullptr;
  }
  wgsl::ir::LowerError le;
  wgsl::ir::LowerOptions lo;
  lo.fma = f.ctx->float_mode && f.ctx->float_mode->fma;
  c->lowered_ = wgsl::ir::lowerDebugExpression(*c->program_, *fn, *e, locals, *f.k, *c->file_, le, lo);
  if (!c->lowered_) {
    const wgsl::SourcePos p = c->file_->position(le.range.begin);
    error = p.line == s.expr_line ? fmt::format("column {}: {}", p.column, le.message) : le.message;
    return nullptr;
  }
  if (!c->lowered_->writes.empty()) {
    error = fmt::format("the expression would change memory ({}); the debugger evaluates expressions without side "
                        "effects on buffers",
                        c->lowered_->writes);
    return nullptr;
  }
  if (!c->lowered_->type || c->lowered_->result_reg == wgsl::ir::kNoReg) {
    error = "the expression has no value";
    return nullptr;
  }
  return c;
}

bool CompiledExpression::run(const Frame& f, const wgsl::exec::LaneMask& lanes, std::string& error) {
  using namespace wgsl::exec;
  const wgsl::ir::Kernel& k = *lowered_->kernel;
  const uint32_t S = f.ctx->S;
  const Subgroup& orig = f.w->sgs[f.sg];
  // Registers: the stopped subgroup's, then the expression's temporaries and constants.
  regs_.assign(static_cast<size_t>(k.num_regs) * S, 0);
  std::copy(orig.regs, orig.regs + static_cast<size_t>(f.k->num_regs) * S, regs_.begin());
  for (const wgsl::ir::ConstInit& ci : k.consts) std::fill_n(regs_.begin() + static_cast<size_t>(ci.reg) * S, S, ci.bits);
  // Private memory (per lane, the stopped kernel's layout first) and workgroup memory: copies.
  priv_.assign(static_cast<size_t>(k.private_size) * S + 16, 0);
  if (orig.priv && f.k->private_size)
    for (uint32_t l = 0; l < S; ++l)
      std::memcpy(priv_.data() + static_cast<size_t>(l) * k.private_size, orig.priv + static_cast<size_t>(l) * f.k->private_size,
                  f.k->private_size);
  wg_.assign(static_cast<size_t>(k.workgroup_size_bytes) + 16, 0);
  if (f.ctx->wg_mem) std::memcpy(wg_.data(), f.ctx->wg_mem, f.k->workgroup_size_bytes);

  Subgroup sg;
  sg.index = orig.index;
  sg.mask = lanes;
  sg.mask.set(f.lane);
  sg.mask &= orig.exists;
  sg.exists = orig.exists;
  sg.stack.resize(k.max_depth + 2);
  sg.regs = regs_.data();
  sg.priv = priv_.data();
  EventSink sink;
  std::vector<uint32_t> scratch(static_cast<size_t>(S) * 256, 0);
  ExecContext c;
  c.k = &k;
  c.S = S;
  c.params = f.ctx->params;
  c.wg_mem = wg_.data();
  std::copy(f.ctx->wg_id, f.ctx->wg_id + 3, c.wg_id);
  c.sink = &sink;
  c.budget = kInstructionLimit;
  c.scratch = scratch.data();
  c.instrumented = true;  // the float mode's arithmetic
  c.float_mode = f.ctx->float_mode;
  runSubgroup(sg, c);
  result_.sgs.resize(f.w->sgs.size());
  result_.sgs[f.sg].regs = regs_.data();
  for (const ExecEvent& ev : sink.events) {
    if (ev.kind == ExecEvent::OutOfBounds) {
      const std::string name = ev.root < k.roots.size() ? k.roots[ev.root].name : "memory";
      error = ev.has_index ? fmt::format("index {} is out of bounds for '{}' ({} elements)", ev.index, name, ev.index_count)
                           : fmt::format("an access out of the bounds of '{}'", name);
      return false;
    }
    if (ev.kind == ExecEvent::InstructionLimit) {
      error = fmt::format("the expression ran more than {} instructions", kInstructionLimit);
      return false;
    }
  }
  if (sg.state == SgState::Stopped || c.instructions >= kInstructionLimit) {
    error = fmt::format("the expression ran more than {} instructions (a loop that does not end?)", kInstructionLimit);
    return false;
  }
  if (sg.state != SgState::Halted) {
    error = "the expression did not run to its end";
    return false;
  }
  return true;
}

Value CompiledExpression::value() const {
  Value v;
  v.type = lowered_->type;
  v.where = Value::Where::Regs;
  v.reg = lowered_->result_reg;
  return v;
}

Frame CompiledExpression::valueFrame(const Frame& f, uint32_t lane) const {
  Frame r = f;
  r.w = &result_;
  r.lane = lane;
  return r;
}

std::string CompiledExpression::text(const Frame& f, uint32_t lane, bool hex, uint32_t max_elements) const {
  return format(valueFrame(f, lane), value(), hex, max_elements);
}

bool CompiledExpression::truthy(const Frame& f, uint32_t lane, bool& ok) const {
  return debug::truthy(valueFrame(f, lane), value(), ok);
}

std::string expressionText(const Frame& f, const std::string& expr, bool hex, std::string& error) {
  error.clear();
  auto c = CompiledExpression::compile(f, expr, error);
  wgsl::exec::LaneMask lane;
  lane.set(f.lane);
  if (c && c->run(f, lane, error)) return c->text(f, f.lane, hex);
  std::string place_error;
  if (auto v = evaluatePlace(f, expr, place_error)) {
    error.clear();
    return format(f, *v, hex);
  }
  return "";
}

}  // namespace wgslemu::debug
