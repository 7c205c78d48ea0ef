//===- VhloAssemblyFormat.h - Custom syntax of VHLO types/attrs -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The `custom<...>` directives and parameter parsers of VhloTypes.td and
// VhloAttrs.td; used by the generated parsers and printers only.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_VHLO_IR_VHLOASSEMBLYFORMAT_H
#define HLOX_DIALECT_VHLO_IR_VHLOASSEMBLYFORMAT_H

#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/APFloat.h"

#include <string>
#include <utility>

namespace hlox::vhlo {

/// `()` for an empty list, else `T1, T2, ...`.
mlir::ParseResult parseTypeArray(mlir::AsmParser &parser,
                                 llvm::SmallVector<mlir::Type> &types);
void printTypeArray(mlir::AsmPrinter &printer, llvm::ArrayRef<mlir::Type> types);

/// `2x?x` (each dimension followed by `x`, `?` for dynamic).
mlir::ParseResult parseShape(mlir::AsmParser &parser,
                             llvm::SmallVector<int64_t> &shape);
void printShape(mlir::AsmPrinter &printer, llvm::ArrayRef<int64_t> shape);

/// `, #attr` when there is an encoding.
mlir::ParseResult parseEncoding(mlir::AsmParser &parser,
                                mlir::Attribute &encoding);
void printEncoding(mlir::AsmPrinter &printer, mlir::Attribute encoding);

/// `[#a, #b]`.
mlir::ParseResult parseAttributeArray(mlir::AsmParser &parser,
                                      llvm::SmallVector<mlir::Attribute> &attrs);
void printAttributeArray(mlir::AsmPrinter &printer,
                         llvm::ArrayRef<mlir::Attribute> attrs);

/// `{#key = #value, ...}`.
mlir::ParseResult parseAttributeDictionary(
    mlir::AsmParser &parser,
    llvm::SmallVector<std::pair<mlir::Attribute, mlir::Attribute>> &entries);
void printAttributeDictionary(
    mlir::AsmPrinter &printer,
    llvm::ArrayRef<std::pair<mlir::Attribute, mlir::Attribute>> entries);

/// A quoted string with MLIR's escapes.
mlir::ParseResult parseEscapedString(mlir::AsmParser &parser,
                                     std::string &value);
void printEscapedString(mlir::AsmPrinter &printer, llvm::StringRef value);

/// `[1, ?, 3]` (`?` for a dynamic dimension or bound).
mlir::FailureOr<llvm::SmallVector<int64_t>> parseDims(mlir::AsmParser &parser);
void printDims(mlir::AsmPrinter &printer, llvm::ArrayRef<int64_t> dims);

/// A float literal as a double.
mlir::FailureOr<llvm::APFloat> parseDouble(mlir::AsmParser &parser);
/// `[d1, d2, ...]`.
mlir::FailureOr<llvm::SmallVector<llvm::APFloat>>
parseDoubleArray(mlir::AsmParser &parser);
void printDoubleArray(mlir::AsmPrinter &printer,
                      llvm::ArrayRef<llvm::APFloat> values);
bool bitwiseEqual(llvm::ArrayRef<llvm::APFloat> a,
                  llvm::ArrayRef<llvm::APFloat> b);

/// `@name(%arg0: T, ...) -> (R, ...) {body}` of `vhlo.func_v1`: the name
/// a StringV1, the type a TypeV1 of a FunctionV1.
mlir::ParseResult parseFunctionBody(mlir::OpAsmParser &parser,
                                    mlir::Attribute &name, mlir::Region &body,
                                    mlir::Attribute &functionType);
void printFunctionBody(mlir::OpAsmPrinter &printer, mlir::Operation *op,
                       mlir::Attribute name, mlir::Region &body,
                       mlir::Attribute functionType);

} // namespace hlox::vhlo

#endif // HLOX_DIALECT_VHLO_IR_VHLOASSEMBLYFORMAT_H
