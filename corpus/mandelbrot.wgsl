// mandelbrot.wgsl -- escape-time Mandelbrot set: iteration count and an RGBA colour
// per pixel. Pure f32 arithmetic in a data-dependent loop; no memory traffic in the
// loop (the benchmark kernel on which a JIT is as fast as native code).
//
// Bindings:
//   @group(0) @binding(0)  view       : View        uniform             image and view window
//   @group(0) @binding(1)  iterations : array<u32>  storage, read_write width * height counts
//   @group(0) @binding(2)  rgba       : array<u32>  storage, read_write width * height colours
//                                                                       (pack4x8unorm)
//
// View layout (bytes): width 0, height 4, max_iter 8, center 16 (@align(16)),
// scale 24; size 32. Pixel (x, y) maps to c = center + ((x, y) - (w, h) / 2) * scale.
// iterations[p] is the number of steps z <- z^2 + c taken before |z|^2 > 4, or
// max_iter for points that never escape; those are coloured opaque black.
//
// Workgroup size: overrides tile_w x tile_h (@id(0), @id(1), default 8 x 8).
// Dispatch: ceil(width / tile_w) x ceil(height / tile_h) x 1.
//
// Exercises: `diagnostic(off, ...)` directive, two overrides in @workgroup_size,
// loop with a continuing block ending in `break if`, ptr<function, vec2<f32>>
// parameter, const array<vec4<f32>, 4> indexed at run time, float literals with
// exponents and suffixes, vec2<f32>(vec2<u32>) conversion, mix, pack4x8unorm.

diagnostic(off, derivative_uniformity);

struct View {
  width: u32,
  height: u32,
  max_iter: u32,
  @align(16) center: vec2<f32>,
  scale: f32,
}

@id(0) override tile_w: u32 = 8u;
@id(1) override tile_h: u32 = 8u;

const ESCAPE_RADIUS_SQ: f32 = 4e0f;
const HALF: f32 = 5.0e-1;

const PALETTE = array<vec4<f32>, 4>(
  vec4<f32>(0.0, 0.0, 0.25, 1.0),
  vec4<f32>(0.1, 0.4, 0.9, 1.0),
  vec4<f32>(1.0, 0.85, 0.2, 1.0),
  vec4<f32>(0.9, 0.2, 0.1, 1.0),
);

@group(0) @binding(0) var<uniform> view: View;
@group(0) @binding(1) var<storage, read_write> iterations: array<u32>;
@group(0) @binding(2) var<storage, read_write> rgba: array<u32>;

// One step z <- z^2 + c, updating z through the pointer.
fn mandel_step(z: ptr<function, vec2<f32>>, c: vec2<f32>) {
  let v = *z;
  *z = vec2<f32>(v.x * v.x - v.y * v.y, 2.0 * v.x * v.y) + c;
}

fn escape_time(c: vec2<f32>, max_iter: u32) -> u32 {
  var z = vec2<f32>(0.0);
  var i = 0u;
  loop {
    if (i >= max_iter) {
      break;
    }
    mandel_step(&z, c);
    continuing {
      i++;
      break if dot(z, z) > ESCAPE_RADIUS_SQ;
    }
  }
  return i;
}

@compute @workgroup_size(tile_w, tile_h)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  if (gid.x >= view.width || gid.y >= view.height) {
    return;
  }
  let half_extent = vec2<f32>(f32(view.width), f32(view.height)) * HALF;
  let c = view.center + (vec2<f32>(gid.xy) - half_extent) * view.scale;
  let it = escape_time(c, view.max_iter);
  let idx = gid.y * view.width + gid.x;
  iterations[idx] = it;

  var color = vec4<f32>(0.0, 0.0, 0.0, 1.0);
  if (it < view.max_iter) {
    let t = f32(it) / f32(max(view.max_iter, 1u));
    let band = it % 4u;
    color = mix(PALETTE[band], PALETTE[(band + 1u) % 4u], t);
  }
  rgba[idx] = pack4x8unorm(color);
}
