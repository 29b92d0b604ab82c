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

// Read-only view of a text's code points. An ASCII text is read straight from its UTF-8 bytes
// (one byte per code point), so a SourceFile holds a decoded copy only for non-ASCII text.
class CodePoints {
 public:
  CodePoints() = default;
  explicit CodePoints(const std::string& ascii) : narrow_(ascii.data()), size_(ascii.size()) {}
  explicit CodePoints(const std::u32string& wide) : wide_(wide.data()), size_(wide.size()) {}
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  char32_t operator[](size_t i) const {
    return narrow_ != nullptr ? static_cast<char32_t>(static_cast<unsigned char>(narrow_[i])) : wide_[i];
  }
  // The code points [begin, end) in UTF-8.
  std::string utf8(size_t begin, size_t end) const;
  std::u32string substr(size_t begin, size_t end) const;
  // The first offset of `c` at or after `from`, or npos.
  size_t find(char32_t c, size_t from = 0) const {
    for (size_t i = from; i < size_; ++i)
      if ((*this)[i] == c) return i;
    return std::u32string::npos;
  }
  // A decoded copy of the whole text.
  operator std::u32string() const { return substr(0, size_); }

 private:
  const char* narrow_ = nullptr;
  const char32_t* wide_ = nullptr;
  size_t size_ = 0;
};

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
  CodePoints text() const { return wide_.empty() ? CodePoints(bytes_) : CodePoints(wide_); }

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
  std::u32string wide_;  // the decoded text when it is not all ASCII (else text() reads bytes_)
  std::vector<uint32_t> line_starts_;  // offset of the first code point of each line
  int64_t first_invalid_utf8_ = -1;
};

// True for the spec's blankspace code points (Unicode Pattern_White_Space). Inline: the lexer
// and template list discovery ask for every blank character of a module.
inline bool isBlankspace(char32_t c) {
  if (c < 0x80) return c == 0x20 || (c >= 0x09 && c <= 0x0D);
  return c == 0x85 || c == 0x200E || c == 0x200F || c == 0x2028 || c == 0x2029;
}

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
