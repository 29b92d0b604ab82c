
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/grammar/diagnostic_render.cpp" "grammar/CMakeFiles/wgslemu_grammar.dir/diagnostic_render.cpp.o" "gcc" "grammar/CMakeFiles/wgslemu_grammar.dir/diagnostic_render.cpp.o.d"
  "/work/main/grammar/diagnostics.cpp" "grammar/CMakeFiles/wgslemu_grammar.dir/diagnostics.cpp.o" "gcc" "grammar/CMakeFiles/wgslemu_grammar.dir/diagnostics.cpp.o.d"
  "/work/main/grammar/lexical_checks.cpp" "grammar/CMakeFiles/wgslemu_grammar.dir/lexical_checks.cpp.o" "gcc" "grammar/CMakeFiles/wgslemu_grammar.dir/lexical_checks.cpp.o.d"
  "/work/main/grammar/parse.cpp" "grammar/CMakeFiles/wgslemu_grammar.dir/parse.cpp.o" "gcc" "grammar/CMakeFiles/wgslemu_grammar.dir/parse.cpp.o.d"
  "/work/main/grammar/source_text.cpp" "grammar/CMakeFiles/wgslemu_grammar.dir/source_text.cpp.o" "gcc" "grammar/CMakeFiles/wgslemu_grammar.dir/source_text.cpp.o.d"
  "/work/main/grammar/syntax_errors.cpp" "grammar/CMakeFiles/wgslemu_grammar.dir/syntax_errors.cpp.o" "gcc" "grammar/CMakeFiles/wgslemu_grammar.dir/syntax_errors.cpp.o.d"
  "/work/main/grammar/template_discovery.cpp" "grammar/CMakeFiles/wgslemu_grammar.dir/template_discovery.cpp.o" "gcc" "grammar/CMakeFiles/wgslemu_grammar.dir/template_discovery.cpp.o.d"
  "/work/main/grammar/token_pipeline.cpp" "grammar/CMakeFiles/wgslemu_grammar.dir/token_pipeline.cpp.o" "gcc" "grammar/CMakeFiles/wgslemu_grammar.dir/token_pipeline.cpp.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/main/build-debug/grammar/CMakeFiles/wgslemu_grammar_generated.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
