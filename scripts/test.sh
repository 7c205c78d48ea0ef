#!/usr/bin/env bash
# Builds everything and runs every test through ctest: lit tests, unit tests,
# the conformance round-trip ledger and the malformed-input test. The
# conformance corpus is read from $HLOX_CONFORMANCE_DIR or
# ../shared/conformance; without it those suites report skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/configure.sh
BUILD_DIR=${HLOX_BUILD_DIR:-build}
ninja -C "$BUILD_DIR"
ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$(nproc)" "$@"
