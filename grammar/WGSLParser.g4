// WGSL parser. Follows the grammar of ../shared/spec/wgsl.bs with three deliberate relaxations,
// each narrowed back to the spec by the AST builder (interp/ast/ast_builder.cpp) so that the
// error can say exactly what is wrong instead of "unexpected token":
//   1. `expression` is a flat list of operands and operators; the spec's restrictions on mixing
//      operators (shift operands must be unary, relational operators are non-associative,
//      bitwise operators do not mix with each other or with other binary operators, '&&' and
//      '||' do not mix) are checked on the tree.
//   2. Directives are accepted anywhere at module scope and attributes on any declaration or
//      statement that could carry one; misplacement is reported by the AST builder.
//   3. `break if` is accepted as a statement anywhere and struct members may be separated by ';'.
// One extension beyond the published grammar: see core_lhs_expression.
parser grammar WGSLParser;

options { tokenVocab = WGSLLexer; }

// The runtime's versions of exitRule, enterOuterAlt and addContextToParseTree find the parent
// context with a dynamic_cast, which costs a type-name string comparison on every rule entry,
// alternative and exit (a tenth of the parse). A parser's contexts are all ParserRuleContexts,
// so a static_cast does. Otherwise they do exactly what antlr4::Parser's do (ANTLR 4.9
// runtime). `exitRule` is not virtual: this one hides it for the generated rule functions, which
// are the only callers.
@parser::header {
#include <stdexcept>

#include "grammar/context_arena.h"
#include "grammar/fast_prediction.h"
}

@parser::members {
  void exitRule() {
    _ctx->stop = _matchedEOF ? _input->LT(1) : _input->LT(-1);
    if (!_parseListeners.empty()) triggerExitRuleEvent();
    setState(_ctx->invokingState);
    _ctx = static_cast<antlr4::ParserRuleContext*>(_ctx->parent);
  }
  void enterOuterAlt(antlr4::ParserRuleContext* localctx, size_t altNum) override {
    localctx->setAltNumber(altNum);
    if (_buildParseTrees && _ctx != localctx && _ctx->parent != nullptr) {
      auto* parent = static_cast<antlr4::ParserRuleContext*>(_ctx->parent);
      if (keepsNoChildren(parent->getRuleIndex())) {
        _ctx = localctx;
        return;
      }
      parent->removeLastChild();
      parent->addChild(localctx);
    }
    _ctx = localctx;
  }
  // No terminal node per matched token (an allocation and a child each): the AST builder reads
  // tokens only through labels, and a context's start and stop tokens are kept as before. In
  // error recovery, and with parse listeners (none are used), ANTLR's own version runs.
  antlr4::Token* consume() override {
    if (!_parseListeners.empty() || _errHandler->inErrorRecoveryMode(this)) return Parser::consume();
    antlr4::Token* o = getCurrentToken();
    if (o->getType() != antlr4::Token::EOF) _input->consume();
    return o;
  }
  // Calls exitRule when a rule function returns or unwinds. The generated code did this with
  // antlrcpp::finally, a std::function per rule invocation; grammar/generated_fixups.cmake puts
  // this guard in its place.
  struct ExitRuleOnReturn {
    explicit ExitRuleOnReturn(WGSLParser* p) : parser(p) {}
    ExitRuleOnReturn(const ExitRuleOnReturn&) = delete;
    ExitRuleOnReturn& operator=(const ExitRuleOnReturn&) = delete;
    ~ExitRuleOnReturn() { parser->exitRule(); }
    WGSLParser* parser;
  };
  // The generated context accessors (`ctx->expression()`, `ctx->attribute()`) call these
  // instead of ParserRuleContext::getRuleContext(s) (grammar/generated_fixups.cmake rewrites the
  // calls), which dynamic_cast every child twice. Same result: the children that are T, in order.
  template <typename T>
  static std::vector<T*> ruleChildren(antlr4::ParserRuleContext* self) {
    checkKeepsChildren(self);
    std::vector<T*> out;
    for (antlr4::tree::ParseTree* child : self->children) {
      if (T* c = childAs<T>(child)) out.push_back(c);
    }
    return out;
  }
  template <typename T>
  static T* ruleChild(antlr4::ParserRuleContext* self, size_t i) {
    checkKeepsChildren(self);
    size_t seen = 0;
    for (antlr4::tree::ParseTree* child : self->children) {
      T* c = childAs<T>(child);
      if (c != nullptr && seen++ == i) return c;
    }
    return nullptr;
  }
  static void checkKeepsChildren(antlr4::ParserRuleContext* self) {
    if (keepsNoChildren(self->getRuleIndex()))
      throw std::logic_error("WGSLParser: the contexts of the expression rules keep no children; read them through "
                             "their labels");
  }
  // dynamic_cast<T*>(child), remembered per dynamic type: whether a child is a T depends on its
  // class only, and a context's children come from a few dozen classes.
  template <typename T>
  static T* childAs(antlr4::tree::ParseTree* child) {
    thread_local std::vector<std::pair<const std::type_info*, bool>> known;
    const std::type_info* type = &typeid(*child);
    for (const auto& k : known) {
      if (k.first == type) return k.second ? static_cast<T*>(static_cast<antlr4::ParserRuleContext*>(child)) : nullptr;
    }
    T* c = dynamic_cast<T*>(child);
    known.emplace_back(type, c != nullptr);
    return c;
  }
  // Rule contexts are made in an arena owned by the parser (grammar/context_arena.h) instead of
  // one heap allocation each through ANTLR's tree tracker: grammar/generated_fixups.cmake makes
  // the generated rule functions call this. The nodes ANTLR's runtime makes itself (terminal
  // and error nodes, during error recovery) still go to the tracker.
  template <typename T, typename... Args>
  T* newContext(Args&&... args) { return contexts_.make<T>(std::forward<Args>(args)...); }
  // The ATN simulator (wgsl::FastPredictionSimulator, or ANTLR's profiling one while profiling:
  // a ParserATNSimulator either way), without getInterpreter's dynamic_cast per prediction.
  antlr4::atn::ParserATNSimulator* predictionSimulator() const {
    return static_cast<antlr4::atn::ParserATNSimulator*>(_interpreter);
  }
  // Frees every parse tree made so far: the contexts (in the arena) and the runtime's nodes.
  void releaseTrees() {
    getTreeTracker().reset();
    contexts_.clear();
  }
private:
  wgsl::ContextArena contexts_;
protected:
  // A context's first child reserves room for a few (a vector growing 1, 2, 4 allocates three
  // times; most contexts with children have one to four). The contexts of the expression rules
  // get no children at all (keepsNoChildren).
  void addContextToParseTree() override {
    if (_ctx->parent == nullptr) return;
    auto* parent = static_cast<antlr4::ParserRuleContext*>(_ctx->parent);
    if (keepsNoChildren(parent->getRuleIndex())) return;
    if (parent->children.empty()) parent->children.reserve(kFirstChildren);
    parent->addChild(_ctx);
  }
  static constexpr size_t kFirstChildren = 4;
public:
  // Appends to a list label (`operands+=`, `args+=`, `postfixes+=`, ...; generated_fixups.cmake
  // puts this in place of the generated push_back): the first append reserves room for a few.
  template <typename T>
  static void pushLabel(std::vector<T>& list, T item) {
    if (list.empty()) list.reserve(kFirstChildren);
    list.push_back(item);
  }
  // The rules of expressions make most of a module's contexts, and the AST builder reads their
  // contexts only through labels (`operands+=`, `name=`, `tlist=`, `arguments=`, `inner=`,
  // `postfixes+=`, `index=`, `targs+=`, `args+=`), which the generated code fills whether or not a
  // child list is kept. So their contexts keep no child list (no vector allocated per operand),
  // and their generated accessors (`ctx->expression()`, ...), which search that list, must not
  // be used: ruleChildren/ruleChild throw if they are.
  static bool keepsNoChildren(size_t rule) {
    return rule == RuleExpression || rule == RuleUnary_expression || rule == RulePostfix ||
           rule == RuleTemplate_list || rule == RuleArgument_expression_list;
  }
}

translation_unit : global_item* EOF ;

global_item
  : global_directive
  | global_decl
  | const_assert_statement SEMICOLON
  | empty=SEMICOLON
  ;

global_directive
  : DIAGNOSTIC diagnostic_control SEMICOLON           # diagnosticDirective
  | ENABLE name_list SEMICOLON                        # enableDirective
  | REQUIRES name_list SEMICOLON                      # requiresDirective
  ;

name_list : ident (COMMA ident)* COMMA? ;

global_decl
  : attribute* variable_decl (EQUAL expression)? SEMICOLON                       # globalVarDecl
  | attribute* OVERRIDE optionally_typed_ident (EQUAL expression)? SEMICOLON     # overrideDecl
  | attribute* CONST optionally_typed_ident EQUAL expression SEMICOLON           # globalConstDecl
  | attribute* ALIAS ident EQUAL type_specifier SEMICOLON                        # aliasDecl
  | attribute* STRUCT ident struct_body                                          # structDecl
  | attribute* function_header compound_statement                               # functionDecl
  ;

struct_body : BRACE_LEFT struct_member (member_separator struct_member)* member_separator? BRACE_RIGHT ;
member_separator : COMMA | semi=SEMICOLON ;
struct_member : attribute* member_ident COLON type_specifier ;

function_header
  : FN ident PAREN_LEFT param_list? PAREN_RIGHT (ARROW attribute* type_specifier)? ;
param_list : param (COMMA param)* COMMA? ;
param : attribute* ident COLON type_specifier ;

attribute
  : ATTR kw=DIAGNOSTIC diagnostic_control             # diagnosticAttr
  | ATTR attribute_name argument_expression_list?     # plainAttr
  ;
attribute_name : IDENT | CONST ;

diagnostic_control
  : PAREN_LEFT ident COMMA diagnostic_rule_name COMMA? PAREN_RIGHT ;
diagnostic_rule_name : ident (PERIOD ident)? ;

variable_decl : VAR template_list? optionally_typed_ident ;
optionally_typed_ident : ident (COLON type_specifier)? ;

type_specifier : template_elaborated_ident ;
// (The identifier and the literal tokens below are matched directly rather than through the
// `ident` and a literal rule: one parse-tree context less per operand.)
template_elaborated_ident : name=IDENT tlist=template_list? ;
template_list
  : TEMPLATE_ARGS_START targs+=expression (COMMA targs+=expression)* COMMA? TEMPLATE_ARGS_END ;

ident : IDENT ;
member_ident : IDENT ;

// ---------------------------------------------------------------- statements

compound_statement : attrs+=attribute* BRACE_LEFT stmts+=statement* BRACE_RIGHT ;

statement
  : SEMICOLON                                                   # emptyStatement
  | RETURN expression? SEMICOLON                                # returnStatement
  | attribute* kw=IF expression compound_statement else_if_clause* else_clause?   # ifStatement
  | attribute* SWITCH expression switch_body                    # switchStatement
  | attribute* kw=LOOP attribute* BRACE_LEFT statement* continuing_statement? BRACE_RIGHT  # loopStatement
  | attribute* FOR PAREN_LEFT for_init? SEMICOLON expression? SEMICOLON for_update? PAREN_RIGHT compound_statement  # forStatement
  | attribute* WHILE expression compound_statement              # whileStatement
  | compound_statement                                          # blockStatement
  | call_phrase SEMICOLON                                       # callStatement
  | variable_or_value_statement SEMICOLON                       # declStatement
  | BREAK IF expression SEMICOLON                               # breakIfStatement
  | BREAK SEMICOLON                                             # breakStatement
  | CONTINUE SEMICOLON                                          # continueStatement
  | DISCARD SEMICOLON                                           # discardStatement
  | variable_updating_statement SEMICOLON                       # updateStatement
  | const_assert_statement SEMICOLON                            # constAssertStatement
  ;

else_if_clause : ELSE IF expression compound_statement ;
else_clause : ELSE compound_statement ;

switch_body : attribute* BRACE_LEFT switch_clause* BRACE_RIGHT ;
switch_clause
  : CASE case_selector (COMMA case_selector)* COMMA? COLON? compound_statement   # caseClause
  | DEFAULT COLON? compound_statement                                            # defaultClause
  ;
case_selector : DEFAULT | expression ;

continuing_statement : CONTINUING attribute* BRACE_LEFT statement* BRACE_RIGHT ;

for_init : variable_or_value_statement | variable_updating_statement | call_phrase ;
for_update : variable_updating_statement | call_phrase ;

variable_or_value_statement
  : variable_decl (EQUAL expression)?                      # varStatement
  | LET optionally_typed_ident EQUAL expression            # letStatement
  | CONST optionally_typed_ident EQUAL expression          # constStatement
  ;

variable_updating_statement
  : lhs_expression EQUAL expression                        # assignStatement
  | lhs_expression compound_assignment_operator expression # compoundAssignStatement
  | UNDERSCORE EQUAL expression                            # phonyAssignStatement
  | lhs_expression PLUS_PLUS                               # incrementStatement
  | lhs_expression MINUS_MINUS                             # decrementStatement
  ;

compound_assignment_operator
  : PLUS_EQUAL | MINUS_EQUAL | TIMES_EQUAL | DIVISION_EQUAL | MODULO_EQUAL
  | AND_EQUAL | OR_EQUAL | XOR_EQUAL | SHIFT_RIGHT_ASSIGN | SHIFT_LEFT_ASSIGN ;

lhs_expression
  : core_lhs_expression postfix*          # coreLhs
  | STAR lhs_expression                   # derefLhs
  | AND lhs_expression                    # addressOfLhs
  ;
// The spec's core_lhs_expression is `ident | '(' lhs_expression ')'`; a call phrase is also
// accepted because the spec's own buffer_view example assigns through one
// (`*bufferView<vec4u>(&out, i) = v;`). Whether the left side is a reference is a type rule.
core_lhs_expression
  : call_phrase                           # callLhs
  | ident                                 # identLhs
  | PAREN_LEFT lhs_expression PAREN_RIGHT # parenLhs
  ;

const_assert_statement : CONST_ASSERT expression ;

// ---------------------------------------------------------------- expressions

// (Labels such as `operands+=` only name children for the AST builder, which then needs no search
// through a context's children; they do not change what is parsed.)
// One flat list of operands and binary operators: `unary (op unary)*`. The AST builder
// (interp/ast/ast_builder.cpp) groups it by the operators' precedence (all left-associative:
// * / %, then + -, << >>, comparisons, &, ^, |, &&, ||) and then applies the spec's rules on
// mixing. A flat list needs no precedence predicates, so every decision around expressions is
// LL(1) (with ANTLR's left-recursive rule, the predicates made each of them a full prediction).
expression
  : operands+=unary_expression
    ( ops+=( STAR | FORWARD_SLASH | MODULO | PLUS | MINUS | SHIFT_LEFT | SHIFT_RIGHT
           | LESS_THAN | LESS_THAN_EQUAL | GREATER_THAN | GREATER_THAN_EQUAL | EQUAL_EQUAL | NOT_EQUAL
           | AND | XOR | OR | AND_AND | OR_OR )
      operands+=unary_expression )* ;

// An operand is one rule invocation (one parse-tree context): the primary expression's forms
// are alternatives of unary_expression itself, and the identifier and literal tokens are
// matched directly. The alternatives carry no `#` labels, since a labelled alternative costs a
// second context per invocation; the AST builder tells them apart by which labels are set.
// An identifier and a call share their start (`vec4<f32>` and `vec4<f32>(x)`): one alternative
// with optional arguments decides by the token after the identifier (LL(1)) instead of
// predicting past the template list.
unary_expression
  : op=(MINUS | BANG | TILDE | STAR | AND) operand=unary_expression
  | ( name=IDENT tlist=template_list? arguments=argument_expression_list?
    | lit=(INT_LITERAL | DECIMAL_FLOAT_LITERAL | HEX_FLOAT_LITERAL | TRUE | FALSE)
    | open=PAREN_LEFT inner=expression close=PAREN_RIGHT
    ) postfixes+=postfix*
  ;

postfix
  : BRACKET_LEFT index=expression BRACKET_RIGHT
  | PERIOD member=IDENT
  ;

call_phrase : target=template_elaborated_ident arguments=argument_expression_list ;
argument_expression_list : PAREN_LEFT (args+=expression (COMMA args+=expression)* COMMA?)? PAREN_RIGHT ;

