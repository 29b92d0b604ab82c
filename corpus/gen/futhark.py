"""Futhark-style kernels: packed i8/i16 arrays (map + reduce_by_index with CAS),
i64 as vec2<i32> (elementwise ops; a checked-index reduction with the
global_failure protocol of seed 004: no failure, a raised failure, and a second
kernel stopped by its prelude). References use Python's unbounded integers reduced
modulo 2^8, 2^16 or 2^64."""
from common import Rng, write_spec, shader, u32, i32, words_i64

M64 = (1 << 64) - 1


def s64(x):
    x &= M64
    return x - (1 << 64) if x >> 63 else x


def sext(x, bits):
    x &= (1 << bits) - 1
    return x - (1 << bits) if x >> (bits - 1) else x


def pack_small(vals, bits, nwords):
    """Signed 8/16-bit values -> i32 words (little-endian), padded to nwords."""
    per = 32 // bits
    words = [0] * nwords
    for i, v in enumerate(vals):
        words[i // per] |= (v & ((1 << bits) - 1)) << (bits * (i % per))
    return [i32(w) for w in words]


def unpack_small(words, bits, count):
    per = 32 // bits
    return [sext(u32(words[i // per]) >> (bits * (i % per)), bits) for i in range(count)]


def packed_case(name, bits, seed, n, k, wg, kernel, ids, map_fn):
    r = Rng(seed)
    per = 32 // bits
    lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    buckets = [r.range(-2, k + 3) if r.below(5) == 0 else r.below(min(k, 5)) for _ in range(n)]
    vs = [r.range(lo, hi) for _ in range(n)]
    vs[:3] = [lo, hi, -1]
    nw_v = (n + per - 1) // per
    nw_h = (k + per - 1) // per
    hist0 = [r.range(lo, hi) for _ in range(nw_h * per)]    # includes the padding elements past k
    out0 = [r.range(lo, hi) for _ in range(nw_v * per)]     # garbage, incl. padding past n
    hist = list(hist0)
    for b, v in zip(buckets, vs):
        if 0 <= b < k:
            hist[b] = sext(hist[b] + v, bits)
    out = list(out0)
    for i, v in enumerate(vs):
        out[i] = sext(map_fn(v), bits)
    g_fail, args, is_, vs_, hist_, out_ = ids
    write_spec(name, {
        'buffers': {g_fail: {'data': {'i32': [-1]}, 'expect': {'i32': [-1]}},
                    args: {'data': {'i32': [n, k]}},
                    is_: {'data': {'i32': buckets}},
                    vs_: {'data': {'i32': pack_small(vs, bits, nw_v)}},
                    hist_: {'data': {'i32': pack_small(hist0, bits, nw_h)},
                            'expect': {'i32': pack_small(hist, bits, nw_h)}},
                    out_: {'data': {'i32': pack_small(out0, bits, nw_v)},
                           'expect': {'i32': pack_small(out, bits, nw_v)}}},
        'passes': [{'shader': shader(kernel), 'overrides': {'seghist_tblock_size_%s' % kernel_id(kernel): wg},
                    'dispatch': [(n + wg - 1) // wg, 1, 1],
                    'bind': {'0:0': g_fail, '0:1': args, '0:2': is_, '0:3': vs_, '0:4': hist_, '0:5': out_}}]})


def kernel_id(kernel):
    return '6020' if 'i8' in kernel else '7020'


def futhark_i8():
    packed_case('futhark_style_i8_packed', 8, 31, 1001, 37, 64, 'futhark_style_i8_packed',
                ('global_failure', 'seghist_args', 'mem_6010', 'mem_6011', 'mem_6012', 'mem_6013'),
                lambda v: -v)


def futhark_i16():
    packed_case('futhark_style_i16_packed', 16, 32, 999, 21, 128, 'futhark_style_i16_packed',
                ('global_failure', 'seghist_args', 'mem_7010', 'mem_7011', 'mem_7012', 'mem_7013'),
                lambda v: v * 3 - 1)


def futhark_i64_map():
    r = Rng(33)
    edge = [0, 1, -1, (1 << 63) - 1, -(1 << 63), 0xFFFFFFFF, 1 << 32, -(1 << 32), 12345678901234]
    a, b, s = [], [], []
    for x in edge:
        for y in (0, 1, -1, 0xFFFFFFFF, 1 << 40, -(1 << 63)):
            a.append(x)
            b.append(y)
            s.append(len(s) * 7)
    while len(a) < 150:
        a.append(s64(r.next64() >> r.below(64)))
        b.append(s64(r.next64() >> r.below(64)))
        s.append(r.u32())
    out, flags = [], []
    for x, y, sh in zip(a, b, s):
        t = sh & 63
        ux, uy = x & M64, y & M64
        d = uy | 1
        out += [x + y, x - y, x * y, -x, ux << t, x >> t, ux >> t, ux // d, ux % d]
        flags += [int(x < y), int(ux < uy), int(x == y)]
    n = len(a)
    write_spec('futhark_style_i64_map', {
        'buffers': {'mem_8100': {'data': {'u32': words_i64(a)}},
                    'mem_8101': {'data': {'u32': words_i64(b)}},
                    'mem_8102': {'data': {'u32': s}},
                    'mem_8103': {'size': 72 * n, 'expect': {'u32': words_i64(out)}},
                    'mem_8104': {'size': 12 * n, 'expect': {'i32': flags}}},
        'passes': [{'shader': shader('futhark_style_i64_map'), 'dispatch': [(n + 63) // 64, 1, 1],
                    'bind': {'0:0': 'mem_8100', '0:1': 'mem_8101', '0:2': 'mem_8102',
                             '0:3': 'mem_8103', '0:4': 'mem_8104'}}]})


# ---- checked-index reduction (futhark_style_i64.wgsl) --------------------------

TBLOCK, CHUNK = 64, 4
PER_WG = TBLOCK * CHUNK
OVERRIDES = {'segred_tblock_size_5228': TBLOCK, 'segred_shmem_5300': TBLOCK, '5': CHUNK}
SENTINEL = [0x55555555, 0x55555555]


def segred_args(n, m, fio):
    return [n & 0xFFFFFFFF, (n >> 32) & 0xFFFFFFFF, m, 0, fio, 0, 0, 0]


def segred_case(seed, n, m):
    r = Rng(seed)
    vs = [s64(r.next64() >> r.below(40)) for _ in range(n)]
    js = [r.below(n) for _ in range(m)]
    return vs, js


def partials(vs, js, m, failing_wg=None):
    g = (m + PER_WG - 1) // PER_WG
    out = []
    for w in range(g):
        if w == failing_wg:
            out += SENTINEL
            continue
        acc = 0
        for j in js[w * PER_WG:(w + 1) * PER_WG]:
            acc += vs[j] * 3 + j
        out += words_i64([acc])
    return g, out


def segred_spec(name, vs, js, n, m, fio, g_init, failing_wg, g_expect, args_expect, extra_pass=None):
    g, out = partials(vs, js, m, failing_wg)
    spec = {
        'buffers': {'global_failure': {'data': {'i32': [g_init]}, 'expect': {'i32': [g_expect]}},
                    'global_failure_args': {'size': 16, 'expect': {'i32': args_expect}},
                    'args': {'data': {'u32': segred_args(n, m, fio)}},
                    'vs': {'data': {'u32': words_i64(vs)}},
                    'js': {'data': {'u32': words_i64(js)}},
                    'partials': {'data': {'u32': SENTINEL * g}, 'expect': {'u32': out}}},
        'passes': [{'shader': shader('futhark_style_i64'), 'overrides': OVERRIDES, 'dispatch': [g, 1, 1],
                    'bind': {'0:0': 'global_failure', '0:1': 'global_failure_args', '0:2': 'args',
                             '0:3': 'vs', '0:4': 'js', '0:5': 'partials'}}]}
    if extra_pass:
        extra_pass(spec, g)
    write_spec(name, spec)


def futhark_i64_ok():
    n, m = 700, 2000
    vs, js = segred_case(34, n, m)
    segred_spec('futhark_style_i64_ok', vs, js, n, m, 1, -1, None, -1, [0, 0, 0, 0])


def futhark_i64_failure():
    # One out-of-bounds index (j = n + 5) in workgroup 3: that workgroup reaches its
    # synchronisation point and returns without writing; failure_is_an_option = 0,
    # so the other workgroups ignore global_failure and finish.
    n, m = 700, 2000
    vs, js = segred_case(35, n, m)
    bad = 3 * PER_WG + 77
    js[bad] = n + 5
    segred_spec('futhark_style_i64_failure', vs, js, n, m, 0, -1, 3, 0,
                [n + 5, 0, n, 0])


def futhark_i64_prelude():
    # Pass 1 fails (negative index -3 in workgroup 0) with failure_is_an_option = 0.
    # Pass 2 runs the same kernel with failure_is_an_option = 1: every workgroup
    # sees global_failure >= 0 in its prelude and returns, so partials2 keeps its
    # initial contents; global_failure and its args still describe pass 1's failure.
    n, m = 500, 1000
    vs, js = segred_case(36, n, m)
    js[10] = -3

    def second(spec, g):
        spec['buffers']['args2'] = {'data': {'u32': segred_args(n, m, 1)}}
        spec['buffers']['partials2'] = {'data': {'u32': SENTINEL * g}, 'expect': {'u32': SENTINEL * g}}
        p = dict(spec['passes'][0])
        p['bind'] = dict(p['bind'])
        p['bind']['0:2'] = 'args2'
        p['bind']['0:5'] = 'partials2'
        spec['passes'].append(p)

    segred_spec('futhark_style_i64_prelude', vs, js, n, m, 0, -1, 0, 0, [-3, -1, n, 0],
                extra_pass=second)

def main():
    futhark_i8()
    futhark_i16()
    futhark_i64_map()
    futhark_i64_ok()
    futhark_i64_failure()
    futhark_i64_prelude()


if __name__ == '__main__':
    main()
