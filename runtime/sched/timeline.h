// Pictures of a schedule (`--timeline`): one row per workgroup, time (scheduling steps) left to
// right, each cell coloured by what the workgroup did then: made progress, spun (a step that
// changed nothing), waited at a barrier, was started but not scheduled, was not started yet, or
// had returned; with the hang point marked. Long runs are bucketed into columns; a column shows
// the workgroup's most frequent activity in it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "runtime/sched/driver.h"

namespace wgsl::sched {

enum class Cell : uint8_t { NotStarted, Idle, Progress, Spin, Barrier, Returned };

struct Timeline {
  uint32_t workgroups = 0;
  uint64_t steps = 0;            // length of the trace
  uint64_t steps_per_column = 1;
  std::vector<std::vector<Cell>> rows;  // rows[wg][column]
  bool hang = false;
};

// Buckets `trace` into at most `max_columns` columns.
Timeline buildTimeline(const std::vector<TraceStep>& trace, uint32_t workgroups, bool hang,
                       size_t max_columns = 100);

// Text form: "wg 0 |##~~--  |" with '#' progress, '~' spin, '|' barrier, '-' started but not
// scheduled, '.' not started, ' ' returned; a last line marks the hang. At most max_rows rows.
std::string timelineText(const Timeline& t, size_t max_rows = 64);
// SVG form with a legend (the title names the model and outcome).
std::string timelineSvg(const Timeline& t, const std::string& title, size_t max_rows = 256);

}  // namespace wgsl::sched
