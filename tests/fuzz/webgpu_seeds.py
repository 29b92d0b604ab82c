#!/usr/bin/env python3
"""Writes the hand-written seed sequences of fuzz_webgpu (tests/fuzz/fuzz_webgpu.cpp) into a folder
(tests/data/fuzz-regressions/webgpu/ holds the committed output; CTest replays it).

Each sequence is spelled with the decoder's opcodes and operand bytes, in the order the decoder
reads them. A handle operand of a non-empty pool is two bytes: 1 (not null) and its index."""
import os
import sys

OP = dict(buffer=0, module=2, bgl=3, pipeline_layout=4, pipeline=5, pipeline_async=6, get_bgl=7,
          bind_group=8, encoder=9, encoder_call=10, pass_call=11, submit=13, write=14, buffer_call=15,
          error_scope=16, events=17, ref=18)
LABEL_FUZZ, LABEL_NULL = 2, 0
STORAGE, MAP_READ, MAP_WRITE, COPY_SRC, COPY_DST, UNIFORM = 0x80, 1, 2, 4, 8, 0x40
SIZE_16, SIZE_64, SIZE_256 = [2, 3], [2, 4], [2, 5]  # indices into the decoder's size table
KEEP_STORAGE, NO_STORAGE, NOT_MAPPED, MAPPED = 1, 0, 1, 0


def h(i):
    return [1, i]


def buffer(size, usage, storage=KEEP_STORAGE, mapped=NOT_MAPPED, label=LABEL_FUZZ):
    return [OP['buffer'], label] + size + [usage & 0xff, usage >> 8, storage, mapped]


def module(kernel):
    return [OP['module'], 1, kernel, 1, LABEL_FUZZ]


def pipeline(module_index, layout=None, entry=1, async_mode=None):
    ops = [OP['pipeline' if async_mode is None else 'pipeline_async'], 0, 0, LABEL_FUZZ]
    ops += [1] if layout is None else [0] + h(layout)
    ops += h(module_index) + [entry, 1]
    if async_mode is not None:
        ops += [async_mode]
    return ops


def bind_group(layout, entries):
    ops = [OP['bind_group'], len(entries)]
    for binding, buf in entries:  # binding = entry index + (byte % 2)
        ops += [1, binding] + h(buf) + [0, 0]  # offset 0, whole size
    return ops + [LABEL_FUZZ] + h(layout)


def encoder():
    return [OP['encoder'], LABEL_FUZZ, 1]


def begin_pass(enc):
    return [OP['encoder_call']] + h(enc) + [0, LABEL_FUZZ, 1]


def finish(enc):
    return [OP['encoder_call']] + h(enc) + [1, LABEL_FUZZ, 1]


def set_pipeline(p, pipe):
    return [OP['pass_call']] + h(p) + [0] + h(pipe)


def set_bind_group(p, index, group):
    return [OP['pass_call']] + h(p) + [1, 0, 1, index] + h(group)


def dispatch(p, x=1, y=0):
    return [OP['pass_call']] + h(p) + [2, x, y, 2]


def end(p):
    return [OP['pass_call']] + h(p) + [3]


def submit(*cbs):
    ops = [OP['submit'], len(cbs)]
    for c in cbs:
        ops += h(c)
    return ops


def write(buf, data):
    return [OP['write']] + h(buf) + [0, len(data)] + list(data)


def map_async(buf, mode, cb_mode=1):
    return [OP['buffer_call']] + h(buf) + [0, cb_mode, mode, 0, 1]


def mapped_range(buf, writable):
    return [OP['buffer_call']] + h(buf) + [1, 0, 1, 1 if writable else 0] + ([0x33] if writable else [])


def unmap(buf):
    return [OP['buffer_call']] + h(buf) + [4]


def destroy(buf):
    return [OP['buffer_call']] + h(buf) + [5]


def process_events():
    return [OP['events'], 0]


def wait_any(future_index):
    return [OP['events'], 3, 0, 1, future_index]


def release(kind, index):
    return [OP['ref'], kind, index, 1]


def add_ref(kind, index):
    return [OP['ref'], kind, index, 0]


SEEDS = {
    # Kernel 0 on a storage buffer, copied to a MapRead buffer, mapped, read, unmapped.
    'seed-dispatch-readback': (
        buffer(SIZE_256, STORAGE | COPY_SRC | COPY_DST) +
        buffer(SIZE_256, MAP_READ | COPY_DST, storage=NO_STORAGE, label=LABEL_NULL) +
        module(0) + pipeline(0) + [OP['get_bgl']] + h(0) + [0] +
        bind_group(0, [(0, 0)]) + write(0, range(16)) +
        encoder() + begin_pass(0) + set_pipeline(0, 0) + set_bind_group(0, 0, 0) + dispatch(0, 2) + end(0) +
        [OP['encoder_call']] + h(0) + [2] + h(0) + h(1) + [0, 0, 1, 16] +  # copy 64 bytes
        finish(0) + submit(0) + map_async(1, MAP_READ) + process_events() + mapped_range(1, False) +
        unmap(1) + release(0, 0)),
    # Kernel 1 with an explicit layout of two groups (storage read, storage, uniform), created
    # asynchronously inside an error scope, waited on, then dispatched.
    'seed-explicit-layout-async': (
        [OP['error_scope'], 1, 1] +
        [OP['bgl'], 2, 1, 0, 1, 4, 1, 1, 1, 0, 1, 3, 1, 1, LABEL_FUZZ] +
        [OP['bgl'], 1, 1, 0, 1, 2, 1, 1, LABEL_FUZZ] +
        [OP['pipeline_layout'], 2] + h(0) + h(1) + [LABEL_FUZZ] +
        module(1) + pipeline(0, layout=0, async_mode=0) + wait_any(0) +
        [OP['error_scope'], 0, 1] + process_events() +
        buffer(SIZE_64, STORAGE | COPY_DST) + buffer(SIZE_64, STORAGE | COPY_SRC) +
        buffer(SIZE_16, UNIFORM | COPY_DST, storage=NO_STORAGE) +
        write(2, [16, 0, 0, 0, 0, 0, 0, 0x40]) +
        bind_group(0, [(0, 0), (0, 1)]) + bind_group(1, [(0, 2)]) +
        encoder() + begin_pass(0) + set_pipeline(0, 0) + set_bind_group(0, 0, 0) + set_bind_group(0, 1, 1) +
        dispatch(0, 1, 1) + end(0) + finish(0) + submit(0) + [OP['events'], 1, 2]),
    # Misuse: a buffer mapped at creation used in a copy and a submit, destroyed, written, a pass
    # ended twice, an encoder finished twice, a command buffer submitted twice, references added
    # and released, the device destroyed, then more calls.
    'seed-misuse': (
        buffer(SIZE_64, MAP_WRITE | COPY_SRC, storage=NO_STORAGE, mapped=MAPPED) +
        buffer(SIZE_64, STORAGE | COPY_DST) + mapped_range(0, True) +
        encoder() + [OP['encoder_call']] + h(0) + [2] + h(0) + h(1) + [0, 0, 0] +
        begin_pass(0) + end(0) + end(0) + finish(0) + finish(0) + submit(0, 0) +
        unmap(0) + destroy(1) + write(1, [1, 2, 3, 4]) + add_ref(0, 0) + release(0, 1) +
        module(2) + pipeline(0) + add_ref(4, 0) + release(1, 0) + release(4, 0) +
        [19, 0, 0, 0] +  # a device call: destroy the device
        buffer(SIZE_16, STORAGE) + encoder() + submit()),
}


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..', 'data',
                                                            'fuzz-regressions', 'webgpu')
    os.makedirs(out, exist_ok=True)
    for name, ops in SEEDS.items():
        with open(os.path.join(out, name), 'wb') as f:
            f.write(bytes(b & 0xff for b in ops))


if __name__ == '__main__':
    main()
