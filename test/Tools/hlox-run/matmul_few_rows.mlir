// RUN: hlox-run %s --random-inputs --num-threads=2 --compare-with-interpreter --atol=2e-4 | FileCheck %s --check-prefix=EXEC
// RUN: %if avx512 %{ hlox-run %s --random-inputs --repeat=1 --profile 2>&1 >/dev/null | FileCheck %s --check-prefix=ROUTE %}
// RUN: hlox-opt %s --hlox-select-library-calls="hlox-matmul-kernel=true" | FileCheck %s --check-prefix=IR

// Products of a few rows. With hlox's matrix product kernel (the default),
// those of at most 4 rows by a row-major rhs (bound by the read of the
// rhs) are not marked `hlox_kernel` and stay oneDNN's; by a transposed rhs
// (x @ W.T) they are hlox's dot products, and from 5 rows on hlox's tiles.
// Sums of 1280 products: an absolute tolerance for the ones that cancel.
// EXEC: result[0] tensor<2x1000xf32>: 0 of 2000 elements differ
// EXEC: result[1] tensor<2x1000xf32>: 0 of 2000 elements differ
// EXEC: result[2] tensor<5x1000xf32>: 0 of 5000 elements differ

// IR: library.matmul %arg0, %arg1 batch_rank = 0 contracting_rank = 1 :
// IR: library.matmul %arg0, %arg2 transpose_rhs batch_rank = 0 contracting_rank = 1 hlox_kernel :
// IR: library.matmul %arg3, %arg1 batch_rank = 0 contracting_rank = 1 hlox_kernel :

// ROUTE-DAG: matmul 1x2x1000x1280 (oneDNN) ({{.*}}matmul_few_rows.mlir:[[@LINE+8]]:8)
// ROUTE-DAG: matmul 1x2x1000x1280 rhsT (hlox) ({{.*}}matmul_few_rows.mlir:[[@LINE+8]]:8)
// ROUTE-DAG: matmul 1x5x1000x1280 (hlox) ({{.*}}matmul_few_rows.mlir:[[@LINE+8]]:8)

func.func @main(%x: tensor<2x1280xf32>, %w: tensor<1280x1000xf32>,
                %wt: tensor<1000x1280xf32>, %x5: tensor<5x1280xf32>)
    -> (tensor<2x1000xf32>, tensor<2x1000xf32>, tensor<5x1000xf32>) {
  // A classifier's x @ W (MobileNetV2's is 1x1280 by 1280x1000).
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x1280xf32>, tensor<1280x1000xf32>) -> tensor<2x1000xf32>
  %1 = stablehlo.dot_general %x, %wt, contracting_dims = [1] x [1] : (tensor<2x1280xf32>, tensor<1000x1280xf32>) -> tensor<2x1000xf32>
  %2 = stablehlo.dot_general %x5, %w, contracting_dims = [1] x [0] : (tensor<5x1280xf32>, tensor<1280x1000xf32>) -> tensor<5x1000xf32>
  return %0, %1, %2 : tensor<2x1000xf32>, tensor<2x1000xf32>, tensor<5x1000xf32>
}
