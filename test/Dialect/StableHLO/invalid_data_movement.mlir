// RUN: hlox-opt %s --split-input-file --verify-diagnostics

func.func @constant_c1() {
  // expected-error @+1 {{/*constant_c1*/ value type 'tensor<2xi16>' does not match result type}}
  %0 = stablehlo.constant() <{value = dense<[1, 2]> : tensor<2xi16>}> : () -> tensor<2x!quant.uniform<i8:f32, 0.5>>
  func.return
}

// -----

func.func @iota_c1() {
  // expected-error @+1 {{/*iota_c1*/ iota_dimension 2 must be less than the rank 2}}
  %0 = stablehlo.iota dim = 2 : tensor<2x3xi32>
  func.return
}

// -----

func.func @dynamic_iota_c1(%s: tensor<1xi64>) {
  // expected-error @+1 {{/*dynamic_iota_c1*/ iota_dimension 1 must be less than the rank 1}}
  %0 = stablehlo.dynamic_iota %s, dim = 1 : (tensor<1xi64>) -> tensor<?xi32>
  func.return
}

// -----

func.func @dynamic_iota_c2(%s: tensor<3xi64>) {
  // expected-error @+1 {{/*dynamic_iota_c2*/ output_shape must have 1 elements}}
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<3xi64>) -> tensor<?xi32>
  func.return
}

// -----

func.func @broadcast_in_dim_c2(%x: tensor<1x3xf32>) {
  // expected-error @+1 {{/*broadcast_in_dim_c2*/ broadcast_dimensions must have 2 entries, got 1}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<1x3xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @broadcast_in_dim_c3(%x: tensor<1x3xf32>) {
  // expected-error @+1 {{broadcast_dimensions entry 2 is out of range [0, 2)}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<1x3xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @broadcast_in_dim_c4(%x: tensor<1x3xf32>) {
  // expected-error @+1 {{broadcast_dimensions has a duplicate entry 1}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [1, 1] : (tensor<1x3xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @broadcast_in_dim_c5(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{/*broadcast_in_dim_c5*/ operand dimension 1 of size 3 cannot broadcast to size 4}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @broadcast_shape(%x: tensor<3xf32>) {
  // expected-error @+1 {{result shape must be broadcast_sizes followed by the operand shape}}
  %0 = stablehlo.broadcast %x, sizes = [2] : (tensor<3xf32>) -> tensor<3x2xf32>
  func.return
}

// -----

func.func @dynamic_broadcast_in_dim_shape(%x: tensor<3xf32>, %s: tensor<3xi64>) {
  // expected-error @+1 {{output_dimensions must have 2 elements}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<3xf32>, tensor<3xi64>) -> tensor<?x3xf32>
  func.return
}

// -----

func.func @reshape_c2(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{/*reshape_c2*/ operand has 6 elements, result has 4}}
  %0 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @dynamic_reshape_c3(%x: tensor<6xf32>, %s: tensor<3xi64>) {
  // expected-error @+1 {{/*dynamic_reshape_c3*/ output_shape must have 2 elements}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<6xf32>, tensor<3xi64>) -> tensor<?x?xf32>
  func.return
}

// -----

func.func @transpose_c2_size(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{/*transpose_c2*/ permutation must have 2 entries}}
  %0 = stablehlo.transpose %x, dims = [0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @transpose_c2_permutation(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{/*transpose_c2*/ permutation has a duplicate entry 0}}
  %0 = stablehlo.transpose %x, dims = [0, 0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @transpose_c3(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{/*transpose_c3*/ result dimension 0 must have size 3}}
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @reverse_c2(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{/*reverse_c2*/ dimensions has a duplicate entry 1}}
  %0 = stablehlo.reverse %x, dims = [1, 1] : tensor<2x3xf32>
  func.return
}

// -----

func.func @reverse_c3(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{dimensions entry 2 is out of range [0, 2)}}
  %0 = stablehlo.reverse %x, dims = [2] : tensor<2x3xf32>
  func.return
}

// -----

func.func @concatenate_c1(%x: tensor<2xf32>, %y: tensor<2xi32>) {
  // expected-error @+1 {{/*concatenate_c1*/ inputs must have the same element type}}
  %0 = stablehlo.concatenate %x, %y, dim = 0 : (tensor<2xf32>, tensor<2xi32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @concatenate_c2(%x: tensor<2x3xf32>, %y: tensor<2x4xf32>) {
  // expected-error @+1 {{/*concatenate_c2*/ inputs differ in dimension 1}}
  %0 = stablehlo.concatenate %x, %y, dim = 0 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  func.return
}

// -----

func.func @concatenate_c3() {
  // expected-error @+1 {{/*concatenate_c3*/ expects at least one input}}
  %0 = stablehlo.concatenate dim = 0 : () -> tensor<0xf32>
  func.return
}

// -----

func.func @concatenate_c4(%x: tensor<2xf32>) {
  // expected-error @+1 {{/*concatenate_c4*/ dimension 1 is out of range [0, 1)}}
  %0 = stablehlo.concatenate %x, %x, dim = 1 : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @concatenate_c6(%x: tensor<2xf32>) {
  // expected-error @+1 {{/*concatenate_c6*/ result dimension 0 must have size 4}}
  %0 = stablehlo.concatenate %x, %x, dim = 0 : (tensor<2xf32>, tensor<2xf32>) -> tensor<5xf32>
  func.return
}

// -----

func.func @slice_c2(%x: tensor<4xf32>) {
  // expected-error @+1 {{/*slice_c2*/ start, limit and strides must have 1 entries each}}
  %0 = "stablehlo.slice"(%x) <{start_indices = array<i64: 0, 0>, limit_indices = array<i64: 1>, strides = array<i64: 1>}> : (tensor<4xf32>) -> tensor<1xf32>
  func.return
}

// -----

func.func @slice_c3(%x: tensor<4xf32>) {
  // expected-error @+1 {{/*slice_c3*/ dimension 0: need 0 <= start (3) <= limit (2) <= size}}
  %0 = stablehlo.slice %x [3:2] : (tensor<4xf32>) -> tensor<0xf32>
  func.return
}

// -----

func.func @slice_c4(%x: tensor<4xf32>) {
  // expected-error @+1 {{/*slice_c4*/ stride of dimension 0 must be positive}}
  %0 = stablehlo.slice %x [0:4:0] : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @slice_c5(%x: tensor<4xf32>) {
  // expected-error @+1 {{/*slice_c5*/ result dimension 0 must have size 2}}
  %0 = stablehlo.slice %x [0:4:2] : (tensor<4xf32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @dynamic_slice_c2(%x: tensor<4x4xf32>, %i: tensor<i64>) {
  // expected-error @+1 {{/*dynamic_slice_c2*/ expects 2 start indices, got 1}}
  %0 = stablehlo.dynamic_slice %x, %i, sizes = [1, 1] : (tensor<4x4xf32>, tensor<i64>) -> tensor<1x1xf32>
  func.return
}

// -----

func.func @dynamic_slice_c3(%x: tensor<4x4xf32>, %i: tensor<i64>, %j: tensor<i32>) {
  // expected-error @+1 {{/*dynamic_slice_c3*/ start indices must have the same type}}
  %0 = stablehlo.dynamic_slice %x, %i, %j, sizes = [1, 1] : (tensor<4x4xf32>, tensor<i64>, tensor<i32>) -> tensor<1x1xf32>
  func.return
}

// -----

func.func @dynamic_slice_c4(%x: tensor<4xf32>, %i: tensor<i64>) {
  // expected-error @+1 {{/*dynamic_slice_c4*/ slice size of dimension 0 must be in [0, 4]}}
  %0 = stablehlo.dynamic_slice %x, %i, sizes = [5] : (tensor<4xf32>, tensor<i64>) -> tensor<5xf32>
  func.return
}

// -----

func.func @dynamic_slice_c5(%x: tensor<4xf32>, %i: tensor<i64>) {
  // expected-error @+1 {{/*dynamic_slice_c5*/ result shape must be slice_sizes}}
  %0 = stablehlo.dynamic_slice %x, %i, sizes = [2] : (tensor<4xf32>, tensor<i64>) -> tensor<3xf32>
  func.return
}

// -----

func.func @dynamic_update_slice_c1(%x: tensor<4xf32>, %u: tensor<2xf32>, %i: tensor<i64>) {
  // expected-error @+1 {{/*dynamic_update_slice_c1*/ result must have the operand's shape}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i : (tensor<4xf32>, tensor<2xf32>, tensor<i64>) -> tensor<5xf32>
  func.return
}

// -----

func.func @dynamic_update_slice_c3(%x: tensor<4xf32>, %u: tensor<1x2xf32>, %i: tensor<i64>) {
  // expected-error @+1 {{/*dynamic_update_slice_c3*/ update must have the operand's rank}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i : (tensor<4xf32>, tensor<1x2xf32>, tensor<i64>) -> tensor<4xf32>
  func.return
}

// -----

func.func @dynamic_update_slice_c4(%x: tensor<4xf32>, %u: tensor<2xf32>, %i: tensor<i64>) {
  // expected-error @+1 {{/*dynamic_update_slice_c4*/ expects 1 start indices}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %i : (tensor<4xf32>, tensor<2xf32>, tensor<i64>, tensor<i64>) -> tensor<4xf32>
  func.return
}

// -----

func.func @dynamic_update_slice_c6(%x: tensor<4xf32>, %u: tensor<5xf32>, %i: tensor<i64>) {
  // expected-error @+1 {{/*dynamic_update_slice_c6*/ update dimension 0 is larger than the operand's}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i : (tensor<4xf32>, tensor<5xf32>, tensor<i64>) -> tensor<4xf32>
  func.return
}

// -----

func.func @pad_c1(%x: tensor<2xf32>, %p: tensor<i32>) {
  // expected-error @+1 {{/*pad_c1*/ padding_value must have the operand's element type}}
  %0 = stablehlo.pad %x, %p, low = [0], high = [0], interior = [0] : (tensor<2xf32>, tensor<i32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @pad_c2(%x: tensor<2xf32>, %p: tensor<f32>) {
  // expected-error @+1 {{/*pad_c2*/ padding lists must have 1 entries each}}
  %0 = stablehlo.pad %x, %p, low = [0, 0], high = [0], interior = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @pad_c3(%x: tensor<2xf32>, %p: tensor<f32>) {
  // expected-error @+1 {{/*pad_c3*/ interior padding must be non-negative}}
  %0 = stablehlo.pad %x, %p, low = [0], high = [0], interior = [-1] : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @pad_c4(%x: tensor<2xf32>, %p: tensor<f32>) {
  // expected-error @+1 {{/*pad_c4*/ result dimension 0 must have size 5}}
  %0 = stablehlo.pad %x, %p, low = [1], high = [1], interior = [1] : (tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @get_dimension_size_c1(%x: tensor<2xf32>) {
  // expected-error @+1 {{/*get_dimension_size_c1*/ dimension 1 is out of range [0, 1)}}
  %0 = stablehlo.get_dimension_size %x, dim = 1 : (tensor<2xf32>) -> tensor<i32>
  func.return
}

// -----

func.func @gather_c2(%x: tensor<3x4xf32>, %i: tensor<2x2xi64>) {
  // expected-error @+1 {{/*gather_c2*/ index_vector_dim 3 is out of range [0, 2]}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 3>, slice_sizes = array<i64: 1, 4>}> : (tensor<3x4xf32>, tensor<2x2xi64>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @gather_c7(%x: tensor<3x4xf32>, %i: tensor<2x2xi64>) {
  // expected-error @+1 {{/*gather_c7*/ collapsed_slice_dims entry 2 is out of range [0, 2)}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [2], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<3x4xf32>, tensor<2x2xi64>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @gather_c8(%x: tensor<3x4xf32>, %i: tensor<2x2xi64>) {
  // expected-error @+1 {{/*gather_c8*/ collapsed dimension 0 must have slice size 0 or 1}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 2, 4>}> : (tensor<3x4xf32>, tensor<2x2xi64>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @gather(%x: tensor<3x4xf32>, %i: tensor<2x2xi64>) {
  // expected-error @+1 {{operand_batching_dims has a duplicate entry 1}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], operand_batching_dims = [1, 1], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<3x4xf32>, tensor<2x2xi64>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @gather_c9(%x: tensor<3x4xf32>, %i: tensor<2x2xi64>) {
  // expected-error @+1 {{/*gather_c9*/ start_index_map has a duplicate entry 0}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<3x4xf32>, tensor<2x2xi64>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @gather_c11(%x: tensor<3x4xf32>, %i: tensor<2x2xi64>) {
  // expected-error @+1 {{/*gather_c11*/ slice_sizes must have 2 entries}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1>}> : (tensor<3x4xf32>, tensor<2x2xi64>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @scatter_c14(%x: tensor<3xf32>, %i: tensor<1x1xi64>, %u: tensor<1xf32>) {
  // expected-error @+1 {{/*scatter_c14*/ index_vector_dim 3 is out of range [0, 2]}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 3>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<3xf32>, tensor<1x1xi64>, tensor<1xf32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @scatter_c10(%x: tensor<3xf32>, %i: tensor<1x1xi64>, %u: tensor<1xf32>) {
  // expected-error @+1 {{/*scatter_c10*/ inserted_window_dims entry 1 is out of range [0, 1)}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<3xf32>, tensor<1x1xi64>, tensor<1xf32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @scatter_c13(%x: tensor<3xf32>, %i: tensor<1x1xi64>, %u: tensor<1xf32>) {
  // expected-error @+1 {{/*scatter_c13*/ scatter_dims_to_operand_dims entry 4 is out of range [0, 1)}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [4], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<3xf32>, tensor<1x1xi64>, tensor<1xf32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @scatter_c15(%x: tensor<3xf32>, %i: tensor<1x1xi64>, %u: tensor<1xf32>) {
  // expected-error @+1 {{/*scatter_c15*/ update_computation must take 2 arguments}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<3xf32>, tensor<1x1xi64>, tensor<1xf32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @dynamic_broadcast_in_dim_known_dims(%x: tensor<3xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{known dimensions entry 1 is out of range [0, 1)}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1], known_expanding_dimensions = [1] : (tensor<3xf32>, tensor<2xi64>) -> tensor<?x3xf32>
  func.return
}

// -----

func.func @dynamic_reshape_c2(%x: tensor<6xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{/*dynamic_reshape_c2*/ operand has 6 elements, result has 4}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<2x2xf32>
  func.return
}

// -----

func.func @scatter_c1(%x: tensor<3xf32>, %y: tensor<4xf32>, %i: tensor<1x1xi64>, %u: tensor<1xf32>) {
  // expected-error @+1 {{/*scatter_c1*/ inputs must have the same shape}}
  %0:2 = "stablehlo.scatter"(%x, %y, %i, %u, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
    stablehlo.return %b, %d : tensor<f32>, tensor<f32>
  }) : (tensor<3xf32>, tensor<4xf32>, tensor<1x1xi64>, tensor<1xf32>, tensor<1xf32>) -> (tensor<3xf32>, tensor<4xf32>)
  func.return
}

// -----

func.func @scatter_c16(%x: tensor<3xf32>, %i: tensor<1x1xi64>, %u: tensor<1xf32>) {
  // expected-error @+1 {{/*scatter_c16*/ expects one result per input}}
  %0:2 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<3xf32>, tensor<1x1xi64>, tensor<1xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  func.return
}

// -----

func.func @gather_c6(%x: tensor<3x4xf32>, %i: tensor<2x2xi64>) {
  // expected-error @+1 {{/*gather_c6*/ collapsed_slice_dims has a duplicate entry 0}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0, 0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<3x4xf32>, tensor<2x2xi64>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @gather_c10(%x: tensor<3x4xf32>, %i: tensor<2x2xi64>) {
  // expected-error @+1 {{/*gather_c10*/ start_index_map entry 2 is out of range [0, 2)}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 2], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<3x4xf32>, tensor<2x2xi64>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @scatter_c5(%i: tensor<1x1xi64>) {
  // expected-error @+1 {{/*scatter_c5*/ expects at least one input}}
  "stablehlo.scatter"(%i) <{scatter_dimension_numbers = #stablehlo.scatter<index_vector_dim = 1>}> ({
  ^bb0:
    stablehlo.return
  }) : (tensor<1x1xi64>) -> ()
  func.return
}

// -----

func.func @scatter_c9(%x: tensor<3x3xf32>, %i: tensor<1x1xi64>, %u: tensor<1xf32>) {
  // expected-error @+1 {{/*scatter_c9*/ inserted_window_dims has a duplicate entry 0}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<3x3xf32>, tensor<1x1xi64>, tensor<1xf32>) -> tensor<3x3xf32>
  func.return
}

// -----

func.func @scatter_c12(%x: tensor<3x3xf32>, %i: tensor<1x2xi64>, %u: tensor<1xf32>) {
  // expected-error @+1 {{/*scatter_c12*/ scatter_dims_to_operand_dims has a duplicate entry 1}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [1, 1], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<3x3xf32>, tensor<1x2xi64>, tensor<1xf32>) -> tensor<3x3xf32>
  func.return
}

// -----

func.func @broadcast_in_dim_c1(%x: tensor<3xf32>) {
  // expected-error @+1 {{/*broadcast_in_dim_c1*/ operand and result must have the same element type}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<3xf32>) -> tensor<3xi32>
  func.return
}

// -----

func.func @reshape_c1(%x: tensor<2xf32>) {
  // expected-error @+1 {{/*reshape_c1*/ operand and result must have the same element type}}
  %0 = stablehlo.reshape %x : (tensor<2xf32>) -> tensor<1x2xi32>
  func.return
}

// -----

func.func @transpose_c1(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{/*transpose_c1*/ operand and result must have the same element type}}
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xi32>
  func.return
}

// -----

func.func @slice_c1(%x: tensor<4xf32>) {
  // expected-error @+1 {{/*slice_c1*/ operand and result must have the same element type}}
  %0 = stablehlo.slice %x [0:2] : (tensor<4xf32>) -> tensor<2xi32>
  func.return
}

// -----

func.func @dynamic_slice_c1(%x: tensor<4xf32>, %i: tensor<i64>) {
  // expected-error @+1 {{/*dynamic_slice_c1*/ operand and result must have the same element type}}
  %0 = stablehlo.dynamic_slice %x, %i, sizes = [2] : (tensor<4xf32>, tensor<i64>) -> tensor<2xi32>
  func.return
}

// -----

func.func @dynamic_update_slice_c2(%x: tensor<4xf32>, %u: tensor<2xi32>, %i: tensor<i64>) {
  // expected-error @+1 {{/*dynamic_update_slice_c2*/ update must have the operand's element type}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i : (tensor<4xf32>, tensor<2xi32>, tensor<i64>) -> tensor<4xf32>
  func.return
}

// -----

func.func @gather_c15(%x: tensor<3x4xf32>, %i: tensor<2x2xi64>) {
  // expected-error @+1 {{/*gather_c15*/ operand and result must have the same element type}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<3x4xf32>, tensor<2x2xi64>) -> tensor<2x4xi32>
  func.return
}

// -----

func.func @scatter_c6(%x: tensor<3xf32>, %i: tensor<1x1xi64>, %u: tensor<1xi32>) {
  // expected-error @+1 {{/*scatter_c6*/ update 0 must have the element type of input 0}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<3xf32>, tensor<1x1xi64>, tensor<1xi32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @gather_c1(%x: tensor<3x4xf32>, %i: tensor<2x2xi64>) {
  // expected-error @+1 {{/*gather_c1*/ the operand rank 2 must be the number of offset, collapsed and batching dimensions}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<3x4xf32>, tensor<2x2xi64>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @gather_c3(%x: tensor<3x4xf32>, %i: tensor<2x2xi64>) {
  // expected-error @+1 {{/*gather_c3*/ start_index_map must have 2 entries, one per index vector element}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<3x4xf32>, tensor<2x2xi64>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @gather_c4(%x: tensor<3x4x5xf32>, %i: tensor<2x1xi64>) {
  // expected-error @+1 {{/*gather_c4*/ offset_dims must be sorted and unique}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4, 5>}> : (tensor<3x4x5xf32>, tensor<2x1xi64>) -> tensor<2x4x5xf32>
  func.return
}

// -----

func.func @gather_c5(%x: tensor<3x4xf32>, %i: tensor<2x1xi64>) {
  // expected-error @+1 {{/*gather_c5*/ offset_dims entry 2 is out of range [0, 2)}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<3x4xf32>, tensor<2x1xi64>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @gather_c6_sorted(%x: tensor<3x4x5xf32>, %i: tensor<2x2xi64>) {
  // expected-error @+1 {{/*gather_c6*/ collapsed_slice_dims must be sorted}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [1, 0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1, 5>}> : (tensor<3x4x5xf32>, tensor<2x2xi64>) -> tensor<2x5xf32>
  func.return
}

// -----

func.func @gather_c12(%x: tensor<3x4xf32>, %i: tensor<2x1xi64>) {
  // expected-error @+1 {{/*gather_c12*/ slice size of dimension 1 must be in [0, 4]}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 5>}> : (tensor<3x4xf32>, tensor<2x1xi64>) -> tensor<2x5xf32>
  func.return
}

// -----

func.func @gather_c13(%x: tensor<3x4xf32>, %i: tensor<2x1xi64>) {
  // expected-error @+1 {{/*gather_c13*/ result dimension 1 must have size 3}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<3x4xf32>, tensor<2x1xi64>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @gather_c13_rank(%x: tensor<3x4xf32>, %i: tensor<2x1xi64>) {
  // expected-error @+1 {{/*gather_c13*/ result must have rank 2}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<3x4xf32>, tensor<2x1xi64>) -> tensor<2x4x1xf32>
  func.return
}

// -----

func.func @scatter_c2(%x: tensor<3x3xf32>, %i: tensor<1x1xi64>, %u: tensor<1x3xf32>) {
  // expected-error @+1 {{/*scatter_c2*/ the input rank 2 must be the number of window, inserted and batching dimensions}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<3x3xf32>, tensor<1x1xi64>, tensor<1x3xf32>) -> tensor<3x3xf32>
  func.return
}

// -----

func.func @scatter_c3(%x: tensor<3xf32>, %i: tensor<1x1xi64>, %u: tensor<1xf32>, %v: tensor<2xf32>) {
  // expected-error @+1 {{/*scatter_c3*/ updates must have the same shape}}
  %0:2 = "stablehlo.scatter"(%x, %x, %i, %u, %v) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
    stablehlo.return %b, %d : tensor<f32>, tensor<f32>
  }) : (tensor<3xf32>, tensor<3xf32>, tensor<1x1xi64>, tensor<1xf32>, tensor<2xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  func.return
}

// -----

func.func @scatter_c4(%x: tensor<3x3xf32>, %i: tensor<2x1xi64>, %u: tensor<1x3xf32>) {
  // expected-error @+1 {{/*scatter_c4*/ update dimension 0 must have size 2}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<3x3xf32>, tensor<2x1xi64>, tensor<1x3xf32>) -> tensor<3x3xf32>
  func.return
}

// -----

func.func @scatter_c4_window(%x: tensor<3x3xf32>, %i: tensor<1x1xi64>, %u: tensor<1x4xf32>) {
  // expected-error @+1 {{/*scatter_c4*/ update window dimension 1 of size 4 exceeds the input's 3}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<3x3xf32>, tensor<1x1xi64>, tensor<1x4xf32>) -> tensor<3x3xf32>
  func.return
}

// -----

func.func @scatter_c7(%x: tensor<3x3x3xf32>, %i: tensor<1x1xi64>, %u: tensor<1x3x3xf32>) {
  // expected-error @+1 {{/*scatter_c7*/ update_window_dims must be sorted and unique}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<3x3x3xf32>, tensor<1x1xi64>, tensor<1x3x3xf32>) -> tensor<3x3x3xf32>
  func.return
}

// -----

func.func @scatter_c8(%x: tensor<3x3xf32>, %i: tensor<1x1xi64>, %u: tensor<1x3xf32>) {
  // expected-error @+1 {{/*scatter_c8*/ update_window_dims entry 2 is out of range [0, 2)}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<3x3xf32>, tensor<1x1xi64>, tensor<1x3xf32>) -> tensor<3x3xf32>
  func.return
}

// -----

func.func @scatter_c11(%x: tensor<3x3xf32>, %i: tensor<1x2xi64>, %u: tensor<1x3xf32>) {
  // expected-error @+1 {{/*scatter_c11*/ scatter_dims_to_operand_dims must have 2 entries, one per index vector element}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<3x3xf32>, tensor<1x2xi64>, tensor<1x3xf32>) -> tensor<3x3xf32>
  func.return
}

// -----

func.func @scatter_c15_types(%x: tensor<3xf32>, %i: tensor<1x1xi64>, %u: tensor<1xf32>) {
  // expected-error @+1 {{/*scatter_c15*/ update_computation arguments 0 and 1 must be 0-d tensors of the element type of input 0}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    stablehlo.return %b : tensor<i32>
  }) : (tensor<3xf32>, tensor<1x1xi64>, tensor<1xf32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @scatter_c16(%x: tensor<3xf32>, %i: tensor<1x1xi64>, %u: tensor<1xf32>) {
  // expected-error @+1 {{/*scatter_c16*/ result 0 must have the type of input 0}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<3xf32>, tensor<1x1xi64>, tensor<1xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @scatter_c9_sorted(%x: tensor<3x4x5xf32>, %i: tensor<1x2xi64>, %u: tensor<1x5xf32>) {
  // expected-error @+1 {{/*scatter_c9*/ inserted_window_dims must be sorted}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [1, 0], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<3x4x5xf32>, tensor<1x2xi64>, tensor<1x5xf32>) -> tensor<3x4x5xf32>
  func.return
}

// -----

func.func @scatter_batching_overlap(%x: tensor<3x4xf32>, %i: tensor<3x1xi64>, %u: tensor<3xf32>) {
  // expected-error @+1 {{inserted_window_dims and input_batching_dims share dimension 0}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<3x4xf32>, tensor<3x1xi64>, tensor<3xf32>) -> tensor<3x4xf32>
  func.return
}

// -----

func.func @gather_batching_index_vector_dim(%x: tensor<3x4xf32>, %i: tensor<3x1xi64>) {
  // expected-error @+1 {{start_indices_batching_dims must not contain index_vector_dim 1}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>}> : (tensor<3x4xf32>, tensor<3x1xi64>) -> tensor<3xf32>
  func.return
}

// -----

func.func @gather_batching_sizes(%x: tensor<3x4xf32>, %i: tensor<2x1xi64>) {
  // expected-error @+1 {{batching dimension sizes differ: 3 vs 2}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>}> : (tensor<3x4xf32>, tensor<2x1xi64>) -> tensor<2xf32>
  func.return
}
