// particles_vec_mat.wgsl -- one explicit-Euler step of a particle system with a
// per-particle affine transform: exercises vector and matrix types and the memory
// layout of structs holding them (vec3 alignment 16, implicit padding, matrix
// column strides) in uniform and storage buffers.
//
// Bindings:
//   @group(0) @binding(0)  sim       : Sim              uniform             transform and step
//   @group(0) @binding(1)  particles : array<Particle>  storage, read_write updated in place
//   @group(0) @binding(2)  world     : array<vec4<f32>> storage, read_write transform * (pos, 1)
//   @group(0) @binding(3)  stats     : array<vec4<f32>> storage, read_write (cross(pos, vel3), dot(vel3, vel3)) per particle
//
// Layouts (bytes):
//   Particle: pos vec3<f32> @0 (align 16), mass f32 @12, vel vec2<f32> @16, id u32 @24,
//             size 32 (stride of array<Particle>), alignment 16
//   Sim:      transform mat4x4<f32> @0 (4 columns of 16 bytes), gravity vec3<f32> @64,
//             dt f32 @76, scale mat2x2<f32> @80 (columns of 8 bytes), size 96
// Step: vel' = scale * vel + gravity.xy * dt / mass; pos' = pos + vec3(vel', gravity.z) * dt;
//       id' = id + 1; world = transform * vec4(pos', 1).
// Workgroup size: 32. Dispatch: ceil(n / 32) x 1 x 1, n = len(particles).
// With the dyadic inputs of the spec every operation is exact, so the result is
// the same for any evaluation order or fusion.
// Exercises: mat4x4 * vec4, mat2x2 * vec2, cross, dot, swizzles (.xy, .xyz), vector
// constructors from mixed parts, struct member update through a `var` copy.

struct Particle {
  pos: vec3<f32>,
  mass: f32,
  vel: vec2<f32>,
  id: u32,
}

struct Sim {
  transform: mat4x4<f32>,
  gravity: vec3<f32>,
  dt: f32,
  scale: mat2x2<f32>,
}

@group(0) @binding(0) var<uniform> sim: Sim;
@group(0) @binding(1) var<storage, read_write> particles: array<Particle>;
@group(0) @binding(2) var<storage, read_write> world: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read_write> stats: array<vec4<f32>>;

@compute @workgroup_size(32)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i >= arrayLength(&particles)) {
    return;
  }
  var p = particles[i];
  p.vel = sim.scale * p.vel + sim.gravity.xy * (sim.dt / p.mass);
  let vel3 = vec3<f32>(p.vel, sim.gravity.z);
  p.pos += vel3 * sim.dt;
  p.id += 1u;
  particles[i] = p;
  world[i] = sim.transform * vec4<f32>(p.pos, 1.0);
  stats[i] = vec4<f32>(cross(p.pos, vel3), dot(vel3, vel3));
}
