// The spec's "Template List Discovery" algorithm (section "Template Lists").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/source_text.h"

namespace wgsl {

// What the algorithm needs to know about a token: where it is and whether it is an
// ident_pattern_token (identifiers, keywords and reserved words all match that pattern) or a
// literal (skipped as a whole). Everything else is examined code point by code point.
enum class TokenClass { IdentPattern, Literal, Other };

struct TokenSpan {
  uint32_t begin = 0;  // code-point offsets, [begin, end)
  uint32_t end = 0;
  TokenClass cls = TokenClass::Other;
};

struct TemplateList {
  uint32_t start = 0;  // offset of the '<'
  uint32_t end = 0;    // offset of the '>'
};

// Runs the algorithm on comment-free text (comments already replaced by blankspace).
// `tokens` must be sorted by position. The result is in order of discovery.
std::vector<TemplateList> discoverTemplateLists(const std::u32string& text,
                                                const std::vector<TokenSpan>& tokens);

// The same, with the tokens given by `spanAt(i)` for i < token_count (one linear pass over the
// text and the tokens; no copy of the token list).
template <typename SpanAt>
std::vector<TemplateList> discoverTemplateLists(const std::u32string& text, size_t token_count,
                                                SpanAt spanAt);

// A literal transcription of the algorithm; the comments quote its steps.
template <typename SpanAt>
std::vector<TemplateList> discoverTemplateLists(const std::u32string& text, size_t token_count,
                                                SpanAt spanAt) {
  struct UnclosedCandidate {
    uint32_t position;
    int depth;
  };
  std::vector<TemplateList> discovered;
  std::vector<UnclosedCandidate> pending;
  const auto n = static_cast<uint32_t>(text.size());
  const size_t count = token_count;
  uint32_t pos = 0;
  int nesting = 0;
  size_t ti = 0;  // first token that does not end at or before pos

  TokenSpan current;
  auto tokenAt = [&](uint32_t p) -> const TokenSpan* {
    while (ti < count && spanAt(ti).end <= p) ++ti;
    if (ti < count && (current = spanAt(ti)).begin == p) return &current;
    return nullptr;
  };
  auto skipBlank = [&]() {
    while (pos < n && isBlankspace(text[pos])) ++pos;
  };
  auto popToDepth = [&]() {  // pop until empty or top.depth < nesting
    while (!pending.empty() && pending.back().depth >= nesting) pending.pop_back();
  };

  while (true) {
    // "Advance CurrentPosition past blankspace, comments, and literals."
    while (true) {
      skipBlank();
      if (pos >= n) return discovered;
      const TokenSpan* t = tokenAt(pos);
      if (t && t->cls == TokenClass::Literal) {
        pos = t->end;
        continue;
      }
      break;
    }
    const TokenSpan* t = tokenAt(pos);
    // "If ident_pattern_token matches the text at CurrentPosition":
    if (t && t->cls == TokenClass::IdentPattern) {
      pos = t->end;
      skipBlank();
      if (pos < n && text[pos] == U'<') {
        pending.push_back({pos, nesting});
        ++pos;
        if (pos < n && text[pos] == U'<') {  // '<<' operator
          pending.pop_back();
          ++pos;
          continue;
        }
        if (pos < n && text[pos] == U'=') {  // '<=' operator
          pending.pop_back();
          ++pos;
          continue;
        }
      }
      continue;
    }
    const char32_t c = text[pos];
    if (c == U'>') {
      if (!pending.empty() && pending.back().depth == nesting) {
        discovered.push_back({pending.back().position, pos});
        pending.pop_back();
        ++pos;
        continue;
      }
      ++pos;
      if (pos < n && text[pos] == U'=') ++pos;  // '>=' comparison
      continue;
    }
    if (c == U'(' || c == U'[') {
      ++nesting;
      ++pos;
      continue;
    }
    if (c == U')' || c == U']') {
      popToDepth();
      nesting = nesting > 0 ? nesting - 1 : 0;
      ++pos;
      continue;
    }
    if (c == U'!') {
      ++pos;
      if (pos < n && text[pos] == U'=') ++pos;  // '!='
      continue;
    }
    if (c == U'=') {
      ++pos;
      if (pos < n && text[pos] == U'=') {  // '=='
        ++pos;
        continue;
      }
      // An assignment: cannot be inside a template list.
      nesting = 0;
      pending.clear();
      continue;
    }
    if (c == U';' || c == U'{' || c == U':') {
      nesting = 0;
      pending.clear();
      ++pos;
      continue;
    }
    if ((c == U'&' || c == U'|') && pos + 1 < n && text[pos + 1] == c) {  // '&&' or '||'
      popToDepth();
      pos += 2;
      continue;
    }
    ++pos;
  }
}

}  // namespace wgsl
