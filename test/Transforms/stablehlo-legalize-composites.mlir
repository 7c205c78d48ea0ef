// RUN: hlox-opt --stablehlo-legalize-composites %s | FileCheck %s --check-prefix=INLINE
// RUN: hlox-opt --stablehlo-legalize-composites="native=my.square" %s | FileCheck %s --check-prefix=NATIVE

// Every composite not named native becomes a call of its decomposition,
// nested ones too.
// INLINE-LABEL: func.func @main
// INLINE: %[[R:.+]] = call @my_square(%{{.+}}) : (tensor<2xf32>) -> tensor<2xf32>
// INLINE: %[[Q:.+]] = call @my_fourth(%[[R]])
// INLINE-NOT: stablehlo.composite
// INLINE: return %[[Q]]
// INLINE-LABEL: func.func private @my_fourth
// INLINE: call @my_square
// INLINE: call @my_square

// A native one becomes a custom call of its name: its attributes are the
// handler's (backend_config, api_version 4), its version is kept.
// NATIVE-LABEL: func.func @main
// NATIVE: %[[R:.+]] = stablehlo.custom_call @my.square(%{{.+}}) {api_version = 4 : i32, backend_config = {scale = 2 : i64}, hlox.composite_version = 3 : i32} : (tensor<2xf32>) -> tensor<2xf32>
// NATIVE: call @my_fourth(%[[R]])
// NATIVE-LABEL: func.func private @my_fourth
// NATIVE-COUNT-2: stablehlo.custom_call @my.square
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.composite "my.square" %x {composite_attributes = {scale = 2 : i64}, decomposition = @my_square, version = 3 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  %1 = stablehlo.composite "my.fourth" %0 {decomposition = @my_fourth} : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @my_square(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.multiply %x, %x : tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func private @my_fourth(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.composite "my.square" %x {decomposition = @my_square, version = 3 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  %1 = stablehlo.composite "my.square" %0 {decomposition = @my_square, version = 3 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
