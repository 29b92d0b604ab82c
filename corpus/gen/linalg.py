"""Dense linear algebra: matmul_naive, matmul_tiled, transpose_tiled,
transpose_batched, particles_vec_mat. References are the textbook definitions."""
from common import Rng, write_spec, shader, u32, f32, fadd, fmul, f32_bits


def matmul_ref(A, B, M, N, K):
    C = []
    for i in range(M):
        for j in range(N):
            acc = 0.0
            for k in range(K):
                acc = fadd(acc, fmul(A[i * K + k], B[k * N + j]))
            C.append(acc)
    return C


def matmul(name, kernel, seed, M, N, K, integer_valued, groups_div):
    r = Rng(seed)
    if integer_valued:
        # small integers: every product and partial sum is exact in f32, so the
        # result is the same for any summation order, with or without fusion
        A = [float(r.range(-8, 8)) for _ in range(M * K)]
        B = [float(r.range(-8, 8)) for _ in range(K * N)]
        tol = None
    else:
        A = [f32(r.unit() * 2 - 1) for _ in range(M * K)]
        B = [f32(r.unit() * 2 - 1) for _ in range(K * N)]
        tol = {'abs': 1e-05, 'rel': 1e-05}   # fusion and reassociation are allowed
    C = matmul_ref(A, B, M, N, K)
    c = {'size': 4 * M * N, 'expect': {'f32': C}}
    if tol:
        c['tolerance'] = tol
    write_spec(name, {
        'buffers': {'dims': {'data': {'u32': [M, N, K, 0]}}, 'A': {'data': {'f32': A}},
                    'B': {'data': {'f32': B}}, 'C': c},
        'passes': [{'shader': shader(kernel),
                    'dispatch': [(N + groups_div - 1) // groups_div, (M + groups_div - 1) // groups_div, 1],
                    'bind': {'0:0': 'dims', '0:1': 'A', '0:2': 'B', '0:3': 'C'}}]})


def transpose_tiled():
    r = Rng(43)
    rows, cols = 45, 70
    src = [f32(r.unit() * 100 - 50) for _ in range(rows * cols)]
    dst = [src[rr * cols + c] for c in range(cols) for rr in range(rows)]
    write_spec('transpose_tiled', {
        'buffers': {'shape': {'data': {'u32': [rows, cols]}}, 'src': {'data': {'f32': src}},
                    'dst': {'size': 4 * rows * cols, 'expect': {'f32': dst}}},
        'passes': [{'shader': shader('transpose_tiled'), 'dispatch': [(cols + 31) // 32, (rows + 31) // 32, 1],
                    'bind': {'0:0': 'shape', '0:1': 'src', '0:2': 'dst'}}]})


def transpose_batched():
    rows, cols, batch = 13, 21, 3
    src = list(range(1000, 1000 + 2 * rows * cols * batch))     # iota
    dst = []
    for b in range(batch):
        for c in range(cols):
            for rr in range(rows):
                k = 2 * (b * rows * cols + rr * cols + c)
                dst += src[k:k + 2]
    write_spec('transpose_batched', {
        'buffers': {'shape': {'data': {'u32': [rows, cols, batch, 0]}},
                    'src': {'data': {'iota': {'u32': 1000, 'count': len(src)}}},
                    'dst': {'size': len(src) * 4, 'expect': {'u32': dst}}},
        'passes': [{'shader': shader('transpose_batched'), 'dispatch': [(cols + 7) // 8, (rows + 7) // 8, batch],
                    'bind': {'0:0': 'shape', '0:1': 'src', '0:2': 'dst'}}]})


def particles():
    r = Rng(46)
    n = 70
    transform = [[1.0, 0.0, 0.5, 0.0], [0.0, 2.0, 0.0, 0.0], [-1.0, 0.0, 1.0, 0.0], [3.0, -2.0, 0.25, 1.0]]  # columns
    gravity, dt = [0.25, -1.5, 0.75], 0.5
    scale = [[1.0, 0.5], [-0.5, 2.0]]                                                              # columns
    sim = [f32_bits(v) for col in transform for v in col] + [f32_bits(v) for v in gravity] + [f32_bits(dt)]
    sim += [f32_bits(v) for col in scale for v in col] + [0, 0, 0, 0]
    parts, after, world, stats = [], [], [], []
    for i in range(n):
        pos = [r.range(-400, 400) / 4.0 for _ in range(3)]
        mass = [0.5, 1.0, 2.0, 4.0][r.below(4)]
        vel = [r.range(-64, 64) / 8.0 for _ in range(2)]
        pid = r.u32()
        parts += [f32_bits(v) for v in pos] + [f32_bits(mass)] + [f32_bits(v) for v in vel] + [pid, 0xABCDEF]
        sv = [scale[0][0] * vel[0] + scale[1][0] * vel[1], scale[0][1] * vel[0] + scale[1][1] * vel[1]]
        nv = [sv[0] + gravity[0] * (dt / mass), sv[1] + gravity[1] * (dt / mass)]
        v3 = nv + [gravity[2]]
        np_ = [pos[k] + v3[k] * dt for k in range(3)]
        after += [f32_bits(v) for v in np_] + [f32_bits(mass)] + [f32_bits(v) for v in nv] + [u32(pid + 1), 0xABCDEF]
        h = np_ + [1.0]
        world += [sum(transform[c][row] * h[c] for c in range(4)) for row in range(4)]
        cr = [np_[1] * v3[2] - np_[2] * v3[1], np_[2] * v3[0] - np_[0] * v3[2], np_[0] * v3[1] - np_[1] * v3[0]]
        stats += cr + [sum(v * v for v in v3)]
    assert all(f32(v) == v for v in world + stats)
    write_spec('particles_vec_mat', {
        'buffers': {'sim': {'data': {'u32': sim}},
                    'particles': {'data': {'u32': parts}, 'expect': {'u32': after}},
                    'world': {'size': 16 * n, 'expect': {'f32': world}},
                    'stats': {'size': 16 * n, 'expect': {'f32': stats}}},
        'passes': [{'shader': shader('particles_vec_mat'), 'dispatch': [(n + 31) // 32, 1, 1],
                    'bind': {'0:0': 'sim', '0:1': 'particles', '0:2': 'world', '0:3': 'stats'}}]})


def main():
    matmul('matmul_naive', 'matmul_naive', 41, 20, 24, 19, False, 8)
    matmul('matmul_tiled', 'matmul_tiled', 42, 37, 29, 50, True, 16)
    matmul('matmul_tiled_fractional', 'matmul_tiled', 45, 33, 40, 35, False, 16)
    transpose_tiled()
    transpose_batched()
    particles()


if __name__ == '__main__':
    main()
