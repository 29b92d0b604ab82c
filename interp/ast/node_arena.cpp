// The arena's chunks (see node_arena.h).
#include "interp/ast/node_arena.h"

#include <algorithm>

namespace wgsl::ast {

namespace {
constexpr size_t kChunkHeader = 16;  // a Chunk, rounded up to operator new's alignment
}  // namespace

NodeArena::~NodeArena() {
  for (Cleanup* c = cleanups_; c != nullptr;) {
    Cleanup* next = c->next;  // read first: the node may not be touched after its destructor
    c->run(reinterpret_cast<char*>(c) + sizeof(Cleanup));
    c = next;
  }
  for (Chunk* c = chunks_; c != nullptr;) {
    Chunk* next = c->next;
    ::operator delete(static_cast<void*>(c));
    c = next;
  }
}

void* NodeArena::allocateSlow(size_t n) {
  static_assert(sizeof(Chunk) <= kChunkHeader);
  if (kChunkHeader + n > next_chunk_bytes_) {
    // Larger than a whole chunk: a chunk of its own, and the current one stays current.
    char* mem = static_cast<char*>(::operator new(kChunkHeader + n));
    chunks_ = new (mem) Chunk{chunks_};
    chunk_bytes_ += kChunkHeader + n;
    ++chunk_count_;
    used_before_current_ += n;
    return mem + kChunkHeader;
  }
  used_before_current_ += static_cast<size_t>(cur_ - begin_);
  const size_t bytes = next_chunk_bytes_;
  char* mem = static_cast<char*>(::operator new(bytes));
  chunks_ = new (mem) Chunk{chunks_};
  chunk_bytes_ += bytes;
  ++chunk_count_;
  next_chunk_bytes_ = std::min(2 * bytes, kMaxChunkBytes);
  begin_ = mem + kChunkHeader;
  cur_ = begin_ + n;
  end_ = mem + bytes;
  return begin_;
}

}  // namespace wgsl::ast
