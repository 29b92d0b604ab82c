// Values known at shader-creation or pipeline-creation time (section "Early Evaluation
// Expressions"): the results of const-expressions and, once overrides are known,
// override-expressions.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "interp/sema/types.h"

namespace wgsl::sema {

struct ConstValue {
  const Type* type = nullptr;
  // Scalars: exactly one of these is meaningful, by type->kind.
  bool b = false;   // bool
  int64_t i = 0;    // AbstractInt (full i64), i32 (sign-extended), u32 (0 .. 2^32-1)
  double f = 0;     // AbstractFloat, f32, f16: the exact value (f32/f16 values are exact doubles)
  // Composites: vector components, matrix columns (each a vector), array elements, struct members.
  std::vector<ConstValue> elements;

  static ConstValue makeBool(const Type* t, bool v);
  static ConstValue makeInt(const Type* t, int64_t v);
  static ConstValue makeFloat(const Type* t, double v);
  static ConstValue makeComposite(const Type* t, std::vector<ConstValue> elems);
  // The zero value of a constructible type (section "Zero Value Expressions").
  static ConstValue zero(TypeTable& types, const Type* t);

  bool isScalar() const { return type != nullptr && type->isScalar(); }
  // Exact equality of values (NaN != NaN, -0 == +0), as `==` would compute.
  bool operator==(const ConstValue& o) const;
  bool operator!=(const ConstValue& o) const { return !(*this == o); }
  // WGSL-like spelling for messages: `3i`, `2.5f`, `vec2<u32>(1u, 2u)`.
  std::string toString() const;
};

}  // namespace wgsl::sema
