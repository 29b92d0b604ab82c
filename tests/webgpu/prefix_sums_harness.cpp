// A harness in the style of GPUPrefixSums' test drivers, on the C API only (upstream webgpu.h):
// for each scan kernel of the corpus and each input size, initialise random input, run the
// kernel (resetting its state buffers with ClearBuffer before each dispatch, as the kernels ask),
// validate against a CPU inclusive scan, then time a batch of iterations without timestamp
// queries (wall clock around Submit and OnSubmittedWorkDone). Usage: prefix_sums_harness CORPUS_DIR
#include <webgpu/webgpu.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

WGPUStringView sv(const char* s) { return WGPUStringView{s, WGPU_STRLEN}; }

struct Gpu {
  WGPUInstance instance = nullptr;
  WGPUAdapter adapter = nullptr;
  WGPUDevice device = nullptr;
  WGPUQueue queue = nullptr;
  int errors = 0;
};

void init(Gpu& g) {
  g.instance = wgpuCreateInstance(nullptr);
  WGPURequestAdapterCallbackInfo acb = WGPU_REQUEST_ADAPTER_CALLBACK_INFO_INIT;
  acb.mode = WGPUCallbackMode_AllowProcessEvents;
  acb.callback = [](WGPURequestAdapterStatus, WGPUAdapter a, WGPUStringView, void* u, void*) {
    *static_cast<WGPUAdapter*>(u) = a;
  };
  acb.userdata1 = &g.adapter;
  wgpuInstanceRequestAdapter(g.instance, nullptr, acb);
  wgpuInstanceProcessEvents(g.instance);
  WGPUDeviceDescriptor dd = WGPU_DEVICE_DESCRIPTOR_INIT;
  dd.uncapturedErrorCallbackInfo.callback = [](WGPUDevice const*, WGPUErrorType, WGPUStringView m, void* u, void*) {
    std::fprintf(stderr, "error: %.*s\n", static_cast<int>(m.length), m.data);
    ++static_cast<Gpu*>(u)->errors;
  };
  dd.uncapturedErrorCallbackInfo.userdata1 = &g;
  WGPURequestDeviceCallbackInfo dcb = WGPU_REQUEST_DEVICE_CALLBACK_INFO_INIT;
  dcb.mode = WGPUCallbackMode_AllowProcessEvents;
  dcb.callback = [](WGPURequestDeviceStatus, WGPUDevice d, WGPUStringView, void* u, void*) {
    *static_cast<WGPUDevice*>(u) = d;
  };
  dcb.userdata1 = &g.device;
  wgpuAdapterRequestDevice(g.adapter, &dd, dcb);
  wgpuInstanceProcessEvents(g.instance);
  g.queue = wgpuDeviceGetQueue(g.device);
}

WGPUBuffer buffer(Gpu& g, uint64_t size, const char* label) {
  WGPUBufferDescriptor bd = WGPU_BUFFER_DESCRIPTOR_INIT;
  bd.label = sv(label);
  bd.size = size;
  bd.usage = WGPUBufferUsage_Storage | WGPUBufferUsage_CopySrc | WGPUBufferUsage_CopyDst;
  return wgpuDeviceCreateBuffer(g.device, &bd);
}

WGPUComputePipeline pipeline(Gpu& g, WGPUShaderModule m, const char* entry, uint32_t items) {
  WGPUConstantEntry c = WGPU_CONSTANT_ENTRY_INIT;
  c.key = sv("1");  // @id(1) override items
  c.value = items;
  WGPUComputePipelineDescriptor pd = WGPU_COMPUTE_PIPELINE_DESCRIPTOR_INIT;
  pd.label = sv(entry);
  pd.compute.module = m;
  pd.compute.entryPoint = sv(entry);
  pd.compute.constantCount = items ? 1 : 0;
  pd.compute.constants = &c;
  return wgpuDeviceCreateComputePipeline(g.device, &pd);
}

WGPUBindGroup group(Gpu& g, WGPUComputePipeline p, std::vector<std::pair<uint32_t, WGPUBuffer>> bufs) {
  std::vector<WGPUBindGroupEntry> entries;
  for (auto [binding, b] : bufs) {
    WGPUBindGroupEntry e = WGPU_BIND_GROUP_ENTRY_INIT;
    e.binding = binding;
    e.buffer = b;
    entries.push_back(e);
  }
  WGPUBindGroupDescriptor d = WGPU_BIND_GROUP_DESCRIPTOR_INIT;
  d.layout = wgpuComputePipelineGetBindGroupLayout(p, 0);
  d.entryCount = entries.size();
  d.entries = entries.data();
  WGPUBindGroup bg = wgpuDeviceCreateBindGroup(g.device, &d);
  wgpuBindGroupLayoutRelease(d.layout);
  return bg;
}

void submitAndWait(Gpu& g, WGPUCommandEncoder e) {
  WGPUCommandBuffer cb = wgpuCommandEncoderFinish(e, nullptr);
  wgpuQueueSubmit(g.queue, 1, &cb);
  wgpuCommandBufferRelease(cb);
  wgpuCommandEncoderRelease(e);
  bool done = false;
  WGPUQueueWorkDoneCallbackInfo info = WGPU_QUEUE_WORK_DONE_CALLBACK_INFO_INIT;
  info.mode = WGPUCallbackMode_WaitAnyOnly;
  info.callback = [](WGPUQueueWorkDoneStatus, WGPUStringView, void* u, void*) { *static_cast<bool*>(u) = true; };
  info.userdata1 = &done;
  WGPUFutureWaitInfo w{wgpuQueueOnSubmittedWorkDone(g.queue, info), 0};
  while (!done) wgpuInstanceWaitAny(g.instance, 1, &w, 0);
}

std::vector<uint32_t> download(Gpu& g, WGPUBuffer src, uint32_t n) {
  WGPUBufferDescriptor bd = WGPU_BUFFER_DESCRIPTOR_INIT;
  bd.size = n * 4u;
  bd.usage = WGPUBufferUsage_MapRead | WGPUBufferUsage_CopyDst;
  WGPUBuffer rb = wgpuDeviceCreateBuffer(g.device, &bd);
  WGPUCommandEncoder e = wgpuDeviceCreateCommandEncoder(g.device, nullptr);
  wgpuCommandEncoderCopyBufferToBuffer(e, src, 0, rb, 0, bd.size);
  submitAndWait(g, e);
  WGPUBufferMapCallbackInfo mi = WGPU_BUFFER_MAP_CALLBACK_INFO_INIT;
  mi.mode = WGPUCallbackMode_WaitAnyOnly;
  mi.callback = [](WGPUMapAsyncStatus, WGPUStringView, void*, void*) {};
  WGPUFutureWaitInfo w{wgpuBufferMapAsync(rb, WGPUMapMode_Read, 0, bd.size, mi), 0};
  wgpuInstanceWaitAny(g.instance, 1, &w, 0);
  std::vector<uint32_t> out(n);
  wgpuBufferReadMappedRange(rb, 0, out.data(), bd.size);
  wgpuBufferUnmap(rb);
  wgpuBufferRelease(rb);
  return out;
}

WGPUShaderModule loadModule(Gpu& g, const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  const std::string code = s.str();
  WGPUShaderSourceWGSL wgsl = WGPU_SHADER_SOURCE_WGSL_INIT;
  wgsl.code = WGPUStringView{code.data(), code.size()};
  WGPUShaderModuleDescriptor md = WGPU_SHADER_MODULE_DESCRIPTOR_INIT;
  md.nextInChain = &wgsl.chain;
  md.label = sv(path.c_str());
  return wgpuDeviceCreateShaderModule(g.device, &md);
}

// One scan implementation: encodes the scan of `in` (n elements) into `out`.
struct Scan {
  virtual ~Scan() = default;
  virtual const char* name() const = 0;
  virtual void encode(WGPUCommandEncoder e, WGPUBuffer in, WGPUBuffer out, uint32_t n) = 0;
};

struct ChainedLookback : Scan {
  Gpu& g;
  WGPUShaderModule m;
  WGPUComputePipeline p;
  ChainedLookback(Gpu& gpu, const std::string& dir) : g(gpu) {
    m = loadModule(g, dir + "/scan_chained_lookback.wgsl");
    p = pipeline(g, m, "main", 0);
  }
  ~ChainedLookback() override {
    wgpuComputePipelineRelease(p);
    wgpuShaderModuleRelease(m);
  }
  const char* name() const override { return "chained lookback (1 pass)"; }
  void encode(WGPUCommandEncoder e, WGPUBuffer in, WGPUBuffer out, uint32_t n) override {
    const uint32_t tiles = (n + 1023) / 1024;
    WGPUBuffer state = buffer(g, tiles * 4u, "tile_state"), counter = buffer(g, 4, "tile_counter");
    wgpuCommandEncoderClearBuffer(e, state, 0, WGPU_WHOLE_SIZE);
    wgpuCommandEncoderClearBuffer(e, counter, 0, WGPU_WHOLE_SIZE);
    WGPUBindGroup bg = group(g, p, {{0, in}, {1, out}, {2, state}, {3, counter}});
    WGPUComputePassEncoder pass = wgpuCommandEncoderBeginComputePass(e, nullptr);
    wgpuComputePassEncoderSetPipeline(pass, p);
    wgpuComputePassEncoderSetBindGroup(pass, 0, bg, 0, nullptr);
    wgpuComputePassEncoderDispatchWorkgroups(pass, tiles, 1, 1);
    wgpuComputePassEncoderEnd(pass);
    wgpuComputePassEncoderRelease(pass);
    wgpuBindGroupRelease(bg);
    wgpuBufferRelease(state);
    wgpuBufferRelease(counter);
  }
};

struct ReduceThenScan : Scan {
  Gpu& g;
  WGPUShaderModule m;
  WGPUComputePipeline reduce, spine, scan;
  uint32_t items;
  ReduceThenScan(Gpu& gpu, const std::string& dir, uint32_t items_) : g(gpu), items(items_) {
    m = loadModule(g, dir + "/scan_reduce_then_scan.wgsl");
    reduce = pipeline(g, m, "reduce_tiles", items);
    spine = pipeline(g, m, "scan_spine", items);
    scan = pipeline(g, m, "scan_tiles", items);
  }
  ~ReduceThenScan() override {
    wgpuComputePipelineRelease(reduce);
    wgpuComputePipelineRelease(spine);
    wgpuComputePipelineRelease(scan);
    wgpuShaderModuleRelease(m);
  }
  const char* name() const override { return "reduce-then-scan (3 passes)"; }
  void encode(WGPUCommandEncoder e, WGPUBuffer in, WGPUBuffer out, uint32_t n) override {
    const uint32_t tile = 128 * items, tiles = (n + tile - 1) / tile;
    WGPUBuffer sums = buffer(g, tiles * 4u, "tile_sums");
    WGPUBindGroup g1 = group(g, reduce, {{0, in}, {1, sums}});
    WGPUBindGroup g2 = group(g, spine, {{1, sums}});
    WGPUBindGroup g3 = group(g, scan, {{0, in}, {1, sums}, {2, out}});
    WGPUComputePassEncoder pass = wgpuCommandEncoderBeginComputePass(e, nullptr);
    const struct {
      WGPUComputePipeline p;
      WGPUBindGroup bg;
      uint32_t x;
    } steps[3] = {{reduce, g1, tiles}, {spine, g2, 1}, {scan, g3, tiles}};
    for (const auto& s : steps) {
      wgpuComputePassEncoderSetPipeline(pass, s.p);
      wgpuComputePassEncoderSetBindGroup(pass, 0, s.bg, 0, nullptr);
      wgpuComputePassEncoderDispatchWorkgroups(pass, s.x, 1, 1);
    }
    wgpuComputePassEncoderEnd(pass);
    wgpuComputePassEncoderRelease(pass);
    wgpuBindGroupRelease(g1);
    wgpuBindGroupRelease(g2);
    wgpuBindGroupRelease(g3);
    wgpuBufferRelease(sums);
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s CORPUS_DIR\n", argv[0]);
    return 2;
  }
  Gpu g;
  init(g);
  int failures = 0;
  {
    ChainedLookback lookback(g, argv[1]);
    ReduceThenScan rts(g, argv[1], 4);
    Scan* scans[] = {&lookback, &rts};
    std::mt19937 rng(7);
    for (Scan* s : scans) {
      for (uint32_t n : {1u, 1000u, 1024u, 1025u, 7000u, 65536u}) {
        std::vector<uint32_t> in(n);
        for (auto& v : in) v = rng() % 16;  // totals stay below 2^30 (the lookback's state word)
        WGPUBuffer bin = buffer(g, n * 4u, "scan_in"), bout = buffer(g, n * 4u, "scan_out");
        wgpuQueueWriteBuffer(g.queue, bin, 0, in.data(), n * 4u);
        WGPUCommandEncoder e = wgpuDeviceCreateCommandEncoder(g.device, nullptr);
        s->encode(e, bin, bout, n);
        submitAndWait(g, e);
        std::vector<uint32_t> got = download(g, bout, n);
        uint32_t sum = 0, wrong = 0;
        for (uint32_t i = 0; i < n; ++i) {
          sum += in[i];
          if (got[i] != sum) ++wrong;
        }
        // Timing without timestamp queries: wall clock around encode, submit and the wait.
        const int iterations = n > 10000 ? 3 : 10;
        auto t0 = std::chrono::steady_clock::now();
        for (int it = 0; it < iterations; ++it) {
          WGPUCommandEncoder te = wgpuDeviceCreateCommandEncoder(g.device, nullptr);
          s->encode(te, bin, bout, n);
          submitAndWait(g, te);
        }
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::printf("%-28s n=%6u  %s  %8.2f Melem/s\n", s->name(), n, wrong ? "FAILED" : "passed",
                    n * iterations / secs / 1e6);
        if (wrong) ++failures;
        wgpuBufferRelease(bin);
        wgpuBufferRelease(bout);
      }
    }
  }
  wgpuQueueRelease(g.queue);
  wgpuDeviceRelease(g.device);
  wgpuAdapterRelease(g.adapter);
  wgpuInstanceRelease(g.instance);
  std::printf("%d failed, %d errors\n", failures, g.errors);
  return failures == 0 && g.errors == 0 ? 0 : 1;
}
