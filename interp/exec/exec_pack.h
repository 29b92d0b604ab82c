// The interpreter's Pack opcode: the data packing and unpacking built-ins (pack4x8snorm,
// unpack2x16float, pack4xI8, dot4I8Packed, ...) and the f16 pair <-> u32 moves of bitcast,
// selected by ir::PackFn. Called from runSubgroupT.
#pragma once

#include <cstdint>

#include "interp/exec/exec_lanes.h"

namespace wgsl::exec::ops {

// Pack: computes every lane into `scratch` (S * in.n slots), then writes the destination.
inline void pack(Subgroup& sg, uint32_t S, uint32_t* scratch, const Inst& in) {
  namespace m = wgsl::math;
  using ir::PackFn;
  const PackFn fn = static_cast<PackFn>(in.aux);
  auto A = [&](uint32_t k, uint32_t l) { return R<const uint32_t>(sg, S, in.a + k)[l]; };
  auto D = [&](uint32_t k, uint32_t l) -> uint32_t& { return R<uint32_t>(sg, S, in.dst + k)[l]; };
  uint32_t* tmp = scratch;
  for (uint32_t l = 0; l < S; ++l) {
    switch (fn) {
      case PackFn::Pack4x8snorm: tmp[l] = m::pack4x8snorm({F(A(0, l)), F(A(1, l)), F(A(2, l)), F(A(3, l))}); break;
      case PackFn::Pack4x8unorm: tmp[l] = m::pack4x8unorm({F(A(0, l)), F(A(1, l)), F(A(2, l)), F(A(3, l))}); break;
      case PackFn::Pack4xI8:
        tmp[l] = m::pack4xI8({static_cast<int32_t>(A(0, l)), static_cast<int32_t>(A(1, l)), static_cast<int32_t>(A(2, l)),
                              static_cast<int32_t>(A(3, l))});
        break;
      case PackFn::Pack4xU8: tmp[l] = m::pack4xU8({A(0, l), A(1, l), A(2, l), A(3, l)}); break;
      case PackFn::Pack4xI8Clamp:
        tmp[l] = m::pack4xI8Clamp({static_cast<int32_t>(A(0, l)), static_cast<int32_t>(A(1, l)),
                                   static_cast<int32_t>(A(2, l)), static_cast<int32_t>(A(3, l))});
        break;
      case PackFn::Pack4xU8Clamp: tmp[l] = m::pack4xU8Clamp({A(0, l), A(1, l), A(2, l), A(3, l)}); break;
      case PackFn::Pack2x16snorm: tmp[l] = m::pack2x16snorm({F(A(0, l)), F(A(1, l))}); break;
      case PackFn::Pack2x16unorm: tmp[l] = m::pack2x16unorm({F(A(0, l)), F(A(1, l))}); break;
      case PackFn::Pack2x16float: tmp[l] = m::pack2x16float({F(A(0, l)), F(A(1, l))}); break;
      case PackFn::Unpack4x8snorm: {
        auto r = m::unpack4x8snorm(A(0, l));
        for (int k = 0; k < 4; ++k) tmp[k * S + l] = U(r[k]);
        break;
      }
      case PackFn::Unpack4x8unorm: {
        auto r = m::unpack4x8unorm(A(0, l));
        for (int k = 0; k < 4; ++k) tmp[k * S + l] = U(r[k]);
        break;
      }
      case PackFn::Unpack4xI8: {
        auto r = m::unpack4xI8(A(0, l));
        for (int k = 0; k < 4; ++k) tmp[k * S + l] = static_cast<uint32_t>(r[k]);
        break;
      }
      case PackFn::Unpack4xU8: {
        auto r = m::unpack4xU8(A(0, l));
        for (int k = 0; k < 4; ++k) tmp[k * S + l] = r[k];
        break;
      }
      case PackFn::Unpack2x16snorm: {
        auto r = m::unpack2x16snorm(A(0, l));
        for (int k = 0; k < 2; ++k) tmp[k * S + l] = U(r[k]);
        break;
      }
      case PackFn::Unpack2x16unorm: {
        auto r = m::unpack2x16unorm(A(0, l));
        for (int k = 0; k < 2; ++k) tmp[k * S + l] = U(r[k]);
        break;
      }
      case PackFn::Unpack2x16float: {
        auto r = m::unpack2x16float(A(0, l));
        for (int k = 0; k < 2; ++k) tmp[k * S + l] = U(r[k]);
        break;
      }
      case PackFn::Dot4I8Packed:
        tmp[l] = static_cast<uint32_t>(m::dot4I8Packed(A(0, l), R<const uint32_t>(sg, S, in.b)[l]));
        break;
      case PackFn::Dot4U8Packed: tmp[l] = m::dot4U8Packed(A(0, l), R<const uint32_t>(sg, S, in.b)[l]); break;
      case PackFn::F16x2ToU32: tmp[l] = (A(0, l) & 0xffffu) | (A(1, l) << 16); break;
      case PackFn::U32ToF16x2:
        tmp[l] = A(0, l) & 0xffffu;
        tmp[S + l] = A(0, l) >> 16;
        break;
      default: break;
    }
  }
  for (uint32_t k = 0; k < in.n; ++k)
    for (uint32_t l = 0; l < S; ++l) D(k, l) = tmp[k * S + l];
}

}  // namespace wgsl::exec::ops
