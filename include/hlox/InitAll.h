//===- InitAll.h - Register hlox dialects ----------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_INITALL_H
#define HLOX_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace hlox {

/// Adds the dialects hlox reads: stablehlo, chlo, check, interpreter, sdy,
/// vhlo (portable artifacts),
/// and the upstream dialects their programs use (func, quant).
void registerAllDialects(mlir::DialectRegistry &registry);

/// Registers the passes the tools expose.
void registerAllPasses();

} // namespace hlox

#endif // HLOX_INITALL_H
