// Barrier divergence with the full picture and non-uniform collectives, through the
// C++ API (which runs kernels without the static uniformity analysis, as `--allow-nonuniform`
// does). Who arrived, who exited and where the others are follow from the kernel by hand.
#include <gtest/gtest.h>

#include "tests/runtime/kernel_test_util.h"

namespace wgsl::testing {
namespace {

// Subgroups of 4, 8 invocations, n[0] = 6: invocations 6 and 7 return (line 4); invocation 1
// waits at the barrier on line 6; invocations 0, 2, 3 (same subgroup) are inactive in the else
// branch; invocations 4 and 5 (the other subgroup) wait at the barrier on line 8.
const char* kDivergent = R"(enable subgroups;
@group(0) @binding(0) var<storage, read_write> n: array<u32>;
@compute @workgroup_size(8) fn main(@builtin(local_invocation_index) i: u32) {
  if (i >= n[0]) { return; }
  if (i == 1u) {
    workgroupBarrier();
  } else {
    workgroupBarrier();
  }
  n[1] = subgroupAdd(i);
}
)";

TEST(Divergence, TheFullPicture) {
  Device dev({4});
  Buffer b = dev.createBuffer(std::vector<uint32_t>{6, 0});
  Report r = runNonUniform(dev, kDivergent, {b}, 1);
  EXPECT_EQ(r.status, Status::UniformityError);
  ASSERT_EQ(r.events.size(), 1u) << r.summary();
  const Event& e = r.events[0];
  EXPECT_EQ(e.kind, Event::BarrierDivergence);
  EXPECT_EQ(e.location.line, 6u);
  const std::string& m = e.message;
  EXPECT_NE(m.find("1 arrived, 0, 2-7 did not"), std::string::npos) << m;
  EXPECT_NE(m.find("exited (returned or terminated): 6-7"), std::string::npos) << m;
  EXPECT_NE(m.find("inactive in a branch or loop of a subgroup that reached the barrier: 0, 2-3"), std::string::npos) << m;
  EXPECT_NE(m.find("waiting at the barrier at test.wgsl:8:5: 4-5"), std::string::npos) << m;
}

TEST(Divergence, InvocationsTerminatedByTheBoundsPolicyCountAsExited) {
  // --oob=discard ends invocations 2 and 3 before the barrier.
  DeviceOptions o;
  o.subgroup_size = 4;
  o.oob = "discard";
  Device dev(o);
  Buffer b = dev.createBuffer(std::vector<uint32_t>{1, 2});
  Report r = run(dev, R"(@group(0) @binding(0) var<storage, read_write> a: array<u32>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) {
  let x = a[i];
  workgroupBarrier();
  a[i % 2u] = x;
}
)", {b}, 1);
  EXPECT_EQ(r.status, Status::UniformityError) << r.summary();
  const Event* div = nullptr;
  for (const Event& e : r.events)
    if (e.kind == Event::BarrierDivergence) div = &e;
  ASSERT_NE(div, nullptr) << r.summary();
  EXPECT_NE(div->message.find("0-1 arrived, 2-3 did not"), std::string::npos) << div->message;
  EXPECT_NE(div->message.find("exited (returned or terminated): 2-3"), std::string::npos) << div->message;
}

TEST(Divergence, NonUniformCollectivesAreReportedWhenAsked) {
  // 8 invocations in subgroups of 4, n[0] = 6: subgroup 1 reaches subgroupAdd with 2 of its 4
  // invocations; a uniform kernel (no early return) reports nothing.
  const char* src = R"(enable subgroups;
@group(0) @binding(0) var<storage, read_write> n: array<u32>;
@compute @workgroup_size(8) fn main(@builtin(local_invocation_index) i: u32) {
  if (i >= n[0]) { return; }
  n[2u + i] = subgroupAdd(i);
}
)";
  DeviceOptions o;
  o.subgroup_size = 4;
  o.check_collectives = true;
  Device dev(o);
  Buffer b = dev.createBuffer(std::vector<uint32_t>(10, 0));
  b.write(std::vector<uint32_t>{6});
  Report r = runNonUniform(dev, src, {b}, 1);
  ASSERT_EQ(r.events.size(), 1u) << r.summary();
  EXPECT_EQ(r.events[0].kind, Event::NonUniformCollective);
  EXPECT_EQ(r.events[0].location.line, 5u);
  // The WGSL function, not the IR instruction it was lowered to (subgroupAdd is one of a group
  // of typed instructions).
  EXPECT_EQ(r.events[0].operation, "subgroupAdd");
  EXPECT_NE(r.events[0].message.find("subgroupAdd reached in non-uniform control flow"), std::string::npos)
      << r.events[0].message;
  EXPECT_NE(r.events[0].message.find("subgroup 1 of workgroup (0, 0, 0) had 2 of its 4 invocations active"),
            std::string::npos)
      << r.events[0].message;
  EXPECT_EQ(r.status, Status::DynamicError);
  Buffer all = dev.createBuffer(std::vector<uint32_t>(10, 0));
  all.write(std::vector<uint32_t>{8});
  Report u = runNonUniform(dev, src, {all}, 1);
  EXPECT_TRUE(u.events.empty()) << u.summary();
  EXPECT_EQ(u.status, Status::Ok);
}

}  // namespace
}  // namespace wgsl::testing
