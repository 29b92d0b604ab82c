// transpose_tiled.wgsl -- dst = transpose(src) for a row-major f32 matrix, through a
// 32 x 32 tile in workgroup memory padded to 33 columns so that reading a tile
// column does not hit the same memory bank 32 times.
//
// Bindings:
//   @group(0) @binding(0)  shape : Shape       uniform             rows, cols of src
//   @group(0) @binding(1)  src   : array<f32>  storage, read       rows x cols, row-major
//   @group(0) @binding(2)  dst   : array<f32>  storage, read_write cols x rows, row-major
//
// Workgroup size: 32 x 8 (TILE x ROWS); each invocation moves TILE / ROWS = 4
// elements in and 4 out. Dispatch: ceil(cols / 32) x ceil(rows / 32) x 1.
// Edge tiles are partial: loads and stores are guarded, nobody returns early
// (there is a barrier between the two phases).
//
// Seed 004 (section 3.5) calls transposition "failure-tolerant": it only moves data,
// so a Futhark-style compiler emits no failure checks for it; this kernel has none.
//
// Exercises: array<array<f32, TILE + 1u>, TILE> (const-expression element count in a
// nested template list), two const_asserts, for loops with `+=` steps.

const TILE: u32 = 32u;
const ROWS: u32 = 8u;
const_assert TILE % ROWS == 0u;
const_assert TILE * (TILE + 1u) * 4u <= 16384u;

struct Shape {
  rows: u32,
  cols: u32,
}

@group(0) @binding(0) var<uniform> shape: Shape;
@group(0) @binding(1) var<storage, read> src: array<f32>;
@group(0) @binding(2) var<storage, read_write> dst: array<f32>;

var<workgroup> tile: array<array<f32, TILE + 1u>, TILE>;

@compute @workgroup_size(TILE, ROWS)
fn main(@builtin(local_invocation_id) lid: vec3<u32>,
        @builtin(workgroup_id) wid: vec3<u32>) {
  // Load: src[y][x] -> tile[y - tile_y0][x - tile_x0]
  let x = wid.x * TILE + lid.x;
  for (var j = 0u; j < TILE; j += ROWS) {
    let y = wid.y * TILE + lid.y + j;
    if (x < shape.cols && y < shape.rows) {
      tile[lid.y + j][lid.x] = src[y * shape.cols + x];
    }
  }
  workgroupBarrier();

  // Store: dst[ty][tx] = src[tx][ty] = tile[tx - tile_y0][ty - tile_x0]
  let tx = wid.y * TILE + lid.x;
  for (var j = 0u; j < TILE; j += ROWS) {
    let ty = wid.x * TILE + lid.y + j;
    if (tx < shape.rows && ty < shape.cols) {
      dst[ty * shape.rows + tx] = tile[lid.x][lid.y + j];
    }
  }
}
