// iou_3d's native handler (examples/custom_ops) on the test vectors of
// Keras CV's iou_3d_test.py and the edge cases of docs/custom-ops.md,
// compiled and interpreted.
// RUN: hlox-run --plugin=%custom_ops_plugin %s
// RUN: hlox-run --interpret --plugin=%custom_ops_plugin %s

func.func @main() {
  // Keras CV: [[1/15, 1/15], [1, sqrt(0.5)]].
  %a = stablehlo.constant dense<[[0.0, 0.0, 0.0, 2.0, 2.0, 2.0, 0.0], [1.0, 1.0, 1.0, 2.0, 2.0, 2.0, 2.35619449]]> : tensor<2x7xf32>
  %b = stablehlo.constant dense<[[1.0, 1.0, 1.0, 2.0, 2.0, 2.0, 0.78539816], [1.0, 1.0, 1.0, 2.0, 2.0, 2.0, 0.0]]> : tensor<2x7xf32>
  %iou = stablehlo.custom_call @iou_3d(%a, %b) : (tensor<2x7xf32>, tensor<2x7xf32>) -> tensor<2x2xf32>
  check.expect_almost_eq_const %iou, dense<[[0.06666667, 0.06666667], [1.0, 0.70710678]]> : tensor<2x2xf32>

  // Against boxes_b[0] = a unit cube at the origin:
  //   identical (1); inside: a 0.5 cube at the center (1/8); touching faces
  //   (0); parallel edges, half overlapping in x (1/3); degenerate: dx <= 1e-3
  //   and dz <= 0 (0); far apart (0).
  %c = stablehlo.constant dense<[[0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.5, 0.5, 0.5, 0.0], [1.0, 0.0, 0.0, 1.0, 1.0, 1.0, 0.0], [0.5, 0.0, 0.0, 1.0, 1.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0005, 1.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0], [100.0, 100.0, 0.0, 1.0, 1.0, 1.0, 0.3]]> : tensor<7x7xf32>
  %unit = stablehlo.constant dense<[[0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 0.0]]> : tensor<1x7xf32>
  %edges = stablehlo.custom_call @iou_3d(%c, %unit) : (tensor<7x7xf32>, tensor<1x7xf32>) -> tensor<7x1xf32>
  check.expect_almost_eq_const %edges, dense<[[1.0], [0.125], [0.0], [0.33333333], [0.0], [0.0], [0.0]]> : tensor<7x1xf32>
  func.return
}
