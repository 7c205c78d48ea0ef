// RUN: hlox-opt %s --stablehlo-legalize-to-vhlo --vhlo-to-version=target=0.9.0 | hlox-opt --pass-pipeline='builtin.module(stablehlo-deserialize)' | FileCheck %s

// Down to the oldest version and back to StableHLO: defaults vanish again,
// spelled-out fields become structured attributes, dimension lists
// `array<i64: ...>`.

// CHECK-LABEL: func.func @back(
// CHECK: stablehlo.compare  EQ, %arg0, %arg0 : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK: stablehlo.convolution(%arg1, %arg2) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64}
// CHECK: stablehlo.reduce_window
// CHECK-SAME: window_dimensions = array<i64: 1, 2>
// CHECK-NOT: window_strides
// CHECK: "stablehlo.send"(%arg3, %arg4) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 2>, is_host_transfer = true}>
// CHECK: stablehlo.transpose %arg3, dims = [1, 0]
// CHECK: return
func.func @back(%a: tensor<f32>, %x: tensor<1x4x4x1xf32>, %w: tensor<2x2x1x1xf32>, %m: tensor<2x3xf32>, %t: !stablehlo.token) -> tensor<i1> {
  %0 = stablehlo.compare EQ, %a, %a : (tensor<f32>, tensor<f32>) -> tensor<i1>
  %1 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x1xf32>
  %2 = "stablehlo.reduce_window"(%m, %a) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = stablehlo.add %p, %q : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 1, 2>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x2xf32>
  %3 = "stablehlo.send"(%m, %t) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 2>, is_host_transfer = true} : (tensor<2x3xf32>, !stablehlo.token) -> !stablehlo.token
  %4 = stablehlo.transpose %m, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<i1>
}
