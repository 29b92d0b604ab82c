// WGSL lexer (see ../shared spec, section "Textual Structure").
//
// Comments are removed before this lexer runs (source_text.cpp replaces each comment by
// blankspace, as step 1 of the spec's "Parsing" section says), so no comment rules appear here.
// '<' and '>' are lexed as ordinary operators; template_discovery.cpp later turns the ones that
// delimit template lists into TEMPLATE_ARGS_START / TEMPLATE_ARGS_END.
lexer grammar WGSLLexer;

tokens { TEMPLATE_ARGS_START, TEMPLATE_ARGS_END }

// Blankspace: Unicode Pattern_White_Space.
BLANKSPACE : [\u0020\u0009\u000A\u000B\u000C\u000D\u0085\u200E\u200F\u2028\u2029]+ -> skip ;

// Keywords ("Keyword Summary").
ALIAS        : 'alias' ;
BREAK        : 'break' ;
CASE         : 'case' ;
CONST        : 'const' ;
CONST_ASSERT : 'const_assert' ;
CONTINUE     : 'continue' ;
CONTINUING   : 'continuing' ;
DEFAULT      : 'default' ;
DIAGNOSTIC   : 'diagnostic' ;
DISCARD      : 'discard' ;
ELSE         : 'else' ;
ENABLE       : 'enable' ;
FALSE        : 'false' ;
FN           : 'fn' ;
FOR          : 'for' ;
IF           : 'if' ;
LET          : 'let' ;
LOOP         : 'loop' ;
OVERRIDE     : 'override' ;
REQUIRES     : 'requires' ;
RETURN       : 'return' ;
STRUCT       : 'struct' ;
SWITCH       : 'switch' ;
TRUE         : 'true' ;
VAR          : 'var' ;
WHILE        : 'while' ;

// Numeric literals ("Numeric Literals"). Order matters for equal-length matches.
DECIMAL_FLOAT_LITERAL
  : '0' [fh]
  | [1-9] [0-9]* [fh]
  | [0-9]* '.' [0-9]+ ([eE] [+-]? [0-9]+)? [fh]?
  | [0-9]+ '.' [0-9]* ([eE] [+-]? [0-9]+)? [fh]?
  | [0-9]+ [eE] [+-]? [0-9]+ [fh]?
  ;
HEX_FLOAT_LITERAL
  : '0' [xX] [0-9a-fA-F]* '.' [0-9a-fA-F]+ ([pP] [+-]? [0-9]+ [fh]?)?
  | '0' [xX] [0-9a-fA-F]+ '.' [0-9a-fA-F]* ([pP] [+-]? [0-9]+ [fh]?)?
  | '0' [xX] [0-9a-fA-F]+ [pP] [+-]? [0-9]+ [fh]?
  ;
INT_LITERAL
  : '0' [iu]?
  | [1-9] [0-9]* [iu]?
  | '0' [xX] [0-9a-fA-F]+ [iu]?
  ;
// Not WGSL: a run of digits and letters that no literal rule matches as a whole, such as
// `012`, `1e`, `0x`, `3px`. Lexed as one token so the error names the whole malformed literal.
INVALID_NUMBER : [0-9] [0-9a-zA-Z_.]* | '.' [0-9] [0-9a-zA-Z_.]* ;

// Syntactic tokens ("Syntactic Tokens").
SHIFT_LEFT_ASSIGN  : '<<=' ;
SHIFT_RIGHT_ASSIGN : '>>=' ;
AND_AND            : '&&' ;
OR_OR              : '||' ;
ARROW              : '->' ;
EQUAL_EQUAL        : '==' ;
NOT_EQUAL          : '!=' ;
GREATER_THAN_EQUAL : '>=' ;
LESS_THAN_EQUAL    : '<=' ;
SHIFT_LEFT         : '<<' ;
SHIFT_RIGHT        : '>>' ;
PLUS_PLUS          : '++' ;
MINUS_MINUS        : '--' ;
PLUS_EQUAL         : '+=' ;
MINUS_EQUAL        : '-=' ;
TIMES_EQUAL        : '*=' ;
DIVISION_EQUAL     : '/=' ;
MODULO_EQUAL       : '%=' ;
AND_EQUAL          : '&=' ;
OR_EQUAL           : '|=' ;
XOR_EQUAL          : '^=' ;
AND                : '&' ;
ATTR               : '@' ;
FORWARD_SLASH      : '/' ;
BANG               : '!' ;
BRACKET_LEFT       : '[' ;
BRACKET_RIGHT      : ']' ;
BRACE_LEFT         : '{' ;
BRACE_RIGHT        : '}' ;
COLON              : ':' ;
COMMA              : ',' ;
EQUAL              : '=' ;
GREATER_THAN       : '>' ;
LESS_THAN          : '<' ;
MODULO             : '%' ;
MINUS              : '-' ;
PERIOD             : '.' ;
PLUS               : '+' ;
OR                 : '|' ;
PAREN_LEFT         : '(' ;
PAREN_RIGHT        : ')' ;
SEMICOLON          : ';' ;
STAR               : '*' ;
TILDE              : '~' ;
XOR                : '^' ;
UNDERSCORE         : '_' ;

// Identifiers ("Identifiers"): UAX #31 profile <Start> <Continue>*, Start = XID_Start + '_'.
// A lone '_' is UNDERSCORE (defined above, so it wins the tie). Reserved words and names
// starting with '__' are lexed as IDENT and rejected by lexical_checks.cpp with a clear message.
IDENT : [_\p{XID_Start}] [\p{XID_Continue}]* ;

// Anything else is not a WGSL token; reported by lexical_checks.cpp.
UNKNOWN_CHAR : . ;
