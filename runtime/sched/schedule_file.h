// Explicit schedules (`--schedule=FILE`): a finite prefix of workgroup ids, then a cycle repeated
// forever. Each entry means "this workgroup runs until after its next atomic operation (or until
// it returns)". Text format, one schedule per file:
//
//   # comment
//   prefix: 0 1 1 2
//   cycle: 2 0
//
// Both lines are optional (an absent line is an empty list); ids are decimal. After the prefix
// with an empty cycle, the remaining workgroups run to completion in id order.
//
// A file may have per-dispatch sections: a line `dispatch N:` (N from 1: the N-th dispatch of the
// run that runs workgroups) starts the schedule of dispatch N, up to the next such line. The
// lines before the first section (all of a file without sections) are the schedule of every
// dispatch without a section of its own; a dispatch with neither runs under the --scheduler.
//
//   dispatch 2:
//   prefix: 3 1
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "runtime/sched/sched_types.h"

namespace wgsl::sched {

struct Schedule {
  std::vector<WorkgroupId> prefix;
  std::vector<WorkgroupId> cycle;
  bool operator==(const Schedule& o) const { return prefix == o.prefix && cycle == o.cycle; }
};

// A schedule file: the schedule of every dispatch and per-dispatch sections.
struct ScheduleFile {
  std::optional<Schedule> all;                // the lines before the first section, if any
  std::map<uint64_t, Schedule> dispatches;    // `dispatch N:` sections
  // The schedule of dispatch `n` (from 1): its section, else `all`; null: neither.
  const Schedule* forDispatch(uint64_t n) const;
  bool hasEntries() const;  // some workgroup id somewhere
};

// Parses a file with or without sections; on error returns nullopt and sets `error` to
// "LINE:COL: what is wrong".
std::optional<ScheduleFile> parseScheduleFile(const std::string& text, std::string& error);
// Parses a file without sections (one schedule).
std::optional<Schedule> parseSchedule(const std::string& text, std::string& error);
// The text form that parseSchedule reads back unchanged.
std::string formatSchedule(const Schedule& schedule);


}  // namespace wgsl::sched
