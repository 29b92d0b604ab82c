
// Generated from /work/main/grammar/WGSLParser.g4 by ANTLR 4.7.2

#pragma once


#include "antlr4-runtime.h"


namespace wgsl_antlr {


class  WGSLParser : public antlr4::Parser {
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

  enum {
    RuleTranslation_unit = 0, RuleGlobal_item = 1, RuleGlobal_directive = 2, 
    RuleName_list = 3, RuleGlobal_decl = 4, RuleStruct_body = 5, RuleMember_separator = 6, 
    RuleStruct_member = 7, RuleFunction_header = 8, RuleParam_list = 9, 
    RuleParam = 10, RuleAttribute = 11, RuleAttribute_name = 12, RuleDiagnostic_control = 13, 
    RuleDiagnostic_rule_name = 14, RuleVariable_decl = 15, RuleOptionally_typed_ident = 16, 
    RuleType_specifier = 17, RuleTemplate_elaborated_ident = 18, RuleTemplate_list = 19, 
    RuleIdent = 20, RuleMember_ident = 21, RuleCompound_statement = 22, 
    RuleStatement = 23, RuleElse_if_clause = 24, RuleElse_clause = 25, RuleSwitch_body = 26, 
    RuleSwitch_clause = 27, RuleCase_selector = 28, RuleContinuing_statement = 29, 
    RuleFor_init = 30, RuleFor_update = 31, RuleVariable_or_value_statement = 32, 
    RuleVariable_updating_statement = 33, RuleCompound_assignment_operator = 34, 
    RuleLhs_expression = 35, RuleCore_lhs_expression = 36, RuleConst_assert_statement = 37, 
    RuleExpression = 38, RuleUnary_expression = 39, RulePostfix = 40, RulePrimary_expression = 41, 
    RuleCall_phrase = 42, RuleArgument_expression_list = 43, RuleLiteral = 44
  };

  WGSLParser(antlr4::TokenStream *input);
  ~WGSLParser();

  virtual std::string getGrammarFileName() const override;
  virtual const antlr4::atn::ATN& getATN() const override { return _atn; };
  virtual const std::vector<std::string>& getTokenNames() const override { return _tokenNames; }; // deprecated: use vocabulary instead.
  virtual const std::vector<std::string>& getRuleNames() const override;
  virtual antlr4::dfa::Vocabulary& getVocabulary() const override;


  class Translation_unitContext;
  class Global_itemContext;
  class Global_directiveContext;
  class Name_listContext;
  class Global_declContext;
  class Struct_bodyContext;
  class Member_separatorContext;
  class Struct_memberContext;
  class Function_headerContext;
  class Param_listContext;
  class ParamContext;
  class AttributeContext;
  class Attribute_nameContext;
  class Diagnostic_controlContext;
  class Diagnostic_rule_nameContext;
  class Variable_declContext;
  class Optionally_typed_identContext;
  class Type_specifierContext;
  class Template_elaborated_identContext;
  class Template_listContext;
  class IdentContext;
  class Member_identContext;
  class Compound_statementContext;
  class StatementContext;
  class Else_if_clauseContext;
  class Else_clauseContext;
  class Switch_bodyContext;
  class Switch_clauseContext;
  class Case_selectorContext;
  class Continuing_statementContext;
  class For_initContext;
  class For_updateContext;
  class Variable_or_value_statementContext;
  class Variable_updating_statementContext;
  class Compound_assignment_operatorContext;
  class Lhs_expressionContext;
  class Core_lhs_expressionContext;
  class Const_assert_statementContext;
  class ExpressionContext;
  class Unary_expressionContext;
  class PostfixContext;
  class Primary_expressionContext;
  class Call_phraseContext;
  class Argument_expression_listContext;
  class LiteralContext; 

  class  Translation_unitContext : public antlr4::ParserRuleContext {
  public:
    Translation_unitContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *EOF();
    std::vector<Global_itemContext *> global_item();
    Global_itemContext* global_item(size_t i);

   
  };

  Translation_unitContext* translation_unit();

  class  Global_itemContext : public antlr4::ParserRuleContext {
  public:
    Global_itemContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    Global_directiveContext *global_directive();
    Global_declContext *global_decl();
    Const_assert_statementContext *const_assert_statement();
    antlr4::tree::TerminalNode *SEMICOLON();

   
  };

  Global_itemContext* global_item();

  class  Global_directiveContext : public antlr4::ParserRuleContext {
  public:
    Global_directiveContext(antlr4::ParserRuleContext *parent, size_t invokingState);
   
    Global_directiveContext() = default;
    void copyFrom(Global_directiveContext *context);
    using antlr4::ParserRuleContext::copyFrom;

    virtual size_t getRuleIndex() const override;

   
  };

  class  EnableDirectiveContext : public Global_directiveContext {
  public:
    EnableDirectiveContext(Global_directiveContext *ctx);

    antlr4::tree::TerminalNode *ENABLE();
    Name_listContext *name_list();
    antlr4::tree::TerminalNode *SEMICOLON();
  };

  class  DiagnosticDirectiveContext : public Global_directiveContext {
  public:
    DiagnosticDirectiveContext(Global_directiveContext *ctx);

    antlr4::tree::TerminalNode *DIAGNOSTIC();
    Diagnostic_controlContext *diagnostic_control();
    antlr4::tree::TerminalNode *SEMICOLON();
  };

  class  RequiresDirectiveContext : public Global_directiveContext {
  public:
    RequiresDirectiveContext(Global_directiveContext *ctx);

    antlr4::tree::TerminalNode *REQUIRES();
    Name_listContext *name_list();
    antlr4::tree::TerminalNode *SEMICOLON();
  };

  Global_directiveContext* global_directive();

  class  Name_listContext : public antlr4::ParserRuleContext {
  public:
    Name_listContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    std::vector<IdentContext *> ident();
    IdentContext* ident(size_t i);
    std::vector<antlr4::tree::TerminalNode *> COMMA();
    antlr4::tree::TerminalNode* COMMA(size_t i);

   
  };

  Name_listContext* name_list();

  class  Global_declContext : public antlr4::ParserRuleContext {
  public:
    Global_declContext(antlr4::ParserRuleContext *parent, size_t invokingState);
   
    Global_declContext() = default;
    void copyFrom(Global_declContext *context);
    using antlr4::ParserRuleContext::copyFrom;

    virtual size_t getRuleIndex() const override;

   
  };

  class  FunctionDeclContext : public Global_declContext {
  public:
    FunctionDeclContext(Global_declContext *ctx);

    Function_headerContext *function_header();
    Compound_statementContext *compound_statement();
    std::vector<AttributeContext *> attribute();
    AttributeContext* attribute(size_t i);
  };

  class  OverrideDeclContext : public Global_declContext {
  public:
    OverrideDeclContext(Global_declContext *ctx);

    antlr4::tree::TerminalNode *OVERRIDE();
    Optionally_typed_identContext *optionally_typed_ident();
    antlr4::tree::TerminalNode *SEMICOLON();
    std::vector<AttributeContext *> attribute();
    AttributeContext* attribute(size_t i);
    antlr4::tree::TerminalNode *EQUAL();
    ExpressionContext *expression();
  };

  class  GlobalVarDeclContext : public Global_declContext {
  public:
    GlobalVarDeclContext(Global_declContext *ctx);

    Variable_declContext *variable_decl();
    antlr4::tree::TerminalNode *SEMICOLON();
    std::vector<AttributeContext *> attribute();
    AttributeContext* attribute(size_t i);
    antlr4::tree::TerminalNode *EQUAL();
    ExpressionContext *expression();
  };

  class  GlobalConstDeclContext : public Global_declContext {
  public:
    GlobalConstDeclContext(Global_declContext *ctx);

    antlr4::tree::TerminalNode *CONST();
    Optionally_typed_identContext *optionally_typed_ident();
    antlr4::tree::TerminalNode *EQUAL();
    ExpressionContext *expression();
    antlr4::tree::TerminalNode *SEMICOLON();
    std::vector<AttributeContext *> attribute();
    AttributeContext* attribute(size_t i);
  };

  class  AliasDeclContext : public Global_declContext {
  public:
    AliasDeclContext(Global_declContext *ctx);

    antlr4::tree::TerminalNode *ALIAS();
    IdentContext *ident();
    antlr4::tree::TerminalNode *EQUAL();
    Type_specifierContext *type_specifier();
    antlr4::tree::TerminalNode *SEMICOLON();
    std::vector<AttributeContext *> attribute();
    AttributeContext* attribute(size_t i);
  };

  class  StructDeclContext : public Global_declContext {
  public:
    StructDeclContext(Global_declContext *ctx);

    antlr4::tree::TerminalNode *STRUCT();
    IdentContext *ident();
    Struct_bodyContext *struct_body();
    std::vector<AttributeContext *> attribute();
    AttributeContext* attribute(size_t i);
  };

  Global_declContext* global_decl();

  class  Struct_bodyContext : public antlr4::ParserRuleContext {
  public:
    Struct_bodyContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *BRACE_LEFT();
    std::vector<Struct_memberContext *> struct_member();
    Struct_memberContext* struct_member(size_t i);
    antlr4::tree::TerminalNode *BRACE_RIGHT();
    std::vector<Member_separatorContext *> member_separator();
    Member_separatorContext* member_separator(size_t i);

   
  };

  Struct_bodyContext* struct_body();

  class  Member_separatorContext : public antlr4::ParserRuleContext {
  public:
    Member_separatorContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *COMMA();
    antlr4::tree::TerminalNode *SEMICOLON();

   
  };

  Member_separatorContext* member_separator();

  class  Struct_memberContext : public antlr4::ParserRuleContext {
  public:
    Struct_memberContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    Member_identContext *member_ident();
    antlr4::tree::TerminalNode *COLON();
    Type_specifierContext *type_specifier();
    std::vector<AttributeContext *> attribute();
    AttributeContext* attribute(size_t i);

   
  };

  Struct_memberContext* struct_member();

  class  Function_headerContext : public antlr4::ParserRuleContext {
  public:
    Function_headerContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *FN();
    IdentContext *ident();
    antlr4::tree::TerminalNode *PAREN_LEFT();
    antlr4::tree::TerminalNode *PAREN_RIGHT();
    Param_listContext *param_list();
    antlr4::tree::TerminalNode *ARROW();
    Type_specifierContext *type_specifier();
    std::vector<AttributeContext *> attribute();
    AttributeContext* attribute(size_t i);

   
  };

  Function_headerContext* function_header();

  class  Param_listContext : public antlr4::ParserRuleContext {
  public:
    Param_listContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    std::vector<ParamContext *> param();
    ParamContext* param(size_t i);
    std::vector<antlr4::tree::TerminalNode *> COMMA();
    antlr4::tree::TerminalNode* COMMA(size_t i);

   
  };

  Param_listContext* param_list();

  class  ParamContext : public antlr4::ParserRuleContext {
  public:
    ParamContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    IdentContext *ident();
    antlr4::tree::TerminalNode *COLON();
    Type_specifierContext *type_specifier();
    std::vector<AttributeContext *> attribute();
    AttributeContext* attribute(size_t i);

   
  };

  ParamContext* param();

  class  AttributeContext : public antlr4::ParserRuleContext {
  public:
    AttributeContext(antlr4::ParserRuleContext *parent, size_t invokingState);
   
    AttributeContext() = default;
    void copyFrom(AttributeContext *context);
    using antlr4::ParserRuleContext::copyFrom;

    virtual size_t getRuleIndex() const override;

   
  };

  class  PlainAttrContext : public AttributeContext {
  public:
    PlainAttrContext(AttributeContext *ctx);

    antlr4::tree::TerminalNode *ATTR();
    Attribute_nameContext *attribute_name();
    Argument_expression_listContext *argument_expression_list();
  };

  class  DiagnosticAttrContext : public AttributeContext {
  public:
    DiagnosticAttrContext(AttributeContext *ctx);

    antlr4::tree::TerminalNode *ATTR();
    antlr4::tree::TerminalNode *DIAGNOSTIC();
    Diagnostic_controlContext *diagnostic_control();
  };

  AttributeContext* attribute();

  class  Attribute_nameContext : public antlr4::ParserRuleContext {
  public:
    Attribute_nameContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *IDENT();
    antlr4::tree::TerminalNode *CONST();

   
  };

  Attribute_nameContext* attribute_name();

  class  Diagnostic_controlContext : public antlr4::ParserRuleContext {
  public:
    Diagnostic_controlContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *PAREN_LEFT();
    IdentContext *ident();
    std::vector<antlr4::tree::TerminalNode *> COMMA();
    antlr4::tree::TerminalNode* COMMA(size_t i);
    Diagnostic_rule_nameContext *diagnostic_rule_name();
    antlr4::tree::TerminalNode *PAREN_RIGHT();

   
  };

  Diagnostic_controlContext* diagnostic_control();

  class  Diagnostic_rule_nameContext : public antlr4::ParserRuleContext {
  public:
    Diagnostic_rule_nameContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    std::vector<IdentContext *> ident();
    IdentContext* ident(size_t i);
    antlr4::tree::TerminalNode *PERIOD();

   
  };

  Diagnostic_rule_nameContext* diagnostic_rule_name();

  class  Variable_declContext : public antlr4::ParserRuleContext {
  public:
    Variable_declContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *VAR();
    Optionally_typed_identContext *optionally_typed_ident();
    Template_listContext *template_list();

   
  };

  Variable_declContext* variable_decl();

  class  Optionally_typed_identContext : public antlr4::ParserRuleContext {
  public:
    Optionally_typed_identContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    IdentContext *ident();
    antlr4::tree::TerminalNode *COLON();
    Type_specifierContext *type_specifier();

   
  };

  Optionally_typed_identContext* optionally_typed_ident();

  class  Type_specifierContext : public antlr4::ParserRuleContext {
  public:
    Type_specifierContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    Template_elaborated_identContext *template_elaborated_ident();

   
  };

  Type_specifierContext* type_specifier();

  class  Template_elaborated_identContext : public antlr4::ParserRuleContext {
  public:
    Template_elaborated_identContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    IdentContext *ident();
    Template_listContext *template_list();

   
  };

  Template_elaborated_identContext* template_elaborated_ident();

  class  Template_listContext : public antlr4::ParserRuleContext {
  public:
    Template_listContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *TEMPLATE_ARGS_START();
    std::vector<ExpressionContext *> expression();
    ExpressionContext* expression(size_t i);
    antlr4::tree::TerminalNode *TEMPLATE_ARGS_END();
    std::vector<antlr4::tree::TerminalNode *> COMMA();
    antlr4::tree::TerminalNode* COMMA(size_t i);

   
  };

  Template_listContext* template_list();

  class  IdentContext : public antlr4::ParserRuleContext {
  public:
    IdentContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *IDENT();

   
  };

  IdentContext* ident();

  class  Member_identContext : public antlr4::ParserRuleContext {
  public:
    Member_identContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *IDENT();

   
  };

  Member_identContext* member_ident();

  class  Compound_statementContext : public antlr4::ParserRuleContext {
  public:
    Compound_statementContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *BRACE_LEFT();
    antlr4::tree::TerminalNode *BRACE_RIGHT();
    std::vector<AttributeContext *> attribute();
    AttributeContext* attribute(size_t i);
    std::vector<StatementContext *> statement();
    StatementContext* statement(size_t i);

   
  };

  Compound_statementContext* compound_statement();

  class  StatementContext : public antlr4::ParserRuleContext {
  public:
    StatementContext(antlr4::ParserRuleContext *parent, size_t invokingState);
   
    StatementContext() = default;
    void copyFrom(StatementContext *context);
    using antlr4::ParserRuleContext::copyFrom;

    virtual size_t getRuleIndex() const override;

   
  };

  class  EmptyStatementContext : public StatementContext {
  public:
    EmptyStatementContext(StatementContext *ctx);

    antlr4::tree::TerminalNode *SEMICOLON();
  };

  class  BlockStatementContext : public StatementContext {
  public:
    BlockStatementContext(StatementContext *ctx);

    Compound_statementContext *compound_statement();
  };

  class  BreakIfStatementContext : public StatementContext {
  public:
    BreakIfStatementContext(StatementContext *ctx);

    antlr4::tree::TerminalNode *BREAK();
    antlr4::tree::TerminalNode *IF();
    ExpressionContext *expression();
    antlr4::tree::TerminalNode *SEMICOLON();
  };

  class  ForStatementContext : public StatementContext {
  public:
    ForStatementContext(StatementContext *ctx);

    antlr4::tree::TerminalNode *FOR();
    antlr4::tree::TerminalNode *PAREN_LEFT();
    std::vector<antlr4::tree::TerminalNode *> SEMICOLON();
    antlr4::tree::TerminalNode* SEMICOLON(size_t i);
    antlr4::tree::TerminalNode *PAREN_RIGHT();
    Compound_statementContext *compound_statement();
    std::vector<AttributeContext *> attribute();
    AttributeContext* attribute(size_t i);
    For_initContext *for_init();
    ExpressionContext *expression();
    For_updateContext *for_update();
  };

  class  BreakStatementContext : public StatementContext {
  public:
    BreakStatementContext(StatementContext *ctx);

    antlr4::tree::TerminalNode *BREAK();
    antlr4::tree::TerminalNode *SEMICOLON();
  };

  class  LoopStatementContext : public StatementContext {
  public:
    LoopStatementContext(StatementContext *ctx);

    antlr4::tree::TerminalNode *LOOP();
    antlr4::tree::TerminalNode *BRACE_LEFT();
    antlr4::tree::TerminalNode *BRACE_RIGHT();
    std::vector<AttributeContext *> attribute();
    AttributeContext* attribute(size_t i);
    std::vector<StatementContext *> statement();
    StatementContext* statement(size_t i);
    Continuing_statementContext *continuing_statement();
  };

  class  CallStatementContext : public StatementContext {
  public:
    CallStatementContext(StatementContext *ctx);

    Call_phraseContext *call_phrase();
    antlr4::tree::TerminalNode *SEMICOLON();
  };

  class  ReturnStatementContext : public StatementContext {
  public:
    ReturnStatementContext(StatementContext *ctx);

    antlr4::tree::TerminalNode *RETURN();
    antlr4::tree::TerminalNode *SEMICOLON();
    ExpressionContext *expression();
  };

  class  IfStatementContext : public StatementContext {
  public:
    IfStatementContext(StatementContext *ctx);

    antlr4::tree::TerminalNode *IF();
    ExpressionContext *expression();
    Compound_statementContext *compound_statement();
    std::vector<AttributeContext *> attribute();
    AttributeContext* attribute(size_t i);
    std::vector<Else_if_clauseContext *> else_if_clause();
    Else_if_clauseContext* else_if_clause(size_t i);
    Else_clauseContext *else_clause();
  };

  class  SwitchStatementContext : public StatementContext {
  public:
    SwitchStatementContext(StatementContext *ctx);

    antlr4::tree::TerminalNode *SWITCH();
    ExpressionContext *expression();
    Switch_bodyContext *switch_body();
    std::vector<AttributeContext *> attribute();
    AttributeContext* attribute(size_t i);
  };

  class  WhileStatementContext : public StatementContext {
  public:
    WhileStatementContext(StatementContext *ctx);

    antlr4::tree::TerminalNode *WHILE();
    ExpressionContext *expression();
    Compound_statementContext *compound_statement();
    std::vector<AttributeContext *> attribute();
    AttributeContext* attribute(size_t i);
  };

  class  DiscardStatementContext : public StatementContext {
  public:
    DiscardStatementContext(StatementContext *ctx);

    antlr4::tree::TerminalNode *DISCARD();
    antlr4::tree::TerminalNode *SEMICOLON();
  };

  class  UpdateStatementContext : public StatementContext {
  public:
    UpdateStatementContext(StatementContext *ctx);

    Variable_updating_statementContext *variable_updating_statement();
    antlr4::tree::TerminalNode *SEMICOLON();
  };

  class  ConstAssertStatementContext : public StatementContext {
  public:
    ConstAssertStatementContext(StatementContext *ctx);

    Const_assert_statementContext *const_assert_statement();
    antlr4::tree::TerminalNode *SEMICOLON();
  };

  class  ContinueStatementContext : public StatementContext {
  public:
    ContinueStatementContext(StatementContext *ctx);

    antlr4::tree::TerminalNode *CONTINUE();
    antlr4::tree::TerminalNode *SEMICOLON();
  };

  class  DeclStatementContext : public StatementContext {
  public:
    DeclStatementContext(StatementContext *ctx);

    Variable_or_value_statementContext *variable_or_value_statement();
    antlr4::tree::TerminalNode *SEMICOLON();
  };

  StatementContext* statement();

  class  Else_if_clauseContext : public antlr4::ParserRuleContext {
  public:
    Else_if_clauseContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *ELSE();
    antlr4::tree::TerminalNode *IF();
    ExpressionContext *expression();
    Compound_statementContext *compound_statement();

   
  };

  Else_if_clauseContext* else_if_clause();

  class  Else_clauseContext : public antlr4::ParserRuleContext {
  public:
    Else_clauseContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *ELSE();
    Compound_statementContext *compound_statement();

   
  };

  Else_clauseContext* else_clause();

  class  Switch_bodyContext : public antlr4::ParserRuleContext {
  public:
    Switch_bodyContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *BRACE_LEFT();
    antlr4::tree::TerminalNode *BRACE_RIGHT();
    std::vector<AttributeContext *> attribute();
    AttributeContext* attribute(size_t i);
    std::vector<Switch_clauseContext *> switch_clause();
    Switch_clauseContext* switch_clause(size_t i);

   
  };

  Switch_bodyContext* switch_body();

  class  Switch_clauseContext : public antlr4::ParserRuleContext {
  public:
    Switch_clauseContext(antlr4::ParserRuleContext *parent, size_t invokingState);
   
    Switch_clauseContext() = default;
    void copyFrom(Switch_clauseContext *context);
    using antlr4::ParserRuleContext::copyFrom;

    virtual size_t getRuleIndex() const override;

   
  };

  class  DefaultClauseContext : public Switch_clauseContext {
  public:
    DefaultClauseContext(Switch_clauseContext *ctx);

    antlr4::tree::TerminalNode *DEFAULT();
    Compound_statementContext *compound_statement();
    antlr4::tree::TerminalNode *COLON();
  };

  class  CaseClauseContext : public Switch_clauseContext {
  public:
    CaseClauseContext(Switch_clauseContext *ctx);

    antlr4::tree::TerminalNode *CASE();
    std::vector<Case_selectorContext *> case_selector();
    Case_selectorContext* case_selector(size_t i);
    Compound_statementContext *compound_statement();
    std::vector<antlr4::tree::TerminalNode *> COMMA();
    antlr4::tree::TerminalNode* COMMA(size_t i);
    antlr4::tree::TerminalNode *COLON();
  };

  Switch_clauseContext* switch_clause();

  class  Case_selectorContext : public antlr4::ParserRuleContext {
  public:
    Case_selectorContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *DEFAULT();
    ExpressionContext *expression();

   
  };

  Case_selectorContext* case_selector();

  class  Continuing_statementContext : public antlr4::ParserRuleContext {
  public:
    Continuing_statementContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *CONTINUING();
    antlr4::tree::TerminalNode *BRACE_LEFT();
    antlr4::tree::TerminalNode *BRACE_RIGHT();
    std::vector<AttributeContext *> attribute();
    AttributeContext* attribute(size_t i);
    std::vector<StatementContext *> statement();
    StatementContext* statement(size_t i);

   
  };

  Continuing_statementContext* continuing_statement();

  class  For_initContext : public antlr4::ParserRuleContext {
  public:
    For_initContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    Variable_or_value_statementContext *variable_or_value_statement();
    Variable_updating_statementContext *variable_updating_statement();
    Call_phraseContext *call_phrase();

   
  };

  For_initContext* for_init();

  class  For_updateContext : public antlr4::ParserRuleContext {
  public:
    For_updateContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    Variable_updating_statementContext *variable_updating_statement();
    Call_phraseContext *call_phrase();

   
  };

  For_updateContext* for_update();

  class  Variable_or_value_statementContext : public antlr4::ParserRuleContext {
  public:
    Variable_or_value_statementContext(antlr4::ParserRuleContext *parent, size_t invokingState);
   
    Variable_or_value_statementContext() = default;
    void copyFrom(Variable_or_value_statementContext *context);
    using antlr4::ParserRuleContext::copyFrom;

    virtual size_t getRuleIndex() const override;

   
  };

  class  LetStatementContext : public Variable_or_value_statementContext {
  public:
    LetStatementContext(Variable_or_value_statementContext *ctx);

    antlr4::tree::TerminalNode *LET();
    Optionally_typed_identContext *optionally_typed_ident();
    antlr4::tree::TerminalNode *EQUAL();
    ExpressionContext *expression();
  };

  class  ConstStatementContext : public Variable_or_value_statementContext {
  public:
    ConstStatementContext(Variable_or_value_statementContext *ctx);

    antlr4::tree::TerminalNode *CONST();
    Optionally_typed_identContext *optionally_typed_ident();
    antlr4::tree::TerminalNode *EQUAL();
    ExpressionContext *expression();
  };

  class  VarStatementContext : public Variable_or_value_statementContext {
  public:
    VarStatementContext(Variable_or_value_statementContext *ctx);

    Variable_declContext *variable_decl();
    antlr4::tree::TerminalNode *EQUAL();
    ExpressionContext *expression();
  };

  Variable_or_value_statementContext* variable_or_value_statement();

  class  Variable_updating_statementContext : public antlr4::ParserRuleContext {
  public:
    Variable_updating_statementContext(antlr4::ParserRuleContext *parent, size_t invokingState);
   
    Variable_updating_statementContext() = default;
    void copyFrom(Variable_updating_statementContext *context);
    using antlr4::ParserRuleContext::copyFrom;

    virtual size_t getRuleIndex() const override;

   
  };

  class  IncrementStatementContext : public Variable_updating_statementContext {
  public:
    IncrementStatementContext(Variable_updating_statementContext *ctx);

    Lhs_expressionContext *lhs_expression();
    antlr4::tree::TerminalNode *PLUS_PLUS();
  };

  class  DecrementStatementContext : public Variable_updating_statementContext {
  public:
    DecrementStatementContext(Variable_updating_statementContext *ctx);

    Lhs_expressionContext *lhs_expression();
    antlr4::tree::TerminalNode *MINUS_MINUS();
  };

  class  AssignStatementContext : public Variable_updating_statementContext {
  public:
    AssignStatementContext(Variable_updating_statementContext *ctx);

    Lhs_expressionContext *lhs_expression();
    antlr4::tree::TerminalNode *EQUAL();
    ExpressionContext *expression();
  };

  class  CompoundAssignStatementContext : public Variable_updating_statementContext {
  public:
    CompoundAssignStatementContext(Variable_updating_statementContext *ctx);

    Lhs_expressionContext *lhs_expression();
    Compound_assignment_operatorContext *compound_assignment_operator();
    ExpressionContext *expression();
  };

  class  PhonyAssignStatementContext : public Variable_updating_statementContext {
  public:
    PhonyAssignStatementContext(Variable_updating_statementContext *ctx);

    antlr4::tree::TerminalNode *UNDERSCORE();
    antlr4::tree::TerminalNode *EQUAL();
    ExpressionContext *expression();
  };

  Variable_updating_statementContext* variable_updating_statement();

  class  Compound_assignment_operatorContext : public antlr4::ParserRuleContext {
  public:
    Compound_assignment_operatorContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *PLUS_EQUAL();
    antlr4::tree::TerminalNode *MINUS_EQUAL();
    antlr4::tree::TerminalNode *TIMES_EQUAL();
    antlr4::tree::TerminalNode *DIVISION_EQUAL();
    antlr4::tree::TerminalNode *MODULO_EQUAL();
    antlr4::tree::TerminalNode *AND_EQUAL();
    antlr4::tree::TerminalNode *OR_EQUAL();
    antlr4::tree::TerminalNode *XOR_EQUAL();
    antlr4::tree::TerminalNode *SHIFT_RIGHT_ASSIGN();
    antlr4::tree::TerminalNode *SHIFT_LEFT_ASSIGN();

   
  };

  Compound_assignment_operatorContext* compound_assignment_operator();

  class  Lhs_expressionContext : public antlr4::ParserRuleContext {
  public:
    Lhs_expressionContext(antlr4::ParserRuleContext *parent, size_t invokingState);
   
    Lhs_expressionContext() = default;
    void copyFrom(Lhs_expressionContext *context);
    using antlr4::ParserRuleContext::copyFrom;

    virtual size_t getRuleIndex() const override;

   
  };

  class  CoreLhsContext : public Lhs_expressionContext {
  public:
    CoreLhsContext(Lhs_expressionContext *ctx);

    Core_lhs_expressionContext *core_lhs_expression();
    std::vector<PostfixContext *> postfix();
    PostfixContext* postfix(size_t i);
  };

  class  AddressOfLhsContext : public Lhs_expressionContext {
  public:
    AddressOfLhsContext(Lhs_expressionContext *ctx);

    antlr4::tree::TerminalNode *AND();
    Lhs_expressionContext *lhs_expression();
  };

  class  DerefLhsContext : public Lhs_expressionContext {
  public:
    DerefLhsContext(Lhs_expressionContext *ctx);

    antlr4::tree::TerminalNode *STAR();
    Lhs_expressionContext *lhs_expression();
  };

  Lhs_expressionContext* lhs_expression();

  class  Core_lhs_expressionContext : public antlr4::ParserRuleContext {
  public:
    Core_lhs_expressionContext(antlr4::ParserRuleContext *parent, size_t invokingState);
   
    Core_lhs_expressionContext() = default;
    void copyFrom(Core_lhs_expressionContext *context);
    using antlr4::ParserRuleContext::copyFrom;

    virtual size_t getRuleIndex() const override;

   
  };

  class  ParenLhsContext : public Core_lhs_expressionContext {
  public:
    ParenLhsContext(Core_lhs_expressionContext *ctx);

    antlr4::tree::TerminalNode *PAREN_LEFT();
    Lhs_expressionContext *lhs_expression();
    antlr4::tree::TerminalNode *PAREN_RIGHT();
  };

  class  IdentLhsContext : public Core_lhs_expressionContext {
  public:
    IdentLhsContext(Core_lhs_expressionContext *ctx);

    IdentContext *ident();
  };

  Core_lhs_expressionContext* core_lhs_expression();

  class  Const_assert_statementContext : public antlr4::ParserRuleContext {
  public:
    Const_assert_statementContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *CONST_ASSERT();
    ExpressionContext *expression();

   
  };

  Const_assert_statementContext* const_assert_statement();

  class  ExpressionContext : public antlr4::ParserRuleContext {
  public:
    ExpressionContext(antlr4::ParserRuleContext *parent, size_t invokingState);
   
    ExpressionContext() = default;
    void copyFrom(ExpressionContext *context);
    using antlr4::ParserRuleContext::copyFrom;

    virtual size_t getRuleIndex() const override;

   
  };

  class  UnaryExprContext : public ExpressionContext {
  public:
    UnaryExprContext(ExpressionContext *ctx);

    Unary_expressionContext *unary_expression();
  };

  class  BinaryExprContext : public ExpressionContext {
  public:
    BinaryExprContext(ExpressionContext *ctx);

    antlr4::Token *op = nullptr;
    std::vector<ExpressionContext *> expression();
    ExpressionContext* expression(size_t i);
    antlr4::tree::TerminalNode *STAR();
    antlr4::tree::TerminalNode *FORWARD_SLASH();
    antlr4::tree::TerminalNode *MODULO();
    antlr4::tree::TerminalNode *PLUS();
    antlr4::tree::TerminalNode *MINUS();
    antlr4::tree::TerminalNode *SHIFT_LEFT();
    antlr4::tree::TerminalNode *SHIFT_RIGHT();
    antlr4::tree::TerminalNode *LESS_THAN();
    antlr4::tree::TerminalNode *LESS_THAN_EQUAL();
    antlr4::tree::TerminalNode *GREATER_THAN();
    antlr4::tree::TerminalNode *GREATER_THAN_EQUAL();
    antlr4::tree::TerminalNode *EQUAL_EQUAL();
    antlr4::tree::TerminalNode *NOT_EQUAL();
    antlr4::tree::TerminalNode *AND();
    antlr4::tree::TerminalNode *XOR();
    antlr4::tree::TerminalNode *OR();
    antlr4::tree::TerminalNode *AND_AND();
    antlr4::tree::TerminalNode *OR_OR();
  };

  ExpressionContext* expression();
  ExpressionContext* expression(int precedence);
  class  Unary_expressionContext : public antlr4::ParserRuleContext {
  public:
    Unary_expressionContext(antlr4::ParserRuleContext *parent, size_t invokingState);
   
    Unary_expressionContext() = default;
    void copyFrom(Unary_expressionContext *context);
    using antlr4::ParserRuleContext::copyFrom;

    virtual size_t getRuleIndex() const override;

   
  };

  class  PrefixExprContext : public Unary_expressionContext {
  public:
    PrefixExprContext(Unary_expressionContext *ctx);

    antlr4::Token *op = nullptr;
    Unary_expressionContext *unary_expression();
    antlr4::tree::TerminalNode *MINUS();
    antlr4::tree::TerminalNode *BANG();
    antlr4::tree::TerminalNode *TILDE();
    antlr4::tree::TerminalNode *STAR();
    antlr4::tree::TerminalNode *AND();
  };

  class  SingularExprContext : public Unary_expressionContext {
  public:
    SingularExprContext(Unary_expressionContext *ctx);

    Primary_expressionContext *primary_expression();
    std::vector<PostfixContext *> postfix();
    PostfixContext* postfix(size_t i);
  };

  Unary_expressionContext* unary_expression();

  class  PostfixContext : public antlr4::ParserRuleContext {
  public:
    PostfixContext(antlr4::ParserRuleContext *parent, size_t invokingState);
   
    PostfixContext() = default;
    void copyFrom(PostfixContext *context);
    using antlr4::ParserRuleContext::copyFrom;

    virtual size_t getRuleIndex() const override;

   
  };

  class  MemberPostfixContext : public PostfixContext {
  public:
    MemberPostfixContext(PostfixContext *ctx);

    antlr4::tree::TerminalNode *PERIOD();
    Member_identContext *member_ident();
  };

  class  IndexPostfixContext : public PostfixContext {
  public:
    IndexPostfixContext(PostfixContext *ctx);

    antlr4::tree::TerminalNode *BRACKET_LEFT();
    ExpressionContext *expression();
    antlr4::tree::TerminalNode *BRACKET_RIGHT();
  };

  PostfixContext* postfix();

  class  Primary_expressionContext : public antlr4::ParserRuleContext {
  public:
    Primary_expressionContext(antlr4::ParserRuleContext *parent, size_t invokingState);
   
    Primary_expressionContext() = default;
    void copyFrom(Primary_expressionContext *context);
    using antlr4::ParserRuleContext::copyFrom;

    virtual size_t getRuleIndex() const override;

   
  };

  class  IdentExprContext : public Primary_expressionContext {
  public:
    IdentExprContext(Primary_expressionContext *ctx);

    Template_elaborated_identContext *template_elaborated_ident();
  };

  class  LiteralExprContext : public Primary_expressionContext {
  public:
    LiteralExprContext(Primary_expressionContext *ctx);

    LiteralContext *literal();
  };

  class  CallExprContext : public Primary_expressionContext {
  public:
    CallExprContext(Primary_expressionContext *ctx);

    Call_phraseContext *call_phrase();
  };

  class  ParenExprContext : public Primary_expressionContext {
  public:
    ParenExprContext(Primary_expressionContext *ctx);

    antlr4::tree::TerminalNode *PAREN_LEFT();
    ExpressionContext *expression();
    antlr4::tree::TerminalNode *PAREN_RIGHT();
  };

  Primary_expressionContext* primary_expression();

  class  Call_phraseContext : public antlr4::ParserRuleContext {
  public:
    Call_phraseContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    Template_elaborated_identContext *template_elaborated_ident();
    Argument_expression_listContext *argument_expression_list();

   
  };

  Call_phraseContext* call_phrase();

  class  Argument_expression_listContext : public antlr4::ParserRuleContext {
  public:
    Argument_expression_listContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *PAREN_LEFT();
    antlr4::tree::TerminalNode *PAREN_RIGHT();
    std::vector<ExpressionContext *> expression();
    ExpressionContext* expression(size_t i);
    std::vector<antlr4::tree::TerminalNode *> COMMA();
    antlr4::tree::TerminalNode* COMMA(size_t i);

   
  };

  Argument_expression_listContext* argument_expression_list();

  class  LiteralContext : public antlr4::ParserRuleContext {
  public:
    LiteralContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *INT_LITERAL();
    antlr4::tree::TerminalNode *DECIMAL_FLOAT_LITERAL();
    antlr4::tree::TerminalNode *HEX_FLOAT_LITERAL();
    antlr4::tree::TerminalNode *TRUE();
    antlr4::tree::TerminalNode *FALSE();

   
  };

  LiteralContext* literal();


  virtual bool sempred(antlr4::RuleContext *_localctx, size_t ruleIndex, size_t predicateIndex) override;
  bool expressionSempred(ExpressionContext *_localctx, size_t predicateIndex);

private:
  static std::vector<antlr4::dfa::DFA> _decisionToDFA;
  static antlr4::atn::PredictionContextCache _sharedContextCache;
  static std::vector<std::string> _ruleNames;
  static std::vector<std::string> _tokenNames;

  static std::vector<std::string> _literalNames;
  static std::vector<std::string> _symbolicNames;
  static antlr4::dfa::Vocabulary _vocabulary;
  static antlr4::atn::ATN _atn;
  static std::vector<uint16_t> _serializedATN;


  struct Initializer {
    Initializer();
  };
  static Initializer _init;
};

}  // namespace wgsl_antlr
