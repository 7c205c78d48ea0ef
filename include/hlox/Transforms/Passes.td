//===- Passes.td - hlox transformation passes --------------*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_TRANSFORMS_PASSES_TD
#define HLOX_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def StablehloFoldConstants : Pass<"stablehlo-fold-constants", "::mlir::ModuleOp"> {
  let summary = "Folds ops whose operands are all constants, with the evaluator";
  let description = [{
    Evaluates every side-effect-free op whose operands are all
    `stablehlo.constant`s on the reference evaluator and replaces it with a
    `stablehlo.constant` of its results, in program order, so that folded
    results feed further folds. Results larger than `max-elements` elements
    in total stay unfolded, as do `while` loops (which need not terminate),
    quantized results, and ops the evaluator cannot run (left as they are,
    silently). Run `--inline` first to fold across calls:

    ```
    hlox-opt --inline --stablehlo-fold-constants --symbol-dce file.mlir
    ```

    folds a JAX test's `@main` down to its constants and checks.
  }];
  let options = [
    Option<"maxElements", "max-elements", "int64_t", /*default=*/"1048576",
           "Do not fold ops whose results hold more elements than this">,
  ];
  let dependentDialects = ["::hlox::stablehlo::StableHLODialect"];
}

#endif // HLOX_TRANSFORMS_PASSES_TD
