// Benchmark kernel: escape-time Mandelbrot set over [-2, 1] x [-1.5, 1.5] on a width x height grid;
// each invocation writes the iteration count of its pixel (max_iter when it never escapes).
// Binding: 0 = iteration counts, row-major u32. Dispatch: (width / 16, height / 16) workgroups.
override width: u32 = 512u;
override height: u32 = 512u;
override max_iter: u32 = 256u;

@group(0) @binding(0) var<storage, read_write> counts: array<u32>;

@compute @workgroup_size(16, 16)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  if (gid.x >= width || gid.y >= height) {
    return;
  }
  let cx = -2.0 + f32(gid.x) * (3.0 / f32(width));
  let cy = -1.5 + f32(gid.y) * (3.0 / f32(height));
  var x = 0.0;
  var y = 0.0;
  var i = 0u;
  loop {
    if (i >= max_iter || x * x + y * y > 4.0) {
      break;
    }
    let xt = x * x - y * y + cx;
    y = 2.0 * x * y + cy;
    x = xt;
    i++;
  }
  counts[gid.y * width + gid.x] = i;
}
