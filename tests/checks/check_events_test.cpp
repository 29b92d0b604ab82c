// The sentences of the checks' events: every fact a kernel author needs (where, who, what,
// which memory, what happened instead, injected or not, why a race is unordered).
#include <gtest/gtest.h>

#include "runtime/checks/check_events.h"

namespace wgsl::checks {
namespace {

Namer namer() {
  Namer n;
  n.location = [](uint32_t pc) { return "k.wgsl:" + std::to_string(pc) + ":5"; };
  n.variable = "storage buffer 'out'";
  return n;
}

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

TEST(CheckEvents, OutOfBounds) {
  OobEvent e;
  e.pc = 12;
  e.workgroup_id[0] = 2;
  e.local_index = 7;
  e.kind = AccessKind::Store;
  e.offset = 40;
  e.size = 4;
  e.region_size = 32;
  e.decision.action = OobDecision::Action::DropStore;
  std::string s = describe(e, namer());
  EXPECT_TRUE(has(s, "k.wgsl:12:5: out-of-bounds write of 4 bytes at byte offset 40 of storage buffer 'out' (32 bytes)")) << s;
  EXPECT_TRUE(has(s, "invocation 7 of workgroup (2, 0, 0)")) << s;
  EXPECT_TRUE(has(s, "the store was dropped")) << s;
  EXPECT_FALSE(has(s, "injected")) << s;
  e.origin = Origin::Injected;
  e.offset = kUnknownOffset;
  e.kind = AccessKind::Load;
  e.decision.action = OobDecision::Action::LoadFrom;
  e.decision.offset = 28;
  s = describe(e, namer());
  EXPECT_TRUE(has(s, "through an out-of-bounds index")) << s;
  EXPECT_TRUE(has(s, "(injected fault)")) << s;
  EXPECT_TRUE(has(s, "loaded from byte offset 28 instead")) << s;
}

TEST(CheckEvents, Injection) {
  InjectionRule r;
  r.text = "poison:12:value=0xdeadbeef";
  InjectionEvent e;
  e.kind = InjectionRule::Kind::Poison;
  e.pc = 12;
  e.local_index = 1;
  e.value = 0xdeadbeef;
  const std::string s = describe(e, r, namer());
  EXPECT_TRUE(has(s, "injected fault (--inject=poison:12:value=0xdeadbeef)")) << s;
  EXPECT_TRUE(has(s, "returned 0xdeadbeef")) << s;
}

TEST(CheckEvents, RaceSaysWhyUnordered) {
  RaceRecord r;
  r.first.pc = 3;
  r.first.kind = AccessKind::Store;
  r.second.pc = 4;
  r.second.kind = AccessKind::Load;
  r.second.local_index = 9;
  r.space = Space::Workgroup;
  r.offset = 16;
  r.count = 5;
  Namer n = namer();
  n.variable = "workgroup variable 'tile'";
  std::string s = describe(r, n);
  EXPECT_TRUE(has(s, "data race on workgroup variable 'tile' at byte offset 16")) << s;
  EXPECT_TRUE(has(s, "write at k.wgsl:3:5 by invocation 0")) << s;
  EXPECT_TRUE(has(s, "read at k.wgsl:4:5 by invocation 9")) << s;
  EXPECT_TRUE(has(s, "no workgroupBarrier between them")) << s;
  EXPECT_TRUE(has(s, "5 times")) << s;
  r.space = Space::Storage;
  EXPECT_TRUE(has(describe(r, n), "no storageBarrier between them"));
  r.cross_workgroup = true;
  EXPECT_TRUE(has(describe(r, n), "different workgroups of one dispatch are never ordered"));
}

}  // namespace
}  // namespace wgsl::checks
