// Values in memory follow the spec's layout: struct padding, vec3 alignment, matrices,
// runtime-sized arrays with arrayLength, uniform buffers, f16 storage, private and function
// arrays, binding offsets.
#include <gtest/gtest.h>

#include "tests/runtime/kernel_test_util.h"

namespace wgsl::testing {
namespace {

TEST(MemoryLayout, StructsWithPaddingAndRuntimeArrays) {
  Device dev;
  // S: a: u32 @0, v: vec3<f32> @16 (align 16), b: f32 @28, m: mat2x2<f32> @32 (align 8), size 48.
  // Buf: count: u32 @0, items: array<S> @16 (align 16), stride 48.
  ComputePipeline p = makePipeline(dev, R"(
struct S { a: u32, v: vec3<f32>, b: f32, m: mat2x2<f32> }
struct Buf { count: u32, items: array<S> }
@group(0) @binding(0) var<storage, read_write> buf: Buf;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) {
  let n = arrayLength(&buf.items);
  if (i == 0u) { buf.count = n; }
  if (i < n) {
    var s = buf.items[i];
    s.a = s.a + 100u;
    s.v = s.v.zyx * 2.0;
    s.b = s.m[1][0] + s.m[0].y;
    s.m = transpose(s.m);
    buf.items[i] = s;
  }
})");
  const uint32_t n = 3;
  std::vector<float> raw(4 + 12 * n, 0.0f);
  for (uint32_t k = 0; k < n; ++k) {
    float* s = &raw[4 + 12 * k];
    uint32_t a = k + 1;
    std::memcpy(&s[0], &a, 4);
    s[4] = 1.0f + k;  // v
    s[5] = 2.0f;
    s[6] = 3.0f;
    s[7] = 9.0f;   // b
    s[8] = 10.0f;  // m[0] = (10, 11)
    s[9] = 11.0f;
    s[10] = 12.0f;  // m[1] = (12, 13)
    s[11] = 13.0f;
  }
  Buffer b = dev.createBuffer(raw);
  BindGroup bg;
  bg.bind(0, 0, b);
  Report r = dev.dispatch(p, {bg}, 1);
  ASSERT_TRUE(r.ok()) << r.summary();
  auto out = b.read<float>();
  uint32_t count;
  std::memcpy(&count, &out[0], 4);
  EXPECT_EQ(count, n);
  for (uint32_t k = 0; k < n; ++k) {
    const float* s = &out[4 + 12 * k];
    uint32_t a;
    std::memcpy(&a, &s[0], 4);
    EXPECT_EQ(a, k + 101);
    EXPECT_EQ(s[4], 6.0f);
    EXPECT_EQ(s[5], 4.0f);
    EXPECT_EQ(s[6], 2.0f * (1.0f + k));
    EXPECT_EQ(s[7], 12.0f + 11.0f);
    EXPECT_EQ(s[8], 10.0f);
    EXPECT_EQ(s[9], 12.0f);
    EXPECT_EQ(s[10], 11.0f);
    EXPECT_EQ(s[11], 13.0f);
  }
}

TEST(MemoryLayout, UniformBufferAndBindingOffsets) {
  Device dev;
  ComputePipeline p = makePipeline(dev, R"(
struct Params { scale: f32, offset: vec2<f32>, n: u32 }
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read_write> data: array<f32>;
@compute @workgroup_size(8) fn main(@builtin(global_invocation_id) g: vec3<u32>) {
  if (g.x < params.n) { data[g.x] = data[g.x] * params.scale + params.offset.y; }
})");
  // Params: scale @0, offset @8 (vec2 align 8), n @16, size 24 -> uniform min size 24.
  std::vector<float> u = {3.0f, 0.0f, 0.5f, -1.0f, 0.0f, 0.0f};
  uint32_t n = 5;
  std::memcpy(&u[4], &n, 4);
  Buffer ub = dev.createBuffer(u, kUsageUniform | kUsageCopy);
  // The data binding starts at byte 256 of a larger buffer.
  std::vector<float> d(64 + 8);
  for (size_t i = 0; i < d.size(); ++i) d[i] = static_cast<float>(i);
  Buffer db = dev.createBuffer(d);
  BindGroup bg;
  bg.bind(0, 0, ub).bind(0, 1, db, 256, 32);
  Report r = dev.dispatch(p, {bg}, 1);
  ASSERT_TRUE(r.ok()) << r.summary();
  auto o = db.read<float>();
  for (size_t i = 0; i < o.size(); ++i) {
    const bool touched = i >= 64 && i < 64 + n;
    EXPECT_EQ(o[i], touched ? static_cast<float>(i) * 3.0f - 1.0f : static_cast<float>(i)) << i;
  }
}

TEST(MemoryLayout, F16InStorageAndPrivateArrays) {
  Device dev({4});
  ComputePipeline p = makePipeline(dev, R"(
enable f16;
@group(0) @binding(0) var<storage, read_write> h: array<f16>;
var<private> table: array<i32, 5> = array<i32, 5>(10, 20, 30, 40, 50);
@compute @workgroup_size(8) fn main(@builtin(local_invocation_index) i: u32) {
  var local: array<f16, 8>;
  for (var k = 0u; k < 8u; k++) { local[k] = h[k] * f16(i + 1u); }
  h[i] = local[(i + 1u) % 8u] + f16(table[i % 5u]);
})");
  // f16 halves: 1.0 = 0x3c00, 0.5 = 0x3800, 2.0 = 0x4000, 0.25 = 0x3400 ...
  std::vector<uint16_t> halves = {0x3c00, 0x3800, 0x4000, 0x3400, 0x3c00, 0x3800, 0x4000, 0x3400};
  const float vals[8] = {1, 0.5f, 2, 0.25f, 1, 0.5f, 2, 0.25f};
  Buffer b = dev.createBuffer(halves);
  BindGroup bg;
  bg.bind(0, 0, b);
  Report r = dev.dispatch(p, {bg}, 1);
  ASSERT_TRUE(r.ok()) << r.summary();
  auto o = b.read<uint16_t>();
  // All invocations read h before any writes only within their subgroup of 4 lanes in
  // lockstep; to keep the test independent of scheduling, check the first subgroup's lanes
  // (invocations 0..3 run their loads before anyone stores).
  const int table[5] = {10, 20, 30, 40, 50};
  for (uint32_t i = 0; i < 4; ++i) {
    const float expect = vals[(i + 1) % 8] * static_cast<float>(i + 1) + static_cast<float>(table[i % 5]);
    // Exact in f16 for these small values: convert expect to half bits.
    uint16_t bits = 0;
    {
      uint32_t f;
      std::memcpy(&f, &expect, 4);
      const uint32_t e = (f >> 23) & 0xff, m = f & 0x7fffff;
      bits = static_cast<uint16_t>(((e - 112) << 10) | (m >> 13));
    }
    EXPECT_EQ(o[i], bits) << i;
  }
}

TEST(MemoryLayout, DynamicIndexIntoFunctionArraysOutOfRangeIsReported) {
  Device dev;
  ComputePipeline p = makePipeline(dev, R"(
@group(0) @binding(0) var<storage, read_write> io: array<u32>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) {
  var a = array<u32, 3>(7u, 8u, 9u);
  let k = io[i];
  a[k] = 100u;
  io[i] = a[0] + a[1] * 10u + a[2] * 1000u;
})");
  Buffer b = dev.createBuffer(std::vector<uint32_t>{0, 2, 3, 1});
  BindGroup bg;
  bg.bind(0, 0, b);
  Report r = dev.dispatch(p, {bg}, 1);
  EXPECT_EQ(r.status, Status::DynamicError);
  EXPECT_EQ(r.event_count, 1u);  // index 3 is outside array<u32, 3>: the store is dropped
  EXPECT_EQ(b.read<uint32_t>(), (std::vector<uint32_t>{100 + 80 + 9000, 7 + 80 + 100000, 7 + 80 + 9000, 7 + 1000 + 9000}));
  ASSERT_FALSE(r.events.empty());
  EXPECT_NE(r.events[0].message.find("out-of-bounds write of 4 bytes through index 3 (out of range for 3 elements) "
                                     "of function variable 'a' (12 bytes) by invocation 2 of workgroup (0, 0, 0): the store was "
                                     "dropped"),
            std::string::npos)
      << r.events[0].message;
}

TEST(Values, DynamicIndicesIntoValuesAndRegisterVectors) {
  Device dev({8});
  ComputePipeline p = makePipeline(dev, R"(
struct Big { a: array<u32, 9>, v: vec4<u32>, w: vec4<u32>, x: vec4<u32> }
@group(0) @binding(0) var<storage, read_write> io: array<u32>;
fn setComp(p: ptr<function, vec4<u32>>, i: u32, v: u32) { (*p)[i] = v; }
@compute @workgroup_size(16) fn main(@builtin(local_invocation_index) li: u32) {
  var bigs = array<Big, 3>();
  for (var k = 0u; k < 3u; k++) {
    bigs[k].a[k + 2u] = k + 10u;
    bigs[k].x = vec4<u32>(k, k * 2u, k * 3u, k * 4u);
  }
  let vals = bigs;
  let pick = vals[li % 3u];
  var v = vec4<u32>(1u, 2u, 3u, 4u);
  setComp(&v, li % 4u, 100u + li);
  io[li] = pick.a[li % 3u + 2u] * 1000000u + pick.x[li % 4u] * 10000u + v[li % 4u] + v[(li + 1u) % 4u] * 1000u;
})");
  Buffer b = dev.createBuffer(16 * 4);
  BindGroup bg;
  bg.bind(0, 0, b);
  Report r = dev.dispatch(p, {bg}, 1);
  ASSERT_TRUE(r.ok()) << r.summary();
  auto o = b.read<uint32_t>();
  for (uint32_t li = 0; li < 16; ++li) {
    const uint32_t k = li % 3;
    const uint32_t x[4] = {k, k * 2, k * 3, k * 4};
    uint32_t v[4] = {1, 2, 3, 4};
    v[li % 4] = 100 + li;
    EXPECT_EQ(o[li], (k + 10) * 1000000u + x[li % 4] * 10000u + v[li % 4] + v[(li + 1) % 4] * 1000u) << li;
  }
}

TEST(Values, AssortedReferencesAndStatements) {
  Device dev;
  ComputePipeline p = makePipeline(dev, R"(enable f16;
struct Inner { v: vec3<f32>, k: array<i32, 3> }
struct Outer { a: Inner, m: mat2x2<f32>, flag: bool }
@group(0) @binding(0) var<storage, read_write> out: array<i32, 16>;
var<workgroup> shared_arr: array<vec2<u32>, 8>;
fn bump(p: ptr<function, Inner>, i: u32) { (*p).k[i] += 5; p.v.y = 2.5; }
fn getv() -> i32 { return 7; }
@compute @workgroup_size(1) fn main() {
  var o: Outer;
  o.flag = true;
  var i = 2u;
  bump(&o.a, i);
  o.a.k[1]++;
  var v = vec4<i32>(1, 2, 3, 4);
  v.x += 10;
  v[i] *= 3;
  var m = mat2x2<f32>(1.0, 2.0, 3.0, 4.0);
  m[1] = vec2<f32>(5.0, 6.0);
  m[i - 2u][1] = 9.0;
  let p = &shared_arr[3];
  (*p).y = 42u;
  _ = getv();
  var total = 0;
  for (var k = 0; k < 5; k++) {
    switch k {
      case 1: { continue; }
      case 3: { break; }
      default: { total += k; }
    }
    total += 100;
  }
  let h = vec4<f16>(1.0h, 2.0h, -1.0h, 0.5h);
  let bits = bitcast<vec2<u32>>(h);
  out[0] = o.a.k[2];
  out[1] = o.a.k[1];
  out[2] = i32(o.a.v.y * 2.0);
  out[3] = select(0, 1, o.flag);
  out[4] = v.x;
  out[5] = v.z;
  out[6] = i32(m[1][0] + m[0][1]);
  out[7] = i32(shared_arr[3].y);
  out[8] = total;
  out[9] = bitcast<i32>(bits.x);
  out[10] = bitcast<i32>(bits.y);
}
)");
  Buffer b = dev.createBuffer(64);
  BindGroup bg;
  bg.bind(0, 0, b);
  Report r = dev.dispatch(p, {bg}, 1);
  ASSERT_TRUE(r.ok()) << r.summary();
  auto o = b.read<int32_t>();
  // Worked by hand: k[2] = 0 + 5; k[1]++ = 1; v.y = 2.5 -> 5; flag; v.x = 1 + 10; v.z = 3 * 3;
  // m[1][0] + m[0][1] = 5 + 9; 42; the switch loop: 100 + 0 + 2 + 100 + 100 + 4 + 100 = 406;
  // vec4<f16>(1, 2, -1, 0.5) as two u32: 0x40003c00, 0x3800bc00.
  EXPECT_EQ(o, (std::vector<int32_t>{5, 1, 5, 1, 11, 9, 14, 42, 406, 0x40003c00, 0x3800bc00, 0, 0, 0, 0, 0}));
}

}  // namespace
}  // namespace wgsl::testing
