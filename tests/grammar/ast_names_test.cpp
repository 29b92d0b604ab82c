// The AST's compact representation (interp/ast/name.h, interp/ast/ast.h): names interned per
// module and valid as long as the module (also after it is moved), template arguments held out
// of line, and the packed fields of literals and binary expressions reading as before.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <functional>
#include <sstream>
#include <string>
#include <unordered_set>
#include <vector>

#include "interp/ast/ast.h"
#include "tests/support/test_support.h"

namespace wgsl {
namespace {

using ast::Name;
using ast::NameStore;

TEST(AstName, EqualSpellingsShareOneCopy) {
  NameStore store;
  const Name a = store.intern("gid");
  const Name b = store.intern(std::string("g") + "id");
  const Name c = store.intern("gidx");
  EXPECT_EQ(&a.str(), &b.str());
  EXPECT_NE(&a.str(), &c.str());
  EXPECT_EQ(store.size(), 2u);
}

TEST(AstName, StaysValidWhileTheStoreGrowsAndAfterFreeze) {
  NameStore store;
  std::vector<Name> names;
  for (int i = 0; i < 5000; ++i) names.push_back(store.intern("v_" + std::to_string(i)));
  for (int i = 0; i < 5000; ++i) {
    EXPECT_EQ(names[i].str(), "v_" + std::to_string(i));
    EXPECT_EQ(&store.intern("v_" + std::to_string(i)).str(), &names[i].str());
  }
  store.freeze();
  EXPECT_EQ(names[4321], "v_4321");
  EXPECT_EQ(store.size(), 5000u);
}

TEST(AstName, ReadsLikeAString) {
  NameStore store;
  const Name n = store.intern("main");
  const Name other = store.intern("other");
  EXPECT_TRUE(n == "main");
  EXPECT_TRUE("main" == n);
  EXPECT_TRUE(n == std::string("main"));
  EXPECT_TRUE(n != "mai");
  EXPECT_TRUE(n != other);
  EXPECT_TRUE(n < other);
  const std::string& s = n;
  const std::string_view v = n;
  EXPECT_EQ(s, "main");
  EXPECT_EQ(v, "main");
  EXPECT_EQ("fn " + n + "()", "fn main()");
  EXPECT_EQ(std::string("'") + n + '\'', "'main'");
  EXPECT_EQ(fmt::format("[{}]", n), "[main]");
  std::ostringstream os;
  os << n;
  EXPECT_EQ(os.str(), "main");
  EXPECT_EQ(std::hash<Name>()(n), std::hash<std::string_view>()("main"));
  EXPECT_EQ(n.size(), 4u);
  EXPECT_EQ(n[0], 'm');
  const Name empty;
  EXPECT_TRUE(empty.empty());
  EXPECT_EQ(empty, "");
}

TEST(AstName, ModuleNamesShareStorageAndSurviveAMoveOfTheModule) {
  auto p = test::parse("fn f(count: u32) -> u32 { return count + count; }");
  ASSERT_TRUE(p.module) << p.text();
  const ast::FunctionDecl& fn = *p.module->decls.at(0).function;
  const auto* ret = fn.body->body.at(0)->as<ast::ReturnStmt>();
  ASSERT_NE(ret, nullptr);
  const auto* sum = ret->value->as<ast::BinaryExpr>();
  ASSERT_NE(sum, nullptr);
  const auto* lhs = sum->lhs->as<ast::IdentExpr>();
  const auto* rhs = sum->rhs->as<ast::IdentExpr>();
  ASSERT_NE(lhs, nullptr);
  ASSERT_NE(rhs, nullptr);
  EXPECT_EQ(&lhs->ident.name.str(), &rhs->ident.name.str());
  EXPECT_EQ(&lhs->ident.name.str(), &fn.params.at(0).name.name.str());

  // Move the module's contents into another Module and destroy the first one.
  ast::Module moved = std::move(*p.module);
  p.module.reset();
  const ast::FunctionDecl& f2 = *moved.decls.at(0).function;
  EXPECT_EQ(f2.name.name, "f");
  EXPECT_EQ(f2.params.at(0).name.name, "count");
  const auto* sum2 = f2.body->body.at(0)->as<ast::ReturnStmt>()->value->as<ast::BinaryExpr>();
  EXPECT_EQ(sum2->lhs->as<ast::IdentExpr>()->ident.name, "count");
}

TEST(AstNodes, TemplateArgumentsOnlyOnTemplatedIdentifiers) {
  auto p = test::parse("var<private> a: array<u32, 4>;\nvar<private> b: u32;");
  ASSERT_TRUE(p.module) << p.text();
  const auto* arr = p.module->decls.at(0).var->type->as<ast::IdentExpr>();
  const auto* u = p.module->decls.at(1).var->type->as<ast::IdentExpr>();
  ASSERT_NE(arr, nullptr);
  ASSERT_NE(u, nullptr);
  EXPECT_TRUE(arr->has_template_list);
  ASSERT_EQ(arr->templateArgs().size(), 2u);
  EXPECT_EQ(arr->templateArgs()[0]->as<ast::IdentExpr>()->ident.name, "u32");
  EXPECT_EQ(arr->templateArgs()[1]->as<ast::LiteralExpr>()->spelling, "4");
  EXPECT_FALSE(u->has_template_list);
  EXPECT_TRUE(u->templateArgs().empty());
}

TEST(AstNodes, BinaryOperatorRangeCoversTheOperatorToken) {
  // Offsets counted by hand: "const x = a <= b;" has '<=' at 12..14, and in
  // "const y = a\n  >>   b;" the '>>' starts at 14.
  auto p = test::parse("const x = a <= b;\nconst y = a\n  >>   b;");
  ASSERT_TRUE(p.module) << p.text();
  const auto* le = p.module->decls.at(0).var->initializer->as<ast::BinaryExpr>();
  ASSERT_NE(le, nullptr);
  EXPECT_EQ(le->opRange().begin, 12u);
  EXPECT_EQ(le->opRange().end, 14u);
  const auto* shr = p.module->decls.at(1).var->initializer->as<ast::BinaryExpr>();
  ASSERT_NE(shr, nullptr);
  EXPECT_EQ(shr->op, ast::BinaryOp::ShiftRight);
  EXPECT_EQ(shr->opRange().begin, 18u + 14u);
  EXPECT_EQ(shr->opRange().end, 18u + 16u);
}

TEST(AstNodes, LiteralValuesShareStorageByKind) {
  auto q = test::parse("const a = 7u;\nconst b = 0.5;");
  ASSERT_TRUE(q.module) << q.text();
  const auto* a = q.module->decls.at(0).var->initializer->as<ast::LiteralExpr>();
  const auto* b = q.module->decls.at(1).var->initializer->as<ast::LiteralExpr>();
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(a->literal_kind, ast::LiteralKind::Int);
  EXPECT_EQ(a->intValue(), std::optional<uint64_t>(7));
  EXPECT_EQ(a->spelling, "7u");
  EXPECT_EQ(b->literal_kind, ast::LiteralKind::Float);
  EXPECT_EQ(b->float_value, 0.5);
  EXPECT_EQ(b->spelling, "0.5");
}

}  // namespace
}  // namespace wgsl
