// The parser's context arena (grammar/context_arena.h): every node made is destroyed exactly once
// by clear() or by the arena's destructor, nodes do not overlap, and the blocks are reused.
#include <gtest/gtest.h>

#include <cstdint>
#include <set>

#include "ParserRuleContext.h"
#include "grammar/context_arena.h"

namespace wgsl {
namespace {

int g_alive = 0;

// A context that counts its instances and carries a payload, like the generated contexts
// (labels, token pointers) of different sizes.
template <size_t Extra>
struct CountedContext : antlr4::ParserRuleContext {
  CountedContext(antlr4::ParserRuleContext* parent, size_t state) : antlr4::ParserRuleContext(parent, state) {
    ++g_alive;
    for (size_t i = 0; i < Extra; ++i) payload[i] = static_cast<unsigned char>(state + i);
  }
  ~CountedContext() override { --g_alive; }
  unsigned char payload[Extra];
};

TEST(ContextArena, ClearDestroysEveryNodeOnce) {
  g_alive = 0;
  ContextArena arena;
  auto* root = arena.make<CountedContext<8>>(nullptr, 1);
  for (size_t i = 0; i < 100; ++i) {
    auto* child = arena.make<CountedContext<40>>(root, i);
    root->addChild(child);  // the child vector is the node's own heap memory, freed by its destructor
  }
  EXPECT_EQ(g_alive, 101);
  EXPECT_EQ(arena.size(), 101u);
  arena.clear();
  EXPECT_EQ(g_alive, 0);
  EXPECT_EQ(arena.size(), 0u);
}

// The list of nodes to destroy grows geometrically: a module-scope item can make hundreds of
// thousands of contexts (a function of 10^5 statements), and a list copied on every node made
// that a quadratic cost (reserving one more entry per node did).
TEST(ContextArena, NodeListGrowsGeometrically) {
  g_alive = 0;
  ContextArena arena;
  std::set<size_t> capacities;
  for (size_t i = 0; i < 100000; ++i) {
    arena.make<CountedContext<8>>(nullptr, i);
    capacities.insert(arena.listCapacity());
  }
  EXPECT_EQ(arena.size(), 100000u);
  EXPECT_LE(capacities.size(), 20u);  // doubling from 64: 12 sizes; one more per node: 100 000
  arena.clear();
  EXPECT_EQ(g_alive, 0);
}

TEST(ContextArena, DestructorDestroysWhatIsLeft) {
  g_alive = 0;
  {
    ContextArena arena;
    for (size_t i = 0; i < 10; ++i) arena.make<CountedContext<16>>(nullptr, i);
    EXPECT_EQ(g_alive, 10);
  }
  EXPECT_EQ(g_alive, 0);
}

TEST(ContextArena, NodesAreDistinctAlignedAndKeepTheirContents) {
  g_alive = 0;
  ContextArena arena;
  std::set<uintptr_t> seen;
  std::vector<CountedContext<24>*> nodes;
  // Enough nodes to fill several blocks.
  const size_t n = 3 * ContextArena::kBlockBytes / sizeof(CountedContext<24>);
  for (size_t i = 0; i < n; ++i) {
    auto* c = arena.make<CountedContext<24>>(nullptr, i);
    const auto at = reinterpret_cast<uintptr_t>(c);
    EXPECT_EQ(at % ContextArena::kAlign, 0u);
    EXPECT_TRUE(seen.insert(at).second);
    nodes.push_back(c);
  }
  EXPECT_GE(arena.blocks(), 3u);
  for (size_t i = 0; i < n; ++i) {
    ASSERT_EQ(nodes[i]->invokingState, i);
    ASSERT_EQ(nodes[i]->payload[23], static_cast<unsigned char>(i + 23));
  }
  arena.clear();
  EXPECT_EQ(g_alive, 0);
}

TEST(ContextArena, BlocksAreReusedAfterClear) {
  g_alive = 0;
  ContextArena arena;
  const size_t per_item = 2 * ContextArena::kBlockBytes / sizeof(CountedContext<32>);
  for (size_t item = 0; item < 5; ++item) {
    for (size_t i = 0; i < per_item; ++i) arena.make<CountedContext<32>>(nullptr, i);
    arena.clear();
  }
  EXPECT_LE(arena.blocks(), 3u);  // as many as one item needs, not five items' worth
  EXPECT_EQ(g_alive, 0);
}

TEST(ContextArena, KeepsAtMostABoundedNumberOfBlocks) {
  g_alive = 0;
  ContextArena arena;
  const size_t many = (ContextArena::kKeptBlocks + 4) * ContextArena::kBlockBytes / sizeof(CountedContext<8>);
  for (size_t i = 0; i < many; ++i) arena.make<CountedContext<8>>(nullptr, i);
  EXPECT_GT(arena.blocks(), ContextArena::kKeptBlocks);
  arena.clear();
  EXPECT_EQ(arena.blocks(), ContextArena::kKeptBlocks);
  // Still usable after trimming.
  for (size_t i = 0; i < many; ++i) arena.make<CountedContext<8>>(nullptr, i);
  EXPECT_EQ(g_alive, static_cast<int>(many));
  arena.clear();
  EXPECT_EQ(g_alive, 0);
}

}  // namespace
}  // namespace wgsl
