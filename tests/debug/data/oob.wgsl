@group(0) @binding(0) var<storage, read_write> data: array<f32, 8>;

@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) i: u32) {
  let x = data[i] * 2.0;
  if (i == 5u) {
    data[i + 4u] = x;
  }
  data[i] = x;
}
