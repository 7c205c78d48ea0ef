#!/usr/bin/env bash
# The main job: install what is missing, build hlox-opt, and run it on the
# example program, which it parses, verifies and prints back.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/configure.sh
ninja -C "${HLOX_BUILD_DIR:-build}" hlox-opt
"${HLOX_BUILD_DIR:-build}/bin/hlox-opt" "${1:-examples/mlp.mlir}"
