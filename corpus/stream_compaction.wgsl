// stream_compaction.wgsl -- order-preserving stream compaction (filter) of u32 values:
// dst receives, in input order, every src[i] with src[i] >= threshold.
//
// Bindings:
//   @group(0) @binding(0)  params        : CompactParams  uniform             threshold, n
//   @group(0) @binding(1)  src           : array<u32>     storage, read       input
//   @group(0) @binding(2)  block_offsets : array<u32>     storage, read       exclusive scan of block_counts
//   @group(0) @binding(3)  dst           : array<u32>     storage, read_write compacted output
//   @group(0) @binding(4)  block_counts  : array<u32>     storage, read_write kept elements per block
//
// Workgroup size: 128 (const WG); block b is src[b * 128 .. b * 128 + 127].
// Dispatch: ceil(n / 128) x 1 x 1, twice (the usual count / scan / scatter pipeline):
//   pass 1 with block_offsets all zero and a scratch dst: only block_counts matters;
//   host (or scan_blelloch_workgroup.wgsl) computes block_offsets = exclusive scan
//   of block_counts;
//   pass 2 with the real block_offsets: dst[0 .. total-1] is the compacted stream.
// Within a block, positions come from a Hillis-Steele scan of the keep flags in
// workgroup memory, so the output order is the input order and the result does not
// depend on scheduling. Writes past the end of dst are dropped (checked).
//
// Exercises: `let` of type ptr<storage, array<u32>, read_write> (nested template
// list) and arrayLength through it, select(f, t, cond) on a bool, `&&` mixing a
// range check and a comparison, barrier pairs inside a scan loop.

struct CompactParams {
  threshold: u32,
  n: u32,
}

const WG: u32 = 128u;

@group(0) @binding(0) var<uniform> params: CompactParams;
@group(0) @binding(1) var<storage, read> src: array<u32>;
@group(0) @binding(2) var<storage, read> block_offsets: array<u32>;
@group(0) @binding(3) var<storage, read_write> dst: array<u32>;
@group(0) @binding(4) var<storage, read_write> block_counts: array<u32>;

var<workgroup> flag_scan: array<u32, WG>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lidx: u32,
        @builtin(workgroup_id) wid: vec3<u32>) {
  let i = wid.x * WG + lidx;
  let in_range = i < params.n && i < arrayLength(&src);
  var v = 0u;
  if (in_range) {
    v = src[i];
  }
  let keep = in_range && v >= params.threshold;
  let flag = select(0u, 1u, keep);

  // Inclusive scan of the keep flags.
  flag_scan[lidx] = flag;
  workgroupBarrier();
  for (var off = 1u; off < WG; off <<= 1u) {
    var t = flag_scan[lidx];
    if (lidx >= off) {
      t += flag_scan[lidx - off];
    }
    workgroupBarrier();
    flag_scan[lidx] = t;
    workgroupBarrier();
  }
  let local_pos = flag_scan[lidx] - flag;
  let count = flag_scan[WG - 1u];

  if (lidx == 0u && wid.x < arrayLength(&block_counts)) {
    block_counts[wid.x] = count;
  }

  let dst_view: ptr<storage, array<u32>, read_write> = &dst;
  if (keep && wid.x < arrayLength(&block_offsets)) {
    let pos = block_offsets[wid.x] + local_pos;
    if (pos < arrayLength(dst_view)) {
      (*dst_view)[pos] = v;
    }
  }
}
