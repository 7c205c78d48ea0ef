#!/usr/bin/env bash
# Prepares the CUDA check that runs on a machine with a GPU
# (run-on-device.sh), here, where the build is and no GPU is needed. The
# GPU machine has no LLVM or MLIR: it gets programs compiled ahead of time
# for the GPU and the runtime-only runner, hlox-run-aot.
#
#   scripts/cuda-check/prepare.sh [BUNDLE]     (default .cuda-check)
#
# BUNDLE (git-ignored) then holds: hlox-run-aot and the shared libraries
# it needs beyond the C library (lib.tar.gz); per workload of $HLOX_BENCH_DIR
# (default ../shared/bench)/workloads, the program for the GPU
# (programs/NAME.hlox, --cuda-arch $HLOX_CUDA_ARCH, default sm_90), its
# signature (NAME.types) and the digest of its outputs on made-up inputs
# (--random-inputs --seed=1) as this machine's CPU computes them
# (NAME.json, digest.py); the same for every $HLOX_CHECK_CORPUS_STRIDE-th
# (default 7th) file of the CPU's conformance ledger
# (test/conformance/expected/cpu.txt, files under $HLOX_CONFORMANCE_DIR,
# default ../shared/conformance), each case apart, its checks made results;
# the programs
# that do not compile for the GPU, and why (compile-failures.txt); and the
# scripts that run there. Run it there as
#
#   device run, carry [".cuda-check"], command ".cuda-check/run-on-device.sh"
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD=${HLOX_BUILD_DIR:-build}
BUNDLE=${1:-.cuda-check}
BENCH=${HLOX_BENCH_DIR:-../shared/bench}
ARCH=${HLOX_CUDA_ARCH:-sm_90}
CORPUS=${HLOX_CONFORMANCE_DIR:-../shared/conformance}
STRIDE=${HLOX_CHECK_CORPUS_STRIDE:-7}
SEED=1
# The system's Python, with Debian's numpy (install-deps.sh).
PYTHON=${HLOX_PYTHON:-/usr/bin/python3}
for tool in hlox-compile hlox-opt hlox-run-aot; do
  [[ -x "$BUILD/bin/$tool" ]] || { echo "prepare: no $BUILD/bin/$tool (build first)" >&2; exit 1; }
done
rm -rf "$BUNDLE"
mkdir -p "$BUNDLE/programs"
cp "$BUILD/bin/hlox-run-aot" "$BUNDLE/"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Every shared library the runner loads but the C library's own, packed
# (what travels to the GPU machine is limited: oneDNN alone is 40 MB).
mkdir -p "$tmp/lib"
ldd "$BUILD/bin/hlox-run-aot" |
  awk '$2 == "=>" && $3 ~ /^\// {print $3}' |
  grep -Ev '/(libc|libm|libpthread|libdl|librt|ld-linux[^/]*)\.so' |
  xargs -r -I{} cp -L {} "$tmp/lib/"
tar -czf "$BUNDLE/lib.tar.gz" -C "$tmp/lib" .
rm -rf "$tmp/lib"
cp scripts/cuda-check/digest.py scripts/cuda-check/ceilings.py \
  scripts/cuda-check/run-on-device.sh "$BUNDLE/"
: > "$BUNDLE/compile-failures.txt"
# prepare NAME FILE [ENTRY [REPLICAS PARTITIONS]]: FILE's program for the
# GPU (its function ENTRY, default main, for a grid of REPLICAS x
# PARTITIONS processes, default 1 x 1), its signature, and the digest of
# what this machine's CPU computes from the same inputs.
prepare() {
  local name=$1 file=$2 entry=${3:-main}
  local grid=(--num-replicas="${4:-1}" --num-partitions="${5:-1}")
  if ! "$BUILD/bin/hlox-compile" "$file" --target=cuda --cuda-arch="$ARCH" \
      --function="$entry" "${grid[@]}" -o "$BUNDLE/programs/$name.hlox" \
      2> "$tmp/error"; then
    echo "$name: $(grep -m1 error "$tmp/error" || head -1 "$tmp/error")" \
      >> "$BUNDLE/compile-failures.txt"
    return 0
  fi
  "$BUILD/bin/hlox-run-aot" "$BUNDLE/programs/$name.hlox" --signature \
    > "$BUNDLE/programs/$name.types"
  local count outputs=() files=()
  count=$(grep -c '^output' "$BUNDLE/programs/$name.types" || true)
  for ((i = 0; i < count; ++i)); do
    outputs+=("--output=@$tmp/$name.$i.bin")
    files+=("$tmp/$name.$i.bin")
  done
  if ! "$BUILD/bin/hlox-compile" "$file" --function="$entry" "${grid[@]}" \
      -o "$tmp/$name.cpu.hlox" 2> "$tmp/error" ||
     ! "$BUILD/bin/hlox-run-aot" "$tmp/$name.cpu.hlox" --random-inputs \
      --seed=$SEED "${outputs[@]}" 2> "$tmp/error"; then
    echo "$name: no CPU reference: $(head -1 "$tmp/error")" \
      >> "$BUNDLE/compile-failures.txt"
    rm -f "$BUNDLE/programs/$name".*
    return 0
  fi
  "$PYTHON" scripts/cuda-check/digest.py make "$BUNDLE/programs/$name.types" \
    "${files[@]}" > "$BUNDLE/programs/$name.json"
  rm -f "$tmp/$name".*
}
for file in "$BENCH"/workloads/*.mlir; do
  prepare "$(basename "$file" .mlir)" "$file"
  echo "prepare: $file"
done
# Every $STRIDE-th file the CPU ledger passes, each `// -----` case of a
# file that splits its input apart, as the CUDA compile suite takes them
# (test/conformance/compile_cuda.py: @main, else each public function;
# a case without one has nothing to run; a case of several processes, the
# program its processes run, for their grid, when they all run the same
# one: hlox-run-aot runs one program on every process), its checks turned
# into results (hlox-checks-to-results): the GPU must compute what the CPU
# does.
mkdir -p "$tmp/cases"
awk -v stride="$STRIDE" '(NR - 1) % stride == 0' \
  test/conformance/expected/cpu.txt > "$tmp/sampled.txt"
"$PYTHON" - "$CORPUS" "$tmp/cases" "$tmp/sampled.txt" > "$tmp/cases.txt" <<'PY'
import os, sys
sys.path.insert(0, "test/conformance")
from compile_cuda import cases_of, entries_of
corpus, out, sampled = sys.argv[1:]
for relative in open(sampled).read().split():
    stem = "corpus." + relative[:-len(".mlir")].replace("/", ".")
    cases = cases_of(os.path.join(corpus, relative))
    for index, text in enumerate(cases):
        case = stem if len(cases) == 1 else f"{stem}.{index}"
        entries = entries_of(text)
        path = os.path.join(out, case + ".mlir")
        with open(path, "w") as f:
            f.write(text)
        grid = [e for e in entries if e[1] * e[2] > 1]
        if len(grid) > 1:
            print(case, "-", 0, 0, path)
            continue
        for entry, replicas, partitions in entries:
            name = case if len(entries) == 1 else f"{case}.{entry}"
            print(name, entry, replicas, partitions, path)
PY
while read -r name entry replicas partitions path; do
  if [[ $entry == - ]]; then
    echo "$name: not prepared: its processes run different programs" \
      "(hlox-run-aot runs one program on every process)" \
      >> "$BUNDLE/compile-failures.txt"
    continue
  fi
  if ! "$BUILD/bin/hlox-opt" "$path" \
      --hlox-checks-to-results="function=$entry" -o "$tmp/$name.mlir" \
      2> "$tmp/error"; then
    echo "$name: checks to results: $(grep -m1 error "$tmp/error")" \
      >> "$BUNDLE/compile-failures.txt"
    continue
  fi
  prepare "$name" "$tmp/$name.mlir" "$entry" "$replicas" "$partitions"
  rm -f "$tmp/$name.mlir"
done < "$tmp/cases.txt"
echo "prepare: $(ls "$BUNDLE"/programs/*.types | wc -l) programs," \
  "$(wc -l < "$BUNDLE/compile-failures.txt") that do not compile for the GPU"
du -sh "$BUNDLE"
