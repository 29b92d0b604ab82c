// Where the AST's nodes live: a module's NodeArena, and NodePtr, the link from a node to a child.
//
// A module of a few MiB has about a million nodes. Allocated one by one, they cost a malloc and a
// free each (a third of parsing and building) and a heap header plus rounding each. The arena
// allocates them by bumping a pointer through large chunks and frees the chunks together with
// the module. Nodes are never freed one by one: a node lives as long as its arena.
//
// Most nodes (identifiers, literals, operators, accesses, simple statements) are trivially
// destructible and the arena never visits them again. A node that holds a std::vector (a call's
// arguments, a block's statements) is allocated behind a small record that links it into the
// arena's list of destructors, run when the arena is destroyed. No destructor reaches another
// node, so destroying a tree of any depth takes no recursion.
#pragma once

#include <cstddef>
#include <new>
#include <type_traits>
#include <utility>

namespace wgsl::ast {

class NodeArena {
 public:
  // The resolver's tables of facts per node (interp/sema/node_table.h) index nodes by the 32-byte
  // granule of their address: every object gets at least this many bytes, so that no two nodes
  // start in one granule (a node the table found sharing one would go to its slower overflow map).
  static constexpr size_t kMinObjectBytes = 32;
  // Chunks grow from the first size, doubling, to the last, so a small module stays small and a
  // large one leaves at most one partly used chunk of the largest size.
  static constexpr size_t kFirstChunkBytes = size_t{16} << 10;
  static constexpr size_t kMaxChunkBytes = size_t{1} << 20;

  NodeArena() = default;
  ~NodeArena();
  NodeArena(const NodeArena&) = delete;
  NodeArena& operator=(const NodeArena&) = delete;

  // A new T(args...) that lives until the arena is destroyed.
  template <typename T, typename... Args>
  T* make(Args&&... args) {
    static_assert(alignof(T) <= kAlign, "NodeArena aligns objects to 8 bytes");
    if constexpr (std::is_trivially_destructible_v<T>) {
      return new (allocate(footprint(sizeof(T)))) T(std::forward<Args>(args)...);
    } else {
      void* raw = allocate(sizeof(Cleanup) + footprint(sizeof(T)));
      T* node = new (static_cast<char*>(raw) + sizeof(Cleanup)) T(std::forward<Args>(args)...);
      cleanups_ = new (raw) Cleanup{cleanups_, &destroy<T>};
      return node;
    }
  }

  // For tests and measurements: the chunks' bytes, and how many of them hold objects.
  size_t chunkBytes() const { return chunk_bytes_; }
  size_t usedBytes() const { return used_before_current_ + static_cast<size_t>(cur_ - begin_); }
  size_t chunkCount() const { return chunk_count_; }

 private:
  static constexpr size_t kAlign = 8;
  static constexpr size_t footprint(size_t size) {
    const size_t n = size < kMinObjectBytes ? kMinObjectBytes : size;
    return (n + kAlign - 1) & ~(kAlign - 1);
  }

  // Links a node with a non-trivial destructor into the list the arena runs when destroyed; the
  // node follows it.
  struct Cleanup {
    Cleanup* next;
    void (*run)(void*);
  };
  static_assert(sizeof(Cleanup) % kAlign == 0);
  template <typename T>
  static void destroy(void* p) {
    static_cast<T*>(p)->~T();
  }

  struct Chunk {
    Chunk* next;
  };

  void* allocate(size_t n) {
    if (static_cast<size_t>(end_ - cur_) < n) return allocateSlow(n);
    void* p = cur_;
    cur_ += n;
    return p;
  }
  void* allocateSlow(size_t n);

  char* begin_ = nullptr;  // the current chunk's first object byte
  char* cur_ = nullptr;    // where the next object goes
  char* end_ = nullptr;    // the current chunk's end
  Chunk* chunks_ = nullptr;
  size_t next_chunk_bytes_ = kFirstChunkBytes;
  size_t chunk_bytes_ = 0;
  size_t chunk_count_ = 0;
  size_t used_before_current_ = 0;
  Cleanup* cleanups_ = nullptr;  // the last node with a destructor first
};

// A parent's link to a child node in the arena: moves like std::unique_ptr (a child has one
// parent; a moved-from link is null) but destroying it does nothing, the arena owns the node.
template <typename T>
class NodePtr {
 public:
  NodePtr() = default;
  NodePtr(std::nullptr_t) {}  // NOLINT(google-explicit-constructor)
  explicit NodePtr(T* p) : p_(p) {}
  NodePtr(NodePtr&& o) noexcept : p_(o.release()) {}
  template <typename U, typename = std::enable_if_t<std::is_convertible_v<U*, T*>>>
  NodePtr(NodePtr<U>&& o) noexcept : p_(o.release()) {}  // NOLINT(google-explicit-constructor)
  NodePtr& operator=(NodePtr&& o) noexcept {
    p_ = o.release();
    return *this;
  }
  template <typename U, typename = std::enable_if_t<std::is_convertible_v<U*, T*>>>
  NodePtr& operator=(NodePtr<U>&& o) noexcept {
    p_ = o.release();
    return *this;
  }
  NodePtr& operator=(std::nullptr_t) noexcept {
    p_ = nullptr;
    return *this;
  }
  NodePtr(const NodePtr&) = delete;
  NodePtr& operator=(const NodePtr&) = delete;
  ~NodePtr() = default;  // trivial

  T* get() const { return p_; }
  T& operator*() const { return *p_; }
  T* operator->() const { return p_; }
  explicit operator bool() const { return p_ != nullptr; }
  // Unlinks the node (it stays in the arena).
  T* release() noexcept {
    T* p = p_;
    p_ = nullptr;
    return p;
  }

  friend bool operator==(const NodePtr& a, std::nullptr_t) { return a.p_ == nullptr; }
  friend bool operator!=(const NodePtr& a, std::nullptr_t) { return a.p_ != nullptr; }
  friend bool operator==(std::nullptr_t, const NodePtr& a) { return a.p_ == nullptr; }
  friend bool operator!=(std::nullptr_t, const NodePtr& a) { return a.p_ != nullptr; }

 private:
  T* p_ = nullptr;
};

}  // namespace wgsl::ast
