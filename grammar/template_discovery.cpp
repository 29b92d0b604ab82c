#include "grammar/template_discovery.h"

#include "grammar/source_text.h"

namespace wgsl {

// A literal transcription of the algorithm; the comments quote its steps.
std::vector<TemplateList> discoverTemplateLists(const std::u32string& text,
                                                const std::vector<TokenSpan>& tokens) {
  struct UnclosedCandidate {
    uint32_t position;
    int depth;
  };
  std::vector<TemplateList> discovered;
  std::vector<UnclosedCandidate> pending;
  const auto n = static_cast<uint32_t>(text.size());
  uint32_t pos = 0;
  int nesting = 0;
  size_t ti = 0;  // first token that does not end at or before pos

  auto tokenAt = [&](uint32_t p) -> const TokenSpan* {
    while (ti < tokens.size() && tokens[ti].end <= p) ++ti;
    if (ti < tokens.size() && tokens[ti].begin == p) return &tokens[ti];
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
