// The register IR a compute entry point lowers to: constants folded, calls inlined, structured
// control flow kept, a source location on every instruction, clear errors for unsupported
// features.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "interp/sema/validator.h"
#include "tests/exec/lower_test_util.h"

namespace wgsl::ir {
namespace {

using testing::Lowered;
using testing::lower;

size_t count(const Kernel& k, Op op) {
  size_t n = 0;
  for (const Inst& i : k.code) n += i.op == op;
  return n;
}

TEST(Lowering, ConstantExpressionsAreFolded) {
  auto l = lower(R"(
const K = 6;
@group(0) @binding(0) var<storage, read_write> o: array<i32, 4>;
@compute @workgroup_size(1) fn main() {
  let x = K * 7 + 1;
  o[0] = x;
  o[1] = i32(sqrt(16.0)) * K;
})");
  ASSERT_TRUE(l.kernel) << l.error.message;
  for (const Inst& i : l.kernel->code) {
    ASSERT_FALSE(isTyped(i.op) && (groupOf(i.op) == OpGroup::Mul || groupOf(i.op) == OpGroup::Add ||
                                   groupOf(i.op) == OpGroup::Math1))
        << dump(*l.kernel);
  }
  bool has43 = false, has24 = false;
  for (const ConstInit& c : l.kernel->consts) {
    has43 = has43 || c.bits == 43u;
    has24 = has24 || c.bits == 24u;
  }
  EXPECT_TRUE(has43 && has24) << dump(*l.kernel);
}

TEST(Lowering, CallsAreInlinedAndControlFlowStaysStructured) {
  auto l = lower(R"(
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
fn early(x: u32) -> u32 { if (x > 3u) { return 1u; } return 2u; }
fn plain(x: u32) -> u32 { return x * 2u; }
@compute @workgroup_size(8) fn main(@builtin(local_invocation_index) i: u32) {
  var s = 0u;
  for (var k = 0u; k < i; k++) { s += early(k) + plain(k); }
  o[i] = s;
})");
  ASSERT_TRUE(l.kernel) << l.error.message;
  const Kernel& k = *l.kernel;
  // The entry point and `early` (which returns early) get call constructs; `plain` does not.
  EXPECT_EQ(count(k, Op::CallBegin), 2u) << dump(k);
  EXPECT_EQ(count(k, Op::LoopBegin), 1u);
  EXPECT_EQ(count(k, Op::LoopBegin), count(k, Op::LoopEnd));
  EXPECT_EQ(count(k, Op::IfBegin), count(k, Op::IfEnd));
  EXPECT_EQ(count(k, Op::CondBreak), 1u);  // the for-loop condition
  EXPECT_EQ(k.code.back().op, Op::Halt);
  // Every instruction points into the source.
  for (const Inst& i : k.code) EXPECT_LT(i.loc, l.file->text().size());
  // Constants come first in the register file.
  for (const Inst& i : k.code) {
    if (i.op == Op::Mov || i.op == Op::MovMasked) {
      EXPECT_GE(i.dst, k.num_const_regs) << dump(k);
    }
  }
}

TEST(Lowering, VariablesInRegistersOrMemory) {
  auto l = lower(R"(
@group(0) @binding(0) var<storage, read_write> o: array<f32>;
var<workgroup> w: array<f32, 64>;
fn scale(p: ptr<function, vec2<f32>>) { *p = *p * 2.0; }
@compute @workgroup_size(64) fn main(@builtin(local_invocation_index) i: u32) {
  var v = vec2<f32>(1.0, 2.0);   // a vector: registers, even with its address taken
  scale(&v);
  var a: array<f32, 4>;          // an array: private memory
  a[i % 4u] = v.x;
  w[i] = a[0];
  o[i] = w[63u - i];
})");
  ASSERT_TRUE(l.kernel) << l.error.message;
  const Kernel& k = *l.kernel;
  bool has_a = false, has_v = false;
  for (const Root& r : k.roots) {
    has_a = has_a || (r.name == "a" && r.space == sema::AddressSpace::Function && r.size == 16);
    has_v = has_v || r.name == "v";
  }
  EXPECT_TRUE(has_a) << dump(k);
  EXPECT_FALSE(has_v) << dump(k);
  EXPECT_EQ(k.workgroup_size_bytes, 256u);
  EXPECT_EQ(k.private_size, 16u);
  EXPECT_EQ(count(k, Op::MemZero), 1u);  // `var a` starts zeroed
}

TEST(Lowering, UnsupportedFeaturesGiveAClearError) {
  auto l = lower(R"(
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var<storage, read_write> o: vec4<f32>;
@compute @workgroup_size(1) fn main() { o = textureLoad(t, vec2<i32>(0, 0), 0); })");
  EXPECT_FALSE(l.kernel);
  EXPECT_NE(l.error.message.find("'textureLoad': texture built-in functions are not supported yet"), std::string::npos)
      << l.error.message;
  EXPECT_EQ(l.file->position(l.error.range.begin).line, 4u);
  auto f = lower("@fragment fn main() -> @location(0) vec4<f32> { return vec4<f32>(); }");
  EXPECT_FALSE(f.kernel);
  EXPECT_NE(f.error.message.find("fragment entry point"), std::string::npos) << f.error.message;
}

// Lowering only reads the resolved program (several pipelines lower from one module at once): a
// type the program lacks (here the vec3<f32> columns of a matrix product: its operands and its
// result are matrices) is made in the kernel's own table, which extends the program's.
TEST(Lowering, LeavesTheProgramsTypesAsResolved) {
  auto l = testing::resolveOnly(R"(
@group(0) @binding(0) var<storage, read_write> o: mat2x3<f32>;
var<private> a: mat4x3<f32>;
var<private> b: mat2x4<f32>;
@compute @workgroup_size(1) fn main(@builtin(local_invocation_id) id: vec3<u32>) { o = a * b; })");
  const sema::TypeTable& resolved = l.program->types;
  const size_t before = resolved.size();
  auto k = lowerEntryPoint(*l.program, "main", *l.file, l.error);
  ASSERT_TRUE(k) << l.error.message;
  EXPECT_EQ(resolved.size(), before);
  ASSERT_TRUE(k->types);
  EXPECT_GT(k->types->size(), 0u);  // the matrix product's columns
  // A table extending the program's answers with the program's own types.
  sema::TypeTable ext(&resolved);
  EXPECT_EQ(ext.f32(), resolved.f32());
  const sema::Type* v3u = ext.vec(3, ext.u32());
  EXPECT_EQ(ext.size(), 0u);  // vec3<u32> (the built-in's type) is the program's
  EXPECT_EQ(v3u->name(), "vec3<u32>");
  EXPECT_EQ(ext.vec(3, ext.f32())->name(), "vec3<f32>");
  EXPECT_EQ(ext.size(), 1u);
}

// The Math operations are generated from the built-in table: each is a built-in function whose
// Lowering column is `Math` (named by it), or a named part of one lowered by hand; dump-ir and
// the debugger print those names, so a renamed or added built-in cannot leave a stale name.
// Every compute-stage input built-in value the validator accepts (its table is the one list of
// built-in values) lowers: a value added there but not to the lowering fails here, instead of
// failing pipeline creation for users.
TEST(Lowering, EveryComputeBuiltinValueLowers) {
  size_t n = 0;
  for (const auto& bv : sema::internal::Validator::builtinValues()) {
    if (bv.stage != sema::ShaderStage::Compute || !bv.input) continue;
    ++n;
    SCOPED_TRACE(bv.name);
    const std::string enable = bv.extension ? std::string("enable ") + bv.extension + ";\n" : "";
    auto l = lower(enable + "@compute @workgroup_size(1) fn main(@builtin(" + bv.name + ") v: " + bv.type + ") { _ = v; }");
    EXPECT_TRUE(l.kernel) << l.error.message;
  }
  EXPECT_EQ(n, 11u);  // WGSL's compute inputs: 5, linear_indexing's 2, the subgroups extension's 4
}

TEST(Lowering, MathOperationsAreNamedByTheirBuiltIns) {
  std::set<std::string> names;
  size_t whole = 0;
  for (size_t i = 0; i < static_cast<size_t>(MathFn::kCount); ++i) {
    const MathFn f = static_cast<MathFn>(i);
    const sema::BuiltinFn b = builtinOf(f);
    ASSERT_NE(b, sema::BuiltinFn::None) << i;
    const std::string name = toString(f), wgsl(sema::builtinFnName(b));
    EXPECT_TRUE(names.insert(name).second) << "two operations named " << name;
    if (name == wgsl) {
      ++whole;
      EXPECT_TRUE(sema::builtinLowering(b) == sema::BuiltinLowering::Math || b == sema::BuiltinFn::InsertBits) << name;
    } else {
      EXPECT_EQ(name.rfind(wgsl + ".", 0), 0u) << name << " is not a part of " << wgsl;
    }
  }
  size_t math_rows = 0;
  for (size_t i = 1; i <= sema::kBuiltinFnCount; ++i)
    math_rows += sema::builtinLowering(static_cast<sema::BuiltinFn>(i)) == sema::BuiltinLowering::Math;
  EXPECT_EQ(whole, math_rows + 1);  // + insertBits, lowered by hand to one Math3
  EXPECT_GE(math_rows, 40u);

  auto l = lower(R"(
@group(0) @binding(0) var<storage, read_write> o: array<f32>;
@group(0) @binding(1) var<storage, read_write> u: array<u32>;
@compute @workgroup_size(1) fn main() {
  let x = o[1];
  o[0] = sqrt(x) + frexp(x).fract + f32(frexp(x).exp) + atan2(x, o[2]) + fma(x, x, x);
  u[0] = insertBits(u[1], u[2], 3u, 4u) + countOneBits(u[3]);
})");
  ASSERT_TRUE(l.kernel) << l.error.message;
  const std::string ir = dump(*l.kernel);
  for (const char* op : {"Math1.F32 sqrt", "Math1.F32 frexp.fract", "Math1.F32 frexp.exp", "Math2.F32 atan2",
                         "Math3.F32 fma", "Math3.U32 insertBits", "Math1.U32 countOneBits"})
    EXPECT_NE(ir.find(op), std::string::npos) << op << " not in\n" << ir;
}

// The same for Pack: every Pack-lowered built-in is a PackFn of its name, plus bitcast's two
// vec2<f16> conversions.
TEST(Lowering, PackOperationsAreNamedByTheirBuiltIns) {
  std::set<std::string> names;
  size_t whole = 0;
  for (size_t i = 0; i < static_cast<size_t>(PackFn::kCount); ++i) {
    const PackFn f = static_cast<PackFn>(i);
    const sema::BuiltinFn b = builtinOf(f);
    const std::string name = toString(f);
    EXPECT_TRUE(names.insert(name).second) << "two operations named " << name;
    if (b == sema::BuiltinFn::Bitcast) continue;
    ++whole;
    EXPECT_EQ(name, sema::builtinFnName(b));
    EXPECT_EQ(sema::builtinLowering(b), sema::BuiltinLowering::Pack) << name;
  }
  size_t pack_rows = 0;
  for (size_t i = 1; i <= sema::kBuiltinFnCount; ++i)
    pack_rows += sema::builtinLowering(static_cast<sema::BuiltinFn>(i)) == sema::BuiltinLowering::Pack;
  EXPECT_EQ(whole, pack_rows);
  EXPECT_EQ(static_cast<size_t>(PackFn::kCount), pack_rows + 2);

  auto l = lower(R"(
enable f16;
@group(0) @binding(0) var<storage, read_write> u: array<u32>;
@group(0) @binding(1) var<storage, read_write> h: array<vec2<f16>>;
@compute @workgroup_size(1) fn main() {
  u[0] = pack4x8snorm(unpack4x8unorm(u[1])) + dot4U8Packed(u[2], u[3]) + bitcast<u32>(h[0]);
  h[1] = bitcast<vec2<f16>>(u[4]);
})");
  ASSERT_TRUE(l.kernel) << l.error.message;
  const std::string ir = dump(*l.kernel);
  for (const char* op : {"Pack pack4x8snorm", "Pack unpack4x8unorm", "Pack dot4U8Packed", "Pack f16x2->u32",
                         "Pack u32->f16x2"})
    EXPECT_NE(ir.find(op), std::string::npos) << op << " not in\n" << ir;
}

}  // namespace
}  // namespace wgsl::ir
