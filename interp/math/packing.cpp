// Data packing and unpacking built-ins (spec section "Data Packing Built-in Functions").
#include <cmath>

#include "interp/math/scalar_math.h"

namespace wgsl::math {

namespace {

// floor(0.5 + scale * min(hi, max(lo, e))) evaluated exactly: scale has at most 16 bits and e
// 24, so the product and the sum are exact in binary64. NaN packs as 0.
int32_t normToInt(float e, double lo, double scale) {
  if (e != e) return 0;
  double c = static_cast<double>(e);
  if (c < lo) c = lo;
  if (c > 1.0) c = 1.0;
  return static_cast<int32_t>(std::floor(0.5 + scale * c));
}

uint32_t byteAt(uint32_t p, int i) { return (p >> (8 * i)) & 0xffu; }
uint32_t halfAt(uint32_t p, int i) { return (p >> (16 * i)) & 0xffffu; }

}  // namespace

uint32_t pack4x8snorm(const std::array<float, 4>& v) {
  uint32_t r = 0;
  for (int i = 0; i < 4; ++i)
    r |= (static_cast<uint32_t>(normToInt(v[i], -1.0, 127.0)) & 0xffu) << (8 * i);
  return r;
}

uint32_t pack4x8unorm(const std::array<float, 4>& v) {
  uint32_t r = 0;
  for (int i = 0; i < 4; ++i)
    r |= (static_cast<uint32_t>(normToInt(v[i], 0.0, 255.0)) & 0xffu) << (8 * i);
  return r;
}

uint32_t pack4xI8(const std::array<int32_t, 4>& v) {
  uint32_t r = 0;
  for (int i = 0; i < 4; ++i) r |= (static_cast<uint32_t>(v[i]) & 0xffu) << (8 * i);
  return r;
}

uint32_t pack4xU8(const std::array<uint32_t, 4>& v) {
  uint32_t r = 0;
  for (int i = 0; i < 4; ++i) r |= (v[i] & 0xffu) << (8 * i);
  return r;
}

uint32_t pack4xI8Clamp(const std::array<int32_t, 4>& v) {
  uint32_t r = 0;
  for (int i = 0; i < 4; ++i)
    r |= (static_cast<uint32_t>(clampI32(v[i], -128, 127)) & 0xffu) << (8 * i);
  return r;
}

uint32_t pack4xU8Clamp(const std::array<uint32_t, 4>& v) {
  uint32_t r = 0;
  for (int i = 0; i < 4; ++i) r |= clampU32(v[i], 0u, 255u) << (8 * i);
  return r;
}

uint32_t pack2x16snorm(const std::array<float, 2>& v) {
  uint32_t r = 0;
  for (int i = 0; i < 2; ++i)
    r |= (static_cast<uint32_t>(normToInt(v[i], -1.0, 32767.0)) & 0xffffu) << (16 * i);
  return r;
}

uint32_t pack2x16unorm(const std::array<float, 2>& v) {
  uint32_t r = 0;
  for (int i = 0; i < 2; ++i)
    r |= (static_cast<uint32_t>(normToInt(v[i], 0.0, 65535.0)) & 0xffffu) << (16 * i);
  return r;
}

uint32_t pack2x16float(const std::array<float, 2>& v) {
  return static_cast<uint32_t>(f16FromF32(v[0])) | (static_cast<uint32_t>(f16FromF32(v[1])) << 16);
}

std::array<float, 4> unpack4x8snorm(uint32_t p) {
  std::array<float, 4> r{};
  for (int i = 0; i < 4; ++i) {
    const int32_t s = static_cast<int8_t>(static_cast<uint8_t>(byteAt(p, i)));
    r[i] = fmax(static_cast<float>(s) / 127.0f, -1.0f);
  }
  return r;
}

std::array<float, 4> unpack4x8unorm(uint32_t p) {
  std::array<float, 4> r{};
  for (int i = 0; i < 4; ++i) r[i] = static_cast<float>(byteAt(p, i)) / 255.0f;
  return r;
}

std::array<int32_t, 4> unpack4xI8(uint32_t p) {
  std::array<int32_t, 4> r{};
  for (int i = 0; i < 4; ++i) r[i] = static_cast<int8_t>(static_cast<uint8_t>(byteAt(p, i)));
  return r;
}

std::array<uint32_t, 4> unpack4xU8(uint32_t p) {
  std::array<uint32_t, 4> r{};
  for (int i = 0; i < 4; ++i) r[i] = byteAt(p, i);
  return r;
}

std::array<float, 2> unpack2x16snorm(uint32_t p) {
  std::array<float, 2> r{};
  for (int i = 0; i < 2; ++i) {
    const int32_t s = static_cast<int16_t>(static_cast<uint16_t>(halfAt(p, i)));
    r[i] = fmax(static_cast<float>(s) / 32767.0f, -1.0f);
  }
  return r;
}

std::array<float, 2> unpack2x16unorm(uint32_t p) {
  std::array<float, 2> r{};
  for (int i = 0; i < 2; ++i) r[i] = static_cast<float>(halfAt(p, i)) / 65535.0f;
  return r;
}

std::array<float, 2> unpack2x16float(uint32_t p) {
  return {f32FromF16(static_cast<uint16_t>(halfAt(p, 0))),
          f32FromF16(static_cast<uint16_t>(halfAt(p, 1)))};
}

}  // namespace wgsl::math
