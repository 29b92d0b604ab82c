// Vocabulary shared by the dynamic-error checks (bounds policies, fault injection, race
// detection): address spaces, access kinds, lane sets, and a stateless hash for reproducible
// random choices. Deliberately independent of interp/exec so the checks can be tested alone;
// the memory door converts its own types at the call (see docs/dynamic-errors.md).
#pragma once

#include <cstdint>

namespace wgsl::checks {

// The address spaces a memory access can target (WGSL "Address Spaces"; handle is not memory
// the door sees).
enum class Space : uint8_t { Function, Private, Workgroup, Uniform, Storage };
const char* toString(Space s);

// What an access does to memory (WGSL "Memory Operation": read access / write access).
enum class AccessKind : uint8_t {
  Load,         // non-atomic read
  Store,        // non-atomic write
  AtomicLoad,   // atomic read
  AtomicStore,  // atomic write
  AtomicRmw,    // atomic read and write (add, sub, and, or, xor, min, max, exchange, compare-exchange)
};
const char* toString(AccessKind k);
inline bool isAtomic(AccessKind k) { return k >= AccessKind::AtomicLoad; }
inline bool isWrite(AccessKind k) { return k == AccessKind::Store || k == AccessKind::AtomicStore || k == AccessKind::AtomicRmw; }
inline bool isRead(AccessKind k) { return k == AccessKind::Load || k == AccessKind::AtomicLoad || k == AccessKind::AtomicRmw; }

// A set of lanes of a subgroup (up to 128), bit l of w[l / 64] for lane l. Same layout as
// exec::LaneMask, so the door converts with `LaneBits{{m.w[0], m.w[1]}}`.
struct LaneBits {
  uint64_t w[2] = {0, 0};
  bool any() const { return (w[0] | w[1]) != 0; }
  bool test(uint32_t l) const { return (w[l >> 6] >> (l & 63)) & 1; }
  void set(uint32_t l) { w[l >> 6] |= uint64_t{1} << (l & 63); }
  uint32_t count() const { return static_cast<uint32_t>(__builtin_popcountll(w[0]) + __builtin_popcountll(w[1])); }
  static LaneBits firstN(uint32_t n) {
    LaneBits m;
    m.w[0] = n >= 64 ? ~uint64_t{0} : ((uint64_t{1} << n) - 1);
    m.w[1] = n >= 128 ? ~uint64_t{0} : n > 64 ? ((uint64_t{1} << (n - 64)) - 1) : 0;
    return m;
  }
  bool operator==(const LaneBits& o) const { return w[0] == o.w[0] && w[1] == o.w[1]; }
};

// Calls f(lane) for every lane in m, in increasing order.
template <typename F>
inline void forEachLane(const LaneBits& m, F&& f) {
  for (uint32_t k = 0; k < 2; ++k) {
    uint64_t bits = m.w[k];
    while (bits) {
      f(static_cast<uint32_t>(__builtin_ctzll(bits)) + 64u * k);
      bits &= bits - 1;
    }
  }
}

// SplitMix64 finaliser: a stateless, well-mixed hash. Random choices are hash(seed, identity of
// the dynamic access), never a shared generator, so they do not depend on which thread ran
// which workgroup first.
inline uint64_t mix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}
inline uint64_t hashCombine(uint64_t h, uint64_t v) { return mix64(h ^ mix64(v)); }

// The identity of one dynamic access by one invocation: instruction, workgroup (linear),
// local invocation index, and a per-subgroup step counter (the interpreter's instruction count,
// deterministic for a given schedule).
inline uint64_t accessKey(uint32_t pc, uint64_t workgroup_linear, uint32_t local_index, uint64_t step) {
  return hashCombine(hashCombine(hashCombine(pc, workgroup_linear), local_index), step);
}

// A uniform value in [0, n) from a hash (n > 0).
inline uint64_t pick(uint64_t h, uint64_t n) { return static_cast<uint64_t>((static_cast<unsigned __int128>(h) * n) >> 64); }

}  // namespace wgsl::checks
