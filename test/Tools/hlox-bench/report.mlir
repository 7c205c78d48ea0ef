// hlox-bench times a function and reports it against the machine's
// ceilings; these tests check what it reports and its errors, never how fast
// it is.
// RUN: hlox-bench %s --repeat=3 --warmup=1 | FileCheck %s
// RUN: hlox-bench %s --repeat=2 --format=json | FileCheck %s --check-prefix=JSON
// RUN: hlox-bench %s --repeat=2 --vectorize=false --num-threads=1 | FileCheck %s --check-prefix=SCALAR
// RUN: hlox-bench %s --repeat=2 --input=16x16xf32=1 | FileCheck %s --check-prefix=GIVEN
// RUN: %expect-exit 2 hlox-bench %s --input=4xf32=1 2>&1 | FileCheck %s --check-prefix=WRONG
// RUN: %expect-exit 2 hlox-bench %s --input=16x16xf32=x 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 2 hlox-bench %s --function=nope 2>&1 | FileCheck %s --check-prefix=NOFN
// RUN: %expect-exit 2 hlox-bench %S/Inputs/dynamic.mlir 2>&1 | FileCheck %s --check-prefix=DYNAMIC

// Two 16x16 f32 arguments and a 16x16 result: 3 KiB; 2 * 16^3 FLOPs.
// CHECK: @main of report.mlir: compiled in {{[0-9.]+}} ms, {{[0-9]+}} threads
// CHECK-NEXT: time {{ *}}{{[0-9.]+}} us median of 3 runs (min {{[0-9.]+}}, max {{[0-9.]+}})
// CHECK-NEXT: memory {{ *}}3.0 KiB of arguments and results: {{[0-9.]+}} GB/s, {{[0-9.]+}}% of a 3.0 KiB copy ({{[0-9.]+}} GB/s); {{[0-9.]+}} minor page faults per run ({{(jemalloc|glibc) .+}})
// CHECK-NEXT: compute {{ *}}8.2 kFLOP in contractions: {{[0-9.]+}} GFLOP/s, {{[0-9.]+}}% of the f32 FMA peak ({{.+}}) ({{[0-9.]+}} GFLOP/s)

// JSON: {"file": "report.mlir", "function": "main", "threads": {{[0-9]+}}, "vectorize": true, "runs": 2,
// JSON-SAME: "bytes": 3072, "flops": 8192,
// JSON-SAME: "strict_numerics": false, "minor_faults_per_run": {{[0-9.]+}}, "allocator": "{{(jemalloc|glibc) .+}}"}

// SCALAR: @main of report.mlir: compiled in {{.*}}, 1 threads, not vectorized

// GIVEN: median of 2 runs

// WRONG: error: --input 0: argument 0 is tensor<16x16xf32>, got tensor<4xf32>
// BAD: error: --input 0: bad number 'x'
// NOFN: error: no function named @nope
// DYNAMIC: dynamic.mlir:2:1: error: argument 0 ('tensor<?xf32>') has no static shape to make up; give it with --input

func.func @main(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}
