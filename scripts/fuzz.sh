#!/usr/bin/env bash
# `make fuzz FUZZ_SECONDS=N`: builds the libFuzzer targets of tests/fuzz with clang, AddressSanitizer
# and UndefinedBehaviorSanitizer in build-fuzz/, seeds their corpora from files in the tree, and
# runs each for N seconds (default 60), one after the other, at the lowest CPU priority.
#   FUZZ_TARGETS="fuzz_engine"  only these targets      FUZZ_JOBS=2  build jobs
# Corpora grow in build-fuzz/corpus/TARGET/ across runs; crashes land in build-fuzz/artifacts/TARGET/.
# A summary line per target (executions, CPU seconds, findings) is appended to build-fuzz/fuzz-log.txt.
set -uo pipefail
cd "$(dirname "$0")/.."
FUZZ_SECONDS="${FUZZ_SECONDS:-60}"
FUZZ_TARGETS="${FUZZ_TARGETS:-fuzz_front_end fuzz_engine fuzz_run_spec fuzz_webgpu}"
BUILD_DIR="${FUZZ_BUILD_DIR:-build-fuzz}"
JOBS="${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}"

bash scripts/setup-deps.sh fuzz || exit 2
if [ ! -f "$BUILD_DIR/CMakeCache.txt" ]; then
  CC=clang CXX=clang++ cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" -DWGSLEMU_FUZZ=ON >/dev/null || exit 2
fi
# shellcheck disable=SC2086
nice -n 19 cmake --build "$BUILD_DIR" -j "$JOBS" --target $FUZZ_TARGETS || exit 2

# Seeds: copies of files in the tree, refreshed on every run (the corpora themselves are kept).
seeds="$BUILD_DIR/seeds"
rm -rf "$seeds"
mkdir -p "$seeds/fuzz_front_end" "$seeds/fuzz_engine" "$seeds/fuzz_run_spec" "$seeds/fuzz_webgpu"
n=0
while IFS= read -r -d '' f; do
  cp "$f" "$seeds/fuzz_front_end/$n.wgsl"; n=$((n + 1))
done < <(find corpus tests/data -name '*.wgsl' -print0)
# The spec's own WGSL examples, when the spec is beside the tree.
if [ -f ../shared/spec/wgsl.bs ]; then
  awk -v dir="$seeds/fuzz_front_end" '
    /<xmp[^>]*class=.?example/ || /<xmp[^>]*highlight=.?wgsl/ { on = 1; k++; next }
    /<\/xmp>/ { on = 0; next }
    on { print > (dir "/spec-" k ".wgsl") }' ../shared/spec/wgsl.bs
fi
n=0
while IFS= read -r -d '' f; do
  cp "$f" "$seeds/fuzz_run_spec/$n.json"; n=$((n + 1))
done < <(find corpus tests/data -name '*.json' -print0)
# Engine seeds: random byte strings (every byte string decodes to a valid kernel).
for i in $(seq 1 32); do head -c $((16 + i * 8)) /dev/urandom > "$seeds/fuzz_engine/random-$i"; done
# C API seeds: the hand-written call sequences (also committed under tests/data/fuzz-regressions/webgpu).
python3 tests/fuzz/webgpu_seeds.py "$seeds/fuzz_webgpu" || exit 2

summary="$BUILD_DIR/fuzz-log.txt"
status=0
for target in $FUZZ_TARGETS; do
  name="${target#fuzz_}"
  corpus="$BUILD_DIR/corpus/$target"
  artifacts="$BUILD_DIR/artifacts/$target/"
  mkdir -p "$corpus" "$artifacts"
  dict=()
  case "$target" in
    fuzz_front_end) dict=(-dict=tests/fuzz/wgsl.dict) ;;
    fuzz_run_spec) dict=(-dict=tests/fuzz/run_spec.dict) ;;
  esac
  log="$BUILD_DIR/fuzz-$target.log"
  echo "fuzz: $target for ${FUZZ_SECONDS}s (log: $log)"
  TIMEFORMAT="%U %S"
  { time nice -n 19 "$BUILD_DIR/fuzz/$target" "${dict[@]}" -max_total_time="$FUZZ_SECONDS" -timeout=20 \
      -rss_limit_mb=2560 -max_len=8192 -print_final_stats=1 -artifact_prefix="$artifacts" \
      "$corpus" "$seeds/$target" "tests/data/fuzz-regressions/$name" >"$log" 2>&1; } 2>"$log.time"
  rc=$?
  cpu=$(awk '{printf "%.0f", $1 + $2}' "$log.time")
  execs=$(grep -a 'stat::number_of_executed_units' "$log" | tail -1 | awk '{print $2}')
  found=$(find "$artifacts" -type f | wc -l)
  line="$(date -u +%Y-%m-%dT%H:%MZ) $target seconds=$FUZZ_SECONDS cpu=${cpu}s execs=${execs:-?} corpus=$(find "$corpus" -type f | wc -l) artifacts=$found exit=$rc"
  echo "$line" | tee -a "$summary"
  if [ "$rc" -ne 0 ]; then
    status=1
    grep -a -m3 -E 'ERROR: |runtime error|SUMMARY' "$log" || true
  fi
done
exit $status
