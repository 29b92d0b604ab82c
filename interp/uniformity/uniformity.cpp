// The driver of the uniformity analysis: orders functions callees-first, builds each function's
// graph (function_graph.cpp), then runs phase two (tags and uniformity failures) as the spec's
// "Analyzing the Uniformity Requirements of a Function" describes, once per uniformity scope.
#include "interp/uniformity/uniformity.h"

#include <fmt/format.h>

#include <functional>
#include <unordered_set>

#include "base/diagnostics.h"
#include "base/source_text.h"
#include "interp/uniformity/function_graph.h"
#include "interp/uniformity/label_text.h"

namespace wgsl::uniformity {
namespace {

using TagMap = std::unordered_map<const ast::FunctionDecl*, FunctionTags>;

// ------------------------------------------------------------------ call graph

template <typename F>
void forEachCallInExpr(const ast::Expr* e, F& f) {
  if (!e) return;
  switch (e->kind) {
    case ast::ExprKind::Call: {
      const auto* c = e->as<ast::CallExpr>();
      f(c);
      for (const auto& a : c->args) forEachCallInExpr(a.get(), f);
      return;
    }
    case ast::ExprKind::Paren: forEachCallInExpr(e->as<ast::ParenExpr>()->inner.get(), f); return;
    case ast::ExprKind::Unary: forEachCallInExpr(e->as<ast::UnaryExpr>()->operand.get(), f); return;
    case ast::ExprKind::Binary:
      forEachCallInExpr(e->as<ast::BinaryExpr>()->lhs.get(), f);
      forEachCallInExpr(e->as<ast::BinaryExpr>()->rhs.get(), f);
      return;
    case ast::ExprKind::Index:
      forEachCallInExpr(e->as<ast::IndexExpr>()->base.get(), f);
      forEachCallInExpr(e->as<ast::IndexExpr>()->index.get(), f);
      return;
    case ast::ExprKind::Member: forEachCallInExpr(e->as<ast::MemberExpr>()->base.get(), f); return;
    default: return;
  }
}

template <typename F>
void forEachCallInStmts(const std::vector<ast::StmtPtr>& list, F& f);

template <typename F>
void forEachCallInStmt(const ast::Stmt* s, F& f) {
  if (!s) return;
  using K = ast::StmtKind;
  switch (s->kind) {
    case K::Compound: forEachCallInStmts(s->as<ast::CompoundStmt>()->body, f); return;
    case K::Return: forEachCallInExpr(s->as<ast::ReturnStmt>()->value.get(), f); return;
    case K::If: {
      const auto* i = s->as<ast::IfStmt>();
      for (const auto& c : i->clauses) {
        forEachCallInExpr(c.condition.get(), f);
        forEachCallInStmt(c.body.get(), f);
      }
      forEachCallInStmt(i->else_body.get(), f);
      return;
    }
    case K::Switch: {
      const auto* sw = s->as<ast::SwitchStmt>();
      forEachCallInExpr(sw->selector.get(), f);
      for (const auto& c : sw->clauses) forEachCallInStmt(c.body.get(), f);
      return;
    }
    case K::Loop: {
      const auto* l = s->as<ast::LoopStmt>();
      forEachCallInStmts(l->body, f);
      if (l->continuing) {
        forEachCallInStmts(l->continuing->body, f);
        forEachCallInExpr(l->continuing->break_if.get(), f);
      }
      return;
    }
    case K::For: {
      const auto* fo = s->as<ast::ForStmt>();
      forEachCallInStmt(fo->init.get(), f);
      forEachCallInExpr(fo->condition.get(), f);
      forEachCallInStmt(fo->update.get(), f);
      forEachCallInStmt(fo->body.get(), f);
      return;
    }
    case K::While:
      forEachCallInExpr(s->as<ast::WhileStmt>()->condition.get(), f);
      forEachCallInStmt(s->as<ast::WhileStmt>()->body.get(), f);
      return;
    case K::Call: forEachCallInExpr(s->as<ast::CallStmt>()->call.get(), f); return;
    case K::VarDecl: forEachCallInExpr(s->as<ast::VarDeclStmt>()->decl.initializer.get(), f); return;
    case K::Assign:
      forEachCallInExpr(s->as<ast::AssignStmt>()->lhs.get(), f);
      forEachCallInExpr(s->as<ast::AssignStmt>()->rhs.get(), f);
      return;
    case K::Increment: forEachCallInExpr(s->as<ast::IncrementStmt>()->lhs.get(), f); return;
    case K::Decrement: forEachCallInExpr(s->as<ast::DecrementStmt>()->lhs.get(), f); return;
    default: return;
  }
}

template <typename F>
void forEachCallInStmts(const std::vector<ast::StmtPtr>& list, F& f) {
  for (const auto& s : list) forEachCallInStmt(s.get(), f);
}

// ------------------------------------------------------------------ phase two

wgsl::Severity toDiagSeverity(Sev s) {
  return s == Sev::Error ? wgsl::Severity::Error : s == Sev::Warning ? wgsl::Severity::Warning : wgsl::Severity::Info;
}
const char* sevName(Sev s) { return s == Sev::Error ? "error" : s == Sev::Warning ? "warning" : "info"; }

class Analyzer {
 public:
  Analyzer(const sema::Program& p, DiagnosticList& d, const Options& o) : prog_(p), diags_(d), opts_(o) {}

  Result run() {
    order();
    if (opts_.subgroup_uniformity) {
      // Workgroup (compute) / draw uniformity scope: barriers and derivatives.
      ScopeConfig wg;
      wg.subgroup_required = false;
      runScope(wg, "workgroup");
      if (uses_subgroup_) {
        ScopeConfig sg;
        sg.sync_required = false;
        sg.derivatives_required = false;
        sg.subgroup_results_uniform = true;
        sg.subgroup_id_uniform = true;
        runScope(sg, "subgroup");
      }
    } else {
      runScope(ScopeConfig{}, "workgroup");
    }
    result_.explanation = explain_;
    return result_;
  }

 private:
  // Functions in call-graph order: every callee before its callers.
  void order() {
    std::vector<const ast::FunctionDecl*> fns;
    for (const auto& d : prog_.module->decls)
      if (d.kind == ast::GlobalKind::Function && d.function) fns.push_back(d.function.get());
    std::unordered_map<const ast::FunctionDecl*, std::vector<const ast::FunctionDecl*>> callees;
    for (const auto* fn : fns) {
      auto& out = callees[fn];
      auto visit = [&](const ast::CallExpr* c) {
        const auto* ci = prog_.info(c);
        if (ci && ci->call == sema::CallKind::Function && ci->callee) out.push_back(ci->callee);
        if (ci && ci->call == sema::CallKind::Builtin) {
          const sema::BuiltinUniformity k = sema::builtinUniformity(ci->builtin);
          if (k == sema::BuiltinUniformity::Subgroup || k == sema::BuiltinUniformity::SubgroupUniformResult ||
              k == sema::BuiltinUniformity::SubgroupShuffle || k == sema::BuiltinUniformity::Quad)
            uses_subgroup_ = true;
        }
      };
      if (fn->body) forEachCallInStmts(fn->body->body, visit);
    }
    // Iterative depth-first post-order (call chains can be deep).
    std::unordered_set<const ast::FunctionDecl*> seen;
    for (const auto* root : fns) {
      if (!seen.insert(root).second) continue;
      std::vector<std::pair<const ast::FunctionDecl*, size_t>> stack{{root, 0}};
      while (!stack.empty()) {
        auto& [fn, next] = stack.back();
        const auto& cs = callees[fn];
        if (next < cs.size()) {
          const auto* c = cs[next++];
          if (seen.insert(c).second) stack.push_back({c, 0});
          continue;
        }
        order_.push_back(fn);
        stack.pop_back();
      }
    }
  }

  const sema::EntryPoint* entryPoint(const ast::FunctionDecl* fn) const {
    for (const auto& ep : prog_.entry_points)
      if (ep.function == fn) return &ep;
    return nullptr;
  }

  void runScope(const ScopeConfig& scope, const char* scope_name) {
    TagMap tags;
    for (const auto* fn : order_) {
      FunctionContext ctx;
      ctx.program = &prog_;
      ctx.function = fn;
      ctx.entry_point = entryPoint(fn);
      ctx.scope = scope;
      ctx.tags = &tags;
      ctx.behaviors = &behaviors_;
      buildFunctionGraph(ctx, fg_);
      tags[fn] = phaseTwo(fg_, *fn, tags, scope_name, ctx.entry_point != nullptr);
    }
  }

  // Notes for the labelled nodes along a path (following `next` until it ends or `stop`).
  void pathNotes(const FunctionGraph& fg, const TagMap& tags, NodeId from, const std::vector<NodeId>& next,
                 std::vector<Label>& out) {
    const Graph& g = fg.g;
    size_t guard = 0;
    NodeId prev_labelled = kNoNode;
    for (NodeId n = from; n != kNoNode && guard < g.size(); n = next[n], ++guard) {
      const Label& l = g.label(n);
      NodeId nn = next[n];
      if (l.kind == LabelKind::PtrAfterCall && nn != fg.may_be_non_uniform) {
        if (nn == n) break;
        continue;  // the path goes on through the call's arguments or control flow
      }
      if (hasText(l.kind) && out.size() < 24) {
        bool dup = prev_labelled != kNoNode && g.label(prev_labelled).kind == l.kind &&
                   g.label(prev_labelled).range.begin == l.range.begin;
        if (!dup) out.push_back(l);
        prev_labelled = n;
        // Explain non-uniformity coming out of a callee.
        if (l.ptr) {
          auto it = tags.find(static_cast<const ast::FunctionDecl*>(l.ptr));
          if (it != tags.end()) {
            const auto& why = l.kind == LabelKind::CallResult ? it->second.return_why
                              : l.extra < it->second.ptr_why.size() ? it->second.ptr_why[l.extra]
                                                                    : it->second.return_why;
            for (const auto& w : why)
              if (out.size() < 24) out.push_back(w);
          }
        }
      }
      if (nn == n) break;  // reached the end (MayBeNonUniform)
    }
  }

  // Notes along a path recorded as parents (from `to` back to its BFS root), in forward order.
  void parentNotes(const Graph& g, const std::vector<NodeId>& parent, NodeId to, std::vector<Label>& out) {
    std::vector<NodeId> path;
    for (NodeId n = to; n != kNoNode && path.size() <= g.size(); n = parent[n]) {
      path.push_back(n);
      if (parent[n] == n) break;
    }
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
      if (hasText(g.label(*it).kind) && out.size() < 24) out.push_back(g.label(*it));
    }
  }

  void report(const FunctionGraph& fg, const TagMap& tags, const Requirement& r, const std::vector<NodeId>& next) {
    Diagnostic d;
    d.severity = toDiagSeverity(r.sev);
    d.range = r.origin.site;
    if (!*r.origin.param)
      d.message = "'" + *r.origin.builtin + "' must only be called from uniform control flow";
    else
      d.message = fmt::format("parameter '{}' of '{}' must be a uniform value", r.origin.param, *r.origin.builtin);
    std::vector<Label> labels = chainNotes(r.origin.chain);
    pathNotes(fg, tags, r.target, next, labels);
    for (const auto& l : labels) d.notes.push_back(Diagnostic{wgsl::Severity::Note, labelText(l), l.range, {}});
    if (d.notes.size() > 40) {
      // A very deep call chain: keep both ends.
      const size_t hidden = d.notes.size() - 30;
      std::vector<Diagnostic> kept(d.notes.begin(), d.notes.begin() + 15);
      kept.push_back(Diagnostic{wgsl::Severity::Note, fmt::format("... ({} more notes along the call chain) ...", hidden),
                                d.notes[15].range, {}});
      kept.insert(kept.end(), d.notes.end() - 15, d.notes.end());
      d.notes = std::move(kept);
    }
    if (r.origin.rule != Rule::Unnamed) {
      const char* rule = r.origin.rule == Rule::Derivative ? "derivative_uniformity" : "subgroup_uniformity";
      d.notes.push_back(Diagnostic{wgsl::Severity::Note,
                                   fmt::format("this is the '{}' diagnostic; a diagnostic filter such as "
                                               "@diagnostic(off, {}) can change its severity",
                                               rule, rule),
                                   r.origin.site, {}});
    }
    if (r.sev == Sev::Error) ++result_.errors;
    else if (r.sev == Sev::Warning) ++result_.warnings;
    else ++result_.infos;
    diags_.add(std::move(d));
  }

  FunctionTags phaseTwo(const FunctionGraph& fg, const ast::FunctionDecl& fn, const TagMap& tags,
                        const char* scope_name, bool is_entry) {
    const Graph& g = fg.g;
    const size_t np = fg.param.size();
    FunctionTags t;
    t.done = true;
    t.params.resize(np);
    t.return_needs_param.assign(np, false);
    t.return_needs_contents.assign(np, false);
    t.ptr_param.assign(np, false);
    t.ptr_may_be_non_uniform.assign(np, false);
    t.ptr_why.resize(np);
    t.ptr_from_params.resize(np);
    t.ptr_from_contents.resize(np);
    for (size_t i = 0; i < np; ++i) t.ptr_param[i] = fg.param_contents[i] != kNoNode;

    // Which nodes can reach MayBeNonUniform, and how (one shortest path each).
    g.pathsTo(fg.may_be_non_uniform, next_);
    const std::vector<NodeId>& next = next_;

    visited_.assign(g.size(), 0);
    parent_.assign(g.size(), kNoNode);
    from_req_.assign(g.size(), 0);
    auto& visited = visited_;
    auto& parent = parent_;
    auto& from_req = from_req_;
    std::string ex;
    std::unordered_set<const void*> reported_groups;
    for (Sev sev : {Sev::Error, Sev::Warning, Sev::Info}) {
      bool failed = false;
      std::vector<NodeId> queue;
      for (size_t ri = 0; ri < fg.requirements.size(); ++ri) {
        const Requirement& r = fg.requirements[ri];
        if (r.sev != sev) continue;
        const bool bad = next[r.target] != kNoNode;
        if (bad) {
          failed = true;
          if (!r.group || reported_groups.insert(r.group).second) report(fg, tags, r, next);
        }
        if (opts_.explain) ex += explainRequirement(fg, tags, r, next, bad);
        if (!visited[r.target] || !g.interior(r.target)) {
          if (parent[r.target] == kNoNode) parent[r.target] = r.target;
          if (g.interior(r.target)) visited[r.target] = 1;
          from_req[r.target] = uint32_t(ri);
          queue.push_back(r.target);
        }
      }
      // R.S: the unvisited nodes reachable from RequiredToBeUniform.S.
      std::vector<NodeId> reached;
      for (size_t i = 0; i < queue.size(); ++i) {
        NodeId n = queue[i];
        reached.push_back(n);
        g.forEachOut(n, [&](NodeId s) {
          if (g.interior(s)) {
            if (visited[s]) return;
            visited[s] = 1;
          } else if (parent[s] != kNoNode) {
            return;
          }
          parent[s] = n;
          from_req[s] = from_req[n];
          queue.push_back(s);
        });
      }
      if (!failed) {
        for (NodeId n : reached) {
          const Requirement& r = fg.requirements[from_req[n]];
          if (n == fg.cf_start && t.call_site == Sev::None) {
            t.call_site = sev;
            t.call_site_origin = r.origin;
          }
          for (size_t i = 0; i < np; ++i) {
            const bool is_param = n == fg.param[i];
            const bool is_contents = fg.param_contents[i] != kNoNode && n == fg.param_contents[i];
            if ((is_param || is_contents) && t.params[i].sev == Sev::None) {
              t.params[i].sev = sev;
              t.params[i].contents = is_contents;
              t.params[i].origin = r.origin;
              parentNotes(g, parent, n, t.params[i].why);
            }
          }
        }
      }
      // Non-interior nodes (CF_start, param_i) may be reached again at the next severity.
      for (NodeId n : reached)
        if (!g.interior(n)) parent[n] = kNoNode;
    }

    // Function tag and parameter return tags.
    if (fg.value_return != kNoNode) {
      g.reachableFrom(fg.value_return, reach_, queue_);
      const auto& reach = reach_;
      if (reach[fg.may_be_non_uniform] != kNoNode) {
        t.return_may_be_non_uniform = true;
        pathNotes(fg, tags, fg.value_return, next, t.return_why);
        if (t.return_why.empty())
          t.return_why.push_back(Label{LabelKind::MayReturnNonUniform, fn.name.range, &fn.name.name.str()});
      }
      for (size_t i = 0; i < np; ++i) {
        t.return_needs_param[i] = reach[fg.param[i]] != kNoNode;
        t.return_needs_contents[i] = fg.param_contents[i] != kNoNode && reach[fg.param_contents[i]] != kNoNode;
      }
    }
    // Pointer parameter tags.
    for (size_t i = 0; i < np; ++i) {
      if (fg.return_contents[i] == kNoNode) continue;
      g.reachableFrom(fg.return_contents[i], reach_, queue_);
      const auto& reach = reach_;
      if (reach[fg.may_be_non_uniform] != kNoNode) {
        t.ptr_may_be_non_uniform[i] = true;
        pathNotes(fg, tags, fg.return_contents[i], next, t.ptr_why[i]);
      }
      for (size_t j = 0; j < np; ++j) {
        if (reach[fg.param[j]] != kNoNode) t.ptr_from_params[i].push_back(int(j));
        if (fg.param_contents[j] != kNoNode && reach[fg.param_contents[j]] != kNoNode)
          t.ptr_from_contents[i].push_back(int(j));
      }
    }
    if (opts_.explain) explain_ += explainFunction(fg, fn, t, scope_name, is_entry, ex);
    return t;
  }

  // ---------------------------------------------------------------- --explain-uniformity
  std::string pos(SourceRange r) const {
    if (!opts_.file) return fmt::format("@{}", r.begin);
    auto p = opts_.file->position(r.begin);
    return fmt::format("{}:{}", p.line, p.column);
  }

  std::string explainRequirement(const FunctionGraph& fg, const TagMap& tags, const Requirement& r,
                                 const std::vector<NodeId>& next, bool bad) {
    std::string s;
    if (!*r.origin.param)
      s += fmt::format("    requires uniform control flow [{}]: '{}' at {}", sevName(r.sev), *r.origin.builtin,
                       pos(r.origin.site));
    else
      s += fmt::format("    requires a uniform value [{}]: parameter '{}' of '{}' at {}", sevName(r.sev), r.origin.param,
                       *r.origin.builtin, pos(r.origin.site));
    s += "\n";
    for (const auto& c : chainNotes(r.origin.chain)) s += fmt::format("      via {}: {}\n", pos(c.range), labelText(c));
    if (!bad) {
      // What the requirement depends on, outside this function.
      auto reach = fg.g.reachableFrom(r.target);
      std::string deps;
      if (reach[fg.cf_start] != kNoNode) deps += " the control flow at the start of the function";
      for (size_t i = 0; i < fg.param.size(); ++i) {
        if (reach[fg.param[i]] != kNoNode) deps += fmt::format("{} parameter '{}'", deps.empty() ? "" : ",", *fg.g.label(fg.param[i]).a);
        if (fg.param_contents[i] != kNoNode && reach[fg.param_contents[i]] != kNoNode)
          deps += fmt::format("{} the value pointed to by '{}'", deps.empty() ? "" : ",", *fg.g.label(fg.param[i]).a);
      }
      s += deps.empty() ? "      satisfied: it depends on nothing that may be non-uniform\n"
                        : "      satisfied here; it depends on" + deps + " (the callers must make these uniform)\n";
      return s;
    }
    std::vector<Label> notes;
    pathNotes(fg, tags, r.target, next, notes);
    s += "      VIOLATED, because:\n";
    for (const auto& n : notes) s += fmt::format("        {}: {}\n", pos(n.range), labelText(n));
    return s;
  }

  std::string explainFunction(const FunctionGraph& fg, const ast::FunctionDecl& fn, const FunctionTags& t,
                              const char* scope_name, bool is_entry, const std::string& reqs) {
    std::string s = fmt::format("{} '{}' ({} uniformity scope; graph: {} nodes, {} edges)\n",
                                is_entry ? "entry point" : "function", fn.name.name, scope_name, fg.g.size(),
                                fg.g.edgeCount());
    if (reqs.empty()) s += "    no uniformity requirements\n";
    s += reqs;
    if (!is_entry) {
      s += "  tags:\n";
      if (t.call_site == Sev::None) s += "    call site: CallSiteNoRestriction\n";
      else s += fmt::format("    call site: CallSiteRequiredToBeUniform.{} (because of '{}' at {})\n", sevName(t.call_site),
                            *t.call_site_origin.builtin, pos(t.call_site_origin.site));
      s += fmt::format("    function: {}\n", t.return_may_be_non_uniform ? "ReturnValueMayBeNonUniform" : "NoRestriction");
      for (size_t i = 0; i < t.params.size(); ++i) {
        const auto& p = t.params[i];
        std::string tag = p.sev == Sev::None ? "ParameterNoRestriction"
                          : fmt::format("{}.{}", p.contents ? "ParameterContentsRequiredToBeUniform"
                                                            : "ParameterRequiredToBeUniform",
                                        sevName(p.sev));
        s += fmt::format("    parameter '{}': {}; {}", fn.params[i].name.name, tag,
                         t.return_needs_param[i] || t.return_needs_contents[i] ? "ParameterReturnContentsRequiredToBeUniform"
                                                                                : "ParameterReturnNoRestriction");
        if (t.ptr_param[i])
          s += t.ptr_may_be_non_uniform[i] ? "; PointerParameterMayBeNonUniform" : "; PointerParameterNoRestriction";
        s += "\n";
      }
    }
    return s;
  }

  const sema::Program& prog_;
  DiagnosticList& diags_;
  const Options& opts_;
  Behaviors behaviors_;
  FunctionGraph fg_;  // reused for every function
  std::vector<NodeId> reach_, queue_, next_, parent_;
  std::vector<uint8_t> visited_;
  std::vector<uint32_t> from_req_;
  std::vector<const ast::FunctionDecl*> order_;
  bool uses_subgroup_ = false;
  Result result_;
  std::string explain_;
};

}  // namespace

Result analyze(const sema::Program& program, DiagnosticList& diags, const Options& options) {
  if (!program.module) return {};
  return Analyzer(program, diags, options).run();
}

}  // namespace wgsl::uniformity
