// deform_conv_3d's native handler (examples/custom_ops): with all offsets
// 0 and no mask it is the grouped 3-D convolution, compiled and
// interpreted; its attributes are checked.
// RUN: hlox-run --random-inputs --plugin=%custom_ops_plugin %s
// RUN: hlox-run --random-inputs --interpret --plugin=%custom_ops_plugin %s
// RUN: %expect-exit 2 hlox-run --random-inputs --plugin=%custom_ops_plugin --function=bad_groups %s 2>&1 | FileCheck %s --check-prefix=GROUPS
// RUN: %expect-exit 2 hlox-run --random-inputs --plugin=%custom_ops_plugin --function=no_stride %s 2>&1 | FileCheck %s --check-prefix=STRIDE

// GROUPS: error: custom call 'deform_conv_3d' failed: deform_conv_3d: the groups do not divide the channels, or weight and bias do not match them
// STRIDE: error: custom call 'deform_conv_3d' failed: deform_conv_3d: attribute 'stride' is missing

func.func @main(%x: tensor<2x4x4x5x6xf32>, %w: tensor<6x2x3x3x3xf32>, %b: tensor<6xf32>) {
  %offset = stablehlo.constant dense<0.0> : tensor<2x162x4x5x6xf32>
  %y = stablehlo.custom_call @deform_conv_3d(%x, %w, %b, %offset) {api_version = 4 : i32, backend_config = {stride = array<i64: 1, 1, 1>, padding = array<i64: 1, 1, 1>, dilation = array<i64: 1, 1, 1>, groups = 2 : i64, offset_groups = 2 : i64}} : (tensor<2x4x4x5x6xf32>, tensor<6x2x3x3x3xf32>, tensor<6xf32>, tensor<2x162x4x5x6xf32>) -> tensor<2x6x4x5x6xf32>
  %c = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1, 2]x[o, i, 0, 1, 2]->[b, f, 0, 1, 2], window = {stride = [1, 1, 1], pad = [[1, 1], [1, 1], [1, 1]], rhs_dilate = [1, 1, 1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<2x4x4x5x6xf32>, tensor<6x2x3x3x3xf32>) -> tensor<2x6x4x5x6xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<6xf32>) -> tensor<2x6x4x5x6xf32>
  %r = stablehlo.add %c, %bb : tensor<2x6x4x5x6xf32>
  check.expect_almost_eq %y, %r : tensor<2x6x4x5x6xf32>
  func.return
}

func.func @bad_groups(%x: tensor<1x4x4x4x4xf32>, %w: tensor<6x2x3x3x3xf32>, %b: tensor<6xf32>) -> tensor<1x6x4x4x4xf32> {
  %offset = stablehlo.constant dense<0.0> : tensor<1x81x4x4x4xf32>
  %y = stablehlo.custom_call @deform_conv_3d(%x, %w, %b, %offset) {api_version = 4 : i32, backend_config = {stride = array<i64: 1, 1, 1>, padding = array<i64: 1, 1, 1>, dilation = array<i64: 1, 1, 1>, groups = 3 : i64, offset_groups = 1 : i64}} : (tensor<1x4x4x4x4xf32>, tensor<6x2x3x3x3xf32>, tensor<6xf32>, tensor<1x81x4x4x4xf32>) -> tensor<1x6x4x4x4xf32>
  return %y : tensor<1x6x4x4x4xf32>
}

func.func @no_stride(%x: tensor<1x4x4x4x4xf32>, %w: tensor<6x2x3x3x3xf32>, %b: tensor<6xf32>) -> tensor<1x6x4x4x4xf32> {
  %offset = stablehlo.constant dense<0.0> : tensor<1x81x4x4x4xf32>
  %y = stablehlo.custom_call @deform_conv_3d(%x, %w, %b, %offset) {api_version = 4 : i32, backend_config = {padding = array<i64: 1, 1, 1>, dilation = array<i64: 1, 1, 1>, groups = 2 : i64, offset_groups = 1 : i64}} : (tensor<1x4x4x4x4xf32>, tensor<6x2x3x3x3xf32>, tensor<6xf32>, tensor<1x81x4x4x4xf32>) -> tensor<1x6x4x4x4xf32>
  return %y : tensor<1x6x4x4x4xf32>
}
