// RUN: hlox-run %s --random-inputs --library-min-flops=0 --channels-last=false --hlox-matmul-kernel=false --repeat=3 --profile --trace=%t.json 2>&1 >/dev/null | FileCheck %s
// RUN: FileCheck %s --check-prefix=TRACE < %t.json
// RUN: %expect-exit 2 hlox-run %s --random-inputs --trace=%t.missing/dir/trace.json 2>&1 | FileCheck %s --check-prefix=BADPATH
// RUN: hlox-run %s --random-inputs --repeat=1 --threads=1 | FileCheck %s --check-prefix=THREADS
// RUN: hlox-run %s --random-inputs --repeat=1 --num-threads=3 | FileCheck %s --check-prefix=THREADS3

// The profile: each command's share of the run, ms and calls per run, what
// it is and where it comes from, most expensive first.
// CHECK: profile: {{[0-9.]+}} ms per run, median of 3 run(s), 3 commands
// CHECK-NEXT: share ms/run calls command (location)
// CHECK-DAG: {{[0-9.]+}}% {{[0-9.]+}} 1.00 #0 matmul 1x32x48x64 rhsT (oneDNN) ({{.*}}profile.mlir:[[@LINE+14]]:8)
// CHECK-DAG: {{[0-9.]+}}% {{[0-9.]+}} 1.00 #1 convolution 1x4x10x10 to 6 by 3x3/1 NCHW f32 (oneDNN) ({{.*}}profile.mlir:[[@LINE+14]]:8)
// CHECK-DAG: {{[0-9.]+}}% {{[0-9.]+}} 1.00 #2 dispatch main_dispatch_0_entry ({{.*}}profile.mlir:[[@LINE+14]]:8)

// TRACE: "traceEvents": [
// TRACE: "location": "{{.*}}profile.mlir:
// TRACE: "name": "matmul 1x32x48x64 rhsT (oneDNN)",
// TRACE-NEXT: "ph": "X",
// TRACE: "name": "convolution 1x4x10x10 to 6 by 3x3/1 NCHW f32 (oneDNN)",
// TRACE: "name": "dispatch main_dispatch_0_entry",

// BADPATH: error: cannot write {{.*}}trace.json

func.func @main(%a: tensor<32x64xf32>, %b: tensor<48x64xf32>, %x: tensor<1x4x10x10xf32>, %w: tensor<6x4x3x3xf32>) -> (tensor<32x48xf32>, tensor<1x6x8x8xf32>) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [1] : (tensor<32x64xf32>, tensor<48x64xf32>) -> tensor<32x48xf32>
  %1 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x10x10xf32>, tensor<6x4x3x3xf32>) -> tensor<1x6x8x8xf32>
  %2 = stablehlo.maximum %1, %1 : tensor<1x6x8x8xf32>
  return %0, %2 : tensor<32x48xf32>, tensor<1x6x8x8xf32>
}

// --threads is --num-threads.
// THREADS: time per run: {{.*}}, 1 threads
// THREADS3: time per run: {{.*}}, 3 threads
