// Benchmark kernel: sum of u32 values (wrapping). Each workgroup reduces 256 values with a tree in
// workgroup memory, synchronised by barriers, then adds its partial sum to the total atomically.
// Bindings: 0 = input (read), 1 = total (atomic u32, zero before the dispatch).
// Dispatch: ceil(N / 256) workgroups.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> total: atomic<u32>;

var<workgroup> partial: array<u32, 256>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
  var v = 0u;
  if (gid.x < arrayLength(&input)) {
    v = input[gid.x];
  }
  partial[lid] = v;
  workgroupBarrier();
  for (var stride = 128u; stride > 0u; stride >>= 1u) {
    if (lid < stride) {
      partial[lid] += partial[lid + stride];
    }
    workgroupBarrier();
  }
  if (lid == 0u) {
    atomicAdd(&total, partial[0]);
  }
}
