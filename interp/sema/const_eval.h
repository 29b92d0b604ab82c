// Early evaluation of operators and conversions on ConstValues (spec sections "Arithmetic
// Expressions", "Bit Expressions", "Logical Expressions", "Comparison Expressions",
// "Floating Point Conversion", "Conversion Rank", value constructors/conversions), with the
// shader-creation errors the spec defines for const-expressions (the same rules are
// pipeline-creation errors for override-expressions; the caller picks the wording).
#pragma once

#include <optional>
#include <string>

#include "interp/ast/ast.h"
#include "interp/sema/const_value.h"

namespace wgsl::sema {

struct Eval {
  std::optional<ConstValue> value;  // on success
  std::string error;                // on failure: a sentence naming the rule that was broken

  static Eval ok(ConstValue v) { return Eval{std::move(v), {}}; }
  static Eval fail(std::string msg) { return Eval{std::nullopt, std::move(msg)}; }
};

// Rounds a finite double to the nearest value of the floating point type `k` (f32 or f16; ties
// to even), overflowing to an infinity as IEEE-754 round-to-nearest does; other kinds unchanged.
double roundToType(TypeKind k, double x);

// `-e`, `!e`, `~e` on a scalar or vector value (never `*` or `&`).
Eval evalUnary(TypeTable& types, ast::UnaryOp op, const ConstValue& v);

// `a op b`. The caller has already converted abstract operands so that the operand types are
// those of one of the operator's overloads in the spec's type rule tables: same scalar or vector
// type; vector op scalar / scalar op vector for + - * / %; matrix forms (mat+mat, mat-mat,
// mat*scalar, scalar*mat, mat*vec, vec*mat, mat*mat); shifts with a u32 (or AbstractInt) right
// operand of matching width; && || & | ^ on bool. The result type follows the same tables.
Eval evalBinary(TypeTable& types, ast::BinaryOp op, const ConstValue& a, const ConstValue& b);

// A feasible automatic conversion (ConversionRank finite): AbstractInt -> i32/u32 (error if the
// value does not fit), AbstractInt -> AbstractFloat/f32/f16, AbstractFloat -> f32/f16 (error
// if outside the finite range, rounding to nearest otherwise), component-wise for vectors,
// matrices and arrays.
Eval convertAutomatic(TypeTable& types, const ConstValue& v, const Type* to);

// A value conversion written as a call: `i32(x)`, `u32(x)`, `f32(x)`, `f16(x)`, `bool(x)`
// (section "Conversion Built-in Functions": float to int saturates and truncates, int to
// float rounds, bool to numeric gives 0/1, numeric to bool is `x != 0`), component-wise for
// vectors (`vec3<u32>(v)`).
Eval convertValue(TypeTable& types, const ConstValue& v, const Type* to);

}  // namespace wgsl::sema
