// Program::exprs and Program::decls, the tables of facts per AST node: every recorded node is
// found again with its own facts, nodes never recorded are not found, and the entries iterate in recording order, however
// the nodes lie in memory (neighbours in one page, pages far apart, keys closer together than
// the table's granule).
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "interp/ast/ast.h"
#include "interp/sema/program.h"

namespace wgsl::sema {
namespace {

// A key the table never dereferences: an address `offset` bytes into `base`.
const ast::Expr* at(const void* base, size_t offset) {
  return reinterpret_cast<const ast::Expr*>(static_cast<const char*>(base) + offset);
}

TEST(ExprInfoTable, EmptyTableFindsNothing) {
  ExprInfoTable t;
  ast::IdentExpr e;
  EXPECT_EQ(t.find(&e), nullptr);
  EXPECT_EQ(t.size(), 0u);
  EXPECT_TRUE(t.begin() == t.end());
}

TEST(ExprInfoTable, RecordedNodesAreFoundInRecordingOrder) {
  // Real nodes, packed in an arena as the AST builder makes them (the smallest kinds among
  // them, and statements in between), recorded in a shuffled order.
  ast::NodeArena arena;
  std::vector<const ast::Expr*> nodes;
  for (int i = 0; i < 20000; ++i) {
    if (i % 4 == 0) nodes.push_back(arena.make<ast::LiteralExpr>());
    else if (i % 4 == 1) nodes.push_back(arena.make<ast::IdentExpr>());
    else if (i % 4 == 2) nodes.push_back(arena.make<ast::ParenExpr>());
    else nodes.push_back(arena.make<ast::UnaryExpr>());
    if (i % 7 == 0) arena.make<ast::BreakStmt>();
  }
  std::vector<size_t> order(nodes.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), std::mt19937(7));
  ExprInfoTable t;
  for (size_t i : order) t[nodes[i]].param_index = static_cast<int>(i);
  ASSERT_EQ(t.size(), nodes.size());
  for (size_t i = 0; i < nodes.size(); ++i) {
    const ExprInfo* info = t.find(nodes[i]);
    ASSERT_NE(info, nullptr) << i;
    EXPECT_EQ(info->param_index, static_cast<int>(i));
  }
  size_t k = 0;
  for (const auto& [e, info] : t) {
    ASSERT_LT(k, order.size());
    EXPECT_EQ(e, nodes[order[k]]);
    EXPECT_EQ(info.param_index, static_cast<int>(order[k]));
    ++k;
  }
  EXPECT_EQ(k, nodes.size());
  // Looking a node up again returns its entry, not a new one.
  t[nodes[5]].member_index = 3;
  EXPECT_EQ(t.size(), nodes.size());
  EXPECT_EQ(t.find(nodes[5])->member_index, 3);
  EXPECT_EQ(t.find(nodes[5])->param_index, 5);
  // A node never recorded, next to recorded ones.
  ast::IdentExpr other;
  EXPECT_EQ(t.find(&other), nullptr);
}

TEST(ExprInfoTable, KeysCloserThanAGranuleKeepTheirOwnEntries) {
  // Every 8 bytes of a buffer: several keys share each slot of the table's index.
  std::vector<uint64_t> buffer(4096);
  ExprInfoTable t;
  for (size_t off = 0; off < buffer.size() * 8; off += 8) t[at(buffer.data(), off)].param_index = static_cast<int>(off);
  EXPECT_EQ(t.size(), buffer.size());
  for (size_t off = 0; off < buffer.size() * 8; off += 8) {
    const ExprInfo* info = t.find(at(buffer.data(), off));
    ASSERT_NE(info, nullptr) << off;
    EXPECT_EQ(info->param_index, static_cast<int>(off));
  }
  // Addresses between the keys (4 bytes off) were never recorded.
  for (size_t off = 4; off < 4096; off += 8) EXPECT_EQ(t.find(at(buffer.data(), off)), nullptr);
  // Recording order is kept across the overflow.
  size_t off = 0;
  for (const auto& entry : t) {
    EXPECT_EQ(entry.first, at(buffer.data(), off));
    off += 8;
  }
}

TEST(ExprInfoTable, KeysOnManyPagesFarApart) {
  // One key per 64 KiB over 1 GiB of addresses (none dereferenced), then keys around them.
  const uintptr_t base = uintptr_t{1} << 40;
  ExprInfoTable t;
  for (uintptr_t i = 0; i < 16384; ++i) {
    t[reinterpret_cast<const ast::Expr*>(base + i * 65536)].param_index = static_cast<int>(i);
  }
  for (uintptr_t i = 0; i < 16384; ++i) {
    const ExprInfo* info = t.find(reinterpret_cast<const ast::Expr*>(base + i * 65536));
    ASSERT_NE(info, nullptr) << i;
    EXPECT_EQ(info->param_index, static_cast<int>(i));
    EXPECT_EQ(t.find(reinterpret_cast<const ast::Expr*>(base + i * 65536 + 32)), nullptr);
    EXPECT_EQ(t.find(reinterpret_cast<const ast::Expr*>(base + i * 65536 + 32768)), nullptr);
  }
}

TEST(NodeTable, DeclarationsLikeExpressions) {
  ast::NodeArena arena;
  std::vector<const ast::VarDecl*> decls;
  for (int i = 0; i < 1000; ++i) decls.push_back(arena.make<ast::VarDecl>());
  NodeTable<ast::VarDecl, DeclInfo> t;
  for (size_t i = 0; i < decls.size(); i += 2) t[decls[i]].module_scope = true;
  EXPECT_EQ(t.size(), decls.size() / 2);
  for (size_t i = 0; i < decls.size(); ++i) {
    const DeclInfo* d = t.find(decls[i]);
    if (i % 2 == 0) {
      ASSERT_NE(d, nullptr) << i;
      EXPECT_TRUE(d->module_scope);
    } else {
      EXPECT_EQ(d, nullptr) << i;
    }
  }
}

}  // namespace
}  // namespace wgsl::sema
