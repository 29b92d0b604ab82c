// Events as every report shows them, one home for every path: `wgslemu run` (its summary on
// standard error and the --report JSON), the C++ API (Report::summary), and the C API (the lines
// it prints on standard error and the WGSLEMU_REPORT file). The sentences themselves are made
// when the event happens (event_text.h); this file lays them out.
#pragma once

#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "runtime/runtime.h"

namespace wgsl::runtime {

// One event as a JSON object (docs/run-spec.md, "Report"): `kind`, `message`, `location`
// (`file`, `line`, `column`), `workgroup`, `local_invocation`, then the fields of its kind
// (`variable`, `binding`, `offset`, ... for `oob`; `other` for `race`; ...).
nlohmann::ordered_json eventJson(const Event& e);

// One event as one line: "FILE:L:C: MESSAGE" (the message already starts with its location),
// or "KIND: MESSAGE" for an event without a source location.
std::string eventLine(const Event& e);

// What the trailing line of a summary tells the reader to do for more: how to keep more events
// (shown when some were counted but not kept) and where each one is listed (shown when lines
// were grouped).
struct EventHints {
  std::string keep_more;  // "--max-events=N keeps more; --report=FILE.json lists every event kept"
  std::string list_each;  // "--report=FILE.json lists each one"
};

// The grouped text summary of events: one line per kind and source location (and pass or
// dispatch). A location with one event shows its line; several show how many, by how many
// invocations in how many workgroups, and the first one's message. Events without a source
// location stand alone. Lines start with two spaces and end with a newline.
class EventSummary {
 public:
  // Events in the order they are to be listed; `pass` keeps different passes apart. The event
  // must live until text() is called.
  void add(const Event& e, size_t pass = 0);
  // The lines, then "... and N more events, not kept (HINT)" when `event_count` is more than the
  // events added, or "(events grouped by kind and source location; HINT)" when lines grouped.
  std::string text(uint64_t event_count, const EventHints& hints) const;
  size_t lines() const { return groups_.size(); }

 private:
  struct Group {
    const Event* first = nullptr;
    size_t events = 0;
    std::set<std::array<uint32_t, 4>> invocations;  // workgroup id and local invocation index
    std::set<std::array<uint32_t, 3>> workgroups;
  };
  std::vector<Group> groups_;
  std::map<std::tuple<size_t, int, std::string, uint32_t, uint32_t>, size_t> index_;
  size_t added_ = 0;
};

}  // namespace wgsl::runtime
