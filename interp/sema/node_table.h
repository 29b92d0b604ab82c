// Program::exprs and Program::decls: the resolver's facts per AST node (expression, variable or
// value declaration), keyed by the node's address.
//
// A module has one entry per expression, and the resolver, the aliasing pass and the uniformity
// analysis each look up every node, so this table is hot. A hash of the address scatters
// consecutive nodes over the whole index: every lookup was a cache miss on the index and, with
// linear probing, one more per entry probed (a quarter of `check` on a multi-MiB module).
// Instead the index follows the memory layout: the address space is cut into pages of 4 KiB
// (kPageBits), each page that holds a node gets a block of slots, one per 32 bytes of the page
// (kGranuleBits), holding the entry number of the node that starts there. Nodes are read in about the
// order they were allocated, so consecutive lookups share a page and a cache line of slots, and
// the entries are kept in recording order in fixed-size chunks (an entry's address never
// changes). Two keys in one granule (nodes smaller than a granule, which the AST does not make
// with the system allocator) are still correct: the second goes to an overflow map.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <utility>
#include <vector>

namespace wgsl::sema {

// `Info` is the record kept per `Node` (ExprInfo per ast::Expr, DeclInfo per ast::VarDecl:
// program.h).
template <typename Node, typename Info>
class NodeTable {
 public:
  using Entry = std::pair<const Node*, Info>;

  NodeTable() = default;
  NodeTable(const NodeTable&) = delete;
  NodeTable& operator=(const NodeTable&) = delete;

  // The entry for `e`, default-constructed when new.
  Info& operator[](const Node* e) {
    uint32_t& s = slotFor(e);
    if (s == 0) {
      s = append(e);
      return entry(s - 1).second;
    }
    Entry& en = entry(s - 1);
    if (en.first == e) return en.second;
    auto [it, added] = overflow_.try_emplace(e, 0);
    if (added) it->second = append(e);
    return entry(it->second - 1).second;
  }

  const Info* find(const Node* e) const {
    const uint32_t* block = blockOf(pageOf(e));
    if (block == nullptr) return nullptr;
    const uint32_t s = block[granuleOf(e)];
    if (s == 0) return nullptr;
    const Entry& en = entry(s - 1);
    if (en.first == e) return &en.second;
    if (overflow_.empty()) return nullptr;
    auto it = overflow_.find(e);
    return it == overflow_.end() ? nullptr : &entry(it->second - 1).second;
  }

  size_t size() const { return size_; }

  // In recording order.
  class const_iterator {
   public:
    const_iterator(const NodeTable* t, size_t i) : t_(t), i_(i) {}
    const Entry& operator*() const { return t_->entry(i_); }
    const Entry* operator->() const { return &t_->entry(i_); }
    const_iterator& operator++() {
      ++i_;
      return *this;
    }
    bool operator!=(const const_iterator& o) const { return i_ != o.i_; }
    bool operator==(const const_iterator& o) const { return i_ == o.i_; }

   private:
    const NodeTable* t_;
    size_t i_;
  };
  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, size_}; }

 private:
  static constexpr size_t kChunk = 128;  // entries per chunk; small: a small module makes one
  static constexpr unsigned kPageBits = 12;
  static constexpr unsigned kGranuleBits = 5;
  static constexpr size_t kSlotsPerPage = size_t{1} << (kPageBits - kGranuleBits);

  static uintptr_t pageOf(const Node* e) { return reinterpret_cast<uintptr_t>(e) >> kPageBits; }
  static size_t granuleOf(const Node* e) {
    return (reinterpret_cast<uintptr_t>(e) >> kGranuleBits) & (kSlotsPerPage - 1);
  }

  Entry& entry(size_t i) { return chunks_[i / kChunk][i % kChunk]; }
  const Entry& entry(size_t i) const { return chunks_[i / kChunk][i % kChunk]; }

  // Adds an entry for `e`; returns its number + 1.
  uint32_t append(const Node* e) {
    if (size_ == chunks_.size() * kChunk) chunks_.push_back(std::make_unique<Entry[]>(kChunk));
    entry(size_).first = e;
    return static_cast<uint32_t>(++size_);
  }

  // The page directory: open addressing over page numbers (0 = empty: no object lies in the
  // first page), each with its block of slots (allocated one by one: a small module pays for
  // the few pages it uses).
  struct DirSlot {
    uintptr_t page = 0;
    uint32_t* block = nullptr;
  };
  size_t dirIndex(uintptr_t page) const {
    const uint64_t h = static_cast<uint64_t>(page) * 0x9E3779B97F4A7C15ull;
    return static_cast<size_t>(h >> 32) & (dir_.size() - 1);
  }
  const uint32_t* blockOf(uintptr_t page) const {
    if (dir_.empty()) return nullptr;
    for (size_t i = dirIndex(page);; i = (i + 1) & (dir_.size() - 1)) {
      if (dir_[i].page == page) return dir_[i].block;
      if (dir_[i].page == 0) return nullptr;
    }
  }
  // The slot of `e`, its page's block created when new.
  uint32_t& slotFor(const Node* e) {
    const uintptr_t page = pageOf(e);
    if (page != last_page_) {
      last_block_ = findOrAddBlock(page);
      last_page_ = page;
    }
    return last_block_[granuleOf(e)];
  }
  uint32_t* findOrAddBlock(uintptr_t page) {
    if ((blocks_.size() + 1) * 2 > dir_.size()) growDir();
    size_t i = dirIndex(page);
    while (dir_[i].page != 0) {
      if (dir_[i].page == page) return dir_[i].block;
      i = (i + 1) & (dir_.size() - 1);
    }
    blocks_.push_back(std::make_unique<uint32_t[]>(kSlotsPerPage));  // zeroed
    dir_[i] = {page, blocks_.back().get()};
    return dir_[i].block;
  }
  void growDir() {
    std::vector<DirSlot> old;
    old.swap(dir_);
    dir_.assign(old.empty() ? 16 : old.size() * 2, DirSlot{});
    for (const DirSlot& d : old) {
      if (d.page == 0) continue;
      size_t i = dirIndex(d.page);
      while (dir_[i].page != 0) i = (i + 1) & (dir_.size() - 1);
      dir_[i] = d;
    }
  }

  std::vector<std::unique_ptr<Entry[]>> chunks_;
  size_t size_ = 0;
  std::vector<DirSlot> dir_;  // a power of two in size, at most half full
  std::vector<std::unique_ptr<uint32_t[]>> blocks_;  // one per page in the directory
  uintptr_t last_page_ = 0;  // operator[]'s last page (0: none) and its block
  uint32_t* last_block_ = nullptr;
  std::unordered_map<const Node*, uint32_t> overflow_;  // keys sharing a granule
};

}  // namespace wgsl::sema
