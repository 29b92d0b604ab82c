"""Dense linear algebra: matmul_naive, matmul_tiled, transpose_tiled,
transpose_batched. References are the textbook definitions."""
from common import Rng, write_spec, shader, f32, fadd, fmul


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
    r = Rng(44)
    rows, cols, batch = 13, 21, 3
    src = [r.u32() for _ in range(2 * rows * cols * batch)]
    dst = []
    for b in range(batch):
        for c in range(cols):
            for rr in range(rows):
                k = 2 * (b * rows * cols + rr * cols + c)
                dst += src[k:k + 2]
    write_spec('transpose_batched', {
        'buffers': {'shape': {'data': {'u32': [rows, cols, batch, 0]}}, 'src': {'data': {'u32': src}},
                    'dst': {'size': len(src) * 4, 'expect': {'u32': dst}}},
        'passes': [{'shader': shader('transpose_batched'), 'dispatch': [(cols + 7) // 8, (rows + 7) // 8, batch],
                    'bind': {'0:0': 'shape', '0:1': 'src', '0:2': 'dst'}}]})


def main():
    matmul('matmul_naive', 'matmul_naive', 41, 20, 24, 19, False, 8)
    matmul('matmul_tiled', 'matmul_tiled', 42, 37, 29, 50, True, 16)
    matmul('matmul_tiled_fractional', 'matmul_tiled', 45, 33, 40, 35, False, 16)
    transpose_tiled()
    transpose_batched()


if __name__ == '__main__':
    main()
