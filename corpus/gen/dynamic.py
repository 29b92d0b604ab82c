"""specs that validate the bounds-checking protocol of seed 004 with fault
injection (bounds_check_sum.wgsl), and the dynamic-error demonstrations of
corpus/dynamic/ (a broken protocol, a racy packed-i8 store). References follow the
kernels' definitions, computed here without wgslemu:
 * sum: invocation t (global id) adds vs[js[i]] for i = t, t + G, t + 2G, ... < n
   (G = 64 * workgroups); partial[w] is the sum over its 64 invocations;
 * a failing invocation t stops at its first bad index: global_failure = 0,
   global_failure_args = (j, m as the invocation saw it); its workgroup writes no
   partial sum; `finish` sees global_failure >= 0 and writes nothing."""
import os

from common import Rng, write_spec, shader, i32, HERE

WG = 64
SENT = -7
DYNAMIC = os.path.normpath(os.path.join(HERE, '..', 'dynamic'))
M_LINE = 97      # `let m = args.m;` in bounds_check_sum.wgsl
J_LINE = 100     # `let j = js[i];`
BROKEN_J_LINE = 67


def data(seed, n, m):
    r = Rng(seed)
    vs = [r.range(-1000, 1000) for _ in range(m)]
    js = [r.below(m) for _ in range(n)]
    return vs, js


def reference(vs, js, m_seen, groups, failing=None):
    """failing: {global invocation: (j it sees at its first iteration, m it sees)} or None."""
    g = groups * WG
    n = len(js)
    partial = [SENT] * groups
    code, fargs = -1, [SENT, SENT]
    for w in range(groups):
        s = 0
        failed = False
        for t in range(w * WG, (w + 1) * WG):
            for i in range(t, n, g):
                j = js[i]
                if failing and t in failing:
                    j, mm = failing[t]
                else:
                    mm = m_seen
                if j < 0 or j >= mm:
                    failed = True
                    code, fargs = 0, [j, mm]
                    break
                s += vs[j]
        if not failed:
            partial[w] = i32(s)
    total = [SENT, SENT] if code >= 0 else [i32(sum(partial)), 1]
    return code, fargs, partial, total


def spec(name, seed, groups, n, m, fio, options=None, failing=None, bad_js=None, kernel='bounds_check_sum',
         folder=None, expect=True):
    vs, js = data(seed, n, m)
    if bad_js:
        for pos, val in bad_js.items():
            js[pos] = val
    code, fargs, partial, total = reference(vs, js, m, groups, failing)
    bufs = {'global_failure': {'data': {'i32': [-1]}},
            'global_failure_args': {'data': {'i32': [SENT, SENT]}},
            'args': {'data': {'i32': [n, m, fio, 0]}},
            'js': {'data': {'i32': js}}, 'vs': {'data': {'i32': vs}},
            'partial': {'data': {'i32': [SENT] * groups}},
            'total': {'data': {'i32': [SENT, SENT]}}}
    if expect:
        bufs['global_failure']['expect'] = {'i32': [code]}
        bufs['global_failure_args']['expect'] = {'i32': fargs}
        bufs['partial']['expect'] = {'i32': partial}
        bufs['total']['expect'] = {'i32': total}
    sh = shader(kernel)
    s = {'buffers': bufs,
         'passes': [{'shader': sh, 'entry': 'sum', 'dispatch': [groups, 1, 1],
                     'bind': {'0:0': 'global_failure', '0:1': 'global_failure_args', '0:2': 'args', '0:3': 'js',
                              '0:4': 'vs', '0:5': 'partial'}},
                    {'shader': sh, 'entry': 'finish', 'dispatch': [1, 1, 1],
                     'bind': {'0:0': 'global_failure', '0:5': 'partial', '0:6': 'total'}}]}
    if options:
        s['options'] = options
    path = write_spec(name, s)
    if folder:
        os.makedirs(folder, exist_ok=True)
        dst = os.path.join(folder, name + '.json')
        with open(path) as f:
            text = f.read().replace('"../' + kernel, '"' + kernel)  # the kernel is next to the spec
        os.remove(path)
        with open(dst, 'w') as f:
            f.write(text)


def naive_i8(name, seed, n):
    r = Rng(seed)
    xs = [r.range(-100, 100) for _ in range(n)]
    s = {'buffers': {'xs': {'data': {'i32': xs}}, 'out': {'size': 4 * ((n + 3) // 4)}},
         'passes': [{'shader': shader('futhark_style_i8_packed_naive'), 'dispatch': [(n + WG - 1) // WG, 1, 1],
                     'bind': {'0:0': 'xs', '0:1': 'out'}}],
         'options': {'races': True}}
    path = write_spec(name, s)
    os.makedirs(DYNAMIC, exist_ok=True)
    with open(path) as f:
        text = f.read().replace('"../futhark_style_i8_packed_naive', '"futhark_style_i8_packed_naive')
    os.remove(path)
    with open(os.path.join(DYNAMIC, name + '.json'), 'w') as f:
        f.write(text)


def main():
    groups, n, m = 4, 600, 200
    spec('bounds_check_sum_ok', 91, groups, n, m, fio=1)
    spec('bounds_check_sum_fail', 92, groups, n, m, fio=0, bad_js={2 * WG + 5: 250})
    # Injected faults in invocation 70 (workgroup 1), first iteration (i = 70):
    vs, js = data(93, n, m)
    spec('bounds_check_sum_inject_oob', 93, groups, n, m, fio=0,
         options={'inject': ['oob:%d:invocation=70,0,0' % M_LINE]}, failing={70: (js[70], 0)})
    spec('bounds_check_sum_inject_poison', 94, groups, n, m, fio=0,
         options={'inject': ['poison:%d:invocation=70,0,0:value=1000' % J_LINE]}, failing={70: (1000, m)})
    # The broken protocol: a demonstration of barrier divergence (corpus/dynamic/).
    spec('bounds_check_sum_broken', 95, groups, n, m, fio=0, kernel='bounds_check_sum_broken', folder=DYNAMIC,
         options={'inject': ['poison:%d:invocation=70,0,0:value=1000' % BROKEN_J_LINE]}, expect=False)
    naive_i8('futhark_style_i8_packed_naive', 96, 256)


if __name__ == '__main__':
    main()
