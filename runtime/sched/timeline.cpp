// Building and drawing schedule timelines (see timeline.h).
#include "runtime/sched/timeline.h"

#include <algorithm>
#include <array>

namespace wgsl::sched {

namespace {

Cell stepCell(const TraceStep& s) {
  if (s.memory_changed || s.end == StepEnd::Returned) return Cell::Progress;
  return s.end == StepEnd::Barrier ? Cell::Barrier : Cell::Spin;
}

char cellChar(Cell c) {
  switch (c) {
    case Cell::NotStarted: return '.';
    case Cell::Idle: return '-';
    case Cell::Progress: return '#';
    case Cell::Spin: return '~';
    case Cell::Barrier: return '|';
    case Cell::Returned: return ' ';
  }
  return '?';
}

const char* cellColour(Cell c) {
  switch (c) {
    case Cell::NotStarted: return "#e8e8e8";
    case Cell::Idle: return "#c6d4e6";
    case Cell::Progress: return "#2e8b57";
    case Cell::Spin: return "#e07b39";
    case Cell::Barrier: return "#7b68ee";
    case Cell::Returned: return "#ffffff";
  }
  return "#000000";
}

std::string xmlEscape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else if (c == '"') out += "&quot;";
    else out += c;
  }
  return out;
}

}  // namespace

Timeline buildTimeline(const std::vector<TraceStep>& trace, uint32_t workgroups, bool hang, size_t max_columns,
                       const SubgroupTrace* subgroups, size_t max_rows) {
  Timeline t;
  t.steps = trace.size();
  t.hang = hang;
  if (max_columns == 0) max_columns = 1;
  t.steps_per_column = std::max<uint64_t>(1, (t.steps + max_columns - 1) / max_columns);
  const size_t columns = static_cast<size_t>((t.steps + t.steps_per_column - 1) / t.steps_per_column);
  const uint32_t per = subgroups && subgroups->subgroups > 0 ? subgroups->subgroups : 1;
  const bool by_subgroup = subgroups && subgroups->subgroups > 0 &&
                           subgroups->codes.size() >= trace.size() * uint64_t{subgroups->subgroups};
  // Rows: workgroups, or the subgroups of the first workgroups that fit in max_rows.
  const uint64_t all_rows = uint64_t{workgroups} * (by_subgroup ? per : 1);
  const uint32_t shown_wgs = by_subgroup ? static_cast<uint32_t>(std::min<uint64_t>(workgroups, std::max<size_t>(1, max_rows / per)))
                                         : workgroups;
  const size_t nrows = static_cast<size_t>(uint64_t{shown_wgs} * (by_subgroup ? per : 1));
  t.rows_left_out = all_rows - nrows;
  // Per row: first and return step, and per column the count of each activity it ran.
  std::vector<uint64_t> first(nrows, kNever), end(nrows, kNever);
  std::vector<std::vector<std::array<uint32_t, 3>>> counts(nrows,
                                                           std::vector<std::array<uint32_t, 3>>(columns, {0, 0, 0}));
  auto count = [&](size_t row, uint64_t i, Cell c) {
    const size_t k = c == Cell::Progress ? 0 : c == Cell::Spin ? 1 : 2;
    ++counts[row][i / t.steps_per_column][k];
  };
  for (uint64_t i = 0; i < trace.size(); ++i) {
    const TraceStep& s = trace[i];
    if (s.wg >= shown_wgs) continue;
    if (!by_subgroup) {
      if (first[s.wg] == kNever) first[s.wg] = i;
      if (s.end == StepEnd::Returned) end[s.wg] = i;
      count(s.wg, i, stepCell(s));
      continue;
    }
    for (uint32_t sg = 0; sg < per; ++sg) {
      const size_t row = size_t{s.wg} * per + sg;
      if (first[row] == kNever) first[row] = i;
      switch (subgroups->codes[i * per + sg]) {
        case SubgroupCode::Progress: count(row, i, Cell::Progress); break;
        case SubgroupCode::Ran: count(row, i, Cell::Spin); break;
        case SubgroupCode::Barrier: count(row, i, Cell::Barrier); break;
        case SubgroupCode::Done:  // it returned in an earlier step: blank from this step on
          if (end[row] == kNever) end[row] = i - 1;
          break;
        case SubgroupCode::NotRun: break;
      }
    }
  }
  t.rows.assign(nrows, std::vector<Cell>(columns, Cell::NotStarted));
  for (size_t row = 0; row < nrows; ++row) {
    t.labels.push_back(by_subgroup ? "wg " + std::to_string(row / per) + " sg " + std::to_string(row % per)
                                   : "wg " + std::to_string(row));
    for (size_t col = 0; col < columns; ++col) {
      const uint64_t lo = col * t.steps_per_column;
      const uint64_t hi = lo + t.steps_per_column - 1;
      const auto& n = counts[row][col];
      Cell c;
      if (n[0] || n[1] || n[2]) {
        c = n[0] >= n[1] && n[0] >= n[2] ? Cell::Progress : n[1] >= n[2] ? Cell::Spin : Cell::Barrier;
      } else if (end[row] != kNever && end[row] < lo) {
        c = Cell::Returned;
      } else if (first[row] != kNever && first[row] <= hi) {
        c = Cell::Idle;
      } else {
        c = Cell::NotStarted;
      }
      t.rows[row][col] = c;
    }
  }
  return t;
}

std::string timelineText(const Timeline& t, size_t max_rows) {
  std::string out;
  const size_t rows = std::min<size_t>(t.rows.size(), max_rows);
  size_t width = 0;
  for (size_t r = 0; r < rows && r < t.labels.size(); ++r) width = std::max(width, t.labels[r].size());
  for (size_t r = 0; r < rows; ++r) {
    const std::string label = r < t.labels.size() ? t.labels[r] : "wg " + std::to_string(r);
    out += label + std::string(width > label.size() ? width - label.size() : 0, ' ') + " |";
    for (Cell c : t.rows[r]) out += cellChar(c);
    out += "|\n";
  }
  const uint64_t more = t.rows.size() - rows + t.rows_left_out;
  if (more) out += "(" + std::to_string(more) + " more rows)\n";
  out += "steps 0.." + std::to_string(t.steps) + ", " + std::to_string(t.steps_per_column) +
         " per column; # progress ~ spin | barrier - not scheduled . not started" +
         (t.hang ? "; hang at the right edge" : "") + "\n";
  return out;
}

std::string timelineSvg(const Timeline& t, const std::string& title, size_t max_rows) {
  const size_t rows = std::min<size_t>(t.rows.size(), max_rows);
  const size_t columns = t.rows.empty() ? 0 : t.rows[0].size();
  size_t label_chars = 5;
  for (size_t r = 0; r < rows && r < t.labels.size(); ++r) label_chars = std::max(label_chars, t.labels[r].size());
  const int cell_w = 6, cell_h = 12, top = 28, left = std::max(60, 10 + 6 * static_cast<int>(label_chars));
  const int width = left + static_cast<int>(columns) * cell_w + 20;
  const int height = top + static_cast<int>(rows) * cell_h + 50;
  std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(width) +
                    "\" height=\"" + std::to_string(height) + "\" font-family=\"monospace\" font-size=\"10\">\n";
  svg += "<text x=\"4\" y=\"16\" font-size=\"12\">" + xmlEscape(title) + "</text>\n";
  for (size_t r = 0; r < rows; ++r) {
    const int y = top + static_cast<int>(r) * cell_h;
    const std::string label = r < t.labels.size() ? t.labels[r] : "wg " + std::to_string(r);
    svg += "<text x=\"4\" y=\"" + std::to_string(y + 9) + "\">" + xmlEscape(label) + "</text>\n";
    // One rectangle per run of equal cells.
    const auto& row = t.rows[r];
    for (size_t c = 0; c < row.size();) {
      size_t e = c;
      while (e < row.size() && row[e] == row[c]) ++e;
      if (row[c] != Cell::Returned)
        svg += "<rect x=\"" + std::to_string(left + static_cast<int>(c) * cell_w) + "\" y=\"" +
               std::to_string(y) + "\" width=\"" + std::to_string(static_cast<int>(e - c) * cell_w) +
               "\" height=\"" + std::to_string(cell_h - 2) + "\" fill=\"" + cellColour(row[c]) + "\"/>\n";
      c = e;
    }
  }
  const int bottom = top + static_cast<int>(rows) * cell_h;
  if (t.hang) {
    const int x = left + static_cast<int>(columns) * cell_w;
    svg += "<line x1=\"" + std::to_string(x) + "\" y1=\"" + std::to_string(top - 4) + "\" x2=\"" +
           std::to_string(x) + "\" y2=\"" + std::to_string(bottom) + "\" stroke=\"red\" stroke-width=\"2\"/>\n";
    svg += "<text x=\"" + std::to_string(x - 24) + "\" y=\"" + std::to_string(top - 6) + "\" fill=\"red\">hang</text>\n";
  }
  const Cell legend[] = {Cell::Progress, Cell::Spin, Cell::Barrier, Cell::Idle, Cell::NotStarted};
  const char* names[] = {"progress", "spin", "barrier", "not scheduled", "not started"};
  for (int i = 0; i < 5; ++i) {
    const int x = left + i * 90;
    svg += "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(bottom + 12) +
           "\" width=\"10\" height=\"10\" fill=\"" + cellColour(legend[i]) + "\"/>";
    svg += "<text x=\"" + std::to_string(x + 14) + "\" y=\"" + std::to_string(bottom + 21) + "\">" +
           names[i] + "</text>\n";
  }
  svg += "<text x=\"" + std::to_string(left) + "\" y=\"" + std::to_string(bottom + 40) + "\">steps 0.." +
         std::to_string(t.steps) + " (" + std::to_string(t.steps_per_column) + " per column)";
  if (rows < t.rows.size() || t.rows_left_out)
    svg += ", " + std::to_string(t.rows.size() - rows + t.rows_left_out) + " more rows not drawn";
  svg += "</text>\n</svg>\n";
  return svg;
}

}  // namespace wgsl::sched
