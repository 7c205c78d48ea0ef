// RUN: hlox-opt %s --split-input-file --verify-diagnostics

func.func @unknown_op(%x: tensor<2xf32>) {
  // expected-error @+1 {{unregistered operation 'stablehlo.frobnicate'}}
  %0 = "stablehlo.frobnicate"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @wrong_attribute_kind(%x: tensor<2xf32>) {
  // expected-error @+1 {{Invalid attribute `iota_dimension` in property conversion: "zero"}}
  %0 = "stablehlo.iota"() <{iota_dimension = "zero"}> : () -> tensor<2xf32>
  func.return
}

// -----

func.func @mismatched_operand_count(%x: tensor<2xf32>) {
  // expected-error @+1 {{expected 2 operand type(s), got 1}}
  %0 = stablehlo.add %x, %x : (tensor<2xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @shape_mismatch(%x: tensor<2xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.add %x, %y : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @bad_reduce_precision_format(%x: tensor<2xf32>) {
  // expected-error @+1 {{expected a format like e5m10, got 'f5m10'}}
  %0 = stablehlo.reduce_precision %x, format = f5m10 : tensor<2xf32>
  func.return
}

// -----

func.func @bad_precision(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{unknown precision 'FAST'}}
  %0 = stablehlo.dot %a, %b, precision = [FAST, DEFAULT] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @bad_window_key(%x: tensor<1x4x1xf32>, %k: tensor<3x1x1xf32>) {
  // expected-error @+1 {{unknown window attribute 'padding'}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], padding = [[0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<3x1x1xf32>) -> tensor<1x2x1xf32>
  func.return
}

// -----

func.func @bad_gather_key(%x: tensor<3xf32>, %i: tensor<1x1xi64>) {
  // expected-error @+1 {{unknown key 'offset_dimensions'}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dimensions = [0]>, slice_sizes = array<i64: 1>}> : (tensor<3xf32>, tensor<1x1xi64>) -> tensor<1xf32>
  func.return
}

// -----

func.func @duplicate_struct_key() {
  // expected-error @+1 {{duplicate key 'handle'}}
  %0 = stablehlo.constant {ch = #stablehlo.channel_handle<handle = 1, handle = 2>} dense<0> : tensor<i32>
  func.return
}

// -----

func.func @conv_missing_feature(%x: tensor<1x4x1xf32>, %k: tensor<3x1x1xf32>) {
  // expected-error @+1 {{expected both 'b' and 'f'}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<3x1x1xf32>) -> tensor<1x2x1xf32>
  func.return
}

// -----

func.func @reduce_unknown_reducer(%x: tensor<2xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{unknown reducer op 'stablehlo.plus'}}
  %0 = stablehlo.reduce(%x init: %z) applies stablehlo.plus across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  func.return
}

// -----

func.func @select_bad_types(%p: tensor<i1>, %x: tensor<2xf32>) {
  // expected-error @+1 {{expected `pred type, result type` or a functional type with 3 inputs and 1 result}}
  %0 = stablehlo.select %p, %x, %x : tensor<i1>, tensor<2xf32>, tensor<2xf32>
  func.return
}

// -----

func.func @tuple_not_tuple(%x: tensor<f32>) {
  // expected-error @+1 {{expected a tuple type}}
  %0 = stablehlo.tuple %x : tensor<f32>
  func.return
}
