// triton_style_softmax.wgsl -- row-wise numerically stable softmax, written in the
// style of the WGSL that Triton's LLVM-IR-to-WGSL translator emits (seed 002):
// flat storage arrays, explicit i32 index arithmetic, SSA-like value names (v0, v1,
// ...), scalar kernel arguments in a uniform struct, `_wid`/`_lid` built-ins, and
// the shared-memory fallback for subgroup shuffles (`_shfl[_lid.x] = val;
// workgroupBarrier(); result = _shfl[_lid.x ^ mask]; workgroupBarrier();`) used when
// the adapter has no subgroup support.
//
// Triton program:  y[row, :] = exp(x[row, :] - max(x[row, :])) / sum(exp(x[row, :] - max))
// with BLOCK_SIZE = 1024 >= n_cols and num_warps = 4 (128 invocations, 8 columns
// each, strided by 128 as tl.arange lays them out).
//
// Bindings:
//   @group(0) @binding(0)  input_ptr  : array<f32>        storage, read        n_rows x input_row_stride
//   @group(0) @binding(1)  output_ptr : array<f32>        storage, read_write  n_rows x output_row_stride
//   @group(0) @binding(2)  _params    : _Params           uniform              i32 scalars, see struct
//   @group(0) @binding(3)  row_stats  : array<vec2<f32>>  storage, read_write  (row max, row sum) per row
//
// Workgroup size: 128. Dispatch: n_rows x 1 x 1 (one workgroup per row; extra
// workgroups exit at once). n_cols must be in 1..1024.
// Masked loads use other = lowest finite f32 (Triton uses -inf; a const-expression
// cannot be infinite in WGSL), written as the hex float -0x1.fffffep+127f. The
// translator emits `select(other, loaded, mask)` for masked loads, which reads
// out of bounds when the mask is false; this kernel guards the load with `if`
// instead so that it is free of out-of-bounds accesses.
// All 128 invocations end the butterfly reductions with bit-identical values (f32
// max and + are commutative), so every store is deterministic.
// Scalar stores of reduction results are guarded with `if (_lid.x == 0u)` (the
// translator's "uniform store detection", seed 002).
//
// Exercises: an early `return` in *uniform* control flow (it depends only on
// workgroup_id and a uniform buffer) followed by barriers, a user function with
// barriers called inside a loop and inside another call's arguments, bitcast
// f32 <-> i32, hex float literal, exp, max, i32 loop counters, const_assert with a
// conversion, a bool `let` holding a `<` comparison.

struct _Params {
  n_rows: i32,
  n_cols: i32,
  input_row_stride: i32,
  output_row_stride: i32,
}

const BLOCK_SIZE: i32 = 1024;
const NUM_THREADS: u32 = 128u;
const ELEMS_PER_THREAD: i32 = 8;
const_assert BLOCK_SIZE == ELEMS_PER_THREAD * i32(NUM_THREADS);
const NEG_INF_F32: f32 = -0x1.fffffep+127f;

@group(0) @binding(0) var<storage, read> input_ptr: array<f32>;
@group(0) @binding(1) var<storage, read_write> output_ptr: array<f32>;
@group(0) @binding(2) var<uniform> _params: _Params;
@group(0) @binding(3) var<storage, read_write> row_stats: array<vec2<f32>>;

var<workgroup> _shfl: array<i32, NUM_THREADS>;

// Shared-memory emulation of subgroupShuffleXor across the whole workgroup.
// Must be called by all invocations in uniform control flow.
fn _shfl_xor_f32(v: f32, lid: u32, mask: u32) -> f32 {
  _shfl[lid] = bitcast<i32>(v);
  workgroupBarrier();
  let r = bitcast<f32>(_shfl[lid ^ mask]);
  workgroupBarrier();
  return r;
}

@compute @workgroup_size(128)
fn main(@builtin(workgroup_id) _wid: vec3<u32>,
        @builtin(local_invocation_id) _lid: vec3<u32>) {
  let v0: i32 = i32(_wid.x);
  if (v0 >= _params.n_rows) {
    return;
  }
  let v1: i32 = v0 * _params.input_row_stride;
  let v2: i32 = i32(_lid.x);

  // x = tl.load(row_ptr + offs, mask=offs < n_cols, other=-inf); m = tl.max(x)
  var v3: array<f32, ELEMS_PER_THREAD>;
  var v4: f32 = NEG_INF_F32;
  for (var v5: i32 = 0; v5 < ELEMS_PER_THREAD; v5 += 1) {
    let v6: i32 = v5 * i32(NUM_THREADS) + v2;
    let v7: bool = v6 < _params.n_cols;
    var v8: f32 = NEG_INF_F32;
    if (v7) {
      v8 = input_ptr[v1 + v6];
    }
    v3[v5] = v8;
    v4 = max(v4, v8);
  }
  for (var v9: u32 = NUM_THREADS >> 1u; v9 > 0u; v9 = v9 >> 1u) {
    v4 = max(v4, _shfl_xor_f32(v4, _lid.x, v9));
  }

  // e = exp(x - m) on valid columns; s = tl.sum(e)
  var v10: f32 = 0.0;
  for (var v5: i32 = 0; v5 < ELEMS_PER_THREAD; v5 += 1) {
    let v6: i32 = v5 * i32(NUM_THREADS) + v2;
    var v11: f32 = 0.0;
    if (v6 < _params.n_cols) {
      v11 = exp(v3[v5] - v4);
    }
    v3[v5] = v11;
    v10 = v10 + v11;
  }
  for (var v9: u32 = NUM_THREADS >> 1u; v9 > 0u; v9 = v9 >> 1u) {
    v10 = v10 + _shfl_xor_f32(v10, _lid.x, v9);
  }

  // tl.store(out_row_ptr + offs, e / s, mask=offs < n_cols)
  let v12: i32 = v0 * _params.output_row_stride;
  for (var v5: i32 = 0; v5 < ELEMS_PER_THREAD; v5 += 1) {
    let v6: i32 = v5 * i32(NUM_THREADS) + v2;
    if (v6 < _params.n_cols) {
      output_ptr[v12 + v6] = v3[v5] / v10;
    }
  }
  if (_lid.x == 0u) {
    row_stats[_wid.x] = vec2<f32>(v4, v10);
  }
}
