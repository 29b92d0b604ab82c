# Empty compiler generated dependencies file for wgslemu_grammar_generated.
# This may be replaced when dependencies are built.
