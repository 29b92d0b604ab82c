// The resolver's functions: signatures, entry point stages and workgroup sizes, bodies (section
// "Functions").
#include "interp/sema/resolver_impl.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "base/diagnostics.h"

namespace wgsl::sema::internal {

void Resolver::functionSignature(const ast::FunctionDecl& f) {
  for (const auto& a : f.attributes) {
    if (a.name.name == "must_use" && !f.return_type) {
      diags_.error(a.range, fmt::format("@must_use is only allowed on functions with a return type; '{}' has none",
                                        f.name.name));
    }
    if (a.name.name == "subgroup_size" && !enabled("subgroup_size_control")) {
      diags_.error(a.range, "@subgroup_size requires 'enable subgroup_size_control;'");
    }
  }
  checkAttributes(f.attributes, {"compute", "vertex", "fragment", "workgroup_size", "must_use", "diagnostic",
                                 "subgroup_size"},
                  "a function");
  for (const auto& prm : f.params) {
    checkAttributes(prm.attributes, {"builtin", "location", "interpolate", "invariant", "blend_src"}, "a parameter");
  }
  checkAttributes(f.return_attributes, {"builtin", "location", "interpolate", "invariant", "blend_src"},
                  "a return type");
  Signature sig;
  std::set<std::string> names;
  for (const auto& prm : f.params) {
    const Type* t = resolveType(*prm.type);
    if (!t) sig.known = false;
    if (!names.insert(prm.name.name).second) {
      diags_.error(prm.name.range, fmt::format("duplicate parameter '{}'", prm.name.name));
    }
    if (t && !t->isConstructible() && !t->isPtr() && !t->isHandle()) {
      diags_.error(prm.type->range, fmt::format("parameter '{}' has type '{}': parameters must be constructible types, "
                                                "pointers, textures or samplers",
                                                prm.name.name, t->name()));
    }
    sig.params.push_back(t);
  }
  if (f.return_type) {
    sig.ret = resolveType(*f.return_type);
    if (sig.ret && !sig.ret->isConstructible()) {
      diags_.error(f.return_type->range,
                   fmt::format("function '{}' returns '{}': a return type must be constructible", f.name.name,
                               sig.ret->name()));
    }
    if (!sig.ret) sig.known = false;
  }
  signatures_[&f] = sig;
  p_.functions[&f] = FunctionInfo{sig.params, sig.ret};
  entryPoint(f);
}

void Resolver::entryPoint(const ast::FunctionDecl& f) {
  std::optional<ShaderStage> stage;
  const ast::Attribute* wg = nullptr;
  // The last stage attribute and @workgroup_size count (Validator::checkStageAttributes judges
  // their number and placement).
  for (const auto& a : f.attributes) {
    if (auto st = shaderStageOf(a)) stage = st;
    else if (a.name.name == "workgroup_size") wg = &a;
  }
  if (!stage) return;
  EntryPoint ep;
  ep.function = &f;
  ep.name = f.name.name;
  ep.stage = *stage;
  if (*stage == ShaderStage::Compute && wg) {
    const Type* first = nullptr;
    std::vector<std::pair<ExprInfo, SourceRange>> abstract_args;
    for (size_t i = 0; i < 3; ++i) {
      ep.workgroup_size[i].value = 1;
      if (i >= wg->args.size()) continue;
      const Expr& a = *wg->args[i];
      ep.workgroup_size[i].expr = &a;
      ep.workgroup_size[i].value.reset();
      ExprInfo info = expr(a);
      if (!info.type) continue;
      const Type* t = info.type;
      if (t->kind != TypeKind::I32 && t->kind != TypeKind::U32 && t->kind != TypeKind::AbstractInt) {
        diags_.error(a.range, fmt::format("@workgroup_size arguments must be i32 or u32, not '{}'", t->name()));
        continue;
      }
      if (first && !t->isAbstractScalar() && !first->isAbstractScalar() && t != first) {
        diags_.error(a.range, "all @workgroup_size arguments must have the same type");
      }
      if (!t->isAbstractScalar()) first = t;
      if (info.stage == EvalStage::Runtime) {
        diags_.error(a.range, "@workgroup_size arguments must be const-expressions or override-expressions");
      } else if (info.value) {
        if (info.value->i <= 0) {
          diags_.error(a.range, fmt::format("{}@workgroup_size arguments must be positive, not {}",
                                            info.stage == EvalStage::Override ? "pipeline-creation error: " : "",
                                            info.value->i));
        }
        ep.workgroup_size[i].value = info.value->i;
      }
      if (t->isAbstractScalar()) abstract_args.push_back({info, a.range});
    }
    // AbstractInt arguments convert to the concrete type of the others, or to i32.
    for (const auto& [info, range] : abstract_args) checkImplicitConversion(info, first ? first : types_.i32(), range);
  }
  entryPointLocations(f, *stage);
  p_.entry_points.push_back(ep);
}

void Resolver::entryPointLocations(const ast::FunctionDecl& f, ShaderStage stage) {
  if (stage == ShaderStage::Compute) return;  // @location is an error there, its value unused
  const Signature& sig = signatures_[&f];
  auto item = [&](const ast::AttributeList& attrs, const Type* t) {
    const ast::Attribute* builtin = nullptr;
    const ast::Attribute* location = nullptr;
    for (const auto& a : attrs) {
      if (a.name.name == "builtin") builtin = &a;
      if (a.name.name == "location") location = &a;
    }
    if (!t || !location || builtin || location->args.empty()) return;
    if (!(t->isScalar() || t->isVector()) || t->scalarOf()->kind == TypeKind::Bool) return;
    if (p_.info(location->args[0].get()) == nullptr) expr(*location->args[0]);
  };
  for (size_t i = 0; i < f.params.size(); ++i) {
    item(f.params[i].attributes, i < sig.params.size() ? sig.params[i] : nullptr);
  }
  if (f.return_type) item(f.return_attributes, sig.ret);
}

void Resolver::functionBody(const ast::FunctionDecl& f) {
  current_fn_ = &f;
  scopes_.clear();
  scopes_.emplace_back();
  const Signature& sig = signatures_[&f];
  for (size_t i = 0; i < f.params.size(); ++i) {
    Symbol s;
    s.kind = SymbolKind::Param;
    s.function = &f;
    s.param_index = static_cast<int>(i);
    s.name = f.params[i].name.name;
    s.range = f.params[i].name.range;
    s.type = i < sig.params.size() ? sig.params[i] : nullptr;
      scopes_.back()[s.name] = s;
  }
  loop_depth_ = 0;
  switch_depth_ = 0;
  in_continuing_ = 0;
  const Behaviors b = block(*f.body, /*new_scope=*/false);
  fn_behavior_[&f] = b == 0 ? 0u : static_cast<Behaviors>(kNext);
  records_.behaviors[&f] = b;
  records_.function_bytes[&f] = function_bytes_;
  function_bytes_ = 0;
  scopes_.clear();
  current_fn_ = nullptr;
}

}  // namespace wgsl::sema::internal
