// A kernel both the parallel-path tests use: workgroup i waits (spinning on an atomic flag) for
// workgroup i + 1, then records the order in which workgroups finished and releases its own flag.
// A worker running workgroups in id order holds a spinner whose predecessor it reaches only later.
#pragma once

namespace wgsl::testing {

inline constexpr const char* kChainOfWaiters = R"(
@group(0) @binding(0) var<storage, read_write> flags: array<atomic<u32>>;
@group(0) @binding(1) var<storage, read_write> order: array<u32>;
@group(0) @binding(2) var<storage, read_write> next: atomic<u32>;
@compute @workgroup_size(32)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) l: u32) {
  if (l == 0u) {
    let i = wid.x;
    if (i + 1u < nwg.x) {
      loop {
        if (atomicLoad(&flags[i + 1u]) != 0u) { break; }
      }
    }
    order[i] = atomicAdd(&next, 1u);
    atomicStore(&flags[i], 1u);
  }
}
)";

}  // namespace wgsl::testing
