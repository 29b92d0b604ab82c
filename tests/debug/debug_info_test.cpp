// The lowering's debug information (interp/ir/debug_info.h): inlined call sites per instruction,
// statement starts, variables with their scopes and locations. Expected facts come from the
// source of each kernel.
#include <gtest/gtest.h>

#include "tests/exec/lower_test_util.h"
#include "interp/ir/debug_info.h"

namespace wgsl::ir {
namespace {

using testing::Lowered;
using testing::lower;

uint32_t lineOf(const Lowered& l, uint32_t loc) { return l.file->position(loc).line; }

const DebugVar* var(const DebugInfo& d, const std::string& name) {
  for (const DebugVar& v : d.vars)
    if (v.name == name) return &v;
  return nullptr;
}

// Lines (1-based) of the kernel below.
const char* kKernel = R"(@group(0) @binding(0) var<storage, read_write> out: array<u32>;
fn inner(x: u32) -> u32 {
  return x + 1u;
}
fn outer(y: u32) -> u32 {
  let t = inner(y) * 2u;
  return t;
}
@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
  var acc = i;
  for (var k = 0u; k < 2u; k++) {
    acc += outer(k);
  }
  var arr: array<u32, 4>;
  arr[i] = acc;
  out[i] = arr[i];
}
)";

TEST(DebugInfo, EveryInstructionHasItsChainOfInlinedCalls) {
  const Lowered l = lower(kKernel);
  ASSERT_TRUE(l.kernel) << l.error.message;
  ASSERT_TRUE(l.kernel->debug);
  const DebugInfo& d = *l.kernel->debug;
  ASSERT_EQ(d.site_of.size(), l.kernel->code.size());
  // Sites: main, outer (called on line 13), inner (called on line 6 inside outer).
  ASSERT_EQ(d.sites.size(), 3u);
  EXPECT_EQ(d.sites[0].function, "main");
  EXPECT_EQ(d.sites[0].parent, InlineSite::kNone);
  EXPECT_EQ(d.sites[1].function, "outer");
  EXPECT_EQ(d.sites[1].parent, 0u);
  EXPECT_EQ(lineOf(l, d.sites[1].call_loc), 13u);
  EXPECT_EQ(d.sites[2].function, "inner");
  EXPECT_EQ(d.sites[2].parent, 1u);
  EXPECT_EQ(lineOf(l, d.sites[2].call_loc), 6u);
  EXPECT_EQ(d.depth(2), 2u);
  // Every instruction on line 3 (inner's body) is in site 2; on line 11, site 0.
  for (uint32_t pc = 0; pc < l.kernel->code.size(); ++pc) {
    const uint32_t line = lineOf(l, l.kernel->code[pc].loc);
    if (line == 3) {
      EXPECT_EQ(d.site_of[pc], 2u) << pc;
    }
    if (line == 11 || line == 16) {
      EXPECT_EQ(d.site_of[pc], 0u) << pc;
    }
  }
}

TEST(DebugInfo, StatementStartsNestInlinedCalls) {
  const Lowered l = lower(kKernel);
  ASSERT_TRUE(l.kernel) << l.error.message;
  const DebugInfo& d = *l.kernel->debug;
  // The statement on line 13 starts where outer's first statement (line 6) and inner's (line 3)
  // start: the call's argument `k` needs no instruction. They share one pc, outermost first.
  int at13 = -1;
  for (size_t i = 0; i < d.stmts.size(); ++i)
    if (lineOf(l, d.stmts[i].loc) == 13) at13 = static_cast<int>(i);
  ASSERT_GE(at13, 0);
  ASSERT_LT(static_cast<size_t>(at13) + 2, d.stmts.size());
  EXPECT_EQ(d.stmts[at13 + 1].pc, d.stmts[at13].pc);
  EXPECT_EQ(lineOf(l, d.stmts[at13 + 1].loc), 6u);
  EXPECT_EQ(d.stmts[at13 + 1].site, 1u);
  EXPECT_EQ(d.stmts[at13 + 2].pc, d.stmts[at13].pc);
  EXPECT_EQ(lineOf(l, d.stmts[at13 + 2].loc), 3u);
  EXPECT_EQ(d.stmts[at13 + 2].site, 2u);
  // Statement starts are ordered by pc.
  for (size_t i = 1; i < d.stmts.size(); ++i) EXPECT_LE(d.stmts[i - 1].pc, d.stmts[i].pc);
  // No statement starts on lines without statements (the function headers, braces).
  for (const StmtStart& s : d.stmts) {
    const uint32_t line = lineOf(l, s.loc);
    EXPECT_TRUE(line != 2 && line != 5 && line != 9 && line != 10 && line != 14) << line;
  }
}

TEST(DebugInfo, VariablesSayWhereTheyLiveAndWhereTheyAreInScope) {
  const Lowered l = lower(kKernel);
  ASSERT_TRUE(l.kernel) << l.error.message;
  const DebugInfo& d = *l.kernel->debug;
  const DebugVar* i = var(d, "i");
  const DebugVar* acc = var(d, "acc");
  const DebugVar* k = var(d, "k");
  const DebugVar* arr = var(d, "arr");
  const DebugVar* t = var(d, "t");
  const DebugVar* x = var(d, "x");
  ASSERT_TRUE(i && acc && k && arr && t && x);
  // Scalars live in one register; the array in private memory.
  EXPECT_EQ(i->kind, DebugVar::Kind::Param);
  EXPECT_TRUE(i->in_regs);
  EXPECT_EQ(i->count, 1u);
  EXPECT_EQ(i->site, 0u);
  EXPECT_TRUE(acc->in_regs);
  EXPECT_EQ(acc->kind, DebugVar::Kind::Var);
  EXPECT_FALSE(arr->in_regs);
  EXPECT_EQ(l.kernel->roots[arr->root].space, sema::AddressSpace::Function);
  EXPECT_EQ(arr->type->name(), "array<u32, 4>");
  // Parameters and lets of inlined functions belong to their call's site.
  EXPECT_EQ(t->site, 1u);
  EXPECT_EQ(t->kind, DebugVar::Kind::Let);
  EXPECT_EQ(x->site, 2u);
  EXPECT_LT(i->reg, l.kernel->num_regs);
  // Scopes: k (the for loop's variable) ends with the loop, before arr is declared; acc and i
  // last to the end of main.
  EXPECT_LE(k->end_pc, arr->first_pc);
  EXPECT_GT(acc->end_pc, arr->first_pc);
  EXPECT_LE(k->first_pc, t->first_pc);
  EXPECT_LE(t->end_pc, k->end_pc);
  // The module-scope buffer has its type.
  ASSERT_EQ(d.root_types.size(), l.kernel->roots.size());
  bool found = false;
  for (size_t r = 0; r < l.kernel->roots.size(); ++r) {
    if (l.kernel->roots[r].name != "out") continue;
    found = true;
    EXPECT_TRUE(d.root_module_scope[r]);
    EXPECT_EQ(d.root_types[r]->name(), "array<u32>");
  }
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace wgsl::ir
