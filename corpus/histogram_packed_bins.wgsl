// histogram_packed_bins.wgsl -- weighted histogram with small counters: 8-bit or
// 16-bit bins packed into 32-bit words, updated with compare-and-swap loops (the
// technique of seed 001, "Being better at the bad": fetch the word, update the
// field with masks and shifts, CAS it back, retry if someone else changed it).
// Counters wrap modulo 2^bin_bits, as 8/16-bit integer additions do.
//
// Bindings:
//   @group(0) @binding(0)  keys    : array<u32>          storage, read        bin of each element; keys >= 64 are ignored
//   @group(0) @binding(1)  weights : array<u32>          storage, read        amount added (only its low bin_bits matter)
//   @group(0) @binding(2)  hist    : array<atomic<u32>>  storage, read_write  64 packed counters, accumulated into
//
// Override `bin_bits` (@id(0), 8 or 16, default 8): 32 / bin_bits counters per word,
// bin b in bits [(b % per_word) * bin_bits, +bin_bits) of word b / per_word; hist
// needs 64 * bin_bits / 32 words (16 or 32). n = min(len(keys), len(weights)).
// Workgroup size: 64 (const WG). Dispatch: any G x 1 x 1; a grid-stride loop covers
// all elements. Each workgroup first accumulates into a private packed copy in
// workgroup memory (CAS loops on workgroup atomics), then merges it into hist with
// one CAS loop per word using a SIMD-within-a-register field-wise add.
// Result: hist[b] = initial[b] + sum of weights[i] with keys[i] == b, mod 2^bin_bits,
// independent of scheduling.
//
// Exercises: atomicCompareExchangeWeak loops on workgroup and storage atomics,
// override-controlled masks and shifts, SWAR carry masking, atomicLoad of a
// workgroup atomic after a barrier, grid-stride loop before a barrier.

const NUM_BINS: u32 = 64u;
const MAX_WORDS: u32 = 32u;
const WG: u32 = 64u;

@id(0) override bin_bits: u32 = 8u;

@group(0) @binding(0) var<storage, read> keys: array<u32>;
@group(0) @binding(1) var<storage, read> weights: array<u32>;
@group(0) @binding(2) var<storage, read_write> hist: array<atomic<u32>>;

var<workgroup> local_words: array<atomic<u32>, MAX_WORDS>;

// Field-wise a + b for packed bin_bits-wide fields: add without the top bit of each
// field, then put the top bits back with xor, so no carry crosses a field border.
fn packed_add(a: u32, b: u32) -> u32 {
  let top = select(0x80008000u, 0x80808080u, bin_bits == 8u);
  let low = (a & ~top) + (b & ~top);
  return low ^ ((a ^ b) & top);
}

fn local_add(bin: u32, amount: u32) {
  let per_word = 32u / bin_bits;
  let w = bin / per_word;
  let shift = (bin % per_word) * bin_bits;
  let field = (amount & ((1u << bin_bits) - 1u)) << shift;
  var old = atomicLoad(&local_words[w]);
  loop {
    let r = atomicCompareExchangeWeak(&local_words[w], old, packed_add(old, field));
    if (r.exchanged) {
      break;
    }
    old = r.old_value;
  }
}

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(local_invocation_index) lidx: u32,
        @builtin(num_workgroups) nwg: vec3<u32>) {
  let n = min(arrayLength(&keys), arrayLength(&weights));
  for (var i = gid.x; i < n; i += nwg.x * WG) {
    let k = keys[i];
    if (k < NUM_BINS) {
      local_add(k, weights[i]);
    }
  }
  workgroupBarrier();

  let words = NUM_BINS * bin_bits / 32u;
  if (lidx < words && lidx < arrayLength(&hist)) {
    let mine = atomicLoad(&local_words[lidx]);
    if (mine != 0u) {
      var old = atomicLoad(&hist[lidx]);
      loop {
        let r = atomicCompareExchangeWeak(&hist[lidx], old, packed_add(old, mine));
        if (r.exchanged) {
          break;
        }
        old = r.old_value;
      }
    }
  }
}
