#!/usr/bin/env bash
# `make demo`: what wgslemu does today, on bundled examples.
set -uo pipefail
BUILD_DIR="${1:-build}"
WGSLEMU="$BUILD_DIR/wgslemu"
cd "$(dirname "$0")/.."

echo "== wgslemu check corpus/scan_chained_lookback.wgsl (a valid kernel)"
"$WGSLEMU" check corpus/scan_chained_lookback.wgsl
echo "   exit code: $?"
echo
echo "== wgslemu check tests/data/invalid/demo_errors.wgsl (four independent mistakes)"
"$WGSLEMU" check --color=never tests/data/invalid/demo_errors.wgsl
echo "   exit code: $? (1 = invalid shader)"
echo
echo "== wgslemu reflect corpus/saxpy.wgsl --override saxpy_wg=128 (interface and layouts as JSON, first lines)"
"$WGSLEMU" reflect corpus/saxpy.wgsl --override saxpy_wg=128 | head -n 16
echo
echo "== the same diagnostics as JSON (--json), first one shown"
"$WGSLEMU" check --json tests/data/invalid/demo_errors.wgsl | head -n 23
exit 0
