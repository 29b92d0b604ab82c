// Reading and writing explicit schedule files (see schedule_file.h for the format).
#include "runtime/sched/schedule_file.h"

#include <cctype>
#include <sstream>

namespace wgsl::sched {

namespace {

std::string where(size_t line, size_t col) {
  return std::to_string(line) + ":" + std::to_string(col) + ": ";
}

}  // namespace

const Schedule* ScheduleFile::forDispatch(uint64_t n) const {
  auto it = dispatches.find(n);
  if (it != dispatches.end()) return &it->second;
  return all ? &*all : nullptr;
}

bool ScheduleFile::hasEntries() const {
  auto has = [](const Schedule& s) { return !s.prefix.empty() || !s.cycle.empty(); };
  if (all && has(*all)) return true;
  for (const auto& [n, s] : dispatches)
    if (has(s)) return true;
  return false;
}

std::optional<ScheduleFile> parseScheduleFile(const std::string& text, std::string& error) {
  ScheduleFile result;
  Schedule* current = nullptr;  // null: before the first section, not started yet
  Schedule general;
  bool general_seen = false;
  bool seen_prefix = false, seen_cycle = false;
  size_t line_no = 0;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const size_t hash = line.find('#');
    if (hash != std::string::npos) line.erase(hash);
    size_t i = 0;
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    if (i == line.size()) continue;
    if (line.compare(i, 8, "dispatch") == 0) {
      // "dispatch N:" starts a section.
      size_t j = i + 8;
      while (j < line.size() && std::isspace(static_cast<unsigned char>(line[j]))) ++j;
      const size_t start = j;
      uint64_t n = 0;
      while (j < line.size() && std::isdigit(static_cast<unsigned char>(line[j])) && n < (uint64_t{1} << 40))
        n = n * 10 + static_cast<uint64_t>(line[j++] - '0');
      while (j < line.size() && std::isspace(static_cast<unsigned char>(line[j]))) ++j;
      if (j == start || n == 0 || j >= line.size() || line[j] != ':' ||
          line.find_first_not_of(" \t", j + 1) != std::string::npos) {
        error = where(line_no, i + 1) + "expected 'dispatch N:' (N from 1) alone on its line";
        return std::nullopt;
      }
      if (result.dispatches.count(n)) {
        error = where(line_no, i + 1) + "second section for dispatch " + std::to_string(n);
        return std::nullopt;
      }
      current = &result.dispatches[n];
      seen_prefix = seen_cycle = false;
      continue;
    }
    if (!current) general_seen = true;
    Schedule& into = current ? *current : general;
    const size_t colon = line.find(':', i);
    std::string key = colon == std::string::npos ? "" : line.substr(i, colon - i);
    while (!key.empty() && std::isspace(static_cast<unsigned char>(key.back()))) key.pop_back();
    std::vector<WorkgroupId>* target = nullptr;
    if (key == "prefix") {
      if (seen_prefix) { error = where(line_no, i + 1) + "second 'prefix:' line; a schedule has one"; return std::nullopt; }
      seen_prefix = true;
      target = &into.prefix;
    } else if (key == "cycle") {
      if (seen_cycle) { error = where(line_no, i + 1) + "second 'cycle:' line; a schedule has one"; return std::nullopt; }
      seen_cycle = true;
      target = &into.cycle;
    } else {
      error = where(line_no, i + 1) + "expected 'prefix:' or 'cycle:' followed by workgroup ids";
      return std::nullopt;
    }
    size_t j = colon + 1;
    while (j < line.size()) {
      if (std::isspace(static_cast<unsigned char>(line[j])) || line[j] == ',') { ++j; continue; }
      if (!std::isdigit(static_cast<unsigned char>(line[j]))) {
        error = where(line_no, j + 1) + "expected a workgroup id (a decimal number), found '" +
                std::string(1, line[j]) + "'";
        return std::nullopt;
      }
      const size_t start = j;
      uint64_t value = 0;
      while (j < line.size() && std::isdigit(static_cast<unsigned char>(line[j]))) {
        value = value * 10 + static_cast<uint64_t>(line[j] - '0');
        if (value >= kNoWorkgroup) {
          error = where(line_no, start + 1) + "workgroup id is too large (at most 4294967294)";
          return std::nullopt;
        }
        ++j;
      }
      target->push_back(static_cast<WorkgroupId>(value));
    }
  }
  // A file without sections is one schedule for every dispatch (also when it is empty).
  if (general_seen || result.dispatches.empty()) result.all = general;
  return result;
}

std::optional<Schedule> parseSchedule(const std::string& text, std::string& error) {
  std::optional<ScheduleFile> file = parseScheduleFile(text, error);
  if (!file) return std::nullopt;
  if (!file->dispatches.empty()) {
    error = "1:1: the file has per-dispatch sections ('dispatch N:'); one schedule was expected";
    return std::nullopt;
  }
  return file->all;
}

std::string formatSchedule(const Schedule& schedule) {
  std::string out = "prefix:";
  for (WorkgroupId wg : schedule.prefix) out += " " + std::to_string(wg);
  out += "\ncycle:";
  for (WorkgroupId wg : schedule.cycle) out += " " + std::to_string(wg);
  out += "\n";
  return out;
}

}  // namespace wgsl::sched
