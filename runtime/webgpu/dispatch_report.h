// What happens after a dispatch on a C API device: dynamic errors printed to standard error (as
// `wgslemu run` prints them, with the pipeline's label), a report entry for WGSLEMU_REPORT, and
// device loss for a trap or a hang (reason Unknown, the message saying why).
#pragma once

#include "runtime/webgpu/objects.h"

namespace wgslemu::webgpu {

// The report of the process: every dispatch of every device with that report path. Written
// (whole) when a device is released and at exit.
void writeReport(const std::string& path);

void afterDispatch(WGPUDevice device, WGPUComputePipeline pipeline, const wgsl::runtime::Report& report);

}  // namespace wgslemu::webgpu
