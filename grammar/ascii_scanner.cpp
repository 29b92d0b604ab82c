#include "grammar/ascii_scanner.h"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <string_view>

#include "WGSLLexer.h"

namespace wgsl {
namespace {

using L = wgsl_antlr::WGSLLexer;

bool isDigit(char32_t c) { return c >= U'0' && c <= U'9'; }
bool isHexDigit(char32_t c) { return isDigit(c) || (c >= U'a' && c <= U'f') || (c >= U'A' && c <= U'F'); }
bool isLetter(char32_t c) { return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z'); }
bool isIdentContinue(char32_t c) { return isLetter(c) || isDigit(c) || c == U'_'; }
// ASCII members of BLANKSPACE.
bool isAsciiBlank(char32_t c) { return c == U' ' || (c >= 0x09 && c <= 0x0D); }

// The text from a position on, reading NUL past the end (NUL never continues a token).
struct Cursor {
  const std::u32string& s;
  char32_t operator[](size_t i) const { return i < s.size() ? s[i] : U'\0'; }
};

size_t digitsFrom(const Cursor& s, size_t i) {
  while (isDigit(s[i])) ++i;
  return i;
}
size_t hexDigitsFrom(const Cursor& s, size_t i) {
  while (isHexDigit(s[i])) ++i;
  return i;
}
// ([eE] | [pP]) [+-]? [0-9]+ starting at i: the end of the exponent, or i if there is none.
size_t exponentFrom(const Cursor& s, size_t i, char32_t lower, char32_t upper) {
  if (s[i] != lower && s[i] != upper) return i;
  size_t n = i + 1;
  if (s[n] == U'+' || s[n] == U'-') ++n;
  const size_t d = digitsFrom(s, n);
  return d > n ? d : i;
}
bool isFh(char32_t c) { return c == U'f' || c == U'h'; }
bool isIu(char32_t c) { return c == U'i' || c == U'u'; }

// Longest match of each numeric rule at `b` (0 when it does not match), with the lexer's
// longest-match rule and, for equal lengths, the rule defined first.
void scanNumber(const Cursor& s, size_t b, size_t& len, size_t& type) {
  size_t best = 0, best_type = 0;
  auto offer = [&](size_t end, size_t t) {
    if (end > b && end - b > best) {
      best = end - b;
      best_type = t;
    }
  };
  // DECIMAL_FLOAT_LITERAL
  if (s[b] == U'0' && isFh(s[b + 1])) offer(b + 2, L::DECIMAL_FLOAT_LITERAL);
  if (s[b] >= U'1' && s[b] <= U'9') {
    const size_t j = digitsFrom(s, b);
    if (isFh(s[j])) offer(j + 1, L::DECIMAL_FLOAT_LITERAL);
  }
  {
    const size_t j = digitsFrom(s, b);  // [0-9]* '.' [0-9]+ exp? [fh]?  and  [0-9]+ '.' [0-9]* exp? [fh]?
    if (s[j] == U'.') {
      const size_t k = digitsFrom(s, j + 1);
      if (k > j + 1 || j > b) {
        size_t m = exponentFrom(s, k, U'e', U'E');
        if (isFh(s[m])) ++m;
        offer(m, L::DECIMAL_FLOAT_LITERAL);
      }
    } else if (j > b) {  // [0-9]+ [eE] [+-]? [0-9]+ [fh]?
      size_t m = exponentFrom(s, j, U'e', U'E');
      if (m > j) {
        if (isFh(s[m])) ++m;
        offer(m, L::DECIMAL_FLOAT_LITERAL);
      }
    }
  }
  const bool hex = s[b] == U'0' && (s[b + 1] == U'x' || s[b + 1] == U'X');
  if (hex) {  // HEX_FLOAT_LITERAL
    const size_t h = b + 2;
    const size_t j = hexDigitsFrom(s, h);
    auto withExponent = [&](size_t k) {
      const size_t m = exponentFrom(s, k, U'p', U'P');
      return m > k ? (isFh(s[m]) ? m + 1 : m) : k;
    };
    if (s[j] == U'.') {
      const size_t k = hexDigitsFrom(s, j + 1);
      if (k > j + 1 || j > h) offer(withExponent(k), L::HEX_FLOAT_LITERAL);
    } else if (j > h) {
      const size_t m = withExponent(j);
      if (m > j) offer(m, L::HEX_FLOAT_LITERAL);
    }
  }
  // INT_LITERAL
  if (s[b] == U'0') offer(isIu(s[b + 1]) ? b + 2 : b + 1, L::INT_LITERAL);
  if (s[b] >= U'1' && s[b] <= U'9') {
    const size_t j = digitsFrom(s, b);
    offer(isIu(s[j]) ? j + 1 : j, L::INT_LITERAL);
  }
  if (hex) {
    const size_t j = hexDigitsFrom(s, b + 2);
    if (j > b + 2) offer(isIu(s[j]) ? j + 1 : j, L::INT_LITERAL);
  }
  // INVALID_NUMBER: [0-9] [0-9a-zA-Z_.]* | '.' [0-9] [0-9a-zA-Z_.]*
  {
    size_t j = isDigit(s[b]) ? b + 1 : (s[b] == U'.' && isDigit(s[b + 1]) ? b + 2 : b);
    if (j > b) {
      while (isIdentContinue(s[j]) || s[j] == U'.') ++j;
      offer(j, L::INVALID_NUMBER);
    }
  }
  len = best;
  type = best_type;
}

struct Keyword {
  std::u32string_view text;
  size_t type;
};
constexpr Keyword kKeywords[] = {
    {U"alias", L::ALIAS},       {U"break", L::BREAK},       {U"case", L::CASE},
    {U"const", L::CONST},       {U"const_assert", L::CONST_ASSERT}, {U"continue", L::CONTINUE},
    {U"continuing", L::CONTINUING}, {U"default", L::DEFAULT}, {U"diagnostic", L::DIAGNOSTIC},
    {U"discard", L::DISCARD},   {U"else", L::ELSE},         {U"enable", L::ENABLE},
    {U"false", L::FALSE},       {U"fn", L::FN},             {U"for", L::FOR},
    {U"if", L::IF},             {U"let", L::LET},           {U"loop", L::LOOP},
    {U"override", L::OVERRIDE}, {U"requires", L::REQUIRES}, {U"return", L::RETURN},
    {U"struct", L::STRUCT},     {U"switch", L::SWITCH},     {U"true", L::TRUE},
    {U"var", L::VAR},           {U"while", L::WHILE},
};

// The entries of a table whose text starts with each ASCII character, in table order: a word or
// an operator is compared only with those (a few) instead of the whole table.
template <size_t N, size_t MaxPerChar, typename Entry>
struct ByFirstChar {
  uint8_t count[128] = {};
  uint8_t index[128][MaxPerChar] = {};
  // constexpr: a character with more than MaxPerChar entries fails to compile.
  constexpr explicit ByFirstChar(const Entry (&table)[N]) {
    static_assert(N < 256, "indices are bytes");
    for (size_t i = 0; i < N; ++i) {
      const char32_t c = table[i].text[0];
      index[c][count[c]++] = static_cast<uint8_t>(i);
    }
  }
};

size_t wordType(std::u32string_view w) {
  if (w.size() == 1 && w[0] == U'_') return L::UNDERSCORE;
  if (w.size() > 12) return L::IDENT;
  static constexpr ByFirstChar<std::size(kKeywords), 5, Keyword> by_first(kKeywords);  // 'c' has five
  const char32_t c = w[0];  // a letter or '_'
  for (uint8_t k = 0; k < by_first.count[c]; ++k) {
    const Keyword& keyword = kKeywords[by_first.index[c][k]];
    if (keyword.text == w) return keyword.type;
  }
  return L::IDENT;
}

struct Operator {
  std::u32string_view text;
  size_t type;
};
// Longest first, so the first match is the lexer's longest match.
constexpr Operator kOperators[] = {
    {U"<<=", L::SHIFT_LEFT_ASSIGN}, {U">>=", L::SHIFT_RIGHT_ASSIGN},
    {U"&&", L::AND_AND},   {U"||", L::OR_OR},     {U"->", L::ARROW},      {U"==", L::EQUAL_EQUAL},
    {U"!=", L::NOT_EQUAL}, {U">=", L::GREATER_THAN_EQUAL}, {U"<=", L::LESS_THAN_EQUAL},
    {U"<<", L::SHIFT_LEFT}, {U">>", L::SHIFT_RIGHT}, {U"++", L::PLUS_PLUS}, {U"--", L::MINUS_MINUS},
    {U"+=", L::PLUS_EQUAL}, {U"-=", L::MINUS_EQUAL}, {U"*=", L::TIMES_EQUAL}, {U"/=", L::DIVISION_EQUAL},
    {U"%=", L::MODULO_EQUAL}, {U"&=", L::AND_EQUAL}, {U"|=", L::OR_EQUAL}, {U"^=", L::XOR_EQUAL},
    {U"&", L::AND},  {U"@", L::ATTR},  {U"/", L::FORWARD_SLASH}, {U"!", L::BANG},
    {U"[", L::BRACKET_LEFT}, {U"]", L::BRACKET_RIGHT}, {U"{", L::BRACE_LEFT}, {U"}", L::BRACE_RIGHT},
    {U":", L::COLON}, {U",", L::COMMA}, {U"=", L::EQUAL}, {U">", L::GREATER_THAN}, {U"<", L::LESS_THAN},
    {U"%", L::MODULO}, {U"-", L::MINUS}, {U".", L::PERIOD}, {U"+", L::PLUS}, {U"|", L::OR},
    {U"(", L::PAREN_LEFT}, {U")", L::PAREN_RIGHT}, {U";", L::SEMICOLON}, {U"*", L::STAR},
    {U"~", L::TILDE}, {U"^", L::XOR},
};

}  // namespace

bool scanAscii(const std::u32string& text, std::vector<TokenRecord>& out) {
  char32_t any = 0;  // no early exit: the loop vectorizes, and nearly every text is ASCII
  for (char32_t c : text) any |= c;
  if (any >= 0x80) return false;
  // At most four operators start with the same character ('<', '>', '-').
  static constexpr ByFirstChar<std::size(kOperators), 4, Operator> operators_by_first(kOperators);
  const Cursor s{text};
  const size_t n = text.size();
  const std::u32string_view view(text);
  size_t i = 0;
  auto push = [&](size_t b, size_t e, size_t type) {
    e = std::min(e, b + kMaxTokenLength);  // longer tokens are rejected by buildTokenStream
    out.push_back(TokenRecord{static_cast<uint32_t>(b), static_cast<uint32_t>(e), static_cast<uint32_t>(type)});
  };
  while (i < n) {
    const char32_t c = text[i];
    if (isAsciiBlank(c)) {
      ++i;
      continue;
    }
    if (isLetter(c) || c == U'_') {
      size_t j = i + 1;
      while (j < n && isIdentContinue(text[j])) ++j;
      push(i, j, wordType(view.substr(i, j - i)));
      i = j;
      continue;
    }
    if (isDigit(c) || (c == U'.' && isDigit(s[i + 1]))) {
      size_t len = 0, type = 0;
      scanNumber(s, i, len, type);
      push(i, i + len, type);
      i += len;
      continue;
    }
    size_t type = L::UNKNOWN_CHAR, len = 1;
    for (uint8_t k = 0; k < operators_by_first.count[c]; ++k) {  // longest first
      const Operator& op = kOperators[operators_by_first.index[c][k]];
      if (view.substr(i, op.text.size()) == op.text) {
        type = op.type;
        len = op.text.size();
        break;
      }
    }
    push(i, i + len, type);
    i += len;
  }
  return true;
}

}  // namespace wgsl
