// Values known at shader-creation or pipeline-creation time (section "Early Evaluation
// Expressions"): the results of const-expressions and, once overrides are known,
// override-expressions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "interp/sema/types.h"

namespace wgsl::sema {

struct ConstValue;

// The components of a composite ConstValue, immutable and shared: copying a value copies a
// pointer, so `array(c, c)` holds `c` once. A splat (the zero value of an array, a vector made
// from one scalar) stores its element once with a count, so `array<i32, 636109182>()` is as
// small as `i32()` and indexing it materialises nothing.
class ConstElements {
 public:
  ConstElements() = default;
  ConstElements(std::vector<ConstValue> elems);  // NOLINT(google-explicit-constructor): a list is elements
  static ConstElements splat(const ConstValue& v, size_t count);

  size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  bool isSplat() const { return data_ && data_->size() == 1 && count_ != 1; }
  const ConstValue& operator[](size_t i) const;
  const ConstValue& at(size_t i) const;
  const ConstValue& front() const { return (*this)[0]; }
  const ConstValue& back() const { return (*this)[count_ - 1]; }
  // Identity of the shared storage (equal for copies of one value), for memoising work on
  // values that share children.
  const void* identity() const { return data_.get(); }
  operator std::vector<ConstValue>() const;  // NOLINT(google-explicit-constructor): a materialised copy

  class const_iterator {
   public:
    using iterator_category = std::random_access_iterator_tag;
    using value_type = ConstValue;
    using difference_type = std::ptrdiff_t;
    using pointer = const ConstValue*;
    using reference = const ConstValue&;
    const_iterator(const ConstElements* e, size_t i) : e_(e), i_(i) {}
    reference operator*() const { return (*e_)[i_]; }
    pointer operator->() const { return &(*e_)[i_]; }
    const_iterator& operator++() { ++i_; return *this; }
    const_iterator operator++(int) { const_iterator t = *this; ++i_; return t; }
    const_iterator& operator--() { --i_; return *this; }
    const_iterator& operator+=(difference_type d) { i_ = static_cast<size_t>(static_cast<difference_type>(i_) + d); return *this; }
    const_iterator operator+(difference_type d) const { const_iterator t = *this; return t += d; }
    difference_type operator-(const const_iterator& o) const { return static_cast<difference_type>(i_) - static_cast<difference_type>(o.i_); }
    reference operator[](difference_type d) const { return (*e_)[static_cast<size_t>(static_cast<difference_type>(i_) + d)]; }
    bool operator==(const const_iterator& o) const { return i_ == o.i_; }
    bool operator!=(const const_iterator& o) const { return i_ != o.i_; }
    bool operator<(const const_iterator& o) const { return i_ < o.i_; }

   private:
    const ConstElements* e_;
    size_t i_;
  };
  const_iterator begin() const { return const_iterator(this, 0); }
  const_iterator end() const { return const_iterator(this, count_); }

  bool operator==(const ConstElements& o) const;

 private:
  std::shared_ptr<const std::vector<ConstValue>> data_;
  size_t count_ = 0;
};

struct ConstValue {
  const Type* type = nullptr;
  // Scalars: exactly one of these is meaningful, by type->kind.
  bool b = false;   // bool
  int64_t i = 0;    // AbstractInt (full i64), i32 (sign-extended), u32 (0 .. 2^32-1)
  double f = 0;     // AbstractFloat, f32, f16: the exact value (f32/f16 values are exact doubles)
  // Composites: vector components, matrix columns (each a vector), array elements, struct members.
  ConstElements elements;

  static ConstValue makeBool(const Type* t, bool v);
  static ConstValue makeInt(const Type* t, int64_t v);
  static ConstValue makeFloat(const Type* t, double v);
  static ConstValue makeComposite(const Type* t, std::vector<ConstValue> elems);
  static ConstValue makeComposite(const Type* t, ConstElements elems);
  // `count` copies of `elem`, stored once.
  static ConstValue makeSplat(const Type* t, const ConstValue& elem, size_t count);
  // The zero value of a constructible type (section "Zero Value Expressions").
  static ConstValue zero(TypeTable& types, const Type* t);

  bool isScalar() const { return type != nullptr && type->isScalar(); }
  // Exact equality of values (NaN != NaN, -0 == +0), as `==` would compute.
  bool operator==(const ConstValue& o) const;
  bool operator!=(const ConstValue& o) const { return !(*this == o); }
  // WGSL-like spelling for messages: `3i`, `2.5f`, `vec2<u32>(1u, 2u)`; long composites are
  // cut short with `...` (at most about 64 components are spelled).
  std::string toString() const;
};

}  // namespace wgsl::sema
