file(REMOVE_RECURSE
  "../wgslemu"
  "../wgslemu.pdb"
  "CMakeFiles/wgslemu.dir/wgslemu/check_command.cpp.o"
  "CMakeFiles/wgslemu.dir/wgslemu/check_command.cpp.o.d"
  "CMakeFiles/wgslemu.dir/wgslemu/input_file.cpp.o"
  "CMakeFiles/wgslemu.dir/wgslemu/input_file.cpp.o.d"
  "CMakeFiles/wgslemu.dir/wgslemu/main.cpp.o"
  "CMakeFiles/wgslemu.dir/wgslemu/main.cpp.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/wgslemu.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
