// Independent binary16 reference for the math tests: the value of every bit pattern decoded
// from its fields with ldexp, and round-to-nearest-even by searching the sorted table of all
// binary16 magnitudes (no bit tricks shared with the implementation).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace wgsl::test {

// Value of a binary16 pattern from the IEEE-754 definition (NaN for NaN patterns).
inline double f16Value(uint16_t h) {
  const int sign = (h >> 15) & 1;
  const int exp = (h >> 10) & 0x1f;
  const int man = h & 0x3ff;
  double mag;
  if (exp == 31) {
    mag = man == 0 ? HUGE_VAL : std::nan("");
  } else if (exp == 0) {
    mag = std::ldexp(static_cast<double>(man), -24);  // 0.man * 2^-14
  } else {
    mag = std::ldexp(static_cast<double>(1024 + man), exp - 25);  // 1.man * 2^(exp-15)
  }
  return sign ? -mag : mag;
}

// Magnitudes 0x0000..0x7c00 in increasing order; the infinity pattern stands for 2^16, the next
// value of an unbounded exponent, which makes IEEE overflow rounding fall out of the search.
inline const std::vector<double>& f16Magnitudes() {
  static const std::vector<double> table = [] {
    std::vector<double> t;
    for (uint32_t h = 0; h < 0x7c00u; ++h) t.push_back(f16Value(static_cast<uint16_t>(h)));
    t.push_back(65536.0);
    return t;
  }();
  return table;
}

// Round a double to binary16, nearest with ties to even (the even pattern).
inline uint16_t refF16FromDouble(double v) {
  const uint16_t sign = std::signbit(v) ? 0x8000 : 0;
  const double a = std::fabs(v);
  if (std::isnan(v)) return 0x7e00;  // callers only check NaN-ness
  if (a > 65536.0) return static_cast<uint16_t>(sign | 0x7c00);
  const auto& t = f16Magnitudes();
  const auto it = std::lower_bound(t.begin(), t.end(), a);  // first >= a
  const size_t hi = static_cast<size_t>(it - t.begin());
  if (t[hi] == a || hi == 0) return static_cast<uint16_t>(sign | hi);
  const size_t lo = hi - 1;
  const double dlo = a - t[lo], dhi = t[hi] - a;  // exact: both near a with few bits
  size_t pick;
  if (dlo < dhi) pick = lo;
  else if (dhi < dlo) pick = hi;
  else pick = (lo % 2 == 0) ? lo : hi;
  return static_cast<uint16_t>(sign | pick);
}

}  // namespace wgsl::test
