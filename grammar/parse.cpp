#include "grammar/parse.h"

#include "WGSLParser.h"
#include "base/diagnostics.h"
#include "base/source_text.h"
#include "grammar/syntax_errors.h"
#include "grammar/token_pipeline.h"
#include "grammar/token_stream.h"

namespace wgsl {

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
void skipToNextDeclaration(RecordTokenStream& stream, size_t start) {
  using P = wgsl_antlr::WGSLParser;
  int depth = 0;
  const size_t here = stream.index();
  for (size_t i = start; i < here; ++i) {
    const size_t t = stream.record(i).getType();
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

ParseOutcome parseItems(const SourceFile& file, DiagnosticList& diags, const ItemHandler& on_item) {
  PreparedText prepared = prepareSource(file, diags);
  if (!prepared.ok) return ParseOutcome::Unparseable;
  TokenStream tokens = buildTokenStream(prepared.text, diags);
  if (!tokens.parseable) return ParseOutcome::Unparseable;
  // Tokens never cover comments, so their spellings read the same in the file's own text: the
  // comment-free copy is freed before parsing (it would be a quarter of the peak memory).
  std::u32string().swap(prepared.text);

  RecordTokenStream stream(file.text(), std::move(tokens.tokens));
  wgsl_antlr::WGSLParser parser(&stream);
  parser.removeErrorListeners();

  // Stage 1: SLL prediction, bail out at the first error. Almost every valid program parses here.
  // Items are parsed one at a time; each item's tree and tokens are freed once it is handed over.
  parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(
      antlr4::atn::PredictionMode::SLL);
  parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
  size_t start = 0;
  try {
    while (stream.LA(1) != antlr4::Token::EOF) {
      start = stream.index();
      on_item(parser.global_item());
      parser.releaseTrees();
      stream.releaseBefore(stream.index());
    }
    return ParseOutcome::Complete;
  } catch (const antlr4::ParseCancellationException&) {
  }

  // Stage 2: full LL with error reporting and recovery, from the item that failed stage 1 (the
  // items before it parse the same way in both). Trees are kept to the end here: the error
  // strategy may still refer to earlier contexts and tokens.
  parser.reset();
  stream.seek(start);
  parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(
      antlr4::atn::PredictionMode::LL);
  parser.setErrorHandler(makeSyntaxErrorStrategy(diags));
  // Declarations are parsed one at a time so that after an unrepairable error the parser can
  // resume at the next declaration.
  try {
    while (stream.LA(1) != antlr4::Token::EOF) {
      const size_t item_start = stream.index();
      try {
        // An item that returns normally is structurally complete: errors in it, if any, were
        // repaired by inserting or deleting a single token.
        on_item(parser.global_item());
      } catch (const SyntaxResync&) {
        parser.getErrorHandler()->reset(&parser);
        skipToNextDeclaration(stream, item_start);
      }
    }
  } catch (const antlr4::ParseCancellationException&) {
    // Too many errors; they have been reported.
  }
  return ParseOutcome::WithErrors;
}

}  // namespace wgsl

namespace wgsl {

std::vector<DecisionProfile> profileDecisions(const SourceFile& file) {
  DiagnosticList diags;
  PreparedText prepared = prepareSource(file, diags);
  if (!prepared.ok) return {};
  TokenStream tokens = buildTokenStream(prepared.text, diags);
  if (!tokens.parseable) return {};
  RecordTokenStream stream(CodePoints(prepared.text), std::move(tokens.tokens));
  wgsl_antlr::WGSLParser parser(&stream);
  parser.removeErrorListeners();
  parser.setProfile(true);
  parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(antlr4::atn::PredictionMode::SLL);
  parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
  try {
    while (stream.LA(1) != antlr4::Token::EOF) {
      parser.global_item();
      parser.releaseTrees();
      stream.releaseBefore(stream.index());
    }
  } catch (const antlr4::ParseCancellationException&) {
    return {};
  }
  std::vector<DecisionProfile> out;
  const auto& atn = parser.getATN();
  for (const auto& d : parser.getParseInfo().getDecisionInfo()) {
    if (d.invocations == 0) continue;
    DecisionProfile p;
    p.decision = d.decision;
    p.rule = parser.getRuleNames()[atn.decisionToState[d.decision]->ruleIndex];
    p.invocations = d.invocations;
    p.total_lookahead = d.SLL_TotalLook;
    p.max_lookahead = d.SLL_MaxLook;
    p.ll_fallbacks = d.LL_Fallback;
    p.prediction_ns = d.timeInPrediction;
    p.atn_transitions = d.SLL_ATNTransitions;
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace wgsl
