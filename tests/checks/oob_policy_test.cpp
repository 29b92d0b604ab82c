// Out-of-bounds policies: `--oob=` parsing, and every decision checked against the outcomes the
// WGSL spec allows ("Out-of-Bounds Access": Trap, Invalid Load, Invalid Store). The allowed sets
// are written out here from the spec text, independently of isAllowedOutcome.
#include <gtest/gtest.h>

#include <set>

#include "runtime/checks/oob_policy.h"

namespace wgsl::checks {
namespace {

using Action = OobDecision::Action;

OobPolicy parsed(const std::string& s) {
  OobPolicyParse p = parseOobPolicy(s);
  EXPECT_TRUE(p.policy.has_value()) << s << ": " << p.error;
  return p.policy.value_or(OobPolicy{});
}

std::string parseError(const std::string& s) {
  OobPolicyParse p = parseOobPolicy(s);
  EXPECT_FALSE(p.policy.has_value()) << s;
  return p.error;
}

TEST(OobPolicyParse, EveryPolicy) {
  EXPECT_EQ(parsed("report").mode, OobPolicy::Mode::Report);
  EXPECT_EQ(parsed("zero").mode, OobPolicy::Mode::Zero);
  EXPECT_EQ(parsed("clamp").mode, OobPolicy::Mode::Clamp);
  EXPECT_EQ(parsed("discard").mode, OobPolicy::Mode::Discard);
  EXPECT_EQ(parsed("trap").mode, OobPolicy::Mode::Trap);
  OobPolicy r = parsed("random:42");
  EXPECT_EQ(r.mode, OobPolicy::Mode::Random);
  EXPECT_EQ(r.seed, 42u);
  EXPECT_FALSE(r.random_terminate);
  EXPECT_EQ(parsed("random:0x10").seed, 16u);
  EXPECT_TRUE(parsed("random:7:terminate").random_terminate);
  EXPECT_EQ(OobPolicy{}.mode, OobPolicy::Mode::Report);  // the default
}

TEST(OobPolicyParse, RoundTrip) {
  for (const char* s : {"report", "zero", "clamp", "discard", "trap", "random:3", "random:18446744073709551615:terminate"})
    EXPECT_EQ(toString(parsed(s)), s);
}

TEST(OobPolicyParse, ErrorsSayWhatIsExpected) {
  EXPECT_NE(parseError("").find("expected one of report, zero, clamp"), std::string::npos);
  EXPECT_NE(parseError("ignore").find("unknown out-of-bounds policy 'ignore'"), std::string::npos);
  EXPECT_NE(parseError("Zero").find("unknown out-of-bounds policy 'Zero'"), std::string::npos);
  EXPECT_NE(parseError("random").find("needs a seed"), std::string::npos);
  EXPECT_NE(parseError("random:").find("needs a seed"), std::string::npos);
  EXPECT_NE(parseError("random:abc").find("the seed 'abc' is not a non-negative integer"), std::string::npos);
  EXPECT_NE(parseError("random:-1").find("the seed '-1'"), std::string::npos);
  EXPECT_NE(parseError("random:99999999999999999999").find("is not a non-negative integer"), std::string::npos);
  EXPECT_NE(parseError("random:1:forever").find("the only option is ':terminate'"), std::string::npos);
  EXPECT_NE(parseError("random:1:terminate:x").find("the only option is ':terminate'"), std::string::npos);
  EXPECT_NE(parseError("zero:1").find("'zero' takes no arguments"), std::string::npos);
  EXPECT_NE(parseError("trap:").find("'trap' takes no arguments"), std::string::npos);
}

OobAccess access(Space sp, AccessKind k, uint64_t region, uint64_t offset, uint32_t size = 4) {
  OobAccess a;
  a.space = sp;
  a.kind = k;
  a.region_size = region;
  a.offset = offset;
  a.size = size;
  a.scalar_size = size == 2 ? 2 : 4;
  return a;
}

TEST(OobPolicyDecide, ReportRecordsAndBehavesAsZero) {
  OobPolicy p;
  OobDecision d = decideOob(p, access(Space::Storage, AccessKind::Load, 16, 16));
  EXPECT_EQ(d.action, Action::LoadZero);
  EXPECT_TRUE(d.record);
  d = decideOob(p, access(Space::Workgroup, AccessKind::Store, 16, 40));
  EXPECT_EQ(d.action, Action::DropStore);
  EXPECT_TRUE(d.record);
  d = decideOob(p, access(Space::Storage, AccessKind::AtomicRmw, 16, 16));
  EXPECT_EQ(d.action, Action::DropStore);  // not executed; the door gives the result 0
  d = decideOob(p, access(Space::Storage, AccessKind::AtomicLoad, 16, 16));
  EXPECT_EQ(d.action, Action::LoadZero);
}

TEST(OobPolicyDecide, ZeroDoesNotRecordTrapStopsDiscardTerminates) {
  for (Space sp : {Space::Function, Space::Private, Space::Workgroup, Space::Uniform, Space::Storage}) {
    OobDecision z = decideOob(parsed("zero"), access(sp, AccessKind::Load, 8, kUnknownOffset));
    EXPECT_EQ(z.action, Action::LoadZero);
    EXPECT_FALSE(z.record);
    OobDecision t = decideOob(parsed("trap"), access(sp, AccessKind::Load, 8, 8));
    EXPECT_EQ(t.action, Action::StopDispatch);
    EXPECT_TRUE(t.record);
    EXPECT_EQ(decideOob(parsed("discard"), access(sp, AccessKind::Load, 8, 8)).action, Action::TerminateInvocation);
  }
  EXPECT_EQ(decideOob(parsed("zero"), access(Space::Storage, AccessKind::Store, 8, 8)).action, Action::DropStore);
}

TEST(OobPolicyClamp, IndexIsClampedIntoTheArray) {
  EXPECT_EQ(clampIndex(2, false, 4), 2u);
  EXPECT_EQ(clampIndex(4, false, 4), 3u);
  EXPECT_EQ(clampIndex(0xffffffffu, false, 4), 3u);  // u32 index 4294967295
  EXPECT_EQ(clampIndex(static_cast<uint32_t>(-1), true, 4), 0u);  // i32 index -1
  EXPECT_EQ(clampIndex(static_cast<uint32_t>(-2147483647 - 1), true, 10), 0u);
  EXPECT_EQ(clampIndex(7, true, 1), 0u);  // NRuntime >= 1
  EXPECT_FALSE(clampIndex(0, false, 0).has_value());
}

TEST(OobPolicyClamp, ByteLevelFallbackStaysInTheVariable) {
  const OobPolicy p = parsed("clamp");
  // array<u32, 4>: 16 bytes; a 4-byte load at 20 goes to the last element (12).
  OobDecision d = decideOob(p, access(Space::Storage, AccessKind::Load, 16, 20));
  EXPECT_EQ(d.action, Action::LoadFrom);
  EXPECT_EQ(d.offset, 12);
  EXPECT_FALSE(d.record);
  d = decideOob(p, access(Space::Private, AccessKind::Store, 16, kUnknownOffset));
  EXPECT_EQ(d.action, Action::StoreTo);
  EXPECT_EQ(d.offset, 12);
  // A vec4<f32> load in a 16-byte variable: only offset 0.
  d = decideOob(p, access(Space::Workgroup, AccessKind::Load, 16, 32, 16));
  EXPECT_EQ(d.offset, 0);
  // f16 at 31 in 16 bytes: the last 2-byte slot is 14.
  d = decideOob(p, access(Space::Function, AccessKind::Load, 16, 31, 2));
  EXPECT_EQ(d.offset, 14);
  // Atomics keep 4-byte alignment: region of 10 bytes -> last atomic slot at 4.
  d = decideOob(p, access(Space::Storage, AccessKind::AtomicRmw, 10, 12));
  EXPECT_EQ(d.action, Action::StoreTo);
  EXPECT_EQ(d.offset, 4);
  // Nothing fits: not performed.
  EXPECT_EQ(decideOob(p, access(Space::Storage, AccessKind::Load, 2, 4)).action, Action::LoadZero);
  EXPECT_EQ(decideOob(p, access(Space::Storage, AccessKind::Store, 2, 4)).action, Action::DropStore);
}

// The spec's allowed outcomes for one access, written out from the spec's note.
bool specAllows(const OobAccess& a, const OobDecision& d, bool terminate_allowed) {
  const bool buffer = a.space == Space::Storage || a.space == Space::Uniform;
  const bool writes = a.kind == AccessKind::Store || a.kind == AccessKind::AtomicStore || a.kind == AccessKind::AtomicRmw;
  // Load: any location(s) of the GPUBuffer (buffers) or of the originating variable.
  int64_t lo = 0, hi = static_cast<int64_t>(a.region_size);
  if (buffer && a.buffer_size) {
    lo = -static_cast<int64_t>(a.buffer_offset);
    hi = static_cast<int64_t>(a.buffer_size) - static_cast<int64_t>(a.buffer_offset);
  }
  const int64_t align = (a.kind >= AccessKind::AtomicLoad || a.scalar_size == 4) ? 4 : 2;
  switch (d.action) {
    case Action::TerminateInvocation: return terminate_allowed;
    case Action::StopDispatch: return false;
    case Action::LoadZero: return !writes || a.kind == AccessKind::AtomicRmw;
    case Action::DropStore: return writes;
    case Action::LoadVectorX: {
      if (a.kind != AccessKind::Load || a.components != 4) return false;
      if (a.value == ValueKind::F32) return d.last_bits == 0 || d.last_bits == 0x3f800000u;
      if (a.value == ValueKind::I32) return d.last_bits == 0 || d.last_bits == 1 || d.last_bits == 0x7fffffffu;
      if (a.value == ValueKind::U32) return d.last_bits == 0 || d.last_bits == 1 || d.last_bits == 0xffffffffu;
      return false;
    }
    case Action::LoadFrom:
      return !writes && d.offset >= lo && d.offset + a.size <= hi && (d.offset - lo) % align == 0;
    case Action::StoreTo:
      if (!writes || a.space == Space::Uniform) return false;
      return d.offset >= lo && d.offset + a.size <= hi && (d.offset - lo) % align == 0;
  }
  return false;
}

TEST(OobPolicyRandom, OnlyAllowedOutcomesOnEveryAddressSpaceAndKind) {
  const OobPolicy p = parsed("random:5");
  for (Space sp : {Space::Function, Space::Private, Space::Workgroup, Space::Uniform, Space::Storage}) {
    for (AccessKind k : {AccessKind::Load, AccessKind::Store, AccessKind::AtomicLoad, AccessKind::AtomicStore,
                         AccessKind::AtomicRmw}) {
      if (sp == Space::Uniform && k != AccessKind::Load) continue;  // uniform buffers are read-only, not atomic
      for (uint32_t comps : {1u, 2u, 4u}) {
        if (k != AccessKind::Load && comps != 1) continue;
        OobAccess a = access(sp, k, 64, kUnknownOffset, 4 * comps);
        a.components = comps;
        a.value = comps == 4 ? ValueKind::F32 : ValueKind::U32;
        a.buffer_offset = 256;
        a.buffer_size = 1024;
        std::set<Action> seen;
        for (uint64_t key = 0; key < 400; ++key) {
          a.key = key;
          const OobDecision d = decideOob(p, a);
          ASSERT_TRUE(specAllows(a, d, false)) << toString(sp) << " " << toString(k) << " key " << key << ": "
                                               << toString(d.action) << " at " << d.offset;
          EXPECT_FALSE(d.record);
          seen.insert(d.action);
        }
        // Both "not performed" and "elsewhere" are chosen; (0,0,0,x) only for vec4 loads.
        const bool writes = k == AccessKind::Store || k == AccessKind::AtomicStore || k == AccessKind::AtomicRmw;
        EXPECT_TRUE(seen.count(writes ? Action::DropStore : Action::LoadZero));
        EXPECT_TRUE(seen.count(writes ? Action::StoreTo : Action::LoadFrom));
        EXPECT_EQ(seen.count(Action::LoadVectorX), comps == 4 && k == AccessKind::Load ? 1u : 0u);
        EXPECT_EQ(seen.count(Action::TerminateInvocation), 0u);
      }
    }
  }
}

TEST(OobPolicyRandom, StorageRedirectsReachTheWholeBufferOthersOnlyTheVariable) {
  const OobPolicy p = parsed("random:11");
  OobAccess a = access(Space::Storage, AccessKind::Store, 64, kUnknownOffset);
  a.buffer_offset = 256;
  a.buffer_size = 1024;
  bool before = false, after = false;
  for (uint64_t key = 0; key < 2000; ++key) {
    a.key = key;
    const OobDecision d = decideOob(p, a);
    if (d.action != Action::StoreTo) continue;
    before |= d.offset < 0;
    after |= d.offset >= 64;
  }
  EXPECT_TRUE(before);
  EXPECT_TRUE(after);
  // Workgroup variables: the buffer extent does not apply.
  a.space = Space::Workgroup;
  for (uint64_t key = 0; key < 2000; ++key) {
    a.key = key;
    const OobDecision d = decideOob(p, a);
    if (d.action == Action::StoreTo) {
      EXPECT_GE(d.offset, 0);
      EXPECT_LE(d.offset + 4, 64);
    }
  }
}

TEST(OobPolicyRandom, ReproducibleAndSeedDependent) {
  OobAccess a = access(Space::Storage, AccessKind::Load, 4096, kUnknownOffset);
  int differ = 0;
  for (uint64_t key = 0; key < 100; ++key) {
    a.key = key;
    const OobDecision x = decideOob(parsed("random:1"), a), y = decideOob(parsed("random:1"), a);
    EXPECT_EQ(x.action, y.action);
    EXPECT_EQ(x.offset, y.offset);
    const OobDecision z = decideOob(parsed("random:2"), a);
    differ += z.action != x.action || z.offset != x.offset;
  }
  EXPECT_GT(differ, 30);
}

TEST(OobPolicyRandom, TerminateOnlyWhenAskedFor) {
  const OobPolicy p = parsed("random:3:terminate");
  OobAccess a = access(Space::Private, AccessKind::Load, 16, 16);
  int terminated = 0;
  for (uint64_t key = 0; key < 300; ++key) {
    a.key = key;
    const OobDecision d = decideOob(p, a);
    EXPECT_TRUE(specAllows(a, d, true));
    terminated += d.action == Action::TerminateInvocation;
  }
  EXPECT_GT(terminated, 0);
}

TEST(OobPolicyRandom, VectorXValuesPerComponentType) {
  const OobPolicy p = parsed("random:9");
  for (ValueKind v : {ValueKind::I32, ValueKind::U32, ValueKind::F32}) {
    OobAccess a = access(Space::Storage, AccessKind::Load, 16, 16, 16);
    a.components = 4;
    a.value = v;
    std::set<uint32_t> xs;
    for (uint64_t key = 0; key < 600; ++key) {
      a.key = key;
      const OobDecision d = decideOob(p, a);
      EXPECT_TRUE(specAllows(a, d, false));
      if (d.action == Action::LoadVectorX) xs.insert(d.last_bits);
    }
    EXPECT_EQ(xs.size(), v == ValueKind::F32 ? 2u : 3u);
  }
  // bool vectors: the spec names integer and float components only.
  OobAccess b = access(Space::Function, AccessKind::Load, 16, 16, 16);
  b.components = 4;
  b.value = ValueKind::Bool;
  for (uint64_t key = 0; key < 200; ++key) {
    b.key = key;
    EXPECT_NE(decideOob(p, b).action, Action::LoadVectorX);
  }
}

TEST(OobPolicyRandom, NothingFitsMeansNotPerformed) {
  OobAccess a = access(Space::Workgroup, AccessKind::Load, 2, 4);  // 4 bytes never fit in 2
  for (uint64_t key = 0; key < 50; ++key) {
    a.key = key;
    EXPECT_EQ(decideOob(parsed("random:4"), a).action, Action::LoadZero);
  }
}

TEST(OobPolicyAllowed, CheckerAgreesWithTheSpecList) {
  OobAccess a = access(Space::Uniform, AccessKind::Load, 16, 16);
  OobDecision d;
  d.action = Action::StoreTo;
  EXPECT_FALSE(isAllowedOutcome(a, d));
  d.action = Action::LoadFrom;
  d.offset = 13;  // misaligned
  EXPECT_FALSE(isAllowedOutcome(a, d));
  d.offset = 12;
  EXPECT_TRUE(isAllowedOutcome(a, d));
  d.offset = 16;  // past the variable (no buffer extent given)
  EXPECT_FALSE(isAllowedOutcome(a, d));
  d.action = Action::LoadVectorX;
  EXPECT_FALSE(isAllowedOutcome(a, d));  // a scalar
}

}  // namespace
}  // namespace wgsl::checks
