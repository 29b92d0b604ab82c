// Expressions of every kind at a stop: a struct in storage, a workgroup atomic, a helper with a pointer.
struct Item {
  key: u32,
  weight: f32,
}

@group(0) @binding(0) var<storage, read_write> items: array<Item, 4>;
var<workgroup> hits: atomic<u32>;

fn bump(p: ptr<function, u32>, by: u32) {
  *p = *p + by;
}

@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
  var total = i * 3u;
  bump(&total, 5u);
  atomicAdd(&hits, 1u);
  workgroupBarrier();
  let v = vec4<u32>(i, i + 1u, i + 2u, i + 3u);
  items[i].key = total + v.w;
  items[i].weight = f32(total) * 0.5;
}
