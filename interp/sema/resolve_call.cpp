// The resolver's calls: user functions, built-in functions by the overload table, and the
// argument value rules of individual built-ins (sections "Function Calls", "Built-in Functions").
#include "interp/sema/resolver_impl.h"

#include <fmt/format.h>

#include <initializer_list>

#include "base/diagnostics.h"
#include "interp/sema/builtin_eval.h"
#include "interp/sema/builtin_names.h"
#include "interp/sema/layout.h"

namespace wgsl::sema::internal {
namespace {

// subgroupShuffle, subgroupShuffleDown, subgroupShuffleUp, subgroupShuffleXor: their second
// argument (an id, delta or mask) is a lane number.
bool isShuffle(BuiltinFn fn) {
  return fn == BuiltinFn::SubgroupShuffle || fn == BuiltinFn::SubgroupShuffleDown ||
         fn == BuiltinFn::SubgroupShuffleUp || fn == BuiltinFn::SubgroupShuffleXor;
}

// The texture built-ins whose last (optional) parameter is a const-expression texel offset
// (section "Texture Built-in Functions"): the sampling and gather functions but
// textureSampleBaseClampToEdge.
bool hasOffsetParameter(BuiltinFn fn) {
  switch (fn) {
    case BuiltinFn::TextureSample:
    case BuiltinFn::TextureSampleBias:
    case BuiltinFn::TextureSampleCompare:
    case BuiltinFn::TextureSampleCompareLevel:
    case BuiltinFn::TextureSampleGrad:
    case BuiltinFn::TextureSampleLevel:
    case BuiltinFn::TextureGather:
    case BuiltinFn::TextureGatherCompare: return true;
    default: return false;
  }
}

}  // namespace

ExprInfo Resolver::call(const ast::CallExpr& c, bool as_statement) {
  const std::string& n = c.target->ident.name;
  std::vector<ExprInfo> args;
  args.reserve(c.args.size());
  for (const auto& a : c.args) args.push_back(expr(*a));
  Symbol* s = lookup(n, c.target->range);
  ExprInfo info;
  if (s) {
    if (s->kind == SymbolKind::Function) {
      if (c.target->has_template_list) {
        diags_.error(c.target->range, fmt::format("function '{}' does not take a template list", n));
      }
      if (current_fn_) records_.calls[current_fn_].insert(s->function);
      info.call = CallKind::Function;
      info.callee = s->function;
      info.params = signatures_[s->function].params;
      for (const auto& a : s->function->attributes) {
        if (shaderStageOf(a)) {
          diags_.error(c.range, fmt::format("'{}' is an entry point and cannot be called", n));
          return info;
        }
      }
      const Signature& sig = signatures_[s->function];
      if (c.args.size() != sig.params.size()) {
        diags_.error(c.range, fmt::format("function '{}' takes {} argument{}, but {} {} given", n, sig.params.size(),
                                          sig.params.size() == 1 ? "" : "s", c.args.size(),
                                          c.args.size() == 1 ? "was" : "were"));
      } else {
        for (size_t i = 0; i < args.size(); ++i) {
          if (args[i].type && sig.params[i] && !convertible(args[i].type, sig.params[i])) {
            diags_.error(c.args[i]->range, fmt::format("argument {} of '{}' must be of type '{}', not '{}'", i + 1, n,
                                                       sig.params[i]->name(), loadType(args[i].type)->name()));
          } else {
            checkImplicitConversion(args[i], sig.params[i], c.args[i]->range);
          }
        }
      }
      bool must_use = false;
      for (const auto& a : s->function->attributes) must_use = must_use || a.name.name == "must_use";
      if (as_statement && must_use) {
        diags_.error(c.range, fmt::format("the result of '{}' must be used: it is declared @must_use (write '_ = {}(...);' "
                                          "to discard it deliberately)",
                                          n, n));
      }
      info.type = sig.ret ? sig.ret : types_.voidType();
      if (!sig.known) info.type = nullptr;
      if (!as_statement && !sig.ret && info.type) {
        diags_.error(c.range, fmt::format("function '{}' has no return type, so its call has no value", n));
        info.type = nullptr;
      }
      return info;
    }
    if (s->kind == SymbolKind::Alias || s->kind == SymbolKind::Struct) {
      // A declaration whose type did not resolve (an unknown target, a cycle) was reported
      // where it failed; constructing it has no type to check against.
      if (s->type == nullptr) return info;
      if (as_statement) constructorStatement(c);
      return asConstructor(construct(c, s->type, args));
    }
    diags_.error(c.target->range, fmt::format("'{}' is a {}, not a function", n, kindWord(s->kind)));
    return info;
  }
  const bool inferred_constructor = !c.target->has_template_list &&
                                    (n == "vec2" || n == "vec3" || n == "vec4" || n == "array" ||
                                     (n.size() == 6 && n.rfind("mat", 0) == 0 && n[4] == 'x'));
  if (isBuiltinFunctionName(n) || inferred_constructor) return builtinCall(c, args, as_statement);
  if (isPredeclaredTypeName(n) || n.rfind("vec", 0) == 0 || n.rfind("mat", 0) == 0) {
    const Type* t = resolveType(*c.target);
    if (!t) return info;
    if (as_statement) constructorStatement(c);
    return asConstructor(construct(c, t, args));
  }
  if (globals_.count(n)) return info;  // declared, but its declaration failed (already reported)
  diags_.error(c.target->range, fmt::format("unresolved function '{}'", n));
  return info;
}

void Resolver::checkBuiltinArgumentValues(const ast::CallExpr& c, const std::string& n,
                                          const std::vector<ExprInfo>& args, const BuiltinMatch& m) {
  auto isConst = [&](size_t i) { return i < args.size() && args[i].stage == EvalStage::Const && args[i].value; };
  // The range rules also hold for override-expressions, as pipeline-creation errors, once
  // override values are known (pipeline creation).
  auto known = [&](size_t i) {
    return isConst(i) || (options_.pipeline && i < args.size() && args[i].stage == EvalStage::Override && args[i].value);
  };
  auto stageOf = [&](std::initializer_list<size_t> idx) {
    EvalStage st = EvalStage::Const;
    for (size_t i : idx)
      if (i < args.size() && args[i].stage == EvalStage::Override) st = EvalStage::Override;
    return st;
  };
  auto report = [&](SourceRange r, const std::string& msg, EvalStage st) { diags_.error(r, evalError(msg, st)); };
  auto scalars = [](const ConstValue& v) {
    std::vector<ConstValue> out;
    if (v.type->isVector()) out = v.elements;
    else out.push_back(v);
    return out;
  };
  auto num = [](const ConstValue& v) { return v.type->isIntegerScalar() ? static_cast<double>(v.i) : v.f; };
  auto argRange = [&](size_t i) { return i < c.args.size() ? c.args[i]->range : c.range; };
  const BuiltinFn fn = m.fn;
  if (fn == BuiltinFn::Clamp && known(1) && known(2)) {
    auto lo = scalars(*args[1].value), hi = scalars(*args[2].value);
    for (size_t k = 0; k < lo.size() && k < hi.size(); ++k) {
      if (num(lo[k]) > num(hi[k])) {
        report(c.range,
               fmt::format("clamp: low ({}) is greater than high ({}); with const-expression bounds this is an error",
                           lo[k].toString(), hi[k].toString()),
               stageOf({1, 2}));
        return;
      }
    }
  }
  // smoothstep: "If edge0 = edge1: it is a shader-creation error if edge0 and edge1 are
  // const-expressions."
  if (fn == BuiltinFn::Smoothstep && known(0) && known(1)) {
    auto e0 = scalars(*args[0].value), e1 = scalars(*args[1].value);
    for (size_t k = 0; k < e0.size() && k < e1.size(); ++k) {
      if (num(e0[k]) == num(e1[k])) {
        report(c.range,
               fmt::format("smoothstep: edge0 ({}) equals edge1 ({}); with const-expression edges this is an error",
                           e0[k].toString(), e1[k].toString()),
               stageOf({0, 1}));
        return;
      }
    }
  }
  // ldexp: "If e2 > bias + 1: it is a shader-creation error if e2 is a const-expression."
  if (fn == BuiltinFn::Ldexp && known(1) && m.result) {
    const Type* t = m.result->isVector() ? m.result->elem : m.result;
    const int64_t bias = t->kind == TypeKind::F16 ? 15 : t->kind == TypeKind::F32 ? 127 : 1023;
    for (const auto& e2 : scalars(*args[1].value)) {
      if (e2.i > bias + 1) {
        report(argRange(1),
               fmt::format("ldexp: the exponent e2 ({}) is greater than {} (the {} exponent bias + 1); with a "
                           "const-expression e2 this is an error",
                           e2.toString(), bias + 1, t->name()),
               stageOf({1}));
        return;
      }
    }
  }
  if (fn == BuiltinFn::BufferView || fn == BuiltinFn::BufferArrayView) checkBufferView(c, n, args, m);
  if ((fn == BuiltinFn::ExtractBits && known(1) && known(2)) || (fn == BuiltinFn::InsertBits && known(2) && known(3))) {
    const size_t o = fn == BuiltinFn::ExtractBits ? 1 : 2;
    const int64_t offset = args[o].value->i, count = args[o + 1].value->i;
    if (offset + count > 32) {
      report(c.range, fmt::format("{}: offset {} + count {} is greater than 32, the bit width", n, offset, count),
             stageOf({o, o + 1}));
    }
  }
  const bool broadcast = fn == BuiltinFn::SubgroupBroadcast || fn == BuiltinFn::QuadBroadcast;
  if (broadcast && args.size() >= 2 && args[1].type && args[1].stage != EvalStage::Const) {
    diags_.error(argRange(1), fmt::format("the lane id of '{}' must be a const-expression", n));
  }
  if ((broadcast || isShuffle(fn)) && known(1)) {
    const int64_t limit = fn == BuiltinFn::QuadBroadcast ? 4 : 128;
    if (args[1].value->i < 0 || args[1].value->i >= limit) {
      const char* what = fn == BuiltinFn::SubgroupShuffleXor                                        ? "mask"
                         : fn == BuiltinFn::SubgroupShuffleUp || fn == BuiltinFn::SubgroupShuffleDown ? "delta"
                                                                                                      : "id";
      report(argRange(1),
             fmt::format("'{}': the {} argument ({}) must be in the range [0, {}) when it is a const-expression", n,
                         what, args[1].value->i, limit),
             stageOf({1}));
    }
  }
  if (fn == BuiltinFn::TextureGather && args.size() >= 3 && args[0].type && loadType(args[0].type)->isIntegerScalar()) {
    if (!isConst(0)) {
      diags_.error(argRange(0), "the component argument of 'textureGather' must be a const-expression");
    } else if (args[0].value->i < 0 || args[0].value->i > 3) {
      diags_.error(argRange(0), fmt::format("the component argument of 'textureGather' must be 0 to 3, not {}",
                                            args[0].value->i));
    }
  }
  if (hasOffsetParameter(fn) && !args.empty()) {
    const ExprInfo& last = args.back();
    // The offset parameter is a vector of i32 (an AbstractInt vector argument converts to it).
    const Type* lt = m.ok && m.params.size() == args.size() ? m.params.back()
                     : last.type                              ? loadType(last.type)
                                                              : nullptr;
    if (lt && lt->isVector() && lt->elem->kind == TypeKind::I32 && args.size() >= 4) {
      if (!isConst(args.size() - 1)) {
        diags_.error(argRange(args.size() - 1), fmt::format("the offset argument of '{}' must be a const-expression", n));
      } else {
        for (const auto& comp : last.value->elements) {
          if (comp.i < -8 || comp.i > 7) {
            diags_.error(argRange(args.size() - 1),
                         fmt::format("each component of the offset of '{}' must be in -8 to 7, not {}", n, comp.i));
            break;
          }
        }
      }
    }
  }
}

void Resolver::checkBufferView(const ast::CallExpr& c, const std::string& n, const std::vector<ExprInfo>& args,
                               const BuiltinMatch& m) {
  if (!m.result || !m.result->isPtr() || !m.result->elem || args.empty() || !args[0].type) return;
  const Type* t = m.result->elem;
  const AddressSpace as = m.result->space;
  const Type* buf = loadType(args[0].type);
  std::optional<uint64_t> n_size;
  if (buf && buf->isPtr() && buf->elem && buf->elem->kind == TypeKind::Buffer && buf->elem->buffer_size) {
    n_size = *buf->elem->buffer_size;
  }
  const bool is_array_view = m.fn == BuiltinFn::BufferArrayView;
  auto constArg = [&](size_t i) -> std::optional<int64_t> {
    if (i < args.size() && args[i].value && args[i].value->type->isIntegerScalar() &&
        (args[i].stage == EvalStage::Const || (options_.pipeline && args[i].stage == EvalStage::Override))) {
      return args[i].value->i;
    }
    return std::nullopt;
  };
  auto argRange = [&](size_t i) { return i < c.args.size() ? c.args[i]->range : c.range; };
  // Override-expression offsets and sizes give pipeline-creation errors (at pipeline creation).
  EvalStage st = EvalStage::Const;
  for (size_t i = 1; i < args.size(); ++i)
    if (args[i].stage == EvalStage::Override && constArg(i)) st = EvalStage::Override;
  // ArrayOffset(T), the element stride of the runtime-sized array part, MinTypeSize(T).
  uint64_t array_offset = 0, stride = 0, min_size = 0;
  if (t->hasFixedFootprint()) {
    min_size = sizeOf(t);
  } else if (t->isRuntimeArray()) {
    stride = strideOf(t);
    min_size = stride;
  } else if (t->isStruct() && !t->members.empty() && t->members.back().type &&
             t->members.back().type->isRuntimeArray()) {
    array_offset = t->members.back().offset;
    stride = strideOf(t->members.back().type);
    min_size = array_offset + stride;
  }
  uint64_t align = alignOf(t);
  if (as == AddressSpace::Uniform && !p_.language_extensions.count("uniform_buffer_standard_layout") &&
      (t->isArray() || t->isStruct())) {
    align = roundUp(16, static_cast<uint32_t>(align));
  }
  // "T must satisfy the address space layout constraints for AS."
  if (as == AddressSpace::Uniform && !p_.language_extensions.count("uniform_buffer_standard_layout")) {
    const std::string why = checkUniformLayout(t);
    if (!why.empty()) {
      diags_.error(c.target->range, fmt::format("{}<{}>: the view type must satisfy the uniform address space layout "
                                                "constraints: {}",
                                                n, t->name(), why));
      return;
    }
  }
  const auto offset = constArg(1);
  const auto size = is_array_view ? constArg(2) : std::nullopt;
  if (offset && *offset < 0) {
    diags_.error(argRange(1), evalError(fmt::format("{}: the offset {} is negative; a const-expression offset must not be", n,
                                          *offset), st));
    return;
  }
  if (size && *size < 0) {
    diags_.error(argRange(2), evalError(fmt::format("{}: the size {} is negative; a const-expression size must not be", n, *size), st));
    return;
  }
  if (offset && align && *offset % static_cast<int64_t>(align) != 0) {
    diags_.error(argRange(1), evalError(fmt::format("{}: the offset {} is not a multiple of {}, RequiredAlignOf({}, {}); a "
                                          "const-expression offset must be",
                                          n, *offset, align, t->name(), toString(as)), st));
    return;
  }
  if (n_size && min_size > *n_size) {
    diags_.error(c.range, evalError(fmt::format("{}: type '{}' needs at least {} bytes (MinTypeSize) but the buffer has {}", n,
                                      t->name(), min_size, *n_size), st));
    return;
  }
  if (!is_array_view) {
    if (n_size && offset && min_size + static_cast<uint64_t>(*offset) > *n_size) {
      diags_.error(argRange(1), evalError(fmt::format("bufferView: MinTypeSize({}) ({}) + offset ({}) is greater than the buffer "
                                            "size {}",
                                            t->name(), min_size, *offset, *n_size), st));
    }
    return;
  }
  if (size && min_size > static_cast<uint64_t>(*size)) {
    diags_.error(argRange(2), evalError(fmt::format("bufferArrayView: the size {} is smaller than MinTypeSize({}) ({})", *size,
                                          t->name(), min_size), st));
    return;
  }
  if (n_size && (offset || size) &&
      static_cast<uint64_t>(offset.value_or(0)) + static_cast<uint64_t>(size.value_or(0)) > *n_size) {
    diags_.error(c.range, evalError(fmt::format("bufferArrayView: offset ({}) + size ({}) is greater than the buffer size {}",
                                      offset.value_or(0), size.value_or(0), *n_size), st));
    return;
  }
  if (size && stride && (static_cast<uint64_t>(*size) - array_offset) % stride != 0) {
    diags_.error(argRange(2), evalError(fmt::format("bufferArrayView: the size {} minus ArrayOffset({}) ({}) is not a multiple of "
                                          "the array stride {}",
                                          *size, t->name(), array_offset, stride), st));
  }
}

void Resolver::constructorStatement(const ast::CallExpr& c) {
  diags_.error(c.range, fmt::format("value constructor '{}' is evaluated but its value is not used",
                                    c.target->ident.name));
}

const BuiltinMatch& Resolver::matchOverload(const std::string& name, const std::vector<const Type*>& template_types,
                                            const std::vector<const Type*>& args, const std::vector<bool>& const_args) {
  // A constructor of thousands of elements is matched once: its key would cost as much.
  constexpr size_t kMaxCachedArgs = 16;
  if (args.size() > kMaxCachedArgs) {
    uncached_match_ = matchBuiltin(types_, name, template_types, args, p_.enabled_extensions, const_args);
    return uncached_match_;
  }
  std::string key = name;
  key.push_back('\0');
  auto addType = [&](const Type* t) { key.append(reinterpret_cast<const char*>(&t), sizeof t); };
  for (const Type* t : template_types) addType(t);
  key.push_back(static_cast<char>(template_types.size()));
  for (size_t i = 0; i < args.size(); ++i) {
    addType(args[i]);
    key.push_back(i < const_args.size() ? (const_args[i] ? 'c' : 'r') : '-');
  }
  auto it = overloads_.find(key);
  if (it == overloads_.end()) {
    it = overloads_.emplace(std::move(key), matchBuiltin(types_, name, template_types, args, p_.enabled_extensions,
                                                         const_args)).first;
  }
  return it->second;
}

ExprInfo Resolver::builtinCall(const ast::CallExpr& c, const std::vector<ExprInfo>& args, bool as_statement) {
  const std::string& n = c.target->ident.name;
  ExprInfo info;
  std::vector<const Type*> template_types;
  for (const auto& t : c.target->templateArgs()) {
    const Type* tt = resolveType(*t);
    if (!tt) return info;
    template_types.push_back(tt);
  }
  std::vector<const Type*> arg_types;
  std::vector<bool> const_args;
  for (const auto& a : args) {
    if (!a.type) return info;  // an argument could not be typed: no verdict on the call
    arg_types.push_back(loadType(a.type));
    const_args.push_back(a.stage == EvalStage::Const && !a.type->isRef());
  }
  const BuiltinMatch& m = matchOverload(n, template_types, arg_types, const_args);
  if (!m.ok) {
    if (!m.error.empty()) diags_.error(c.range, m.error);
    return info;
  }
  checkBuiltinArgumentValues(c, n, args, m);
  if (m.fn == BuiltinFn::None) {
    // An inferred-type value constructor: the table gave its type; the value is built here.
    if (as_statement) constructorStatement(c);
    ExprInfo v = construct(c, m.result, args);
    if (v.type && v.stage != EvalStage::Const) v.type = concrete(v.type);
    return asConstructor(std::move(v));
  }
  info.call = CallKind::Builtin;
  info.builtin = m.fn;
  info.params = m.params;
  if (as_statement && m.must_use) {
    diags_.error(c.range, fmt::format("the result of '{}' must be used: the built-in is @must_use (write '_ = {}(...);' "
                                      "to discard it deliberately)",
                                      n, n));
  }
  if (!as_statement && m.result == types_.voidType()) {
    diags_.error(c.range, fmt::format("'{}' has no result, so its call cannot be used as a value", n));
    return info;
  }
  info.type = m.result;
  info.stage = EvalStage::Runtime;
  if (!m.stages.empty() && current_fn_ != nullptr) {
    records_.restricted[current_fn_].push_back({n, m.stages, c.range});
  }
  if (m.is_const) {
    EvalStage stage = EvalStage::Const;
    for (const auto& a : args) {
      if (a.stage == EvalStage::Runtime || a.type->isRef()) stage = EvalStage::Runtime;
      else if (a.stage == EvalStage::Override && stage == EvalStage::Const) stage = EvalStage::Override;
    }
    info.stage = stage;
    if (stage != EvalStage::Runtime) {
      std::vector<ConstValue> vals;
      for (size_t i = 0; i < args.size(); ++i) {
        if (!args[i].value) {
          info.stage = stage;
          return info;
        }
        auto v = i < m.params.size() ? convert(*args[i].value, m.params[i], c.args[i]->range) : args[i].value;
        if (!v) return ExprInfo{};
        vals.push_back(*v);
      }
      Eval e = evalBuiltin(types_, m.fn, vals, m.result);
      if (e.value) {
        info.value = e.value;
      } else if (!e.error.empty()) {
        evalFailed(c.range, evalError(e.error, stage));
        return ExprInfo{};
      } else {
        info.type = nullptr;  // not evaluated at shader creation: value unknown, no verdicts
      }
    }
  }
  if (info.stage != EvalStage::Const && info.type) {
    info.type = concrete(info.type);
    // Const arguments of a call that is not const convert to the (concrete) parameter types:
    // the values must fit ("select(3000000000, 1, c)" is an error: the parameters are i32).
    for (size_t i = 0; i < args.size() && i < m.params.size(); ++i) {
      checkImplicitConversion(args[i], m.params[i], c.args[i]->range);
    }
  }
  return info;
}

}  // namespace wgsl::sema::internal
