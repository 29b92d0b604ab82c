# Empty dependencies file for wgslemu_ast.
# This may be replaced when dependencies are built.
