// Every corpus spec through the C API as well as through `wgslemu run`: a harness translates
// the spec into webgpu.h calls (buffers, one module/pipeline/bind groups/dispatch per pass, the
// spec's options through WGSLEmuDeviceOptions) and checks the same outcome as the run's report:
// the buffers against the spec's expectations (mismatches iff the run has them), the same number
// of events, device loss iff the run hangs or traps.
#include <webgpu/webgpu.h>
#include <wgslemu/webgpu_ext.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <cstring>

#include "runtime/options/option_table.h"
#include "tools/runspec/compare.h"
#include "tools/runspec/run_spec.h"

namespace {

namespace fs = std::filesystem;
namespace rs = wgslemu::runspec;

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

WGPUStringView sv(const std::string& s) { return WGPUStringView{s.data(), s.size()}; }

struct CapiOutcome {
  bool ok = true;         // ran (device created)
  std::string error;      // why not, or the first WebGPU error
  bool lost = false;
  uint64_t events = 0;
  std::vector<std::string> mismatches;
};

struct Harness {
  WGPUInstance instance = nullptr;
  WGPUAdapter adapter = nullptr;
  WGPUDevice device = nullptr;
  WGPUQueue queue = nullptr;
  CapiOutcome out;

  static void onError(WGPUDevice const*, WGPUErrorType, WGPUStringView m, void* u, void*) {
    auto* o = static_cast<CapiOutcome*>(u);
    if (o->error.empty()) o->error = std::string(m.data, m.length);
  }
  static void onLost(WGPUDevice const*, WGPUDeviceLostReason r, WGPUStringView, void* u, void*) {
    if (r == WGPUDeviceLostReason_Unknown) static_cast<CapiOutcome*>(u)->lost = true;
  }

  bool start(const std::string& options, const std::string& report) {
    instance = wgpuCreateInstance(nullptr);
    WGPURequestAdapterCallbackInfo acb = WGPU_REQUEST_ADAPTER_CALLBACK_INFO_INIT;
    acb.mode = WGPUCallbackMode_AllowSpontaneous;
    acb.callback = [](WGPURequestAdapterStatus, WGPUAdapter a, WGPUStringView, void* u, void*) {
      *static_cast<WGPUAdapter*>(u) = a;
    };
    acb.userdata1 = &adapter;
    wgpuInstanceRequestAdapter(instance, nullptr, acb);
    WGPULimits limits = WGPU_LIMITS_INIT;
    wgpuAdapterGetLimits(adapter, &limits);  // everything the adapter has, like `wgslemu run`
    WGPUDeviceDescriptor dd = WGPU_DEVICE_DESCRIPTOR_INIT;
    WGPUFeatureName features[2] = {WGPUFeatureName_ShaderF16, WGPUFeatureName_Subgroups};
    dd.requiredFeatureCount = 2;
    dd.requiredFeatures = features;
    dd.requiredLimits = &limits;
    dd.uncapturedErrorCallbackInfo.callback = onError;
    dd.uncapturedErrorCallbackInfo.userdata1 = &out;
    dd.deviceLostCallbackInfo.mode = WGPUCallbackMode_AllowSpontaneous;
    dd.deviceLostCallbackInfo.callback = onLost;
    dd.deviceLostCallbackInfo.userdata1 = &out;
    WGSLEmuDeviceOptions ext = WGSLEMU_DEVICE_OPTIONS_INIT;
    ext.options = sv(options);
    ext.reportPath = sv(report);
    dd.nextInChain = &ext.chain;
    struct R {
      WGPUDevice d = nullptr;
      std::string m;
    } r;
    WGPURequestDeviceCallbackInfo dcb = WGPU_REQUEST_DEVICE_CALLBACK_INFO_INIT;
    dcb.mode = WGPUCallbackMode_AllowSpontaneous;
    dcb.callback = [](WGPURequestDeviceStatus, WGPUDevice d, WGPUStringView m, void* u, void*) {
      static_cast<R*>(u)->d = d;
      static_cast<R*>(u)->m = std::string(m.data ? m.data : "", m.data ? m.length : 0);
    };
    dcb.userdata1 = &r;
    wgpuAdapterRequestDevice(adapter, &dd, dcb);
    device = r.d;
    if (!device) {
      out.ok = false;
      out.error = r.m;
      return false;
    }
    queue = wgpuDeviceGetQueue(device);
    return true;
  }

  void stop() {
    if (queue) wgpuQueueRelease(queue);
    if (device) wgpuDeviceRelease(device);
    if (adapter) wgpuAdapterRelease(adapter);
    if (instance) wgpuInstanceRelease(instance);
  }

  std::vector<uint8_t> read(WGPUBuffer b, uint64_t size) {
    WGPUBufferDescriptor bd = WGPU_BUFFER_DESCRIPTOR_INIT;
    bd.size = (size + 3) / 4 * 4;
    bd.usage = WGPUBufferUsage_MapRead | WGPUBufferUsage_CopyDst;
    WGPUBuffer rb = wgpuDeviceCreateBuffer(device, &bd);
    WGPUCommandEncoder e = wgpuDeviceCreateCommandEncoder(device, nullptr);
    wgpuCommandEncoderCopyBufferToBuffer(e, b, 0, rb, 0, bd.size);
    WGPUCommandBuffer cb = wgpuCommandEncoderFinish(e, nullptr);
    wgpuQueueSubmit(queue, 1, &cb);
    wgpuCommandBufferRelease(cb);
    wgpuCommandEncoderRelease(e);
    WGPUBufferMapCallbackInfo mi = WGPU_BUFFER_MAP_CALLBACK_INFO_INIT;
    mi.mode = WGPUCallbackMode_AllowSpontaneous;
    mi.callback = [](WGPUMapAsyncStatus, WGPUStringView, void*, void*) {};
    wgpuBufferMapAsync(rb, WGPUMapMode_Read, 0, bd.size, mi);
    std::vector<uint8_t> bytes(size);
    wgpuBufferReadMappedRange(rb, 0, bytes.data(), size);
    wgpuBufferUnmap(rb);
    wgpuBufferRelease(rb);
    return bytes;
  }

  // Runs the spec's passes; fills `out`.
  void run(const rs::RunSpec& spec) {
    std::map<std::string, WGPUBuffer> buffers;
    std::map<std::string, uint64_t> sizes;
    for (const auto& b : spec.buffers) {
      std::vector<uint8_t> bytes;
      std::string error;
      if (b.data && !rs::materialize(*b.data, bytes, error)) {
        out.error = error;
        return;
      }
      uint64_t size = b.size ? *b.size : bytes.size();
      WGPUBufferDescriptor bd = WGPU_BUFFER_DESCRIPTOR_INIT;
      bd.label = sv(b.name);
      bd.size = (size + 3) / 4 * 4;
      bd.usage = WGPUBufferUsage_Storage | WGPUBufferUsage_Uniform | WGPUBufferUsage_Indirect |
                 WGPUBufferUsage_CopySrc | WGPUBufferUsage_CopyDst;
      bd.mappedAtCreation = !bytes.empty();
      WGPUBuffer buf = wgpuDeviceCreateBuffer(device, &bd);
      if (!bytes.empty()) {
        wgpuBufferWriteMappedRange(buf, 0, bytes.data(), std::min<uint64_t>(bytes.size(), bd.size) / 4 * 4);
        if (bytes.size() % 4) {
          uint8_t tail[4] = {0, 0, 0, 0};
          std::memcpy(tail, bytes.data() + bytes.size() / 4 * 4, bytes.size() % 4);
          wgpuBufferWriteMappedRange(buf, bytes.size() / 4 * 4, tail, 4);
        }
        wgpuBufferUnmap(buf);
      }
      buffers[b.name] = buf;
      sizes[b.name] = size;
    }
    for (const auto& pass : spec.passes) {
      if (!out.error.empty() || out.lost) break;
      const std::string source = pass.source ? *pass.source : readFile(*pass.shader_path);
      WGPUShaderSourceWGSL wgsl = WGPU_SHADER_SOURCE_WGSL_INIT;
      wgsl.code = sv(source);
      WGPUShaderModuleDescriptor md = WGPU_SHADER_MODULE_DESCRIPTOR_INIT;
      md.nextInChain = &wgsl.chain;
      const std::string label = pass.shader_path ? fs::path(*pass.shader_path).filename().string() : "inline.wgsl";
      md.label = sv(label);
      WGPUShaderModule m = wgpuDeviceCreateShaderModule(device, &md);
      std::vector<WGPUConstantEntry> constants;
      for (const auto& o : pass.overrides) {
        WGPUConstantEntry c = WGPU_CONSTANT_ENTRY_INIT;
        c.key = sv(o.key);
        c.value = o.value;
        constants.push_back(c);
      }
      WGPUComputePipelineDescriptor pd = WGPU_COMPUTE_PIPELINE_DESCRIPTOR_INIT;
      pd.label = sv(pass.where);
      pd.compute.module = m;
      if (!pass.entry.empty()) pd.compute.entryPoint = sv(pass.entry);
      pd.compute.constantCount = constants.size();
      pd.compute.constants = constants.data();
      WGPUComputePipeline p = wgpuDeviceCreateComputePipeline(device, &pd);
      std::map<uint32_t, std::vector<WGPUBindGroupEntry>> groups;
      for (const auto& bind : pass.binds) {
        WGPUBindGroupEntry e = WGPU_BIND_GROUP_ENTRY_INIT;
        e.binding = bind.binding;
        e.buffer = buffers[bind.buffer];
        e.size = sizes[bind.buffer];
        groups[bind.group].push_back(e);
      }
      WGPUCommandEncoder enc = wgpuDeviceCreateCommandEncoder(device, nullptr);
      WGPUComputePassEncoder cp = wgpuCommandEncoderBeginComputePass(enc, nullptr);
      wgpuComputePassEncoderSetPipeline(cp, p);
      std::vector<WGPUBindGroup> made;
      for (auto& [g, entries] : groups) {
        WGPUBindGroupDescriptor bgd = WGPU_BIND_GROUP_DESCRIPTOR_INIT;
        bgd.layout = wgpuComputePipelineGetBindGroupLayout(p, g);
        bgd.entryCount = entries.size();
        bgd.entries = entries.data();
        WGPUBindGroup bg = wgpuDeviceCreateBindGroup(device, &bgd);
        wgpuBindGroupLayoutRelease(bgd.layout);
        wgpuComputePassEncoderSetBindGroup(cp, g, bg, 0, nullptr);
        made.push_back(bg);
      }
      if (pass.dispatch_indirect) {
        wgpuComputePassEncoderDispatchWorkgroupsIndirect(cp, buffers[pass.dispatch_indirect->buffer],
                                                         pass.dispatch_indirect->offset);
      } else {
        const auto d = *pass.dispatch;
        wgpuComputePassEncoderDispatchWorkgroups(cp, d[0], d[1], d[2]);
      }
      wgpuComputePassEncoderEnd(cp);
      WGPUCommandBuffer cb = wgpuCommandEncoderFinish(enc, nullptr);
      wgpuQueueSubmit(queue, 1, &cb);
      wgpuCommandBufferRelease(cb);
      wgpuComputePassEncoderRelease(cp);
      wgpuCommandEncoderRelease(enc);
      for (auto bg : made) wgpuBindGroupRelease(bg);
      wgpuComputePipelineRelease(p);
      wgpuShaderModuleRelease(m);
    }
    for (const auto& b : spec.buffers) {
      if (b.expect && out.error.empty() && !out.lost) {
        std::vector<uint8_t> expected, actual = read(buffers[b.name], sizes[b.name]);
        std::string error;
        rs::materialize(*b.expect, expected, error);
        if (auto mm = rs::compareBuffer(b.name, *b.expect, expected, actual, b.tolerance)) {
          out.mismatches.push_back(rs::describe(*mm));
        }
      }
      wgpuBufferRelease(buffers[b.name]);
    }
  }
};

// Options of a spec as text for WGSLEmuDeviceOptions; false if one is not a device option.
bool optionText(const rs::RunSpec& spec, std::string& text, std::string& unsupported) {
  for (const auto& [name, value] : spec.options) {
    const wgsl::runtime::options::RunOptionInfo* info = wgsl::runtime::options::findRunOption(name);
    if (!info || info->scope != wgsl::runtime::options::Scope::Device) {
      unsupported = name;
      return false;
    }
    if (value == "false") continue;
    if (value == "true") {
      text += " --" + name;
      continue;
    }
    std::istringstream lines(value);  // repeatable options are joined with newlines
    std::string v;
    while (std::getline(lines, v)) text += " --" + name + "=" + v;
  }
  return true;
}

TEST(WebGpuCorpusSpecs, EverySpecGivesTheSameOutcomeThroughTheCApi) {
  const std::string dir = std::string(WGSLEMU_SOURCE_DIR) + "/corpus/specs";
  const std::string tmp = ::testing::TempDir();
  std::vector<std::string> specs;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() == ".json") specs.push_back(e.path().string());
  }
  std::sort(specs.begin(), specs.end());
  ASSERT_GT(specs.size(), 50u);
  int compared = 0;
  std::vector<std::string> skipped;
  for (const std::string& path : specs) {
    SCOPED_TRACE(path);
    std::string error;
    auto spec = rs::parseRunSpec(readFile(path), path, error);
    ASSERT_TRUE(spec) << error;
    std::string options, unsupported;
    if (!optionText(*spec, options, unsupported)) {
      skipped.push_back(fs::path(path).filename().string() + " (option --" + unsupported + ")");
      continue;
    }
    // The run's outcome.
    const std::string run_report = tmp + "/capi_spec_run.json";
    std::remove(run_report.c_str());
    const std::string cmd =
        std::string(WGSLEMU_BINARY) + " run " + path + " --report=" + run_report + " > /dev/null 2>&1";
    (void)std::system(cmd.c_str());
    std::ifstream rin(run_report);
    ASSERT_TRUE(rin.good()) << cmd;
    nlohmann::json rj = nlohmann::json::parse(rin, nullptr, false);
    const std::string status = rj.value("status", "");
    if (status == "invalid" || status == "error") {
      skipped.push_back(fs::path(path).filename().string() + " (run status " + status + ")");
      continue;
    }
    // The C API's.
    const std::string capi_report = tmp + "/capi_spec_" + fs::path(path).stem().string() + ".json";
    std::remove(capi_report.c_str());
    Harness h;
    if (h.start(options, capi_report)) {
      testing::internal::CaptureStderr();
      h.run(*spec);
      testing::internal::GetCapturedStderr();
    }
    h.stop();
    ASSERT_TRUE(h.out.ok) << h.out.error;
    EXPECT_EQ(h.out.error, "") << "run status " << status;
    std::ifstream cin(capi_report);
    nlohmann::json cj = nlohmann::json::parse(cin, nullptr, false);
    uint64_t events = 0;
    if (cj.is_object()) {
      for (const auto& d : cj["dispatches"]) events += d.value("event_count", uint64_t{0});
    }
    EXPECT_EQ(events, rj.value("event_count", uint64_t{0})) << "run status " << status;
    const bool run_lost = status == "hang" || status == "trapped";
    EXPECT_EQ(h.out.lost, run_lost) << "run status " << status;
    const bool run_mismatch = rj.contains("mismatches") && !rj["mismatches"].empty();
    if (!run_lost) {
      EXPECT_EQ(!h.out.mismatches.empty(), run_mismatch) << (h.out.mismatches.empty() ? "" : h.out.mismatches[0]);
    }
    ++compared;
  }
  std::string list;
  for (const auto& s : skipped) list += "  " + s + "\n";
  std::printf("%d specs compared, %zu skipped:\n%s", compared, skipped.size(), list.c_str());
  EXPECT_GT(compared, 40);
}

}  // namespace
