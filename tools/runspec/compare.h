// Comparing a buffer's final contents with the "expect" of a run spec.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tools/runspec/data_spec.h"
#include "tools/runspec/run_spec.h"

namespace wgslemu::runspec {

struct ElementMismatch {
  uint64_t index = 0;     // element index (byte index for raw expectations)
  std::string expected;   // as text in the element type
  std::string got;
};

struct Mismatch {
  std::string buffer;
  ElemType type = ElemType::U8;
  uint64_t count = 0;                  // how many elements differ
  uint64_t compared = 0;               // how many elements were compared
  std::vector<ElementMismatch> first;  // the first few differing elements
};

// Compares `actual` (the buffer's bytes) with the expectation `expect` (whose bytes are
// `expected`), element by element in the expectation's type. Floats compare equal when they are
// equal values (+0 == -0) or both NaN, or within `tolerance` when given. Returns nullopt when
// everything matches.
std::optional<Mismatch> compareBuffer(const std::string& name, const DataSpec& expect,
                                      const std::vector<uint8_t>& expected, const std::vector<uint8_t>& actual,
                                      const std::optional<Tolerance>& tolerance, size_t keep_first = 8);

// "buffer 'out': 3 of 1024 u32 elements differ; first: [5] expected 10, got 11; ..."
std::string describe(const Mismatch& m);

// Distance in units in the last place between two finite values of binary32 (or binary16 when
// `half`): the number of representable values between them, counting across zero.
uint64_t ulpDistance(double a, double b, bool half);

}  // namespace wgslemu::runspec
