
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/tools/wgslemu/check_command.cpp" "tools/CMakeFiles/wgslemu.dir/wgslemu/check_command.cpp.o" "gcc" "tools/CMakeFiles/wgslemu.dir/wgslemu/check_command.cpp.o.d"
  "/work/main/tools/wgslemu/input_file.cpp" "tools/CMakeFiles/wgslemu.dir/wgslemu/input_file.cpp.o" "gcc" "tools/CMakeFiles/wgslemu.dir/wgslemu/input_file.cpp.o.d"
  "/work/main/tools/wgslemu/main.cpp" "tools/CMakeFiles/wgslemu.dir/wgslemu/main.cpp.o" "gcc" "tools/CMakeFiles/wgslemu.dir/wgslemu/main.cpp.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/main/build-debug/interp/CMakeFiles/wgslemu_ast.dir/DependInfo.cmake"
  "/work/main/build-debug/grammar/CMakeFiles/wgslemu_grammar.dir/DependInfo.cmake"
  "/work/main/build-debug/grammar/CMakeFiles/wgslemu_grammar_generated.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
