// jacobi_stencil.wgsl -- one (weighted) Jacobi sweep of a 5-point Laplace stencil on
// a width x height f32 grid, double-buffered, plus the largest change of the sweep
// (the residual used to decide when to stop iterating).
//
// Bindings:
//   @group(0) @binding(0)  grid          : Grid         uniform             width, height, omega
//   @group(0) @binding(1)  u_in          : array<f32>   storage, read       current grid, row-major
//   @group(0) @binding(2)  u_out         : array<f32>   storage, read_write next grid, row-major
//   @group(0) @binding(3)  residual_bits : atomic<u32>  storage, read_write max |u_out - u_in|
//                                                       as f32 bits (host zeroes it)
//
// Grid layout (bytes): width 0, height 4, omega 8 (@size(8) pads the struct to 16).
// Interior cells: u_out = mix(u, avg of 4 neighbours, omega) (omega = 1 is plain
// Jacobi); boundary cells are copied (Dirichlet boundary).
// Workgroup size: 16 x 16. Dispatch: ceil(width / 16) x ceil(height / 16) x 1.
// Swap u_in and u_out between dispatches. The residual is a max over non-negative
// f32 values, computed on their bit patterns (non-negative IEEE floats order like
// their u32 bits), so it is independent of scheduling.
//
// Exercises: `@diagnostic(off, derivative_uniformity)` on a function, struct-typed
// entry-point parameter holding built-ins (the whole struct is non-uniform, so the
// barrier must not depend on it), @size on a uniform member, a comparison of two
// vec2<u32> constructor results (`vec2<u32>(x, y) > vec2<u32>(0u)`: a `>` right
// after a template list's closing `>` and call), `x + 1u < grid.width`.

struct Grid {
  width: u32,
  height: u32,
  @size(8) omega: f32,
}

struct StencilInputs {
  @builtin(global_invocation_id) gid: vec3<u32>,
  @builtin(local_invocation_index) lidx: u32,
}

@group(0) @binding(0) var<uniform> grid: Grid;
@group(0) @binding(1) var<storage, read> u_in: array<f32>;
@group(0) @binding(2) var<storage, read_write> u_out: array<f32>;
@group(0) @binding(3) var<storage, read_write> residual_bits: atomic<u32>;

var<workgroup> wg_residual: atomic<u32>;

@diagnostic(off, derivative_uniformity)
fn load_cell(x: u32, y: u32) -> f32 {
  return u_in[y * grid.width + x];
}

@compute @workgroup_size(16, 16)
fn main(inp: StencilInputs) {
  let x = inp.gid.x;
  let y = inp.gid.y;
  let inside = x < grid.width && y < grid.height;

  if (inside) {
    let center = load_cell(x, y);
    var next = center;
    let interior = all(vec2<u32>(x, y) > vec2<u32>(0u)) && x + 1u < grid.width && y + 1u < grid.height;
    if (interior) {
      let avg = 0.25 * (load_cell(x - 1u, y) + load_cell(x + 1u, y) +
                        load_cell(x, y - 1u) + load_cell(x, y + 1u));
      next = mix(center, avg, grid.omega);
    }
    u_out[y * grid.width + x] = next;
    atomicMax(&wg_residual, bitcast<u32>(abs(next - center)));
  }

  workgroupBarrier();
  if (inp.lidx == 0u) {
    atomicMax(&residual_bits, atomicLoad(&wg_residual));
  }
}
