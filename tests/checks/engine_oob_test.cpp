// Out-of-bounds policies in the engine, through the C++ API: every policy on every
// address space (storage, uniform, workgroup, private, function), runtime-sized arrays,
// dynamically indexed vectors and matrices (in registers and in memory), and atomics.
// Expected values are worked out by hand from the kernels and the policy definitions
// (docs/dynamic-errors.md): `report`/`zero` load zero and drop stores, `clamp` clamps the index
// to count - 1, `discard` ends the invocation, `trap` stops the dispatch before anything else
// runs, `random` picks one of the outcomes the spec allows.
#include <gtest/gtest.h>

#include <set>

#include "tests/runtime/kernel_test_util.h"

namespace wgsl::testing {
namespace {

constexpr uint32_t kSent = 0xdeadu;  // initial value of the output words

struct Outcome {
  Report report;
  std::vector<uint32_t> out;
  std::vector<uint32_t> mem;  // the second buffer (a storage array the kernel writes), if any
};

// Runs `src` (one workgroup of 4 invocations, subgroup size 4) with out = binding 0 (8 words of
// kSent) and, when `mem` is given, binding 1 = mem; binding 2 = a uniform block of 2 vec4<u32>.
Outcome runWith(const std::string& oob, const std::string& src, std::vector<uint32_t> mem = {}) {
  DeviceOptions o;
  o.subgroup_size = 4;
  o.oob = oob;
  Device dev(o);
  Buffer out = dev.createBuffer(std::vector<uint32_t>(8, kSent));
  Buffer m = dev.createBuffer(mem.empty() ? std::vector<uint32_t>(4, 0) : mem);
  Buffer u = dev.createBuffer(std::vector<uint32_t>{20, 21, 22, 23, 30, 31, 32, 33});
  ComputePipeline p = makePipeline(dev, src);
  BindGroup bg;
  bg.bind(0, 0, out);
  for (const BindingInfo& b : p.bindings()) {
    if (b.binding == 1) bg.bind(0, 1, m);
    if (b.binding == 2) bg.bind(0, 2, u);
  }
  Outcome r;
  r.report = dev.dispatch(p, {bg}, 1);
  r.out = out.read<uint32_t>();
  r.mem = m.read<uint32_t>();
  return r;
}

const std::vector<uint32_t> kA = {10, 11, 12, 13};

// Loads a[i + 2] for invocations 0..3 of an array<u32, 4> `a` in each address space: lanes 2
// and 3 are out of bounds. The array holds 10, 11, 12, 13 when read.
std::string loadKernel(const std::string& space) {
  const std::string head = R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 8>;
@group(0) @binding(1) var<storage, read_write> s: array<u32, 4>;
var<workgroup> w: array<u32, 4>;
var<private> p: array<u32, 4>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) {
  var f = array<u32, 4>(10u, 11u, 12u, 13u);
  w[i] = 10u + i;
  p = array<u32, 4>(10u, 11u, 12u, 13u);
  workgroupBarrier();
)";
  const std::string var = space == "storage" ? "s" : space == "workgroup" ? "w" : space == "private" ? "p" : "f";
  return head + "  out[i] = " + var + "[i + 2u];\n}\n";
}

std::vector<uint32_t> expectedLoads(const std::string& policy) {
  if (policy == "clamp") return {12, 13, 13, 13, kSent, kSent, kSent, kSent};
  if (policy == "discard") return {12, 13, kSent, kSent, kSent, kSent, kSent, kSent};  // lanes 2, 3 end
  if (policy == "trap") return {kSent, kSent, kSent, kSent, kSent, kSent, kSent, kSent};  // stops before the store
  return {12, 13, 0, 0, kSent, kSent, kSent, kSent};  // report, zero
}

class LoadPolicy : public ::testing::TestWithParam<std::tuple<std::string, std::string>> {};

TEST_P(LoadPolicy, OutOfBoundsLoadFollowsThePolicy) {
  const auto& [space, policy] = GetParam();
  Outcome r = runWith(policy, loadKernel(space), kA);
  EXPECT_EQ(r.out, expectedLoads(policy)) << r.report.summary();
  if (policy == "trap") {
    EXPECT_EQ(r.report.status, Status::Trapped) << r.report.summary();
  } else {
    EXPECT_EQ(r.report.status, Status::DynamicError) << r.report.summary();
  }
  ASSERT_FALSE(r.report.events.empty());
  EXPECT_EQ(r.report.events[0].kind, Event::OutOfBounds);
  EXPECT_EQ(r.report.events[0].local_invocation_index, 2u);
  EXPECT_FALSE(r.report.events[0].injected);
  if (policy != "clamp") {
    EXPECT_EQ(r.report.events[0].access, "read");
  }
}

INSTANTIATE_TEST_SUITE_P(EverySpace, LoadPolicy,
                         ::testing::Combine(::testing::Values("storage", "workgroup", "private", "function"),
                                            ::testing::Values("report", "zero", "clamp", "discard", "trap")));

TEST(OobPolicies, RandomLoadGivesAValueOfTheVariableOrZeroReproducibly) {
  for (const char* space : {"storage", "workgroup", "private", "function"}) {
    for (int seed = 1; seed <= 4; ++seed) {
      const std::string policy = "random:" + std::to_string(seed);
      Outcome a = runWith(policy, loadKernel(space), kA);
      Outcome b = runWith(policy, loadKernel(space), kA);
      EXPECT_EQ(a.out, b.out) << space << " " << policy;  // same seed, same outcomes
      EXPECT_EQ(a.out[0], 12u);
      EXPECT_EQ(a.out[1], 13u);
      for (int l = 2; l < 4; ++l) {
        const std::set<uint32_t> allowed = {0, 10, 11, 12, 13};
        EXPECT_TRUE(allowed.count(a.out[l])) << space << " " << policy << ": " << a.out[l];
      }
    }
  }
}

// The uniform block holds vec4s (20, 21, 22, 23) and (30, 31, 32, 33); invocation i reads
// u[i + 1].x: invocations 1-3 are out of bounds.
const char* kUniform = R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 8>;
@group(0) @binding(2) var<uniform> u: array<vec4<u32>, 2>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) {
  out[i] = u[i + 1u].x;
}
)";

TEST(OobPolicies, UniformBuffer) {
  EXPECT_EQ(runWith("report", kUniform).out, (std::vector<uint32_t>{30, 0, 0, 0, kSent, kSent, kSent, kSent}));
  EXPECT_EQ(runWith("zero", kUniform).out, (std::vector<uint32_t>{30, 0, 0, 0, kSent, kSent, kSent, kSent}));
  EXPECT_EQ(runWith("clamp", kUniform).out, (std::vector<uint32_t>{30, 30, 30, 30, kSent, kSent, kSent, kSent}));
  EXPECT_EQ(runWith("discard", kUniform).out, (std::vector<uint32_t>{30, kSent, kSent, kSent, kSent, kSent, kSent, kSent}));
  Outcome t = runWith("trap", kUniform);
  EXPECT_EQ(t.report.status, Status::Trapped);
  Outcome r = runWith("random:7", kUniform);
  const std::set<uint32_t> allowed = {0, 20, 21, 22, 23, 30, 31, 32, 33};
  for (int l = 1; l < 4; ++l) EXPECT_TRUE(allowed.count(r.out[l])) << r.out[l];
}

// Stores a[i + 2] = 100 + i into storage: lanes 2 and 3 out of bounds.
const char* kStore = R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 8>;
@group(0) @binding(1) var<storage, read_write> a: array<u32, 4>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) {
  a[i + 2u] = 100u + i;
}
)";

TEST(OobPolicies, StorageStores) {
  EXPECT_EQ(runWith("report", kStore, kA).mem, (std::vector<uint32_t>{10, 11, 100, 101}));
  EXPECT_EQ(runWith("zero", kStore, kA).mem, (std::vector<uint32_t>{10, 11, 100, 101}));
  // Clamped: lanes 2 and 3 store to a[3] after lane 1, in lane order.
  EXPECT_EQ(runWith("clamp", kStore, kA).mem, (std::vector<uint32_t>{10, 11, 100, 103}));
  EXPECT_EQ(runWith("discard", kStore, kA).mem, (std::vector<uint32_t>{10, 11, 100, 101}));
  Outcome t = runWith("trap", kStore, kA);
  EXPECT_EQ(t.report.status, Status::Trapped);
  for (int seed = 1; seed <= 6; ++seed) {
    Outcome r = runWith("random:" + std::to_string(seed), kStore, kA);
    // Every word holds its old value or a value some lane stored; in-bounds stores happened.
    for (int k = 0; k < 4; ++k) {
      const std::set<uint32_t> allowed = {kA[k], 100, 101, 102, 103};
      EXPECT_TRUE(allowed.count(r.mem[k])) << seed << ": word " << k << " = " << r.mem[k];
    }
    ASSERT_FALSE(r.report.events.empty());
    EXPECT_TRUE(r.report.events[0].write);
  }
}

// Workgroup stores out of bounds never touch other workgroup variables under `report`; under
// `clamp` they land on the last element.
const char* kWorkgroupStore = R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 8>;
var<workgroup> w: array<u32, 4>;
var<workgroup> guard: u32;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) {
  w[i + 2u] = 100u + i;
  workgroupBarrier();
  if (i == 0u) {
    out[0] = w[0]; out[1] = w[1]; out[2] = w[2]; out[3] = w[3]; out[4] = guard;
  }
}
)";

TEST(OobPolicies, WorkgroupStores) {
  EXPECT_EQ(runWith("report", kWorkgroupStore).out, (std::vector<uint32_t>{0, 0, 100, 101, 0, kSent, kSent, kSent}));
  EXPECT_EQ(runWith("clamp", kWorkgroupStore).out, (std::vector<uint32_t>{0, 0, 100, 103, 0, kSent, kSent, kSent}));
}

// A runtime-sized array bound with 4 elements: arrayLength agrees with the binding, and the
// policies bound the accesses by it.
const char* kRuntimeSized = R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 8>;
@group(0) @binding(1) var<storage, read_write> a: array<u32>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) {
  out[i] = a[i + 2u];
  out[4u + i] = arrayLength(&a);
}
)";

TEST(OobPolicies, RuntimeSizedArray) {
  EXPECT_EQ(runWith("report", kRuntimeSized, kA).out, (std::vector<uint32_t>{12, 13, 0, 0, 4, 4, 4, 4}));
  EXPECT_EQ(runWith("clamp", kRuntimeSized, kA).out, (std::vector<uint32_t>{12, 13, 13, 13, 4, 4, 4, 4}));
}

// A vector in registers indexed dynamically (PickDyn / PutDyn): an event under every policy.
const char* kVectorPick = R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 8>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) {
  let v = vec4<u32>(10u, 11u, 12u, 13u);
  out[i] = v[i + 2u];
}
)";
const char* kVectorPut = R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 8>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) {
  var v = vec4<u32>(10u, 11u, 12u, 13u);
  v[i + 2u] = 7u;
  out[i] = v.w;
}
)";

TEST(OobPolicies, DynamicallyIndexedVectorValues) {
  for (const char* policy : {"report", "zero"}) {
    Outcome r = runWith(policy, kVectorPick);
    EXPECT_EQ(r.out, (std::vector<uint32_t>{12, 13, 0, 0, kSent, kSent, kSent, kSent})) << policy;
    EXPECT_EQ(r.report.status, Status::DynamicError);
    ASSERT_EQ(r.report.events.size(), 2u) << r.report.summary();
    EXPECT_EQ(r.report.events[0].kind, Event::OutOfBounds);
    EXPECT_EQ(r.report.events[0].offset, 4u);  // the index
    EXPECT_EQ(r.report.events[0].size, 4u);    // elements
    EXPECT_NE(r.report.events[0].message.find("index 4 out of range for a value of 4 elements"), std::string::npos)
        << r.report.events[0].message;
  }
  EXPECT_EQ(runWith("clamp", kVectorPick).out, (std::vector<uint32_t>{12, 13, 13, 13, kSent, kSent, kSent, kSent}));
  // PutDyn: lane 0 writes v.z (w stays 13), lane 1 v.w; lanes 2, 3 are out of range.
  Outcome put = runWith("report", kVectorPut);
  EXPECT_EQ(put.out, (std::vector<uint32_t>{13, 7, 13, 13, kSent, kSent, kSent, kSent}));
  EXPECT_EQ(put.report.events.size(), 2u);
  EXPECT_TRUE(put.report.events[0].write);
  EXPECT_EQ(runWith("clamp", kVectorPut).out, (std::vector<uint32_t>{13, 7, 7, 7, kSent, kSent, kSent, kSent}));
}

// A matrix in function memory indexed dynamically: column i + 2 of a mat2x2 for i = 0, 1, 2, 3
// is out of range for every lane except none; use column i instead: lanes 2, 3 out.
const char* kMatrix = R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 8>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) {
  var m = mat2x2<f32>(1.0, 2.0, 3.0, 4.0);
  out[i] = u32(m[i][0]);
}
)";

TEST(OobPolicies, DynamicallyIndexedMatrixColumn) {
  EXPECT_EQ(runWith("report", kMatrix).out, (std::vector<uint32_t>{1, 3, 0, 0, kSent, kSent, kSent, kSent}));
  EXPECT_EQ(runWith("clamp", kMatrix).out, (std::vector<uint32_t>{1, 3, 3, 3, kSent, kSent, kSent, kSent}));
}

// Atomics out of bounds: not executed (result 0) or clamped.
const char* kAtomics = R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 8>;
@group(0) @binding(1) var<storage, read_write> c: array<atomic<u32>, 2>;
var<workgroup> wc: array<atomic<u32>, 2>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) {
  out[i] = atomicAdd(&c[i], 1u) + 1000u;
  atomicAdd(&wc[i], 1u);
  workgroupBarrier();
  if (i == 0u) {
    out[4] = atomicLoad(&wc[0]);
    out[5] = atomicLoad(&wc[1]);
  }
}
)";

TEST(OobPolicies, Atomics) {
  Outcome r = runWith("report", kAtomics, {0, 0});
  EXPECT_EQ(r.mem, (std::vector<uint32_t>{1, 1}));
  EXPECT_EQ(r.out, (std::vector<uint32_t>{1000, 1000, 1000, 1000, 1, 1, kSent, kSent}));
  EXPECT_EQ(r.report.events.size(), 4u) << r.report.summary();  // two lanes, two atomics
  EXPECT_TRUE(r.report.events[0].write);
  EXPECT_EQ(r.report.events[0].action, "drop-store");
  // Clamped: lanes 2 and 3 add to element 1 after lane 1 (old values 1 and 2).
  Outcome c = runWith("clamp", kAtomics, {0, 0});
  EXPECT_EQ(c.mem, (std::vector<uint32_t>{1, 3}));
  EXPECT_EQ(c.out, (std::vector<uint32_t>{1000, 1000, 1001, 1002, 1, 3, kSent, kSent}));
}

TEST(OobPolicies, BadPolicyIsAHostError) {
  DeviceOptions o;
  o.oob = "ignore";
  try {
    Device dev(o);
    FAIL() << "expected an Error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("unknown out-of-bounds policy 'ignore'"), std::string::npos) << e.what();
  }
}

TEST(OobPolicies, DefaultPolicyIsUnchangedWhenOtherChecksAreOn) {
  // races on: the checked door runs, with the default `report` policy's outcome and event.
  DeviceOptions o;
  o.subgroup_size = 4;
  o.races = true;
  Device dev(o);
  Buffer out = dev.createBuffer(std::vector<uint32_t>(8, kSent));
  Buffer a = dev.createBuffer(kA);
  Report r = run(dev, loadKernel("storage"), {out, a}, 1);
  EXPECT_EQ(out.read<uint32_t>(), expectedLoads("report"));
  EXPECT_EQ(r.status, Status::DynamicError);
  EXPECT_EQ(r.events.size(), 2u);
}

}  // namespace
}  // namespace wgsl::testing
