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
#pragma once

#include <cstdint>
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

// Parses the text; on error returns nullopt and sets `error` to "LINE:COL: what is wrong".
std::optional<Schedule> parseSchedule(const std::string& text, std::string& error);
// The text form that parseSchedule reads back unchanged.
std::string formatSchedule(const Schedule& schedule);

}  // namespace wgsl::sched
