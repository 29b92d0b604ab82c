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

// Longest operator spelled by a prefix of s.
size_t angleOperator(const std::u32string& s, size_t& len) {
  static const struct { const char32_t* text; size_t type; } kOps[] = {
      {U"<<=", WGSLLexer::SHIFT_LEFT_ASSIGN}, {U">>=", WGSLLexer::SHIFT_RIGHT_ASSIGN},
      {U"<<", WGSLLexer::SHIFT_LEFT},         {U">>", WGSLLexer::SHIFT_RIGHT},
      {U"<=", WGSLLexer::LESS_THAN_EQUAL},    {U">=", WGSLLexer::GREATER_THAN_EQUAL},
      {U"<", WGSLLexer::LESS_THAN},           {U">", WGSLLexer::GREATER_THAN},
      {U"=", WGSLLexer::EQUAL}};
  for (const auto& op : kOps) {
    std::u32string_view v(op.text);
    if (s.size() >= v.size() && std::u32string_view(s).substr(0, v.size()) == v) {
      len = v.size();
      return op.type;
    }
  }
  len = 1;
  return WGSLLexer::UNKNOWN_CHAR;
}

// Splits '<'/'>'-family tokens at discovered template delimiters: "the initial '<' of a template
// list is mapped to a _template_args_start token, and the terminating '>' to a
// _template_args_end token"; whatever is left of the original token is re-tokenized.
void applyTemplateLists(std::vector<std::unique_ptr<antlr4::Token>>& tokens,
                        const std::vector<TemplateList>& lists) {
  std::vector<uint32_t> starts, ends;
  for (const auto& l : lists) {
    starts.push_back(l.start);
    ends.push_back(l.end);
  }
  std::sort(starts.begin(), starts.end());
  std::sort(ends.begin(), ends.end());
  auto contains = [](const std::vector<uint32_t>& v, uint32_t p) {
    return std::binary_search(v.begin(), v.end(), p);
  };
  auto anyIn = [](const std::vector<uint32_t>& v, uint32_t b, uint32_t e) {
    auto it = std::lower_bound(v.begin(), v.end(), b);
    return it != v.end() && *it < e;
  };

  std::vector<std::unique_ptr<antlr4::Token>> out;
  out.reserve(tokens.size() + lists.size());
  for (auto& tok : tokens) {
    const auto b = static_cast<uint32_t>(tok->getStartIndex());
    const auto e = static_cast<uint32_t>(tok->getStopIndex() + 1);
    if (!isAngleToken(tok->getType()) || (!anyIn(starts, b, e) && !anyIn(ends, b, e))) {
      out.push_back(std::move(tok));
      continue;
    }
    std::u32string spelling;
    for (char c : tok->getText()) spelling.push_back(static_cast<char32_t>(c));
    for (uint32_t p = b; p < e;) {
      if (contains(starts, p)) {
        out.push_back(makeToken(*tok, WGSLLexer::TEMPLATE_ARGS_START, p, p, "<"));
        ++p;
        continue;
      }
      if (contains(ends, p)) {
        out.push_back(makeToken(*tok, WGSLLexer::TEMPLATE_ARGS_END, p, p, ">"));
        ++p;
        continue;
      }
      // Longest operator in the rest, not crossing the next delimiter.
      uint32_t limit = e;
      for (uint32_t q = p + 1; q < e; ++q) {
        if (contains(starts, q) || contains(ends, q)) {
          limit = q;
          break;
        }
      }
      size_t len = 0;
      const size_t type = angleOperator(spelling.substr(p - b, limit - p), len);
      std::string text;
      for (size_t k = 0; k < len; ++k) text.push_back(static_cast<char>(spelling[p - b + k]));
      out.push_back(makeToken(*tok, type, p, p + len - 1, text));
      p += static_cast<uint32_t>(len);
    }
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
  for (auto& t : tokens) t = makeToken(*t, t->getType(), t->getStartIndex(), t->getStopIndex(), t->getText());

  checkLexicalTokens(prepared_text, tokens, diags);

  std::vector<TokenSpan> spans;
  spans.reserve(tokens.size());
  for (const auto& t : tokens) {
    spans.push_back({static_cast<uint32_t>(t->getStartIndex()), static_cast<uint32_t>(t->getStopIndex() + 1),
                     classify(t->getType())});
  }
  applyTemplateLists(tokens, discoverTemplateLists(prepared_text, spans));
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
