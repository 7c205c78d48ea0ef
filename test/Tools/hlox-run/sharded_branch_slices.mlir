// Branches inside a kernel that yield either a slice of an operand (a
// device's shard of a replicated value) or a new buffer: the deallocation
// of buffers that may alias calls a helper, inlined into the kernel (the
// kernel's calling convention cannot pass it dynamically sized memrefs).
// RUN: hlox-run %s --random-inputs --compare-with-interpreter 2>&1 | FileCheck %s

// CHECK-COUNT-3: 0 of 64 elements differ
sdy.mesh @mesh = <["x"=2]>
func.func @main(%a0: tensor<64xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, %a1: tensor<64xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %a2: tensor<i32> {sdy.sharding = #sdy.sharding<@mesh, []>}) -> (tensor<64xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, tensor<64xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, tensor<64xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %s = stablehlo.reduce(%a0 init: %a2) applies stablehlo.add across dimensions = [0] : (tensor<64xi32>, tensor<i32>) -> tensor<i32>
  %p = stablehlo.compare GT, %s, %a2 : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %0 = "stablehlo.if"(%p) ({
    %m = stablehlo.multiply %a0, %a1 : tensor<64xi32>
    stablehlo.return %m : tensor<64xi32>
  }, {
    stablehlo.return %a1 : tensor<64xi32>
  }) : (tensor<i1>) -> tensor<64xi32>
  %k = stablehlo.convert %s : (tensor<i32>) -> tensor<i32>
  %1:2 = "stablehlo.case"(%k) ({
    stablehlo.return %a0, %0 : tensor<64xi32>, tensor<64xi32>
  }, {
    %d = stablehlo.subtract %0, %a1 : tensor<64xi32>
    stablehlo.return %d, %a1 : tensor<64xi32>, tensor<64xi32>
  }, {
    stablehlo.return %0, %0 : tensor<64xi32>, tensor<64xi32>
  }) : (tensor<i32>) -> (tensor<64xi32>, tensor<64xi32>)
  return %0, %1#0, %1#1 : tensor<64xi32>, tensor<64xi32>, tensor<64xi32>
}
