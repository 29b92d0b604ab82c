// libFuzzer target: the whole front end on arbitrary bytes. The input is WGSL source; it is
// parsed, resolved and analysed for uniformity (shader-module creation), and every compute entry
// point is lowered to the register IR (pipeline creation with the overrides' defaults).
// Rejections are fine; crashes, sanitizer reports, hangs and unbounded allocations are findings.
#include <cstddef>
#include <cstdint>
#include <string>

#include "runtime/runtime.h"

namespace {

// Inputs beyond this are cut: the fuzzer looks for bugs in structure, not in size (the size
// limits have their own tests).
constexpr size_t kMaxInputBytes = 64 * 1024;

wgsl::runtime::Device& device() {
  static wgsl::runtime::Device* dev = [] {
    wgsl::runtime::DeviceOptions o;
    o.threads = 1;
    return new wgsl::runtime::Device(o);
  }();
  return *dev;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > kMaxInputBytes) size = kMaxInputBytes;
  const std::string source(reinterpret_cast<const char*>(data), size);
  wgsl::runtime::ShaderModule m = device().createShaderModule(source, "fuzz.wgsl");
  (void)m.diagnostics();
  if (!m.ok()) return 0;
  for (const std::string& entry : m.entryPoints()) {
    try {
      wgsl::runtime::ComputePipeline p = device().createComputePipeline(m, entry);
      (void)p.dumpIr();
    } catch (const wgsl::runtime::Error&) {
      // Pipeline-creation errors (an override without a value, a workgroup size beyond the
      // limits) are valid outcomes.
    }
  }
  return 0;
}
