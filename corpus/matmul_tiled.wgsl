// matmul_tiled.wgsl -- C = A * B for row-major f32 matrices using 16 x 16 tiles of A
// and B staged in workgroup memory.
//
// Bindings:
//   @group(0) @binding(0)  dims : Dims        uniform             M, N, K (and padding)
//   @group(0) @binding(1)  A    : array<f32>  storage, read       M x K, row-major
//   @group(0) @binding(2)  B    : array<f32>  storage, read       K x N, row-major
//   @group(0) @binding(3)  C    : array<f32>  storage, read_write M x N, row-major
//
// Workgroup size: 16 x 16 (const TS). Dispatch: ceil(N / 16) x ceil(M / 16) x 1.
// Each workgroup computes one 16 x 16 block of C. For every k-tile, each invocation
// loads one element of A and one of B (zero outside the matrices), barrier, 16
// multiply-adds from workgroup memory, barrier. Invocations outside C stay alive
// (they load zeros) because every invocation must reach every barrier.
// Summation order: sequential over k, tile by tile, so the result equals
// matmul_naive.wgsl's bit for bit in the `ieee` float mode.
//
// Exercises: alias of a nested array type, 2-D workgroup arrays, const_assert,
// barriers in a loop whose trip count comes from a uniform buffer, `&&` chains of
// `<` comparisons.

struct Dims {
  M: u32,
  N: u32,
  K: u32,
  _pad: u32,
}

const TS: u32 = 16u;
const_assert TS * TS <= 256u;

alias TileF32 = array<array<f32, TS>, TS>;

@group(0) @binding(0) var<uniform> dims: Dims;
@group(0) @binding(1) var<storage, read> A: array<f32>;
@group(0) @binding(2) var<storage, read> B: array<f32>;
@group(0) @binding(3) var<storage, read_write> C: array<f32>;

var<workgroup> tile_a: TileF32;
var<workgroup> tile_b: TileF32;

@compute @workgroup_size(TS, TS)
fn main(@builtin(local_invocation_id) lid: vec3<u32>,
        @builtin(workgroup_id) wid: vec3<u32>) {
  let row = wid.y * TS + lid.y;
  let col = wid.x * TS + lid.x;
  let num_tiles = (dims.K + TS - 1u) / TS;

  var acc = 0.0f;
  for (var t = 0u; t < num_tiles; t++) {
    let a_col = t * TS + lid.x;
    let b_row = t * TS + lid.y;
    var a_val = 0.0f;
    var b_val = 0.0f;
    if (row < dims.M && a_col < dims.K) {
      a_val = A[row * dims.K + a_col];
    }
    if (b_row < dims.K && col < dims.N) {
      b_val = B[b_row * dims.N + col];
    }
    tile_a[lid.y][lid.x] = a_val;
    tile_b[lid.y][lid.x] = b_val;
    workgroupBarrier();

    for (var k = 0u; k < TS; k++) {
      acc += tile_a[lid.y][k] * tile_b[k][lid.x];
    }
    workgroupBarrier();
  }

  if (row < dims.M && col < dims.N) {
    C[row * dims.N + col] = acc;
  }
}
