// spmv_csr.wgsl -- sparse matrix-vector product y = A x, A in CSR format, one
// invocation per row ("scalar CSR" kernel).
//
// Bindings:
//   @group(0) @binding(0)  csr     : CsrMatrix   storage, read        header + row_ptr
//   @group(0) @binding(1)  col_idx : array<u32>  storage, read        nnz column indices
//   @group(0) @binding(2)  vals    : array<f32>  storage, read        nnz values
//   @group(0) @binding(3)  x       : array<f32>  storage, read        num_cols entries
//   @group(0) @binding(4)  y       : array<f32>  storage, read_write  num_rows entries
//
// CsrMatrix layout (bytes): num_rows 0, num_cols 4, nnz 8, row_ptr at 16
// (@align(16)), num_rows + 1 u32 entries; row r owns entries row_ptr[r] ..
// row_ptr[r+1]-1 of col_idx/vals.
// Malformed input is tolerated, never read out of bounds: row ranges are clamped to
// nnz and to the bound array lengths, and entries whose column is >= num_cols are
// skipped (`continue`).
// Workgroup size: 64. Dispatch: ceil(num_rows / 64) x 1 x 1.
// Summation is sequential within a row, so results are deterministic.
//
// Exercises: runtime-sized array as the last member of a struct with an explicit
// @align, arrayLength(&csr.row_ptr), `let` pointers with nested template types
// (ptr<storage, array<u32>, read>), explicit dereference `(*p)[i]`, `continue`
// in a for loop (jumps to the update), min chains.

struct CsrMatrix {
  num_rows: u32,
  num_cols: u32,
  nnz: u32,
  @align(16) row_ptr: array<u32>,
}

@group(0) @binding(0) var<storage, read> csr: CsrMatrix;
@group(0) @binding(1) var<storage, read> col_idx: array<u32>;
@group(0) @binding(2) var<storage, read> vals: array<f32>;
@group(0) @binding(3) var<storage, read> x: array<f32>;
@group(0) @binding(4) var<storage, read_write> y: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let row = gid.x;
  if (row >= csr.num_rows || row >= arrayLength(&y) || row + 1u >= arrayLength(&csr.row_ptr)) {
    return;
  }

  let cols: ptr<storage, array<u32>, read> = &col_idx;
  let num_cols = min(csr.num_cols, arrayLength(&x));
  let nnz = min(csr.nnz, min(arrayLength(cols), arrayLength(&vals)));
  let start = min(csr.row_ptr[row], nnz);
  let end = min(csr.row_ptr[row + 1u], nnz);

  var acc = 0.0f;
  for (var k = start; k < end; k++) {
    let c = (*cols)[k];
    if (c >= num_cols) {
      continue;
    }
    acc += vals[k] * x[c];
  }
  y[row] = acc;
}
