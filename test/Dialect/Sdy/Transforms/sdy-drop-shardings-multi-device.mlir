// RUN: hlox-opt --sdy-drop-shardings=allow-multi-device=true %s | FileCheck %s
// RUN: not hlox-opt --sdy-drop-shardings %s 2>&1 | FileCheck %s --check-prefix=DEFAULT

// With allow-multi-device, the shardings of a mesh of several devices go
// too: the program computes its global values (what the evaluator runs).
// CHECK-NOT: sdy
// CHECK: func.func @main(%[[X:.+]]: tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: %[[Y:.+]] = stablehlo.add %[[X]], %[[X]] : tensor<8xf32>
// CHECK-NEXT: return %[[Y]] : tensor<8xf32>

// DEFAULT: error: a mesh of 4 devices ("x"=2, "y"=2) needs partitioning (hlox-partition-spmd), or allow-multi-device to run its global values on one device

sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @main(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"x", "y"}]> : tensor<8xf32>
  %1 = stablehlo.add %0, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : tensor<8xf32>
  return %1 : tensor<8xf32>
}
