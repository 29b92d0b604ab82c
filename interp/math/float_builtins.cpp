// f32 numeric built-ins and the f32 remainder that are not inline in scalar_math.h.
#include <cmath>

#include "interp/math/scalar_math.h"

namespace wgsl::math {

float remF32(float a, float b) {
  // The spec's definition, each step rounded in f32 (this file is built without contraction).
  const float q = std::trunc(a / b);
  const float p = b * q;
  return a - p;
}

float roundEven(float x) {
  const float ax = std::fabs(x);
  if (!(ax < 0x1p23f)) return x;  // already integral (or inf / NaN)
  const float r = std::floor(ax);
  const float d = ax - r;  // exact for |x| < 2^23
  float k = r;
  if (d > 0.5f || (d == 0.5f && std::fmod(r, 2.0f) != 0.0f)) k = r + 1.0f;
  return std::copysign(k, x);  // keeps the sign of zero results: round(-0.25) == -0.0
}

float smoothstep(float lo, float hi, float x) {
  const float t = clamp((x - lo) / (hi - lo), 0.0f, 1.0f);
  const float u = 3.0f - 2.0f * t;
  const float tt = t * t;
  return tt * u;
}

float mix(float a, float b, float t) {
  const float s = 1.0f - t;
  const float p = a * s;
  const float q = b * t;
  return p + q;
}

float inverseSqrt(float x) { return 1.0f / std::sqrt(x); }

float degrees(float r) {
  return static_cast<float>(static_cast<double>(r) * 57.295779513082320876798154814105);
}

float radians(float d) {
  return static_cast<float>(static_cast<double>(d) * 0.017453292519943295769236907684886);
}

float ldexp(float x, int32_t e) {
  // std::ldexp computes x * 2^e with one rounding; clamp e so int arithmetic inside cannot
  // misbehave (any |e| >= 400 already saturates to infinity or zero for a finite x != 0).
  const int32_t c = e > 400 ? 400 : (e < -400 ? -400 : e);
  return std::ldexp(x, c);
}

FrexpF32 frexp(float x) {
  if (x == 0.0f || std::isinf(x) || std::isnan(x)) return {x, 0};
  int e = 0;
  const float f = std::frexp(x, &e);
  return {f, static_cast<int32_t>(e)};
}

ModfF32 modf(float x) {
  const float whole = std::trunc(x);
  return {x - whole, whole};
}

}  // namespace wgsl::math
