// Per-lane register access shared by the interpreter's opcode bodies (exec_*.h, the memory
// doors): registers as arrays of S lanes, bool registers as lane masks, bit casts.
#pragma once

#include <cstdint>
#include <cstring>

#include "interp/exec/subgroup.h"
#include "interp/math/scalar_math.h"

namespace wgsl::exec::ops {

using ir::Inst;
using ir::kInvalidOffset;
using ir::kNoReg;
using ir::Op;
using ir::OpGroup;
using ir::Root;
using ir::Scalar;

inline float F(uint32_t u) { return math::floatOf(u); }
inline uint32_t U(float f) { return math::bitsOf(f); }
inline uint16_t H(uint32_t u) { return static_cast<uint16_t>(u); }
inline float HF(uint32_t u) { return math::f32FromF16(static_cast<uint16_t>(u)); }

// Register `r` of subgroup `sg` (S lanes) as an array of T.
template <typename T>
inline T* R(Subgroup& sg, uint32_t S, uint32_t r) {
  return reinterpret_cast<T*>(sg.regs + static_cast<size_t>(r) * S);
}

// The active lanes whose bool register value is true (branch-free over all S lanes).
inline LaneMask maskOf(const uint32_t* c, const LaneMask& mask, uint32_t S) {
  LaneMask t;
  const uint32_t n0 = S < 64 ? S : 64;
  uint64_t w = 0;
  for (uint32_t l = 0; l < n0; ++l) w |= static_cast<uint64_t>(c[l] != 0) << l;
  t.w[0] = w & mask.w[0];
  if (S > 64) {
    w = 0;
    for (uint32_t l = 0; l < S - 64; ++l) w |= static_cast<uint64_t>(c[64 + l] != 0) << l;
    t.w[1] = w & mask.w[1];
  }
  return t;
}

// Register copy: an inline loop for the common short, non-overlapping-backwards case.
inline void copyRegs(uint32_t* d, const uint32_t* a, uint32_t count) {
  if (d > a && d < a + count) {
    std::memmove(d, a, sizeof(uint32_t) * count);
    return;
  }
  for (uint32_t i = 0; i < count; ++i) d[i] = a[i];
}

}  // namespace wgsl::exec::ops
