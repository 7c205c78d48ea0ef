// The program of ApiTest's kScale, compiled ahead of time by the build
// (HLOX_AOT_EXAMPLE, a path compiled into the test) for Api.LoadsAheadOfTimeExecutables.
func.func @main(%x: tensor<4xf32>, %s: tensor<f32>) -> tensor<4xf32> {
  %0 = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %1 = stablehlo.multiply %x, %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}
