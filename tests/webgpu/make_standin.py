#!/usr/bin/env python3
"""Writes a C file defining every function of FUNCTION_LIST as `abort()`: a stand-in
libwebgpu_dawn.so to link a test program against, so that the program is an ordinary binary
that needs libwebgpu_dawn.so and runs on wgslemu only when `wgslemu exec` puts wgslemu's
library of that name first. Usage: make_standin.py FUNCTION_LIST OUT_C"""
import sys

names = [l.split("|")[0] for l in open(sys.argv[1]) if l.strip() and not l.startswith("#")]
with open(sys.argv[2], "w") as f:
    f.write("#include <stdio.h>\n#include <stdlib.h>\n")
    for n in names:
        f.write('void %s(void) { fputs("stand-in %s called: not running on wgslemu\\n", stderr); abort(); }\n' % (n, n))
