// bounds_check_sum.wgsl -- the paper's running example of "Bounds Checking on GPU"
// (seed 004, fig. 1b and fig. 3): the sum of an indirectly indexed array,
//   def sum [n][m] (js: [n]i32) (vs: [m]i32) = i32.sum (map (\j -> vs[j]) js)
// compiled the way Futhark protects it, in WGSL (no goto: a failure flag and a
// structured `break` to the synchronisation point), followed by a second pass that
// finishes the sum and, like every kernel after a kernel with failure points, first
// checks global_failure and exits early if a previous kernel failed.
//
// Failure codes (the host's table; arguments go to global_failure_args):
//   0: "Index [%a] out of bounds for array of shape [%a]."   args: j, m
// global_failure: -1 = no failure; set once, by compare-exchange from -1.
//
// Bindings:
//   @group(0) @binding(0) global_failure      : atomic<i32>     storage, read_write  host inits to -1
//   @group(0) @binding(1) global_failure_args : array<i32, 2>   storage, read_write
//   @group(0) @binding(2) args                : Args            uniform  n = |js|, m = |vs|, failure_is_an_option
//   @group(0) @binding(3) js                  : array<i32>      storage, read        n indices into vs
//   @group(0) @binding(4) vs                  : array<i32>      storage, read        m values
//   @group(0) @binding(5) partial             : array<i32>      storage, read_write  one sum per workgroup of `sum`
//   @group(0) @binding(6) total               : array<i32, 2>   storage, read_write  `finish`: (sum, 1)
//
// Entry points: `sum` (workgroup size 64, any number of workgroups: a grid-stride
// loop over js) then `finish` (one invocation, dispatch 1).
//
// Protocol (seed 004):
//  * prelude (fig. 3b): if failure_is_an_option != 0, invocation 0 copies
//    `global_failure >= 0` into local_failure and the workgroup returns together
//    (workgroupUniformLoad) when an earlier kernel failed;
//  * failure point (fig. 3c): set local_failure, claim global_failure with
//    compare-exchange from -1 (a loop: the weak exchange may fail spuriously), the
//    winner writes the arguments, then `break` to the synchronisation point; the
//    unsafe access vs[j] is never performed;
//  * synchronisation point (fig. 3d), before the first barrier: workgroupUniformLoad
//    of local_failure (a barrier, then a uniform read); the whole workgroup returns
//    together if any invocation failed, so no barrier is ever left waiting;
//  * `finish` (section 3.3, a kernel without failure points): returns at once if
//    global_failure >= 0, so it never combines partial sums of a failed pass.
// Expected: without failures, partial[w] = the sum over workgroup w's invocations t
// of vs[js[i]] for i = t, t + 64 * num_workgroups, ...; total = (sum of partials, 1).
// With a failure in workgroup w: partial[w] is not written, the others are; total is
// not written. Which failure wins between two is not deterministic.
// Race-free: every workgroup-memory access is separated by barriers, partial[w] has
// one writer, global_failure_args is written only by the compare-exchange winner.
// Fault injection (corpus/dynamic/, docs/validation.md): `--inject=oob` on the load of
// args.m (the array's shape, line 97) makes the check fail for the chosen
// invocation; `--inject=poison` on the load of js[i] (line 100) gives it a bad index.

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
      break;   // "goto sync": no barrier between here and the synchronisation point
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
