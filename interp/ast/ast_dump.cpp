#include "interp/ast/ast_dump.h"

#include <fmt/format.h>

namespace wgsl::ast {
namespace {

std::string list(const std::vector<ExprPtr>& v, const char* sep) {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) out += sep;
    out += dump(*v[i]);
  }
  return out;
}

std::string attrs(const AttributeList& list_) {
  std::string out;
  for (const Attribute& a : list_) {
    out += " @" + a.name.name;
    if (a.diagnostic) {
      out += "(" + a.diagnostic->severity_name.name + ", " + a.diagnostic->rule.name;
      if (a.diagnostic->rule_member) out += "." + a.diagnostic->rule_member->name;
      out += ")";
    } else if (a.has_parens) {
      out += "(" + list(a.args, ", ") + ")";
    }
  }
  return out;
}

std::string block(const std::vector<StmtPtr>& body) {
  std::string out = "{";
  for (const auto& s : body) out += " " + dump(*s);
  return out + " }";
}

std::string blockOf(const CompoundStmt* b) { return b ? block(b->body) + attrs(b->attributes) : "_"; }

const char* declKeyword(DeclKind k) {
  switch (k) {
    case DeclKind::Var: return "var";
    case DeclKind::Let: return "let";
    case DeclKind::Const: return "const";
    case DeclKind::Override: return "override";
  }
  return "?";
}

std::string varDecl(const VarDecl& d) {
  std::string out = fmt::format("({} {}", declKeyword(d.decl_kind), d.name.name);
  if (d.has_template_list) out += "<" + list(d.template_args, ", ") + ">";
  if (d.type) out += " : " + dump(*d.type);
  if (d.initializer) out += " = " + dump(*d.initializer);
  return out + attrs(d.attributes) + ")";
}

}  // namespace

std::string dump(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Literal: return static_cast<const LiteralExpr&>(e).spelling;
    case ExprKind::Ident: {
      const auto& i = static_cast<const IdentExpr&>(e);
      if (!i.has_template_list) return i.ident.name;
      return i.ident.name + "<" + list(i.templateArgs(), ", ") + ">";
    }
    case ExprKind::Call: {
      const auto& c = static_cast<const CallExpr&>(e);
      std::string out = "(call " + dump(*c.target);
      for (const auto& a : c.args) out += " " + dump(*a);
      return out + ")";
    }
    case ExprKind::Paren: return "(paren " + dump(*static_cast<const ParenExpr&>(e).inner) + ")";
    case ExprKind::Unary: {
      const auto& u = static_cast<const UnaryExpr&>(e);
      return fmt::format("({} {})", toString(u.op), dump(*u.operand));
    }
    case ExprKind::Binary: {
      const auto& b = static_cast<const BinaryExpr&>(e);
      return fmt::format("({} {} {})", toString(b.op), dump(*b.lhs), dump(*b.rhs));
    }
    case ExprKind::Index: {
      const auto& i = static_cast<const IndexExpr&>(e);
      return fmt::format("(index {} {})", dump(*i.base), dump(*i.index));
    }
    case ExprKind::Member: {
      const auto& m = static_cast<const MemberExpr&>(e);
      return fmt::format("(. {} {})", dump(*m.base), m.member.name);
    }
  }
  return "?";
}

std::string dump(const Stmt& s) {
  switch (s.kind) {
    case StmtKind::Compound: return blockOf(static_cast<const CompoundStmt*>(&s));
    case StmtKind::Return: {
      const auto& r = static_cast<const ReturnStmt&>(s);
      return r.value ? "(return " + dump(*r.value) + ")" : "(return)";
    }
    case StmtKind::If: {
      const auto& i = static_cast<const IfStmt&>(s);
      std::string out = "(if";
      for (size_t k = 0; k < i.clauses.size(); ++k) {
        if (k) out += " (elif";
        out += " " + dump(*i.clauses[k].condition) + " " + blockOf(i.clauses[k].body.get());
        if (k) out += ")";
      }
      if (i.else_body) out += " (else " + blockOf(i.else_body.get()) + ")";
      return out + attrs(i.attributes) + ")";
    }
    case StmtKind::Switch: {
      const auto& sw = static_cast<const SwitchStmt&>(s);
      std::string out = "(switch " + dump(*sw.selector);
      for (const auto& c : sw.clauses) {
        if (c.is_default_alone) {
          out += " (default " + blockOf(c.body.get()) + ")";
          continue;
        }
        out += " (case";
        for (const auto& sel : c.selectors) out += " " + (sel.expr ? dump(*sel.expr) : std::string("default"));
        out += " " + blockOf(c.body.get()) + ")";
      }
      return out + attrs(sw.attributes) + attrs(sw.body_attributes) + ")";
    }
    case StmtKind::Loop: {
      const auto& l = static_cast<const LoopStmt&>(s);
      std::string out = "(loop " + block(l.body);
      if (l.continuing) {
        out += " (continuing " + block(l.continuing->body);
        if (l.continuing->break_if) out += " (break-if " + dump(*l.continuing->break_if) + ")";
        out += ")";
      }
      return out + attrs(l.attributes) + attrs(l.body_attributes) + ")";
    }
    case StmtKind::For: {
      const auto& f = static_cast<const ForStmt&>(s);
      return fmt::format("(for {} {} {} {}{})", f.init ? dump(*f.init) : "_",
                         f.condition ? dump(*f.condition) : "_", f.update ? dump(*f.update) : "_",
                         blockOf(f.body.get()), attrs(f.attributes));
    }
    case StmtKind::While: {
      const auto& w = static_cast<const WhileStmt&>(s);
      return "(while " + dump(*w.condition) + " " + blockOf(w.body.get()) + attrs(w.attributes) + ")";
    }
    case StmtKind::Break: return "(break)";
    case StmtKind::BreakIf: return "(break-if " + dump(*static_cast<const BreakIfStmt&>(s).condition) + ")";
    case StmtKind::Continue: return "(continue)";
    case StmtKind::Discard: return "(discard)";
    case StmtKind::Call: return dump(*static_cast<const CallStmt&>(s).call);
    case StmtKind::VarDecl: return varDecl(static_cast<const VarDeclStmt&>(s).decl);
    case StmtKind::Assign: {
      const auto& a = static_cast<const AssignStmt&>(s);
      return fmt::format("({} {} {})", toString(a.op), a.lhs ? dump(*a.lhs) : "_", dump(*a.rhs));
    }
    case StmtKind::Increment: return "(++ " + dump(*static_cast<const IncrementStmt&>(s).lhs) + ")";
    case StmtKind::Decrement: return "(-- " + dump(*static_cast<const DecrementStmt&>(s).lhs) + ")";
    case StmtKind::ConstAssert:
      return "(const_assert " + dump(*static_cast<const ConstAssertStmt&>(s).condition) + ")";
  }
  return "?";
}

std::string dump(const Module& m) {
  std::string out;
  for (const Directive& d : m.directives) {
    switch (d.kind) {
      case DirectiveKind::Enable:
      case DirectiveKind::Requires: {
        out += d.kind == DirectiveKind::Enable ? "(enable" : "(requires";
        for (const auto& n : d.names) out += " " + n.name;
        out += ")\n";
        break;
      }
      case DirectiveKind::Diagnostic: {
        out += "(diagnostic " + d.diagnostic->severity_name.name + " " + d.diagnostic->rule.name;
        if (d.diagnostic->rule_member) out += "." + d.diagnostic->rule_member->name;
        out += ")\n";
        break;
      }
    }
  }
  for (const GlobalDecl& g : m.decls) {
    switch (g.kind) {
      case GlobalKind::Var: case GlobalKind::Const: case GlobalKind::Override: out += varDecl(*g.var); break;
      case GlobalKind::Alias: out += "(alias " + g.alias->name.name + " = " + dump(*g.alias->type) + ")"; break;
      case GlobalKind::Struct: {
        out += "(struct " + g.structure->name.name;
        for (const auto& mem : g.structure->members)
          out += " (" + mem.name.name + " : " + dump(*mem.type) + attrs(mem.attributes) + ")";
        out += ")";
        break;
      }
      case GlobalKind::Function: {
        const FunctionDecl& f = *g.function;
        out += "(fn " + f.name.name + " (";
        for (size_t i = 0; i < f.params.size(); ++i) {
          if (i) out += " ";
          out += "(" + f.params[i].name.name + " : " + dump(*f.params[i].type) + attrs(f.params[i].attributes) + ")";
        }
        out += ")";
        if (f.return_type) out += " -> " + dump(*f.return_type) + attrs(f.return_attributes);
        out += " " + blockOf(f.body.get()) + attrs(f.attributes) + ")";
        break;
      }
      case GlobalKind::ConstAssert: out += dump(*g.const_assert); break;
    }
    out += "\n";
  }
  return out;
}

}  // namespace wgsl::ast
