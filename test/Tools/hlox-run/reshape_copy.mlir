// A reshape between a matrix product and a transpose is a dispatch of its
// own (the reshape splits a dimension the transpose then moves): the host
// program runs it as a copy, which takes the product's bytes in place
// (the product has no other use), and the results agree with the
// evaluator.
// RUN: hlox-run %s --random-inputs --compare-with-interpreter 2>&1 | FileCheck %s
// RUN: hlox-run %s --random-inputs --repeat=1 --profile 2>&1 >/dev/null | FileCheck %s --check-prefix=PROFILE

// CHECK: result[0] tensor<4x3x8x32xf32>: 0 of 3072 elements differ
// PROFILE: copy (in place) ({{.*}}reshape_copy.mlir:[[@LINE+5]]:8)
// PROFILE-NOT: dispatch {{.*}}reshape_copy.mlir:[[@LINE+4]]:

func.func @main(%a: tensor<32x64xf32>, %b: tensor<64x96xf32>) -> tensor<4x3x8x32xf32> {
  %p = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<32x64xf32>, tensor<64x96xf32>) -> tensor<32x96xf32>
  %r = stablehlo.reshape %p : (tensor<32x96xf32>) -> tensor<4x8x3x32xf32>
  %t = stablehlo.transpose %r, dims = [0, 2, 1, 3] : (tensor<4x8x3x32xf32>) -> tensor<4x3x8x32xf32>
  return %t : tensor<4x3x8x32xf32>
}
