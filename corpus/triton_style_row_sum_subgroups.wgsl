// triton_style_row_sum_subgroups.wgsl -- per-row i32 sum and max (tl.sum, tl.max)
// with the Triton translator's *native subgroup* path (seed 002): intra-warp
// butterflies with subgroupShuffleXor (masks 16, 8, 4, 2, 1), then a cross-warp
// stage through shared memory. Like Triton's output, it assumes warp_size = 32:
// warp = lid / 32 must equal the hardware subgroup (subgroup k = invocations
// 32k .. 32k + 31, as on common hardware and in wgslemu). Run it with subgroup size 32
// (spec option "subgroup_size": 32); other sizes give wrong sums, the silent
// failure mode seed 002 describes for mismatched warp settings.
//
// Bindings:
//   @group(0) @binding(0)  X       : array<i32>        storage, read        n_rows x n_cols
//   @group(0) @binding(1)  out     : array<vec2<i32>>  storage, read_write  (sum, max) per row
//   @group(0) @binding(2)  _params : _Params           uniform              n_rows, n_cols (i32)
//
// Workgroup size: 128 (num_warps = 4). Dispatch: n_rows x 1 x 1. n_cols <= 1024
// (BLOCK_SIZE = 1024: 8 elements per invocation). Sums wrap modulo 2^32.
// Cross-warp stage: lane 0 of warp w stores to _smem[w]; after a barrier every
// invocation loads _smem[lid % 4] and a second butterfly with masks 2 and 1
// combines the four partials (all invocations take part, so every subgroup
// operation is in uniform control flow).
// Exercises: `enable subgroups;`, subgroupShuffleXor on i32, workgroup array of i32,
// i32 max/min identities, vec2<i32> stores guarded by `_lid.x == 0u`.

enable subgroups;

struct _Params {
  n_rows: i32,
  n_cols: i32,
}

const NUM_WARPS: u32 = 4u;
const I32_MIN: i32 = -2147483647 - 1;

@group(0) @binding(0) var<storage, read> X: array<i32>;
@group(0) @binding(1) var<storage, read_write> out: array<vec2<i32>>;
@group(0) @binding(2) var<uniform> _params: _Params;

var<workgroup> _smem_sum: array<i32, NUM_WARPS>;
var<workgroup> _smem_max: array<i32, NUM_WARPS>;

@compute @workgroup_size(128)
fn main(@builtin(workgroup_id) _wid: vec3<u32>,
        @builtin(local_invocation_id) _lid: vec3<u32>) {
  let v0: i32 = i32(_wid.x);
  let v1: i32 = v0 * _params.n_cols;
  var v2: i32 = 0;
  var v3: i32 = I32_MIN;
  for (var v4: i32 = 0; v4 < 8; v4 += 1) {
    let v5: i32 = v4 * 128 + i32(_lid.x);
    if (v5 < _params.n_cols && v0 < _params.n_rows) {
      let v6: i32 = X[v1 + v5];
      v2 = v2 + v6;
      v3 = max(v3, v6);
    }
  }
  for (var v7: u32 = 16u; v7 > 0u; v7 = v7 >> 1u) {
    v2 = v2 + subgroupShuffleXor(v2, v7);
    v3 = max(v3, subgroupShuffleXor(v3, v7));
  }
  if (_lid.x % 32u == 0u) {
    _smem_sum[_lid.x / 32u] = v2;
    _smem_max[_lid.x / 32u] = v3;
  }
  workgroupBarrier();
  var v8: i32 = _smem_sum[_lid.x % NUM_WARPS];
  var v9: i32 = _smem_max[_lid.x % NUM_WARPS];
  for (var v7: u32 = NUM_WARPS >> 1u; v7 > 0u; v7 = v7 >> 1u) {
    v8 = v8 + subgroupShuffleXor(v8, v7);
    v9 = max(v9, subgroupShuffleXor(v9, v7));
  }
  if (_lid.x == 0u && v0 < _params.n_rows) {
    out[_wid.x] = vec2<i32>(v8, v9);
  }
}
