// A structure-aware generator for the engine fuzzer: decodes bytes into a small VALID compute
// kernel and a set of run options. Every choice reads the next byte (0 once the bytes run out),
// so libFuzzer's mutations of the bytes become mutations of the kernel's structure.
//
// The kernels use what real kernels use: u32/i32/f32 arithmetic (division by zero, shifts by
// any amount, overflow), loops with constant trip counts, ifs on invocation-dependent values,
// barriers only in workgroup-uniform control flow, atomics on storage and workgroup memory,
// workgroup arrays, and indices that may be out of bounds. Loops are bounded and barriers
// uniform, so every kernel terminates and passes the uniformity analysis.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "runtime/runtime.h"

namespace wgslemu::fuzz {

class ByteReader {
 public:
  ByteReader(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  uint8_t byte() { return pos_ < size_ ? data_[pos_++] : 0; }
  uint32_t below(uint32_t n) { return n == 0 ? 0 : byte() % n; }
  uint32_t u32() {
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v = (v << 8) | byte();
    return v;
  }
  bool empty() const { return pos_ >= size_; }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

struct GeneratedKernel {
  std::string source;
  uint32_t workgroup_size = 1;
  uint32_t workgroups = 1;
  uint32_t lines = 1;  // source lines (for injection rules)
};

// The storage buffer `buf` has kBufWords u32, `acc` kAccWords atomic<u32>; the workgroup array
// `wg` has kWgWords u32.
constexpr uint32_t kBufWords = 64;
constexpr uint32_t kAccWords = 16;
constexpr uint32_t kWgWords = 64;

GeneratedKernel generateKernel(ByteReader& in);
// Run options from the remaining bytes: scheduler, subgroup size and scheduler, bounds policy,
// fault injection, race detection, float modes. Step and instruction bounds are always set.
wgsl::runtime::DeviceOptions generateOptions(ByteReader& in, const GeneratedKernel& k);

}  // namespace wgslemu::fuzz
