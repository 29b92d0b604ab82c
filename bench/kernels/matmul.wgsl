// Benchmark kernel: C = A * B for n x n row-major f32 matrices (n a multiple of 16), tiled: each
// 16x16 workgroup stages one 16x16 tile of A and of B in workgroup memory per step and computes
// one 16x16 tile of C, one element per invocation.
// Bindings: 0 = A (read), 1 = B (read), 2 = C (read_write). Dispatch: (n / 16, n / 16) workgroups.
override n: u32 = 256u;
const TILE = 16u;

@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var<storage, read> b: array<f32>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;

var<workgroup> tile_a: array<array<f32, 16>, 16>;
var<workgroup> tile_b: array<array<f32, 16>, 16>;

@compute @workgroup_size(16, 16)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(local_invocation_id) lid: vec3<u32>) {
  let row = gid.y;
  let col = gid.x;
  var acc = 0.0;
  for (var t = 0u; t < n / TILE; t++) {
    tile_a[lid.y][lid.x] = a[row * n + t * TILE + lid.x];
    tile_b[lid.y][lid.x] = b[(t * TILE + lid.y) * n + col];
    workgroupBarrier();
    for (var k = 0u; k < TILE; k++) {
      acc += tile_a[lid.y][k] * tile_b[k][lid.x];
    }
    workgroupBarrier();
  }
  c[row * n + col] = acc;
}
