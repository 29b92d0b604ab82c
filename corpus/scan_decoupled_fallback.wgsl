// scan_decoupled_fallback.wgsl -- single-pass inclusive prefix sum of u32 values with
// chained scan, decoupled lookback and *decoupled fallback* (seed 003): when the
// lookback meets a predecessor tile that is not ready after a bounded number of
// polls, the whole workgroup reduces that predecessor's input itself instead of
// waiting. Every lookback step moves to an earlier tile, so the kernel terminates
// under any scheduler: it needs no forward-progress guarantee.
//
// Bindings:
//   @group(0) @binding(0)  scan_in         : array<u32>          storage, read        values
//   @group(0) @binding(1)  scan_out        : array<u32>          storage, read_write  inclusive scan
//   @group(0) @binding(2)  tile_state      : array<atomic<u32>>  storage, read_write  one word per tile
//   @group(0) @binding(3)  tile_counter    : atomic<u32>         storage, read_write  tile ticket counter
//   @group(0) @binding(4)  fallback_counts : array<u32>          storage, read_write  fallbacks per tile
//
// Host setup, tile layout and state-word encoding are the same as in
// scan_chained_lookback.wgsl (tile_counter = 0, tile_state zeroed, TILE = 1024,
// flag in bits 31..30, value in bits 29..0, total sum < 2^30). fallback_counts needs
// one slot per tile; it records how many predecessor reductions each tile redid
// (0 under a fair scheduler with enough polls; grows as the scheduler gets unfair).
// Workgroup size: 256 (const WG). Dispatch: exactly ceil(n / 1024) x 1 x 1.
// Override `max_spin` (@id(0), default 64): polls of a not-ready predecessor before
// falling back. max_spin = 0 forces a fallback at every not-ready predecessor.
//
// Lookback runs in the whole workgroup (the fallback needs every invocation), so its
// control flow must be uniform: invocation 0 polls, the state word is broadcast
// with workgroupUniformLoad, and all branching is on that broadcast value. After a
// fallback, invocation 0 tries to publish the recomputed aggregate with a CAS from
// "not ready" (an improvement over the scalar fallback the seed criticises, where
// every waiting workgroup redoes the same tile).
//
// Exercises: uniform loop with uniform break/continue around barriers, a user
// function containing barriers called from uniform control flow, workgroupUniformLoad
// of an array element, phony assignment of atomicCompareExchangeWeak, @id override.

const WG: u32 = 256u;
const ITEMS: u32 = 4u;
const TILE: u32 = WG * ITEMS;

const FLAG_NOT_READY: u32 = 0u;
const FLAG_AGGREGATE: u32 = 1u;
const FLAG_INCLUSIVE: u32 = 2u;
const FLAG_SHIFT: u32 = 30u;
const VALUE_MASK: u32 = 0x3FFFFFFFu;

@id(0) override max_spin: u32 = 64u;

@group(0) @binding(0) var<storage, read> scan_in: array<u32>;
@group(0) @binding(1) var<storage, read_write> scan_out: array<u32>;
@group(0) @binding(2) var<storage, read_write> tile_state: array<atomic<u32>>;
@group(0) @binding(3) var<storage, read_write> tile_counter: atomic<u32>;
@group(0) @binding(4) var<storage, read_write> fallback_counts: array<u32>;

var<workgroup> wg_tile_id: u32;
var<workgroup> wg_poll: u32;
var<workgroup> wg_scratch: array<u32, WG>;

fn pack_state(flag: u32, value: u32) -> u32 {
  return (flag << FLAG_SHIFT) | (value & VALUE_MASK);
}

// Sum of the input elements of tile `tile`, computed by the whole workgroup.
// Must be called by every invocation, in uniform control flow, after a barrier that
// orders all earlier reads of wg_scratch. Returns the same value to every invocation.
fn reduce_tile(tile: u32, lidx: u32) -> u32 {
  let n = arrayLength(&scan_in);
  let first = tile * TILE + lidx * ITEMS;
  var sum = 0u;
  for (var k = 0u; k < ITEMS; k++) {
    let idx = first + k;
    if (idx < n) {
      sum += scan_in[idx];
    }
  }
  wg_scratch[lidx] = sum;
  workgroupBarrier();
  for (var s = WG / 2u; s > 0u; s >>= 1u) {
    if (lidx < s) {
      wg_scratch[lidx] += wg_scratch[lidx + s];
    }
    workgroupBarrier();
  }
  return workgroupUniformLoad(&wg_scratch[0]);
}

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lidx: u32) {
  // Dynamic tile assignment.
  if (lidx == 0u) {
    wg_tile_id = atomicAdd(&tile_counter, 1u);
  }
  let tile_id = workgroupUniformLoad(&wg_tile_id);

  // Tile-local scan: serial over ITEMS, then Hillis-Steele over invocation totals.
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
  // Keep these in registers: reduce_tile reuses wg_scratch.
  let thread_prefix = wg_scratch[lidx] - running;
  let aggregate = wg_scratch[WG - 1u];

  // Publish this tile's aggregate (tile 0: its inclusive prefix) as early as possible.
  if (lidx == 0u) {
    if (tile_id == 0u) {
      atomicStore(&tile_state[0], pack_state(FLAG_INCLUSIVE, aggregate));
    } else {
      atomicStore(&tile_state[tile_id], pack_state(FLAG_AGGREGATE, aggregate));
    }
  }

  // Lookback with fallback. `look`, `exclusive` and `fallbacks` are uniform.
  var exclusive = 0u;
  var fallbacks = 0u;
  var look = tile_id;
  loop {
    if (look == 0u) {
      break;
    }
    look--;

    // Everyone is past the previous broadcast before wg_poll is overwritten.
    workgroupBarrier();
    if (lidx == 0u) {
      var polled = 0u;
      for (var spin = 0u; spin < max_spin; spin++) {
        polled = atomicLoad(&tile_state[look]);
        if ((polled >> FLAG_SHIFT) != FLAG_NOT_READY) {
          break;
        }
      }
      wg_poll = polled;
    }
    let state = workgroupUniformLoad(&wg_poll);
    let flag = state >> FLAG_SHIFT;

    if (flag == FLAG_INCLUSIVE) {
      exclusive += state & VALUE_MASK;
      break;
    }
    if (flag == FLAG_AGGREGATE) {
      exclusive += state & VALUE_MASK;
      continue;
    }

    // Fallback: compute the predecessor's aggregate ourselves.
    let red = reduce_tile(look, lidx);
    exclusive += red;
    fallbacks++;
    if (lidx == 0u) {
      // Tile 0's aggregate is its inclusive prefix. Publishing is best effort: the
      // CAS only succeeds while the slot is still "not ready" (word == 0), and a
      // spurious failure of the weak CAS is harmless.
      var f = FLAG_AGGREGATE;
      if (look == 0u) {
        f = FLAG_INCLUSIVE;
      }
      _ = atomicCompareExchangeWeak(&tile_state[look], 0u, pack_state(f, red));
    }
  }

  if (lidx == 0u) {
    atomicStore(&tile_state[tile_id], pack_state(FLAG_INCLUSIVE, exclusive + aggregate));
    fallback_counts[tile_id] = fallbacks;
  }

  let base = exclusive + thread_prefix;
  for (var k = 0u; k < ITEMS; k++) {
    let idx = first + k;
    if (idx < n) {
      scan_out[idx] = base + items[k];
    }
  }
}
