// bounds_check_sum_broken.wgsl -- a deliberately broken variant of
// bounds_check_sum.wgsl (seed 004, fig. 1a "incorrect failure handling"): the failing
// invocation returns at once instead of going to the synchronisation point, so the
// other invocations of its workgroup reach barriers (the synchronisation point's
// workgroupUniformLoad, the reduction's workgroupBarrier) that it never reaches.
// WGSL rejects this statically: `wgslemu check` reports 'workgroupUniformLoad' must
// only be called from uniform control flow (the early return depends on js[i]).
// `wgslemu run corpus/dynamic/bounds_check_sum_broken.json --allow-nonuniform` runs it
// anyway and reports the barrier divergence with who arrived, who exited, and where
// the others are (docs/validation.md). Without a failure every barrier is reached
// uniformly and the results equal bounds_check_sum.wgsl's.
// Bindings, entry points and failure codes: as in bounds_check_sum.wgsl. The load of
// js[i] is on line 67, the load of args.m on line 64.

struct Args {
  n: i32,
  m: i32,
  failure_is_an_option: i32,
}

const WG: u32 = 64u;

@group(0) @binding(0) var<storage, read_write> global_failure: atomic<i32>;
@group(0) @binding(1) var<storage, read_write> global_failure_args: array<i32, 2>;
@group(0) @binding(2) var<uniform> args: Args;
@group(0) @binding(3) var<storage, read> js: array<i32>;
@group(0) @binding(4) var<storage, read> vs: array<i32>;
@group(0) @binding(5) var<storage, read_write> partial: array<i32>;
@group(0) @binding(6) var<storage, read_write> total: array<i32, 2>;

var<workgroup> local_failure: atomic<u32>;
var<workgroup> sums: array<i32, WG>;

// Failure point 0 (fig. 3c), without the goto: the caller breaks to the sync point.
fn fail_index(j: i32, m: i32) {
  atomicStore(&local_failure, 1u);
  loop {
    let r = atomicCompareExchangeWeak(&global_failure, -1, 0);
    if (r.exchanged) {
      global_failure_args[0] = j;
      global_failure_args[1] = m;
      break;
    }
    if (r.old_value != -1) {
      break;
    }
  }
}

@compute @workgroup_size(WG)
fn sum(@builtin(local_invocation_index) lidx: u32,
       @builtin(global_invocation_id) gid: vec3<u32>,
       @builtin(workgroup_id) wid: vec3<u32>,
       @builtin(num_workgroups) nwg: vec3<u32>) {
  // Prelude (fig. 3b).
  if (args.failure_is_an_option != 0) {
    if (lidx == 0u) {
      atomicStore(&local_failure, select(0u, 1u, atomicLoad(&global_failure) >= 0));
    }
    if (workgroupUniformLoad(&local_failure) != 0u) {
      return;
    }
  }
  let m = args.m;
  var acc = 0;
  for (var i = i32(gid.x); i < args.n; i += i32(nwg.x * WG)) {
    let j = js[i];
    if (j < 0 || j >= m) {
      fail_index(j, m);
      return;  // BROKEN: the paper's fig. 1a; the barriers below now wait for this invocation
    }
    acc += vs[j];
  }
  sums[lidx] = acc;

  // Synchronisation point (fig. 3d): a barrier, then the workgroup leaves together.
  if (workgroupUniformLoad(&local_failure) != 0u) {
    return;
  }

  for (var s = WG / 2u; s > 0u; s >>= 1u) {
    if (lidx < s) {
      sums[lidx] += sums[lidx + s];
    }
    workgroupBarrier();
  }
  if (lidx == 0u) {
    partial[wid.x] = sums[0];
  }
}

// The next kernel: no failure points, so its prelude is the simplified one of section 3.3.
@compute @workgroup_size(1)
fn finish() {
  if (atomicLoad(&global_failure) >= 0) {
    return;   // an earlier kernel failed: its partial sums are not to be trusted
  }
  var s = 0;
  for (var w = 0u; w < arrayLength(&partial); w++) {
    s += partial[w];
  }
  total[0] = s;
  total[1] = 1;
}
