// Helpers for the float-mode tests: run one element-wise kernel `O[i] = EXPR` over inputs A, B
// (and C) on a device with the given --float / --nonfinite, and bit-level helpers.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "runtime/runtime.h"
#include "tests/runtime/kernel_test_util.h"

namespace wgsl::floattest {

using namespace wgsl::runtime;

using testing::bitsOf;
using testing::floatOf;

struct Mode {
  std::string float_mode = "ieee";
  std::string nonfinite = "propagate";
  uint32_t threads = 0;
  uint32_t subgroup_size = 32;
  bool allow_nonuniform = false;  // for kernels with collectives under the elementwise bounds guard
};

inline Device makeDevice(const Mode& m) {
  DeviceOptions o;
  o.float_mode = m.float_mode;
  o.nonfinite = m.nonfinite;
  o.threads = m.threads;
  o.subgroup_size = m.subgroup_size;
  return Device(o);
}

// The kernel: `enable f16;` when any type is f16; A, B, C of type `in_t`, O of type `out_t`;
// `a`, `b`, `c` are the i-th inputs. `body` may use them and must assign O[i].
inline std::string elementwiseSource(const std::string& in_t, const std::string& out_t, const std::string& body) {
  std::string s;
  if (in_t == "f16" || out_t == "f16") s += "enable f16;\n";
  s += "@group(0) @binding(0) var<storage, read> A: array<" + in_t + ">;\n";
  s += "@group(0) @binding(1) var<storage, read> B: array<" + in_t + ">;\n";
  s += "@group(0) @binding(2) var<storage, read> C: array<" + in_t + ">;\n";
  s += "@group(0) @binding(3) var<storage, read_write> O: array<" + out_t + ">;\n";
  s += "@compute @workgroup_size(64)\nfn main(@builtin(global_invocation_id) id: vec3u) {\n";
  s += "  let i = id.x;\n  if (i >= arrayLength(&O)) { return; }\n";
  s += "  let a = A[i];\n  let b = B[i];\n  let c = C[i];\n";
  s += "  " + body + "\n}\n";
  return s;
}

struct Run {
  std::vector<uint8_t> out;
  Report report;
};

// Inputs as raw bytes (f32 or f16 bit patterns); `out_bytes` per element (4 or 2).
inline Run runBytes(const Mode& m, const std::string& src, const std::vector<uint8_t>& a, const std::vector<uint8_t>& b,
                    const std::vector<uint8_t>& c, size_t n, size_t out_elem_bytes) {
  Device dev = makeDevice(m);
  ShaderModuleOptions mo;
  mo.allow_nonuniform = m.allow_nonuniform;
  ShaderModule mod = dev.createShaderModule(src, "k.wgsl", mo);
  EXPECT_TRUE(mod.ok()) << mod.diagnostics();
  ComputePipeline p = dev.createComputePipeline(mod, "main");
  auto pad = [](std::vector<uint8_t> v) {
    while (v.size() % 4 || v.empty()) v.push_back(0);
    return v;
  };
  Buffer ba = dev.createBuffer(pad(a)), bb = dev.createBuffer(pad(b)), bc = dev.createBuffer(pad(c));
  Buffer bo = dev.createBuffer((n * out_elem_bytes + 3) / 4 * 4);
  BindGroup bg;
  bg.bind(0, 0, ba).bind(0, 1, bb).bind(0, 2, bc).bind(0, 3, bo, 0, (n * out_elem_bytes + 3) / 4 * 4);
  Run r;
  r.report = dev.dispatch(p, {bg}, static_cast<uint32_t>((n + 63) / 64));
  r.out.resize(n * out_elem_bytes);
  bo.read(0, r.out.data(), r.out.size());
  return r;
}

template <typename T>
std::vector<uint8_t> toBytes(const std::vector<T>& v) {
  std::vector<uint8_t> out(v.size() * sizeof(T));
  if (!v.empty()) std::memcpy(out.data(), v.data(), out.size());
  return out;
}
template <typename T>
std::vector<T> fromBytes(const std::vector<uint8_t>& v) {
  std::vector<T> out(v.size() / sizeof(T));
  if (!out.empty()) std::memcpy(out.data(), v.data(), out.size() * sizeof(T));
  return out;
}

// f32 in, f32 (or u32 with out_t "u32") out: the result bit patterns.
inline std::vector<uint32_t> runF32(const Mode& m, const std::string& body, const std::vector<float>& a,
                                    const std::vector<float>& b = {}, const std::vector<float>& c = {},
                                    const std::string& out_t = "f32", Report* report = nullptr) {
  const size_t n = a.size();
  auto fill = [n](std::vector<float> v) {
    v.resize(n, 0.0f);
    return v;
  };
  Run r = runBytes(m, elementwiseSource("f32", out_t, body), toBytes(a), toBytes(fill(b)), toBytes(fill(c)), n, 4);
  if (report) *report = r.report;
  return fromBytes<uint32_t>(r.out);
}

// f16 in (bit patterns), f16 out (or u32 / f32 with out_t).
inline std::vector<uint16_t> runF16(const Mode& m, const std::string& body, const std::vector<uint16_t>& a,
                                    const std::vector<uint16_t>& b = {}, const std::vector<uint16_t>& c = {}) {
  const size_t n = a.size();
  auto fill = [n](std::vector<uint16_t> v) {
    v.resize(n, 0);
    return v;
  };
  Run r = runBytes(m, elementwiseSource("f16", "f16", body), toBytes(a), toBytes(fill(b)), toBytes(fill(c)), n, 2);
  return fromBytes<uint16_t>(r.out);
}

// binary16 helpers written for the tests (independent of interp/math): value of a bit pattern.
inline double f16Value(uint16_t h) {
  const int e = (h >> 10) & 0x1f;
  const int f = h & 0x3ff;
  const double sign = (h & 0x8000) ? -1.0 : 1.0;
  if (e == 0) return sign * std::ldexp(f, -24);
  if (e == 31) return f ? NAN : sign * INFINITY;
  return sign * std::ldexp(1024 + f, e - 25);
}

}  // namespace wgsl::floattest
