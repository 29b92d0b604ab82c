// The parse trees grammar/parse.cpp hands over, one module-scope item at a time: their contexts
// live in the parser's arena (grammar/context_arena.h), and the expression rules' contexts keep
// no child list, so they are read through their labels (WGSLParser.g4, keepsNoChildren).
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "WGSLParser.h"
#include "base/diagnostics.h"
#include "base/source_text.h"
#include "grammar/parse.h"

namespace wgsl {
namespace {

using P = wgsl_antlr::WGSLParser;

P::ExpressionContext* constInitializer(antlr4::ParserRuleContext* item) {
  auto* decl = static_cast<P::Global_itemContext*>(item)->global_decl();
  if (decl == nullptr) return nullptr;
  auto* c = dynamic_cast<P::GlobalConstDeclContext*>(decl);
  return c == nullptr ? nullptr : c->expression();
}

TEST(ParseTree, ExpressionContextsAreReadThroughLabels) {
  SourceFile file("t.wgsl", "const c = a + f(b, 2) * v[1].x;\n");
  DiagnosticList diags;
  int items = 0;
  const ParseOutcome outcome = parseItems(file, diags, [&](antlr4::ParserRuleContext* item) {
    ++items;
    P::ExpressionContext* e = constInitializer(item);
    ASSERT_NE(e, nullptr);
    ASSERT_EQ(e->operands.size(), 3u);  // a, f(b, 2), v[1].x
    ASSERT_EQ(e->ops.size(), 2u);
    EXPECT_EQ(e->ops[0]->getType(), P::PLUS);
    EXPECT_EQ(e->ops[1]->getType(), P::STAR);
    EXPECT_EQ(e->operands[0]->name->getText(), "a");
    P::Unary_expressionContext* call = e->operands[1];
    EXPECT_EQ(call->name->getText(), "f");
    ASSERT_NE(call->arguments, nullptr);
    ASSERT_EQ(call->arguments->args.size(), 2u);
    EXPECT_EQ(call->arguments->args[1]->operands[0]->lit->getText(), "2");
    P::Unary_expressionContext* access = e->operands[2];
    ASSERT_EQ(access->postfixes.size(), 2u);
    EXPECT_EQ(access->postfixes[0]->index->operands[0]->lit->getText(), "1");
    EXPECT_EQ(access->postfixes[1]->member->getText(), "x");
    // Start and stop tokens are kept as before.
    EXPECT_EQ(access->getStart()->getText(), "v");
    EXPECT_EQ(access->getStop()->getText(), "x");
    // No child list: the generated accessors of these contexts refuse instead of answering
    // "none".
    EXPECT_TRUE(e->children.empty());
    EXPECT_TRUE(call->children.empty());
    EXPECT_THROW(e->unary_expression(), std::logic_error);
    EXPECT_THROW(call->argument_expression_list(), std::logic_error);
    EXPECT_THROW(access->postfix(), std::logic_error);
  });
  EXPECT_EQ(outcome, ParseOutcome::Complete);
  EXPECT_EQ(items, 1);
  EXPECT_EQ(diags.errorCount(), 0u);
}

TEST(ParseTree, ManyItemsEachWhole) {
  // Each item's tree is whole during its call, whatever the arena reused from earlier items.
  std::string text;
  const int n = 3000;
  for (int i = 0; i < n; ++i) text += "const c" + std::to_string(i) + " = x" + std::to_string(i) + " + 1;\n";
  SourceFile file("t.wgsl", text);
  DiagnosticList diags;
  int items = 0;
  const ParseOutcome outcome = parseItems(file, diags, [&](antlr4::ParserRuleContext* item) {
    P::ExpressionContext* e = constInitializer(item);
    ASSERT_NE(e, nullptr);
    ASSERT_EQ(e->operands.size(), 2u);
    EXPECT_EQ(e->operands[0]->name->getText(), "x" + std::to_string(items));
    ++items;
  });
  EXPECT_EQ(outcome, ParseOutcome::Complete);
  EXPECT_EQ(items, n);
}

TEST(ParseTree, ItemsAroundASyntaxErrorAreHandedOver) {
  // Error recovery (LL, trees kept to the end) hands over the items that parsed.
  SourceFile file("t.wgsl", "const a = 1 + 2;\nconst b = (3 * ;\nconst c = f(4)[0];\n");
  DiagnosticList diags;
  std::vector<std::string> first_operands;
  const ParseOutcome outcome = parseItems(file, diags, [&](antlr4::ParserRuleContext* item) {
    P::ExpressionContext* e = constInitializer(item);
    ASSERT_NE(e, nullptr);
    ASSERT_FALSE(e->operands.empty());
    P::Unary_expressionContext* u = e->operands[0];
    first_operands.push_back(u->lit != nullptr ? u->lit->getText() : u->name->getText());
  });
  EXPECT_EQ(outcome, ParseOutcome::WithErrors);
  EXPECT_EQ(first_operands, (std::vector<std::string>{"1", "f"}));
  EXPECT_GE(diags.errorCount(), 1u);
}

}  // namespace
}  // namespace wgsl
