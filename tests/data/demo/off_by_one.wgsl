// A prefix-difference kernel with a classic bug, for `make demo`: the guard uses `<=` where `<`
// was meant, so the last invocation reads one element past the end of `src` and writes one past
// the end of `dst`. On a GPU this silently reads garbage or zero and may corrupt a neighbour;
// wgslemu reports both accesses with their source locations.
@group(0) @binding(0) var<storage, read> src: array<u32>;
@group(0) @binding(1) var<storage, read_write> dst: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i <= arrayLength(&src)) {        // bug: should be `<`
    var prev = 0u;
    if (i > 0u) {
      prev = src[i - 1u];
    }
    dst[i] = src[i] - prev;
  }
}
