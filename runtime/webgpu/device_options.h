// wgslemu's device options for the C API: the text of WGSLEMU_OPTIONS or of the chained
// WGSLEmuDeviceOptions ("--scheduler=unfair --races"), with the spellings of `wgslemu run`.
#pragma once

#include <string>

#include "runtime/runtime.h"

namespace wgslemu::webgpu {

// Applies the options in `text` to `out`; false with `error` for an unknown option or a bad value.
bool applyDeviceOptions(const std::string& text, wgsl::runtime::DeviceOptions& out, std::string& error);

}  // namespace wgslemu::webgpu
