// Floating point modes as pure functions and an options struct:
// - flush to zero of f32 and f16 subnormals (spec: "Any inputs or outputs of operations listed
//   in [Floating Point Accuracy] may be flushed to zero"), keeping the sign;
// - contraction of `a * b + c` into one fused operation, rounded once;
// - non-finite policies: `propagate`, `indeterminate:SEED` (every infinite or NaN result
//   replaced by an arbitrary value, which the Finite Math Assumption permits) and `report`
//   (the first place each non-finite value appears is recorded);
// - FloatMode with the parsing of `--float=...` and `--nonfinite=...`.
// The interpreter applies these per lane; none of this allocates except the parsers.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "interp/math/accuracy.h"

namespace wgsl::math {

// ---- flush to zero -------------------------------------------------------------------------
inline bool isSubnormalF32(float v) {
  uint32_t u;
  __builtin_memcpy(&u, &v, 4);
  return (u & 0x7f800000u) == 0 && (u & 0x007fffffu) != 0;
}
inline float ftzF32(float v) {  // a subnormal becomes the zero of its sign
  uint32_t u;
  __builtin_memcpy(&u, &v, 4);
  if ((u & 0x7f800000u) == 0) u &= 0x80000000u;
  float r;
  __builtin_memcpy(&r, &u, 4);
  return r;
}
inline bool isSubnormalF16(uint16_t h) { return (h & 0x7c00u) == 0 && (h & 0x03ffu) != 0; }
inline uint16_t ftzF16(uint16_t h) { return (h & 0x7c00u) == 0 ? static_cast<uint16_t>(h & 0x8000u) : h; }

// ---- multiply-add --------------------------------------------------------------------------
// Fused: a * b + c computed exactly and rounded once (to nearest even).
float fusedMulAddF32(float a, float b, float c);
uint16_t fusedMulAddF16(uint16_t a, uint16_t b, uint16_t c);
// Unfused: the product rounded, then the sum rounded (what `a * b + c` means without `fma`).
float unfusedMulAddF32(float a, float b, float c);
uint16_t unfusedMulAddF16(uint16_t a, uint16_t b, uint16_t c);

// ---- non-finite values ---------------------------------------------------------------------
inline bool isNonFiniteF32(float v) { return !(v - v == v - v); }  // inf - inf and NaN give NaN
inline bool isNonFiniteF16(uint16_t h) { return (h & 0x7c00u) == 0x7c00u; }

// The value `indeterminate:SEED` puts in place of a non-finite result: a finite value of the
// type chosen from (seed, site, lane, counter): half of the time one of the values most likely
// to expose the dependence (0, -0, 1, -1, the largest finite values, the smallest normal),
// otherwise a random finite bit pattern.
float indeterminateF32(uint64_t seed, uint64_t site, uint64_t lane);
uint16_t indeterminateF16(uint64_t seed, uint64_t site, uint64_t lane);

// What `--nonfinite=report` records, once per source location: the operation whose finite
// operands produced a non-finite result (values that merely propagate are not new events).
struct NonFiniteRecord {
  uint32_t loc = 0;               // source offset of the operation (ir::Inst::loc)
  uint32_t workgroup[3] = {0, 0, 0};
  uint32_t local_index = 0;       // invocation within the workgroup
  const char* operation = "";     // "x / y", "exp", ...
  FloatType type = FloatType::F32;
  uint8_t num_operands = 0;
  double operands[3] = {0, 0, 0};
  double result = 0;              // +inf, -inf or NaN
};
// True when `result` is non-finite and every operand is finite: the place a non-finite value
// appears (as opposed to one that propagates).
bool isNonFiniteOrigin(const double* operands, int n, double result);
// "3:14: x / y produced +inf from finite operands (1, 0) in invocation 5 of workgroup (0,0,0)"
std::string describe(const NonFiniteRecord& r, const std::string& location);

// ---- options -------------------------------------------------------------------------------
struct FloatMode {
  enum class Ulp : uint8_t { Exact, Max, Random };
  enum class NonFinite : uint8_t { Propagate, Indeterminate, Report };
  bool ftz = false;
  bool fma = false;
  Ulp ulp = Ulp::Exact;
  uint64_t ulp_seed = 0;
  NonFinite nonfinite = NonFinite::Propagate;
  uint64_t nonfinite_seed = 0;

  bool isIeee() const { return !ftz && !fma && ulp == Ulp::Exact; }
  bool isDefault() const { return isIeee() && nonfinite == NonFinite::Propagate; }
  std::string floatString() const;      // "ieee", "ftz,fma,ulp-random:7" (canonical order)
  std::string nonfiniteString() const;  // "propagate", "indeterminate:3", "report"
  bool operator==(const FloatMode& o) const {
    return ftz == o.ftz && fma == o.fma && ulp == o.ulp && ulp_seed == o.ulp_seed && nonfinite == o.nonfinite &&
           nonfinite_seed == o.nonfinite_seed;
  }
};

// Parse the value of `--float=` into `mode` (only its float part changes). On failure returns
// false with a sentence in `error` and leaves `mode` unchanged.
bool parseFloatOption(std::string_view text, FloatMode& mode, std::string& error);
// Parse the value of `--nonfinite=`.
bool parseNonFiniteOption(std::string_view text, FloatMode& mode, std::string& error);

// The float dimension of `wgslemu explore`: alternatives separated by commas, each one mode
// whose parts are joined by `+` (e.g. `ieee,ftz,fma,ftz+fma,ulp-max,ulp-random:1-5`), where
// `ulp-random:A-B` stands for the seeds A..B (at most kMaxFloatAlternatives in all). Each
// alternative keeps `base`'s non-finite policy. Duplicates are errors.
constexpr size_t kMaxFloatAlternatives = 256;
bool parseFloatDimension(std::string_view text, const FloatMode& base, std::vector<FloatMode>& out,
                         std::string& error);

}  // namespace wgsl::math
