#!/usr/bin/env bash
# All-reduce bandwidth between 2 processes of an MPI job: hlox (a compiled
# stablehlo.all_reduce of N f32, run with hlox-run --collectives=mpi) against
# a raw MPI_Allreduce of the same size (benchmarks/collectives/allreduce.c),
# in one run, for 1 to 64 MiB. Prints per size the median time per run of
# each (rank 0's), the algorithmic bandwidth (bytes / time) and hlox / MPI.
# REPEAT (default 50) runs per measurement after a warm-up run.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${HLOX_BUILD_DIR:-build}"
repeat="${REPEAT:-50}"
ninja -C "$build" hlox-run > /dev/null
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mpicc -O2 benchmarks/collectives/allreduce.c -o "$work/allreduce"
mpirun=(mpirun --allow-run-as-root --oversubscribe -np 2)
median() { sed -n 's/.*time per run: \([0-9.]*\) us median.*/\1/p' | head -1; }
printf '%-8s %14s %14s %12s %12s %8s\n' size "hlox (us)" "MPI (us)" \
  "hlox GB/s" "MPI GB/s" "hlox/MPI"
for mib in 1 4 16 64; do
  n=$((mib * 262144))
  cat > "$work/allreduce.mlir" <<MLIR
module attributes {mhlo.num_replicas = 2 : i32} {
  func.func @main(%x: tensor<${n}xf32>) -> tensor<${n}xf32> {
    %0 = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<${n}xf32>) -> tensor<${n}xf32>
    return %0 : tensor<${n}xf32>
  }
}
MLIR
  hlox=$("${mpirun[@]}" "$build/bin/hlox-run" --collectives=mpi \
    --num-threads=1 --random-inputs --repeat="$repeat" "$work/allreduce.mlir" |
    grep "replica 0" | median)
  mpi=$("${mpirun[@]}" "$work/allreduce" "$n" "$repeat" | grep "rank 0" |
    median)
  awk -v mib="$mib" -v h="$hlox" -v m="$mpi" 'BEGIN {
    bytes = mib * 1048576;
    printf "%-8s %14.1f %14.1f %12.2f %12.2f %8.2f\n", mib " MiB", h, m,
      bytes / h / 1e3, bytes / m / 1e3, h / m }'
done
