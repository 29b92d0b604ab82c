#include "tests/support/test_support.h"

#include <fmt/format.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "interp/ast/ast_builder.h"
#include "interp/ast/ast_dump.h"
#include "interp/sema/resolver.h"

namespace wgsl::test {

Parsed parse(const std::string& source, const std::string& name) {
  Parsed p;
  p.file = std::make_unique<SourceFile>(name, source);
  p.module = ast::parseModule(*p.file, p.diags);
  p.diags.sortByLocation();
  return p;
}

Parsed check(const std::string& source, const std::string& name) {
  Parsed p;
  p.file = std::make_unique<SourceFile>(name, source);
  p.module = ast::parseModule(*p.file, p.diags);
  if (p.module) {
    p.program = sema::resolve(*p.module, p.diags);
    if (p.diags.hasErrors()) p.module.reset();
  }
  p.diags.sortByLocation();
  return p;
}

namespace {
void collectConstAsserts(const ast::Stmt& s, std::vector<const ast::ConstAssertStmt*>& out) {
  if (const auto* c = s.as<ast::ConstAssertStmt>()) out.push_back(c);
  auto body = [&](const std::vector<ast::StmtPtr>& b) {
    for (const auto& x : b) collectConstAsserts(*x, out);
  };
  if (const auto* b = s.as<ast::CompoundStmt>()) body(b->body);
  if (const auto* i = s.as<ast::IfStmt>()) {
    for (const auto& c : i->clauses) body(c.body->body);
    if (i->else_body) body(i->else_body->body);
  }
  if (const auto* l = s.as<ast::LoopStmt>()) body(l->body);
  if (const auto* f = s.as<ast::ForStmt>()) body(f->body->body);
  if (const auto* w = s.as<ast::WhileStmt>()) body(w->body->body);
}
}  // namespace

std::vector<std::string> unevaluatedConstAsserts(const Parsed& p) {
  std::vector<std::string> out;
  if (!p.module || !p.program) return out;
  std::vector<const ast::ConstAssertStmt*> asserts;
  for (const auto& g : p.module->decls) {
    if (g.const_assert) asserts.push_back(g.const_assert.get());
    if (g.function) collectConstAsserts(*g.function->body, asserts);
  }
  for (const auto* a : asserts) {
    const sema::ExprInfo* info = p.program->info(a->condition.get());
    if (!info || !info->value) {
      const SourcePos pos = p.file->position(a->range.begin);
      out.push_back(fmt::format("{}:{}", pos.line, pos.column));
    }
  }
  return out;
}

::testing::AssertionResult rejectedWith(const std::string& source, const std::string& needle) {
  const Parsed p = parse(source);
  if (p.ok()) return ::testing::AssertionFailure() << "accepted: " << source;
  for (const std::string& e : p.errors())
    if (e.find(needle) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "no error contains \"" << needle << "\" for: " << source << "\n"
                                       << p.text();
}

std::string Parsed::text() const { return renderText(*file, diags.all()); }

std::vector<std::string> Parsed::errors() const {
  std::vector<std::string> out;
  for (const auto& d : diags.all())
    if (d.severity == Severity::Error) out.push_back(d.message);
  return out;
}

std::vector<std::string> Parsed::located() const {
  std::vector<std::string> out;
  for (const auto& d : diags.all()) {
    if (d.severity != Severity::Error) continue;
    const SourcePos p = file->position(d.range.begin);
    out.push_back(fmt::format("{}:{}: {}", p.line, p.column, d.message));
  }
  return out;
}

static std::string firstError(const Parsed& p) {
  auto e = p.errors();
  return "ERROR: " + (e.empty() ? std::string("(no message)") : e.front());
}

std::string dumpStatements(const std::string& body) {
  Parsed p = parse("fn f() {\n" + body + "\n}\n");
  if (!p.ok()) return firstError(p);
  const auto& f = *p.module->decls.at(0).function;
  std::string out;
  for (const auto& s : f.body->body) {
    if (!out.empty()) out += " ";
    out += ast::dump(*s);
  }
  return out;
}

std::string dumpExpr(const std::string& expr) {
  Parsed p = parse("const x = " + expr + ";\n");
  if (!p.ok()) return firstError(p);
  return ast::dump(*p.module->decls.at(0).var->initializer);
}

std::string dumpModule(const std::string& source) {
  Parsed p = parse(source);
  if (!p.ok()) return firstError(p);
  return ast::dump(*p.module);
}

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<std::string> listFiles(const std::string& dir, const std::string& extension) {
  std::vector<std::string> out;
  if (!std::filesystem::is_directory(dir)) return out;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) {
    if (e.is_regular_file() && e.path().extension() == extension) out.push_back(e.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

CommandResult runCommand(const std::string& command, const std::string& stdin_text) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path();
  const std::string tag = fmt::format("wgslemu_test_{}_{}", ::getpid(), std::rand());
  const fs::path in = dir / (tag + ".in"), out = dir / (tag + ".out"), err = dir / (tag + ".err");
  {
    std::ofstream f(in, std::ios::binary);
    f << stdin_text;
  }
  const std::string full = fmt::format("{} < '{}' > '{}' 2> '{}'", command, in.string(), out.string(), err.string());
  const int status = std::system(full.c_str());
  CommandResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = readFile(out.string());
  r.err = readFile(err.string());
  fs::remove(in);
  fs::remove(out);
  fs::remove(err);
  return r;
}

}  // namespace wgsl::test
