// bounds_check_gather.wgsl -- the run-time safety protocol of "Bounds Checking on
// GPU" (seed 004) in a kernel with two failure points and two synchronisation
// points around workgroup communication, as Futhark would generate it for
//   def main [n][m][g] (vs: [n]i32) (is: [m]i32) (ds: [g]i32) =
//     let xs = map (\i -> vs[i]) is                       -- checked index: failure 0
//     let qs = map2 (\c d -> c / d) (chunked_sums xs) ds  -- checked division: failure 1
//     in (qs, map2 (\x w -> x - qs[w]) xs (workgroup_of xs))
//
// Failure codes (the host's table; arguments go to global_failure_args):
//   0: "Index [%a] out of bounds for array of shape [%a]."    args: i, n
//   1: "Division by zero in chunk [%a]."                      args: chunk, 0
// global_failure: -1 = no failure; set once, with a compare-exchange from -1.
//
// Bindings:
//   @group(0) @binding(0)  global_failure      : atomic<i32>  storage, read_write  host inits to -1
//   @group(0) @binding(1)  global_failure_args : array<i32>   storage, read_write  >= 2 slots
//   @group(0) @binding(2)  args                : Args         uniform  n, m, failure_is_an_option
//   @group(0) @binding(3)  vs                  : array<i32>   storage, read        n values
//   @group(0) @binding(4)  is                  : array<i32>   storage, read        m indices into vs
//   @group(0) @binding(5)  ds                  : array<i32>   storage, read        one divisor per workgroup
//   @group(0) @binding(6)  qs                  : array<i32>   storage, read_write  chunk sum / divisor, per workgroup
//   @group(0) @binding(7)  diffs               : array<i32>   storage, read_write  m values: xs[i] - qs[chunk]
//
// Workgroup size: 64 (const WG); chunk = workgroup = 64 consecutive elements of is.
// Dispatch: ceil(m / 64) x 1 x 1; ds needs that many entries.
//
// Protocol (seed 004, figures 3b-3d, in WGSL):
//  * prelude: if failure_is_an_option != 0, invocation 0 reads global_failure and
//    the workgroup returns together (workgroupUniformLoad) if a failure is pending;
//  * failure point: set the workgroup's local flag (atomic), claim global_failure
//    with compare-exchange from -1, the winner writes the arguments, then skip to
//    the next synchronisation point (no early return: others may be at a barrier);
//  * synchronisation point: barrier, invocation 0 copies the local flag into a plain
//    bool, workgroupUniformLoad broadcasts it, and the workgroup returns together.
// A failing workgroup writes nothing after its failure; with failure_is_an_option
// = 0 the other workgroups are unaffected, so all outputs are deterministic as long
// as at most one element fails (which failure wins between two is not).
// Exercises: atomicCompareExchangeWeak result members, workgroupUniformLoad of a
// bool guarding `return`, a tree reduction between two synchronisation points,
// i32 division (never by zero: guarded by the check).

struct Args {
  n: i32,
  m: i32,
  failure_is_an_option: i32,
}

const WG: u32 = 64u;

@group(0) @binding(0) var<storage, read_write> global_failure: atomic<i32>;
@group(0) @binding(1) var<storage, read_write> global_failure_args: array<i32>;
@group(0) @binding(2) var<uniform> args: Args;
@group(0) @binding(3) var<storage, read> vs: array<i32>;
@group(0) @binding(4) var<storage, read> is: array<i32>;
@group(0) @binding(5) var<storage, read> ds: array<i32>;
@group(0) @binding(6) var<storage, read_write> qs: array<i32>;
@group(0) @binding(7) var<storage, read_write> diffs: array<i32>;

var<workgroup> local_failure: atomic<u32>;
var<workgroup> local_failure_bcast: bool;
var<workgroup> red: array<i32, WG>;
var<workgroup> quotient: i32;

fn report_failure(code: i32, arg0: i32, arg1: i32) {
  atomicStore(&local_failure, 1u);
  loop {
    let r = atomicCompareExchangeWeak(&global_failure, -1, code);
    if (r.exchanged) {
      global_failure_args[0] = arg0;
      global_failure_args[1] = arg1;
      break;
    }
    if (r.old_value != -1) {
      break;
    }
  }
}

// Synchronisation point: true when the whole workgroup must stop.
fn sync_point_failed(lidx: u32) -> bool {
  workgroupBarrier();
  if (lidx == 0u) {
    local_failure_bcast = atomicLoad(&local_failure) != 0u;
  }
  return workgroupUniformLoad(&local_failure_bcast);
}

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lidx: u32,
        @builtin(workgroup_id) wid: vec3<u32>) {
  if (args.failure_is_an_option != 0) {
    if (lidx == 0u) {
      local_failure_bcast = atomicLoad(&global_failure) >= 0;
    }
    if (workgroupUniformLoad(&local_failure_bcast)) {
      return;
    }
  }

  let gtid = i32(wid.x * WG + lidx);
  var x = 0;
  if (gtid < args.m) {
    let i = is[gtid];
    if (0 <= i && i < args.n) {
      x = vs[i];
    } else {
      report_failure(0, i, args.n);   // failure point 0, then "goto" sync point 0
    }
  }

  // Synchronisation point 0.
  if (sync_point_failed(lidx)) {
    return;
  }

  red[lidx] = x;
  workgroupBarrier();
  for (var s = WG / 2u; s > 0u; s >>= 1u) {
    if (lidx < s) {
      red[lidx] += red[lidx + s];
    }
    workgroupBarrier();
  }

  if (lidx == 0u) {
    let d = ds[wid.x];
    if (d == 0) {
      report_failure(1, i32(wid.x), 0);   // failure point 1, then "goto" sync point 1
    } else {
      quotient = red[0] / d;
      qs[wid.x] = quotient;
    }
  }

  // Synchronisation point 1 (the final one).
  if (sync_point_failed(lidx)) {
    return;
  }
  if (gtid < args.m) {
    diffs[gtid] = x - quotient;
  }
}
