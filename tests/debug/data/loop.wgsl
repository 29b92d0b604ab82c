@group(0) @binding(0) var<storage, read_write> out: array<u32>;

fn square(v: u32) -> u32 {
  let s = v * v;
  return s;
}

@compute @workgroup_size(4)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  var acc = 0u;

  for (var i = 0u; i < 3u; i++) {
    acc += gid.x + i;
  }
  if (gid.x % 2u == 0u) {
    acc = square(acc);
  }
  out[gid.x] = acc;
}
