// float_ulp.wgsl -- code that relies on exact built-ins (docs/float-modes.md, `ulp-max`).
// Dispatched as 16 workgroups of 64: counts[0] is how many x = 1..1024 have sqrt(x * x) != x,
// counts[1] how many powers of two x = 2^k have floor(log2(x)) != k. ieee: 0 and 0.
// --float=ulp-max: 1024 and 0 (sqrt is inherited from 1.0 / inverseSqrt(x), whose far edge is
// several ULP away from x; this log2 call site takes the high edge, so floor still gives k).
// --float=ulp-random:1: 894 and 5.
@group(0) @binding(0) var<storage, read_write> counts: array<atomic<u32>, 2>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3u) {
  let x = f32(id.x + 1u);
  if (sqrt(x * x) != x) { atomicAdd(&counts[0], 1u); }
  let k = countTrailingZeros(id.x + 1u);
  if (((id.x + 1u) & id.x) == 0u && u32(floor(log2(x))) != k) { atomicAdd(&counts[1], 1u); }
}
