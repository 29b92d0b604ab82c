// Rendering of diagnostics as compiler-style text and as JSON.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "base/diagnostics.h"
#include "base/source_text.h"

namespace wgsl {
namespace {

constexpr size_t kMaxShownLine = 200;  // code points of a source line shown under a diagnostic

const char* colorOf(Severity s) {
  switch (s) {
    case Severity::Error: return "\x1b[1;31m";
    case Severity::Warning: return "\x1b[1;35m";
    case Severity::Info: return "\x1b[1;36m";
    case Severity::Note: return "\x1b[1;30m";
  }
  return "";
}

// Makes a source line safe to print: control characters become spaces so that the caret line
// still lines up, tabs are kept (the caret line copies them).
std::u32string printable(const std::u32string& line) {
  std::u32string out = line;
  for (char32_t& c : out) {
    if (c != U'\t' && (c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0))) c = U' ';
  }
  return out;
}

void renderOne(std::string& out, const SourceFile& file, const Diagnostic& d, bool color) {
  const SourcePos pos = file.position(d.range.begin);
  const char* bold = color ? "\x1b[1m" : "";
  const char* reset = color ? "\x1b[0m" : "";
  out += fmt::format("{}{}:{}:{}: {}{}{}: {}{}{}\n", bold, file.name(), pos.line, pos.column, reset,
                     color ? colorOf(d.severity) : "", severityName(d.severity), reset, bold, d.message);
  if (color) out += reset;

  // The source line and a caret range under the part of it the diagnostic covers.
  std::u32string line = printable(file.lineCodePoints(pos.line));
  if (line.empty() && file.text().empty()) return;
  size_t first = pos.column - 1;
  size_t shown_from = 0;
  if (line.size() > kMaxShownLine) {
    // Long (for example minified or generated) lines: show a window around the location.
    shown_from = first > kMaxShownLine / 2 ? first - kMaxShownLine / 2 : 0;
    line = line.substr(shown_from, kMaxShownLine);
  }
  const SourcePos endpos = file.position(d.range.end > d.range.begin ? d.range.end : d.range.begin + 1);
  size_t last = endpos.line == pos.line ? endpos.column - 1 : line.size() + shown_from;  // exclusive
  if (last <= first) last = first + 1;
  out += "  ";
  out += toUtf8(line);
  out += "\n  ";
  std::string carets;
  for (size_t i = shown_from; i < first && i - shown_from < line.size(); ++i)
    carets += line[i - shown_from] == U'\t' ? '\t' : ' ';
  for (size_t i = first; i < last && i - shown_from <= line.size() + 1; ++i)
    carets += i == first ? '^' : '~';
  if (color) out += "\x1b[1;32m";
  out += carets;
  out += reset;
  out += "\n";
}

nlohmann::ordered_json toJson(const SourceFile& file, const Diagnostic& d) {
  const SourcePos b = file.position(d.range.begin);
  const SourcePos e = file.position(d.range.end > d.range.begin ? d.range.end : d.range.begin);
  nlohmann::ordered_json j = {
      {"severity", severityName(d.severity)},
      {"message", d.message},
      {"file", file.name()},
      {"line", b.line},
      {"column", b.column},
      {"end_line", e.line},
      {"end_column", e.column},
  };
  nlohmann::ordered_json notes = nlohmann::ordered_json::array();
  for (const Diagnostic& n : d.notes) notes.push_back(toJson(file, n));
  j["notes"] = std::move(notes);
  return j;
}

}  // namespace

std::string renderText(const SourceFile& file, const std::vector<Diagnostic>& diags, bool color) {
  std::string out;
  for (const Diagnostic& d : diags) {
    renderOne(out, file, d, color);
    for (const Diagnostic& n : d.notes) renderOne(out, file, n, color);
  }
  return out;
}

std::string renderJson(const SourceFile& file, const std::vector<Diagnostic>& diags) {
  nlohmann::ordered_json arr = nlohmann::ordered_json::array();
  for (const Diagnostic& d : diags) arr.push_back(toJson(file, d));
  // Invalid UTF-8 never reaches here: messages and file text are valid UTF-8 by construction,
  // but replace rather than throw if a file name is not.
  return arr.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace wgsl
