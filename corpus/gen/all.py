"""Regenerates every corpus spec: python3 corpus/gen/all.py (from anywhere).
Each generator is deterministic (own PRNG, fixed seeds), so running this on an
unchanged tree leaves `git status` clean."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import elementwise  # noqa: E402
import reduce_scan  # noqa: E402
import histograms  # noqa: E402
import futhark  # noqa: E402
import linalg  # noqa: E402
import triton  # noqa: E402
import bounds  # noqa: E402
import misc  # noqa: E402
import dynamic  # noqa: E402
import progress  # noqa: E402

MODULES = [elementwise, reduce_scan, histograms, futhark, linalg, triton, bounds, misc, dynamic, progress]

if __name__ == '__main__':
    for m in MODULES:
        main = getattr(m, 'main')
        main()
    print('specs written to', os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'specs')))
