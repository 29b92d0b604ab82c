file(REMOVE_RECURSE
  "CMakeFiles/wgslemu_grammar_generated.dir/generated/WGSLLexer.cpp.o"
  "CMakeFiles/wgslemu_grammar_generated.dir/generated/WGSLLexer.cpp.o.d"
  "CMakeFiles/wgslemu_grammar_generated.dir/generated/WGSLParser.cpp.o"
  "CMakeFiles/wgslemu_grammar_generated.dir/generated/WGSLParser.cpp.o.d"
  "generated/WGSLLexer.cpp"
  "generated/WGSLLexer.h"
  "generated/WGSLParser.cpp"
  "generated/WGSLParser.h"
  "libwgslemu_grammar_generated.a"
  "libwgslemu_grammar_generated.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/wgslemu_grammar_generated.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
