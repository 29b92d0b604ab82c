#include "interp/sema/const_value.h"

#include "interp/sema/const_budget.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

namespace wgsl::sema {

ConstElements::ConstElements(std::vector<ConstValue> elems)
    : data_(std::make_shared<const std::vector<ConstValue>>(std::move(elems))), count_(data_->size()) {
  ConstEvalBudget::charge(count_);
}

ConstElements ConstElements::splat(const ConstValue& v, size_t count) {
  ConstElements e;
  if (count == 0) return e;
  ConstEvalBudget::charge(1);
  e.data_ = std::make_shared<const std::vector<ConstValue>>(1, v);
  e.count_ = count;
  return e;
}

const ConstValue& ConstElements::operator[](size_t i) const { return (*data_)[data_->size() == 1 ? 0 : i]; }

const ConstValue& ConstElements::at(size_t i) const {
  if (i >= count_) throw std::out_of_range("ConstElements::at");
  return (*this)[i];
}

ConstElements::operator std::vector<ConstValue>() const { return std::vector<ConstValue>(begin(), end()); }

bool ConstElements::operator==(const ConstElements& o) const {
  if (count_ != o.count_) return false;
  if (data_ == o.data_) return true;
  if (isSplat() && o.isSplat()) return (*data_)[0] == (*o.data_)[0];
  for (size_t k = 0; k < count_; ++k) {
    if (!((*this)[k] == o[k])) return false;
  }
  return true;
}

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

ConstValue ConstValue::makeComposite(const Type* t, ConstElements elems) {
  ConstValue c;
  c.type = t;
  c.elements = std::move(elems);
  return c;
}

ConstValue ConstValue::makeSplat(const Type* t, const ConstValue& elem, size_t count) {
  return makeComposite(t, ConstElements::splat(elem, count));
}

namespace {
// Zero values, each type's built once per call (a structure of two structures of two ... is
// linear in its declarations, not exponential), arrays, vectors and matrices as splats.
ConstValue zeroOf(TypeTable& types, const Type* t, std::map<const Type*, ConstValue>& done) {
  auto it = done.find(t);
  if (it != done.end()) return it->second;
  ConstValue z;
  switch (t->kind) {
    case TypeKind::Bool: z = ConstValue::makeBool(t, false); break;
    case TypeKind::AbstractInt: case TypeKind::I32: case TypeKind::U32: z = ConstValue::makeInt(t, 0); break;
    case TypeKind::AbstractFloat: case TypeKind::F32: case TypeKind::F16: z = ConstValue::makeFloat(t, 0.0); break;
    case TypeKind::Vector: z = ConstValue::makeSplat(t, zeroOf(types, t->elem, done), t->width); break;
    case TypeKind::Matrix: z = ConstValue::makeSplat(t, zeroOf(types, types.vec(t->rows, t->elem), done), t->columns); break;
    case TypeKind::Array: z = ConstValue::makeSplat(t, zeroOf(types, t->elem, done), t->count.value_or(0)); break;
    case TypeKind::Struct: {
      std::vector<ConstValue> m;
      for (const auto& mem : t->members) m.push_back(zeroOf(types, mem.type, done));
      z = ConstValue::makeComposite(t, std::move(m));
      break;
    }
    default: z.type = t; break;
  }
  done.emplace(t, z);
  return z;
}
}  // namespace

ConstValue ConstValue::zero(TypeTable& types, const Type* t) {
  std::map<const Type*, ConstValue> done;
  return zeroOf(types, t, done);
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
      // Spelled in full up to 64 components (counted through every level), then `...`.
      std::string s = type->name() + "(";
      const size_t shown = std::min<size_t>(elements.size(), 64);
      for (size_t k = 0; k < shown; ++k) {
        std::string e = elements[k].toString();
        s += (k ? ", " : "") + e;
        if (s.size() > 1024) return s + ", ...)";
      }
      if (shown < elements.size()) s += ", ...";
      return s + ")";
    }
  }
}

}  // namespace wgsl::sema
