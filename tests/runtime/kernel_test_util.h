// Helpers for kernel-level tests through the host API: compile a module (failing the test with
// its diagnostics), build a pipeline, run one dispatch over buffers.
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "runtime/runtime.h"

namespace wgsl::testing {

using namespace wgsl::runtime;

inline ComputePipeline makePipeline(Device& dev, const std::string& src, const std::string& entry = "main",
                                    const OverrideValues& ov = {}, const ShaderModuleOptions& mo = {}) {
  ShaderModule m = dev.createShaderModule(src, "test.wgsl", mo);
  EXPECT_TRUE(m.ok()) << m.diagnostics();
  if (!m.ok()) throw Error("module has errors:\n" + m.diagnostics());
  return dev.createComputePipeline(m, entry, ov);
}

// Runs `src` with buffers bound at group 0, bindings 0, 1, ... and returns the report.
inline Report run(Device& dev, const std::string& src, std::vector<Buffer> buffers, uint32_t x, uint32_t y = 1,
                  uint32_t z = 1, const OverrideValues& ov = {}) {
  ComputePipeline p = makePipeline(dev, src, "main", ov);
  BindGroup bg;
  for (uint32_t i = 0; i < buffers.size(); ++i) bg.bind(0, i, buffers[i]);
  return dev.dispatch(p, {bg}, x, y, z);
}

// For kernels that WGSL's uniformity analysis rejects but a test runs to see what the engine
// reports (--allow-nonuniform).
inline ComputePipeline makeNonUniformPipeline(Device& dev, const std::string& src, const std::string& entry = "main") {
  ShaderModuleOptions mo;
  mo.allow_nonuniform = true;
  return makePipeline(dev, src, entry, {}, mo);
}
inline Report runNonUniform(Device& dev, const std::string& src, std::vector<Buffer> buffers, uint32_t x) {
  ComputePipeline p = makeNonUniformPipeline(dev, src);
  BindGroup bg;
  for (uint32_t i = 0; i < buffers.size(); ++i) bg.bind(0, i, buffers[i]);
  return dev.dispatch(p, {bg}, x);
}

template <typename T>
std::vector<T> iota(size_t n, T start = T{0}) {
  std::vector<T> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<T>(start + static_cast<T>(i));
  return v;
}

inline uint32_t bitsOf(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline float floatOf(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

}  // namespace wgsl::testing
