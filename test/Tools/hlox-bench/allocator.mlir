// The tools that run programs allocate through jemalloc when the build links
// it (HLOX_ENABLE_JEMALLOC, the default): hlox-bench names the allocator that
// serves malloc, and jemalloc prints its statistics at exit when asked, which
// only a process whose malloc it serves does.
// REQUIRES: jemalloc
// RUN: hlox-bench %s --repeat=1 --warmup=0 --format=json | FileCheck %s --check-prefix=BENCH
// RUN: env MALLOC_CONF=stats_print:true hlox-run %s --input=4xf32=1 2>&1 | FileCheck %s --check-prefix=STATS

// BENCH: "allocator": "jemalloc 5.
// STATS: Begin jemalloc statistics
// STATS: nmalloc

func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}
