"""The remaining corpus kernels: stream compaction (3-pass and with an indirect
dispatch), Jacobi sweeps, bitonic sort, CSR SpMV, Mandelbrot iteration counts,
spin locks, f16 dot product, a spec with inline WGSL source. References are the algorithms' plain definitions."""
from fractions import Fraction
from common import Rng, write_spec, shader, u32, f32, f16, fadd, fmul, fsub, f32_bits


def compaction_case(seed, n, threshold):
    r = Rng(seed)
    src = [r.below(1000) for _ in range(n)]
    g = (n + 127) // 128
    counts = [sum(1 for v in src[b * 128:(b + 1) * 128] if v >= threshold) for b in range(g)]
    offs, s = [], 0
    for c in counts:
        offs.append(s)
        s += c
    kept = [v for v in src if v >= threshold]
    return src, g, counts, offs, kept


def compaction_passes(g, n):
    return [{'shader': shader('stream_compaction'), 'dispatch': [g, 1, 1],
             'bind': {'0:0': 'params', '0:1': 'src', '0:2': 'zero_offsets', '0:3': 'scratch', '0:4': 'block_counts'}},
            {'shader': shader('scan_blelloch_workgroup'), 'dispatch': [1, 1, 1],
             'bind': {'0:0': 'block_counts', '0:1': 'block_offsets', '0:2': 'total'}},
            {'shader': shader('stream_compaction'), 'dispatch': [g, 1, 1],
             'bind': {'0:0': 'params', '0:1': 'src', '0:2': 'block_offsets', '0:3': 'dst', '0:4': 'block_counts'}}]


def stream_compaction():
    n, threshold = 3000, 700
    src, g, counts, offs, kept = compaction_case(71, n, threshold)
    write_spec('stream_compaction', {
        'buffers': {'params': {'data': {'u32': [threshold, n]}}, 'src': {'data': {'u32': src}},
                    'zero_offsets': {'data': {'zero': 4 * g}}, 'scratch': {'size': 4 * n},
                    'block_counts': {'size': 4 * g, 'expect': {'u32': counts}},
                    'block_offsets': {'size': 4 * g, 'expect': {'u32': offs}},
                    'total': {'size': 4, 'expect': {'u32': [len(kept)]}},
                    'dst': {'size': 4 * n, 'expect': {'u32': kept + [0] * (n - len(kept))}}},
        'passes': compaction_passes(g, n)})


def stream_compaction_indirect():
    n, threshold = 5000, 900
    src, g, counts, offs, kept = compaction_case(72, n, threshold)
    passes = compaction_passes(g, n)
    passes += [{'shader': shader('indirect_dispatch'), 'entry': 'size_dispatch', 'dispatch': [1, 1, 1],
                'bind': {'0:0': 'total', '0:1': 'indirect'}},
               {'shader': shader('indirect_dispatch'), 'entry': 'process',
                'dispatch_indirect': {'buffer': 'indirect', 'offset': 0},
                'bind': {'0:0': 'total', '0:2': 'dst'}}]
    c = len(kept)
    write_spec('stream_compaction_indirect', {
        'buffers': {'params': {'data': {'u32': [threshold, n]}}, 'src': {'data': {'u32': src}},
                    'zero_offsets': {'size': 4 * g}, 'scratch': {'size': 4 * n},
                    'block_counts': {'size': 4 * g, 'expect': {'u32': counts}},
                    'block_offsets': {'size': 4 * g, 'expect': {'u32': offs}},
                    'total': {'size': 4, 'expect': {'u32': [c]}},
                    'indirect': {'data': {'u32': [0, 0, 0]}, 'expect': {'u32': [(c + 63) // 64, 1, 1]}},
                    'dst': {'size': 4 * n, 'expect': {'u32': [2 * v + 1 for v in kept] + [0] * (n - c)}}},
        'passes': passes})


def jacobi():
    r = Rng(73)
    w, h, omega, sweeps = 40, 30, 0.5, 4
    u = [float(r.below(1024)) for _ in range(w * h)]
    grids = [u]
    residuals = []
    for _ in range(sweeps):
        cur = grids[-1]
        nxt = list(cur)
        res = 0.0
        for y in range(h):
            for x in range(w):
                c = cur[y * w + x]
                if 0 < x < w - 1 and 0 < y < h - 1:
                    s = fadd(fadd(fadd(cur[y * w + x - 1], cur[y * w + x + 1]), cur[(y - 1) * w + x]),
                             cur[(y + 1) * w + x])
                    avg = fmul(0.25, s)
                    nv = fadd(fmul(c, 1 - omega), fmul(avg, omega))
                    assert nv == c + (avg - c) * omega      # exact: any mix formula agrees
                    nxt[y * w + x] = nv
                res = max(res, abs(nxt[y * w + x] - c))
        grids.append(nxt)
        residuals.append(f32_bits(res))
    bufs = {'grid': {'data': {'u32': [w, h, f32_bits(omega), 0]}},
            'u0': {'data': {'f32': u}, 'expect': {'f32': grids[4]}},
            'u1': {'size': 4 * w * h, 'expect': {'f32': grids[3]}}}
    passes = []
    for k in range(sweeps):
        name = 'residual%d' % k
        bufs[name] = {'size': 4, 'expect': {'u32': [residuals[k]]}}
        a, b = ('u0', 'u1') if k % 2 == 0 else ('u1', 'u0')
        passes.append({'shader': shader('jacobi_stencil'), 'dispatch': [(w + 15) // 16, (h + 15) // 16, 1],
                       'bind': {'0:0': 'grid', '0:1': a, '0:2': b, '0:3': name}})
    write_spec('jacobi_stencil', {'buffers': bufs, 'passes': passes})


def bitonic():
    r = Rng(74)
    n = 1300
    keys = [r.u32() if r.below(4) else r.below(20) for _ in range(n)]
    keys[5] = keys[700] = 0xFFFFFFFF
    out = []
    for b in range(0, n, 512):
        out += sorted(keys[b:b + 512])
    write_spec('bitonic_sort_workgroup', {
        'buffers': {'data': {'data': {'u32': keys}, 'expect': {'u32': out}}},
        'passes': [{'shader': shader('bitonic_sort_workgroup'), 'dispatch': [(n + 511) // 512, 1, 1],
                    'bind': {'0:0': 'data'}}]})


def spmv():
    r = Rng(75)
    rows, cols = 50, 40
    row_ptr, col_idx, vals = [0], [], []
    for _ in range(rows):
        for _ in range(r.below(9)):
            col_idx.append(r.below(cols + 3))         # some columns >= num_cols: skipped
            vals.append(r.range(-64, 64) / 8.0)
        row_ptr.append(len(col_idx))
    nnz = len(col_idx)
    row_ptr[-1] = nnz + 10                             # malformed end: clamped to nnz
    x = [r.range(-100, 100) / 4.0 for _ in range(cols)]
    y = []
    for rr in range(rows):
        acc = 0.0
        for k in range(min(row_ptr[rr], nnz), min(row_ptr[rr + 1], nnz)):
            if col_idx[k] < cols:
                acc = fadd(acc, fmul(vals[k], x[col_idx[k]]))
        y.append(acc)
    assert all(abs(v) < 2 ** 20 for v in y)            # few bits: exact in any order
    write_spec('spmv_csr', {
        'buffers': {'csr': {'data': {'u32': [rows, cols, nnz, 0] + row_ptr}},
                    'col_idx': {'data': {'u32': col_idx}}, 'vals': {'data': {'f32': vals}},
                    'x': {'data': {'f32': x}}, 'y': {'data': {'f32': [9.0] * rows}, 'expect': {'f32': y}}},
        'passes': [{'shader': shader('spmv_csr'), 'dispatch': [(rows + 63) // 64, 1, 1],
                    'bind': {'0:0': 'csr', '0:1': 'col_idx', '0:2': 'vals', '0:3': 'x', '0:4': 'y'}}]})


def ffma(a, b, c):
    return f32(float(Fraction(a) * Fraction(b) + Fraction(c)))


def escape(cx, cy, max_iter, model):
    x = y = 0.0
    i = 0
    while True:
        if i >= max_iter:
            break
        if model == 'plain':
            re = fadd(fsub(fmul(x, x), fmul(y, y)), cx)
            im = fadd(fmul(fmul(2.0, x), y), cy)
        elif model == 'fused':
            re = fadd(ffma(x, x, -fmul(y, y)), cx)
            im = ffma(fmul(2.0, x), y, cy)
        elif model == 'reassociated':           # (a - b) + c -> (a + c) - b
            re = fsub(fadd(fmul(x, x), cx), fmul(y, y))
            im = fadd(fmul(fmul(2.0, x), y), cy)
        elif model == 'reassociated_fused':
            re = fsub(ffma(x, x, cx), fmul(y, y))
            im = ffma(fmul(2.0, x), y, cy)
        else:
            re = x * x - y * y + cx
            im = 2 * x * y + cy
        x, y = re, im
        i += 1
        if model in ('plain', 'reassociated'):
            d = fadd(fmul(x, x), fmul(y, y))
        elif model in ('fused', 'reassociated_fused'):
            d = ffma(x, x, fmul(y, y))
        else:
            d = x * x + y * y
        if d > 4.0:
            break
    return i


def mandelbrot():
    width, height, max_iter = 24, 16, 24
    center, scale = (f32(-0.6), f32(0.05)), f32(0.125)
    its = []
    for py in range(height):
        for px in range(width):
            gx, gy = px - width * 0.5, py - height * 0.5
            cx = fadd(center[0], fmul(gx, scale))
            cy = fadd(center[1], fmul(gy, scale))
            results = {escape(cx, cy, max_iter, m) for m in ('plain', 'fused', 'reassociated', 'reassociated_fused', 'double')}
            results.add(escape(ffma(gx, scale, center[0]), ffma(gy, scale, center[1]), max_iter, 'fused'))
            assert len(results) == 1, (px, py, results)   # robust to fusion and precision
            its.append(results.pop())
    view = [width, height, max_iter, 0, f32_bits(center[0]), f32_bits(center[1]), f32_bits(scale), 0]
    write_spec('mandelbrot', {
        'buffers': {'view': {'data': {'u32': view}},
                    'iterations': {'size': 4 * width * height, 'expect': {'u32': its}},
                    'rgba': {'size': 4 * width * height}},
        'passes': [{'shader': shader('mandelbrot'), 'overrides': {'0': 8, '1': 4},
                    'dispatch': [width // 8, height // 4, 1],
                    'bind': {'0:0': 'view', '0:1': 'iterations', '0:2': 'rgba'}}]})


def spin_lock(name, scheme, groups, wg, rounds):
    participants = groups if scheme == 0 else groups * wg
    total = participants * rounds
    write_spec(name, {
        'buffers': {'state': {'size': 20, 'expect': {'u32': [0, total, total, 0, 0]}},
                    'owner_log': {'size': 4 * total}},
        'passes': [{'shader': shader('spin_lock_mutex'), 'overrides': {'0': scheme, '1': rounds, '2': wg},
                    'dispatch': [groups, 1, 1], 'bind': {'0:0': 'state', '0:1': 'owner_log'}}]})


def f16_dot():
    r = Rng(76)
    n = 300
    xs = [float(r.range(-20, 20)) for _ in range(4 * n)]
    ys = [float(r.range(-20, 20)) for _ in range(4 * n)]
    g = (n + 63) // 64
    parts = []
    for w in range(g):
        s = 0
        for i in range(w * 64, min((w + 1) * 64, n)):
            d = sum(xs[4 * i + k] * ys[4 * i + k] for k in range(4))
            assert abs(d) <= 2048 and f16(d) == d
            s += d
        parts.append(float(s))
    write_spec('f16_dot', {
        'buffers': {'xs': {'data': {'f16': xs}}, 'ys': {'data': {'f16': ys}},
                    'partials': {'size': 4 * g, 'expect': {'f32': parts}},
                    'stats': {'size': 8, 'expect': {'u32': [0, 0]}}},
        'passes': [{'shader': shader('f16_dot'), 'dispatch': [g, 1, 1],
                    'bind': {'0:0': 'xs', '0:1': 'ys', '0:2': 'partials', '0:3': 'stats'}}]})


INLINE_SOURCE = '''@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  if (gid.x < arrayLength(&out)) {
    out[gid.x] = gid.x * gid.x + 7u;
  }
}
'''


def inline_source():
    n = 200
    write_spec('inline_source', {
        'buffers': {'out': {'size': 4 * n, 'expect': {'u32': [i * i + 7 for i in range(n)]}}},
        'passes': [{'source': INLINE_SOURCE, 'dispatch': [(n + 63) // 64, 1, 1], 'bind': {'0:0': 'out'}}]})


def main():
    stream_compaction()
    stream_compaction_indirect()
    jacobi()
    bitonic()
    spmv()
    mandelbrot()
    spin_lock('spin_lock_workgroups', 0, 8, 64, 3)
    spin_lock('spin_lock_simt_safe', 1, 4, 32, 2)
    f16_dot()
    inline_source()


if __name__ == '__main__':
    main()
