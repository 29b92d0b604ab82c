// The execution benchmark's five kernels on the host side: their deterministic inputs (the same
// generators as bench/peers/wgpu_bench.js), dispatch sizes, and the plain C++ loop doing the same
// work, serial or parallel (oneTBB), whose output the emulator's must equal byte for byte.
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/combinable.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace wgslemu::bench {

inline uint32_t hash32(uint32_t i) {
  uint32_t h = i * 0x9e3779b1u;
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  return h ^ (h >> 13);
}

// One resource of a kernel, bound at group 0 and binding = its position; `fill` writes its initial
// contents (`bytes` bytes) wherever they are needed: a host array or the emulator's buffer.
struct BindingSpec {
  uint64_t bytes = 0;
  std::function<void(uint8_t*)> fill;
};

struct ExecCase {
  std::string name;  // also bench/kernels/NAME.wgsl
  std::vector<BindingSpec> bindings;
  size_t out = 0;  // the binding holding the result
  std::array<uint32_t, 3> groups{1, 1, 1};
  // The plain loop: reads the inputs (one host array per binding, filled), writes the result
  // binding's bytes to `result` (zeroed, bindings[out].bytes long). threads > 1: parallel, to be
  // called inside a tbb::task_arena of that many threads.
  std::function<void(const std::vector<std::vector<uint8_t>>& in, uint8_t* result, unsigned threads)> loop;
  uint64_t boundBytes() const {
    uint64_t b = 0;
    for (const auto& s : bindings) b += s.bytes;
    return b;
  }
};

namespace detail {

template <typename T>
const T* as(const std::vector<uint8_t>& v) {
  return reinterpret_cast<const T*>(v.data());
}

// Runs body(begin, end) over [0, n): serially, or split over the current task arena.
template <typename F>
void forRange(size_t n, unsigned threads, size_t grain, F&& body) {
  if (threads <= 1) {
    body(size_t{0}, n);
    return;
  }
  tbb::parallel_for(tbb::blocked_range<size_t>(0, n, grain),
                    [&](const tbb::blocked_range<size_t>& r) { body(r.begin(), r.end()); });
}

inline BindingSpec u32Input(uint64_t n, uint32_t seed) {
  return {n * 4, [n, seed](uint8_t* p) {
            for (uint64_t i = 0; i < n; ++i) {
              const uint32_t v = hash32(static_cast<uint32_t>(i) + seed);
              std::memcpy(p + 4 * i, &v, 4);
            }
          }};
}
// Multiples of 1/256 below 256: sums of two are exact in f32.
inline BindingSpec vecInput(uint64_t n, uint32_t seed) {
  return {n * 4, [n, seed](uint8_t* p) {
            for (uint64_t i = 0; i < n; ++i) {
              const float v = static_cast<float>(hash32(static_cast<uint32_t>(i) + seed) & 0xffffu) / 256.0f;
              std::memcpy(p + 4 * i, &v, 4);
            }
          }};
}
// Multiples of 1/64 in [-2, 2): every partial sum of a 256-term dot product is exact in f32.
inline BindingSpec matInput(uint64_t n, uint32_t seed) {
  return {n * 4, [n, seed](uint8_t* p) {
            for (uint64_t i = 0; i < n; ++i) {
              const float v = static_cast<float>(hash32(static_cast<uint32_t>(i) + seed) & 0xffu) / 64.0f - 2.0f;
              std::memcpy(p + 4 * i, &v, 4);
            }
          }};
}
inline BindingSpec zeros(uint64_t bytes) {
  return {bytes, [bytes](uint8_t* p) { std::memset(p, 0, bytes); }};
}

}  // namespace detail

constexpr uint32_t kElements = 4u * 1024 * 1024;
constexpr uint32_t kMandelSize = 512, kMandelMaxIter = 256, kMatSize = 256, kHistogramGroups = 64;

inline ExecCase vectorAddCase() {
  using namespace detail;
  ExecCase c{"vector_add", {vecInput(kElements, 1), vecInput(kElements, 2), zeros(kElements * 4ull)}, 2,
             {kElements / 256, 1, 1}, nullptr};
  c.loop = [](const std::vector<std::vector<uint8_t>>& in, uint8_t* result, unsigned threads) {
    const float* a = as<float>(in[0]);
    const float* b = as<float>(in[1]);
    float* out = reinterpret_cast<float*>(result);
    forRange(kElements, threads, 1 << 16, [&](size_t lo, size_t hi) {
      for (size_t i = lo; i < hi; ++i) out[i] = a[i] + b[i];
    });
  };
  return c;
}

// Same operations in the same order as mandelbrot.wgsl, in f32 (exec_bench is built with
// -ffp-contract=off so that no multiply-add is fused).
inline uint32_t mandelbrotPixel(uint32_t px, uint32_t py) {
  const float cx = -2.0f + static_cast<float>(px) * (3.0f / static_cast<float>(kMandelSize));
  const float cy = -1.5f + static_cast<float>(py) * (3.0f / static_cast<float>(kMandelSize));
  float x = 0.0f, y = 0.0f;
  uint32_t i = 0;
  while (i < kMandelMaxIter && !(x * x + y * y > 4.0f)) {
    const float xt = x * x - y * y + cx;
    y = 2.0f * x * y + cy;
    x = xt;
    ++i;
  }
  return i;
}

inline ExecCase mandelbrotCase() {
  using namespace detail;
  ExecCase c{"mandelbrot", {zeros(uint64_t{kMandelSize} * kMandelSize * 4)}, 0,
             {kMandelSize / 16, kMandelSize / 16, 1}, nullptr};
  c.loop = [](const std::vector<std::vector<uint8_t>>&, uint8_t* result, unsigned threads) {
    uint32_t* out = reinterpret_cast<uint32_t*>(result);
    forRange(kMandelSize, threads, 4, [&](size_t lo, size_t hi) {
      for (size_t py = lo; py < hi; ++py)
        for (uint32_t px = 0; px < kMandelSize; ++px)
          out[py * kMandelSize + px] = mandelbrotPixel(px, static_cast<uint32_t>(py));
    });
  };
  return c;
}

inline ExecCase reduceCase() {
  using namespace detail;
  ExecCase c{"reduce", {u32Input(kElements, 3), zeros(4)}, 1, {kElements / 256, 1, 1}, nullptr};
  c.loop = [](const std::vector<std::vector<uint8_t>>& in, uint8_t* result, unsigned threads) {
    const uint32_t* v = as<uint32_t>(in[0]);
    auto sum = [v](size_t lo, size_t hi, uint32_t acc) {
      for (size_t i = lo; i < hi; ++i) acc += v[i];
      return acc;
    };
    uint32_t total = 0;
    if (threads <= 1) {
      total = sum(0, kElements, 0);
    } else {
      total = tbb::parallel_reduce(
          tbb::blocked_range<size_t>(0, kElements, 1 << 16), uint32_t{0},
          [&](const tbb::blocked_range<size_t>& r, uint32_t acc) { return sum(r.begin(), r.end(), acc); },
          [](uint32_t x, uint32_t y) { return x + y; });
    }
    std::memcpy(result, &total, 4);
  };
  return c;
}

inline ExecCase histogramCase() {
  using namespace detail;
  ExecCase c{"histogram", {u32Input(kElements, 4), zeros(256 * 4)}, 1, {kHistogramGroups, 1, 1}, nullptr};
  c.loop = [](const std::vector<std::vector<uint8_t>>& in, uint8_t* result, unsigned threads) {
    const uint32_t* v = as<uint32_t>(in[0]);
    std::array<uint32_t, 256> bins{};
    if (threads <= 1) {
      for (size_t i = 0; i < kElements; ++i) ++bins[v[i] & 0xffu];
    } else {
      tbb::combinable<std::array<uint32_t, 256>> local([] { return std::array<uint32_t, 256>{}; });
      forRange(kElements, threads, 1 << 16, [&](size_t lo, size_t hi) {
        auto& b = local.local();
        for (size_t i = lo; i < hi; ++i) ++b[v[i] & 0xffu];
      });
      local.combine_each([&](const std::array<uint32_t, 256>& b) {
        for (size_t i = 0; i < 256; ++i) bins[i] += b[i];
      });
    }
    std::memcpy(result, bins.data(), sizeof bins);
  };
  return c;
}

inline ExecCase matmulCase() {
  using namespace detail;
  constexpr uint64_t n = kMatSize;
  ExecCase c{"matmul", {matInput(n * n, 5), matInput(n * n, 6), zeros(n * n * 4)}, 2, {n / 16, n / 16, 1}, nullptr};
  c.loop = [](const std::vector<std::vector<uint8_t>>& in, uint8_t* result, unsigned threads) {
    const float* a = as<float>(in[0]);
    const float* b = as<float>(in[1]);
    float* out = reinterpret_cast<float*>(result);
    // Row by row, k outer and j inner (vectorisable); each c[i][j] still sums over k in order.
    forRange(n, threads, 8, [&](size_t lo, size_t hi) {
      for (size_t i = lo; i < hi; ++i) {
        float* row = out + i * n;
        for (size_t j = 0; j < n; ++j) row[j] = 0.0f;
        for (size_t k = 0; k < n; ++k) {
          const float aik = a[i * n + k];
          const float* brow = b + k * n;
          for (size_t j = 0; j < n; ++j) row[j] += aik * brow[j];
        }
      }
    });
  };
  return c;
}

inline std::vector<ExecCase> allExecCases() {
  return {vectorAddCase(), mandelbrotCase(), reduceCase(), histogramCase(), matmulCase()};
}

}  // namespace wgslemu::bench
