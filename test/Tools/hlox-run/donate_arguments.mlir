// RUN: hlox-run %s --split-input-file --random-inputs --stats --donate-arguments 2>&1 >/dev/null | FileCheck %s --check-prefix=PAIRS
// RUN: hlox-run %s --split-input-file --random-inputs --donate-arguments --compare-with-interpreter | FileCheck %s

// Donated arguments: the result a program pairs with an argument is
// written into the argument's buffer (an elementwise dispatch reads each
// element before it writes the result's at the same place), and the
// results still agree with the evaluator.

// PAIRS: dispatches 1,
// PAIRS-NEXT: donation: argument 0 may become result 0
// PAIRS-NEXT: compile input
// CHECK: result[0] tensor<1024xf32>: 0 of 1024 elements differ
func.func @main(%p: tensor<1024xf32>, %g: tensor<1024xf32>) -> tensor<1024xf32> {
  %lr = stablehlo.constant dense<0.1> : tensor<1024xf32>
  %s = stablehlo.multiply %g, %lr : tensor<1024xf32>
  %r = stablehlo.subtract %p, %s : tensor<1024xf32>
  return %r : tensor<1024xf32>
}

// -----

// tf.aliasing_output names the result an argument becomes (the second
// dispatch reads %m last, in place). An argument returned as it is becomes
// its result without a copy. %v is read where the first result is written,
// by a kernel that writes it in %m's place only: no pair.
// PAIRS: dispatches 2,
// PAIRS-NEXT: donation: argument 0 may become result 2
// PAIRS-NEXT: donation: argument 2 may become result 1
// PAIRS-NEXT: compile input
// CHECK: result[0] tensor<64xf32>: 0 of 64 elements differ
// CHECK: result[1] tensor<64xf32>: 0 of 64 elements differ
// CHECK: result[2] tensor<64xf32>: 0 of 64 elements differ
func.func @main(%m: tensor<64xf32> {tf.aliasing_output = 2 : i32},
                %v: tensor<64xf32>, %w: tensor<64xf32>)
    -> (tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) {
  %0 = stablehlo.multiply %m, %v : tensor<64xf32>
  %1 = stablehlo.add %m, %v : tensor<64xf32>
  return %0, %w, %1 : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
}

// -----

// A transpose and a reverse read other places than they write: neither
// writes into its own operand. The reverse runs after the transpose has
// read %a for the last time, so %a may become its result.
// PAIRS: dispatches 2,
// PAIRS-NEXT: donation: argument 0 may become result 1
// PAIRS-NEXT: compile input
// CHECK: result[0] tensor<16x16xf32>: 0 of 256 elements differ
// CHECK: result[1] tensor<16x16xf32>: 0 of 256 elements differ
func.func @main(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>)
    -> (tensor<16x16xf32>, tensor<16x16xf32>) {
  %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<16x16xf32>) -> tensor<16x16xf32>
  %1 = stablehlo.reverse %b, dims = [1] : tensor<16x16xf32>
  return %0, %1 : tensor<16x16xf32>, tensor<16x16xf32>
}

// -----

// The loop reads the argument in every iteration and writes its result
// in every iteration: no pair.
// PAIRS: dispatches 1,
// PAIRS-NOT: donation:
// CHECK: result[0] tensor<8xf32>: 0 of 8 elements differ
func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %n = stablehlo.constant dense<3> : tensor<i32>
  %r:2 = stablehlo.while(%i = %zero, %acc = %x) : tensor<i32>, tensor<8xf32>
    cond {
      %c = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %s = stablehlo.add %acc, %x : tensor<8xf32>
      %j = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %j, %s : tensor<i32>, tensor<8xf32>
    }
  return %r#1 : tensor<8xf32>
}

// -----

// A tf.aliasing_output that cannot be kept is said, and the argument pairs
// as any other or not at all: %a is read after the result it names is
// written (it then becomes the second result, computed in its place), %b
// names a result the function does not have (and becomes nothing: the
// first result is written while the program still reads it), %c one of
// another type (and becomes the third result), %d the one %e names and
// took first (and becomes nothing).
// PAIRS: warning: argument 0 cannot become result 0 (tf.aliasing_output): the program reads the argument after it first writes the result
// PAIRS: warning: argument 1 cannot become result 7 (tf.aliasing_output): the function has 4 results
// PAIRS: warning: argument 2 cannot become result 1 (tf.aliasing_output): the types differ
// PAIRS: warning: argument 4 cannot become result 3 (tf.aliasing_output): another argument becomes it
// PAIRS: donation: argument 0 may become result 1
// PAIRS-NEXT: donation: argument 2 may become result 2
// PAIRS-NEXT: donation: argument 3 may become result 3
// CHECK: result[0] tensor<64xf32>: 0 of 64 elements differ
// CHECK: result[1] tensor<64xf32>: 0 of 64 elements differ
// CHECK: result[2] tensor<8xf32>: 0 of 8 elements differ
// CHECK: result[3] tensor<8xf32>: 0 of 8 elements differ
func.func @main(%a: tensor<64xf32> {tf.aliasing_output = 0 : i32},
                %b: tensor<64xf32> {tf.aliasing_output = 7 : i32},
                %c: tensor<8xf32> {tf.aliasing_output = 1 : i32},
                %e: tensor<8xf32> {tf.aliasing_output = 3 : i32},
                %d: tensor<8xf32> {tf.aliasing_output = 3 : i32})
    -> (tensor<64xf32>, tensor<64xf32>, tensor<8xf32>, tensor<8xf32>) {
  %0 = stablehlo.reverse %b, dims = [0] : tensor<64xf32>
  %1 = stablehlo.add %a, %0 : tensor<64xf32>
  %2 = stablehlo.multiply %1, %1 : tensor<64xf32>
  %3 = stablehlo.add %c, %c : tensor<8xf32>
  %4 = stablehlo.multiply %e, %d : tensor<8xf32>
  return %0, %2, %3, %4 : tensor<64xf32>, tensor<64xf32>, tensor<8xf32>, tensor<8xf32>
}
