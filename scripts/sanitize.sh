#!/usr/bin/env bash
# `make sanitize` and CI: builds wgslemu, the fuzz targets and the tests below with g++,
# AddressSanitizer and UndefinedBehaviorSanitizer in build-sanitize/ (only those targets), then runs
# under them: the corpus (`wgslemu test corpus/specs`), the bad-input tests, the control-flow and
# lowering tests, the debugger's tests (`wgslemu debug` and `wgslemu dap` sessions: stepping,
# watchpoints, reverse execution from snapshots), and a short fuzz smoke run (the seeds and
# regressions of every fuzz target, the webgpu.h API fuzzer's included, then byte mutations of
# them). The first sanitizer report fails the run (no recovery).
#   SANITIZE_MUTATIONS=N  mutated inputs per fuzz target (default 3000)
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${SANITIZE_BUILD_DIR:-build-sanitize}"
JOBS="${JOBS:-$(nproc 2>/dev/null || echo 2)}"
MUTATIONS="${SANITIZE_MUTATIONS:-3000}"
TESTS=(bad_input_test control_flow_test lowering_test)
# The debugger's tests run `wgslemu debug` / `wgslemu dap` as child processes: the children's
# reports go to files (sanitizer-reports/), which fail the step, since a test need not notice a
# child that failed after its last answer (a leak reported at exit).
DEBUGGER_TESTS=(debug_info_test debug_prompt_test snapshot_test dap_test)
FUZZERS=(fuzz_front_end fuzz_engine fuzz_run_spec fuzz_webgpu)

bash scripts/setup-deps.sh
start=$(date +%s)
if [ ! -f "$BUILD_DIR/CMakeCache.txt" ]; then
  cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" \
    -DWGSLEMU_SANITIZE=ON >/dev/null
fi
cmake --build "$BUILD_DIR" -j "$JOBS" --target wgslemu "${TESTS[@]}" "${DEBUGGER_TESTS[@]}" "${FUZZERS[@]}"
built=$(date +%s)

export ASAN_OPTIONS="abort_on_error=1:detect_leaks=1:detect_stack_use_after_return=1:strict_string_checks=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
step() { printf '\n== sanitize: %s\n' "$*"; }
# Runs a command with its output in a log; prints the log's last line, or its end and fails.
logged() {
  local log="$BUILD_DIR/sanitize-$1.log"
  shift
  if ! "$@" >"$log" 2>&1; then
    tail -n 80 "$log"
    echo "sanitize: FAILED: $* (log: $log)" >&2
    exit 1
  fi
  tail -n 1 "$log"
}

step "wgslemu test corpus/specs"
logged corpus "$BUILD_DIR/wgslemu" test corpus/specs --jobs "$JOBS"
for t in "${TESTS[@]}"; do
  step "$t"
  bin=$(find "$BUILD_DIR/tests" -name "$t" -type f -perm -u+x | head -n 1)
  logged "$t" "$bin" --gtest_brief=1
done
reports="$BUILD_DIR/sanitizer-reports"
for t in "${DEBUGGER_TESTS[@]}"; do
  step "$t"
  bin=$(find "$BUILD_DIR/tests" -name "$t" -type f -perm -u+x | head -n 1)
  rm -rf "$reports"
  mkdir -p "$reports"
  log="$BUILD_DIR/sanitize-$t.log"
  status=0
  ASAN_OPTIONS="$ASAN_OPTIONS:log_path=$reports/asan" UBSAN_OPTIONS="$UBSAN_OPTIONS:log_path=$reports/ubsan" \
    "$bin" --gtest_brief=1 >"$log" 2>&1 || status=$?
  if [ "$status" -ne 0 ] || [ -n "$(ls -A "$reports")" ]; then
    tail -n 40 "$log"
    for r in "$reports"/*; do [ -f "$r" ] && head -n 60 "$r"; done
    echo "sanitize: FAILED: $bin (log: $log, reports: $reports)" >&2
    exit 1
  fi
  tail -n 1 "$log"
done
regressions=tests/data/fuzz-regressions
step "fuzz_front_end: seeds, regressions and $MUTATIONS mutations"
logged fuzz_front_end "$BUILD_DIR/fuzz/fuzz_front_end" corpus tests/data/valid tests/data/invalid "$regressions/front_end" \
  --mutate="$MUTATIONS:1" --last="$BUILD_DIR/fuzz_front_end.last"
step "fuzz_engine: regressions and $MUTATIONS mutations"
logged fuzz_engine "$BUILD_DIR/fuzz/fuzz_engine" "$regressions/engine" --mutate="$MUTATIONS:1" \
  --last="$BUILD_DIR/fuzz_engine.last"
step "fuzz_run_spec: seeds, regressions and $MUTATIONS mutations"
logged fuzz_run_spec "$BUILD_DIR/fuzz/fuzz_run_spec" corpus/specs "$regressions/run_spec" --mutate="$MUTATIONS:1" \
  --last="$BUILD_DIR/fuzz_run_spec.last"
step "fuzz_webgpu: seeds, regressions and $MUTATIONS mutations"
logged fuzz_webgpu "$BUILD_DIR/fuzz/fuzz_webgpu" "$regressions/webgpu" --mutate="$MUTATIONS:1" \
  --last="$BUILD_DIR/fuzz_webgpu.last"
end=$(date +%s)
printf '\nsanitize: no sanitizer report (build %ds, runs %ds)\n' $((built - start)) $((end - built))
