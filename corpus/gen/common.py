"""Shared helpers for the corpus spec generators (Python 3 standard library only).

Every generator computes inputs and expected outputs from the plain definition of
its algorithm (never from wgslemu) and writes run specs into corpus/specs/.
Float reference values emulate binary32/binary16 rounding after every operation.
"""
import json
import math
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
SPECS = os.path.normpath(os.path.join(HERE, '..', 'specs'))

U32 = 0xFFFFFFFF


class Rng:
    """xorshift64* generator: stable across Python versions (unlike `random`)."""

    def __init__(self, seed):
        self.s = (seed * 0x9E3779B97F4A7C15 + 1) & 0xFFFFFFFFFFFFFFFF or 1

    def next64(self):
        x = self.s
        x ^= (x >> 12)
        x ^= (x << 25) & 0xFFFFFFFFFFFFFFFF
        x ^= (x >> 27)
        self.s = x
        return (x * 0x2545F4914F6CDD1D) & 0xFFFFFFFFFFFFFFFF

    def u32(self):
        return self.next64() >> 32

    def below(self, n):
        return self.u32() % n

    def range(self, lo, hi):
        """Integer in [lo, hi]."""
        return lo + self.below(hi - lo + 1)

    def unit(self):
        """Float in [0, 1) with 24 random bits (exact in f32)."""
        return (self.u32() >> 8) / float(1 << 24)


# ---- integer wrap-around ---------------------------------------------------

def u32(x):
    return x & U32


def i32(x):
    x &= U32
    return x - (1 << 32) if x & 0x80000000 else x


# ---- binary32 / binary16 ----------------------------------------------------
# Double precision results of + - * (and / sqrt) rounded once to binary32 or
# binary16 are the correctly rounded results (53 >= 2 * 24 + 2), so one rounding
# after each double operation emulates the narrow type exactly.

def f32(x):
    """Round a Python float to the nearest binary32 value (ties to even)."""
    return struct.unpack('<f', struct.pack('<f', x))[0]


def f16(x):
    return struct.unpack('<e', struct.pack('<e', x))[0]


def f32_bits(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]


def bits_f32(b):
    return struct.unpack('<f', struct.pack('<I', b & U32))[0]


def f16_bits(x):
    return struct.unpack('<H', struct.pack('<e', x))[0]


def is_f32(x):
    return f32(x) == x


def fadd(a, b):
    return f32(a + b)


def fsub(a, b):
    return f32(a - b)


def fmul(a, b):
    return f32(a * b)


# ---- packing helpers ---------------------------------------------------------

def pack_u8_words(byte_values):
    """Little-endian bytes -> u32 words (zero-padded to a multiple of 4)."""
    b = list(byte_values) + [0] * (-len(byte_values) % 4)
    return [b[i] | b[i + 1] << 8 | b[i + 2] << 16 | b[i + 3] << 24 for i in range(0, len(b), 4)]


def words_i64(values):
    """int64 values -> (lo, hi) u32 word pairs, flattened (vec2<i32>/vec2<u32> layout)."""
    out = []
    for v in values:
        v &= (1 << 64) - 1
        out += [v & U32, v >> 32]
    return out


# ---- spec writing ------------------------------------------------------------

def _fmt_num(v):
    if isinstance(v, bool):
        return 'true' if v else 'false'
    if isinstance(v, float):
        if math.isnan(v) or math.isinf(v):
            raise ValueError('non-finite float in spec JSON')
        return repr(v)
    return str(v)


def _dump(obj, indent):
    pad = '  ' * indent
    if isinstance(obj, dict):
        if not obj:
            return '{}'
        items = [pad + '  ' + json.dumps(k) + ': ' + _dump(v, indent + 1) for k, v in obj.items()]
        # small leaf dicts stay on one line
        if all(not isinstance(v, (dict, list)) or (isinstance(v, list) and len(v) <= 3 and
               all(not isinstance(x, (dict, list)) for x in v)) for v in obj.values()) and len(obj) <= 4:
            return '{' + ', '.join(json.dumps(k) + ': ' + _dump(v, 0) for k, v in obj.items()) + '}'
        return '{\n' + ',\n'.join(items) + '\n' + pad + '}'
    if isinstance(obj, list):
        if all(not isinstance(x, (dict, list)) for x in obj):
            return '[' + ', '.join(_fmt_num(x) if not isinstance(x, str) else json.dumps(x) for x in obj) + ']'
        return '[\n' + ',\n'.join(pad + '  ' + _dump(x, indent + 1) for x in obj) + '\n' + pad + ']'
    if isinstance(obj, str):
        return json.dumps(obj)
    return _fmt_num(obj)


def write_spec(name, spec):
    """Write corpus/specs/NAME.json. Checks that every expectation covers its buffer."""
    for bname, b in spec['buffers'].items():
        for key in ('data', 'expect'):
            if key in b:
                n = data_size(b[key])
                size = b.get('size', data_size(b['data']) if 'data' in b else None)
                if n is not None and size is not None and key == 'expect' and n != size:
                    raise ValueError('%s: %s.%s has %d bytes, buffer %d' % (name, bname, key, n, size))
                for kind in ('f32', 'f16'):
                    if kind in b[key]:
                        conv = f32 if kind == 'f32' else f16
                        for v in b[key][kind]:
                            if conv(v) != v:
                                raise ValueError('%s: %s.%s value %r not exact %s' % (name, bname, key, v, kind))
    path = os.path.join(SPECS, name + '.json')
    with open(path, 'w') as f:
        f.write(_dump(spec, 0) + '\n')
    return path


def data_size(d):
    for k, w in (('u32', 4), ('i32', 4), ('f32', 4), ('f16', 2), ('u8', 1)):
        if k in d:
            return w * len(d[k])
    if 'zero' in d:
        return d['zero']
    for k in ('fill', 'iota'):
        if k in d:
            return 4 * d[k]['count']
    return None


def write_u32_file(name, words):
    """Raw little-endian u32 words -> corpus/specs/data/NAME; returns the DATA object."""
    folder = os.path.join(SPECS, 'data')
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), 'wb') as f:
        f.write(struct.pack('<%dI' % len(words), *[w & U32 for w in words]))
    return {'file': 'data/' + name}


def shader(name):
    return '../' + name + '.wgsl'
