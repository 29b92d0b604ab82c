#include "grammar/lexical_checks.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <iterator>

#include "WGSLLexer.h"
#include "base/diagnostics.h"
#include "grammar/token_pipeline.h"

namespace wgsl {
namespace {

using wgsl_antlr::WGSLLexer;

// Section "Reserved Words" of the spec (wgsl.reserved.bs.include of the spec source, which the
// copy in shared/spec includes by reference), sorted: isReservedWord searches the run of words
// with the same first character.
constexpr std::string_view kReserved[] = {
    "NULL", "Self", "abstract", "active", "alignas", "alignof", "as", "asm", "asm_fragment",
    "async", "attribute", "auto", "await", "become", "cast", "catch", "class", "co_await",
    "co_return", "co_yield", "coherent", "column_major", "common", "compile", "compile_fragment",
    "concept", "const_cast", "consteval", "constexpr", "constinit", "crate", "debugger", "decltype",
    "delete", "demote", "demote_to_helper", "do", "dynamic_cast", "enum", "explicit", "export",
    "extends", "extern", "external", "fallthrough", "filter", "final", "finally", "friend", "from",
    "fxgroup", "get", "goto", "groupshared", "highp", "impl", "implements", "import", "inline",
    "instanceof", "interface", "layout", "lowp", "macro", "macro_rules", "match", "mediump", "meta",
    "mod", "module", "move", "mut", "mutable", "namespace", "new", "nil", "noexcept", "noinline",
    "nointerpolation", "non_coherent", "noncoherent", "noperspective", "null", "nullptr", "of",
    "operator", "package", "packoffset", "partition", "pass", "patch", "pixelfragment", "precise",
    "precision", "premerge", "priv", "protected", "pub", "public", "readonly", "ref", "regardless",
    "register", "reinterpret_cast", "require", "resource", "restrict", "self", "set", "shared",
    "sizeof", "smooth", "snorm", "static", "static_assert", "static_cast", "std", "subroutine",
    "super", "target", "template", "this", "thread_local", "throw", "trait", "try", "type",
    "typedef", "typeid", "typename", "typeof", "union", "unless", "unorm", "unsafe", "unsized",
    "use", "using", "varying", "virtual", "volatile", "wgsl", "where", "with", "writeonly", "yield",
};

std::string describeChar(char32_t c) {
  std::string shown;
  if (c >= 0x21 && c < 0x7F) {
    shown = fmt::format("'{}' ", static_cast<char>(c));
  }
  return fmt::format("{}(U+{:04X})", shown, static_cast<uint32_t>(c));
}

constexpr size_t kLongestReserved = 16;  // "compile_fragment", "demote_to_helper", "reinterpret_cast"

// The reserved words by first character: kReserved[first[c], first[c + 1]) start with c.
struct ReservedIndex {
  uint8_t first[257] = {};
  ReservedIndex() {
    size_t at = 0;
    for (size_t c = 0; c < 256; ++c) {
      first[c] = static_cast<uint8_t>(at);
      while (at < std::size(kReserved) && static_cast<unsigned char>(kReserved[at][0]) == c) ++at;
    }
    first[256] = static_cast<uint8_t>(at);
  }
};

}  // namespace

bool isReservedWord(std::string_view word) {
  static_assert(std::size(kReserved) < 256, "ReservedIndex holds indices in a byte");
  static const ReservedIndex index;
  if (word.empty() || word.size() > kLongestReserved) return false;
  const auto c = static_cast<unsigned char>(word[0]);
  for (size_t i = index.first[c]; i < index.first[c + 1]; ++i)
    if (kReserved[i] == word) return true;
  return false;
}

void checkLexicalTokens(const std::u32string& text, std::vector<TokenRecord>& tokens, DiagnosticList& diags) {
  // Tokens are kept or dropped in place: `kept` never overtakes `i`.
  size_t kept = 0;
  for (size_t i = 0; i < tokens.size(); ++i) {
    TokenRecord* t = &tokens[i];
    const uint32_t begin = t->begin;
    const uint32_t end = t->end();
    switch (t->type) {
      case WGSLLexer::UNKNOWN_CHAR: {
        // One error for a run of adjacent unknown characters.
        size_t j = i;
        while (j + 1 < tokens.size() && tokens[j + 1].type == WGSLLexer::UNKNOWN_CHAR &&
               tokens[j + 1].begin == tokens[j].end()) {
          ++j;
        }
        const char32_t c = begin < text.size() ? text[begin] : 0;
        std::string why;
        if (c == '"' || c == '\'') {
          why = ": WGSL has no string or character literals";
        } else if (c == '#') {
          why = ": WGSL has no preprocessor";
        } else if (c == '?') {
          why = ": WGSL has no '?:' operator; use select(false_value, true_value, condition)";
        }
        const uint32_t last = tokens[j].end();
        if (j > i) {
          diags.error({begin, last}, fmt::format("unexpected characters starting with {}: not part of "
                                                 "any WGSL token{}", describeChar(c), why));
        } else {
          diags.error({begin, end}, fmt::format("unexpected character {}: not part of any WGSL token{}",
                                                describeChar(c), why));
        }
        i = j;
        continue;  // dropped from the stream
      }
      case WGSLLexer::INVALID_NUMBER: {
        const std::string spelling = tokenText(text, *t);
        std::string why;
        if (spelling.size() > 1 && spelling[0] == '0' && std::isdigit(static_cast<unsigned char>(spelling[1])) &&
            spelling.find_first_not_of("0123456789iu") == std::string::npos) {
          why = ": a non-zero integer literal must not start with '0' (WGSL has no octal literals)";
        } else if (spelling.size() >= 2 && spelling[0] == '0' && (spelling[1] == 'x' || spelling[1] == 'X')) {
          why = ": expected hexadecimal digits, then an optional '.' fraction, 'p' exponent "
                "and 'i', 'u', 'f' or 'h' suffix";
        } else {
          why = ": expected digits with an optional '.' fraction, 'e' exponent and 'i', 'u', 'f' "
                "or 'h' suffix";
        }
        diags.error({begin, end}, fmt::format("invalid numeric literal '{}'{}", spelling, why));
        // Parse on as if it were a literal, so one typo gives one error.
        t->type = WGSLLexer::INT_LITERAL;
        tokens[kept++] = *t;
        continue;
      }
      case WGSLLexer::IDENT: {
        // Reserved words are ASCII and at most kLongestReserved long: the spelling is only
        // copied (to the stack) for such identifiers, and made a string for an error.
        if (t->length <= kLongestReserved) {
          char word[kLongestReserved];
          bool ascii = true;
          for (uint32_t k = 0; k < t->length; ++k) {
            const char32_t c = text[begin + k];
            ascii = ascii && c < 0x80;
            word[k] = static_cast<char>(c);
          }
          if (ascii && isReservedWord(std::string_view(word, t->length))) {
            diags.error({begin, end}, fmt::format("'{}' is a reserved word and cannot be used as an identifier",
                                                  tokenText(text, *t)));
            break;
          }
        }
        if (t->length >= 2 && text[begin] == U'_' && text[begin + 1] == U'_') {
          diags.error({begin, end},
                      fmt::format("identifier '{}' must not start with two underscores", tokenText(text, *t)));
        }
        break;
      }
      default:
        break;
    }
    tokens[kept++] = *t;
  }
  tokens.resize(kept);
}

}  // namespace wgsl
