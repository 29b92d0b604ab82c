
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/interp/ast/ast_builder.cpp" "interp/CMakeFiles/wgslemu_ast.dir/ast/ast_builder.cpp.o" "gcc" "interp/CMakeFiles/wgslemu_ast.dir/ast/ast_builder.cpp.o.d"
  "/work/main/interp/ast/ast_dump.cpp" "interp/CMakeFiles/wgslemu_ast.dir/ast/ast_dump.cpp.o" "gcc" "interp/CMakeFiles/wgslemu_ast.dir/ast/ast_dump.cpp.o.d"
  "/work/main/interp/ast/literals.cpp" "interp/CMakeFiles/wgslemu_ast.dir/ast/literals.cpp.o" "gcc" "interp/CMakeFiles/wgslemu_ast.dir/ast/literals.cpp.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/main/build-debug/grammar/CMakeFiles/wgslemu_grammar.dir/DependInfo.cmake"
  "/work/main/build-debug/grammar/CMakeFiles/wgslemu_grammar_generated.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
