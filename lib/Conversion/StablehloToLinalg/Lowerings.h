//===- Lowerings.h - What the StableHLO lowering files share ----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_LIB_CONVERSION_STABLEHLOTOLINALG_LOWERINGS_H
#define HLOX_LIB_CONVERSION_STABLEHLOTOLINALG_LOWERINGS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Transforms/DialectConversion.h"

namespace hlox::lowering {

//===----------------------------------------------------------------------===//
// Scalar code (ScalarOps.cpp)
//===----------------------------------------------------------------------===//

/// True when emitScalarOp handles ops like `op`.
bool isScalarizable(mlir::Operation *op);

/// Emits `op` (an elementwise StableHLO or CHLO op) on scalars: `operands`
/// hold converted (signless) values, `operandTypes` and `resultType` the
/// op's StableHLO element types, which say how to read them. Fails with a
/// diagnostic at `op` for what it cannot emit.
mlir::FailureOr<mlir::Value>
emitScalarOp(mlir::OpBuilder &b, mlir::Location loc, mlir::Operation *op,
             mlir::ValueRange operands, mlir::ArrayRef<mlir::Type> operandTypes,
             mlir::Type resultType);

/// Converts scalar `value` of StableHLO element type `from` to `to`, as
/// stablehlo.convert does.
mlir::Value emitConvert(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::Value value, mlir::Type from, mlir::Type to);

/// The bits of one element of StableHLO type `type` (complex: twice the
/// part's width).
unsigned bitWidthOf(mlir::Type type);

/// Scalar `x` of StableHLO element type `type` as an integer of its bits
/// (a complex value's real part in the low half, as in memory), and back.
mlir::Value emitToBits(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x,
                       mlir::Type type);
mlir::Value emitFromBits(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value bits, mlir::Type type);

/// True for the float formats narrower than 16 bits (f4E2M1FN, the f6 and
/// f8 families), which kernels hold as i8 (SmallFloats.cpp).
bool isSmallFloat(mlir::Type type);

/// The f32 value of small-float `type` element `bits` (an i8), and the i8
/// encoding of f32 or f64 `value` rounded to nearest even in `type`.
mlir::Value emitDecodeSmallFloat(mlir::OpBuilder &b, mlir::Location loc,
                                 mlir::Value bits, mlir::Type type);
mlir::Value emitEncodeSmallFloat(mlir::OpBuilder &b, mlir::Location loc,
                                 mlir::Value value, mlir::Type type);

/// x + y and x * y on scalars of StableHLO element type `type` (i1: or/and).
mlir::Value emitAdd(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x,
                    mlir::Value y, mlir::Type type);
mlir::Value emitMul(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x,
                    mlir::Value y, mlir::Type type);

/// The zero of StableHLO element type `type`.
mlir::Value emitZero(mlir::OpBuilder &b, mlir::Location loc, mlir::Type type);

/// `input` padded with scalar `padding`: `low`/`high` elements at the edges
/// (negative values cut), `interior` between elements.
mlir::Value emitPad(mlir::OpBuilder &b, mlir::Location loc, mlir::Value input,
                    mlir::Value padding, llvm::ArrayRef<int64_t> low,
                    llvm::ArrayRef<int64_t> high,
                    llvm::ArrayRef<int64_t> interior);

/// Emits the single block of `region` (ops on 0-d tensors: a reduction body,
/// a comparator) on scalars `arguments`; returns the scalars its terminator
/// returns. Fails with a diagnostic when the block holds an op without a
/// scalar form.
mlir::FailureOr<llvm::SmallVector<mlir::Value>>
emitScalarRegion(mlir::OpBuilder &b, mlir::Location loc, mlir::Region &region,
                 mlir::ValueRange arguments);

//===----------------------------------------------------------------------===//
// Helpers (Utils.cpp)
//===----------------------------------------------------------------------===//

/// The signless element type of StableHLO element type `type`.
mlir::Type convertElementType(mlir::Type type);

/// `tensor.empty` of `type`.
mlir::Value emptyTensor(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::RankedTensorType type);

/// `linalg.fill` of a new tensor of `type` with scalar `value`.
mlir::Value filledTensor(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::RankedTensorType type, mlir::Value value);

/// A tensor like `input` of element type `element` (converted): `fn` of each
/// element, one parallel linalg.generic.
mlir::Value mapElements(
    mlir::OpBuilder &b, mlir::Location loc, mlir::Value input,
    mlir::Type element,
    llvm::function_ref<mlir::Value(mlir::OpBuilder &, mlir::Location,
                                   mlir::Value)>
        fn);

/// The scalar of a 0-d tensor.
mlir::Value extractScalar(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value tensor);

/// Index `value` (a scalar integer of StableHLO type `type`) as an index.
mlir::Value toIndex(mlir::OpBuilder &b, mlir::Location loc, mlir::Value value,
                    mlir::Type type);

/// `value` clamped to [lo, hi] (index values).
mlir::Value clampIndex(mlir::OpBuilder &b, mlir::Location loc,
                       mlir::Value value, int64_t lo, int64_t hi);

/// All-parallel iterator types for `rank` loops.
llvm::SmallVector<mlir::utils::IteratorType> parallelIterators(unsigned rank);

/// The converted (signless, static) tensor type of `value`'s StableHLO type,
/// or null when it has none (dynamic shapes, quantized, tokens).
mlir::RankedTensorType convertedTensorType(const mlir::TypeConverter &converter,
                                           mlir::Type type);

/// Fails `op` unless every operand and result is a statically shaped tensor
/// the converter handles; says which is not.
mlir::LogicalResult checkStaticTensors(mlir::Operation *op,
                                       mlir::ConversionPatternRewriter &rewriter);

/// The converted types of `op`'s results after checkStaticTensors, or a
/// match failure; the first (single-result ops) with staticResultType.
mlir::FailureOr<llvm::SmallVector<mlir::Type>>
staticResultTypes(mlir::Operation *op, const mlir::TypeConverter &converter,
                  mlir::ConversionPatternRewriter &rewriter);
mlir::FailureOr<mlir::RankedTensorType>
staticResultType(mlir::Operation *op, const mlir::TypeConverter &converter,
                 mlir::ConversionPatternRewriter &rewriter);

/// One index attribute per value (static sizes, offsets and strides).
llvm::SmallVector<mlir::OpFoldResult> indexAttrs(mlir::OpBuilder &b,
                                                 llvm::ArrayRef<int64_t> values);

//===----------------------------------------------------------------------===//
// Pattern families, one file each
//===----------------------------------------------------------------------===//

void populatePointwisePatterns(mlir::RewritePatternSet &patterns,
                               const mlir::TypeConverter &converter);
void populateDataMovementPatterns(mlir::RewritePatternSet &patterns,
                                  const mlir::TypeConverter &converter);
void populateReductionPatterns(mlir::RewritePatternSet &patterns,
                               const mlir::TypeConverter &converter);
void populateContractionPatterns(mlir::RewritePatternSet &patterns,
                                 const mlir::TypeConverter &converter);
void populateGatherScatterPatterns(mlir::RewritePatternSet &patterns,
                                   const mlir::TypeConverter &converter);
void populateControlFlowPatterns(mlir::RewritePatternSet &patterns,
                                 const mlir::TypeConverter &converter);
void populateSortPatterns(mlir::RewritePatternSet &patterns,
                          const mlir::TypeConverter &converter);
void populateLinearAlgebraPatterns(mlir::RewritePatternSet &patterns,
                                   const mlir::TypeConverter &converter);
void populateCollectivePatterns(mlir::RewritePatternSet &patterns,
                                const mlir::TypeConverter &converter);
void populateRandomPatterns(mlir::RewritePatternSet &patterns,
                            const mlir::TypeConverter &converter);
void populateBroadcastingPatterns(mlir::RewritePatternSet &patterns,
                                  const mlir::TypeConverter &converter);
void populateNormalizationPatterns(mlir::RewritePatternSet &patterns,
                                   const mlir::TypeConverter &converter);

} // namespace hlox::lowering

#endif // HLOX_LIB_CONVERSION_STABLEHLOTOLINALG_LOWERINGS_H
