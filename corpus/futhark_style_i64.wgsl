// futhark_style_i64.wgsl -- a non-segmented reduction kernel written the way Futhark's
// WebGPU backend generates code (seed 000), with the run-time bounds-checking
// protocol of "Bounds Checking on GPU" (seed 004).
//
// Futhark source, conceptually:
//   def main [n][m] (vs: [n]i64) (js: [m]i64) : i64 = i64.sum (map (\j -> vs[j] * 3 + j) js)
// vs[j] is a checked index: an out-of-bounds j is a *failure*, reported to the host,
// never an out-of-bounds access.
//
// Representation (seed 000, section 4.1.2): i64 is vec2<i32> = (low word, high word),
// the same bytes as a little-endian int64 on the host. Arithmetic goes through
// helper functions written out with explicit carries (add_i64, mul_i64, slt_i64, ...);
// i64 values wrap modulo 2^64 like Futhark's.
//
// Bindings (Futhark numbers slots sequentially; this module has one kernel):
//   @group(0) @binding(0)  global_failure      : atomic<i32>          storage, read_write
//                          -1 = no failure, otherwise the failure code (host inits to -1)
//   @group(0) @binding(1)  global_failure_args : array<i32>           storage, read_write
//                          arguments of the failure message, >= 4 slots; written only
//                          by the invocation that set global_failure
//   @group(0) @binding(2)  segred_nonseg_5432_args : segred_args_t    uniform  scalars
//                          n (i64, offset 0), m (i64, offset 8),
//                          failure_is_an_option (i32, offset 16), padding to 32 bytes
//   @group(0) @binding(3)  mem_5238 : array<vec2<i32>>  storage, read        vs, n elements
//   @group(0) @binding(4)  mem_5240 : array<vec2<i32>>  storage, read        js, m elements
//   @group(0) @binding(5)  mem_5244 : array<vec2<i32>>  storage, read_write  one partial
//                          sum per workgroup; the host (or a second kernel) adds them
//
// Failure codes (the host's table):
//   0: "Index [%a] out of bounds for array of shape [%a]."  args: j.lo, j.hi, n.lo, n.hi
//
// Overrides (set by name, as Futhark's host code does):
//   segred_tblock_size_5228  workgroup size, power of two (default 256)
//   segred_shmem_5300        element count of the reduction array in workgroup
//                            memory; must be >= segred_tblock_size_5228 (default 256)
//   chunk_size_5231 (@id(5)) consecutive js elements per invocation (default 4)
// Dispatch: ceil(m / (segred_tblock_size_5228 * chunk_size_5231)) x 1 x 1; m < 2^31.
//
// Failure protocol (seed 004, adapted to WGSL's uniformity rules):
//  * prelude: if failure_is_an_option, invocation 0 reads global_failure, the
//    result is broadcast with workgroupUniformLoad and the whole workgroup returns
//    (uniformly) if an earlier kernel failed;
//  * failure point: set the workgroup's local failure flag, claim global_failure
//    with a compare-exchange loop from -1 (atomicCompareExchangeWeak may fail
//    spuriously, so it is retried while the word is still -1), the winner writes
//    the arguments, then "goto" the next synchronisation point (here: break out of
//    the chunk loop, which falls through to it);
//  * synchronisation point: barrier; invocation 0 copies the atomic local flag into a
//    plain workgroup bool; workgroupUniformLoad (itself a barrier) broadcasts it and
//    the whole workgroup returns together. No invocation ever skips a barrier that
//    others execute: there is no barrier divergence.
// The local flag is an atomic (several invocations may fail at once; a plain bool
// written by many invocations would be a data race) and it is broadcast through a
// separate plain bool because workgroupUniformLoad of an atomic is a recent addition
// to the spec (seed 000 notes that it was not allowed).
//
// Exercises: vec2<i32> i64 emulation with bitcast<vec2<u32>> / bitcast<vec2<i32>>,
// override in @workgroup_size and as a workgroup array element count (allowed for
// workgroup variables), i32 loop counters, `>>` on i32 (arithmetic shift),
// compare-exchange result struct members, workgroupUniformLoad guarding returns.

struct segred_args_t {
  n_5197: vec2<i32>,
  m_5198: vec2<i32>,
  failure_is_an_option: i32,
  _pad0: i32,
  _pad1: i32,
  _pad2: i32,
}

override segred_tblock_size_5228: i32 = 256;
override segred_shmem_5300: i32 = 256;
@id(5) override chunk_size_5231: i32 = 4;

@group(0) @binding(0) var<storage, read_write> global_failure: atomic<i32>;
@group(0) @binding(1) var<storage, read_write> global_failure_args: array<i32>;
@group(0) @binding(2) var<uniform> segred_nonseg_5432_args: segred_args_t;
@group(0) @binding(3) var<storage, read> mem_5238: array<vec2<i32>>;
@group(0) @binding(4) var<storage, read> mem_5240: array<vec2<i32>>;
@group(0) @binding(5) var<storage, read_write> mem_5244: array<vec2<i32>>;

var<workgroup> red_arr_mem_5300: array<vec2<i32>, segred_shmem_5300>;
var<workgroup> local_failure_5301: atomic<u32>;
var<workgroup> local_failure_bcast_5302: bool;

// ---------------------------------------------------------------------------
// i64 library (vec2<i32>: x = low 32 bits, y = high 32 bits)
// ---------------------------------------------------------------------------

fn zext_i32_i64(x: i32) -> vec2<i32> {
  return vec2<i32>(x, 0);
}

fn sext_i32_i64(x: i32) -> vec2<i32> {
  // x >> 31 is an arithmetic shift: 0 for x >= 0, -1 for x < 0.
  return vec2<i32>(x, x >> 31u);
}

fn add_i64(a: vec2<i32>, b: vec2<i32>) -> vec2<i32> {
  let ua = bitcast<vec2<u32>>(a);
  let ub = bitcast<vec2<u32>>(b);
  let lo = ua.x + ub.x;
  let carry = select(0u, 1u, lo < ua.x);
  let hi = ua.y + ub.y + carry;
  return bitcast<vec2<i32>>(vec2<u32>(lo, hi));
}

fn neg_i64(a: vec2<i32>) -> vec2<i32> {
  return add_i64(~a, vec2<i32>(1, 0));
}

fn sub_i64(a: vec2<i32>, b: vec2<i32>) -> vec2<i32> {
  return add_i64(a, neg_i64(b));
}

// Full 32 x 32 -> 64-bit unsigned product, as (low, high), from 16-bit halves.
fn umul_wide_u32(a: u32, b: u32) -> vec2<u32> {
  let a0 = a & 0xFFFFu;
  let a1 = a >> 16u;
  let b0 = b & 0xFFFFu;
  let b1 = b >> 16u;
  let p00 = a0 * b0;
  let p01 = a0 * b1;
  let p10 = a1 * b0;
  let p11 = a1 * b1;
  // Middle column: at most 3 * 0xFFFF, so no overflow.
  let mid = (p00 >> 16u) + (p01 & 0xFFFFu) + (p10 & 0xFFFFu);
  let lo = (p00 & 0xFFFFu) | (mid << 16u);
  let hi = p11 + (p01 >> 16u) + (p10 >> 16u) + (mid >> 16u);
  return vec2<u32>(lo, hi);
}

// Low 64 bits of the product (two's complement makes it sign-agnostic).
fn mul_i64(a: vec2<i32>, b: vec2<i32>) -> vec2<i32> {
  let ua = bitcast<vec2<u32>>(a);
  let ub = bitcast<vec2<u32>>(b);
  let w = umul_wide_u32(ua.x, ub.x);
  let hi = w.y + ua.x * ub.y + ua.y * ub.x;
  return bitcast<vec2<i32>>(vec2<u32>(w.x, hi));
}

fn eq_i64(a: vec2<i32>, b: vec2<i32>) -> bool {
  return all(a == b);
}

fn slt_i64(a: vec2<i32>, b: vec2<i32>) -> bool {
  return a.y < b.y || (a.y == b.y && bitcast<u32>(a.x) < bitcast<u32>(b.x));
}

fn sle_i64(a: vec2<i32>, b: vec2<i32>) -> bool {
  return !slt_i64(b, a);
}

// ---------------------------------------------------------------------------
// Failure reporting (seed 004, figure 3c)
// ---------------------------------------------------------------------------

fn futrts_report_failure_0(j: vec2<i32>, n: vec2<i32>) {
  atomicStore(&local_failure_5301, 1u);
  loop {
    let r = atomicCompareExchangeWeak(&global_failure, -1, 0);
    if (r.exchanged) {
      global_failure_args[0] = j.x;
      global_failure_args[1] = j.y;
      global_failure_args[2] = n.x;
      global_failure_args[3] = n.y;
      break;
    }
    if (r.old_value != -1) {
      // Someone else reported first; only one failure is ever reported.
      break;
    }
  }
}

@compute @workgroup_size(segred_tblock_size_5228)
fn main(@builtin(local_invocation_index) local_tid_u32: u32,
        @builtin(workgroup_id) block_id_vec: vec3<u32>) {
  let local_tid_5242: i32 = i32(local_tid_u32);
  let block_id_5243: i32 = i32(block_id_vec.x);
  let n_5197: vec2<i32> = segred_nonseg_5432_args.n_5197;
  let m_5198: vec2<i32> = segred_nonseg_5432_args.m_5198;

  // Prelude (seed 004, figure 3b): stop if an earlier kernel already failed.
  if (segred_nonseg_5432_args.failure_is_an_option != 0) {
    if (local_tid_5242 == 0) {
      local_failure_bcast_5302 = atomicLoad(&global_failure) >= 0;
    }
    if (workgroupUniformLoad(&local_failure_bcast_5302)) {
      return;
    }
  }

  // gtid = block_id * tblock_size + local_tid, computed in i64 like Futhark does.
  let gtid_5231: vec2<i32> = add_i64(
      mul_i64(sext_i32_i64(block_id_5243), sext_i32_i64(segred_tblock_size_5228)),
      sext_i32_i64(local_tid_5242));
  let chunk_start_5309: vec2<i32> = mul_i64(gtid_5231, sext_i32_i64(chunk_size_5231));

  var acc_5310: vec2<i32> = vec2<i32>(0, 0);
  for (var i_5320: i32 = 0; i_5320 < chunk_size_5231; i_5320++) {
    let flat_idx_5321: vec2<i32> = add_i64(chunk_start_5309, sext_i32_i64(i_5320));
    if (!slt_i64(flat_idx_5321, m_5198)) {
      break;
    }
    // m < 2^31, so the low word is the whole index.
    let j_5322: vec2<i32> = mem_5240[flat_idx_5321.x];
    let bounds_check_5323: bool = sle_i64(vec2<i32>(0, 0), j_5322) && slt_i64(j_5322, n_5197);
    if (!bounds_check_5323) {
      // Failure point 0, then "goto" synchronisation point 0.
      futrts_report_failure_0(j_5322, n_5197);
      break;
    }
    let eta_p_5324: vec2<i32> = mem_5238[j_5322.x];
    let defunc_0_map_res_5432: vec2<i32> = add_i64(mul_i64(eta_p_5324, zext_i32_i64(3)), j_5322);
    acc_5310 = add_i64(acc_5310, defunc_0_map_res_5432);
  }
  red_arr_mem_5300[local_tid_5242] = acc_5310;

  // Synchronisation point 0 (seed 004, figure 3d).
  workgroupBarrier();
  if (local_tid_5242 == 0) {
    local_failure_bcast_5302 = atomicLoad(&local_failure_5301) != 0u;
  }
  if (workgroupUniformLoad(&local_failure_bcast_5302)) {
    return;
  }

  // Tree reduction in workgroup memory; no failure points below.
  var offset_5330: i32 = segred_tblock_size_5228 / 2;
  loop {
    if (offset_5330 <= 0) {
      break;
    }
    if (local_tid_5242 < offset_5330) {
      red_arr_mem_5300[local_tid_5242] = add_i64(red_arr_mem_5300[local_tid_5242],
                                                 red_arr_mem_5300[local_tid_5242 + offset_5330]);
    }
    workgroupBarrier();
    continuing {
      offset_5330 >>= 1u;
    }
  }

  if (local_tid_5242 == 0) {
    mem_5244[block_id_5243] = red_arr_mem_5300[0];
  }
}
