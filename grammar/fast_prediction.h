// The parser's ATN simulator: ANTLR's, with a cheaper entry for predictions the DFA cache can
// start.
//
// The runtime's ParserATNSimulator::adaptivePredict (ANTLR 4.9) wraps every prediction in
// antlrcpp::finally, whose std::function holds four captured values and so allocates on the heap:
// a malloc and a free for every decision that is not LL(1), about a quarter of the parser's
// predictions. Once a decision's DFA has its start state (after the first prediction of that
// decision in the process; the DFA is shared by all parsers), this override does what the
// runtime's version does in that case, with a plain guard object: remember the stream position,
// run execATN from the start state, and on return or unwinding clear the merge cache, forget the
// DFA and seek back. Everything else (the first prediction of a decision, which computes the
// start state under the runtime's lock; precedence DFAs, which this grammar has none of) goes to
// the runtime's version unchanged. grammar/generated_fixups.cmake makes the generated parser
// create this simulator.
#pragma once

#include "ParserRuleContext.h"
#include "TokenStream.h"
#include "atn/ParserATNSimulator.h"
#include "dfa/DFA.h"

namespace wgsl {

class FastPredictionSimulator : public antlr4::atn::ParserATNSimulator {
 public:
  using ParserATNSimulator::ParserATNSimulator;

  size_t adaptivePredict(antlr4::TokenStream* input, size_t decision,
                         antlr4::ParserRuleContext* outer_context) override {
    antlr4::dfa::DFA& dfa = decisionToDFA[decision];
    antlr4::dfa::DFAState* const s0 = dfa.isPrecedenceDfa() ? nullptr : dfa.s0;
    if (s0 == nullptr) return ParserATNSimulator::adaptivePredict(input, decision, outer_context);
    _input = input;
    _startIndex = input->index();
    _outerContext = outer_context;
    _dfa = &dfa;
    const Restore restore(this, input, _startIndex, input->mark());
    return execATN(dfa, s0, input, _startIndex,
                   outer_context != nullptr ? outer_context : &antlr4::ParserRuleContext::EMPTY);
  }

 private:
  // What the runtime's `finally` does after a prediction.
  struct Restore {
    Restore(FastPredictionSimulator* s, antlr4::TokenStream* in, size_t at, ssize_t m)
        : sim(s), input(in), index(at), mark(m) {}
    Restore(const Restore&) = delete;
    Restore& operator=(const Restore&) = delete;
    ~Restore() {
      sim->mergeCache.clear();
      sim->_dfa = nullptr;
      input->seek(index);
      input->release(mark);
    }
    FastPredictionSimulator* sim;
    antlr4::TokenStream* input;
    size_t index;
    ssize_t mark;
  };
};

}  // namespace wgsl
