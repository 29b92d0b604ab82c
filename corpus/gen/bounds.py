"""The global_failure protocol of seed 004 (bounds_check_gather.wgsl): a run without
failure, a failed index check (code 0) and a failed division check (code 1).
References follow the kernel's definition: a failing workgroup writes nothing after
its failure point, the others (failure_is_an_option = 0) complete."""
from common import Rng, write_spec, shader, i32

WG = 64
SENT = 12345


def tdiv(a, b):
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def case(name, seed, bad_index=None, zero_divisor=None, fio=0):
    r = Rng(seed)
    n, m = 500, 600
    g = (m + WG - 1) // WG
    vs = [r.range(-100000, 100000) for _ in range(n)]
    iss = [r.below(n) for _ in range(m)]
    ds = [r.range(1, 50) * (1 if r.below(2) else -1) for _ in range(g)]
    code, fargs = -1, [-7, -7]
    fail_wg = None
    if bad_index is not None:
        pos, val = bad_index
        iss[pos] = val
        code, fargs, fail_wg = 0, [val, n], pos // WG
    if zero_divisor is not None:
        ds[zero_divisor] = 0
        code, fargs, fail_wg = 1, [zero_divisor, 0], zero_divisor
    qs = [SENT] * g
    diffs = [SENT] * m
    for w in range(g):
        if w == fail_wg:
            continue
        xs = [vs[iss[i]] for i in range(w * WG, min((w + 1) * WG, m))]
        q = tdiv(sum(xs), ds[w])
        qs[w] = q
        for k, x in enumerate(xs):
            diffs[w * WG + k] = i32(x - q)
    write_spec(name, {
        'buffers': {'global_failure': {'data': {'i32': [-1]}, 'expect': {'i32': [code]}},
                    'global_failure_args': {'data': {'i32': [-7, -7]}, 'expect': {'i32': fargs}},
                    'args': {'data': {'i32': [n, m, fio, 0]}},
                    'vs': {'data': {'i32': vs}}, 'is': {'data': {'i32': iss}}, 'ds': {'data': {'i32': ds}},
                    'qs': {'data': {'i32': [SENT] * g}, 'expect': {'i32': qs}},
                    'diffs': {'data': {'i32': [SENT] * m}, 'expect': {'i32': diffs}}},
        'passes': [{'shader': shader('bounds_check_gather'), 'dispatch': [g, 1, 1],
                    'bind': {'0:0': 'global_failure', '0:1': 'global_failure_args', '0:2': 'args',
                             '0:3': 'vs', '0:4': 'is', '0:5': 'ds', '0:6': 'qs', '0:7': 'diffs'}}]})


def main():
    case('bounds_check_ok', 61, fio=1)
    case('bounds_check_fail_index', 62, bad_index=(2 * WG + 17, 500))
    case('bounds_check_fail_divisor', 63, zero_divisor=5)


if __name__ == '__main__':
    main()
