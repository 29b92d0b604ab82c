enable subgroups;

@group(0) @binding(0) var<storage, read_write> out: array<u32, 8>;

@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) i: u32) {
  var v = i + 1u;
  if (out[i] != 0u) {
    v = subgroupAdd(v);
  }
  out[i] = v;
}
