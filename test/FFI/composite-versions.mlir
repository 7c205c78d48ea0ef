// A composite's version chooses too: a handler registered as NAME@VERSION
// serves that version ahead of one registered as NAME, and
// --composite=NAME@VERSION:PATH sets that version's path ahead of
// --composite=NAME:PATH; compiled and interpreted.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cxx -std=c++17 -shared -fPIC -I%hlox_src_root/ffi/include %S/Inputs/test_handlers.cpp -o %t/handlers.so
// RUN: hlox-run --plugin=%t/handlers.so --function=native --stats %s 2>&1 | FileCheck %s --check-prefix=NATIVE
// RUN: hlox-run --interpret --plugin=%t/handlers.so --function=native %s
// RUN: hlox-run --plugin=%t/handlers.so --function=v2_inline --composite=test.scale@2:inline --stats %s 2>&1 | FileCheck %s --check-prefix=V2INLINE
// RUN: hlox-run --interpret --plugin=%t/handlers.so --function=v2_inline --composite=test.scale@2:inline %s
// RUN: hlox-run --plugin=%t/handlers.so --function=inline --composite=test.scale:inline --stats %s 2>&1 | FileCheck %s --check-prefix=INLINE
// RUN: hlox-run --plugin=%t/handlers.so --function=v1_native --composite=test.scale:inline --composite=test.scale@1:native --stats %s 2>&1 | FileCheck %s --check-prefix=V1NATIVE

// NATIVE-DAG: composite test.scale (version 1): native (test.scale), {{[0-9]+}} ops
// NATIVE-DAG: composite test.scale (version 2): native (test.scale@2), {{[0-9]+}} ops
func.func @native() {
  %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %a = stablehlo.composite "test.scale" %x {composite_attributes = {factor = 3.0 : f32}, decomposition = @times_three, version = 1 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  check.expect_eq_const %a, dense<[3.0, 6.0]> : tensor<2xf32>
  %b = stablehlo.composite "test.scale" %x {composite_attributes = {factor = 3.0 : f32}, decomposition = @times_three_plus_one, version = 2 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  check.expect_eq_const %b, dense<[4.0, 7.0]> : tensor<2xf32>
  func.return
}

// V2INLINE-DAG: composite test.scale (version 1): native (test.scale), {{[0-9]+}} ops
// V2INLINE-DAG: composite test.scale (version 2): inline, {{[0-9]+}} ops
func.func @v2_inline() {
  %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %a = stablehlo.composite "test.scale" %x {composite_attributes = {factor = 3.0 : f32}, decomposition = @times_three, version = 1 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  check.expect_eq_const %a, dense<[3.0, 6.0]> : tensor<2xf32>
  %b = stablehlo.composite "test.scale" %x {composite_attributes = {factor = 3.0 : f32}, decomposition = @times_three_plus_one, version = 2 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  check.expect_eq_const %b, dense<[4.0, 7.0]> : tensor<2xf32>
  func.return
}

// INLINE-DAG: composite test.scale (version 1): inline, {{[0-9]+}} ops
// INLINE-DAG: composite test.scale (version 2): inline, {{[0-9]+}} ops
func.func @inline() {
  %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %a = stablehlo.composite "test.scale" %x {composite_attributes = {factor = 3.0 : f32}, decomposition = @times_three, version = 1 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  %b = stablehlo.composite "test.scale" %x {composite_attributes = {factor = 3.0 : f32}, decomposition = @times_three_plus_one, version = 2 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  check.expect_eq_const %b, dense<[4.0, 7.0]> : tensor<2xf32>
  func.return
}

// V1NATIVE-DAG: composite test.scale (version 1): native (test.scale), {{[0-9]+}} ops
// V1NATIVE-DAG: composite test.scale (version 2): inline, {{[0-9]+}} ops
func.func @v1_native() {
  %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %a = stablehlo.composite "test.scale" %x {composite_attributes = {factor = 3.0 : f32}, decomposition = @times_three, version = 1 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  %b = stablehlo.composite "test.scale" %x {composite_attributes = {factor = 3.0 : f32}, decomposition = @times_three_plus_one, version = 2 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  check.expect_eq_const %b, dense<[4.0, 7.0]> : tensor<2xf32>
  func.return
}

func.func private @times_three(%x: tensor<2xf32>) -> tensor<2xf32> {
  %c = stablehlo.constant dense<3.0> : tensor<2xf32>
  %y = stablehlo.multiply %x, %c : tensor<2xf32>
  return %y : tensor<2xf32>
}

func.func private @times_three_plus_one(%x: tensor<2xf32>) -> tensor<2xf32> {
  %c = stablehlo.constant dense<3.0> : tensor<2xf32>
  %one = stablehlo.constant dense<1.0> : tensor<2xf32>
  %y = stablehlo.multiply %x, %c : tensor<2xf32>
  %z = stablehlo.add %y, %one : tensor<2xf32>
  return %z : tensor<2xf32>
}
