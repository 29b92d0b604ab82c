// Which built-in function an IR instruction implements, read off the built-in table's Lowering
// column (interp/sema/builtin_table.inc): for the instructions that belong to one built-in alone
// (barriers, atomics, subgroup and quad operations), so that breakpoints and event texts name
// the WGSL function. Arithmetic that operators and built-ins share answers None.
#pragma once

#include "interp/ir/ir.h"
#include "interp/sema/builtin_fn.h"

namespace wgsl::ir {

// `aux` matters for Op::Barrier only (its kind).
sema::BuiltinFn builtinOf(Op op, uint32_t aux = 0);
inline sema::BuiltinFn builtinOf(const Inst& in) { return builtinOf(in.op, in.aux); }

}  // namespace wgsl::ir
