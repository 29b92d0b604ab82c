// convert_scalars.wgsl -- scalar conversions and bitcasts between i32, u32 and f32
// at run time: float -> integer truncates toward zero and saturates (to the
// largest float representable in the target type), integer -> float is exact when
// representable and otherwise either neighbour (so `to_float` has a 1-ULP
// tolerance), bitcasts move bits unchanged.
//
// Bindings:
//   @group(0) @binding(0)  fs       : array<f32>  storage, read        floats (finite)
//   @group(0) @binding(1)  is       : array<i32>  storage, read        signed integers
//   @group(0) @binding(2)  to_int   : array<u32>  storage, read_write  4 * n results
//   @group(0) @binding(3)  to_float : array<f32>  storage, read_write  2 * n results
//
// to_int[4 * i + k]: 0 bitcast<u32>(i32(f))  1 u32(f)  2 bitcast<u32>(f)
//                    3 bitcast<u32>(i32(bitcast<f32>(u32(is[i]) | 0x3F800000u) * 4.0))
//                      (builds a float in [4, 8) from the low mantissa bits)
// to_float[2 * i]: f32(is[i]); to_float[2 * i + 1]: f32(bitcast<u32>(is[i]))
// Workgroup size: 64. Dispatch: ceil(n / 64) x 1 x 1, n = len(fs) = len(is).

@group(0) @binding(0) var<storage, read> fs: array<f32>;
@group(0) @binding(1) var<storage, read> is: array<i32>;
@group(0) @binding(2) var<storage, read_write> to_int: array<u32>;
@group(0) @binding(3) var<storage, read_write> to_float: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i >= min(arrayLength(&fs), arrayLength(&is))) {
    return;
  }
  let f = fs[i];
  let k = is[i];
  to_int[4u * i] = bitcast<u32>(i32(f));
  to_int[4u * i + 1u] = u32(f);
  to_int[4u * i + 2u] = bitcast<u32>(f);
  let m = bitcast<f32>((bitcast<u32>(k) & 0x007FFFFFu) | 0x3F800000u);
  to_int[4u * i + 3u] = bitcast<u32>(i32(m * 4.0));
  to_float[2u * i] = f32(k);
  to_float[2u * i + 1u] = f32(bitcast<u32>(k));
}
