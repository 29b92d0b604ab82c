#include "interp/ast/ast_builder.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string_view>
#include <typeinfo>

#include "WGSLParser.h"
#include "base/diagnostics.h"
#include "grammar/parse.h"
#include "interp/ast/literals.h"

namespace wgsl::ast {
namespace {

using P = wgsl_antlr::WGSLParser;

// The parse tree's labelled-alternative contexts are leaf classes, so an exact type check
// identifies them; dynamic_cast was a quarter of the time on big inputs. The type_info objects
// are compared by address: they are unique (each context class has a key function in the
// generated parser), and type_info's operator== falls back to strcmp on every mismatch.
// Children are reached through the grammar's labels (lhs=, args+=, ...), not the generated
// accessors, which dynamic_cast every child of the context.
template <typename T, typename From>
T* exact(From* ctx) {
  return ctx != nullptr && &typeid(*ctx) == &typeid(T) ? static_cast<T*>(ctx) : nullptr;
}

SourceRange rangeOf(antlr4::ParserRuleContext* ctx) {
  const auto b = static_cast<uint32_t>(ctx->getStart()->getStartIndex());
  antlr4::Token* stop = ctx->getStop();
  uint32_t e = b;
  if (stop != nullptr && stop->getType() != antlr4::Token::EOF && stop->getStopIndex() + 1 > b)
    e = static_cast<uint32_t>(stop->getStopIndex() + 1);
  return {b, e};
}

SourceRange rangeOf(antlr4::Token* t) {
  const auto b = static_cast<uint32_t>(t->getStartIndex());
  return {b, static_cast<uint32_t>(t->getStopIndex() + 1)};
}

SourceRange join(SourceRange a, SourceRange b) { return {std::min(a.begin, b.begin), std::max(a.end, b.end)}; }

// Operator "levels" of the spec's expression grammar, for the mixing rules.
enum class Level { Unary, Multiplicative, Additive, Shift, Relational, Bitwise, LogicalAnd, LogicalOr };

Level levelOf(BinaryOp op) {
  switch (op) {
    case BinaryOp::Mul: case BinaryOp::Div: case BinaryOp::Mod: return Level::Multiplicative;
    case BinaryOp::Add: case BinaryOp::Sub: return Level::Additive;
    case BinaryOp::ShiftLeft: case BinaryOp::ShiftRight: return Level::Shift;
    case BinaryOp::Less: case BinaryOp::LessEqual: case BinaryOp::Greater:
    case BinaryOp::GreaterEqual: case BinaryOp::Equal: case BinaryOp::NotEqual: return Level::Relational;
    case BinaryOp::And: case BinaryOp::Or: case BinaryOp::Xor: return Level::Bitwise;
    case BinaryOp::LogicalAnd: return Level::LogicalAnd;
    case BinaryOp::LogicalOr: return Level::LogicalOr;
  }
  return Level::Unary;
}

const BinaryExpr* asBinary(const Expr* e) { return e ? e->as<BinaryExpr>() : nullptr; }

struct KnownAttribute {
  std::string_view name;
  int min_args;
  int max_args;
};

// Section "Attributes". `diagnostic` is parsed separately.
constexpr KnownAttribute kAttributes[] = {
    {"align", 1, 1},       {"binding", 1, 1},     {"blend_src", 1, 1}, {"builtin", 1, 2},
    {"compute", 0, 0},     {"const", 0, 0},       {"fragment", 0, 0},  {"group", 1, 1},
    {"id", 1, 1},          {"interpolate", 1, 2}, {"invariant", 0, 0}, {"location", 1, 1},
    {"must_use", 0, 0},    {"size", 1, 1},        {"vertex", 0, 0},    {"workgroup_size", 1, 3},
    {"subgroup_size", 1, 1},
};

// The builder runs while the module is still being parsed (item by item), but its diagnostics
// are held back and appended when parsing ends, so that they follow the module's syntax errors
// exactly as when the whole module was parsed before building.
class HeldDiagnostics {
 public:
  explicit HeldDiagnostics(DiagnosticList& out) : out_(out) {}
  Diagnostic& error(SourceRange r, std::string m) { return held_.error(r, std::move(m)); }
  Diagnostic& warning(SourceRange r, std::string m) { return held_.warning(r, std::move(m)); }
  void note(SourceRange r, std::string m) { held_.note(r, std::move(m)); }
  bool hasErrorAt(uint32_t offset) const { return out_.hasErrorAt(offset) || held_.hasErrorAt(offset); }
  bool hasErrors() const { return out_.hasErrors() || held_.hasErrors(); }
  // Appends the held diagnostics as if they had been reported to `out` directly.
  void flush() {
    for (const Diagnostic& d : held_.all()) {
      Diagnostic copy = d;
      copy.notes.clear();
      out_.add(std::move(copy));
      for (const Diagnostic& n : d.notes) out_.note(n.range, n.message);
    }
    held_ = DiagnosticList();
  }

 private:
  DiagnosticList& out_;
  DiagnosticList held_;
};

class Builder {
 public:
  explicit Builder(DiagnosticList& diags)
      : diags_(diags), module_(std::make_unique<Module>()), names_(*module_->names), nodes_(*module_->nodes) {}

  // One module-scope item (a Global_itemContext), in source order.
  void add(antlr4::ParserRuleContext* raw) {
    Module* module = module_.get();
    auto* item = exact<P::Global_itemContext>(raw);
    if (item == nullptr) return;
    if (auto* d = item->global_directive()) {
      Directive dir = buildDirective(d);
      if (first_decl_ || first_semicolon_) {
        diags_.error(dir.range, "directives must appear before any declaration");
        const bool decl_first =
            first_decl_ && (!first_semicolon_ || first_decl_->begin < first_semicolon_->begin);
        diags_.note(decl_first ? *first_decl_ : *first_semicolon_,
                    decl_first ? "first declaration is here" : "this ';' is an (empty) declaration");
      }
      module->directives.push_back(std::move(dir));
    } else if (auto* g = item->global_decl()) {
      module->decls.push_back(buildGlobal(g));
      if (!first_decl_) first_decl_ = module->decls.back().range;
    } else if (item->empty != nullptr) {
      // An empty declaration: in the grammar `;` is a global_decl, so directives cannot follow.
      if (!first_decl_ && !first_semicolon_) first_semicolon_ = rangeOf(item);
    } else if (auto* ca = item->const_assert_statement()) {
      GlobalDecl decl;
      decl.kind = GlobalKind::ConstAssert;
      decl.const_assert = buildConstAssert(ca);
      decl.range = rangeOf(item);
      module->decls.push_back(std::move(decl));
      if (!first_decl_) first_decl_ = module->decls.back().range;
    }
  }

  std::unique_ptr<Module> finish() {
    diags_.flush();
    if (diags_.hasErrors()) return nullptr;
    names_.freeze();
    return std::move(module_);
  }

 private:
  // ---------------------------------------------------------------- directives & attributes

  Directive buildDirective(P::Global_directiveContext* ctx) {
    Directive d;
    d.range = rangeOf(ctx);
    if (auto* c = exact<P::DiagnosticDirectiveContext>(ctx)) {
      d.kind = DirectiveKind::Diagnostic;
      d.diagnostic = buildDiagnosticControl(c->diagnostic_control());
    } else if (auto* e = exact<P::EnableDirectiveContext>(ctx)) {
      d.kind = DirectiveKind::Enable;
      for (auto* id : e->name_list()->ident()) d.names.push_back(ident(id));
    } else if (auto* r = exact<P::RequiresDirectiveContext>(ctx)) {
      d.kind = DirectiveKind::Requires;
      for (auto* id : r->name_list()->ident()) d.names.push_back(ident(id));
    }
    return d;
  }

  DiagnosticControl buildDiagnosticControl(P::Diagnostic_controlContext* ctx) {
    DiagnosticControl dc;
    dc.range = rangeOf(ctx);
    dc.severity_name = ident(ctx->ident());
    const std::string& s = dc.severity_name.name;
    if (s == "error") {
      dc.severity = Severity::Error;
    } else if (s == "warning") {
      dc.severity = Severity::Warning;
    } else if (s == "info") {
      dc.severity = Severity::Info;
    } else if (s == "off") {
      dc.severity = Severity::Off;
    } else {
      diags_.error(dc.severity_name.range,
                   fmt::format("unknown diagnostic severity '{}': expected 'error', 'warning', 'info' "
                               "or 'off'",
                               s));
    }
    auto ids = ctx->diagnostic_rule_name()->ident();
    dc.rule = ident(ids[0]);
    if (ids.size() > 1) dc.rule_member = ident(ids[1]);
    // "Using an unrecognized triggering rule consisting of a single diagnostic name-token should
    // trigger a warning" (section "Diagnostics"); two-part names belong to implementations.
    if (!dc.rule_member && dc.rule.name != "derivative_uniformity" && dc.rule.name != "subgroup_uniformity") {
      diags_.warning(dc.rule.range, fmt::format("unknown diagnostic rule '{}': the rules WGSL defines are "
                                                "'derivative_uniformity' and 'subgroup_uniformity'",
                                                dc.rule.name));
    }
    return dc;
  }

  AttributeList buildAttributes(const std::vector<P::AttributeContext*>& ctxs) {
    AttributeList out;
    out.reserve(ctxs.size());
    for (auto* ctx : ctxs) {
      Attribute a;
      a.range = rangeOf(ctx);
      if (auto* d = exact<P::DiagnosticAttrContext>(ctx)) {
        a.name = Ident{names_.intern("diagnostic"), rangeOf(d->kw)};
        a.diagnostic = buildDiagnosticControl(d->diagnostic_control());
        a.has_parens = true;
      } else if (auto* p = exact<P::PlainAttrContext>(ctx)) {
        a.name = Ident{name(p->attribute_name()->getStart()), rangeOf(p->attribute_name())};
        if (auto* args = p->argument_expression_list()) {
          a.has_parens = true;
          a.args.reserve(args->args.size());
          for (auto* e : args->args) a.args.push_back(expr(e));
        }
        checkAttribute(a);
      }
      out.push_back(std::move(a));
    }
    return out;
  }

  void checkAttribute(const Attribute& a) {
    const KnownAttribute* known = nullptr;
    for (const auto& k : kAttributes)
      if (k.name == a.name.name) known = &k;
    if (known == nullptr) {
      diags_.error(a.name.range, fmt::format("unknown attribute '@{}'", a.name.name));
      return;
    }
    const int n = static_cast<int>(a.args.size());
    checkNameArguments(a);
    if (known->max_args == 0 && a.has_parens) {
      diags_.error(a.range, fmt::format("attribute '@{}' takes no arguments", a.name.name));
    } else if (n < known->min_args || n > known->max_args) {
      const std::string want = known->min_args == known->max_args
                                   ? fmt::format("{} argument{}", known->min_args, known->min_args == 1 ? "" : "s")
                                   : fmt::format("{} to {} arguments", known->min_args, known->max_args);
      diags_.error(a.range, fmt::format("attribute '@{}' takes {}, found {}", a.name.name, want, n));
    }
  }

  // Arguments that are context-dependent names (section "Context-Dependent Names"): built-in
  // value names, interpolation type and sampling names, depth modes.
  void checkNameArguments(const Attribute& a) {
    static const std::vector<std::string_view> kBuiltins = {
        "vertex_index", "instance_index", "position", "front_facing", "frag_depth", "sample_index",
        "sample_mask", "local_invocation_id", "local_invocation_index", "global_invocation_id",
        "global_invocation_index", "workgroup_id", "workgroup_index", "num_workgroups",
        "subgroup_invocation_id", "subgroup_size", "primitive_index", "subgroup_id", "num_subgroups",
        "clip_distances"};
    static const std::vector<std::string_view> kInterpolationTypes = {"perspective", "linear", "flat"};
    static const std::vector<std::string_view> kSamplings = {"center", "centroid", "sample", "first", "either"};
    static const std::vector<std::string_view> kDepthModes = {"less", "greater"};
    auto check = [&](size_t i, const std::vector<std::string_view>& names, const char* what) {
      if (i >= a.args.size()) return;
      const auto* id = a.args[i]->as<IdentExpr>();
      if (id == nullptr || id->has_template_list) {
        diags_.error(a.args[i]->range, fmt::format("expected {} name in '@{}'", what, a.name.name));
        return;
      }
      if (std::find(names.begin(), names.end(), id->ident.name) == names.end() &&
          !diags_.hasErrorAt(id->range.begin)) {  // e.g. already reported as a reserved word
        std::string list;
        for (size_t k = 0; k < names.size(); ++k) list += (k ? ", " : "") + std::string(names[k]);
        diags_.error(id->range, fmt::format("unknown {} '{}' (expected one of: {})", what, id->ident.name, list));
      }
    };
    if (a.name.name == "builtin") {
      check(0, kBuiltins, "built-in value");
      check(1, kDepthModes, "depth mode");
    } else if (a.name.name == "interpolate") {
      check(0, kInterpolationTypes, "interpolation type");
      check(1, kSamplings, "interpolation sampling");
    }
  }

  // Attributes are accepted by the grammar on every declaration; these kinds take none.
  void forbidAttributes(const std::vector<P::AttributeContext*>& attrs, const char* what) {
    if (attrs.empty()) return;
    diags_.error(join(rangeOf(attrs.front()), rangeOf(attrs.back())),
                 fmt::format("attributes are not allowed on {}", what));
  }

  // A new node in the module's arena.
  template <typename T, typename... Args>
  NodePtr<T> make(Args&&... args) {
    return NodePtr<T>(nodes_.make<T>(std::forward<Args>(args)...));
  }

  Ident ident(P::IdentContext* ctx) { return Ident{name(ctx->getStart()), rangeOf(ctx)}; }
  Name name(antlr4::Token* t) { return names_.intern(t->getText()); }

  // ---------------------------------------------------------------- module scope

  GlobalDecl buildGlobal(P::Global_declContext* ctx) {
    GlobalDecl g;
    g.range = rangeOf(ctx);
    if (auto* v = exact<P::GlobalVarDeclContext>(ctx)) {
      g.kind = GlobalKind::Var;
      g.var = make<VarDecl>(varDecl(v->variable_decl(), v->expression()));
      g.var->attributes = buildAttributes(v->attribute());
      g.var->range = g.range;
    } else if (auto* o = exact<P::OverrideDeclContext>(ctx)) {
      g.kind = GlobalKind::Override;
      g.var = make<VarDecl>(valueDecl(DeclKind::Override, o->optionally_typed_ident(), o->expression()));
      g.var->attributes = buildAttributes(o->attribute());
      g.var->range = g.range;
    } else if (auto* c = exact<P::GlobalConstDeclContext>(ctx)) {
      forbidAttributes(c->attribute(), "'const' declarations");
      g.kind = GlobalKind::Const;
      g.var = make<VarDecl>(valueDecl(DeclKind::Const, c->optionally_typed_ident(), c->expression()));
      g.var->range = g.range;
    } else if (auto* a = exact<P::AliasDeclContext>(ctx)) {
      forbidAttributes(a->attribute(), "type aliases");
      g.kind = GlobalKind::Alias;
      g.alias = make<AliasDecl>();
      g.alias->name = ident(a->ident());
      g.alias->type = typeSpec(a->type_specifier());
      g.alias->range = g.range;
    } else if (auto* s = exact<P::StructDeclContext>(ctx)) {
      forbidAttributes(s->attribute(), "structure declarations");
      g.kind = GlobalKind::Struct;
      g.structure = buildStruct(s);
      g.structure->range = g.range;
    } else if (auto* f = exact<P::FunctionDeclContext>(ctx)) {
      g.kind = GlobalKind::Function;
      g.function = buildFunction(f);
      g.function->range = g.range;
    }
    return g;
  }

  NodePtr<StructDecl> buildStruct(P::StructDeclContext* ctx) {
    auto s = make<StructDecl>();
    s->name = ident(ctx->ident());
    auto* body = ctx->struct_body();
    for (auto* sep : body->member_separator()) {
      if (sep->semi != nullptr) {
        diags_.error(rangeOf(sep), "structure members are separated by ',', not ';'");
      }
    }
    for (auto* m : body->struct_member()) {
      StructMember member;
      member.attributes = buildAttributes(m->attribute());
      member.name = Ident{name(m->member_ident()->getStart()), rangeOf(m->member_ident())};
      member.type = typeSpec(m->type_specifier());
      member.range = rangeOf(m);
      s->members.push_back(std::move(member));
    }
    return s;
  }

  NodePtr<FunctionDecl> buildFunction(P::FunctionDeclContext* ctx) {
    auto f = make<FunctionDecl>();
    f->attributes = buildAttributes(ctx->attribute());
    auto* h = ctx->function_header();
    f->name = ident(h->ident());
    if (auto* pl = h->param_list()) {
      const auto params = pl->param();
      f->params.reserve(params.size());
      for (auto* p : params) {
        Param param;
        param.attributes = buildAttributes(p->attribute());
        param.name = ident(p->ident());
        param.type = typeSpec(p->type_specifier());
        param.range = rangeOf(p);
        f->params.push_back(std::move(param));
      }
    }
    if (h->type_specifier() != nullptr) {
      f->return_attributes = buildAttributes(h->attribute());
      f->return_type = typeSpec(h->type_specifier());
    }
    f->body = checkedBlock(ctx->compound_statement());
    return f;
  }

  VarDecl varDecl(P::Variable_declContext* v, P::ExpressionContext* init) {
    VarDecl d = valueDecl(DeclKind::Var, v->optionally_typed_ident(), init);
    if (auto* tl = v->template_list()) {
      d.has_template_list = true;
      d.template_args = templateArgs(tl);
    }
    return d;
  }

  VarDecl valueDecl(DeclKind kind, P::Optionally_typed_identContext* oti, P::ExpressionContext* init) {
    VarDecl d;
    d.decl_kind = kind;
    d.name = ident(oti->ident());
    if (oti->type_specifier() != nullptr) d.type = typeSpec(oti->type_specifier());
    if (init != nullptr) d.initializer = expr(init);
    return d;
  }

  ExprPtr typeSpec(P::Type_specifierContext* ctx) { return templatedIdent(ctx->template_elaborated_ident()); }

  NodePtr<IdentExpr> templatedIdent(P::Template_elaborated_identContext* ctx) {
    auto e = templatedIdent(ctx->name, ctx->tlist);
    e->range = rangeOf(ctx);
    return e;
  }

  // `name` or `name<args>`: its range runs to the template list's closing '>'.
  NodePtr<IdentExpr> templatedIdent(antlr4::Token* name, P::Template_listContext* tl) {
    const Ident ident{this->name(name), rangeOf(name)};
    if (tl == nullptr) {
      auto e = make<IdentExpr>();
      e->ident = ident;
      e->range = ident.range;
      return e;
    }
    auto e = make<TemplatedIdentExpr>();
    e->ident = ident;
    e->range = join(ident.range, rangeOf(tl));
    e->template_args = templateArgs(tl);
    return e;
  }

  std::vector<ExprPtr> templateArgs(P::Template_listContext* tl) {
    std::vector<ExprPtr> out;
    out.reserve(tl->targs.size());
    for (auto* e : tl->targs) out.push_back(expr(e));
    return out;
  }

  // ---------------------------------------------------------------- statements

  BlockPtr block(P::Compound_statementContext* ctx) {
    auto b = make<CompoundStmt>();
    b->range = rangeOf(ctx);
    b->attributes = buildAttributes(ctx->attrs);
    b->body = statements(ctx->stmts);
    return b;
  }

  std::vector<StmtPtr> statements(const std::vector<P::StatementContext*>& ctxs) {
    std::vector<StmtPtr> out;
    out.reserve(ctxs.size());
    for (auto* s : ctxs) {
      StmtPtr st = statement(s);
      if (st) out.push_back(std::move(st));
    }
    return out;
  }

  // Reports a `break if` anywhere but at the end of a continuing block.
  void forbidBreakIf(const std::vector<StmtPtr>& body) {
    for (const auto& s : body) {
      if (s->kind == StmtKind::BreakIf) {
        diags_.error(s->range, "'break if' must be the last statement of a 'continuing' block");
      }
    }
  }

  StmtPtr statement(P::StatementContext* ctx) {
    const SourceRange r = rangeOf(ctx);
    if (exact<P::EmptyStatementContext>(ctx)) return nullptr;
    if (auto* c = exact<P::ReturnStatementContext>(ctx)) {
      auto s = make<ReturnStmt>();
      if (c->expression()) s->value = expr(c->expression());
      return finish(std::move(s), r);
    }
    if (auto* c = exact<P::IfStatementContext>(ctx)) {
      auto s = make<IfStmt>();
      s->attributes = buildAttributes(c->attribute());
      IfClause first;
      first.condition = expr(c->expression());
      first.body = checkedBlock(c->compound_statement());
      first.range = join(rangeOf(c->kw), first.body->range);
      s->clauses.push_back(std::move(first));
      for (auto* ei : c->else_if_clause()) {
        IfClause clause;
        clause.condition = expr(ei->expression());
        clause.body = checkedBlock(ei->compound_statement());
        clause.range = rangeOf(ei);
        s->clauses.push_back(std::move(clause));
      }
      if (auto* e = c->else_clause()) s->else_body = checkedBlock(e->compound_statement());
      return finish(std::move(s), r);
    }
    if (auto* c = exact<P::SwitchStatementContext>(ctx)) return switchStmt(c, r);
    if (auto* c = exact<P::LoopStatementContext>(ctx)) return loopStmt(c, r);
    if (auto* c = exact<P::ForStatementContext>(ctx)) {
      auto s = make<ForStmt>();
      s->attributes = buildAttributes(c->attribute());
      if (auto* init = c->for_init()) {
        if (auto* v = init->variable_or_value_statement()) s->init = declStmt(v);
        else if (auto* u = init->variable_updating_statement()) s->init = updateStmt(u);
        else s->init = callStmt(init->call_phrase());
      }
      if (c->expression()) s->condition = expr(c->expression());
      if (auto* upd = c->for_update()) {
        if (auto* u = upd->variable_updating_statement()) s->update = updateStmt(u);
        else s->update = callStmt(upd->call_phrase());
      }
      s->body = checkedBlock(c->compound_statement());
      return finish(std::move(s), r);
    }
    if (auto* c = exact<P::WhileStatementContext>(ctx)) {
      auto s = make<WhileStmt>();
      s->attributes = buildAttributes(c->attribute());
      s->condition = expr(c->expression());
      s->body = checkedBlock(c->compound_statement());
      return finish(std::move(s), r);
    }
    if (auto* c = exact<P::BlockStatementContext>(ctx)) return checkedBlock(c->compound_statement());
    if (auto* c = exact<P::CallStatementContext>(ctx)) {
      auto s = callStmt(c->call_phrase());
      s->range = r;
      return s;
    }
    if (auto* c = exact<P::DeclStatementContext>(ctx)) {
      auto s = declStmt(c->variable_or_value_statement());
      s->range = r;
      return s;
    }
    if (auto* c = exact<P::BreakIfStatementContext>(ctx)) {
      auto s = make<BreakIfStmt>();
      s->condition = expr(c->expression());
      return finish(std::move(s), r);
    }
    if (exact<P::BreakStatementContext>(ctx)) return finish(make<BreakStmt>(), r);
    if (exact<P::ContinueStatementContext>(ctx)) return finish(make<ContinueStmt>(), r);
    if (exact<P::DiscardStatementContext>(ctx)) return finish(make<DiscardStmt>(), r);
    if (auto* c = exact<P::UpdateStatementContext>(ctx)) {
      auto s = updateStmt(c->variable_updating_statement());
      s->range = r;
      return s;
    }
    if (auto* c = exact<P::ConstAssertStatementContext>(ctx)) {
      auto s = buildConstAssert(c->const_assert_statement());
      s->range = r;
      return s;
    }
    return nullptr;
  }

  template <typename T>
  StmtPtr finish(NodePtr<T> s, SourceRange r) {
    s->range = r;
    return s;
  }

  BlockPtr checkedBlock(P::Compound_statementContext* ctx) {
    BlockPtr b = block(ctx);
    forbidBreakIf(b->body);
    return b;
  }

  StmtPtr switchStmt(P::SwitchStatementContext* c, SourceRange r) {
    auto s = make<SwitchStmt>();
    s->attributes = buildAttributes(c->attribute());
    s->selector = expr(c->expression());
    auto* body = c->switch_body();
    s->body_attributes = buildAttributes(body->attribute());
    for (auto* clause : body->switch_clause()) {
      SwitchClause sc;
      sc.range = rangeOf(clause);
      if (auto* cc = exact<P::CaseClauseContext>(clause)) {
        for (auto* sel : cc->case_selector()) {
          CaseSelector cs;
          cs.range = rangeOf(sel);
          if (sel->expression()) cs.expr = expr(sel->expression());
          sc.selectors.push_back(std::move(cs));
        }
        sc.body = checkedBlock(cc->compound_statement());
      } else if (auto* dc = exact<P::DefaultClauseContext>(clause)) {
        sc.is_default_alone = true;
        sc.body = checkedBlock(dc->compound_statement());
      }
      s->clauses.push_back(std::move(sc));
    }
    if (s->clauses.empty()) {
      diags_.error(rangeOf(body), "a switch statement must have at least one clause, and exactly one "
                                  "of them must contain 'default'");
    }
    return finish(std::move(s), r);
  }

  StmtPtr loopStmt(P::LoopStatementContext* c, SourceRange r) {
    auto s = make<LoopStmt>();
    // attribute* LOOP attribute* '{' ...: split the attributes at the 'loop' keyword.
    const size_t loop_index = c->kw->getTokenIndex();
    std::vector<P::AttributeContext*> before, after;
    for (auto* a : c->attribute()) (a->getStart()->getTokenIndex() < loop_index ? before : after).push_back(a);
    s->attributes = buildAttributes(before);
    s->body_attributes = buildAttributes(after);
    s->body = statements(c->statement());
    forbidBreakIf(s->body);
    if (auto* cont = c->continuing_statement()) {
      auto cb = make<ContinuingBlock>();
      cb->range = rangeOf(cont);
      cb->attributes = buildAttributes(cont->attribute());
      // `break if` must be the last statement as written (even an empty statement after it is
      // not allowed), so look at the statements before empty ones are dropped.
      const auto raw = cont->statement();
      const bool ends_with_break_if = !raw.empty() && exact<P::BreakIfStatementContext>(raw.back()) != nullptr;
      cb->body = statements(raw);
      if (ends_with_break_if) {
        auto* bi = static_cast<BreakIfStmt*>(cb->body.back().get());
        cb->break_if = std::move(bi->condition);
        cb->break_if_range = bi->range;
        cb->body.pop_back();
      }
      forbidBreakIf(cb->body);
      s->continuing = std::move(cb);
    }
    return finish(std::move(s), r);
  }

  StmtPtr declStmt(P::Variable_or_value_statementContext* ctx) {
    auto s = make<VarDeclStmt>();
    s->range = rangeOf(ctx);
    if (auto* v = exact<P::VarStatementContext>(ctx)) {
      s->decl = varDecl(v->variable_decl(), v->expression());
    } else if (auto* l = exact<P::LetStatementContext>(ctx)) {
      s->decl = valueDecl(DeclKind::Let, l->optionally_typed_ident(), l->expression());
    } else if (auto* k = exact<P::ConstStatementContext>(ctx)) {
      s->decl = valueDecl(DeclKind::Const, k->optionally_typed_ident(), k->expression());
    }
    s->decl.range = s->range;
    return s;
  }

  NodePtr<CallStmt> callStmt(P::Call_phraseContext* ctx) {
    auto s = make<CallStmt>();
    s->range = rangeOf(ctx);
    s->call = callExpr(ctx);
    return s;
  }

  StmtPtr updateStmt(P::Variable_updating_statementContext* ctx) {
    const SourceRange r = rangeOf(ctx);
    if (auto* a = exact<P::AssignStatementContext>(ctx)) {
      auto s = make<AssignStmt>();
      s->lhs = lhs(a->lhs_expression());
      s->rhs = expr(a->expression());
      return finish(std::move(s), r);
    }
    if (auto* a = exact<P::CompoundAssignStatementContext>(ctx)) {
      auto s = make<AssignStmt>();
      s->op = compoundOp(a->compound_assignment_operator()->getStart()->getType());
      s->lhs = lhs(a->lhs_expression());
      s->rhs = expr(a->expression());
      return finish(std::move(s), r);
    }
    if (auto* a = exact<P::PhonyAssignStatementContext>(ctx)) {
      auto s = make<AssignStmt>();
      s->rhs = expr(a->expression());
      return finish(std::move(s), r);
    }
    if (auto* a = exact<P::IncrementStatementContext>(ctx)) {
      auto s = make<IncrementStmt>();
      s->lhs = lhs(a->lhs_expression());
      return finish(std::move(s), r);
    }
    auto* d = exact<P::DecrementStatementContext>(ctx);
    auto s = make<DecrementStmt>();
    s->lhs = lhs(d->lhs_expression());
    return finish(std::move(s), r);
  }

  static AssignOp compoundOp(size_t type) {
    switch (type) {
      case P::PLUS_EQUAL: return AssignOp::Add;
      case P::MINUS_EQUAL: return AssignOp::Sub;
      case P::TIMES_EQUAL: return AssignOp::Mul;
      case P::DIVISION_EQUAL: return AssignOp::Div;
      case P::MODULO_EQUAL: return AssignOp::Mod;
      case P::AND_EQUAL: return AssignOp::And;
      case P::OR_EQUAL: return AssignOp::Or;
      case P::XOR_EQUAL: return AssignOp::Xor;
      case P::SHIFT_RIGHT_ASSIGN: return AssignOp::ShiftRight;
      default: return AssignOp::ShiftLeft;
    }
  }

  NodePtr<ConstAssertStmt> buildConstAssert(P::Const_assert_statementContext* ctx) {
    auto s = make<ConstAssertStmt>();
    s->range = rangeOf(ctx);
    s->condition = expr(ctx->expression());
    return s;
  }

  // ---------------------------------------------------------------- expressions

  // `under_deref`: directly under a '*' (through parentheses), where a call may appear.
  ExprPtr lhs(P::Lhs_expressionContext* ctx, bool under_deref = false) {
    if (auto* d = exact<P::DerefLhsContext>(ctx)) {
      auto u = make<UnaryExpr>();
      u->op = UnaryOp::Deref;
      u->operand = lhs(d->lhs_expression(), true);
      u->range = rangeOf(ctx);
      return u;
    }
    if (auto* a = exact<P::AddressOfLhsContext>(ctx)) {
      auto u = make<UnaryExpr>();
      u->op = UnaryOp::AddressOf;
      u->operand = lhs(a->lhs_expression());
      u->range = rangeOf(ctx);
      return u;
    }
    auto* c = exact<P::CoreLhsContext>(ctx);
    ExprPtr base;
    if (auto* call = exact<P::CallLhsContext>(c->core_lhs_expression())) {
      base = callExpr(call->call_phrase());
      if (!under_deref || !c->postfix().empty()) {
        diags_.error(base->range, "a function call cannot be assigned to: the left side of an assignment "
                                  "must be a reference (a call returning a pointer is written '*f(...)')");
      }
    } else if (auto* id = exact<P::IdentLhsContext>(c->core_lhs_expression())) {
      auto e = make<IdentExpr>();
      e->ident = ident(id->ident());
      e->range = e->ident.range;
      base = std::move(e);
    } else {
      auto* p = exact<P::ParenLhsContext>(c->core_lhs_expression());
      auto e = make<ParenExpr>();
      e->inner = lhs(p->lhs_expression(), under_deref && c->postfix().empty());
      e->range = rangeOf(p);
      base = std::move(e);
    }
    return postfixes(std::move(base), c->postfix());
  }

  ExprPtr postfixes(ExprPtr base, const std::vector<P::PostfixContext*>& pfs) {
    if (pfs.size() > kMaxExpressionDepth) {
      diags_.error(rangeOf(pfs[kMaxExpressionDepth]),
                   fmt::format("expression is too deeply nested: more than {} member or index accesses "
                               "in a row", kMaxExpressionDepth));
      return base;
    }
    for (auto* pf : pfs) {
      const SourceRange r = join(base->range, rangeOf(pf));
      if (pf->getStart()->getType() == P::BRACKET_LEFT) {
        auto e = make<IndexExpr>();
        e->base = std::move(base);
        e->index = expr(pf->index);
        e->range = r;
        base = std::move(e);
      } else {
        auto e = make<MemberExpr>();
        e->base = std::move(base);
        e->member = Ident{name(pf->member), rangeOf(pf->member)};
        e->range = r;
        base = std::move(e);
      }
    }
    return base;
  }

  static BinaryOp binaryOp(size_t type) {
    switch (type) {
      case P::STAR: return BinaryOp::Mul;
      case P::FORWARD_SLASH: return BinaryOp::Div;
      case P::MODULO: return BinaryOp::Mod;
      case P::PLUS: return BinaryOp::Add;
      case P::MINUS: return BinaryOp::Sub;
      case P::SHIFT_LEFT: return BinaryOp::ShiftLeft;
      case P::SHIFT_RIGHT: return BinaryOp::ShiftRight;
      case P::LESS_THAN: return BinaryOp::Less;
      case P::LESS_THAN_EQUAL: return BinaryOp::LessEqual;
      case P::GREATER_THAN: return BinaryOp::Greater;
      case P::GREATER_THAN_EQUAL: return BinaryOp::GreaterEqual;
      case P::EQUAL_EQUAL: return BinaryOp::Equal;
      case P::NOT_EQUAL: return BinaryOp::NotEqual;
      case P::AND: return BinaryOp::And;
      case P::OR: return BinaryOp::Or;
      case P::XOR: return BinaryOp::Xor;
      case P::AND_AND: return BinaryOp::LogicalAnd;
      default: return BinaryOp::LogicalOr;
    }
  }

  // Binding strength of each binary operator as the grammar groups them (higher binds tighter);
  // every level is left-associative. The spec's restrictions on mixing levels are checked
  // afterwards (checkMixing), on the grouped tree.
  static int precedence(size_t type) {
    switch (type) {
      case P::STAR: case P::FORWARD_SLASH: case P::MODULO: return 9;
      case P::PLUS: case P::MINUS: return 8;
      case P::SHIFT_LEFT: case P::SHIFT_RIGHT: return 7;
      case P::LESS_THAN: case P::LESS_THAN_EQUAL: case P::GREATER_THAN: case P::GREATER_THAN_EQUAL:
      case P::EQUAL_EQUAL: case P::NOT_EQUAL: return 6;
      case P::AND: return 5;
      case P::XOR: return 4;
      case P::OR: return 3;
      case P::AND_AND: return 2;
      default: return 1;  // OR_OR
    }
  }

  // The grouping of one flat `operand (op operand)*` list: node k is operator k, with its left
  // and right children each an operator node or an operand. Found in one pass with an explicit
  // stack (operator precedence parsing), so long chains cost no native stack.
  struct Grouping {
    static constexpr size_t kOperand = size_t{1} << 63;  // flag: child is operand (index in low bits)
    std::vector<size_t> lhs, rhs;
    size_t root = 0;
    std::vector<size_t> operands, pending;  // group()'s work lists
    static bool isOperand(size_t n) { return (n & kOperand) != 0; }
    static size_t index(size_t n) { return n & ~kOperand; }
    size_t first(size_t n) const {
      while (!isOperand(n)) n = lhs[n];
      return index(n);
    }
    size_t last(size_t n) const {
      while (!isOperand(n)) n = rhs[n];
      return index(n);
    }
  };

  // Groups `ops` into `g`, whose vectors keep their capacity from earlier expressions.
  static void group(const std::vector<antlr4::Token*>& ops, Grouping& g) {
    g.lhs.resize(ops.size());
    g.rhs.resize(ops.size());
    std::vector<size_t>& operands = g.operands;
    std::vector<size_t>& pending = g.pending;  // operator indices, precedence increasing towards the top
    operands.assign(1, Grouping::kOperand | 0);
    pending.clear();
    auto reduce = [&] {
      const size_t k = pending.back();
      pending.pop_back();
      g.rhs[k] = operands.back();
      operands.pop_back();
      g.lhs[k] = operands.back();
      operands.back() = k;
    };
    for (size_t k = 0; k < ops.size(); ++k) {
      const int p = precedence(ops[k]->getType());
      while (!pending.empty() && precedence(ops[pending.back()]->getType()) >= p) reduce();
      pending.push_back(k);
      operands.push_back(Grouping::kOperand | (k + 1));
    }
    while (!pending.empty()) reduce();
    g.root = operands.back();
  }

  ExprPtr expr(P::ExpressionContext* ctx) {
    const auto& operands = ctx->operands;
    if (operands.empty() || operands.size() != ctx->ops.size() + 1) {  // only after a repaired syntax error
      auto bad = make<LiteralExpr>();
      bad->range = rangeOf(ctx);
      return bad;
    }
    if (ctx->ops.empty()) return unary(operands[0]);
    // An operand may hold an expression of its own (in parentheses, a call's arguments): one
    // Grouping per level of such nesting, reused from one expression to the next.
    if (grouping_depth_ == groupings_.size()) groupings_.push_back(std::make_unique<Grouping>());
    Grouping& g = *groupings_[grouping_depth_];
    ++grouping_depth_;
    group(ctx->ops, g);
    ExprPtr e = grouped(ctx, g, g.root);
    --grouping_depth_;
    return e;
  }

  // Builds the subtree `n` of a grouped expression. A left-leaning chain `a op b op c ...` is
  // walked iteratively along its spine; right operands recurse, at most once per precedence
  // level. Chains deeper than later passes can take are refused.
  ExprPtr grouped(P::ExpressionContext* ctx, const Grouping& g, size_t n) {
    if (Grouping::isOperand(n)) return unary(ctx->operands[Grouping::index(n)]);
    auto subtreeRange = [&](size_t node) {
      return SourceRange{rangeOf(ctx->operands[g.first(node)]).begin, rangeOf(ctx->operands[g.last(node)]).end};
    };
    // The spine's operators go on spine_, shared by every level of the recursion (each level
    // pops its own before returning), so that no chain allocates a vector of its own.
    const size_t base = spine_.size();
    size_t cur = n;
    while (!Grouping::isOperand(cur)) {
      spine_.push_back(cur);
      if (spine_.size() - base > kMaxExpressionDepth) {
        diags_.error(rangeOf(ctx->ops[cur]), fmt::format("expression is too long or too deeply nested: more "
                                                         "than {} binary operators in one chain",
                                                         kMaxExpressionDepth));
        spine_.resize(base);
        auto bad = make<LiteralExpr>();
        bad->range = subtreeRange(n);
        return bad;
      }
      cur = g.lhs[cur];
    }
    ExprPtr acc = unary(ctx->operands[Grouping::index(cur)]);
    for (size_t i = spine_.size(); i-- > base;) {
      const size_t k = spine_[i];  // by index: the recursion below may grow spine_
      auto e = make<BinaryExpr>();
      antlr4::Token* op = ctx->ops[k];
      e->op = binaryOp(op->getType());
      e->op_begin = rangeOf(op).begin;
      e->lhs = std::move(acc);
      e->rhs = grouped(ctx, g, g.rhs[k]);
      e->range = subtreeRange(k);
      checkMixing(*e);
      acc = std::move(e);
    }
    spine_.resize(base);
    return acc;
  }

  // The spec's expression grammar: which operands each operator level accepts without
  // parentheses (section "Operator Precedence and Associativity").
  void checkMixing(const BinaryExpr& e) {
    const Level outer = levelOf(e.op);
    auto check = [&](const Expr* operand, bool is_lhs) {
      const BinaryExpr* inner = asBinary(operand);
      if (inner == nullptr) return;  // unary expressions are fine everywhere
      const Level in = levelOf(inner->op);
      bool ok = false;
      switch (outer) {
        case Level::Multiplicative: ok = is_lhs && in == Level::Multiplicative; break;
        case Level::Additive:
          ok = in == Level::Multiplicative || (is_lhs && in == Level::Additive);
          break;
        case Level::Shift: ok = false; break;
        case Level::Relational:
          ok = in == Level::Multiplicative || in == Level::Additive || in == Level::Shift;
          break;
        case Level::Bitwise: ok = is_lhs && inner->op == e.op; break;
        case Level::LogicalAnd:
        case Level::LogicalOr:
          ok = in == Level::Multiplicative || in == Level::Additive || in == Level::Shift ||
               in == Level::Relational || (is_lhs && inner->op == e.op);
          break;
        default: ok = true;
      }
      if (ok) return;
      std::string msg;
      if (outer == Level::Relational && in == Level::Relational) {
        msg = fmt::format("comparisons cannot be chained: '{}' cannot take the result of '{}' as an "
                          "operand without parentheses",
                          toString(e.op), toString(inner->op));
      } else if (outer == Level::Shift) {
        msg = fmt::format("the operands of '{}' must be unary expressions: put parentheses around the "
                          "'{}' expression",
                          toString(e.op), toString(inner->op));
      } else {
        msg = fmt::format("'{}' and '{}' cannot be mixed without parentheses: WGSL defines no precedence "
                          "between them",
                          toString(inner->op), toString(e.op));
      }
      diags_.error(e.opRange(), msg);
      diags_.note(inner->opRange(), fmt::format("the '{}' operator is here", toString(inner->op)));
    };
    check(e.lhs.get(), true);
    check(e.rhs.get(), false);
  }

  // The grammar's unary_expression: a prefix operator and its operand, or a primary expression
  // (told apart by the label that is set) with its postfixes.
  ExprPtr unary(P::Unary_expressionContext* ctx) {
    if (ctx->op != nullptr) {
      auto e = make<UnaryExpr>();
      switch (ctx->op->getType()) {
        case P::MINUS: e->op = UnaryOp::Negate; break;
        case P::BANG: e->op = UnaryOp::Not; break;
        case P::TILDE: e->op = UnaryOp::Complement; break;
        case P::STAR: e->op = UnaryOp::Deref; break;
        default: e->op = UnaryOp::AddressOf; break;
      }
      e->operand = unary(ctx->operand);
      e->range = rangeOf(ctx);
      return e;
    }
    return postfixes(primary(ctx), ctx->postfixes);
  }

  ExprPtr primary(P::Unary_expressionContext* ctx) {
    if (ctx->name != nullptr) {
      if (ctx->arguments == nullptr) return templatedIdent(ctx->name, ctx->tlist);
      return callExpr(join(rangeOf(ctx->name), rangeOf(ctx->arguments)), ctx->name, ctx->tlist, ctx->arguments);
    }
    if (ctx->lit != nullptr) return literal(ctx->lit);
    auto e = make<ParenExpr>();
    e->inner = expr(ctx->inner);
    e->range = join(rangeOf(ctx->open), rangeOf(ctx->close));
    return e;
  }

  NodePtr<CallExpr> callExpr(P::Call_phraseContext* ctx) {
    return callExpr(rangeOf(ctx), ctx->target, ctx->arguments);
  }

  NodePtr<CallExpr> callExpr(SourceRange range, P::Template_elaborated_identContext* target,
                                     P::Argument_expression_listContext* arguments) {
    return callExpr(range, target->name, target->tlist, arguments);
  }

  NodePtr<CallExpr> callExpr(SourceRange range, antlr4::Token* name, P::Template_listContext* tlist,
                                     P::Argument_expression_listContext* arguments) {
    auto c = make<CallExpr>();
    c->range = range;
    c->target = templatedIdent(name, tlist);
    c->args.reserve(arguments->args.size());
    for (auto* a : arguments->args) c->args.push_back(expr(a));
    return c;
  }

  ExprPtr literal(antlr4::Token* token) {
    auto lit = make<LiteralExpr>();
    lit->range = rangeOf(token);
    lit->spelling = name(token);
    std::string error;
    switch (token->getType()) {
      case P::TRUE:
      case P::FALSE:
        lit->literal_kind = LiteralKind::Bool;
        lit->bool_value = token->getType() == P::TRUE;
        break;
      case P::INT_LITERAL: error = evaluateIntLiteral(lit->spelling, *lit); break;
      case P::DECIMAL_FLOAT_LITERAL: error = evaluateFloatLiteral(lit->spelling, false, *lit); break;
      default: error = evaluateFloatLiteral(lit->spelling, true, *lit); break;
    }
    // A malformed literal was already reported by the lexical checks.
    if (!error.empty() && !diags_.hasErrorAt(lit->range.begin)) diags_.error(lit->range, error);
    return lit;
  }

  HeldDiagnostics diags_;
  std::unique_ptr<Module> module_;
  NameStore& names_;  // the module's, which outlives the move of module_ out of finish()
  NodeArena& nodes_;  // the module's, likewise
  // Work space of expr() and grouped(), kept from one expression to the next.
  std::vector<std::unique_ptr<Grouping>> groupings_;  // one per level of nested expressions
  size_t grouping_depth_ = 0;
  std::vector<size_t> spine_;
  std::optional<SourceRange> first_decl_;  // not a pointer: decls grows
  std::optional<SourceRange> first_semicolon_;
};

}  // namespace

const char* toString(UnaryOp op) {
  switch (op) {
    case UnaryOp::Negate: return "-";
    case UnaryOp::Not: return "!";
    case UnaryOp::Complement: return "~";
    case UnaryOp::Deref: return "*";
    case UnaryOp::AddressOf: return "&";
  }
  return "?";
}

const char* toString(BinaryOp op) {
  switch (op) {
    case BinaryOp::Mul: return "*";
    case BinaryOp::Div: return "/";
    case BinaryOp::Mod: return "%";
    case BinaryOp::Add: return "+";
    case BinaryOp::Sub: return "-";
    case BinaryOp::ShiftLeft: return "<<";
    case BinaryOp::ShiftRight: return ">>";
    case BinaryOp::Less: return "<";
    case BinaryOp::LessEqual: return "<=";
    case BinaryOp::Greater: return ">";
    case BinaryOp::GreaterEqual: return ">=";
    case BinaryOp::Equal: return "==";
    case BinaryOp::NotEqual: return "!=";
    case BinaryOp::And: return "&";
    case BinaryOp::Or: return "|";
    case BinaryOp::Xor: return "^";
    case BinaryOp::LogicalAnd: return "&&";
    case BinaryOp::LogicalOr: return "||";
  }
  return "?";
}

const char* toString(AssignOp op) {
  switch (op) {
    case AssignOp::Assign: return "=";
    case AssignOp::Add: return "+=";
    case AssignOp::Sub: return "-=";
    case AssignOp::Mul: return "*=";
    case AssignOp::Div: return "/=";
    case AssignOp::Mod: return "%=";
    case AssignOp::And: return "&=";
    case AssignOp::Or: return "|=";
    case AssignOp::Xor: return "^=";
    case AssignOp::ShiftRight: return ">>=";
    case AssignOp::ShiftLeft: return "<<=";
  }
  return "?";
}

const std::vector<ExprPtr>& IdentExpr::templateArgs() const {
  static const std::vector<ExprPtr> kNone;
  return has_template_list ? static_cast<const TemplatedIdentExpr*>(this)->template_args : kNone;
}

const Ident* GlobalDecl::name() const {
  switch (kind) {
    case GlobalKind::Var: case GlobalKind::Const: case GlobalKind::Override: return &var->name;
    case GlobalKind::Alias: return &alias->name;
    case GlobalKind::Struct: return &structure->name;
    case GlobalKind::Function: return &function->name;
    case GlobalKind::ConstAssert: return nullptr;
  }
  return nullptr;
}

std::unique_ptr<Module> parseModule(const SourceFile& file, DiagnosticList& diags) {
  Builder builder(diags);
  // Each item's parse tree is dropped as soon as its AST is built.
  const ParseOutcome outcome = parseItems(file, diags, [&](antlr4::ParserRuleContext* item) { builder.add(item); });
  if (outcome == ParseOutcome::Unparseable) return nullptr;
  std::unique_ptr<Module> module = builder.finish();
  if (outcome != ParseOutcome::Complete || diags.hasErrors()) return nullptr;
  return module;
}

}  // namespace wgsl::ast
