// indirect_dispatch.wgsl -- GPU-driven work sizes: one pass turns an element count
// computed on the GPU into indirect dispatch arguments, the next pass is dispatched
// with dispatch_indirect and processes exactly that many elements. Used at the end
// of the stream-compaction pipeline (count / scan / scatter / size / process).
//
// Entry points (each uses a subset of the bindings):
//   size_dispatch  (1 x 1 x 1 workgroup of 1): indirect = (ceil(count / 64), 1, 1)
//   process        (indirect dispatch, workgroup size 64): data[i] = 2 * data[i] + 1
//                  for i < count
//
// Bindings:
//   @group(0) @binding(0)  count    : array<u32>        storage, read        count[0] = number of elements
//   @group(0) @binding(1)  indirect : array<u32>        storage, read_write  3 words: workgroup counts x, y, z (size_dispatch)
//   @group(0) @binding(2)  data     : array<u32>        storage, read_write  elements to process (process)
//
// The indirect buffer must also be usable as a storage buffer (WebGPU usage
// STORAGE | INDIRECT). Deterministic.
// Exercises: two entry points with different workgroup sizes in one module,
// dispatch_indirect, a grid guard from a count read at run time.

const WG: u32 = 64u;

@group(0) @binding(0) var<storage, read> count: array<u32>;
@group(0) @binding(1) var<storage, read_write> indirect: array<u32>;
@group(0) @binding(2) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(1)
fn size_dispatch() {
  let c = count[0];
  indirect[0] = (c + WG - 1u) / WG;
  indirect[1] = 1u;
  indirect[2] = 1u;
}

@compute @workgroup_size(WG)
fn process(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i < count[0] && i < arrayLength(&data)) {
    data[i] = 2u * data[i] + 1u;
  }
}
