// RUN: hlox-opt --split-input-file --stablehlo-legalize-jax-custom-calls --verify-diagnostics %s

func.func @topk_smallest(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{@mhlo.topk: largest = false (the k smallest) is not supported}}
  %0:2 = stablehlo.custom_call @mhlo.topk(%x) {mhlo.attributes = {k = 2 : i64, largest = false}, mhlo.version = 1 : i64} : (tensor<4x8xf32>) -> (tensor<4x2xf32>, tensor<4x2xi32>)
  return
}

// -----

func.func @topk_no_attributes(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{@mhlo.topk needs an mhlo.attributes dictionary holding k}}
  %0:2 = stablehlo.custom_call @mhlo.topk(%x) : (tensor<4x8xf32>) -> (tensor<4x2xf32>, tensor<4x2xi32>)
  return
}

// -----

func.func @topk_missing_k(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{@mhlo.topk: mhlo.attributes has no k}}
  %0:2 = stablehlo.custom_call @mhlo.topk(%x) {mhlo.attributes = {largest = true}, mhlo.version = 1 : i64} : (tensor<4x8xf32>) -> (tensor<4x2xf32>, tensor<4x2xi32>)
  return
}

// -----

func.func @topk_float_k(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{@mhlo.topk: k must be an integer, got 2.000000e+00 : f32}}
  %0:2 = stablehlo.custom_call @mhlo.topk(%x) {mhlo.attributes = {k = 2.0 : f32}, mhlo.version = 1 : i64} : (tensor<4x8xf32>) -> (tensor<4x2xf32>, tensor<4x2xi32>)
  return
}

// -----

func.func @topk_bool_largest(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{@mhlo.topk: largest must be a bool, got 1 : i64}}
  %0:2 = stablehlo.custom_call @mhlo.topk(%x) {mhlo.attributes = {k = 2 : i64, largest = 1 : i64}, mhlo.version = 1 : i64} : (tensor<4x8xf32>) -> (tensor<4x2xf32>, tensor<4x2xi32>)
  return
}

// -----

func.func @topk_unknown_attribute(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{@mhlo.topk: unknown mhlo.attributes entry 'recall_target'}}
  %0:2 = stablehlo.custom_call @mhlo.topk(%x) {mhlo.attributes = {k = 2 : i64, recall_target = 0.95 : f32}, mhlo.version = 1 : i64} : (tensor<4x8xf32>) -> (tensor<4x2xf32>, tensor<4x2xi32>)
  return
}

// -----

func.func @topk_k_too_large(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{@mhlo.topk: k = 9 must be in [0, the last dimension of the operand (8)]}}
  %0:2 = stablehlo.custom_call @mhlo.topk(%x) {mhlo.attributes = {k = 9 : i64}, mhlo.version = 1 : i64} : (tensor<4x8xf32>) -> (tensor<4x9xf32>, tensor<4x9xi32>)
  return
}

// -----

func.func @topk_negative_k(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{@chlo.top_k: k = -1 must be in [0, the last dimension of the operand (8)]}}
  %0:2 = stablehlo.custom_call @chlo.top_k(%x) {mhlo.attributes = {k = -1 : i64}} : (tensor<4x8xf32>) -> (tensor<4x0xf32>, tensor<4x0xi32>)
  return
}

// -----

func.func @topk_values_type(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{@mhlo.topk: the values result must be 'tensor<4x2xf32>', got 'tensor<4x3xf32>'}}
  %0:2 = stablehlo.custom_call @mhlo.topk(%x) {mhlo.attributes = {k = 2 : i64}, mhlo.version = 1 : i64} : (tensor<4x8xf32>) -> (tensor<4x3xf32>, tensor<4x2xi32>)
  return
}

// -----

func.func @topk_indices_type(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{@mhlo.topk: the indices result must be 'tensor<4x2xi32>' (or i64), got 'tensor<4x2xf32>'}}
  %0:2 = stablehlo.custom_call @mhlo.topk(%x) {mhlo.attributes = {k = 2 : i64}, mhlo.version = 1 : i64} : (tensor<4x8xf32>) -> (tensor<4x2xf32>, tensor<4x2xf32>)
  return
}

// -----

func.func @topk_one_result(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{@mhlo.topk takes one operand and returns values and indices}}
  %0 = stablehlo.custom_call @mhlo.topk(%x) {mhlo.attributes = {k = 2 : i64}, mhlo.version = 1 : i64} : (tensor<4x8xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @topk_scalar(%x: tensor<f32>) {
  // expected-error @+1 {{@mhlo.topk takes a ranked tensor of integers or floats of rank >= 1, got 'tensor<f32>'}}
  %0:2 = stablehlo.custom_call @mhlo.topk(%x) {mhlo.attributes = {k = 1 : i64}, mhlo.version = 1 : i64} : (tensor<f32>) -> (tensor<f32>, tensor<i32>)
  return
}

// -----

func.func @sharding_type_changes(%x: tensor<8xf32>) {
  // expected-error @+1 {{@SPMDFullToShardShape must return its operand's type on one device, got 'tensor<8xf32>' -> 'tensor<4xf32>'}}
  %0 = stablehlo.custom_call @SPMDFullToShardShape(%x) {mhlo.sharding = "{manual}"} : (tensor<8xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @sharding_two_operands(%x: tensor<8xf32>) {
  // expected-error @+1 {{@Sharding takes one operand and returns one result on one device}}
  %0 = stablehlo.custom_call @Sharding(%x, %x) {mhlo.sharding = "{replicated}"} : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @shape_assertion_placeholder(%p: tensor<i1>, %a: tensor<i32>, %b: tensor<i64>) {
  // expected-error @+1 {{@shape_assertion: placeholder {2} has no operand (it has 2 values after the predicate)}}
  stablehlo.custom_call @shape_assertion(%p, %a, %b) {api_version = 2 : i32, error_message = "got {0} and {1} and {2}.", has_side_effect = true} : (tensor<i1>, tensor<i32>, tensor<i64>) -> ()
  return
}

// -----

// Checked even when the predicate holds.
func.func @shape_assertion_placeholder_true() {
  %true = stablehlo.constant dense<true> : tensor<i1>
  // expected-error @+1 {{@shape_assertion: placeholder {0} has no operand (it has 0 values after the predicate)}}
  stablehlo.custom_call @shape_assertion(%true) {api_version = 2 : i32, error_message = "got {0}.", has_side_effect = true} : (tensor<i1>) -> ()
  return
}

// -----

func.func @shape_assertion_predicate(%p: tensor<i32>) {
  // expected-error @+1 {{@shape_assertion: the predicate must be a tensor<i1>, got 'tensor<i32>'}}
  stablehlo.custom_call @shape_assertion(%p) {api_version = 2 : i32, error_message = "no", has_side_effect = true} : (tensor<i32>) -> ()
  return
}

// -----

func.func @shape_assertion_no_operands() {
  // expected-error @+1 {{@shape_assertion takes a tensor<i1> predicate first}}
  stablehlo.custom_call @shape_assertion() {api_version = 2 : i32, error_message = "no", has_side_effect = true} : () -> ()
  return
}

// -----

func.func @shape_assertion_value_type(%p: tensor<i1>, %v: tensor<2xi32>) {
  // expected-error @+1 {{@shape_assertion: operand 1 must be a tensor<i32> or tensor<i64>, got 'tensor<2xi32>'}}
  stablehlo.custom_call @shape_assertion(%p, %v) {api_version = 2 : i32, error_message = "got {0}", has_side_effect = true} : (tensor<i1>, tensor<2xi32>) -> ()
  return
}

// -----

func.func @shape_assertion_float_value(%p: tensor<i1>, %v: tensor<f32>) {
  // expected-error @+1 {{@shape_assertion: operand 1 must be a tensor<i32> or tensor<i64>, got 'tensor<f32>'}}
  stablehlo.custom_call @shape_assertion(%p, %v) {api_version = 2 : i32, error_message = "got {0}", has_side_effect = true} : (tensor<i1>, tensor<f32>) -> ()
  return
}

// -----

func.func @shape_assertion_result(%p: tensor<i1>) {
  // expected-error @+1 {{@shape_assertion must not have results}}
  %0 = stablehlo.custom_call @shape_assertion(%p) {api_version = 2 : i32, error_message = "no", has_side_effect = true} : (tensor<i1>) -> tensor<i1>
  return
}

// -----

func.func @shape_assertion_no_message(%p: tensor<i1>) {
  // expected-error @+1 {{@shape_assertion needs a string error_message}}
  stablehlo.custom_call @shape_assertion(%p) {api_version = 2 : i32, has_side_effect = true} : (tensor<i1>) -> ()
  return
}

// -----

func.func @shape_assertion_message_type(%p: tensor<i1>) {
  // expected-error @+1 {{@shape_assertion: error_message must be a string, got 3 : i32}}
  stablehlo.custom_call @shape_assertion(%p) {api_version = 2 : i32, error_message = 3 : i32, has_side_effect = true} : (tensor<i1>) -> ()
  return
}

// -----

func.func @shape_assertion_too_many_values(%p: tensor<i1>, %v: tensor<i32>) {
  // expected-error @+1 {{@shape_assertion takes at most 32 values after the predicate, got 33}}
  stablehlo.custom_call @shape_assertion(%p, %v, %v, %v, %v, %v, %v, %v, %v, %v, %v, %v, %v, %v, %v, %v, %v, %v, %v, %v, %v, %v, %v, %v, %v, %v, %v, %v, %v, %v, %v, %v, %v, %v) {error_message = "too many", has_side_effect = true} : (tensor<i1>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> ()
  return
}

// -----

func.func @approx_no_dim(%x: tensor<8xf32>, %i: tensor<8xi32>, %a: tensor<f32>, %b: tensor<i32>) {
  // expected-error @+1 {{@ApproxTopK: reduction_dim is missing}}
  %0:2 = stablehlo.custom_call @ApproxTopK(%x, %i, %a, %b) {called_computations = [@cmp], mhlo.backend_config = {aggregate_to_topk = true, top_k = 2 : i64}} : (tensor<8xf32>, tensor<8xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
  return
}
func.func private @cmp(%a: tensor<f32>, %b: tensor<f32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<i1> {
  %0 = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
  return %0 : tensor<i1>
}

// -----

func.func @approx_size(%x: tensor<8xf32>, %i: tensor<8xi32>, %a: tensor<f32>, %b: tensor<i32>) {
  // expected-error @+1 {{@ApproxTopK: the results hold 3 of the 8 elements along dimension 0, for top_k = 2}}
  %0:2 = stablehlo.custom_call @ApproxTopK(%x, %i, %a, %b) {called_computations = [@cmp], mhlo.backend_config = {aggregate_to_topk = true, reduction_dim = 0 : i64, top_k = 2 : i64}} : (tensor<8xf32>, tensor<8xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>)
  return
}
func.func private @cmp(%a: tensor<f32>, %b: tensor<f32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<i1> {
  %0 = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
  return %0 : tensor<i1>
}

// -----

func.func @approx_no_comparator(%x: tensor<8xf32>, %i: tensor<8xi32>, %a: tensor<f32>, %b: tensor<i32>) {
  // expected-error @+1 {{@ApproxTopK: called computation @missing is not a function with a body in the module}}
  %0:2 = stablehlo.custom_call @ApproxTopK(%x, %i, %a, %b) {called_computations = [@missing], mhlo.backend_config = {aggregate_to_topk = true, reduction_dim = 0 : i64, top_k = 2 : i64}} : (tensor<8xf32>, tensor<8xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
  return
}

// -----

func.func @dynamic_top_k_too_large(%x: tensor<4x3xf32>) {
  %k = stablehlo.constant dense<5> : tensor<i32>
  // expected-error @+1 {{@stablehlo.dynamic_top_k: k = 5 must be in [0, 3] for 'tensor<4x3xf32>'}}
  %0:2 = stablehlo.custom_call @stablehlo.dynamic_top_k(%x, %k) {api_version = 2 : i32} : (tensor<4x3xf32>, tensor<i32>) -> (tensor<4x5xf32>, tensor<4x5xi32>)
  return
}

// -----

func.func @reduce_window_operands(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{@stablehlo.dynamic_reduce_window takes inputs, init values and five window operands}}
  %0 = stablehlo.custom_call @stablehlo.dynamic_reduce_window(%x, %z) {api_version = 2 : i32, called_computations = [@sum]} : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return
}

// -----

func.func @qr_integers(%x: tensor<3x3xi32>) {
  // expected-error @+1 {{@Qr takes a batch of f32, f64 or complex matrices, got 'tensor<3x3xi32>'}}
  %0:2 = stablehlo.custom_call @Qr(%x) : (tensor<3x3xi32>) -> (tensor<3x3xi32>, tensor<3xi32>)
  return
}

// -----

func.func @fft_descriptor(%x: tensor<4xcomplex<f32>>, %d: tensor<8xui8>) {
  // expected-error @+1 {{@ducc_fft: the descriptor (operand 0) must be a ui8 constant}}
  %0 = stablehlo.custom_call @ducc_fft(%d, %x) {api_version = 2 : i32} : (tensor<8xui8>, tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return
}

// -----

func.func @fft_truncated(%x: tensor<4xcomplex<f32>>) {
  %d = stablehlo.constant dense<[200, 0, 0, 0, 1, 2]> : tensor<6xui8>
  // expected-error @+1 {{@ducc_fft: the descriptor is not a valid DuccFftDescriptor}}
  %0 = stablehlo.custom_call @ducc_fft(%d, %x) {api_version = 2 : i32} : (tensor<6xui8>, tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return
}

// -----

func.func @lapack_row_major(%a: tensor<3x3xf32>) {
  // expected-error @+1 {{@lapack_sgetrf_ffi: operand 0 must be column-major for LAPACK (operand_layouts entry [0, 1]), got no layout}}
  %0:3 = stablehlo.custom_call @lapack_sgetrf_ffi(%a) {mhlo.backend_config = {}} : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi32>, tensor<i32>)
  return
}

// -----

func.func @lapack_batch_minor(%a: tensor<2x3x3xf32>) {
  // expected-error @+1 {{@lapack_spotrf_ffi: result 0 must be column-major for LAPACK (result_layouts entry [1, 2, 0]), got dense<[2, 1, 0]> : tensor<3xindex>}}
  %0:2 = stablehlo.custom_call @lapack_spotrf_ffi(%a) {mhlo.backend_config = {uplo = 76 : ui8}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[2, 1, 0]> : tensor<3xindex>, dense<0> : tensor<1xindex>]} : (tensor<2x3x3xf32>) -> (tensor<2x3x3xf32>, tensor<2xi32>)
  return
}
