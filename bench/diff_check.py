#!/usr/bin/env python3
"""Differential check of two wgslemu binaries' front ends: `check --json` on the corpus and
test kernels and on randomly mutated copies of the corpus kernels (characters deleted,
inserted -- some non-ASCII --, and spans moved), one process per file. Prints every input whose
output differs and a summary; exits 1 if any differs.

  bench/diff_check.py OLD_WGSLEMU NEW_WGSLEMU [--mutants N] [--seed S]
"""
import argparse, glob, os, random, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ALPHABET = list("(){}[]<>;:,.=+-*/%&|^!~@_ \n\tabcxyz019fiu") + ["\u00e9", "\u03bb", "\u2028", "\U0001F600"]


def mutate(text, rng):
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        if not chars:
            break
        kind = rng.random()
        at = rng.randrange(len(chars))
        if kind < 0.4:
            del chars[at:at + rng.randint(1, 3)]
        elif kind < 0.8:
            chars[at:at] = [rng.choice(ALPHABET) for _ in range(rng.randint(1, 2))]
        else:
            n = rng.randint(1, 20)
            span = chars[at:at + n]
            del chars[at:at + n]
            to = rng.randrange(len(chars) + 1)
            chars[to:to] = span
    return "".join(chars)


def check(binary, path):
    r = subprocess.run([binary, "check", "--json", path], capture_output=True, timeout=60)
    return r.returncode, r.stdout, r.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--mutants", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    originals = sorted(glob.glob(os.path.join(ROOT, "corpus", "*.wgsl")) +
                       glob.glob(os.path.join(ROOT, "tests", "**", "*.wgsl"), recursive=True))
    corpus = sorted(glob.glob(os.path.join(ROOT, "corpus", "*.wgsl")))
    differ = 0
    verdicts = {}
    with tempfile.TemporaryDirectory() as tmp:
        inputs = list(originals)
        for i in range(a.mutants):
            src = open(rng.choice(corpus), encoding="utf-8").read()
            p = os.path.join(tmp, "m%05d.wgsl" % i)
            with open(p, "w", encoding="utf-8") as f:
                f.write(mutate(src, rng))
            inputs.append(p)
        for p in inputs:
            old, new = check(a.old, p), check(a.new, p)
            verdicts[old[0]] = verdicts.get(old[0], 0) + 1
            if old != new:
                differ += 1
                print("DIFFERS:", p)
                print("  old:", old[0], old[1][:600])
                print("  new:", new[0], new[1][:600])
                if not p.startswith(tmp):
                    continue
                keep = os.path.join(tempfile.gettempdir(), "diff_check_" + os.path.basename(p))
                with open(p, encoding="utf-8") as s, open(keep, "w", encoding="utf-8") as d:
                    d.write(s.read())
    print("%d inputs (%d originals, %d mutants), exit codes of the old binary %s; %d differ" %
          (len(inputs), len(originals), a.mutants, dict(sorted(verdicts.items())), differ))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
