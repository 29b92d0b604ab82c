@group(0) @binding(0) var<storage, read_write> out: array<u32, 8>;
var<workgroup> tile: array<u32, 8>;

@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) i: u32) {
  tile[i] = i * 10u;
  if (out[i] == 0u) {
    workgroupBarrier();
  }
  out[i] = tile[7u - i];
}
