#include "base/source_text.h"

#include <fmt/format.h>

#include <algorithm>

#include "base/diagnostics.h"

namespace wgsl {
namespace {

// Decodes one UTF-8 sequence at bytes[i]. Returns the number of bytes consumed, or 0 when the
// sequence is invalid (overlong, surrogate, out of range, truncated or a stray continuation).
size_t decodeUtf8(const std::string& bytes, size_t i, char32_t& out) {
  const auto b0 = static_cast<unsigned char>(bytes[i]);
  if (b0 < 0x80) {
    out = b0;
    return 1;
  }
  size_t len;
  char32_t cp;
  char32_t min;
  if ((b0 & 0xE0) == 0xC0) {
    len = 2, cp = b0 & 0x1F, min = 0x80;
  } else if ((b0 & 0xF0) == 0xE0) {
    len = 3, cp = b0 & 0x0F, min = 0x800;
  } else if ((b0 & 0xF8) == 0xF0) {
    len = 4, cp = b0 & 0x07, min = 0x10000;
  } else {
    return 0;
  }
  if (i + len > bytes.size()) return 0;
  for (size_t k = 1; k < len; ++k) {
    const auto b = static_cast<unsigned char>(bytes[i + k]);
    if ((b & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (b & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  out = cp;
  return len;
}

template <typename Text>
bool isLineBreakStart(const Text& t, size_t i, size_t& len) {
  switch (t[i]) {
    case 0x0A: case 0x0B: case 0x0C: case 0x85: case 0x2028: case 0x2029:
      len = 1;
      return true;
    case 0x0D:
      len = (i + 1 < t.size() && t[i + 1] == 0x0A) ? 2 : 1;
      return true;
    default:
      return false;
  }
}

}  // namespace


void appendUtf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out.push_back(static_cast<char>(c));
  } else if (c < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (c >> 6)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else if (c < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (c >> 12)));
    out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (c >> 18)));
    out.push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  }
}

std::string toUtf8(const std::u32string& s) {
  std::string out;
  out.reserve(s.size());
  for (char32_t c : s) appendUtf8(out, c);
  return out;
}

std::string CodePoints::utf8(size_t begin, size_t end) const {
  end = std::min(end, size_);
  if (begin >= end) return {};
  if (narrow_ != nullptr) return std::string(narrow_ + begin, end - begin);
  std::string out;
  out.reserve(end - begin);
  for (size_t i = begin; i < end; ++i) appendUtf8(out, wide_[i]);
  return out;
}

std::u32string CodePoints::substr(size_t begin, size_t end) const {
  end = std::min(end, size_);
  if (begin >= end) return {};
  if (narrow_ == nullptr) return std::u32string(wide_ + begin, end - begin);
  std::u32string out(end - begin, U' ');
  for (size_t i = begin; i < end; ++i) out[i - begin] = static_cast<unsigned char>(narrow_[i]);
  return out;
}

SourceFile::SourceFile(std::string name, std::string bytes)
    : name_(std::move(name)), bytes_(std::move(bytes)) {
  const bool ascii = std::all_of(bytes_.begin(), bytes_.end(), [](char c) { return (c & 0x80) == 0; });
  if (!ascii) {
    wide_.reserve(bytes_.size());
    for (size_t i = 0; i < bytes_.size();) {
      char32_t cp = 0;
      size_t n = decodeUtf8(bytes_, i, cp);
      if (n == 0) {
        if (first_invalid_utf8_ < 0) first_invalid_utf8_ = static_cast<int64_t>(wide_.size());
        wide_.push_back(0xFFFD);
        ++i;
      } else {
        wide_.push_back(cp);
        i += n;
      }
    }
    wide_.shrink_to_fit();
  }
  const CodePoints t = text();
  line_starts_.push_back(0);
  for (size_t i = 0; i < t.size();) {
    size_t len = 0;
    if (isLineBreakStart(t, i, len)) {
      i += len;
      line_starts_.push_back(static_cast<uint32_t>(i));
    } else {
      ++i;
    }
  }
}

SourcePos SourceFile::position(uint32_t offset) const {
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  const auto line = static_cast<uint32_t>(it - line_starts_.begin());  // >= 1
  return SourcePos{line, offset - line_starts_[line - 1] + 1};
}

std::u32string SourceFile::lineCodePoints(uint32_t line) const {
  if (line == 0 || line > line_starts_.size()) return {};
  const CodePoints t = text();
  uint32_t begin = line_starts_[line - 1];
  uint32_t end = line < line_starts_.size() ? line_starts_[line] : static_cast<uint32_t>(t.size());
  while (end > begin && (t[end - 1] == 0x0A || t[end - 1] == 0x0D || t[end - 1] == 0x0B || t[end - 1] == 0x0C ||
                         t[end - 1] == 0x85 || t[end - 1] == 0x2028 || t[end - 1] == 0x2029)) {
    --end;
  }
  return t.substr(begin, end);
}

std::string SourceFile::slice(uint32_t begin, uint32_t end) const { return text().utf8(begin, end); }

PreparedText prepareSource(const SourceFile& file, DiagnosticList& diags) {
  PreparedText out;
  const CodePoints t = file.text();
  if (file.firstInvalidUtf8() >= 0) {
    auto at = static_cast<uint32_t>(file.firstInvalidUtf8());
    diags.error({at, at + 1},
                "invalid UTF-8: a WGSL module must be Unicode text in the UTF-8 encoding "
                "(is this a binary file?)");
    return out;
  }
  if (!t.empty() && t[0] == 0xFEFF) {
    diags.error({0, 1}, "byte order mark (U+FEFF) at the start of the file: a WGSL module is UTF-8 "
                        "text without a byte order mark");
    return out;
  }
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] == 0) {
      auto at = static_cast<uint32_t>(i);
      diags.error({at, at + 1}, "null character (U+0000) in source text: WGSL source must not "
                                "contain a null code point");
      return out;
    }
  }

  out.text = t.substr(0, t.size());
  std::u32string& s = out.text;
  const size_t n = s.size();
  for (size_t i = 0; i < n;) {
    if (s[i] == U'/' && i + 1 < n && s[i + 1] == U'/') {
      // Line-ending comment: up to (not including) the next line break.
      size_t len = 0;
      while (i < n && !isLineBreakStart(s, i, len)) s[i++] = U' ';
    } else if (s[i] == U'/' && i + 1 < n && s[i + 1] == U'*') {
      // Block comment; nests. Iterative so that deep nesting cannot exhaust the stack.
      const size_t start = i;
      size_t depth = 0;
      while (i < n) {
        if (s[i] == U'/' && i + 1 < n && s[i + 1] == U'*') {
          ++depth;
          s[i] = s[i + 1] = U' ';
          i += 2;
        } else if (s[i] == U'*' && i + 1 < n && s[i + 1] == U'/') {
          --depth;
          s[i] = s[i + 1] = U' ';
          i += 2;
          if (depth == 0) break;
        } else {
          if (!isBlankspace(s[i])) s[i] = U' ';
          ++i;
        }
      }
      if (depth != 0) {
        auto b = static_cast<uint32_t>(start);
        diags.error({b, b + 2}, depth == 1
                                    ? std::string("unterminated block comment: '/*' has no matching '*/'")
                                    : fmt::format("unterminated block comment: {} nested comments are "
                                                  "still open at the end of the file", depth));
        return out;
      }
    } else {
      ++i;
    }
  }
  out.ok = true;
  return out;
}

}  // namespace wgsl
