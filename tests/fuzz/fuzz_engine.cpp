// libFuzzer target: the engine on small valid kernels. The bytes are decoded into a kernel
// (kernel_gen.h) and run options; the kernel must be accepted (a rejection is a generator bug or
// a front-end bug and stops the fuzzer), then it runs with bounded steps on two small buffers.
// Every run ends with a report; crashes, sanitizer reports, internal errors and hangs of the
// tool itself are findings. A kernel's own outcome (out-of-bounds events, races, a trap) is not.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "runtime/runtime.h"
#include "tests/fuzz/kernel_gen.h"

namespace {

[[noreturn]] void fail(const std::string& what, const std::string& source, const wgsl::runtime::DeviceOptions& o) {
  std::fprintf(stderr, "fuzz_engine: %s\nscheduler=%s subgroup-size=%u oob=%s float=%s nonfinite=%s races=%d\n%s\n",
               what.c_str(), o.scheduler.c_str(), o.subgroup_size, o.oob.c_str(), o.float_mode.c_str(),
               o.nonfinite.c_str(), o.races ? 1 : 0, source.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace wgsl::runtime;
  wgslemu::fuzz::ByteReader in(data, size);
  const wgslemu::fuzz::GeneratedKernel k = wgslemu::fuzz::generateKernel(in);
  const DeviceOptions o = wgslemu::fuzz::generateOptions(in, k);
  if (std::getenv("FUZZ_ENGINE_PRINT")) std::fprintf(stderr, "%s\n", k.source.c_str());

  Device dev(o);  // the options come from valid choices: an Error here is a finding too
  ShaderModule m = dev.createShaderModule(k.source, "gen.wgsl");
  // Module creation runs the uniformity analysis too: a rejection here is a generator or front-end bug.
  if (!m.ok()) fail("generated kernel rejected:\n" + m.diagnostics(), k.source, o);

  ComputePipeline p;
  try {
    p = dev.createComputePipeline(m, "main");
  } catch (const Error& e) {
    fail(std::string("pipeline creation failed: ") + e.what(), k.source, o);
  }
  std::vector<uint32_t> init(wgslemu::fuzz::kBufWords);
  for (size_t i = 0; i < init.size(); ++i) init[i] = static_cast<uint32_t>(i * 2654435761u);
  Buffer buf = dev.createBuffer(init, kUsageStorage | kUsageCopy);
  Buffer acc = dev.createBuffer(std::vector<uint32_t>(wgslemu::fuzz::kAccWords, 0u), kUsageStorage | kUsageCopy);
  BindGroup bg;
  bg.bind(0, 0, buf).bind(0, 1, acc);
  try {
    Report r = dev.dispatch(p, {bg}, k.workgroups);
    (void)r.summary();
    // Policies that terminate invocations (discard, random:S:terminate, trap) and injected
    // faults may leave a barrier with some invocations gone; otherwise every barrier is uniform.
    const bool terminates = o.oob.find("terminate") != std::string::npos || o.oob == "trap" || o.oob == "discard";
    if (r.status == Status::UniformityError && !terminates && o.inject.empty())
      fail("barrier divergence reported for a kernel whose barriers are all in uniform control flow:\n" + r.summary(),
           k.source, o);
  } catch (const Error& e) {
    // Host validation cannot fail for these bindings; the one legitimate refusal is the race
    // detector's workgroup-size limit.
    if (std::strstr(e.what(), "internal") != nullptr || !o.races) fail(std::string("dispatch threw: ") + e.what(), k.source, o);
  }
  return 0;
}
