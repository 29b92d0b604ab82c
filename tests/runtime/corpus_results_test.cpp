// Corpus kernels with real inputs: results checked against plain C++ loops computing the
// same thing in the same order; the same dispatch on 1 and 2 threads and at several subgroup
// sizes gives identical bytes.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "tests/runtime/kernel_test_util.h"

namespace wgsl::testing {
namespace {

std::string corpus(const std::string& name) {
  std::ifstream f(std::string(WGSLEMU_SOURCE_DIR) + "/corpus/" + name);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

TEST(CorpusResults, TiledMatmulEqualsSequentialSumOverK) {
  const uint32_t M = 37, N = 45, K = 29;  // not multiples of the 16 x 16 tile
  std::vector<float> A(M * K), B(K * N);
  for (uint32_t i = 0; i < M * K; ++i) A[i] = static_cast<float>((i * 37) % 17) * 0.25f - 1.5f;
  for (uint32_t i = 0; i < K * N; ++i) B[i] = static_cast<float>((i * 11) % 13) * 0.5f - 2.0f;
  std::vector<float> expect(M * N);
  for (uint32_t r = 0; r < M; ++r)
    for (uint32_t c = 0; c < N; ++c) {
      float acc = 0.0f;
      // Sequential over k (tile by tile, zero-padded products add exactly 0).
      for (uint32_t k = 0; k < K; ++k) acc += A[r * K + k] * B[k * N + c];
      expect[r * N + c] = acc;
    }
  std::vector<std::vector<float>> results;
  for (uint32_t S : {8u, 32u, 64u}) {
    for (uint32_t threads : {1u, 2u}) {
      Device dev({S, threads});
      ComputePipeline p = makePipeline(dev, corpus("matmul_tiled.wgsl"));
      Buffer dims = dev.createBuffer(std::vector<uint32_t>{M, N, K, 0}, kUsageUniform | kUsageCopy);
      Buffer a = dev.createBuffer(A), b = dev.createBuffer(B), c = dev.createBuffer(M * N * 4);
      BindGroup bg;
      bg.bind(0, 0, dims).bind(0, 1, a).bind(0, 2, b).bind(0, 3, c);
      Report r = dev.dispatch(p, {bg}, (N + 15) / 16, (M + 15) / 16);
      ASSERT_TRUE(r.ok()) << r.summary();
      results.push_back(c.read<float>());
    }
  }
  for (const auto& res : results) {
    for (uint32_t i = 0; i < M * N; ++i) ASSERT_EQ(res[i], expect[i]) << i;
  }
}

TEST(CorpusResults, MandelbrotIterationCountsMatchAScalarLoop) {
  const uint32_t W = 64, H = 48, max_iter = 100;
  const float cx = -0.6f, cy = 0.1f, scale = 2.5f / 64;
  std::vector<uint32_t> view(8, 0);
  view[0] = W;
  view[1] = H;
  view[2] = max_iter;
  std::memcpy(&view[4], &cx, 4);
  std::memcpy(&view[5], &cy, 4);
  std::memcpy(&view[6], &scale, 4);
  Device dev;
  ComputePipeline p = makePipeline(dev, corpus("mandelbrot.wgsl"), "main", {{"tile_w", 16}, {"tile_h", 4}});
  Buffer v = dev.createBuffer(view, kUsageUniform | kUsageCopy), it = dev.createBuffer(W * H * 4),
         rgba = dev.createBuffer(W * H * 4);
  BindGroup bg;
  bg.bind(0, 0, v).bind(0, 1, it).bind(0, 2, rgba);
  Report r = dev.dispatch(p, {bg}, W / 16, H / 4);
  ASSERT_TRUE(r.ok()) << r.summary();
  auto got = it.read<uint32_t>();
  uint32_t mismatches = 0, escaped = 0;
  for (uint32_t y = 0; y < H; ++y)
    for (uint32_t x = 0; x < W; ++x) {
      // c = center + ((x, y) - (w, h) * 0.5) * scale; z <- z^2 + c until |z|^2 > 4.
      const float c_re = cx + (static_cast<float>(x) - static_cast<float>(W) * 0.5f) * scale;
      const float c_im = cy + (static_cast<float>(y) - static_cast<float>(H) * 0.5f) * scale;
      float zr = 0, zi = 0;
      uint32_t i = 0;
      for (;;) {
        if (i >= max_iter) break;
        const float nr = zr * zr - zi * zi, ni = 2.0f * zr * zi;
        zr = nr + c_re;
        zi = ni + c_im;
        i += 1;
        if (zr * zr + zi * zi > 4.0f) break;
      }
      escaped += i < max_iter;
      mismatches += got[y * W + x] != i;
    }
  EXPECT_EQ(mismatches, 0u);
  EXPECT_GT(escaped, 100u);  // the window contains escaping and non-escaping points
}

TEST(Cli, DumpIrPrintsTheLoweredEntryPoint) {
  const std::string cmd = std::string(WGSLEMU_BINARY) + " dump-ir " + WGSLEMU_SOURCE_DIR +
                          "/corpus/reduce_sum_workgroup.wgsl --entry main 2>&1";
  FILE* f = popen(cmd.c_str(), "r");
  ASSERT_NE(f, nullptr);
  std::string out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) out.append(buf, n);
  EXPECT_EQ(pclose(f), 0) << out;
  EXPECT_NE(out.find("entry main workgroup_size(256, 1, 1)"), std::string::npos) << out;
  // Roots are numbered in declaration order: input, partial_sums, partial.
  EXPECT_NE(out.find("root 0 'input' storage"), std::string::npos) << out;
  EXPECT_NE(out.find("root 2 'partial' workgroup"), std::string::npos) << out;
  EXPECT_NE(out.find("Barrier"), std::string::npos) << out;
  EXPECT_NE(out.find("LoopBackEdge"), std::string::npos) << out;
}

}  // namespace
}  // namespace wgsl::testing
