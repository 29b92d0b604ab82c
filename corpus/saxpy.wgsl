// saxpy.wgsl -- y[y_offset + i] = alpha * x[x_offset + i] + y[y_offset + i], i < n.
//
// Bindings:
//   @group(0) @binding(0)  params : SaxpyParams  uniform     scalars, layout below
//   @group(0) @binding(1)  x      : array<f32>   storage, read
//   @group(0) @binding(2)  y      : array<f32>   storage, read_write (updated in place)
//
// SaxpyParams mirrors a std140-style host struct, so its layout is pinned with
// layout attributes (byte offsets): alpha 0, n 4, x_offset 16 (@align(16)),
// y_offset 20 (@size(12) reserves 20..31); struct size 32, alignment 16.
//
// Workgroup size: override `saxpy_wg` (@id(1), default 64).
// Dispatch: any number of workgroups in x; a grid-stride loop covers all n elements
// (e.g. min(ceil(n / 64), 1024) workgroups). Elements whose x or y index would fall
// outside the bound buffers stop the invocation's loop (no out-of-bounds access).
//
// Note: `alpha * x + y` is written as a separate multiply and add on purpose: the
// result differs between the `ieee` and `fma` (contracted) float modes of wgslemu.
//
// Exercises: uniform buffer struct with @align/@size, grid-stride for loop,
// override in @workgroup_size.

struct SaxpyParams {
  alpha: f32,
  n: u32,
  @align(16) x_offset: u32,
  @size(12) y_offset: u32,
}

@id(1) override saxpy_wg: u32 = 64u;

@group(0) @binding(0) var<uniform> params: SaxpyParams;
@group(0) @binding(1) var<storage, read> x: array<f32>;
@group(0) @binding(2) var<storage, read_write> y: array<f32>;

@compute @workgroup_size(saxpy_wg)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(num_workgroups) nwg: vec3<u32>) {
  let stride = nwg.x * saxpy_wg;
  let x_len = arrayLength(&x);
  let y_len = arrayLength(&y);
  for (var i = gid.x; i < params.n; i += stride) {
    let xi = params.x_offset + i;
    let yi = params.y_offset + i;
    if (xi >= x_len || yi >= y_len) {
      break;
    }
    y[yi] = params.alpha * x[xi] + y[yi];
  }
}
