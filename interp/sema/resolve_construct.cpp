// The resolver's value constructors (section "Value Constructor Built-in Functions").
#include "interp/sema/resolver_impl.h"

#include <fmt/format.h>

#include "base/diagnostics.h"
#include "interp/sema/const_eval.h"

namespace wgsl::sema::internal {

bool Resolver::constructorArgsMatch(const Type* t, const std::vector<const Type*>& a) {
  if (a.empty()) return true;
  auto conv = [&](const Type* from, const Type* to) { return conversionRank(from, to).has_value(); };
  if (t->isScalar()) return a.size() == 1 && a[0]->isScalar();
  if (t->isVector()) {
    if (a.size() == 1 && a[0]->isVector()) return a[0]->width == t->width;  // conversion
    if (a.size() == 1 && a[0]->isScalar()) return conv(a[0], t->elem);      // splat
    uint32_t n = 0;
    for (const Type* x : a) {
      const Type* comp = x->isVector() ? x->elem : x;
      if (!(x->isScalar() || x->isVector()) || !conv(comp, t->elem)) return false;
      n += x->isVector() ? x->width : 1;
    }
    return n == t->width;
  }
  if (t->isMatrix()) {
    if (a.size() == 1 && a[0]->isMatrix()) return a[0]->columns == t->columns && a[0]->rows == t->rows;
    const Type* col = types_.vec(t->rows, t->elem);
    if (a.size() == t->columns) {
      bool all_cols = true;
      for (const Type* x : a) all_cols = all_cols && x->isVector() && conv(x, col);
      if (all_cols) return true;
    }
    if (a.size() != t->columns * t->rows) return false;
    for (const Type* x : a)
      if (!x->isScalar() || !conv(x, t->elem)) return false;
    return true;
  }
  if (t->isArray()) {
    if (!t->count || a.size() != *t->count) return false;
    for (const Type* x : a)
      if (!conv(x, t->elem)) return false;
    return true;
  }
  if (t->isStruct()) {
    if (a.size() != t->members.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
      if (!conv(a[i], t->members[i].type)) return false;
    return true;
  }
  return true;
}

ExprInfo Resolver::typed(const Type* t, EvalStage stage, std::optional<ConstValue> value) {
  ExprInfo info;
  info.type = t;
  info.stage = stage;
  info.value = std::move(value);
  return info;
}

ExprInfo Resolver::asConstructor(ExprInfo info) {
  info.call = CallKind::Constructor;
  return info;
}

ExprInfo Resolver::construct(const ast::CallExpr& c, const Type* t, const std::vector<ExprInfo>& args) {
  ExprInfo info;
  if (!t->isConstructible()) {
    diags_.error(c.range, fmt::format("type '{}' is not constructible", t->name()));
    return info;
  }
  {
    std::vector<const Type*> arg_types;
    bool known = true;
    for (const auto& a : args) {
      if (!a.type) known = false;
      else arg_types.push_back(loadType(a.type));
    }
    if (known && !constructorArgsMatch(t, arg_types)) {
      std::string list;
      for (size_t i = 0; i < arg_types.size(); ++i) list += (i ? ", " : "") + arg_types[i]->name();
      // Say what is wrong when it is the count.
      uint32_t comps = 0;
      for (const Type* x : arg_types) comps += x->isVector() ? x->width : 1;
      std::string why;
      if (t->isVector() && arg_types.size() > 1 && comps != t->width) {
        why = fmt::format(": '{}' needs {} components, but {} were given", t->name(), t->width, comps);
      } else if (t->isMatrix() && arg_types.size() > 1 && comps != t->columns * t->rows) {
        why = fmt::format(": '{}' needs {} components ({} columns of {}), but {} were given", t->name(),
                          t->columns * t->rows, t->columns, t->rows, comps);
      } else if (t->isArray() && t->count && arg_types.size() != *t->count) {
        why = fmt::format(": '{}' needs {} elements, but {} were given", t->name(), *t->count, arg_types.size());
      } else if (t->isStruct() && arg_types.size() != t->members.size()) {
        why = fmt::format(": structure '{}' has {} members, but {} values were given", t->name(), t->members.size(),
                          arg_types.size());
      } else {
        why = fmt::format(": the arguments do not match any constructor of '{}'", t->name());
      }
      diags_.error(c.range, fmt::format("no value constructor '{}({})'{}", t->name(), list, why));
      return info;
    }
  }
  info.type = t;
  EvalStage stage = EvalStage::Const;
  for (const auto& a : args) {
    if (!a.type) return typed(t, EvalStage::Runtime, std::nullopt);
    if (a.stage == EvalStage::Runtime || (a.type && a.type->isRef())) stage = EvalStage::Runtime;
    else if (a.stage == EvalStage::Override && stage == EvalStage::Const) stage = EvalStage::Override;
  }
  info.stage = stage;
  // Const arguments of a constructor that is not const convert to the component, column,
  // element or member type they fill: their values must fit ("vec2f(x, 1e40)").
  if (stage != EvalStage::Const) {
    for (size_t i = 0; i < args.size(); ++i) {
      const Type* at = loadType(args[i].type);
      const Type* to = nullptr;
      if (t->isStruct()) {
        if (i < t->members.size()) to = t->members[i].type;
      } else if (t->isArray()) {
        to = t->elem;
      } else if (t->isVector() || t->isMatrix()) {
        const Type* s = t->elem;
        to = at->isScalar() ? s : at->isVector() ? types_.vec(at->width, s) : at->isMatrix() ? t : nullptr;
      }
      if (to) checkImplicitConversion(args[i], to, c.args[i]->range);
    }
  }
  // Values for the forms const-expressions commonly use: zero value, scalar conversion,
  // vector from scalar or components, structures and arrays member-wise. At pipeline creation
  // override-expressions have values too, and what is constructed from them is evaluated.
  bool evaluable = stage == EvalStage::Const;
  if (stage == EvalStage::Override && options_.pipeline) {
    evaluable = true;
    for (const auto& a : args) evaluable = evaluable && a.value.has_value();
  }
  if (!evaluable) return info;
  if (args.empty()) {
    info.value = ConstValue::zero(types_, t);
    return info;
  }
  if (t->isScalar() && args.size() == 1) {
    Eval e = convertValue(types_, *args[0].value, t);
    if (e.value) info.value = e.value;
    else if (!e.error.empty()) evalFailed(c.range, evalError(e.error, stage));
    return info;
  }
  if (t->isStruct()) {
    if (args.size() != t->members.size()) {
      diags_.error(c.range, fmt::format("structure '{}' has {} members, but {} values were given", t->name(),
                                        t->members.size(), args.size()));
      info.type = nullptr;
      return info;
    }
    std::vector<ConstValue> vals;
    for (size_t i = 0; i < args.size(); ++i) {
      if (!convertible(args[i].type, t->members[i].type)) {
        diags_.error(c.args[i]->range, fmt::format("member '{}' of '{}' has type '{}', not '{}'", t->members[i].name,
                                                   t->name(), t->members[i].type->name(), args[i].type->name()));
        return ExprInfo{};
      }
      auto v = convert(*args[i].value, t->members[i].type, c.args[i]->range);
      if (!v) return info;
      vals.push_back(*v);
    }
    info.value = ConstValue::makeComposite(t, std::move(vals));
    return info;
  }
  if (t->isVector()) {
    std::vector<ConstValue> comps;
    for (size_t i = 0; i < args.size(); ++i) {
      const ConstValue& v = *args[i].value;
      if (v.type->isScalar()) {
        comps.push_back(v);
      } else if (v.type->isVector()) {
        for (const auto& el : v.elements) comps.push_back(el);
      } else {
        return typed(t, stage, std::nullopt);
      }
    }
    if (comps.size() == 1 && t->width > 1) comps.assign(t->width, comps[0]);
    if (comps.size() != t->width) {
      diags_.error(c.range, fmt::format("'{}' needs {} components, but {} were given", t->name(), t->width, comps.size()));
      info.type = nullptr;
      return info;
    }
    std::vector<ConstValue> conv;
    for (auto& comp : comps) {
      Eval e = args.size() == 1 && args[0].type->isVector() ? convertValue(types_, comp, t->elem)
                                                            : convertAutomatic(types_, comp, t->elem);
      if (!e.value) {
        if (!e.error.empty()) evalFailed(c.range, e.error);
        info.type = nullptr;
        return info;
      }
      conv.push_back(*e.value);
    }
    info.value = ConstValue::makeComposite(t, std::move(conv));
    return info;
  }
  if (t->isArray() && t->count) {
    if (args.size() != *t->count) {
      diags_.error(c.range, fmt::format("'{}' needs {} elements, but {} were given", t->name(), *t->count, args.size()));
      info.type = nullptr;
      return info;
    }
    std::vector<ConstValue> elems;
    for (size_t i = 0; i < args.size(); ++i) {
      auto v = convert(*args[i].value, t->elem, c.args[i]->range);
      if (!v) return typed(t, stage, std::nullopt);
      elems.push_back(*v);
    }
    info.value = ConstValue::makeComposite(t, std::move(elems));
    return info;
  }
  if (t->isMatrix()) {
    // Column vectors, or C*R scalars in column-major order (section "Value Constructor
    // Built-in Functions").
    const Type* col = types_.vec(t->rows, t->elem);
    if (args.size() == 1 && args[0].value->type->isMatrix()) {
      // Conversion (or copy) of a matrix of the same shape: component-wise value conversion.
      Eval e = convertValue(types_, *args[0].value, t);
      if (e.value) info.value = e.value;
      else if (!e.error.empty()) evalFailed(c.range, evalError(e.error, stage));
      if (!e.value) info.type = nullptr;
      return info;
    }
    std::vector<ConstValue> scalars;
    for (const auto& a : args) {
      const ConstValue& v = *a.value;
      if (v.type->isScalar()) scalars.push_back(v);
      else if (v.type->isVector()) scalars.insert(scalars.end(), v.elements.begin(), v.elements.end());
      else return typed(t, stage, std::nullopt);
    }
    if (scalars.size() != t->columns * t->rows) {
      diags_.error(c.range, fmt::format("'{}' needs {} components ({} columns of {}), but {} were given", t->name(),
                                        t->columns * t->rows, t->columns, t->rows, scalars.size()));
      info.type = nullptr;
      return info;
    }
    std::vector<ConstValue> cols;
    for (uint32_t ci = 0; ci < t->columns; ++ci) {
      std::vector<ConstValue> comps;
      for (uint32_t ri = 0; ri < t->rows; ++ri) {
        auto v = convert(scalars[ci * t->rows + ri], t->elem, c.range);
        if (!v) return ExprInfo{};
        comps.push_back(*v);
      }
      cols.push_back(ConstValue::makeComposite(col, std::move(comps)));
    }
    info.value = ConstValue::makeComposite(t, std::move(cols));
    return info;
  }
  return info;
}

}  // namespace wgsl::sema::internal
