//===- Program.h - Picking and specializing the function to run -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_TOOLS_SUPPORT_PROGRAM_H
#define HLOX_TOOLS_SUPPORT_PROGRAM_H

#include "hlox/Evaluator/Tensor.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/SourceMgr.h"

#include <memory>

namespace hlox::tools {

/// A context with every dialect the tools read and the compiler emits,
/// loaded; diagnostics do not print the op. Unregistered dialects are
/// allowed, so that attributes of dialects hlox does not know parse (as
/// opaque attributes); parseProgram rejects their ops and types.
std::unique_ptr<mlir::MLIRContext> createToolContext();

/// Parses the module in `sourceMgr` and rejects ops and types of dialects
/// hlox does not know (verifyKnownDialects); null after reporting an error.
mlir::OwningOpRef<mlir::ModuleOp> parseProgram(llvm::SourceMgr &sourceMgr,
                                               mlir::MLIRContext *context);

/// The function named `name`, else `@main`, else the module's only
/// function; null when there is none of them.
mlir::func::FuncOp pickFunction(mlir::ModuleOp module, llvm::StringRef name);

/// Emits why pickFunction found nothing.
void reportNoFunction(mlir::ModuleOp module, llvm::StringRef name);

/// Adds `argument` to the signature a compiled program is specialized to:
/// its type, and for a 0-d integer among the leading ones (the dimension
/// sizes a shape-polymorphic export takes before its arrays) its value,
/// else null.
void appendSignature(const eval::Tensor &argument,
                     llvm::SmallVectorImpl<mlir::RankedTensorType> &types,
                     llvm::SmallVectorImpl<mlir::Attribute> &values);

} // namespace hlox::tools

#endif // HLOX_TOOLS_SUPPORT_PROGRAM_H
