// The device's floating point modes (issue 8): DeviceOptions strings to math::FloatMode.
#include "runtime/float_options.h"

namespace wgsl::runtime {

math::FloatMode floatModeOf(const DeviceOptions& options) {
  math::FloatMode mode;
  std::string error;
  if (!math::parseFloatOption(options.float_mode, mode, error)) throw Error("DeviceOptions::float_mode: " + error);
  if (!math::parseNonFiniteOption(options.nonfinite, mode, error)) throw Error("DeviceOptions::nonfinite: " + error);
  return mode;
}

}  // namespace wgsl::runtime
