// The spec's "Template List Discovery" algorithm (section "Template Lists").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

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

}  // namespace wgsl
