// What a handler may count on, compiled and interpreted alike:
// output_operand_aliases (the result starts as its operand and is written
// in place), operand and result layouts other than row-major (the handler
// sees the data in them), tuple results, and has_side_effect calls kept in
// order although nothing uses them.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cxx -std=c++17 -shared -fPIC -I%hlox_src_root/ffi/include %S/Inputs/test_handlers.cpp -o %t/handlers.so
// RUN: hlox-run --split-input-file --plugin=%t/handlers.so %s
// RUN: hlox-run --split-input-file --opaque-constants --plugin=%t/handlers.so %s
// RUN: hlox-run --split-input-file --interpret --plugin=%t/handlers.so %s
// The alias of a computed operand moves no bytes; of a constant, it copies.
// RUN: hlox-run --plugin=%t/handlers.so --function=aliases --profile %s 2>&1 | FileCheck %s --check-prefix=PROFILE

// PROFILE-DAG: copy (in place)
// PROFILE-DAG: {{[0-9]}} copy ({{.*}}contract.mlir

// The aliased result is its operand with element 0 set; the operand is
// computed (an arena value whose last use is the call: no copy) or a
// constant (copied first).
func.func @aliases() {
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %y = stablehlo.add %x, %x : tensor<3xf32>
  %z = stablehlo.custom_call @test.set_first(%y) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (tensor<3xf32>) -> tensor<3xf32>
  check.expect_eq_const %z, dense<[42.0, 4.0, 6.0]> : tensor<3xf32>
  %w = stablehlo.custom_call @test.set_first(%x) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (tensor<3xf32>) -> tensor<3xf32>
  check.expect_eq_const %w, dense<[42.0, 2.0, 3.0]> : tensor<3xf32>
  // The operand itself is unchanged for its other users.
  check.expect_eq_const %x, dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  func.return
}

// -----

// Column-major operand: the handler reads the columns in turn.
func.func @operand_layout() {
  %x = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %r = stablehlo.custom_call @test.raw(%x) {operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<0> : tensor<1xindex>]} : (tensor<2x3xf32>) -> tensor<6xf32>
  check.expect_eq_const %r, dense<[1.0, 4.0, 2.0, 5.0, 3.0, 6.0]> : tensor<6xf32>
  func.return
}

// -----

// Column-major result: what the handler writes in order fills the columns.
func.func @result_layout() {
  %y = stablehlo.custom_call @test.iota_raw() {result_layouts = [dense<[0, 1]> : tensor<2xindex>]} : () -> tensor<2x3xf32>
  check.expect_eq_const %y, dense<[[0.0, 2.0, 4.0], [1.0, 3.0, 5.0]]> : tensor<2x3xf32>
  func.return
}

// -----

// A tuple result: its elements are the handler's results.
func.func @tuple_result() {
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %t = stablehlo.custom_call @test.split(%x) : (tensor<4xf32>) -> tuple<tensor<2xf32>, tensor<2xf32>>
  %a = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xf32>, tensor<2xf32>>) -> tensor<2xf32>
  %b = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xf32>, tensor<2xf32>>) -> tensor<2xf32>
  check.expect_eq_const %a, dense<[1.0, 2.0]> : tensor<2xf32>
  check.expect_eq_const %b, dense<[3.0, 4.0]> : tensor<2xf32>
  func.return
}

// -----

// Side effects without results stay, in order: two counts before the read.
func.func @side_effects() {
  %before = stablehlo.custom_call @test.read_count() {has_side_effect = true} : () -> tensor<i64>
  stablehlo.custom_call @test.count() {has_side_effect = true} : () -> ()
  stablehlo.custom_call @test.count() {has_side_effect = true} : () -> ()
  %after = stablehlo.custom_call @test.read_count() {has_side_effect = true} : () -> tensor<i64>
  %d = stablehlo.subtract %after, %before : tensor<i64>
  check.expect_eq_const %d, dense<2> : tensor<i64>
  func.return
}
