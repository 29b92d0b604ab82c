# Fixes to the code the ANTLR 4.7.2 tool generates for C++, applied after each generation:
# 1. The ATN is deserialized on first use (a function-local static in the constructor) instead of
#    by a static object at program start: `wgslemu --version` and commands that parse nothing
#    skip that work, and an ASCII module never deserializes the lexer's ATN
#    (grammar/ascii_scanner.cpp lexes it).
# 2. In the parser, `dynamic_cast<` becomes `static_cast<`: the generated code only casts the
#    context it has just created to that context's own class (to assign a label) or to a base
#    class, so the cast cannot fail, and each dynamic_cast cost a string comparison of type names.
#    The context accessors call WGSLParser::ruleChildren/ruleChild (WGSLParser.g4's members)
#    instead of the runtime's getRuleContexts/getRuleContext, which dynamic_cast every child,
#    and each rule function's exit guard is WGSLParser::ExitRuleOnReturn instead of
#    antlrcpp::finally's std::function.
# 3. The parser's rule functions make their contexts with WGSLParser::newContext (an arena owned
#    by the parser, grammar/context_arena.h) instead of the tree tracker's `new`.
# 4. The parser's ATN simulator is wgsl::FastPredictionSimulator (grammar/fast_prediction.h), and
#    the rule functions reach it without getInterpreter's dynamic_cast.
# 5. List labels (`operands+=`, `args+=`, ...) are appended with WGSLParser::pushLabel, which
#    reserves room for a few on the first append.
# Usage: cmake -DFILE=<generated .cpp> -DCLASS=<WGSLLexer|WGSLParser> -DBASE=<Lexer|Parser>
#              -DSTREAM=<CharStream|TokenStream> -P generated_fixups.cmake

# Replaces every `from` with `to` in `text`. Fails the build when `from` does not occur (the
# generated code changed shape), or when `leftover`, a shorter text every form of the replaced
# code contains, still occurs afterwards (a form this file does not know).
function(replace_checked from to what leftover)
  string(FIND "${text}" "${from}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "generated_fixups.cmake: no ${what} found in ${FILE}")
  endif()
  string(REPLACE "${from}" "${to}" text "${text}")
  if(NOT leftover STREQUAL "")
    string(FIND "${text}" "${leftover}" left)
    if(NOT left EQUAL -1)
      message(FATAL_ERROR "generated_fixups.cmake: a ${what} of an unexpected form in ${FILE}")
    endif()
  endif()
  set(text "${text}" PARENT_SCOPE)
endfunction()

file(READ "${FILE}" text)
set(static_init "${CLASS}::Initializer ${CLASS}::_init;")
set(ctor "${CLASS}::${CLASS}(${STREAM} *input) : ${BASE}(input) {")
string(FIND "${text}" "${static_init}" at_init)
string(FIND "${text}" "${ctor}" at_ctor)
if(at_init EQUAL -1 OR at_ctor EQUAL -1)
  message(FATAL_ERROR "generated_fixups.cmake: unexpected generated code in ${FILE}")
endif()
string(REPLACE "${static_init}" "// (initialized on first use, see the constructor)" text "${text}")
string(REPLACE "${ctor}" "${ctor}\n  static Initializer lazy_init;  // thread-safe, once\n  (void)lazy_init;" text "${text}")
if(CLASS STREQUAL "WGSLParser")
  string(REPLACE "dynamic_cast<" "static_cast<" text "${text}")
  string(FIND "${text}" "return getRuleContexts<WGSLParser::" at_contexts)
  string(FIND "${text}" "return getRuleContext<WGSLParser::" at_context)
  if(at_contexts EQUAL -1 OR at_context EQUAL -1)
    message(FATAL_ERROR "generated_fixups.cmake: no context accessors found in ${FILE}")
  endif()
  string(REGEX REPLACE "return getRuleContexts<(WGSLParser::[A-Za-z_]+)>\\(\\);"
         "return WGSLParser::ruleChildren<\\1>(this);" text "${text}")
  string(REGEX REPLACE "return getRuleContext<(WGSLParser::[A-Za-z_]+)>\\(([0-9i]+)\\);"
         "return WGSLParser::ruleChild<\\1>(this, \\2);" text "${text}")
  replace_checked("auto onExit = finally([=] {\n    exitRule();\n  });" "ExitRuleOnReturn onExit(this);"
                  "rule exit guard" "finally(")
  replace_checked("_tracker.createInstance<" "newContext<" "use of the tree tracker" "_tracker")
  replace_checked("_interpreter = new atn::ParserATNSimulator(this, _atn, _decisionToDFA, _sharedContextCache);"
                  "_interpreter = new wgsl::FastPredictionSimulator(this, _atn, _decisionToDFA, _sharedContextCache);"
                  "simulator creation" "")
  replace_checked("getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(" "predictionSimulator()->adaptivePredict("
                  "use of the simulator" "getInterpreter")
  set(label_push "(static_cast<[A-Za-z_]+ \\*>\\(_localctx\\)->[A-Za-z_]+)\\.push_back\\(")
  string(REGEX MATCH "${label_push}" at_label_push "${text}")
  if(NOT at_label_push)
    message(FATAL_ERROR "generated_fixups.cmake: no list label found in ${FILE}")
  endif()
  string(REGEX REPLACE "${label_push}" "WGSLParser::pushLabel(\\1, " text "${text}")
  string(REGEX MATCH "_localctx\\)->[A-Za-z_]+\\.push_back" left_label_push "${text}")
  if(left_label_push)
    message(FATAL_ERROR "generated_fixups.cmake: a list label of an unexpected form in ${FILE}")
  endif()
  string(FIND "${text}" "getRuleContext" left)
  if(NOT left EQUAL -1)
    message(FATAL_ERROR "generated_fixups.cmake: a context accessor of an unexpected form in ${FILE}")
  endif()
endif()
file(WRITE "${FILE}" "${text}")
