// Benchmark kernel: 256-bin histogram of the low byte of u32 values. A fixed grid of workgroups
// walks the input with a grid-stride loop, counting into workgroup-private bins with atomics,
// then merges its bins into the global histogram.
// Bindings: 0 = input (read), 1 = bins (256 atomic u32, zero before the dispatch).
// Dispatch: 64 workgroups (any count works: the loop strides over the whole grid).
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> bins: array<atomic<u32>, 256>;

// Workgroup memory starts zeroed, so the local bins need no clearing pass.
var<workgroup> local_bins: array<atomic<u32>, 256>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(local_invocation_index) lid: u32,
        @builtin(num_workgroups) groups: vec3<u32>) {
  let n = arrayLength(&input);
  let stride = groups.x * 256u;
  for (var i = gid.x; i < n; i += stride) {
    atomicAdd(&local_bins[input[i] & 0xffu], 1u);
  }
  workgroupBarrier();
  let count = atomicLoad(&local_bins[lid]);
  if (count != 0u) {
    atomicAdd(&bins[lid], count);
  }
}
