#include "grammar/token_pipeline.h"

#include <fmt/format.h>

#include <algorithm>

#include "WGSLLexer.h"
#include "grammar/ascii_scanner.h"
#include "base/diagnostics.h"
#include "grammar/lexical_checks.h"
#include "base/source_text.h"
#include "grammar/template_discovery.h"

namespace wgsl {
namespace {

using wgsl_antlr::WGSLLexer;

TokenClass classify(size_t type) {
  switch (type) {
    case WGSLLexer::INT_LITERAL:
    case WGSLLexer::DECIMAL_FLOAT_LITERAL:
    case WGSLLexer::HEX_FLOAT_LITERAL:
    case WGSLLexer::INVALID_NUMBER:
      return TokenClass::Literal;
    case WGSLLexer::IDENT:
    case WGSLLexer::ALIAS: case WGSLLexer::BREAK: case WGSLLexer::CASE: case WGSLLexer::CONST:
    case WGSLLexer::CONST_ASSERT: case WGSLLexer::CONTINUE: case WGSLLexer::CONTINUING:
    case WGSLLexer::DEFAULT: case WGSLLexer::DIAGNOSTIC: case WGSLLexer::DISCARD:
    case WGSLLexer::ELSE: case WGSLLexer::ENABLE: case WGSLLexer::FALSE: case WGSLLexer::FN:
    case WGSLLexer::FOR: case WGSLLexer::IF: case WGSLLexer::LET: case WGSLLexer::LOOP:
    case WGSLLexer::OVERRIDE: case WGSLLexer::REQUIRES: case WGSLLexer::RETURN:
    case WGSLLexer::STRUCT: case WGSLLexer::SWITCH: case WGSLLexer::TRUE: case WGSLLexer::VAR:
    case WGSLLexer::WHILE:
      // Keywords and reserved words match ident_pattern_token too.
      return TokenClass::IdentPattern;
    default:
      return TokenClass::Other;
  }
}

bool isAngleToken(size_t type) {
  switch (type) {
    case WGSLLexer::LESS_THAN: case WGSLLexer::LESS_THAN_EQUAL: case WGSLLexer::SHIFT_LEFT:
    case WGSLLexer::SHIFT_LEFT_ASSIGN: case WGSLLexer::GREATER_THAN:
    case WGSLLexer::GREATER_THAN_EQUAL: case WGSLLexer::SHIFT_RIGHT:
    case WGSLLexer::SHIFT_RIGHT_ASSIGN:
      return true;
    default:
      return false;
  }
}

// Tokens that can begin an expression.
bool startsExpression(size_t type) {
  switch (type) {
    case WGSLLexer::IDENT: case WGSLLexer::INT_LITERAL: case WGSLLexer::DECIMAL_FLOAT_LITERAL:
    case WGSLLexer::HEX_FLOAT_LITERAL: case WGSLLexer::TRUE: case WGSLLexer::FALSE:
    case WGSLLexer::PAREN_LEFT: case WGSLLexer::MINUS: case WGSLLexer::MINUS_MINUS:
    case WGSLLexer::BANG: case WGSLLexer::TILDE: case WGSLLexer::STAR: case WGSLLexer::AND:
    case WGSLLexer::AND_AND:
      return true;
    default:
      return false;
  }
}

// Tokens that can end an operand.
bool endsOperand(size_t type) {
  switch (type) {
    case WGSLLexer::IDENT: case WGSLLexer::INT_LITERAL: case WGSLLexer::DECIMAL_FLOAT_LITERAL:
    case WGSLLexer::HEX_FLOAT_LITERAL: case WGSLLexer::TRUE: case WGSLLexer::FALSE:
    case WGSLLexer::PAREN_RIGHT: case WGSLLexer::BRACKET_RIGHT: case WGSLLexer::TEMPLATE_ARGS_END:
      return true;
    default:
      return false;
  }
}

TokenRecord makeToken(size_t type, size_t start, size_t stop) {
  return TokenRecord{static_cast<uint32_t>(start), static_cast<uint32_t>(stop + 1), static_cast<uint32_t>(type)};
}

// Longest operator spelled by a prefix of s (s consists of '<', '>' and '=').
size_t angleOperator(std::u32string_view s, size_t& len) {
  static const struct { const char32_t* text; size_t type; } kOps[] = {
      {U"<<=", WGSLLexer::SHIFT_LEFT_ASSIGN}, {U">>=", WGSLLexer::SHIFT_RIGHT_ASSIGN},
      {U"<<", WGSLLexer::SHIFT_LEFT},         {U">>", WGSLLexer::SHIFT_RIGHT},
      {U"<=", WGSLLexer::LESS_THAN_EQUAL},    {U">=", WGSLLexer::GREATER_THAN_EQUAL},
      {U"==", WGSLLexer::EQUAL_EQUAL},        {U"<", WGSLLexer::LESS_THAN},
      {U">", WGSLLexer::GREATER_THAN},        {U"=", WGSLLexer::EQUAL}};
  for (const auto& op : kOps) {
    std::u32string_view v(op.text);
    if (s.size() >= v.size() && s.substr(0, v.size()) == v) {
      len = v.size();
      return op.type;
    }
  }
  len = 1;
  return WGSLLexer::UNKNOWN_CHAR;
}

bool isAngleOrEqualToken(size_t type) {
  return isAngleToken(type) || type == WGSLLexer::EQUAL || type == WGSLLexer::EQUAL_EQUAL;
}

// "the initial '<' of a template list is mapped to a _template_args_start token, and the
// terminating '>' to a _template_args_end token". A delimiter can sit inside a token the lexer
// formed by longest match ('>>', '>=', '>>='), so each run of adjacent '<', '>' and '='
// characters that holds a delimiter is tokenized again: delimiters first, then the longest
// operator up to the next delimiter, as the spec's tokenizer would.
void applyTemplateLists(const std::u32string& text, std::vector<TokenRecord>& tokens,
                        const std::vector<TemplateList>& lists) {
  if (lists.empty()) return;
  std::vector<uint32_t> delims;
  std::vector<uint32_t> starts;
  for (const auto& l : lists) {
    delims.push_back(l.start);
    delims.push_back(l.end);
    starts.push_back(l.start);
  }
  std::sort(delims.begin(), delims.end());
  std::sort(starts.begin(), starts.end());
  auto isDelim = [&](uint32_t p) { return std::binary_search(delims.begin(), delims.end(), p); };
  auto anyIn = [&](uint32_t b, uint32_t e) {
    auto it = std::lower_bound(delims.begin(), delims.end(), b);
    return it != delims.end() && *it < e;
  };

  std::vector<TokenRecord> out;
  out.reserve(tokens.size() + delims.size());
  for (size_t i = 0; i < tokens.size();) {
    if (!isAngleOrEqualToken(tokens[i].type)) {
      out.push_back(std::move(tokens[i++]));
      continue;
    }
    // The run of adjacent '<' '>' '=' tokens starting here.
    size_t j = i + 1;
    while (j < tokens.size() && isAngleOrEqualToken(tokens[j].type) && tokens[j].begin == tokens[j - 1].end()) {
      ++j;
    }
    const uint32_t b = tokens[i].begin;
    const uint32_t e = tokens[j - 1].end();
    if (!anyIn(b, e)) {
      for (; i < j; ++i) out.push_back(std::move(tokens[i]));
      continue;
    }
    for (uint32_t p = b; p < e;) {
      if (isDelim(p)) {
        const bool start = std::binary_search(starts.begin(), starts.end(), p);
        out.push_back(makeToken(start ? WGSLLexer::TEMPLATE_ARGS_START : WGSLLexer::TEMPLATE_ARGS_END, p, p));
        ++p;
        continue;
      }
      uint32_t limit = p + 1;
      while (limit < e && !isDelim(limit)) ++limit;
      size_t len = 0;
      const size_t type = angleOperator(std::u32string_view(text).substr(p, limit - p), len);
      out.push_back(makeToken(type, p, p + len - 1));
      p += static_cast<uint32_t>(len);
    }
    i = j;
  }
  tokens = std::move(out);
}

// Context-aware tokenization ("the longest token candidate that is also a valid lookahead token
// for the current parser state"): '--' before an operand can only be two negations (`a--b` is
// `a - -b`), and '&&' where an operand must start can only be two address-of operators.
void splitContextDependentTokens(std::vector<TokenRecord>& tokens) {
  auto splits = [&](size_t i, const TokenRecord* before) -> size_t {
    const uint32_t type = tokens[i].type;
    if (type == WGSLLexer::MINUS_MINUS && i + 1 < tokens.size() && startsExpression(tokens[i + 1].type))
      return WGSLLexer::MINUS;
    if (type == WGSLLexer::AND_AND && (before == nullptr || !endsOperand(before->type))) return WGSLLexer::AND;
    return 0;
  };
  // Most modules have nothing to split: then the list is left as it is, not copied.
  bool any = false;
  for (size_t i = 0; i < tokens.size() && !any; ++i) any = splits(i, i > 0 ? &tokens[i - 1] : nullptr) != 0;
  if (!any) return;
  std::vector<TokenRecord> out;
  out.reserve(tokens.size() + 16);
  for (size_t i = 0; i < tokens.size(); ++i) {
    const size_t half = splits(i, out.empty() ? nullptr : &out.back());
    if (half == 0) {
      out.push_back(tokens[i]);
      continue;
    }
    const uint32_t b = tokens[i].begin;
    out.push_back(makeToken(half, b, b));
    out.push_back(makeToken(half, b + 1, b + 1));
  }
  tokens = std::move(out);
}

bool checkNesting(const std::vector<TokenRecord>& tokens, DiagnosticList& diags) {
  int depth = 0;
  int prefix_run = 0;
  for (const auto& t : tokens) {
    const size_t type = t.getType();
    const SourceRange r{t.begin, t.end()};
    switch (type) {
      case WGSLLexer::PAREN_LEFT: case WGSLLexer::BRACKET_LEFT: case WGSLLexer::BRACE_LEFT:
      case WGSLLexer::TEMPLATE_ARGS_START:
        if (++depth > kMaxNestingDepth) {
          diags.error(r, fmt::format("nesting is too deep: more than {} levels of parentheses, "
                                     "brackets, braces and template lists",
                                     kMaxNestingDepth));
          return false;
        }
        break;
      case WGSLLexer::PAREN_RIGHT: case WGSLLexer::BRACKET_RIGHT: case WGSLLexer::BRACE_RIGHT:
      case WGSLLexer::TEMPLATE_ARGS_END:
        if (depth > 0) --depth;
        break;
      default:
        break;
    }
    switch (type) {
      case WGSLLexer::MINUS: case WGSLLexer::BANG: case WGSLLexer::TILDE: case WGSLLexer::STAR:
      case WGSLLexer::AND:
        if (++prefix_run > kMaxNestingDepth) {
          diags.error(r, fmt::format("more than {} consecutive operators", kMaxNestingDepth));
          return false;
        }
        break;
      default:
        prefix_run = 0;
    }
  }
  return true;
}

}  // namespace

std::string tokenTypeName(size_t type) {
  if (type == antlr4::Token::EOF) return "EOF";
  static antlr4::ANTLRInputStream empty("");
  static WGSLLexer lexer(&empty);
  return lexer.getVocabulary().getSymbolicName(type);
}

namespace {

// ANTLR's input stream, holding the prepared text without a copy (the runtime's own
// constructors only take UTF-8 and decode it again).
class BorrowedTextStream : public antlr4::ANTLRInputStream {
 public:
  explicit BorrowedTextStream(std::u32string& text) : text_(text) { _data = std::move(text); }
  ~BorrowedTextStream() override { text_ = std::move(_data); }

 private:
  std::u32string& text_;
};

// The lexer's matching loop without Lexer::nextToken, which allocates a token object (and a
// text string) per token: the ATN simulator is driven directly and each match is recorded as
// offsets and type. The grammar has no actions, modes or predicates that nextToken would run.
void lexWithAntlr(std::u32string& text, std::vector<TokenRecord>& tokens) {
  BorrowedTextStream input(text);
  WGSLLexer lexer(&input);
  lexer.removeErrorListeners();  // UNKNOWN_CHAR matches anything: the lexer cannot fail
  auto* sim = lexer.getInterpreter<antlr4::atn::LexerATNSimulator>();
  while (input.LA(1) != antlr4::IntStream::EOF) {
    const size_t begin = input.index();
    const size_t type = sim->match(&input, antlr4::Lexer::DEFAULT_MODE);
    if (type == WGSLLexer::BLANKSPACE) continue;
    const size_t end = std::min(input.index(), begin + kMaxTokenLength);
    tokens.push_back(TokenRecord{static_cast<uint32_t>(begin), static_cast<uint32_t>(end), static_cast<uint32_t>(type)});
  }
}

}  // namespace

void lexTokens(std::u32string& text, std::vector<TokenRecord>& tokens, Lexer which) {
  // A token is at least one code point: this bound is exact for token-dense input, and the
  // unused part of the reservation is never touched (no resident memory).
  size_t bound = 1;
  for (char32_t c : text) bound += isBlankspace(c) ? 0 : 1;
  tokens.reserve(bound);
  if (which == Lexer::Fastest && scanAscii(text, tokens)) return;
  lexWithAntlr(text, tokens);
}

static_assert(TokenRecord::kAntlrEof == antlr4::Token::EOF, "TokenRecord::getType's end-of-file type");

std::string tokenText(const std::u32string& prepared_text, const TokenRecord& t) {
  if (t.type == TokenRecord::kEof) return "<EOF>";
  std::string out;
  out.reserve(t.length);
  for (uint32_t k = t.begin; k < t.end(); ++k) appendUtf8(out, prepared_text[k]);
  return out;
}

TokenStream buildTokenStream(std::u32string& prepared_text, DiagnosticList& diags) {
  TokenStream out;
  std::vector<TokenRecord>& tokens = out.tokens;
  lexTokens(prepared_text, tokens, Lexer::Fastest);
  // Implementation limits, checked before anything is built from the tokens.
  if (tokens.size() > kMaxTokens) {
    const uint32_t at = tokens[kMaxTokens].begin;
    diags.error({at, at + tokens[kMaxTokens].length},
                fmt::format("the module has more than {} tokens ({}); wgslemu reads at most {} (an implementation "
                            "limit that bounds its memory: split the module)",
                            kMaxTokens, tokens.size(), kMaxTokens));
    tokens = {};
    return out;
  }
  for (const TokenRecord& t : tokens) {
    if (t.length == kMaxTokenLength) {
      diags.error({t.begin, t.end()}, fmt::format("token too long: {} characters or more; wgslemu reads tokens of at "
                                                  "most {} characters (an implementation limit)",
                                                  kMaxTokenLength, kMaxTokenLength - 1));
      tokens = {};
      return out;
    }
  }
  checkLexicalTokens(prepared_text, tokens, diags);
  applyTemplateLists(prepared_text, tokens,
                     discoverTemplateLists(prepared_text, tokens.size(), [&](size_t i) {
                       const TokenRecord& t = tokens[i];
                       return TokenSpan{t.begin, t.end(), classify(t.type)};
                     }));
  splitContextDependentTokens(tokens);
  const auto n = static_cast<uint32_t>(prepared_text.size());
  tokens.push_back(TokenRecord{n, n, TokenRecord::kEof});
  out.parseable = checkNesting(tokens, diags);
  return out;
}

}  // namespace wgsl
