#!/usr/bin/env bash
# Configures the build directory (default: build/) with Ninja, clang and lld
# of LLVM 22, and the system's Python 3 (the one with Debian's numpy and
# pybind11: the Python package is built for it). Extra arguments go to cmake.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${HLOX_BUILD_DIR:-build}
if [[ ! -f "$BUILD_DIR/build.ninja" ]]; then
  cmake -G Ninja -S . -B "$BUILD_DIR" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DLLVM_ENABLE_LLD=ON -DPython3_EXECUTABLE=/usr/bin/python3 "$@"
fi
