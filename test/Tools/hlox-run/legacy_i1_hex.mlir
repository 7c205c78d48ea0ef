// An i1 tensor's hex data with one byte per element, as MLIR wrote it
// before it packed i1 data eight elements to a byte (older exports and
// the StableHLO testdata carry it), reads as the packed form at every
// front door; today's packed form and a one-element tensor read as they are.
// RUN: hlox-run --print-output %s | FileCheck %s
// RUN: hlox-opt %s | FileCheck %s --check-prefix=OPT
// RUN: hlox-translate --serialize --target=current %s | hlox-translate --deserialize | FileCheck %s --check-prefix=OPT

// CHECK: result[0]: dense<[true, false, true, false, true, false, true, false, true, true]> : tensor<10xi1>
// CHECK: result[1]: dense<[true, false, true, false, true, false, true, false, true, true]> : tensor<10xi1>
// CHECK: result[2]: dense<true> : tensor<1xi1>
// CHECK: result[3]: dense<{{\[}}[false, true], [true, true]]> : tensor<2x2xi1>
// OPT: dense<[true, false, true, false, true, false, true, false, true, true]> : tensor<10xi1>
// OPT: dense<[true, false, true, false, true, false, true, false, true, true]> : tensor<10xi1>
// OPT: dense<true> : tensor<1xi1>
// OPT: dense<{{\[}}[false, true], [true, true]]> : tensor<2x2xi1>
func.func @main() -> (tensor<10xi1>, tensor<10xi1>, tensor<1xi1>, tensor<2x2xi1>) {
  %legacy = stablehlo.constant dense<"0x01000100010001000101"> : tensor<10xi1>
  %packed = stablehlo.constant dense<"0x5503"> : tensor<10xi1>
  %one = stablehlo.constant dense<"0x01"> : tensor<1xi1>
  %generic = "stablehlo.constant"() {value = dense<"0x00010201"> : tensor<2x2xi1>} : () -> tensor<2x2xi1>
  return %legacy, %packed, %one, %generic : tensor<10xi1>, tensor<10xi1>, tensor<1xi1>, tensor<2x2xi1>
}
