#!/usr/bin/env bash
# What asynchronous collectives buy: a program sharded over 2 devices
# whose product x . w, split along its contraction, ends in an all_reduce
# of its M x N partial sums, followed by a 512x512x512 matrix product that
# does not read them; timed with the all_reduce started before that
# product and waited for after it (the default) and run in place
# (--async-collectives=false), as 2 processes of an MPI job (one thread
# each) and as 2 devices of one process (--num-threads=2). Prints the
# median time per run of each (process or run of devices) and async / in
# place. REPEAT (default 50) runs per measurement after a warm-up run.
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
for shape in 256x1024 256x4096 1024x4096; do
  m=${shape%x*} n=${shape#*x}
  mib=$((m * n * 4 / 1048576))
  cat > "$work/overlap.mlir" <<MLIR
sdy.mesh @mesh = <["x"=2]>
func.func @main(%x: tensor<${m}x1024xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>},
                %w: tensor<1024x${n}xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
                %a: tensor<512x512xf32>) -> (tensor<${m}x${n}xf32>, tensor<512x512xf32>) {
  %s = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<${m}x1024xf32>, tensor<1024x${n}xf32>) -> tensor<${m}x${n}xf32>
  %p = stablehlo.dot_general %a, %a, contracting_dims = [1] x [0] : (tensor<512x512xf32>, tensor<512x512xf32>) -> tensor<512x512xf32>
  %e = stablehlo.negate %s : tensor<${m}x${n}xf32>
  return %e, %p : tensor<${m}x${n}xf32>, tensor<512x512xf32>
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
