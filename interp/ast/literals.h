// Values of numeric literals (spec section "Numeric Literals") and the errors the spec defines
// for them: suffixed integers out of range, AbstractInt overflow, f32/f16 overflow, and hex
// floats with a suffix that are not exactly representable.
#pragma once

#include <string>

#include "interp/ast/ast.h"

namespace wgsl::ast {

// Fills kind, suffix and value of `lit` from `spelling`. Returns an empty string on success,
// otherwise the error message.
std::string evaluateIntLiteral(const std::string& spelling, LiteralExpr& lit);
std::string evaluateFloatLiteral(const std::string& spelling, bool hex, LiteralExpr& lit);

// Rounds to the nearest binary16 value (ties to even, subnormals kept); +-inf on overflow.
double roundToF16(double v);

}  // namespace wgsl::ast
