// A kernel with four independent mistakes; `make demo` shows how wgslemu reports them.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

fn hash(x: u32) -> u32 {
  let mixed = x << 3u + 1u;        // '<<' and '+' need parentheses in WGSL
  return mixed ^ (mixed >> 7u)
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let class = hash(gid.x);         // 'class' is a reserved word
  if gid.x < arrayLength(&data) {
    data[gid.x] = 012;             // no octal literals
  }
}
