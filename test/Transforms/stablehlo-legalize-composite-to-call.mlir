// RUN: hlox-opt --stablehlo-legalize-composite-to-call %s | FileCheck %s

// CHECK-LABEL: func.func @main
// CHECK: %[[R:.+]] = call @my_square(%{{.+}}) : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NOT: stablehlo.composite
// CHECK: return %[[R]]
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.composite "my.square" %x {decomposition = @my_square} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func private @my_square(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.multiply %x, %x : tensor<2xf32>
  return %0 : tensor<2xf32>
}
