// triton_style_atomics.wgsl -- scatter-reductions with atomics the way the Triton
// translator emits them (seed 002): `tl.atomic_add` on an f32 buffer becomes a
// compare-exchange loop on its bits (WGSL has no float atomics; the buffer is
// declared array<atomic<i32>> and reinterpreted with bitcast), `tl.atomic_max` /
// `tl.atomic_min` on i32 map to atomicMax / atomicMin directly.
//
// Triton program:
//   offs = pid * 256 + tl.arange(0, 256); mask = offs < n
//   idx = tl.load(idx_ptr + offs, mask); v = tl.load(val_ptr + offs, mask)
//   tl.atomic_add(sum_ptr + idx, v.to(f32), mask); tl.atomic_max(max_ptr + idx, v, mask)
//   tl.atomic_min(min_ptr + idx, v, mask)
//
// Bindings:
//   @group(0) @binding(0)  idx_ptr : array<i32>          storage, read        bucket per element (0 <= idx < buckets)
//   @group(0) @binding(1)  val_ptr : array<i32>          storage, read        values
//   @group(0) @binding(2)  sum_ptr : array<atomic<i32>>  storage, read_write  f32 bits, accumulated
//   @group(0) @binding(3)  max_ptr : array<atomic<i32>>  storage, read_write  accumulated max
//   @group(0) @binding(4)  min_ptr : array<atomic<i32>>  storage, read_write  accumulated min
//   @group(0) @binding(5)  _params : _Params             uniform              n (i32)
//
// Workgroup size: 256 (num_warps = 8). Dispatch: ceil(n / 256) x 1 x 1.
// Results: float sums depend on the order of the additions in general; with
// integer values and totals below 2^24 (as in the spec) every order gives the same
// exact sum. Max and min are order-independent.
// Exercises: CAS loop on bitcast f32 data, atomicMax/atomicMin on i32 (signed
// order), masked atomics under `if (mask)`.

struct _Params {
  n: i32,
}

@group(0) @binding(0) var<storage, read> idx_ptr: array<i32>;
@group(0) @binding(1) var<storage, read> val_ptr: array<i32>;
@group(0) @binding(2) var<storage, read_write> sum_ptr: array<atomic<i32>>;
@group(0) @binding(3) var<storage, read_write> max_ptr: array<atomic<i32>>;
@group(0) @binding(4) var<storage, read_write> min_ptr: array<atomic<i32>>;
@group(0) @binding(5) var<uniform> _params: _Params;

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) _wid: vec3<u32>,
        @builtin(local_invocation_id) _lid: vec3<u32>) {
  let v0: i32 = i32(_wid.x) * 256 + i32(_lid.x);
  let v1: bool = v0 < _params.n;
  if (v1) {
    let v2: i32 = idx_ptr[v0];
    let v3: i32 = val_ptr[v0];
    let v4: f32 = f32(v3);
    // atomicrmw fadd -> CAS loop
    var v5: i32 = atomicLoad(&sum_ptr[v2]);
    loop {
      let v6: i32 = bitcast<i32>(bitcast<f32>(v5) + v4);
      let v7 = atomicCompareExchangeWeak(&sum_ptr[v2], v5, v6);
      if (v7.exchanged) {
        break;
      }
      v5 = v7.old_value;
    }
    atomicMax(&max_ptr[v2], v3);
    atomicMin(&min_ptr[v2], v3);
  }
}
