// RUN: hlox-run %s --random-inputs --library-min-flops=0 --num-threads=2 --compare-with-interpreter | FileCheck %s --check-prefix=EXEC
// RUN: hlox-run %s --random-inputs --library-min-flops=0 --num-threads=1 --compare-with-interpreter | FileCheck %s --check-prefix=EXEC
// RUN: hlox-run %s --random-inputs --library-min-flops=0 --hlox-matmul-kernel=false --compare-with-interpreter | FileCheck %s --check-prefix=EXEC
// RUN: %if avx512 %{ hlox-run %s --random-inputs --library-min-flops=0 --repeat=1 --profile 2>&1 >/dev/null | FileCheck %s --check-prefix=OWN %}
// RUN: hlox-run %s --random-inputs --library-min-flops=0 --hlox-matmul-kernel=false --repeat=1 --profile 2>&1 >/dev/null | FileCheck %s --check-prefix=ONEDNN
// RUN: hlox-opt %s --hlox-select-library-calls="min-flops=0 hlox-matmul-kernel=true" | FileCheck %s --check-prefix=IR

// The product forms of library.matmul by hlox's kernel (the default where
// the CPU has AVX-512; oneDNN with --hlox-matmul-kernel=false), against the
// evaluator: x @ W with tails of the 8x48 tile and K blocks (70 x 50 x 400:
// the rhs packed), few rows (the rhs read in place), x @ W.T (the rhs
// packed by transposes), a batched q @ k.T, a.T @ b, and x @ W.T of 7
// rows (dot products, with tails of their rhs blocks and of k).
// EXEC: result[0] tensor<70x50xf32>: 0 of 3500 elements differ
// EXEC: result[1] tensor<5x100xf32>: 0 of 500 elements differ
// EXEC: result[2] tensor<33x20xf32>: 0 of 660 elements differ
// EXEC: result[3] tensor<3x17x17xf32>: 0 of 867 elements differ
// EXEC: result[4] tensor<9x12xf32>: 0 of 108 elements differ
// EXEC: result[5] tensor<7x40xf32>: 0 of 280 elements differ

// OWN-COUNT-6: matmul {{.*}} (hlox)
// ONEDNN-COUNT-6: matmul {{.*}} (oneDNN)

// IR-COUNT-6: library.matmul {{.*}} hlox_kernel :

func.func @main(%a: tensor<70x400xf32>, %b: tensor<400x50xf32>,
                %x: tensor<5x130xf32>, %w: tensor<130x100xf32>,
                %y: tensor<33x64xf32>, %v: tensor<20x64xf32>,
                %q: tensor<3x17x40xf32>, %k: tensor<3x17x40xf32>,
                %at: tensor<31x9xf32>, %bt: tensor<31x12xf32>,
                %s: tensor<7x777xf32>, %u: tensor<40x777xf32>)
    -> (tensor<70x50xf32>, tensor<5x100xf32>, tensor<33x20xf32>,
        tensor<3x17x17xf32>, tensor<9x12xf32>, tensor<7x40xf32>) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<70x400xf32>, tensor<400x50xf32>) -> tensor<70x50xf32>
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<5x130xf32>, tensor<130x100xf32>) -> tensor<5x100xf32>
  %2 = stablehlo.dot_general %y, %v, contracting_dims = [1] x [1] : (tensor<33x64xf32>, tensor<20x64xf32>) -> tensor<33x20xf32>
  %3 = stablehlo.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<3x17x40xf32>, tensor<3x17x40xf32>) -> tensor<3x17x17xf32>
  %4 = stablehlo.dot_general %at, %bt, contracting_dims = [0] x [0] : (tensor<31x9xf32>, tensor<31x12xf32>) -> tensor<9x12xf32>
  %5 = stablehlo.dot_general %s, %u, contracting_dims = [1] x [1] : (tensor<7x777xf32>, tensor<40x777xf32>) -> tensor<7x40xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<70x50xf32>, tensor<5x100xf32>, tensor<33x20xf32>, tensor<3x17x17xf32>, tensor<9x12xf32>, tensor<7x40xf32>
}
