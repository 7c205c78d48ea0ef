//===- LibraryOps.h - The library dialect -----------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Tensor operations that a target runs by calling a tuned library.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_LIBRARY_IR_LIBRARYOPS_H
#define HLOX_DIALECT_LIBRARY_IR_LIBRARYOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "hlox/Dialect/Library/IR/LibraryDialect.h.inc"

#define GET_OP_CLASSES
#include "hlox/Dialect/Library/IR/LibraryOps.h.inc"

#include <string>

namespace hlox::library {

/// Why `library.all_reduce` cannot reduce elements of type `element` by
/// `reduction` (LibraryCollectiveOps.td), or "" when it can.
std::string getAllReduceError(llvm::StringRef reduction, mlir::Type element);

} // namespace hlox::library

#endif // HLOX_DIALECT_LIBRARY_IR_LIBRARYOPS_H
