// RUN: hlox-opt --stablehlo-legalize-composites="native=my.op@2=my.op.v2,my.op" %s | FileCheck %s
// RUN: hlox-opt --stablehlo-legalize-composites="native=my.op@1" %s | FileCheck %s --check-prefix=ONE

// An entry NAME@VERSION[=TARGET] takes that version native, ahead of an
// entry for the name; the target defaults to the key.
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.custom_call @my.op(%arg0) {{.*}}hlox.composite_version = 1 : i32
// CHECK: stablehlo.custom_call @my.op.v2(%arg0) {{.*}}hlox.composite_version = 2 : i32
// CHECK: call @decomposition(%arg0)
// ONE-LABEL: func.func @main
// ONE: stablehlo.custom_call @"my.op@1"(%arg0)
// ONE: call @decomposition(%arg0)
// ONE: call @decomposition(%arg0)
func.func @main(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %a = stablehlo.composite "my.op" %x {decomposition = @decomposition, version = 1 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  %b = stablehlo.composite "my.op" %x {decomposition = @decomposition, version = 2 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  %c = stablehlo.composite "other.op" %x {decomposition = @decomposition, version = 2 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  return %a, %b, %c : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

func.func private @decomposition(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
