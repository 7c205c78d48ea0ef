// RUN: hlox-opt --split-input-file --verify-diagnostics %s
// RUN: not hlox-run --split-input-file %s 2>&1 | FileCheck %s

// An op of a dialect hlox does not know cannot be compiled: an error at it.

func.func @unknown_op(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: error: 'tt.relu' is an op of dialect 'tt', which hlox does not know
  // expected-error @+1 {{'tt.relu' is an op of dialect 'tt', which hlox does not know}}
  %0 = "tt.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// So is a value of a type of such a dialect.

// CHECK: error: the function has type '(!tt.tile<4>) -> !tt.tile<4>' of dialect 'tt', which hlox does not know
// expected-error @+1 {{the function has type '(!tt.tile<4>) -> !tt.tile<4>' of dialect 'tt', which hlox does not know}}
func.func @unknown_type(%x: !tt.tile<4>) -> !tt.tile<4> {
  return %x : !tt.tile<4>
}
