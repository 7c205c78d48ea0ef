// A dense layer pair as JAX exports it: relu(x @ w1 + b1) @ w2, with x
// 256x512, w1 512x512, w2 512x256 (201 MFLOP in the two contractions).
// The relu output is read once per column of w2: computed inside the
// second product it would be redone 256 times.
func.func @main(%x: tensor<256x512xf32>, %w1: tensor<512x512xf32>, %b1: tensor<512xf32>,
                %w2: tensor<512x256xf32>) -> tensor<256x256xf32> {
  %h = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<256x512xf32>, tensor<512x512xf32>) -> tensor<256x512xf32>
  %bias = stablehlo.broadcast_in_dim %b1, dims = [1] : (tensor<512xf32>) -> tensor<256x512xf32>
  %h1 = stablehlo.add %h, %bias : tensor<256x512xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<256x512xf32>
  %relu = stablehlo.maximum %h1, %zero : tensor<256x512xf32>
  %o = stablehlo.dot_general %relu, %w2, contracting_dims = [1] x [0] : (tensor<256x512xf32>, tensor<512x256xf32>) -> tensor<256x256xf32>
  return %o : tensor<256x256xf32>
}
