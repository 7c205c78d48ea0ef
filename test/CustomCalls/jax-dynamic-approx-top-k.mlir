// stablehlo.dynamic_approx_top_k: k and the result shapes as operands of a
// shape-polymorphic export, its sizes constants once the program is
// specialized to its arguments; compiled and interpreted.
// RUN: hlox-run --input=7xf32=3,1,4,2,5,6,7 --print-output %s | FileCheck %s
// RUN: hlox-run --interpret --input=7xf32=3,1,4,2,5,6,7 --print-output %s | FileCheck %s

func.func private @top_k_gt_f32_comparator(%a: tensor<f32>, %b: tensor<f32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<i1> {
  %0 = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
  return %0 : tensor<i1>
}

// k and the result shapes as operands (a shape-polymorphic export whose
// sizes are constants here).
// CHECK: result[0]: dense<[7.000000e+00, 6.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: result[1]: dense<[6, 5]> : tensor<2xi32>
func.func @main(%x: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xi32>) {
  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %n1 = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %i = stablehlo.dynamic_iota %n1, dim = 0 : (tensor<1xi32>) -> tensor<?xi32>
  %init = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m1 = stablehlo.constant dense<-1> : tensor<i32>
  %k = stablehlo.constant dense<2> : tensor<i32>
  %shape = stablehlo.constant dense<2> : tensor<1xi32>
  %r:2 = stablehlo.custom_call @stablehlo.dynamic_approx_top_k(%x, %i, %init, %m1, %k, %shape, %shape) {called_computations = [@top_k_gt_f32_comparator], indices_of_shape_operands = dense<[5, 6]> : tensor<2xi64>, mhlo.backend_config = {aggregate_to_topk = true, is_fallback = true, recall_target = 0.949999988 : f32, reduction_dim = 0 : i64, reduction_input_size_override = -1 : i64}} : (tensor<?xf32>, tensor<?xi32>, tensor<f32>, tensor<i32>, tensor<i32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<?xf32>, tensor<?xi32>)
  return %r#0, %r#1 : tensor<?xf32>, tensor<?xi32>
}
