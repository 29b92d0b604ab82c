// triton_style_layernorm.wgsl -- fused layer normalisation in the style of the
// Triton translator's loop-based kernels (seed 002): one program (workgroup) per
// row, BLOCK = 128 columns per loop iteration, num_warps = 4, and cross-warp
// reductions through shared memory, Triton's two-stage pattern:
//   stage 1: butterfly within each 32-wide warp (xor masks 16, 8, 4, 2, 1), here
//            with the translator's shared-memory shuffle fallback (_shfl), so the
//            result does not depend on the hardware subgroup size;
//   stage 2: lane 0 of each warp writes its partial to _smem[warp], barrier, and
//            every invocation reads the 4 partials back (same order everywhere).
//
// Triton program (per row):
//   mean = sum(x) / N;  var = sum((x - mean)^2) / N;  rstd = 1 / sqrt(var + eps)
//   y = (x - mean) * rstd * w + b;  Mean[row] = mean;  Rstd[row] = rstd
//
// Bindings:
//   @group(0) @binding(0)  X       : array<f32>  storage, read        n_rows x stride
//   @group(0) @binding(1)  Y       : array<f32>  storage, read_write  n_rows x stride (columns >= N untouched)
//   @group(0) @binding(2)  W       : array<f32>  storage, read        N weights
//   @group(0) @binding(3)  B       : array<f32>  storage, read        N biases
//   @group(0) @binding(4)  Mean    : array<f32>  storage, read_write  n_rows
//   @group(0) @binding(5)  Rstd    : array<f32>  storage, read_write  n_rows
//   @group(0) @binding(6)  _params : _Params     uniform              stride (i32), N (i32), eps (f32)
//
// Workgroup size: 128. Dispatch: n_rows x 1 x 1. Results agree with a
// double-precision reference within the tolerance of the f32 operations used
// (division 2.5 ULP, sqrt, reassociated sums).
// Exercises: two-stage reductions with barriers inside a helper called in uniform
// control flow, bitcast f32 <-> i32 through an i32 shared buffer (as the
// translator's `_smem: array<i32, N>`), uniform stores guarded by `_lid.x == 0u`.

struct _Params {
  stride: i32,
  N: i32,
  eps: f32,
}

const BLOCK: i32 = 128;
const WARP: u32 = 32u;
const NUM_WARPS: u32 = 4u;

@group(0) @binding(0) var<storage, read> X: array<f32>;
@group(0) @binding(1) var<storage, read_write> Y: array<f32>;
@group(0) @binding(2) var<storage, read> W: array<f32>;
@group(0) @binding(3) var<storage, read> B: array<f32>;
@group(0) @binding(4) var<storage, read_write> Mean: array<f32>;
@group(0) @binding(5) var<storage, read_write> Rstd: array<f32>;
@group(0) @binding(6) var<uniform> _params: _Params;

var<workgroup> _shfl: array<i32, 128>;
var<workgroup> _smem: array<i32, NUM_WARPS>;

fn _shfl_xor(v: f32, lid: u32, mask: u32) -> f32 {
  _shfl[lid] = bitcast<i32>(v);
  workgroupBarrier();
  let r = bitcast<f32>(_shfl[lid ^ mask]);
  workgroupBarrier();
  return r;
}

// tl.sum over the whole program: warp butterfly, then across warps via _smem.
fn _block_sum(v: f32, lid: u32) -> f32 {
  var acc = v;
  for (var mask = WARP >> 1u; mask > 0u; mask >>= 1u) {
    acc = acc + _shfl_xor(acc, lid, mask);
  }
  if (lid % WARP == 0u) {
    _smem[lid / WARP] = bitcast<i32>(acc);
  }
  workgroupBarrier();
  var total = 0.0f;
  for (var w = 0u; w < NUM_WARPS; w++) {
    total = total + bitcast<f32>(_smem[w]);
  }
  workgroupBarrier();
  return total;
}

@compute @workgroup_size(128)
fn main(@builtin(workgroup_id) _wid: vec3<u32>,
        @builtin(local_invocation_id) _lid: vec3<u32>) {
  let v0: i32 = i32(_wid.x) * _params.stride;
  let v1: i32 = i32(_lid.x);
  let v2: f32 = f32(_params.N);

  var v3: f32 = 0.0;
  for (var v4: i32 = 0; v4 < _params.N; v4 += BLOCK) {
    let v5: i32 = v4 + v1;
    if (v5 < _params.N) {
      v3 = v3 + X[v0 + v5];
    }
  }
  let v6: f32 = _block_sum(v3, _lid.x) / v2;

  var v7: f32 = 0.0;
  for (var v4: i32 = 0; v4 < _params.N; v4 += BLOCK) {
    let v5: i32 = v4 + v1;
    if (v5 < _params.N) {
      let v8: f32 = X[v0 + v5] - v6;
      v7 = v7 + v8 * v8;
    }
  }
  let v9: f32 = _block_sum(v7, _lid.x) / v2;
  let v10: f32 = 1.0 / sqrt(v9 + _params.eps);

  for (var v4: i32 = 0; v4 < _params.N; v4 += BLOCK) {
    let v5: i32 = v4 + v1;
    if (v5 < _params.N) {
      Y[v0 + v5] = (X[v0 + v5] - v6) * v10 * W[v5] + B[v5];
    }
  }
  if (_lid.x == 0u) {
    Mean[_wid.x] = v6;
    Rstd[_wid.x] = v10;
  }
}
