// Private: the device's floating point modes (issue 8) parsed from DeviceOptions.
#pragma once

#include "interp/math/float_modes.h"
#include "runtime/runtime.h"

namespace wgsl::runtime {

// DeviceOptions::float_mode and ::nonfinite parsed; throws Error with the parser's sentence.
math::FloatMode floatModeOf(const DeviceOptions& options);

}  // namespace wgsl::runtime
