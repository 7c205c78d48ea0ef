// RUN: hlox-opt --split-input-file --stablehlo-inline-async %s | FileCheck %s

// The pair becomes the body's op on the operands; every wait takes its
// results.
// CHECK-LABEL: func.func @pair
// CHECK-NOT: async
// CHECK: %[[R:.+]] = "stablehlo.all_reduce"(%arg0)
// CHECK: stablehlo.add %[[R]], %[[R]]
func.func @pair(%x: tensor<4xf32>) -> tensor<4xf32> {
  %f = "stablehlo.async_start"(%x) ({
  ^bb0(%v: tensor<4xf32>):
    %0 = "stablehlo.all_reduce"(%v) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4xf32>) -> tensor<4xf32>
    "stablehlo.return"(%0) : (tensor<4xf32>) -> ()
  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>
  %r0 = "stablehlo.async_done"(%f) : (!stablehlo.future<tensor<4xf32>>) -> tensor<4xf32>
  %r1 = "stablehlo.async_done"(%f) : (!stablehlo.future<tensor<4xf32>>) -> tensor<4xf32>
  %sum = stablehlo.add %r0, %r1 : tensor<4xf32>
  return %sum : tensor<4xf32>
}

// -----

// A body may return its arguments beside its op's results.
// CHECK-LABEL: func.func @passthrough
// CHECK: %[[S:.+]] = stablehlo.slice %arg0 [1:3]
// CHECK: return %[[S]], %arg1
func.func @passthrough(%x: tensor<3xi32>, %y: tensor<i32>) -> (tensor<2xi32>, tensor<i32>) {
  %f = "stablehlo.async_start"(%x, %y) ({
  ^bb0(%a: tensor<3xi32>, %b: tensor<i32>):
    %0 = stablehlo.slice %a [1:3] : (tensor<3xi32>) -> tensor<2xi32>
    "stablehlo.return"(%0, %b) : (tensor<2xi32>, tensor<i32>) -> ()
  }) : (tensor<3xi32>, tensor<i32>) -> !stablehlo.future<tensor<2xi32>, tensor<i32>>
  %r:2 = "stablehlo.async_done"(%f) : (!stablehlo.future<tensor<2xi32>, tensor<i32>>) -> (tensor<2xi32>, tensor<i32>)
  return %r#0, %r#1 : tensor<2xi32>, tensor<i32>
}

// -----

// A future that leaves the function stays.
// CHECK-LABEL: func.func @escapes
// CHECK: "stablehlo.async_start"
// CHECK: return %{{.+}} : !stablehlo.future<tensor<4xf32>>
func.func @escapes(%x: tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>> {
  %f = "stablehlo.async_start"(%x) ({
  ^bb0(%v: tensor<4xf32>):
    %0 = stablehlo.slice %v [0:4] : (tensor<4xf32>) -> tensor<4xf32>
    "stablehlo.return"(%0) : (tensor<4xf32>) -> ()
  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>
  return %f : !stablehlo.future<tensor<4xf32>>
}
