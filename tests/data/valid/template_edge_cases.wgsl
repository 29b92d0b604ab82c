// Template lists next to comparisons and shifts: each line is valid WGSL that a naive '<'/'>'
// tokenizer gets wrong (spec section "Template Lists").
alias A = array<vec4<f32>, 4>;                          // '>' and '>' from one '>>'
alias P = ptr<storage, array<u32>, read_write>;
const N = 8u;
var<private> v: vec4<f32>=vec4<f32>(1.0);               // '>=' splits into '>' and '='
var<private> grid: array<array<f32, N * 2u>, (N >> 1u)>;

fn select_size(a: i32, b: i32) -> array<i32, 3> {
  return array<i32, select(2, 3, 1 > 0)>(a, b, 0);      // '>' inside parentheses
}

fn compare(x: i32, y: i32, z: i32, w: i32) -> bool {
  let t = x < y || z > w;                               // no template list
  let u = x<y && z>w;                                   // no template list either
  let s = (x << 2u) >> 1u;
  return t && u && s > 0;
}

fn update(a: ptr<function, array<u32, 4>>) {
  (*a)[vec2<u32>(1u, 2u).x] >>= 1u;                     // template list, then '>>='
  (*a)[0] <<= 2u;
  let m = bitcast<vec2<u32>>(vec2<i32>(-1, 2));
  _ = m;
}
