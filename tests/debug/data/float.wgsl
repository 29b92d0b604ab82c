// Subnormal results: x * x for x = 1e-20 is 1e-40 and the literal 1e-38 is below the smallest normal f32.
@group(0) @binding(0) var<storage, read_write> data: array<f32, 4>;
@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
  let x = data[i];
  let y = x * x + 1e-38;
  let z = y * 3.0;
  data[i] = z;
}
