#!/bin/sh
# run_lavapipe.sh -- runs corpus specs on Deno's WebGPU over Mesa lavapipe (not part of the
# build or the tests; see corpus/README.md). Needs: deno (e.g. `npm install deno` in a scratch
# folder, then DENO=/that/folder/node_modules/.bin/deno) and the Debian package
# mesa-vulkan-drivers. Usage: corpus/confirm/run_lavapipe.sh corpus/specs/*.json
here=$(dirname "$0")
xdg=$(mktemp -d)
XDG_RUNTIME_DIR=$xdg NO_COLOR=1 "${DENO:-deno}" run --unstable-webgpu -A "$here/lavapipe_runner.ts" "$@"
status=$?
rm -rf "$xdg"
exit $status
