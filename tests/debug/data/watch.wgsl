@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;

struct Pair {
  a: u32,
  b: u32,
}

var<workgroup> tile: array<u32, 4>;
var<workgroup> pair: Pair;
var<private> count: u32;

@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
  tile[i] = i * 10u;
  count = count + 1u;
  if (i == 2u) {
    pair.b = 7u;
  }
  workgroupBarrier();
  count = count + tile[3u - i];
  out[i] = count;
}
