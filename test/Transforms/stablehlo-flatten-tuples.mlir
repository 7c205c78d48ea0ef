// RUN: hlox-opt --stablehlo-flatten-tuples %s | FileCheck %s

// CHECK-LABEL: func.func @nested
// CHECK-SAME: (%[[A:.+]]: tensor<2xf32>, %[[B:.+]]: tensor<i64>)
// CHECK-NOT: stablehlo.tuple
// CHECK-NOT: stablehlo.get_tuple_element
// CHECK: return %[[A]], %[[B]]
func.func @nested(%a: tensor<2xf32>, %b: tensor<i64>) -> (tensor<2xf32>, tensor<i64>) {
  %inner = stablehlo.tuple %b : tuple<tensor<i64>>
  %t = stablehlo.tuple %a, %inner : tuple<tensor<2xf32>, tuple<tensor<i64>>>
  %0 = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xf32>, tuple<tensor<i64>>>) -> tensor<2xf32>
  %1 = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xf32>, tuple<tensor<i64>>>) -> tuple<tensor<i64>>
  %2 = stablehlo.get_tuple_element %1[0] : (tuple<tensor<i64>>) -> tensor<i64>
  return %0, %2 : tensor<2xf32>, tensor<i64>
}
