//===- Pointwise.cpp - Elementwise ops to linalg.generic ------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Every elementwise StableHLO/CHLO op becomes one linalg.generic over its
// result whose body is the op's scalar form (ScalarOps.cpp). Rank-0
// operands of select and clamp broadcast. The elementwise fusion that runs
// afterwards merges chains of these generics.
//
//===----------------------------------------------------------------------===//

#include "Lowerings.h"

#include "hlox/Dialect/CHLO/IR/ChloOps.h"
#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace hlox;
using namespace hlox::lowering;

namespace {

struct ElementwiseOpLowering final : ConversionPattern {
  ElementwiseOpLowering(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1,
                          context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isScalarizable(op) || op->getNumResults() != 1)
      return failure();
    if (failed(checkStaticTensors(op, rewriter)))
      return failure();
    Location loc = op->getLoc();
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    auto convertedType =
        convertedTensorType(*getTypeConverter(), resultType);
    if (!convertedType)
      return failure();
    unsigned rank = resultType.getRank();
    SmallVector<AffineMap> maps;
    SmallVector<Type> operandTypes;
    for (Value operand : op->getOperands()) {
      auto type = cast<RankedTensorType>(operand.getType());
      operandTypes.push_back(type.getElementType());
      maps.push_back(type.getRank() == 0 && rank != 0
                         ? AffineMap::get(rank, 0, {}, getContext())
                         : rewriter.getMultiDimIdentityMap(rank));
    }
    maps.push_back(rewriter.getMultiDimIdentityMap(rank));
    bool failedBody = false;
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{convertedType}, operands,
        ValueRange{emptyTensor(rewriter, loc, convertedType)}, maps,
        parallelIterators(rank),
        [&](OpBuilder &b, Location nested, ValueRange args) {
          FailureOr<Value> result =
              emitScalarOp(b, nested, op, args.drop_back(), operandTypes,
                           resultType.getElementType());
          if (failed(result)) {
            failedBody = true;
            linalg::YieldOp::create(b, nested, ValueRange{args.back()});
            return;
          }
          linalg::YieldOp::create(b, nested, ValueRange{*result});
        });
    if (failedBody) {
      rewriter.eraseOp(generic);
      return failure();
    }
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

/// map: a linalg.generic whose body is the computation on scalars.
struct MapLowering final : OpConversionPattern<stablehlo::MapOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(stablehlo::MapOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkStaticTensors(op, rewriter)))
      return failure();
    auto type = convertedTensorType(*getTypeConverter(), op.getType());
    if (!type)
      return failure();
    unsigned rank = type.getRank();
    SmallVector<AffineMap> maps(op->getNumOperands() + 1,
                                rewriter.getMultiDimIdentityMap(rank));
    bool failedBody = false;
    auto generic = linalg::GenericOp::create(
        rewriter, op.getLoc(), TypeRange{type}, adaptor.getInputs(),
        ValueRange{emptyTensor(rewriter, op.getLoc(), type)}, maps,
        parallelIterators(rank),
        [&](OpBuilder &b, Location loc, ValueRange args) {
          FailureOr<SmallVector<Value>> result = emitScalarRegion(
              b, loc, op.getComputation(), args.drop_back());
          if (failed(result)) {
            failedBody = true;
            linalg::YieldOp::create(b, loc, args.back());
            return;
          }
          linalg::YieldOp::create(b, loc, *result);
        });
    if (failedBody)
      return failure();
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

/// bitcast_convert between element types of different widths: the wider
/// side's last dimension holds the narrow elements, least significant first.
struct BitcastConvertWidthLowering final
    : OpConversionPattern<stablehlo::BitcastConvertOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(stablehlo::BitcastConvertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkStaticTensors(op, rewriter)))
      return failure();
    auto inType = cast<RankedTensorType>(op.getOperand().getType());
    auto outType = cast<RankedTensorType>(op.getType());
    Type inElement = inType.getElementType();
    Type outElement = outType.getElementType();
    if (!isa<IntegerType, FloatType, ComplexType>(inElement) ||
        !isa<IntegerType, FloatType, ComplexType>(outElement))
      return failure();
    unsigned inBits = bitWidthOf(inElement);
    unsigned outBits = bitWidthOf(outElement);
    if (inBits == outBits)
      return failure();
    auto type = convertedTensorType(*getTypeConverter(), outType);
    Location loc = op.getLoc();
    unsigned rank = type.getRank();
    Type inInt = rewriter.getIntegerType(inBits);
    Type outInt = rewriter.getIntegerType(outBits);
    auto toInt = [&](OpBuilder &b, Location l, Value v, Type) -> Value {
      return emitToBits(b, l, v, inElement);
    };
    auto fromInt = [&](OpBuilder &b, Location l, Value v, Type) -> Value {
      return emitFromBits(b, l, v, outElement);
    };
    Value input = adaptor.getOperand();
    linalg::GenericOp generic;
    if (inBits > outBits) {
      // One wide element becomes the last dimension of narrow ones.
      SmallVector<AffineExpr> exprs;
      for (unsigned d = 0; d + 1 < rank; ++d)
        exprs.push_back(rewriter.getAffineDimExpr(d));
      generic = linalg::GenericOp::create(
          rewriter, loc, TypeRange{type}, input,
          ValueRange{emptyTensor(rewriter, loc, type)},
          {AffineMap::get(rank, 0, exprs, getContext()),
           rewriter.getMultiDimIdentityMap(rank)},
          parallelIterators(rank),
          [&](OpBuilder &b, Location l, ValueRange args) {
            Value wide = toInt(b, l, args[0], inInt);
            Value index = arith::IndexCastOp::create(
                b, l, inInt, linalg::IndexOp::create(b, l, rank - 1));
            Value shift = arith::MulIOp::create(
                b, l, index,
                arith::ConstantOp::create(b, l, IntegerAttr::get(inInt, outBits)));
            Value part = arith::TruncIOp::create(
                b, l, outInt, arith::ShRUIOp::create(b, l, wide, shift));
            linalg::YieldOp::create(b, l, fromInt(b, l, part, outElement));
          });
    } else {
      // The last dimension of narrow elements becomes one wide element.
      int64_t count = inType.getShape().back();
      generic = linalg::GenericOp::create(
          rewriter, loc, TypeRange{type}, ValueRange{},
          ValueRange{emptyTensor(rewriter, loc, type)},
          {rewriter.getMultiDimIdentityMap(rank)}, parallelIterators(rank),
          [&](OpBuilder &b, Location l, ValueRange) {
            SmallVector<Value> indices;
            for (unsigned d = 0; d < rank; ++d)
              indices.push_back(linalg::IndexOp::create(b, l, d));
            Value wide = arith::ConstantOp::create(b, l, IntegerAttr::get(outInt, 0));
            for (int64_t k = 0; k < count; ++k) {
              SmallVector<Value> at(indices);
              at.push_back(arith::ConstantIndexOp::create(b, l, k));
              Value part = toInt(
                  b, l, tensor::ExtractOp::create(b, l, input, at), inInt);
              Value extended = arith::ExtUIOp::create(b, l, outInt, part);
              Value shifted = arith::ShLIOp::create(
                  b, l, extended,
                  arith::ConstantOp::create(b, l,
                                            IntegerAttr::get(outInt, k * inBits)));
              wide = arith::OrIOp::create(b, l, wide, shifted);
            }
            linalg::YieldOp::create(b, l, fromInt(b, l, wide, outElement));
          });
    }
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

void hlox::lowering::populatePointwisePatterns(RewritePatternSet &patterns,
                                               const TypeConverter &converter) {
  patterns.add<ElementwiseOpLowering, MapLowering, BitcastConvertWidthLowering>(
      converter, patterns.getContext());
}
