// RUN: hlox-opt --split-input-file --stablehlo-refine-shapes %s | FileCheck %s

// Shape computations on constants fold, dynamism ops take their static
// forms, and result types follow.
// CHECK-LABEL: func.func @main
// CHECK-SAME: -> tensor<2x3xf32>
// CHECK-NOT: stablehlo.dynamic_broadcast_in_dim
// CHECK: stablehlo.broadcast_in_dim %{{.+}}, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: stablehlo.add %{{.+}} : tensor<2x3xf32>
func.func @main(%x: tensor<3xf32>) -> tensor<?x3xf32> {
  %two = stablehlo.constant dense<2> : tensor<1xi32>
  %three = stablehlo.constant dense<3> : tensor<1xi32>
  %shape = stablehlo.concatenate %two, %three, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %shape, dims = [1] : (tensor<3xf32>, tensor<2xi32>) -> tensor<?x3xf32>
  %1 = stablehlo.add %0, %0 : tensor<?x3xf32>
  return %1 : tensor<?x3xf32>
}

// -----

// Float computations on constants are not folded.
// CHECK-LABEL: func.func @floats_stay
// CHECK: stablehlo.multiply
func.func @floats_stay() -> tensor<2xf32> {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = stablehlo.multiply %a, %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}
