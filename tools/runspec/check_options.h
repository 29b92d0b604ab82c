// The fields the dynamic-error checks' events add to reports (the options themselves reach the
// device through runtime/options/run_options.h).
#pragma once

#include <nlohmann/json.hpp>

#include "runtime/runtime.h"
#include "tools/runspec/run_options.h"

namespace wgslemu::runspec {

// Report fields of an event beyond the common ones: `injected`, `action`, and for races the
// other access (`other`: location, workgroup, local invocation, access) and `count`.
// wx, wy: the workgroup size (local ids from local_invocation_index).
void addCheckEventFields(const wgsl::runtime::Event& e, uint32_t wx, uint32_t wy, nlohmann::ordered_json& extra);

}  // namespace wgslemu::runspec
