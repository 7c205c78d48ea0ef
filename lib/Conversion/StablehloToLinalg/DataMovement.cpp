//===- DataMovement.cpp - Shape and data movement ops ---------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// constant, iota, broadcast_in_dim, reshape, transpose, slice, concatenate,
// pad, reverse, dynamic_slice and dynamic_update_slice become tensor ops
// (extract/insert slices, reshapes) or linalg ops with indexing maps.
// chlo.constant and chlo.constant_like (a splat of the operand's shape)
// become stablehlo.constant, which lowers in turn.
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
namespace shlo = hlox::stablehlo;

namespace {

struct ConstantLowering final : OpConversionPattern<shlo::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<RankedTensorType> type =
        staticResultType(op, *getTypeConverter(), rewriter);
    if (failed(type))
      return failure();
    auto value = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!value)
      return rewriter.notifyMatchFailure(op, "not a dense constant");
    Type element = type->getElementType();
    if (isSmallFloat(value.getElementType()))
      value = value.mapValues(element, [&](const APFloat &v) {
        return v.bitcastToAPInt().zext(element.getIntOrFloatBitWidth());
      });
    else if (value.getElementType() != element)
      value = value.bitcast(element);
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, *type, value);
    return success();
  }
};

struct ChloConstantLowering final : OpConversionPattern<chlo::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(chlo::ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto value = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!value)
      return rewriter.notifyMatchFailure(op, "not a dense constant");
    rewriter.replaceOpWithNewOp<shlo::ConstantOp>(op, value.getType(), value);
    return success();
  }
};

struct ConstantLikeLowering final
    : OpConversionPattern<chlo::ConstantLikeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(chlo::ConstantLikeOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkStaticTensors(op, rewriter)))
      return failure();
    auto operandType = cast<RankedTensorType>(op.getOperand().getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    auto typed = dyn_cast<TypedAttr>(op.getValue());
    if (!typed || typed.getType() != resultType.getElementType())
      return rewriter.notifyMatchFailure(op, "value of another type");
    auto type = RankedTensorType::get(operandType.getShape(), typed.getType());
    rewriter.replaceOpWithNewOp<shlo::ConstantOp>(
        op, type, DenseElementsAttr::get(type, typed));
    return success();
  }
};

struct IotaLowering final : OpConversionPattern<shlo::IotaOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::IotaOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<RankedTensorType> type =
        staticResultType(op, *getTypeConverter(), rewriter);
    if (failed(type))
      return failure();
    Type element = op.getType().getElementType();
    int64_t dim = op.getIotaDimension();
    unsigned rank = type->getRank();
    auto generic = linalg::GenericOp::create(
        rewriter, op.getLoc(), TypeRange{*type}, ValueRange{},
        ValueRange{emptyTensor(rewriter, op.getLoc(), *type)},
        {rewriter.getMultiDimIdentityMap(rank)}, parallelIterators(rank),
        [&](OpBuilder &b, Location loc, ValueRange) {
          Value index = linalg::IndexOp::create(b, loc, dim);
          Value wide = arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
          Value result = emitConvert(b, loc, wide,
                                     b.getIntegerType(64, /*isSigned=*/true),
                                     element);
          linalg::YieldOp::create(b, loc, result);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

struct BroadcastInDimLowering final
    : OpConversionPattern<shlo::BroadcastInDimOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::BroadcastInDimOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<RankedTensorType> type =
        staticResultType(op, *getTypeConverter(), rewriter);
    if (failed(type))
      return failure();
    auto operandType = cast<RankedTensorType>(op.getOperand().getType());
    unsigned rank = type->getRank();
    SmallVector<AffineExpr> exprs;
    for (auto [i, dim] : llvm::enumerate(op.getBroadcastDimensions())) {
      if (operandType.getDimSize(i) == 1 && type->getDimSize(dim) != 1)
        exprs.push_back(rewriter.getAffineConstantExpr(0));
      else
        exprs.push_back(rewriter.getAffineDimExpr(dim));
    }
    auto inputMap = AffineMap::get(rank, 0, exprs, getContext());
    auto generic = linalg::GenericOp::create(
        rewriter, op.getLoc(), TypeRange{*type}, adaptor.getOperand(),
        ValueRange{emptyTensor(rewriter, op.getLoc(), *type)},
        {inputMap, rewriter.getMultiDimIdentityMap(rank)},
        parallelIterators(rank),
        [&](OpBuilder &b, Location loc, ValueRange args) {
          linalg::YieldOp::create(b, loc, args[0]);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

/// `input` reshaped to `target` (same element count) through a 1-d tensor.
static Value reshapeTo(OpBuilder &b, Location loc, Value input,
                       RankedTensorType target) {
  auto source = cast<RankedTensorType>(input.getType());
  if (source.getShape() == target.getShape())
    return input;
  if (source.getRank() == 0)
    return tensor::ExpandShapeOp::create(b, loc, target, input,
                                         ArrayRef<ReassociationIndices>{});
  if (target.getRank() == 0)
    return tensor::CollapseShapeOp::create(b, loc, target, input,
                                           ArrayRef<ReassociationIndices>{});
  Value flat = input;
  if (source.getRank() != 1) {
    ReassociationIndices all;
    for (int64_t i = 0; i < source.getRank(); ++i)
      all.push_back(i);
    flat = tensor::CollapseShapeOp::create(b, loc, flat,
                                           ArrayRef<ReassociationIndices>{all});
  }
  if (target.getRank() == 1)
    return flat;
  ReassociationIndices all;
  for (int64_t i = 0; i < target.getRank(); ++i)
    all.push_back(i);
  return tensor::ExpandShapeOp::create(b, loc, target, flat,
                                       ArrayRef<ReassociationIndices>{all});
}

Value hlox::lowering::emitPad(OpBuilder &b, Location loc, Value input,
                              Value padding, ArrayRef<int64_t> low,
                              ArrayRef<int64_t> high,
                              ArrayRef<int64_t> interior) {
  auto operandType = cast<RankedTensorType>(input.getType());
  // No padding at all (a reduce_window's usual case) is the input itself,
  // not a copy of it.
  auto isZero = [](int64_t p) { return p == 0; };
  if (llvm::all_of(low, isZero) && llvm::all_of(high, isZero) &&
      llvm::all_of(interior, isZero))
    return input;
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < operandType.getRank(); ++d) {
    int64_t size = operandType.getDimSize(d);
    shape.push_back(low[d] + high[d] +
                    (size == 0 ? 0 : size + (size - 1) * interior[d]));
  }
  auto type = RankedTensorType::get(shape, operandType.getElementType());
  Value result = filledTensor(b, loc, type, padding);
  // Operand elements [first, first + count) of each dimension land inside
  // the result; negative edge padding cuts the others off.
  SmallVector<int64_t> first, count, offsets, strides;
  for (int64_t d = 0; d < operandType.getRank(); ++d) {
    int64_t step = interior[d] + 1;
    int64_t size = operandType.getDimSize(d);
    int64_t begin = low[d] >= 0 ? 0 : (-low[d] + step - 1) / step;
    int64_t end = size;
    while (end > begin && low[d] + (end - 1) * step >= shape[d])
      --end;
    first.push_back(begin);
    count.push_back(std::max<int64_t>(0, end - begin));
    offsets.push_back(low[d] + begin * step);
    strides.push_back(step);
  }
  if (llvm::is_contained(count, 0))
    return result;
  Value source = input;
  if (first != SmallVector<int64_t>(first.size(), 0) ||
      count != SmallVector<int64_t>(operandType.getShape())) {
    SmallVector<int64_t> ones(first.size(), 1);
    source = tensor::ExtractSliceOp::create(
        b, loc, RankedTensorType::get(count, operandType.getElementType()),
        source, ValueRange{}, ValueRange{}, ValueRange{}, first, count, ones);
  }
  return tensor::InsertSliceOp::create(b, loc, source, result, ValueRange{},
                                       ValueRange{}, ValueRange{}, offsets,
                                       count, strides);
}

namespace {

struct ReshapeLowering final : OpConversionPattern<shlo::ReshapeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<RankedTensorType> type =
        staticResultType(op, *getTypeConverter(), rewriter);
    if (failed(type))
      return failure();
    rewriter.replaceOp(op, reshapeTo(rewriter, op.getLoc(),
                                     adaptor.getOperand(), *type));
    return success();
  }
};

struct TransposeLowering final : OpConversionPattern<shlo::TransposeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::TransposeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<RankedTensorType> type =
        staticResultType(op, *getTypeConverter(), rewriter);
    if (failed(type))
      return failure();
    auto transpose = linalg::TransposeOp::create(
        rewriter, op.getLoc(), adaptor.getOperand(),
        emptyTensor(rewriter, op.getLoc(), *type), op.getPermutation());
    rewriter.replaceOp(op, transpose.getResults());
    return success();
  }
};

struct SliceLowering final : OpConversionPattern<shlo::SliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::SliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<RankedTensorType> type =
        staticResultType(op, *getTypeConverter(), rewriter);
    if (failed(type))
      return failure();
    // An empty slice may start at the end of a dimension, where
    // tensor.extract_slice's offsets may not point.
    if (type->getNumElements() == 0) {
      rewriter.replaceOp(op, emptyTensor(rewriter, op.getLoc(), *type));
      return success();
    }
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
        op, *type, adaptor.getOperand(), ValueRange{}, ValueRange{},
        ValueRange{}, op.getStartIndices(), type->getShape(), op.getStrides());
    return success();
  }
};

struct ConcatenateLowering final : OpConversionPattern<shlo::ConcatenateOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::ConcatenateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<RankedTensorType> type =
        staticResultType(op, *getTypeConverter(), rewriter);
    if (failed(type))
      return failure();
    Location loc = op.getLoc();
    int64_t dim = op.getDimension();
    Value result = emptyTensor(rewriter, loc, *type);
    int64_t offset = 0;
    for (Value input : adaptor.getInputs()) {
      auto inputType = cast<RankedTensorType>(input.getType());
      SmallVector<int64_t> offsets(type->getRank(), 0), strides(type->getRank(), 1);
      offsets[dim] = offset;
      offset += inputType.getDimSize(dim);
      if (inputType.getNumElements() == 0)
        continue;
      result = tensor::InsertSliceOp::create(
          rewriter, loc, input, result, ValueRange{}, ValueRange{},
          ValueRange{}, offsets, inputType.getShape(), strides);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct PadLowering final : OpConversionPattern<shlo::PadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::PadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<RankedTensorType> type =
        staticResultType(op, *getTypeConverter(), rewriter);
    if (failed(type))
      return failure();
    Value padding =
        extractScalar(rewriter, op.getLoc(), adaptor.getPaddingValue());
    rewriter.replaceOp(op, emitPad(rewriter, op.getLoc(), adaptor.getOperand(),
                                   padding, op.getEdgePaddingLow(),
                                   op.getEdgePaddingHigh(),
                                   op.getInteriorPadding()));
    return success();
  }
};

struct ReverseLowering final : OpConversionPattern<shlo::ReverseOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::ReverseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<RankedTensorType> type =
        staticResultType(op, *getTypeConverter(), rewriter);
    if (failed(type))
      return failure();
    unsigned rank = type->getRank();
    SmallVector<AffineExpr> exprs;
    for (unsigned d = 0; d < rank; ++d) {
      AffineExpr dim = rewriter.getAffineDimExpr(d);
      if (llvm::is_contained(op.getDimensions(), d))
        exprs.push_back(type->getDimSize(d) - 1 - dim);
      else
        exprs.push_back(dim);
    }
    auto generic = linalg::GenericOp::create(
        rewriter, op.getLoc(), TypeRange{*type}, adaptor.getOperand(),
        ValueRange{emptyTensor(rewriter, op.getLoc(), *type)},
        {AffineMap::get(rank, 0, exprs, getContext()),
         rewriter.getMultiDimIdentityMap(rank)},
        parallelIterators(rank),
        [&](OpBuilder &b, Location loc, ValueRange args) {
          linalg::YieldOp::create(b, loc, args[0]);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

/// The start indices of a dynamic slice or update, clamped so that a block
/// of `sizes` fits in `shape`.
SmallVector<OpFoldResult> clampedStarts(OpBuilder &b, Location loc,
                                        ValueRange starts, TypeRange types,
                                        ArrayRef<int64_t> shape,
                                        ArrayRef<int64_t> sizes) {
  SmallVector<OpFoldResult> offsets;
  for (auto [i, start] : llvm::enumerate(starts)) {
    Type element = cast<RankedTensorType>(types[i]).getElementType();
    Value index = toIndex(b, loc, extractScalar(b, loc, start), element);
    offsets.push_back(clampIndex(b, loc, index, 0, shape[i] - sizes[i]));
  }
  return offsets;
}

struct DynamicSliceLowering final : OpConversionPattern<shlo::DynamicSliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::DynamicSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<RankedTensorType> type =
        staticResultType(op, *getTypeConverter(), rewriter);
    if (failed(type))
      return failure();
    auto operandType = cast<RankedTensorType>(op.getOperand().getType());
    SmallVector<OpFoldResult> offsets = clampedStarts(
        rewriter, op.getLoc(), adaptor.getStartIndices(),
        op.getStartIndices().getTypes(), operandType.getShape(),
        op.getSliceSizes());
    SmallVector<int64_t> ones(op.getSliceSizes().size(), 1);
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
        op, *type, adaptor.getOperand(), offsets,
        indexAttrs(rewriter, op.getSliceSizes()), indexAttrs(rewriter, ones));
    return success();
  }
};

struct DynamicUpdateSliceLowering final
    : OpConversionPattern<shlo::DynamicUpdateSliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::DynamicUpdateSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<RankedTensorType> type =
        staticResultType(op, *getTypeConverter(), rewriter);
    if (failed(type))
      return failure();
    auto updateType = cast<RankedTensorType>(op.getUpdate().getType());
    SmallVector<OpFoldResult> offsets = clampedStarts(
        rewriter, op.getLoc(), adaptor.getStartIndices(),
        op.getStartIndices().getTypes(), type->getShape(),
        updateType.getShape());
    SmallVector<int64_t> ones(updateType.getRank(), 1);
    rewriter.replaceOpWithNewOp<tensor::InsertSliceOp>(
        op, adaptor.getUpdate(), adaptor.getOperand(), offsets,
        indexAttrs(rewriter, updateType.getShape()), indexAttrs(rewriter, ones));
    return success();
  }
};

struct OptimizationBarrierLowering final
    : OpConversionPattern<shlo::OptimizationBarrierOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::OptimizationBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getOperands());
    return success();
  }
};

/// get_dimension_size of a static dimension is a constant.
struct GetDimensionSizeLowering final
    : OpConversionPattern<shlo::GetDimensionSizeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::GetDimensionSizeOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getOperand().getType());
    int64_t size = type.getDimSize(op.getDimension());
    if (ShapedType::isDynamic(size))
      return rewriter.notifyMatchFailure(op, "dynamic dimension");
    auto result = cast<RankedTensorType>(op.getType());
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, DenseElementsAttr::get(
                result, rewriter.getIntegerAttr(result.getElementType(), size)));
    return success();
  }
};

} // namespace

void hlox::lowering::populateDataMovementPatterns(
    RewritePatternSet &patterns, const TypeConverter &converter) {
  patterns.add<ConstantLowering, ChloConstantLowering, ConstantLikeLowering,
               IotaLowering, BroadcastInDimLowering,
               ReshapeLowering, TransposeLowering, SliceLowering,
               ConcatenateLowering, PadLowering, ReverseLowering,
               DynamicSliceLowering, DynamicUpdateSliceLowering,
               OptimizationBarrierLowering, GetDimensionSizeLowering>(
      converter, patterns.getContext());
}
