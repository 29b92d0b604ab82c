#include "interp/sema/const_value.h"

#include <fmt/format.h>

#include <cmath>

namespace wgsl::sema {

ConstValue ConstValue::makeBool(const Type* t, bool v) {
  ConstValue c;
  c.type = t;
  c.b = v;
  return c;
}

ConstValue ConstValue::makeInt(const Type* t, int64_t v) {
  ConstValue c;
  c.type = t;
  c.i = v;
  return c;
}

ConstValue ConstValue::makeFloat(const Type* t, double v) {
  ConstValue c;
  c.type = t;
  c.f = v;
  return c;
}

ConstValue ConstValue::makeComposite(const Type* t, std::vector<ConstValue> elems) {
  ConstValue c;
  c.type = t;
  c.elements = std::move(elems);
  return c;
}

ConstValue ConstValue::zero(TypeTable& types, const Type* t) {
  switch (t->kind) {
    case TypeKind::Bool: return makeBool(t, false);
    case TypeKind::AbstractInt: case TypeKind::I32: case TypeKind::U32: return makeInt(t, 0);
    case TypeKind::AbstractFloat: case TypeKind::F32: case TypeKind::F16: return makeFloat(t, 0.0);
    case TypeKind::Vector: return makeComposite(t, std::vector<ConstValue>(t->width, zero(types, t->elem)));
    case TypeKind::Matrix:
      return makeComposite(t, std::vector<ConstValue>(t->columns, zero(types, types.vec(t->rows, t->elem))));
    case TypeKind::Array: return makeComposite(t, std::vector<ConstValue>(t->count.value_or(0), zero(types, t->elem)));
    case TypeKind::Struct: {
      std::vector<ConstValue> m;
      for (const auto& mem : t->members) m.push_back(zero(types, mem.type));
      return makeComposite(t, std::move(m));
    }
    default: {
      ConstValue c;
      c.type = t;
      return c;
    }
  }
}

bool ConstValue::operator==(const ConstValue& o) const {
  if (type != o.type) return false;
  if (type->isScalar()) {
    if (type->kind == TypeKind::Bool) return b == o.b;
    if (type->isIntegerScalar()) return i == o.i;
    return f == o.f;
  }
  return elements == o.elements;
}

std::string ConstValue::toString() const {
  if (type == nullptr) return "?";
  switch (type->kind) {
    case TypeKind::Bool: return b ? "true" : "false";
    case TypeKind::AbstractInt: return fmt::format("{}", i);
    case TypeKind::I32: return fmt::format("{}i", i);
    case TypeKind::U32: return fmt::format("{}u", i);
    case TypeKind::AbstractFloat:
    case TypeKind::F32:
    case TypeKind::F16: {
      std::string s = std::isfinite(f) ? fmt::format("{}", f) : (std::isnan(f) ? "nan" : (f > 0 ? "inf" : "-inf"));
      if (std::isfinite(f) && s.find_first_of(".eE") == std::string::npos) s += ".0";
      if (type->kind == TypeKind::F32) s += "f";
      if (type->kind == TypeKind::F16) s += "h";
      return s;
    }
    default: {
      std::string s = type->name() + "(";
      for (size_t k = 0; k < elements.size(); ++k) s += (k ? ", " : "") + elements[k].toString();
      return s + ")";
    }
  }
}

}  // namespace wgsl::sema
