// Sentences for the checks' events (see check_events.h).
#include "runtime/checks/check_events.h"

#include <cstdio>

namespace wgsl::checks {

namespace {

std::string invocation(uint32_t local_index, const uint32_t* wg) {
  return "invocation " + std::to_string(local_index) + " of workgroup (" + std::to_string(wg[0]) + ", " +
         std::to_string(wg[1]) + ", " + std::to_string(wg[2]) + ")";
}

std::string at(const Namer& n, uint32_t pc) { return n.location ? n.location(pc) : "instruction " + std::to_string(pc); }

const char* verb(AccessKind k) {
  switch (k) {
    case AccessKind::Load: return "read";
    case AccessKind::Store: return "write";
    case AccessKind::AtomicLoad: return "atomic load";
    case AccessKind::AtomicStore: return "atomic store";
    case AccessKind::AtomicRmw: return "atomic read-modify-write";
  }
  return "access";
}

std::string hex(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", v);
  return buf;
}

}  // namespace

std::string describe(const OobEvent& e, const Namer& n) {
  std::string s = at(n, e.pc) + ": out-of-bounds " + verb(e.kind) + " of " + std::to_string(e.size) + " bytes ";
  if (e.offset == kUnknownOffset && e.has_index)
    s += "through index " + std::to_string(e.index) + " (out of range for " + std::to_string(e.index_count) +
         " elements)";
  else if (e.offset == kUnknownOffset) s += "through an out-of-bounds index";
  else s += "at byte offset " + std::to_string(e.offset);
  s += " of " + (n.variable.empty() ? std::string(toString(e.space)) + " memory" : n.variable) + " (" +
       std::to_string(e.region_size) + " bytes) by " + invocation(e.local_index, e.workgroup_id);
  if (e.origin == Origin::Injected) s += " (injected fault)";
  switch (e.decision.action) {
    case OobDecision::Action::LoadZero: s += isWrite(e.kind) ? ": not executed, result 0" : ": the load gave zero"; break;
    case OobDecision::Action::LoadVectorX: s += ": the load gave (0, 0, 0, " + hex(e.decision.last_bits) + ")"; break;
    case OobDecision::Action::LoadFrom: s += ": loaded from byte offset " + std::to_string(e.decision.offset) + " instead"; break;
    case OobDecision::Action::DropStore: s += isAtomic(e.kind) ? ": not executed, result 0" : ": the store was dropped"; break;
    case OobDecision::Action::StoreTo: s += ": done at byte offset " + std::to_string(e.decision.offset) + " instead"; break;
    case OobDecision::Action::TerminateInvocation: s += ": the invocation terminated"; break;
    case OobDecision::Action::StopDispatch: s += ": the dispatch stopped (--oob=trap)"; break;
  }
  return s;
}

std::string describe(const InjectionEvent& e, const InjectionRule& rule, const Namer& n) {
  std::string s = at(n, e.pc) + ": injected fault (--inject=" + rule.text + "): ";
  if (e.kind == InjectionRule::Kind::Oob) s += "the access by " + invocation(e.local_index, e.workgroup_id) + " made out of bounds";
  else s += "the load by " + invocation(e.local_index, e.workgroup_id) + " returned " + hex(e.value);
  return s;
}

std::string describe(const RaceRecord& r, const Namer& n) {
  auto side = [&](const RaceAccess& a) {
    return std::string(verb(a.kind)) + " at " + at(n, a.pc) + " by " + invocation(a.local_index, a.workgroup_id);
  };
  std::string s = "data race on " + (n.variable.empty() ? std::string(toString(r.space)) + " memory" : n.variable) +
                  " at byte offset " + std::to_string(r.offset) + ": " + side(r.first) + " and " + side(r.second) +
                  " are not ordered (";
  if (r.cross_workgroup) s += "different workgroups of one dispatch are never ordered";
  else if (r.space == Space::Workgroup) s += "no workgroupBarrier between them";
  else s += "no storageBarrier between them";
  s += ")";
  if (r.count > 1) s += "; " + std::to_string(r.count) + " times";
  return s;
}

}  // namespace wgsl::checks
