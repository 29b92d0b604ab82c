# Empty dependencies file for wgslemu_grammar.
# This may be replaced when dependencies are built.
