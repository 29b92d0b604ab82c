file(REMOVE_RECURSE
  "libwgslemu_grammar.a"
)
