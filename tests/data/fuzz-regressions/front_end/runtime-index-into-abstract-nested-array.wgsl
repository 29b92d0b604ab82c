// A runtime index into a const array of arrays of abstract integers, then a constant index: the
// lowering converted the base with a null scalar type and crashed.
const c0 = array(1, 2);
const c1 = array(c0, c0);
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(1) fn main(@builtin(global_invocation_id) g: vec3u) {
  o[0] = u32(c1[g.x][0]);
}
