//===- Npy.h - .npy files for the tools -------------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Reads and writes NumPy's .npy format (version 1.0 and 2.0 headers, C
// order, little endian): b1, i1-i8, u1-u8, f2, f4, f8, c8, c16.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_TOOLS_SUPPORT_NPY_H
#define HLOX_TOOLS_SUPPORT_NPY_H

#include "hlox/Evaluator/Tensor.h"

#include "llvm/Support/Error.h"

namespace hlox::tools {

/// Reads a tensor from the .npy file at `path`.
llvm::Expected<eval::Tensor> readNpy(llvm::StringRef path,
                                     mlir::MLIRContext *context);

/// Writes `tensor` to `path` as .npy.
llvm::Error writeNpy(llvm::StringRef path, const eval::Tensor &tensor);

} // namespace hlox::tools

#endif // HLOX_TOOLS_SUPPORT_NPY_H
