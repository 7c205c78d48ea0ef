// RUN: hlox-opt %s --split-input-file --verify-diagnostics

func.func @if_c2(%p: tensor<i1>, %x: tensor<2xf32>, %y: tensor<2xi32>) {
  // expected-error @+1 {{/*if_c2*/ false_branch must return 1 value(s) of the types}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %x : tensor<2xf32>
  }, {
    stablehlo.return %y : tensor<2xi32>
  }) : (tensor<i1>) -> tensor<2xf32>
  func.return
}

// -----

func.func @case_c1(%i: tensor<i32>) {
  // expected-error @+1 {{/*case_c1*/ expects at least one branch}}
  "stablehlo.case"(%i) : (tensor<i32>) -> ()
  func.return
}

// -----

func.func @case_c3(%i: tensor<i32>, %x: tensor<2xf32>) {
  // expected-error @+1 {{/*case_c3*/ branch 1 must return 1 value(s)}}
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %x : tensor<2xf32>
  }, {
    stablehlo.return
  }) : (tensor<i32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @while_c1_condition(%x: tensor<i64>) {
  // expected-error @+1 {{/*while_c1*/ cond must return a single tensor<i1>}}
  %0 = stablehlo.while(%arg = %x) : tensor<i64>
   cond {
    stablehlo.return %arg : tensor<i64>
  } do {
    stablehlo.return %arg : tensor<i64>
  }
  func.return
}

// -----

func.func @while_c2_body(%x: tensor<i64>, %p: tensor<i1>, %y: tensor<i32>) {
  // expected-error @+1 {{/*while_c2*/ body must return 1 value(s) of the types}}
  %0 = stablehlo.while(%arg = %x) : tensor<i64>
   cond {
    stablehlo.return %p : tensor<i1>
  } do {
    stablehlo.return %y : tensor<i32>
  }
  func.return
}

// -----

func.func @reduce_c1_shapes(%x: tensor<2xf32>, %y: tensor<3xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{/*reduce_c1*/ inputs must have the same shape}}
  %0:2 = stablehlo.reduce(%x init: %z), (%y init: %z) across dimensions = [0] : (tensor<2xf32>, tensor<3xf32>, tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%c: tensor<f32>, %d: tensor<f32>) {
    stablehlo.return %a, %c : tensor<f32>, tensor<f32>
  }
  func.return
}

// -----

func.func @reduce(%x: tensor<2xf32>, %z: tensor<1xf32>) {
  // expected-error @+1 {{init_values must be 0-d tensors}}
  %0 = stablehlo.reduce(%x init: %z) across dimensions = [0] : (tensor<2xf32>, tensor<1xf32>) -> tensor<f32>
   reducer(%a: tensor<1xf32>, %b: tensor<1xf32>) {
    stablehlo.return %a : tensor<1xf32>
  }
  func.return
}

// -----

func.func @reduce_c4(%x: tensor<2xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{/*reduce_c4*/ dimensions entry 1 is out of range [0, 1)}}
  %0 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  func.return
}

// -----

func.func @reduce_c7(%x: tensor<2x3xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{/*reduce_c7*/ result shape must be the input shape without the reduced dimensions}}
  %0 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @reduce_window_c4(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{/*reduce_window_c4*/ window_dimensions must have 1 entries}}
  %0 = "stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @reduce_window_c7(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{/*reduce_window_c7*/ window_strides entries must be positive}}
  %0 = "stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @reduce_window_c12(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{/*reduce_window_c12*/ padding must have shape [1, 2]}}
  %0 = "stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 2>, padding = dense<0> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @reduce_window_c13(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{/*reduce_window_c13*/ body must take 2 arguments}}
  %0 = "stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @sort_c4(%x: tensor<4xf32>) {
  // expected-error @+1 {{/*sort_c4*/ dimension 1 is out of range [-1, 1)}}
  %0 = "stablehlo.sort"(%x) <{dimension = 1 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @sort_c5(%x: tensor<4xf32>) {
  // expected-error @+1 {{/*sort_c5*/ comparator must take 2 arguments}}
  %0 = "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>):
    %p = stablehlo.compare LT, %a, %a : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @optimization_barrier_c1(%x: tensor<4xf32>) {
  // expected-error @+1 {{/*optimization_barrier_c1*/ results must have the operand types}}
  %0 = "stablehlo.optimization_barrier"(%x) : (tensor<4xf32>) -> tensor<4xi32>
  func.return
}

// -----

func.func @while_c1_region_types(%x: tensor<i64>, %p: tensor<i1>) {
  // expected-error @+1 {{/*while_c1*/ regions must take the operand types}}
  %0 = "stablehlo.while"(%x) ({
  ^bb0(%a: tensor<i32>):
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<i64>):
    stablehlo.return %a : tensor<i64>
  }) : (tensor<i64>) -> tensor<i64>
  func.return
}

// -----

func.func @reduce_c6(%x: tensor<2xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{/*reduce_c6*/ body must take 2 arguments}}
  %0 = "stablehlo.reduce"(%x, %z) <{dimensions = array<i64: 0>}> ({
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  func.return
}

// -----

func.func @sort_c2(%x: tensor<4xf32>) {
  // expected-error @+1 {{/*sort_c2*/ results must have the input types}}
  %0 = "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<4xf32>) -> tensor<4xi32>
  func.return
}

// -----

func.func @if_c1_branch_arguments(%p: tensor<i1>, %x: tensor<2xf32>) {
  // expected-error @+1 {{region #0 should have no arguments}}
  %0 = "stablehlo.if"(%p) ({
  ^bb0(%a: tensor<2xf32>):
    stablehlo.return %a : tensor<2xf32>
  }, {
    stablehlo.return %x : tensor<2xf32>
  }) : (tensor<i1>) -> tensor<2xf32>
  func.return
}

// -----

func.func @while_c3(%x: tensor<i64>, %p: tensor<i1>) {
  // expected-error @+1 {{/*while_c3*/ result types must be the operand types}}
  %0 = "stablehlo.while"(%x) ({
  ^bb0(%a: tensor<i64>):
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<i64>):
    stablehlo.return %a : tensor<i64>
  }) : (tensor<i64>) -> tensor<i32>
  func.return
}

// -----

func.func @reduce_c3(%x: tensor<2xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{/*reduce_c3*/ expects 1 results}}
  %0:2 = stablehlo.reduce(%x init: %z) across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
    stablehlo.return %a : tensor<f32>
  }
  func.return
}

// -----

func.func @reduce_window_c1() {
  // expected-error @+1 {{/*reduce_window_c1*/ expects at least one input}}
  "stablehlo.reduce_window"() <{window_dimensions = array<i64>}> ({
  ^bb0:
    stablehlo.return
  }) : () -> ()
  func.return
}

// -----

func.func @reduce_window_c8(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{/*reduce_window_c8*/ base_dilations must have 1 entries}}
  %0 = "stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 2>, base_dilations = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @reduce_window_c11(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{/*reduce_window_c11*/ window_dilations entries must be positive}}
  %0 = "stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 2>, window_dilations = array<i64: 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @sort_c1() {
  // expected-error @+1 {{expected 1 or more operands, but found 0}}
  "stablehlo.sort"() <{dimension = 0 : i64}> ({
  ^bb0:
    %p = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : () -> ()
  func.return
}

// -----

func.func @reduce_c2(%x: tensor<2xf32>, %z: tensor<f64>) {
  // expected-error @+1 {{/*reduce_c2*/ init value 0 must have the element type of input 0}}
  %0 = stablehlo.reduce(%x init: %z) across dimensions = [0] : (tensor<2xf32>, tensor<f64>) -> tensor<f64>
   reducer(%a: tensor<f64>, %b: tensor<f64>) {
    stablehlo.return %a : tensor<f64>
  }
  func.return
}

// -----

func.func @reduce_c5(%x: tensor<2x3xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{/*reduce_c5*/ dimensions has a duplicate entry 1}}
  %0 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @reduce_window_c5(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{/*reduce_window_c5*/ window_dimensions entries must be positive}}
  %0 = "stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @reduce_window_c6(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{/*reduce_window_c6*/ window_strides must have 1 entries}}
  %0 = "stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @reduce_window_c9(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{/*reduce_window_c9*/ base_dilations entries must be positive}}
  %0 = "stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 2>, base_dilations = array<i64: 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @reduce_window_c10(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{/*reduce_window_c10*/ window_dilations must have 1 entries}}
  %0 = "stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 2>, window_dilations = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @reduce_window_c3(%x: tensor<4xf32>, %z: tensor<f64>) {
  // expected-error @+1 {{/*reduce_window_c3*/ init value 0 must have the element type of input 0}}
  %0 = "stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    stablehlo.return %a : tensor<f64>
  }) : (tensor<4xf32>, tensor<f64>) -> tensor<3xf64>
  func.return
}

// -----

func.func @select_and_scatter_c1(%x: tensor<4xf32>, %s: tensor<2xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{/*select_and_scatter_c1*/ window_dimensions must have 1 entries}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %z) <{window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @select_and_scatter_c2(%x: tensor<4xf32>, %s: tensor<2xf64>, %z: tensor<f32>) {
  // expected-error @+1 {{/*select_and_scatter_c2*/ operand and source must have the same element type}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %z) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf64>, tensor<f32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @select_and_scatter_c4(%x: tensor<4xf32>, %s: tensor<2xf32>, %z: tensor<f64>) {
  // expected-error @+1 {{/*select_and_scatter_c4*/ init_value must have the operand's element type}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %z) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f64>) -> tensor<4xf32>
  func.return
}

// -----

func.func @select_and_scatter_c6(%x: tensor<4xf32>, %s: tensor<2xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{/*select_and_scatter_c6*/ window_dimensions entries must be positive}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %z) <{window_dimensions = array<i64: 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @select_and_scatter_c7(%x: tensor<4xf32>, %s: tensor<2xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{/*select_and_scatter_c7*/ window_strides must have 1 entries}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %z) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @select_and_scatter_c8(%x: tensor<4xf32>, %s: tensor<2xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{/*select_and_scatter_c8*/ window_strides entries must be positive}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %z) <{window_dimensions = array<i64: 2>, window_strides = array<i64: -2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @select_and_scatter_c9(%x: tensor<4xf32>, %s: tensor<2xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{/*select_and_scatter_c9*/ padding must have shape [1, 2]}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %z) <{window_dimensions = array<i64: 2>, padding = dense<0> : tensor<1x3xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @select_and_scatter_c10(%x: tensor<4xf32>, %s: tensor<3xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{/*select_and_scatter_c10*/ select must take two 0-d tensors of the operand's element type}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %z) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>):
    %p = stablehlo.compare GE, %a, %a : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>, tensor<3xf32>, tensor<f32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @select_and_scatter_c11(%x: tensor<4xf32>, %s: tensor<3xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{/*select_and_scatter_c11*/ scatter must take 2 arguments}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %z) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>, tensor<3xf32>, tensor<f32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @select_and_scatter_c12(%x: tensor<4xf32>, %s: tensor<3xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{/*select_and_scatter_c12*/ result must have the operand's type}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %z) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>, tensor<3xf32>, tensor<f32>) -> tensor<5xf32>
  func.return
}

// -----

func.func @map_c2(%x: tensor<2x2xf32>) {
  // expected-error @+1 {{/*map_c2*/ dimensions must be [0, ..., rank - 1]}}
  %0 = "stablehlo.map"(%x) ({
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {dimensions = array<i64: 1, 0>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  func.return
}

// -----

func.func @map_c3(%x: tensor<2x2xf32>) {
  // expected-error @+1 {{/*map_c3*/ computation must take 1 arguments}}
  %0 = "stablehlo.map"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  func.return
}

// -----

func.func @select_and_scatter_c3(%x: tensor<4xf32>, %s: tensor<2xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{/*select_and_scatter_c3*/ source must have shape 'tensor<3xf32>'}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %z) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @reduce_window_c15(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{/*reduce_window_c15*/ result 0 must have shape 'tensor<2xf32>'}}
  %0 = "stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @reduce_window_c16(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{/*reduce_window_c16*/ result 0 must have the element type of init value 0}}
  %0 = "stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<3xf64>
  func.return
}

// -----

func.func @reduce_c6_argument_types(%x: tensor<2xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{/*reduce_c6*/ body arguments 0 and 1 must be 0-d tensors of the element type of input 0}}
  %0 = stablehlo.reduce(%x init: %z) across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
   reducer(%a: tensor<i32>, %b: tensor<i32>) {
    stablehlo.return %z : tensor<f32>
  }
  func.return
}

// -----

func.func @reduce_c6_result_type(%x: tensor<2xf32>, %z: tensor<f32>, %y: tensor<2xf32>) {
  // expected-error @+1 {{/*reduce_c6*/ body result 0 must be a 0-d tensor of the type of argument 0}}
  %0 = stablehlo.reduce(%x init: %z) across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
    stablehlo.return %y : tensor<2xf32>
  }
  func.return
}

// -----

func.func @sort_c5_argument_types(%x: tensor<4xf32>) {
  // expected-error @+1 {{/*sort_c5*/ comparator arguments 0 and 1 must be 0-d tensors of the element type of input 0}}
  %0 = "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %p = stablehlo.compare LT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @sort_c5_predicate(%x: tensor<4xf32>) {
  // expected-error @+1 {{/*sort_c5*/ comparator must return a tensor<i1>}}
  %0 = "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @reduce_window_c13_types(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{/*reduce_window_c13*/ body result 0 must be a 0-d tensor of the type of argument 0}}
  %0 = "stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.constant dense<0> : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @select_and_scatter_c10_result(%x: tensor<4xf32>, %s: tensor<3xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{/*select_and_scatter_c10*/ select must return a tensor<i1>}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %z) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>, tensor<3xf32>, tensor<f32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @select_and_scatter_c11_types(%x: tensor<4xf32>, %s: tensor<3xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{/*select_and_scatter_c11*/ scatter arguments 0 and 1 must be 0-d tensors of the element type of input 0}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %z) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f16>, %b: tensor<f16>):
    stablehlo.return %a : tensor<f16>
  }) : (tensor<4xf32>, tensor<3xf32>, tensor<f32>) -> tensor<4xf32>
  func.return
}

// -----

// A body may widen the values it reduces, never narrow them.
func.func @reduce_c6_narrowing(%x: tensor<2xf64>, %z: tensor<f64>) {
  // expected-error @+1 {{/*reduce_c6*/ body arguments 0 and 1 must be 0-d tensors of the element type of input 0 or of one it promotes to}}
  %0 = stablehlo.reduce(%x init: %z) across dimensions = [0] : (tensor<2xf64>, tensor<f64>) -> tensor<f32>
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }
  func.return
}

// -----

func.func @reduce_c6_other_kind(%x: tensor<2xi32>, %z: tensor<i32>) {
  // expected-error @+1 {{/*reduce_c6*/ body arguments 0 and 1 must be 0-d tensors of the element type of input 0 or of one it promotes to}}
  %0 = stablehlo.reduce(%x init: %z) across dimensions = [0] : (tensor<2xi32>, tensor<i32>) -> tensor<f64>
   reducer(%a: tensor<f64>, %b: tensor<f64>) {
    %s = stablehlo.add %a, %b : tensor<f64>
    stablehlo.return %s : tensor<f64>
  }
  func.return
}

// -----

func.func @reduce_c8_promoted_result(%x: tensor<2xf32>, %z: tensor<f32>) {
  // expected-error @+2 {{'stablehlo.reduce' op inferred type(s) 'tensor<f64>' are incompatible with return type(s) of operation 'tensor<f32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.reduce(%x init: %z) across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
   reducer(%a: tensor<f64>, %b: tensor<f64>) {
    %s = stablehlo.add %a, %b : tensor<f64>
    stablehlo.return %s : tensor<f64>
  }
  func.return
}
