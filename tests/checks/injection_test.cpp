// Fault injection: `--inject=` parsing (good inputs and the messages for bad ones) and matching
// by location, invocation, workgroup, occurrence and probability.
#include <gtest/gtest.h>

#include "runtime/checks/fault_injection.h"

namespace wgsl::checks {
namespace {

InjectionRule rule(const std::string& s) {
  InjectionParse p = parseInjection(s);
  EXPECT_TRUE(p.rule.has_value()) << s << ": " << p.error;
  return p.rule.value_or(InjectionRule{});
}

std::string error(const std::string& s) {
  InjectionParse p = parseInjection(s);
  EXPECT_FALSE(p.rule.has_value()) << s;
  return p.error;
}

TEST(InjectionParse, Locations) {
  InjectionRule r = rule("oob:12");
  EXPECT_EQ(r.kind, InjectionRule::Kind::Oob);
  EXPECT_EQ(r.line, 12u);
  EXPECT_EQ(r.column, 0u);
  EXPECT_EQ(r.who, InjectionRule::Who::Any);
  EXPECT_EQ(r.nth, 0u);
  EXPECT_FALSE(r.has_prob);
  r = rule("poison:7:15");
  EXPECT_EQ(r.kind, InjectionRule::Kind::Poison);
  EXPECT_EQ(r.line, 7u);
  EXPECT_EQ(r.column, 15u);
  EXPECT_EQ(r.text, "poison:7:15");
}

TEST(InjectionParse, Options) {
  InjectionRule r = rule("oob:12:invocation=3,1,0:nth=2");
  EXPECT_EQ(r.who, InjectionRule::Who::Invocation);
  EXPECT_EQ(r.id[0], 3u);
  EXPECT_EQ(r.id[1], 1u);
  EXPECT_EQ(r.id[2], 0u);
  EXPECT_EQ(r.nth, 2u);
  r = rule("oob:12:4:workgroup=1,2,3");
  EXPECT_EQ(r.who, InjectionRule::Who::Workgroup);
  EXPECT_EQ(r.column, 4u);
  EXPECT_EQ(r.id[2], 3u);
  r = rule("poison:5:value=0xdeadbeef");
  EXPECT_TRUE(r.has_value);
  EXPECT_EQ(r.value, 0xdeadbeefu);
  r = rule("oob:prob=0.25:seed=9");
  EXPECT_EQ(r.line, 0u);
  EXPECT_TRUE(r.has_prob);
  EXPECT_DOUBLE_EQ(r.prob, 0.25);
  EXPECT_EQ(r.seed, 9u);
  r = rule("poison:prob=1:seed=3");
  EXPECT_DOUBLE_EQ(r.prob, 1.0);
  r = rule("oob:prob=1e-3");
  EXPECT_DOUBLE_EQ(r.prob, 0.001);
  EXPECT_EQ(r.seed, 0u);
  r = rule("oob:30:workgroup=0,0,0:prob=0.5:seed=2");
  EXPECT_EQ(r.line, 30u);
  EXPECT_TRUE(r.has_prob);
}

TEST(InjectionParse, BadInputsExplainThemselves) {
  EXPECT_NE(error("").find("an empty fault"), std::string::npos);
  EXPECT_NE(error("abort-workgroup:3").find("unknown fault kind 'abort-workgroup'"), std::string::npos);
  EXPECT_NE(error("oob").find("say where to inject"), std::string::npos);
  EXPECT_NE(error("poison:seed=1").find("say where to inject"), std::string::npos);
  EXPECT_NE(error("oob:0").find("lines start at 1"), std::string::npos);
  EXPECT_NE(error("oob:3:0").find("columns start at 1"), std::string::npos);
  EXPECT_NE(error("oob:abc").find("'abc' is not a source line"), std::string::npos);
  EXPECT_NE(error("oob:12:invocation=1,2").find("three non-negative integers"), std::string::npos);
  EXPECT_NE(error("oob:12:workgroup=a,b,c").find("three non-negative integers"), std::string::npos);
  EXPECT_NE(error("oob:12:invocation=1,0,0:workgroup=0,0,0").find("at most one"), std::string::npos);
  EXPECT_NE(error("oob:12:nth=0").find("positive integer"), std::string::npos);
  EXPECT_NE(error("oob:12:nth=1:nth=2").find("given twice"), std::string::npos);
  EXPECT_NE(error("oob:prob=2").find("probability between 0 and 1"), std::string::npos);
  EXPECT_NE(error("oob:prob=-0.1").find("probability between 0 and 1"), std::string::npos);
  EXPECT_NE(error("oob:prob=nan").find("probability between 0 and 1"), std::string::npos);
  EXPECT_NE(error("oob:12:value=3").find("only applies to poison"), std::string::npos);
  EXPECT_NE(error("poison:3:value=0x1ffffffff").find("32-bit pattern"), std::string::npos);
  EXPECT_NE(error("oob:12:foo=1").find("unknown option 'foo'"), std::string::npos);
  EXPECT_NE(error("oob:12::nth=1").find("an empty field"), std::string::npos);
  EXPECT_NE(error("oob:12:").find("an empty field"), std::string::npos);
  EXPECT_NE(error("oob:prob=0.5:nth=2").find("give the line"), std::string::npos);
  EXPECT_NE(error("oob:prob=0.5:12").find("must come right after"), std::string::npos);
  EXPECT_NE(error("oob:12:3:4").find("must come right after"), std::string::npos);
  EXPECT_NE(error("oob:12:seed").find("'seed' is not an option"), std::string::npos);
  // Every message names the option it is about.
  EXPECT_EQ(error("oob:12:nth=x").rfind("--inject=oob:12:nth=x: ", 0), 0u);
}

// A toy kernel: pc 0 arithmetic on line 3, pc 1 a load at 5:9, pc 2 a store at 5:3, pc 3 an
// atomic at 7:1, pc 4 a load at 7:20.
std::vector<PcInfo> kernel() {
  std::vector<PcInfo> pcs(5);
  pcs[0] = PcInfo{false, AccessKind::Load, 3, 1};
  pcs[1] = PcInfo{true, AccessKind::Load, 5, 9};
  pcs[2] = PcInfo{true, AccessKind::Store, 5, 3};
  pcs[3] = PcInfo{true, AccessKind::AtomicRmw, 7, 1};
  pcs[4] = PcInfo{true, AccessKind::Load, 7, 20};
  return pcs;
}

Injector bound(const std::vector<std::string>& texts) {
  std::vector<InjectionRule> rules;
  for (const std::string& t : texts) rules.push_back(rule(t));
  Injector inj(rules);
  inj.bind(kernel());
  return inj;
}

// Workgroup size (4, 2, 1): lanes 0..7 of one subgroup are local ids (l % 4, l / 4, 0).
SubgroupView view(uint32_t wx, uint32_t wy = 0, uint32_t wz = 0) {
  SubgroupView v;
  v.workgroup_id[0] = wx;
  v.workgroup_id[1] = wy;
  v.workgroup_id[2] = wz;
  v.workgroup_linear = wx;
  v.workgroup_size[0] = 4;
  v.workgroup_size[1] = 2;
  v.workgroup_size[2] = 1;
  return v;
}

std::vector<uint32_t> lanes(const LaneBits& m) {
  std::vector<uint32_t> out;
  forEachLane(m, [&](uint32_t l) { out.push_back(l); });
  return out;
}

TEST(InjectionMatch, NoRulesNothingToAsk) {
  Injector inj;
  inj.bind(kernel());
  EXPECT_TRUE(inj.empty());
  for (uint32_t pc = 0; pc < 6; ++pc) EXPECT_FALSE(inj.mayInject(pc));
}

TEST(InjectionMatch, ByLineAndColumnOnlyMemoryAccesses) {
  Injector line = bound({"oob:5"});
  EXPECT_FALSE(line.mayInject(0));
  EXPECT_TRUE(line.mayInject(1));
  EXPECT_TRUE(line.mayInject(2));
  EXPECT_FALSE(line.mayInject(3));
  Injector col = bound({"oob:5:9"});
  EXPECT_TRUE(col.mayInject(1));
  EXPECT_FALSE(col.mayInject(2));
  Injector nonmem = bound({"oob:3"});
  EXPECT_FALSE(nonmem.mayInject(0));
  // poison applies to loads: not the store on line 5, not the read-modify-write on line 7.
  Injector poison = bound({"poison:5", "poison:7"});
  EXPECT_TRUE(poison.mayInject(1));
  EXPECT_FALSE(poison.mayInject(2));
  EXPECT_FALSE(poison.mayInject(3));
  EXPECT_TRUE(poison.mayInject(4));
  // oob applies to atomics too.
  EXPECT_TRUE(bound({"oob:7:1"}).mayInject(3));
}

TEST(InjectionMatch, EveryActiveLaneAtTheLine) {
  Injector inj = bound({"oob:5"});
  InjectionState st;
  inj.startWorkgroup(st, 8);
  InjectionResult r;
  LaneBits active;
  for (uint32_t l : {0u, 2u, 5u}) active.set(l);
  inj.match(st, 2, active, view(0), r);
  EXPECT_EQ(lanes(r.oob), (std::vector<uint32_t>{0, 2, 5}));
  EXPECT_FALSE(r.poison.any());
  ASSERT_EQ(st.events.size(), 3u);
  EXPECT_EQ(st.events[1].local_index, 2u);
  EXPECT_EQ(st.events[1].pc, 2u);
  EXPECT_EQ(st.events[1].kind, InjectionRule::Kind::Oob);
  // Another line: nothing.
  inj.match(st, 3, active, view(0), r);
  EXPECT_FALSE(r.oob.any());
}

TEST(InjectionMatch, ByGlobalInvocationId) {
  // Global id (6, 1, 0) is workgroup (1, 0, 0), local (2, 1, 0): local index 1 * 4 + 2 = 6.
  Injector inj = bound({"oob:5:invocation=6,1,0"});
  InjectionState st;
  inj.startWorkgroup(st, 8);
  InjectionResult r;
  inj.match(st, 1, LaneBits::firstN(8), view(1), r);
  EXPECT_EQ(lanes(r.oob), (std::vector<uint32_t>{6}));
  ASSERT_EQ(st.events.size(), 1u);
  EXPECT_EQ(st.events[0].workgroup_id[0], 1u);
  EXPECT_EQ(st.events[0].local_index, 6u);
  inj.match(st, 1, LaneBits::firstN(8), view(0), r);
  EXPECT_FALSE(r.oob.any());
  // A second subgroup of the same workgroup: lane 0 is local index 4 (global (4, 1, 0)).
  Injector inj2 = bound({"oob:5:invocation=4,1,0"});
  inj2.startWorkgroup(st, 8);
  SubgroupView v = view(1);
  v.first_local_index = 4;
  inj2.match(st, 1, LaneBits::firstN(4), v, r);
  // Global (4, 1, 0) is workgroup (1, 0, 0), local (0, 1, 0): local index 4, lane 0 here.
  EXPECT_EQ(lanes(r.oob), (std::vector<uint32_t>{0}));
}

TEST(InjectionMatch, ByWorkgroupRespectingTheMask) {
  Injector inj = bound({"oob:5:workgroup=2,0,0"});
  InjectionState st;
  inj.startWorkgroup(st, 8);
  InjectionResult r;
  LaneBits active;
  active.set(1);
  active.set(7);
  inj.match(st, 1, active, view(2), r);
  EXPECT_EQ(lanes(r.oob), (std::vector<uint32_t>{1, 7}));
  inj.match(st, 1, active, view(2, 1), r);
  EXPECT_FALSE(r.oob.any());
}

TEST(InjectionMatch, NthExecutionOfTheLinePerInvocation) {
  Injector inj = bound({"oob:5:nth=2"});
  InjectionState st;
  inj.startWorkgroup(st, 8);
  InjectionResult r;
  const LaneBits one = LaneBits::firstN(1), two = LaneBits::firstN(2);
  // First execution of line 5: load (pc 1) then store (pc 2) belong to one execution.
  inj.match(st, 1, one, view(0), r);
  EXPECT_FALSE(r.oob.any());
  inj.match(st, 2, one, view(0), r);
  EXPECT_FALSE(r.oob.any());
  // Second execution (a loop went back): both accesses of the line are injected, for lane 0.
  // Lane 1 runs the line for the first time here.
  inj.match(st, 1, two, view(0), r);
  EXPECT_EQ(lanes(r.oob), (std::vector<uint32_t>{0}));
  inj.match(st, 2, two, view(0), r);
  EXPECT_EQ(lanes(r.oob), (std::vector<uint32_t>{0}));
  // Third for lane 0, second for lane 1.
  inj.match(st, 1, two, view(0), r);
  EXPECT_EQ(lanes(r.oob), (std::vector<uint32_t>{1}));
  // A new workgroup starts counting again.
  inj.startWorkgroup(st, 8);
  inj.match(st, 1, one, view(1), r);
  EXPECT_FALSE(r.oob.any());
  inj.match(st, 1, one, view(1), r);
  EXPECT_EQ(lanes(r.oob), (std::vector<uint32_t>{0}));
}

TEST(InjectionMatch, ProbabilityIsReproducibleAndRoughlyP) {
  Injector never = bound({"oob:prob=0:seed=1"}), always = bound({"oob:prob=1:seed=1"});
  Injector quarter = bound({"oob:prob=0.25:seed=1"}), quarter2 = bound({"oob:prob=0.25:seed=2"});
  InjectionState st;
  st.max_events = 0;
  InjectionResult r, r2;
  uint64_t hits = 0, differ = 0, total = 0;
  for (uint64_t step = 0; step < 200; ++step) {
    SubgroupView v = view(static_cast<uint32_t>(step % 3));
    v.step = step;
    never.match(st, 1, LaneBits::firstN(64), v, r);
    EXPECT_FALSE(r.oob.any());
    always.match(st, 4, LaneBits::firstN(64), v, r);
    EXPECT_EQ(r.oob.count(), 64u);
    quarter.match(st, 1, LaneBits::firstN(64), v, r);
    quarter.match(st, 1, LaneBits::firstN(64), v, r2);
    EXPECT_TRUE(r.oob == r2.oob);  // same access, same decision
    hits += r.oob.count();
    total += 64;
    quarter2.match(st, 1, LaneBits::firstN(64), v, r2);
    differ += !(r.oob == r2.oob);
  }
  const double frac = static_cast<double>(hits) / static_cast<double>(total);
  EXPECT_GT(frac, 0.22);
  EXPECT_LT(frac, 0.28);
  EXPECT_GT(differ, 150u);
  EXPECT_EQ(st.events.size(), 0u);  // max_events = 0 keeps none
  EXPECT_GT(st.event_count, 0u);    // but counts them
}

TEST(InjectionMatch, PoisonValues) {
  Injector fixed = bound({"poison:5:value=0xdeadbeef"});
  InjectionState st;
  InjectionResult r;
  fixed.match(st, 1, LaneBits::firstN(4), view(0), r);
  EXPECT_EQ(lanes(r.poison), (std::vector<uint32_t>{0, 1, 2, 3}));
  EXPECT_FALSE(r.oob.any());
  for (uint32_t l = 0; l < 4; ++l) EXPECT_EQ(r.poison_value[l], 0xdeadbeefu);
  EXPECT_EQ(st.events.back().value, 0xdeadbeefu);
  EXPECT_EQ(st.events.back().kind, InjectionRule::Kind::Poison);
  // Random values: reproducible, different per lane.
  Injector rnd = bound({"poison:7:20:seed=4"});
  InjectionResult a, b;
  rnd.match(st, 4, LaneBits::firstN(8), view(0), a);
  rnd.match(st, 4, LaneBits::firstN(8), view(0), b);
  uint32_t distinct = 0;
  for (uint32_t l = 0; l < 8; ++l) {
    EXPECT_EQ(a.poison_value[l], b.poison_value[l]);
    distinct += l > 0 && a.poison_value[l] != a.poison_value[l - 1];
  }
  EXPECT_GE(distinct, 6u);
}

TEST(InjectionMatch, SeveralRulesOneEventPerLaneAndKind) {
  Injector inj = bound({"oob:5", "oob:5:9", "poison:5:9:value=1"});
  InjectionState st;
  InjectionResult r;
  inj.match(st, 1, LaneBits::firstN(2), view(0), r);
  EXPECT_EQ(r.oob.count(), 2u);
  EXPECT_EQ(r.poison.count(), 2u);
  EXPECT_EQ(st.event_count, 4u);  // one oob and one poison per lane
}

}  // namespace
}  // namespace wgsl::checks

namespace wgsl::checks {
namespace {

TEST(InjectionMatch, NthWithoutStartWorkgroupIsSafe) {
  Injector inj({parseInjection("oob:5:nth=2").rule.value()});
  std::vector<PcInfo> pcs(2);
  pcs[1] = PcInfo{true, AccessKind::Load, 5, 1};
  inj.bind(pcs);
  InjectionState st;  // startWorkgroup not called
  InjectionResult r;
  SubgroupView v;
  v.workgroup_size[0] = 64;
  inj.match(st, 1, LaneBits::firstN(64), v, r);
  EXPECT_FALSE(r.oob.any());
  inj.match(st, 1, LaneBits::firstN(64), v, r);
  EXPECT_EQ(r.oob.count(), 64u);
}

}  // namespace
}  // namespace wgsl::checks
