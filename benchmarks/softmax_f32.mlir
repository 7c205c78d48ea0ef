// Softmax over the rows of a 1024x1024 f32 matrix, as JAX exports it.
func.func @main(%x: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %max = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<1024xf32>
  %maxb = stablehlo.broadcast_in_dim %max, dims = [0] : (tensor<1024xf32>) -> tensor<1024x1024xf32>
  %shifted = stablehlo.subtract %x, %maxb : tensor<1024x1024xf32>
  %e = stablehlo.exponential %shifted : tensor<1024x1024xf32>
  %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<1024xf32>
  %sumb = stablehlo.broadcast_in_dim %sum, dims = [0] : (tensor<1024xf32>) -> tensor<1024x1024xf32>
  %y = stablehlo.divide %e, %sumb : tensor<1024x1024xf32>
  return %y : tensor<1024x1024xf32>
}
