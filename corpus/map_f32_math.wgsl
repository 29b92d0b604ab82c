// map_f32_math.wgsl -- elementwise f32 transcendental built-ins, whose results WGSL
// only bounds (so the spec compares them with tolerances):
//   trig[3 * i + 0..2] = sin(x), cos(x), tanh(x) for x = xs[i] in [-pi, pi]
//                        (absolute error at most 2^-11 for sin and cos)
//   expo[4 * i + 0..3] = exp(y), exp2(y), log(z), log2(z) for y = ys[i] in [-8, 8],
//                        z = zs[i] in [2, 1000] (3 + 2|y| ULP for exp/exp2, 3 ULP for
//                        log/log2 outside [0.5, 2])
//
// Bindings:
//   @group(0) @binding(0)  xs   : array<f32>  storage, read
//   @group(0) @binding(1)  ys   : array<f32>  storage, read
//   @group(0) @binding(2)  zs   : array<f32>  storage, read
//   @group(0) @binding(3)  trig : array<f32>  storage, read_write  3 * n results
//   @group(0) @binding(4)  expo : array<f32>  storage, read_write  4 * n results
//
// n = len(xs) (ys and zs at least as long). Workgroup size: 32 x 2 (flattened with
// local_invocation_index). Dispatch: ceil(n / 64) x 1 x 1.

@group(0) @binding(0) var<storage, read> xs: array<f32>;
@group(0) @binding(1) var<storage, read> ys: array<f32>;
@group(0) @binding(2) var<storage, read> zs: array<f32>;
@group(0) @binding(3) var<storage, read_write> trig: array<f32>;
@group(0) @binding(4) var<storage, read_write> expo: array<f32>;

@compute @workgroup_size(32, 2)
fn main(@builtin(workgroup_id) wid: vec3<u32>,
        @builtin(local_invocation_index) lidx: u32) {
  let i = wid.x * 64u + lidx;
  if (i >= arrayLength(&xs)) {
    return;
  }
  let x = xs[i];
  let y = ys[i];
  let z = zs[i];
  trig[3u * i] = sin(x);
  trig[3u * i + 1u] = cos(x);
  trig[3u * i + 2u] = tanh(x);
  expo[4u * i] = exp(y);
  expo[4u * i + 1u] = exp2(y);
  expo[4u * i + 2u] = log(z);
  expo[4u * i + 3u] = log2(z);
}
