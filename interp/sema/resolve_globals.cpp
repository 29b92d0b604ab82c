// The resolver's module-scope `const`, `override` and `var` declarations, with the store type
// rules of each address space (sections "Variable and Value Declarations", "Address Spaces").
#include "interp/sema/resolver_impl.h"

#include <fmt/format.h>

#include <cmath>

#include "base/diagnostics.h"
#include "interp/sema/const_eval.h"
#include "interp/sema/layout.h"

namespace wgsl::sema::internal {

Symbol Resolver::declSymbol(SymbolKind kind, const ast::VarDecl& d, EvalStage stage) {
  Symbol s;
  s.kind = kind;
  s.name = d.name.name;
  s.range = d.name.range;
  s.var = &d;
  s.stage = stage;
  return s;
}

Symbol Resolver::constDecl(const ast::VarDecl& d) {
  Symbol s = declSymbol(SymbolKind::Const, d, EvalStage::Const);
  const Type* declared = d.type ? resolveType(*d.type) : nullptr;
  if (!d.initializer) return s;
  ExprInfo init = expr(*d.initializer);
  if (!init.type) return s;  // not analysed (yet): no verdict
  if (init.stage != EvalStage::Const) {
    diags_.error(d.initializer->range,
                 fmt::format("the initializer of const '{}' must be a const-expression{}", d.name.name,
                             init.stage == EvalStage::Override ? " (it depends on an override)" : ""));
    return s;
  }
  s.type = init.type;
  s.value = init.value;
  if (declared) {
    if (!convertible(init.type, declared)) {
      diags_.error(d.initializer->range, fmt::format("cannot initialize const '{}' of type '{}' with a value of type '{}'",
                                                     d.name.name, declared->name(), init.type->name()));
      return s;
    }
    s.type = declared;
    if (s.value) s.value = convert(*s.value, declared, d.initializer->range);
  }
  return s;
}

Symbol Resolver::overrideDecl(const ast::VarDecl& d) {
  Symbol s = declSymbol(SymbolKind::Override, d, EvalStage::Override);
  OverrideDecl od;
  od.decl = &d;
  od.name = d.name.name;
  od.has_initializer = d.initializer != nullptr;
  const Type* declared = d.type ? resolveType(*d.type) : nullptr;
  const Type* t = declared;
  if (d.initializer) {
    ExprInfo init = expr(*d.initializer);
    if (init.type) {
      if (init.stage == EvalStage::Runtime) {
        diags_.error(d.initializer->range, fmt::format("the initializer of override '{}' must be a const-expression or "
                                                       "an override-expression",
                                                       d.name.name));
      } else if (declared && !convertible(init.type, declared)) {
        diags_.error(d.initializer->range, fmt::format("cannot initialize override '{}' of type '{}' with a value of "
                                                       "type '{}'",
                                                       d.name.name, declared->name(), init.type->name()));
      }
      if (!t) t = concrete(init.type);
      if (init.value && init.stage == EvalStage::Const) od.default_value = convert(*init.value, t, d.initializer->range);
    }
  } else if (!declared) {
    diags_.error(d.name.range, fmt::format("override '{}' needs a type or an initializer", d.name.name));
  }
  if (t && !t->isScalar()) {
    diags_.error(d.type ? d.type->range : d.name.range,
                 fmt::format("override '{}' must have a concrete scalar type, not '{}'", d.name.name, t->name()));
  }
  checkAttributes(d.attributes, {"id"}, "an override declaration");
  for (const auto& a : d.attributes) {
    if (a.name.name == "id") {
      if (auto v = positiveAttr(a, "id", false, true)) {
        if (*v > 65535) {
          diags_.error(a.range, fmt::format("@id({}) is out of range: override ids are 0 to 65535", *v));
        } else {
          for (const auto& other : p_.overrides) {
            if (other.id == v) {
              diags_.error(a.range, fmt::format("@id({}) is already used by override '{}'", *v, other.name));
            }
          }
          od.id = *v;
        }
      }
    }
  }
  od.type = t;
  s.type = t;
  if (options_.pipeline && t && t->isScalar()) {
    // The pipeline's value for this override: given by name or @id, else the default.
    std::optional<double> given;
    if (auto it = options_.override_values.find(od.name); it != options_.override_values.end()) given = it->second;
    if (od.id) {
      if (auto it = options_.override_values.find(std::to_string(*od.id)); it != options_.override_values.end())
        given = it->second;
    }
    if (given) {
      ConstValue src = ConstValue::makeFloat(types_.abstractFloat(), *given);
      if (t->isIntegerScalar() && *given == std::floor(*given) && std::fabs(*given) < 9.2e18) {
        src = ConstValue::makeInt(types_.abstractInt(), static_cast<int64_t>(*given));
      }
      Eval e = t->kind == TypeKind::Bool ? Eval::ok(ConstValue::makeBool(t, *given != 0)) : convertAutomatic(types_, src, t);
      if (e.value) {
        od.value = e.value;
      } else {
        diags_.error(d.name.range, fmt::format("pipeline-creation error: the value {} given for override '{}' does not "
                                               "fit its type '{}'",
                                               *given, od.name, t->name()));
      }
    } else if (d.initializer) {
      const ExprInfo* init = p_.info(d.initializer.get());
      if (init && init->value) od.value = convert(*init->value, t, d.initializer->range);
    } else if (options_.require_override_values) {
      // "an override with no initializer must be given a value at pipeline creation"
      diags_.error(d.name.range, fmt::format("pipeline-creation error: override '{}' has no initializer and no value "
                                             "was given for it",
                                             od.name));
    }
    s.value = od.value;
  }
  p_.overrides.push_back(od);
  return s;
}

Symbol Resolver::globalVar(const ast::VarDecl& d) {
  Symbol s = declSymbol(SymbolKind::Var, d, EvalStage::Runtime);
  const Type* t = d.type ? resolveType(*d.type) : nullptr;
  AddressSpace space = AddressSpace::Handle;
  std::optional<AccessMode> access;
  if (d.has_template_list) {
    if (d.template_args.empty() || d.template_args.size() > 2) {
      diags_.error(d.range, "a variable's template list is <address space> or <address space, access mode>");
    } else {
      if (auto as = enumerant(*d.template_args[0], "address space")) {
        if (auto sp = addressSpaceFromName(*as)) {
          space = *sp;
        } else {
          diags_.error(d.template_args[0]->range, fmt::format("unknown address space '{}'", *as));
        }
      }
      if (d.template_args.size() == 2) {
        if (auto am = enumerant(*d.template_args[1], "access mode")) {
          access = accessModeFromName(*am);
          if (!access) diags_.error(d.template_args[1]->range, fmt::format("unknown access mode '{}'", *am));
        }
      }
    }
  }
  ExprInfo init;
  if (d.initializer) init = expr(*d.initializer);
  if (!t && init.type) t = concrete(init.type);
  if (!d.has_template_list && t && !t->isHandle()) {
    // "The address space must be specified for all address spaces except handle and function."
    diags_.error(d.name.range, fmt::format("module-scope variable '{}' needs an address space: write "
                                           "var<private>, var<workgroup>, var<uniform> or var<storage>",
                                           d.name.name));
    s.type = t;
    s.space = AddressSpace::Private;
    return s;
  }
  if (d.has_template_list && t && t->isHandle()) {
    diags_.error(d.range, fmt::format("variable '{}' of type '{}' is in the handle address space, which cannot be "
                                      "written: remove the template list",
                                      d.name.name, t->name()));
  }
  if (d.has_template_list && space == AddressSpace::Function) {
    diags_.error(d.template_args[0]->range, "module-scope variables cannot be in the 'function' address space");
  }
  if (access && space != AddressSpace::Storage) {
    diags_.error(d.template_args[1]->range,
                 fmt::format("an access mode may only be written for the 'storage' address space, not '{}'",
                             toString(space)));
  }
  AccessMode am = access.value_or(space == AddressSpace::Storage || space == AddressSpace::Uniform ||
                                          space == AddressSpace::Handle || space == AddressSpace::Immediate
                                      ? AccessMode::Read
                                      : AccessMode::ReadWrite);
  if (d.initializer && space != AddressSpace::Private && space != AddressSpace::Function) {
    diags_.error(d.initializer->range, fmt::format("variables in the '{}' address space cannot have an initializer",
                                                   toString(space)));
  }
  if (d.initializer && init.type && init.stage == EvalStage::Runtime) {
    diags_.error(d.initializer->range, "the initializer of a module-scope variable must be a const-expression or an "
                                       "override-expression");
  }
  if (d.initializer && init.type && t && !convertible(init.type, t)) {
    diags_.error(d.initializer->range, fmt::format("cannot initialize '{}' of type '{}' with a value of type '{}'",
                                                   d.name.name, t->name(), init.type->name()));
  } else if (d.initializer && init.type && t) {
    checkImplicitConversion(init, t, d.initializer->range);
  }
  if (!t) {
    if (!d.type && !d.initializer) diags_.error(d.name.range, fmt::format("variable '{}' needs a type", d.name.name));
    s.space = space;
    s.access = am;
    return s;
  }
  checkStoreType(d, t, space, am);
  std::optional<uint32_t> group, binding;
  checkAttributes(d.attributes, {"group", "binding"}, "a module-scope variable");
  for (const auto& a : d.attributes) {
    if (a.name.name == "group") group = positiveAttr(a, "group", false, true);
    else if (a.name.name == "binding") binding = positiveAttr(a, "binding", false, true);
  }
  const bool resource = space == AddressSpace::Uniform || space == AddressSpace::Storage ||
                        space == AddressSpace::Handle;
  if (resource && (!group || !binding)) {
    bool has_g = false, has_b = false;
    for (const auto& a : d.attributes) {
      has_g = has_g || a.name.name == "group";
      has_b = has_b || a.name.name == "binding";
    }
    if (!has_g || !has_b) {
      diags_.error(d.name.range, fmt::format("resource variable '{}' needs both @group and @binding", d.name.name));
    }
  }
  if (!resource && (group || binding)) {
    diags_.error(d.name.range, fmt::format("@group and @binding are only allowed on resource variables (uniform, storage, "
                                           "textures and samplers), not on 'var<{}>'",
                                           toString(space)));
  }
  GlobalVar gv{&d, space, am, t};
  p_.globals.push_back(gv);
  if (resource && group && binding) {
    ResourceBinding rb;
    rb.decl = &d;
    rb.name = d.name.name;
    rb.group = *group;
    rb.binding = *binding;
    rb.space = space;
    rb.access = am;
    rb.store_type = t;
    rb.min_binding_size = minBindingSize(t);
    p_.bindings.push_back(rb);
  }
  s.type = t;
  s.space = space;
  s.access = am;
  return s;
}

uint32_t Resolver::minBindingSize(const Type* t) {
  if (t->isRuntimeArray()) return strideOf(t);
  if (t->isStruct() && !t->members.empty() && t->members.back().type->isRuntimeArray()) {
    const auto& last = t->members.back();
    return roundUp(t->struct_align, last.offset + strideOf(last.type));
  }
  if (t->hasCreationFixedFootprint() && t->isPlain()) return sizeOf(t);
  return 0;
}

void Resolver::checkStoreType(const ast::VarDecl& d, const Type* t, AddressSpace space, AccessMode am) {
  const SourceRange r = d.type ? d.type->range : d.name.range;
  if (!t->isStorable()) {
    diags_.error(r, fmt::format("type '{}' is not storable: variables hold concrete plain types, textures or samplers",
                                t->name()));
    return;
  }
  switch (space) {
    case AddressSpace::Uniform:
      // "a host-shareable constructible type or a fixed-size buffer type"
      if (t->kind == TypeKind::Buffer) {
        if (!t->buffer_size) diags_.error(r, "a uniform buffer cannot have the runtime-sized type 'buffer'");
      } else if (!t->isHostShareable() || !t->isConstructible()) {
        diags_.error(r, fmt::format("type '{}' cannot be used in address space 'uniform': the store type of a uniform "
                                    "buffer must be host-shareable and constructible",
                                    t->name()));
      } else if (!p_.language_extensions.count("uniform_buffer_standard_layout")) {
        std::string why = checkUniformLayout(t);
        if (!why.empty()) diags_.error(r, why);
      }
      break;
    case AddressSpace::Storage:
      if (t->kind == TypeKind::Buffer && t->override_count) {
        diags_.error(r, "in the 'storage' address space the size of a buffer must be a const-expression");
      }
      if (!t->isHostShareable()) {
        diags_.error(r, fmt::format("type '{}' cannot be used in address space 'storage': the store type of a storage "
                                    "buffer must be host-shareable",
                                    t->name()));
      }
      if (am == AccessMode::Write) {
        diags_.error(d.template_args.size() > 1 ? d.template_args[1]->range : r,
                     "storage buffers are 'read' or 'read_write', not 'write'");
      }
      break;
    case AddressSpace::Workgroup:
      if (t->isRuntimeArray() || !t->hasFixedFootprint()) {
        diags_.error(r, fmt::format("type '{}' cannot be used in address space 'workgroup': runtime-sized arrays are "
                                    "only allowed in 'storage'",
                                    t->name()));
      }
      break;
    case AddressSpace::Private:
    case AddressSpace::Function:
      if (!t->isConstructible()) {
        diags_.error(r, fmt::format("type '{}' cannot be used in address space '{}': variables there must have a "
                                    "constructible type",
                                    t->name(), toString(space)));
      }
      break;
    case AddressSpace::Immediate:
      // "Its store type must be a host-shareable constructible type, excluding arrays and
      // structures that contain array members" (section "Immediate Data").
      if (!t->isHostShareable() || !t->isConstructible()) {
        diags_.error(r, fmt::format("type '{}' cannot be used in address space 'immediate': the store type of an "
                                    "immediate data variable must be host-shareable and constructible",
                                    t->name()));
      } else if (containsArray(t)) {
        diags_.error(r, fmt::format("type '{}' cannot be used in address space 'immediate': immediate data excludes "
                                    "arrays and structures that contain array members",
                                    t->name()));
      }
      break;
    case AddressSpace::Handle:
      if (!t->isHandle()) {
        diags_.error(r, fmt::format("module-scope variable '{}' needs an address space", d.name.name));
      }
      break;
    default:
      break;
  }
  if (t->isAtomic() || containsAtomic(t)) {
    if (space != AddressSpace::Storage && space != AddressSpace::Workgroup) {
      diags_.error(r, fmt::format("atomic types can only be used in the 'storage' and 'workgroup' address spaces, not "
                                  "'{}'",
                                  toString(space)));
    } else if (space == AddressSpace::Storage && am != AccessMode::ReadWrite) {
      diags_.error(r, "atomic types in the 'storage' address space need access mode 'read_write'");
    }
  }
}

}  // namespace wgsl::sema::internal
