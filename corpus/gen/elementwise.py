"""Elementwise maps: map_i32, map_u32, map_f32, map_f32_math, map_f16, map_bool,
convert_scalars, vector_add, saxpy. Expected values follow the WGSL spec's run-time
rules for each operator, written out in Python."""
import math
from common import (Rng, write_spec, shader, u32, i32, f32, f16, fadd, fsub, fmul,
                    f32_bits, bits_f32, U32)

INT_MIN, INT_MAX = -(1 << 31), (1 << 31) - 1


def idiv(x, y):
    if y == 0 or (x == INT_MIN and y == -1):
        return x
    q = abs(x) // abs(y)
    return q if (x < 0) == (y < 0) else -q


def irem(x, y):
    if y == 0 or (x == INT_MIN and y == -1):
        return 0
    return x - idiv(x, y) * y


def first_leading_bit_s(x):
    if x in (0, -1):
        return -1
    v = x if x >= 0 else ~x          # bits differing from the sign bit
    return v.bit_length() - 1


def extract_bits_s(x, off, cnt):
    o = min(off, 32)
    c = min(cnt, 32 - o)
    if c == 0:
        return 0
    v = (u32(x) >> o) & ((1 << c) - 1)
    if v & (1 << (c - 1)):
        v -= 1 << c
    return v


def extract_bits_u(x, off, cnt):
    o = min(off, 32)
    c = min(cnt, 32 - o)
    if c == 0:
        return 0
    return (x >> o) & ((1 << c) - 1)


def insert_bits(e, nb, off, cnt):
    o = min(off, 32)
    c = min(cnt, 32 - o)
    mask = ((1 << c) - 1) << o
    return (e & ~mask & U32) | ((nb << o) & mask)


def map_i32():
    r = Rng(1)
    edge = [0, 1, -1, INT_MIN, INT_MAX, 7, -7, 100, -100, 2, 31, 32, 33, -31]
    a, b = [], []
    for x in edge:
        for y in (0, -1, 1, 3, -5, INT_MIN, 33):
            a.append(x)
            b.append(y)
    while len(a) < 200:
        a.append(i32(r.u32()) >> r.below(31))
        b.append(i32(r.u32()) >> r.below(31))
    out = []
    for x, y in zip(a, b):
        s = y & 31
        out += [i32(x + y), i32(x - y), i32(x * y), idiv(x, y), irem(x, y),
                i32(x << s), x >> s, i32(abs(x)), max(x, y), min(x, y), i32(-x),
                i32(~x ^ y), min(max(x, -1000), 1000), (x > 0) - (x < 0),
                first_leading_bit_s(x), extract_bits_s(x, u32(y) & 31, (u32(y) >> 8) & 63)]
    n = len(a)
    write_spec('map_i32', {
        'buffers': {'a': {'data': {'i32': a}}, 'b': {'data': {'i32': b}},
                    'out': {'size': 64 * n, 'expect': {'i32': out}}},
        'passes': [{'shader': shader('map_i32'), 'dispatch': [(n + 63) // 64, 1, 1],
                    'bind': {'0:0': 'a', '0:1': 'b', '0:2': 'out'}}]})


def map_u32():
    r = Rng(2)
    edge = [0, 1, 2, 0x80000000, U32, 0x7FFFFFFF, 0x00F0F000, 12345]
    a, b = [], []
    for x in edge:
        for y in (0, 1, 31, 32, 33, U32, 0x08040201, 0x20100818):
            a.append(x)
            b.append(y)
    while len(a) < 200:
        a.append(r.u32() >> r.below(32))
        b.append(r.u32())
    out = []
    for x, y in zip(a, b):
        s = y & 31
        flb = U32 if x == 0 else x.bit_length() - 1
        ftb = U32 if x == 0 else (x & -x).bit_length() - 1
        out += [u32(x + y), u32(x - y), u32(x * y), x if y == 0 else x // y,
                0 if y == 0 else x % y, u32(x << s), x >> s, bin(x).count('1'),
                32 - x.bit_length(), 32 if x == 0 else ftb, int('{:032b}'.format(x)[::-1], 2),
                flb, ftb, extract_bits_u(x, y & 31, (y >> 8) & 63),
                insert_bits(x, y, (y >> 16) & 31, (y >> 24) & 63), max(x, y) - min(x, y)]
    n = len(a)
    write_spec('map_u32', {
        'buffers': {'a': {'data': {'u32': a}}, 'b': {'data': {'u32': b}},
                    'out': {'size': 64 * n, 'expect': {'u32': out}}},
        'passes': [{'shader': shader('map_u32'), 'dispatch': [(n + 63) // 64, 1, 1],
                    'bind': {'0:0': 'a', '0:1': 'b', '0:2': 'out'}}]})


def zsign(v, like):
    """Integral rounding results keep the sign of their input when they are zero."""
    v = float(v)
    return math.copysign(0.0, like) if v == 0.0 else v


def round_even(x):
    return zsign(round(x), x)   # Python's round() on floats is ties-to-even


def map_f32():
    r = Rng(3)
    specials = [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 3.75, -3.75, 1.0, -1.0, 0.25, -0.0078125, 100.5,
                1048576.5, -8388607.5, 1.0e6, 3.0, -7.0]
    a, b = [], []
    for i, x in enumerate(specials):
        a.append(f32(x))
        b.append(f32([2.0, -0.75, 3.0, 0.125][i % 4]))
    while len(a) < 256:
        e = r.range(-10, 10)
        a.append(f32((r.unit() + 0.0625) * 2.0 ** e * (1 if r.below(2) else -1)))
        e = r.range(-10, 10)
        b.append(f32((r.unit() + 0.0625) * 2.0 ** e * (1 if r.below(2) else -1)))
    exact, approx = [], []
    for x, y in zip(a, b):
        fl = zsign(math.floor(x), x)
        exact += [fadd(x, y), fsub(x, y), fmul(x, y), abs(x), -x, max(x, y), min(x, y),
                  fl, zsign(math.ceil(x), x), round_even(x), zsign(math.trunc(x), x),
                  fsub(x, fl), min(max(x, -2.5), 2.5), 1.0 if x >= y else 0.0,
                  min(max(x, 0.0), 1.0), x / 8.0]
        approx += [f32(x / y), f32(math.sqrt(abs(x)))]
    assert all(v == 0.0 or abs(v) > 1e-30 for v in exact + approx)
    n = len(a)
    write_spec('map_f32', {
        'buffers': {'a': {'data': {'f32': a}}, 'b': {'data': {'f32': b}},
                    'exact': {'size': 64 * n, 'expect': {'f32': exact}},
                    'approx': {'size': 8 * n, 'expect': {'f32': approx}, 'tolerance': {'ulps': 5}}},
        'passes': [{'shader': shader('map_f32'), 'dispatch': [(n + 63) // 64, 1, 1],
                    'bind': {'0:0': 'a', '0:1': 'b', '0:2': 'exact', '0:3': 'approx'}}]})


def map_f32_math():
    r = Rng(4)
    n = 300
    xs = [f32((r.unit() * 2 - 1) * 3.14159) for _ in range(n)]
    ys = [f32((r.unit() * 2 - 1) * 8) for _ in range(n)]
    zs = [f32(2 + r.unit() * 998) for _ in range(n)]
    trig, expo = [], []
    for x, y, z in zip(xs, ys, zs):
        trig += [f32(math.sin(x)), f32(math.cos(x)), f32(math.tanh(x))]
        expo += [f32(math.exp(y)), f32(2.0 ** y), f32(math.log(z)), f32(math.log2(z))]
    write_spec('map_f32_math', {
        'buffers': {'xs': {'data': {'f32': xs}}, 'ys': {'data': {'f32': ys}}, 'zs': {'data': {'f32': zs}},
                    'trig': {'size': 12 * n, 'expect': {'f32': trig}, 'tolerance': {'abs': 0.00048828125, 'rel': 0.0}},
                    'expo': {'size': 16 * n, 'expect': {'f32': expo}, 'tolerance': {'abs': 0.0, 'rel': 3e-06}}},
        'passes': [{'shader': shader('map_f32_math'), 'dispatch': [(n + 63) // 64, 1, 1],
                    'bind': {'0:0': 'xs', '0:1': 'ys', '0:2': 'zs', '0:3': 'trig', '0:4': 'expo'}}]})


F16_MIN_NORMAL = 2.0 ** -14


def f16_ok(v):
    return v == 0.0 or F16_MIN_NORMAL <= abs(v) <= 65504.0


def map_f16():
    r = Rng(5)
    a, b, c = [], [], []
    while len(a) < 130:
        x = f16((r.unit() + 0.01) * 2.0 ** r.range(-6, 6) * (1 if r.below(2) else -1))
        y = f16((r.unit() + 0.01) * 2.0 ** r.range(-6, 6) * (1 if r.below(2) else -1))
        if x == -y:
            continue
        res = [f16(x + y), f16(x - y), f16(x * y), f16(x / y)]
        if not all(f16_ok(v) and v != 0.0 for v in res):
            continue
        a.append(x)
        b.append(y)
        c.append(f32((r.unit() - 0.5) * 2.0 ** r.range(-8, 14)))
    c[:4] = [f32(1.0 + 2.0 ** -11), f32(2049.0), f32(-0.1), f32(65504.0)]   # ties and an exact max
    exact, approx, narrow, wide = [], [], [], []
    for x, y, z in zip(a, b, c):
        exact += [f16(x + y), f16(x - y), f16(x * y), min(x, y), max(x, y), abs(x),
                  zsign(math.floor(x), x), -x]
        approx += [f16(x / y), f16(math.sqrt(abs(x)))]
        narrow.append(f16(z))
        wide.append(f32(x * y))
    n = len(a)
    write_spec('map_f16', {
        'buffers': {'a': {'data': {'f16': a}}, 'b': {'data': {'f16': b}}, 'c': {'data': {'f32': c}},
                    'exact': {'size': 16 * n, 'expect': {'f16': exact}},
                    'approx': {'size': 4 * n, 'expect': {'f16': approx}, 'tolerance': {'ulps': 5}},
                    'narrow': {'size': 2 * n, 'expect': {'f16': narrow}, 'tolerance': {'ulps': 1}},
                    'wide': {'size': 4 * n, 'expect': {'f32': wide}}},
        'passes': [{'shader': shader('map_f16'), 'dispatch': [(n + 63) // 64, 1, 1],
                    'bind': {'0:0': 'a', '0:1': 'b', '0:2': 'c', '0:3': 'exact', '0:4': 'approx',
                             '0:5': 'narrow', '0:6': 'wide'}}]})


def map_bool():
    r = Rng(6)
    p, q = [], []
    for x in (0, 1, 2, U32):
        for y in (0, 1, 0x80000000):
            p.append(x)
            q.append(y)
    while len(p) < 100:
        p.append(0 if r.below(3) == 0 else r.u32() >> r.below(32))
        q.append(0 if r.below(2) == 0 else r.u32())
    out = []
    for x, y in zip(p, q):
        P, Q = x != 0, y != 0
        out += [int(P and Q), int(P or Q), int(P != Q), int(not P), int(P and Q), int(P or not Q),
                x if P else y, int(P) + int(Q) + int(P == Q) + int(not (P or Q))]
    n = len(p)
    write_spec('map_bool', {
        'buffers': {'p': {'data': {'u32': p}}, 'q': {'data': {'u32': q}},
                    'out': {'size': 32 * n, 'expect': {'u32': out}}},
        'passes': [{'shader': shader('map_bool'), 'dispatch': [(n + 63) // 64, 1, 1],
                    'bind': {'0:0': 'p', '0:1': 'q', '0:2': 'out'}}]})


def f2i(x, lo, hi):
    """WGSL float -> integer: truncate, then clamp to the range of integers that are
    representable both in the target type and in f32."""
    t = math.trunc(x)
    return min(max(t, lo), hi)


def convert_scalars():
    r = Rng(7)
    fs = [0.5, -0.5, 3.9, -3.9, 1e20, -1e20, 2147483520.0, 2147483648.0, -2147483648.0,
          4294967040.0, 4294967296.0, 16777217.0, -1.0, 65535.75, 1e-3]
    fs = [f32(x) for x in fs]
    ks = [0, 1, -1, INT_MAX, INT_MIN, 16777217, -16777217, 33554435, 0x7FFFFF, 123456789,
          -987654321, 5, 1 << 24, (1 << 24) + 1, -(1 << 30)]
    while len(fs) < 128:
        fs.append(f32((r.unit() - 0.5) * 2.0 ** r.range(0, 40)))
        ks.append(i32(r.u32()) >> r.below(32))
    to_int, to_float = [], []
    for f, k in zip(fs, ks):
        m = bits_f32((u32(k) & 0x007FFFFF) | 0x3F800000)
        to_int += [u32(f2i(f, INT_MIN, 2147483520)), f2i(f, 0, 4294967040), f32_bits(f),
                   u32(f2i(f32(m * 4.0), INT_MIN, 2147483520))]
        to_float += [f32(float(k)), f32(float(u32(k)))]
    n = len(fs)
    write_spec('convert_scalars', {
        'buffers': {'fs': {'data': {'f32': fs}}, 'is': {'data': {'i32': ks}},
                    'to_int': {'size': 16 * n, 'expect': {'u32': to_int}},
                    'to_float': {'size': 8 * n, 'expect': {'f32': to_float}, 'tolerance': {'ulps': 1}}},
        'passes': [{'shader': shader('convert_scalars'), 'dispatch': [(n + 63) // 64, 1, 1],
                    'bind': {'0:0': 'fs', '0:1': 'is', '0:2': 'to_int', '0:3': 'to_float'}}]})


def vector_add():
    r = Rng(8)
    n = 1000
    a = [f32((r.unit() - 0.5) * 2.0 ** r.range(-20, 20)) for _ in range(n)]
    b = [f32((r.unit() - 0.5) * 2.0 ** r.range(-20, 20)) for _ in range(n)]
    c = [fadd(x, y) for x, y in zip(a, b)]
    # block_size 64 via its @id; 2-D dispatch: 8 x 2 workgroups of 64 cover 1024 >= n
    write_spec('vector_add', {
        'buffers': {'a': {'data': {'f32': a}}, 'b': {'data': {'f32': b}},
                    'c': {'size': 4 * n, 'expect': {'f32': c}}},
        'passes': [{'shader': shader('vector_add'), 'overrides': {'0': 64}, 'dispatch': [8, 2, 1],
                    'bind': {'0:0': 'a', '0:1': 'b', '0:2': 'c'}}]})


def saxpy():
    r = Rng(9)
    # Dyadic values with few significant bits: alpha * x + y is exact with or without
    # fusion, so the expectation holds in every float mode.
    alpha = 2.5
    nx, ny = 700, 760
    x = [r.range(-4096, 4096) / 16.0 for _ in range(nx)]
    y = [r.range(-4096, 4096) / 32.0 for _ in range(ny)]
    n, xo, yo = 650, 40, 100          # elements 0..649; y index 100 + i stops at 759
    out = list(y)
    for i in range(n):
        if xo + i >= nx or yo + i >= ny:
            break
        out[yo + i] = fadd(fmul(alpha, x[xo + i]), y[yo + i])
    params = [f32_bits(alpha), n, 0, 0, xo, yo, 0, 0]
    write_spec('saxpy', {
        'buffers': {'params': {'data': {'u32': params}}, 'x': {'data': {'f32': x}},
                    'y': {'data': {'f32': y}, 'expect': {'f32': out}}},
        'passes': [{'shader': shader('saxpy'), 'overrides': {'1': 32}, 'dispatch': [4, 1, 1],
                    'bind': {'0:0': 'params', '0:1': 'x', '0:2': 'y'}}]})


def main():
    for f in (map_i32, map_u32, map_f32, map_f32_math, map_f16, map_bool, convert_scalars,
              vector_add, saxpy):
        f()


if __name__ == '__main__':
    main()
