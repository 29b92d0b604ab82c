// Diagnostics: what is wrong, where, and notes that explain it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace wgsl {

class SourceFile;

// Half-open range [begin, end) of code-point offsets into a SourceFile's text.
struct SourceRange {
  uint32_t begin = 0;
  uint32_t end = 0;
};

enum class Severity { Error, Warning, Info, Note };

const char* severityName(Severity s);

struct Diagnostic {
  Severity severity = Severity::Error;
  std::string message;
  SourceRange range;
  std::vector<Diagnostic> notes;  // each a Severity::Note
};

class DiagnosticList {
 public:
  // Stops recording errors after this many (a final error says so), so garbage input cannot
  // flood the terminal or take long.
  static constexpr size_t kMaxErrors = 50;

  Diagnostic& error(SourceRange range, std::string message);
  Diagnostic& warning(SourceRange range, std::string message);
  Diagnostic& add(Diagnostic d);
  // Attaches a note to the most recently added diagnostic.
  void note(SourceRange range, std::string message);

  bool hasErrors() const { return error_count_ > 0; }
  // True if an error starts at this offset.
  bool hasErrorAt(uint32_t offset) const;
  // Orders diagnostics by position (stable), as a reader expects them.
  void sortByLocation();
  size_t errorCount() const { return error_count_; }
  bool full() const { return error_count_ >= kMaxErrors; }
  const std::vector<Diagnostic>& all() const { return items_; }
  bool empty() const { return items_.empty(); }

 private:
  std::vector<Diagnostic> items_;
  Diagnostic overflow_;
  size_t error_count_ = 0;
};

// "file:line:col: error: message", the source line, a caret range; notes follow.
std::string renderText(const SourceFile& file, const std::vector<Diagnostic>& diags, bool color = false);
// A JSON array: [{severity, message, file, line, column, end_line, end_column, notes: [...]}].
std::string renderJson(const SourceFile& file, const std::vector<Diagnostic>& diags);

}  // namespace wgsl
