// reduce_sum_workgroup.wgsl -- f32 sum, one partial sum per workgroup.
//
// Bindings:
//   @group(0) @binding(0)  input        : array<f32>  storage, read        values to sum
//   @group(0) @binding(1)  partial_sums : array<f32>  storage, read_write  one slot per workgroup
//
// Workgroup size: 256 (const WG). Each workgroup covers 2 * WG = 512 consecutive
// elements; the first addition happens while loading (element i and i + WG).
// Dispatch: ceil(n / 512) x 1 x 1; partial_sums needs at least that many slots.
// A second dispatch over partial_sums (or the host) finishes the sum.
//
// The reduction tree is fixed (stride halves each step, barrier after each step), so
// the f32 result is deterministic for a given n regardless of scheduling; it is the
// pairwise-tree sum, not the sequential sum.
//
// Exercises: var<workgroup> array, workgroupBarrier in a while loop whose condition
// is uniform, `>>=`, out-of-range lanes staying alive for the barriers.
// One of the five benchmark kernels of bench/ ("reductions with barriers").

const WG: u32 = 256u;

@group(0) @binding(0) var<storage, read> input: array<f32>;
@group(0) @binding(1) var<storage, read_write> partial_sums: array<f32>;

var<workgroup> partial: array<f32, WG>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lidx: u32,
        @builtin(workgroup_id) wid: vec3<u32>) {
  let n = arrayLength(&input);
  let base = wid.x * (2u * WG);
  let i0 = base + lidx;
  let i1 = i0 + WG;

  // Out-of-range invocations contribute 0.0 but must still reach every barrier.
  var acc = 0.0f;
  if (i0 < n) {
    acc = input[i0];
  }
  if (i1 < n) {
    acc += input[i1];
  }
  partial[lidx] = acc;
  workgroupBarrier();

  var stride = WG >> 1u;
  while (stride > 0u) {
    if (lidx < stride) {
      partial[lidx] += partial[lidx + stride];
    }
    workgroupBarrier();
    stride >>= 1u;
  }

  if (lidx == 0u) {
    partial_sums[wid.x] = partial[0];
  }
}
