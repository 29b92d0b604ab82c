// The instruction -> built-in function map (see builtin_of.h), generated from the table.
#include "interp/ir/builtin_of.h"

namespace wgsl::ir {

sema::BuiltinFn builtinOf(Op op, uint32_t aux) {
  using BF = sema::BuiltinFn;
  if (op == Op::Barrier) {  // aux: the barrier's kind (ir.h)
    static const BF kBarriers[] = {BF::WorkgroupBarrier, BF::StorageBarrier, BF::TextureBarrier,
                                   BF::WorkgroupUniformLoad};
    return aux < 4 ? kBarriers[aux] : BF::None;
  }
  if (op == Op::AtomicStore) return BF::AtomicStore;  // lowered by hand: a store, not a read-modify-write
  const bool typed = isTyped(op);
  // Lane and Atomic rows name one instruction; LaneTyped and AtomicTyped rows a group of typed
  // instructions (one per scalar type). The first row that names an instruction wins.
#define WGSL_BUILTIN_OF_Math(id, arg)
#define WGSL_BUILTIN_OF_Typed(id, arg)
#define WGSL_BUILTIN_OF_Pack(id, arg)
#define WGSL_BUILTIN_OF_Custom(id, arg)
#define WGSL_BUILTIN_OF_Unsupported(id, arg)
#define WGSL_BUILTIN_OF_Lane(id, arg) \
  if (op == Op::arg) return BF::id;
#define WGSL_BUILTIN_OF_Atomic(id, arg) \
  if (op == Op::arg) return BF::id;
#define WGSL_BUILTIN_OF_LaneTyped(id, arg) \
  if (typed && groupOf(op) == OpGroup::arg) return BF::id;
#define WGSL_BUILTIN_OF_AtomicTyped(id, arg) \
  if (typed && groupOf(op) == OpGroup::arg) return BF::id;
#define WGSL_BUILTIN_FN(id, name, uniformity, lowering, lowering_arg, accuracy, signatures) \
  WGSL_BUILTIN_OF_##lowering(id, lowering_arg)
#include "interp/sema/builtin_table.inc"
#undef WGSL_BUILTIN_FN
#undef WGSL_BUILTIN_OF_Math
#undef WGSL_BUILTIN_OF_Typed
#undef WGSL_BUILTIN_OF_Pack
#undef WGSL_BUILTIN_OF_Custom
#undef WGSL_BUILTIN_OF_Unsupported
#undef WGSL_BUILTIN_OF_Lane
#undef WGSL_BUILTIN_OF_Atomic
#undef WGSL_BUILTIN_OF_LaneTyped
#undef WGSL_BUILTIN_OF_AtomicTyped
  return BF::None;
}

}  // namespace wgsl::ir
