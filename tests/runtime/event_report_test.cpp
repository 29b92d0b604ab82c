// The one layout of events (runtime/event_report.h) that `wgslemu run`, Report::summary() and
// the C API share: each kind's JSON object, and the grouped summary lines. Events are built by
// hand here; their expected fields follow docs/run-spec.md ("Report").
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "runtime/event_report.h"

namespace {

using namespace wgsl::runtime;
using json = nlohmann::ordered_json;

Event oobEvent(uint32_t local, uint32_t index) {
  Event e;
  e.kind = Event::OutOfBounds;
  e.location = {"k.wgsl", 7, 5};
  e.message = "k.wgsl:7:5: out-of-bounds write of 4 bytes through index " + std::to_string(index) +
              " (out of range for 8 elements) of storage buffer 'out' (@group(0) @binding(1)) (32 bytes) by invocation " +
              std::to_string(local) + " of workgroup (1, 0, 0): the store was dropped";
  e.workgroup_id[0] = 1;
  e.local_invocation_index = local;
  e.local_invocation_id[0] = local % 4;
  e.local_invocation_id[1] = local / 4;
  e.variable = "out";
  e.group = 0;
  e.binding = 1;
  e.offset = index;
  e.size = 4;
  e.write = true;
  e.access = "write";
  return e;
}

TEST(EventReport, OutOfBoundsObjectHasTheCommonThenItsOwnFields) {
  const json j = eventJson(oobEvent(5, 9));
  std::vector<std::string> keys;
  for (auto it = j.begin(); it != j.end(); ++it) keys.push_back(it.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"kind", "message", "location", "workgroup", "local_invocation", "variable",
                                            "binding", "offset", "size", "access", "injected"}));
  EXPECT_EQ(j["kind"], "oob");
  EXPECT_EQ(j["location"], json({{"file", "k.wgsl"}, {"line", 7}, {"column", 5}}));
  EXPECT_EQ(j["workgroup"], json::array({1, 0, 0}));
  EXPECT_EQ(j["local_invocation"], json::array({1, 1, 0}));  // index 5 in a 4-wide workgroup
  EXPECT_EQ(j["binding"], "0:1");
  EXPECT_EQ(j["offset"], 9);
  EXPECT_EQ(j["access"], "write");
  EXPECT_EQ(j["injected"], false);
}

TEST(EventReport, PolicyActionAndAtomicAccessAreKept) {
  Event e = oobEvent(0, 9);
  e.action = "clamp-index";
  e.access = "atomic add";
  e.injected = true;
  const json j = eventJson(e);
  EXPECT_EQ(j["access"], "atomic add");
  EXPECT_EQ(j["action"], "clamp-index");
  EXPECT_EQ(j["injected"], true);
}

TEST(EventReport, WorkgroupVariableHasNoBinding) {
  Event e = oobEvent(0, 9);
  e.group = e.binding = ~0u;
  const json j = eventJson(e);
  EXPECT_FALSE(j.contains("binding"));
}

TEST(EventReport, RaceNamesTheOtherAccess) {
  Event e;
  e.kind = Event::Race;
  e.location = {"r.wgsl", 3, 1};
  e.variable = "tile";
  e.offset = 12;
  e.access = "write";
  e.other_location = {"r.wgsl", 4, 9};
  e.other_workgroup_id[2] = 2;
  e.other_local_invocation_id[0] = 6;
  e.other_access = "read";
  e.count = 17;
  const json j = eventJson(e);
  EXPECT_EQ(j["kind"], "race");
  EXPECT_EQ(j["variable"], "tile");
  EXPECT_FALSE(j.contains("binding"));
  EXPECT_EQ(j["offset"], 12);
  EXPECT_EQ(j["other"], json({{"location", {{"file", "r.wgsl"}, {"line", 4}, {"column", 9}}},
                              {"workgroup", {0, 0, 2}},
                              {"local_invocation", {6, 0, 0}},
                              {"access", "read"}}));
  EXPECT_EQ(j["count"], 17);
}

TEST(EventReport, NonFiniteValuesAreStrings) {
  Event e;
  e.kind = Event::NonFinite;
  e.operation = "x / y";
  e.operands = {1.5, 0.0};
  e.result = std::numeric_limits<double>::infinity();
  json j = eventJson(e);
  EXPECT_EQ(j["kind"], "nonfinite");
  EXPECT_EQ(j["operation"], "x / y");
  EXPECT_EQ(j["operands"], json::array({1.5, 0.0}));
  EXPECT_EQ(j["result"], "+inf");
  e.result = -e.result;
  EXPECT_EQ(eventJson(e)["result"], "-inf");
  e.result = std::nan("");
  EXPECT_EQ(eventJson(e)["result"], "NaN");
}

TEST(EventReport, NonUniformCollectiveNamesTheBuiltin) {
  Event e;
  e.kind = Event::NonUniformCollective;
  e.operation = "subgroupAdd";
  const json j = eventJson(e);
  EXPECT_EQ(j["kind"], "nonuniform-collective");
  EXPECT_EQ(j["builtin"], "subgroupAdd");
}

TEST(EventReport, InjectedFaultNamesTheFault) {
  Event e;
  e.kind = Event::Injected;
  e.action = "poison";
  const json j = eventJson(e);
  EXPECT_EQ(j["kind"], "injected");
  EXPECT_EQ(j["fault"], "poison");
}

TEST(EventReport, LineStartsWithTheLocationOnce) {
  const Event e = oobEvent(2, 8);
  EXPECT_EQ(eventLine(e), e.message);  // the message already starts with "k.wgsl:7:5: "
  Event bare;
  bare.kind = Event::InstructionLimit;
  bare.message = "stopped";
  EXPECT_EQ(eventLine(bare), "instruction-limit: stopped");  // no location: the kind leads
}

const EventHints kHints{"KEEP", "LIST"};

TEST(EventReport, OneEventPerLocationIsItsLine) {
  const Event a = oobEvent(1, 8);
  EventSummary s;
  s.add(a);
  EXPECT_EQ(s.text(1, kHints), "  " + a.message + "\n");
}

TEST(EventReport, EventsAtOneLocationGroup) {
  // Invocations 1 and 2 of workgroup (1, 0, 0), invocation 1 twice (a loop): 3 events by 2
  // invocations in 1 workgroup.
  const std::vector<Event> events = {oobEvent(1, 8), oobEvent(2, 9), oobEvent(1, 10)};
  EventSummary s;
  for (const auto& e : events) s.add(e);
  EXPECT_EQ(s.lines(), 1u);
  const std::string first = events[0].message.substr(std::string("k.wgsl:7:5: ").size());
  EXPECT_EQ(s.text(3, kHints), "  k.wgsl:7:5: 3 oob events by 2 invocations in 1 workgroup; first: " + first +
                                   "\n  (events grouped by kind and source location; LIST)\n");
}

TEST(EventReport, PassesKindsAndLocationsStayApart) {
  Event other = oobEvent(1, 8);
  other.location.line = 8;
  other.message = "k.wgsl:8:5: x";
  Event race = oobEvent(1, 8);
  race.kind = Event::Race;
  race.message = "k.wgsl:7:5: y";
  const std::vector<Event> events = {oobEvent(1, 8), other, race};
  EventSummary s;
  for (const auto& e : events) s.add(e);
  const Event again = oobEvent(1, 8);
  s.add(again, 1);  // the same place in the next pass
  EXPECT_EQ(s.lines(), 4u);
}

TEST(EventReport, EventsNotKeptAreCounted) {
  const Event a = oobEvent(1, 8);
  EventSummary s;
  s.add(a);
  EXPECT_EQ(s.text(5, kHints), "  " + a.message + "\n  ... and 4 more events, not kept (KEEP)\n");
}

TEST(EventReport, ReportSummaryUsesTheSameLines) {
  Report r;
  r.status = Status::DynamicError;
  r.events = {oobEvent(1, 8), oobEvent(2, 9)};
  r.event_count = 2;
  const std::string s = r.summary();
  EXPECT_NE(s.find("  k.wgsl:7:5: 2 oob events by 2 invocations in 1 workgroup; first: out-of-bounds write"),
            std::string::npos)
      << s;
}

}  // namespace
