// Fault injection in the engine, through the C++ API: by source line (and column),
// by invocation, by workgroup, the N-th execution, poisoned loads, and probability with a seed.
// Expected values follow from the kernels by hand: an injected `oob` fault makes the access
// out of bounds, so under the default policy the load gives zero / the store is dropped.
#include <gtest/gtest.h>

#include "tests/runtime/kernel_test_util.h"

namespace wgsl::testing {
namespace {

// Line 4: the load of a[g] (column 12); line 5: the store to out (column 3).
const char* kCopy = R"(@group(0) @binding(0) var<storage, read> a: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(4) fn main(@builtin(global_invocation_id) g: vec3<u32>) {
  let x = a[g.x];
  out[g.x] = x + 1u;
}
)";

struct Injected {
  Report report;
  std::vector<uint32_t> out;
};

Injected runInjected(std::vector<std::string> rules, const char* src = kCopy, uint32_t groups = 2) {
  DeviceOptions o;
  o.subgroup_size = 4;
  o.inject = std::move(rules);
  Device dev(o);
  std::vector<uint32_t> a(4 * groups);
  for (uint32_t i = 0; i < a.size(); ++i) a[i] = 10 * (i + 1);
  Buffer ab = dev.createBuffer(a);
  Buffer out = dev.createBuffer(std::vector<uint32_t>(a.size(), 7));
  Injected r;
  r.report = run(dev, src, {ab, out}, groups);
  r.out = out.read<uint32_t>();
  return r;
}

size_t count(const Report& r, Event::Kind k, bool injected_only = false) {
  size_t n = 0;
  for (const Event& e : r.events) n += e.kind == k && (!injected_only || e.injected);
  return n;
}

TEST(Injection, ByLineEveryInvocation) {
  Injected r = runInjected({"oob:4"});
  EXPECT_EQ(r.out, std::vector<uint32_t>(8, 1));  // every load gave zero: out = 0 + 1
  EXPECT_EQ(count(r.report, Event::Injected), 8u);
  EXPECT_EQ(count(r.report, Event::OutOfBounds, true), 8u);
  EXPECT_EQ(count(r.report, Event::OutOfBounds), 8u);  // no organic one
  EXPECT_EQ(r.report.status, Status::Ok) << r.report.summary();  // injected faults alone are not errors
  EXPECT_EQ(r.report.events.back().location.line, 4u);
}

TEST(Injection, ByLineAndColumn) {
  Injected store = runInjected({"oob:5:3"});  // the store: dropped
  EXPECT_EQ(store.out, std::vector<uint32_t>(8, 7));
  Injected other = runInjected({"oob:5:9"});  // no memory access starts at 5:9
  EXPECT_EQ(other.out, (std::vector<uint32_t>{11, 21, 31, 41, 51, 61, 71, 81}));
  EXPECT_EQ(other.report.events.size(), 0u);
}

TEST(Injection, ByInvocationAndByWorkgroup) {
  Injected inv = runInjected({"oob:4:invocation=5,0,0"});
  EXPECT_EQ(inv.out, (std::vector<uint32_t>{11, 21, 31, 41, 51, 1, 71, 81}));
  ASSERT_EQ(count(inv.report, Event::Injected), 1u);
  Injected wg = runInjected({"oob:4:workgroup=0,0,0"});
  EXPECT_EQ(wg.out, (std::vector<uint32_t>{1, 1, 1, 1, 51, 61, 71, 81}));
}

TEST(Injection, Poison) {
  Injected p = runInjected({"poison:4:invocation=2,0,0:value=0x100"});
  EXPECT_EQ(p.out, (std::vector<uint32_t>{11, 21, 257, 41, 51, 61, 71, 81}));
  EXPECT_EQ(count(p.report, Event::OutOfBounds), 0u);
  ASSERT_EQ(count(p.report, Event::Injected), 1u);
  EXPECT_NE(p.report.events[0].message.find("returned 0x00000100"), std::string::npos) << p.report.events[0].message;
}

// Invocation i loads a[i], a[i + 4], a[i + 8] on line 8 in a loop: nth=2 hits the second.
const char* kLoop = R"(@group(0) @binding(0) var<storage, read> a: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(4) fn main(@builtin(global_invocation_id) g: vec3<u32>) {
  let i = g.x;
  var s = 0u;
  for (var k = 0u; k < 3u; k++) {
    s = s * 1000u;
    s += a[i + 4u * k];
  }
  out[i] = s;
}
)";

TEST(Injection, NthExecution) {
  Injected r = runInjected({"oob:8:invocation=1,0,0:nth=2"}, kLoop, 3);
  // Invocation 1 sees a[1] = 20, a[5] -> 0, a[9] = 100: ((20 * 1000) + 0) * 1000 + 100.
  EXPECT_EQ(r.out[1], 20000100u);
  EXPECT_EQ(r.out[0], ((10u * 1000u) + 50u) * 1000u + 90u);
  EXPECT_EQ(count(r.report, Event::Injected), 1u);  // (invocations 4-11 read past a's 12 elements: organic)
}

TEST(Injection, ProbabilityIsReproducibleAndProportional) {
  // 64 workgroups x 4 invocations = 256 loads on line 4.
  Injected none = runInjected({"oob:prob=0:seed=1"}, kCopy, 64);
  EXPECT_EQ(none.report.events.size(), 0u);
  Injected all = runInjected({"oob:prob=1:seed=1"}, kCopy, 64);
  EXPECT_EQ(all.report.event_count, 2u * 512u);  // every load and store: injected + oob events
  Injected half1 = runInjected({"oob:4:prob=0.5:seed=3"}, kCopy, 64);
  Injected half2 = runInjected({"oob:4:prob=0.5:seed=3"}, kCopy, 64);
  Injected other = runInjected({"oob:4:prob=0.5:seed=4"}, kCopy, 64);
  EXPECT_EQ(half1.out, half2.out);  // same seed, same faults, whatever thread ran what
  EXPECT_NE(half1.out, other.out);
  size_t zeros = 0;
  for (uint32_t v : half1.out) zeros += v == 1;
  // Binomial(256, 0.5): mean 128, standard deviation 8; 6 sigma either side.
  EXPECT_GT(zeros, 80u);
  EXPECT_LT(zeros, 176u);
}

TEST(Injection, BadRuleIsAHostError) {
  DeviceOptions o;
  o.inject = {"abort-workgroup:3"};
  EXPECT_THROW(Device dev(o), Error);
}

}  // namespace
}  // namespace wgsl::testing
