// RUN: hlox-opt --hlox-lower-collectives="num-replicas=2 num-partitions=1" --split-input-file --verify-diagnostics %s

func.func @outside_grid(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{replica_groups name process 2, but the program runs on 2 replicas x 1 partitions}}
  %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 2]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @not_elementwise(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      // expected-error @+1 {{a reduction region is applied to whole tensors when compiled for several processes; 'stablehlo.reshape' is not elementwise}}
      %r = stablehlo.reshape %a : (tensor<f32>) -> tensor<1xf32>
      %s = stablehlo.reshape %r : (tensor<1xf32>) -> tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @split_count(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{all_to_all splits into 4 parts over groups of 2}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 4 : i64,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @permute_outside(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{source_target_pairs name process 5, but the program runs on 2 replicas x 1 partitions}}
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 5]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
