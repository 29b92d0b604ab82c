// scan_chained_lookback.wgsl -- single-pass inclusive prefix sum of u32 values with
// chained scan and decoupled lookback (Merrill & Garland), as described in seed 003.
// THIS KERNEL NEEDS A FORWARD-PROGRESS GUARANTEE: a workgroup spins on its
// predecessor's state word, so if the predecessor is starved it never finishes.
//
// Bindings:
//   @group(0) @binding(0)  scan_in      : array<u32>          storage, read        values
//   @group(0) @binding(1)  scan_out     : array<u32>          storage, read_write  inclusive scan
//   @group(0) @binding(2)  tile_state   : array<atomic<u32>>  storage, read_write  one word per tile
//   @group(0) @binding(3)  tile_counter : atomic<u32>         storage, read_write  tile ticket counter
//
// Host setup: tile_counter = 0 and tile_state all zero (FLAG_NOT_READY) before each
// dispatch; tile_state needs ceil(n / TILE) words.
// Workgroup size: 256 (const WG); each invocation owns ITEMS = 4 consecutive
// elements, so a tile is TILE = 1024 elements.
// Dispatch: exactly ceil(n / 1024) x 1 x 1 workgroups.
//
// Tile state word: bits 31..30 = flag, bits 29..0 = value (the paper's 30-bit
// restriction: WGSL has no 64-bit atomics, so flag and value share one word and are
// published with one atomic store). Flags: 0 = not ready, 1 = aggregate (sum of this
// tile only), 2 = inclusive prefix (sum of all tiles up to and including this one).
// Consequently the total sum of the input must stay below 2^30.
//
// Steps per workgroup:
//  1. invocation 0 takes a ticket from tile_counter (dynamic tile assignment: tiles
//     are handed out in the order workgroups start, so a predecessor tile always
//     belongs to a workgroup that has already started) and broadcasts it with
//     workgroupUniformLoad;
//  2. every invocation scans its 4 elements serially; a Hillis-Steele scan over the
//     256 per-invocation totals gives the tile-local prefixes and the tile aggregate;
//  3. invocation 0 publishes the aggregate (tile 0 publishes its inclusive prefix),
//     then looks back over predecessors, accumulating aggregates until it finds an
//     inclusive prefix. A not-ready predecessor is re-read forever (the spin);
//  4. invocation 0 publishes this tile's inclusive prefix; everyone writes output.
//
// Expected behaviour under wgslemu schedulers: completes under `fair` and under
// occupancy-bound schedulers that run resident workgroups fairly; may hang (status
// `hang`, workgroup spinning in the lookback loop) under schedulers without
// forward progress for resident workgroups (`unfair`, some `random:SEED`).
// Compare scan_decoupled_fallback.wgsl, which never waits unboundedly.
//
// Exercises: atomics in arrays, spin loop on a relaxed atomicLoad in non-uniform
// control flow (allowed: no barrier inside; the enclosing `if` has behaviour {Next}),
// workgroupUniformLoad, function-scope array variable, `look--`, const_assert.

const WG: u32 = 256u;
const ITEMS: u32 = 4u;
const TILE: u32 = WG * ITEMS;

const FLAG_NOT_READY: u32 = 0u;
const FLAG_AGGREGATE: u32 = 1u;
const FLAG_INCLUSIVE: u32 = 2u;
const FLAG_SHIFT: u32 = 30u;
const VALUE_MASK: u32 = 0x3FFFFFFFu;

const_assert TILE == 1024u;
const_assert (FLAG_INCLUSIVE << FLAG_SHIFT) > VALUE_MASK;

@group(0) @binding(0) var<storage, read> scan_in: array<u32>;
@group(0) @binding(1) var<storage, read_write> scan_out: array<u32>;
@group(0) @binding(2) var<storage, read_write> tile_state: array<atomic<u32>>;
@group(0) @binding(3) var<storage, read_write> tile_counter: atomic<u32>;

var<workgroup> wg_tile_id: u32;
var<workgroup> wg_scratch: array<u32, WG>;
var<workgroup> wg_exclusive: u32;

fn pack_state(flag: u32, value: u32) -> u32 {
  return (flag << FLAG_SHIFT) | (value & VALUE_MASK);
}

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lidx: u32) {
  // 1. Dynamic tile assignment.
  if (lidx == 0u) {
    wg_tile_id = atomicAdd(&tile_counter, 1u);
  }
  let tile_id = workgroupUniformLoad(&wg_tile_id);

  // 2a. Serial inclusive scan of this invocation's ITEMS elements, kept in registers.
  let n = arrayLength(&scan_in);
  let first = tile_id * TILE + lidx * ITEMS;
  var items: array<u32, ITEMS>;
  var running = 0u;
  for (var k = 0u; k < ITEMS; k++) {
    let idx = first + k;
    var v = 0u;
    if (idx < n) {
      v = scan_in[idx];
    }
    running += v;
    items[k] = running;
  }

  // 2b. Inclusive Hillis-Steele scan of the per-invocation totals.
  wg_scratch[lidx] = running;
  workgroupBarrier();
  for (var offset = 1u; offset < WG; offset <<= 1u) {
    var t = wg_scratch[lidx];
    if (lidx >= offset) {
      t += wg_scratch[lidx - offset];
    }
    workgroupBarrier();
    wg_scratch[lidx] = t;
    workgroupBarrier();
  }
  let thread_prefix = wg_scratch[lidx] - running;
  let aggregate = wg_scratch[WG - 1u];

  // 3. + 4. Publish, look back, publish the inclusive prefix (one invocation).
  if (lidx == 0u) {
    if (tile_id == 0u) {
      atomicStore(&tile_state[0], pack_state(FLAG_INCLUSIVE, aggregate));
      wg_exclusive = 0u;
    } else {
      atomicStore(&tile_state[tile_id], pack_state(FLAG_AGGREGATE, aggregate));
      var exclusive = 0u;
      var look = tile_id - 1u;
      loop {
        let state = atomicLoad(&tile_state[look]);
        let flag = state >> FLAG_SHIFT;
        if (flag == FLAG_INCLUSIVE) {
          exclusive += state & VALUE_MASK;
          break;
        }
        if (flag == FLAG_AGGREGATE) {
          exclusive += state & VALUE_MASK;
          look--;
        }
        // FLAG_NOT_READY: read the same predecessor again. Tile 0 always publishes
        // an inclusive prefix, so `look` never goes below 0.
      }
      atomicStore(&tile_state[tile_id], pack_state(FLAG_INCLUSIVE, exclusive + aggregate));
      wg_exclusive = exclusive;
    }
  }
  let tile_exclusive = workgroupUniformLoad(&wg_exclusive);

  let base = tile_exclusive + thread_prefix;
  for (var k = 0u; k < ITEMS; k++) {
    let idx = first + k;
    if (idx < n) {
      scan_out[idx] = base + items[k];
    }
  }
}
