// A helper with a storage pointer, a function whose loop ends when its counter reaches n, a
// private variable the entry point never uses.
@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;
var<private> unused_p: u32;

fn put(p: ptr<storage, array<u32, 4>, read_write>, i: u32) {
  (*p)[i] = i * 7u;
}

fn spin(n: u32) -> u32 {
  var k = 0u;
  loop { k += 1u; if (k == n) { break; } }
  return k;
}

@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
  put(&out, i);
  out[i] += spin(3u);
}
