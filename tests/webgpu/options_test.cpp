// wgslemu's own powers through the C API: the chained WGSLEmuDeviceOptions, WGSLEMU_OPTIONS,
// WGSLEMU_REPORT, dynamic errors on standard error, and device loss for a trap or a hang.
// Uses wgslemu's header (include/webgpu/webgpu.h and include/wgslemu/webgpu_ext.h).
#include <wgslemu/webgpu_ext.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "webgpu_test_util.h"

namespace {

class WebGpuOptions : public WebGpuTest {
 protected:
  void SetUp() override {}  // each test makes its device with its options
  void TearDown() override {
    if (device) WebGpuTest::TearDown();
  }

  // Instance, adapter and device with `options` chained (empty: none).
  bool start(const char* options, const char* report = nullptr, std::string* error = nullptr) {
    instance = wgpuCreateInstance(nullptr);
    adapter = makeAdapter();
    WGPUDeviceDescriptor dd = deviceDescriptor();
    WGSLEmuDeviceOptions ext = WGSLEMU_DEVICE_OPTIONS_INIT;
    ext.options = sv(options);
    if (report) ext.reportPath = sv(report);
    dd.nextInChain = &ext.chain;
    device = makeDevice(dd, error);
    if (!device) {
      wgpuAdapterRelease(adapter);
      wgpuInstanceRelease(instance);
      return false;
    }
    queue = wgpuDeviceGetQueue(device);
    return true;
  }

  // One dispatch of `src` with one read_write storage buffer of `bytes` at binding 0.
  void run(const char* src, uint64_t bytes, const char* label) {
    WGPUShaderModule m = module(src, label);
    WGPUComputePipeline p = pipeline(m, label);
    WGPUBuffer b = buffer(bytes, WGPUBufferUsage_Storage | WGPUBufferUsage_CopySrc, "data");
    WGPUBindGroupLayout l = wgpuComputePipelineGetBindGroupLayout(p, 0);
    WGPUBindGroup g = bindGroup(l, {entry(0, b)});
    dispatch(p, {g}, 1);
    wgpuBindGroupRelease(g);
    wgpuBindGroupLayoutRelease(l);
    wgpuBufferRelease(b);
    wgpuComputePipelineRelease(p);
    wgpuShaderModuleRelease(m);
  }
};

const char* kOutOfBounds =
    "@group(0) @binding(0) var<storage, read_write> d: array<u32>;\n"
    "@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) {\n"
    "  d[i + 2u] = i;\n"
    "}\n";

TEST_F(WebGpuOptions, OutOfBoundsIsPrintedAndTrapLosesTheDevice) {
  ASSERT_TRUE(start("--oob=trap"));
  testing::internal::CaptureStderr();
  run(kOutOfBounds, 16, "oob kernel");  // 4 elements: invocations 2 and 3 write d[4], d[5]
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("ComputePipeline \"oob kernel\""), std::string::npos) << err;
  EXPECT_NE(err.find("oob kernel:3:"), std::string::npos) << err;  // the access, at line 3
  EXPECT_EQ(lost.calls, 1);
  EXPECT_EQ(lost.reason, WGPUDeviceLostReason_Unknown);
  EXPECT_NE(lost.message.find("trapped"), std::string::npos) << lost.message;
}

TEST_F(WebGpuOptions, DefaultPolicyReportsWithoutLosingTheDevice) {
  ASSERT_TRUE(start(""));
  testing::internal::CaptureStderr();
  run(kOutOfBounds, 16, "oob kernel");
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("out"), std::string::npos) << err;
  EXPECT_EQ(lost.calls, 0);
}

TEST_F(WebGpuOptions, HangLosesTheDeviceWithTheHangReport) {
  ASSERT_TRUE(start("--scheduler=round-robin --hang-window=2000"));
  const char* spin =
      "@group(0) @binding(0) var<storage, read_write> d: array<atomic<u32>>;\n"
      "@compute @workgroup_size(1) fn main() {\n"
      "  loop { if (atomicLoad(&d[0]) == 1u) { break; } }\n"
      "}\n";
  testing::internal::CaptureStderr();
  run(spin, 4, "spinner");
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(lost.calls, 1) << err;
  EXPECT_EQ(lost.reason, WGPUDeviceLostReason_Unknown);
  EXPECT_NE(lost.message.find("hang"), std::string::npos) << lost.message;
}

TEST_F(WebGpuOptions, BadOptionsFailDeviceCreation) {
  std::string error;
  EXPECT_FALSE(start("--no-such-option", nullptr, &error));
  EXPECT_NE(error.find("WGSLEmuDeviceOptions: unknown option 'no-such-option' (the options are: subgroup-size, "),
            std::string::npos)
      << error;
  device = nullptr;
}

// The sentence for a bad value is the one `wgslemu run` and `wgslemu exec` print
// (tests/tools/run_cli_test.cpp checks those doors with the same option).
TEST_F(WebGpuOptions, BadValueIsTheCommandLinesSentence) {
  const std::string sentence =
      "option 'scheduler': 'fast' is not valid: expected fair, round-robin, obe, lobe, hsa, hsa-obe, unfair or "
      "random:SEED";
  std::string error;
  EXPECT_FALSE(start("--scheduler=fast", nullptr, &error));
  EXPECT_EQ(error, "WGSLEmuDeviceOptions: " + sentence);
  device = nullptr;
  setenv("WGSLEMU_OPTIONS", "--scheduler=fast", 1);
  EXPECT_FALSE(start("", nullptr, &error));
  unsetenv("WGSLEMU_OPTIONS");
  EXPECT_EQ(error, "WGSLEMU_OPTIONS: " + sentence);
  device = nullptr;
}

// Options that only the run-spec runner acts on (files a run writes) are refused by the device.
TEST_F(WebGpuOptions, RunnerOnlyOptionsAreRefused) {
  std::string error;
  EXPECT_FALSE(start("--timeline=run.svg", nullptr, &error));
  EXPECT_NE(error.find("WGSLEmuDeviceOptions: option 'timeline' is not a device option"), std::string::npos)
      << error;
  device = nullptr;
}

// A barrier under control flow that depends on a storage value: the uniformity analysis rejects
// the module (WGSL's uniformity rules), unless --allow-nonuniform turns the errors into warnings.
const char* kNonUniformBarrier =
    "@group(0) @binding(0) var<storage, read_write> d: array<u32>;\n"
    "@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) {\n"
    "  if (d[i] == 0u) { workgroupBarrier(); }\n"
    "  d[i] = i + 1u;\n"
    "}\n";

TEST_F(WebGpuOptions, NonUniformModuleIsAnErrorByDefault) {
  ASSERT_TRUE(start(""));
  WGPUShaderModule m = module(kNonUniformBarrier, "nonuniform");
  EXPECT_TRUE(errors.any("workgroupBarrier")) << errors.all();
  wgpuShaderModuleRelease(m);
}

TEST_F(WebGpuOptions, AllowNonUniformThroughTheChainedStruct) {
  ASSERT_TRUE(start("--allow-nonuniform"));
  testing::internal::CaptureStderr();
  run(kNonUniformBarrier, 16, "nonuniform");  // zeros: every invocation reaches the barrier
  testing::internal::GetCapturedStderr();
  EXPECT_TRUE(errors.list.empty()) << errors.all();
}

TEST_F(WebGpuOptions, AllowNonUniformThroughTheEnvironment) {
  setenv("WGSLEMU_OPTIONS", "--allow-nonuniform", 1);
  ASSERT_TRUE(start(""));
  unsetenv("WGSLEMU_OPTIONS");
  testing::internal::CaptureStderr();
  run(kNonUniformBarrier, 16, "nonuniform");
  testing::internal::GetCapturedStderr();
  EXPECT_TRUE(errors.list.empty()) << errors.all();
}

TEST_F(WebGpuOptions, EnvironmentOptionsApply) {
  setenv("WGSLEMU_OPTIONS", "--oob=trap", 1);
  ASSERT_TRUE(start(""));
  unsetenv("WGSLEMU_OPTIONS");
  testing::internal::CaptureStderr();
  run(kOutOfBounds, 16, "env kernel");
  testing::internal::GetCapturedStderr();
  EXPECT_EQ(lost.calls, 1);
}

TEST_F(WebGpuOptions, ReportListsEveryDispatchWithPipelineAndEntryPoint) {
  const std::string path = ::testing::TempDir() + "/wgslemu_capi_report.json";
  ASSERT_TRUE(start("", path.c_str()));
  const char* ok =
      "@group(0) @binding(0) var<storage, read_write> d: array<u32>;\n"
      "@compute @workgroup_size(1) fn fill() { d[0] = 7u; }\n";
  run(ok, 4, "first");
  run(ok, 4, "second");
  WebGpuTest::TearDown();  // the device's release writes the report
  device = nullptr;
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  const std::string s = text.str();
  EXPECT_NE(s.find("\"pipeline\":\"first\""), std::string::npos) << s;
  EXPECT_NE(s.find("\"pipeline\":\"second\""), std::string::npos) << s;
  EXPECT_NE(s.find("\"entry_point\":\"fill\""), std::string::npos) << s;
}

nlohmann::json readJson(const std::string& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in, nullptr, false);
}

// The report's events are the objects `wgslemu run --report` writes (docs/run-spec.md), and the
// lines on standard error group them as `wgslemu run` does.
TEST_F(WebGpuOptions, ReportEventsAreTheRunReportsEvents) {
  const std::string path = ::testing::TempDir() + "/wgslemu_capi_events.json";
  ASSERT_TRUE(start("", path.c_str()));
  testing::internal::CaptureStderr();
  run(kOutOfBounds, 16, "oob kernel");  // invocations 2 and 3 write d[4] and d[5] of 4 elements
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("ComputePipeline \"oob kernel\" (entry point main): dynamic_error: 1 workgroups"),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("  oob kernel:3:"), std::string::npos) << err;
  EXPECT_NE(err.find(": 2 oob events by 2 invocations in 1 workgroup; first: out-of-bounds write of 4 bytes through "
                     "index 4 (out of range for 4 elements)"),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("(events grouped by kind and source location; the report " + path + " lists each one)"),
            std::string::npos)
      << err;
  WebGpuTest::TearDown();  // the device's release writes the report
  device = nullptr;
  const nlohmann::json j = readJson(path);
  ASSERT_TRUE(j.is_object());
  ASSERT_EQ(j["dispatches"].size(), 1u);
  const nlohmann::json& d = j["dispatches"][0];
  EXPECT_EQ(d["pipeline"], "oob kernel");
  EXPECT_EQ(d["entry_point"], "main");
  EXPECT_EQ(d["event_count"], 2);
  EXPECT_EQ(d["events_dropped"], 0);
  ASSERT_EQ(d["events"].size(), 2u);
  for (uint32_t i = 0; i < 2; ++i) {
    const nlohmann::json& e = d["events"][i];
    SCOPED_TRACE(e.dump());
    EXPECT_EQ(e["kind"], "oob");
    EXPECT_EQ(e["location"]["file"], "oob kernel");
    EXPECT_EQ(e["location"]["line"], 3);
    EXPECT_EQ(e["workgroup"], nlohmann::json::array({0, 0, 0}));
    EXPECT_EQ(e["local_invocation"], nlohmann::json::array({2 + i, 0, 0}));
    EXPECT_EQ(e["variable"], "d");
    EXPECT_EQ(e["binding"], "0:0");
    EXPECT_EQ(e["offset"], 4 + i);  // the index out of range
    EXPECT_EQ(e["size"], 4);
    EXPECT_EQ(e["access"], "write");
    EXPECT_EQ(e["action"], "drop-store");  // the default policy
    EXPECT_EQ(e["injected"], false);
    const std::string message = e["message"];
    EXPECT_EQ(message.rfind("oob kernel:3:", 0), 0u);
    EXPECT_NE(message.find("through index " + std::to_string(4 + i) + " (out of range for 4 elements)"),
              std::string::npos);
    EXPECT_NE(message.find("by invocation " + std::to_string(2 + i) + " of workgroup (0, 0, 0)"), std::string::npos);
    EXPECT_FALSE(e.contains("file"));  // no second schema with flat fields
  }
}

// --max-events keeps the first events; the rest are counted, in the report and on stderr.
TEST_F(WebGpuOptions, MaxEventsKeepsTheFirstAndCountsTheRest) {
  const std::string path = ::testing::TempDir() + "/wgslemu_capi_max_events.json";
  ASSERT_TRUE(start("--max-events=1", path.c_str()));
  testing::internal::CaptureStderr();
  run(kOutOfBounds, 16, "capped");
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("2 events\n"), std::string::npos) << err;
  EXPECT_NE(err.find("through index 4"), std::string::npos) << err;
  EXPECT_EQ(err.find("through index 5"), std::string::npos) << err;
  EXPECT_NE(err.find("  ... and 1 more events, not kept (--max-events=N in WGSLEMU_OPTIONS keeps more"),
            std::string::npos)
      << err;
  WebGpuTest::TearDown();
  device = nullptr;
  const nlohmann::json j = readJson(path);
  ASSERT_TRUE(j.is_object());
  const nlohmann::json& d = j["dispatches"][0];
  EXPECT_EQ(d["event_count"], 2);
  EXPECT_EQ(d["events"].size(), 1u);
  EXPECT_EQ(d["events_dropped"], 1);
}

}  // namespace
