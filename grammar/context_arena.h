// Storage for the parser's rule contexts (parse-tree nodes), owned by the parser.
//
// The generated parser made every context with `new` through ANTLR's ParseTreeTracker, which
// deletes them one by one when reset: one malloc and one free per rule invocation, about a fifth
// of parsing. Contexts all die together (after each module-scope item, or with the parser), so
// they are placed one after another in blocks and destroyed together by clear(); the blocks are
// kept for the next item. grammar/generated_fixups.cmake makes the generated rule functions
// create their contexts through WGSLParser::newContext, which uses this arena.
//
// Not thread-safe: one arena per parser, used by the thread that parses.
#pragma once

#include <algorithm>
#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

#include "tree/ParseTree.h"

namespace wgsl {

class ContextArena {
 public:
  // Blocks of this size; a block is kept for reuse after clear() as long as at most
  // kKeptBlocks are held, so the arena stays about as large as one item's tree.
  static constexpr size_t kBlockBytes = size_t{64} << 10;
  static constexpr size_t kKeptBlocks = 16;
  static constexpr size_t kAlign = alignof(std::max_align_t);

  ContextArena() = default;
  ContextArena(const ContextArena&) = delete;
  ContextArena& operator=(const ContextArena&) = delete;
  ~ContextArena() { clear(); }

  // A new T(args...) in the arena, alive until clear().
  template <typename T, typename... Args>
  T* make(Args&&... args) {
    static_assert(std::is_base_of<antlr4::tree::ParseTree, T>::value, "the arena holds parse-tree nodes");
    static_assert(alignof(T) <= kAlign, "over-aligned parse-tree node");
    static_assert(sizeof(T) <= kBlockBytes, "parse-tree node larger than a block");
    // Room for the pointer first, so that push_back below cannot throw after the node is made.
    // The list grows by doubling: reserving one more each time would copy it on every node, a
    // quadratic cost on a large function (one item: 10^5 statements took minutes).
    if (objects_.size() == objects_.capacity()) objects_.reserve(std::max<size_t>(64, 2 * objects_.capacity()));
    void* at = allocate(sizeof(T));
    T* object = new (at) T(std::forward<Args>(args)...);
    objects_.push_back(object);
    return object;
  }

  // Destroys every node made since the last clear(), in the order they were made.
  void clear() {
    for (antlr4::tree::ParseTree* object : objects_) object->~ParseTree();  // virtual: the node's own class
    objects_.clear();
    if (blocks_.size() > kKeptBlocks) blocks_.resize(kKeptBlocks);
    block_ = 0;
    next_ = blocks_.empty() ? nullptr : blocks_[0].get();
    end_ = blocks_.empty() ? nullptr : next_ + kBlockBytes;
  }

  // Nodes alive, and blocks held (for tests).
  size_t size() const { return objects_.size(); }
  size_t blocks() const { return blocks_.size(); }
  size_t listCapacity() const { return objects_.capacity(); }

 private:
  void* allocate(size_t bytes) {
    bytes = (bytes + kAlign - 1) & ~(kAlign - 1);
    if (static_cast<size_t>(end_ - next_) < bytes) nextBlock();
    void* at = next_;
    next_ += bytes;
    return at;
  }
  void nextBlock() {
    if (next_ != nullptr) ++block_;
    if (block_ == blocks_.size()) blocks_.emplace_back(new char[kBlockBytes]);
    next_ = blocks_[block_].get();
    end_ = next_ + kBlockBytes;
  }

  std::vector<antlr4::tree::ParseTree*> objects_;
  std::vector<std::unique_ptr<char[]>> blocks_;
  size_t block_ = 0;
  char* next_ = nullptr;
  char* end_ = nullptr;
};

}  // namespace wgsl
