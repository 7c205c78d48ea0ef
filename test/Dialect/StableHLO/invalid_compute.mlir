// RUN: hlox-opt %s --split-input-file --verify-diagnostics

func.func @dot_general_c2(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{/*dot_general_c2*/ lhs and rhs must have the same number of batching dimensions}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @dot_general_c3(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{/*dot_general_c3*/ lhs and rhs must have the same number of contracting dimensions}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @dot_general_c6(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{/*dot_general_c6*/ lhs batching and contracting dims entry 2 is out of range [0, 2)}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [2] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @dot_general_c8(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{/*dot_general_c8*/ rhs batching and contracting dims entry 5 is out of range [0, 2)}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [5] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @dot_general_c10(%a: tensor<2x3xf32>, %b: tensor<5x3xf32>) {
  // expected-error @+1 {{/*dot_general_c10*/ batching dimension sizes differ: 2 vs 5}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [1] x [1] : (tensor<2x3xf32>, tensor<5x3xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @dot_general_c11(%a: tensor<2x3xf32>, %b: tensor<4x4xf32>) {
  // expected-error @+1 {{/*dot_general_c11*/ contracting dimension sizes differ: 3 vs 4}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @dot_general_c12(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{/*dot_general_c12*/ precision_config must have 0 or 2 entries}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [DEFAULT] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @dot_general_c13(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{/*dot_general_c13*/ result shape must be the batch dims, then lhs free dims, then rhs free dims}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<4x2xf32>
  func.return
}

// -----

func.func @convolution_c1(%x: tensor<1x4x1xf32>, %k: tensor<3x3x1x1xf32>) {
  // expected-error @+1 {{/*convolution_c1*/ lhs and rhs must have the same rank}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x1xf32>
  func.return
}

// -----

func.func @convolution_c13(%x: tensor<1x4x4x1xf32>, %k: tensor<3x3x1x1xf32>) {
  // expected-error @+1 {{/*convolution_c13*/ dimension numbers describe rank 3, operands have rank 4}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  func.return
}

// -----

func.func @convolution_c4(%x: tensor<1x4x1xf32>, %k: tensor<3x1x1xf32>) {
  // expected-error @+1 {{/*convolution_c4*/ window_strides entries must be positive}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [0]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<3x1x1xf32>) -> tensor<1x2x1xf32>
  func.return
}

// -----

func.func @convolution_c5(%x: tensor<1x4x1xf32>, %k: tensor<3x1x1xf32>) {
  // expected-error @+1 {{/*convolution_c5*/ padding must have shape [1, 2]}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {pad = [[0, 0], [0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<3x1x1xf32>) -> tensor<1x2x1xf32>
  func.return
}

// -----

func.func @convolution_c6(%x: tensor<1x4x1xf32>, %k: tensor<3x1x1xf32>) {
  // expected-error @+1 {{/*convolution_c6*/ lhs_dilation must have 1 entries}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {lhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<3x1x1xf32>) -> tensor<1x2x1xf32>
  func.return
}

// -----

func.func @convolution_c9(%x: tensor<1x4x1xf32>, %k: tensor<3x1x1xf32>) {
  // expected-error @+1 {{/*convolution_c9*/ rhs_dilation entries must be positive}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {rhs_dilate = [-1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<3x1x1xf32>) -> tensor<1x2x1xf32>
  func.return
}

// -----

func.func @convolution_c10(%x: tensor<1x4x1xf32>, %k: tensor<3x1x1xf32>) {
  // expected-error @+1 {{/*convolution_c10*/ window_reversal must have 1 entries}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {reverse = [true, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<3x1x1xf32>) -> tensor<1x2x1xf32>
  func.return
}

// -----

func.func @convolution_c12(%x: tensor<1x4x3xf32>, %k: tensor<3x1x1xf32>) {
  // expected-error @+1 {{/*convolution_c12*/ input feature dimension 3 must be divisible by feature_group_count 2}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x3xf32>, tensor<3x1x1xf32>) -> tensor<1x2x1xf32>
  func.return
}

// -----

func.func @convolution_c15(%x: tensor<1x4x2xf32>, %k: tensor<3x1x1xf32>) {
  // expected-error @+1 {{/*convolution_c15*/ kernel input feature dimension must be 2}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x2xf32>, tensor<3x1x1xf32>) -> tensor<1x2x1xf32>
  func.return
}

// -----

func.func @convolution_c24(%x: tensor<2x4x2xf32>, %k: tensor<3x1x2xf32>) {
  // expected-error @+1 {{/*convolution_c24*/ feature_group_count and batch_group_count cannot both exceed 1}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 2 : i64, feature_group_count = 2 : i64} : (tensor<2x4x2xf32>, tensor<3x1x2xf32>) -> tensor<1x2x2xf32>
  func.return
}

// -----

func.func @convolution_dim_numbers_duplicate(%x: tensor<1x4x1xf32>, %k: tensor<3x1x1xf32>) {
  // expected-error @+1 {{duplicate dimension 'b'}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, b, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<3x1x1xf32>) -> tensor<1x2x1xf32>
  func.return
}

// -----

func.func @fft_c1(%x: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{/*fft_c1*/ fft_length has more entries than the operand's rank}}
  %0 = stablehlo.fft %x, type = FFT, length = [4, 4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  func.return
}

// -----

func.func @fft_c2(%x: tensor<4xf32>) {
  // expected-error @+1 {{/*fft_c2*/ RFFT takes a real operand, the other transforms a complex one}}
  %0 = stablehlo.fft %x, type = FFT, length = [4] : (tensor<4xf32>) -> tensor<4xcomplex<f32>>
  func.return
}

// -----

func.func @triangular_solve_c2(%a: tensor<3x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{/*triangular_solve_c2*/ a and b must have the same rank, at least 2}}
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>}> : (tensor<3x3xf32>, tensor<3xf32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @triangular_solve_c3(%a: tensor<3x2xf32>, %b: tensor<3x3xf32>) {
  // expected-error @+1 {{/*triangular_solve_c3*/ a must hold square matrices}}
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>}> : (tensor<3x2xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
  func.return
}

// -----

func.func @triangular_solve_c3_b_mismatch(%a: tensor<3x3xf32>, %b: tensor<4x3xf32>) {
  // expected-error @+1 {{/*triangular_solve_c3*/ b does not match the size of a on the solved side}}
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>}> : (tensor<3x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  func.return
}

// -----

func.func @triangular_solve_invalid_transpose(%a: tensor<3x3xf32>, %b: tensor<3x3xf32>) {
  // expected-error @+1 {{transpose_a must not be TRANSPOSE_INVALID}}
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE_INVALID>}> : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
  func.return
}

// -----

func.func @all_gather_c1(%x: tensor<2xf32>) {
  // expected-error @+1 {{/*all_gather_c1*/ all_gather_dim 1 is out of range [0, 1)}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @collective_broadcast_c3(%x: tensor<2xf32>) {
  // expected-error @+1 {{/*collective_broadcast_c3*/ result 0 must have the type of its operand}}
  %0 = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @get_tuple_element_c1(%t: tuple<tensor<f32>>) {
  // expected-error @+1 {{/*get_tuple_element_c1*/ index 1 is out of range for a tuple of 1}}
  %0 = stablehlo.get_tuple_element %t[1] : (tuple<tensor<f32>>) -> tensor<f32>
  func.return
}

// -----

func.func @get_tuple_element_c2(%t: tuple<tensor<f32>>) {
  // expected-error @+1 {{/*get_tuple_element_c2*/ result type must be 'tensor<f32>'}}
  %0 = stablehlo.get_tuple_element %t[0] : (tuple<tensor<f32>>) -> tensor<i32>
  func.return
}

// -----

func.func @composite_c1(%x: tensor<f32>) {
  // expected-error @+1 {{/*composite_c1*/ decomposition @missing does not name a function}}
  %0 = stablehlo.composite "my.op" %x {decomposition = @missing} : (tensor<f32>) -> tensor<f32>
  func.return
}

// -----

func.func @composite_c2(%x: tensor<f32>) {
  // expected-error @+1 {{/*composite_c2*/ decomposition type '(tensor<i32>) -> tensor<i32>' does not match}}
  %0 = stablehlo.composite "my.op" %x {decomposition = @impl} : (tensor<f32>) -> tensor<f32>
  func.return
}
func.func private @impl(%x: tensor<i32>) -> tensor<i32>

// -----

func.func @collective_broadcast_dynamic_root_missing(%x: tensor<2xf32>) {
  // expected-error @+1 {{with has_dynamic_root expects data operands and a root operand}}
  %0 = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root} : (tensor<2xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @collective_broadcast_dynamic_root_type(%x: tensor<2xf32>, %root: tensor<2xi32>) {
  // expected-error @+1 {{root operand must be a tensor<1xi32>, got 'tensor<2xi32>'}}
  %0 = "stablehlo.collective_broadcast"(%x, %root) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root} : (tensor<2xf32>, tensor<2xi32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @convolution_c25(%x: tensor<1x4x1xf32>, %k: tensor<3x1x1xf32>) {
  // expected-error @+1 {{/*convolution_c25*/ precision_config must have 0 or 2 entries}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>]} : (tensor<1x4x1xf32>, tensor<3x1x1xf32>) -> tensor<1x2x1xf32>
  func.return
}

// -----

func.func @convolution_c3(%x: tensor<1x4x1xf32>, %k: tensor<3x1x1xf32>) {
  // expected-error @+1 {{/*convolution_c3*/ window_strides must have 1 entries}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<3x1x1xf32>) -> tensor<1x2x1xf32>
  func.return
}

// -----

func.func @convolution_c7(%x: tensor<1x4x1xf32>, %k: tensor<3x1x1xf32>) {
  // expected-error @+1 {{/*convolution_c7*/ lhs_dilation entries must be positive}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {lhs_dilate = [0]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<3x1x1xf32>) -> tensor<1x2x1xf32>
  func.return
}

// -----

func.func @convolution_c8(%x: tensor<1x4x1xf32>, %k: tensor<3x1x1xf32>) {
  // expected-error @+1 {{/*convolution_c8*/ rhs_dilation must have 1 entries}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {rhs_dilate = []} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<3x1x1xf32>) -> tensor<1x2x1xf32>
  func.return
}

// -----

func.func @dot_general_c4(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{/*dot_general_c4*/ lhs batching and contracting dims has a duplicate entry 1}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [1] x [0], contracting_dims = [1] x [1] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<3x2xf32>
  func.return
}

// -----

func.func @dot_general_c5(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{/*dot_general_c5*/ rhs batching and contracting dims has a duplicate entry 0}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @dot_general_c7(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{/*dot_general_c6*/ lhs batching and contracting dims entry -1 is out of range [0, 2)}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [-1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @dot_general_c9(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{/*dot_general_c8*/ rhs batching and contracting dims entry 2 is out of range [0, 2)}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [2] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @fft_c3(%x: tensor<4x4x4x4xcomplex<f32>>) {
  // expected-error @+1 {{/*fft_c3*/ fft_length must have 1 to 3 entries}}
  %0 = stablehlo.fft %x, type = FFT, length = [4, 4, 4, 4] : (tensor<4x4x4x4xcomplex<f32>>) -> tensor<4x4x4x4xcomplex<f32>>
  func.return
}

// -----

func.func @triangular_solve_c1(%a: tensor<3x3xf32>, %b: tensor<3x3xf64>) {
  // expected-error @+1 {{/*triangular_solve_c1*/ a and b must have the same element type}}
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>}> : (tensor<3x3xf32>, tensor<3x3xf64>) -> tensor<3x3xf64>
  func.return
}

// -----

func.func @dot_general_c1(%a: tensor<2x3xf32>, %b: tensor<3x4xf64>) {
  // expected-error @+1 {{/*dot_general_c1*/ lhs and rhs must have the same element type}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf64>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @convolution_c2(%x: tensor<1x4x1xf32>, %k: tensor<3x1x1xf64>) {
  // expected-error @+1 {{/*convolution_c2*/ lhs and rhs must have the same element type}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<3x1x1xf64>) -> tensor<1x2x1xf32>
  func.return
}

// -----

func.func @cholesky_c2(%a: tensor<3xf32>) {
  // expected-error @+1 {{/*cholesky_c2*/ a must have rank >= 2}}
  %0 = stablehlo.cholesky %a, lower = true : tensor<3xf32>
  func.return
}

// -----

func.func @cholesky_c3(%a: tensor<3x2xf32>) {
  // expected-error @+1 {{/*cholesky_c3*/ a must hold square matrices}}
  %0 = stablehlo.cholesky %a, lower = true : tensor<3x2xf32>
  func.return
}

// -----

func.func @rng_c1(%a: tensor<i32>, %b: tensor<f32>, %s: tensor<1xi64>) {
  // expected-error @+1 {{/*rng_c1*/ a, b and result must have the same element type}}
  %0 = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<i32>, tensor<f32>, tensor<1xi64>) -> tensor<3xi32>
  func.return
}

// -----

func.func @rng_c2(%a: tensor<i32>, %s: tensor<1xi64>) {
  // expected-error @+1 {{/*rng_c2*/ the NORMAL distribution needs a floating-point element type}}
  %0 = stablehlo.rng %a, %a, %s, distribution = NORMAL : (tensor<i32>, tensor<i32>, tensor<1xi64>) -> tensor<3xi32>
  func.return
}

// -----

func.func @rng_c3(%a: tensor<f32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{/*rng_c3*/ shape must have 1 elements}}
  %0 = stablehlo.rng %a, %a, %s, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3xf32>
  func.return
}

// -----

func.func @rng_bit_generator_c1(%s: tensor<2xui64>) {
  // expected-error @+1 {{/*rng_bit_generator_c1*/ output_state must have the type of initial_state}}
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  func.return
}

// -----

func.func @batch_norm_inference_c1(%x: tensor<2x2xf32>, %s: tensor<2xf32>) {
  // expected-error @+1 {{/*batch_norm_inference_c1*/ feature_index 2 is out of range [0, 2)}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) {epsilon = 0.0 : f32, feature_index = 2 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  func.return
}

// -----

func.func @batch_norm_inference_c2(%x: tensor<2x2xf32>, %s: tensor<2xf32>, %d: tensor<2xf64>) {
  // expected-error @+1 {{/*batch_norm_inference_c2*/ offset must have the operand's element type}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %d, %s, %s) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf64>, tensor<2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  func.return
}

// -----

func.func @batch_norm_inference_c3(%x: tensor<2x2xf32>, %s: tensor<2xf32>, %t: tensor<3xf32>) {
  // expected-error @+1 {{/*batch_norm_inference_c3*/ scale must be a 1-d tensor of 2 elements}}
  %0 = "stablehlo.batch_norm_inference"(%x, %t, %s, %s, %s) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  func.return
}

// -----

func.func @batch_norm_inference_c4(%x: tensor<2x2xf32>, %s: tensor<2xf32>, %t: tensor<3xf32>) {
  // expected-error @+1 {{/*batch_norm_inference_c4*/ offset must be a 1-d tensor of 2 elements}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %t, %s, %s) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<3xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  func.return
}

// -----

func.func @batch_norm_inference_c5(%x: tensor<2x2xf32>, %s: tensor<2xf32>, %t: tensor<3xf32>) {
  // expected-error @+1 {{/*batch_norm_inference_c5*/ mean must be a 1-d tensor of 2 elements}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %t, %s) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<3xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  func.return
}

// -----

func.func @batch_norm_inference_c6(%x: tensor<2x2xf32>, %s: tensor<2xf32>, %t: tensor<3xf32>) {
  // expected-error @+1 {{/*batch_norm_inference_c6*/ variance must be a 1-d tensor of 2 elements}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %t) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<3xf32>) -> tensor<2x2xf32>
  func.return
}

// -----

func.func @batch_norm_training_c1(%x: tensor<2x2xf32>, %s: tensor<2xf32>) {
  // expected-error @+1 {{/*batch_norm_training_c1*/ feature_index 5 is out of range [0, 2)}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %s) {epsilon = 0.0 : f32, feature_index = 5 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)
  func.return
}

// -----

func.func @batch_norm_training_c2(%x: tensor<2x2xf32>, %s: tensor<2xf32>, %d: tensor<2xf64>) {
  // expected-error @+1 {{/*batch_norm_training_c2*/ scale must have the operand's element type}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %d, %s) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf64>, tensor<2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)
  func.return
}

// -----

func.func @batch_norm_training_c3(%x: tensor<2x2xf32>, %s: tensor<2xf32>, %t: tensor<3xf32>) {
  // expected-error @+1 {{/*batch_norm_training_c3*/ scale must be a 1-d tensor of 2 elements}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %t, %s) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<3xf32>, tensor<2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)
  func.return
}

// -----

func.func @batch_norm_training_c4(%x: tensor<2x2xf32>, %s: tensor<2xf32>, %t: tensor<3xf32>) {
  // expected-error @+1 {{/*batch_norm_training_c4*/ offset must be a 1-d tensor of 2 elements}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %t) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<3xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)
  func.return
}

// -----

func.func @batch_norm_training_c5(%x: tensor<2x2xf32>, %s: tensor<2xf32>) {
  // expected-error @+1 {{/*batch_norm_training_c5*/ batch_mean must be a 1-d tensor of 2 elements}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %s) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2x2xf32>, tensor<3xf32>, tensor<2xf32>)
  func.return
}

// -----

func.func @batch_norm_training_c6(%x: tensor<2x2xf32>, %s: tensor<2xf32>) {
  // expected-error @+1 {{/*batch_norm_training_c6*/ batch_var must be a 1-d tensor of 2 elements}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %s) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<3xf32>)
  func.return
}

// -----

func.func @batch_norm_grad_c1(%x: tensor<2x2xf32>, %s: tensor<2xf32>) {
  // expected-error @+1 {{/*batch_norm_grad_c1*/ feature_index 2 is out of range [0, 2)}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %x) {epsilon = 0.0 : f32, feature_index = 2 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)
  func.return
}

// -----

func.func @batch_norm_grad_c2(%x: tensor<2x2xf32>, %s: tensor<2xf32>, %d: tensor<2xf64>) {
  // expected-error @+1 {{/*batch_norm_grad_c2*/ mean must have the operand's element type}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %d, %s, %x) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf64>, tensor<2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)
  func.return
}

// -----

func.func @batch_norm_grad_c3(%x: tensor<2x2xf32>, %s: tensor<2xf32>, %g: tensor<2x3xf32>) {
  // expected-error @+1 {{/*batch_norm_grad_c3*/ grad_output must have the operand's shape}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %g) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x3xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)
  func.return
}

// -----

func.func @batch_norm_grad_c4(%x: tensor<2x2xf32>, %s: tensor<2xf32>, %t: tensor<3xf32>) {
  // expected-error @+1 {{/*batch_norm_grad_c4*/ variance must be a 1-d tensor of 2 elements}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %t, %x) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<3xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)
  func.return
}

// -----

func.func @batch_norm_grad_c5(%x: tensor<2x2xf32>, %s: tensor<2xf32>, %t: tensor<3xf32>) {
  // expected-error @+1 {{/*batch_norm_grad_c5*/ scale must be a 1-d tensor of 2 elements}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %t, %s, %s, %x) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)
  func.return
}

// -----

func.func @convolution_c14(%x: tensor<1x4x1xf32>, %k: tensor<3x1x1xf32>) {
  // expected-error @+1 {{/*convolution_c14*/ input dimensions entry 3 is out of range [0, 3)}}
  %0 = "stablehlo.convolution"(%x, %k) {batch_group_count = 1 : i64, feature_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1], kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 2, kernel_spatial_dimensions = [0], output_batch_dimension = 0, output_feature_dimension = 2, output_spatial_dimensions = [1]>} : (tensor<1x4x1xf32>, tensor<3x1x1xf32>) -> tensor<1x2x1xf32>
  func.return
}

// -----

func.func @convolution_c18(%x: tensor<1x4x1xf32>, %k: tensor<3x1x1xf32>) {
  // expected-error @+1 {{/*convolution_c18*/ the kernel must have 1 spatial dimensions}}
  %0 = "stablehlo.convolution"(%x, %k) {batch_group_count = 1 : i64, feature_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 2, input_spatial_dimensions = [1], kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 2, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 2, output_spatial_dimensions = [1]>} : (tensor<1x4x1xf32>, tensor<3x1x1xf32>) -> tensor<1x2x1xf32>
  func.return
}

// -----

func.func @convolution_c19(%x: tensor<1x4x1xf32>, %k: tensor<3x1x1xf32>) {
  // expected-error @+1 {{/*convolution_c19*/ kernel dimensions has a duplicate entry 1}}
  %0 = "stablehlo.convolution"(%x, %k) {batch_group_count = 1 : i64, feature_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 2, input_spatial_dimensions = [1], kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 1, kernel_spatial_dimensions = [0], output_batch_dimension = 0, output_feature_dimension = 2, output_spatial_dimensions = [1]>} : (tensor<1x4x1xf32>, tensor<3x1x1xf32>) -> tensor<1x2x1xf32>
  func.return
}

// -----

func.func @convolution_c21(%x: tensor<1x4x1xf32>, %k: tensor<3x1x1xf32>) {
  // expected-error @+1 {{/*convolution_c21*/ output dimensions has a duplicate entry 0}}
  %0 = "stablehlo.convolution"(%x, %k) {batch_group_count = 1 : i64, feature_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 2, input_spatial_dimensions = [1], kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 2, kernel_spatial_dimensions = [0], output_batch_dimension = 0, output_feature_dimension = 0, output_spatial_dimensions = [1]>} : (tensor<1x4x1xf32>, tensor<3x1x1xf32>) -> tensor<1x2x1xf32>
  func.return
}

// -----

func.func @convolution_c26(%x: tensor<1x4x1xf32>, %k: tensor<3x1x1xf32>) {
  // expected-error @+1 {{/*convolution_c26*/ result must have shape 'tensor<1x2x1xf32>'}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<3x1x1xf32>) -> tensor<1x3x1xf32>
  func.return
}

// -----

func.func @convolution_c28(%x: tensor<1x4x1xf32>, %k: tensor<3x1x1xf32>) {
  // expected-error @+1 {{/*convolution_c28*/ result must have rank 3}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<3x1x1xf32>) -> tensor<1x2xf32>
  func.return
}

// -----

func.func @convolution_c20(%x: tensor<1x4x1xf32>, %k: tensor<3x1x1xf32>) {
  // expected-error @+1 {{/*convolution_c20*/ the output must have 1 spatial dimensions}}
  %0 = "stablehlo.convolution"(%x, %k) {batch_group_count = 1 : i64, feature_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 2, input_spatial_dimensions = [1], kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 2, kernel_spatial_dimensions = [0], output_batch_dimension = 0, output_feature_dimension = 2, output_spatial_dimensions = []>} : (tensor<1x4x1xf32>, tensor<3x1x1xf32>) -> tensor<1x2x1xf32>
  func.return
}

// -----

func.func @all_gather_c1_negative(%x: tensor<2xf32>) {
  // expected-error @+1 {{/*all_gather_c1*/ all_gather_dim -1 is out of range [0, 1)}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = -1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @convolution_c11(%x: tensor<3x4x2xf32>, %k: tensor<3x2x4xf32>) {
  // expected-error @+1 {{/*convolution_c11*/ input batch dimension 3 must be divisible by batch_group_count 2}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<3x4x2xf32>, tensor<3x2x4xf32>) -> tensor<1x2x4xf32>
  func.return
}

// -----

func.func @convolution_c16(%x: tensor<4x4x2xf32>, %k: tensor<3x2x3xf32>) {
  // expected-error @+1 {{/*convolution_c16*/ kernel output feature dimension 3 must be divisible by batch_group_count 2}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<4x4x2xf32>, tensor<3x2x3xf32>) -> tensor<2x2x3xf32>
  func.return
}

// -----

func.func @convolution_c17(%x: tensor<1x4x4xf32>, %k: tensor<3x2x3xf32>) {
  // expected-error @+1 {{/*convolution_c17*/ kernel output feature dimension 3 must be divisible by feature_group_count 2}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x4xf32>, tensor<3x2x3xf32>) -> tensor<1x2x3xf32>
  func.return
}

// -----

func.func @fft_c4(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{/*fft_c4*/ the trailing dimensions of the real tensor must be fft_length}}
  %0 = stablehlo.fft %x, type = RFFT, length = [4] : (tensor<4x8xf32>) -> tensor<4x5xcomplex<f32>>
  func.return
}

// -----

func.func @fft_c5(%x: tensor<4x3xcomplex<f32>>) {
  // expected-error @+1 {{/*fft_c5*/ the last operand dimension must be the last result dimension / 2 + 1}}
  %0 = stablehlo.fft %x, type = IRFFT, length = [8] : (tensor<4x3xcomplex<f32>>) -> tensor<4x8xf32>
  func.return
}

// -----

func.func @dot_general_quantized_lhs_float_rhs(%a: tensor<2x3x!quant.uniform<i8:f32, 0.5:0>>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{a quantized lhs needs a quantized rhs}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 0.5:0>>, tensor<3x4xf32>) -> tensor<2x4x!quant.uniform<i32:f32, 0.25:0>>
  func.return
}

// -----

func.func @dot_general_quantized_float_result(%a: tensor<2x3x!quant.uniform<i8:f32, 0.5:0>>, %b: tensor<3x4x!quant.uniform<i8:f32, 0.5:0>>) {
  // expected-error @+1 {{a quantized contraction must have a quantized result of the operands' expressed type}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 0.5:0>>, tensor<3x4x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @dot_general_quantized_storage(%a: tensor<2x3x!quant.uniform<i8:f32, 0.5:0>>, %b: tensor<3x4x!quant.uniform<i16:f32, 0.5:0>>) {
  // expected-error @+1 {{quantized lhs and rhs must have the same storage and expressed types}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 0.5:0>>, tensor<3x4x!quant.uniform<i16:f32, 0.5:0>>) -> tensor<2x4x!quant.uniform<i32:f32, 0.25:0>>
  func.return
}

// -----

func.func @dot_general_per_axis_contracted(%a: tensor<2x3x!quant.uniform<i8:f32, 0.5:0>>, %b: tensor<3x4x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0, 0.5:0}>>) {
  // expected-error @+1 {{rhs must not be quantized along a contracted dimension}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 0.5:0>>, tensor<3x4x!quant.uniform<i8:f32:0, {0.5:0, 0.5:0, 0.5:0}>>) -> tensor<2x4x!quant.uniform<i32:f32, 0.25:0>>
  func.return
}

// -----

func.func @dot_general_hybrid_types(%a: tensor<2x3xf16>, %b: tensor<3x4x!quant.uniform<i8:f32, 0.5:0>>) {
  // expected-error @+1 {{with a float lhs, lhs and result must have the rhs's expressed type}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf16>, tensor<3x4x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x4xf32>
  func.return
}
