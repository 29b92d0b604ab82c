// Integer built-ins that are not inline in scalar_math.h: reverseBits and the packed dot
// products.
#include "interp/math/scalar_math.h"

namespace wgsl::math {

uint32_t reverseBits(uint32_t x) {
  // Swap halves, then bytes, nibbles, pairs, single bits.
  x = (x >> 16) | (x << 16);
  x = ((x & 0xff00ff00u) >> 8) | ((x & 0x00ff00ffu) << 8);
  x = ((x & 0xf0f0f0f0u) >> 4) | ((x & 0x0f0f0f0fu) << 4);
  x = ((x & 0xccccccccu) >> 2) | ((x & 0x33333333u) << 2);
  x = ((x & 0xaaaaaaaau) >> 1) | ((x & 0x55555555u) << 1);
  return x;
}

int32_t dot4I8Packed(uint32_t a, uint32_t b) {
  int32_t sum = 0;
  for (int i = 0; i < 4; ++i) {
    const int32_t x = static_cast<int8_t>(static_cast<uint8_t>(a >> (8 * i)));
    const int32_t y = static_cast<int8_t>(static_cast<uint8_t>(b >> (8 * i)));
    sum += x * y;  // |sum| <= 4 * 128 * 128: no overflow
  }
  return sum;
}

uint32_t dot4U8Packed(uint32_t a, uint32_t b) {
  uint32_t sum = 0;
  for (int i = 0; i < 4; ++i) sum += ((a >> (8 * i)) & 0xffu) * ((b >> (8 * i)) & 0xffu);
  return sum;
}

}  // namespace wgsl::math
