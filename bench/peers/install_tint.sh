#!/usr/bin/env bash
# Installs Tint for frontend_bench on demand (not a build dependency): the npm package 'webgpu'
# (Dawn's node binding, with its null backend) into a cache folder (default build/peers/tint, or
# $WGSLEMU_PEERS_DIR/tint). Progress goes to stderr; stdout gets only the path of the package.
# Exits non-zero when it is unavailable (no node or npm, no network).
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
PEERS_DIR="${WGSLEMU_PEERS_DIR:-$ROOT/build/peers}"
WEBGPU_VERSION="${WEBGPU_VERSION:-*}"   # npm version range of the 'webgpu' package
mkdir -p "$PEERS_DIR" && PEERS_DIR="$(cd "$PEERS_DIR" && pwd)" || { echo "tint: cannot create $PEERS_DIR" >&2; exit 1; }
DIR="$PEERS_DIR/tint"
PKG="$DIR/node_modules/webgpu"
command -v node >/dev/null 2>&1 || { echo "tint: NOT available (node is missing)" >&2; exit 1; }
if [ -f "$PKG/package.json" ]; then
  echo "tint: already installed" >&2
else
  command -v npm >/dev/null 2>&1 || { echo "tint: NOT available (npm is missing)" >&2; exit 1; }
  echo "tint: installing the npm package webgpu@$WEBGPU_VERSION into $DIR" >&2
  mkdir -p "$DIR" || exit 1
  if ! (cd "$DIR" && npm install --no-audit --no-fund --loglevel=error --prefix . "webgpu@$WEBGPU_VERSION" \
        >"$PEERS_DIR/tint-npm.log" 2>&1); then
    echo "tint: NOT available (npm install failed, see $PEERS_DIR/tint-npm.log)" >&2
    exit 1
  fi
fi
echo "tint: webgpu $(node -p "require('$PKG/package.json').version" 2>/dev/null)" >&2
echo "$PKG"
