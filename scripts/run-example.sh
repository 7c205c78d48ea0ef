#!/usr/bin/env bash
# The main job: install what is missing, build hlox-opt and hlox-run, check
# the example program with hlox-opt, compile it for the host CPU and run it
# with generated inputs, printing the result, the compile report and the
# median time per run.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/configure.sh
build="${HLOX_BUILD_DIR:-build}"
ninja -C "$build" hlox-opt hlox-run
program="${1:-examples/mlp.mlir}"
"$build/bin/hlox-opt" "$program" > /dev/null
if [ "$#" -gt 1 ]; then
  shift
  exec "$build/bin/hlox-run" "$program" --print-output "$@"
fi
# The MLP takes x[4x8], w1[8x16], b1[16], w2[16x3], b2[3].
values() { seq -s, -f '%.3f' "$1" "$2" "$3"; }
exec "$build/bin/hlox-run" "$program" --print-output --stats --repeat=1000 \
  --input="4x8xf32=$(values -0.8 0.05 0.75)" \
  --input="8x16xf32=$(values -0.64 0.01 0.63)" \
  --input="16xf32=$(values 0 0.01 0.15)" \
  --input="16x3xf32=$(values -0.24 0.01 0.23)" \
  --input="3xf32=0.1,0,-0.1"
