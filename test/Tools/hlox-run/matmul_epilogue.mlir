// RUN: hlox-run %s --random-inputs --num-threads=2 --library-min-flops=0 --compare-with-interpreter --atol=2e-4 | FileCheck %s --check-prefix=EXEC
// RUN: hlox-run %s --random-inputs --num-threads=2 --library-min-flops=0 --compare-with-interpreter --atol=2e-4 --hlox-matmul-kernel=false | FileCheck %s --check-prefix=EXEC
// RUN: hlox-run %s --random-inputs --num-threads=1 --library-min-flops=0 --compare-with-interpreter --atol=2e-4 --fuse-matmul-epilogues=false | FileCheck %s --check-prefix=EXEC
// RUN: %if avx512 %{ hlox-run %s --random-inputs --repeat=1 --library-min-flops=0 --profile 2>&1 >/dev/null | FileCheck %s --check-prefix=ROUTE %}
// RUN: hlox-run %s --random-inputs --repeat=1 --library-min-flops=0 --profile --fuse-matmul-epilogues=false 2>&1 >/dev/null | FileCheck %s --check-prefix=UNFUSED
// RUN: hlox-run %s --random-inputs --library-min-flops=0 --print-output > %t.fused
// RUN: hlox-run %s --random-inputs --library-min-flops=0 --print-output --fuse-matmul-epilogues=false > %t.unfused
// RUN: diff %t.fused %t.unfused

// Matrix products whose elementwise consumer becomes their epilogue,
// applied to each tile as it is finished: computed with hlox's kernel
// (register tiles of 8x48 whatever the shape's remainders, dot products
// for a few rows by W.T), with oneDNN (per part a thread computes), and
// unfused, all against the interpreter; fused and unfused, the same bits.
// EXEC: result[0] tensor<200x100xf32>: 0 of 20000 elements differ
// EXEC: result[1] tensor<2x40x72xf32>: 0 of 5760 elements differ
// EXEC: result[2] tensor<3x20x50xf32>: 0 of 3000 elements differ
// EXEC: result[3] tensor<2x1000xf32>: 0 of 2000 elements differ
// EXEC: result[4] tensor<3x1000xf32>: 0 of 3000 elements differ
// EXEC: result[5] tensor<64x96xf32>: 0 of 6144 elements differ
// EXEC: result[6] tensor<64x96xf32>: 0 of 6144 elements differ

// ROUTE-DAG: matmul 1x200x100x300 +main_dispatch_{{[0-9]+}}_entry (hlox) ({{.*}}matmul_epilogue.mlir:[[@LINE+23]]:8)
// ROUTE-DAG: matmul 1x80x72x64 +main_dispatch_{{[0-9]+}}_entry (hlox) ({{.*}}matmul_epilogue.mlir:[[@LINE+34]]:8)
// ROUTE-DAG: matmul 3x20x50x32 rhsT +main_dispatch_{{[0-9]+}}_entry (hlox) ({{.*}}matmul_epilogue.mlir:[[@LINE+38]]:8)
// ROUTE-DAG: matmul 1x2x1000x1280 +main_dispatch_{{[0-9]+}}_entry (oneDNN) ({{.*}}matmul_epilogue.mlir:[[@LINE+41]]:8)
// ROUTE-DAG: matmul 1x3x1000x256 rhsT +main_dispatch_{{[0-9]+}}_entry (hlox) ({{.*}}matmul_epilogue.mlir:[[@LINE+45]]:8)
// The product used twice keeps its buffer and its consumer's dispatch.
// ROUTE-DAG: matmul 1x64x96x128 (hlox) ({{.*}}matmul_epilogue.mlir:[[@LINE+47]]:8)

// UNFUSED-NOT: _entry (
// UNFUSED: matmul 1x200x100x300 (

func.func @main(%x: tensor<200x300xf32>, %w: tensor<300x100xf32>,
                %b: tensor<100xf32>, %a: tensor<2x40x64xf32>,
                %v: tensor<64x72xf32>, %r: tensor<2x40x72xf32>,
                %q: tensor<3x20x32xf32>, %k: tensor<3x50x32xf32>,
                %x2: tensor<2x1280xf32>, %w2: tensor<1280x1000xf32>,
                %b2: tensor<1000xf32>, %x3: tensor<3x256xf32>,
                %w3: tensor<1000x256xf32>, %x4: tensor<64x128xf32>,
                %w4: tensor<128x96xf32>)
    -> (tensor<200x100xf32>, tensor<2x40x72xf32>, tensor<3x20x50xf32>,
        tensor<2x1000xf32>, tensor<3x1000xf32>, tensor<64x96xf32>,
        tensor<64x96xf32>) {
  // x @ W + b, then the exact GELU: h * 0.5 * (1 + erf(h / sqrt(2))).
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<200x300xf32>, tensor<300x100xf32>) -> tensor<200x100xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<100xf32>) -> tensor<200x100xf32>
  %h = stablehlo.add %0, %bb : tensor<200x100xf32>
  %c = stablehlo.constant dense<0.707106769> : tensor<200x100xf32>
  %hs = stablehlo.multiply %h, %c : tensor<200x100xf32>
  %e = chlo.erf %hs : tensor<200x100xf32> -> tensor<200x100xf32>
  %one = stablehlo.constant dense<1.0> : tensor<200x100xf32>
  %ep = stablehlo.add %e, %one : tensor<200x100xf32>
  %half = stablehlo.constant dense<0.5> : tensor<200x100xf32>
  %hh = stablehlo.multiply %h, %half : tensor<200x100xf32>
  %gelu = stablehlo.multiply %hh, %ep : tensor<200x100xf32>
  // A residual add and a ReLU on rows of two dimensions.
  %1 = stablehlo.dot_general %a, %v, contracting_dims = [2] x [0] : (tensor<2x40x64xf32>, tensor<64x72xf32>) -> tensor<2x40x72xf32>
  %res = stablehlo.add %1, %r : tensor<2x40x72xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<2x40x72xf32>
  %relu = stablehlo.maximum %res, %zero : tensor<2x40x72xf32>
  // Attention scores: q @ k.T per batch, scaled.
  %2 = stablehlo.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<3x20x32xf32>, tensor<3x50x32xf32>) -> tensor<3x20x50xf32>
  %s = stablehlo.constant dense<0.176776692> : tensor<3x20x50xf32>
  %scaled = stablehlo.multiply %2, %s : tensor<3x20x50xf32>
  // A classifier's few rows (oneDNN's) with a bias and a tanh.
  %3 = stablehlo.dot_general %x2, %w2, contracting_dims = [1] x [0] : (tensor<2x1280xf32>, tensor<1280x1000xf32>) -> tensor<2x1000xf32>
  %bb2 = stablehlo.broadcast_in_dim %b2, dims = [1] : (tensor<1000xf32>) -> tensor<2x1000xf32>
  %l = stablehlo.add %3, %bb2 : tensor<2x1000xf32>
  %t = stablehlo.tanh %l : tensor<2x1000xf32>
  // x @ W.T of three rows (hlox's dot products) with a bias.
  %4 = stablehlo.dot_general %x3, %w3, contracting_dims = [1] x [1] : (tensor<3x256xf32>, tensor<1000x256xf32>) -> tensor<3x1000xf32>
  %bb3 = stablehlo.broadcast_in_dim %b2, dims = [1] : (tensor<1000xf32>) -> tensor<3x1000xf32>
  %l3 = stablehlo.add %4, %bb3 : tensor<3x1000xf32>
  // A product that is also a result: no epilogue.
  %5 = stablehlo.dot_general %x4, %w4, contracting_dims = [1] x [0] : (tensor<64x128xf32>, tensor<128x96xf32>) -> tensor<64x96xf32>
  %n = stablehlo.negate %5 : tensor<64x96xf32>
  return %gelu, %relu, %scaled, %t, %l3, %5, %n : tensor<200x100xf32>, tensor<2x40x72xf32>, tensor<3x20x50xf32>, tensor<2x1000xf32>, tensor<3x1000xf32>, tensor<64x96xf32>, tensor<64x96xf32>
}
