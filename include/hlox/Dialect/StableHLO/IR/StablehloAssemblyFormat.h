//===- StablehloAssemblyFormat.h - Custom directives of StableHLO -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The parse/print pairs behind the `custom<...>` directives of the StableHLO
// assembly formats, and the helpers of the structured attributes' syntax.
// Every parser accepts what its printer prints, and also the longer forms
// that upstream tools may write (for example a functional type where a
// single type would do).
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_STABLEHLO_IR_STABLEHLOASSEMBLYFORMAT_H
#define HLOX_DIALECT_STABLEHLO_IR_STABLEHLOASSEMBLYFORMAT_H

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace hlox::stablehlo {

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// Parses `type` or `(operand types) -> result type`. With a single type,
/// every operand and the result take it.
mlir::ParseResult
parseSameOperandsAndResultTypeImpl(mlir::OpAsmParser &parser,
                                   llvm::ArrayRef<mlir::Type *> operands,
                                   mlir::Type &result);
void printSameOperandsAndResultTypeImpl(mlir::OpAsmPrinter &printer,
                                        mlir::TypeRange operands,
                                        mlir::Type result);

template <typename... Types>
mlir::ParseResult parseSameOperandsAndResultType(mlir::OpAsmParser &parser,
                                                 Types &...types) {
  constexpr int kSize = sizeof...(Types);
  mlir::Type *all[kSize] = {&types...};
  return parseSameOperandsAndResultTypeImpl(
      parser, llvm::ArrayRef(all, kSize - 1), *all[kSize - 1]);
}

template <typename... Types>
void printSameOperandsAndResultType(mlir::OpAsmPrinter &printer,
                                    mlir::Operation *, Types... types) {
  constexpr int kSize = sizeof...(Types);
  mlir::Type all[kSize] = {types...};
  printSameOperandsAndResultTypeImpl(
      printer, mlir::TypeRange(llvm::ArrayRef(all, kSize - 1)), all[kSize - 1]);
}

/// `tensor<2xcomplex<f32>>` when both operands are the real part type of
/// the result, else a functional type.
mlir::ParseResult parseComplexOpType(mlir::OpAsmParser &parser, mlir::Type &lhs,
                                     mlir::Type &rhs, mlir::Type &result);
void printComplexOpType(mlir::OpAsmPrinter &printer, mlir::Operation *,
                        mlir::Type lhs, mlir::Type rhs, mlir::Type result);

/// `pred type, value type` or a functional type.
mlir::ParseResult parseSelectOpType(mlir::OpAsmParser &parser, mlir::Type &pred,
                                    mlir::Type &onTrue, mlir::Type &onFalse,
                                    mlir::Type &result);
void printSelectOpType(mlir::OpAsmPrinter &printer, mlir::Operation *,
                       mlir::Type pred, mlir::Type onTrue, mlir::Type onFalse,
                       mlir::Type result);

/// The result tuple type; operand types are its element types.
mlir::ParseResult parseTupleOpType(mlir::OpAsmParser &parser,
                                   llvm::SmallVectorImpl<mlir::Type> &operands,
                                   mlir::Type &result);
void printTupleOpType(mlir::OpAsmPrinter &printer, mlir::Operation *,
                      mlir::TypeRange operands, mlir::Type result);

/// `t0, t1, ...`: each result has the type of the operand at its position.
mlir::ParseResult parsePairwiseOpType(mlir::OpAsmParser &parser,
                                      llvm::SmallVectorImpl<mlir::Type> &operands,
                                      llvm::SmallVectorImpl<mlir::Type> &results);
void printPairwiseOpType(mlir::OpAsmPrinter &printer, mlir::Operation *,
                         mlir::TypeRange operands, mlir::TypeRange results);

/// The result type alone; every operand has it.
mlir::ParseResult parseVariadicSameOperandsAndResultType(
    mlir::OpAsmParser &parser,
    llvm::ArrayRef<mlir::OpAsmParser::UnresolvedOperand> operands,
    llvm::SmallVectorImpl<mlir::Type> &operandTypes, mlir::Type &result);
void printVariadicSameOperandsAndResultType(mlir::OpAsmPrinter &printer,
                                            mlir::Operation *,
                                            mlir::OperandRange operands,
                                            mlir::TypeRange operandTypes,
                                            mlir::Type result);

//===----------------------------------------------------------------------===//
// Operands and attributes
//===----------------------------------------------------------------------===//

/// `%a, %b, ` : operands each followed by a comma, before a keyword.
mlir::ParseResult parseVariadicOperandWithAttribute(
    mlir::OpAsmParser &parser,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &operands);
void printVariadicOperandWithAttribute(mlir::OpAsmPrinter &printer,
                                       mlir::Operation *,
                                       mlir::OperandRange operands);

/// `[1, 2, 3]` as a DenseI64ArrayAttr.
mlir::ParseResult parseDenseI64Array(mlir::OpAsmParser &parser,
                                     mlir::DenseI64ArrayAttr &attr);
void printDenseI64Array(mlir::OpAsmPrinter &printer, mlir::Operation *,
                        mlir::DenseI64ArrayAttr attr);

/// `[start:limit:stride, ...]`, the stride omitted when it is 1.
mlir::ParseResult parseSliceRanges(mlir::OpAsmParser &parser,
                                   mlir::DenseI64ArrayAttr &start,
                                   mlir::DenseI64ArrayAttr &limit,
                                   mlir::DenseI64ArrayAttr &strides);
void printSliceRanges(mlir::OpAsmPrinter &printer, mlir::Operation *,
                      mlir::DenseI64ArrayAttr start,
                      mlir::DenseI64ArrayAttr limit,
                      mlir::DenseI64ArrayAttr strides);

/// `e5m10`.
mlir::ParseResult parseExponentMantissa(mlir::OpAsmParser &parser,
                                        mlir::IntegerAttr &exponent,
                                        mlir::IntegerAttr &mantissa);
void printExponentMantissa(mlir::OpAsmPrinter &printer, mlir::Operation *,
                           mlir::IntegerAttr exponent,
                           mlir::IntegerAttr mantissa);

/// `@target` or `@"target with spaces"`.
mlir::ParseResult parseCustomCallTarget(mlir::OpAsmParser &parser,
                                        mlir::StringAttr &target);
void printCustomCallTarget(mlir::OpAsmPrinter &printer, mlir::Operation *,
                           mlir::StringAttr target);

/// Optional `, precision = [DEFAULT, HIGH]`.
mlir::ParseResult parsePrecisionConfig(mlir::OpAsmParser &parser,
                                       mlir::ArrayAttr &precision);
void printPrecisionConfig(mlir::OpAsmPrinter &printer, mlir::Operation *,
                          mlir::ArrayAttr precision);

/// Optional `, precision = [...]` then optional `, algorithm = <...>`.
mlir::ParseResult parsePrecisionConfigAndAlgorithm(mlir::OpAsmParser &parser,
                                                   mlir::ArrayAttr &precision,
                                                   DotAlgorithmAttr &algorithm);
void printPrecisionConfigAndAlgorithm(mlir::OpAsmPrinter &printer,
                                      mlir::Operation *,
                                      mlir::ArrayAttr precision,
                                      DotAlgorithmAttr algorithm);

/// `[batching_dims = [0] x [0], ]contracting_dims = [1] x [0]`.
mlir::ParseResult parseDotDimensionNumbers(mlir::OpAsmParser &parser,
                                           DotDimensionNumbersAttr &attr);
void printDotDimensionNumbers(mlir::OpAsmPrinter &printer, mlir::Operation *,
                              DotDimensionNumbersAttr attr);

/// `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`.
mlir::ParseResult parseConvolutionDimensions(mlir::AsmParser &parser,
                                             ConvDimensionNumbersAttr &attr);
void printConvolutionDimensions(mlir::AsmPrinter &printer, mlir::Operation *,
                                ConvDimensionNumbersAttr attr);

/// The body of `window = {stride = [..], pad = [[..]], lhs_dilate = [..],
/// rhs_dilate = [..], reverse = [..]}`.
mlir::ParseResult parseWindowAttributes(mlir::OpAsmParser &parser,
                                        mlir::DenseI64ArrayAttr &strides,
                                        mlir::DenseIntElementsAttr &padding,
                                        mlir::DenseI64ArrayAttr &lhsDilation,
                                        mlir::DenseI64ArrayAttr &rhsDilation,
                                        mlir::DenseBoolArrayAttr &reversal);
void printWindowAttributes(mlir::OpAsmPrinter &printer, mlir::Operation *,
                           mlir::DenseI64ArrayAttr strides,
                           mlir::DenseIntElementsAttr padding,
                           mlir::DenseI64ArrayAttr lhsDilation,
                           mlir::DenseI64ArrayAttr rhsDilation,
                           mlir::DenseBoolArrayAttr reversal);

/// `{attrs} dense<...> : type`: the discardable attributes, then the typed
/// elements literal of a constant op (its result type is the literal's).
mlir::ParseResult parseConstantLiteral(mlir::OpAsmParser &parser,
                                       mlir::NamedAttrList &attributes,
                                       mlir::ElementsAttr &value);
void printConstantLiteral(mlir::OpAsmPrinter &printer, mlir::Operation *op,
                          mlir::ElementsAttr value);

//===----------------------------------------------------------------------===//
// Structured attribute syntax: `<key = value, key = value>`
//===----------------------------------------------------------------------===//

/// Parses `[1, 2]` (possibly empty) into `values`.
mlir::ParseResult parseDims(mlir::AsmParser &parser,
                            llvm::SmallVectorImpl<int64_t> &values);
void printDims(mlir::AsmPrinter &printer, llvm::ArrayRef<int64_t> values);

/// Parses `key = value` pairs separated by commas, in any order, each key at
/// most once; `parseValue(key)` parses the value of a known key and returns
/// failure for an unknown one. The enclosing `<` `>` are the caller's.
mlir::ParseResult
parseStruct(mlir::AsmParser &parser, llvm::ArrayRef<llvm::StringRef> keys,
            llvm::function_ref<mlir::ParseResult(llvm::StringRef)> parseValue);

} // namespace hlox::stablehlo

#endif // HLOX_DIALECT_STABLEHLO_IR_STABLEHLOASSEMBLYFORMAT_H
