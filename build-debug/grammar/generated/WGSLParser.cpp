
// Generated from /work/main/grammar/WGSLParser.g4 by ANTLR 4.7.2



#include "WGSLParser.h"


using namespace antlrcpp;
using namespace wgsl_antlr;
using namespace antlr4;

WGSLParser::WGSLParser(TokenStream *input) : Parser(input) {
  _interpreter = new atn::ParserATNSimulator(this, _atn, _decisionToDFA, _sharedContextCache);
}

WGSLParser::~WGSLParser() {
  delete _interpreter;
}

std::string WGSLParser::getGrammarFileName() const {
  return "WGSLParser.g4";
}

const std::vector<std::string>& WGSLParser::getRuleNames() const {
  return _ruleNames;
}

dfa::Vocabulary& WGSLParser::getVocabulary() const {
  return _vocabulary;
}


//----------------- Translation_unitContext ------------------------------------------------------------------

WGSLParser::Translation_unitContext::Translation_unitContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* WGSLParser::Translation_unitContext::EOF() {
  return getToken(WGSLParser::EOF, 0);
}

std::vector<WGSLParser::Global_itemContext *> WGSLParser::Translation_unitContext::global_item() {
  return getRuleContexts<WGSLParser::Global_itemContext>();
}

WGSLParser::Global_itemContext* WGSLParser::Translation_unitContext::global_item(size_t i) {
  return getRuleContext<WGSLParser::Global_itemContext>(i);
}


size_t WGSLParser::Translation_unitContext::getRuleIndex() const {
  return WGSLParser::RuleTranslation_unit;
}


WGSLParser::Translation_unitContext* WGSLParser::translation_unit() {
  Translation_unitContext *_localctx = _tracker.createInstance<Translation_unitContext>(_ctx, getState());
  enterRule(_localctx, 0, WGSLParser::RuleTranslation_unit);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(93);
    _errHandler->sync(this);
    _la = _input->LA(1);
    while ((((_la & ~ 0x3fULL) == 0) &&
      ((1ULL << _la) & ((1ULL << WGSLParser::ALIAS)
      | (1ULL << WGSLParser::CONST)
      | (1ULL << WGSLParser::CONST_ASSERT)
      | (1ULL << WGSLParser::DIAGNOSTIC)
      | (1ULL << WGSLParser::ENABLE)
      | (1ULL << WGSLParser::FN)
      | (1ULL << WGSLParser::OVERRIDE)
      | (1ULL << WGSLParser::REQUIRES)
      | (1ULL << WGSLParser::STRUCT)
      | (1ULL << WGSLParser::VAR)
      | (1ULL << WGSLParser::ATTR))) != 0) || _la == WGSLParser::SEMICOLON) {
      setState(90);
      global_item();
      setState(95);
      _errHandler->sync(this);
      _la = _input->LA(1);
    }
    setState(96);
    match(WGSLParser::EOF);
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Global_itemContext ------------------------------------------------------------------

WGSLParser::Global_itemContext::Global_itemContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

WGSLParser::Global_directiveContext* WGSLParser::Global_itemContext::global_directive() {
  return getRuleContext<WGSLParser::Global_directiveContext>(0);
}

WGSLParser::Global_declContext* WGSLParser::Global_itemContext::global_decl() {
  return getRuleContext<WGSLParser::Global_declContext>(0);
}

WGSLParser::Const_assert_statementContext* WGSLParser::Global_itemContext::const_assert_statement() {
  return getRuleContext<WGSLParser::Const_assert_statementContext>(0);
}

tree::TerminalNode* WGSLParser::Global_itemContext::SEMICOLON() {
  return getToken(WGSLParser::SEMICOLON, 0);
}


size_t WGSLParser::Global_itemContext::getRuleIndex() const {
  return WGSLParser::RuleGlobal_item;
}


WGSLParser::Global_itemContext* WGSLParser::global_item() {
  Global_itemContext *_localctx = _tracker.createInstance<Global_itemContext>(_ctx, getState());
  enterRule(_localctx, 2, WGSLParser::RuleGlobal_item);

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    setState(104);
    _errHandler->sync(this);
    switch (_input->LA(1)) {
      case WGSLParser::DIAGNOSTIC:
      case WGSLParser::ENABLE:
      case WGSLParser::REQUIRES: {
        enterOuterAlt(_localctx, 1);
        setState(98);
        global_directive();
        break;
      }

      case WGSLParser::ALIAS:
      case WGSLParser::CONST:
      case WGSLParser::FN:
      case WGSLParser::OVERRIDE:
      case WGSLParser::STRUCT:
      case WGSLParser::VAR:
      case WGSLParser::ATTR: {
        enterOuterAlt(_localctx, 2);
        setState(99);
        global_decl();
        break;
      }

      case WGSLParser::CONST_ASSERT: {
        enterOuterAlt(_localctx, 3);
        setState(100);
        const_assert_statement();
        setState(101);
        match(WGSLParser::SEMICOLON);
        break;
      }

      case WGSLParser::SEMICOLON: {
        enterOuterAlt(_localctx, 4);
        setState(103);
        match(WGSLParser::SEMICOLON);
        break;
      }

    default:
      throw NoViableAltException(this);
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Global_directiveContext ------------------------------------------------------------------

WGSLParser::Global_directiveContext::Global_directiveContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}


size_t WGSLParser::Global_directiveContext::getRuleIndex() const {
  return WGSLParser::RuleGlobal_directive;
}

void WGSLParser::Global_directiveContext::copyFrom(Global_directiveContext *ctx) {
  ParserRuleContext::copyFrom(ctx);
}

//----------------- EnableDirectiveContext ------------------------------------------------------------------

tree::TerminalNode* WGSLParser::EnableDirectiveContext::ENABLE() {
  return getToken(WGSLParser::ENABLE, 0);
}

WGSLParser::Name_listContext* WGSLParser::EnableDirectiveContext::name_list() {
  return getRuleContext<WGSLParser::Name_listContext>(0);
}

tree::TerminalNode* WGSLParser::EnableDirectiveContext::SEMICOLON() {
  return getToken(WGSLParser::SEMICOLON, 0);
}

WGSLParser::EnableDirectiveContext::EnableDirectiveContext(Global_directiveContext *ctx) { copyFrom(ctx); }


//----------------- DiagnosticDirectiveContext ------------------------------------------------------------------

tree::TerminalNode* WGSLParser::DiagnosticDirectiveContext::DIAGNOSTIC() {
  return getToken(WGSLParser::DIAGNOSTIC, 0);
}

WGSLParser::Diagnostic_controlContext* WGSLParser::DiagnosticDirectiveContext::diagnostic_control() {
  return getRuleContext<WGSLParser::Diagnostic_controlContext>(0);
}

tree::TerminalNode* WGSLParser::DiagnosticDirectiveContext::SEMICOLON() {
  return getToken(WGSLParser::SEMICOLON, 0);
}

WGSLParser::DiagnosticDirectiveContext::DiagnosticDirectiveContext(Global_directiveContext *ctx) { copyFrom(ctx); }


//----------------- RequiresDirectiveContext ------------------------------------------------------------------

tree::TerminalNode* WGSLParser::RequiresDirectiveContext::REQUIRES() {
  return getToken(WGSLParser::REQUIRES, 0);
}

WGSLParser::Name_listContext* WGSLParser::RequiresDirectiveContext::name_list() {
  return getRuleContext<WGSLParser::Name_listContext>(0);
}

tree::TerminalNode* WGSLParser::RequiresDirectiveContext::SEMICOLON() {
  return getToken(WGSLParser::SEMICOLON, 0);
}

WGSLParser::RequiresDirectiveContext::RequiresDirectiveContext(Global_directiveContext *ctx) { copyFrom(ctx); }


WGSLParser::Global_directiveContext* WGSLParser::global_directive() {
  Global_directiveContext *_localctx = _tracker.createInstance<Global_directiveContext>(_ctx, getState());
  enterRule(_localctx, 4, WGSLParser::RuleGlobal_directive);

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    setState(118);
    _errHandler->sync(this);
    switch (_input->LA(1)) {
      case WGSLParser::DIAGNOSTIC: {
        _localctx = dynamic_cast<Global_directiveContext *>(_tracker.createInstance<WGSLParser::DiagnosticDirectiveContext>(_localctx));
        enterOuterAlt(_localctx, 1);
        setState(106);
        match(WGSLParser::DIAGNOSTIC);
        setState(107);
        diagnostic_control();
        setState(108);
        match(WGSLParser::SEMICOLON);
        break;
      }

      case WGSLParser::ENABLE: {
        _localctx = dynamic_cast<Global_directiveContext *>(_tracker.createInstance<WGSLParser::EnableDirectiveContext>(_localctx));
        enterOuterAlt(_localctx, 2);
        setState(110);
        match(WGSLParser::ENABLE);
        setState(111);
        name_list();
        setState(112);
        match(WGSLParser::SEMICOLON);
        break;
      }

      case WGSLParser::REQUIRES: {
        _localctx = dynamic_cast<Global_directiveContext *>(_tracker.createInstance<WGSLParser::RequiresDirectiveContext>(_localctx));
        enterOuterAlt(_localctx, 3);
        setState(114);
        match(WGSLParser::REQUIRES);
        setState(115);
        name_list();
        setState(116);
        match(WGSLParser::SEMICOLON);
        break;
      }

    default:
      throw NoViableAltException(this);
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Name_listContext ------------------------------------------------------------------

WGSLParser::Name_listContext::Name_listContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

std::vector<WGSLParser::IdentContext *> WGSLParser::Name_listContext::ident() {
  return getRuleContexts<WGSLParser::IdentContext>();
}

WGSLParser::IdentContext* WGSLParser::Name_listContext::ident(size_t i) {
  return getRuleContext<WGSLParser::IdentContext>(i);
}

std::vector<tree::TerminalNode *> WGSLParser::Name_listContext::COMMA() {
  return getTokens(WGSLParser::COMMA);
}

tree::TerminalNode* WGSLParser::Name_listContext::COMMA(size_t i) {
  return getToken(WGSLParser::COMMA, i);
}


size_t WGSLParser::Name_listContext::getRuleIndex() const {
  return WGSLParser::RuleName_list;
}


WGSLParser::Name_listContext* WGSLParser::name_list() {
  Name_listContext *_localctx = _tracker.createInstance<Name_listContext>(_ctx, getState());
  enterRule(_localctx, 6, WGSLParser::RuleName_list);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    size_t alt;
    enterOuterAlt(_localctx, 1);
    setState(120);
    ident();
    setState(125);
    _errHandler->sync(this);
    alt = getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 3, _ctx);
    while (alt != 2 && alt != atn::ATN::INVALID_ALT_NUMBER) {
      if (alt == 1) {
        setState(121);
        match(WGSLParser::COMMA);
        setState(122);
        ident(); 
      }
      setState(127);
      _errHandler->sync(this);
      alt = getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 3, _ctx);
    }
    setState(129);
    _errHandler->sync(this);

    _la = _input->LA(1);
    if (_la == WGSLParser::COMMA) {
      setState(128);
      match(WGSLParser::COMMA);
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Global_declContext ------------------------------------------------------------------

WGSLParser::Global_declContext::Global_declContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}


size_t WGSLParser::Global_declContext::getRuleIndex() const {
  return WGSLParser::RuleGlobal_decl;
}

void WGSLParser::Global_declContext::copyFrom(Global_declContext *ctx) {
  ParserRuleContext::copyFrom(ctx);
}

//----------------- FunctionDeclContext ------------------------------------------------------------------

WGSLParser::Function_headerContext* WGSLParser::FunctionDeclContext::function_header() {
  return getRuleContext<WGSLParser::Function_headerContext>(0);
}

WGSLParser::Compound_statementContext* WGSLParser::FunctionDeclContext::compound_statement() {
  return getRuleContext<WGSLParser::Compound_statementContext>(0);
}

std::vector<WGSLParser::AttributeContext *> WGSLParser::FunctionDeclContext::attribute() {
  return getRuleContexts<WGSLParser::AttributeContext>();
}

WGSLParser::AttributeContext* WGSLParser::FunctionDeclContext::attribute(size_t i) {
  return getRuleContext<WGSLParser::AttributeContext>(i);
}

WGSLParser::FunctionDeclContext::FunctionDeclContext(Global_declContext *ctx) { copyFrom(ctx); }


//----------------- OverrideDeclContext ------------------------------------------------------------------

tree::TerminalNode* WGSLParser::OverrideDeclContext::OVERRIDE() {
  return getToken(WGSLParser::OVERRIDE, 0);
}

WGSLParser::Optionally_typed_identContext* WGSLParser::OverrideDeclContext::optionally_typed_ident() {
  return getRuleContext<WGSLParser::Optionally_typed_identContext>(0);
}

tree::TerminalNode* WGSLParser::OverrideDeclContext::SEMICOLON() {
  return getToken(WGSLParser::SEMICOLON, 0);
}

std::vector<WGSLParser::AttributeContext *> WGSLParser::OverrideDeclContext::attribute() {
  return getRuleContexts<WGSLParser::AttributeContext>();
}

WGSLParser::AttributeContext* WGSLParser::OverrideDeclContext::attribute(size_t i) {
  return getRuleContext<WGSLParser::AttributeContext>(i);
}

tree::TerminalNode* WGSLParser::OverrideDeclContext::EQUAL() {
  return getToken(WGSLParser::EQUAL, 0);
}

WGSLParser::ExpressionContext* WGSLParser::OverrideDeclContext::expression() {
  return getRuleContext<WGSLParser::ExpressionContext>(0);
}

WGSLParser::OverrideDeclContext::OverrideDeclContext(Global_declContext *ctx) { copyFrom(ctx); }


//----------------- GlobalVarDeclContext ------------------------------------------------------------------

WGSLParser::Variable_declContext* WGSLParser::GlobalVarDeclContext::variable_decl() {
  return getRuleContext<WGSLParser::Variable_declContext>(0);
}

tree::TerminalNode* WGSLParser::GlobalVarDeclContext::SEMICOLON() {
  return getToken(WGSLParser::SEMICOLON, 0);
}

std::vector<WGSLParser::AttributeContext *> WGSLParser::GlobalVarDeclContext::attribute() {
  return getRuleContexts<WGSLParser::AttributeContext>();
}

WGSLParser::AttributeContext* WGSLParser::GlobalVarDeclContext::attribute(size_t i) {
  return getRuleContext<WGSLParser::AttributeContext>(i);
}

tree::TerminalNode* WGSLParser::GlobalVarDeclContext::EQUAL() {
  return getToken(WGSLParser::EQUAL, 0);
}

WGSLParser::ExpressionContext* WGSLParser::GlobalVarDeclContext::expression() {
  return getRuleContext<WGSLParser::ExpressionContext>(0);
}

WGSLParser::GlobalVarDeclContext::GlobalVarDeclContext(Global_declContext *ctx) { copyFrom(ctx); }


//----------------- GlobalConstDeclContext ------------------------------------------------------------------

tree::TerminalNode* WGSLParser::GlobalConstDeclContext::CONST() {
  return getToken(WGSLParser::CONST, 0);
}

WGSLParser::Optionally_typed_identContext* WGSLParser::GlobalConstDeclContext::optionally_typed_ident() {
  return getRuleContext<WGSLParser::Optionally_typed_identContext>(0);
}

tree::TerminalNode* WGSLParser::GlobalConstDeclContext::EQUAL() {
  return getToken(WGSLParser::EQUAL, 0);
}

WGSLParser::ExpressionContext* WGSLParser::GlobalConstDeclContext::expression() {
  return getRuleContext<WGSLParser::ExpressionContext>(0);
}

tree::TerminalNode* WGSLParser::GlobalConstDeclContext::SEMICOLON() {
  return getToken(WGSLParser::SEMICOLON, 0);
}

std::vector<WGSLParser::AttributeContext *> WGSLParser::GlobalConstDeclContext::attribute() {
  return getRuleContexts<WGSLParser::AttributeContext>();
}

WGSLParser::AttributeContext* WGSLParser::GlobalConstDeclContext::attribute(size_t i) {
  return getRuleContext<WGSLParser::AttributeContext>(i);
}

WGSLParser::GlobalConstDeclContext::GlobalConstDeclContext(Global_declContext *ctx) { copyFrom(ctx); }


//----------------- AliasDeclContext ------------------------------------------------------------------

tree::TerminalNode* WGSLParser::AliasDeclContext::ALIAS() {
  return getToken(WGSLParser::ALIAS, 0);
}

WGSLParser::IdentContext* WGSLParser::AliasDeclContext::ident() {
  return getRuleContext<WGSLParser::IdentContext>(0);
}

tree::TerminalNode* WGSLParser::AliasDeclContext::EQUAL() {
  return getToken(WGSLParser::EQUAL, 0);
}

WGSLParser::Type_specifierContext* WGSLParser::AliasDeclContext::type_specifier() {
  return getRuleContext<WGSLParser::Type_specifierContext>(0);
}

tree::TerminalNode* WGSLParser::AliasDeclContext::SEMICOLON() {
  return getToken(WGSLParser::SEMICOLON, 0);
}

std::vector<WGSLParser::AttributeContext *> WGSLParser::AliasDeclContext::attribute() {
  return getRuleContexts<WGSLParser::AttributeContext>();
}

WGSLParser::AttributeContext* WGSLParser::AliasDeclContext::attribute(size_t i) {
  return getRuleContext<WGSLParser::AttributeContext>(i);
}

WGSLParser::AliasDeclContext::AliasDeclContext(Global_declContext *ctx) { copyFrom(ctx); }


//----------------- StructDeclContext ------------------------------------------------------------------

tree::TerminalNode* WGSLParser::StructDeclContext::STRUCT() {
  return getToken(WGSLParser::STRUCT, 0);
}

WGSLParser::IdentContext* WGSLParser::StructDeclContext::ident() {
  return getRuleContext<WGSLParser::IdentContext>(0);
}

WGSLParser::Struct_bodyContext* WGSLParser::StructDeclContext::struct_body() {
  return getRuleContext<WGSLParser::Struct_bodyContext>(0);
}

std::vector<WGSLParser::AttributeContext *> WGSLParser::StructDeclContext::attribute() {
  return getRuleContexts<WGSLParser::AttributeContext>();
}

WGSLParser::AttributeContext* WGSLParser::StructDeclContext::attribute(size_t i) {
  return getRuleContext<WGSLParser::AttributeContext>(i);
}

WGSLParser::StructDeclContext::StructDeclContext(Global_declContext *ctx) { copyFrom(ctx); }


WGSLParser::Global_declContext* WGSLParser::global_decl() {
  Global_declContext *_localctx = _tracker.createInstance<Global_declContext>(_ctx, getState());
  enterRule(_localctx, 8, WGSLParser::RuleGlobal_decl);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    setState(201);
    _errHandler->sync(this);
    switch (getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 13, _ctx)) {
    case 1: {
      _localctx = dynamic_cast<Global_declContext *>(_tracker.createInstance<WGSLParser::GlobalVarDeclContext>(_localctx));
      enterOuterAlt(_localctx, 1);
      setState(134);
      _errHandler->sync(this);
      _la = _input->LA(1);
      while (_la == WGSLParser::ATTR) {
        setState(131);
        attribute();
        setState(136);
        _errHandler->sync(this);
        _la = _input->LA(1);
      }
      setState(137);
      variable_decl();
      setState(140);
      _errHandler->sync(this);

      _la = _input->LA(1);
      if (_la == WGSLParser::EQUAL) {
        setState(138);
        match(WGSLParser::EQUAL);
        setState(139);
        expression(0);
      }
      setState(142);
      match(WGSLParser::SEMICOLON);
      break;
    }

    case 2: {
      _localctx = dynamic_cast<Global_declContext *>(_tracker.createInstance<WGSLParser::OverrideDeclContext>(_localctx));
      enterOuterAlt(_localctx, 2);
      setState(147);
      _errHandler->sync(this);
      _la = _input->LA(1);
      while (_la == WGSLParser::ATTR) {
        setState(144);
        attribute();
        setState(149);
        _errHandler->sync(this);
        _la = _input->LA(1);
      }
      setState(150);
      match(WGSLParser::OVERRIDE);
      setState(151);
      optionally_typed_ident();
      setState(154);
      _errHandler->sync(this);

      _la = _input->LA(1);
      if (_la == WGSLParser::EQUAL) {
        setState(152);
        match(WGSLParser::EQUAL);
        setState(153);
        expression(0);
      }
      setState(156);
      match(WGSLParser::SEMICOLON);
      break;
    }

    case 3: {
      _localctx = dynamic_cast<Global_declContext *>(_tracker.createInstance<WGSLParser::GlobalConstDeclContext>(_localctx));
      enterOuterAlt(_localctx, 3);
      setState(161);
      _errHandler->sync(this);
      _la = _input->LA(1);
      while (_la == WGSLParser::ATTR) {
        setState(158);
        attribute();
        setState(163);
        _errHandler->sync(this);
        _la = _input->LA(1);
      }
      setState(164);
      match(WGSLParser::CONST);
      setState(165);
      optionally_typed_ident();
      setState(166);
      match(WGSLParser::EQUAL);
      setState(167);
      expression(0);
      setState(168);
      match(WGSLParser::SEMICOLON);
      break;
    }

    case 4: {
      _localctx = dynamic_cast<Global_declContext *>(_tracker.createInstance<WGSLParser::AliasDeclContext>(_localctx));
      enterOuterAlt(_localctx, 4);
      setState(173);
      _errHandler->sync(this);
      _la = _input->LA(1);
      while (_la == WGSLParser::ATTR) {
        setState(170);
        attribute();
        setState(175);
        _errHandler->sync(this);
        _la = _input->LA(1);
      }
      setState(176);
      match(WGSLParser::ALIAS);
      setState(177);
      ident();
      setState(178);
      match(WGSLParser::EQUAL);
      setState(179);
      type_specifier();
      setState(180);
      match(WGSLParser::SEMICOLON);
      break;
    }

    case 5: {
      _localctx = dynamic_cast<Global_declContext *>(_tracker.createInstance<WGSLParser::StructDeclContext>(_localctx));
      enterOuterAlt(_localctx, 5);
      setState(185);
      _errHandler->sync(this);
      _la = _input->LA(1);
      while (_la == WGSLParser::ATTR) {
        setState(182);
        attribute();
        setState(187);
        _errHandler->sync(this);
        _la = _input->LA(1);
      }
      setState(188);
      match(WGSLParser::STRUCT);
      setState(189);
      ident();
      setState(190);
      struct_body();
      break;
    }

    case 6: {
      _localctx = dynamic_cast<Global_declContext *>(_tracker.createInstance<WGSLParser::FunctionDeclContext>(_localctx));
      enterOuterAlt(_localctx, 6);
      setState(195);
      _errHandler->sync(this);
      _la = _input->LA(1);
      while (_la == WGSLParser::ATTR) {
        setState(192);
        attribute();
        setState(197);
        _errHandler->sync(this);
        _la = _input->LA(1);
      }
      setState(198);
      function_header();
      setState(199);
      compound_statement();
      break;
    }

    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Struct_bodyContext ------------------------------------------------------------------

WGSLParser::Struct_bodyContext::Struct_bodyContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* WGSLParser::Struct_bodyContext::BRACE_LEFT() {
  return getToken(WGSLParser::BRACE_LEFT, 0);
}

std::vector<WGSLParser::Struct_memberContext *> WGSLParser::Struct_bodyContext::struct_member() {
  return getRuleContexts<WGSLParser::Struct_memberContext>();
}

WGSLParser::Struct_memberContext* WGSLParser::Struct_bodyContext::struct_member(size_t i) {
  return getRuleContext<WGSLParser::Struct_memberContext>(i);
}

tree::TerminalNode* WGSLParser::Struct_bodyContext::BRACE_RIGHT() {
  return getToken(WGSLParser::BRACE_RIGHT, 0);
}

std::vector<WGSLParser::Member_separatorContext *> WGSLParser::Struct_bodyContext::member_separator() {
  return getRuleContexts<WGSLParser::Member_separatorContext>();
}

WGSLParser::Member_separatorContext* WGSLParser::Struct_bodyContext::member_separator(size_t i) {
  return getRuleContext<WGSLParser::Member_separatorContext>(i);
}


size_t WGSLParser::Struct_bodyContext::getRuleIndex() const {
  return WGSLParser::RuleStruct_body;
}


WGSLParser::Struct_bodyContext* WGSLParser::struct_body() {
  Struct_bodyContext *_localctx = _tracker.createInstance<Struct_bodyContext>(_ctx, getState());
  enterRule(_localctx, 10, WGSLParser::RuleStruct_body);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    size_t alt;
    enterOuterAlt(_localctx, 1);
    setState(203);
    match(WGSLParser::BRACE_LEFT);
    setState(204);
    struct_member();
    setState(210);
    _errHandler->sync(this);
    alt = getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 14, _ctx);
    while (alt != 2 && alt != atn::ATN::INVALID_ALT_NUMBER) {
      if (alt == 1) {
        setState(205);
        member_separator();
        setState(206);
        struct_member(); 
      }
      setState(212);
      _errHandler->sync(this);
      alt = getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 14, _ctx);
    }
    setState(214);
    _errHandler->sync(this);

    _la = _input->LA(1);
    if (_la == WGSLParser::COMMA

    || _la == WGSLParser::SEMICOLON) {
      setState(213);
      member_separator();
    }
    setState(216);
    match(WGSLParser::BRACE_RIGHT);
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Member_separatorContext ------------------------------------------------------------------

WGSLParser::Member_separatorContext::Member_separatorContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* WGSLParser::Member_separatorContext::COMMA() {
  return getToken(WGSLParser::COMMA, 0);
}

tree::TerminalNode* WGSLParser::Member_separatorContext::SEMICOLON() {
  return getToken(WGSLParser::SEMICOLON, 0);
}


size_t WGSLParser::Member_separatorContext::getRuleIndex() const {
  return WGSLParser::RuleMember_separator;
}


WGSLParser::Member_separatorContext* WGSLParser::member_separator() {
  Member_separatorContext *_localctx = _tracker.createInstance<Member_separatorContext>(_ctx, getState());
  enterRule(_localctx, 12, WGSLParser::RuleMember_separator);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(218);
    _la = _input->LA(1);
    if (!(_la == WGSLParser::COMMA

    || _la == WGSLParser::SEMICOLON)) {
    _errHandler->recoverInline(this);
    }
    else {
      _errHandler->reportMatch(this);
      consume();
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Struct_memberContext ------------------------------------------------------------------

WGSLParser::Struct_memberContext::Struct_memberContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

WGSLParser::Member_identContext* WGSLParser::Struct_memberContext::member_ident() {
  return getRuleContext<WGSLParser::Member_identContext>(0);
}

tree::TerminalNode* WGSLParser::Struct_memberContext::COLON() {
  return getToken(WGSLParser::COLON, 0);
}

WGSLParser::Type_specifierContext* WGSLParser::Struct_memberContext::type_specifier() {
  return getRuleContext<WGSLParser::Type_specifierContext>(0);
}

std::vector<WGSLParser::AttributeContext *> WGSLParser::Struct_memberContext::attribute() {
  return getRuleContexts<WGSLParser::AttributeContext>();
}

WGSLParser::AttributeContext* WGSLParser::Struct_memberContext::attribute(size_t i) {
  return getRuleContext<WGSLParser::AttributeContext>(i);
}


size_t WGSLParser::Struct_memberContext::getRuleIndex() const {
  return WGSLParser::RuleStruct_member;
}


WGSLParser::Struct_memberContext* WGSLParser::struct_member() {
  Struct_memberContext *_localctx = _tracker.createInstance<Struct_memberContext>(_ctx, getState());
  enterRule(_localctx, 14, WGSLParser::RuleStruct_member);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(223);
    _errHandler->sync(this);
    _la = _input->LA(1);
    while (_la == WGSLParser::ATTR) {
      setState(220);
      attribute();
      setState(225);
      _errHandler->sync(this);
      _la = _input->LA(1);
    }
    setState(226);
    member_ident();
    setState(227);
    match(WGSLParser::COLON);
    setState(228);
    type_specifier();
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Function_headerContext ------------------------------------------------------------------

WGSLParser::Function_headerContext::Function_headerContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* WGSLParser::Function_headerContext::FN() {
  return getToken(WGSLParser::FN, 0);
}

WGSLParser::IdentContext* WGSLParser::Function_headerContext::ident() {
  return getRuleContext<WGSLParser::IdentContext>(0);
}

tree::TerminalNode* WGSLParser::Function_headerContext::PAREN_LEFT() {
  return getToken(WGSLParser::PAREN_LEFT, 0);
}

tree::TerminalNode* WGSLParser::Function_headerContext::PAREN_RIGHT() {
  return getToken(WGSLParser::PAREN_RIGHT, 0);
}

WGSLParser::Param_listContext* WGSLParser::Function_headerContext::param_list() {
  return getRuleContext<WGSLParser::Param_listContext>(0);
}

tree::TerminalNode* WGSLParser::Function_headerContext::ARROW() {
  return getToken(WGSLParser::ARROW, 0);
}

WGSLParser::Type_specifierContext* WGSLParser::Function_headerContext::type_specifier() {
  return getRuleContext<WGSLParser::Type_specifierContext>(0);
}

std::vector<WGSLParser::AttributeContext *> WGSLParser::Function_headerContext::attribute() {
  return getRuleContexts<WGSLParser::AttributeContext>();
}

WGSLParser::AttributeContext* WGSLParser::Function_headerContext::attribute(size_t i) {
  return getRuleContext<WGSLParser::AttributeContext>(i);
}


size_t WGSLParser::Function_headerContext::getRuleIndex() const {
  return WGSLParser::RuleFunction_header;
}


WGSLParser::Function_headerContext* WGSLParser::function_header() {
  Function_headerContext *_localctx = _tracker.createInstance<Function_headerContext>(_ctx, getState());
  enterRule(_localctx, 16, WGSLParser::RuleFunction_header);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(230);
    match(WGSLParser::FN);
    setState(231);
    ident();
    setState(232);
    match(WGSLParser::PAREN_LEFT);
    setState(234);
    _errHandler->sync(this);

    _la = _input->LA(1);
    if (_la == WGSLParser::ATTR

    || _la == WGSLParser::IDENT) {
      setState(233);
      param_list();
    }
    setState(236);
    match(WGSLParser::PAREN_RIGHT);
    setState(245);
    _errHandler->sync(this);

    _la = _input->LA(1);
    if (_la == WGSLParser::ARROW) {
      setState(237);
      match(WGSLParser::ARROW);
      setState(241);
      _errHandler->sync(this);
      _la = _input->LA(1);
      while (_la == WGSLParser::ATTR) {
        setState(238);
        attribute();
        setState(243);
        _errHandler->sync(this);
        _la = _input->LA(1);
      }
      setState(244);
      type_specifier();
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Param_listContext ------------------------------------------------------------------

WGSLParser::Param_listContext::Param_listContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

std::vector<WGSLParser::ParamContext *> WGSLParser::Param_listContext::param() {
  return getRuleContexts<WGSLParser::ParamContext>();
}

WGSLParser::ParamContext* WGSLParser::Param_listContext::param(size_t i) {
  return getRuleContext<WGSLParser::ParamContext>(i);
}

std::vector<tree::TerminalNode *> WGSLParser::Param_listContext::COMMA() {
  return getTokens(WGSLParser::COMMA);
}

tree::TerminalNode* WGSLParser::Param_listContext::COMMA(size_t i) {
  return getToken(WGSLParser::COMMA, i);
}


size_t WGSLParser::Param_listContext::getRuleIndex() const {
  return WGSLParser::RuleParam_list;
}


WGSLParser::Param_listContext* WGSLParser::param_list() {
  Param_listContext *_localctx = _tracker.createInstance<Param_listContext>(_ctx, getState());
  enterRule(_localctx, 18, WGSLParser::RuleParam_list);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    size_t alt;
    enterOuterAlt(_localctx, 1);
    setState(247);
    param();
    setState(252);
    _errHandler->sync(this);
    alt = getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 20, _ctx);
    while (alt != 2 && alt != atn::ATN::INVALID_ALT_NUMBER) {
      if (alt == 1) {
        setState(248);
        match(WGSLParser::COMMA);
        setState(249);
        param(); 
      }
      setState(254);
      _errHandler->sync(this);
      alt = getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 20, _ctx);
    }
    setState(256);
    _errHandler->sync(this);

    _la = _input->LA(1);
    if (_la == WGSLParser::COMMA) {
      setState(255);
      match(WGSLParser::COMMA);
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- ParamContext ------------------------------------------------------------------

WGSLParser::ParamContext::ParamContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

WGSLParser::IdentContext* WGSLParser::ParamContext::ident() {
  return getRuleContext<WGSLParser::IdentContext>(0);
}

tree::TerminalNode* WGSLParser::ParamContext::COLON() {
  return getToken(WGSLParser::COLON, 0);
}

WGSLParser::Type_specifierContext* WGSLParser::ParamContext::type_specifier() {
  return getRuleContext<WGSLParser::Type_specifierContext>(0);
}

std::vector<WGSLParser::AttributeContext *> WGSLParser::ParamContext::attribute() {
  return getRuleContexts<WGSLParser::AttributeContext>();
}

WGSLParser::AttributeContext* WGSLParser::ParamContext::attribute(size_t i) {
  return getRuleContext<WGSLParser::AttributeContext>(i);
}


size_t WGSLParser::ParamContext::getRuleIndex() const {
  return WGSLParser::RuleParam;
}


WGSLParser::ParamContext* WGSLParser::param() {
  ParamContext *_localctx = _tracker.createInstance<ParamContext>(_ctx, getState());
  enterRule(_localctx, 20, WGSLParser::RuleParam);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(261);
    _errHandler->sync(this);
    _la = _input->LA(1);
    while (_la == WGSLParser::ATTR) {
      setState(258);
      attribute();
      setState(263);
      _errHandler->sync(this);
      _la = _input->LA(1);
    }
    setState(264);
    ident();
    setState(265);
    match(WGSLParser::COLON);
    setState(266);
    type_specifier();
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- AttributeContext ------------------------------------------------------------------

WGSLParser::AttributeContext::AttributeContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}


size_t WGSLParser::AttributeContext::getRuleIndex() const {
  return WGSLParser::RuleAttribute;
}

void WGSLParser::AttributeContext::copyFrom(AttributeContext *ctx) {
  ParserRuleContext::copyFrom(ctx);
}

//----------------- PlainAttrContext ------------------------------------------------------------------

tree::TerminalNode* WGSLParser::PlainAttrContext::ATTR() {
  return getToken(WGSLParser::ATTR, 0);
}

WGSLParser::Attribute_nameContext* WGSLParser::PlainAttrContext::attribute_name() {
  return getRuleContext<WGSLParser::Attribute_nameContext>(0);
}

WGSLParser::Argument_expression_listContext* WGSLParser::PlainAttrContext::argument_expression_list() {
  return getRuleContext<WGSLParser::Argument_expression_listContext>(0);
}

WGSLParser::PlainAttrContext::PlainAttrContext(AttributeContext *ctx) { copyFrom(ctx); }


//----------------- DiagnosticAttrContext ------------------------------------------------------------------

tree::TerminalNode* WGSLParser::DiagnosticAttrContext::ATTR() {
  return getToken(WGSLParser::ATTR, 0);
}

tree::TerminalNode* WGSLParser::DiagnosticAttrContext::DIAGNOSTIC() {
  return getToken(WGSLParser::DIAGNOSTIC, 0);
}

WGSLParser::Diagnostic_controlContext* WGSLParser::DiagnosticAttrContext::diagnostic_control() {
  return getRuleContext<WGSLParser::Diagnostic_controlContext>(0);
}

WGSLParser::DiagnosticAttrContext::DiagnosticAttrContext(AttributeContext *ctx) { copyFrom(ctx); }


WGSLParser::AttributeContext* WGSLParser::attribute() {
  AttributeContext *_localctx = _tracker.createInstance<AttributeContext>(_ctx, getState());
  enterRule(_localctx, 22, WGSLParser::RuleAttribute);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    setState(276);
    _errHandler->sync(this);
    switch (getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 24, _ctx)) {
    case 1: {
      _localctx = dynamic_cast<AttributeContext *>(_tracker.createInstance<WGSLParser::DiagnosticAttrContext>(_localctx));
      enterOuterAlt(_localctx, 1);
      setState(268);
      match(WGSLParser::ATTR);
      setState(269);
      match(WGSLParser::DIAGNOSTIC);
      setState(270);
      diagnostic_control();
      break;
    }

    case 2: {
      _localctx = dynamic_cast<AttributeContext *>(_tracker.createInstance<WGSLParser::PlainAttrContext>(_localctx));
      enterOuterAlt(_localctx, 2);
      setState(271);
      match(WGSLParser::ATTR);
      setState(272);
      attribute_name();
      setState(274);
      _errHandler->sync(this);

      _la = _input->LA(1);
      if (_la == WGSLParser::PAREN_LEFT) {
        setState(273);
        argument_expression_list();
      }
      break;
    }

    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Attribute_nameContext ------------------------------------------------------------------

WGSLParser::Attribute_nameContext::Attribute_nameContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* WGSLParser::Attribute_nameContext::IDENT() {
  return getToken(WGSLParser::IDENT, 0);
}

tree::TerminalNode* WGSLParser::Attribute_nameContext::CONST() {
  return getToken(WGSLParser::CONST, 0);
}


size_t WGSLParser::Attribute_nameContext::getRuleIndex() const {
  return WGSLParser::RuleAttribute_name;
}


WGSLParser::Attribute_nameContext* WGSLParser::attribute_name() {
  Attribute_nameContext *_localctx = _tracker.createInstance<Attribute_nameContext>(_ctx, getState());
  enterRule(_localctx, 24, WGSLParser::RuleAttribute_name);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(278);
    _la = _input->LA(1);
    if (!(_la == WGSLParser::CONST || _la == WGSLParser::IDENT)) {
    _errHandler->recoverInline(this);
    }
    else {
      _errHandler->reportMatch(this);
      consume();
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Diagnostic_controlContext ------------------------------------------------------------------

WGSLParser::Diagnostic_controlContext::Diagnostic_controlContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* WGSLParser::Diagnostic_controlContext::PAREN_LEFT() {
  return getToken(WGSLParser::PAREN_LEFT, 0);
}

WGSLParser::IdentContext* WGSLParser::Diagnostic_controlContext::ident() {
  return getRuleContext<WGSLParser::IdentContext>(0);
}

std::vector<tree::TerminalNode *> WGSLParser::Diagnostic_controlContext::COMMA() {
  return getTokens(WGSLParser::COMMA);
}

tree::TerminalNode* WGSLParser::Diagnostic_controlContext::COMMA(size_t i) {
  return getToken(WGSLParser::COMMA, i);
}

WGSLParser::Diagnostic_rule_nameContext* WGSLParser::Diagnostic_controlContext::diagnostic_rule_name() {
  return getRuleContext<WGSLParser::Diagnostic_rule_nameContext>(0);
}

tree::TerminalNode* WGSLParser::Diagnostic_controlContext::PAREN_RIGHT() {
  return getToken(WGSLParser::PAREN_RIGHT, 0);
}


size_t WGSLParser::Diagnostic_controlContext::getRuleIndex() const {
  return WGSLParser::RuleDiagnostic_control;
}


WGSLParser::Diagnostic_controlContext* WGSLParser::diagnostic_control() {
  Diagnostic_controlContext *_localctx = _tracker.createInstance<Diagnostic_controlContext>(_ctx, getState());
  enterRule(_localctx, 26, WGSLParser::RuleDiagnostic_control);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(280);
    match(WGSLParser::PAREN_LEFT);
    setState(281);
    ident();
    setState(282);
    match(WGSLParser::COMMA);
    setState(283);
    diagnostic_rule_name();
    setState(285);
    _errHandler->sync(this);

    _la = _input->LA(1);
    if (_la == WGSLParser::COMMA) {
      setState(284);
      match(WGSLParser::COMMA);
    }
    setState(287);
    match(WGSLParser::PAREN_RIGHT);
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Diagnostic_rule_nameContext ------------------------------------------------------------------

WGSLParser::Diagnostic_rule_nameContext::Diagnostic_rule_nameContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

std::vector<WGSLParser::IdentContext *> WGSLParser::Diagnostic_rule_nameContext::ident() {
  return getRuleContexts<WGSLParser::IdentContext>();
}

WGSLParser::IdentContext* WGSLParser::Diagnostic_rule_nameContext::ident(size_t i) {
  return getRuleContext<WGSLParser::IdentContext>(i);
}

tree::TerminalNode* WGSLParser::Diagnostic_rule_nameContext::PERIOD() {
  return getToken(WGSLParser::PERIOD, 0);
}


size_t WGSLParser::Diagnostic_rule_nameContext::getRuleIndex() const {
  return WGSLParser::RuleDiagnostic_rule_name;
}


WGSLParser::Diagnostic_rule_nameContext* WGSLParser::diagnostic_rule_name() {
  Diagnostic_rule_nameContext *_localctx = _tracker.createInstance<Diagnostic_rule_nameContext>(_ctx, getState());
  enterRule(_localctx, 28, WGSLParser::RuleDiagnostic_rule_name);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(289);
    ident();
    setState(292);
    _errHandler->sync(this);

    _la = _input->LA(1);
    if (_la == WGSLParser::PERIOD) {
      setState(290);
      match(WGSLParser::PERIOD);
      setState(291);
      ident();
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Variable_declContext ------------------------------------------------------------------

WGSLParser::Variable_declContext::Variable_declContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* WGSLParser::Variable_declContext::VAR() {
  return getToken(WGSLParser::VAR, 0);
}

WGSLParser::Optionally_typed_identContext* WGSLParser::Variable_declContext::optionally_typed_ident() {
  return getRuleContext<WGSLParser::Optionally_typed_identContext>(0);
}

WGSLParser::Template_listContext* WGSLParser::Variable_declContext::template_list() {
  return getRuleContext<WGSLParser::Template_listContext>(0);
}


size_t WGSLParser::Variable_declContext::getRuleIndex() const {
  return WGSLParser::RuleVariable_decl;
}


WGSLParser::Variable_declContext* WGSLParser::variable_decl() {
  Variable_declContext *_localctx = _tracker.createInstance<Variable_declContext>(_ctx, getState());
  enterRule(_localctx, 30, WGSLParser::RuleVariable_decl);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(294);
    match(WGSLParser::VAR);
    setState(296);
    _errHandler->sync(this);

    _la = _input->LA(1);
    if (_la == WGSLParser::TEMPLATE_ARGS_START) {
      setState(295);
      template_list();
    }
    setState(298);
    optionally_typed_ident();
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Optionally_typed_identContext ------------------------------------------------------------------

WGSLParser::Optionally_typed_identContext::Optionally_typed_identContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

WGSLParser::IdentContext* WGSLParser::Optionally_typed_identContext::ident() {
  return getRuleContext<WGSLParser::IdentContext>(0);
}

tree::TerminalNode* WGSLParser::Optionally_typed_identContext::COLON() {
  return getToken(WGSLParser::COLON, 0);
}

WGSLParser::Type_specifierContext* WGSLParser::Optionally_typed_identContext::type_specifier() {
  return getRuleContext<WGSLParser::Type_specifierContext>(0);
}


size_t WGSLParser::Optionally_typed_identContext::getRuleIndex() const {
  return WGSLParser::RuleOptionally_typed_ident;
}


WGSLParser::Optionally_typed_identContext* WGSLParser::optionally_typed_ident() {
  Optionally_typed_identContext *_localctx = _tracker.createInstance<Optionally_typed_identContext>(_ctx, getState());
  enterRule(_localctx, 32, WGSLParser::RuleOptionally_typed_ident);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(300);
    ident();
    setState(303);
    _errHandler->sync(this);

    _la = _input->LA(1);
    if (_la == WGSLParser::COLON) {
      setState(301);
      match(WGSLParser::COLON);
      setState(302);
      type_specifier();
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Type_specifierContext ------------------------------------------------------------------

WGSLParser::Type_specifierContext::Type_specifierContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

WGSLParser::Template_elaborated_identContext* WGSLParser::Type_specifierContext::template_elaborated_ident() {
  return getRuleContext<WGSLParser::Template_elaborated_identContext>(0);
}


size_t WGSLParser::Type_specifierContext::getRuleIndex() const {
  return WGSLParser::RuleType_specifier;
}


WGSLParser::Type_specifierContext* WGSLParser::type_specifier() {
  Type_specifierContext *_localctx = _tracker.createInstance<Type_specifierContext>(_ctx, getState());
  enterRule(_localctx, 34, WGSLParser::RuleType_specifier);

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(305);
    template_elaborated_ident();
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Template_elaborated_identContext ------------------------------------------------------------------

WGSLParser::Template_elaborated_identContext::Template_elaborated_identContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

WGSLParser::IdentContext* WGSLParser::Template_elaborated_identContext::ident() {
  return getRuleContext<WGSLParser::IdentContext>(0);
}

WGSLParser::Template_listContext* WGSLParser::Template_elaborated_identContext::template_list() {
  return getRuleContext<WGSLParser::Template_listContext>(0);
}


size_t WGSLParser::Template_elaborated_identContext::getRuleIndex() const {
  return WGSLParser::RuleTemplate_elaborated_ident;
}


WGSLParser::Template_elaborated_identContext* WGSLParser::template_elaborated_ident() {
  Template_elaborated_identContext *_localctx = _tracker.createInstance<Template_elaborated_identContext>(_ctx, getState());
  enterRule(_localctx, 36, WGSLParser::RuleTemplate_elaborated_ident);

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(307);
    ident();
    setState(309);
    _errHandler->sync(this);

    switch (getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 29, _ctx)) {
    case 1: {
      setState(308);
      template_list();
      break;
    }

    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Template_listContext ------------------------------------------------------------------

WGSLParser::Template_listContext::Template_listContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* WGSLParser::Template_listContext::TEMPLATE_ARGS_START() {
  return getToken(WGSLParser::TEMPLATE_ARGS_START, 0);
}

std::vector<WGSLParser::ExpressionContext *> WGSLParser::Template_listContext::expression() {
  return getRuleContexts<WGSLParser::ExpressionContext>();
}

WGSLParser::ExpressionContext* WGSLParser::Template_listContext::expression(size_t i) {
  return getRuleContext<WGSLParser::ExpressionContext>(i);
}

tree::TerminalNode* WGSLParser::Template_listContext::TEMPLATE_ARGS_END() {
  return getToken(WGSLParser::TEMPLATE_ARGS_END, 0);
}

std::vector<tree::TerminalNode *> WGSLParser::Template_listContext::COMMA() {
  return getTokens(WGSLParser::COMMA);
}

tree::TerminalNode* WGSLParser::Template_listContext::COMMA(size_t i) {
  return getToken(WGSLParser::COMMA, i);
}


size_t WGSLParser::Template_listContext::getRuleIndex() const {
  return WGSLParser::RuleTemplate_list;
}


WGSLParser::Template_listContext* WGSLParser::template_list() {
  Template_listContext *_localctx = _tracker.createInstance<Template_listContext>(_ctx, getState());
  enterRule(_localctx, 38, WGSLParser::RuleTemplate_list);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    size_t alt;
    enterOuterAlt(_localctx, 1);
    setState(311);
    match(WGSLParser::TEMPLATE_ARGS_START);
    setState(312);
    expression(0);
    setState(317);
    _errHandler->sync(this);
    alt = getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 30, _ctx);
    while (alt != 2 && alt != atn::ATN::INVALID_ALT_NUMBER) {
      if (alt == 1) {
        setState(313);
        match(WGSLParser::COMMA);
        setState(314);
        expression(0); 
      }
      setState(319);
      _errHandler->sync(this);
      alt = getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 30, _ctx);
    }
    setState(321);
    _errHandler->sync(this);

    _la = _input->LA(1);
    if (_la == WGSLParser::COMMA) {
      setState(320);
      match(WGSLParser::COMMA);
    }
    setState(323);
    match(WGSLParser::TEMPLATE_ARGS_END);
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- IdentContext ------------------------------------------------------------------

WGSLParser::IdentContext::IdentContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* WGSLParser::IdentContext::IDENT() {
  return getToken(WGSLParser::IDENT, 0);
}


size_t WGSLParser::IdentContext::getRuleIndex() const {
  return WGSLParser::RuleIdent;
}


WGSLParser::IdentContext* WGSLParser::ident() {
  IdentContext *_localctx = _tracker.createInstance<IdentContext>(_ctx, getState());
  enterRule(_localctx, 40, WGSLParser::RuleIdent);

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(325);
    match(WGSLParser::IDENT);
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Member_identContext ------------------------------------------------------------------

WGSLParser::Member_identContext::Member_identContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* WGSLParser::Member_identContext::IDENT() {
  return getToken(WGSLParser::IDENT, 0);
}


size_t WGSLParser::Member_identContext::getRuleIndex() const {
  return WGSLParser::RuleMember_ident;
}


WGSLParser::Member_identContext* WGSLParser::member_ident() {
  Member_identContext *_localctx = _tracker.createInstance<Member_identContext>(_ctx, getState());
  enterRule(_localctx, 42, WGSLParser::RuleMember_ident);

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(327);
    match(WGSLParser::IDENT);
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Compound_statementContext ------------------------------------------------------------------

WGSLParser::Compound_statementContext::Compound_statementContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* WGSLParser::Compound_statementContext::BRACE_LEFT() {
  return getToken(WGSLParser::BRACE_LEFT, 0);
}

tree::TerminalNode* WGSLParser::Compound_statementContext::BRACE_RIGHT() {
  return getToken(WGSLParser::BRACE_RIGHT, 0);
}

std::vector<WGSLParser::AttributeContext *> WGSLParser::Compound_statementContext::attribute() {
  return getRuleContexts<WGSLParser::AttributeContext>();
}

WGSLParser::AttributeContext* WGSLParser::Compound_statementContext::attribute(size_t i) {
  return getRuleContext<WGSLParser::AttributeContext>(i);
}

std::vector<WGSLParser::StatementContext *> WGSLParser::Compound_statementContext::statement() {
  return getRuleContexts<WGSLParser::StatementContext>();
}

WGSLParser::StatementContext* WGSLParser::Compound_statementContext::statement(size_t i) {
  return getRuleContext<WGSLParser::StatementContext>(i);
}


size_t WGSLParser::Compound_statementContext::getRuleIndex() const {
  return WGSLParser::RuleCompound_statement;
}


WGSLParser::Compound_statementContext* WGSLParser::compound_statement() {
  Compound_statementContext *_localctx = _tracker.createInstance<Compound_statementContext>(_ctx, getState());
  enterRule(_localctx, 44, WGSLParser::RuleCompound_statement);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(332);
    _errHandler->sync(this);
    _la = _input->LA(1);
    while (_la == WGSLParser::ATTR) {
      setState(329);
      attribute();
      setState(334);
      _errHandler->sync(this);
      _la = _input->LA(1);
    }
    setState(335);
    match(WGSLParser::BRACE_LEFT);
    setState(339);
    _errHandler->sync(this);
    _la = _input->LA(1);
    while ((((_la & ~ 0x3fULL) == 0) &&
      ((1ULL << _la) & ((1ULL << WGSLParser::BREAK)
      | (1ULL << WGSLParser::CONST)
      | (1ULL << WGSLParser::CONST_ASSERT)
      | (1ULL << WGSLParser::CONTINUE)
      | (1ULL << WGSLParser::DISCARD)
      | (1ULL << WGSLParser::FOR)
      | (1ULL << WGSLParser::IF)
      | (1ULL << WGSLParser::LET)
      | (1ULL << WGSLParser::LOOP)
      | (1ULL << WGSLParser::RETURN)
      | (1ULL << WGSLParser::SWITCH)
      | (1ULL << WGSLParser::VAR)
      | (1ULL << WGSLParser::WHILE)
      | (1ULL << WGSLParser::AND)
      | (1ULL << WGSLParser::ATTR)
      | (1ULL << WGSLParser::BRACE_LEFT))) != 0) || ((((_la - 73) & ~ 0x3fULL) == 0) &&
      ((1ULL << (_la - 73)) & ((1ULL << (WGSLParser::PAREN_LEFT - 73))
      | (1ULL << (WGSLParser::SEMICOLON - 73))
      | (1ULL << (WGSLParser::STAR - 73))
      | (1ULL << (WGSLParser::UNDERSCORE - 73))
      | (1ULL << (WGSLParser::IDENT - 73)))) != 0)) {
      setState(336);
      statement();
      setState(341);
      _errHandler->sync(this);
      _la = _input->LA(1);
    }
    setState(342);
    match(WGSLParser::BRACE_RIGHT);
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- StatementContext ------------------------------------------------------------------

WGSLParser::StatementContext::StatementContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}


size_t WGSLParser::StatementContext::getRuleIndex() const {
  return WGSLParser::RuleStatement;
}

void WGSLParser::StatementContext::copyFrom(StatementContext *ctx) {
  ParserRuleContext::copyFrom(ctx);
}

//----------------- EmptyStatementContext ------------------------------------------------------------------

tree::TerminalNode* WGSLParser::EmptyStatementContext::SEMICOLON() {
  return getToken(WGSLParser::SEMICOLON, 0);
}

WGSLParser::EmptyStatementContext::EmptyStatementContext(StatementContext *ctx) { copyFrom(ctx); }


//----------------- BlockStatementContext ------------------------------------------------------------------

WGSLParser::Compound_statementContext* WGSLParser::BlockStatementContext::compound_statement() {
  return getRuleContext<WGSLParser::Compound_statementContext>(0);
}

WGSLParser::BlockStatementContext::BlockStatementContext(StatementContext *ctx) { copyFrom(ctx); }


//----------------- BreakIfStatementContext ------------------------------------------------------------------

tree::TerminalNode* WGSLParser::BreakIfStatementContext::BREAK() {
  return getToken(WGSLParser::BREAK, 0);
}

tree::TerminalNode* WGSLParser::BreakIfStatementContext::IF() {
  return getToken(WGSLParser::IF, 0);
}

WGSLParser::ExpressionContext* WGSLParser::BreakIfStatementContext::expression() {
  return getRuleContext<WGSLParser::ExpressionContext>(0);
}

tree::TerminalNode* WGSLParser::BreakIfStatementContext::SEMICOLON() {
  return getToken(WGSLParser::SEMICOLON, 0);
}

WGSLParser::BreakIfStatementContext::BreakIfStatementContext(StatementContext *ctx) { copyFrom(ctx); }


//----------------- ForStatementContext ------------------------------------------------------------------

tree::TerminalNode* WGSLParser::ForStatementContext::FOR() {
  return getToken(WGSLParser::FOR, 0);
}

tree::TerminalNode* WGSLParser::ForStatementContext::PAREN_LEFT() {
  return getToken(WGSLParser::PAREN_LEFT, 0);
}

std::vector<tree::TerminalNode *> WGSLParser::ForStatementContext::SEMICOLON() {
  return getTokens(WGSLParser::SEMICOLON);
}

tree::TerminalNode* WGSLParser::ForStatementContext::SEMICOLON(size_t i) {
  return getToken(WGSLParser::SEMICOLON, i);
}

tree::TerminalNode* WGSLParser::ForStatementContext::PAREN_RIGHT() {
  return getToken(WGSLParser::PAREN_RIGHT, 0);
}

WGSLParser::Compound_statementContext* WGSLParser::ForStatementContext::compound_statement() {
  return getRuleContext<WGSLParser::Compound_statementContext>(0);
}

std::vector<WGSLParser::AttributeContext *> WGSLParser::ForStatementContext::attribute() {
  return getRuleContexts<WGSLParser::AttributeContext>();
}

WGSLParser::AttributeContext* WGSLParser::ForStatementContext::attribute(size_t i) {
  return getRuleContext<WGSLParser::AttributeContext>(i);
}

WGSLParser::For_initContext* WGSLParser::ForStatementContext::for_init() {
  return getRuleContext<WGSLParser::For_initContext>(0);
}

WGSLParser::ExpressionContext* WGSLParser::ForStatementContext::expression() {
  return getRuleContext<WGSLParser::ExpressionContext>(0);
}

WGSLParser::For_updateContext* WGSLParser::ForStatementContext::for_update() {
  return getRuleContext<WGSLParser::For_updateContext>(0);
}

WGSLParser::ForStatementContext::ForStatementContext(StatementContext *ctx) { copyFrom(ctx); }


//----------------- BreakStatementContext ------------------------------------------------------------------

tree::TerminalNode* WGSLParser::BreakStatementContext::BREAK() {
  return getToken(WGSLParser::BREAK, 0);
}

tree::TerminalNode* WGSLParser::BreakStatementContext::SEMICOLON() {
  return getToken(WGSLParser::SEMICOLON, 0);
}

WGSLParser::BreakStatementContext::BreakStatementContext(StatementContext *ctx) { copyFrom(ctx); }


//----------------- LoopStatementContext ------------------------------------------------------------------

tree::TerminalNode* WGSLParser::LoopStatementContext::LOOP() {
  return getToken(WGSLParser::LOOP, 0);
}

tree::TerminalNode* WGSLParser::LoopStatementContext::BRACE_LEFT() {
  return getToken(WGSLParser::BRACE_LEFT, 0);
}

tree::TerminalNode* WGSLParser::LoopStatementContext::BRACE_RIGHT() {
  return getToken(WGSLParser::BRACE_RIGHT, 0);
}

std::vector<WGSLParser::AttributeContext *> WGSLParser::LoopStatementContext::attribute() {
  return getRuleContexts<WGSLParser::AttributeContext>();
}

WGSLParser::AttributeContext* WGSLParser::LoopStatementContext::attribute(size_t i) {
  return getRuleContext<WGSLParser::AttributeContext>(i);
}

std::vector<WGSLParser::StatementContext *> WGSLParser::LoopStatementContext::statement() {
  return getRuleContexts<WGSLParser::StatementContext>();
}

WGSLParser::StatementContext* WGSLParser::LoopStatementContext::statement(size_t i) {
  return getRuleContext<WGSLParser::StatementContext>(i);
}

WGSLParser::Continuing_statementContext* WGSLParser::LoopStatementContext::continuing_statement() {
  return getRuleContext<WGSLParser::Continuing_statementContext>(0);
}

WGSLParser::LoopStatementContext::LoopStatementContext(StatementContext *ctx) { copyFrom(ctx); }


//----------------- CallStatementContext ------------------------------------------------------------------

WGSLParser::Call_phraseContext* WGSLParser::CallStatementContext::call_phrase() {
  return getRuleContext<WGSLParser::Call_phraseContext>(0);
}

tree::TerminalNode* WGSLParser::CallStatementContext::SEMICOLON() {
  return getToken(WGSLParser::SEMICOLON, 0);
}

WGSLParser::CallStatementContext::CallStatementContext(StatementContext *ctx) { copyFrom(ctx); }


//----------------- ReturnStatementContext ------------------------------------------------------------------

tree::TerminalNode* WGSLParser::ReturnStatementContext::RETURN() {
  return getToken(WGSLParser::RETURN, 0);
}

tree::TerminalNode* WGSLParser::ReturnStatementContext::SEMICOLON() {
  return getToken(WGSLParser::SEMICOLON, 0);
}

WGSLParser::ExpressionContext* WGSLParser::ReturnStatementContext::expression() {
  return getRuleContext<WGSLParser::ExpressionContext>(0);
}

WGSLParser::ReturnStatementContext::ReturnStatementContext(StatementContext *ctx) { copyFrom(ctx); }


//----------------- IfStatementContext ------------------------------------------------------------------

tree::TerminalNode* WGSLParser::IfStatementContext::IF() {
  return getToken(WGSLParser::IF, 0);
}

WGSLParser::ExpressionContext* WGSLParser::IfStatementContext::expression() {
  return getRuleContext<WGSLParser::ExpressionContext>(0);
}

WGSLParser::Compound_statementContext* WGSLParser::IfStatementContext::compound_statement() {
  return getRuleContext<WGSLParser::Compound_statementContext>(0);
}

std::vector<WGSLParser::AttributeContext *> WGSLParser::IfStatementContext::attribute() {
  return getRuleContexts<WGSLParser::AttributeContext>();
}

WGSLParser::AttributeContext* WGSLParser::IfStatementContext::attribute(size_t i) {
  return getRuleContext<WGSLParser::AttributeContext>(i);
}

std::vector<WGSLParser::Else_if_clauseContext *> WGSLParser::IfStatementContext::else_if_clause() {
  return getRuleContexts<WGSLParser::Else_if_clauseContext>();
}

WGSLParser::Else_if_clauseContext* WGSLParser::IfStatementContext::else_if_clause(size_t i) {
  return getRuleContext<WGSLParser::Else_if_clauseContext>(i);
}

WGSLParser::Else_clauseContext* WGSLParser::IfStatementContext::else_clause() {
  return getRuleContext<WGSLParser::Else_clauseContext>(0);
}

WGSLParser::IfStatementContext::IfStatementContext(StatementContext *ctx) { copyFrom(ctx); }


//----------------- SwitchStatementContext ------------------------------------------------------------------

tree::TerminalNode* WGSLParser::SwitchStatementContext::SWITCH() {
  return getToken(WGSLParser::SWITCH, 0);
}

WGSLParser::ExpressionContext* WGSLParser::SwitchStatementContext::expression() {
  return getRuleContext<WGSLParser::ExpressionContext>(0);
}

WGSLParser::Switch_bodyContext* WGSLParser::SwitchStatementContext::switch_body() {
  return getRuleContext<WGSLParser::Switch_bodyContext>(0);
}

std::vector<WGSLParser::AttributeContext *> WGSLParser::SwitchStatementContext::attribute() {
  return getRuleContexts<WGSLParser::AttributeContext>();
}

WGSLParser::AttributeContext* WGSLParser::SwitchStatementContext::attribute(size_t i) {
  return getRuleContext<WGSLParser::AttributeContext>(i);
}

WGSLParser::SwitchStatementContext::SwitchStatementContext(StatementContext *ctx) { copyFrom(ctx); }


//----------------- WhileStatementContext ------------------------------------------------------------------

tree::TerminalNode* WGSLParser::WhileStatementContext::WHILE() {
  return getToken(WGSLParser::WHILE, 0);
}

WGSLParser::ExpressionContext* WGSLParser::WhileStatementContext::expression() {
  return getRuleContext<WGSLParser::ExpressionContext>(0);
}

WGSLParser::Compound_statementContext* WGSLParser::WhileStatementContext::compound_statement() {
  return getRuleContext<WGSLParser::Compound_statementContext>(0);
}

std::vector<WGSLParser::AttributeContext *> WGSLParser::WhileStatementContext::attribute() {
  return getRuleContexts<WGSLParser::AttributeContext>();
}

WGSLParser::AttributeContext* WGSLParser::WhileStatementContext::attribute(size_t i) {
  return getRuleContext<WGSLParser::AttributeContext>(i);
}

WGSLParser::WhileStatementContext::WhileStatementContext(StatementContext *ctx) { copyFrom(ctx); }


//----------------- DiscardStatementContext ------------------------------------------------------------------

tree::TerminalNode* WGSLParser::DiscardStatementContext::DISCARD() {
  return getToken(WGSLParser::DISCARD, 0);
}

tree::TerminalNode* WGSLParser::DiscardStatementContext::SEMICOLON() {
  return getToken(WGSLParser::SEMICOLON, 0);
}

WGSLParser::DiscardStatementContext::DiscardStatementContext(StatementContext *ctx) { copyFrom(ctx); }


//----------------- UpdateStatementContext ------------------------------------------------------------------

WGSLParser::Variable_updating_statementContext* WGSLParser::UpdateStatementContext::variable_updating_statement() {
  return getRuleContext<WGSLParser::Variable_updating_statementContext>(0);
}

tree::TerminalNode* WGSLParser::UpdateStatementContext::SEMICOLON() {
  return getToken(WGSLParser::SEMICOLON, 0);
}

WGSLParser::UpdateStatementContext::UpdateStatementContext(StatementContext *ctx) { copyFrom(ctx); }


//----------------- ConstAssertStatementContext ------------------------------------------------------------------

WGSLParser::Const_assert_statementContext* WGSLParser::ConstAssertStatementContext::const_assert_statement() {
  return getRuleContext<WGSLParser::Const_assert_statementContext>(0);
}

tree::TerminalNode* WGSLParser::ConstAssertStatementContext::SEMICOLON() {
  return getToken(WGSLParser::SEMICOLON, 0);
}

WGSLParser::ConstAssertStatementContext::ConstAssertStatementContext(StatementContext *ctx) { copyFrom(ctx); }


//----------------- ContinueStatementContext ------------------------------------------------------------------

tree::TerminalNode* WGSLParser::ContinueStatementContext::CONTINUE() {
  return getToken(WGSLParser::CONTINUE, 0);
}

tree::TerminalNode* WGSLParser::ContinueStatementContext::SEMICOLON() {
  return getToken(WGSLParser::SEMICOLON, 0);
}

WGSLParser::ContinueStatementContext::ContinueStatementContext(StatementContext *ctx) { copyFrom(ctx); }


//----------------- DeclStatementContext ------------------------------------------------------------------

WGSLParser::Variable_or_value_statementContext* WGSLParser::DeclStatementContext::variable_or_value_statement() {
  return getRuleContext<WGSLParser::Variable_or_value_statementContext>(0);
}

tree::TerminalNode* WGSLParser::DeclStatementContext::SEMICOLON() {
  return getToken(WGSLParser::SEMICOLON, 0);
}

WGSLParser::DeclStatementContext::DeclStatementContext(StatementContext *ctx) { copyFrom(ctx); }


WGSLParser::StatementContext* WGSLParser::statement() {
  StatementContext *_localctx = _tracker.createInstance<StatementContext>(_ctx, getState());
  enterRule(_localctx, 46, WGSLParser::RuleStatement);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    size_t alt;
    setState(457);
    _errHandler->sync(this);
    switch (getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 48, _ctx)) {
    case 1: {
      _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<WGSLParser::EmptyStatementContext>(_localctx));
      enterOuterAlt(_localctx, 1);
      setState(344);
      match(WGSLParser::SEMICOLON);
      break;
    }

    case 2: {
      _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<WGSLParser::ReturnStatementContext>(_localctx));
      enterOuterAlt(_localctx, 2);
      setState(345);
      match(WGSLParser::RETURN);
      setState(347);
      _errHandler->sync(this);

      _la = _input->LA(1);
      if ((((_la & ~ 0x3fULL) == 0) &&
        ((1ULL << _la) & ((1ULL << WGSLParser::FALSE)
        | (1ULL << WGSLParser::TRUE)
        | (1ULL << WGSLParser::DECIMAL_FLOAT_LITERAL)
        | (1ULL << WGSLParser::HEX_FLOAT_LITERAL)
        | (1ULL << WGSLParser::INT_LITERAL)
        | (1ULL << WGSLParser::AND)
        | (1ULL << WGSLParser::BANG))) != 0) || ((((_la - 69) & ~ 0x3fULL) == 0) &&
        ((1ULL << (_la - 69)) & ((1ULL << (WGSLParser::MINUS - 69))
        | (1ULL << (WGSLParser::PAREN_LEFT - 69))
        | (1ULL << (WGSLParser::STAR - 69))
        | (1ULL << (WGSLParser::TILDE - 69))
        | (1ULL << (WGSLParser::IDENT - 69)))) != 0)) {
        setState(346);
        expression(0);
      }
      setState(349);
      match(WGSLParser::SEMICOLON);
      break;
    }

    case 3: {
      _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<WGSLParser::IfStatementContext>(_localctx));
      enterOuterAlt(_localctx, 3);
      setState(353);
      _errHandler->sync(this);
      _la = _input->LA(1);
      while (_la == WGSLParser::ATTR) {
        setState(350);
        attribute();
        setState(355);
        _errHandler->sync(this);
        _la = _input->LA(1);
      }
      setState(356);
      match(WGSLParser::IF);
      setState(357);
      expression(0);
      setState(358);
      compound_statement();
      setState(362);
      _errHandler->sync(this);
      alt = getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 36, _ctx);
      while (alt != 2 && alt != atn::ATN::INVALID_ALT_NUMBER) {
        if (alt == 1) {
          setState(359);
          else_if_clause(); 
        }
        setState(364);
        _errHandler->sync(this);
        alt = getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 36, _ctx);
      }
      setState(366);
      _errHandler->sync(this);

      _la = _input->LA(1);
      if (_la == WGSLParser::ELSE) {
        setState(365);
        else_clause();
      }
      break;
    }

    case 4: {
      _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<WGSLParser::SwitchStatementContext>(_localctx));
      enterOuterAlt(_localctx, 4);
      setState(371);
      _errHandler->sync(this);
      _la = _input->LA(1);
      while (_la == WGSLParser::ATTR) {
        setState(368);
        attribute();
        setState(373);
        _errHandler->sync(this);
        _la = _input->LA(1);
      }
      setState(374);
      match(WGSLParser::SWITCH);
      setState(375);
      expression(0);
      setState(376);
      switch_body();
      break;
    }

    case 5: {
      _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<WGSLParser::LoopStatementContext>(_localctx));
      enterOuterAlt(_localctx, 5);
      setState(381);
      _errHandler->sync(this);
      _la = _input->LA(1);
      while (_la == WGSLParser::ATTR) {
        setState(378);
        attribute();
        setState(383);
        _errHandler->sync(this);
        _la = _input->LA(1);
      }
      setState(384);
      match(WGSLParser::LOOP);
      setState(388);
      _errHandler->sync(this);
      _la = _input->LA(1);
      while (_la == WGSLParser::ATTR) {
        setState(385);
        attribute();
        setState(390);
        _errHandler->sync(this);
        _la = _input->LA(1);
      }
      setState(391);
      match(WGSLParser::BRACE_LEFT);
      setState(395);
      _errHandler->sync(this);
      _la = _input->LA(1);
      while ((((_la & ~ 0x3fULL) == 0) &&
        ((1ULL << _la) & ((1ULL << WGSLParser::BREAK)
        | (1ULL << WGSLParser::CONST)
        | (1ULL << WGSLParser::CONST_ASSERT)
        | (1ULL << WGSLParser::CONTINUE)
        | (1ULL << WGSLParser::DISCARD)
        | (1ULL << WGSLParser::FOR)
        | (1ULL << WGSLParser::IF)
        | (1ULL << WGSLParser::LET)
        | (1ULL << WGSLParser::LOOP)
        | (1ULL << WGSLParser::RETURN)
        | (1ULL << WGSLParser::SWITCH)
        | (1ULL << WGSLParser::VAR)
        | (1ULL << WGSLParser::WHILE)
        | (1ULL << WGSLParser::AND)
        | (1ULL << WGSLParser::ATTR)
        | (1ULL << WGSLParser::BRACE_LEFT))) != 0) || ((((_la - 73) & ~ 0x3fULL) == 0) &&
        ((1ULL << (_la - 73)) & ((1ULL << (WGSLParser::PAREN_LEFT - 73))
        | (1ULL << (WGSLParser::SEMICOLON - 73))
        | (1ULL << (WGSLParser::STAR - 73))
        | (1ULL << (WGSLParser::UNDERSCORE - 73))
        | (1ULL << (WGSLParser::IDENT - 73)))) != 0)) {
        setState(392);
        statement();
        setState(397);
        _errHandler->sync(this);
        _la = _input->LA(1);
      }
      setState(399);
      _errHandler->sync(this);

      _la = _input->LA(1);
      if (_la == WGSLParser::CONTINUING) {
        setState(398);
        continuing_statement();
      }
      setState(401);
      match(WGSLParser::BRACE_RIGHT);
      break;
    }

    case 6: {
      _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<WGSLParser::ForStatementContext>(_localctx));
      enterOuterAlt(_localctx, 6);
      setState(405);
      _errHandler->sync(this);
      _la = _input->LA(1);
      while (_la == WGSLParser::ATTR) {
        setState(402);
        attribute();
        setState(407);
        _errHandler->sync(this);
        _la = _input->LA(1);
      }
      setState(408);
      match(WGSLParser::FOR);
      setState(409);
      match(WGSLParser::PAREN_LEFT);
      setState(411);
      _errHandler->sync(this);

      _la = _input->LA(1);
      if ((((_la & ~ 0x3fULL) == 0) &&
        ((1ULL << _la) & ((1ULL << WGSLParser::CONST)
        | (1ULL << WGSLParser::LET)
        | (1ULL << WGSLParser::VAR)
        | (1ULL << WGSLParser::AND))) != 0) || ((((_la - 73) & ~ 0x3fULL) == 0) &&
        ((1ULL << (_la - 73)) & ((1ULL << (WGSLParser::PAREN_LEFT - 73))
        | (1ULL << (WGSLParser::STAR - 73))
        | (1ULL << (WGSLParser::UNDERSCORE - 73))
        | (1ULL << (WGSLParser::IDENT - 73)))) != 0)) {
        setState(410);
        for_init();
      }
      setState(413);
      match(WGSLParser::SEMICOLON);
      setState(415);
      _errHandler->sync(this);

      _la = _input->LA(1);
      if ((((_la & ~ 0x3fULL) == 0) &&
        ((1ULL << _la) & ((1ULL << WGSLParser::FALSE)
        | (1ULL << WGSLParser::TRUE)
        | (1ULL << WGSLParser::DECIMAL_FLOAT_LITERAL)
        | (1ULL << WGSLParser::HEX_FLOAT_LITERAL)
        | (1ULL << WGSLParser::INT_LITERAL)
        | (1ULL << WGSLParser::AND)
        | (1ULL << WGSLParser::BANG))) != 0) || ((((_la - 69) & ~ 0x3fULL) == 0) &&
        ((1ULL << (_la - 69)) & ((1ULL << (WGSLParser::MINUS - 69))
        | (1ULL << (WGSLParser::PAREN_LEFT - 69))
        | (1ULL << (WGSLParser::STAR - 69))
        | (1ULL << (WGSLParser::TILDE - 69))
        | (1ULL << (WGSLParser::IDENT - 69)))) != 0)) {
        setState(414);
        expression(0);
      }
      setState(417);
      match(WGSLParser::SEMICOLON);
      setState(419);
      _errHandler->sync(this);

      _la = _input->LA(1);
      if (((((_la - 55) & ~ 0x3fULL) == 0) &&
        ((1ULL << (_la - 55)) & ((1ULL << (WGSLParser::AND - 55))
        | (1ULL << (WGSLParser::PAREN_LEFT - 55))
        | (1ULL << (WGSLParser::STAR - 55))
        | (1ULL << (WGSLParser::UNDERSCORE - 55))
        | (1ULL << (WGSLParser::IDENT - 55)))) != 0)) {
        setState(418);
        for_update();
      }
      setState(421);
      match(WGSLParser::PAREN_RIGHT);
      setState(422);
      compound_statement();
      break;
    }

    case 7: {
      _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<WGSLParser::WhileStatementContext>(_localctx));
      enterOuterAlt(_localctx, 7);
      setState(426);
      _errHandler->sync(this);
      _la = _input->LA(1);
      while (_la == WGSLParser::ATTR) {
        setState(423);
        attribute();
        setState(428);
        _errHandler->sync(this);
        _la = _input->LA(1);
      }
      setState(429);
      match(WGSLParser::WHILE);
      setState(430);
      expression(0);
      setState(431);
      compound_statement();
      break;
    }

    case 8: {
      _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<WGSLParser::BlockStatementContext>(_localctx));
      enterOuterAlt(_localctx, 8);
      setState(433);
      compound_statement();
      break;
    }

    case 9: {
      _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<WGSLParser::CallStatementContext>(_localctx));
      enterOuterAlt(_localctx, 9);
      setState(434);
      call_phrase();
      setState(435);
      match(WGSLParser::SEMICOLON);
      break;
    }

    case 10: {
      _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<WGSLParser::DeclStatementContext>(_localctx));
      enterOuterAlt(_localctx, 10);
      setState(437);
      variable_or_value_statement();
      setState(438);
      match(WGSLParser::SEMICOLON);
      break;
    }

    case 11: {
      _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<WGSLParser::BreakIfStatementContext>(_localctx));
      enterOuterAlt(_localctx, 11);
      setState(440);
      match(WGSLParser::BREAK);
      setState(441);
      match(WGSLParser::IF);
      setState(442);
      expression(0);
      setState(443);
      match(WGSLParser::SEMICOLON);
      break;
    }

    case 12: {
      _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<WGSLParser::BreakStatementContext>(_localctx));
      enterOuterAlt(_localctx, 12);
      setState(445);
      match(WGSLParser::BREAK);
      setState(446);
      match(WGSLParser::SEMICOLON);
      break;
    }

    case 13: {
      _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<WGSLParser::ContinueStatementContext>(_localctx));
      enterOuterAlt(_localctx, 13);
      setState(447);
      match(WGSLParser::CONTINUE);
      setState(448);
      match(WGSLParser::SEMICOLON);
      break;
    }

    case 14: {
      _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<WGSLParser::DiscardStatementContext>(_localctx));
      enterOuterAlt(_localctx, 14);
      setState(449);
      match(WGSLParser::DISCARD);
      setState(450);
      match(WGSLParser::SEMICOLON);
      break;
    }

    case 15: {
      _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<WGSLParser::UpdateStatementContext>(_localctx));
      enterOuterAlt(_localctx, 15);
      setState(451);
      variable_updating_statement();
      setState(452);
      match(WGSLParser::SEMICOLON);
      break;
    }

    case 16: {
      _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<WGSLParser::ConstAssertStatementContext>(_localctx));
      enterOuterAlt(_localctx, 16);
      setState(454);
      const_assert_statement();
      setState(455);
      match(WGSLParser::SEMICOLON);
      break;
    }

    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Else_if_clauseContext ------------------------------------------------------------------

WGSLParser::Else_if_clauseContext::Else_if_clauseContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* WGSLParser::Else_if_clauseContext::ELSE() {
  return getToken(WGSLParser::ELSE, 0);
}

tree::TerminalNode* WGSLParser::Else_if_clauseContext::IF() {
  return getToken(WGSLParser::IF, 0);
}

WGSLParser::ExpressionContext* WGSLParser::Else_if_clauseContext::expression() {
  return getRuleContext<WGSLParser::ExpressionContext>(0);
}

WGSLParser::Compound_statementContext* WGSLParser::Else_if_clauseContext::compound_statement() {
  return getRuleContext<WGSLParser::Compound_statementContext>(0);
}


size_t WGSLParser::Else_if_clauseContext::getRuleIndex() const {
  return WGSLParser::RuleElse_if_clause;
}


WGSLParser::Else_if_clauseContext* WGSLParser::else_if_clause() {
  Else_if_clauseContext *_localctx = _tracker.createInstance<Else_if_clauseContext>(_ctx, getState());
  enterRule(_localctx, 48, WGSLParser::RuleElse_if_clause);

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(459);
    match(WGSLParser::ELSE);
    setState(460);
    match(WGSLParser::IF);
    setState(461);
    expression(0);
    setState(462);
    compound_statement();
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Else_clauseContext ------------------------------------------------------------------

WGSLParser::Else_clauseContext::Else_clauseContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* WGSLParser::Else_clauseContext::ELSE() {
  return getToken(WGSLParser::ELSE, 0);
}

WGSLParser::Compound_statementContext* WGSLParser::Else_clauseContext::compound_statement() {
  return getRuleContext<WGSLParser::Compound_statementContext>(0);
}


size_t WGSLParser::Else_clauseContext::getRuleIndex() const {
  return WGSLParser::RuleElse_clause;
}


WGSLParser::Else_clauseContext* WGSLParser::else_clause() {
  Else_clauseContext *_localctx = _tracker.createInstance<Else_clauseContext>(_ctx, getState());
  enterRule(_localctx, 50, WGSLParser::RuleElse_clause);

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(464);
    match(WGSLParser::ELSE);
    setState(465);
    compound_statement();
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Switch_bodyContext ------------------------------------------------------------------

WGSLParser::Switch_bodyContext::Switch_bodyContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* WGSLParser::Switch_bodyContext::BRACE_LEFT() {
  return getToken(WGSLParser::BRACE_LEFT, 0);
}

tree::TerminalNode* WGSLParser::Switch_bodyContext::BRACE_RIGHT() {
  return getToken(WGSLParser::BRACE_RIGHT, 0);
}

std::vector<WGSLParser::AttributeContext *> WGSLParser::Switch_bodyContext::attribute() {
  return getRuleContexts<WGSLParser::AttributeContext>();
}

WGSLParser::AttributeContext* WGSLParser::Switch_bodyContext::attribute(size_t i) {
  return getRuleContext<WGSLParser::AttributeContext>(i);
}

std::vector<WGSLParser::Switch_clauseContext *> WGSLParser::Switch_bodyContext::switch_clause() {
  return getRuleContexts<WGSLParser::Switch_clauseContext>();
}

WGSLParser::Switch_clauseContext* WGSLParser::Switch_bodyContext::switch_clause(size_t i) {
  return getRuleContext<WGSLParser::Switch_clauseContext>(i);
}


size_t WGSLParser::Switch_bodyContext::getRuleIndex() const {
  return WGSLParser::RuleSwitch_body;
}


WGSLParser::Switch_bodyContext* WGSLParser::switch_body() {
  Switch_bodyContext *_localctx = _tracker.createInstance<Switch_bodyContext>(_ctx, getState());
  enterRule(_localctx, 52, WGSLParser::RuleSwitch_body);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(470);
    _errHandler->sync(this);
    _la = _input->LA(1);
    while (_la == WGSLParser::ATTR) {
      setState(467);
      attribute();
      setState(472);
      _errHandler->sync(this);
      _la = _input->LA(1);
    }
    setState(473);
    match(WGSLParser::BRACE_LEFT);
    setState(477);
    _errHandler->sync(this);
    _la = _input->LA(1);
    while (_la == WGSLParser::CASE

    || _la == WGSLParser::DEFAULT) {
      setState(474);
      switch_clause();
      setState(479);
      _errHandler->sync(this);
      _la = _input->LA(1);
    }
    setState(480);
    match(WGSLParser::BRACE_RIGHT);
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Switch_clauseContext ------------------------------------------------------------------

WGSLParser::Switch_clauseContext::Switch_clauseContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}


size_t WGSLParser::Switch_clauseContext::getRuleIndex() const {
  return WGSLParser::RuleSwitch_clause;
}

void WGSLParser::Switch_clauseContext::copyFrom(Switch_clauseContext *ctx) {
  ParserRuleContext::copyFrom(ctx);
}

//----------------- DefaultClauseContext ------------------------------------------------------------------

tree::TerminalNode* WGSLParser::DefaultClauseContext::DEFAULT() {
  return getToken(WGSLParser::DEFAULT, 0);
}

WGSLParser::Compound_statementContext* WGSLParser::DefaultClauseContext::compound_statement() {
  return getRuleContext<WGSLParser::Compound_statementContext>(0);
}

tree::TerminalNode* WGSLParser::DefaultClauseContext::COLON() {
  return getToken(WGSLParser::COLON, 0);
}

WGSLParser::DefaultClauseContext::DefaultClauseContext(Switch_clauseContext *ctx) { copyFrom(ctx); }


//----------------- CaseClauseContext ------------------------------------------------------------------

tree::TerminalNode* WGSLParser::CaseClauseContext::CASE() {
  return getToken(WGSLParser::CASE, 0);
}

std::vector<WGSLParser::Case_selectorContext *> WGSLParser::CaseClauseContext::case_selector() {
  return getRuleContexts<WGSLParser::Case_selectorContext>();
}

WGSLParser::Case_selectorContext* WGSLParser::CaseClauseContext::case_selector(size_t i) {
  return getRuleContext<WGSLParser::Case_selectorContext>(i);
}

WGSLParser::Compound_statementContext* WGSLParser::CaseClauseContext::compound_statement() {
  return getRuleContext<WGSLParser::Compound_statementContext>(0);
}

std::vector<tree::TerminalNode *> WGSLParser::CaseClauseContext::COMMA() {
  return getTokens(WGSLParser::COMMA);
}

tree::TerminalNode* WGSLParser::CaseClauseContext::COMMA(size_t i) {
  return getToken(WGSLParser::COMMA, i);
}

tree::TerminalNode* WGSLParser::CaseClauseContext::COLON() {
  return getToken(WGSLParser::COLON, 0);
}

WGSLParser::CaseClauseContext::CaseClauseContext(Switch_clauseContext *ctx) { copyFrom(ctx); }


WGSLParser::Switch_clauseContext* WGSLParser::switch_clause() {
  Switch_clauseContext *_localctx = _tracker.createInstance<Switch_clauseContext>(_ctx, getState());
  enterRule(_localctx, 54, WGSLParser::RuleSwitch_clause);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    size_t alt;
    setState(504);
    _errHandler->sync(this);
    switch (_input->LA(1)) {
      case WGSLParser::CASE: {
        _localctx = dynamic_cast<Switch_clauseContext *>(_tracker.createInstance<WGSLParser::CaseClauseContext>(_localctx));
        enterOuterAlt(_localctx, 1);
        setState(482);
        match(WGSLParser::CASE);
        setState(483);
        case_selector();
        setState(488);
        _errHandler->sync(this);
        alt = getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 51, _ctx);
        while (alt != 2 && alt != atn::ATN::INVALID_ALT_NUMBER) {
          if (alt == 1) {
            setState(484);
            match(WGSLParser::COMMA);
            setState(485);
            case_selector(); 
          }
          setState(490);
          _errHandler->sync(this);
          alt = getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 51, _ctx);
        }
        setState(492);
        _errHandler->sync(this);

        _la = _input->LA(1);
        if (_la == WGSLParser::COMMA) {
          setState(491);
          match(WGSLParser::COMMA);
        }
        setState(495);
        _errHandler->sync(this);

        _la = _input->LA(1);
        if (_la == WGSLParser::COLON) {
          setState(494);
          match(WGSLParser::COLON);
        }
        setState(497);
        compound_statement();
        break;
      }

      case WGSLParser::DEFAULT: {
        _localctx = dynamic_cast<Switch_clauseContext *>(_tracker.createInstance<WGSLParser::DefaultClauseContext>(_localctx));
        enterOuterAlt(_localctx, 2);
        setState(499);
        match(WGSLParser::DEFAULT);
        setState(501);
        _errHandler->sync(this);

        _la = _input->LA(1);
        if (_la == WGSLParser::COLON) {
          setState(500);
          match(WGSLParser::COLON);
        }
        setState(503);
        compound_statement();
        break;
      }

    default:
      throw NoViableAltException(this);
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Case_selectorContext ------------------------------------------------------------------

WGSLParser::Case_selectorContext::Case_selectorContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* WGSLParser::Case_selectorContext::DEFAULT() {
  return getToken(WGSLParser::DEFAULT, 0);
}

WGSLParser::ExpressionContext* WGSLParser::Case_selectorContext::expression() {
  return getRuleContext<WGSLParser::ExpressionContext>(0);
}


size_t WGSLParser::Case_selectorContext::getRuleIndex() const {
  return WGSLParser::RuleCase_selector;
}


WGSLParser::Case_selectorContext* WGSLParser::case_selector() {
  Case_selectorContext *_localctx = _tracker.createInstance<Case_selectorContext>(_ctx, getState());
  enterRule(_localctx, 56, WGSLParser::RuleCase_selector);

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    setState(508);
    _errHandler->sync(this);
    switch (_input->LA(1)) {
      case WGSLParser::DEFAULT: {
        enterOuterAlt(_localctx, 1);
        setState(506);
        match(WGSLParser::DEFAULT);
        break;
      }

      case WGSLParser::FALSE:
      case WGSLParser::TRUE:
      case WGSLParser::DECIMAL_FLOAT_LITERAL:
      case WGSLParser::HEX_FLOAT_LITERAL:
      case WGSLParser::INT_LITERAL:
      case WGSLParser::AND:
      case WGSLParser::BANG:
      case WGSLParser::MINUS:
      case WGSLParser::PAREN_LEFT:
      case WGSLParser::STAR:
      case WGSLParser::TILDE:
      case WGSLParser::IDENT: {
        enterOuterAlt(_localctx, 2);
        setState(507);
        expression(0);
        break;
      }

    default:
      throw NoViableAltException(this);
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Continuing_statementContext ------------------------------------------------------------------

WGSLParser::Continuing_statementContext::Continuing_statementContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* WGSLParser::Continuing_statementContext::CONTINUING() {
  return getToken(WGSLParser::CONTINUING, 0);
}

tree::TerminalNode* WGSLParser::Continuing_statementContext::BRACE_LEFT() {
  return getToken(WGSLParser::BRACE_LEFT, 0);
}

tree::TerminalNode* WGSLParser::Continuing_statementContext::BRACE_RIGHT() {
  return getToken(WGSLParser::BRACE_RIGHT, 0);
}

std::vector<WGSLParser::AttributeContext *> WGSLParser::Continuing_statementContext::attribute() {
  return getRuleContexts<WGSLParser::AttributeContext>();
}

WGSLParser::AttributeContext* WGSLParser::Continuing_statementContext::attribute(size_t i) {
  return getRuleContext<WGSLParser::AttributeContext>(i);
}

std::vector<WGSLParser::StatementContext *> WGSLParser::Continuing_statementContext::statement() {
  return getRuleContexts<WGSLParser::StatementContext>();
}

WGSLParser::StatementContext* WGSLParser::Continuing_statementContext::statement(size_t i) {
  return getRuleContext<WGSLParser::StatementContext>(i);
}


size_t WGSLParser::Continuing_statementContext::getRuleIndex() const {
  return WGSLParser::RuleContinuing_statement;
}


WGSLParser::Continuing_statementContext* WGSLParser::continuing_statement() {
  Continuing_statementContext *_localctx = _tracker.createInstance<Continuing_statementContext>(_ctx, getState());
  enterRule(_localctx, 58, WGSLParser::RuleContinuing_statement);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(510);
    match(WGSLParser::CONTINUING);
    setState(514);
    _errHandler->sync(this);
    _la = _input->LA(1);
    while (_la == WGSLParser::ATTR) {
      setState(511);
      attribute();
      setState(516);
      _errHandler->sync(this);
      _la = _input->LA(1);
    }
    setState(517);
    match(WGSLParser::BRACE_LEFT);
    setState(521);
    _errHandler->sync(this);
    _la = _input->LA(1);
    while ((((_la & ~ 0x3fULL) == 0) &&
      ((1ULL << _la) & ((1ULL << WGSLParser::BREAK)
      | (1ULL << WGSLParser::CONST)
      | (1ULL << WGSLParser::CONST_ASSERT)
      | (1ULL << WGSLParser::CONTINUE)
      | (1ULL << WGSLParser::DISCARD)
      | (1ULL << WGSLParser::FOR)
      | (1ULL << WGSLParser::IF)
      | (1ULL << WGSLParser::LET)
      | (1ULL << WGSLParser::LOOP)
      | (1ULL << WGSLParser::RETURN)
      | (1ULL << WGSLParser::SWITCH)
      | (1ULL << WGSLParser::VAR)
      | (1ULL << WGSLParser::WHILE)
      | (1ULL << WGSLParser::AND)
      | (1ULL << WGSLParser::ATTR)
      | (1ULL << WGSLParser::BRACE_LEFT))) != 0) || ((((_la - 73) & ~ 0x3fULL) == 0) &&
      ((1ULL << (_la - 73)) & ((1ULL << (WGSLParser::PAREN_LEFT - 73))
      | (1ULL << (WGSLParser::SEMICOLON - 73))
      | (1ULL << (WGSLParser::STAR - 73))
      | (1ULL << (WGSLParser::UNDERSCORE - 73))
      | (1ULL << (WGSLParser::IDENT - 73)))) != 0)) {
      setState(518);
      statement();
      setState(523);
      _errHandler->sync(this);
      _la = _input->LA(1);
    }
    setState(524);
    match(WGSLParser::BRACE_RIGHT);
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- For_initContext ------------------------------------------------------------------

WGSLParser::For_initContext::For_initContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

WGSLParser::Variable_or_value_statementContext* WGSLParser::For_initContext::variable_or_value_statement() {
  return getRuleContext<WGSLParser::Variable_or_value_statementContext>(0);
}

WGSLParser::Variable_updating_statementContext* WGSLParser::For_initContext::variable_updating_statement() {
  return getRuleContext<WGSLParser::Variable_updating_statementContext>(0);
}

WGSLParser::Call_phraseContext* WGSLParser::For_initContext::call_phrase() {
  return getRuleContext<WGSLParser::Call_phraseContext>(0);
}


size_t WGSLParser::For_initContext::getRuleIndex() const {
  return WGSLParser::RuleFor_init;
}


WGSLParser::For_initContext* WGSLParser::for_init() {
  For_initContext *_localctx = _tracker.createInstance<For_initContext>(_ctx, getState());
  enterRule(_localctx, 60, WGSLParser::RuleFor_init);

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    setState(529);
    _errHandler->sync(this);
    switch (getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 59, _ctx)) {
    case 1: {
      enterOuterAlt(_localctx, 1);
      setState(526);
      variable_or_value_statement();
      break;
    }

    case 2: {
      enterOuterAlt(_localctx, 2);
      setState(527);
      variable_updating_statement();
      break;
    }

    case 3: {
      enterOuterAlt(_localctx, 3);
      setState(528);
      call_phrase();
      break;
    }

    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- For_updateContext ------------------------------------------------------------------

WGSLParser::For_updateContext::For_updateContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

WGSLParser::Variable_updating_statementContext* WGSLParser::For_updateContext::variable_updating_statement() {
  return getRuleContext<WGSLParser::Variable_updating_statementContext>(0);
}

WGSLParser::Call_phraseContext* WGSLParser::For_updateContext::call_phrase() {
  return getRuleContext<WGSLParser::Call_phraseContext>(0);
}


size_t WGSLParser::For_updateContext::getRuleIndex() const {
  return WGSLParser::RuleFor_update;
}


WGSLParser::For_updateContext* WGSLParser::for_update() {
  For_updateContext *_localctx = _tracker.createInstance<For_updateContext>(_ctx, getState());
  enterRule(_localctx, 62, WGSLParser::RuleFor_update);

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    setState(533);
    _errHandler->sync(this);
    switch (getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 60, _ctx)) {
    case 1: {
      enterOuterAlt(_localctx, 1);
      setState(531);
      variable_updating_statement();
      break;
    }

    case 2: {
      enterOuterAlt(_localctx, 2);
      setState(532);
      call_phrase();
      break;
    }

    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Variable_or_value_statementContext ------------------------------------------------------------------

WGSLParser::Variable_or_value_statementContext::Variable_or_value_statementContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}


size_t WGSLParser::Variable_or_value_statementContext::getRuleIndex() const {
  return WGSLParser::RuleVariable_or_value_statement;
}

void WGSLParser::Variable_or_value_statementContext::copyFrom(Variable_or_value_statementContext *ctx) {
  ParserRuleContext::copyFrom(ctx);
}

//----------------- LetStatementContext ------------------------------------------------------------------

tree::TerminalNode* WGSLParser::LetStatementContext::LET() {
  return getToken(WGSLParser::LET, 0);
}

WGSLParser::Optionally_typed_identContext* WGSLParser::LetStatementContext::optionally_typed_ident() {
  return getRuleContext<WGSLParser::Optionally_typed_identContext>(0);
}

tree::TerminalNode* WGSLParser::LetStatementContext::EQUAL() {
  return getToken(WGSLParser::EQUAL, 0);
}

WGSLParser::ExpressionContext* WGSLParser::LetStatementContext::expression() {
  return getRuleContext<WGSLParser::ExpressionContext>(0);
}

WGSLParser::LetStatementContext::LetStatementContext(Variable_or_value_statementContext *ctx) { copyFrom(ctx); }


//----------------- ConstStatementContext ------------------------------------------------------------------

tree::TerminalNode* WGSLParser::ConstStatementContext::CONST() {
  return getToken(WGSLParser::CONST, 0);
}

WGSLParser::Optionally_typed_identContext* WGSLParser::ConstStatementContext::optionally_typed_ident() {
  return getRuleContext<WGSLParser::Optionally_typed_identContext>(0);
}

tree::TerminalNode* WGSLParser::ConstStatementContext::EQUAL() {
  return getToken(WGSLParser::EQUAL, 0);
}

WGSLParser::ExpressionContext* WGSLParser::ConstStatementContext::expression() {
  return getRuleContext<WGSLParser::ExpressionContext>(0);
}

WGSLParser::ConstStatementContext::ConstStatementContext(Variable_or_value_statementContext *ctx) { copyFrom(ctx); }


//----------------- VarStatementContext ------------------------------------------------------------------

WGSLParser::Variable_declContext* WGSLParser::VarStatementContext::variable_decl() {
  return getRuleContext<WGSLParser::Variable_declContext>(0);
}

tree::TerminalNode* WGSLParser::VarStatementContext::EQUAL() {
  return getToken(WGSLParser::EQUAL, 0);
}

WGSLParser::ExpressionContext* WGSLParser::VarStatementContext::expression() {
  return getRuleContext<WGSLParser::ExpressionContext>(0);
}

WGSLParser::VarStatementContext::VarStatementContext(Variable_or_value_statementContext *ctx) { copyFrom(ctx); }


WGSLParser::Variable_or_value_statementContext* WGSLParser::variable_or_value_statement() {
  Variable_or_value_statementContext *_localctx = _tracker.createInstance<Variable_or_value_statementContext>(_ctx, getState());
  enterRule(_localctx, 64, WGSLParser::RuleVariable_or_value_statement);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    setState(550);
    _errHandler->sync(this);
    switch (_input->LA(1)) {
      case WGSLParser::VAR: {
        _localctx = dynamic_cast<Variable_or_value_statementContext *>(_tracker.createInstance<WGSLParser::VarStatementContext>(_localctx));
        enterOuterAlt(_localctx, 1);
        setState(535);
        variable_decl();
        setState(538);
        _errHandler->sync(this);

        _la = _input->LA(1);
        if (_la == WGSLParser::EQUAL) {
          setState(536);
          match(WGSLParser::EQUAL);
          setState(537);
          expression(0);
        }
        break;
      }

      case WGSLParser::LET: {
        _localctx = dynamic_cast<Variable_or_value_statementContext *>(_tracker.createInstance<WGSLParser::LetStatementContext>(_localctx));
        enterOuterAlt(_localctx, 2);
        setState(540);
        match(WGSLParser::LET);
        setState(541);
        optionally_typed_ident();
        setState(542);
        match(WGSLParser::EQUAL);
        setState(543);
        expression(0);
        break;
      }

      case WGSLParser::CONST: {
        _localctx = dynamic_cast<Variable_or_value_statementContext *>(_tracker.createInstance<WGSLParser::ConstStatementContext>(_localctx));
        enterOuterAlt(_localctx, 3);
        setState(545);
        match(WGSLParser::CONST);
        setState(546);
        optionally_typed_ident();
        setState(547);
        match(WGSLParser::EQUAL);
        setState(548);
        expression(0);
        break;
      }

    default:
      throw NoViableAltException(this);
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Variable_updating_statementContext ------------------------------------------------------------------

WGSLParser::Variable_updating_statementContext::Variable_updating_statementContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}


size_t WGSLParser::Variable_updating_statementContext::getRuleIndex() const {
  return WGSLParser::RuleVariable_updating_statement;
}

void WGSLParser::Variable_updating_statementContext::copyFrom(Variable_updating_statementContext *ctx) {
  ParserRuleContext::copyFrom(ctx);
}

//----------------- IncrementStatementContext ------------------------------------------------------------------

WGSLParser::Lhs_expressionContext* WGSLParser::IncrementStatementContext::lhs_expression() {
  return getRuleContext<WGSLParser::Lhs_expressionContext>(0);
}

tree::TerminalNode* WGSLParser::IncrementStatementContext::PLUS_PLUS() {
  return getToken(WGSLParser::PLUS_PLUS, 0);
}

WGSLParser::IncrementStatementContext::IncrementStatementContext(Variable_updating_statementContext *ctx) { copyFrom(ctx); }


//----------------- DecrementStatementContext ------------------------------------------------------------------

WGSLParser::Lhs_expressionContext* WGSLParser::DecrementStatementContext::lhs_expression() {
  return getRuleContext<WGSLParser::Lhs_expressionContext>(0);
}

tree::TerminalNode* WGSLParser::DecrementStatementContext::MINUS_MINUS() {
  return getToken(WGSLParser::MINUS_MINUS, 0);
}

WGSLParser::DecrementStatementContext::DecrementStatementContext(Variable_updating_statementContext *ctx) { copyFrom(ctx); }


//----------------- AssignStatementContext ------------------------------------------------------------------

WGSLParser::Lhs_expressionContext* WGSLParser::AssignStatementContext::lhs_expression() {
  return getRuleContext<WGSLParser::Lhs_expressionContext>(0);
}

tree::TerminalNode* WGSLParser::AssignStatementContext::EQUAL() {
  return getToken(WGSLParser::EQUAL, 0);
}

WGSLParser::ExpressionContext* WGSLParser::AssignStatementContext::expression() {
  return getRuleContext<WGSLParser::ExpressionContext>(0);
}

WGSLParser::AssignStatementContext::AssignStatementContext(Variable_updating_statementContext *ctx) { copyFrom(ctx); }


//----------------- CompoundAssignStatementContext ------------------------------------------------------------------

WGSLParser::Lhs_expressionContext* WGSLParser::CompoundAssignStatementContext::lhs_expression() {
  return getRuleContext<WGSLParser::Lhs_expressionContext>(0);
}

WGSLParser::Compound_assignment_operatorContext* WGSLParser::CompoundAssignStatementContext::compound_assignment_operator() {
  return getRuleContext<WGSLParser::Compound_assignment_operatorContext>(0);
}

WGSLParser::ExpressionContext* WGSLParser::CompoundAssignStatementContext::expression() {
  return getRuleContext<WGSLParser::ExpressionContext>(0);
}

WGSLParser::CompoundAssignStatementContext::CompoundAssignStatementContext(Variable_updating_statementContext *ctx) { copyFrom(ctx); }


//----------------- PhonyAssignStatementContext ------------------------------------------------------------------

tree::TerminalNode* WGSLParser::PhonyAssignStatementContext::UNDERSCORE() {
  return getToken(WGSLParser::UNDERSCORE, 0);
}

tree::TerminalNode* WGSLParser::PhonyAssignStatementContext::EQUAL() {
  return getToken(WGSLParser::EQUAL, 0);
}

WGSLParser::ExpressionContext* WGSLParser::PhonyAssignStatementContext::expression() {
  return getRuleContext<WGSLParser::ExpressionContext>(0);
}

WGSLParser::PhonyAssignStatementContext::PhonyAssignStatementContext(Variable_updating_statementContext *ctx) { copyFrom(ctx); }


WGSLParser::Variable_updating_statementContext* WGSLParser::variable_updating_statement() {
  Variable_updating_statementContext *_localctx = _tracker.createInstance<Variable_updating_statementContext>(_ctx, getState());
  enterRule(_localctx, 66, WGSLParser::RuleVariable_updating_statement);

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    setState(569);
    _errHandler->sync(this);
    switch (getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 63, _ctx)) {
    case 1: {
      _localctx = dynamic_cast<Variable_updating_statementContext *>(_tracker.createInstance<WGSLParser::AssignStatementContext>(_localctx));
      enterOuterAlt(_localctx, 1);
      setState(552);
      lhs_expression();
      setState(553);
      match(WGSLParser::EQUAL);
      setState(554);
      expression(0);
      break;
    }

    case 2: {
      _localctx = dynamic_cast<Variable_updating_statementContext *>(_tracker.createInstance<WGSLParser::CompoundAssignStatementContext>(_localctx));
      enterOuterAlt(_localctx, 2);
      setState(556);
      lhs_expression();
      setState(557);
      compound_assignment_operator();
      setState(558);
      expression(0);
      break;
    }

    case 3: {
      _localctx = dynamic_cast<Variable_updating_statementContext *>(_tracker.createInstance<WGSLParser::PhonyAssignStatementContext>(_localctx));
      enterOuterAlt(_localctx, 3);
      setState(560);
      match(WGSLParser::UNDERSCORE);
      setState(561);
      match(WGSLParser::EQUAL);
      setState(562);
      expression(0);
      break;
    }

    case 4: {
      _localctx = dynamic_cast<Variable_updating_statementContext *>(_tracker.createInstance<WGSLParser::IncrementStatementContext>(_localctx));
      enterOuterAlt(_localctx, 4);
      setState(563);
      lhs_expression();
      setState(564);
      match(WGSLParser::PLUS_PLUS);
      break;
    }

    case 5: {
      _localctx = dynamic_cast<Variable_updating_statementContext *>(_tracker.createInstance<WGSLParser::DecrementStatementContext>(_localctx));
      enterOuterAlt(_localctx, 5);
      setState(566);
      lhs_expression();
      setState(567);
      match(WGSLParser::MINUS_MINUS);
      break;
    }

    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Compound_assignment_operatorContext ------------------------------------------------------------------

WGSLParser::Compound_assignment_operatorContext::Compound_assignment_operatorContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* WGSLParser::Compound_assignment_operatorContext::PLUS_EQUAL() {
  return getToken(WGSLParser::PLUS_EQUAL, 0);
}

tree::TerminalNode* WGSLParser::Compound_assignment_operatorContext::MINUS_EQUAL() {
  return getToken(WGSLParser::MINUS_EQUAL, 0);
}

tree::TerminalNode* WGSLParser::Compound_assignment_operatorContext::TIMES_EQUAL() {
  return getToken(WGSLParser::TIMES_EQUAL, 0);
}

tree::TerminalNode* WGSLParser::Compound_assignment_operatorContext::DIVISION_EQUAL() {
  return getToken(WGSLParser::DIVISION_EQUAL, 0);
}

tree::TerminalNode* WGSLParser::Compound_assignment_operatorContext::MODULO_EQUAL() {
  return getToken(WGSLParser::MODULO_EQUAL, 0);
}

tree::TerminalNode* WGSLParser::Compound_assignment_operatorContext::AND_EQUAL() {
  return getToken(WGSLParser::AND_EQUAL, 0);
}

tree::TerminalNode* WGSLParser::Compound_assignment_operatorContext::OR_EQUAL() {
  return getToken(WGSLParser::OR_EQUAL, 0);
}

tree::TerminalNode* WGSLParser::Compound_assignment_operatorContext::XOR_EQUAL() {
  return getToken(WGSLParser::XOR_EQUAL, 0);
}

tree::TerminalNode* WGSLParser::Compound_assignment_operatorContext::SHIFT_RIGHT_ASSIGN() {
  return getToken(WGSLParser::SHIFT_RIGHT_ASSIGN, 0);
}

tree::TerminalNode* WGSLParser::Compound_assignment_operatorContext::SHIFT_LEFT_ASSIGN() {
  return getToken(WGSLParser::SHIFT_LEFT_ASSIGN, 0);
}


size_t WGSLParser::Compound_assignment_operatorContext::getRuleIndex() const {
  return WGSLParser::RuleCompound_assignment_operator;
}


WGSLParser::Compound_assignment_operatorContext* WGSLParser::compound_assignment_operator() {
  Compound_assignment_operatorContext *_localctx = _tracker.createInstance<Compound_assignment_operatorContext>(_ctx, getState());
  enterRule(_localctx, 68, WGSLParser::RuleCompound_assignment_operator);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(571);
    _la = _input->LA(1);
    if (!((((_la & ~ 0x3fULL) == 0) &&
      ((1ULL << _la) & ((1ULL << WGSLParser::SHIFT_LEFT_ASSIGN)
      | (1ULL << WGSLParser::SHIFT_RIGHT_ASSIGN)
      | (1ULL << WGSLParser::PLUS_EQUAL)
      | (1ULL << WGSLParser::MINUS_EQUAL)
      | (1ULL << WGSLParser::TIMES_EQUAL)
      | (1ULL << WGSLParser::DIVISION_EQUAL)
      | (1ULL << WGSLParser::MODULO_EQUAL)
      | (1ULL << WGSLParser::AND_EQUAL)
      | (1ULL << WGSLParser::OR_EQUAL)
      | (1ULL << WGSLParser::XOR_EQUAL))) != 0))) {
    _errHandler->recoverInline(this);
    }
    else {
      _errHandler->reportMatch(this);
      consume();
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Lhs_expressionContext ------------------------------------------------------------------

WGSLParser::Lhs_expressionContext::Lhs_expressionContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}


size_t WGSLParser::Lhs_expressionContext::getRuleIndex() const {
  return WGSLParser::RuleLhs_expression;
}

void WGSLParser::Lhs_expressionContext::copyFrom(Lhs_expressionContext *ctx) {
  ParserRuleContext::copyFrom(ctx);
}

//----------------- CoreLhsContext ------------------------------------------------------------------

WGSLParser::Core_lhs_expressionContext* WGSLParser::CoreLhsContext::core_lhs_expression() {
  return getRuleContext<WGSLParser::Core_lhs_expressionContext>(0);
}

std::vector<WGSLParser::PostfixContext *> WGSLParser::CoreLhsContext::postfix() {
  return getRuleContexts<WGSLParser::PostfixContext>();
}

WGSLParser::PostfixContext* WGSLParser::CoreLhsContext::postfix(size_t i) {
  return getRuleContext<WGSLParser::PostfixContext>(i);
}

WGSLParser::CoreLhsContext::CoreLhsContext(Lhs_expressionContext *ctx) { copyFrom(ctx); }


//----------------- AddressOfLhsContext ------------------------------------------------------------------

tree::TerminalNode* WGSLParser::AddressOfLhsContext::AND() {
  return getToken(WGSLParser::AND, 0);
}

WGSLParser::Lhs_expressionContext* WGSLParser::AddressOfLhsContext::lhs_expression() {
  return getRuleContext<WGSLParser::Lhs_expressionContext>(0);
}

WGSLParser::AddressOfLhsContext::AddressOfLhsContext(Lhs_expressionContext *ctx) { copyFrom(ctx); }


//----------------- DerefLhsContext ------------------------------------------------------------------

tree::TerminalNode* WGSLParser::DerefLhsContext::STAR() {
  return getToken(WGSLParser::STAR, 0);
}

WGSLParser::Lhs_expressionContext* WGSLParser::DerefLhsContext::lhs_expression() {
  return getRuleContext<WGSLParser::Lhs_expressionContext>(0);
}

WGSLParser::DerefLhsContext::DerefLhsContext(Lhs_expressionContext *ctx) { copyFrom(ctx); }


WGSLParser::Lhs_expressionContext* WGSLParser::lhs_expression() {
  Lhs_expressionContext *_localctx = _tracker.createInstance<Lhs_expressionContext>(_ctx, getState());
  enterRule(_localctx, 70, WGSLParser::RuleLhs_expression);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    setState(584);
    _errHandler->sync(this);
    switch (_input->LA(1)) {
      case WGSLParser::PAREN_LEFT:
      case WGSLParser::IDENT: {
        _localctx = dynamic_cast<Lhs_expressionContext *>(_tracker.createInstance<WGSLParser::CoreLhsContext>(_localctx));
        enterOuterAlt(_localctx, 1);
        setState(573);
        core_lhs_expression();
        setState(577);
        _errHandler->sync(this);
        _la = _input->LA(1);
        while (_la == WGSLParser::BRACKET_LEFT

        || _la == WGSLParser::PERIOD) {
          setState(574);
          postfix();
          setState(579);
          _errHandler->sync(this);
          _la = _input->LA(1);
        }
        break;
      }

      case WGSLParser::STAR: {
        _localctx = dynamic_cast<Lhs_expressionContext *>(_tracker.createInstance<WGSLParser::DerefLhsContext>(_localctx));
        enterOuterAlt(_localctx, 2);
        setState(580);
        match(WGSLParser::STAR);
        setState(581);
        lhs_expression();
        break;
      }

      case WGSLParser::AND: {
        _localctx = dynamic_cast<Lhs_expressionContext *>(_tracker.createInstance<WGSLParser::AddressOfLhsContext>(_localctx));
        enterOuterAlt(_localctx, 3);
        setState(582);
        match(WGSLParser::AND);
        setState(583);
        lhs_expression();
        break;
      }

    default:
      throw NoViableAltException(this);
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Core_lhs_expressionContext ------------------------------------------------------------------

WGSLParser::Core_lhs_expressionContext::Core_lhs_expressionContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}


size_t WGSLParser::Core_lhs_expressionContext::getRuleIndex() const {
  return WGSLParser::RuleCore_lhs_expression;
}

void WGSLParser::Core_lhs_expressionContext::copyFrom(Core_lhs_expressionContext *ctx) {
  ParserRuleContext::copyFrom(ctx);
}

//----------------- ParenLhsContext ------------------------------------------------------------------

tree::TerminalNode* WGSLParser::ParenLhsContext::PAREN_LEFT() {
  return getToken(WGSLParser::PAREN_LEFT, 0);
}

WGSLParser::Lhs_expressionContext* WGSLParser::ParenLhsContext::lhs_expression() {
  return getRuleContext<WGSLParser::Lhs_expressionContext>(0);
}

tree::TerminalNode* WGSLParser::ParenLhsContext::PAREN_RIGHT() {
  return getToken(WGSLParser::PAREN_RIGHT, 0);
}

WGSLParser::ParenLhsContext::ParenLhsContext(Core_lhs_expressionContext *ctx) { copyFrom(ctx); }


//----------------- IdentLhsContext ------------------------------------------------------------------

WGSLParser::IdentContext* WGSLParser::IdentLhsContext::ident() {
  return getRuleContext<WGSLParser::IdentContext>(0);
}

WGSLParser::IdentLhsContext::IdentLhsContext(Core_lhs_expressionContext *ctx) { copyFrom(ctx); }


WGSLParser::Core_lhs_expressionContext* WGSLParser::core_lhs_expression() {
  Core_lhs_expressionContext *_localctx = _tracker.createInstance<Core_lhs_expressionContext>(_ctx, getState());
  enterRule(_localctx, 72, WGSLParser::RuleCore_lhs_expression);

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    setState(591);
    _errHandler->sync(this);
    switch (_input->LA(1)) {
      case WGSLParser::IDENT: {
        _localctx = dynamic_cast<Core_lhs_expressionContext *>(_tracker.createInstance<WGSLParser::IdentLhsContext>(_localctx));
        enterOuterAlt(_localctx, 1);
        setState(586);
        ident();
        break;
      }

      case WGSLParser::PAREN_LEFT: {
        _localctx = dynamic_cast<Core_lhs_expressionContext *>(_tracker.createInstance<WGSLParser::ParenLhsContext>(_localctx));
        enterOuterAlt(_localctx, 2);
        setState(587);
        match(WGSLParser::PAREN_LEFT);
        setState(588);
        lhs_expression();
        setState(589);
        match(WGSLParser::PAREN_RIGHT);
        break;
      }

    default:
      throw NoViableAltException(this);
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Const_assert_statementContext ------------------------------------------------------------------

WGSLParser::Const_assert_statementContext::Const_assert_statementContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* WGSLParser::Const_assert_statementContext::CONST_ASSERT() {
  return getToken(WGSLParser::CONST_ASSERT, 0);
}

WGSLParser::ExpressionContext* WGSLParser::Const_assert_statementContext::expression() {
  return getRuleContext<WGSLParser::ExpressionContext>(0);
}


size_t WGSLParser::Const_assert_statementContext::getRuleIndex() const {
  return WGSLParser::RuleConst_assert_statement;
}


WGSLParser::Const_assert_statementContext* WGSLParser::const_assert_statement() {
  Const_assert_statementContext *_localctx = _tracker.createInstance<Const_assert_statementContext>(_ctx, getState());
  enterRule(_localctx, 74, WGSLParser::RuleConst_assert_statement);

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(593);
    match(WGSLParser::CONST_ASSERT);
    setState(594);
    expression(0);
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- ExpressionContext ------------------------------------------------------------------

WGSLParser::ExpressionContext::ExpressionContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}


size_t WGSLParser::ExpressionContext::getRuleIndex() const {
  return WGSLParser::RuleExpression;
}

void WGSLParser::ExpressionContext::copyFrom(ExpressionContext *ctx) {
  ParserRuleContext::copyFrom(ctx);
}

//----------------- UnaryExprContext ------------------------------------------------------------------

WGSLParser::Unary_expressionContext* WGSLParser::UnaryExprContext::unary_expression() {
  return getRuleContext<WGSLParser::Unary_expressionContext>(0);
}

WGSLParser::UnaryExprContext::UnaryExprContext(ExpressionContext *ctx) { copyFrom(ctx); }


//----------------- BinaryExprContext ------------------------------------------------------------------

std::vector<WGSLParser::ExpressionContext *> WGSLParser::BinaryExprContext::expression() {
  return getRuleContexts<WGSLParser::ExpressionContext>();
}

WGSLParser::ExpressionContext* WGSLParser::BinaryExprContext::expression(size_t i) {
  return getRuleContext<WGSLParser::ExpressionContext>(i);
}

tree::TerminalNode* WGSLParser::BinaryExprContext::STAR() {
  return getToken(WGSLParser::STAR, 0);
}

tree::TerminalNode* WGSLParser::BinaryExprContext::FORWARD_SLASH() {
  return getToken(WGSLParser::FORWARD_SLASH, 0);
}

tree::TerminalNode* WGSLParser::BinaryExprContext::MODULO() {
  return getToken(WGSLParser::MODULO, 0);
}

tree::TerminalNode* WGSLParser::BinaryExprContext::PLUS() {
  return getToken(WGSLParser::PLUS, 0);
}

tree::TerminalNode* WGSLParser::BinaryExprContext::MINUS() {
  return getToken(WGSLParser::MINUS, 0);
}

tree::TerminalNode* WGSLParser::BinaryExprContext::SHIFT_LEFT() {
  return getToken(WGSLParser::SHIFT_LEFT, 0);
}

tree::TerminalNode* WGSLParser::BinaryExprContext::SHIFT_RIGHT() {
  return getToken(WGSLParser::SHIFT_RIGHT, 0);
}

tree::TerminalNode* WGSLParser::BinaryExprContext::LESS_THAN() {
  return getToken(WGSLParser::LESS_THAN, 0);
}

tree::TerminalNode* WGSLParser::BinaryExprContext::LESS_THAN_EQUAL() {
  return getToken(WGSLParser::LESS_THAN_EQUAL, 0);
}

tree::TerminalNode* WGSLParser::BinaryExprContext::GREATER_THAN() {
  return getToken(WGSLParser::GREATER_THAN, 0);
}

tree::TerminalNode* WGSLParser::BinaryExprContext::GREATER_THAN_EQUAL() {
  return getToken(WGSLParser::GREATER_THAN_EQUAL, 0);
}

tree::TerminalNode* WGSLParser::BinaryExprContext::EQUAL_EQUAL() {
  return getToken(WGSLParser::EQUAL_EQUAL, 0);
}

tree::TerminalNode* WGSLParser::BinaryExprContext::NOT_EQUAL() {
  return getToken(WGSLParser::NOT_EQUAL, 0);
}

tree::TerminalNode* WGSLParser::BinaryExprContext::AND() {
  return getToken(WGSLParser::AND, 0);
}

tree::TerminalNode* WGSLParser::BinaryExprContext::XOR() {
  return getToken(WGSLParser::XOR, 0);
}

tree::TerminalNode* WGSLParser::BinaryExprContext::OR() {
  return getToken(WGSLParser::OR, 0);
}

tree::TerminalNode* WGSLParser::BinaryExprContext::AND_AND() {
  return getToken(WGSLParser::AND_AND, 0);
}

tree::TerminalNode* WGSLParser::BinaryExprContext::OR_OR() {
  return getToken(WGSLParser::OR_OR, 0);
}

WGSLParser::BinaryExprContext::BinaryExprContext(ExpressionContext *ctx) { copyFrom(ctx); }



WGSLParser::ExpressionContext* WGSLParser::expression() {
   return expression(0);
}

WGSLParser::ExpressionContext* WGSLParser::expression(int precedence) {
  ParserRuleContext *parentContext = _ctx;
  size_t parentState = getState();
  WGSLParser::ExpressionContext *_localctx = _tracker.createInstance<ExpressionContext>(_ctx, parentState);
  WGSLParser::ExpressionContext *previousContext = _localctx;
  (void)previousContext; // Silence compiler, in case the context is not used by generated code.
  size_t startState = 76;
  enterRecursionRule(_localctx, 76, WGSLParser::RuleExpression, precedence);

    size_t _la = 0;

  auto onExit = finally([=] {
    unrollRecursionContexts(parentContext);
  });
  try {
    size_t alt;
    enterOuterAlt(_localctx, 1);
    _localctx = _tracker.createInstance<UnaryExprContext>(_localctx);
    _ctx = _localctx;
    previousContext = _localctx;

    setState(597);
    unary_expression();
    _ctx->stop = _input->LT(-1);
    setState(628);
    _errHandler->sync(this);
    alt = getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 68, _ctx);
    while (alt != 2 && alt != atn::ATN::INVALID_ALT_NUMBER) {
      if (alt == 1) {
        if (!_parseListeners.empty())
          triggerExitRuleEvent();
        previousContext = _localctx;
        setState(626);
        _errHandler->sync(this);
        switch (getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 67, _ctx)) {
        case 1: {
          auto newContext = _tracker.createInstance<BinaryExprContext>(_tracker.createInstance<ExpressionContext>(parentContext, parentState));
          _localctx = newContext;
          pushNewRecursionContext(newContext, startState, RuleExpression);
          setState(599);

          if (!(precpred(_ctx, 9))) throw FailedPredicateException(this, "precpred(_ctx, 9)");
          setState(600);
          dynamic_cast<BinaryExprContext *>(_localctx)->op = _input->LT(1);
          _la = _input->LA(1);
          if (!(((((_la - 57) & ~ 0x3fULL) == 0) &&
            ((1ULL << (_la - 57)) & ((1ULL << (WGSLParser::FORWARD_SLASH - 57))
            | (1ULL << (WGSLParser::MODULO - 57))
            | (1ULL << (WGSLParser::STAR - 57)))) != 0))) {
            dynamic_cast<BinaryExprContext *>(_localctx)->op = _errHandler->recoverInline(this);
          }
          else {
            _errHandler->reportMatch(this);
            consume();
          }
          setState(601);
          expression(10);
          break;
        }

        case 2: {
          auto newContext = _tracker.createInstance<BinaryExprContext>(_tracker.createInstance<ExpressionContext>(parentContext, parentState));
          _localctx = newContext;
          pushNewRecursionContext(newContext, startState, RuleExpression);
          setState(602);

          if (!(precpred(_ctx, 8))) throw FailedPredicateException(this, "precpred(_ctx, 8)");
          setState(603);
          dynamic_cast<BinaryExprContext *>(_localctx)->op = _input->LT(1);
          _la = _input->LA(1);
          if (!(_la == WGSLParser::MINUS

          || _la == WGSLParser::PLUS)) {
            dynamic_cast<BinaryExprContext *>(_localctx)->op = _errHandler->recoverInline(this);
          }
          else {
            _errHandler->reportMatch(this);
            consume();
          }
          setState(604);
          expression(9);
          break;
        }

        case 3: {
          auto newContext = _tracker.createInstance<BinaryExprContext>(_tracker.createInstance<ExpressionContext>(parentContext, parentState));
          _localctx = newContext;
          pushNewRecursionContext(newContext, startState, RuleExpression);
          setState(605);

          if (!(precpred(_ctx, 7))) throw FailedPredicateException(this, "precpred(_ctx, 7)");
          setState(606);
          dynamic_cast<BinaryExprContext *>(_localctx)->op = _input->LT(1);
          _la = _input->LA(1);
          if (!(_la == WGSLParser::SHIFT_LEFT

          || _la == WGSLParser::SHIFT_RIGHT)) {
            dynamic_cast<BinaryExprContext *>(_localctx)->op = _errHandler->recoverInline(this);
          }
          else {
            _errHandler->reportMatch(this);
            consume();
          }
          setState(607);
          expression(8);
          break;
        }

        case 4: {
          auto newContext = _tracker.createInstance<BinaryExprContext>(_tracker.createInstance<ExpressionContext>(parentContext, parentState));
          _localctx = newContext;
          pushNewRecursionContext(newContext, startState, RuleExpression);
          setState(608);

          if (!(precpred(_ctx, 6))) throw FailedPredicateException(this, "precpred(_ctx, 6)");
          setState(609);
          dynamic_cast<BinaryExprContext *>(_localctx)->op = _input->LT(1);
          _la = _input->LA(1);
          if (!(((((_la - 39) & ~ 0x3fULL) == 0) &&
            ((1ULL << (_la - 39)) & ((1ULL << (WGSLParser::EQUAL_EQUAL - 39))
            | (1ULL << (WGSLParser::NOT_EQUAL - 39))
            | (1ULL << (WGSLParser::GREATER_THAN_EQUAL - 39))
            | (1ULL << (WGSLParser::LESS_THAN_EQUAL - 39))
            | (1ULL << (WGSLParser::GREATER_THAN - 39))
            | (1ULL << (WGSLParser::LESS_THAN - 39)))) != 0))) {
            dynamic_cast<BinaryExprContext *>(_localctx)->op = _errHandler->recoverInline(this);
          }
          else {
            _errHandler->reportMatch(this);
            consume();
          }
          setState(610);
          expression(7);
          break;
        }

        case 5: {
          auto newContext = _tracker.createInstance<BinaryExprContext>(_tracker.createInstance<ExpressionContext>(parentContext, parentState));
          _localctx = newContext;
          pushNewRecursionContext(newContext, startState, RuleExpression);
          setState(611);

          if (!(precpred(_ctx, 5))) throw FailedPredicateException(this, "precpred(_ctx, 5)");
          setState(612);
          dynamic_cast<BinaryExprContext *>(_localctx)->op = match(WGSLParser::AND);
          setState(613);
          expression(6);
          break;
        }

        case 6: {
          auto newContext = _tracker.createInstance<BinaryExprContext>(_tracker.createInstance<ExpressionContext>(parentContext, parentState));
          _localctx = newContext;
          pushNewRecursionContext(newContext, startState, RuleExpression);
          setState(614);

          if (!(precpred(_ctx, 4))) throw FailedPredicateException(this, "precpred(_ctx, 4)");
          setState(615);
          dynamic_cast<BinaryExprContext *>(_localctx)->op = match(WGSLParser::XOR);
          setState(616);
          expression(5);
          break;
        }

        case 7: {
          auto newContext = _tracker.createInstance<BinaryExprContext>(_tracker.createInstance<ExpressionContext>(parentContext, parentState));
          _localctx = newContext;
          pushNewRecursionContext(newContext, startState, RuleExpression);
          setState(617);

          if (!(precpred(_ctx, 3))) throw FailedPredicateException(this, "precpred(_ctx, 3)");
          setState(618);
          dynamic_cast<BinaryExprContext *>(_localctx)->op = match(WGSLParser::OR);
          setState(619);
          expression(4);
          break;
        }

        case 8: {
          auto newContext = _tracker.createInstance<BinaryExprContext>(_tracker.createInstance<ExpressionContext>(parentContext, parentState));
          _localctx = newContext;
          pushNewRecursionContext(newContext, startState, RuleExpression);
          setState(620);

          if (!(precpred(_ctx, 2))) throw FailedPredicateException(this, "precpred(_ctx, 2)");
          setState(621);
          dynamic_cast<BinaryExprContext *>(_localctx)->op = match(WGSLParser::AND_AND);
          setState(622);
          expression(3);
          break;
        }

        case 9: {
          auto newContext = _tracker.createInstance<BinaryExprContext>(_tracker.createInstance<ExpressionContext>(parentContext, parentState));
          _localctx = newContext;
          pushNewRecursionContext(newContext, startState, RuleExpression);
          setState(623);

          if (!(precpred(_ctx, 1))) throw FailedPredicateException(this, "precpred(_ctx, 1)");
          setState(624);
          dynamic_cast<BinaryExprContext *>(_localctx)->op = match(WGSLParser::OR_OR);
          setState(625);
          expression(2);
          break;
        }

        } 
      }
      setState(630);
      _errHandler->sync(this);
      alt = getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 68, _ctx);
    }
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }
  return _localctx;
}

//----------------- Unary_expressionContext ------------------------------------------------------------------

WGSLParser::Unary_expressionContext::Unary_expressionContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}


size_t WGSLParser::Unary_expressionContext::getRuleIndex() const {
  return WGSLParser::RuleUnary_expression;
}

void WGSLParser::Unary_expressionContext::copyFrom(Unary_expressionContext *ctx) {
  ParserRuleContext::copyFrom(ctx);
}

//----------------- PrefixExprContext ------------------------------------------------------------------

WGSLParser::Unary_expressionContext* WGSLParser::PrefixExprContext::unary_expression() {
  return getRuleContext<WGSLParser::Unary_expressionContext>(0);
}

tree::TerminalNode* WGSLParser::PrefixExprContext::MINUS() {
  return getToken(WGSLParser::MINUS, 0);
}

tree::TerminalNode* WGSLParser::PrefixExprContext::BANG() {
  return getToken(WGSLParser::BANG, 0);
}

tree::TerminalNode* WGSLParser::PrefixExprContext::TILDE() {
  return getToken(WGSLParser::TILDE, 0);
}

tree::TerminalNode* WGSLParser::PrefixExprContext::STAR() {
  return getToken(WGSLParser::STAR, 0);
}

tree::TerminalNode* WGSLParser::PrefixExprContext::AND() {
  return getToken(WGSLParser::AND, 0);
}

WGSLParser::PrefixExprContext::PrefixExprContext(Unary_expressionContext *ctx) { copyFrom(ctx); }


//----------------- SingularExprContext ------------------------------------------------------------------

WGSLParser::Primary_expressionContext* WGSLParser::SingularExprContext::primary_expression() {
  return getRuleContext<WGSLParser::Primary_expressionContext>(0);
}

std::vector<WGSLParser::PostfixContext *> WGSLParser::SingularExprContext::postfix() {
  return getRuleContexts<WGSLParser::PostfixContext>();
}

WGSLParser::PostfixContext* WGSLParser::SingularExprContext::postfix(size_t i) {
  return getRuleContext<WGSLParser::PostfixContext>(i);
}

WGSLParser::SingularExprContext::SingularExprContext(Unary_expressionContext *ctx) { copyFrom(ctx); }


WGSLParser::Unary_expressionContext* WGSLParser::unary_expression() {
  Unary_expressionContext *_localctx = _tracker.createInstance<Unary_expressionContext>(_ctx, getState());
  enterRule(_localctx, 78, WGSLParser::RuleUnary_expression);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    size_t alt;
    setState(640);
    _errHandler->sync(this);
    switch (_input->LA(1)) {
      case WGSLParser::AND:
      case WGSLParser::BANG:
      case WGSLParser::MINUS:
      case WGSLParser::STAR:
      case WGSLParser::TILDE: {
        _localctx = dynamic_cast<Unary_expressionContext *>(_tracker.createInstance<WGSLParser::PrefixExprContext>(_localctx));
        enterOuterAlt(_localctx, 1);
        setState(631);
        dynamic_cast<PrefixExprContext *>(_localctx)->op = _input->LT(1);
        _la = _input->LA(1);
        if (!(((((_la - 55) & ~ 0x3fULL) == 0) &&
          ((1ULL << (_la - 55)) & ((1ULL << (WGSLParser::AND - 55))
          | (1ULL << (WGSLParser::BANG - 55))
          | (1ULL << (WGSLParser::MINUS - 55))
          | (1ULL << (WGSLParser::STAR - 55))
          | (1ULL << (WGSLParser::TILDE - 55)))) != 0))) {
          dynamic_cast<PrefixExprContext *>(_localctx)->op = _errHandler->recoverInline(this);
        }
        else {
          _errHandler->reportMatch(this);
          consume();
        }
        setState(632);
        unary_expression();
        break;
      }

      case WGSLParser::FALSE:
      case WGSLParser::TRUE:
      case WGSLParser::DECIMAL_FLOAT_LITERAL:
      case WGSLParser::HEX_FLOAT_LITERAL:
      case WGSLParser::INT_LITERAL:
      case WGSLParser::PAREN_LEFT:
      case WGSLParser::IDENT: {
        _localctx = dynamic_cast<Unary_expressionContext *>(_tracker.createInstance<WGSLParser::SingularExprContext>(_localctx));
        enterOuterAlt(_localctx, 2);
        setState(633);
        primary_expression();
        setState(637);
        _errHandler->sync(this);
        alt = getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 69, _ctx);
        while (alt != 2 && alt != atn::ATN::INVALID_ALT_NUMBER) {
          if (alt == 1) {
            setState(634);
            postfix(); 
          }
          setState(639);
          _errHandler->sync(this);
          alt = getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 69, _ctx);
        }
        break;
      }

    default:
      throw NoViableAltException(this);
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- PostfixContext ------------------------------------------------------------------

WGSLParser::PostfixContext::PostfixContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}


size_t WGSLParser::PostfixContext::getRuleIndex() const {
  return WGSLParser::RulePostfix;
}

void WGSLParser::PostfixContext::copyFrom(PostfixContext *ctx) {
  ParserRuleContext::copyFrom(ctx);
}

//----------------- MemberPostfixContext ------------------------------------------------------------------

tree::TerminalNode* WGSLParser::MemberPostfixContext::PERIOD() {
  return getToken(WGSLParser::PERIOD, 0);
}

WGSLParser::Member_identContext* WGSLParser::MemberPostfixContext::member_ident() {
  return getRuleContext<WGSLParser::Member_identContext>(0);
}

WGSLParser::MemberPostfixContext::MemberPostfixContext(PostfixContext *ctx) { copyFrom(ctx); }


//----------------- IndexPostfixContext ------------------------------------------------------------------

tree::TerminalNode* WGSLParser::IndexPostfixContext::BRACKET_LEFT() {
  return getToken(WGSLParser::BRACKET_LEFT, 0);
}

WGSLParser::ExpressionContext* WGSLParser::IndexPostfixContext::expression() {
  return getRuleContext<WGSLParser::ExpressionContext>(0);
}

tree::TerminalNode* WGSLParser::IndexPostfixContext::BRACKET_RIGHT() {
  return getToken(WGSLParser::BRACKET_RIGHT, 0);
}

WGSLParser::IndexPostfixContext::IndexPostfixContext(PostfixContext *ctx) { copyFrom(ctx); }


WGSLParser::PostfixContext* WGSLParser::postfix() {
  PostfixContext *_localctx = _tracker.createInstance<PostfixContext>(_ctx, getState());
  enterRule(_localctx, 80, WGSLParser::RulePostfix);

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    setState(648);
    _errHandler->sync(this);
    switch (_input->LA(1)) {
      case WGSLParser::BRACKET_LEFT: {
        _localctx = dynamic_cast<PostfixContext *>(_tracker.createInstance<WGSLParser::IndexPostfixContext>(_localctx));
        enterOuterAlt(_localctx, 1);
        setState(642);
        match(WGSLParser::BRACKET_LEFT);
        setState(643);
        expression(0);
        setState(644);
        match(WGSLParser::BRACKET_RIGHT);
        break;
      }

      case WGSLParser::PERIOD: {
        _localctx = dynamic_cast<PostfixContext *>(_tracker.createInstance<WGSLParser::MemberPostfixContext>(_localctx));
        enterOuterAlt(_localctx, 2);
        setState(646);
        match(WGSLParser::PERIOD);
        setState(647);
        member_ident();
        break;
      }

    default:
      throw NoViableAltException(this);
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Primary_expressionContext ------------------------------------------------------------------

WGSLParser::Primary_expressionContext::Primary_expressionContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}


size_t WGSLParser::Primary_expressionContext::getRuleIndex() const {
  return WGSLParser::RulePrimary_expression;
}

void WGSLParser::Primary_expressionContext::copyFrom(Primary_expressionContext *ctx) {
  ParserRuleContext::copyFrom(ctx);
}

//----------------- IdentExprContext ------------------------------------------------------------------

WGSLParser::Template_elaborated_identContext* WGSLParser::IdentExprContext::template_elaborated_ident() {
  return getRuleContext<WGSLParser::Template_elaborated_identContext>(0);
}

WGSLParser::IdentExprContext::IdentExprContext(Primary_expressionContext *ctx) { copyFrom(ctx); }


//----------------- LiteralExprContext ------------------------------------------------------------------

WGSLParser::LiteralContext* WGSLParser::LiteralExprContext::literal() {
  return getRuleContext<WGSLParser::LiteralContext>(0);
}

WGSLParser::LiteralExprContext::LiteralExprContext(Primary_expressionContext *ctx) { copyFrom(ctx); }


//----------------- CallExprContext ------------------------------------------------------------------

WGSLParser::Call_phraseContext* WGSLParser::CallExprContext::call_phrase() {
  return getRuleContext<WGSLParser::Call_phraseContext>(0);
}

WGSLParser::CallExprContext::CallExprContext(Primary_expressionContext *ctx) { copyFrom(ctx); }


//----------------- ParenExprContext ------------------------------------------------------------------

tree::TerminalNode* WGSLParser::ParenExprContext::PAREN_LEFT() {
  return getToken(WGSLParser::PAREN_LEFT, 0);
}

WGSLParser::ExpressionContext* WGSLParser::ParenExprContext::expression() {
  return getRuleContext<WGSLParser::ExpressionContext>(0);
}

tree::TerminalNode* WGSLParser::ParenExprContext::PAREN_RIGHT() {
  return getToken(WGSLParser::PAREN_RIGHT, 0);
}

WGSLParser::ParenExprContext::ParenExprContext(Primary_expressionContext *ctx) { copyFrom(ctx); }


WGSLParser::Primary_expressionContext* WGSLParser::primary_expression() {
  Primary_expressionContext *_localctx = _tracker.createInstance<Primary_expressionContext>(_ctx, getState());
  enterRule(_localctx, 82, WGSLParser::RulePrimary_expression);

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    setState(657);
    _errHandler->sync(this);
    switch (getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 72, _ctx)) {
    case 1: {
      _localctx = dynamic_cast<Primary_expressionContext *>(_tracker.createInstance<WGSLParser::CallExprContext>(_localctx));
      enterOuterAlt(_localctx, 1);
      setState(650);
      call_phrase();
      break;
    }

    case 2: {
      _localctx = dynamic_cast<Primary_expressionContext *>(_tracker.createInstance<WGSLParser::IdentExprContext>(_localctx));
      enterOuterAlt(_localctx, 2);
      setState(651);
      template_elaborated_ident();
      break;
    }

    case 3: {
      _localctx = dynamic_cast<Primary_expressionContext *>(_tracker.createInstance<WGSLParser::LiteralExprContext>(_localctx));
      enterOuterAlt(_localctx, 3);
      setState(652);
      literal();
      break;
    }

    case 4: {
      _localctx = dynamic_cast<Primary_expressionContext *>(_tracker.createInstance<WGSLParser::ParenExprContext>(_localctx));
      enterOuterAlt(_localctx, 4);
      setState(653);
      match(WGSLParser::PAREN_LEFT);
      setState(654);
      expression(0);
      setState(655);
      match(WGSLParser::PAREN_RIGHT);
      break;
    }

    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Call_phraseContext ------------------------------------------------------------------

WGSLParser::Call_phraseContext::Call_phraseContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

WGSLParser::Template_elaborated_identContext* WGSLParser::Call_phraseContext::template_elaborated_ident() {
  return getRuleContext<WGSLParser::Template_elaborated_identContext>(0);
}

WGSLParser::Argument_expression_listContext* WGSLParser::Call_phraseContext::argument_expression_list() {
  return getRuleContext<WGSLParser::Argument_expression_listContext>(0);
}


size_t WGSLParser::Call_phraseContext::getRuleIndex() const {
  return WGSLParser::RuleCall_phrase;
}


WGSLParser::Call_phraseContext* WGSLParser::call_phrase() {
  Call_phraseContext *_localctx = _tracker.createInstance<Call_phraseContext>(_ctx, getState());
  enterRule(_localctx, 84, WGSLParser::RuleCall_phrase);

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(659);
    template_elaborated_ident();
    setState(660);
    argument_expression_list();
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- Argument_expression_listContext ------------------------------------------------------------------

WGSLParser::Argument_expression_listContext::Argument_expression_listContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* WGSLParser::Argument_expression_listContext::PAREN_LEFT() {
  return getToken(WGSLParser::PAREN_LEFT, 0);
}

tree::TerminalNode* WGSLParser::Argument_expression_listContext::PAREN_RIGHT() {
  return getToken(WGSLParser::PAREN_RIGHT, 0);
}

std::vector<WGSLParser::ExpressionContext *> WGSLParser::Argument_expression_listContext::expression() {
  return getRuleContexts<WGSLParser::ExpressionContext>();
}

WGSLParser::ExpressionContext* WGSLParser::Argument_expression_listContext::expression(size_t i) {
  return getRuleContext<WGSLParser::ExpressionContext>(i);
}

std::vector<tree::TerminalNode *> WGSLParser::Argument_expression_listContext::COMMA() {
  return getTokens(WGSLParser::COMMA);
}

tree::TerminalNode* WGSLParser::Argument_expression_listContext::COMMA(size_t i) {
  return getToken(WGSLParser::COMMA, i);
}


size_t WGSLParser::Argument_expression_listContext::getRuleIndex() const {
  return WGSLParser::RuleArgument_expression_list;
}


WGSLParser::Argument_expression_listContext* WGSLParser::argument_expression_list() {
  Argument_expression_listContext *_localctx = _tracker.createInstance<Argument_expression_listContext>(_ctx, getState());
  enterRule(_localctx, 86, WGSLParser::RuleArgument_expression_list);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    size_t alt;
    enterOuterAlt(_localctx, 1);
    setState(662);
    match(WGSLParser::PAREN_LEFT);
    setState(674);
    _errHandler->sync(this);

    _la = _input->LA(1);
    if ((((_la & ~ 0x3fULL) == 0) &&
      ((1ULL << _la) & ((1ULL << WGSLParser::FALSE)
      | (1ULL << WGSLParser::TRUE)
      | (1ULL << WGSLParser::DECIMAL_FLOAT_LITERAL)
      | (1ULL << WGSLParser::HEX_FLOAT_LITERAL)
      | (1ULL << WGSLParser::INT_LITERAL)
      | (1ULL << WGSLParser::AND)
      | (1ULL << WGSLParser::BANG))) != 0) || ((((_la - 69) & ~ 0x3fULL) == 0) &&
      ((1ULL << (_la - 69)) & ((1ULL << (WGSLParser::MINUS - 69))
      | (1ULL << (WGSLParser::PAREN_LEFT - 69))
      | (1ULL << (WGSLParser::STAR - 69))
      | (1ULL << (WGSLParser::TILDE - 69))
      | (1ULL << (WGSLParser::IDENT - 69)))) != 0)) {
      setState(663);
      expression(0);
      setState(668);
      _errHandler->sync(this);
      alt = getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 73, _ctx);
      while (alt != 2 && alt != atn::ATN::INVALID_ALT_NUMBER) {
        if (alt == 1) {
          setState(664);
          match(WGSLParser::COMMA);
          setState(665);
          expression(0); 
        }
        setState(670);
        _errHandler->sync(this);
        alt = getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 73, _ctx);
      }
      setState(672);
      _errHandler->sync(this);

      _la = _input->LA(1);
      if (_la == WGSLParser::COMMA) {
        setState(671);
        match(WGSLParser::COMMA);
      }
    }
    setState(676);
    match(WGSLParser::PAREN_RIGHT);
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- LiteralContext ------------------------------------------------------------------

WGSLParser::LiteralContext::LiteralContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* WGSLParser::LiteralContext::INT_LITERAL() {
  return getToken(WGSLParser::INT_LITERAL, 0);
}

tree::TerminalNode* WGSLParser::LiteralContext::DECIMAL_FLOAT_LITERAL() {
  return getToken(WGSLParser::DECIMAL_FLOAT_LITERAL, 0);
}

tree::TerminalNode* WGSLParser::LiteralContext::HEX_FLOAT_LITERAL() {
  return getToken(WGSLParser::HEX_FLOAT_LITERAL, 0);
}

tree::TerminalNode* WGSLParser::LiteralContext::TRUE() {
  return getToken(WGSLParser::TRUE, 0);
}

tree::TerminalNode* WGSLParser::LiteralContext::FALSE() {
  return getToken(WGSLParser::FALSE, 0);
}


size_t WGSLParser::LiteralContext::getRuleIndex() const {
  return WGSLParser::RuleLiteral;
}


WGSLParser::LiteralContext* WGSLParser::literal() {
  LiteralContext *_localctx = _tracker.createInstance<LiteralContext>(_ctx, getState());
  enterRule(_localctx, 88, WGSLParser::RuleLiteral);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(678);
    _la = _input->LA(1);
    if (!((((_la & ~ 0x3fULL) == 0) &&
      ((1ULL << _la) & ((1ULL << WGSLParser::FALSE)
      | (1ULL << WGSLParser::TRUE)
      | (1ULL << WGSLParser::DECIMAL_FLOAT_LITERAL)
      | (1ULL << WGSLParser::HEX_FLOAT_LITERAL)
      | (1ULL << WGSLParser::INT_LITERAL))) != 0))) {
    _errHandler->recoverInline(this);
    }
    else {
      _errHandler->reportMatch(this);
      consume();
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

bool WGSLParser::sempred(RuleContext *context, size_t ruleIndex, size_t predicateIndex) {
  switch (ruleIndex) {
    case 38: return expressionSempred(dynamic_cast<ExpressionContext *>(context), predicateIndex);

  default:
    break;
  }
  return true;
}

bool WGSLParser::expressionSempred(ExpressionContext *_localctx, size_t predicateIndex) {
  switch (predicateIndex) {
    case 0: return precpred(_ctx, 9);
    case 1: return precpred(_ctx, 8);
    case 2: return precpred(_ctx, 7);
    case 3: return precpred(_ctx, 6);
    case 4: return precpred(_ctx, 5);
    case 5: return precpred(_ctx, 4);
    case 6: return precpred(_ctx, 3);
    case 7: return precpred(_ctx, 2);
    case 8: return precpred(_ctx, 1);

  default:
    break;
  }
  return true;
}

// Static vars and initialization.
std::vector<dfa::DFA> WGSLParser::_decisionToDFA;
atn::PredictionContextCache WGSLParser::_sharedContextCache;

// We own the ATN which in turn owns the ATN states.
atn::ATN WGSLParser::_atn;
std::vector<uint16_t> WGSLParser::_serializedATN;

std::vector<std::string> WGSLParser::_ruleNames = {
  "translation_unit", "global_item", "global_directive", "name_list", "global_decl", 
  "struct_body", "member_separator", "struct_member", "function_header", 
  "param_list", "param", "attribute", "attribute_name", "diagnostic_control", 
  "diagnostic_rule_name", "variable_decl", "optionally_typed_ident", "type_specifier", 
  "template_elaborated_ident", "template_list", "ident", "member_ident", 
  "compound_statement", "statement", "else_if_clause", "else_clause", "switch_body", 
  "switch_clause", "case_selector", "continuing_statement", "for_init", 
  "for_update", "variable_or_value_statement", "variable_updating_statement", 
  "compound_assignment_operator", "lhs_expression", "core_lhs_expression", 
  "const_assert_statement", "expression", "unary_expression", "postfix", 
  "primary_expression", "call_phrase", "argument_expression_list", "literal"
};

std::vector<std::string> WGSLParser::_literalNames = {
  "", "", "", "", "'alias'", "'break'", "'case'", "'const'", "'const_assert'", 
  "'continue'", "'continuing'", "'default'", "'diagnostic'", "'discard'", 
  "'else'", "'enable'", "'false'", "'fn'", "'for'", "'if'", "'let'", "'loop'", 
  "'override'", "'requires'", "'return'", "'struct'", "'switch'", "'true'", 
  "'var'", "'while'", "", "", "", "", "'<<='", "'>>='", "'&&'", "'||'", 
  "'->'", "'=='", "'!='", "'>='", "'<='", "'<<'", "'>>'", "'++'", "'--'", 
  "'+='", "'-='", "'*='", "'/='", "'%='", "'&='", "'|='", "'^='", "'&'", 
  "'@'", "'/'", "'!'", "'['", "']'", "'{'", "'}'", "':'", "','", "'='", 
  "'>'", "'<'", "'%'", "'-'", "'.'", "'+'", "'|'", "'('", "')'", "';'", 
  "'*'", "'~'", "'^'", "'_'"
};

std::vector<std::string> WGSLParser::_symbolicNames = {
  "", "TEMPLATE_ARGS_START", "TEMPLATE_ARGS_END", "BLANKSPACE", "ALIAS", 
  "BREAK", "CASE", "CONST", "CONST_ASSERT", "CONTINUE", "CONTINUING", "DEFAULT", 
  "DIAGNOSTIC", "DISCARD", "ELSE", "ENABLE", "FALSE", "FN", "FOR", "IF", 
  "LET", "LOOP", "OVERRIDE", "REQUIRES", "RETURN", "STRUCT", "SWITCH", "TRUE", 
  "VAR", "WHILE", "DECIMAL_FLOAT_LITERAL", "HEX_FLOAT_LITERAL", "INT_LITERAL", 
  "INVALID_NUMBER", "SHIFT_LEFT_ASSIGN", "SHIFT_RIGHT_ASSIGN", "AND_AND", 
  "OR_OR", "ARROW", "EQUAL_EQUAL", "NOT_EQUAL", "GREATER_THAN_EQUAL", "LESS_THAN_EQUAL", 
  "SHIFT_LEFT", "SHIFT_RIGHT", "PLUS_PLUS", "MINUS_MINUS", "PLUS_EQUAL", 
  "MINUS_EQUAL", "TIMES_EQUAL", "DIVISION_EQUAL", "MODULO_EQUAL", "AND_EQUAL", 
  "OR_EQUAL", "XOR_EQUAL", "AND", "ATTR", "FORWARD_SLASH", "BANG", "BRACKET_LEFT", 
  "BRACKET_RIGHT", "BRACE_LEFT", "BRACE_RIGHT", "COLON", "COMMA", "EQUAL", 
  "GREATER_THAN", "LESS_THAN", "MODULO", "MINUS", "PERIOD", "PLUS", "OR", 
  "PAREN_LEFT", "PAREN_RIGHT", "SEMICOLON", "STAR", "TILDE", "XOR", "UNDERSCORE", 
  "IDENT", "UNKNOWN_CHAR"
};

dfa::Vocabulary WGSLParser::_vocabulary(_literalNames, _symbolicNames);

std::vector<std::string> WGSLParser::_tokenNames;

WGSLParser::Initializer::Initializer() {
	for (size_t i = 0; i < _symbolicNames.size(); ++i) {
		std::string name = _vocabulary.getLiteralName(i);
		if (name.empty()) {
			name = _vocabulary.getSymbolicName(i);
		}

		if (name.empty()) {
			_tokenNames.push_back("<INVALID>");
		} else {
      _tokenNames.push_back(name);
    }
	}

  _serializedATN = {
    0x3, 0x608b, 0xa72a, 0x8133, 0xb9ed, 0x417c, 0x3be7, 0x7786, 0x5964, 
    0x3, 0x53, 0x2ab, 0x4, 0x2, 0x9, 0x2, 0x4, 0x3, 0x9, 0x3, 0x4, 0x4, 
    0x9, 0x4, 0x4, 0x5, 0x9, 0x5, 0x4, 0x6, 0x9, 0x6, 0x4, 0x7, 0x9, 0x7, 
    0x4, 0x8, 0x9, 0x8, 0x4, 0x9, 0x9, 0x9, 0x4, 0xa, 0x9, 0xa, 0x4, 0xb, 
    0x9, 0xb, 0x4, 0xc, 0x9, 0xc, 0x4, 0xd, 0x9, 0xd, 0x4, 0xe, 0x9, 0xe, 
    0x4, 0xf, 0x9, 0xf, 0x4, 0x10, 0x9, 0x10, 0x4, 0x11, 0x9, 0x11, 0x4, 
    0x12, 0x9, 0x12, 0x4, 0x13, 0x9, 0x13, 0x4, 0x14, 0x9, 0x14, 0x4, 0x15, 
    0x9, 0x15, 0x4, 0x16, 0x9, 0x16, 0x4, 0x17, 0x9, 0x17, 0x4, 0x18, 0x9, 
    0x18, 0x4, 0x19, 0x9, 0x19, 0x4, 0x1a, 0x9, 0x1a, 0x4, 0x1b, 0x9, 0x1b, 
    0x4, 0x1c, 0x9, 0x1c, 0x4, 0x1d, 0x9, 0x1d, 0x4, 0x1e, 0x9, 0x1e, 0x4, 
    0x1f, 0x9, 0x1f, 0x4, 0x20, 0x9, 0x20, 0x4, 0x21, 0x9, 0x21, 0x4, 0x22, 
    0x9, 0x22, 0x4, 0x23, 0x9, 0x23, 0x4, 0x24, 0x9, 0x24, 0x4, 0x25, 0x9, 
    0x25, 0x4, 0x26, 0x9, 0x26, 0x4, 0x27, 0x9, 0x27, 0x4, 0x28, 0x9, 0x28, 
    0x4, 0x29, 0x9, 0x29, 0x4, 0x2a, 0x9, 0x2a, 0x4, 0x2b, 0x9, 0x2b, 0x4, 
    0x2c, 0x9, 0x2c, 0x4, 0x2d, 0x9, 0x2d, 0x4, 0x2e, 0x9, 0x2e, 0x3, 0x2, 
    0x7, 0x2, 0x5e, 0xa, 0x2, 0xc, 0x2, 0xe, 0x2, 0x61, 0xb, 0x2, 0x3, 0x2, 
    0x3, 0x2, 0x3, 0x3, 0x3, 0x3, 0x3, 0x3, 0x3, 0x3, 0x3, 0x3, 0x3, 0x3, 
    0x5, 0x3, 0x6b, 0xa, 0x3, 0x3, 0x4, 0x3, 0x4, 0x3, 0x4, 0x3, 0x4, 0x3, 
    0x4, 0x3, 0x4, 0x3, 0x4, 0x3, 0x4, 0x3, 0x4, 0x3, 0x4, 0x3, 0x4, 0x3, 
    0x4, 0x5, 0x4, 0x79, 0xa, 0x4, 0x3, 0x5, 0x3, 0x5, 0x3, 0x5, 0x7, 0x5, 
    0x7e, 0xa, 0x5, 0xc, 0x5, 0xe, 0x5, 0x81, 0xb, 0x5, 0x3, 0x5, 0x5, 0x5, 
    0x84, 0xa, 0x5, 0x3, 0x6, 0x7, 0x6, 0x87, 0xa, 0x6, 0xc, 0x6, 0xe, 0x6, 
    0x8a, 0xb, 0x6, 0x3, 0x6, 0x3, 0x6, 0x3, 0x6, 0x5, 0x6, 0x8f, 0xa, 0x6, 
    0x3, 0x6, 0x3, 0x6, 0x3, 0x6, 0x7, 0x6, 0x94, 0xa, 0x6, 0xc, 0x6, 0xe, 
    0x6, 0x97, 0xb, 0x6, 0x3, 0x6, 0x3, 0x6, 0x3, 0x6, 0x3, 0x6, 0x5, 0x6, 
    0x9d, 0xa, 0x6, 0x3, 0x6, 0x3, 0x6, 0x3, 0x6, 0x7, 0x6, 0xa2, 0xa, 0x6, 
    0xc, 0x6, 0xe, 0x6, 0xa5, 0xb, 0x6, 0x3, 0x6, 0x3, 0x6, 0x3, 0x6, 0x3, 
    0x6, 0x3, 0x6, 0x3, 0x6, 0x3, 0x6, 0x7, 0x6, 0xae, 0xa, 0x6, 0xc, 0x6, 
    0xe, 0x6, 0xb1, 0xb, 0x6, 0x3, 0x6, 0x3, 0x6, 0x3, 0x6, 0x3, 0x6, 0x3, 
    0x6, 0x3, 0x6, 0x3, 0x6, 0x7, 0x6, 0xba, 0xa, 0x6, 0xc, 0x6, 0xe, 0x6, 
    0xbd, 0xb, 0x6, 0x3, 0x6, 0x3, 0x6, 0x3, 0x6, 0x3, 0x6, 0x3, 0x6, 0x7, 
    0x6, 0xc4, 0xa, 0x6, 0xc, 0x6, 0xe, 0x6, 0xc7, 0xb, 0x6, 0x3, 0x6, 0x3, 
    0x6, 0x3, 0x6, 0x5, 0x6, 0xcc, 0xa, 0x6, 0x3, 0x7, 0x3, 0x7, 0x3, 0x7, 
    0x3, 0x7, 0x3, 0x7, 0x7, 0x7, 0xd3, 0xa, 0x7, 0xc, 0x7, 0xe, 0x7, 0xd6, 
    0xb, 0x7, 0x3, 0x7, 0x5, 0x7, 0xd9, 0xa, 0x7, 0x3, 0x7, 0x3, 0x7, 0x3, 
    0x8, 0x3, 0x8, 0x3, 0x9, 0x7, 0x9, 0xe0, 0xa, 0x9, 0xc, 0x9, 0xe, 0x9, 
    0xe3, 0xb, 0x9, 0x3, 0x9, 0x3, 0x9, 0x3, 0x9, 0x3, 0x9, 0x3, 0xa, 0x3, 
    0xa, 0x3, 0xa, 0x3, 0xa, 0x5, 0xa, 0xed, 0xa, 0xa, 0x3, 0xa, 0x3, 0xa, 
    0x3, 0xa, 0x7, 0xa, 0xf2, 0xa, 0xa, 0xc, 0xa, 0xe, 0xa, 0xf5, 0xb, 0xa, 
    0x3, 0xa, 0x5, 0xa, 0xf8, 0xa, 0xa, 0x3, 0xb, 0x3, 0xb, 0x3, 0xb, 0x7, 
    0xb, 0xfd, 0xa, 0xb, 0xc, 0xb, 0xe, 0xb, 0x100, 0xb, 0xb, 0x3, 0xb, 
    0x5, 0xb, 0x103, 0xa, 0xb, 0x3, 0xc, 0x7, 0xc, 0x106, 0xa, 0xc, 0xc, 
    0xc, 0xe, 0xc, 0x109, 0xb, 0xc, 0x3, 0xc, 0x3, 0xc, 0x3, 0xc, 0x3, 0xc, 
    0x3, 0xd, 0x3, 0xd, 0x3, 0xd, 0x3, 0xd, 0x3, 0xd, 0x3, 0xd, 0x5, 0xd, 
    0x115, 0xa, 0xd, 0x5, 0xd, 0x117, 0xa, 0xd, 0x3, 0xe, 0x3, 0xe, 0x3, 
    0xf, 0x3, 0xf, 0x3, 0xf, 0x3, 0xf, 0x3, 0xf, 0x5, 0xf, 0x120, 0xa, 0xf, 
    0x3, 0xf, 0x3, 0xf, 0x3, 0x10, 0x3, 0x10, 0x3, 0x10, 0x5, 0x10, 0x127, 
    0xa, 0x10, 0x3, 0x11, 0x3, 0x11, 0x5, 0x11, 0x12b, 0xa, 0x11, 0x3, 0x11, 
    0x3, 0x11, 0x3, 0x12, 0x3, 0x12, 0x3, 0x12, 0x5, 0x12, 0x132, 0xa, 0x12, 
    0x3, 0x13, 0x3, 0x13, 0x3, 0x14, 0x3, 0x14, 0x5, 0x14, 0x138, 0xa, 0x14, 
    0x3, 0x15, 0x3, 0x15, 0x3, 0x15, 0x3, 0x15, 0x7, 0x15, 0x13e, 0xa, 0x15, 
    0xc, 0x15, 0xe, 0x15, 0x141, 0xb, 0x15, 0x3, 0x15, 0x5, 0x15, 0x144, 
    0xa, 0x15, 0x3, 0x15, 0x3, 0x15, 0x3, 0x16, 0x3, 0x16, 0x3, 0x17, 0x3, 
    0x17, 0x3, 0x18, 0x7, 0x18, 0x14d, 0xa, 0x18, 0xc, 0x18, 0xe, 0x18, 
    0x150, 0xb, 0x18, 0x3, 0x18, 0x3, 0x18, 0x7, 0x18, 0x154, 0xa, 0x18, 
    0xc, 0x18, 0xe, 0x18, 0x157, 0xb, 0x18, 0x3, 0x18, 0x3, 0x18, 0x3, 0x19, 
    0x3, 0x19, 0x3, 0x19, 0x5, 0x19, 0x15e, 0xa, 0x19, 0x3, 0x19, 0x3, 0x19, 
    0x7, 0x19, 0x162, 0xa, 0x19, 0xc, 0x19, 0xe, 0x19, 0x165, 0xb, 0x19, 
    0x3, 0x19, 0x3, 0x19, 0x3, 0x19, 0x3, 0x19, 0x7, 0x19, 0x16b, 0xa, 0x19, 
    0xc, 0x19, 0xe, 0x19, 0x16e, 0xb, 0x19, 0x3, 0x19, 0x5, 0x19, 0x171, 
    0xa, 0x19, 0x3, 0x19, 0x7, 0x19, 0x174, 0xa, 0x19, 0xc, 0x19, 0xe, 0x19, 
    0x177, 0xb, 0x19, 0x3, 0x19, 0x3, 0x19, 0x3, 0x19, 0x3, 0x19, 0x3, 0x19, 
    0x7, 0x19, 0x17e, 0xa, 0x19, 0xc, 0x19, 0xe, 0x19, 0x181, 0xb, 0x19, 
    0x3, 0x19, 0x3, 0x19, 0x7, 0x19, 0x185, 0xa, 0x19, 0xc, 0x19, 0xe, 0x19, 
    0x188, 0xb, 0x19, 0x3, 0x19, 0x3, 0x19, 0x7, 0x19, 0x18c, 0xa, 0x19, 
    0xc, 0x19, 0xe, 0x19, 0x18f, 0xb, 0x19, 0x3, 0x19, 0x5, 0x19, 0x192, 
    0xa, 0x19, 0x3, 0x19, 0x3, 0x19, 0x7, 0x19, 0x196, 0xa, 0x19, 0xc, 0x19, 
    0xe, 0x19, 0x199, 0xb, 0x19, 0x3, 0x19, 0x3, 0x19, 0x3, 0x19, 0x5, 0x19, 
    0x19e, 0xa, 0x19, 0x3, 0x19, 0x3, 0x19, 0x5, 0x19, 0x1a2, 0xa, 0x19, 
    0x3, 0x19, 0x3, 0x19, 0x5, 0x19, 0x1a6, 0xa, 0x19, 0x3, 0x19, 0x3, 0x19, 
    0x3, 0x19, 0x7, 0x19, 0x1ab, 0xa, 0x19, 0xc, 0x19, 0xe, 0x19, 0x1ae, 
    0xb, 0x19, 0x3, 0x19, 0x3, 0x19, 0x3, 0x19, 0x3, 0x19, 0x3, 0x19, 0x3, 
    0x19, 0x3, 0x19, 0x3, 0x19, 0x3, 0x19, 0x3, 0x19, 0x3, 0x19, 0x3, 0x19, 
    0x3, 0x19, 0x3, 0x19, 0x3, 0x19, 0x3, 0x19, 0x3, 0x19, 0x3, 0x19, 0x3, 
    0x19, 0x3, 0x19, 0x3, 0x19, 0x3, 0x19, 0x3, 0x19, 0x3, 0x19, 0x3, 0x19, 
    0x3, 0x19, 0x3, 0x19, 0x3, 0x19, 0x5, 0x19, 0x1cc, 0xa, 0x19, 0x3, 0x1a, 
    0x3, 0x1a, 0x3, 0x1a, 0x3, 0x1a, 0x3, 0x1a, 0x3, 0x1b, 0x3, 0x1b, 0x3, 
    0x1b, 0x3, 0x1c, 0x7, 0x1c, 0x1d7, 0xa, 0x1c, 0xc, 0x1c, 0xe, 0x1c, 
    0x1da, 0xb, 0x1c, 0x3, 0x1c, 0x3, 0x1c, 0x7, 0x1c, 0x1de, 0xa, 0x1c, 
    0xc, 0x1c, 0xe, 0x1c, 0x1e1, 0xb, 0x1c, 0x3, 0x1c, 0x3, 0x1c, 0x3, 0x1d, 
    0x3, 0x1d, 0x3, 0x1d, 0x3, 0x1d, 0x7, 0x1d, 0x1e9, 0xa, 0x1d, 0xc, 0x1d, 
    0xe, 0x1d, 0x1ec, 0xb, 0x1d, 0x3, 0x1d, 0x5, 0x1d, 0x1ef, 0xa, 0x1d, 
    0x3, 0x1d, 0x5, 0x1d, 0x1f2, 0xa, 0x1d, 0x3, 0x1d, 0x3, 0x1d, 0x3, 0x1d, 
    0x3, 0x1d, 0x5, 0x1d, 0x1f8, 0xa, 0x1d, 0x3, 0x1d, 0x5, 0x1d, 0x1fb, 
    0xa, 0x1d, 0x3, 0x1e, 0x3, 0x1e, 0x5, 0x1e, 0x1ff, 0xa, 0x1e, 0x3, 0x1f, 
    0x3, 0x1f, 0x7, 0x1f, 0x203, 0xa, 0x1f, 0xc, 0x1f, 0xe, 0x1f, 0x206, 
    0xb, 0x1f, 0x3, 0x1f, 0x3, 0x1f, 0x7, 0x1f, 0x20a, 0xa, 0x1f, 0xc, 0x1f, 
    0xe, 0x1f, 0x20d, 0xb, 0x1f, 0x3, 0x1f, 0x3, 0x1f, 0x3, 0x20, 0x3, 0x20, 
    0x3, 0x20, 0x5, 0x20, 0x214, 0xa, 0x20, 0x3, 0x21, 0x3, 0x21, 0x5, 0x21, 
    0x218, 0xa, 0x21, 0x3, 0x22, 0x3, 0x22, 0x3, 0x22, 0x5, 0x22, 0x21d, 
    0xa, 0x22, 0x3, 0x22, 0x3, 0x22, 0x3, 0x22, 0x3, 0x22, 0x3, 0x22, 0x3, 
    0x22, 0x3, 0x22, 0x3, 0x22, 0x3, 0x22, 0x3, 0x22, 0x5, 0x22, 0x229, 
    0xa, 0x22, 0x3, 0x23, 0x3, 0x23, 0x3, 0x23, 0x3, 0x23, 0x3, 0x23, 0x3, 
    0x23, 0x3, 0x23, 0x3, 0x23, 0x3, 0x23, 0x3, 0x23, 0x3, 0x23, 0x3, 0x23, 
    0x3, 0x23, 0x3, 0x23, 0x3, 0x23, 0x3, 0x23, 0x3, 0x23, 0x5, 0x23, 0x23c, 
    0xa, 0x23, 0x3, 0x24, 0x3, 0x24, 0x3, 0x25, 0x3, 0x25, 0x7, 0x25, 0x242, 
    0xa, 0x25, 0xc, 0x25, 0xe, 0x25, 0x245, 0xb, 0x25, 0x3, 0x25, 0x3, 0x25, 
    0x3, 0x25, 0x3, 0x25, 0x5, 0x25, 0x24b, 0xa, 0x25, 0x3, 0x26, 0x3, 0x26, 
    0x3, 0x26, 0x3, 0x26, 0x3, 0x26, 0x5, 0x26, 0x252, 0xa, 0x26, 0x3, 0x27, 
    0x3, 0x27, 0x3, 0x27, 0x3, 0x28, 0x3, 0x28, 0x3, 0x28, 0x3, 0x28, 0x3, 
    0x28, 0x3, 0x28, 0x3, 0x28, 0x3, 0x28, 0x3, 0x28, 0x3, 0x28, 0x3, 0x28, 
    0x3, 0x28, 0x3, 0x28, 0x3, 0x28, 0x3, 0x28, 0x3, 0x28, 0x3, 0x28, 0x3, 
    0x28, 0x3, 0x28, 0x3, 0x28, 0x3, 0x28, 0x3, 0x28, 0x3, 0x28, 0x3, 0x28, 
    0x3, 0x28, 0x3, 0x28, 0x3, 0x28, 0x3, 0x28, 0x3, 0x28, 0x3, 0x28, 0x7, 
    0x28, 0x275, 0xa, 0x28, 0xc, 0x28, 0xe, 0x28, 0x278, 0xb, 0x28, 0x3, 
    0x29, 0x3, 0x29, 0x3, 0x29, 0x3, 0x29, 0x7, 0x29, 0x27e, 0xa, 0x29, 
    0xc, 0x29, 0xe, 0x29, 0x281, 0xb, 0x29, 0x5, 0x29, 0x283, 0xa, 0x29, 
    0x3, 0x2a, 0x3, 0x2a, 0x3, 0x2a, 0x3, 0x2a, 0x3, 0x2a, 0x3, 0x2a, 0x5, 
    0x2a, 0x28b, 0xa, 0x2a, 0x3, 0x2b, 0x3, 0x2b, 0x3, 0x2b, 0x3, 0x2b, 
    0x3, 0x2b, 0x3, 0x2b, 0x3, 0x2b, 0x5, 0x2b, 0x294, 0xa, 0x2b, 0x3, 0x2c, 
    0x3, 0x2c, 0x3, 0x2c, 0x3, 0x2d, 0x3, 0x2d, 0x3, 0x2d, 0x3, 0x2d, 0x7, 
    0x2d, 0x29d, 0xa, 0x2d, 0xc, 0x2d, 0xe, 0x2d, 0x2a0, 0xb, 0x2d, 0x3, 
    0x2d, 0x5, 0x2d, 0x2a3, 0xa, 0x2d, 0x5, 0x2d, 0x2a5, 0xa, 0x2d, 0x3, 
    0x2d, 0x3, 0x2d, 0x3, 0x2e, 0x3, 0x2e, 0x3, 0x2e, 0x2, 0x3, 0x4e, 0x2f, 
    0x2, 0x4, 0x6, 0x8, 0xa, 0xc, 0xe, 0x10, 0x12, 0x14, 0x16, 0x18, 0x1a, 
    0x1c, 0x1e, 0x20, 0x22, 0x24, 0x26, 0x28, 0x2a, 0x2c, 0x2e, 0x30, 0x32, 
    0x34, 0x36, 0x38, 0x3a, 0x3c, 0x3e, 0x40, 0x42, 0x44, 0x46, 0x48, 0x4a, 
    0x4c, 0x4e, 0x50, 0x52, 0x54, 0x56, 0x58, 0x5a, 0x2, 0xb, 0x4, 0x2, 
    0x42, 0x42, 0x4d, 0x4d, 0x4, 0x2, 0x9, 0x9, 0x52, 0x52, 0x4, 0x2, 0x24, 
    0x25, 0x31, 0x38, 0x5, 0x2, 0x3b, 0x3b, 0x46, 0x46, 0x4e, 0x4e, 0x4, 
    0x2, 0x47, 0x47, 0x49, 0x49, 0x3, 0x2, 0x2d, 0x2e, 0x4, 0x2, 0x29, 0x2c, 
    0x44, 0x45, 0x6, 0x2, 0x39, 0x39, 0x3c, 0x3c, 0x47, 0x47, 0x4e, 0x4f, 
    0x5, 0x2, 0x12, 0x12, 0x1d, 0x1d, 0x20, 0x22, 0x2, 0x2ed, 0x2, 0x5f, 
    0x3, 0x2, 0x2, 0x2, 0x4, 0x6a, 0x3, 0x2, 0x2, 0x2, 0x6, 0x78, 0x3, 0x2, 
    0x2, 0x2, 0x8, 0x7a, 0x3, 0x2, 0x2, 0x2, 0xa, 0xcb, 0x3, 0x2, 0x2, 0x2, 
    0xc, 0xcd, 0x3, 0x2, 0x2, 0x2, 0xe, 0xdc, 0x3, 0x2, 0x2, 0x2, 0x10, 
    0xe1, 0x3, 0x2, 0x2, 0x2, 0x12, 0xe8, 0x3, 0x2, 0x2, 0x2, 0x14, 0xf9, 
    0x3, 0x2, 0x2, 0x2, 0x16, 0x107, 0x3, 0x2, 0x2, 0x2, 0x18, 0x116, 0x3, 
    0x2, 0x2, 0x2, 0x1a, 0x118, 0x3, 0x2, 0x2, 0x2, 0x1c, 0x11a, 0x3, 0x2, 
    0x2, 0x2, 0x1e, 0x123, 0x3, 0x2, 0x2, 0x2, 0x20, 0x128, 0x3, 0x2, 0x2, 
    0x2, 0x22, 0x12e, 0x3, 0x2, 0x2, 0x2, 0x24, 0x133, 0x3, 0x2, 0x2, 0x2, 
    0x26, 0x135, 0x3, 0x2, 0x2, 0x2, 0x28, 0x139, 0x3, 0x2, 0x2, 0x2, 0x2a, 
    0x147, 0x3, 0x2, 0x2, 0x2, 0x2c, 0x149, 0x3, 0x2, 0x2, 0x2, 0x2e, 0x14e, 
    0x3, 0x2, 0x2, 0x2, 0x30, 0x1cb, 0x3, 0x2, 0x2, 0x2, 0x32, 0x1cd, 0x3, 
    0x2, 0x2, 0x2, 0x34, 0x1d2, 0x3, 0x2, 0x2, 0x2, 0x36, 0x1d8, 0x3, 0x2, 
    0x2, 0x2, 0x38, 0x1fa, 0x3, 0x2, 0x2, 0x2, 0x3a, 0x1fe, 0x3, 0x2, 0x2, 
    0x2, 0x3c, 0x200, 0x3, 0x2, 0x2, 0x2, 0x3e, 0x213, 0x3, 0x2, 0x2, 0x2, 
    0x40, 0x217, 0x3, 0x2, 0x2, 0x2, 0x42, 0x228, 0x3, 0x2, 0x2, 0x2, 0x44, 
    0x23b, 0x3, 0x2, 0x2, 0x2, 0x46, 0x23d, 0x3, 0x2, 0x2, 0x2, 0x48, 0x24a, 
    0x3, 0x2, 0x2, 0x2, 0x4a, 0x251, 0x3, 0x2, 0x2, 0x2, 0x4c, 0x253, 0x3, 
    0x2, 0x2, 0x2, 0x4e, 0x256, 0x3, 0x2, 0x2, 0x2, 0x50, 0x282, 0x3, 0x2, 
    0x2, 0x2, 0x52, 0x28a, 0x3, 0x2, 0x2, 0x2, 0x54, 0x293, 0x3, 0x2, 0x2, 
    0x2, 0x56, 0x295, 0x3, 0x2, 0x2, 0x2, 0x58, 0x298, 0x3, 0x2, 0x2, 0x2, 
    0x5a, 0x2a8, 0x3, 0x2, 0x2, 0x2, 0x5c, 0x5e, 0x5, 0x4, 0x3, 0x2, 0x5d, 
    0x5c, 0x3, 0x2, 0x2, 0x2, 0x5e, 0x61, 0x3, 0x2, 0x2, 0x2, 0x5f, 0x5d, 
    0x3, 0x2, 0x2, 0x2, 0x5f, 0x60, 0x3, 0x2, 0x2, 0x2, 0x60, 0x62, 0x3, 
    0x2, 0x2, 0x2, 0x61, 0x5f, 0x3, 0x2, 0x2, 0x2, 0x62, 0x63, 0x7, 0x2, 
    0x2, 0x3, 0x63, 0x3, 0x3, 0x2, 0x2, 0x2, 0x64, 0x6b, 0x5, 0x6, 0x4, 
    0x2, 0x65, 0x6b, 0x5, 0xa, 0x6, 0x2, 0x66, 0x67, 0x5, 0x4c, 0x27, 0x2, 
    0x67, 0x68, 0x7, 0x4d, 0x2, 0x2, 0x68, 0x6b, 0x3, 0x2, 0x2, 0x2, 0x69, 
    0x6b, 0x7, 0x4d, 0x2, 0x2, 0x6a, 0x64, 0x3, 0x2, 0x2, 0x2, 0x6a, 0x65, 
    0x3, 0x2, 0x2, 0x2, 0x6a, 0x66, 0x3, 0x2, 0x2, 0x2, 0x6a, 0x69, 0x3, 
    0x2, 0x2, 0x2, 0x6b, 0x5, 0x3, 0x2, 0x2, 0x2, 0x6c, 0x6d, 0x7, 0xe, 
    0x2, 0x2, 0x6d, 0x6e, 0x5, 0x1c, 0xf, 0x2, 0x6e, 0x6f, 0x7, 0x4d, 0x2, 
    0x2, 0x6f, 0x79, 0x3, 0x2, 0x2, 0x2, 0x70, 0x71, 0x7, 0x11, 0x2, 0x2, 
    0x71, 0x72, 0x5, 0x8, 0x5, 0x2, 0x72, 0x73, 0x7, 0x4d, 0x2, 0x2, 0x73, 
    0x79, 0x3, 0x2, 0x2, 0x2, 0x74, 0x75, 0x7, 0x19, 0x2, 0x2, 0x75, 0x76, 
    0x5, 0x8, 0x5, 0x2, 0x76, 0x77, 0x7, 0x4d, 0x2, 0x2, 0x77, 0x79, 0x3, 
    0x2, 0x2, 0x2, 0x78, 0x6c, 0x3, 0x2, 0x2, 0x2, 0x78, 0x70, 0x3, 0x2, 
    0x2, 0x2, 0x78, 0x74, 0x3, 0x2, 0x2, 0x2, 0x79, 0x7, 0x3, 0x2, 0x2, 
    0x2, 0x7a, 0x7f, 0x5, 0x2a, 0x16, 0x2, 0x7b, 0x7c, 0x7, 0x42, 0x2, 0x2, 
    0x7c, 0x7e, 0x5, 0x2a, 0x16, 0x2, 0x7d, 0x7b, 0x3, 0x2, 0x2, 0x2, 0x7e, 
    0x81, 0x3, 0x2, 0x2, 0x2, 0x7f, 0x7d, 0x3, 0x2, 0x2, 0x2, 0x7f, 0x80, 
    0x3, 0x2, 0x2, 0x2, 0x80, 0x83, 0x3, 0x2, 0x2, 0x2, 0x81, 0x7f, 0x3, 
    0x2, 0x2, 0x2, 0x82, 0x84, 0x7, 0x42, 0x2, 0x2, 0x83, 0x82, 0x3, 0x2, 
    0x2, 0x2, 0x83, 0x84, 0x3, 0x2, 0x2, 0x2, 0x84, 0x9, 0x3, 0x2, 0x2, 
    0x2, 0x85, 0x87, 0x5, 0x18, 0xd, 0x2, 0x86, 0x85, 0x3, 0x2, 0x2, 0x2, 
    0x87, 0x8a, 0x3, 0x2, 0x2, 0x2, 0x88, 0x86, 0x3, 0x2, 0x2, 0x2, 0x88, 
    0x89, 0x3, 0x2, 0x2, 0x2, 0x89, 0x8b, 0x3, 0x2, 0x2, 0x2, 0x8a, 0x88, 
    0x3, 0x2, 0x2, 0x2, 0x8b, 0x8e, 0x5, 0x20, 0x11, 0x2, 0x8c, 0x8d, 0x7, 
    0x43, 0x2, 0x2, 0x8d, 0x8f, 0x5, 0x4e, 0x28, 0x2, 0x8e, 0x8c, 0x3, 0x2, 
    0x2, 0x2, 0x8e, 0x8f, 0x3, 0x2, 0x2, 0x2, 0x8f, 0x90, 0x3, 0x2, 0x2, 
    0x2, 0x90, 0x91, 0x7, 0x4d, 0x2, 0x2, 0x91, 0xcc, 0x3, 0x2, 0x2, 0x2, 
    0x92, 0x94, 0x5, 0x18, 0xd, 0x2, 0x93, 0x92, 0x3, 0x2, 0x2, 0x2, 0x94, 
    0x97, 0x3, 0x2, 0x2, 0x2, 0x95, 0x93, 0x3, 0x2, 0x2, 0x2, 0x95, 0x96, 
    0x3, 0x2, 0x2, 0x2, 0x96, 0x98, 0x3, 0x2, 0x2, 0x2, 0x97, 0x95, 0x3, 
    0x2, 0x2, 0x2, 0x98, 0x99, 0x7, 0x18, 0x2, 0x2, 0x99, 0x9c, 0x5, 0x22, 
    0x12, 0x2, 0x9a, 0x9b, 0x7, 0x43, 0x2, 0x2, 0x9b, 0x9d, 0x5, 0x4e, 0x28, 
    0x2, 0x9c, 0x9a, 0x3, 0x2, 0x2, 0x2, 0x9c, 0x9d, 0x3, 0x2, 0x2, 0x2, 
    0x9d, 0x9e, 0x3, 0x2, 0x2, 0x2, 0x9e, 0x9f, 0x7, 0x4d, 0x2, 0x2, 0x9f, 
    0xcc, 0x3, 0x2, 0x2, 0x2, 0xa0, 0xa2, 0x5, 0x18, 0xd, 0x2, 0xa1, 0xa0, 
    0x3, 0x2, 0x2, 0x2, 0xa2, 0xa5, 0x3, 0x2, 0x2, 0x2, 0xa3, 0xa1, 0x3, 
    0x2, 0x2, 0x2, 0xa3, 0xa4, 0x3, 0x2, 0x2, 0x2, 0xa4, 0xa6, 0x3, 0x2, 
    0x2, 0x2, 0xa5, 0xa3, 0x3, 0x2, 0x2, 0x2, 0xa6, 0xa7, 0x7, 0x9, 0x2, 
    0x2, 0xa7, 0xa8, 0x5, 0x22, 0x12, 0x2, 0xa8, 0xa9, 0x7, 0x43, 0x2, 0x2, 
    0xa9, 0xaa, 0x5, 0x4e, 0x28, 0x2, 0xaa, 0xab, 0x7, 0x4d, 0x2, 0x2, 0xab, 
    0xcc, 0x3, 0x2, 0x2, 0x2, 0xac, 0xae, 0x5, 0x18, 0xd, 0x2, 0xad, 0xac, 
    0x3, 0x2, 0x2, 0x2, 0xae, 0xb1, 0x3, 0x2, 0x2, 0x2, 0xaf, 0xad, 0x3, 
    0x2, 0x2, 0x2, 0xaf, 0xb0, 0x3, 0x2, 0x2, 0x2, 0xb0, 0xb2, 0x3, 0x2, 
    0x2, 0x2, 0xb1, 0xaf, 0x3, 0x2, 0x2, 0x2, 0xb2, 0xb3, 0x7, 0x6, 0x2, 
    0x2, 0xb3, 0xb4, 0x5, 0x2a, 0x16, 0x2, 0xb4, 0xb5, 0x7, 0x43, 0x2, 0x2, 
    0xb5, 0xb6, 0x5, 0x24, 0x13, 0x2, 0xb6, 0xb7, 0x7, 0x4d, 0x2, 0x2, 0xb7, 
    0xcc, 0x3, 0x2, 0x2, 0x2, 0xb8, 0xba, 0x5, 0x18, 0xd, 0x2, 0xb9, 0xb8, 
    0x3, 0x2, 0x2, 0x2, 0xba, 0xbd, 0x3, 0x2, 0x2, 0x2, 0xbb, 0xb9, 0x3, 
    0x2, 0x2, 0x2, 0xbb, 0xbc, 0x3, 0x2, 0x2, 0x2, 0xbc, 0xbe, 0x3, 0x2, 
    0x2, 0x2, 0xbd, 0xbb, 0x3, 0x2, 0x2, 0x2, 0xbe, 0xbf, 0x7, 0x1b, 0x2, 
    0x2, 0xbf, 0xc0, 0x5, 0x2a, 0x16, 0x2, 0xc0, 0xc1, 0x5, 0xc, 0x7, 0x2, 
    0xc1, 0xcc, 0x3, 0x2, 0x2, 0x2, 0xc2, 0xc4, 0x5, 0x18, 0xd, 0x2, 0xc3, 
    0xc2, 0x3, 0x2, 0x2, 0x2, 0xc4, 0xc7, 0x3, 0x2, 0x2, 0x2, 0xc5, 0xc3, 
    0x3, 0x2, 0x2, 0x2, 0xc5, 0xc6, 0x3, 0x2, 0x2, 0x2, 0xc6, 0xc8, 0x3, 
    0x2, 0x2, 0x2, 0xc7, 0xc5, 0x3, 0x2, 0x2, 0x2, 0xc8, 0xc9, 0x5, 0x12, 
    0xa, 0x2, 0xc9, 0xca, 0x5, 0x2e, 0x18, 0x2, 0xca, 0xcc, 0x3, 0x2, 0x2, 
    0x2, 0xcb, 0x88, 0x3, 0x2, 0x2, 0x2, 0xcb, 0x95, 0x3, 0x2, 0x2, 0x2, 
    0xcb, 0xa3, 0x3, 0x2, 0x2, 0x2, 0xcb, 0xaf, 0x3, 0x2, 0x2, 0x2, 0xcb, 
    0xbb, 0x3, 0x2, 0x2, 0x2, 0xcb, 0xc5, 0x3, 0x2, 0x2, 0x2, 0xcc, 0xb, 
    0x3, 0x2, 0x2, 0x2, 0xcd, 0xce, 0x7, 0x3f, 0x2, 0x2, 0xce, 0xd4, 0x5, 
    0x10, 0x9, 0x2, 0xcf, 0xd0, 0x5, 0xe, 0x8, 0x2, 0xd0, 0xd1, 0x5, 0x10, 
    0x9, 0x2, 0xd1, 0xd3, 0x3, 0x2, 0x2, 0x2, 0xd2, 0xcf, 0x3, 0x2, 0x2, 
    0x2, 0xd3, 0xd6, 0x3, 0x2, 0x2, 0x2, 0xd4, 0xd2, 0x3, 0x2, 0x2, 0x2, 
    0xd4, 0xd5, 0x3, 0x2, 0x2, 0x2, 0xd5, 0xd8, 0x3, 0x2, 0x2, 0x2, 0xd6, 
    0xd4, 0x3, 0x2, 0x2, 0x2, 0xd7, 0xd9, 0x5, 0xe, 0x8, 0x2, 0xd8, 0xd7, 
    0x3, 0x2, 0x2, 0x2, 0xd8, 0xd9, 0x3, 0x2, 0x2, 0x2, 0xd9, 0xda, 0x3, 
    0x2, 0x2, 0x2, 0xda, 0xdb, 0x7, 0x40, 0x2, 0x2, 0xdb, 0xd, 0x3, 0x2, 
    0x2, 0x2, 0xdc, 0xdd, 0x9, 0x2, 0x2, 0x2, 0xdd, 0xf, 0x3, 0x2, 0x2, 
    0x2, 0xde, 0xe0, 0x5, 0x18, 0xd, 0x2, 0xdf, 0xde, 0x3, 0x2, 0x2, 0x2, 
    0xe0, 0xe3, 0x3, 0x2, 0x2, 0x2, 0xe1, 0xdf, 0x3, 0x2, 0x2, 0x2, 0xe1, 
    0xe2, 0x3, 0x2, 0x2, 0x2, 0xe2, 0xe4, 0x3, 0x2, 0x2, 0x2, 0xe3, 0xe1, 
    0x3, 0x2, 0x2, 0x2, 0xe4, 0xe5, 0x5, 0x2c, 0x17, 0x2, 0xe5, 0xe6, 0x7, 
    0x41, 0x2, 0x2, 0xe6, 0xe7, 0x5, 0x24, 0x13, 0x2, 0xe7, 0x11, 0x3, 0x2, 
    0x2, 0x2, 0xe8, 0xe9, 0x7, 0x13, 0x2, 0x2, 0xe9, 0xea, 0x5, 0x2a, 0x16, 
    0x2, 0xea, 0xec, 0x7, 0x4b, 0x2, 0x2, 0xeb, 0xed, 0x5, 0x14, 0xb, 0x2, 
    0xec, 0xeb, 0x3, 0x2, 0x2, 0x2, 0xec, 0xed, 0x3, 0x2, 0x2, 0x2, 0xed, 
    0xee, 0x3, 0x2, 0x2, 0x2, 0xee, 0xf7, 0x7, 0x4c, 0x2, 0x2, 0xef, 0xf3, 
    0x7, 0x28, 0x2, 0x2, 0xf0, 0xf2, 0x5, 0x18, 0xd, 0x2, 0xf1, 0xf0, 0x3, 
    0x2, 0x2, 0x2, 0xf2, 0xf5, 0x3, 0x2, 0x2, 0x2, 0xf3, 0xf1, 0x3, 0x2, 
    0x2, 0x2, 0xf3, 0xf4, 0x3, 0x2, 0x2, 0x2, 0xf4, 0xf6, 0x3, 0x2, 0x2, 
    0x2, 0xf5, 0xf3, 0x3, 0x2, 0x2, 0x2, 0xf6, 0xf8, 0x5, 0x24, 0x13, 0x2, 
    0xf7, 0xef, 0x3, 0x2, 0x2, 0x2, 0xf7, 0xf8, 0x3, 0x2, 0x2, 0x2, 0xf8, 
    0x13, 0x3, 0x2, 0x2, 0x2, 0xf9, 0xfe, 0x5, 0x16, 0xc, 0x2, 0xfa, 0xfb, 
    0x7, 0x42, 0x2, 0x2, 0xfb, 0xfd, 0x5, 0x16, 0xc, 0x2, 0xfc, 0xfa, 0x3, 
    0x2, 0x2, 0x2, 0xfd, 0x100, 0x3, 0x2, 0x2, 0x2, 0xfe, 0xfc, 0x3, 0x2, 
    0x2, 0x2, 0xfe, 0xff, 0x3, 0x2, 0x2, 0x2, 0xff, 0x102, 0x3, 0x2, 0x2, 
    0x2, 0x100, 0xfe, 0x3, 0x2, 0x2, 0x2, 0x101, 0x103, 0x7, 0x42, 0x2, 
    0x2, 0x102, 0x101, 0x3, 0x2, 0x2, 0x2, 0x102, 0x103, 0x3, 0x2, 0x2, 
    0x2, 0x103, 0x15, 0x3, 0x2, 0x2, 0x2, 0x104, 0x106, 0x5, 0x18, 0xd, 
    0x2, 0x105, 0x104, 0x3, 0x2, 0x2, 0x2, 0x106, 0x109, 0x3, 0x2, 0x2, 
    0x2, 0x107, 0x105, 0x3, 0x2, 0x2, 0x2, 0x107, 0x108, 0x3, 0x2, 0x2, 
    0x2, 0x108, 0x10a, 0x3, 0x2, 0x2, 0x2, 0x109, 0x107, 0x3, 0x2, 0x2, 
    0x2, 0x10a, 0x10b, 0x5, 0x2a, 0x16, 0x2, 0x10b, 0x10c, 0x7, 0x41, 0x2, 
    0x2, 0x10c, 0x10d, 0x5, 0x24, 0x13, 0x2, 0x10d, 0x17, 0x3, 0x2, 0x2, 
    0x2, 0x10e, 0x10f, 0x7, 0x3a, 0x2, 0x2, 0x10f, 0x110, 0x7, 0xe, 0x2, 
    0x2, 0x110, 0x117, 0x5, 0x1c, 0xf, 0x2, 0x111, 0x112, 0x7, 0x3a, 0x2, 
    0x2, 0x112, 0x114, 0x5, 0x1a, 0xe, 0x2, 0x113, 0x115, 0x5, 0x58, 0x2d, 
    0x2, 0x114, 0x113, 0x3, 0x2, 0x2, 0x2, 0x114, 0x115, 0x3, 0x2, 0x2, 
    0x2, 0x115, 0x117, 0x3, 0x2, 0x2, 0x2, 0x116, 0x10e, 0x3, 0x2, 0x2, 
    0x2, 0x116, 0x111, 0x3, 0x2, 0x2, 0x2, 0x117, 0x19, 0x3, 0x2, 0x2, 0x2, 
    0x118, 0x119, 0x9, 0x3, 0x2, 0x2, 0x119, 0x1b, 0x3, 0x2, 0x2, 0x2, 0x11a, 
    0x11b, 0x7, 0x4b, 0x2, 0x2, 0x11b, 0x11c, 0x5, 0x2a, 0x16, 0x2, 0x11c, 
    0x11d, 0x7, 0x42, 0x2, 0x2, 0x11d, 0x11f, 0x5, 0x1e, 0x10, 0x2, 0x11e, 
    0x120, 0x7, 0x42, 0x2, 0x2, 0x11f, 0x11e, 0x3, 0x2, 0x2, 0x2, 0x11f, 
    0x120, 0x3, 0x2, 0x2, 0x2, 0x120, 0x121, 0x3, 0x2, 0x2, 0x2, 0x121, 
    0x122, 0x7, 0x4c, 0x2, 0x2, 0x122, 0x1d, 0x3, 0x2, 0x2, 0x2, 0x123, 
    0x126, 0x5, 0x2a, 0x16, 0x2, 0x124, 0x125, 0x7, 0x48, 0x2, 0x2, 0x125, 
    0x127, 0x5, 0x2a, 0x16, 0x2, 0x126, 0x124, 0x3, 0x2, 0x2, 0x2, 0x126, 
    0x127, 0x3, 0x2, 0x2, 0x2, 0x127, 0x1f, 0x3, 0x2, 0x2, 0x2, 0x128, 0x12a, 
    0x7, 0x1e, 0x2, 0x2, 0x129, 0x12b, 0x5, 0x28, 0x15, 0x2, 0x12a, 0x129, 
    0x3, 0x2, 0x2, 0x2, 0x12a, 0x12b, 0x3, 0x2, 0x2, 0x2, 0x12b, 0x12c, 
    0x3, 0x2, 0x2, 0x2, 0x12c, 0x12d, 0x5, 0x22, 0x12, 0x2, 0x12d, 0x21, 
    0x3, 0x2, 0x2, 0x2, 0x12e, 0x131, 0x5, 0x2a, 0x16, 0x2, 0x12f, 0x130, 
    0x7, 0x41, 0x2, 0x2, 0x130, 0x132, 0x5, 0x24, 0x13, 0x2, 0x131, 0x12f, 
    0x3, 0x2, 0x2, 0x2, 0x131, 0x132, 0x3, 0x2, 0x2, 0x2, 0x132, 0x23, 0x3, 
    0x2, 0x2, 0x2, 0x133, 0x134, 0x5, 0x26, 0x14, 0x2, 0x134, 0x25, 0x3, 
    0x2, 0x2, 0x2, 0x135, 0x137, 0x5, 0x2a, 0x16, 0x2, 0x136, 0x138, 0x5, 
    0x28, 0x15, 0x2, 0x137, 0x136, 0x3, 0x2, 0x2, 0x2, 0x137, 0x138, 0x3, 
    0x2, 0x2, 0x2, 0x138, 0x27, 0x3, 0x2, 0x2, 0x2, 0x139, 0x13a, 0x7, 0x3, 
    0x2, 0x2, 0x13a, 0x13f, 0x5, 0x4e, 0x28, 0x2, 0x13b, 0x13c, 0x7, 0x42, 
    0x2, 0x2, 0x13c, 0x13e, 0x5, 0x4e, 0x28, 0x2, 0x13d, 0x13b, 0x3, 0x2, 
    0x2, 0x2, 0x13e, 0x141, 0x3, 0x2, 0x2, 0x2, 0x13f, 0x13d, 0x3, 0x2, 
    0x2, 0x2, 0x13f, 0x140, 0x3, 0x2, 0x2, 0x2, 0x140, 0x143, 0x3, 0x2, 
    0x2, 0x2, 0x141, 0x13f, 0x3, 0x2, 0x2, 0x2, 0x142, 0x144, 0x7, 0x42, 
    0x2, 0x2, 0x143, 0x142, 0x3, 0x2, 0x2, 0x2, 0x143, 0x144, 0x3, 0x2, 
    0x2, 0x2, 0x144, 0x145, 0x3, 0x2, 0x2, 0x2, 0x145, 0x146, 0x7, 0x4, 
    0x2, 0x2, 0x146, 0x29, 0x3, 0x2, 0x2, 0x2, 0x147, 0x148, 0x7, 0x52, 
    0x2, 0x2, 0x148, 0x2b, 0x3, 0x2, 0x2, 0x2, 0x149, 0x14a, 0x7, 0x52, 
    0x2, 0x2, 0x14a, 0x2d, 0x3, 0x2, 0x2, 0x2, 0x14b, 0x14d, 0x5, 0x18, 
    0xd, 0x2, 0x14c, 0x14b, 0x3, 0x2, 0x2, 0x2, 0x14d, 0x150, 0x3, 0x2, 
    0x2, 0x2, 0x14e, 0x14c, 0x3, 0x2, 0x2, 0x2, 0x14e, 0x14f, 0x3, 0x2, 
    0x2, 0x2, 0x14f, 0x151, 0x3, 0x2, 0x2, 0x2, 0x150, 0x14e, 0x3, 0x2, 
    0x2, 0x2, 0x151, 0x155, 0x7, 0x3f, 0x2, 0x2, 0x152, 0x154, 0x5, 0x30, 
    0x19, 0x2, 0x153, 0x152, 0x3, 0x2, 0x2, 0x2, 0x154, 0x157, 0x3, 0x2, 
    0x2, 0x2, 0x155, 0x153, 0x3, 0x2, 0x2, 0x2, 0x155, 0x156, 0x3, 0x2, 
    0x2, 0x2, 0x156, 0x158, 0x3, 0x2, 0x2, 0x2, 0x157, 0x155, 0x3, 0x2, 
    0x2, 0x2, 0x158, 0x159, 0x7, 0x40, 0x2, 0x2, 0x159, 0x2f, 0x3, 0x2, 
    0x2, 0x2, 0x15a, 0x1cc, 0x7, 0x4d, 0x2, 0x2, 0x15b, 0x15d, 0x7, 0x1a, 
    0x2, 0x2, 0x15c, 0x15e, 0x5, 0x4e, 0x28, 0x2, 0x15d, 0x15c, 0x3, 0x2, 
    0x2, 0x2, 0x15d, 0x15e, 0x3, 0x2, 0x2, 0x2, 0x15e, 0x15f, 0x3, 0x2, 
    0x2, 0x2, 0x15f, 0x1cc, 0x7, 0x4d, 0x2, 0x2, 0x160, 0x162, 0x5, 0x18, 
    0xd, 0x2, 0x161, 0x160, 0x3, 0x2, 0x2, 0x2, 0x162, 0x165, 0x3, 0x2, 
    0x2, 0x2, 0x163, 0x161, 0x3, 0x2, 0x2, 0x2, 0x163, 0x164, 0x3, 0x2, 
    0x2, 0x2, 0x164, 0x166, 0x3, 0x2, 0x2, 0x2, 0x165, 0x163, 0x3, 0x2, 
    0x2, 0x2, 0x166, 0x167, 0x7, 0x15, 0x2, 0x2, 0x167, 0x168, 0x5, 0x4e, 
    0x28, 0x2, 0x168, 0x16c, 0x5, 0x2e, 0x18, 0x2, 0x169, 0x16b, 0x5, 0x32, 
    0x1a, 0x2, 0x16a, 0x169, 0x3, 0x2, 0x2, 0x2, 0x16b, 0x16e, 0x3, 0x2, 
    0x2, 0x2, 0x16c, 0x16a, 0x3, 0x2, 0x2, 0x2, 0x16c, 0x16d, 0x3, 0x2, 
    0x2, 0x2, 0x16d, 0x170, 0x3, 0x2, 0x2, 0x2, 0x16e, 0x16c, 0x3, 0x2, 
    0x2, 0x2, 0x16f, 0x171, 0x5, 0x34, 0x1b, 0x2, 0x170, 0x16f, 0x3, 0x2, 
    0x2, 0x2, 0x170, 0x171, 0x3, 0x2, 0x2, 0x2, 0x171, 0x1cc, 0x3, 0x2, 
    0x2, 0x2, 0x172, 0x174, 0x5, 0x18, 0xd, 0x2, 0x173, 0x172, 0x3, 0x2, 
    0x2, 0x2, 0x174, 0x177, 0x3, 0x2, 0x2, 0x2, 0x175, 0x173, 0x3, 0x2, 
    0x2, 0x2, 0x175, 0x176, 0x3, 0x2, 0x2, 0x2, 0x176, 0x178, 0x3, 0x2, 
    0x2, 0x2, 0x177, 0x175, 0x3, 0x2, 0x2, 0x2, 0x178, 0x179, 0x7, 0x1c, 
    0x2, 0x2, 0x179, 0x17a, 0x5, 0x4e, 0x28, 0x2, 0x17a, 0x17b, 0x5, 0x36, 
    0x1c, 0x2, 0x17b, 0x1cc, 0x3, 0x2, 0x2, 0x2, 0x17c, 0x17e, 0x5, 0x18, 
    0xd, 0x2, 0x17d, 0x17c, 0x3, 0x2, 0x2, 0x2, 0x17e, 0x181, 0x3, 0x2, 
    0x2, 0x2, 0x17f, 0x17d, 0x3, 0x2, 0x2, 0x2, 0x17f, 0x180, 0x3, 0x2, 
    0x2, 0x2, 0x180, 0x182, 0x3, 0x2, 0x2, 0x2, 0x181, 0x17f, 0x3, 0x2, 
    0x2, 0x2, 0x182, 0x186, 0x7, 0x17, 0x2, 0x2, 0x183, 0x185, 0x5, 0x18, 
    0xd, 0x2, 0x184, 0x183, 0x3, 0x2, 0x2, 0x2, 0x185, 0x188, 0x3, 0x2, 
    0x2, 0x2, 0x186, 0x184, 0x3, 0x2, 0x2, 0x2, 0x186, 0x187, 0x3, 0x2, 
    0x2, 0x2, 0x187, 0x189, 0x3, 0x2, 0x2, 0x2, 0x188, 0x186, 0x3, 0x2, 
    0x2, 0x2, 0x189, 0x18d, 0x7, 0x3f, 0x2, 0x2, 0x18a, 0x18c, 0x5, 0x30, 
    0x19, 0x2, 0x18b, 0x18a, 0x3, 0x2, 0x2, 0x2, 0x18c, 0x18f, 0x3, 0x2, 
    0x2, 0x2, 0x18d, 0x18b, 0x3, 0x2, 0x2, 0x2, 0x18d, 0x18e, 0x3, 0x2, 
    0x2, 0x2, 0x18e, 0x191, 0x3, 0x2, 0x2, 0x2, 0x18f, 0x18d, 0x3, 0x2, 
    0x2, 0x2, 0x190, 0x192, 0x5, 0x3c, 0x1f, 0x2, 0x191, 0x190, 0x3, 0x2, 
    0x2, 0x2, 0x191, 0x192, 0x3, 0x2, 0x2, 0x2, 0x192, 0x193, 0x3, 0x2, 
    0x2, 0x2, 0x193, 0x1cc, 0x7, 0x40, 0x2, 0x2, 0x194, 0x196, 0x5, 0x18, 
    0xd, 0x2, 0x195, 0x194, 0x3, 0x2, 0x2, 0x2, 0x196, 0x199, 0x3, 0x2, 
    0x2, 0x2, 0x197, 0x195, 0x3, 0x2, 0x2, 0x2, 0x197, 0x198, 0x3, 0x2, 
    0x2, 0x2, 0x198, 0x19a, 0x3, 0x2, 0x2, 0x2, 0x199, 0x197, 0x3, 0x2, 
    0x2, 0x2, 0x19a, 0x19b, 0x7, 0x14, 0x2, 0x2, 0x19b, 0x19d, 0x7, 0x4b, 
    0x2, 0x2, 0x19c, 0x19e, 0x5, 0x3e, 0x20, 0x2, 0x19d, 0x19c, 0x3, 0x2, 
    0x2, 0x2, 0x19d, 0x19e, 0x3, 0x2, 0x2, 0x2, 0x19e, 0x19f, 0x3, 0x2, 
    0x2, 0x2, 0x19f, 0x1a1, 0x7, 0x4d, 0x2, 0x2, 0x1a0, 0x1a2, 0x5, 0x4e, 
    0x28, 0x2, 0x1a1, 0x1a0, 0x3, 0x2, 0x2, 0x2, 0x1a1, 0x1a2, 0x3, 0x2, 
    0x2, 0x2, 0x1a2, 0x1a3, 0x3, 0x2, 0x2, 0x2, 0x1a3, 0x1a5, 0x7, 0x4d, 
    0x2, 0x2, 0x1a4, 0x1a6, 0x5, 0x40, 0x21, 0x2, 0x1a5, 0x1a4, 0x3, 0x2, 
    0x2, 0x2, 0x1a5, 0x1a6, 0x3, 0x2, 0x2, 0x2, 0x1a6, 0x1a7, 0x3, 0x2, 
    0x2, 0x2, 0x1a7, 0x1a8, 0x7, 0x4c, 0x2, 0x2, 0x1a8, 0x1cc, 0x5, 0x2e, 
    0x18, 0x2, 0x1a9, 0x1ab, 0x5, 0x18, 0xd, 0x2, 0x1aa, 0x1a9, 0x3, 0x2, 
    0x2, 0x2, 0x1ab, 0x1ae, 0x3, 0x2, 0x2, 0x2, 0x1ac, 0x1aa, 0x3, 0x2, 
    0x2, 0x2, 0x1ac, 0x1ad, 0x3, 0x2, 0x2, 0x2, 0x1ad, 0x1af, 0x3, 0x2, 
    0x2, 0x2, 0x1ae, 0x1ac, 0x3, 0x2, 0x2, 0x2, 0x1af, 0x1b0, 0x7, 0x1f, 
    0x2, 0x2, 0x1b0, 0x1b1, 0x5, 0x4e, 0x28, 0x2, 0x1b1, 0x1b2, 0x5, 0x2e, 
    0x18, 0x2, 0x1b2, 0x1cc, 0x3, 0x2, 0x2, 0x2, 0x1b3, 0x1cc, 0x5, 0x2e, 
    0x18, 0x2, 0x1b4, 0x1b5, 0x5, 0x56, 0x2c, 0x2, 0x1b5, 0x1b6, 0x7, 0x4d, 
    0x2, 0x2, 0x1b6, 0x1cc, 0x3, 0x2, 0x2, 0x2, 0x1b7, 0x1b8, 0x5, 0x42, 
    0x22, 0x2, 0x1b8, 0x1b9, 0x7, 0x4d, 0x2, 0x2, 0x1b9, 0x1cc, 0x3, 0x2, 
    0x2, 0x2, 0x1ba, 0x1bb, 0x7, 0x7, 0x2, 0x2, 0x1bb, 0x1bc, 0x7, 0x15, 
    0x2, 0x2, 0x1bc, 0x1bd, 0x5, 0x4e, 0x28, 0x2, 0x1bd, 0x1be, 0x7, 0x4d, 
    0x2, 0x2, 0x1be, 0x1cc, 0x3, 0x2, 0x2, 0x2, 0x1bf, 0x1c0, 0x7, 0x7, 
    0x2, 0x2, 0x1c0, 0x1cc, 0x7, 0x4d, 0x2, 0x2, 0x1c1, 0x1c2, 0x7, 0xb, 
    0x2, 0x2, 0x1c2, 0x1cc, 0x7, 0x4d, 0x2, 0x2, 0x1c3, 0x1c4, 0x7, 0xf, 
    0x2, 0x2, 0x1c4, 0x1cc, 0x7, 0x4d, 0x2, 0x2, 0x1c5, 0x1c6, 0x5, 0x44, 
    0x23, 0x2, 0x1c6, 0x1c7, 0x7, 0x4d, 0x2, 0x2, 0x1c7, 0x1cc, 0x3, 0x2, 
    0x2, 0x2, 0x1c8, 0x1c9, 0x5, 0x4c, 0x27, 0x2, 0x1c9, 0x1ca, 0x7, 0x4d, 
    0x2, 0x2, 0x1ca, 0x1cc, 0x3, 0x2, 0x2, 0x2, 0x1cb, 0x15a, 0x3, 0x2, 
    0x2, 0x2, 0x1cb, 0x15b, 0x3, 0x2, 0x2, 0x2, 0x1cb, 0x163, 0x3, 0x2, 
    0x2, 0x2, 0x1cb, 0x175, 0x3, 0x2, 0x2, 0x2, 0x1cb, 0x17f, 0x3, 0x2, 
    0x2, 0x2, 0x1cb, 0x197, 0x3, 0x2, 0x2, 0x2, 0x1cb, 0x1ac, 0x3, 0x2, 
    0x2, 0x2, 0x1cb, 0x1b3, 0x3, 0x2, 0x2, 0x2, 0x1cb, 0x1b4, 0x3, 0x2, 
    0x2, 0x2, 0x1cb, 0x1b7, 0x3, 0x2, 0x2, 0x2, 0x1cb, 0x1ba, 0x3, 0x2, 
    0x2, 0x2, 0x1cb, 0x1bf, 0x3, 0x2, 0x2, 0x2, 0x1cb, 0x1c1, 0x3, 0x2, 
    0x2, 0x2, 0x1cb, 0x1c3, 0x3, 0x2, 0x2, 0x2, 0x1cb, 0x1c5, 0x3, 0x2, 
    0x2, 0x2, 0x1cb, 0x1c8, 0x3, 0x2, 0x2, 0x2, 0x1cc, 0x31, 0x3, 0x2, 0x2, 
    0x2, 0x1cd, 0x1ce, 0x7, 0x10, 0x2, 0x2, 0x1ce, 0x1cf, 0x7, 0x15, 0x2, 
    0x2, 0x1cf, 0x1d0, 0x5, 0x4e, 0x28, 0x2, 0x1d0, 0x1d1, 0x5, 0x2e, 0x18, 
    0x2, 0x1d1, 0x33, 0x3, 0x2, 0x2, 0x2, 0x1d2, 0x1d3, 0x7, 0x10, 0x2, 
    0x2, 0x1d3, 0x1d4, 0x5, 0x2e, 0x18, 0x2, 0x1d4, 0x35, 0x3, 0x2, 0x2, 
    0x2, 0x1d5, 0x1d7, 0x5, 0x18, 0xd, 0x2, 0x1d6, 0x1d5, 0x3, 0x2, 0x2, 
    0x2, 0x1d7, 0x1da, 0x3, 0x2, 0x2, 0x2, 0x1d8, 0x1d6, 0x3, 0x2, 0x2, 
    0x2, 0x1d8, 0x1d9, 0x3, 0x2, 0x2, 0x2, 0x1d9, 0x1db, 0x3, 0x2, 0x2, 
    0x2, 0x1da, 0x1d8, 0x3, 0x2, 0x2, 0x2, 0x1db, 0x1df, 0x7, 0x3f, 0x2, 
    0x2, 0x1dc, 0x1de, 0x5, 0x38, 0x1d, 0x2, 0x1dd, 0x1dc, 0x3, 0x2, 0x2, 
    0x2, 0x1de, 0x1e1, 0x3, 0x2, 0x2, 0x2, 0x1df, 0x1dd, 0x3, 0x2, 0x2, 
    0x2, 0x1df, 0x1e0, 0x3, 0x2, 0x2, 0x2, 0x1e0, 0x1e2, 0x3, 0x2, 0x2, 
    0x2, 0x1e1, 0x1df, 0x3, 0x2, 0x2, 0x2, 0x1e2, 0x1e3, 0x7, 0x40, 0x2, 
    0x2, 0x1e3, 0x37, 0x3, 0x2, 0x2, 0x2, 0x1e4, 0x1e5, 0x7, 0x8, 0x2, 0x2, 
    0x1e5, 0x1ea, 0x5, 0x3a, 0x1e, 0x2, 0x1e6, 0x1e7, 0x7, 0x42, 0x2, 0x2, 
    0x1e7, 0x1e9, 0x5, 0x3a, 0x1e, 0x2, 0x1e8, 0x1e6, 0x3, 0x2, 0x2, 0x2, 
    0x1e9, 0x1ec, 0x3, 0x2, 0x2, 0x2, 0x1ea, 0x1e8, 0x3, 0x2, 0x2, 0x2, 
    0x1ea, 0x1eb, 0x3, 0x2, 0x2, 0x2, 0x1eb, 0x1ee, 0x3, 0x2, 0x2, 0x2, 
    0x1ec, 0x1ea, 0x3, 0x2, 0x2, 0x2, 0x1ed, 0x1ef, 0x7, 0x42, 0x2, 0x2, 
    0x1ee, 0x1ed, 0x3, 0x2, 0x2, 0x2, 0x1ee, 0x1ef, 0x3, 0x2, 0x2, 0x2, 
    0x1ef, 0x1f1, 0x3, 0x2, 0x2, 0x2, 0x1f0, 0x1f2, 0x7, 0x41, 0x2, 0x2, 
    0x1f1, 0x1f0, 0x3, 0x2, 0x2, 0x2, 0x1f1, 0x1f2, 0x3, 0x2, 0x2, 0x2, 
    0x1f2, 0x1f3, 0x3, 0x2, 0x2, 0x2, 0x1f3, 0x1f4, 0x5, 0x2e, 0x18, 0x2, 
    0x1f4, 0x1fb, 0x3, 0x2, 0x2, 0x2, 0x1f5, 0x1f7, 0x7, 0xd, 0x2, 0x2, 
    0x1f6, 0x1f8, 0x7, 0x41, 0x2, 0x2, 0x1f7, 0x1f6, 0x3, 0x2, 0x2, 0x2, 
    0x1f7, 0x1f8, 0x3, 0x2, 0x2, 0x2, 0x1f8, 0x1f9, 0x3, 0x2, 0x2, 0x2, 
    0x1f9, 0x1fb, 0x5, 0x2e, 0x18, 0x2, 0x1fa, 0x1e4, 0x3, 0x2, 0x2, 0x2, 
    0x1fa, 0x1f5, 0x3, 0x2, 0x2, 0x2, 0x1fb, 0x39, 0x3, 0x2, 0x2, 0x2, 0x1fc, 
    0x1ff, 0x7, 0xd, 0x2, 0x2, 0x1fd, 0x1ff, 0x5, 0x4e, 0x28, 0x2, 0x1fe, 
    0x1fc, 0x3, 0x2, 0x2, 0x2, 0x1fe, 0x1fd, 0x3, 0x2, 0x2, 0x2, 0x1ff, 
    0x3b, 0x3, 0x2, 0x2, 0x2, 0x200, 0x204, 0x7, 0xc, 0x2, 0x2, 0x201, 0x203, 
    0x5, 0x18, 0xd, 0x2, 0x202, 0x201, 0x3, 0x2, 0x2, 0x2, 0x203, 0x206, 
    0x3, 0x2, 0x2, 0x2, 0x204, 0x202, 0x3, 0x2, 0x2, 0x2, 0x204, 0x205, 
    0x3, 0x2, 0x2, 0x2, 0x205, 0x207, 0x3, 0x2, 0x2, 0x2, 0x206, 0x204, 
    0x3, 0x2, 0x2, 0x2, 0x207, 0x20b, 0x7, 0x3f, 0x2, 0x2, 0x208, 0x20a, 
    0x5, 0x30, 0x19, 0x2, 0x209, 0x208, 0x3, 0x2, 0x2, 0x2, 0x20a, 0x20d, 
    0x3, 0x2, 0x2, 0x2, 0x20b, 0x209, 0x3, 0x2, 0x2, 0x2, 0x20b, 0x20c, 
    0x3, 0x2, 0x2, 0x2, 0x20c, 0x20e, 0x3, 0x2, 0x2, 0x2, 0x20d, 0x20b, 
    0x3, 0x2, 0x2, 0x2, 0x20e, 0x20f, 0x7, 0x40, 0x2, 0x2, 0x20f, 0x3d, 
    0x3, 0x2, 0x2, 0x2, 0x210, 0x214, 0x5, 0x42, 0x22, 0x2, 0x211, 0x214, 
    0x5, 0x44, 0x23, 0x2, 0x212, 0x214, 0x5, 0x56, 0x2c, 0x2, 0x213, 0x210, 
    0x3, 0x2, 0x2, 0x2, 0x213, 0x211, 0x3, 0x2, 0x2, 0x2, 0x213, 0x212, 
    0x3, 0x2, 0x2, 0x2, 0x214, 0x3f, 0x3, 0x2, 0x2, 0x2, 0x215, 0x218, 0x5, 
    0x44, 0x23, 0x2, 0x216, 0x218, 0x5, 0x56, 0x2c, 0x2, 0x217, 0x215, 0x3, 
    0x2, 0x2, 0x2, 0x217, 0x216, 0x3, 0x2, 0x2, 0x2, 0x218, 0x41, 0x3, 0x2, 
    0x2, 0x2, 0x219, 0x21c, 0x5, 0x20, 0x11, 0x2, 0x21a, 0x21b, 0x7, 0x43, 
    0x2, 0x2, 0x21b, 0x21d, 0x5, 0x4e, 0x28, 0x2, 0x21c, 0x21a, 0x3, 0x2, 
    0x2, 0x2, 0x21c, 0x21d, 0x3, 0x2, 0x2, 0x2, 0x21d, 0x229, 0x3, 0x2, 
    0x2, 0x2, 0x21e, 0x21f, 0x7, 0x16, 0x2, 0x2, 0x21f, 0x220, 0x5, 0x22, 
    0x12, 0x2, 0x220, 0x221, 0x7, 0x43, 0x2, 0x2, 0x221, 0x222, 0x5, 0x4e, 
    0x28, 0x2, 0x222, 0x229, 0x3, 0x2, 0x2, 0x2, 0x223, 0x224, 0x7, 0x9, 
    0x2, 0x2, 0x224, 0x225, 0x5, 0x22, 0x12, 0x2, 0x225, 0x226, 0x7, 0x43, 
    0x2, 0x2, 0x226, 0x227, 0x5, 0x4e, 0x28, 0x2, 0x227, 0x229, 0x3, 0x2, 
    0x2, 0x2, 0x228, 0x219, 0x3, 0x2, 0x2, 0x2, 0x228, 0x21e, 0x3, 0x2, 
    0x2, 0x2, 0x228, 0x223, 0x3, 0x2, 0x2, 0x2, 0x229, 0x43, 0x3, 0x2, 0x2, 
    0x2, 0x22a, 0x22b, 0x5, 0x48, 0x25, 0x2, 0x22b, 0x22c, 0x7, 0x43, 0x2, 
    0x2, 0x22c, 0x22d, 0x5, 0x4e, 0x28, 0x2, 0x22d, 0x23c, 0x3, 0x2, 0x2, 
    0x2, 0x22e, 0x22f, 0x5, 0x48, 0x25, 0x2, 0x22f, 0x230, 0x5, 0x46, 0x24, 
    0x2, 0x230, 0x231, 0x5, 0x4e, 0x28, 0x2, 0x231, 0x23c, 0x3, 0x2, 0x2, 
    0x2, 0x232, 0x233, 0x7, 0x51, 0x2, 0x2, 0x233, 0x234, 0x7, 0x43, 0x2, 
    0x2, 0x234, 0x23c, 0x5, 0x4e, 0x28, 0x2, 0x235, 0x236, 0x5, 0x48, 0x25, 
    0x2, 0x236, 0x237, 0x7, 0x2f, 0x2, 0x2, 0x237, 0x23c, 0x3, 0x2, 0x2, 
    0x2, 0x238, 0x239, 0x5, 0x48, 0x25, 0x2, 0x239, 0x23a, 0x7, 0x30, 0x2, 
    0x2, 0x23a, 0x23c, 0x3, 0x2, 0x2, 0x2, 0x23b, 0x22a, 0x3, 0x2, 0x2, 
    0x2, 0x23b, 0x22e, 0x3, 0x2, 0x2, 0x2, 0x23b, 0x232, 0x3, 0x2, 0x2, 
    0x2, 0x23b, 0x235, 0x3, 0x2, 0x2, 0x2, 0x23b, 0x238, 0x3, 0x2, 0x2, 
    0x2, 0x23c, 0x45, 0x3, 0x2, 0x2, 0x2, 0x23d, 0x23e, 0x9, 0x4, 0x2, 0x2, 
    0x23e, 0x47, 0x3, 0x2, 0x2, 0x2, 0x23f, 0x243, 0x5, 0x4a, 0x26, 0x2, 
    0x240, 0x242, 0x5, 0x52, 0x2a, 0x2, 0x241, 0x240, 0x3, 0x2, 0x2, 0x2, 
    0x242, 0x245, 0x3, 0x2, 0x2, 0x2, 0x243, 0x241, 0x3, 0x2, 0x2, 0x2, 
    0x243, 0x244, 0x3, 0x2, 0x2, 0x2, 0x244, 0x24b, 0x3, 0x2, 0x2, 0x2, 
    0x245, 0x243, 0x3, 0x2, 0x2, 0x2, 0x246, 0x247, 0x7, 0x4e, 0x2, 0x2, 
    0x247, 0x24b, 0x5, 0x48, 0x25, 0x2, 0x248, 0x249, 0x7, 0x39, 0x2, 0x2, 
    0x249, 0x24b, 0x5, 0x48, 0x25, 0x2, 0x24a, 0x23f, 0x3, 0x2, 0x2, 0x2, 
    0x24a, 0x246, 0x3, 0x2, 0x2, 0x2, 0x24a, 0x248, 0x3, 0x2, 0x2, 0x2, 
    0x24b, 0x49, 0x3, 0x2, 0x2, 0x2, 0x24c, 0x252, 0x5, 0x2a, 0x16, 0x2, 
    0x24d, 0x24e, 0x7, 0x4b, 0x2, 0x2, 0x24e, 0x24f, 0x5, 0x48, 0x25, 0x2, 
    0x24f, 0x250, 0x7, 0x4c, 0x2, 0x2, 0x250, 0x252, 0x3, 0x2, 0x2, 0x2, 
    0x251, 0x24c, 0x3, 0x2, 0x2, 0x2, 0x251, 0x24d, 0x3, 0x2, 0x2, 0x2, 
    0x252, 0x4b, 0x3, 0x2, 0x2, 0x2, 0x253, 0x254, 0x7, 0xa, 0x2, 0x2, 0x254, 
    0x255, 0x5, 0x4e, 0x28, 0x2, 0x255, 0x4d, 0x3, 0x2, 0x2, 0x2, 0x256, 
    0x257, 0x8, 0x28, 0x1, 0x2, 0x257, 0x258, 0x5, 0x50, 0x29, 0x2, 0x258, 
    0x276, 0x3, 0x2, 0x2, 0x2, 0x259, 0x25a, 0xc, 0xb, 0x2, 0x2, 0x25a, 
    0x25b, 0x9, 0x5, 0x2, 0x2, 0x25b, 0x275, 0x5, 0x4e, 0x28, 0xc, 0x25c, 
    0x25d, 0xc, 0xa, 0x2, 0x2, 0x25d, 0x25e, 0x9, 0x6, 0x2, 0x2, 0x25e, 
    0x275, 0x5, 0x4e, 0x28, 0xb, 0x25f, 0x260, 0xc, 0x9, 0x2, 0x2, 0x260, 
    0x261, 0x9, 0x7, 0x2, 0x2, 0x261, 0x275, 0x5, 0x4e, 0x28, 0xa, 0x262, 
    0x263, 0xc, 0x8, 0x2, 0x2, 0x263, 0x264, 0x9, 0x8, 0x2, 0x2, 0x264, 
    0x275, 0x5, 0x4e, 0x28, 0x9, 0x265, 0x266, 0xc, 0x7, 0x2, 0x2, 0x266, 
    0x267, 0x7, 0x39, 0x2, 0x2, 0x267, 0x275, 0x5, 0x4e, 0x28, 0x8, 0x268, 
    0x269, 0xc, 0x6, 0x2, 0x2, 0x269, 0x26a, 0x7, 0x50, 0x2, 0x2, 0x26a, 
    0x275, 0x5, 0x4e, 0x28, 0x7, 0x26b, 0x26c, 0xc, 0x5, 0x2, 0x2, 0x26c, 
    0x26d, 0x7, 0x4a, 0x2, 0x2, 0x26d, 0x275, 0x5, 0x4e, 0x28, 0x6, 0x26e, 
    0x26f, 0xc, 0x4, 0x2, 0x2, 0x26f, 0x270, 0x7, 0x26, 0x2, 0x2, 0x270, 
    0x275, 0x5, 0x4e, 0x28, 0x5, 0x271, 0x272, 0xc, 0x3, 0x2, 0x2, 0x272, 
    0x273, 0x7, 0x27, 0x2, 0x2, 0x273, 0x275, 0x5, 0x4e, 0x28, 0x4, 0x274, 
    0x259, 0x3, 0x2, 0x2, 0x2, 0x274, 0x25c, 0x3, 0x2, 0x2, 0x2, 0x274, 
    0x25f, 0x3, 0x2, 0x2, 0x2, 0x274, 0x262, 0x3, 0x2, 0x2, 0x2, 0x274, 
    0x265, 0x3, 0x2, 0x2, 0x2, 0x274, 0x268, 0x3, 0x2, 0x2, 0x2, 0x274, 
    0x26b, 0x3, 0x2, 0x2, 0x2, 0x274, 0x26e, 0x3, 0x2, 0x2, 0x2, 0x274, 
    0x271, 0x3, 0x2, 0x2, 0x2, 0x275, 0x278, 0x3, 0x2, 0x2, 0x2, 0x276, 
    0x274, 0x3, 0x2, 0x2, 0x2, 0x276, 0x277, 0x3, 0x2, 0x2, 0x2, 0x277, 
    0x4f, 0x3, 0x2, 0x2, 0x2, 0x278, 0x276, 0x3, 0x2, 0x2, 0x2, 0x279, 0x27a, 
    0x9, 0x9, 0x2, 0x2, 0x27a, 0x283, 0x5, 0x50, 0x29, 0x2, 0x27b, 0x27f, 
    0x5, 0x54, 0x2b, 0x2, 0x27c, 0x27e, 0x5, 0x52, 0x2a, 0x2, 0x27d, 0x27c, 
    0x3, 0x2, 0x2, 0x2, 0x27e, 0x281, 0x3, 0x2, 0x2, 0x2, 0x27f, 0x27d, 
    0x3, 0x2, 0x2, 0x2, 0x27f, 0x280, 0x3, 0x2, 0x2, 0x2, 0x280, 0x283, 
    0x3, 0x2, 0x2, 0x2, 0x281, 0x27f, 0x3, 0x2, 0x2, 0x2, 0x282, 0x279, 
    0x3, 0x2, 0x2, 0x2, 0x282, 0x27b, 0x3, 0x2, 0x2, 0x2, 0x283, 0x51, 0x3, 
    0x2, 0x2, 0x2, 0x284, 0x285, 0x7, 0x3d, 0x2, 0x2, 0x285, 0x286, 0x5, 
    0x4e, 0x28, 0x2, 0x286, 0x287, 0x7, 0x3e, 0x2, 0x2, 0x287, 0x28b, 0x3, 
    0x2, 0x2, 0x2, 0x288, 0x289, 0x7, 0x48, 0x2, 0x2, 0x289, 0x28b, 0x5, 
    0x2c, 0x17, 0x2, 0x28a, 0x284, 0x3, 0x2, 0x2, 0x2, 0x28a, 0x288, 0x3, 
    0x2, 0x2, 0x2, 0x28b, 0x53, 0x3, 0x2, 0x2, 0x2, 0x28c, 0x294, 0x5, 0x56, 
    0x2c, 0x2, 0x28d, 0x294, 0x5, 0x26, 0x14, 0x2, 0x28e, 0x294, 0x5, 0x5a, 
    0x2e, 0x2, 0x28f, 0x290, 0x7, 0x4b, 0x2, 0x2, 0x290, 0x291, 0x5, 0x4e, 
    0x28, 0x2, 0x291, 0x292, 0x7, 0x4c, 0x2, 0x2, 0x292, 0x294, 0x3, 0x2, 
    0x2, 0x2, 0x293, 0x28c, 0x3, 0x2, 0x2, 0x2, 0x293, 0x28d, 0x3, 0x2, 
    0x2, 0x2, 0x293, 0x28e, 0x3, 0x2, 0x2, 0x2, 0x293, 0x28f, 0x3, 0x2, 
    0x2, 0x2, 0x294, 0x55, 0x3, 0x2, 0x2, 0x2, 0x295, 0x296, 0x5, 0x26, 
    0x14, 0x2, 0x296, 0x297, 0x5, 0x58, 0x2d, 0x2, 0x297, 0x57, 0x3, 0x2, 
    0x2, 0x2, 0x298, 0x2a4, 0x7, 0x4b, 0x2, 0x2, 0x299, 0x29e, 0x5, 0x4e, 
    0x28, 0x2, 0x29a, 0x29b, 0x7, 0x42, 0x2, 0x2, 0x29b, 0x29d, 0x5, 0x4e, 
    0x28, 0x2, 0x29c, 0x29a, 0x3, 0x2, 0x2, 0x2, 0x29d, 0x2a0, 0x3, 0x2, 
    0x2, 0x2, 0x29e, 0x29c, 0x3, 0x2, 0x2, 0x2, 0x29e, 0x29f, 0x3, 0x2, 
    0x2, 0x2, 0x29f, 0x2a2, 0x3, 0x2, 0x2, 0x2, 0x2a0, 0x29e, 0x3, 0x2, 
    0x2, 0x2, 0x2a1, 0x2a3, 0x7, 0x42, 0x2, 0x2, 0x2a2, 0x2a1, 0x3, 0x2, 
    0x2, 0x2, 0x2a2, 0x2a3, 0x3, 0x2, 0x2, 0x2, 0x2a3, 0x2a5, 0x3, 0x2, 
    0x2, 0x2, 0x2a4, 0x299, 0x3, 0x2, 0x2, 0x2, 0x2a4, 0x2a5, 0x3, 0x2, 
    0x2, 0x2, 0x2a5, 0x2a6, 0x3, 0x2, 0x2, 0x2, 0x2a6, 0x2a7, 0x7, 0x4c, 
    0x2, 0x2, 0x2a7, 0x59, 0x3, 0x2, 0x2, 0x2, 0x2a8, 0x2a9, 0x9, 0xa, 0x2, 
    0x2, 0x2a9, 0x5b, 0x3, 0x2, 0x2, 0x2, 0x4e, 0x5f, 0x6a, 0x78, 0x7f, 
    0x83, 0x88, 0x8e, 0x95, 0x9c, 0xa3, 0xaf, 0xbb, 0xc5, 0xcb, 0xd4, 0xd8, 
    0xe1, 0xec, 0xf3, 0xf7, 0xfe, 0x102, 0x107, 0x114, 0x116, 0x11f, 0x126, 
    0x12a, 0x131, 0x137, 0x13f, 0x143, 0x14e, 0x155, 0x15d, 0x163, 0x16c, 
    0x170, 0x175, 0x17f, 0x186, 0x18d, 0x191, 0x197, 0x19d, 0x1a1, 0x1a5, 
    0x1ac, 0x1cb, 0x1d8, 0x1df, 0x1ea, 0x1ee, 0x1f1, 0x1f7, 0x1fa, 0x1fe, 
    0x204, 0x20b, 0x213, 0x217, 0x21c, 0x228, 0x23b, 0x243, 0x24a, 0x251, 
    0x274, 0x276, 0x27f, 0x282, 0x28a, 0x293, 0x29e, 0x2a2, 0x2a4, 
  };

  atn::ATNDeserializer deserializer;
  _atn = deserializer.deserialize(_serializedATN);

  size_t count = _atn.getNumberOfDecisions();
  _decisionToDFA.reserve(count);
  for (size_t i = 0; i < count; i++) { 
    _decisionToDFA.emplace_back(_atn.getDecisionState(i), i);
  }
}

WGSLParser::Initializer WGSLParser::_init;
