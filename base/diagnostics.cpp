#include "base/diagnostics.h"

#include <fmt/format.h>

#include <algorithm>

namespace wgsl {

const char* severityName(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Info: return "info";
    case Severity::Note: return "note";
  }
  return "error";
}

Diagnostic& DiagnosticList::add(Diagnostic d) {
  if (d.severity == Severity::Error) {
    if (error_count_ >= kMaxErrors) {
      if (error_count_ == kMaxErrors) {
        ++error_count_;
        Diagnostic stop;
        stop.range = d.range;
        stop.message = fmt::format("too many errors; stopping after {}", kMaxErrors);
        items_.push_back(std::move(stop));
      }
      overflow_ = std::move(d);
      return overflow_;
    }
    ++error_count_;
  }
  items_.push_back(std::move(d));
  return items_.back();
}

Diagnostic& DiagnosticList::error(SourceRange range, std::string message) {
  Diagnostic d;
  d.severity = Severity::Error;
  d.range = range;
  d.message = std::move(message);
  return add(std::move(d));
}

Diagnostic& DiagnosticList::warning(SourceRange range, std::string message) {
  Diagnostic d;
  d.severity = Severity::Warning;
  d.range = range;
  d.message = std::move(message);
  return add(std::move(d));
}

bool DiagnosticList::hasErrorAt(uint32_t offset) const {
  for (const Diagnostic& d : items_)
    if (d.severity == Severity::Error && d.range.begin == offset) return true;
  return false;
}

void DiagnosticList::sortByLocation() {
  std::stable_sort(items_.begin(), items_.end(),
                   [](const Diagnostic& a, const Diagnostic& b) { return a.range.begin < b.range.begin; });
}

void DiagnosticList::note(SourceRange range, std::string message) {
  if (items_.empty()) return;
  Diagnostic n;
  n.severity = Severity::Note;
  n.range = range;
  n.message = std::move(message);
  items_.back().notes.push_back(std::move(n));
}

}  // namespace wgsl
