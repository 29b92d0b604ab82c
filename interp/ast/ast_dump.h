// A compact S-expression rendering of the AST, for tests and `wgslemu check --dump-ast`.
//   a + b * -c        ->  (+ a (* b (- c)))
//   array<f32, 4>     ->  array<f32, 4>
//   if x { return; }  ->  (if x { (return) })
#pragma once

#include <string>

#include "interp/ast/ast.h"

namespace wgsl::ast {

std::string dump(const Expr& e);
std::string dump(const Stmt& s);
std::string dump(const Module& m);  // one line per directive and declaration

}  // namespace wgsl::ast
