#!/usr/bin/env bash
# Installs the execution benchmark's peer on demand (not a build dependency): Mesa's lavapipe (the
# CPU Vulkan driver, Debian package mesa-vulkan-drivers) and Deno (WebGPU on wgpu), the latter
# from the npm registry into a cache folder (default build/peers, or $WGSLEMU_PEERS_DIR).
# Progress goes to stderr; stdout gets only the path of the deno binary. Exits non-zero when a
# peer is unavailable.
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
PEERS_DIR="${WGSLEMU_PEERS_DIR:-$ROOT/build/peers}"
DENO_VERSION="${DENO_VERSION:-2}"   # npm version range of the 'deno' package
mkdir -p "$PEERS_DIR" || { echo "install.sh: cannot create $PEERS_DIR" >&2; exit 1; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo -n "$@"; else return 1; fi
}

lavapipe_installed() {
  # lavapipe's ICD manifest is lvp_icd.<arch>.json; the Vulkan loader (libvulkan1) comes with it.
  ls /usr/share/vulkan/icd.d/lvp_icd.*.json >/dev/null 2>&1
}

if lavapipe_installed; then
  echo "lavapipe: already installed" >&2
else
  echo "lavapipe: installing mesa-vulkan-drivers with apt-get" >&2
  export DEBIAN_FRONTEND=noninteractive
  if ! as_root apt-get -o DPkg::Lock::Timeout=300 install -y -q --no-install-recommends mesa-vulkan-drivers libvulkan1 >"$PEERS_DIR/apt.log" 2>&1; then
    echo "lavapipe: first attempt failed, running apt-get update and retrying" >&2
    as_root apt-get -o DPkg::Lock::Timeout=300 update -q >>"$PEERS_DIR/apt.log" 2>&1
    as_root apt-get -o DPkg::Lock::Timeout=300 install -y -q --no-install-recommends mesa-vulkan-drivers libvulkan1 >>"$PEERS_DIR/apt.log" 2>&1
  fi
  if ! lavapipe_installed; then
    echo "lavapipe: NOT available (see $PEERS_DIR/apt.log; needs root or passwordless sudo)" >&2
    exit 1
  fi
  echo "lavapipe: installed" >&2
fi

find_deno_binary() {
  # The npm package 'deno' ships the real executable in a platform package (@deno/linux-x64-glibc, ...).
  local f
  for f in "$PEERS_DIR"/deno/node_modules/@deno/*/deno; do
    [ -x "$f" ] && { echo "$f"; return 0; }
  done
  return 1
}
if BIN="$(find_deno_binary)" && "$BIN" --version >/dev/null 2>&1; then
  echo "deno: already installed" >&2
else
  command -v npm >/dev/null 2>&1 || { echo "deno: NOT available (npm is missing)" >&2; exit 1; }
  echo "deno: installing the npm package deno@$DENO_VERSION into $PEERS_DIR/deno" >&2
  mkdir -p "$PEERS_DIR/deno"
  if ! (cd "$PEERS_DIR/deno" && npm install --no-audit --no-fund --loglevel=error --prefix . "deno@$DENO_VERSION" \
        >"$PEERS_DIR/npm.log" 2>&1); then
    echo "deno: NOT available (npm install failed, see $PEERS_DIR/npm.log)" >&2
    exit 1
  fi
  BIN="$(find_deno_binary)" || { echo "deno: NOT available (no binary in the npm package)" >&2; exit 1; }
fi
echo "deno: $("$BIN" --version | head -1)" >&2
echo "$BIN"
