# Post-processes the ANTLR-generated lexer and parser so that their ATNs are deserialized on
# first use (a function-local static in the constructor) instead of by a static object at
# program start: `wgslemu --version` and commands that parse nothing skip that work, and an
# ASCII module never deserializes the lexer's ATN (grammar/ascii_scanner.cpp lexes it).
# Usage: cmake -DFILE=<generated .cpp> -DCLASS=<WGSLLexer|WGSLParser> -DBASE=<Lexer|Parser>
#              -DSTREAM=<CharStream|TokenStream> -P lazy_atn.cmake
file(READ "${FILE}" text)
set(static_init "${CLASS}::Initializer ${CLASS}::_init;")
set(ctor "${CLASS}::${CLASS}(${STREAM} *input) : ${BASE}(input) {")
string(FIND "${text}" "${static_init}" at_init)
string(FIND "${text}" "${ctor}" at_ctor)
if(at_init EQUAL -1 OR at_ctor EQUAL -1)
  message(FATAL_ERROR "lazy_atn.cmake: unexpected generated code in ${FILE}")
endif()
string(REPLACE "${static_init}" "// (initialized on first use, see the constructor)" text "${text}")
string(REPLACE "${ctor}" "${ctor}\n  static Initializer lazy_init;  // thread-safe, once\n  (void)lazy_init;" text "${text}")
file(WRITE "${FILE}" "${text}")
