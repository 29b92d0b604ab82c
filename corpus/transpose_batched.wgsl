// transpose_batched.wgsl -- batched transpose of row-major u32 matrices, one element
// per invocation, batch index in the z dimension of the dispatch (the naive
// counterpart of transpose_tiled.wgsl, for data that is not f32: here each element
// is a vec2<u32>, e.g. an i64 in Futhark's representation).
//
// Bindings:
//   @group(0) @binding(0)  shape : Shape             uniform             rows, cols, batch
//   @group(0) @binding(1)  src   : array<vec2<u32>>  storage, read       batch x rows x cols
//   @group(0) @binding(2)  dst   : array<vec2<u32>>  storage, read_write batch x cols x rows
//
// dst[b][c][r] = src[b][r][c]. Workgroup size: 8 x 8 x 1.
// Dispatch: ceil(cols / 8) x ceil(rows / 8) x batch. Deterministic.
// Exercises: 3-D dispatch with global_invocation_id.z, vec2<u32> array elements,
// uniform struct of three u32 (size 12, uniform buffer padding rules).

struct Shape {
  rows: u32,
  cols: u32,
  batch: u32,
}

@group(0) @binding(0) var<uniform> shape: Shape;
@group(0) @binding(1) var<storage, read> src: array<vec2<u32>>;
@group(0) @binding(2) var<storage, read_write> dst: array<vec2<u32>>;

@compute @workgroup_size(8, 8, 1)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let c = gid.x;
  let r = gid.y;
  let b = gid.z;
  if (c >= shape.cols || r >= shape.rows || b >= shape.batch) {
    return;
  }
  let plane = shape.rows * shape.cols;
  dst[b * plane + c * shape.rows + r] = src[b * plane + r * shape.cols + c];
}
