// Every corpus spec through the C API as well as through `wgslemu run`: a harness translates
// the spec into webgpu.h calls (buffers, one module/pipeline/bind groups/dispatch per pass, the
// spec's options through WGSLEmuDeviceOptions) and checks that both give the same thing: every
// buffer's final bytes, the same events (each one's kind, location, invocation, offset or index,
// message and the fields of its kind, in the same order), the same event count, and device loss
// iff the run stopped (hang, trap, barrier divergence). Both sides run with one thread, so that
// the order of events (and which ones are kept) is the same.
#include <webgpu/webgpu.h>
#include <wgslemu/webgpu_ext.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <cstring>

#include "runtime/options/option_table.h"
#include "tools/runspec/compare.h"
#include "tools/runspec/run_spec.h"
#include "tools/runspec/runner.h"

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
  std::vector<std::string> mismatches;
  std::vector<std::pair<std::string, std::vector<uint8_t>>> finals;  // every buffer's final bytes (unless lost)
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
      // The names `wgslemu run` gives its modules (messages name the file).
      const std::string label = pass.shader_path ? *pass.shader_path : spec.path + " (" + pass.where + ")";
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
      if (out.error.empty() && !out.lost) {
        std::vector<uint8_t> actual = read(buffers[b.name], sizes[b.name]);
        if (b.expect) {
          std::vector<uint8_t> expected;
          std::string error;
          rs::materialize(*b.expect, expected, error);
          if (auto mm = rs::compareBuffer(b.name, *b.expect, expected, actual, b.tolerance)) {
            out.mismatches.push_back(rs::describe(*mm));
          }
        }
        out.finals.emplace_back(b.name, std::move(actual));
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

// The first byte where two buffers differ, as text ("" when equal).
std::string firstDifference(const std::vector<uint8_t>& a, const std::vector<uint8_t>& b) {
  if (a.size() != b.size()) return "sizes " + std::to_string(a.size()) + " and " + std::to_string(b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i] != b[i]) return "byte " + std::to_string(i) + ": " + std::to_string(a[i]) + " vs " + std::to_string(b[i]);
  }
  return "";
}

// Runs every corpus spec both ways with the spec's options plus `extra` (name, value; a flag
// has the value "true"), and compares. Returns the number of events compared.
// `tag` names the report files (a report path collects every dispatch of the process).
uint64_t compareEverySpec(const std::string& tag, const std::vector<std::pair<std::string, std::string>>& extra) {
  const std::string dir = std::string(WGSLEMU_SOURCE_DIR) + "/corpus/specs";
  const std::string tmp = ::testing::TempDir();
  std::vector<std::string> specs;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() == ".json") specs.push_back(e.path().string());
  }
  std::sort(specs.begin(), specs.end());
  EXPECT_GT(specs.size(), 50u);
  int compared = 0;
  uint64_t events_compared = 0, bytes_compared = 0;
  std::vector<std::string> skipped;
  for (const std::string& path : specs) {
    SCOPED_TRACE(path);
    std::string error;
    auto spec = rs::parseRunSpec(readFile(path), path, error);
    if (!spec) {
      ADD_FAILURE() << error;
      continue;
    }
    std::string options, unsupported;
    if (!optionText(*spec, options, unsupported)) {
      skipped.push_back(fs::path(path).filename().string() + " (option --" + unsupported + ")");
      continue;
    }
    // One thread, and the run's event cap, on both sides (unless the spec says otherwise).
    rs::RunOptions cli;
    auto add = [&](const std::string& name, const std::string& value) {
      if (spec->options.count(name)) return;  // the spec's own value (already in `options`)
      EXPECT_TRUE(cli.set(name, value, error)) << error;
      options += value == "true" ? " --" + name : " --" + name + "=" + value;
    };
    add("threads", "1");
    add("max-events", "10000");
    for (const auto& [name, value] : extra) add(name, value);
    // The run (what `wgslemu run --report` writes).
    rs::FinalBuffers run_finals;
    const rs::RunResult run = rs::runSpec(*spec, cli, &run_finals);
    const nlohmann::ordered_json rj = rs::reportJson(*spec, run);
    if (run.status == rs::RunStatus::Invalid || run.status == rs::RunStatus::Error) {
      skipped.push_back(fs::path(path).filename().string() + " (run status " + rs::toString(run.status) + ")");
      continue;
    }
    const std::string status = rs::toString(run.status);
    // The C API's.
    const std::string capi_report = tmp + "/capi_spec_" + tag + "_" + fs::path(path).stem().string() + ".json";
    std::remove(capi_report.c_str());
    Harness h;
    if (h.start(options, capi_report)) {
      testing::internal::CaptureStderr();
      h.run(*spec);
      testing::internal::GetCapturedStderr();
    }
    h.stop();
    EXPECT_TRUE(h.out.ok) << h.out.error;
    EXPECT_EQ(h.out.error, "") << "run status " << status;
    std::ifstream cin(capi_report);
    const nlohmann::ordered_json cj = nlohmann::ordered_json::parse(cin, nullptr, false);
    if (!cj.is_object() || !cj.contains("dispatches")) {
      ADD_FAILURE() << "no report at " << capi_report;
      continue;
    }
    // The same dispatches, event counts and events.
    EXPECT_EQ(cj["dispatches"].size(), run.passes.size()) << "run status " << status;
    uint64_t event_count = 0;
    std::vector<nlohmann::ordered_json> capi_events;
    for (const auto& d : cj["dispatches"]) {
      event_count += d.value("event_count", uint64_t{0});
      for (const auto& e : d["events"]) capi_events.push_back(e);
    }
    EXPECT_EQ(event_count, run.event_count) << "run status " << status;
    EXPECT_EQ(capi_events.size(), rj["events"].size()) << "run status " << status;
    for (size_t i = 0; i < capi_events.size() && i < rj["events"].size(); ++i) {
      nlohmann::ordered_json re = rj["events"][i];
      re.erase("pass");  // the run's own field: the C API's dispatches are in the report's order
      EXPECT_EQ(capi_events[i], re) << "event " << i << "\n  C API: " << capi_events[i].dump()
                                    << "\n  run:   " << re.dump();
      ++events_compared;
    }
    // Device loss iff the run stopped: a hang, --oob=trap, a barrier in non-uniform control flow.
    const bool run_stopped = run.status == rs::RunStatus::Hang ||
                             (run.status == rs::RunStatus::DynamicError && !run.error.empty());
    EXPECT_EQ(h.out.lost, run_stopped) << "run status " << status << ": " << run.error;
    // The same final bytes in every buffer (a lost device has nothing to map).
    if (!h.out.lost) {
      EXPECT_EQ(!h.out.mismatches.empty(), !run.mismatches.empty())
          << (h.out.mismatches.empty() ? "" : h.out.mismatches[0]);
      EXPECT_EQ(h.out.finals.size(), run_finals.size());
      for (size_t i = 0; i < run_finals.size() && i < h.out.finals.size(); ++i) {
        EXPECT_EQ(h.out.finals[i].first, run_finals[i].first);
        EXPECT_EQ(firstDifference(h.out.finals[i].second, run_finals[i].second), "")
            << "buffer '" << run_finals[i].first << "'";
        bytes_compared += run_finals[i].second.size();
      }
    }
    ++compared;
  }
  std::string list;
  for (const auto& s : skipped) list += "  " + s + "\n";
  std::printf("%d specs compared (%llu events, %llu buffer bytes), %zu skipped:\n%s", compared,
              static_cast<unsigned long long>(events_compared), static_cast<unsigned long long>(bytes_compared),
              skipped.size(), list.c_str());
  EXPECT_GT(compared, 40);
  return events_compared;
}

TEST(WebGpuCorpusSpecs, SameOutputsAndEventsThroughTheCApi) { EXPECT_GT(compareEverySpec("default", {}), 0u); }

// With the dynamic checks that find more: data races, non-finite values.
TEST(WebGpuCorpusSpecs, SameOutputsAndEventsWithRacesAndNonFinite) {
  EXPECT_GT(compareEverySpec("checks", {{"races", "true"}, {"nonfinite", "report"}}), 0u);
}

// Under a step-wise scheduler with small subgroups (hangs lose the device on the C API side).
TEST(WebGpuCorpusSpecs, SameOutputsAndEventsUnderRoundRobin) {
  compareEverySpec("round_robin", {{"scheduler", "round-robin"}, {"subgroup-size", "4"}});
}

// Out-of-bounds accesses everywhere (one access in a hundred made out of bounds, reproducibly
// from the seed: `oob` and `injected` events in every spec) under the bounds policies, which
// change what such an access does.
TEST(WebGpuCorpusSpecs, SameOutputsAndEventsWithInjectedFaults) {
  for (const char* policy : {"zero", "clamp", "trap"}) {
    SCOPED_TRACE(policy);
    EXPECT_GT(compareEverySpec(std::string("inject_") + policy, {{"inject", "oob:prob=0.01:seed=3"}, {"oob", policy}}),
              100u);
  }
}

}  // namespace
