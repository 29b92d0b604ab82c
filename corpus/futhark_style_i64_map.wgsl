// futhark_style_i64_map.wgsl -- elementwise 64-bit integer arithmetic on the
// vec2<i32> representation of Futhark's WebGPU backend (seed 000, section 4.1.2:
// x = low word, y = high word, the host's little-endian int64 layout), including
// the operations the thesis lists as missing or partial: variable shifts and an
// unsigned 64-bit division by shift-and-subtract.
//
// Futhark source, conceptually:
//   map3 (\a b s -> (a + b, a - b, a * b, -a, a << s, a >> s, a // b', a % b', ...)) as bs ss
//
// Bindings:
//   @group(0) @binding(0)  mem_8100 : array<vec2<i32>>  storage, read        as (i64)
//   @group(0) @binding(1)  mem_8101 : array<vec2<i32>>  storage, read        bs (i64)
//   @group(0) @binding(2)  mem_8102 : array<u32>        storage, read        shift amounts (taken mod 64)
//   @group(0) @binding(3)  mem_8103 : array<vec2<i32>>  storage, read_write  9 i64 results per element
//   @group(0) @binding(4)  mem_8104 : array<i32>        storage, read_write  3 bool results (0/1) per element
//
// mem_8103[9 * i + k]: 0 a + b  1 a - b  2 a * b  3 -a  4 a << s  5 a >> s (arithmetic)
//   6 a >>> s (logical)  7 udiv(a, b | 1)  8 umod(a, b | 1)   (all modulo 2^64;
//   b | 1 sets the low bit so the divisor is never zero)
// mem_8104[3 * i + k]: 0 a < b (signed)  1 a < b (unsigned)  2 a == b
// Workgroup size: override segmap_tblock_size_8110 (default 64).
// Dispatch: ceil(n / 64) x 1 x 1, n = len(mem_8100). Deterministic.
//
// Exercises: bitcast between vec2<i32> and vec2<u32>, carries with select, shifts
// by amounts computed at run time (never >= 32 after the case split), a 64-step
// loop with data-dependent subtraction, functions returning vectors.

override segmap_tblock_size_8110: u32 = 64u;

@group(0) @binding(0) var<storage, read> mem_8100: array<vec2<i32>>;
@group(0) @binding(1) var<storage, read> mem_8101: array<vec2<i32>>;
@group(0) @binding(2) var<storage, read> mem_8102: array<u32>;
@group(0) @binding(3) var<storage, read_write> mem_8103: array<vec2<i32>>;
@group(0) @binding(4) var<storage, read_write> mem_8104: array<i32>;

fn add_u64(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
  let lo = a.x + b.x;
  return vec2<u32>(lo, a.y + b.y + select(0u, 1u, lo < a.x));
}

fn sub_u64(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
  return vec2<u32>(a.x - b.x, a.y - b.y - select(0u, 1u, a.x < b.x));
}

fn ult_u64(a: vec2<u32>, b: vec2<u32>) -> bool {
  return a.y < b.y || (a.y == b.y && a.x < b.x);
}

fn add_i64(a: vec2<i32>, b: vec2<i32>) -> vec2<i32> {
  return bitcast<vec2<i32>>(add_u64(bitcast<vec2<u32>>(a), bitcast<vec2<u32>>(b)));
}

fn sub_i64(a: vec2<i32>, b: vec2<i32>) -> vec2<i32> {
  return bitcast<vec2<i32>>(sub_u64(bitcast<vec2<u32>>(a), bitcast<vec2<u32>>(b)));
}

fn neg_i64(a: vec2<i32>) -> vec2<i32> {
  return sub_i64(vec2<i32>(0, 0), a);
}

fn mul_i64(a: vec2<i32>, b: vec2<i32>) -> vec2<i32> {
  let ua = bitcast<vec2<u32>>(a);
  let ub = bitcast<vec2<u32>>(b);
  // 32 x 32 -> 64 from 16-bit halves
  let a0 = ua.x & 0xFFFFu;
  let a1 = ua.x >> 16u;
  let b0 = ub.x & 0xFFFFu;
  let b1 = ub.x >> 16u;
  let p00 = a0 * b0;
  let p01 = a0 * b1;
  let p10 = a1 * b0;
  let mid = (p00 >> 16u) + (p01 & 0xFFFFu) + (p10 & 0xFFFFu);
  let lo = (p00 & 0xFFFFu) | (mid << 16u);
  let hi = a1 * b1 + (p01 >> 16u) + (p10 >> 16u) + (mid >> 16u) + ua.x * ub.y + ua.y * ub.x;
  return bitcast<vec2<i32>>(vec2<u32>(lo, hi));
}

fn shl_i64(a: vec2<i32>, amount: u32) -> vec2<i32> {
  let s = amount & 63u;
  let u = bitcast<vec2<u32>>(a);
  if (s == 0u) {
    return a;
  }
  if (s >= 32u) {
    return bitcast<vec2<i32>>(vec2<u32>(0u, u.x << (s - 32u)));
  }
  return bitcast<vec2<i32>>(vec2<u32>(u.x << s, (u.y << s) | (u.x >> (32u - s))));
}

fn ashr_i64(a: vec2<i32>, amount: u32) -> vec2<i32> {
  let s = amount & 63u;
  let u = bitcast<vec2<u32>>(a);
  if (s == 0u) {
    return a;
  }
  if (s >= 32u) {
    return vec2<i32>(a.y >> (s - 32u), a.y >> 31u);
  }
  return vec2<i32>(bitcast<i32>((u.x >> s) | (u.y << (32u - s))), a.y >> s);
}

fn lshr_i64(a: vec2<i32>, amount: u32) -> vec2<i32> {
  let s = amount & 63u;
  let u = bitcast<vec2<u32>>(a);
  if (s == 0u) {
    return a;
  }
  if (s >= 32u) {
    return bitcast<vec2<i32>>(vec2<u32>(u.y >> (s - 32u), 0u));
  }
  return bitcast<vec2<i32>>(vec2<u32>((u.x >> s) | (u.y << (32u - s)), u.y >> s));
}

// Unsigned 64-bit division: returns vec4(quotient.lo, quotient.hi, remainder.lo,
// remainder.hi), restoring division one bit at a time. d must be non-zero.
fn udivmod_u64(n: vec2<u32>, d: vec2<u32>) -> vec4<u32> {
  var q = vec2<u32>(0u, 0u);
  var r = vec2<u32>(0u, 0u);
  for (var i = 63i; i >= 0; i--) {
    let word = select(n.x, n.y, i >= 32);
    let bit = (word >> (u32(i) & 31u)) & 1u;
    r = vec2<u32>((r.x << 1u) | bit, (r.y << 1u) | (r.x >> 31u));
    if (!ult_u64(r, d)) {
      r = sub_u64(r, d);
      if (i >= 32) {
        q.y |= 1u << (u32(i) - 32u);
      } else {
        q.x |= 1u << u32(i);
      }
    }
  }
  return vec4<u32>(q, r);
}

fn slt_i64(a: vec2<i32>, b: vec2<i32>) -> bool {
  return a.y < b.y || (a.y == b.y && bitcast<u32>(a.x) < bitcast<u32>(b.x));
}

@compute @workgroup_size(segmap_tblock_size_8110)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let gtid_8120 = gid.x;
  if (gtid_8120 >= arrayLength(&mem_8100)) {
    return;
  }
  let a_8121 = mem_8100[gtid_8120];
  let b_8122 = mem_8101[gtid_8120];
  let s_8123 = mem_8102[gtid_8120];
  let d_8124 = bitcast<vec2<u32>>(b_8122) | vec2<u32>(1u, 0u);
  let qr_8125 = udivmod_u64(bitcast<vec2<u32>>(a_8121), d_8124);
  let o = 9u * gtid_8120;
  mem_8103[o + 0u] = add_i64(a_8121, b_8122);
  mem_8103[o + 1u] = sub_i64(a_8121, b_8122);
  mem_8103[o + 2u] = mul_i64(a_8121, b_8122);
  mem_8103[o + 3u] = neg_i64(a_8121);
  mem_8103[o + 4u] = shl_i64(a_8121, s_8123);
  mem_8103[o + 5u] = ashr_i64(a_8121, s_8123);
  mem_8103[o + 6u] = lshr_i64(a_8121, s_8123);
  mem_8103[o + 7u] = bitcast<vec2<i32>>(qr_8125.xy);
  mem_8103[o + 8u] = bitcast<vec2<i32>>(qr_8125.zw);
  let f = 3u * gtid_8120;
  mem_8104[f + 0u] = select(0, 1, slt_i64(a_8121, b_8122));
  mem_8104[f + 1u] = select(0, 1, ult_u64(bitcast<vec2<u32>>(a_8121), bitcast<vec2<u32>>(b_8122)));
  mem_8104[f + 2u] = select(0, 1, all(a_8121 == b_8122));
}
