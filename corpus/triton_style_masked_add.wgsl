// triton_style_masked_add.wgsl -- Triton's tutorial vector add as the Triton
// LLVM-to-WGSL translator emits it (seed 002): BLOCK_SIZE = 1024, num_warps = 4
// (128 invocations, 8 elements each at offsets lid + 128 * k, the tl.arange
// layout), scalar arguments in a uniform struct, masked loads and a masked store.
//
// Triton program:
//   pid = tl.program_id(0); offs = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
//   mask = offs < n_elements
//   x = tl.load(x_ptr + offs, mask=mask, other=0.0); y = tl.load(y_ptr + offs, mask=mask, other=0.0)
//   tl.store(out_ptr + offs, x + y * alpha, mask=mask)
// Masked load: the translator emits `select(other, loaded, mask)`; here the load
// index is clamped into the buffer first (v9 = min(v6, n_elements - 1)), so even
// masked-off lanes never read out of bounds. Masked store: `if (mask) { ... }`.
//
// Bindings:
//   @group(0) @binding(0)  x_ptr   : array<f32>  storage, read        n_elements (+ padding)
//   @group(0) @binding(1)  y_ptr   : array<f32>  storage, read
//   @group(0) @binding(2)  out_ptr : array<f32>  storage, read_write  elements past n_elements untouched
//   @group(0) @binding(3)  _params : _Params     uniform              n_elements (i32), alpha (f32)
//
// Workgroup size: 128. Dispatch: ceil(n_elements / 1024) x 1 x 1. n_elements >= 1.
// Exercises: i32 index arithmetic, select on f32 with a bool mask, loop over the
// per-thread elements with `v5 += 1`, guarded stores.

struct _Params {
  n_elements: i32,
  alpha: f32,
}

const BLOCK_SIZE: i32 = 1024;
const NUM_THREADS: i32 = 128;

@group(0) @binding(0) var<storage, read> x_ptr: array<f32>;
@group(0) @binding(1) var<storage, read> y_ptr: array<f32>;
@group(0) @binding(2) var<storage, read_write> out_ptr: array<f32>;
@group(0) @binding(3) var<uniform> _params: _Params;

@compute @workgroup_size(128)
fn main(@builtin(workgroup_id) _wid: vec3<u32>,
        @builtin(local_invocation_id) _lid: vec3<u32>) {
  let v0: i32 = i32(_wid.x);
  let v1: i32 = v0 * BLOCK_SIZE;
  let v2: i32 = i32(_lid.x);
  let v3: i32 = _params.n_elements;
  for (var v5: i32 = 0; v5 < BLOCK_SIZE / NUM_THREADS; v5 += 1) {
    let v6: i32 = v1 + v5 * NUM_THREADS + v2;
    let v7: bool = v6 < v3;
    let v9: i32 = min(v6, v3 - 1);
    let v10: f32 = select(0.0f, x_ptr[v9], v7);
    let v11: f32 = select(0.0f, y_ptr[v9], v7);
    let v12: f32 = v10 + v11 * _params.alpha;
    if (v7) {
      out_ptr[v6] = v12;
    }
  }
}
