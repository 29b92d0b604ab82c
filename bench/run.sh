#!/usr/bin/env bash
# The execution benchmark end to end (`make bench` calls it): installs the peer (lavapipe + Deno)
# when possible, runs the five kernels on wgpu/lavapipe, then exec_bench (wgslemu vs plain C++
# loops, with wgslemu/wgpu ratios). Without the peer the comparison runs without the wgpu column.
# Usage: bench/run.sh [BUILD_DIR] [exec_bench options...]   (env: WGPU_REPS, default 10)
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="$ROOT/build"
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then BUILD_DIR="$1"; shift; fi
[ -d "$BUILD_DIR" ] || { echo "run.sh: build folder $BUILD_DIR not found (run make build)" >&2; exit 2; }
BUILD_DIR="$(cd "$BUILD_DIR" && pwd)"
EXEC_BENCH="$BUILD_DIR/bench/exec_bench"
RESULTS="$BUILD_DIR/bench/wgpu_results.jsonl"
[ -x "$EXEC_BENCH" ] || { echo "run.sh: $EXEC_BENCH is not built (cmake --build $BUILD_DIR --target exec_bench)" >&2; exit 2; }

echo "== peer: wgpu on Mesa lavapipe"
rm -f "$RESULTS"
if DENO="$(WGSLEMU_PEERS_DIR="${WGSLEMU_PEERS_DIR:-$BUILD_DIR/peers}" bash "$ROOT/bench/peers/install.sh")" \
   && [ -x "$DENO" ]; then
  RUNTIME_DIR="$(mktemp -d)"   # the Vulkan loader wants XDG_RUNTIME_DIR
  # --allow-all only so that the script may read /proc/self/stat (its CPU time); it reads the
  # kernels and writes the results file, nothing else.
  if ! XDG_RUNTIME_DIR="$RUNTIME_DIR" DENO_DIR="$BUILD_DIR/peers/deno-cache" DENO_NO_UPDATE_CHECK=1 "$DENO" run --unstable-webgpu --allow-all "$ROOT/bench/peers/wgpu_bench.js" \
        --kernels "$ROOT/bench/kernels" --reps "${WGPU_REPS:-10}" --out "$RESULTS"; then
    echo "run.sh: the wgpu benchmark failed or did not verify (results kept, marked not ok)" >&2
  fi
  rm -rf "$RUNTIME_DIR"
else
  echo "run.sh: the wgpu/lavapipe peer could not be installed; continuing without it" >&2
fi

echo "== wgslemu vs plain C++ loops"
"$EXEC_BENCH" --kernels "$ROOT/bench/kernels" --wgpu "$RESULTS" --json "$BUILD_DIR/bench/exec_results.json" "$@"
