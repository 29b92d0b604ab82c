// The resolver's type expressions: predeclared and declared types, structures, arrays, pointers,
// textures (section "Types").
#include "interp/sema/resolver_impl.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "base/diagnostics.h"
#include "interp/sema/builtin_names.h"
#include "interp/sema/layout.h"

namespace wgsl::sema::internal {

const Type* Resolver::structType(const ast::StructDecl& d) {
  Type* t = types_.newStruct(d.name.name);
  t->struct_decl = &d;
  std::vector<MemberLayoutRequest> requests;
  std::set<std::string> seen;
  bool ok = true;
  for (size_t i = 0; i < d.members.size(); ++i) {
    const ast::StructMember& m = d.members[i];
    if (!seen.insert(m.name.name).second) {
      diags_.error(m.name.range, fmt::format("duplicate member '{}' in structure '{}'", m.name.name, d.name.name));
    }
    const Type* mt = resolveType(*m.type);
    if (mt == nullptr) {
      ok = false;
      continue;
    }
    if (mt->isRuntimeArray() && i + 1 != d.members.size()) {
      diags_.error(m.type->range, fmt::format("a runtime-sized array can only be the last member of a structure; "
                                              "'{}' is followed by other members",
                                              m.name.name));
    }
    if (!mt->isPlain() || mt->isAbstract()) {
      diags_.error(m.type->range, fmt::format("structure member '{}' has type '{}', which is not a concrete plain "
                                              "type",
                                              m.name.name, mt->name()));
      ok = false;
      continue;
    }
    if (mt->isArray() && mt->override_count) {
      diags_.error(m.type->range, fmt::format("structure member '{}' cannot be an override-sized array: only "
                                              "'var<workgroup>' declarations may have one",
                                              m.name.name));
    }
    if (!mt->isRuntimeArray() && !mt->hasFixedFootprint()) {
      diags_.error(m.type->range, fmt::format("structure member '{}' has type '{}', which does not have a fixed "
                                              "footprint",
                                              m.name.name, mt->name()));
    }
    StructMemberInfo info;
    info.name = m.name.name;
    info.type = mt;
    info.range = m.range;
    MemberLayoutRequest req;
    checkAttributes(m.attributes, {"align", "size", "location", "builtin", "interpolate", "invariant", "blend_src"},
                    "a structure member");
    for (const auto& a : m.attributes) {
      if (a.name.name == "align") {
        req.align = positiveAttr(a, "align", true);
        // "n must satisfy n = k × RequiredAlignOf(T, AS)" for every non-uniform address space
        // the structure can be stored in, where RequiredAlignOf is AlignOf(T).
        if (req.align && mt->hasFixedFootprint() && alignOf(mt) != 0 && *req.align % alignOf(mt) != 0) {
          diags_.error(a.range, fmt::format("@align({}) on member '{}' must be a multiple of {}, the alignment of '{}'",
                                            *req.align, m.name.name, alignOf(mt), mt->name()));
          req.align.reset();
        }
      }
      if (a.name.name == "size") {
        req.size = positiveAttr(a, "size", false);
        if (mt->isRuntimeArray()) {
          // "The member type must have creation-fixed footprint" (the size attribute); the other
          // types without one are not allowed as members at all (reported above).
          diags_.error(a.range, fmt::format("@size is not allowed on member '{}': its type '{}' does not have a "
                                            "creation-fixed footprint (its size is not known at shader creation)",
                                            m.name.name, mt->name()));
          req.size.reset();
        } else if (req.size && mt->hasCreationFixedFootprint() && *req.size < sizeOf(mt)) {
          diags_.error(a.range, fmt::format("@size({}) is smaller than the size of '{}' ({} bytes)", *req.size,
                                            mt->name(), sizeOf(mt)));
          req.size.reset();
        }
      }
      if (a.name.name == "location") info.location = positiveAttr(a, "location", false, true);
      if (a.name.name == "blend_src") positiveAttr(a, "blend_src", false, true);
      if (a.name.name == "builtin" && !a.args.empty()) {
        if (const auto* id = a.args[0]->as<ast::IdentExpr>()) info.builtin = id->ident.name;
      }
    }
    t->members.push_back(info);
    requests.push_back(req);
  }
  if (d.members.empty()) diags_.error(d.name.range, fmt::format("structure '{}' has no members", d.name.name));
  if (d.members.size() > 1023) {
    diags_.error(d.name.range, fmt::format("structure '{}' has {} members: WGSL implementations only have to support "
                                           "1023 (section \"Limits\")",
                                           d.name.name, d.members.size()));
  }
  if (ok) layoutStruct(t, requests);
  // A structure nested too deeply is a failed declaration: structures built from it would
  // only repeat the error (and walks over their members would grow exponentially).
  if (!checkNestingDepth(t, d.name.range)) return nullptr;
  checkBlendSrc(d, *t);
  p_.structs.push_back(t);
  return t;
}

int Resolver::nestingDepth(const Type* t) {
  switch (t->kind) {
    case TypeKind::Vector: return 1;
    case TypeKind::Matrix: return 2;
    case TypeKind::Array: return 1 + nestingDepth(t->elem);
    case TypeKind::Struct: {
      auto it = nesting_depth_.find(t);
      if (it != nesting_depth_.end()) return it->second;
      int d = 0;
      for (const auto& m : t->members) d = std::max(d, nestingDepth(m.type));
      nesting_depth_[t] = 1 + d;
      return 1 + d;
    }
    default: return 0;
  }
}

bool Resolver::checkNestingDepth(const Type* t, SourceRange r) {
  const int d = nestingDepth(t);
  if (d > 15) {
    diags_.error(r, fmt::format("type '{}' has composite nesting depth {}: WGSL implementations only have to support "
                                "15 (section \"Limits\")",
                                t->name(), d));
    return false;
  }
  return true;
}

const Type* Resolver::scalarType(const std::string& n, SourceRange r) {
  if (n == "bool") return types_.boolType();
  if (n == "i32") return types_.i32();
  if (n == "u32") return types_.u32();
  if (n == "f32") return types_.f32();
  if (n == "f16") {
    if (!enabled("f16")) diags_.error(r, "type 'f16' requires 'enable f16;'");
    return types_.f16();
  }
  return nullptr;
}

const Type* Resolver::resolveType(const Expr& e) {
  const auto* id = e.as<ast::IdentExpr>();
  if (id == nullptr) {
    diags_.error(e.range, "expected a type");
    return nullptr;
  }
  const std::string& n = id->ident.name;
  const SourceRange r = id->ident.range;
  if (Symbol* s = lookup(n, r)) {
    if (s->kind == SymbolKind::Alias || s->kind == SymbolKind::Struct) {
      if (id->has_template_list) {
        diags_.error(e.range, fmt::format("'{}' is not a type-generator and cannot take a template list", n));
      }
      return s->type;
    }
    diags_.error(r, fmt::format("'{}' is a {}, not a type", n, kindWord(s->kind)));
    return nullptr;
  }
  if (globals_.count(n)) return nullptr;  // declared, but its declaration failed (already reported)
  auto args = [&](size_t lo, size_t hi) -> bool {
    const size_t k = id->templateArgs().size();
    if (!id->has_template_list && lo > 0) {
      diags_.error(e.range, fmt::format("'{}' needs a template list, e.g. {}", n,
                                        n == "array" ? "array<f32, 4>" : n == "ptr" ? "ptr<function, i32>" : n + "<f32>"));
      return false;
    }
    if (k < lo || k > hi) {
      diags_.error(e.range, lo == hi ? fmt::format("'{}' takes {} template argument{}, found {}", n, lo, lo == 1 ? "" : "s", k)
                                     : fmt::format("'{}' takes {} to {} template arguments, found {}", n, lo, hi, k));
      return false;
    }
    return true;
  };
  auto noTemplate = [&]() -> bool {
    if (id->has_template_list) {
      diags_.error(e.range, fmt::format("'{}' does not take a template list", n));
      return false;
    }
    return true;
  };
  if (const Type* s = scalarType(n, r)) return noTemplate() ? s : nullptr;

  // vecN, vecN<T>, and the aliases vec3f etc.
  if (n.size() >= 4 && n.rfind("vec", 0) == 0 && n[3] >= '2' && n[3] <= '4') {
    const uint32_t width = static_cast<uint32_t>(n[3] - '0');
    if (n.size() == 5) {
      if (n[4] != 'f' && n[4] != 'h' && n[4] != 'i' && n[4] != 'u') return unknownType(e);  // no vec2b
      if (!noTemplate()) return nullptr;
      const Type* elem = aliasScalar(n[4], r);
      return elem ? types_.vec(width, elem) : nullptr;
    }
    if (n.size() != 4 || !args(1, 1)) return n.size() == 4 ? nullptr : unknownType(e);
    const Type* elem = resolveType(*id->templateArgs()[0]);
    if (!elem) return nullptr;
    if (!elem->isScalar() || elem->isAbstract()) {
      diags_.error(id->templateArgs()[0]->range,
                   fmt::format("the component type of a vector must be a scalar type (bool, i32, u32, f32 or f16), "
                               "not '{}'",
                               elem->name()));
      return nullptr;
    }
    return types_.vec(width, elem);
  }
  // matCxR, matCxR<T>, matCxRf/h.
  if (n.size() >= 6 && n.rfind("mat", 0) == 0 && n[3] >= '2' && n[3] <= '4' && n[4] == 'x' && n[5] >= '2' &&
      n[5] <= '4') {
    const uint32_t c = static_cast<uint32_t>(n[3] - '0'), rws = static_cast<uint32_t>(n[5] - '0');
    if (n.size() == 7) {
      if (!noTemplate()) return nullptr;
      if (n[6] != 'f' && n[6] != 'h') return unknownType(e);
      const Type* elem = aliasScalar(n[6], r);
      return elem ? types_.mat(c, rws, elem) : nullptr;
    }
    if (n.size() != 6 || !args(1, 1)) return n.size() == 6 ? nullptr : unknownType(e);
    const Type* elem = resolveType(*id->templateArgs()[0]);
    if (!elem) return nullptr;
    if (elem->kind != TypeKind::F32 && elem->kind != TypeKind::F16) {
      diags_.error(id->templateArgs()[0]->range,
                   fmt::format("the component type of a matrix must be f32 or f16, not '{}'", elem->name()));
      return nullptr;
    }
    return types_.mat(c, rws, elem);
  }
  if (n == "atomic") {
    if (!args(1, 1)) return nullptr;
    const Type* elem = resolveType(*id->templateArgs()[0]);
    if (!elem) return nullptr;
    if (elem->kind != TypeKind::I32 && elem->kind != TypeKind::U32) {
      diags_.error(id->templateArgs()[0]->range,
                   fmt::format("atomic types must be atomic<i32> or atomic<u32>, not atomic<{}>", elem->name()));
      return nullptr;
    }
    return types_.atomic(elem);
  }
  if (n == "array") return arrayType(*id, args);
  if (n == "ptr") {
    if (!args(2, 3)) return nullptr;
    auto as = enumerant(*id->templateArgs()[0], "address space");
    const Type* store = resolveType(*id->templateArgs()[1]);
    if (!as || !store) return nullptr;
    auto space = addressSpaceFromName(*as);
    if (!space) {
      diags_.error(id->templateArgs()[0]->range, fmt::format("unknown address space '{}'", *as));
      return nullptr;
    }
    AccessMode am = *space == AddressSpace::Storage ? AccessMode::Read : AccessMode::ReadWrite;
    if (*space == AddressSpace::Uniform || *space == AddressSpace::Immediate) am = AccessMode::Read;
    if (id->templateArgs().size() == 3) {
      auto amName = enumerant(*id->templateArgs()[2], "access mode");
      if (!amName) return nullptr;
      auto mode = accessModeFromName(*amName);
      if (!mode) {
        diags_.error(id->templateArgs()[2]->range, fmt::format("unknown access mode '{}'", *amName));
        return nullptr;
      }
      if (*space != AddressSpace::Storage) {
        diags_.error(id->templateArgs()[2]->range,
                     fmt::format("an access mode may only be written for the 'storage' address space, not '{}'", *as));
      }
      am = *mode;
    }
    // The store type must be one a variable in that address space could have (section
    // "Reference and Pointer Types").
    const SourceRange sr = id->templateArgs()[1]->range;
    if (!store->isStorable() || store->isPtr()) {
      diags_.error(sr, fmt::format("'{}' is not storable, so it cannot be the store type of a pointer", store->name()));
      return nullptr;
    }
    // "it must also be valid to declare a variable ... with the pointer type's address space,
    // store type, and access mode": textures and samplers are only variables in the 'handle'
    // address space, which a pointer type cannot name; runtime-sized data only in 'storage'.
    if (store->isHandle()) {
      diags_.error(sr, fmt::format("'{}' cannot be the store type of a pointer: variables of texture and sampler types "
                                   "are in the 'handle' address space, not '{}'",
                                   store->name(), *as));
      return nullptr;
    }
    const bool runtime_sized = store->isRuntimeArray() || (store->isStruct() && !store->members.empty() &&
                                                           store->members.back().type &&
                                                           store->members.back().type->isRuntimeArray());
    if (runtime_sized && *space != AddressSpace::Storage) {
      diags_.error(sr, fmt::format("'{}' is runtime-sized, so it cannot be stored in the '{}' address space: only "
                                   "'storage' holds runtime-sized arrays",
                                   store->name(), *as));
      return nullptr;
    }
    if (*space == AddressSpace::Storage && am == AccessMode::Write) {
      diags_.error(id->templateArgs()[2]->range, "pointers into 'storage' are 'read' or 'read_write', not 'write'");
      return nullptr;
    }
    if (containsAtomic(store) &&
        !(*space == AddressSpace::Workgroup || (*space == AddressSpace::Storage && am == AccessMode::ReadWrite))) {
      diags_.error(sr, "atomics can only be reached through pointers into 'workgroup' or 'read_write' storage");
      return nullptr;
    }
    if ((*space == AddressSpace::Function || *space == AddressSpace::Private) && !store->isConstructible()) {
      diags_.error(sr, fmt::format("'{}' cannot be stored in the '{}' address space: it is not constructible",
                                   store->name(), *as));
      return nullptr;
    }
    return types_.ptr(*space, store, am);
  }
  if (n == "sampler" || n == "sampler_comparison") return noTemplate() ? types_.sampler(n == "sampler_comparison") : nullptr;
  if (n.rfind("texture_", 0) == 0) return textureType(*id, args);
  if (n == "buffer") {
    if (!id->has_template_list) return types_.buffer(std::nullopt);
    if (!args(1, 1)) return nullptr;
    const Expr& n_expr = *id->templateArgs()[0];
    ExprInfo c = expr(n_expr);
    if (!c.type) return nullptr;
    if (!c.type->isIntegerScalar()) {
      diags_.error(n_expr.range, fmt::format("the size of a buffer must be an integer, not '{}'", c.type->name()));
      return nullptr;
    }
    if (c.stage == EvalStage::Const && c.value) {
      // "If N is not greater than 0 ... shader-creation error"; N must be a multiple of 4 (2
      // with f16 enabled).
      const int64_t n = c.value->i;
      const int64_t unit = enabled("f16") ? 2 : 4;
      if (n <= 0 || n % unit != 0) {
        diags_.error(n_expr.range, fmt::format("the size of buffer<{}> must be positive and a multiple of {}", n, unit));
        return nullptr;
      }
      return types_.buffer(static_cast<uint32_t>(n));
    }
    if (c.stage == EvalStage::Override) {
      const void* identity = &n_expr;
      if (const auto* ci = n_expr.as<ast::IdentExpr>()) {
        if (Symbol* sym = lookup(ci->ident.name, ci->range)) identity = sym->var;
      }
      return types_.overrideBuffer(identity, spelled(n_expr));
    }
    diags_.error(n_expr.range, "the size of a buffer must be a const-expression or an override-expression");
    return nullptr;
  }
  return unknownType(e);
}

const Type* Resolver::unknownType(const Expr& e) {
  const auto* id = e.as<ast::IdentExpr>();
  const std::string n = id ? id->ident.name.str() : "?";
  if (isBuiltinFunctionName(n)) {
    diags_.error(e.range, fmt::format("'{}' is a built-in function, not a type", n));
  } else {
    diags_.error(e.range, fmt::format("unresolved type '{}'", n));
  }
  return nullptr;
}

const Type* Resolver::aliasScalar(char c, SourceRange r) {
  switch (c) {
    case 'f': return types_.f32();
    case 'i': return types_.i32();
    case 'u': return types_.u32();
    case 'h':
      if (!enabled("f16")) diags_.error(r, "f16 types require 'enable f16;'");
      return types_.f16();
    default: return nullptr;
  }
}

std::optional<std::string> Resolver::enumerant(const Expr& e, const char* what) {
  const auto* id = e.as<ast::IdentExpr>();
  if (id == nullptr || id->has_template_list) {
    diags_.error(e.range, fmt::format("expected {} name", what));
    return std::nullopt;
  }
  // A declaration of the same name shadows the predeclared enumerant, wherever it is at
  // module scope (order independence): `var<private> private: i32;` names itself (a cycle).
  const bool declared = globals_.count(id->ident.name) > 0;
  if (Symbol* s = lookup(id->ident.name, e.range)) {
    diags_.error(e.range, fmt::format("expected {} name, but '{}' refers to a {}", what, id->ident.name,
                                      kindWord(s->kind)));
    return std::nullopt;
  }
  if (declared) return std::nullopt;  // the cycle was reported
  return id->ident.name;
}

template <typename Args>
const Type* Resolver::arrayType(const ast::IdentExpr& id, Args& args) {
  if (!args(1, 2)) return nullptr;
  const Type* elem = resolveType(*id.templateArgs()[0]);
  if (!elem) return nullptr;
  if (!elem->isPlain() || elem->isRuntimeArray() || elem->isAbstract()) {
    diags_.error(id.templateArgs()[0]->range,
                 fmt::format("the element type of an array must be a concrete plain type with a fixed footprint, "
                             "not '{}'",
                             elem->name()));
    return nullptr;
  }
  // "An array element type must be one of: ... an array type having a creation-fixed
  // footprint, a structure type having a creation-fixed footprint": not an override-sized array.
  if (!elem->hasCreationFixedFootprint()) {
    diags_.error(id.templateArgs()[0]->range,
                 fmt::format("the element type of an array must have a creation-fixed footprint; '{}' has an element "
                             "count that is only known at pipeline creation",
                             elem->name()));
    return nullptr;
  }
  if (id.templateArgs().size() == 1) return types_.runtimeArray(elem);
  const Expr& count = *id.templateArgs()[1];
  ExprInfo c = expr(count);
  if (!c.type) return nullptr;
  if (!c.type->isIntegerScalar() || c.type->isVector()) {
    diags_.error(count.range, fmt::format("the element count of an array must be an integer (i32, u32 or AbstractInt), "
                                          "not '{}'",
                                          c.type->name()));
    return nullptr;
  }
  if (c.stage == EvalStage::Const && c.value) {
    if (c.value->i <= 0) {
      diags_.error(count.range, fmt::format("the element count of an array must be positive, not {}", c.value->i));
      return nullptr;
    }
    if (c.value->i > 0xFFFFFFFFll) {
      diags_.error(count.range, "array element count is too large");
      return nullptr;
    }
    // Sizes are 32-bit quantities in the layout rules' host API (WebGPU buffer bindings) and
    // Tint rejects larger arrays; an array whose byte-size does not fit cannot be laid out.
    const uint64_t bytes = static_cast<uint64_t>(c.value->i) * roundUp(alignOf(elem), sizeOf(elem));
    if (bytes > 0xFFFFFFFFull) {
      diags_.error(id.range, fmt::format("the byte-size of 'array<{}, {}>' is {} bytes, more than 4294967295 "
                                         "(SizeOf must fit in 32 bits)",
                                         elem->name(), c.value->i, bytes));
      return nullptr;
    }
    return types_.array(elem, static_cast<uint32_t>(c.value->i));
  }
  if (c.stage == EvalStage::Override) {
    // At pipeline creation the count is known: "If the element count is not greater than 0,
    // it is a pipeline-creation error" (section "Array Types").
    if (options_.pipeline && c.value && c.value->i <= 0) {
      diags_.error(count.range, fmt::format("pipeline-creation error: the element count of an array must be "
                                            "positive, but '{}' is {}",
                                            spelled(count), c.value->i));
      return nullptr;
    }
    // "two array types are the same if their counts are the same override identifier"
    const void* identity = &count;
    if (const auto* ci = count.as<ast::IdentExpr>()) {
      if (Symbol* s = lookup(ci->ident.name, ci->range)) identity = s->var;
    }
    return types_.overrideArray(elem, identity, spelled(count));
  }
  diags_.error(count.range, "the element count of an array must be a const-expression or an override-expression");
  return nullptr;
}

std::string Resolver::spelled(const Expr& e) {
  if (const auto* id = e.as<ast::IdentExpr>()) return id->ident.name;
  return "<expression>";
}

template <typename Args>
const Type* Resolver::textureType(const ast::IdentExpr& id, Args& args) {
  const std::string& n = id.ident.name;
  struct Dim {
    const char* suffix;
    TextureDim dim;
  };
  static const Dim kDims[] = {{"1d", TextureDim::D1},     {"2d", TextureDim::D2},
                              {"2d_array", TextureDim::D2Array}, {"3d", TextureDim::D3},
                              {"cube", TextureDim::Cube}, {"cube_array", TextureDim::CubeArray}};
  auto dimOf = [&](const std::string& suffix) -> std::optional<TextureDim> {
    for (const auto& d : kDims)
      if (suffix == d.suffix) return d.dim;
    return std::nullopt;
  };
  auto sampledType = [&]() -> const Type* {
    if (!args(1, 1)) return nullptr;
    const Type* t = resolveType(*id.templateArgs()[0]);
    if (t && t->kind != TypeKind::F32 && t->kind != TypeKind::I32 && t->kind != TypeKind::U32) {
      diags_.error(id.templateArgs()[0]->range,
                   fmt::format("the sampled type of a texture must be f32, i32 or u32, not '{}'", t->name()));
      return nullptr;
    }
    return t;
  };
  if (n == "texture_external") return args(0, 0) || !id.has_template_list ? types_.texture(TextureKind::External, TextureDim::D2, nullptr) : nullptr;
  if (n == "texture_multisampled_2d") {
    const Type* t = sampledType();
    return t ? types_.texture(TextureKind::Multisampled, TextureDim::D2, t) : nullptr;
  }
  if (n == "texture_depth_multisampled_2d") {
    return types_.texture(TextureKind::DepthMultisampled, TextureDim::D2, types_.f32());
  }
  if (n.rfind("texture_depth_", 0) == 0) {
    auto d = dimOf(n.substr(14));
    if (!d || *d == TextureDim::D1 || *d == TextureDim::D3) return unknownType(id);
    return types_.texture(TextureKind::Depth, *d, types_.f32());
  }
  if (n.rfind("texture_storage_", 0) == 0) {
    auto d = dimOf(n.substr(16));
    if (!d || *d == TextureDim::Cube || *d == TextureDim::CubeArray) return unknownType(id);
    if (!args(2, 2)) return nullptr;
    auto format = enumerant(*id.templateArgs()[0], "texel format");
    auto am = enumerant(*id.templateArgs()[1], "access mode");
    if (!format || !am) return nullptr;
    auto mode = accessModeFromName(*am);
    if (!mode) {
      diags_.error(id.templateArgs()[1]->range, fmt::format("unknown access mode '{}'", *am));
      return nullptr;
    }
    if (!isPredeclaredEnumerant(*format)) {
      diags_.error(id.templateArgs()[0]->range, fmt::format("unknown texel format '{}'", *format));
      return nullptr;
    }
    return types_.texture(TextureKind::Storage, *d, nullptr, *format, *mode);
  }
  auto d = dimOf(n.substr(8));
  if (!d) return unknownType(id);
  const Type* t = sampledType();
  return t ? types_.texture(TextureKind::Sampled, *d, t) : nullptr;
}

bool Resolver::containsArray(const Type* t) {
  if (t->isArray()) return true;
  if (t->isStruct()) {
    return t->memo(Type::Memo::ContainsArray, [&] {
      for (const auto& m : t->members)
        if (m.type && containsArray(m.type)) return true;
      return false;
    });
  }
  return false;
}

bool Resolver::containsAtomic(const Type* t) {
  if (t->isAtomic()) return true;
  if (t->isArray()) return containsAtomic(t->elem);
  if (t->isStruct()) {
    return t->memo(Type::Memo::ContainsAtomic, [&] {
      for (const auto& m : t->members)
        if (containsAtomic(m.type)) return true;
      return false;
    });
  }
  return false;
}

}  // namespace wgsl::sema::internal
