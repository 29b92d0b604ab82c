// bitonic_sort_workgroup.wgsl -- sorts each block of 512 u32 keys ascending, in
// place, with a bitonic sorting network in workgroup memory.
//
// Bindings:
//   @group(0) @binding(0)  data : array<u32>  storage, read_write  keys, sorted per block
//
// Workgroup size: 256 (const WG); a block is N = 2 * WG = 512 keys, each invocation
// performs one compare-exchange per network step. A partial last block is padded
// with 0xFFFFFFFF (which sorts last) and only the real keys are written back.
// Dispatch: ceil(len(data) / 512) x 1 x 1. Output: every block of 512 (and the
// partial tail) is sorted ascending; blocks are not merged with each other.
// The network is data-independent, so the result does not depend on scheduling.
//
// Step (k, j): invocation t compares positions lo = insert a 0 bit into t at bit
// log2(j), and hi = lo + j; the pair is put in ascending order when (lo & k) == 0,
// descending otherwise.
//
// Exercises: `loop` with a continuing block (`k <<= 1u; break if k > N;`), a nested
// `while` with `>>=`, barriers nested two loops deep in uniform control flow,
// bit manipulation needing parentheses (`((t & ~(j - 1u)) << 1u) | (t & (j - 1u))`),
// comparison of two bools, function-scope const and const_assert.

const WG: u32 = 256u;
const N: u32 = 2u * WG;

@group(0) @binding(0) var<storage, read_write> data: array<u32>;

var<workgroup> keys: array<u32, N>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) t: u32,
        @builtin(workgroup_id) wid: vec3<u32>) {
  // The network needs a power-of-two block; padding keys sort last (ties are harmless).
  const PAD_KEY: u32 = 0xFFFFFFFFu;
  const_assert (N & (N - 1u)) == 0u;

  let len = arrayLength(&data);
  let base = wid.x * N;

  for (var r = 0u; r < 2u; r++) {
    let i = t + r * WG;
    var v = PAD_KEY;
    if (base + i < len) {
      v = data[base + i];
    }
    keys[i] = v;
  }

  var k = 2u;
  loop {
    var j = k >> 1u;
    while (j > 0u) {
      workgroupBarrier();
      let lo = ((t & ~(j - 1u)) << 1u) | (t & (j - 1u));
      let hi = lo + j;
      let ascending = (lo & k) == 0u;
      let a = keys[lo];
      let b = keys[hi];
      if ((a > b) == ascending) {
        keys[lo] = b;
        keys[hi] = a;
      }
      j >>= 1u;
    }
    continuing {
      k <<= 1u;
      break if k > N;
    }
  }
  workgroupBarrier();

  for (var r = 0u; r < 2u; r++) {
    let i = t + r * WG;
    if (base + i < len) {
      data[base + i] = keys[i];
    }
  }
}
