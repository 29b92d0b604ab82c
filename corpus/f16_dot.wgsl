// f16_dot.wgsl -- dot product of two half-precision vectors: each invocation takes
// one vec4<f16> pair and computes its 4-term dot product in f16; the workgroup sums
// those in f32; one f32 partial per workgroup. Also counts non-finite inputs
// (found from the raw bits) and per-invocation f16 dot products that overflowed.
//
// Bindings:
//   @group(0) @binding(0)  xs       : array<vec4<f16>>  storage, read        first vector, 4 halves per element
//   @group(0) @binding(1)  ys       : array<vec4<f16>>  storage, read        second vector
//   @group(0) @binding(2)  partials : array<f32>        storage, read_write  one per workgroup
//   @group(0) @binding(3)  stats    : F16Stats          storage, read_write  counters (host zeroes)
//
// Workgroup size: 64 (const WG). Dispatch: ceil(n / 64) x 1 x 1, n = min(len(xs), len(ys))
// (each element is 8 bytes). Sum of partials = the dot product (f16 products, f16
// 4-term sums, f32 tree reduction with a fixed order).
// The f16 arithmetic is where wgslemu's exact binary16 emulation matters: dot() of
// f16 vectors may overflow to infinity at |value| > 65504 even when the f32 sum
// would be fine.
//
// Exercises: `enable f16;`, vec4<f16> storage arrays (host-shareable with f16),
// f16 literals with the `h` suffix (including an exponent), vec4h alias,
// bitcast<vec2<u32>>(vec4<f16>) to inspect the bits, f16 -> f32 conversion, abs,
// any() on vec2<bool>, `!(a <= b)` to catch NaN as well.

enable f16;

const WG: u32 = 64u;
const F16_MAX: f16 = 6.5504e4h;
const F16_EXP_MASK_LO: u32 = 0x7C00u;
const F16_EXP_MASK_HI: u32 = 0x7C000000u;

struct F16Stats {
  nonfinite_inputs: atomic<u32>,
  overflowed_dots: atomic<u32>,
}

@group(0) @binding(0) var<storage, read> xs: array<vec4<f16>>;
@group(0) @binding(1) var<storage, read> ys: array<vec4<f16>>;
@group(0) @binding(2) var<storage, read_write> partials: array<f32>;
@group(0) @binding(3) var<storage, read_write> stats: F16Stats;

var<workgroup> scratch: array<f32, WG>;

// True if any of the four halves is an infinity or a NaN (exponent bits all ones).
fn has_nonfinite(v: vec4h) -> bool {
  let bits = bitcast<vec2<u32>>(v);
  let lo = (bits & vec2<u32>(F16_EXP_MASK_LO)) == vec2<u32>(F16_EXP_MASK_LO);
  let hi = (bits & vec2<u32>(F16_EXP_MASK_HI)) == vec2<u32>(F16_EXP_MASK_HI);
  return any(lo) || any(hi);
}

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(local_invocation_index) lidx: u32,
        @builtin(workgroup_id) wid: vec3<u32>) {
  let n = min(arrayLength(&xs), arrayLength(&ys));
  var prod = 0.0f;
  if (gid.x < n) {
    let a: vec4h = xs[gid.x];
    let b: vec4<f16> = ys[gid.x];
    if (has_nonfinite(a) || has_nonfinite(b)) {
      atomicAdd(&stats.nonfinite_inputs, 1u);
    }
    let d: f16 = dot(a, b);
    if (!(abs(d) <= F16_MAX)) {
      atomicAdd(&stats.overflowed_dots, 1u);
    }
    prod = f32(d);
  }
  scratch[lidx] = prod;
  workgroupBarrier();

  for (var s = WG / 2u; s > 0u; s >>= 1u) {
    if (lidx < s) {
      scratch[lidx] += scratch[lidx + s];
    }
    workgroupBarrier();
  }
  if (lidx == 0u) {
    partials[wid.x] = scratch[0];
  }
}
