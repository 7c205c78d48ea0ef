//===- Broadcasting.cpp - CHLO's broadcasting binary ops, broadcast -------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// A chlo.broadcast_<op> becomes stablehlo.broadcast_in_dim of each operand
// to the result's shape (dimensions aligned at the end, numpy's rule, or as
// `broadcast_dimensions` maps the lower-rank operand) and the elementwise op
// on the results; stablehlo.broadcast becomes broadcast_in_dim with the new
// dimensions in front. The StableHLO ops they build lower in turn.
//
//===----------------------------------------------------------------------===//

#include "Lowerings.h"

#include "hlox/Dialect/CHLO/IR/ChloOps.h"
#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

using namespace mlir;
using namespace hlox;
using namespace hlox::lowering;
namespace shlo = hlox::stablehlo;

namespace {

/// `operand` broadcast to `shape` (its element type kept): dimension i of an
/// operand of rank r lands at `dims[i]`, by default at the end.
Value broadcastTo(OpBuilder &b, Location loc, Value operand,
                  ArrayRef<int64_t> shape,
                  std::optional<ArrayRef<int64_t>> dims) {
  auto type = cast<RankedTensorType>(operand.getType());
  if (type.getShape() == shape)
    return operand;
  SmallVector<int64_t> mapping;
  int64_t offset = static_cast<int64_t>(shape.size()) - type.getRank();
  for (int64_t i = 0; i < type.getRank(); ++i)
    mapping.push_back(dims ? (*dims)[i] : offset + i);
  return shlo::BroadcastInDimOp::create(b, loc, type.clone(shape), operand,
                                        b.getDenseI64ArrayAttr(mapping));
}

/// The operands of a broadcasting op at the result's shape.
template <typename Op>
FailureOr<std::pair<Value, Value>>
broadcastOperands(Op op, ConversionPatternRewriter &rewriter) {
  auto resultType = dyn_cast<RankedTensorType>(op.getType());
  auto lhsType = dyn_cast<RankedTensorType>(op.getLhs().getType());
  auto rhsType = dyn_cast<RankedTensorType>(op.getRhs().getType());
  if (!resultType || !resultType.hasStaticShape() || !lhsType || !rhsType)
    return rewriter.notifyMatchFailure(op, "needs static ranked tensors");
  std::optional<ArrayRef<int64_t>> dims = op.getBroadcastDimensions();
  // The mapping applies to the lower-rank operand only.
  bool lhsLower = lhsType.getRank() < rhsType.getRank();
  bool rhsLower = rhsType.getRank() < lhsType.getRank();
  if (dims && !lhsLower && !rhsLower)
    dims = std::nullopt;
  int64_t lowRank = lhsLower ? lhsType.getRank() : rhsType.getRank();
  if (dims && static_cast<int64_t>(dims->size()) != lowRank)
    return op.emitError("broadcast_dimensions has ")
           << dims->size() << " entries for an operand of rank " << lowRank;
  Location loc = op.getLoc();
  ArrayRef<int64_t> shape = resultType.getShape();
  Value lhs = broadcastTo(rewriter, loc, op.getLhs(), shape,
                          lhsLower ? dims : std::nullopt);
  Value rhs = broadcastTo(rewriter, loc, op.getRhs(), shape,
                          rhsLower ? dims : std::nullopt);
  return std::make_pair(lhs, rhs);
}

template <typename ChloOp, typename TargetOp>
struct BroadcastBinaryLowering final : OpConversionPattern<ChloOp> {
  using OpConversionPattern<ChloOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ChloOp op, typename ChloOp::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<std::pair<Value, Value>> operands =
        broadcastOperands(op, rewriter);
    if (failed(operands))
      return failure();
    rewriter.replaceOpWithNewOp<TargetOp>(op, op.getType(), operands->first,
                                          operands->second);
    return success();
  }
};

struct BroadcastCompareLowering final
    : OpConversionPattern<chlo::BroadcastCompareOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(chlo::BroadcastCompareOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<std::pair<Value, Value>> operands =
        broadcastOperands(op, rewriter);
    if (failed(operands))
      return failure();
    std::optional<shlo::ComparisonDirection> direction =
        shlo::symbolizeComparisonDirection(
            chlo::stringifyComparisonDirection(op.getComparisonDirection()));
    shlo::ComparisonTypeAttr compareType;
    if (std::optional<chlo::ComparisonType> type = op.getCompareType())
      if (std::optional<shlo::ComparisonType> converted =
              shlo::symbolizeComparisonType(
                  chlo::stringifyComparisonType(*type)))
        compareType = shlo::ComparisonTypeAttr::get(getContext(), *converted);
    if (!direction)
      return failure();
    rewriter.replaceOpWithNewOp<shlo::CompareOp>(
        op, op.getType(), operands->first, operands->second,
        shlo::ComparisonDirectionAttr::get(getContext(), *direction),
        compareType);
    return success();
  }
};

struct BroadcastLowering final : OpConversionPattern<shlo::BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::BroadcastOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    auto operandType = dyn_cast<RankedTensorType>(op.getOperand().getType());
    if (!type || !type.hasStaticShape() || !operandType)
      return rewriter.notifyMatchFailure(op, "needs static ranked tensors");
    int64_t added = op.getBroadcastSizes().size();
    SmallVector<int64_t> dims;
    for (int64_t i = 0; i < operandType.getRank(); ++i)
      dims.push_back(added + i);
    rewriter.replaceOpWithNewOp<shlo::BroadcastInDimOp>(
        op, type, op.getOperand(), rewriter.getDenseI64ArrayAttr(dims));
    return success();
  }
};

} // namespace

void hlox::lowering::populateBroadcastingPatterns(
    RewritePatternSet &patterns, const TypeConverter &converter) {
  MLIRContext *context = patterns.getContext();
  patterns.add<
      BroadcastBinaryLowering<chlo::BroadcastAddOp, shlo::AddOp>,
      BroadcastBinaryLowering<chlo::BroadcastAndOp, shlo::AndOp>,
      BroadcastBinaryLowering<chlo::BroadcastAtan2Op, shlo::Atan2Op>,
      BroadcastBinaryLowering<chlo::BroadcastDivOp, shlo::DivOp>,
      BroadcastBinaryLowering<chlo::BroadcastMaxOp, shlo::MaxOp>,
      BroadcastBinaryLowering<chlo::BroadcastMinOp, shlo::MinOp>,
      BroadcastBinaryLowering<chlo::BroadcastMulOp, shlo::MulOp>,
      BroadcastBinaryLowering<chlo::BroadcastNextAfterOp, chlo::NextAfterOp>,
      BroadcastBinaryLowering<chlo::BroadcastOrOp, shlo::OrOp>,
      BroadcastBinaryLowering<chlo::BroadcastPolygammaOp, chlo::PolygammaOp>,
      BroadcastBinaryLowering<chlo::BroadcastPowOp, shlo::PowOp>,
      BroadcastBinaryLowering<chlo::BroadcastRemOp, shlo::RemOp>,
      BroadcastBinaryLowering<chlo::BroadcastShiftLeftOp, shlo::ShiftLeftOp>,
      BroadcastBinaryLowering<chlo::BroadcastShiftRightArithmeticOp,
                              shlo::ShiftRightArithmeticOp>,
      BroadcastBinaryLowering<chlo::BroadcastShiftRightLogicalOp,
                              shlo::ShiftRightLogicalOp>,
      BroadcastBinaryLowering<chlo::BroadcastSubOp, shlo::SubtractOp>,
      BroadcastBinaryLowering<chlo::BroadcastXorOp, shlo::XorOp>,
      BroadcastBinaryLowering<chlo::BroadcastZetaOp, chlo::ZetaOp>,
      BroadcastBinaryLowering<chlo::BroadcastComplexOp, shlo::ComplexOp>,
      BroadcastCompareLowering, BroadcastLowering>(converter, context);
}
