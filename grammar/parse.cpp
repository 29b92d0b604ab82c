#include "grammar/parse.h"

#include "WGSLParser.h"
#include "grammar/diagnostics.h"
#include "grammar/source_text.h"
#include "grammar/syntax_errors.h"
#include "grammar/token_pipeline.h"

namespace wgsl {

struct SyntaxTree::State {
  std::unique_ptr<antlr4::ListTokenSource> source;
  std::unique_ptr<antlr4::CommonTokenStream> stream;
  std::unique_ptr<wgsl_antlr::WGSLParser> parser;
  std::vector<antlr4::ParserRuleContext*> items;
  bool complete = true;
};

SyntaxTree::SyntaxTree(std::unique_ptr<State> state) : state_(std::move(state)) {}
SyntaxTree::~SyntaxTree() = default;
const std::vector<antlr4::ParserRuleContext*>& SyntaxTree::items() const { return state_->items; }
bool SyntaxTree::complete() const { return state_->complete; }

namespace {

bool startsDeclaration(size_t type) {
  using P = wgsl_antlr::WGSLParser;
  switch (type) {
    case P::FN: case P::STRUCT: case P::ALIAS: case P::OVERRIDE: case P::CONST_ASSERT:
    case P::ENABLE: case P::REQUIRES: case P::DIAGNOSTIC: case P::ATTR: case P::VAR: case P::CONST:
      return true;
    default:
      return false;
  }
}

// Moves the stream to the next token that starts a module-scope declaration outside any braces,
// counting braces from `start`, where the failed declaration began.
void skipToNextDeclaration(antlr4::CommonTokenStream& stream, size_t start) {
  using P = wgsl_antlr::WGSLParser;
  int depth = 0;
  const size_t here = stream.index();
  for (size_t i = start; i < here; ++i) {
    const size_t t = stream.get(i)->getType();
    if (t == P::BRACE_LEFT) ++depth;
    if (t == P::BRACE_RIGHT && depth > 0) --depth;
  }
  if (here == start) stream.consume();  // always make progress
  while (stream.LA(1) != antlr4::Token::EOF) {
    const size_t t = stream.LA(1);
    if (depth == 0 && startsDeclaration(t)) return;
    if (t == P::BRACE_LEFT) ++depth;
    if (t == P::BRACE_RIGHT && depth > 0) {
      --depth;
      if (depth == 0) {
        stream.consume();
        return;
      }
    }
    stream.consume();
  }
}

}  // namespace

std::unique_ptr<SyntaxTree> parseSyntax(const SourceFile& file, DiagnosticList& diags) {
  PreparedText prepared = prepareSource(file, diags);
  if (!prepared.ok) return nullptr;
  TokenStream tokens = buildTokenStream(prepared.text, diags);
  if (!tokens.parseable) return nullptr;

  auto state = std::make_unique<SyntaxTree::State>();
  state->source = std::make_unique<antlr4::ListTokenSource>(std::move(tokens.tokens));
  state->stream = std::make_unique<antlr4::CommonTokenStream>(state->source.get());
  state->parser = std::make_unique<wgsl_antlr::WGSLParser>(state->stream.get());
  auto& parser = *state->parser;
  parser.removeErrorListeners();

  // Stage 1: SLL prediction, bail out at the first error. Almost every valid program parses here.
  parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(
      antlr4::atn::PredictionMode::SLL);
  parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
  bool sll_ok = true;
  try {
    for (auto* item : parser.translation_unit()->global_item()) state->items.push_back(item);
  } catch (const antlr4::ParseCancellationException&) {
    sll_ok = false;
  }

  // Stage 2: full LL with error reporting and recovery, only when stage 1 failed.
  if (!sll_ok) {
    state->items.clear();
    state->stream->seek(0);
    parser.reset();
    parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(
        antlr4::atn::PredictionMode::LL);
    parser.setErrorHandler(makeSyntaxErrorStrategy(diags));
    // Declarations are parsed one at a time so that after an unrepairable error the parser
    // can resume at the next declaration.
    auto& stream = *state->stream;
    try {
      while (stream.LA(1) != antlr4::Token::EOF) {
        const size_t start = stream.index();
        try {
          // An item that returns normally is structurally complete: errors in it, if any, were
          // repaired by inserting or deleting a single token.
          state->items.push_back(parser.global_item());
        } catch (const SyntaxResync&) {
          parser.getErrorHandler()->reset(&parser);
          skipToNextDeclaration(stream, start);
        }
      }
    } catch (const antlr4::ParseCancellationException&) {
      // Too many errors; they have been reported.
    }
    state->complete = false;
  }
  return std::make_unique<SyntaxTree>(std::move(state));
}

}  // namespace wgsl
