// Issue 9: the dynamic-error run options (`oob`, `inject`, `races`, `allow-nonuniform`) on the
// way to the device, and the fields their events add to reports.
#pragma once

#include <nlohmann/json.hpp>

#include "runtime/runtime.h"
#include "tools/runspec/run_options.h"

namespace wgslemu::runspec {

// Copies the options into the device options (values were validated by the option table).
void applyCheckOptions(const RunOptions& o, wgsl::runtime::DeviceOptions& d);

// Report fields of an event beyond the common ones: `injected`, `action`, and for races the
// other access (`other`: location, workgroup, local invocation, access) and `count`.
// wx, wy: the workgroup size (local ids from local_invocation_index).
void addCheckEventFields(const wgsl::runtime::Event& e, uint32_t wx, uint32_t wy, nlohmann::ordered_json& extra);

}  // namespace wgslemu::runspec
