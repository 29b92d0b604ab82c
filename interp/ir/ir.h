// The register IR a compute entry point is lowered to at pipeline creation.
//
// - Registers are 32-bit per lane (f16 as its bit pattern in the low half, bool as 0/1). A value
//   of a composite type occupies consecutive registers (its scalar components in order), so an
//   instruction with `n` components works on n consecutive registers.
// - Registers [0, num_const_regs) hold constants (filled once per subgroup), then registers with
//   built-in values (filled per workgroup), then the rest.
// - Control flow is structured: If/Loop/Switch/Call instructions push and pop entries of a
//   per-subgroup control stack that holds the execution masks. Function calls are inlined
//   (WGSL has no recursion), so every pointer's root variable is known statically and a
//   pointer is just a per-lane byte offset into that root.
// - Memory: every variable that lives in memory is a Root (a storage/uniform binding, a
//   workgroup variable, or a private/function variable in the invocation's private block).
//   Offsets are per lane; an offset of kInvalidOffset marks an out-of-range index, which the
//   memory access reports.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "interp/sema/builtin_fn.h"
#include "interp/sema/types.h"

namespace wgsl {
class SourceFile;
}

namespace wgsl::ir {

struct DebugInfo;  // debug_info.h: the source-level side table (never read by the interpreter)

// Scalar kinds of register values. Typed opcodes are `group * kNumScalars + scalar`.
enum class Scalar : uint8_t { Bool, I32, U32, F32, F16 };
constexpr int kNumScalars = 5;

#define WGSL_IR_TYPED_GROUPS(X) \
  X(Add) X(Sub) X(Mul) X(Div) X(Rem) X(Neg)                          \
  X(And) X(Or) X(Xor) X(Not) X(Shl) X(Shr)                           \
  X(Eq) X(Ne) X(Lt) X(Le) X(Gt) X(Ge)                                \
  X(Min) X(Max) X(Abs) X(Clamp)                                      \
  X(CvtFromBool) X(CvtFromI32) X(CvtFromU32) X(CvtFromF32) X(CvtFromF16) \
  X(Math1) X(Math2) X(Math3)                                         \
  X(Load) X(Store)                                                   \
  X(SgReduceAdd) X(SgReduceMul) X(SgReduceMin) X(SgReduceMax)        \
  X(SgInclAdd) X(SgInclMul) X(SgExclAdd) X(SgExclMul)                \
  X(AtomicMin) X(AtomicMax)

enum class OpGroup : uint16_t {
#define X(name) name,
  WGSL_IR_TYPED_GROUPS(X)
#undef X
  kCount
};

// Untyped opcodes come after the typed ones.
enum class Op : uint16_t {
  kTypedEnd = static_cast<uint16_t>(OpGroup::kCount) * kNumScalars,
  Mov = kTypedEnd,  // dst[0..n) = a[0..n) on every lane (temporaries)
  MovMasked,        // dst[0..n) = a[0..n) on active lanes (variable writes)
  Splat,            // dst[k] = a for k < n
  Select,           // dst[k] = c[k] ? b[k] : a[k]   (WGSL select(f, t, cond)); c is n or 1 wide (aux=1)
  LNot,             // dst = !a (bool)
  PickDyn,          // dst[0..n) = a[idx*n ..] where idx = b, elements imm; out of range: zero
  PutDyn,           // dst[idx*n ..] = a[0..n) on active lanes, idx = b < imm (else dropped)
  Math,             // placeholder (never emitted)
  // Control flow (see exec/control.h for the mask rules).
  IfBegin,          // a = condition; imm = pc of IfElse; imm2 = pc of IfEnd
  IfElse,           // end of the then-block
  IfEnd,
  LoopBegin,        // imm = pc of LoopContinuing; imm2 = pc of LoopEnd; body at pc+1
  LoopContinuing,   // start of the continuing block: every lane still in the loop
  LoopBackEdge,     // aux=1: a = break-if condition; imm = pc of the body start
  LoopEnd,
  SwitchBegin,      // imm2 = pc of SwitchEnd (clauses are lowered to an if-chain inside)
  SwitchEnd,
  CallBegin,        // imm2 = pc of CallEnd
  CallEnd,
  Break, Continue, Return,
  CondBreak,        // lanes with a (aux=1: with !a) leave the innermost loop (`break if`, loop conditions)
  Halt,
  Barrier,          // aux: 0 workgroupBarrier, 1 storageBarrier, 2 textureBarrier, 3 workgroupUniformLoad
  // Memory addressing.
  IndexAddr,        // dst = a (kNoReg: 0) + imm2 + b*imm when b (the index, as u32) < count, else
                    // kInvalidOffset (also when a is). count = imm3, or with aux=1 the
                    // runtime-sized count (size of root imm3 - imm2) / imm. aux bit 2: the index is an
                    // i32 (PickDyn/PutDyn too), for clamping under --oob=clamp.
  ArrayLength,      // dst = (size of root imm2 - imm) / imm3
  MemZero,          // zero imm3 bytes at a (kNoReg: 0) + imm of root imm2 (active lanes)
  // Loads/stores (typed Load/Store groups): dst (load) or b (store value); a = offset register
  // (kNoReg: none) + imm; root imm2; n components aux bytes apart.
  // Atomics: dst = old value; a = offset reg + imm; root imm2; b = operand.
  AtomicLoad, AtomicStore, AtomicAdd, AtomicSub, AtomicAnd, AtomicOr, AtomicXor, AtomicExchange,
  AtomicCmpXchg,    // b = compare value, c = new value; dst = old, dst+1 = exchanged (bool)
  // Subgroup and quad operations (active-lane semantics).
  SgBallot, SgElect, SgAll, SgAny, SgBroadcast, SgBroadcastFirst, SgShuffle, SgShuffleXor,
  SgShuffleUp, SgShuffleDown, SgReduceAnd, SgReduceOr, SgReduceXor,
  QuadBroadcast, QuadSwapX, QuadSwapY, QuadSwapDiagonal,
  // Packing and other multi-register built-ins: imm = PackFn.
  Pack,
  kCount
};

constexpr Op typedOp(OpGroup g, Scalar s) {
  return static_cast<Op>(static_cast<uint16_t>(g) * kNumScalars + static_cast<uint16_t>(s));
}
constexpr bool isTyped(Op op) { return op < Op::kTypedEnd; }
constexpr OpGroup groupOf(Op op) { return static_cast<OpGroup>(static_cast<uint16_t>(op) / kNumScalars); }
constexpr Scalar scalarOf(Op op) { return static_cast<Scalar>(static_cast<uint16_t>(op) % kNumScalars); }

// Sub-operations of Math1/Math2/Math3 (float types unless noted; the integer ones are
// countLeadingZeros ... reverseBits, extractBits and insertBits), generated from the built-in
// table: one per function whose Lowering column in builtin_table.inc is `Math X` (enumerator X),
// then the parts of functions lowered by hand (WGSL_IR_MATH_PARTS). The name of each (dump-ir,
// the debugger, the accuracy rules) is its built-in's WGSL name, so there is no list to keep.
//   ExtractBits: a = e, b = offset, c = count (integers).
//   InsertBits:  a = e, b = newbits, c = (offset, count) in two consecutive registers.
#define WGSL_IR_ONLY_Math(...) __VA_ARGS__
#define WGSL_IR_ONLY_Typed(...)
#define WGSL_IR_ONLY_Pack(...)
#define WGSL_IR_ONLY_Lane(...)
#define WGSL_IR_ONLY_LaneTyped(...)
#define WGSL_IR_ONLY_Atomic(...)
#define WGSL_IR_ONLY_AtomicTyped(...)
#define WGSL_IR_ONLY_Custom(...)
#define WGSL_IR_ONLY_Unsupported(...)
// X(Enumerator, the built-in it is part of, the part's name: "" for the whole function).
#define WGSL_IR_MATH_PARTS(X)                                                                   \
  X(FrexpFract, Frexp, "fract") X(FrexpExp, Frexp, "exp") X(ModfFract, Modf, "fract")          \
  X(ModfWhole, Modf, "whole") X(InsertBits, InsertBits, "")

enum class MathFn : uint8_t {
#define WGSL_BUILTIN_FN(id, name, uniformity, lowering, lowering_arg, accuracy, signatures) WGSL_IR_ONLY_##lowering(lowering_arg, )
#include "interp/sema/builtin_table.inc"
#undef WGSL_BUILTIN_FN
#define X(e, fn, part) e,
  WGSL_IR_MATH_PARTS(X)
#undef X
  kCount
};
// The WGSL name: the built-in's ("sqrt"), with the part for a part ("frexp.fract").
const char* toString(MathFn f);
// The built-in function the operation computes (or a part of).
sema::BuiltinFn builtinOf(MathFn f);

// Sub-operations of Pack, generated the same way: one per function whose Lowering is `Pack X`,
// then bitcast's conversions between vec2<f16> (2 registers) and one 32-bit register, named by
// the conversion (X(Enumerator, built-in, name)).
#define WGSL_IR_ONLY_PACK_Pack(...) __VA_ARGS__
#define WGSL_IR_ONLY_PACK_Math(...)
#define WGSL_IR_ONLY_PACK_Typed(...)
#define WGSL_IR_ONLY_PACK_Lane(...)
#define WGSL_IR_ONLY_PACK_LaneTyped(...)
#define WGSL_IR_ONLY_PACK_Atomic(...)
#define WGSL_IR_ONLY_PACK_AtomicTyped(...)
#define WGSL_IR_ONLY_PACK_Custom(...)
#define WGSL_IR_ONLY_PACK_Unsupported(...)
#define WGSL_IR_PACK_PARTS(X) X(F16x2ToU32, Bitcast, "f16x2->u32") X(U32ToF16x2, Bitcast, "u32->f16x2")

enum class PackFn : uint8_t {
#define WGSL_BUILTIN_FN(id, name, uniformity, lowering, lowering_arg, accuracy, signatures) \
  WGSL_IR_ONLY_PACK_##lowering(lowering_arg, )
#include "interp/sema/builtin_table.inc"
#undef WGSL_BUILTIN_FN
#define X(e, fn, name) e,
  WGSL_IR_PACK_PARTS(X)
#undef X
  kCount
};
// The built-in's WGSL name ("pack4x8snorm"), or the conversion's for bitcast's ("f16x2->u32").
const char* toString(PackFn f);
sema::BuiltinFn builtinOf(PackFn f);

constexpr uint32_t kNoReg = 0xffffffffu;
constexpr uint32_t kInvalidOffset = 0xffffffffu;

struct Inst {
  Op op = Op::Halt;
  uint8_t n = 1;    // components
  uint8_t aux = 0;  // small operand (strides, flags, kinds)
  uint32_t dst = kNoReg, a = kNoReg, b = kNoReg, c = kNoReg;
  uint32_t imm = 0, imm2 = 0, imm3 = 0;
  uint32_t loc = 0;  // source code-point offset
};

// Built-in values filled into registers when a workgroup starts.
enum class BuiltinValue : uint8_t {
  LocalIdX, LocalIdY, LocalIdZ, LocalIndex, GlobalIdX, GlobalIdY, GlobalIdZ, WorkgroupIdX,
  WorkgroupIdY, WorkgroupIdZ, NumWorkgroupsX, NumWorkgroupsY, NumWorkgroupsZ,
  SubgroupInvocationId, SubgroupSize, SubgroupId, NumSubgroups,
  GlobalIndex, WorkgroupIndex,  // linear_indexing
};

struct ConstInit {
  uint32_t reg;
  uint32_t bits;
};
struct BuiltinInit {
  uint32_t reg;
  BuiltinValue value;
};

// A variable in memory.
struct Root {
  std::string name;
  sema::AddressSpace space = sema::AddressSpace::Function;
  sema::AccessMode access = sema::AccessMode::ReadWrite;
  uint32_t offset = 0;  // within the workgroup block or the invocation's private block
  uint32_t size = 0;    // bytes (storage/uniform: the binding's size at dispatch time)
  int slot = -1;        // storage/uniform: index into Kernel::slots
  // Every byte of the variable is inside an atomic (an array or struct of atomics): WGSL's types
  // allow only atomic accesses to it, so its accesses can never race (race detection skips it).
  bool only_atomics = false;
};

// A resource the entry point uses.
struct BindingSlot {
  uint32_t group = 0, binding = 0;
  std::string name;
  sema::AddressSpace space = sema::AddressSpace::Storage;
  sema::AccessMode access = sema::AccessMode::Read;
  uint64_t min_size = 0;
  bool runtime_sized = false;
  uint32_t element_stride = 0;  // runtime-sized: the array stride (binding size must fit whole elements... no: spec rule)
};

struct Kernel {
  std::string entry;
  const SourceFile* file = nullptr;  // for locations (owned by the module)
  std::vector<Inst> code;
  uint32_t num_regs = 0;
  uint32_t num_const_regs = 0;
  std::vector<ConstInit> consts;
  std::vector<BuiltinInit> builtins;
  std::vector<Root> roots;
  std::vector<BindingSlot> slots;
  uint32_t private_size = 0;    // bytes per invocation (16-byte multiple)
  uint32_t workgroup_size_bytes = 0;
  uint32_t max_depth = 1;       // control stack entries needed
  uint32_t workgroup_size[3] = {1, 1, 1};
  bool uses_barriers = false;
  // Inlined call chains and variable locations for debuggers (interp/ir/debug_info.h).
  std::shared_ptr<const DebugInfo> debug;
  // The types lowering made that the program's table lacks (a table extending it): owned here,
  // since `debug` may name them. The program itself is never written after resolution.
  std::shared_ptr<const sema::TypeTable> types;
};

// One instruction / the whole kernel as text (for `wgslemu dump-ir`).
std::string dumpInst(const Kernel& k, uint32_t pc);
std::string dump(const Kernel& k);
const char* opName(Op op);

}  // namespace wgsl::ir
