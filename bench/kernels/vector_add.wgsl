// Benchmark kernel: c = a + b over f32 arrays (4M elements, one invocation per element).
// Bindings: 0 = a (read), 1 = b (read), 2 = c (read_write). Dispatch: ceil(N / 256) workgroups.
@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var<storage, read> b: array<f32>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i < arrayLength(&c)) {
    c[i] = a[i] + b[i];
  }
}
