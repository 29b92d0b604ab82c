#include "grammar/syntax_errors.h"

#include <fmt/format.h>

#include <algorithm>

#include "WGSLParser.h"
#include "base/diagnostics.h"
#include "grammar/token_stream.h"

namespace wgsl {
namespace {

using wgsl_antlr::WGSLParser;
using antlr4::misc::IntervalSet;

const size_t kExpressionStart[] = {
    WGSLParser::IDENT, WGSLParser::INT_LITERAL, WGSLParser::DECIMAL_FLOAT_LITERAL,
    WGSLParser::HEX_FLOAT_LITERAL, WGSLParser::TRUE, WGSLParser::FALSE, WGSLParser::PAREN_LEFT,
    WGSLParser::MINUS, WGSLParser::BANG, WGSLParser::TILDE, WGSLParser::STAR, WGSLParser::AND};

const size_t kStatementStart[] = {
    WGSLParser::RETURN, WGSLParser::IF, WGSLParser::SWITCH, WGSLParser::LOOP, WGSLParser::FOR,
    WGSLParser::WHILE, WGSLParser::BREAK, WGSLParser::CONTINUE, WGSLParser::DISCARD,
    WGSLParser::VAR, WGSLParser::LET, WGSLParser::CONST, WGSLParser::CONST_ASSERT,
    WGSLParser::UNDERSCORE, WGSLParser::BRACE_LEFT, WGSLParser::SEMICOLON, WGSLParser::ATTR,
    WGSLParser::IDENT, WGSLParser::PAREN_LEFT, WGSLParser::STAR, WGSLParser::AND};

const size_t kDeclarationStart[] = {
    WGSLParser::FN, WGSLParser::VAR, WGSLParser::CONST, WGSLParser::OVERRIDE, WGSLParser::STRUCT,
    WGSLParser::ALIAS, WGSLParser::ATTR, WGSLParser::CONST_ASSERT, WGSLParser::ENABLE,
    WGSLParser::REQUIRES, WGSLParser::DIAGNOSTIC, WGSLParser::SEMICOLON};

template <size_t N>
bool containsAll(const IntervalSet& s, const size_t (&set)[N]) {
  for (size_t t : set)
    if (!s.contains(t)) return false;
  return true;
}

template <size_t N>
void removeAll(IntervalSet& s, const size_t (&set)[N]) {
  for (size_t t : set) s.remove(t);
}

std::string quoted(size_t type, const antlr4::dfa::Vocabulary& vocab) {
  switch (type) {
    case antlr4::Token::EOF: return "end of file";
    case WGSLParser::IDENT: return "an identifier";
    case WGSLParser::INT_LITERAL:
    case WGSLParser::DECIMAL_FLOAT_LITERAL:
    case WGSLParser::HEX_FLOAT_LITERAL: return "a number";
    case WGSLParser::TEMPLATE_ARGS_START: return "'<' (start of a template list)";
    case WGSLParser::TEMPLATE_ARGS_END: return "'>' (end of a template list)";
    default: break;
  }
  std::string lit = vocab.getLiteralName(type);  // includes the quotes, e.g. "';'"
  if (!lit.empty()) return lit;
  return vocab.getSymbolicName(type);
}

// "an expression", "';'", "',' or ')'", "a statement or '}'".
std::string describeExpected(IntervalSet expected, const antlr4::dfa::Vocabulary& vocab) {
  std::vector<std::string> items;
  if (containsAll(expected, kDeclarationStart) && expected.contains(static_cast<size_t>(WGSLParser::FN))) {
    items.push_back("a declaration");
    removeAll(expected, kDeclarationStart);
    expected.remove(antlr4::Token::EOF);
  }
  if (containsAll(expected, kStatementStart)) {
    items.push_back("a statement");
    removeAll(expected, kStatementStart);
    removeAll(expected, kExpressionStart);
  }
  if (containsAll(expected, kExpressionStart)) {
    items.push_back("an expression");
    removeAll(expected, kExpressionStart);
  }
  // Words ("an identifier") before punctuation ("')'").
  if (expected.contains(static_cast<size_t>(WGSLParser::IDENT))) {
    items.push_back("an identifier");
    expected.remove(static_cast<size_t>(WGSLParser::IDENT));
  }
  for (size_t t : expected.toList()) items.push_back(quoted(t, vocab));
  if (items.empty() || items.size() > 5) return {};
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += (i + 1 == items.size()) ? " or " : ", ";
    out += items[i];
  }
  return out;
}

std::string describeFound(antlr4::Token* t) {
  switch (t->getType()) {
    case antlr4::Token::EOF: return "end of file";
    case WGSLParser::IDENT: return fmt::format("identifier '{}'", t->getText());
    case WGSLParser::INT_LITERAL:
    case WGSLParser::DECIMAL_FLOAT_LITERAL:
    case WGSLParser::HEX_FLOAT_LITERAL: return fmt::format("number '{}'", t->getText());
    default: return fmt::format("'{}'", t->getText());
  }
}

// Tokens after which a statement that lacks its ';' evidently ended.
bool endsStatementHere(size_t type) {
  switch (type) {
    case antlr4::Token::EOF: case WGSLParser::BRACE_RIGHT: case WGSLParser::LET: case WGSLParser::VAR:
    case WGSLParser::CONST: case WGSLParser::RETURN: case WGSLParser::IF: case WGSLParser::FOR:
    case WGSLParser::WHILE: case WGSLParser::LOOP: case WGSLParser::SWITCH: case WGSLParser::BREAK:
    case WGSLParser::CONTINUE: case WGSLParser::DISCARD: case WGSLParser::IDENT: case WGSLParser::UNDERSCORE:
      return true;
    default:
      return false;
  }
}

// The innermost '(', '[' or '{' still open before token index `upto`, or null. Scans backwards
// from `upto`, counting closers, so only the records are read and one token is made.
antlr4::Token* innermostUnclosed(antlr4::TokenStream* stream, size_t upto) {
  auto& records = static_cast<RecordTokenStream&>(*stream);
  size_t closers = 0;
  // Tokens before firstKept() form complete module-scope items, whose brackets are balanced.
  for (size_t i = std::min(upto, stream->size()); i-- > records.firstKept();) {
    switch (records.record(i).getType()) {
      case WGSLParser::PAREN_LEFT: case WGSLParser::BRACKET_LEFT: case WGSLParser::BRACE_LEFT:
        if (closers == 0) return stream->get(i);
        --closers;
        break;
      case WGSLParser::PAREN_RIGHT: case WGSLParser::BRACKET_RIGHT: case WGSLParser::BRACE_RIGHT:
        ++closers;
        break;
      default:
        break;
    }
  }
  return nullptr;
}

SourceRange rangeOf(antlr4::Token* t) {
  const auto b = static_cast<uint32_t>(t->getStartIndex());
  if (t->getType() == antlr4::Token::EOF) return {b, b};
  return {b, static_cast<uint32_t>(t->getStopIndex() + 1)};
}

// What a ';' terminates, for "expected ';' after ...".
const char* terminatedThing(antlr4::ParserRuleContext* ctx) {
  for (; ctx != nullptr; ctx = dynamic_cast<antlr4::ParserRuleContext*>(ctx->parent)) {
    switch (ctx->getRuleIndex()) {
      case WGSLParser::RuleStatement: return "statement";
      case WGSLParser::RuleFor_init: return "for-loop initializer";
      case WGSLParser::RuleGlobal_decl: return "declaration";
      case WGSLParser::RuleGlobal_directive: return "directive";
      case WGSLParser::RuleGlobal_item: return "const_assert";
      default: break;
    }
  }
  return nullptr;
}

class SyntaxErrorStrategy : public antlr4::DefaultErrorStrategy {
 public:
  explicit SyntaxErrorStrategy(DiagnosticList& diags) : diags_(diags) {}

 protected:
  // Single-token insertion and deletion (recoverInline, sync) stay as ANTLR does them; anything
  // needing a resynchronisation goes back to the declaration loop in parse.cpp.
  void recover(antlr4::Parser*, std::exception_ptr) override { throw SyntaxResync{}; }

  // ANTLR's version asks the current token for its lexer, which our free-standing tokens do not
  // have; conjure the missing token here instead.
  antlr4::Token* getMissingSymbol(antlr4::Parser* p) override {
    antlr4::Token* current = p->getCurrentToken();
    const size_t type = getExpectedTokens(p).getMinElement();
    auto t = std::make_unique<antlr4::CommonToken>(type, "<missing>");
    antlr4::Token* prev = p->getTokenStream()->LT(-1);
    antlr4::Token* at = (current->getType() == antlr4::Token::EOF && prev != nullptr) ? prev : current;
    t->setStartIndex(at->getStartIndex());
    t->setStopIndex(at->getStopIndex());
    t->setLine(at->getLine());
    t->setCharPositionInLine(at->getCharPositionInLine());
    t->setTokenIndex(current->getTokenIndex());
    missing_.push_back(std::move(t));
    return missing_.back().get();
  }

  void reportNoViableAlternative(antlr4::Parser* p, const antlr4::NoViableAltException& e) override {
    parser_ = p;
    antlr4::Token* found = e.getOffendingToken();
    antlr4::Token* start = e.getStartToken();
    // The choice between alternatives failed after some tokens were read: the expected set
    // (of the choice's start) would mislead, so say what the tokens so far allow.
    if (start != nullptr && found != nullptr && start->getTokenIndex() < found->getTokenIndex()) {
      if (start->getType() == WGSLParser::BREAK) {
        report(found, fmt::format("expected ';' or 'if' after 'break', found {}", describeFound(found)));
        return;
      }
      antlr4::Token* before = p->getTokenStream()->get(found->getTokenIndex() - 1);
      if (before->getType() == WGSLParser::PAREN_RIGHT && endsStatementHere(found->getType())) {
        reportMissingSemicolon(p, found);  // `f()` then '}' or the next statement
        return;
      }
      if (p->getContext() != nullptr && p->getContext()->getRuleIndex() == WGSLParser::RuleStatement &&
          (start->getType() == WGSLParser::IDENT || start->getType() == WGSLParser::PAREN_LEFT ||
           start->getType() == WGSLParser::STAR)) {
        report(found, fmt::format("expected an assignment, '++', '--' or a function call, found {} (WGSL has "
                                  "no expression statements: write '_ = expression;' to evaluate and "
                                  "discard a value)",
                                  describeFound(found)));
        return;
      }
      antlr4::Token* prev = p->getTokenStream()->get(found->getTokenIndex() - 1);
      report(found, fmt::format("unexpected {} after '{}'", describeFound(found), prev->getText()));
      return;
    }
    const std::string exp = describeExpected(e.getExpectedTokens(), p->getVocabulary());
    report(found, exp.empty() ? fmt::format("unexpected {}", describeFound(found))
                              : fmt::format("expected {}, found {}", exp, describeFound(found)));
  }

  void reportInputMismatch(antlr4::Parser* p, const antlr4::InputMismatchException& e) override {
    parser_ = p;
    antlr4::Token* found = e.getOffendingToken();
    const IntervalSet expected = e.getExpectedTokens();
    if (expected.size() == 1 && expected.contains(static_cast<size_t>(WGSLParser::SEMICOLON))) {
      reportMissingSemicolon(p, found);
      return;
    }
    const std::string exp = describeExpected(e.getExpectedTokens(), p->getVocabulary());
    report(found, exp.empty() ? fmt::format("unexpected {}", describeFound(found))
                              : fmt::format("expected {}, found {}", exp, describeFound(found)));
  }

  void reportFailedPredicate(antlr4::Parser*, const antlr4::FailedPredicateException& e) override {
    report(e.getOffendingToken(), fmt::format("unexpected {}", describeFound(e.getOffendingToken())));
  }

  void reportUnwantedToken(antlr4::Parser* p) override {
    parser_ = p;
    if (inErrorRecoveryMode(p)) return;
    beginErrorCondition(p);
    antlr4::Token* found = p->getCurrentToken();
    const std::string exp = describeExpected(getExpectedTokens(p), p->getVocabulary());
    report(found, exp.empty() ? fmt::format("unexpected {}", describeFound(found))
                              : fmt::format("unexpected {}; expected {}", describeFound(found), exp));
  }

  void reportMissingToken(antlr4::Parser* p) override {
    parser_ = p;
    if (inErrorRecoveryMode(p)) return;
    beginErrorCondition(p);
    antlr4::Token* found = p->getCurrentToken();
    IntervalSet expected = getExpectedTokens(p);
    const std::string exp = describeExpected(expected, p->getVocabulary());
    if (expected.contains(static_cast<size_t>(WGSLParser::SEMICOLON)) && expected.size() == 1) {
      reportMissingSemicolon(p, found);
      return;
    }
    report(found, fmt::format("expected {}, found {}", exp.empty() ? "more input" : exp, describeFound(found)));
  }

  // "expected ';' after statement, found '}'", pointing just after the previous token, where the
  // ';' belongs.
  void reportMissingSemicolon(antlr4::Parser* p, antlr4::Token* found) {
    const char* what = terminatedThing(p->getContext());
    const std::string msg = what ? fmt::format("expected ';' after {}, found {}", what, describeFound(found))
                                 : fmt::format("expected ';', found {}", describeFound(found));
    antlr4::Token* prev = found->getTokenIndex() > 0 ? p->getTokenStream()->get(found->getTokenIndex() - 1) : nullptr;
    if (prev == nullptr || prev->getType() == antlr4::Token::EOF) {
      report(found, msg);
      return;
    }
    const auto at = static_cast<uint32_t>(prev->getStopIndex() + 1);
    add({at, at + 1}, msg, found);
  }

 private:
  void report(antlr4::Token* at, const std::string& msg) {
    std::string full = msg;
    // A '<' right after an identifier that did not become a template list: say why.
    if (at->getType() == WGSLParser::LESS_THAN && at->getTokenIndex() > 0 &&
        parser_ != nullptr && parser_->getTokenStream()->get(at->getTokenIndex() - 1)->getType() == WGSLParser::IDENT) {
      full += " (if this '<' starts a template list, its closing '>' is missing)";
    }
    const size_t before = diags_.errorCount();
    add(rangeOf(at), full, at);
    // At the end of the file, show what is still open.
    if (at->getType() == antlr4::Token::EOF && diags_.errorCount() > before && parser_ != nullptr) {
      if (antlr4::Token* open = innermostUnclosed(parser_->getTokenStream(), at->getTokenIndex())) {
        diags_.note(rangeOf(open), fmt::format("'{}' opened here is not closed", open->getText()));
      }
    }
  }

  void add(SourceRange r, const std::string& msg, antlr4::Token* at) {
    // One error per token: recovery can revisit a token; the first message is the useful one.
    if (at != nullptr && static_cast<long>(at->getTokenIndex()) == last_token_) return;
    last_token_ = at ? static_cast<long>(at->getTokenIndex()) : -1;
    // Enough errors for one look: stop instead of recovering through the rest of a huge file
    // (the list itself records "too many errors" in place of this one).
    const bool was_full = diags_.full();
    diags_.error(r, msg);
    if (was_full) throw antlr4::ParseCancellationException("too many errors");
  }

  DiagnosticList& diags_;
  antlr4::Parser* parser_ = nullptr;
  long last_token_ = -1;
  std::vector<std::unique_ptr<antlr4::Token>> missing_;
};

}  // namespace

std::shared_ptr<antlr4::ANTLRErrorStrategy> makeSyntaxErrorStrategy(DiagnosticList& diags) {
  return std::make_shared<SyntaxErrorStrategy>(diags);
}

}  // namespace wgsl
