// wgpuGetProcAddress: every function of webgpu.h by name (the table is generated).
#include <cstring>

#include "runtime/webgpu/objects.h"

using namespace wgslemu::webgpu;

WGPU_API WGPUProc wgpuGetProcAddress(WGPUStringView name) {
  const std::string want = toString(name);
  for (const auto& [n, p] : procTable()) {
    if (want == n) return p;
  }
  return nullptr;
}
