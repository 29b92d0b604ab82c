// Device limits (WebGPU "Limits"): the adapter's, the defaults, and a device's from requiredLimits.
#pragma once

#include <webgpu/webgpu.h>

#include <string>

#include "runtime/runtime.h"

namespace wgslemu::webgpu {

WGPULimits defaultLimits();  // WebGPU's default limits
WGPULimits adapterLimits();  // what wgslemu supports
// The device's limits for `required` (null: the defaults). Fields at WGPU_LIMIT_*_UNDEFINED take
// the default; a value better than the adapter's fails with `error` naming the limit.
bool deviceLimits(const WGPULimits* required, WGPULimits& out, std::string& error);
wgsl::runtime::Limits toRuntime(const WGPULimits& l);

}  // namespace wgslemu::webgpu
