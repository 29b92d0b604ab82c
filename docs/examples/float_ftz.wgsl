// float_ftz.wgsl -- rescales tiny inputs (docs/float-modes.md, `ftz`). With inp[0] = 1e-40 (an
// f32 subnormal): ieee writes about 1.27e-10 to out[0] and flag[0] = 1; under --float=ftz the
// input is flushed before the multiplication and the comparison, so out[0] = 0, flag[0] = 0.
@group(0) @binding(0) var<storage, read> inp: array<f32>;
@group(0) @binding(1) var<storage, read_write> out: array<f32>;
@group(0) @binding(2) var<storage, read_write> flag: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3u) {
  let i = id.x;
  if (i >= arrayLength(&inp)) { return; }
  out[i] = inp[i] * 0x1p100f;
  flag[i] = select(0u, 1u, inp[i] != 0.0);
}
