#!/usr/bin/env bash
# Runs hlox-bench on every program of benchmarks/ (or the files given),
# vectorized and not, and prints one line per run: the median time and the
# ratios against the machine's ceilings that hlox-bench measures. Pass
# hlox-bench flags after `--` (e.g. -- --num-threads=1 --repeat=100).
set -euo pipefail
cd "$(dirname "$0")/.."
build="${HLOX_BUILD_DIR:-build}"
ninja -C "$build" hlox-bench > /dev/null
files=()
while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do
  files+=("$1")
  shift
done
[ "$#" -gt 0 ] && shift
[ "${#files[@]}" -gt 0 ] || files=(benchmarks/*.mlir)
printf '%-22s %-9s %12s %10s %10s\n' program vectorize "median (us)" "% memory" "% compute"
for file in "${files[@]}"; do
  for vectorize in true false; do
    "$build/bin/hlox-bench" "$file" --vectorize="$vectorize" --format=json "$@" |
      python3 -c '
import json, sys
r = json.loads(sys.stdin.read())
compute = "%.1f" % (100 * r["compute_fraction"]) if r["flops"] else "-"
print("%-22s %-9s %12.1f %10.1f %10s" % (r["file"], "yes" if r["vectorize"] else "no",
      r["median_s"] * 1e6, 100 * r["memory_fraction"], compute))'
  done
done
