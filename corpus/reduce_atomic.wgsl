// reduce_atomic.wgsl -- sum, max and min of a u32 array in one dispatch, combining
// per-workgroup partials with atomics.
//
// Bindings:
//   @group(0) @binding(0)  values : array<u32>  storage, read        input
//   @group(0) @binding(1)  totals : Totals      storage, read_write  results (atomics)
//
// Host must initialise totals to { sum: 0, max_value: 0, min_value: 0xFFFFFFFF,
// workgroups: 0 } before the dispatch. The sum wraps modulo 2^32.
//
// Workgroup size: 128 (const WG).
// Dispatch: any number G of workgroups in x (e.g. min(ceil(n / 128), 256)); a
// grid-stride loop covers all elements. Afterwards totals.workgroups == G.
//
// Per invocation: serial sum/max/min over its grid-stride elements; per workgroup:
// atomicAdd/atomicMax/atomicMin on workgroup atomics; then invocation 0 folds the
// workgroup result into the global atomics. Results are independent of scheduling.
//
// Exercises: atomic<u32> in workgroup and storage (struct members), atomicStore,
// atomicLoad after a barrier, atomic RMW as statements (their results are unused;
// the atomic RMW builtins are not @must_use). Non-uniform loop before a barrier
// (fine: the loop's behaviour is {Next}, so control flow reconverges after it).

struct Totals {
  sum: atomic<u32>,
  max_value: atomic<u32>,
  min_value: atomic<u32>,
  workgroups: atomic<u32>,
}

const WG: u32 = 128u;

@group(0) @binding(0) var<storage, read> values: array<u32>;
@group(0) @binding(1) var<storage, read_write> totals: Totals;

var<workgroup> wg_sum: atomic<u32>;
var<workgroup> wg_max: atomic<u32>;
var<workgroup> wg_min: atomic<u32>;

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(local_invocation_index) lidx: u32,
        @builtin(num_workgroups) nwg: vec3<u32>) {
  // Workgroup memory starts zeroed; the min accumulator needs the identity 0xFFFFFFFF.
  if (lidx == 0u) {
    atomicStore(&wg_min, 0xFFFFFFFFu);
  }
  workgroupBarrier();

  let n = arrayLength(&values);
  let grid = nwg.x * WG;
  var s = 0u;
  var hi = 0u;
  var lo = 0xFFFFFFFFu;
  for (var i = gid.x; i < n; i += grid) {
    let v = values[i];
    s += v;
    hi = max(hi, v);
    lo = min(lo, v);
  }

  atomicAdd(&wg_sum, s);
  atomicMax(&wg_max, hi);
  atomicMin(&wg_min, lo);
  workgroupBarrier();

  if (lidx == 0u) {
    atomicAdd(&totals.sum, atomicLoad(&wg_sum));
    atomicMax(&totals.max_value, atomicLoad(&wg_max));
    atomicMin(&totals.min_value, atomicLoad(&wg_min));
    atomicAdd(&totals.workgroups, 1u);
  }
}
