// WGSL source text: decoding, line/column mapping and comment removal.
//
// Positions throughout wgslemu are code-point offsets into the decoded text. Lines are counted
// with the spec's line breaks (section "Blankspace and Line Breaks"); columns are 1-based code
// point counts.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace wgsl {

class DiagnosticList;

std::string toUtf8(const std::u32string& s);

struct SourcePos {
  uint32_t line = 1;
  uint32_t column = 1;
};

class SourceFile {
 public:
  SourceFile(std::string name, std::string bytes);

  const std::string& name() const { return name_; }
  const std::string& bytes() const { return bytes_; }
  // Decoded code points. Invalid UTF-8 bytes decode to U+FFFD (and are reported by
  // prepareSource); this keeps rendering of diagnostics possible for any input.
  const std::u32string& text() const { return text_; }

  // First invalid UTF-8 sequence, as a code-point offset into text(), or -1 if none.
  int64_t firstInvalidUtf8() const { return first_invalid_utf8_; }

  SourcePos position(uint32_t offset) const;
  uint32_t lineCount() const { return static_cast<uint32_t>(line_starts_.size()); }
  // The text of a 1-based line, without its line break.
  std::u32string lineCodePoints(uint32_t line) const;
  std::string lineText(uint32_t line) const { return toUtf8(lineCodePoints(line)); }
  // Code points [begin, end) as UTF-8.
  std::string slice(uint32_t begin, uint32_t end) const;

 private:
  std::string name_;
  std::string bytes_;
  std::u32string text_;
  std::vector<uint32_t> line_starts_;  // offset of the first code point of each line
  int64_t first_invalid_utf8_ = -1;
};

// True for the spec's blankspace code points (Unicode Pattern_White_Space).
bool isBlankspace(char32_t c);

// Appends the UTF-8 encoding of c to out.
void appendUtf8(std::string& out, char32_t c);
std::string toUtf8(const std::u32string& s);

struct PreparedText {
  bool ok = false;
  // The text with every comment replaced by spaces of equal length (spec "Parsing", step 1),
  // so that offsets into it are offsets into the original text.
  std::u32string text;
};

// Checks the encoding rules of section "Textual Structure" (UTF-8, no byte order mark, no
// null code point), removes comments and reports unterminated block comments.
PreparedText prepareSource(const SourceFile& file, DiagnosticList& diags);

}  // namespace wgsl
