// The resolver's attribute rules: where each attribute may appear, duplicates, @diagnostic,
// @blend_src, and attribute arguments that are const integers (section "Attributes").
#include "interp/sema/resolver_impl.h"

#include <fmt/format.h>

#include <initializer_list>
#include <map>
#include <set>

#include "base/diagnostics.h"

namespace wgsl::sema::internal {

void Resolver::checkAttributes(const ast::AttributeList& attrs, std::initializer_list<const char*> allowed,
                               const char* where) {
  std::set<std::string> seen;
  for (const auto& a : attrs) {
    const std::string& n = a.name.name;
    bool ok = false;
    for (const char* al : allowed) ok = ok || n == al;
    if (!ok) {
      if (n == "const") {
        diags_.error(a.range, "@const must not be applied to a user-defined function: it marks the built-in functions "
                              "usable in const-expressions");
      } else {
        diags_.error(a.range, fmt::format("attribute '@{}' is not allowed on {}", n, where));
      }
      continue;
    }
    if (n != "diagnostic" && !seen.insert(n).second) {
      diags_.error(a.range, fmt::format("attribute '@{}' is specified more than once on {}", n, where));
    }
    // "Otherwise, using blend_src will result in a shader-creation error" (section "Enable
    // Extensions", dual_source_blending).
    if (n == "blend_src" && !enabled("dual_source_blending")) {
      diags_.error(a.range, "'@blend_src' requires 'enable dual_source_blending;'");
    }
  }
  // "More than one diagnostic attribute may be specified on a syntactic form, but they must
  // specify different triggering rules" (the `diagnostic` attribute): unlike global filters,
  // two with the same rule are an error even with the same severity.
  std::map<std::string, const ast::DiagnosticControl*> rules;
  for (const auto& a : attrs) {
    if (!a.diagnostic) continue;
    const ast::DiagnosticControl& dc = *a.diagnostic;
    auto [it, inserted] = rules.emplace(ruleName(dc), &dc);
    if (!inserted) {
      diags_.error(dc.range, fmt::format("two @diagnostic attributes on {} name the triggering rule '{}': the "
                                         "@diagnostic attributes of one place must name different rules",
                                         where, ruleName(dc)));
      diags_.note(it->second->range, "the other filter is here");
    }
  }
  // @interpolate only with @location; @invariant only with @builtin(position).
  const ast::Attribute *location = nullptr, *interpolate = nullptr, *invariant = nullptr, *builtin = nullptr;
  for (const auto& a : attrs) {
    if (a.name.name == "location") location = &a;
    if (a.name.name == "interpolate") interpolate = &a;
    if (a.name.name == "invariant") invariant = &a;
    if (a.name.name == "builtin") builtin = &a;
  }
  if (interpolate && !location) diags_.error(interpolate->range, "@interpolate is only allowed together with @location");
  if (invariant) {
    const auto* id = builtin && !builtin->args.empty() ? builtin->args[0]->as<ast::IdentExpr>() : nullptr;
    if (!id || id->ident.name != "position") {
      diags_.error(invariant->range, "@invariant is only allowed together with @builtin(position)");
    }
  }
}

void Resolver::checkStatementAttributes(const ast::AttributeList& attrs) {
  checkAttributes(attrs, {"diagnostic"}, "a statement");
}

void Resolver::checkBlendSrc(const ast::StructDecl& d, const Type& t) {
  std::vector<size_t> located;
  bool any_blend = false;
  for (size_t i = 0; i < d.members.size(); ++i) {
    bool has_location = false;
    for (const auto& a : d.members[i].attributes) {
      has_location = has_location || a.name.name == "location";
      any_blend = any_blend || a.name.name == "blend_src";
    }
    if (has_location) located.push_back(i);
  }
  if (!any_blend) return;
  auto attrValue = [&](size_t m, const char* name) -> std::optional<int64_t> {
    for (const auto& a : d.members[m].attributes) {
      if (a.name.name == name && !a.args.empty()) {
        const ExprInfo* v = p_.info(a.args[0].get());
        if (v && v->value) return v->value->i;
      }
    }
    return std::nullopt;
  };
  bool ok = located.size() == 2;
  if (ok) {
    std::set<int64_t> srcs;
    for (size_t m : located) {
      ok = ok && attrValue(m, "location") == 0;
      if (auto b = attrValue(m, "blend_src")) srcs.insert(*b);
    }
    ok = ok && srcs == std::set<int64_t>{0, 1};
    ok = ok && located[0] < t.members.size() && located[1] < t.members.size() &&
         t.members[located[0]].type == t.members[located[1]].type;
  }
  if (!ok) {
    diags_.error(d.name.range, fmt::format("structure '{}' uses @blend_src, so its located members must be exactly "
                                           "@location(0) @blend_src(0) and @location(0) @blend_src(1), of the same type",
                                           d.name.name));
  }
}

std::optional<uint32_t> Resolver::positiveAttr(const ast::Attribute& a, const char* what, bool power_of_two,
                                               bool allow_zero) {
  if (a.args.empty()) return std::nullopt;
  ExprInfo info = expr(*a.args[0]);
  if (!info.type) return std::nullopt;
  if (!info.value || !info.type->isIntegerScalar()) {
    diags_.error(a.args[0]->range, fmt::format("the argument of @{} must be a const-expression of type i32 or u32",
                                               what));
    return std::nullopt;
  }
  const int64_t v = info.value->i;
  // An AbstractInt argument "resolves to" i32 (concretization): it must fit i32.
  if (info.type->kind == TypeKind::AbstractInt && v > 0x7FFFFFFFll) {
    diags_.error(a.args[0]->range, fmt::format("the argument of @{} is {}, which does not fit i32 (the AbstractInt "
                                               "argument is converted to i32; write {}u for u32)",
                                               what, v, v));
    return std::nullopt;
  }
  if (v < (allow_zero ? 0 : 1) || v > 0xFFFFFFFFll) {
    diags_.error(a.args[0]->range, fmt::format("@{}({}) must be {}", what, v, allow_zero ? "non-negative" : "positive"));
    return std::nullopt;
  }
  if (power_of_two && (v & (v - 1)) != 0) {
    diags_.error(a.args[0]->range, fmt::format("@{}({}) must be a power of two", what, v));
    return std::nullopt;
  }
  return static_cast<uint32_t>(v);
}

}  // namespace wgsl::sema::internal
