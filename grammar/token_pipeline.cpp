#include "grammar/token_pipeline.h"

#include <fmt/format.h>

#include <algorithm>

#include "WGSLLexer.h"
#include "grammar/diagnostics.h"
#include "grammar/lexical_checks.h"
#include "grammar/source_text.h"
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

std::unique_ptr<antlr4::Token> makeToken(const antlr4::Token& like, size_t type, size_t start,
                                         size_t stop, std::string text) {
  auto t = std::make_unique<antlr4::CommonToken>(type, std::move(text));
  t->setStartIndex(start);
  t->setStopIndex(stop);
  t->setLine(like.getLine());
  t->setCharPositionInLine(like.getCharPositionInLine() + (start - like.getStartIndex()));
  t->setTokenIndex(like.getTokenIndex());
  return t;
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
void applyTemplateLists(const std::u32string& text, std::vector<std::unique_ptr<antlr4::Token>>& tokens,
                        const std::vector<TemplateList>& lists) {
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

  std::vector<std::unique_ptr<antlr4::Token>> out;
  out.reserve(tokens.size() + delims.size());
  for (size_t i = 0; i < tokens.size();) {
    if (!isAngleOrEqualToken(tokens[i]->getType())) {
      out.push_back(std::move(tokens[i++]));
      continue;
    }
    // The run of adjacent '<' '>' '=' tokens starting here.
    size_t j = i + 1;
    while (j < tokens.size() && isAngleOrEqualToken(tokens[j]->getType()) &&
           tokens[j]->getStartIndex() == tokens[j - 1]->getStopIndex() + 1) {
      ++j;
    }
    const auto b = static_cast<uint32_t>(tokens[i]->getStartIndex());
    const auto e = static_cast<uint32_t>(tokens[j - 1]->getStopIndex() + 1);
    if (!anyIn(b, e)) {
      for (; i < j; ++i) out.push_back(std::move(tokens[i]));
      continue;
    }
    const antlr4::Token& like = *tokens[i];
    for (uint32_t p = b; p < e;) {
      if (isDelim(p)) {
        const bool start = std::binary_search(starts.begin(), starts.end(), p);
        out.push_back(makeToken(like, start ? WGSLLexer::TEMPLATE_ARGS_START : WGSLLexer::TEMPLATE_ARGS_END, p, p,
                                start ? "<" : ">"));
        ++p;
        continue;
      }
      uint32_t limit = p + 1;
      while (limit < e && !isDelim(limit)) ++limit;
      size_t len = 0;
      const size_t type = angleOperator(std::u32string_view(text).substr(p, limit - p), len);
      out.push_back(makeToken(like, type, p, p + len - 1, toUtf8(text.substr(p, len))));
      p += static_cast<uint32_t>(len);
    }
    i = j;
  }
  tokens = std::move(out);
}

// Context-aware tokenization ("the longest token candidate that is also a valid lookahead token
// for the current parser state"): '--' before an operand can only be two negations (`a--b` is
// `a - -b`), and '&&' where an operand must start can only be two address-of operators.
void splitContextDependentTokens(std::vector<std::unique_ptr<antlr4::Token>>& tokens) {
  std::vector<std::unique_ptr<antlr4::Token>> out;
  out.reserve(tokens.size());
  for (size_t i = 0; i < tokens.size(); ++i) {
    auto& tok = tokens[i];
    const size_t type = tok->getType();
    bool split = false;
    size_t half = 0;
    if (type == WGSLLexer::MINUS_MINUS && i + 1 < tokens.size() && startsExpression(tokens[i + 1]->getType())) {
      split = true;
      half = WGSLLexer::MINUS;
    } else if (type == WGSLLexer::AND_AND && (out.empty() || !endsOperand(out.back()->getType()))) {
      split = true;
      half = WGSLLexer::AND;
    }
    if (!split) {
      out.push_back(std::move(tok));
      continue;
    }
    const size_t b = tok->getStartIndex();
    const std::string one = tok->getText().substr(0, 1);
    out.push_back(makeToken(*tok, half, b, b, one));
    out.push_back(makeToken(*tok, half, b + 1, b + 1, one));
  }
  tokens = std::move(out);
}

bool checkNesting(const std::vector<std::unique_ptr<antlr4::Token>>& tokens, DiagnosticList& diags) {
  int depth = 0;
  int prefix_run = 0;
  for (const auto& t : tokens) {
    const size_t type = t->getType();
    const auto b = static_cast<uint32_t>(t->getStartIndex());
    const SourceRange r{b, static_cast<uint32_t>(t->getStopIndex() + 1)};
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

TokenStream buildTokenStream(const std::u32string& prepared_text, DiagnosticList& diags) {
  TokenStream out;
  antlr4::ANTLRInputStream input(toUtf8(prepared_text));
  WGSLLexer lexer(&input);
  lexer.removeErrorListeners();  // UNKNOWN_CHAR matches anything: the lexer cannot fail
  std::vector<std::unique_ptr<antlr4::Token>> tokens = lexer.getAllTokens();
  // The lexer's tokens point back at the lexer and its input; replace them by free-standing
  // tokens that carry their own text, so they outlive both.
  // (The text is taken from prepared_text directly: the runtime's getText converts through
  // std::wstring_convert, which dominated lexing time on large inputs.)
  size_t kept = 0;
  for (auto& t : tokens) {
    if (t->getType() == WGSLLexer::BLANKSPACE) continue;
    const size_t b = t->getStartIndex(), e = t->getStopIndex() + 1;
    std::string text;
    text.reserve(e - b);
    for (size_t k = b; k < e; ++k) appendUtf8(text, prepared_text[k]);
    tokens[kept++] = makeToken(*t, t->getType(), b, e - 1, std::move(text));
  }
  tokens.resize(kept);

  checkLexicalTokens(prepared_text, tokens, diags);

  std::vector<TokenSpan> spans;
  spans.reserve(tokens.size());
  for (const auto& t : tokens) {
    spans.push_back({static_cast<uint32_t>(t->getStartIndex()), static_cast<uint32_t>(t->getStopIndex() + 1),
                     classify(t->getType())});
  }
  applyTemplateLists(prepared_text, tokens, discoverTemplateLists(prepared_text, spans));
  splitContextDependentTokens(tokens);

  auto eof = std::make_unique<antlr4::CommonToken>(antlr4::Token::EOF, "<EOF>");
  eof->setStartIndex(prepared_text.size());
  eof->setStopIndex(prepared_text.size() - 1);
  tokens.push_back(std::move(eof));
  for (size_t i = 0; i < tokens.size(); ++i)
    static_cast<antlr4::CommonToken*>(tokens[i].get())->setTokenIndex(i);

  out.parseable = checkNesting(tokens, diags);
  out.tokens = std::move(tokens);
  return out;
}

}  // namespace wgsl
