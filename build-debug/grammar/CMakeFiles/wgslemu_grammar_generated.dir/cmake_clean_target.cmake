file(REMOVE_RECURSE
  "libwgslemu_grammar_generated.a"
)
