// A compiled function takes and returns tensors, not futures (a future
// that crosses a call to a private function is local once the call is
// inlined: async.mlir).
// RUN: %expect-exit 2 hlox-run %s --input=4xf32=1,2,3,4 2>&1 | FileCheck %s

// CHECK: [[@LINE+1]]:1: error: a function compiled for the CPU target takes and returns tensors and tokens only: result 0 has type '!stablehlo.future<tensor<4xf32>>'
func.func @main(%x: tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>> {
  %future = "stablehlo.async_start"(%x) ({
  ^bb0(%v: tensor<4xf32>):
    %0 = stablehlo.slice %v [0:4] : (tensor<4xf32>) -> tensor<4xf32>
    "stablehlo.return"(%0) : (tensor<4xf32>) -> ()
  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>
  return %future : !stablehlo.future<tensor<4xf32>>
}

