// futhark_style_i8_packed_naive.wgsl -- the naive way to store an i8 array packed
// four elements per 32-bit word (seed 000, section 4.1.8 and listing 4.2): a plain
// read-modify-write of the word. Two invocations writing neighbouring bytes of one
// word both read, modify and write the *whole* word: a data race on the shared
// 32-bit word (WGSL has no byte stores), and on a GPU a lost update. The correct
// version (futhark_style_i8_packed.wgsl) clears and sets its byte with atomicAnd
// and atomicOr, which never race. `wgslemu run
// corpus/dynamic/futhark_style_i8_packed_naive.json` (options: races) reports the
// race on `out` between the load and the store below, in every workgroup.
//
// Bindings:
//   @group(0) @binding(0) xs  : array<i32>  storage, read        n values
//   @group(0) @binding(1) out : array<u32>  storage, read_write  ceil(n / 4) words: i8(3 x + 1), packed
// Workgroup size 64, dispatch ceil(n / 64). The result is not deterministic across
// devices (in wgslemu's lockstep subgroups the lanes of one word lose each other's bytes).

@group(0) @binding(0) var<storage, read> xs: array<i32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i >= arrayLength(&xs)) {
    return;
  }
  let v = u32(xs[i] * 3 + 1) & 0xffu;
  let shift = (i % 4u) * 8u;
  let mask = 0xffu << shift;
  let w = out[i / 4u];                        // reads the neighbours' bytes too
  out[i / 4u] = (w & ~mask) | (v << shift);   // and writes them back: races with them
}
