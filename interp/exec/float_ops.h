// The ieee value of the float built-ins the IR calls through MathFn (Math1/Math2/Math3), shared
// by the fast interpreter loop (interpreter.cpp) and the float modes (float_exec.cpp), so that a
// mode that changes nothing leaves a result bit for bit as in the fast path.
#pragma once

#include <cmath>

#include "interp/ir/ir.h"
#include "interp/math/scalar_math.h"

namespace wgsl::exec {

inline float unaryF(ir::MathFn fn, float x) {
  switch (fn) {
    case ir::MathFn::Acos: return std::acos(x);
    case ir::MathFn::Acosh: return std::acosh(x);
    case ir::MathFn::Asin: return std::asin(x);
    case ir::MathFn::Asinh: return std::asinh(x);
    case ir::MathFn::Atan: return std::atan(x);
    case ir::MathFn::Atanh: return std::atanh(x);
    case ir::MathFn::Ceil: return std::ceil(x);
    case ir::MathFn::Cos: return std::cos(x);
    case ir::MathFn::Cosh: return std::cosh(x);
    case ir::MathFn::Degrees: return wgsl::math::degrees(x);
    case ir::MathFn::Exp: return std::exp(x);
    case ir::MathFn::Exp2: return std::exp2(x);
    case ir::MathFn::Floor: return std::floor(x);
    case ir::MathFn::Fract: return wgsl::math::fract(x);
    case ir::MathFn::InverseSqrt: return wgsl::math::inverseSqrt(x);
    case ir::MathFn::Log: return std::log(x);
    case ir::MathFn::Log2: return std::log2(x);
    case ir::MathFn::QuantizeToF16: return wgsl::math::quantizeToF16(x);
    case ir::MathFn::Radians: return wgsl::math::radians(x);
    case ir::MathFn::Round: return wgsl::math::roundEven(x);
    case ir::MathFn::Saturate: return wgsl::math::saturate(x);
    case ir::MathFn::Sign: return wgsl::math::sign(x);
    case ir::MathFn::Sin: return std::sin(x);
    case ir::MathFn::Sinh: return std::sinh(x);
    case ir::MathFn::Sqrt: return std::sqrt(x);
    case ir::MathFn::Tan: return std::tan(x);
    case ir::MathFn::Tanh: return std::tanh(x);
    case ir::MathFn::Trunc: return std::trunc(x);
    case ir::MathFn::FrexpFract: return wgsl::math::frexp(x).fract;
    case ir::MathFn::ModfFract: return wgsl::math::modf(x).fract;
    case ir::MathFn::ModfWhole: return wgsl::math::modf(x).whole;
    default: return 0;
  }
}

inline uint32_t unaryInt(ir::MathFn fn, uint32_t x, bool is_signed) {
  switch (fn) {
    case ir::MathFn::CountLeadingZeros: return wgsl::math::countLeadingZeros(x);
    case ir::MathFn::CountOneBits: return wgsl::math::countOneBits(x);
    case ir::MathFn::CountTrailingZeros: return wgsl::math::countTrailingZeros(x);
    case ir::MathFn::FirstLeadingBit:
      return is_signed ? static_cast<uint32_t>(wgsl::math::firstLeadingBitI32(static_cast<int32_t>(x))) : wgsl::math::firstLeadingBitU32(x);
    case ir::MathFn::FirstTrailingBit: return wgsl::math::firstTrailingBit(x);
    case ir::MathFn::ReverseBits: return wgsl::math::reverseBits(x);
    case ir::MathFn::Sign: return static_cast<uint32_t>(wgsl::math::signI32(static_cast<int32_t>(x)));
    default: return 0;
  }
}

inline float binaryF(ir::MathFn fn, float a, float b) {
  switch (fn) {
    case ir::MathFn::Atan2: return std::atan2(a, b);
    case ir::MathFn::Pow: return std::pow(a, b);
    case ir::MathFn::Step: return wgsl::math::step(a, b);
    default: return 0;
  }
}

inline float ternaryF(ir::MathFn fn, float a, float b, float c) {
  switch (fn) {
    case ir::MathFn::Fma: return wgsl::math::fma(a, b, c);
    case ir::MathFn::Mix: return wgsl::math::mix(a, b, c);
    case ir::MathFn::Smoothstep: return wgsl::math::smoothstep(a, b, c);
    default: return 0;
  }
}

}  // namespace wgsl::exec
