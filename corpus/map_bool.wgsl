// map_bool.wgsl -- boolean logic on flags stored as u32 (bool is not
// host-shareable, so buffers hold u32 and kernels convert with bool(x) and
// u32(b), as Futhark's and Triton's generators do).
//
// Bindings:
//   @group(0) @binding(0)  p   : array<u32>  storage, read        flags (any non-zero = true)
//   @group(0) @binding(1)  q   : array<u32>  storage, read        flags
//   @group(0) @binding(2)  out : array<u32>  storage, read_write  8 * n results (0 or 1, except 6)
//
// out[8 * i + k] with P = bool(p[i]), Q = bool(q[i]):
//   0 P && Q  1 P || Q  2 P != Q  3 !P  4 all(vec3(P, Q, true))  5 any(vec2(P, !Q))
//   6 select(q[i], p[i], P)  7 count of true lanes of vec4(P, Q, P == Q, !(P || Q))
// Workgroup size: 64. Dispatch: ceil(n / 64) x 1 x 1. Deterministic.
// Exercises: bool(u32) and u32(bool) conversions, short-circuit operators, bool
// vectors with all/any, select with a bool condition, vec4<bool> to vec4<u32>.

@group(0) @binding(0) var<storage, read> p: array<u32>;
@group(0) @binding(1) var<storage, read> q: array<u32>;
@group(0) @binding(2) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let n = min(min(arrayLength(&p), arrayLength(&q)), arrayLength(&out) / 8u);
  let i = gid.x;
  if (i >= n) {
    return;
  }
  let bp = bool(p[i]);
  let bq = bool(q[i]);
  let o = 8u * i;
  out[o + 0u] = u32(bp && bq);
  out[o + 1u] = u32(bp || bq);
  out[o + 2u] = u32(bp != bq);
  out[o + 3u] = u32(!bp);
  out[o + 4u] = u32(all(vec3<bool>(bp, bq, true)));
  out[o + 5u] = u32(any(vec2<bool>(bp, !bq)));
  out[o + 6u] = select(q[i], p[i], bp);
  let lanes = vec4<u32>(vec4<bool>(bp, bq, bp == bq, !(bp || bq)));
  out[o + 7u] = lanes.x + lanes.y + lanes.z + lanes.w;
}
