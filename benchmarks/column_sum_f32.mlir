// A reduction over the leading dimension: sums of the columns of a
// 4096x1024 f32 matrix (16 MiB read).
func.func @main(%x: tensor<4096x1024xf32>) -> tensor<1024xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %sum = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<4096x1024xf32>, tensor<f32>) -> tensor<1024xf32>
  return %sum : tensor<1024xf32>
}
