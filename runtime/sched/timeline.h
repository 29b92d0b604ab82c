// Pictures of a schedule (`--timeline`): one row per workgroup (or, with --timeline-subgroups,
// per subgroup), time (scheduling steps) left to right, each cell coloured by what the
// workgroup or subgroup did then: made progress, spun (a step that changed nothing), waited at
// a barrier, was started but not scheduled, was not started yet, or had returned; with the hang
// point marked. Long runs are bucketed into columns; a column shows the row's most frequent
// activity in it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "runtime/sched/driver.h"

namespace wgsl::sched {

enum class Cell : uint8_t { NotStarted, Idle, Progress, Spin, Barrier, Returned };

struct Timeline {
  uint64_t steps = 0;            // length of the trace
  uint64_t steps_per_column = 1;
  std::vector<std::vector<Cell>> rows;  // rows[row][column]
  std::vector<std::string> labels;      // per row: "wg 3", or "wg 3 sg 1"
  uint64_t rows_left_out = 0;           // rows not built (beyond max_rows)
  bool hang = false;
};

// What each subgroup did in each step of a trace: codes[i * subgroups + s] for trace step i
// (of workgroup trace[i].wg) and subgroup s.
enum class SubgroupCode : uint8_t { NotRun, Progress, Ran, Barrier, Done };
struct SubgroupTrace {
  uint32_t subgroups = 0;
  std::vector<SubgroupCode> codes;
};

// Buckets `trace` into at most `max_columns` columns, one row per workgroup; with `subgroups`,
// one row per subgroup of the first workgroups (at most max_rows rows).
Timeline buildTimeline(const std::vector<TraceStep>& trace, uint32_t workgroups, bool hang,
                       size_t max_columns = 100, const SubgroupTrace* subgroups = nullptr, size_t max_rows = 256);

// Text form: "wg 0 |##~~--  |" with '#' progress, '~' spin, '|' barrier, '-' started but not
// scheduled (a subgroup row: not run), '.' not started, ' ' returned; a last line marks the
// hang. At most max_rows rows.
std::string timelineText(const Timeline& t, size_t max_rows = 64);
// SVG form with a legend (the title names the model and outcome).
std::string timelineSvg(const Timeline& t, const std::string& title, size_t max_rows = 256);

}  // namespace wgsl::sched
