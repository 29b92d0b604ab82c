// futhark_style_i16_packed.wgsl -- 16-bit integer arrays stored 2 per 32-bit word,
// in the style of Futhark's WebGPU backend (seed 000, section 4.1.2): the buffers
// keep the host's int16_t layout, kernels see i16 values as sign-extended i32, and
// every write to a packed array is atomic because two elements share a word.
//
// Futhark source, conceptually:
//   def main [n] (k: i64) (is: [n]i32) (vs: [n]i16) (hist: *[k]i16) : ([n]i16, [k]i16) =
//     (map (\v -> v * 3 - 1) vs, reduce_by_index hist (+) 0 (map i64.i32 is) vs)
// i16 arithmetic wraps modulo 2^16; reduce_by_index ignores out-of-range buckets.
// No failure points: the kernel has the short prelude of seed 004 section 3.4.
//
// Memory layout: element i of an i16 array lives in bits 16 * (i % 2) .. +15 of
// word i / 2 (little-endian). write_i16: atomicAnd clears the half, atomicOr sets
// it; atomic_add_i16: CAS loop on the word (seed 001). Helpers are specialised per
// buffer instead of taking ptr<storage> parameters, so the module needs no
// language extension.
//
// Bindings:
//   @group(0) @binding(0)  global_failure : atomic<i32>          storage, read_write  -1 = ok, else return at once
//   @group(0) @binding(1)  seghist_args   : seghist_args_t       uniform  n (i32), k (i32)
//   @group(0) @binding(2)  mem_7010       : array<i32>           storage, read        is, n words
//   @group(0) @binding(3)  mem_7011       : array<i32>           storage, read        vs, packed i16, ceil(n/2) words
//   @group(0) @binding(4)  mem_7012       : array<atomic<i32>>   storage, read_write  hist, packed i16, ceil(k/2) words
//   @group(0) @binding(5)  mem_7013       : array<atomic<i32>>   storage, read_write  map result, packed i16
//
// Workgroup size: override seghist_tblock_size_7020 (i32, default 128).
// Dispatch: ceil(n / seghist_tblock_size_7020) x 1 x 1. Deterministic.
//
// Exercises: i32 shifts for sign extension, `%` and `/` on negative-free i32 indices,
// atomicAnd/atomicOr with masks built by bitcast, CAS loop on array elements.

alias i16_t = i32;

struct seghist_args_t {
  n_7001: i32,
  k_7002: i32,
}

override seghist_tblock_size_7020: i32 = 128;

@group(0) @binding(0) var<storage, read_write> global_failure: atomic<i32>;
@group(0) @binding(1) var<uniform> seghist_args: seghist_args_t;
@group(0) @binding(2) var<storage, read> mem_7010: array<i32>;
@group(0) @binding(3) var<storage, read> mem_7011: array<i32>;
@group(0) @binding(4) var<storage, read_write> mem_7012: array<atomic<i32>>;
@group(0) @binding(5) var<storage, read_write> mem_7013: array<atomic<i32>>;

fn norm_i16(x: i32) -> i16_t {
  return (x << 16u) >> 16u;
}

fn mul_i16(a: i16_t, b: i16_t) -> i16_t {
  return norm_i16(a * b);
}

fn sub_i16(a: i16_t, b: i16_t) -> i16_t {
  return norm_i16(a - b);
}

fn read_i16_mem_7011(i: i32) -> i16_t {
  let v = mem_7011[i / 2];
  return norm_i16(v >> bitcast<u32>((i % 2) * 16));
}

fn write_i16_mem_7013(i: i32, val: i16_t) {
  let shift_amt = bitcast<u32>((i % 2) * 16);
  let mask = bitcast<i32>(0xFFFFu << shift_amt);
  atomicAnd(&mem_7013[i / 2], ~mask);
  atomicOr(&mem_7013[i / 2], (val << shift_amt) & mask);
}

fn atomic_add_i16_mem_7012(i: i32, x: i16_t) {
  let elem_idx = i / 2;
  let shift_amt = bitcast<u32>((i % 2) * 16);
  let mask = bitcast<i32>(0xFFFFu << shift_amt);
  var old = atomicLoad(&mem_7012[elem_idx]);
  loop {
    let cur = norm_i16(old >> shift_amt);
    let new_word = (old & ~mask) | (((cur + x) << shift_amt) & mask);
    let r = atomicCompareExchangeWeak(&mem_7012[elem_idx], old, new_word);
    if (r.exchanged) {
      break;
    }
    old = r.old_value;
  }
}

@compute @workgroup_size(seghist_tblock_size_7020)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  if (atomicLoad(&global_failure) >= 0) {
    return;
  }
  let gtid_7030: i32 = i32(gid.x);
  if (gtid_7030 >= seghist_args.n_7001) {
    return;
  }
  let bucket_7031: i32 = mem_7010[gtid_7030];
  let v_7032: i16_t = read_i16_mem_7011(gtid_7030);
  write_i16_mem_7013(gtid_7030, sub_i16(mul_i16(v_7032, 3), 1));
  if (0 <= bucket_7031 && bucket_7031 < seghist_args.k_7002) {
    atomic_add_i16_mem_7012(bucket_7031, v_7032);
  }
}
