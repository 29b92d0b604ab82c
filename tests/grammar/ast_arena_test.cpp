// Where the AST's nodes live (interp/ast/node_arena.h): packed in their module's arena, at least
// one 32-byte granule apart (the resolver's node tables index nodes by granule), aligned,
// destroyed once each when the arena goes (and only those that have a destructor to run), in
// chunks that grow from 16 KiB to 1 MiB; NodePtr links move like std::unique_ptr.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "interp/ast/ast.h"
#include "tests/support/test_support.h"

namespace wgsl {
namespace {

using ast::NodeArena;
using ast::NodePtr;

uintptr_t address(const void* p) { return reinterpret_cast<uintptr_t>(p); }

// The bytes an object of `size` bytes takes in the arena: at least a granule, a multiple of 8.
size_t footprint(size_t size) { return (std::max(size, NodeArena::kMinObjectBytes) + 7) / 8 * 8; }

TEST(AstArena, ObjectsArePackedAlignedAndAtLeastAGranuleApart) {
  NodeArena arena;
  std::vector<uintptr_t> at;
  for (int i = 0; i < 5000; ++i) {
    switch (i % 6) {
      case 0: at.push_back(address(arena.make<ast::ParenExpr>())); break;      // smaller than a granule
      case 1: at.push_back(address(arena.make<ast::UnaryExpr>())); break;      // likewise
      case 2: at.push_back(address(arena.make<ast::IdentExpr>())); break;
      case 3: at.push_back(address(arena.make<ast::BreakStmt>())); break;      // likewise
      case 4: at.push_back(address(arena.make<ast::CallExpr>())); break;       // has a destructor
      default: at.push_back(address(arena.make<ast::LiteralExpr>())); break;
    }
  }
  std::set<uintptr_t> granules;
  for (uintptr_t a : at) {
    EXPECT_EQ(a % 8, 0u);
    EXPECT_TRUE(granules.insert(a >> 5).second) << "two objects start in one 32-byte granule";
  }
  std::vector<uintptr_t> sorted = at;
  std::sort(sorted.begin(), sorted.end());
  for (size_t i = 1; i < sorted.size(); ++i) EXPECT_GE(sorted[i] - sorted[i - 1], NodeArena::kMinObjectBytes);
  // Packed: no per-object header but the 16-byte destructor record of each call.
  const size_t calls = 833;  // i % 6 == 4 for i < 5000
  const size_t expected = 834 * footprint(sizeof(ast::ParenExpr)) + 834 * footprint(sizeof(ast::UnaryExpr)) +
                          834 * footprint(sizeof(ast::IdentExpr)) + 834 * footprint(sizeof(ast::BreakStmt)) +
                          calls * (16 + footprint(sizeof(ast::CallExpr))) + 831 * footprint(sizeof(ast::LiteralExpr));
  EXPECT_EQ(arena.usedBytes(), expected);
}

// Counts its destructions.
struct Counted {
  explicit Counted(int* n) : destroyed(n) {}
  ~Counted() { ++*destroyed; }
  int* destroyed;
  std::vector<int> payload = std::vector<int>(3, 7);
};

TEST(AstArena, DestructorsRunOnceWhenTheArenaGoes) {
  int destroyed = 0;
  {
    NodeArena arena;
    for (int i = 0; i < 10000; ++i) {
      arena.make<Counted>(&destroyed);
      arena.make<ast::LiteralExpr>();
    }
    EXPECT_EQ(destroyed, 0);
  }
  EXPECT_EQ(destroyed, 10000);
}

TEST(AstArena, ChunksGrowFromSmallToTheLargestSize) {
  NodeArena small;
  small.make<ast::IdentExpr>();
  EXPECT_EQ(small.chunkCount(), 1u);
  EXPECT_EQ(small.chunkBytes(), NodeArena::kFirstChunkBytes);

  // 8 MiB of identifiers: chunks of 16 KiB, 32 KiB, ... 512 KiB (1 MiB - 16 KiB in all), then
  // of 1 MiB.
  NodeArena big;
  const size_t n = (size_t{8} << 20) / footprint(sizeof(ast::IdentExpr));
  for (size_t i = 0; i < n; ++i) big.make<ast::IdentExpr>();
  EXPECT_EQ(big.usedBytes(), n * footprint(sizeof(ast::IdentExpr)));
  ASSERT_GT(big.chunkCount(), 6u);
  EXPECT_EQ(big.chunkBytes(), (size_t{1} << 20) - NodeArena::kFirstChunkBytes +
                                  (big.chunkCount() - 6) * NodeArena::kMaxChunkBytes);
  EXPECT_LT(big.chunkBytes() - big.usedBytes(), NodeArena::kMaxChunkBytes) << "more than a chunk unused";
}

struct Large {
  char bytes[3 * NodeArena::kMaxChunkBytes / 2];
};

TEST(AstArena, AnObjectLargerThanAChunkGetsItsOwn) {
  NodeArena arena;
  auto* before = arena.make<ast::IdentExpr>();
  auto* large = arena.make<Large>();
  auto* after = arena.make<ast::IdentExpr>();
  EXPECT_EQ(address(large) % 8, 0u);
  large->bytes[sizeof(large->bytes) - 1] = 1;
  // The small objects stay together in the first chunk.
  EXPECT_EQ(address(after) - address(before), footprint(sizeof(ast::IdentExpr)));
  EXPECT_EQ(arena.chunkCount(), 2u);
}

TEST(AstArena, NodePtrMovesLikeAUniquePointer) {
  NodeArena arena;
  NodePtr<ast::IdentExpr> ident(arena.make<ast::IdentExpr>());
  ast::IdentExpr* raw = ident.get();
  ast::ExprPtr e = std::move(ident);  // to the base
  EXPECT_EQ(ident, nullptr);
  EXPECT_FALSE(ident);
  EXPECT_EQ(e.get(), raw);
  EXPECT_TRUE(e != nullptr);
  EXPECT_EQ(e->kind, ast::ExprKind::Ident);
  ast::ExprPtr other;
  other = std::move(e);
  EXPECT_EQ(e, nullptr);
  EXPECT_EQ(other.get(), raw);
  other = nullptr;
  EXPECT_EQ(other, nullptr);
}

TEST(AstArena, NodesStayWhereTheyAreWhenTheModuleMoves) {
  auto p = test::parse("fn f(a: array<u32, 4>) -> u32 { var s = a[0] + max(a[1], 2u); return s; }");
  ASSERT_TRUE(p.module) << p.text();
  const ast::FunctionDecl* fn = p.module->decls.at(0).function.get();
  const ast::Stmt* first = fn->body->body.at(0).get();
  ast::Module moved = std::move(*p.module);
  p.module.reset();
  EXPECT_EQ(moved.decls.at(0).function.get(), fn);
  EXPECT_EQ(moved.decls.at(0).function->body->body.at(0).get(), first);
  const auto* decl = first->as<ast::VarDeclStmt>();
  ASSERT_NE(decl, nullptr);
  const auto* sum = decl->decl.initializer->as<ast::BinaryExpr>();
  ASSERT_NE(sum, nullptr);
  const auto* call = sum->rhs->as<ast::CallExpr>();
  ASSERT_NE(call, nullptr);
  EXPECT_EQ(call->target->ident.name, "max");
  ASSERT_EQ(call->args.size(), 2u);
  EXPECT_EQ(call->args[1]->as<ast::LiteralExpr>()->spelling, "2u");
  EXPECT_EQ(fn->params.at(0).type->as<ast::IdentExpr>()->templateArgs().size(), 2u);
}

TEST(AstArena, ASmallModuleTakesOneSmallChunk) {
  auto p = test::parse("@compute @workgroup_size(1) fn main() { var x = 1; x += 2; }");
  ASSERT_TRUE(p.module) << p.text();
  EXPECT_EQ(p.module->nodes->chunkCount(), 1u);
  EXPECT_EQ(p.module->nodes->chunkBytes(), NodeArena::kFirstChunkBytes);
}

}  // namespace
}  // namespace wgsl
