// scan_reduce_then_scan.wgsl -- inclusive prefix sum of u32 values (wrapping) in
// three passes, the classic "reduce-then-scan" (seed 003):
//   1. `reduce_tiles`: each workgroup sums its tile into tile_sums[wid];
//   2. `scan_spine`:   one workgroup turns tile_sums into their exclusive scan,
//                      in place (at most WG * items tiles);
//   3. `scan_tiles`:   each workgroup scans its tile again and adds tile_sums[wid].
// Reading the input twice is the price for never holding a tile across passes.
//
// Bindings (one module, three entry points; each uses a subset):
//   @group(0) @binding(0)  scan_in   : array<u32>  storage, read        values         (1, 3)
//   @group(0) @binding(1)  tile_sums : array<u32>  storage, read_write  one per tile   (1, 2, 3)
//   @group(0) @binding(2)  scan_out  : array<u32>  storage, read_write  inclusive scan (3)
//
// Workgroup size: 128 (const WG). Override `items` (@id(1), default 4): consecutive
// elements per invocation, so a tile is TILE = 128 * items elements; all three
// passes must use the same value. Dispatch: passes 1 and 3: ceil(n / TILE) x 1 x 1;
// pass 2: 1 x 1 x 1. tile_sums needs exactly ceil(n / TILE) slots (its length is
// the tile count). Elements past n count as 0. Deterministic.
//
// Exercises: several entry points in one module sharing declarations, an override
// used in arithmetic by all of them, a user function with barriers (the workgroup
// scan) called from three entry points, function-scope arrays sized by a const.

const WG: u32 = 128u;
const MAX_ITEMS: u32 = 16u;

@id(1) override items: u32 = 4u;

@group(0) @binding(0) var<storage, read> scan_in: array<u32>;
@group(0) @binding(1) var<storage, read_write> tile_sums: array<u32>;
@group(0) @binding(2) var<storage, read_write> scan_out: array<u32>;

var<workgroup> scratch: array<u32, WG>;

// Exclusive scan of one value per invocation across the workgroup (Hillis-Steele,
// then subtract). Call from uniform control flow. Also returns the total through
// `total`.
fn workgroup_exclusive_scan(v: u32, lidx: u32, total: ptr<function, u32>) -> u32 {
  workgroupBarrier();
  scratch[lidx] = v;
  workgroupBarrier();
  for (var off = 1u; off < WG; off <<= 1u) {
    var t = scratch[lidx];
    if (lidx >= off) {
      t += scratch[lidx - off];
    }
    workgroupBarrier();
    scratch[lidx] = t;
    workgroupBarrier();
  }
  *total = scratch[WG - 1u];
  return scratch[lidx] - v;
}

fn load_in(i: u32) -> u32 {
  if (i < arrayLength(&scan_in)) {
    return scan_in[i];
  }
  return 0u;
}

@compute @workgroup_size(WG)
fn reduce_tiles(@builtin(local_invocation_index) lidx: u32,
                @builtin(workgroup_id) wid: vec3<u32>) {
  let first = (wid.x * WG + lidx) * items;
  var sum = 0u;
  for (var k = 0u; k < items; k++) {
    sum += load_in(first + k);
  }
  var total = 0u;
  _ = workgroup_exclusive_scan(sum, lidx, &total);
  if (lidx == 0u) {
    tile_sums[wid.x] = total;
  }
}

@compute @workgroup_size(WG)
fn scan_spine(@builtin(local_invocation_index) lidx: u32) {
  let tiles = arrayLength(&tile_sums);
  let first = lidx * items;
  var vals: array<u32, MAX_ITEMS>;
  var sum = 0u;
  for (var k = 0u; k < min(items, MAX_ITEMS); k++) {
    var v = 0u;
    if (first + k < tiles) {
      v = tile_sums[first + k];
    }
    vals[k] = v;
    sum += v;
  }
  var total = 0u;
  var running = workgroup_exclusive_scan(sum, lidx, &total);
  for (var k = 0u; k < min(items, MAX_ITEMS); k++) {
    if (first + k < tiles) {
      tile_sums[first + k] = running;
    }
    running += vals[k];
  }
}

@compute @workgroup_size(WG)
fn scan_tiles(@builtin(local_invocation_index) lidx: u32,
              @builtin(workgroup_id) wid: vec3<u32>) {
  let n = arrayLength(&scan_in);
  let first = (wid.x * WG + lidx) * items;
  var sum = 0u;
  for (var k = 0u; k < items; k++) {
    sum += load_in(first + k);
  }
  var total = 0u;
  var running = tile_sums[wid.x] + workgroup_exclusive_scan(sum, lidx, &total);
  for (var k = 0u; k < items; k++) {
    let i = first + k;
    if (i < n) {
      running += scan_in[i];
      scan_out[i] = running;
    }
  }
}
