// Divergent control flow in lockstep subgroups: every lane must follow its own path exactly as
// a scalar program would. Expected values come from the same logic written in C++.
#include <gtest/gtest.h>

#include "tests/runtime/kernel_test_util.h"

namespace wgsl::testing {
namespace {

// Runs `body` (WGSL statements computing `r: i32` from `i: i32`) for i in [0, n) at the given
// subgroup size; returns out[i].
std::vector<int32_t> runPerLane(uint32_t subgroup, const std::string& helpers, const std::string& body, uint32_t n,
                                uint32_t wg = 64) {
  Device dev({subgroup});
  const std::string src = helpers + R"(
@group(0) @binding(0) var<storage, read_write> out: array<i32>;
@compute @workgroup_size()" + std::to_string(wg) + R"()
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  if (gid.x >= arrayLength(&out)) { return; }
  let i = i32(gid.x);
  var r: i32 = 0;
)" + body + R"(
  out[gid.x] = r;
})";
  Buffer out = dev.createBuffer(n * 4);
  Report rep = run(dev, src, {out}, (n + wg - 1) / wg);
  EXPECT_TRUE(rep.ok()) << rep.summary();
  return out.read<int32_t>();
}

class ControlFlow : public ::testing::TestWithParam<uint32_t> {};

TEST_P(ControlFlow, NestedIfElseChains) {
  auto out = runPerLane(GetParam(), "", R"(
  if (i % 2 == 0) {
    if (i % 3 == 0) { r = 1; } else if (i % 3 == 1) { r = 2; } else { r = 3; }
  } else {
    r = 10;
    if (i > 50) { r += 5; }
  }
)", 100);
  for (int i = 0; i < 100; ++i) {
    int r = 0;
    if (i % 2 == 0) {
      r = i % 3 == 0 ? 1 : i % 3 == 1 ? 2 : 3;
    } else {
      r = 10 + (i > 50 ? 5 : 0);
    }
    EXPECT_EQ(out[i], r) << i;
  }
}

TEST_P(ControlFlow, LoopsWithPerLaneTripCounts) {
  auto out = runPerLane(GetParam(), "", R"(
  for (var k = 0; k < i % 7; k++) { r += k * 3 + 1; }
  var j = i;
  while (j > 3) { j = j / 2; r += 100; }
)", 130);
  for (int i = 0; i < 130; ++i) {
    int r = 0;
    for (int k = 0; k < i % 7; k++) r += k * 3 + 1;
    int j = i;
    while (j > 3) {
      j /= 2;
      r += 100;
    }
    EXPECT_EQ(out[i], r) << i;
  }
}

TEST_P(ControlFlow, BreakContinueAndContinuingWithBreakIf) {
  auto out = runPerLane(GetParam(), "", R"(
  var k = 0;
  loop {
    k += 1;
    if (k % 3 == 0) { continue; }
    if (k > i % 11 + 5) { break; }
    r += k;
    continuing {
      r += 1000;
      break if k >= 9 + i % 4;
    }
  }
)", 128);
  for (int i = 0; i < 128; ++i) {
    int r = 0, k = 0;
    for (;;) {
      k += 1;
      bool cont = k % 3 == 0;
      if (!cont) {
        if (k > i % 11 + 5) break;
        r += k;
      }
      r += 1000;
      if (k >= 9 + i % 4) break;
    }
    EXPECT_EQ(out[i], r) << i;
  }
}

TEST_P(ControlFlow, EarlyReturnInsideLoopsOfCalledFunctions) {
  const std::string helpers = R"(
fn find(limit: i32, x: i32) -> i32 {
  var n = 0;
  loop {
    for (var k = 0; k < 4; k++) {
      if (n * 4 + k == x) { return n * 10 + k; }
    }
    n += 1;
    if (n >= limit) { return -1; }
  }
}
fn twice(v: i32) -> i32 {
  if (v < 0) { return v; }
  return v * 2;
}
)";
  auto out = runPerLane(GetParam(), helpers, "  r = twice(find(i % 13, i % 29));", 200);
  for (int i = 0; i < 200; ++i) {
    auto find = [](int limit, int x) {
      int n = 0;
      for (;;) {
        for (int k = 0; k < 4; k++)
          if (n * 4 + k == x) return n * 10 + k;
        n += 1;
        if (n >= limit) return -1;
      }
    };
    int v = find(i % 13, i % 29);
    EXPECT_EQ(out[i], v < 0 ? v : v * 2) << i;
  }
}

// `return f(x);` inside a called function: lowering the returned call pushes a frame while the
// returning function's own frame is in use (a use-after-free in the lowering once; ASan found it,
// and without ASan it produced garbage IR). Chains of such returns, with early returns (call
// constructs) and without (inlined bodies), at every nesting depth up to 6.
TEST_P(ControlFlow, ReturnOfNestedCallsInCalledFunctions) {
  const std::string helpers = R"(
fn g0(x: i32) -> i32 { return x + 1; }
fn g1(x: i32) -> i32 { if (x < 0) { return 0; } return g0(x * 2); }
fn g2(x: i32) -> i32 { return g1(x) + g0(x); }
fn g3(x: i32) -> i32 { if (x > 1000) { return -1; } return g2(g1(x)); }
fn g4(x: i32) -> i32 { return g3(x % 7); }
fn g5(x: i32) -> i32 { if (x == 3) { return g4(x + 1); } return g4(x); }
)";
  auto out = runPerLane(GetParam(), helpers, "  r = g5(i) * 1000 + g2(i % 5);", 90);
  auto g0 = [](int x) { return x + 1; };
  auto g1 = [&](int x) { return x < 0 ? 0 : g0(x * 2); };
  auto g2 = [&](int x) { return g1(x) + g0(x); };
  auto g3 = [&](int x) { return x > 1000 ? -1 : g2(g1(x)); };
  auto g4 = [&](int x) { return g3(x % 7); };
  auto g5 = [&](int x) { return x == 3 ? g4(x + 1) : g4(x); };
  for (int i = 0; i < 90; ++i) EXPECT_EQ(out[i], g5(i) * 1000 + g2(i % 5)) << i;
}

TEST_P(ControlFlow, SwitchWithDefaultAndBreak) {
  auto out = runPerLane(GetParam(), "", R"(
  for (var k = 0; k < 3; k++) {
    switch ((i + k) % 6) {
      case 0, 1: { r += 1; }
      case 2: { if (k == 1) { break; } r += 20; }
      case 3, default: { r += 300; if (i > 60) { continue; } r += 4000; }
    }
    r += 50000;
  }
)", 120);
  for (int i = 0; i < 120; ++i) {
    int r = 0;
    for (int k = 0; k < 3; k++) {
      int s = (i + k) % 6;
      bool cont = false;
      if (s == 0 || s == 1) {
        r += 1;
      } else if (s == 2) {
        if (k != 1) r += 20;
      } else {
        r += 300;
        if (i > 60) cont = true;
        else r += 4000;
      }
      if (cont) continue;
      r += 50000;
    }
    EXPECT_EQ(out[i], r) << i;
  }
}

TEST_P(ControlFlow, ShortCircuitSkipsSideEffects) {
  const std::string helpers = R"(
var<private> calls: i32 = 0;
fn bump(v: i32) -> bool { calls += 1; return v > 2; }
)";
  auto out = runPerLane(GetParam(), helpers, R"(
  let a = (i % 2 == 0) && bump(i % 5);
  let b = (i % 3 == 0) || bump(i % 7);
  r = calls * 100 + select(0, 10, a) + select(0, 1, b);
)", 90);
  for (int i = 0; i < 90; ++i) {
    int calls = 0;
    bool a = false, b = false;
    if (i % 2 == 0) {
      calls++;
      a = i % 5 > 2;
    }
    if (i % 3 == 0) {
      b = true;
    } else {
      calls++;
      b = i % 7 > 2;
    }
    EXPECT_EQ(out[i], calls * 100 + (a ? 10 : 0) + (b ? 1 : 0)) << i;
  }
}

TEST_P(ControlFlow, PointerParametersIntoEveryAddressSpace) {
  Device dev({GetParam()});
  const std::string src = R"(
struct S { a: i32, v: vec3<i32>, arr: array<i32, 4> }
@group(0) @binding(0) var<storage, read_write> buf: array<S>;
var<workgroup> wg: array<i32, 64>;
var<private> pv: S;
fn addTo(p: ptr<function, i32>, v: i32) { *p += v; }
fn addPriv(p: ptr<private, S>, v: i32) { (*p).arr[v % 4] += v; p.a = v; }
fn addWg(p: ptr<workgroup, i32>, v: i32) { *p = *p + v; }
fn addSt(p: ptr<storage, S, read_write>, v: i32) { p.v.y += v; (*p).arr[3] = v * 2; }
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) li: u32) {
  let i = i32(li);
  var x = 5;
  addTo(&x, i);
  addPriv(&pv, i);
  addWg(&wg[li], i + 1);
  addSt(&buf[li], i);
  workgroupBarrier();
  buf[li].a = x + pv.a * 1000 + wg[63u - li] * 100000 + pv.arr[i % 4] * 10000000;
})";
  Buffer b = dev.createBuffer(64 * 48);
  Report r = run(dev, src, {b}, 1);
  ASSERT_TRUE(r.ok()) << r.summary();
  auto v = b.read<int32_t>();
  for (int i = 0; i < 64; ++i) {
    const int32_t* s = &v[i * 12];  // S: a @0, v @16, arr @28? (align 16 vec3 -> arr at 28) size 48
    EXPECT_EQ(s[0], (5 + i) + i * 1000 + (63 - i + 1) * 100000 + i * 10000000) << i;
    EXPECT_EQ(s[5], i) << i;       // v.y at byte 20
    EXPECT_EQ(s[7 + 3], i * 2) << i;  // arr[3] at 28 + 12
  }
}

INSTANTIATE_TEST_SUITE_P(SubgroupSizes, ControlFlow, ::testing::Values(4u, 8u, 32u, 64u, 128u),
                         [](const auto& info) { return "S" + std::to_string(info.param); });

}  // namespace
}  // namespace wgsl::testing
