file(REMOVE_RECURSE
  "CMakeFiles/wgslemu_grammar.dir/diagnostic_render.cpp.o"
  "CMakeFiles/wgslemu_grammar.dir/diagnostic_render.cpp.o.d"
  "CMakeFiles/wgslemu_grammar.dir/diagnostics.cpp.o"
  "CMakeFiles/wgslemu_grammar.dir/diagnostics.cpp.o.d"
  "CMakeFiles/wgslemu_grammar.dir/lexical_checks.cpp.o"
  "CMakeFiles/wgslemu_grammar.dir/lexical_checks.cpp.o.d"
  "CMakeFiles/wgslemu_grammar.dir/parse.cpp.o"
  "CMakeFiles/wgslemu_grammar.dir/parse.cpp.o.d"
  "CMakeFiles/wgslemu_grammar.dir/source_text.cpp.o"
  "CMakeFiles/wgslemu_grammar.dir/source_text.cpp.o.d"
  "CMakeFiles/wgslemu_grammar.dir/syntax_errors.cpp.o"
  "CMakeFiles/wgslemu_grammar.dir/syntax_errors.cpp.o.d"
  "CMakeFiles/wgslemu_grammar.dir/template_discovery.cpp.o"
  "CMakeFiles/wgslemu_grammar.dir/template_discovery.cpp.o.d"
  "CMakeFiles/wgslemu_grammar.dir/token_pipeline.cpp.o"
  "CMakeFiles/wgslemu_grammar.dir/token_pipeline.cpp.o.d"
  "libwgslemu_grammar.a"
  "libwgslemu_grammar.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/wgslemu_grammar.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
