"""inline_pointer_params.py -- naga (Deno's WGSL compiler) lacks
`requires unrestricted_pointer_parameters;`. For the lavapipe cross-check only, this
rewrites futhark_style_i8_packed.wgsl mechanically: every helper takes its buffer
through a ptr<storage> parameter but is always called with the same buffer, so the
parameter is dropped and `(*mem)` replaced by that buffer. Writes the rewritten kernel
and a copy of its spec into a scratch folder and prints the spec path.
usage: python3 corpus/confirm/inline_pointer_params.py SCRATCH_DIR"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.dirname(HERE)
FUNCS = {'read_i8': 'mem_6011', 'read_i8_atomic': 'mem_6013', 'write_i8': 'mem_6013',
         'atomic_add_i8': 'mem_6012'}


def rewrite(src):
    src = src.replace('\nrequires unrestricted_pointer_parameters;', '\n')
    parts = re.split(r'(?=^fn )', src, flags=re.M)
    out = []
    for p in parts:
        m = re.match(r'fn (\w+)\(mem: ptr<storage, array<[^>]*>+, (read|read_write)>, ', p)
        if m:
            p = 'fn %s(' % m.group(1) + p[m.end():]
            p = p.replace('(*mem)', FUNCS[m.group(1)])
        out.append(p)
    src = ''.join(out)
    for name, buf in FUNCS.items():
        src = src.replace('%s(&%s, ' % (name, buf), '%s(' % name)
    code = [l for l in src.splitlines() if not l.lstrip().startswith('//')]
    assert not any('ptr<' in l or '*mem' in l for l in code)
    return src


def main():
    scratch = sys.argv[1]
    os.makedirs(scratch, exist_ok=True)
    with open(os.path.join(CORPUS, 'futhark_style_i8_packed.wgsl')) as f:
        src = rewrite(f.read())
    with open(os.path.join(scratch, 'futhark_style_i8_packed.wgsl'), 'w') as f:
        f.write(src)
    with open(os.path.join(CORPUS, 'specs', 'futhark_style_i8_packed.json')) as f:
        spec = json.load(f)
    spec['passes'][0]['shader'] = 'futhark_style_i8_packed.wgsl'
    out = os.path.join(scratch, 'futhark_style_i8_packed.json')
    with open(out, 'w') as f:
        json.dump(spec, f)
    print(out)


if __name__ == '__main__':
    main()
