// scan_add_offsets.wgsl -- the "propagate" pass of a scan-then-propagate pipeline:
// adds the scanned total of all earlier tiles to every element of a tile.
//
// Bindings:
//   @group(0) @binding(0)  data    : array<u32>  storage, read_write  per-tile exclusive scans (updated in place)
//   @group(0) @binding(1)  offsets : array<u32>  storage, read        exclusive scan of the tile totals
//
// data[i] += offsets[i / tile] (wrapping). Override `tile` (@id(0), default 512)
// must match the tile size of the pass that produced the per-tile scans
// (scan_blelloch_workgroup.wgsl: 512).
// Workgroup size: 256. Dispatch: ceil(len(data) / 256) x 1 x 1.
// Pipeline (seed 003, "scan-then-propagate"): scan_blelloch_workgroup over the data
// (per-tile scans + tile totals), scan_blelloch_workgroup over the tile totals
// (at most 512 tiles), then this pass: data becomes the exclusive scan of the input.

@id(0) override tile: u32 = 512u;

@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@group(0) @binding(1) var<storage, read> offsets: array<u32>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i >= arrayLength(&data)) {
    return;
  }
  let t = i / tile;
  if (t < arrayLength(&offsets)) {
    data[i] += offsets[t];
  }
}
