// The custom calls of JAX's single-device exports run compiled (the input
// phase rewrites them: stablehlo-legalize-jax-custom-calls) and on the
// evaluator alike: @mhlo.topk is a stable top_k over the last dimension,
// the sharding, placement and layout annotations return their operand.
// RUN: hlox-run --split-input-file %s
// RUN: hlox-run --split-input-file --opaque-constants %s
// RUN: hlox-run --split-input-file --interpret %s

// Rows with ties: equal values keep the lower index first.
func.func @main() {
  %x = stablehlo.constant dense<[[1.0, 5.0, 3.0, 5.0, 2.0, 0.5, 4.0, 3.0],
                                 [-1.0, -2.0, -3.0, -4.0, -5.0, -6.0, -7.0, -8.0],
                                 [7.0, 7.0, 7.0, 7.0, 7.0, 7.0, 7.0, 7.0]]> : tensor<3x8xf32>
  %0:2 = stablehlo.custom_call @mhlo.topk(%x) {mhlo.attributes = {k = 3 : i64}, mhlo.version = 1 : i64} : (tensor<3x8xf32>) -> (tensor<3x3xf32>, tensor<3x3xi32>)
  check.expect_eq_const %0#0, dense<[[5.0, 5.0, 4.0], [-1.0, -2.0, -3.0], [7.0, 7.0, 7.0]]> : tensor<3x3xf32>
  check.expect_eq_const %0#1, dense<[[1, 3, 6], [0, 1, 2], [0, 1, 2]]> : tensor<3x3xi32>
  func.return
}

// -----

// largest = true and is_stable spelled out; integers; the target spelled
// chlo.top_k.
func.func @main() {
  %x = stablehlo.constant dense<[3, -1, 9, 3, 9, 0]> : tensor<6xi32>
  %0:2 = stablehlo.custom_call @mhlo.topk(%x) {mhlo.attributes = {k = 4 : i64, largest = true, is_stable = true}, mhlo.version = 1 : i64} : (tensor<6xi32>) -> (tensor<4xi32>, tensor<4xi32>)
  check.expect_eq_const %0#0, dense<[9, 9, 3, 3]> : tensor<4xi32>
  check.expect_eq_const %0#1, dense<[2, 4, 0, 3]> : tensor<4xi32>
  %1:2 = stablehlo.custom_call @chlo.top_k(%x) {mhlo.attributes = {k = 1 : i64}} : (tensor<6xi32>) -> (tensor<1xi32>, tensor<1xi64>)
  check.expect_eq_const %1#0, dense<[9]> : tensor<1xi32>
  check.expect_eq_const %1#1, dense<[2]> : tensor<1xi64>
  func.return
}

// -----

// Annotations around a computation return their operands.
func.func @main() {
  %x = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %0 = stablehlo.custom_call @Sharding(%x) {mhlo.sharding = "{replicated}"} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %2 = stablehlo.add %1, %1 : tensor<2x2xf32>
  %3 = stablehlo.custom_call @Sharding(%2) {backend_config = "unspecified_dims=[0,1]", mhlo.sharding = "{manual}"} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %4 = stablehlo.custom_call @SPMDShardToFullShape(%3) {mhlo.sharding = "{replicated}"} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %5 = stablehlo.custom_call @annotate_device_placement(%4) {has_side_effect = true, mhlo.frontend_attributes = {_xla_buffer_placement = "pinned_host"}} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %6 = stablehlo.custom_call @LayoutConstraint(%5) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_eq_const %6, dense<[[2.0, 4.0], [6.0, 8.0]]> : tensor<2x2xf32>
  func.return
}
