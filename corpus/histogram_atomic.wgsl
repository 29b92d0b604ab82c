// histogram_atomic.wgsl -- 256-bin histogram of a byte stream: a privatised
// histogram per workgroup in workgroup atomics, then merged into global atomics.
//
// Bindings:
//   @group(0) @binding(0)  params      : HistParams  uniform             mode and byte count
//   @group(0) @binding(1)  input_words : array<u32>  storage, read       bytes, 4 per word (little-endian)
//   @group(0) @binding(2)  hist        : Histogram   storage, read_write total + bins (atomics)
//
// Histogram layout (bytes): total at 0, bins at 16 (@align(16)), 4 bytes per bin;
// bind at least 16 + 256 * 4 bytes. Host zeroes it before the dispatch.
// Binning modes (params.mode):
//   0 (and any unknown mode) : bin = byte value                (256 bins used)
//   1                        : bin = high nibble               (bins 0..15)
//   2                        : bin = low nibble                (bins 0..15)
//   3                        : bin = number of set bits        (bins 0..8)
// Only the first params.num_bytes bytes are counted (the last word may be partial).
//
// Workgroup size: 256 (const WG, one invocation per bin for the merge step).
// Dispatch: any number of workgroups in x (e.g. min(ceil(words / 256), 64)); a
// grid-stride loop covers all words. Results are independent of scheduling.
//
// Exercises: array<atomic<u32>, N> in workgroup memory, runtime-sized atomic array as
// the last (explicitly aligned) struct member, arrayLength on a struct member,
// switch with a multi-selector case and `default` in the middle, extractBits,
// countOneBits, `break` out of a nested for loop. One of the five benchmark
// performance kernels ("atomics histograms").

struct HistParams {
  mode: u32,
  num_bytes: u32,
}

struct Histogram {
  total: atomic<u32>,
  @align(16) bins: array<atomic<u32>>,
}

const NUM_BINS: u32 = 256u;
const WG: u32 = 256u;
const_assert NUM_BINS == WG;

@group(0) @binding(0) var<uniform> params: HistParams;
@group(0) @binding(1) var<storage, read> input_words: array<u32>;
@group(0) @binding(2) var<storage, read_write> hist: Histogram;

var<workgroup> local_bins: array<atomic<u32>, NUM_BINS>;

fn bin_of(b: u32, mode: u32) -> u32 {
  var bin = 0u;
  switch mode {
    case 1u, 2u: {
      // mode 1: shift by 4 (high nibble); mode 2: shift by 0 (low nibble)
      bin = (b >> (4u * (2u - mode))) & 0xFu;
    }
    default: {
      bin = b;
    }
    case 3u: {
      bin = countOneBits(b);
    }
  }
  return bin;
}

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(local_invocation_index) lidx: u32,
        @builtin(num_workgroups) nwg: vec3<u32>) {
  let num_words = min((params.num_bytes + 3u) / 4u, arrayLength(&input_words));
  let stride = nwg.x * WG;

  for (var w = gid.x; w < num_words; w += stride) {
    let word = input_words[w];
    for (var j = 0u; j < 4u; j++) {
      if (w * 4u + j >= params.num_bytes) {
        break;
      }
      let b = extractBits(word, j * 8u, 8u);
      atomicAdd(&local_bins[bin_of(b, params.mode)], 1u);
    }
  }
  workgroupBarrier();

  let c = atomicLoad(&local_bins[lidx]);
  if (c != 0u && lidx < arrayLength(&hist.bins)) {
    atomicAdd(&hist.bins[lidx], c);
    atomicAdd(&hist.total, c);
  }
}
