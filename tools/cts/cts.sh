#!/usr/bin/env bash
# `make cts`: prepares the pinned WebGPU CTS once in the build folder (unpack, npm ci, build for
# node), then runs queries against a GPU provider with tools/cts/run_cts.js (per-case timeout and
# restart, one JSON line per case, a summary table).
#
#   tools/cts/cts.sh [QUERY...]          default: the queries listed in tools/cts/queries.txt
#   environment: BUILD_DIR (build), PROVIDER (wgslemu | dawn | a module path), FLAGS ("k=v k=v"),
#                JOBS (2), TIMEOUT (60 s a case), LIMIT (0: all cases), CTS_ARGS (more run_cts.js options)
# Results: $BUILD_DIR/cts-results/{results.jsonl,summary.md}. Exit 1 on unexpected failures.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BUILD_DIR="$(cd "$ROOT" && mkdir -p "${BUILD_DIR:-build}" && cd "${BUILD_DIR:-build}" && pwd)"
PIN=68676e34
TARBALL="$ROOT/../shared/cts/webgpu-cts-$PIN.tar.xz"
CTS="$BUILD_DIR/cts/webgpu-cts-$PIN"

command -v node >/dev/null && command -v npm >/dev/null || {
  echo "cts: node and npm are needed (Debian packages nodejs and npm)" >&2; exit 2; }

if [ ! -f "$CTS/.built" ]; then
  [ -f "$TARBALL" ] || { echo "cts: $TARBALL not found (the pinned suite lives in shared/cts)" >&2; exit 2; }
  echo "cts: preparing the suite in $CTS (unpack, npm ci, build for node; about 2 minutes)" >&2
  rm -rf "$CTS" && mkdir -p "$CTS"
  tar xJf "$TARBALL" -C "$CTS"
  (cd "$CTS" && npm ci --no-audit --no-fund --loglevel=error >"$CTS/npm.log" 2>&1) ||
    { echo "cts: npm ci failed, see $CTS/npm.log" >&2; exit 2; }
  (cd "$CTS" && npx grunt build-node >"$CTS/build.log" 2>&1) ||
    { echo "cts: building the suite failed, see $CTS/build.log" >&2; exit 2; }
  touch "$CTS/.built"
fi

case "${PROVIDER:-wgslemu}" in
  wgslemu)
    MODULE="$ROOT/bindings/node/provider.js"
    [ -f "$MODULE" ] || { echo "cts: the wgslemu node binding (bindings/node) is not there yet" >&2; exit 2; }
    [ -f "$BUILD_DIR/lib/wgslemu_webgpu.node" ] ||
      { echo "cts: build the binding first: cmake --build $BUILD_DIR --target wgslemu_webgpu_node" >&2; exit 2; }
    export WGSLEMU_NODE_ADDON="$BUILD_DIR/lib/wgslemu_webgpu.node" ;;
  dawn)
    # Dawn's node binding (npm 'webgpu') on its null backend: the reference the suite is compared with.
    DAWN="$BUILD_DIR/peers/dawn"
    if [ ! -d "$DAWN/node_modules/webgpu" ]; then
      mkdir -p "$DAWN" && (cd "$DAWN" && npm install --no-audit --no-fund --loglevel=error webgpu@0.6.2 >"$DAWN/npm.log" 2>&1) ||
        { echo "cts: installing npm 'webgpu' failed, see $DAWN/npm.log" >&2; exit 2; }
    fi
    MODULE="$DAWN/provider.js"
    cat >"$MODULE" <<JS
const { create, globals } = require('$DAWN/node_modules/webgpu');
Object.assign(globalThis, globals);
module.exports = { create: (flags) => create(['backend=null', ...flags]) };
JS
    ;;
  *) MODULE="$(cd "$(dirname "$PROVIDER")" && pwd)/$(basename "$PROVIDER")" ;;
esac

ARGS=(--cts "$CTS" --provider "$MODULE" --jobs "${JOBS:-2}" --timeout "${TIMEOUT:-60}" --limit "${LIMIT:-0}"
      --expectations "$ROOT/tools/cts/expectations.txt")
for f in ${FLAGS:-}; do ARGS+=(--flag "$f"); done
OUT="$BUILD_DIR/cts-results"
mkdir -p "$OUT"
if [ $# -gt 0 ]; then QUERIES=("$@"); else QUERIES=(--queries "$ROOT/tools/cts/queries.txt"); fi
# shellcheck disable=SC2086
exec node "$ROOT/tools/cts/run_cts.js" "${ARGS[@]}" --out "$OUT/results.jsonl" --summary "$OUT/summary.md" \
  ${CTS_ARGS:-} "${QUERIES[@]}"
