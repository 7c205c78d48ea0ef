#!/usr/bin/env bash
# Compile-time benchmark: compiles each program cold (an empty kernel
# cache) and again from the cache, and prints one table: ops, dispatches,
# distinct kernels, the time of each phase of the cold compile, and both
# totals (medians of --runs compiles each). Programs: the exported models
# (HLOX_MODELS_DIR, default ../shared/models), the bench workloads
# (HLOX_BENCH_DIR/workloads, default ../shared/bench), the example MLP, and
# a generated transformer of N = 1, 2, 4, 8, 16, 32 layers, whose cold times
# are fitted to a line (slope per layer, intercept).
#
#   scripts/bench-compile.sh [--runs N] [--only REGEX] [-- hlox-bench flags]
set -euo pipefail
cd "$(dirname "$0")/.."
build="${HLOX_BUILD_DIR:-build}"
runs=1
only=""
while [ "$#" -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --only) only="$2"; shift 2 ;;
    --) shift; break ;;
    *) echo "usage: $0 [--runs N] [--only REGEX] [-- hlox-bench flags]" >&2; exit 2 ;;
  esac
done
ninja -C "$build" hlox-bench > /dev/null
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
models="${HLOX_MODELS_DIR:-../shared/models}"
bench="${HLOX_BENCH_DIR:-../shared/bench}"
programs=()
for file in "$models"/*.mlir "$bench"/workloads/*.mlir examples/mlp.mlir; do
  [ -f "$file" ] && programs+=("$file")
done
for n in 1 2 4 8 16 32; do
  python3 benchmarks/compile/gen_transformer.py "$n" -o "$work/transformer_$n.mlir"
  programs+=("$work/transformer_$n.mlir")
done
python3 - "$build/bin/hlox-bench" "$work" "$runs" "$only" "$@" "${programs[@]}" <<'PY'
import json, os, re, statistics, subprocess, sys, tempfile
bench, work, runs, only = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
rest = sys.argv[5:]
flags = [a for a in rest if a.startswith("--")]
files = [a for a in rest if not a.startswith("--")]
phases = ["input", "stablehlo", "linalg", "host", "keys", "llvm", "codegen", "link"]

def compile_once(path, cache):
    out = subprocess.run([bench, path, "--compile-only", "--format=json",
                          "--cache-dir=" + cache] + flags,
                         capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"{path}: hlox-bench failed:\n{out.stderr}")
    return json.loads(out.stdout)

print("%-28s %6s %6s %7s " % ("program", "ops", "disp", "kernels")
      + " ".join("%9s" % p for p in phases) + " %9s %9s" % ("cold ms", "cached"))
fit = []
for path in files:
    name = os.path.basename(path)
    if only and not re.search(only, name):
        continue
    cold, cached = [], []
    for _ in range(runs):
        cache = tempfile.mkdtemp(dir=work)
        cold.append(compile_once(path, cache))
        cached.append(compile_once(path, cache))
    mid = sorted(cold, key=lambda r: r["compile_ms"])[len(cold) // 2]
    cold_ms = statistics.median(r["compile_ms"] for r in cold)
    cached_ms = statistics.median(r["compile_ms"] for r in cached)
    print("%-28s %6d %6d %7d " % (name[:28], mid["ops"], mid["dispatches"], mid["kernels"])
          + " ".join("%9.1f" % mid["phases_ms"].get(p, 0.0) for p in phases)
          + " %9.1f %9.1f" % (cold_ms, cached_ms), flush=True)
    m = re.match(r"transformer_(\d+)\.mlir", name)
    if m:
        fit.append((int(m.group(1)), cold_ms))
if len(fit) >= 2:
    xs, ys = [x for x, _ in fit], [y for _, y in fit]
    mx, my = statistics.mean(xs), statistics.mean(ys)
    slope = sum((x - mx) * (y - my) for x, y in fit) / sum((x - mx) ** 2 for x in xs)
    print("transformer cold compile: %.1f ms + %.1f ms per layer (least squares, N = %s)"
          % (my - slope * mx, slope, ", ".join(map(str, xs))))
PY
