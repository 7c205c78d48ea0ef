// example.rms_norm through the plugin of this folder, compiled and
// interpreted alike (hlox-run --plugin=librms_norm.so [--interpret]).
func.func @main() {
  %x = stablehlo.constant dense<[[3.0, 4.0], [1.0, -1.0], [0.0, 0.0]]> : tensor<3x2xf32>
  %y = stablehlo.custom_call @example.rms_norm(%x) {api_version = 4 : i32, backend_config = {epsilon = 0.0 : f32, gain = 2.0 : f32}} : (tensor<3x2xf32>) -> tensor<3x2xf32>
  // rms of [3, 4] is sqrt(12.5); of [1, -1] is 1; [0, 0] stays 0/0 = NaN
  // without epsilon, so the last row uses the one below.
  %z = stablehlo.slice %y [0:2, 0:2] : (tensor<3x2xf32>) -> tensor<2x2xf32>
  check.expect_almost_eq_const %z, dense<[[1.6970563, 2.2627417], [2.0, -2.0]]> : tensor<2x2xf32>
  %e = stablehlo.custom_call @example.rms_norm(%x) {api_version = 4 : i32, backend_config = {epsilon = 1.0 : f32}} : (tensor<3x2xf32>) -> tensor<3x2xf32>
  check.expect_almost_eq_const %e, dense<[[0.8164966, 1.0886621], [0.70710677, -0.70710677], [0.0, 0.0]]> : tensor<3x2xf32>
  func.return
}
