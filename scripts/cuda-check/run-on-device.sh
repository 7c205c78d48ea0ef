#!/usr/bin/env bash
# The CUDA check on a machine with a GPU, from the bundle prepare.sh made
# (this script's folder): the GPU and its driver, the ceilings
# (ceilings.py: device-to-device copy bandwidth, cuBLAS f32 and bf16
# products through PyTorch), then each program on cuda:0 with the inputs
# the bundle's digests were made from: its outputs against the digest of
# the CPU's (digest.py), then its time (hlox-run-aot --repeat). Writes, in
# $OUT (default BUNDLE/out):
#
#   gpu.txt        nvidia-smi's name, driver and memory
#   ceilings.txt   the ceilings
#   cuda.txt       the ledger: "NAME: pass", "NAME: fail|error: why", or
#                  "NAME: skipped (time budget)" past $HLOX_CHECK_BUDGET
#                  seconds (default 480)
#   bench.txt      per program that passed, hlox-run-aot's time line
#   log.txt        everything the runs printed
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$HERE/out}
mkdir -p "$OUT"
LIB=$(mktemp -d)
tar -xzf "$HERE/lib.tar.gz" -C "$LIB"
export LD_LIBRARY_PATH="$LIB${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
RUN="$HERE/hlox-run-aot"
REPEAT=${HLOX_CHECK_REPEAT:-10}
# The seconds the whole check may take (a device run is limited to 10
# minutes): programs left when they are spent are listed as skipped.
BUDGET=${HLOX_CHECK_BUDGET:-480}
START=$SECONDS
# cuBLASLt and cuDNN, which run the programs' matrix products and
# convolutions: the dynamic loader's, else the toolkit's, else the ones
# PyTorch's wheels carry.
find_library() { # VARIABLE NAME-PATTERN WHEEL-FOLDERS...
  local variable=$1 pattern=$2 candidate folder
  shift 2
  [ -n "${!variable:-}" ] && return
  ldconfig -p 2>/dev/null | grep -q "$pattern" && return
  for folder in /usr/local/cuda/lib64 $(python3 -c 'import sys, nvidia, os; print(" ".join(os.path.join(p, d, "lib") for p in nvidia.__path__ for d in sys.argv[1:]))' "$@" 2>/dev/null); do
    candidate=$(ls "$folder"/$pattern 2>/dev/null | head -1)
    if [ -n "$candidate" ]; then
      export "$variable=$candidate"
      return
    fi
  done
}
find_library HLOX_CUBLASLT 'libcublasLt.so.1[23]' cu13 cublas
find_library HLOX_CUDNN 'libcudnn.so.9' cu13 cudnn
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv \
  > "$OUT/gpu.txt" 2>&1
echo "cuBLASLt: ${HLOX_CUBLASLT:-from the dynamic loader}" >> "$OUT/gpu.txt"
echo "cuDNN: ${HLOX_CUDNN:-from the dynamic loader}" >> "$OUT/gpu.txt"
timeout 120 python3 "$HERE/ceilings.py" > "$OUT/ceilings.txt" 2>&1
: > "$OUT/cuda.txt"
: > "$OUT/bench.txt"
: > "$OUT/log.txt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$LIB"' EXIT
for types in "$HERE"/programs/*.types; do
  name=$(basename "$types" .types)
  if ((SECONDS - START > BUDGET)); then
    echo "$name: skipped (time budget)" >> "$OUT/cuda.txt"
    continue
  fi
  count=$(grep -c '^output' "$types")
  outputs=() files=()
  for ((i = 0; i < count; ++i)); do
    outputs+=("--output=@$tmp/$name.$i.bin")
    files+=("$tmp/$name.$i.bin")
  done
  echo "== $name" >> "$OUT/log.txt"
  if ! timeout 60 "$RUN" "$HERE/programs/$name.hlox" --device=cuda \
      --random-inputs --seed=1 "${outputs[@]}" > "$tmp/run" 2>&1; then
    cat "$tmp/run" >> "$OUT/log.txt"
    echo "$name: error: $(grep -m1 -i error "$tmp/run" || tail -1 "$tmp/run")" \
      >> "$OUT/cuda.txt"
    continue
  fi
  if ! python3 "$HERE/digest.py" compare "$HERE/programs/$name.json" \
      "$types" "${files[@]}" > "$tmp/compare" 2>&1; then
    cat "$tmp/compare" >> "$OUT/log.txt"
    echo "$name: fail: $(head -1 "$tmp/compare")" >> "$OUT/cuda.txt"
    rm -f "${files[@]}"
    continue
  fi
  rm -f "${files[@]}"
  echo "$name: pass" >> "$OUT/cuda.txt"
  if timeout 60 "$RUN" "$HERE/programs/$name.hlox" --device=cuda \
      --random-inputs --seed=1 --warmup=3 --repeat="$REPEAT" \
      > "$tmp/time" 2>&1; then
    echo "$name $(grep '^time:' "$tmp/time")" >> "$OUT/bench.txt"
  else
    cat "$tmp/time" >> "$OUT/log.txt"
  fi
done
cat "$OUT/gpu.txt" "$OUT/ceilings.txt" "$OUT/cuda.txt" "$OUT/bench.txt"
