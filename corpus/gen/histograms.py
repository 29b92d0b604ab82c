"""Histograms: histogram_atomic (three binning modes) and histogram_packed_bins
(8-bit and 16-bit counters packed in words, CAS updates). References count with
plain Python loops."""
from common import Rng, write_spec, shader, pack_u8_words


def histogram_atomic(name, mode, seed, nbytes, groups, as_bytes=False):
    r = Rng(seed)
    data = [r.below(256) if r.below(4) else r.below(16) for _ in range(nbytes)]
    words = pack_u8_words(data)
    words += [0xDEADBEEF]            # a word past num_bytes: must be ignored
    bins = [0] * 256
    for b in data:
        if mode == 1:
            k = b >> 4
        elif mode == 2:
            k = b & 15
        elif mode == 3:
            k = bin(b).count('1')
        else:
            k = b
        bins[k] += 1
    hist = [nbytes, 0, 0, 0] + bins
    if as_bytes:       # the same contents written as a u8 DATA list
        words_data = {'u8': [(w >> (8 * k)) & 0xFF for w in words for k in range(4)]}
    else:
        words_data = {'u32': words}
    write_spec(name, {
        'buffers': {'params': {'data': {'u32': [mode, nbytes]}},
                    'input_words': {'data': words_data},
                    'hist': {'size': 16 + 256 * 4, 'expect': {'u32': hist}}},
        'passes': [{'shader': shader('histogram_atomic'), 'dispatch': [groups, 1, 1],
                    'bind': {'0:0': 'params', '0:1': 'input_words', '0:2': 'hist'}}]})


def histogram_packed(name, bits, seed, n, groups):
    r = Rng(seed)
    keys = [r.below(70) if r.below(8) else r.below(4) for _ in range(n)]   # some >= 64, hot bins 0..3
    weights = [r.u32() for _ in range(n)]
    mod = 1 << bits
    init = [r.below(mod) for _ in range(64)]
    counts = list(init)
    for k, w in zip(keys, weights):
        if k < 64:
            counts[k] = (counts[k] + (w & (mod - 1))) % mod
    per = 32 // bits

    def pack(c):
        return [sum(c[w * per + j] << (j * bits) for j in range(per)) for w in range(64 // per)]

    write_spec(name, {
        'buffers': {'keys': {'data': {'u32': keys}}, 'weights': {'data': {'u32': weights}},
                    'hist': {'data': {'u32': pack(init)}, 'expect': {'u32': pack(counts)}}},
        'passes': [{'shader': shader('histogram_packed_bins'), 'overrides': {'0': bits},
                    'dispatch': [groups, 1, 1], 'bind': {'0:0': 'keys', '0:1': 'weights', '0:2': 'hist'}}]})


def main():
    histogram_atomic('histogram_atomic_bytes', 0, 21, 10001, 4, as_bytes=True)
    histogram_atomic('histogram_atomic_high_nibble', 1, 22, 3003, 2)
    histogram_atomic('histogram_atomic_popcount', 3, 23, 4098, 3)
    histogram_packed('histogram_packed_u8', 8, 24, 3000, 5)
    histogram_packed('histogram_packed_u16', 16, 25, 3000, 3)


if __name__ == '__main__':
    main()
