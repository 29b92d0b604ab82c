"""Reductions and scans: reduce_sum_workgroup (exact and two-pass), reduce_atomic,
subgroup_reduce, scan_blelloch_workgroup, scan_then_propagate (3 passes),
scan_reduce_then_scan (3 entry points, override), scan_chained_lookback,
scan_decoupled_fallback (default and forced fallback). References are the plain
definitions: sums, prefix sums, max/min, computed sequentially in Python."""
from common import Rng, write_spec, shader, u32, f32, fadd, write_u32_file

MASK30 = (1 << 30) - 1


def tree_sum_f32(vals):
    """The fixed tree of reduce_sum_workgroup.wgsl for one 512-element tile."""
    wg = 256
    vals = vals + [0.0] * (512 - len(vals))
    part = [fadd(vals[i], vals[i + wg]) if True else 0 for i in range(wg)]
    s = wg >> 1
    while s > 0:
        for i in range(s):
            part[i] = fadd(part[i], part[i + s])
        s >>= 1
    return part[0]


def reduce_sum_workgroup():
    r = Rng(11)
    n = 2000
    # Integer-valued floats with a small total: every partial sum is exact, so any
    # order of additions (the spec allows reassociation) gives the same result.
    x = [float(r.range(-1000, 1000)) for _ in range(n)]
    g = (n + 511) // 512
    partials = [float(sum(x[t * 512:(t + 1) * 512])) for t in range(g)]
    write_spec('reduce_sum_workgroup', {
        'buffers': {'input': {'data': {'f32': x}},
                    'partial_sums': {'size': 4 * g, 'expect': {'f32': partials}}},
        'passes': [{'shader': shader('reduce_sum_workgroup'), 'dispatch': [g, 1, 1],
                    'bind': {'0:0': 'input', '0:1': 'partial_sums'}}]})


def reduce_sum_two_pass():
    r = Rng(12)
    n = 5000
    x = [f32(r.unit()) for _ in range(n)]
    g = (n + 511) // 512
    # Reference: the kernel's own tree in binary32 (what wgslemu's ieee mode must
    # give); the tolerance admits reassociated sums (positive terms, no cancellation).
    partials = [tree_sum_f32(x[t * 512:(t + 1) * 512]) for t in range(g)]
    total = tree_sum_f32(partials)
    assert abs(total - sum(x)) < 1e-3
    write_spec('reduce_sum_two_pass', {
        'buffers': {'input': {'data': {'f32': x}},
                    'partial_sums': {'size': 4 * g, 'expect': {'f32': partials}, 'tolerance': {'abs': 0.0, 'rel': 2e-05}},
                    'total': {'size': 4, 'expect': {'f32': [total]}, 'tolerance': {'abs': 0.0, 'rel': 2e-05}}},
        'passes': [{'shader': shader('reduce_sum_workgroup'), 'dispatch': [g, 1, 1],
                    'bind': {'0:0': 'input', '0:1': 'partial_sums'}},
                   {'shader': shader('reduce_sum_workgroup'), 'dispatch': [1, 1, 1],
                    'bind': {'0:0': 'partial_sums', '0:1': 'total'}}]})


def reduce_atomic():
    r = Rng(13)
    n = 3001
    v = [r.u32() >> r.below(8) for _ in range(n)]
    g = 5
    totals = [u32(sum(v)), max(v), min(v), g]
    write_spec('reduce_atomic', {
        'buffers': {'values': {'data': {'u32': v}},
                    'totals': {'data': {'u32': [0, 0, 0xFFFFFFFF, 0]}, 'expect': {'u32': totals}}},
        'passes': [{'shader': shader('reduce_atomic'), 'dispatch': [g, 1, 1],
                    'bind': {'0:0': 'values', '0:1': 'totals'}}]})


def subgroup_reduce():
    r = Rng(14)
    n = 1000
    v = [0 if r.below(3) == 0 else r.u32() for _ in range(n)]
    g = (n + 255) // 256
    res = []
    for w in range(g):
        seg = v[w * 256:(w + 1) * 256]
        res += [u32(sum(seg)), sum(1 for x in seg if x), 256 // 32, 0]
    write_spec('subgroup_reduce', {
        'buffers': {'values': {'data': {'u32': v}},
                    'wg_results': {'size': 16 * g, 'expect': {'u32': res}},
                    'compacted': {'size': 4 * 256 * g}},
        'passes': [{'shader': shader('subgroup_reduce'), 'dispatch': [g, 1, 1],
                    'bind': {'0:0': 'values', '0:1': 'wg_results', '0:2': 'compacted'}}],
        'options': {'subgroup-size': 32}})


def exclusive(vals):
    out, s = [], 0
    for x in vals:
        out.append(s)
        s = u32(s + x)
    return out


def inclusive(vals):
    out, s = [], 0
    for x in vals:
        s = u32(s + x)
        out.append(s)
    return out


def scan_blelloch():
    r = Rng(15)
    n = 1500
    v = [r.u32() for _ in range(n)]
    g = (n + 511) // 512
    out = []
    for t in range(g):
        out += exclusive(v[t * 512:(t + 1) * 512])
    sums = [u32(sum(v[t * 512:(t + 1) * 512])) for t in range(g)]
    write_spec('scan_blelloch_workgroup', {
        'buffers': {'input': {'data': {'u32': v}},
                    'output': {'size': 4 * n, 'expect': {'u32': out}},
                    'block_sums': {'size': 4 * g, 'expect': {'u32': sums}}},
        'passes': [{'shader': shader('scan_blelloch_workgroup'), 'dispatch': [g, 1, 1],
                    'bind': {'0:0': 'input', '0:1': 'output', '0:2': 'block_sums'}}]})


def scan_then_propagate():
    r = Rng(16)
    n = 3000
    v = [r.below(1 << 20) for _ in range(n)]
    g = (n + 511) // 512
    sums = [u32(sum(v[t * 512:(t + 1) * 512])) for t in range(g)]
    write_spec('scan_then_propagate', {
        'buffers': {'input': {'data': {'u32': v}},
                    'data': {'size': 4 * n, 'expect': {'u32': exclusive(v)}},
                    'block_sums': {'size': 4 * g, 'expect': {'u32': sums}},
                    'block_offsets': {'size': 4 * g, 'expect': {'u32': exclusive(sums)}},
                    'grand_total': {'size': 4, 'expect': {'u32': [u32(sum(v))]}}},
        'passes': [{'shader': shader('scan_blelloch_workgroup'), 'dispatch': [g, 1, 1],
                    'bind': {'0:0': 'input', '0:1': 'data', '0:2': 'block_sums'}},
                   {'shader': shader('scan_blelloch_workgroup'), 'dispatch': [1, 1, 1],
                    'bind': {'0:0': 'block_sums', '0:1': 'block_offsets', '0:2': 'grand_total'}},
                   {'shader': shader('scan_add_offsets'), 'overrides': {'0': 512},
                    'dispatch': [(n + 255) // 256, 1, 1],
                    'bind': {'0:0': 'data', '0:1': 'block_offsets'}}]})


def scan_reduce_then_scan():
    r = Rng(17)
    items = 3
    tile = 128 * items
    n = 10000
    v = [r.u32() for _ in range(n)]
    g = (n + tile - 1) // tile
    sums = [u32(sum(v[t * tile:(t + 1) * tile])) for t in range(g)]
    src = shader('scan_reduce_then_scan')
    ov = {'1': items}
    write_spec('scan_reduce_then_scan', {
        'buffers': {'scan_in': {'data': write_u32_file('scan_reduce_then_scan.in.bin', v)},
                    'tile_sums': {'size': 4 * g, 'expect': {'u32': exclusive(sums)}},
                    'scan_out': {'size': 4 * n, 'expect': write_u32_file('scan_reduce_then_scan.out.bin', inclusive(v))}},
        'passes': [{'shader': src, 'entry': 'reduce_tiles', 'overrides': ov, 'dispatch': [g, 1, 1],
                    'bind': {'0:0': 'scan_in', '0:1': 'tile_sums'}},
                   {'shader': src, 'entry': 'scan_spine', 'overrides': ov, 'dispatch': [1, 1, 1],
                    'bind': {'0:1': 'tile_sums'}},
                   {'shader': src, 'entry': 'scan_tiles', 'overrides': ov, 'dispatch': [g, 1, 1],
                    'bind': {'0:0': 'scan_in', '0:1': 'tile_sums', '0:2': 'scan_out'}}]})


def lookback_case(seed, n):
    r = Rng(seed)
    v = [r.below(1000) for _ in range(n)]
    g = (n + 1023) // 1024
    incl = inclusive(v)
    state = [(2 << 30) | (incl[min((t + 1) * 1024, n) - 1] & MASK30) for t in range(g)]
    assert sum(v) < (1 << 30)
    return v, g, incl, state


def scan_chained_lookback():
    v, g, incl, state = lookback_case(18, 7000)
    write_spec('scan_chained_lookback', {
        'buffers': {'scan_in': {'data': {'u32': v}},
                    'scan_out': {'size': 4 * len(v), 'expect': {'u32': incl}},
                    'tile_state': {'size': 4 * g, 'expect': {'u32': state}},
                    'tile_counter': {'size': 4, 'expect': {'u32': [g]}}},
        'passes': [{'shader': shader('scan_chained_lookback'), 'dispatch': [g, 1, 1],
                    'bind': {'0:0': 'scan_in', '0:1': 'scan_out', '0:2': 'tile_state', '0:3': 'tile_counter'}}]})


def scan_decoupled_fallback():
    v, g, incl, state = lookback_case(19, 6500)
    bufs = {'scan_in': {'data': {'u32': v}},
            'scan_out': {'size': 4 * len(v), 'expect': {'u32': incl}},
            'tile_state': {'size': 4 * g, 'expect': {'u32': state}},
            'tile_counter': {'size': 4, 'expect': {'u32': [g]}},
            'fallback_counts': {'size': 4 * g}}
    bind = {'0:0': 'scan_in', '0:1': 'scan_out', '0:2': 'tile_state', '0:3': 'tile_counter',
            '0:4': 'fallback_counts'}
    # fallback_counts depends on the schedule with polling: no expectation.
    write_spec('scan_decoupled_fallback', {
        'buffers': bufs,
        'passes': [{'shader': shader('scan_decoupled_fallback'), 'dispatch': [g, 1, 1], 'bind': bind}]})
    # max_spin = 0: no predecessor is ever polled, so tile t redoes the reductions of
    # all t predecessors: fallback_counts = 0, 1, 2, ... under every scheduler.
    bufs = dict(bufs)
    bufs['fallback_counts'] = {'size': 4 * g, 'expect': {'u32': list(range(g))}}
    write_spec('scan_decoupled_fallback_forced', {
        'buffers': bufs,
        'passes': [{'shader': shader('scan_decoupled_fallback'), 'overrides': {'0': 0},
                    'dispatch': [g, 1, 1], 'bind': bind}]})


def main():
    for f in (reduce_sum_workgroup, reduce_sum_two_pass, reduce_atomic, subgroup_reduce,
              scan_blelloch, scan_then_propagate, scan_reduce_then_scan, scan_chained_lookback,
              scan_decoupled_fallback):
        f()


if __name__ == '__main__':
    main()
