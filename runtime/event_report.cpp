// Events as every report shows them (see event_report.h).
#include "runtime/event_report.h"

#include <fmt/format.h>

#include <cmath>

namespace wgsl::runtime {

namespace {

using json = nlohmann::ordered_json;

json locationJson(const SourceLocation& l) { return {{"file", l.file}, {"line", l.line}, {"column", l.column}}; }

json idJson(const uint32_t id[3]) { return json::array({id[0], id[1], id[2]}); }

// JSON has no infinities or NaN: those as the strings "+inf", "-inf", "NaN".
json floatJson(double d) {
  if (std::isnan(d)) return "NaN";
  if (std::isinf(d)) return d > 0 ? "+inf" : "-inf";
  return d;
}

std::string bindingText(const Event& e) { return fmt::format("{}:{}", e.group, e.binding); }

// The fields of each kind, after the common ones.
void oobFields(const Event& e, json& j) {
  j["variable"] = e.variable;
  if (e.group != ~0u) j["binding"] = bindingText(e);
  j["offset"] = e.offset;
  j["size"] = e.size;
  j["access"] = e.access;
  j["injected"] = e.injected;
  if (!e.action.empty()) j["action"] = e.action;
}

void injectedFields(const Event& e, json& j) { j["fault"] = e.action; }

void raceFields(const Event& e, json& j) {
  if (!e.variable.empty()) j["variable"] = e.variable;
  if (e.group != ~0u) j["binding"] = bindingText(e);
  j["offset"] = e.offset;
  j["access"] = e.access;
  j["other"] = {{"location", locationJson(e.other_location)},
                {"workgroup", idJson(e.other_workgroup_id)},
                {"local_invocation", idJson(e.other_local_invocation_id)},
                {"access", e.other_access}};
  j["count"] = e.count;
}

void nonFiniteFields(const Event& e, json& j) {
  j["operation"] = e.operation;
  json operands = json::array();
  for (double d : e.operands) operands.push_back(floatJson(d));
  j["operands"] = std::move(operands);
  j["result"] = floatJson(e.result);
}

void inactiveInvocationFields(const Event& e, json& j) {
  j["builtin"] = e.operation;
  j["selected_invocation"] = e.selected_invocation;
  j["subgroup_size"] = e.subgroup_size;
  j["result"] = "zero";
}

// "FILE:L:C: " when the event has a source location, else "".
std::string wherePrefix(const Event& e) {
  if (e.location.file.empty()) return "";
  return fmt::format("{}:{}:{}: ", e.location.file, e.location.line, e.location.column);
}

// The message without its location prefix (the device's messages start with it), or KIND: MESSAGE.
std::string bodyText(const Event& e) {
  const std::string where = wherePrefix(e);
  if (!where.empty() && e.message.rfind(where, 0) == 0) return e.message.substr(where.size());
  return std::string(toString(e.kind)) + ": " + e.message;
}

}  // namespace

json eventJson(const Event& e) {
  json j = {{"kind", toString(e.kind)},
            {"message", e.message},
            {"location", locationJson(e.location)},
            {"workgroup", idJson(e.workgroup_id)},
            {"local_invocation", idJson(e.local_invocation_id)}};
  switch (e.kind) {
    case Event::OutOfBounds: oobFields(e, j); break;
    case Event::Injected: injectedFields(e, j); break;
    case Event::Race: raceFields(e, j); break;
    case Event::NonFinite: nonFiniteFields(e, j); break;
    case Event::InactiveInvocation: inactiveInvocationFields(e, j); break;
    case Event::NonUniformCollective: j["builtin"] = e.operation; break;
    case Event::BarrierDivergence:  // the message says who arrived, who did not
    case Event::InstructionLimit: break;
  }
  return j;
}

std::string eventLine(const Event& e) { return wherePrefix(e) + bodyText(e); }

void EventSummary::add(const Event& e, size_t pass) {
  ++added_;
  size_t g = groups_.size();
  if (!e.location.file.empty()) {  // events without a source location stand alone
    const auto key = std::make_tuple(pass, static_cast<int>(e.kind), e.location.file, e.location.line,
                                     e.location.column);
    g = index_.emplace(key, g).first->second;
  }
  if (g == groups_.size()) groups_.emplace_back();
  Group& G = groups_[g];
  if (!G.first) G.first = &e;
  ++G.events;
  const uint32_t* w = e.workgroup_id;
  G.invocations.insert({w[0], w[1], w[2], e.local_invocation_index});
  G.workgroups.insert({w[0], w[1], w[2]});
}

std::string EventSummary::text(uint64_t event_count, const EventHints& hints) const {
  std::string s;
  bool grouped = false;
  for (const Group& G : groups_) {
    const Event& e = *G.first;
    if (G.events == 1) {
      s += "  " + eventLine(e) + "\n";
      continue;
    }
    grouped = true;
    s += fmt::format("  {}{} {} events by {} invocation{} in {} workgroup{}; first: {}\n", wherePrefix(e), G.events,
                     toString(e.kind), G.invocations.size(), G.invocations.size() == 1 ? "" : "s",
                     G.workgroups.size(), G.workgroups.size() == 1 ? "" : "s", bodyText(e));
  }
  const uint64_t dropped = event_count > added_ ? event_count - added_ : 0;
  if (dropped) {
    s += fmt::format("  ... and {} more events, not kept ({})\n", dropped, hints.keep_more);
  } else if (grouped) {
    s += fmt::format("  (events grouped by kind and source location; {})\n", hints.list_each);
  }
  return s;
}

}  // namespace wgsl::runtime
