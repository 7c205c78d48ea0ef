#!/usr/bin/env bash
# What asynchronous collectives buy: a program of 2 partitions whose
# all_reduce of N f32 is independent of a 512x512x512 matrix product until
# the end, timed with the collective started before the product and waited
# for after it (the default) and run in place (--async-collectives=false),
# as 2 processes of an MPI job (one thread each) and as 2 devices of one
# process (--num-threads=2). Prints the median time per run of each (rank
# or device 0's) and async / in place. REPEAT (default 50) runs per
# measurement after a warm-up run.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${HLOX_BUILD_DIR:-build}"
repeat="${REPEAT:-50}"
ninja -C "$build" hlox-run > /dev/null
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mpirun=(mpirun --allow-run-as-root --oversubscribe -np 2)
median() { sed -n 's/.*time per run: \([0-9.]*\) us median.*/\1/p' | head -1; }
printf '%-8s %-10s %14s %14s %8s\n' size job "async (us)" "in place (us)" \
  "ratio"
for mib in 1 4 16; do
  n=$((mib * 262144))
  cat > "$work/overlap.mlir" <<MLIR
module attributes {mhlo.num_partitions = 2 : i32} {
  func.func @main(%x: tensor<${n}xf32>, %a: tensor<512x512xf32>) -> (tensor<${n}xf32>, tensor<512x512xf32>) {
    %s = "stablehlo.all_reduce"(%x) ({
      ^bb0(%l: tensor<f32>, %r: tensor<f32>):
        %t = stablehlo.add %l, %r : tensor<f32>
        stablehlo.return %t : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<${n}xf32>) -> tensor<${n}xf32>
    %p = stablehlo.dot_general %a, %a, contracting_dims = [1] x [0] : (tensor<512x512xf32>, tensor<512x512xf32>) -> tensor<512x512xf32>
    %e = stablehlo.negate %s : tensor<${n}xf32>
    return %e, %p : tensor<${n}xf32>, tensor<512x512xf32>
  }
}
MLIR
  for job in mpi local; do
    times=()
    for async in true false; do
      if [ "$job" = mpi ]; then
        t=$("${mpirun[@]}" "$build/bin/hlox-run" --collectives=mpi \
          --num-threads=1 --async-collectives="$async" --random-inputs \
          --repeat="$repeat" "$work/overlap.mlir" | grep "partition 0" | median)
      else
        t=$("$build/bin/hlox-run" --num-threads=2 --async-collectives="$async" \
          --random-inputs --repeat="$repeat" "$work/overlap.mlir" | median)
      fi
      times+=("$t")
    done
    awk -v mib="$mib" -v job="$job" -v a="${times[0]}" -v s="${times[1]}" \
      'BEGIN { printf "%-8s %-10s %14.1f %14.1f %8.2f\n", mib " MiB", job, a, s, a / s }'
  done
done
