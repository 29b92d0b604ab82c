// litmus_interworkgroup_barrier.wgsl -- forward-progress litmus: a one-shot barrier across
// all workgroups of the dispatch. Each workgroup publishes a value, arrives at the barrier
// (atomicAdd on a counter) and spins until every workgroup has arrived; then it reads the
// value of its right neighbour, which is only safe after the barrier.
//
// Overrides:
//   wg_size (@id(0), default 1): invocations per workgroup (1: one thread per workgroup);
//           with more, invocation 0 spins while the others wait at a workgroupBarrier.
// Dispatch: N x 1 x 1 (any N >= 1).
// Bindings:
//   @group(0) @binding(0)  arrived : atomic<u32>         host zeroes
//   @group(0) @binding(1)  slots   : array<atomic<u32>>  N words: slots[w] = 10 * (w + 1)
//   @group(0) @binding(2)  out     : array<u32>          N * wg_size words
// Expected when the dispatch completes: arrived == N, slots[w] == 10 * (w + 1),
// out[w * wg_size + l] == 10 * (((w + 1) % N) + 1) + l.
//
// Progress: every workgroup waits for every other one, so all N must be resident and
// scheduled fairly at once. Terminates under fair and round-robin, and under obe / lobe /
// hsa-obe only with occupancy >= N; hangs under obe with occupancy < N (the started
// workgroups spin, the others are never admitted), under hsa (only the lowest-id workgroup
// is guaranteed to run; the others may be parked before they arrive) and under unfair.
// On the parallel TBB path it needs N workers, or workers that yield spinning workgroups.

@id(0) override wg_size: u32 = 1u;

@group(0) @binding(0) var<storage, read_write> arrived: atomic<u32>;
@group(0) @binding(1) var<storage, read_write> slots: array<atomic<u32>>;
@group(0) @binding(2) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(wg_size)
fn main(@builtin(workgroup_id) wid: vec3<u32>,
        @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
  if (lid == 0u) {
    atomicStore(&slots[wid.x], 10u * (wid.x + 1u));
  }
  storageBarrier();
  if (lid == 0u) {
    atomicAdd(&arrived, 1u);
    loop {
      if (atomicLoad(&arrived) >= nwg.x) {
        break;
      }
    }
  }
  workgroupBarrier();
  storageBarrier();
  let right = (wid.x + 1u) % nwg.x;
  out[wid.x * wg_size + lid] = atomicLoad(&slots[right]) + lid;
}
