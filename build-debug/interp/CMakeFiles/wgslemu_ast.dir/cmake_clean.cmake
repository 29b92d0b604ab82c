file(REMOVE_RECURSE
  "CMakeFiles/wgslemu_ast.dir/ast/ast_builder.cpp.o"
  "CMakeFiles/wgslemu_ast.dir/ast/ast_builder.cpp.o.d"
  "CMakeFiles/wgslemu_ast.dir/ast/ast_dump.cpp.o"
  "CMakeFiles/wgslemu_ast.dir/ast/ast_dump.cpp.o.d"
  "CMakeFiles/wgslemu_ast.dir/ast/literals.cpp.o"
  "CMakeFiles/wgslemu_ast.dir/ast/literals.cpp.o.d"
  "libwgslemu_ast.a"
  "libwgslemu_ast.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/wgslemu_ast.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
