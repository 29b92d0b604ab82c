
// Generated from /work/main/grammar/WGSLLexer.g4 by ANTLR 4.7.2

#pragma once


#include "antlr4-runtime.h"


namespace wgsl_antlr {


class  WGSLLexer : public antlr4::Lexer {
public:
  enum {
    TEMPLATE_ARGS_START = 1, TEMPLATE_ARGS_END = 2, BLANKSPACE = 3, ALIAS = 4, 
    BREAK = 5, CASE = 6, CONST = 7, CONST_ASSERT = 8, CONTINUE = 9, CONTINUING = 10, 
    DEFAULT = 11, DIAGNOSTIC = 12, DISCARD = 13, ELSE = 14, ENABLE = 15, 
    FALSE = 16, FN = 17, FOR = 18, IF = 19, LET = 20, LOOP = 21, OVERRIDE = 22, 
    REQUIRES = 23, RETURN = 24, STRUCT = 25, SWITCH = 26, TRUE = 27, VAR = 28, 
    WHILE = 29, DECIMAL_FLOAT_LITERAL = 30, HEX_FLOAT_LITERAL = 31, INT_LITERAL = 32, 
    INVALID_NUMBER = 33, SHIFT_LEFT_ASSIGN = 34, SHIFT_RIGHT_ASSIGN = 35, 
    AND_AND = 36, OR_OR = 37, ARROW = 38, EQUAL_EQUAL = 39, NOT_EQUAL = 40, 
    GREATER_THAN_EQUAL = 41, LESS_THAN_EQUAL = 42, SHIFT_LEFT = 43, SHIFT_RIGHT = 44, 
    PLUS_PLUS = 45, MINUS_MINUS = 46, PLUS_EQUAL = 47, MINUS_EQUAL = 48, 
    TIMES_EQUAL = 49, DIVISION_EQUAL = 50, MODULO_EQUAL = 51, AND_EQUAL = 52, 
    OR_EQUAL = 53, XOR_EQUAL = 54, AND = 55, ATTR = 56, FORWARD_SLASH = 57, 
    BANG = 58, BRACKET_LEFT = 59, BRACKET_RIGHT = 60, BRACE_LEFT = 61, BRACE_RIGHT = 62, 
    COLON = 63, COMMA = 64, EQUAL = 65, GREATER_THAN = 66, LESS_THAN = 67, 
    MODULO = 68, MINUS = 69, PERIOD = 70, PLUS = 71, OR = 72, PAREN_LEFT = 73, 
    PAREN_RIGHT = 74, SEMICOLON = 75, STAR = 76, TILDE = 77, XOR = 78, UNDERSCORE = 79, 
    IDENT = 80, UNKNOWN_CHAR = 81
  };

  WGSLLexer(antlr4::CharStream *input);
  ~WGSLLexer();

  virtual std::string getGrammarFileName() const override;
  virtual const std::vector<std::string>& getRuleNames() const override;

  virtual const std::vector<std::string>& getChannelNames() const override;
  virtual const std::vector<std::string>& getModeNames() const override;
  virtual const std::vector<std::string>& getTokenNames() const override; // deprecated, use vocabulary instead
  virtual antlr4::dfa::Vocabulary& getVocabulary() const override;

  virtual const std::vector<uint16_t> getSerializedATN() const override;
  virtual const antlr4::atn::ATN& getATN() const override;

private:
  static std::vector<antlr4::dfa::DFA> _decisionToDFA;
  static antlr4::atn::PredictionContextCache _sharedContextCache;
  static std::vector<std::string> _ruleNames;
  static std::vector<std::string> _tokenNames;
  static std::vector<std::string> _channelNames;
  static std::vector<std::string> _modeNames;

  static std::vector<std::string> _literalNames;
  static std::vector<std::string> _symbolicNames;
  static antlr4::dfa::Vocabulary _vocabulary;
  static antlr4::atn::ATN _atn;
  static std::vector<uint16_t> _serializedATN;


  // Individual action functions triggered by action() above.

  // Individual semantic predicate functions triggered by sempred() above.

  struct Initializer {
    Initializer();
  };
  static Initializer _init;
};

}  // namespace wgsl_antlr
