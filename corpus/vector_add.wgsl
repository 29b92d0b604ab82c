// vector_add.wgsl -- element-wise c[i] = a[i] + b[i] over f32 arrays.
//
// Bindings:
//   @group(0) @binding(0)  a : array<f32>  storage, read        first operand
//   @group(0) @binding(1)  b : array<f32>  storage, read        second operand
//   @group(0) @binding(2)  c : array<f32>  storage, read_write  result
//
// Workgroup size: override `block_size` (@id(0), default 256) in x.
// Dispatch: (wx, wy, 1) workgroups with wx * wy * block_size >= n, where
//   n = min(len(a), len(b), len(c)). Normally wy = 1; for n > 65535 * block_size
//   the dispatch may be 2-D and the flat index is gid.y * (wx * block_size) + gid.x.
// Each invocation handles one element and returns early past n. No barriers follow,
// so the early return in non-uniform control flow is fine.
//
// Exercises: override in @workgroup_size, arrayLength on runtime-sized arrays,
// num_workgroups, early return. One of the five benchmark kernels of bench/.

@id(0) override block_size: u32 = 256u;

@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var<storage, read> b: array<f32>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;

@compute @workgroup_size(block_size)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(num_workgroups) nwg: vec3<u32>) {
  let n = min(arrayLength(&c), min(arrayLength(&a), arrayLength(&b)));
  let i = gid.y * (nwg.x * block_size) + gid.x;
  if (i >= n) {
    return;
  }
  c[i] = a[i] + b[i];
}
