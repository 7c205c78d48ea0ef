//===- Inputs.h - Program arguments from the command line -------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The `--input` syntax of hlox-run and hlox-bench: TYPE=VALUES (IREE's
// syntax: 2x3xf32=1,2,3,4,5,6; brackets and spaces also separate values,
// one value fills the tensor) or @FILE.npy.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_TOOLS_SUPPORT_INPUTS_H
#define HLOX_TOOLS_SUPPORT_INPUTS_H

#include "hlox/Evaluator/Tensor.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"

#include <random>
#include <string>

namespace hlox::tools {

/// Parses one --input; on failure, `error` says why.
mlir::FailureOr<eval::Tensor> parseInput(llvm::StringRef spec,
                                         mlir::MLIRContext *context,
                                         std::string &error);

/// Argument `index` of `function` with seeded pseudo-random elements
/// (floats uniform in [-1, 1), integers in [0, 16), booleans 0 or 1): the
/// arguments hlox-run --random-inputs and hlox-bench make up. An error at
/// the function when the argument is not a static tensor or its elements
/// (complex ones) cannot be made up.
mlir::FailureOr<eval::Tensor> makeRandomArgument(mlir::func::FuncOp function,
                                                 unsigned index,
                                                 std::mt19937_64 &rng);

} // namespace hlox::tools

#endif // HLOX_TOOLS_SUPPORT_INPUTS_H
