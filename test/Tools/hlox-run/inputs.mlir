// Arguments from the command line and from .npy files; results to .npy.
// RUN: hlox-run %s --input=2x2xf32=1,2,3,4 --input="2x2xf32=[1 1][1 1]" --print-output | FileCheck %s
// RUN: hlox-run %s --input=2x2xf32=1,2,3,4 --input=2x2xf32=0.5 --output=@%t.npy
// RUN: hlox-run %s --input=@%t.npy --input=2x2xf32=1 --print-output | FileCheck %s --check-prefix=NPY

// Bad input: a clear error and exit 2.
// RUN: %expect-exit 2 hlox-run %s --input=2x2xf32=1,2,3,4 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: %expect-exit 2 hlox-run %s --input=2x2xf32=1,2,3 --input=2x2xf32=1 2>&1 | FileCheck %s --check-prefix=VALUES
// RUN: %expect-exit 2 hlox-run %s --input=2x2xf32=1,x,3,4 --input=2x2xf32=1 2>&1 | FileCheck %s --check-prefix=NUMBER
// RUN: %expect-exit 2 hlox-run %s --input=2x2xf64=1 --input=2x2xf32=1 2>&1 | FileCheck %s --check-prefix=DTYPE
// RUN: %expect-exit 2 hlox-run %s --input=3x2xf32=1 --input=2x2xf32=1 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: %expect-exit 2 hlox-run %s --input=@%t.missing.npy --input=2x2xf32=1 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: %expect-exit 2 hlox-run %s --input=2x2xq9=1 --input=2x2xf32=1 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: %expect-exit 2 hlox-run %s --function=nope 2>&1 | FileCheck %s --check-prefix=FUNCTION

// CHECK: result[0]: dense<{{\[}}[2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00]]> : tensor<2x2xf32>
// NPY: result[0]: dense<{{\[}}[2.500000e+00, 3.500000e+00], [4.500000e+00, 5.500000e+00]]> : tensor<2x2xf32>
// COUNT: error: expects 2 inputs, got 1 --input flags
// VALUES: error: --input 0 ('2x2xf32=1,2,3'): expected 4 values, got 3
// NUMBER: error: --input 0 ('2x2xf32=1,x,3,4'): bad number 'x'
// DTYPE: error: --input 0: @main expects tensor<2x2xf32>, got tensor<2x2xf64>
// SHAPE: error: --input 0: @main expects tensor<2x2xf32>, got tensor<3x2xf32>
// MISSING: error: --input 0 ('@{{.*}}missing.npy'): {{.*}}missing.npy: cannot read
// TYPE: error: --input 0 ('2x2xq9=1'): unknown element type 'q9'
// FUNCTION: error: no function named @nope
func.func @main(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %sum = stablehlo.add %a, %b : tensor<2x2xf32>
  return %sum : tensor<2x2xf32>
}
