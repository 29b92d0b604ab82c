// Each workgroup takes a ticket and records its id under it: `order` lists the workgroups in the
// order the schedule ran their atomic operations.
@group(0) @binding(0) var<storage, read_write> counter: atomic<u32>;
@group(0) @binding(1) var<storage, read_write> order: array<u32, 8>;

@compute @workgroup_size(1)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
  let ticket = atomicAdd(&counter, 1u);
  order[ticket] = wid.x;
}
