// futhark_style_i8_packed.wgsl -- 8-bit integer arrays stored 4 per 32-bit word, in
// the style of Futhark's WebGPU backend (seed 000, listing 4.2) and of the CAS-based
// small-integer histogram from seed 001 ("Being better at the bad").
//
// Futhark source, conceptually:
//   def main [n] (k: i64) (is: [n]i32) (vs: [n]i8) (hist: *[k]i8) : ([n]i8, [k]i8) =
//     (map (\v -> -v) vs, reduce_by_index hist (+) 0 (map i64.i32 is) vs)
// reduce_by_index ignores out-of-range bucket indices (that is its semantics, not a
// failure), so this kernel has no failure points and uses the short prelude of
// seed 004 section 3.4: return if global_failure is already set.
//
// Memory layout: element i of an i8 array lives in byte (i % 4) of word i / 4
// (little-endian, exactly the host's int8_t array). In kernels, i8 values are i32
// holding a sign-extended 8-bit value. Writes to packed arrays must be atomic because
// neighbouring elements share a word:
//   * write_i8 (a plain store, "map" output): atomicAnd to clear the byte, then
//     atomicOr to set it (two atomics are fine: two invocations writing the *same*
//     element would already be a race in the source program);
//   * atomic_add_i8 (histogram update): read the word, add within the byte with 8-bit
//     wrap-around, then atomicCompareExchangeWeak; retry on failure (seed 001).
//
// Bindings:
//   @group(0) @binding(0)  global_failure : atomic<i32>          storage, read_write  -1 = ok
//   @group(0) @binding(1)  seghist_args   : seghist_args_t       uniform  n (i32), k (i32)
//   @group(0) @binding(2)  mem_6010       : array<i32>           storage, read        is (bucket per element)
//   @group(0) @binding(3)  mem_6011       : array<i32>           storage, read        vs, packed i8, >= ceil(n/4) words
//   @group(0) @binding(4)  mem_6012       : array<atomic<i32>>   storage, read_write  hist, packed i8, >= ceil(k/4) words
//   @group(0) @binding(5)  mem_6013       : array<atomic<i32>>   storage, read_write  -vs, packed i8, >= ceil(n/4) words
//
// Workgroup size: override seghist_tblock_size_6020 (i32, default 256).
// Dispatch: ceil(n / seghist_tblock_size_6020) x 1 x 1. Final hist[b] = initial hist[b]
// + sum of vs[i] with is[i] == b, modulo 256 (as i8); independent of scheduling.
//
// Naming note: the thesis listing declares `alias i8 = i32;`. Older WGSL drafts
// reserved `i8` (and i16, i64, u8, ...) as future type names, so this file calls the
// alias `i8_t` to stay valid under either reserved-word list.
//
// Exercises: `requires unrestricted_pointer_parameters;` with ptr<storage, ...>
// function parameters (read and read_write, atomic and plain element types),
// an alias inside a template (atomic<i8_t>), `&(*p)[i]`, CAS retry loop updating
// a var from the result struct, atomicAnd/atomicOr with masks, extractBits
// sign-extension on i32, shifts of i32 by u32 amounts, a `0 <= x && x < k` range test.

requires unrestricted_pointer_parameters;

alias i8_t = i32;

struct seghist_args_t {
  n_6001: i32,
  k_6002: i32,
}

override seghist_tblock_size_6020: i32 = 256;

@group(0) @binding(0) var<storage, read_write> global_failure: atomic<i32>;
@group(0) @binding(1) var<uniform> seghist_args: seghist_args_t;
@group(0) @binding(2) var<storage, read> mem_6010: array<i32>;
@group(0) @binding(3) var<storage, read> mem_6011: array<i32>;
@group(0) @binding(4) var<storage, read_write> mem_6012: array<atomic<i8_t>>;
@group(0) @binding(5) var<storage, read_write> mem_6013: array<atomic<i8_t>>;

// Sign-extend the low 8 bits (arithmetic right shift of i32).
fn norm_i8(x: i32) -> i8_t {
  return (x << 24u) >> 24u;
}

fn read_i8(mem: ptr<storage, array<i32>, read>, i: i32) -> i8_t {
  let elem_idx = i / 4;
  let idx_in_elem = i % 4;
  let v = (*mem)[elem_idx];
  // extractBits on a signed value sign-extends the extracted field.
  return extractBits(v, bitcast<u32>(idx_in_elem * 8), 8u);
}

fn read_i8_atomic(mem: ptr<storage, array<atomic<i8_t>>, read_write>, i: i32) -> i8_t {
  let elem_idx = i / 4;
  let idx_in_elem = i % 4;
  let v = atomicLoad(&(*mem)[elem_idx]);
  return norm_i8(v >> bitcast<u32>(idx_in_elem * 8));
}

fn write_i8(mem: ptr<storage, array<atomic<i8_t>>, read_write>, i: i32, val: i8_t) {
  let elem_idx = i / 4;
  let shift_amt = bitcast<u32>((i % 4) * 8);
  let mask = bitcast<i32>(0xFFu << shift_amt);
  let shifted_val = (val << shift_amt) & mask;
  // First zero out the previous value using the inverted mask, then set the byte.
  atomicAnd(&(*mem)[elem_idx], ~mask);
  atomicOr(&(*mem)[elem_idx], shifted_val);
}

// hist[i] = hist[i] + x with 8-bit wrap-around, as a CAS loop on the containing word.
fn atomic_add_i8(mem: ptr<storage, array<atomic<i8_t>>, read_write>, i: i32, x: i8_t) {
  let elem_idx = i / 4;
  let shift_amt = bitcast<u32>((i % 4) * 8);
  let mask = bitcast<i32>(0xFFu << shift_amt);
  var old = atomicLoad(&(*mem)[elem_idx]);
  loop {
    let cur = norm_i8(old >> shift_amt);
    let updated = ((cur + x) << shift_amt) & mask;
    let new_word = (old & ~mask) | updated;
    let r = atomicCompareExchangeWeak(&(*mem)[elem_idx], old, new_word);
    if (r.exchanged) {
      break;
    }
    old = r.old_value;
  }
}

@compute @workgroup_size(seghist_tblock_size_6020)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  // Prelude for kernels without failure points (seed 004, section 3.4).
  if (atomicLoad(&global_failure) >= 0) {
    return;
  }
  let gtid_6030: i32 = i32(gid.x);
  if (gtid_6030 >= seghist_args.n_6001) {
    return;
  }

  let bucket_6031: i32 = mem_6010[gtid_6030];
  let v_6032: i8_t = read_i8(&mem_6011, gtid_6030);

  // map (\v -> -v): -(-128) wraps to -128 when the byte is stored.
  write_i8(&mem_6013, gtid_6030, -v_6032);

  // reduce_by_index: out-of-range buckets are ignored.
  if (0 <= bucket_6031 && bucket_6031 < seghist_args.k_6002) {
    atomic_add_i8(&mem_6012, bucket_6031, v_6032);
  }

  // Read back through the atomic path (exercises read_i8_atomic); the value is
  // not used further: a phony assignment discards it.
  _ = read_i8_atomic(&mem_6013, gtid_6030);
}
