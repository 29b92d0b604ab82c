// The validator's entry-point interface rules: built-in values, locations, interpolation (sections
// "Entry Point Declaration", "Built-in Values", "Input-output Locations", "Interpolation").
#include "interp/sema/validator.h"

#include <fmt/format.h>

#include <set>

#include "base/diagnostics.h"

namespace wgsl::sema::internal {

const std::vector<Validator::BuiltinValue>& Validator::builtinValues() {
  static const std::vector<BuiltinValue> kTable = {
      {"vertex_index", ShaderStage::Vertex, true, "u32", nullptr},
      {"instance_index", ShaderStage::Vertex, true, "u32", nullptr},
      {"clip_distances", ShaderStage::Vertex, false, "array<f32, N>", "clip_distances"},
      {"position", ShaderStage::Vertex, false, "vec4<f32>", nullptr},
      {"position", ShaderStage::Fragment, true, "vec4<f32>", nullptr},
      {"front_facing", ShaderStage::Fragment, true, "bool", nullptr},
      {"frag_depth", ShaderStage::Fragment, false, "f32", nullptr},
      {"primitive_index", ShaderStage::Fragment, true, "u32", "primitive_index"},
      {"sample_index", ShaderStage::Fragment, true, "u32", nullptr},
      {"sample_mask", ShaderStage::Fragment, true, "u32", nullptr},
      {"sample_mask", ShaderStage::Fragment, false, "u32", nullptr},
      {"local_invocation_id", ShaderStage::Compute, true, "vec3<u32>", nullptr},
      {"local_invocation_index", ShaderStage::Compute, true, "u32", nullptr},
      {"global_invocation_id", ShaderStage::Compute, true, "vec3<u32>", nullptr},
      {"global_invocation_index", ShaderStage::Compute, true, "u32", nullptr},
      {"workgroup_id", ShaderStage::Compute, true, "vec3<u32>", nullptr},
      {"workgroup_index", ShaderStage::Compute, true, "u32", nullptr},
      {"num_workgroups", ShaderStage::Compute, true, "vec3<u32>", nullptr},
      {"subgroup_invocation_id", ShaderStage::Compute, true, "u32", "subgroups"},
      {"subgroup_invocation_id", ShaderStage::Fragment, true, "u32", "subgroups"},
      {"subgroup_size", ShaderStage::Compute, true, "u32", "subgroups"},
      {"subgroup_size", ShaderStage::Fragment, true, "u32", "subgroups"},
      {"subgroup_id", ShaderStage::Compute, true, "u32", "subgroups"},
      {"num_subgroups", ShaderStage::Compute, true, "u32", "subgroups"},
  };
  return kTable;
}

void Validator::checkInterpolation(const ast::AttributeList& attrs, const Type* t, const std::string& what,
                                  SourceRange r, ShaderStage stage, bool input) {
  const ast::Attribute* interp = nullptr;
  for (const auto& a : attrs)
    if (a.name.name == "interpolate") interp = &a;
  auto nameAt = [&](size_t i) -> std::string {
    if (!interp || i >= interp->args.size()) return {};
    const auto* id = interp->args[i]->as<ast::IdentExpr>();
    return id ? id->ident.name : std::string();
  };
  const std::string type = nameAt(0), sampling = nameAt(1);
  if (!sampling.empty()) {
    const bool flat = type == "flat";
    const bool ok = flat ? (sampling == "first" || sampling == "either")
                         : (sampling == "center" || sampling == "centroid" || sampling == "sample");
    if (!ok) {
      diags_.error(interp->range, fmt::format("interpolation sampling '{}' is not allowed with '{}': use {}", sampling,
                                              type, flat ? "'first' or 'either'" : "'center', 'centroid' or 'sample'"));
    }
  }
  const Type* scalar = t->scalarOf();
  const bool interstage = (stage == ShaderStage::Vertex && !input) || (stage == ShaderStage::Fragment && input);
  if (interstage && scalar && scalar->isIntegerScalar() && type != "flat") {
    diags_.error(r, fmt::format("{} has integer type '{}', so it must be declared @interpolate(flat)", what, t->name()));
  }
}

void Validator::checkIoItem(const ast::AttributeList& attrs, const Type* t, const std::string& what, SourceRange r,
                           ShaderStage stage, bool input, std::set<std::string>& seen_builtins, bool allow_struct) {
  const ast::Attribute* builtin = nullptr;
  const ast::Attribute* location = nullptr;
  for (const auto& a : attrs) {
    if (a.name.name == "builtin") builtin = &a;
    if (a.name.name == "location") location = &a;
  }
  if (!t) return;
  if (!builtin && !location) {
    if (allow_struct && t->isStruct()) {
      for (const auto& m : t->members) {
        const ast::StructMember& am = t->struct_decl->members[m.index];
        checkIoItem(am.attributes, m.type, fmt::format("member '{}' of '{}'", m.name, t->name()), am.range, stage,
                    input, seen_builtins, false);
      }
      return;
    }
    diags_.error(r, fmt::format("{} of a {} entry point needs a @builtin or @location attribute", what,
                                toString(stage)));
    return;
  }
  if (builtin && location) {
    diags_.error(r, fmt::format("{} cannot have both @builtin and @location", what));
    return;
  }
  if (location) {
    if (stage == ShaderStage::Compute) {
      diags_.error(location->range, "compute entry points have no user-defined inputs or outputs: @location is not "
                                    "allowed");
    } else if (!(t->isScalar() || t->isVector()) || t->scalarOf()->kind == TypeKind::Bool) {
      diags_.error(r, fmt::format("{} has @location, so its type must be a numeric scalar or vector, not '{}'", what,
                                  t->name()));
    } else if (!location->args.empty()) {
      checkInterpolation(attrs, t, what, r, stage, input);
      const ExprInfo* li = p_.info(location->args[0].get());
      ExprInfo v = li ? *li : ExprInfo{};  // resolved by Resolver::entryPointLocations()
      // "@location: Parameters: Must be a const-expression that resolves to an i32 or u32."
      if (v.type && (v.stage != EvalStage::Const || !v.value || !v.type->isIntegerScalar())) {
        diags_.error(location->args[0]->range,
                     fmt::format("the argument of @location must be a const-expression of type i32 or u32, not {} "
                                 "of type '{}'",
                                 v.stage == EvalStage::Override  ? "an override-expression"
                                 : v.stage == EvalStage::Runtime ? "a runtime expression"
                                                                 : "a value",
                                 v.type->name()));
      } else if (v.value && v.type && v.type->isIntegerScalar() && v.value->i < 0) {
        diags_.error(location->range, fmt::format("@location({}) must not be negative", v.value->i));
      } else if (v.value && v.type && v.type->isIntegerScalar()) {
        std::string key = "@location(" + std::to_string(v.value->i) + ")";
        for (const auto& a : attrs) {
          // Dual-source blending: @location(0) appears twice, with @blend_src(0) and (1).
          if (a.name.name == "blend_src" && !a.args.empty()) {
            if (const ExprInfo* bi = p_.info(a.args[0].get()); bi && bi->value) key += "@blend_src(" + std::to_string(bi->value->i) + ")";
            else key += "@blend_src(" + std::to_string(reinterpret_cast<uintptr_t>(&a)) + ")";
          }
        }
        if (!seen_builtins.insert(key).second) {
          diags_.error(location->range, fmt::format("@location({}) is used more than once in the {} of this entry point",
                                                    v.value->i, input ? "inputs" : "outputs"));
        }
      }
    }
    return;
  }
  const auto* id = builtin->args.empty() ? nullptr : builtin->args[0]->as<ast::IdentExpr>();
  if (!id) return;
  const std::string& name = id->ident.name;
  const BuiltinValue* match = nullptr;
  bool other_direction = false;
  for (const auto& bv : builtinValues()) {
    if (name != bv.name || bv.stage != stage) continue;
    if (bv.input == input) match = &bv;
    else other_direction = true;
  }
  if (!match) {
    diags_.error(builtin->range, other_direction
                                     ? fmt::format("built-in value '{}' is {} of {} shaders, not {}", name,
                                                   input ? "an output" : "an input", toString(stage),
                                                   input ? "an input" : "an output")
                                     : fmt::format("built-in value '{}' is not available in {} shaders", name,
                                                   toString(stage)));
    return;
  }
  if (match->extension && !enabled(match->extension)) {
    diags_.error(builtin->range, fmt::format("built-in value '{}' requires 'enable {};'", name, match->extension));
  }
  const std::string tn = t->name();
  const bool type_ok = std::string(match->type) == "array<f32, N>"
                           ? (t->isArray() && t->count && *t->count <= 8 && t->elem->kind == TypeKind::F32)
                           : tn == match->type;
  if (!type_ok) {
    diags_.error(r, fmt::format("built-in value '{}' has type '{}', but {} is declared as '{}'", name, match->type,
                                what, tn));
  }
  if (!seen_builtins.insert(name).second) {
    diags_.error(builtin->range, fmt::format("built-in value '{}' appears more than once in the {} of this entry point",
                                             name, input ? "inputs" : "outputs"));
  }
}

void Validator::checkInterface(const ast::FunctionDecl& f, ShaderStage stage) {
  const FunctionInfo& sig = functionInfo(f);
  std::set<std::string> inputs, outputs;
  for (size_t i = 0; i < f.params.size(); ++i) {
    checkIoItem(f.params[i].attributes, i < sig.params.size() ? sig.params[i] : nullptr,
                fmt::format("parameter '{}'", f.params[i].name.name), f.params[i].range, stage, true, inputs, true);
  }
  if (!f.return_type) {
    if (stage == ShaderStage::Vertex) {
      diags_.error(f.name.range, fmt::format("vertex entry point '{}' must return the 'position' built-in value",
                                             f.name.name));
    }
    return;
  }
  if (stage == ShaderStage::Compute) {
    diags_.error(f.return_type->range, "compute entry points cannot return a value");
    return;
  }
  checkIoItem(f.return_attributes, sig.ret, "the return value", f.return_type->range, stage, false, outputs, true);
  if (stage == ShaderStage::Vertex && sig.ret && !outputs.count("position")) {
    diags_.error(f.return_type->range, fmt::format("vertex entry point '{}' must return the 'position' built-in value",
                                                   f.name.name));
  }
}

}  // namespace wgsl::sema::internal
