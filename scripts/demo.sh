#!/usr/bin/env bash
# `make demo`: a tour of wgslemu on bundled examples: run kernels against expected outputs,
# catch a bug a GPU would hide, explain an invalid shader, and run the whole corpus.
set -uo pipefail
BUILD_DIR="${1:-build}"
WGSLEMU="$BUILD_DIR/wgslemu"
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
[ -t 1 ] || step() { printf '\n== %s\n' "$*"; }

step "wgslemu run corpus/specs/scan_decoupled_fallback.json"
echo "   (single-pass scan with decoupled fallback, seed 003: 7 workgroups, expected output computed by corpus/gen/)"
"$WGSLEMU" run corpus/specs/scan_decoupled_fallback.json
echo "   exit code: $?"

step "wgslemu run corpus/vector_add.wgsl --buffer ... --print c:f32 (a quick run without a spec file)"
"$WGSLEMU" run corpus/vector_add.wgsl --dispatch 1 \
  --buffer a=f32:1,2,3,4 --buffer b=f32:10,20,30,40 --buffer c=zero:16 \
  --bind 0:0=a --bind 0:1=b --bind 0:2=c --override block_size=4 --print c:f32

step "wgslemu run tests/data/demo/off_by_one.json (a kernel with an off-by-one guard)"
"$WGSLEMU" run tests/data/demo/off_by_one.json
echo "   exit code: $? (4 = dynamic error: the accesses a GPU would silently get wrong)"

step "wgslemu run corpus/specs/scan_chained_lookback.json --scheduler=unfair (a GPU without forward-progress guarantees)"
"$WGSLEMU" run corpus/specs/scan_chained_lookback.json --scheduler=unfair 2>&1 | head -n 4
echo "   exit code: ${PIPESTATUS[0]} (3 = hang: the lookback scan needs a fair scheduler; the report says who starves whom)"

step "wgslemu explore corpus/specs/litmus_ticket_lock_one_thread.json (is a ticket lock portable across progress models?)"
"$WGSLEMU" explore corpus/specs/litmus_ticket_lock_one_thread.json 2>&1 | grep -E "^(portable|not portable)|reproduce:"
echo "   exit code: ${PIPESTATUS[0]} (1 = not portable)"

step "wgslemu check tests/data/invalid/demo_errors.wgsl (four independent mistakes)"
"$WGSLEMU" check --color=never tests/data/invalid/demo_errors.wgsl
echo "   exit code: $? (1 = invalid shader)"

step "wgslemu reflect corpus/saxpy.wgsl --override saxpy_wg=128 (interface and layouts as JSON, first lines)"
"$WGSLEMU" reflect corpus/saxpy.wgsl --override saxpy_wg=128 | head -n 12

step "wgslemu test corpus/specs (every run spec of the corpus; last lines)"
"$WGSLEMU" test corpus/specs --jobs 2 | tail -n 4
exit 0
