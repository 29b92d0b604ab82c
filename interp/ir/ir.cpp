// Names of IR operations and the text dump of a Kernel (`wgslemu dump-ir`).
#include "interp/ir/ir.h"

#include <fmt/format.h>

#include <iterator>
#include <string>
#include <vector>

#include "base/source_text.h"

namespace wgsl::ir {

namespace {
const char* const kGroupNames[] = {
#define X(name) #name,
    WGSL_IR_TYPED_GROUPS(X)
#undef X
};
const char* const kScalarNames[] = {"Bool", "I32", "U32", "F32", "F16"};
const char* const kUntypedNames[] = {
    "Mov", "MovMasked", "Splat", "Select", "LNot", "PickDyn", "PutDyn", "Math", "IfBegin", "IfElse", "IfEnd",
    "LoopBegin", "LoopContinuing", "LoopBackEdge", "LoopEnd", "SwitchBegin", "SwitchEnd", "CallBegin", "CallEnd",
    "Break", "Continue", "Return", "CondBreak", "Halt", "Barrier", "IndexAddr", "ArrayLength", "MemZero",
    "AtomicLoad", "AtomicStore", "AtomicAdd", "AtomicSub", "AtomicAnd", "AtomicOr", "AtomicXor", "AtomicExchange",
    "AtomicCmpXchg", "SgBallot", "SgElect", "SgAll", "SgAny", "SgBroadcast", "SgBroadcastFirst", "SgShuffle",
    "SgShuffleXor", "SgShuffleUp", "SgShuffleDown", "SgReduceAnd", "SgReduceOr", "SgReduceXor", "QuadBroadcast",
    "QuadSwapX", "QuadSwapY", "QuadSwapDiagonal", "Pack"};
static_assert(sizeof(kUntypedNames) / sizeof(kUntypedNames[0]) ==
                  static_cast<size_t>(Op::kCount) - static_cast<size_t>(Op::kTypedEnd),
              "every untyped opcode has a name");
// Per MathFn: its built-in and part, from the same rows as the enumeration.
constexpr sema::BuiltinFn kMathBuiltins[] = {
#define WGSL_BUILTIN_FN(id, name, uniformity, lowering, lowering_arg, accuracy, signatures) \
  WGSL_IR_ONLY_##lowering(sema::BuiltinFn::id, )
#include "interp/sema/builtin_table.inc"
#undef WGSL_BUILTIN_FN
#define X(e, fn, part) sema::BuiltinFn::fn,
    WGSL_IR_MATH_PARTS(X)
#undef X
};
static_assert(std::size(kMathBuiltins) == static_cast<size_t>(MathFn::kCount), "a built-in per MathFn");
const char* const kMathParts[] = {
#define X(e, fn, part) part,
    WGSL_IR_MATH_PARTS(X)
#undef X
};
constexpr size_t kMathWholeFns = static_cast<size_t>(MathFn::kCount) - std::size(kMathParts);
constexpr sema::BuiltinFn kPackBuiltins[] = {
#define WGSL_BUILTIN_FN(id, name, uniformity, lowering, lowering_arg, accuracy, signatures) \
  WGSL_IR_ONLY_PACK_##lowering(sema::BuiltinFn::id, )
#include "interp/sema/builtin_table.inc"
#undef WGSL_BUILTIN_FN
#define X(e, fn, name) sema::BuiltinFn::fn,
    WGSL_IR_PACK_PARTS(X)
#undef X
};
static_assert(std::size(kPackBuiltins) == static_cast<size_t>(PackFn::kCount), "a built-in per PackFn");
const char* const kPackPartNames[] = {
#define X(e, fn, name) name,
    WGSL_IR_PACK_PARTS(X)
#undef X
};
constexpr size_t kPackWholeFns = static_cast<size_t>(PackFn::kCount) - std::size(kPackPartNames);
}  // namespace

sema::BuiltinFn builtinOf(MathFn f) { return kMathBuiltins[static_cast<size_t>(f)]; }

const char* toString(MathFn f) {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (size_t i = 0; i < static_cast<size_t>(MathFn::kCount); ++i) {
      std::string s(sema::builtinFnName(kMathBuiltins[i]));
      if (i >= kMathWholeFns && kMathParts[i - kMathWholeFns][0] != '\0') s += std::string(".") + kMathParts[i - kMathWholeFns];
      n.push_back(std::move(s));
    }
    return n;
  }();
  return f < MathFn::kCount ? names[static_cast<size_t>(f)].c_str() : "?";
}
sema::BuiltinFn builtinOf(PackFn f) { return kPackBuiltins[static_cast<size_t>(f)]; }

const char* toString(PackFn f) {
  const size_t i = static_cast<size_t>(f);
  if (i >= static_cast<size_t>(PackFn::kCount)) return "?";
  // Built-in names are views of string literals (builtin_fn.cpp's table): NUL-terminated.
  return i < kPackWholeFns ? sema::builtinFnName(kPackBuiltins[i]).data() : kPackPartNames[i - kPackWholeFns];
}

const char* opName(Op op) {
  if (isTyped(op)) return kGroupNames[static_cast<int>(groupOf(op))];
  return kUntypedNames[static_cast<int>(op) - static_cast<int>(Op::kTypedEnd)];
}

std::string dumpInst(const Kernel& k, uint32_t pc) {
  const Inst& i = k.code[pc];
  std::string s = fmt::format("{:5}  ", pc);
  std::string name = opName(i.op);
  if (isTyped(i.op)) {
    name += std::string(".") + kScalarNames[static_cast<int>(scalarOf(i.op))];
    const OpGroup g = groupOf(i.op);
    if (g == OpGroup::Math1 || g == OpGroup::Math2 || g == OpGroup::Math3) name += std::string(" ") + toString(static_cast<MathFn>(i.aux));
    if (g == OpGroup::Math3 && static_cast<MathFn>(i.aux) == MathFn::Fma && i.imm == 1) name += " (contracted)";
  }
  if (i.op == Op::Pack) name += std::string(" ") + toString(static_cast<PackFn>(i.aux));
  if (i.n > 1) name += fmt::format(" x{}", i.n);
  s += fmt::format("{:<28}", name);
  auto reg = [&](uint32_t r) {
    if (r == kNoReg) return std::string("-");
    if (r < k.num_const_regs) return fmt::format("c{}={:#x}", r, k.consts[r].bits);
    return fmt::format("r{}", r);
  };
  std::string ops;
  if (i.dst != kNoReg) ops += reg(i.dst) + " <- ";
  if (i.a != kNoReg) ops += reg(i.a) + " ";
  if (i.b != kNoReg) ops += reg(i.b) + " ";
  if (i.c != kNoReg) ops += reg(i.c) + " ";
  const bool mem = (isTyped(i.op) && (groupOf(i.op) == OpGroup::Load || groupOf(i.op) == OpGroup::Store ||
                                      groupOf(i.op) == OpGroup::AtomicMin || groupOf(i.op) == OpGroup::AtomicMax)) ||
                   (i.op >= Op::AtomicLoad && i.op <= Op::AtomicCmpXchg) || i.op == Op::MemZero;
  if (mem && i.imm2 < k.roots.size()) ops += fmt::format("[{} + {}]", k.roots[i.imm2].name, i.imm);
  if (i.op == Op::IndexAddr) ops += fmt::format("stride {} + {} count {}{}", i.imm, i.imm2, (i.aux & 1) ? "runtime:" : "",
                                                (i.aux & 1) ? k.roots[i.imm3].name : std::to_string(i.imm3));
  if (i.op == Op::IfBegin) ops += fmt::format("else {} end {}", i.imm, i.imm2);
  if (i.op == Op::IfElse || i.op == Op::SwitchBegin || i.op == Op::CallBegin) ops += fmt::format("end {}", i.imm2);
  if (i.op == Op::LoopBegin) ops += fmt::format("continuing {} end {}", i.imm, i.imm2);
  if (i.op == Op::LoopBackEdge) ops += fmt::format("to {}", i.imm);
  if (i.op == Op::PickDyn) ops += fmt::format("count {}", i.imm);
  s += fmt::format("{:<44}", ops);
  if (k.file) {
    const SourcePos p = k.file->position(i.loc);
    s += fmt::format(" ; {}:{}", p.line, p.column);
  }
  return s;
}

std::string dump(const Kernel& k) {
  std::string s = fmt::format("entry {} workgroup_size({}, {}, {})\n", k.entry, k.workgroup_size[0], k.workgroup_size[1],
                              k.workgroup_size[2]);
  s += fmt::format("registers {} (constants {}), control depth {}, private {} bytes, workgroup {} bytes\n", k.num_regs,
                   k.num_const_regs, k.max_depth, k.private_size, k.workgroup_size_bytes);
  for (size_t r = 0; r < k.roots.size(); ++r) {
    const Root& root = k.roots[r];
    s += fmt::format("root {} '{}' {}", r, root.name, sema::toString(root.space));
    if (root.slot >= 0) s += fmt::format(" @group({}) @binding({})", k.slots[root.slot].group, k.slots[root.slot].binding);
    else s += fmt::format(" offset {} size {}", root.offset, root.size);
    s += "\n";
  }
  for (uint32_t pc = 0; pc < k.code.size(); ++pc) s += dumpInst(k, pc) + "\n";
  return s;
}

}  // namespace wgsl::ir
