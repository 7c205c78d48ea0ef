//===- VhloBytecode.h - The bytecode encoding of VHLO -----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_VHLO_IR_VHLOBYTECODE_H
#define HLOX_DIALECT_VHLO_IR_VHLOBYTECODE_H

namespace hlox::vhlo {

class VhloDialect;

/// Registers how VHLO attributes and types are read from and written to
/// MLIR bytecode.
void addBytecodeInterface(VhloDialect *dialect);

} // namespace hlox::vhlo

#endif // HLOX_DIALECT_VHLO_IR_VHLOBYTECODE_H
