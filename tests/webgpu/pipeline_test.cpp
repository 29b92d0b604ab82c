// Shader modules, pipelines, layouts and bind groups through the C API: compilation info,
// `auto` and explicit layouts, override constants, the async variant, and the validation of
// bind groups and dispatches (WebGPU's rules for the compute subset).
#include "webgpu_test_util.h"

namespace {

using WebGpuPipeline = WebGpuTest;

const char* kAddOne =
    "override wg: u32 = 64;\n"
    "override step: u32 = 1;\n"
    "@group(0) @binding(0) var<storage, read_write> data: array<u32>;\n"
    "@compute @workgroup_size(wg)\n"
    "fn main(@builtin(global_invocation_id) id: vec3u) {\n"
    "  if (id.x < arrayLength(&data)) { data[id.x] += step; }\n"
    "}\n";

TEST_F(WebGpuPipeline, CompilationInfoHasLineColumnOffsetAndLength) {
  const char* src =
      "@compute @workgroup_size(1)\n"
      "fn main() {\n"
      "  let x: u32 = nothere;\n"
      "}\n";
  WGPUShaderModule m = module(src, "broken");
  EXPECT_TRUE(errors.any("ShaderModule \"broken\"")) << errors.all();
  struct Info {
    int calls = 0;
    std::vector<WGPUCompilationMessage> messages;
    std::vector<std::string> texts;
  } info;
  WGPUCompilationInfoCallbackInfo cb = WGPU_COMPILATION_INFO_CALLBACK_INFO_INIT;
  cb.mode = WGPUCallbackMode_AllowSpontaneous;
  cb.callback = [](WGPUCompilationInfoRequestStatus s, WGPUCompilationInfo const* ci, void* u1, void*) {
    auto* i = static_cast<Info*>(u1);
    ++i->calls;
    EXPECT_EQ(s, WGPUCompilationInfoRequestStatus_Success);
    for (size_t k = 0; k < ci->messageCount; ++k) {
      i->messages.push_back(ci->messages[k]);
      i->texts.push_back(str(ci->messages[k].message));
    }
  };
  cb.userdata1 = &info;
  wgpuShaderModuleGetCompilationInfo(m, cb);
  ASSERT_EQ(info.calls, 1);
  ASSERT_GE(info.messages.size(), 1u);
  const WGPUCompilationMessage& msg = info.messages[0];
  EXPECT_EQ(msg.type, WGPUCompilationMessageType_Error);
  EXPECT_EQ(msg.lineNum, 3u);
  EXPECT_EQ(msg.linePos, 16u);  // 'nothere' starts at column 16 of line 3
  // Offset in UTF-8 bytes: line 1 (28 bytes with \n) + line 2 (12) + 15.
  EXPECT_EQ(msg.offset, 28u + 12u + 15u);
  EXPECT_EQ(msg.length, 7u);
  EXPECT_NE(info.texts[0].find("nothere"), std::string::npos) << info.texts[0];
  // A pipeline from the invalid module is an error naming both.
  errors.list.clear();
  WGPUComputePipeline p = pipeline(m, "from broken");
  EXPECT_TRUE(errors.any("ComputePipeline \"from broken\"")) << errors.all();
  wgpuComputePipelineRelease(p);
  wgpuShaderModuleRelease(m);
}

TEST_F(WebGpuPipeline, AutoLayoutOverridesAndDispatch) {
  WGPUShaderModule m = module(kAddOne);
  WGPUConstantEntry c[2] = {WGPU_CONSTANT_ENTRY_INIT, WGPU_CONSTANT_ENTRY_INIT};
  c[0].key = sv("wg");
  c[0].value = 32;
  c[1].key = sv("step");
  c[1].value = 5;
  WGPUComputePipeline p = pipeline(m, "add five", nullptr, c, 2);
  WGPUBuffer b = buffer(400, WGPUBufferUsage_Storage | WGPUBufferUsage_CopySrc | WGPUBufferUsage_CopyDst);
  std::vector<uint32_t> in(100);
  for (uint32_t i = 0; i < 100; ++i) in[i] = i;
  wgpuQueueWriteBuffer(queue, b, 0, in.data(), 400);
  WGPUBindGroupLayout l = wgpuComputePipelineGetBindGroupLayout(p, 0);
  WGPUBindGroup g = bindGroup(l, {entry(0, b)});
  dispatch(p, {g}, 4);  // 4 x 32 = 128 invocations cover 100 elements
  std::vector<uint32_t> out = read(b, 400);
  for (uint32_t i = 0; i < 100; ++i) ASSERT_EQ(out[i], i + 5) << i;
  EXPECT_TRUE(errors.list.empty()) << errors.all();
  // Index beyond the layout's groups: an error and an invalid layout.
  WGPUBindGroupLayout none = wgpuComputePipelineGetBindGroupLayout(p, 3);
  EXPECT_TRUE(errors.any("not below the number of bind group layouts")) << errors.all();
  wgpuBindGroupLayoutRelease(none);
  wgpuBindGroupRelease(g);
  wgpuBindGroupLayoutRelease(l);
  wgpuBufferRelease(b);
  wgpuComputePipelineRelease(p);
  wgpuShaderModuleRelease(m);
}

TEST_F(WebGpuPipeline, AsyncCreationReportsThroughTheCallback) {
  WGPUShaderModule m = module(kAddOne);
  struct R {
    WGPUCreatePipelineAsyncStatus status = WGPUCreatePipelineAsyncStatus_InternalError;
    WGPUComputePipeline p = nullptr;
    std::string message;
  } ok, bad;
  WGPUCreateComputePipelineAsyncCallbackInfo cb = WGPU_CREATE_COMPUTE_PIPELINE_ASYNC_CALLBACK_INFO_INIT;
  cb.mode = WGPUCallbackMode_AllowProcessEvents;
  cb.callback = [](WGPUCreatePipelineAsyncStatus s, WGPUComputePipeline p, WGPUStringView msg, void* u1, void*) {
    *static_cast<R*>(u1) = R{s, p, str(msg)};
  };
  cb.userdata1 = &ok;
  WGPUComputePipelineDescriptor d = WGPU_COMPUTE_PIPELINE_DESCRIPTOR_INIT;
  d.compute.module = m;
  wgpuDeviceCreateComputePipelineAsync(device, &d, cb);
  d.compute.entryPoint = sv("missing");
  cb.userdata1 = &bad;
  wgpuDeviceCreateComputePipelineAsync(device, &d, cb);
  wgpuInstanceProcessEvents(instance);
  EXPECT_EQ(ok.status, WGPUCreatePipelineAsyncStatus_Success);
  EXPECT_NE(ok.p, nullptr);
  EXPECT_EQ(bad.status, WGPUCreatePipelineAsyncStatus_ValidationError);
  EXPECT_EQ(bad.p, nullptr);
  EXPECT_NE(bad.message.find("missing"), std::string::npos) << bad.message;
  EXPECT_TRUE(errors.list.empty()) << errors.all();  // async errors go to the callback
  wgpuComputePipelineRelease(ok.p);
  wgpuShaderModuleRelease(m);
}

// An explicit layout with a dynamic offset: two dispatches on two parts of one buffer.
TEST_F(WebGpuPipeline, ExplicitLayoutWithDynamicOffsets) {
  WGPUBindGroupLayoutEntry le = WGPU_BIND_GROUP_LAYOUT_ENTRY_INIT;
  le.binding = 0;
  le.visibility = WGPUShaderStage_Compute;
  le.buffer.type = WGPUBufferBindingType_Storage;
  le.buffer.hasDynamicOffset = true;
  le.buffer.minBindingSize = 4;
  WGPUBindGroupLayoutDescriptor ld = WGPU_BIND_GROUP_LAYOUT_DESCRIPTOR_INIT;
  ld.label = sv("explicit");
  ld.entryCount = 1;
  ld.entries = &le;
  WGPUBindGroupLayout bgl = wgpuDeviceCreateBindGroupLayout(device, &ld);
  WGPUPipelineLayoutDescriptor pd = WGPU_PIPELINE_LAYOUT_DESCRIPTOR_INIT;
  pd.bindGroupLayoutCount = 1;
  pd.bindGroupLayouts = &bgl;
  WGPUPipelineLayout pl = wgpuDeviceCreatePipelineLayout(device, &pd);
  WGPUShaderModule m = module(kAddOne);
  WGPUConstantEntry c = WGPU_CONSTANT_ENTRY_INIT;
  c.key = sv("wg");
  c.value = 4;
  WGPUComputePipeline p = pipeline(m, "explicit pipeline", pl, &c, 1);
  // 1024 bytes; each binding is 16 bytes (4 elements), at offsets 0 and 256.
  WGPUBuffer b = buffer(1024, WGPUBufferUsage_Storage | WGPUBufferUsage_CopySrc | WGPUBufferUsage_CopyDst);
  WGPUBindGroup g = bindGroup(bgl, {entry(0, b, 0, 16)});
  dispatch(p, {g}, 1, {{0}});
  dispatch(p, {g}, 1, {{256}});
  dispatch(p, {g}, 1, {{256}});
  EXPECT_TRUE(errors.list.empty()) << errors.all();
  std::vector<uint32_t> out = read(b, 1024);
  for (uint32_t i = 0; i < 256; ++i) {
    const uint32_t want = i < 4 ? 1 : (i >= 64 && i < 68) ? 2 : 0;
    ASSERT_EQ(out[i], want) << i;
  }
  // A dynamic offset that is not a multiple of minStorageBufferOffsetAlignment (256).
  dispatch(p, {g}, 1, {{128}});
  EXPECT_TRUE(errors.any("dynamic offset 128 is not a multiple of 256")) << errors.all();
  errors.list.clear();
  // The wrong number of dynamic offsets.
  dispatch(p, {g}, 1, {{}});
  EXPECT_TRUE(errors.any("0 dynamic offsets given but the layout has 1")) << errors.all();
  wgpuBindGroupRelease(g);
  wgpuBufferRelease(b);
  wgpuComputePipelineRelease(p);
  wgpuShaderModuleRelease(m);
  wgpuPipelineLayoutRelease(pl);
  wgpuBindGroupLayoutRelease(bgl);
}

TEST_F(WebGpuPipeline, ExplicitLayoutMustMatchTheShader) {
  WGPUBindGroupLayoutEntry le = WGPU_BIND_GROUP_LAYOUT_ENTRY_INIT;
  le.binding = 0;
  le.visibility = WGPUShaderStage_Compute;
  le.buffer.type = WGPUBufferBindingType_ReadOnlyStorage;  // the shader's is read_write
  WGPUBindGroupLayoutDescriptor ld = WGPU_BIND_GROUP_LAYOUT_DESCRIPTOR_INIT;
  ld.entryCount = 1;
  ld.entries = &le;
  WGPUBindGroupLayout bgl = wgpuDeviceCreateBindGroupLayout(device, &ld);
  WGPUPipelineLayoutDescriptor pd = WGPU_PIPELINE_LAYOUT_DESCRIPTOR_INIT;
  pd.bindGroupLayoutCount = 1;
  pd.bindGroupLayouts = &bgl;
  WGPUPipelineLayout pl = wgpuDeviceCreatePipelineLayout(device, &pd);
  WGPUShaderModule m = module(kAddOne);
  WGPUComputePipeline p = pipeline(m, "mismatch", pl);
  EXPECT_TRUE(errors.any("ComputePipeline \"mismatch\"")) << errors.all();
  EXPECT_TRUE(errors.any("is storage but the layout entry is read-only-storage")) << errors.all();
  wgpuComputePipelineRelease(p);
  wgpuShaderModuleRelease(m);
  wgpuPipelineLayoutRelease(pl);
  wgpuBindGroupLayoutRelease(bgl);
}

TEST_F(WebGpuPipeline, BindGroupEntriesAgainstTheLayout) {
  const char* src =
      "struct S { a: vec4u, b: u32 }\n"
      "@group(0) @binding(0) var<storage, read_write> s: S;\n"
      "@group(0) @binding(1) var<uniform> u: vec4u;\n"
      "@compute @workgroup_size(1) fn main() { s.b = u.x; }\n";
  WGPUShaderModule m = module(src);
  WGPUComputePipeline p = pipeline(m);
  WGPUBindGroupLayout l = wgpuComputePipelineGetBindGroupLayout(p, 0);
  const WGPUBufferUsage su = WGPUBufferUsage_Storage, uu = WGPUBufferUsage_Uniform;
  WGPUBuffer st = buffer(512, su, "store"), un = buffer(512, uu, "unif");
  struct Case {
    std::vector<WGPUBindGroupEntry> entries;
    const char* error;  // null: valid
  } cases[] = {
      {{entry(0, st), entry(1, un)}, nullptr},
      {{entry(0, st, 0, 32), entry(1, un, 0, 16)}, nullptr},
      // S is 32 bytes (vec4u, u32, padded to 16): the minimum binding size.
      {{entry(0, st, 0, 20), entry(1, un)}, "smaller than the layout's minBindingSize 32"},
      {{entry(0, un), entry(1, un)}, "needs a buffer with usage Storage"},
      {{entry(0, st, 16, 32), entry(1, un)}, "is not a multiple of minStorageBufferOffsetAlignment (256)"},
      {{entry(0, st, 256, 512), entry(1, un)}, "outside the buffer of 512 bytes"},
      {{entry(0, st)}, "1 entries but"},
      {{entry(0, st), entry(2, un)}, "has no binding 2"},
      {{entry(0, nullptr), entry(1, un)}, "buffer is null"},
  };
  for (const Case& c : cases) {
    errors.list.clear();
    WGPUBindGroup g = bindGroup(l, c.entries, "case");
    if (c.error) {
      EXPECT_TRUE(errors.any(c.error)) << c.error << "\n" << errors.all();
      EXPECT_TRUE(errors.any("BindGroup \"case\"")) << errors.all();
    } else {
      EXPECT_TRUE(errors.list.empty()) << errors.all();
    }
    wgpuBindGroupRelease(g);
  }
  wgpuBufferRelease(st);
  wgpuBufferRelease(un);
  wgpuBindGroupLayoutRelease(l);
  wgpuComputePipelineRelease(p);
  wgpuShaderModuleRelease(m);
}

TEST_F(WebGpuPipeline, DispatchValidation) {
  WGPUShaderModule m = module(kAddOne);
  WGPUComputePipeline p1 = pipeline(m, "first"), p2 = pipeline(m, "second");
  const WGPUBufferUsage u = WGPUBufferUsage_Storage | WGPUBufferUsage_CopySrc;
  WGPUBuffer b = buffer(1024, u, "data");
  WGPUBindGroupLayout l1 = wgpuComputePipelineGetBindGroupLayout(p1, 0);
  WGPUBindGroup g1 = bindGroup(l1, {entry(0, b)}, "of first");
  // A bind group made with an `auto` layout works only with its own pipeline.
  dispatch(p2, {g1}, 1);
  EXPECT_TRUE(errors.any("BindGroup \"of first\"")) << errors.all();
  EXPECT_TRUE(errors.any("`auto` layout")) << errors.all();
  errors.list.clear();
  // A missing bind group.
  dispatch(p1, {}, 1);
  EXPECT_TRUE(errors.any("no bind group is set at index 0")) << errors.all();
  errors.list.clear();
  // Beyond maxComputeWorkgroupsPerDimension (65535).
  dispatch(p1, {g1}, 65536);
  EXPECT_TRUE(errors.any("65536 in dimension x exceeds the device limit maxComputeWorkgroupsPerDimension = 65535"))
      << errors.all();
  errors.list.clear();
  // linear_indexing: workgroup_index must fit in a u32 (65535 x 65535 x 2 workgroups do not).
  WGPUShaderModule li = module("@compute @workgroup_size(1) fn main(@builtin(workgroup_index) w: u32) { _ = w; }\n");
  WGPUComputePipeline pl = pipeline(li, "linear");
  dispatch(pl, {}, 65535, {}, 65535, 2);
  EXPECT_TRUE(errors.any("uses workgroup_index, and the number of workgroups (8589672450) is out of the range of u32"))
      << errors.all();
  errors.list.clear();
  wgpuComputePipelineRelease(pl);
  wgpuShaderModuleRelease(li);
  wgpuBindGroupRelease(g1);
  wgpuBindGroupLayoutRelease(l1);
  wgpuBufferRelease(b);
  wgpuComputePipelineRelease(p1);
  wgpuComputePipelineRelease(p2);
  wgpuShaderModuleRelease(m);
}

TEST_F(WebGpuPipeline, WritableAliasingWithinADispatch) {
  const char* src =
      "@group(0) @binding(0) var<storage, read_write> a: array<u32>;\n"
      "@group(0) @binding(1) var<storage, read> b: array<u32>;\n"
      "@compute @workgroup_size(1) fn main() { a[0] = b[0]; }\n";
  WGPUShaderModule m = module(src);
  WGPUComputePipeline p = pipeline(m, "alias");
  WGPUBindGroupLayout l = wgpuComputePipelineGetBindGroupLayout(p, 0);
  WGPUBuffer b = buffer(1024, WGPUBufferUsage_Storage, "shared");
  WGPUBindGroup overlap = bindGroup(l, {entry(0, b, 0, 512), entry(1, b, 256, 512)}, "overlap");
  WGPUBindGroup apart = bindGroup(l, {entry(0, b, 0, 256), entry(1, b, 256, 256)}, "apart");
  EXPECT_TRUE(errors.list.empty()) << errors.all();
  dispatch(p, {overlap}, 1);
  EXPECT_TRUE(errors.any("writable aliasing")) << errors.all();
  EXPECT_TRUE(errors.any("Buffer \"shared\"")) << errors.all();
  errors.list.clear();
  dispatch(p, {apart}, 1);
  EXPECT_TRUE(errors.list.empty()) << errors.all();
  wgpuBindGroupRelease(overlap);
  wgpuBindGroupRelease(apart);
  wgpuBufferRelease(b);
  wgpuBindGroupLayoutRelease(l);
  wgpuComputePipelineRelease(p);
  wgpuShaderModuleRelease(m);
}

TEST_F(WebGpuPipeline, IndirectDispatchReadsTheCountsFromTheBuffer) {
  WGPUShaderModule m = module(kAddOne);
  WGPUComputePipeline p = pipeline(m, "indirect");
  WGPUBuffer b = buffer(4096, WGPUBufferUsage_Storage | WGPUBufferUsage_CopySrc, "data");
  WGPUBuffer args = buffer(16, WGPUBufferUsage_Indirect | WGPUBufferUsage_CopyDst, "args");
  const uint32_t counts[4] = {0, 3, 1, 1};  // at offset 4: (3, 1, 1)
  wgpuQueueWriteBuffer(queue, args, 0, counts, sizeof counts);
  WGPUBindGroupLayout l = wgpuComputePipelineGetBindGroupLayout(p, 0);
  WGPUBindGroup g = bindGroup(l, {entry(0, b)});
  WGPUCommandEncoder e = wgpuDeviceCreateCommandEncoder(device, nullptr);
  WGPUComputePassEncoder pass = wgpuCommandEncoderBeginComputePass(e, nullptr);
  wgpuComputePassEncoderSetPipeline(pass, p);
  wgpuComputePassEncoderSetBindGroup(pass, 0, g, 0, nullptr);
  wgpuComputePassEncoderDispatchWorkgroupsIndirect(pass, args, 4);
  wgpuComputePassEncoderEnd(pass);
  WGPUCommandBuffer cb = wgpuCommandEncoderFinish(e, nullptr);
  wgpuQueueSubmit(queue, 1, &cb);
  EXPECT_TRUE(errors.list.empty()) << errors.all();
  std::vector<uint32_t> out = read(b, 4096);
  // 3 workgroups of 64: elements 0..191 incremented once.
  for (uint32_t i = 0; i < 1024; ++i) ASSERT_EQ(out[i], i < 192 ? 1u : 0u) << i;
  wgpuCommandBufferRelease(cb);
  wgpuComputePassEncoderRelease(pass);
  wgpuCommandEncoderRelease(e);
  wgpuBindGroupRelease(g);
  wgpuBindGroupLayoutRelease(l);
  wgpuBufferRelease(args);
  wgpuBufferRelease(b);
  wgpuComputePipelineRelease(p);
  wgpuShaderModuleRelease(m);
}

// Workgroup size and workgroup memory from override constants, checked against the device's
// limits (WebGPU defaults: 256 invocations, 16384 bytes of workgroup storage).
TEST_F(WebGpuPipeline, WorkgroupLimitsFromOverrides) {
  const char* src =
      "override block: u32 = 64;\n"
      "override tile: u32 = 64;\n"
      "var<workgroup> scratch: array<u32, tile>;\n"
      "@group(0) @binding(0) var<storage, read_write> d: array<u32>;\n"
      "@compute @workgroup_size(block) fn main(@builtin(local_invocation_index) i: u32) {\n"
      "  scratch[i % tile] = i; workgroupBarrier(); d[i] = scratch[(i + 1u) % tile];\n"
      "}\n";
  WGPUShaderModule m = module(src, "tiles");
  auto make = [&](double block, double tile) {
    WGPUConstantEntry c[2] = {WGPU_CONSTANT_ENTRY_INIT, WGPU_CONSTANT_ENTRY_INIT};
    c[0].key = sv("block");
    c[0].value = block;
    c[1].key = sv("tile");
    c[1].value = tile;
    errors.list.clear();
    WGPUComputePipeline p = pipeline(m, "tiled", nullptr, c, 2);
    wgpuComputePipelineRelease(p);
  };
  make(256, 256);
  EXPECT_TRUE(errors.list.empty()) << errors.all();
  make(512, 64);
  EXPECT_TRUE(errors.any("maxComputeWorkgroupSizeX = 256")) << errors.all();
  EXPECT_TRUE(errors.any("ComputePipeline \"tiled\"")) << errors.all();
  make(128, 64);  // fine
  EXPECT_TRUE(errors.list.empty()) << errors.all();
  make(64, 8192);  // 32768 bytes of workgroup memory
  EXPECT_TRUE(errors.any("maxComputeWorkgroupStorageSize")) << errors.all();
  wgpuShaderModuleRelease(m);
}

}  // namespace
