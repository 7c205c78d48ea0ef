//===- Passes.td - hlox conversion passes ------------------*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_CONVERSION_PASSES_TD
#define HLOX_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertStablehloToLinalg
    : Pass<"convert-stablehlo-to-linalg", "::mlir::ModuleOp"> {
  let summary = "Lowers StableHLO with static shapes to linalg on tensors";
  let description = [{
    Rewrites every StableHLO op (and the CHLO ops that are plain math) of
    statically shaped tensors into `linalg`, `tensor`, `arith`, `math`,
    `complex` and `scf` ops on tensors, and `special` ops for the special
    functions and small-float codecs that each target resolves; function
    signatures lose integer signedness (`ui32` becomes `i32`). `check` ops and every
    `stablehlo.custom_call` stay, for the host to run. An op without a
    lowering is an error at its location that names it:

    ```mlir
    %0 = stablehlo.add %a, %b : tensor<4xf32>
    // becomes
    %e = tensor.empty() : tensor<4xf32>
    %0 = linalg.generic {indexing_maps = [#id, #id, #id], ...}
        ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
      ^bb0(%x: f32, %y: f32, %out: f32):
        %s = arith.addf %x, %y : f32
        linalg.yield %s : f32
    } -> tensor<4xf32>
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::complex::ComplexDialect",
    "::mlir::linalg::LinalgDialect", "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect", "::mlir::tensor::TensorDialect",
    "::hlox::special::SpecialDialect",
  ];
}

#endif // HLOX_CONVERSION_PASSES_TD
