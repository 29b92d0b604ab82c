file(REMOVE_RECURSE
  "libwgslemu_ast.a"
)
