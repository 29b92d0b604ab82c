@group(0) @binding(0) var<storage, read_write> data: array<f32, 4>;

@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
  let x = data[i];
  let y = 1.0 / x;
  data[i] = y;
}
