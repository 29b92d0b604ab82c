// scan_blelloch_workgroup.wgsl -- work-efficient (Blelloch) exclusive prefix sum of
// u32 values within each workgroup tile, plus the tile totals.
//
// Bindings:
//   @group(0) @binding(0)  input      : array<u32>  storage, read        values
//   @group(0) @binding(1)  output     : array<u32>  storage, read_write  exclusive scan per tile
//   @group(0) @binding(2)  block_sums : array<u32>  storage, read_write  total of each tile
//
// Workgroup size: 256 (const WG); each invocation owns 2 elements, so a tile is
// TILE = 512 consecutive elements. Elements past the end of input count as 0.
// Dispatch: ceil(n / 512) x 1 x 1; block_sums needs one slot per workgroup.
// output[i] = sum of input[tile_start .. i-1] (wrapping u32). Scanning block_sums
// and adding it back per tile gives a full-array scan (the classic
// scan-then-propagate pipeline from seed 003).
//
// Algorithm: up-sweep (reduce) then down-sweep over a balanced binary tree in
// workgroup memory, 2 * log2(TILE) barrier-separated steps.
//
// Exercises: for loops with `>>=` / `<<=` updates and barriers at the top of the
// body, `offset` carried across loops, `d < TILE` comparisons directly before `;`.

const WG: u32 = 256u;
const TILE: u32 = 2u * WG;

@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;
@group(0) @binding(2) var<storage, read_write> block_sums: array<u32>;

var<workgroup> temp: array<u32, TILE>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_id) lid: vec3<u32>,
        @builtin(workgroup_id) wid: vec3<u32>) {
  let n = arrayLength(&input);
  let base = wid.x * TILE;
  let ai = lid.x;
  let bi = lid.x + WG;

  var va = 0u;
  var vb = 0u;
  if (base + ai < n) {
    va = input[base + ai];
  }
  if (base + bi < n) {
    vb = input[base + bi];
  }
  temp[ai] = va;
  temp[bi] = vb;

  // Up-sweep: build partial sums in place.
  var offset = 1u;
  for (var d = TILE >> 1u; d > 0u; d >>= 1u) {
    workgroupBarrier();
    if (lid.x < d) {
      let i = offset * (2u * lid.x + 1u) - 1u;
      let j = offset * (2u * lid.x + 2u) - 1u;
      temp[j] += temp[i];
    }
    offset <<= 1u;
  }

  // The root holds the tile total; replace it by the identity.
  workgroupBarrier();
  if (lid.x == 0u) {
    block_sums[wid.x] = temp[TILE - 1u];
    temp[TILE - 1u] = 0u;
  }

  // Down-sweep: push prefixes back down the tree.
  for (var d = 1u; d < TILE; d <<= 1u) {
    offset >>= 1u;
    workgroupBarrier();
    if (lid.x < d) {
      let i = offset * (2u * lid.x + 1u) - 1u;
      let j = offset * (2u * lid.x + 2u) - 1u;
      let t = temp[i];
      temp[i] = temp[j];
      temp[j] += t;
    }
  }
  workgroupBarrier();

  if (base + ai < n) {
    output[base + ai] = temp[ai];
  }
  if (base + bi < n) {
    output[base + bi] = temp[bi];
  }
}
