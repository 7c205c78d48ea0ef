// Bandwidth-bound: y = a * x + b over 4M f32 (48 MiB of traffic).
func.func @main(%a: tensor<2048x2048xf32>, %x: tensor<2048x2048xf32>, %b: tensor<2048x2048xf32>) -> tensor<2048x2048xf32> {
  %0 = stablehlo.multiply %a, %x : tensor<2048x2048xf32>
  %1 = stablehlo.add %0, %b : tensor<2048x2048xf32>
  return %1 : tensor<2048x2048xf32>
}
