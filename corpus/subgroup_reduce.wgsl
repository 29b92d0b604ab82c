// subgroup_reduce.wgsl -- per-workgroup sum and non-zero count of u32 values using
// subgroup operations, plus a compaction of the non-zero values within each
// workgroup's output segment.
//
// Bindings:
//   @group(0) @binding(0)  values     : array<u32>        storage, read        input
//   @group(0) @binding(1)  wg_results : array<vec4<u32>>  storage, read_write  one per workgroup:
//        x = sum of the workgroup's values (wrapping), y = number of non-zero values,
//        z = number of subgroups in the workgroup, w = number of invocations whose
//            ballot-derived rank disagreed with subgroupExclusiveAdd (expected 0)
//   @group(0) @binding(2)  compacted  : array<u32>        storage, read_write  WG slots per workgroup
//
// Workgroup size: 256 (const WG; a multiple of every subgroup size 4..128, so all
// subgroups are full). Dispatch: ceil(n / 256) x 1 x 1; values past n count as 0.
// compacted[wid * WG + 0 .. y-1] receives the workgroup's non-zero values: in input
// order within each subgroup, but the order *between* subgroups depends on which
// subgroup reserved its range first, so compare that segment as a multiset. x, y, w
// do not depend on the subgroup size or the schedule; z = WG / subgroup_size.
//
// Every subgroup operation is executed by all invocations in uniform control flow
// (no early exit; the `if` statements before them have behaviour {Next}).
// subgroupElect picks the same invocation that subgroupBroadcastFirst reads from
// (the lowest active one), which makes the reserve-then-broadcast pattern work.
//
// Exercises: `enable subgroups;`, subgroup_invocation_id / subgroup_size built-ins,
// subgroupAdd, subgroupExclusiveAdd, subgroupBallot (vec4<u32> mask), subgroupElect,
// subgroupBroadcastFirst, countOneBits on vec4<u32>, dynamic indexing of a vector
// variable on the left-hand side, workgroup atomics.

enable subgroups;

const WG: u32 = 256u;

@group(0) @binding(0) var<storage, read> values: array<u32>;
@group(0) @binding(1) var<storage, read_write> wg_results: array<vec4<u32>>;
@group(0) @binding(2) var<storage, read_write> compacted: array<u32>;

var<workgroup> wg_sum: atomic<u32>;
var<workgroup> wg_nonzero: atomic<u32>;
var<workgroup> wg_subgroups: atomic<u32>;
var<workgroup> wg_slots: atomic<u32>;
var<workgroup> wg_rank_mismatch: atomic<u32>;

// Bit mask (in subgroupBallot layout) of the lanes with an id below `lane`.
fn lanes_below(lane: u32) -> vec4<u32> {
  var m = vec4<u32>(0u);
  for (var c = 0u; c < 4u; c++) {
    let first_lane = c * 32u;
    if (lane >= first_lane + 32u) {
      m[c] = 0xFFFFFFFFu;
    } else if (lane > first_lane) {
      m[c] = (1u << (lane - first_lane)) - 1u;
    }
  }
  return m;
}

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(local_invocation_index) lidx: u32,
        @builtin(workgroup_id) wid: vec3<u32>,
        @builtin(subgroup_invocation_id) sg_lane: u32,
        @builtin(subgroup_size) sg_size: u32) {
  let n = arrayLength(&values);
  var x = 0u;
  if (gid.x < n) {
    x = values[gid.x];
  }
  let keep = x != 0u;

  let sg_total = subgroupAdd(x);
  let ballot = subgroupBallot(keep);
  let kept = countOneBits(ballot);
  let sg_kept = kept.x + kept.y + kept.z + kept.w;
  let rank = subgroupExclusiveAdd(select(0u, 1u, keep));

  // Cross-check the scan against the ballot: count kept lanes below this one.
  let below = countOneBits(ballot & lanes_below(sg_lane));
  let rank_from_ballot = below.x + below.y + below.z + below.w;
  if (rank_from_ballot != rank || sg_lane >= sg_size) {
    atomicAdd(&wg_rank_mismatch, 1u);
  }

  // One lane per subgroup publishes the subgroup's results and reserves output slots.
  var slot_base = 0u;
  if (subgroupElect()) {
    atomicAdd(&wg_sum, sg_total);
    atomicAdd(&wg_nonzero, sg_kept);
    atomicAdd(&wg_subgroups, 1u);
    slot_base = atomicAdd(&wg_slots, sg_kept);
  }
  slot_base = subgroupBroadcastFirst(slot_base);
  if (keep) {
    compacted[wid.x * WG + slot_base + rank] = x;
  }

  workgroupBarrier();
  if (lidx == 0u) {
    wg_results[wid.x] = vec4<u32>(atomicLoad(&wg_sum),
                                  atomicLoad(&wg_nonzero),
                                  atomicLoad(&wg_subgroups),
                                  atomicLoad(&wg_rank_mismatch));
  }
}
