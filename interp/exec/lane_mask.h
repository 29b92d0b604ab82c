// A set of lanes of a subgroup (up to 128): execution masks and control-stack entries.
#pragma once

#include <cstdint>

namespace wgsl::exec {

struct LaneMask {
  uint64_t w[2] = {0, 0};

  static LaneMask firstN(uint32_t n) {
    LaneMask m;
    m.w[0] = n >= 64 ? ~uint64_t{0} : ((uint64_t{1} << n) - 1);
    m.w[1] = n >= 128 ? ~uint64_t{0} : n > 64 ? ((uint64_t{1} << (n - 64)) - 1) : 0;
    return m;
  }
  bool any() const { return (w[0] | w[1]) != 0; }
  bool none() const { return (w[0] | w[1]) == 0; }
  bool test(uint32_t l) const { return (w[l >> 6] >> (l & 63)) & 1; }
  void set(uint32_t l) { w[l >> 6] |= uint64_t{1} << (l & 63); }
  uint32_t count() const { return static_cast<uint32_t>(__builtin_popcountll(w[0]) + __builtin_popcountll(w[1])); }
  int first() const {
    if (w[0]) return __builtin_ctzll(w[0]);
    if (w[1]) return 64 + __builtin_ctzll(w[1]);
    return -1;
  }
  LaneMask operator&(const LaneMask& o) const { return LaneMask{{w[0] & o.w[0], w[1] & o.w[1]}}; }
  LaneMask operator|(const LaneMask& o) const { return LaneMask{{w[0] | o.w[0], w[1] | o.w[1]}}; }
  LaneMask andNot(const LaneMask& o) const { return LaneMask{{w[0] & ~o.w[0], w[1] & ~o.w[1]}}; }
  LaneMask& operator&=(const LaneMask& o) { return *this = *this & o; }
  LaneMask& operator|=(const LaneMask& o) { return *this = *this | o; }
  bool operator==(const LaneMask& o) const { return w[0] == o.w[0] && w[1] == o.w[1]; }
  bool operator!=(const LaneMask& o) const { return !(*this == o); }
};

// Calls f(lane) for every lane in m, in increasing order.
template <typename F>
inline void forEachLane(const LaneMask& m, F&& f) {
  for (int k = 0; k < 2; ++k) {
    uint64_t bits = m.w[k];
    while (bits) {
      const uint32_t l = static_cast<uint32_t>(__builtin_ctzll(bits)) + 64u * k;
      f(l);
      bits &= bits - 1;
    }
  }
}

}  // namespace wgsl::exec
