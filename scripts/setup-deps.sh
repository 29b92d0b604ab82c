#!/usr/bin/env bash
# Installs the Debian packages wgslemu needs to build and test, only when missing.
# Idempotent; safe to run on every build. Needs root (or sudo) on a bare Debian machine.
set -euo pipefail

PACKAGES=(
  cmake make g++ pkg-config
  antlr4 libantlr4-runtime-dev
  libtbb-dev libfmt-dev libgtest-dev
  nlohmann-json3-dev libcli11-dev libbenchmark-dev
  gcc python3 python3-yaml
)
# node and npm (the node binding, the CTS): Debian's packages only where no node is installed;
# a machine whose node comes from elsewhere (NodeSource's nodejs bundles npm, and Debian's npm
# package conflicts with it) keeps its own.
if ! command -v node >/dev/null 2>&1; then PACKAGES+=(nodejs); fi
if ! command -v npm >/dev/null 2>&1; then PACKAGES+=(npm); fi
# `setup-deps.sh fuzz` (make fuzz): clang and its compiler-rt, which has libFuzzer and the
# sanitizer runtimes (libclang_rt.fuzzer-x86_64.a is in libclang-rt-14-dev on Debian 12).
# `make sanitize` needs nothing more: g++ brings libasan and libubsan.
if [ "${1:-}" = "fuzz" ]; then
  PACKAGES+=(clang libclang-rt-14-dev)
fi

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "setup-deps: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "setup-deps: need root to install: ${missing[*]}" >&2; exit 1; fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
