// A small deterministic random generator (SplitMix64) for schedulers: the same seed gives the
// same sequence on every platform and standard library (std:: distributions do not promise that).
#pragma once

#include <cstdint>

namespace wgsl::sched {

class Rng {
 public:
  explicit Rng(uint64_t seed = 0) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, bound) for bound >= 1 (rejection sampling: no modulo bias).
  uint64_t below(uint64_t bound) {
    if (bound <= 1) return 0;
    const uint64_t limit = ~uint64_t{0} - (~uint64_t{0} % bound);
    uint64_t x;
    do x = next(); while (x >= limit);
    return x % bound;
  }

 private:
  uint64_t state_;
};

}  // namespace wgsl::sched
