"""Triton-style kernels: triton_style_masked_add, triton_style_softmax,
triton_style_layernorm, triton_style_row_sum_subgroups, triton_style_atomics. Float references are
computed in double precision from the textbook formulas and compared with
tolerances that cover the f32 accuracy rules (exp, division, sqrt, reassociation)."""
import math
from common import Rng, write_spec, shader, u32, i32, f32, fadd, fmul, f32_bits


def masked_add():
    r = Rng(51)
    n = 2500                      # 3 programs, the last one partly masked
    pad = 40
    x = [r.range(-4000, 4000) / 64.0 for _ in range(n + pad)]
    y = [r.range(-4000, 4000) / 64.0 for _ in range(n + pad)]
    alpha = 0.75
    out0 = [-1.0] * (n + pad)
    out = [fadd(x[i], fmul(y[i], alpha)) for i in range(n)] + out0[n:]
    write_spec('triton_style_masked_add', {
        'buffers': {'x_ptr': {'data': {'f32': x}}, 'y_ptr': {'data': {'f32': y}},
                    'out_ptr': {'data': {'f32': out0}, 'expect': {'f32': out}},
                    '_params': {'data': {'u32': [n, f32_bits(alpha)]}}},
        'passes': [{'shader': shader('triton_style_masked_add'), 'dispatch': [(n + 1023) // 1024, 1, 1],
                    'bind': {'0:0': 'x_ptr', '0:1': 'y_ptr', '0:2': 'out_ptr', '0:3': '_params'}}]})


def softmax():
    r = Rng(52)
    n_rows, n_cols, in_stride, out_stride = 5, 300, 304, 300
    x = []
    for _ in range(n_rows):
        x += [f32(r.unit() * 10 - 5) for _ in range(n_cols)] + [f32(1e30)] * (in_stride - n_cols)
    out, stats = [], []
    for row in range(n_rows):
        v = x[row * in_stride:row * in_stride + n_cols]
        m = max(v)
        e = [math.exp(t - m) for t in v]
        s = sum(e)
        out += [f32(t / s) for t in e]
        stats += [m, f32(s)]
    write_spec('triton_style_softmax', {
        'buffers': {'input_ptr': {'data': {'f32': x}},
                    'output_ptr': {'size': 4 * n_rows * out_stride, 'expect': {'f32': out},
                                   'tolerance': {'abs': 0.0, 'rel': 2e-05}},
                    '_params': {'data': {'i32': [n_rows, n_cols, in_stride, out_stride]}},
                    'row_stats': {'size': 8 * n_rows, 'expect': {'f32': stats},
                                  'tolerance': {'abs': 0.0, 'rel': 2e-05}}},
        'passes': [{'shader': shader('triton_style_softmax'), 'dispatch': [n_rows + 1, 1, 1],
                    'bind': {'0:0': 'input_ptr', '0:1': 'output_ptr', '0:2': '_params', '0:3': 'row_stats'}}]})


def layernorm():
    r = Rng(53)
    n_rows, N, stride = 6, 333, 340
    eps = f32(1e-5)
    X = []
    for row in range(n_rows):
        scale = 1 + row
        X += [f32((r.unit() * 4 - 2) * scale + row) for _ in range(N)] + [0.0] * (stride - N)
    W = [f32(0.5 + r.unit()) for _ in range(N)]
    B = [f32(r.unit() - 0.5) for _ in range(N)]
    Y0 = [7.0] * (n_rows * stride)
    Y, means, rstds = list(Y0), [], []
    for row in range(n_rows):
        v = X[row * stride:row * stride + N]
        mean = sum(v) / N
        var = sum((t - mean) ** 2 for t in v) / N
        rstd = 1 / math.sqrt(var + eps)
        for c in range(N):
            Y[row * stride + c] = f32((v[c] - mean) * rstd * W[c] + B[c])
        means.append(f32(mean))
        rstds.append(f32(rstd))
    tol = {'abs': 2e-05, 'rel': 2e-05}
    write_spec('triton_style_layernorm', {
        'buffers': {'X': {'data': {'f32': X}}, 'Y': {'data': {'f32': Y0}, 'expect': {'f32': Y}, 'tolerance': tol},
                    'W': {'data': {'f32': W}}, 'B': {'data': {'f32': B}},
                    'Mean': {'size': 4 * n_rows, 'expect': {'f32': means}, 'tolerance': tol},
                    'Rstd': {'size': 4 * n_rows, 'expect': {'f32': rstds}, 'tolerance': tol},
                    '_params': {'data': {'u32': [stride, N, f32_bits(eps), 0]}}},
        'passes': [{'shader': shader('triton_style_layernorm'), 'dispatch': [n_rows, 1, 1],
                    'bind': {'0:0': 'X', '0:1': 'Y', '0:2': 'W', '0:3': 'B', '0:4': 'Mean',
                             '0:5': 'Rstd', '0:6': '_params'}}]})


def row_sum_subgroups():
    r = Rng(54)
    n_rows, n_cols = 7, 1000
    X = [i32(r.u32()) >> r.below(32) for _ in range(n_rows * n_cols)]
    out = []
    for row in range(n_rows):
        v = X[row * n_cols:(row + 1) * n_cols]
        out += [i32(sum(v)), max(v)]
    write_spec('triton_style_row_sum_subgroups', {
        'buffers': {'X': {'data': {'i32': X}}, 'out': {'size': 8 * n_rows, 'expect': {'i32': out}},
                    '_params': {'data': {'i32': [n_rows, n_cols]}}},
        'passes': [{'shader': shader('triton_style_row_sum_subgroups'), 'dispatch': [n_rows, 1, 1],
                    'bind': {'0:0': 'X', '0:1': 'out', '0:2': '_params'}}],
        'options': {'subgroup-size': 32}})


def atomics():
    r = Rng(55)
    n, buckets = 3000, 24
    idx = [r.below(buckets - 3) if r.below(10) else r.below(3) for _ in range(n)]   # last 3 buckets unused
    val = [r.range(-1000, 1000) for _ in range(n)]
    sums = [0.0] * buckets
    mx = [-(1 << 31)] * buckets
    mn = [(1 << 31) - 1] * buckets
    for k, v in zip(idx, val):
        sums[k] += v
        mx[k] = max(mx[k], v)
        mn[k] = min(mn[k], v)
    assert all(abs(s) < 2 ** 24 for s in sums)
    write_spec('triton_style_atomics', {
        'buffers': {'idx_ptr': {'data': {'i32': idx}}, 'val_ptr': {'data': {'i32': val}},
                    'sum_ptr': {'size': 4 * buckets, 'expect': {'f32': [float(s) for s in sums]}},
                    'max_ptr': {'data': {'fill': {'i32': -(1 << 31), 'count': buckets}}, 'expect': {'i32': mx}},
                    'min_ptr': {'data': {'fill': {'i32': (1 << 31) - 1, 'count': buckets}}, 'expect': {'i32': mn}},
                    '_params': {'data': {'i32': [n]}}},
        'passes': [{'shader': shader('triton_style_atomics'), 'dispatch': [(n + 255) // 256, 1, 1],
                    'bind': {'0:0': 'idx_ptr', '0:1': 'val_ptr', '0:2': 'sum_ptr', '0:3': 'max_ptr',
                             '0:4': 'min_ptr', '0:5': '_params'}}]})


def main():
    masked_add()
    softmax()
    layernorm()
    row_sum_subgroups()
    atomics()


if __name__ == '__main__':
    main()
