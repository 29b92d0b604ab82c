@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;

@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) i: u32) {
  let slot = i % 4u;
  if (i == 6u) {
    out[1] = 100u + i;
  }
  out[slot] = i;
}
