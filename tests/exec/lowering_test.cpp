// The register IR a compute entry point lowers to: constants folded, calls inlined, structured
// control flow kept, a source location on every instruction, clear errors for unsupported
// features.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace wgsl::ir
