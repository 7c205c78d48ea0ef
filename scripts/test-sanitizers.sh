#!/usr/bin/env bash
# Builds hlox with AddressSanitizer and UndefinedBehaviorSanitizer
# (-DHLOX_ENABLE_SANITIZERS=ON, in build-sanitizers/ unless HLOX_BUILD_DIR
# says otherwise), then runs the unit tests, every 25th corpus file with
# checks and the lowering lit tests (test/Conversion/StablehloToLinalg),
# compiled and interpreted, the host-program tests of test/Tools/hlox-run
# (control flow, custom calls through examples/custom_call, probes, rng),
# and hlox-bench on benchmarks/. Any sanitizer report fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
export HLOX_BUILD_DIR=${HLOX_BUILD_DIR:-build-sanitizers}
scripts/install-deps.sh libclang-rt-22-dev
scripts/configure.sh -DHLOX_ENABLE_SANITIZERS=ON
tests="HloxRuntimeTests HloxRuntimeNumericsTests HloxEvaluatorTests HloxDialectTests HloxTargetCPUTests"
ninja -C "$HLOX_BUILD_DIR" hlox-run hlox-bench hlox_example_custom_calls $tests
# The LLVM libraries are not instrumented: container overflow checks and
# poisoning by header-inlined LLVM allocators would report false positives.
export ASAN_OPTIONS=detect_leaks=0:detect_container_overflow=0:allow_user_poisoning=0:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
for test in $tests; do
  "$HLOX_BUILD_DIR/unittests/$test" --gtest_brief=1
done
corpus=${HLOX_CONFORMANCE_DIR:-../shared/conformance}
files=$(cd "$corpus" && find stablehlo/testdata stablehlo/interpret -name '*.mlir' \
          -not -path '*/dynamic/*' | sort | awk 'NR % 25 == 0')
lowering_tests=$(ls test/Conversion/StablehloToLinalg/*.mlir)
failed=0
# check MAX_EXIT LABEL HLOX_RUN_ARGS...: runs hlox-run; an exit above
# MAX_EXIT (a signal: sanitizers abort) or a sanitizer report fails.
check() {
  local max=$1 label=$2
  shift 2
  set +e
  "$HLOX_BUILD_DIR/bin/hlox-run" "$@" > /dev/null 2> /tmp/hlox-sanitizer.log
  local code=$?
  set -e
  if ((code > max)) || grep -q "Sanitizer" /tmp/hlox-sanitizer.log; then
    echo "sanitizer: $label: exit $code"
    head -20 /tmp/hlox-sanitizer.log
    failed=1
  fi
}
for file in $files $lowering_tests; do
  [[ -f "$file" ]] && input=$file || input=$corpus/$file
  for path in "" --interpret; do
    # Exit 0/1/2 are answers (check failures, bad input).
    check 2 "$file ($path)" $path --opaque-constants --split-input-file "$input"
  done
done
library="$HLOX_BUILD_DIR/lib/hlox_example_custom_calls.so"
for file in test/Tools/hlox-run/custom_call.mlir test/Tools/hlox-run/probe.mlir \
            test/Tools/hlox-run/print.mlir; do
  for flags in "" "--host-control-flow=always" "--interpret"; do
    check 0 "$file ($flags)" $flags --split-input-file \
      --custom-call-library="$library" "$file"
  done
done
# rng commands (the run's engine), in order and inside a host loop.
for args in "--function=draws" "--function=loop --input=3xf32=1,2,3"; do
  for path in "" --interpret; do
    check 0 "rng.mlir $args ($path)" $path $args test/Tools/hlox-run/rng.mlir
  done
done
for file in benchmarks/*.mlir; do
  if ! "$HLOX_BUILD_DIR/bin/hlox-bench" "$file" --repeat=1 --warmup=0 \
       > /dev/null 2> /tmp/hlox-sanitizer.log; then
    echo "sanitizer: hlox-bench $file"
    head -20 /tmp/hlox-sanitizer.log
    failed=1
  fi
done
count=$(echo "$files" | wc -w)
echo "sanitizers: $count corpus files and $(echo "$lowering_tests" | wc -w)" \
  "lowering tests compiled and interpreted, unit tests and hlox-bench run"
exit $failed
