// Helpers shared by the test suites.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "base/diagnostics.h"
#include "base/source_text.h"
#include "interp/ast/ast.h"
#include "interp/sema/program.h"

namespace wgsl::test {

struct Parsed {
  std::unique_ptr<SourceFile> file;
  DiagnosticList diags;
  std::unique_ptr<ast::Module> module;  // null if invalid
  std::unique_ptr<sema::Program> program;  // set by check() when resolve ran

  bool ok() const { return module != nullptr && !diags.hasErrors(); }
  // All diagnostics rendered as text (for failure messages and substring checks).
  std::string text() const;
  // Messages of the errors, in order.
  std::vector<std::string> errors() const;
  // "line:col: message" for each error, in order.
  std::vector<std::string> located() const;
};

Parsed parse(const std::string& source, const std::string& name = "test.wgsl");

// Succeeds if `source` fails to parse with an error whose message contains `needle` (any error
// if `needle` is empty); the failure message shows the source and the diagnostics.
::testing::AssertionResult rejectedWith(const std::string& source, const std::string& needle = "");

// Parses `fn f() { <body> }` and returns the dump of the statements of f, or the diagnostics
// prefixed with "ERROR: " if invalid.
std::string dumpStatements(const std::string& body);
// Parses `const x = <expr>;` (or a function-scope `let` when `in_function`) and returns the
// dump of the initializer, or "ERROR: <first error>".
std::string dumpExpr(const std::string& expr);
// The whole module dumped, or "ERROR: <first error>".
std::string dumpModule(const std::string& source);

std::string readFile(const std::string& path);
std::vector<std::string> listFiles(const std::string& dir, const std::string& extension);

// Runs a command with a shell; returns its exit code and captured stdout/stderr.
struct CommandResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};
CommandResult runCommand(const std::string& command, const std::string& stdin_text = "");

}  // namespace wgsl::test

namespace wgsl::test {
// Parses and resolves (the `resolve` stage of `wgslemu check`): errors of both stages.
Parsed check(const std::string& source, const std::string& name = "test.wgsl");
// The const_assert statements of a valid module (module scope and inside function bodies)
// whose condition the analysis did NOT evaluate: a passing const_assert proves something only
// if it was evaluated.
std::vector<std::string> unevaluatedConstAsserts(const Parsed& p);
}  // namespace wgsl::test
