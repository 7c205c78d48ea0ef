// RUN: hlox-opt %s | hlox-opt | FileCheck %s
// RUN: hlox-opt %s --mlir-print-op-generic | hlox-opt | FileCheck %s

// CHECK-LABEL: func @if_case
func.func @if_case(%p: tensor<i1>, %i: tensor<i32>, %x: tensor<2xf32>) -> tensor<2xf32> {
  // CHECK: "stablehlo.if"(%{{.*}}) ({
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %x : tensor<2xf32>
  }, {
    %n = stablehlo.negate %x : tensor<2xf32>
    stablehlo.return %n : tensor<2xf32>
  }) : (tensor<i1>) -> tensor<2xf32>
  // CHECK: "stablehlo.case"(%{{.*}}) ({
  %1 = "stablehlo.case"(%i) ({
    stablehlo.return %0 : tensor<2xf32>
  }, {
    stablehlo.return %x : tensor<2xf32>
  }) : (tensor<i32>) -> tensor<2xf32>
  func.return %1 : tensor<2xf32>
}

// CHECK-LABEL: func @while_loop
func.func @while_loop(%n: tensor<i64>) -> tensor<i64> {
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  // CHECK: stablehlo.while(%[[ARG:.*]] = %{{.*}}) : tensor<i64>
  // CHECK-NEXT: cond {
  // CHECK: stablehlo.compare LT, %[[ARG]]
  // CHECK: } do {
  %0 = stablehlo.while(%iterArg = %zero) : tensor<i64>
   cond {
    %c = stablehlo.compare LT, %iterArg, %n, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %next = stablehlo.add %iterArg, %one : tensor<i64>
    stablehlo.return %next : tensor<i64>
  }
  func.return %0 : tensor<i64>
}

// CHECK-LABEL: func @reductions
func.func @reductions(%x: tensor<2x3xf32>, %i: tensor<2x3xi32>) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %zi = stablehlo.constant dense<0> : tensor<i32>
  // CHECK: stablehlo.reduce(%{{.*}} init: %{{.*}}) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  %0 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  // CHECK: stablehlo.reduce(%{{.*}} init: %{{.*}}), (%{{.*}} init: %{{.*}}) across dimensions = [0, 1] : (tensor<2x3xf32>, tensor<2x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
  // CHECK-NEXT: reducer(%{{.*}}: tensor<f32>, %{{.*}}: tensor<f32>) (%{{.*}}: tensor<i32>, %{{.*}}: tensor<i32>)
  %1:2 = stablehlo.reduce(%x init: %z), (%i init: %zi) across dimensions = [0, 1] : (tensor<2x3xf32>, tensor<2x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%c: tensor<i32>, %d: tensor<i32>) {
    %s = stablehlo.maximum %a, %b : tensor<f32>
    %t = stablehlo.add %c, %d : tensor<i32>
    stablehlo.return %s, %t : tensor<f32>, tensor<i32>
  }
  // CHECK: "stablehlo.reduce_window"
  %2 = "stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1, 1>, padding = dense<[[1, 0], [0, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  // CHECK: "stablehlo.select_and_scatter"
  %3 = "stablehlo.select_and_scatter"(%x, %2, %z) <{window_dimensions = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  // CHECK: "stablehlo.sort"({{.*}}) <{dimension = 1 : i64, is_stable = true}>
  %4:2 = "stablehlo.sort"(%x, %i) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %p = stablehlo.compare GT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<2x3xf32>, tensor<2x3xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>)
  // CHECK: "stablehlo.map"
  %5 = "stablehlo.map"(%x, %x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.multiply %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: stablehlo.optimization_barrier %{{.*}}, %{{.*}} : tensor<2x3xf32>, tensor<2x3xi32>
  %6:2 = stablehlo.optimization_barrier %x, %i : tensor<2x3xf32>, tensor<2x3xi32>
  func.return
}
