// Dispatches of small kernels through the host API; expected values computed in the test.
#include <gtest/gtest.h>

#include "tests/runtime/kernel_test_util.h"

namespace wgsl::testing {
namespace {

TEST(BasicDispatch, VectorAddCorpusKernel) {
  Device dev;
  const std::string src = R"(
@id(0) override block_size: u32 = 256u;
@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var<storage, read> b: array<f32>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;
@compute @workgroup_size(block_size)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
  let n = min(arrayLength(&c), min(arrayLength(&a), arrayLength(&b)));
  let i = gid.y * (nwg.x * block_size) + gid.x;
  if (i >= n) { return; }
  c[i] = a[i] + b[i];
})";
  const size_t n = 1000;
  std::vector<float> a(n), b(n);
  for (size_t i = 0; i < n; ++i) {
    a[i] = 0.5f * static_cast<float>(i);
    b[i] = 3.0f - static_cast<float>(i);
  }
  Buffer ba = dev.createBuffer(a), bb = dev.createBuffer(b), bc = dev.createBuffer(n * 4);
  Report r = run(dev, src, {ba, bb, bc}, 4, 1, 1, {{"block_size", 256}});
  EXPECT_TRUE(r.ok()) << r.summary();
  auto c = bc.read<float>();
  for (size_t i = 0; i < n; ++i) ASSERT_EQ(c[i], a[i] + b[i]) << i;
  EXPECT_EQ(r.stats.workgroups, 4u);
  EXPECT_EQ(r.stats.invocations, 1024u);
}

TEST(BasicDispatch, BuiltinValuesAtEveryInvocation) {
  Device dev({8});
  const std::string src = R"(
struct Ids { l: vec3<u32>, idx: u32, g: vec3<u32>, w: vec3<u32>, n: vec3<u32>, sid: u32, ssz: u32 }
@group(0) @binding(0) var<storage, read_write> out: array<Ids>;
@compute @workgroup_size(3, 2, 2)
fn main(@builtin(local_invocation_id) l: vec3<u32>, @builtin(local_invocation_index) idx: u32,
        @builtin(global_invocation_id) g: vec3<u32>, @builtin(workgroup_id) w: vec3<u32>,
        @builtin(num_workgroups) n: vec3<u32>, @builtin(subgroup_invocation_id) sid: u32,
        @builtin(subgroup_size) ssz: u32) {
  let flat = (w.z * n.y + w.y) * n.x + w.x;
  out[flat * 12u + idx] = Ids(l, idx, g, w, n, sid, ssz);
})";
  // Ids: vec3 (16-byte aligned) at 0, idx at 12, g at 16, w at 32, n at 48, sid at 60, ssz at 64 -> size 80.
  const uint32_t groups[3] = {2, 3, 1};
  Buffer out = dev.createBuffer(80 * 12 * 6);
  ShaderModule m = dev.createShaderModule(std::string("enable subgroups;\n") + src);
  ASSERT_TRUE(m.ok()) << m.diagnostics();
  ComputePipeline p = dev.createComputePipeline(m, "main");
  BindGroup bg;
  bg.bind(0, 0, out);
  Report r = dev.dispatch(p, {bg}, groups[0], groups[1], groups[2]);
  ASSERT_TRUE(r.ok()) << r.summary();
  auto v = out.read<uint32_t>();
  for (uint32_t wz = 0; wz < 1; ++wz)
    for (uint32_t wy = 0; wy < 3; ++wy)
      for (uint32_t wx = 0; wx < 2; ++wx)
        for (uint32_t idx = 0; idx < 12; ++idx) {
          const uint32_t flat = (wz * 3 + wy) * 2 + wx;
          const uint32_t* e = &v[(flat * 12 + idx) * 20];
          const uint32_t lx = idx % 3, ly = (idx / 3) % 2, lz = idx / 6;
          EXPECT_EQ(e[0], lx);
          EXPECT_EQ(e[1], ly);
          EXPECT_EQ(e[2], lz);
          EXPECT_EQ(e[3], idx);
          EXPECT_EQ(e[4], wx * 3 + lx);
          EXPECT_EQ(e[5], wy * 2 + ly);
          EXPECT_EQ(e[6], wz * 2 + lz);
          EXPECT_EQ(e[8], wx);
          EXPECT_EQ(e[9], wy);
          EXPECT_EQ(e[12], 2u);
          EXPECT_EQ(e[13], 3u);
          EXPECT_EQ(e[14], 1u);
          EXPECT_EQ(e[15], idx % 8);
          EXPECT_EQ(e[16], 8u);
        }
}

// linear_indexing (WGSL "global_invocation_index", "workgroup_index"): the grid's row-major
// linear positions, on the parallel path and under a step-wise scheduler, in a 3-D dispatch.
TEST(BasicDispatch, LinearIndexBuiltinValues) {
  const std::string src = R"(
@group(0) @binding(0) var<storage, read_write> out: array<vec2<u32>>;
@compute @workgroup_size(3, 2, 2)
fn main(@builtin(global_invocation_index) gi: u32, @builtin(workgroup_index) wi: u32,
        @builtin(workgroup_id) w: vec3<u32>, @builtin(local_invocation_index) idx: u32) {
  out[((w.z * 3u + w.y) * 2u + w.x) * 12u + idx] = vec2(gi, wi);
})";
  for (const char* sched : {"fair", "round-robin"}) {
    SCOPED_TRACE(sched);
    DeviceOptions opts;
    opts.subgroup_size = 4;
    opts.scheduler = sched;
    Device dev(opts);
    const uint32_t n[3] = {2, 3, 2}, ws[3] = {3, 2, 2};
    Buffer out = dev.createBuffer(8 * 12 * 12);
    Report r = run(dev, src, {out}, n[0], n[1], n[2]);
    ASSERT_TRUE(r.ok()) << r.summary();
    auto v = out.read<uint32_t>();
    for (uint32_t wz = 0; wz < n[2]; ++wz)
      for (uint32_t wy = 0; wy < n[1]; ++wy)
        for (uint32_t wx = 0; wx < n[0]; ++wx)
          for (uint32_t idx = 0; idx < 12; ++idx) {
            const uint32_t flat = (wz * n[1] + wy) * n[0] + wx;
            const uint32_t gx = wx * ws[0] + idx % 3, gy = wy * ws[1] + (idx / 3) % 2, gz = wz * ws[2] + idx / 6;
            const uint32_t width = ws[0] * n[0], height = ws[1] * n[1];  // the grid: 6 x 6 x 4
            EXPECT_EQ(v[(flat * 12 + idx) * 2], gx + gy * width + gz * width * height) << flat << " " << idx;
            EXPECT_EQ(v[(flat * 12 + idx) * 2 + 1], flat) << flat << " " << idx;
          }
  }
}

// WebGPU dispatchWorkgroups: an entry point using workgroup_index (global_invocation_index) may
// not be dispatched with more than 2^32 - 1 workgroups (invocations); an indirect dispatch beyond
// that does nothing.
TEST(BasicDispatch, LinearIndicesMustFitInU32) {
  Device dev;
  const std::string wg_src = R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1)
fn main(@builtin(workgroup_index) wi: u32) { if (wi == 0u) { out[0] = 7u; } })";
  const std::string g_src = R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_index) gi: u32) { if (gi == 0u) { out[0] = 7u; } })";
  ComputePipeline pw = makePipeline(dev, wg_src, "main", {});
  ComputePipeline pg = makePipeline(dev, g_src, "main", {});
  // 65535 * 65535 = 4 294 836 225 workgroups fit; x 2 do not.
  EXPECT_TRUE(dev.validateDispatch(pw, 65535, 65535, 1).empty());
  auto f = dev.validateDispatch(pw, 65535, 65535, 2);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].rule, Finding::Rule::DispatchLimit);
  EXPECT_NE(f[0].message.find("workgroup_index"), std::string::npos) << f[0].message;
  // 64 invocations per workgroup: 65535 x 1024 x 1 workgroups = 4 294 901 760 invocations fit;
  // 65535 x 1025 do not.
  EXPECT_TRUE(dev.validateDispatch(pg, 65535, 1024, 1).empty());
  f = dev.validateDispatch(pg, 65535, 1025, 1);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_NE(f[0].message.find("global_invocation_index"), std::string::npos) << f[0].message;
  // The same workgroup counts without the built-in value are fine.
  ComputePipeline plain = makePipeline(dev, R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(64) fn main() { })", "main", {});
  EXPECT_TRUE(dev.validateDispatch(plain, 65535, 1025, 1).empty());
  // Indirect: nothing runs, nothing is reported.
  const uint32_t counts[3] = {65535, 65535, 2};
  Buffer ind = dev.createBuffer(std::vector<uint32_t>(counts, counts + 3));
  Buffer out = dev.createBuffer(4);
  BindGroup bg;
  bg.bind(0, 0, out);
  Report r = dev.dispatchIndirect(pw, {bg}, ind, 0);
  EXPECT_TRUE(r.ok()) << r.summary();
  EXPECT_EQ(r.stats.workgroups, 0u);
  EXPECT_EQ(out.read<uint32_t>()[0], 0u);
}

TEST(BasicDispatch, WorkgroupReductionWithBarriers) {
  Device dev;
  const std::string src = R"(
const WG: u32 = 64u;
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> sums: array<u32>;
var<workgroup> part: array<u32, WG>;
@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) li: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  part[li] = input[wid.x * WG + li];
  workgroupBarrier();
  var stride = WG / 2u;
  while (stride > 0u) {
    if (li < stride) { part[li] += part[li + stride]; }
    workgroupBarrier();
    stride >>= 1u;
  }
  if (li == 0u) { sums[wid.x] = part[0]; }
})";
  const uint32_t groups = 10;
  std::vector<uint32_t> in(groups * 64);
  for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<uint32_t>(i * 7 + 3);
  Buffer bi = dev.createBuffer(in), bs = dev.createBuffer(groups * 4);
  Report r = run(dev, src, {bi, bs}, groups);
  ASSERT_TRUE(r.ok()) << r.summary();
  auto s = bs.read<uint32_t>();
  for (uint32_t g = 0; g < groups; ++g) {
    uint32_t expect = 0;
    for (uint32_t i = 0; i < 64; ++i) expect += in[g * 64 + i];
    EXPECT_EQ(s[g], expect) << g;
  }
}

TEST(BasicDispatch, OverridesByNameAndIdSizeWorkgroupsAndArrays) {
  Device dev({8});
  const std::string src = R"(
@id(7) override wg: u32 = 4u;
override scale: f32 = 1.0;
override twice = wg * 2u;
@group(0) @binding(0) var<storage, read_write> out: array<f32>;
var<workgroup> buf: array<f32, twice>;
@compute @workgroup_size(wg) fn main(@builtin(local_invocation_index) i: u32, @builtin(workgroup_id) w: vec3<u32>) {
  buf[i] = f32(i) * scale;
  buf[i + wg] = f32(i + wg) * scale;
  workgroupBarrier();
  out[w.x * twice + i] = buf[twice - 1u - i];
  out[w.x * twice + i + wg] = buf[wg - 1u - i];
})";
  for (uint32_t wg : {4u, 12u, 32u}) {
    ShaderModule m = dev.createShaderModule(src);
    ASSERT_TRUE(m.ok()) << m.diagnostics();
    ComputePipeline p = dev.createComputePipeline(m, "main", {{"7", wg}, {"scale", 0.5}});
    EXPECT_EQ(p.workgroupSize(0), wg);
    Buffer out = dev.createBuffer(3 * 2 * wg * 4);
    BindGroup bg;
    bg.bind(0, 0, out);
    Report r = dev.dispatch(p, {bg}, 3);
    ASSERT_TRUE(r.ok()) << r.summary();
    auto o = out.read<float>();
    for (uint32_t g = 0; g < 3; ++g)
      for (uint32_t j = 0; j < 2 * wg; ++j) EXPECT_EQ(o[g * 2 * wg + j], static_cast<float>(2 * wg - 1 - j) * 0.5f) << wg << " " << j;
  }
}

// A runtime index into a const array of arrays of abstract integers, then a constant index: the
// base is converted to i32 arrays (it crashed the lowering, which looked for the scalar of the
// result `array<AbstractInt, 2>` as if it were a vector).
TEST(BasicDispatch, RuntimeIndexIntoConstArrayOfAbstractArrays) {
  Device dev;
  const std::string src = R"(
const c0 = array(1, 2);
const c1 = array(c0, array(3, 4));
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(2)
fn main(@builtin(global_invocation_id) g: vec3u) {
  o[g.x] = u32(c1[g.x][1]) * 10u + u32(c1[g.x][0]);
})";
  Buffer bo = dev.createBuffer(2 * 4);
  Report r = run(dev, src, {bo}, 1);
  EXPECT_TRUE(r.ok()) << r.summary();
  EXPECT_EQ(bo.read<uint32_t>(), (std::vector<uint32_t>{21u, 43u}));
}

}  // namespace
}  // namespace wgsl::testing
