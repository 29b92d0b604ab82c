// matmul_naive.wgsl -- C = A * B for row-major f32 matrices, one output element per
// invocation, no data reuse (the baseline for matmul_tiled.wgsl).
//
// Bindings:
//   @group(0) @binding(0)  dims : Dims        uniform             M, N, K (and padding)
//   @group(0) @binding(1)  A    : array<f32>  storage, read       M x K, row-major
//   @group(0) @binding(2)  B    : array<f32>  storage, read       K x N, row-major
//   @group(0) @binding(3)  C    : array<f32>  storage, read_write M x N, row-major
//
// Workgroup size: 8 x 8. Dispatch: ceil(N / 8) x ceil(M / 8) x 1
// (x covers columns, y covers rows). Invocations outside C return early.
// Summation order over k is sequential (k = 0, 1, ...), so the result is the
// straightforward dot product; compare with matmul_tiled under the `fma` float mode.
//
// Exercises: entry-point parameter that is a struct of built-in inputs, uniform
// struct with explicit padding member, row/column index math, `||` in an early-exit
// condition.

struct Dims {
  M: u32,
  N: u32,
  K: u32,
  _pad: u32,
}

struct ComputeInputs {
  @builtin(global_invocation_id) gid: vec3<u32>,
  @builtin(local_invocation_index) lidx: u32,
}

@group(0) @binding(0) var<uniform> dims: Dims;
@group(0) @binding(1) var<storage, read> A: array<f32>;
@group(0) @binding(2) var<storage, read> B: array<f32>;
@group(0) @binding(3) var<storage, read_write> C: array<f32>;

@compute @workgroup_size(8, 8)
fn main(inputs: ComputeInputs) {
  let row = inputs.gid.y;
  let col = inputs.gid.x;
  if (row >= dims.M || col >= dims.N) {
    return;
  }
  var acc = 0.0;
  for (var k = 0u; k < dims.K; k++) {
    acc += A[row * dims.K + k] * B[k * dims.N + col];
  }
  C[row * dims.N + col] = acc;
}
