// async_start/async_done pairs run as their op (stablehlo-inline-async in
// the import pipeline), compiled and interpreted alike.
// RUN: hlox-run %s --input=4xf32=1,2,3,4 --input=i32=1 --print-output | FileCheck %s
// RUN: hlox-run --interpret %s --input=4xf32=1,2,3,4 --input=i32=1 --print-output | FileCheck %s

// CHECK: result[0]: dense<[2.000000e+00, 3.000000e+00]> : tensor<2xf32>
// CHECK: result[1]: dense<1.000000e+01> : tensor<f32>
func.func private @start_slice(%x: tensor<4xf32>, %i: tensor<i32>) -> !stablehlo.future<tensor<2xf32>> {
  %future = "stablehlo.async_start"(%x, %i) ({
  ^bb0(%v: tensor<4xf32>, %start: tensor<i32>):
    %0 = stablehlo.dynamic_slice %v, %start, sizes = [2] : (tensor<4xf32>, tensor<i32>) -> tensor<2xf32>
    "stablehlo.return"(%0) : (tensor<2xf32>) -> ()
  }) : (tensor<4xf32>, tensor<i32>) -> !stablehlo.future<tensor<2xf32>>
  return %future : !stablehlo.future<tensor<2xf32>>
}

func.func @main(%x: tensor<4xf32>, %i: tensor<i32>) -> (tensor<2xf32>, tensor<f32>) {
  // The future crosses a call: local once the call is inlined.
  %future = func.call @start_slice(%x, %i) : (tensor<4xf32>, tensor<i32>) -> !stablehlo.future<tensor<2xf32>>
  %slice = "stablehlo.async_done"(%future) : (!stablehlo.future<tensor<2xf32>>) -> tensor<2xf32>
  // One process: the all_reduce of a group of one is the operand.
  %summed = "stablehlo.async_start"(%x) ({
  ^bb0(%v: tensor<4xf32>):
    %0 = "stablehlo.all_reduce"(%v) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4xf32>) -> tensor<4xf32>
    "stablehlo.return"(%0) : (tensor<4xf32>) -> ()
  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>
  %all = "stablehlo.async_done"(%summed) : (!stablehlo.future<tensor<4xf32>>) -> tensor<4xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %total = stablehlo.reduce(%all init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  return %slice, %total : tensor<2xf32>, tensor<f32>
}
