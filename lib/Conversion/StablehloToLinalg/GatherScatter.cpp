//===- GatherScatter.cpp - gather and scatter -----------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// gather becomes a linalg.generic over its result that computes each
// element's operand index (the spec's full start, batching and offset
// indices) and reads it with tensor.extract. scatter becomes a loop nest
// over the updates that carries the results: each in-bounds update element
// combines with its target through the update computation, in order.
//
//===----------------------------------------------------------------------===//

#include "Lowerings.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace hlox;
using namespace hlox::lowering;
namespace shlo = hlox::stablehlo;

namespace {

/// The index vector of `indices` (a tensor of StableHLO element type
/// `element`) at `batchIndex` (its indices without the index vector
/// dimension), as `count` index values.
SmallVector<Value> readIndexVector(OpBuilder &b, Location loc, Value indices,
                                   Type element, ArrayRef<Value> batchIndex,
                                   int64_t indexVectorDim, int64_t count) {
  auto type = cast<RankedTensorType>(indices.getType());
  SmallVector<Value> result;
  for (int64_t k = 0; k < count; ++k) {
    SmallVector<Value> position(batchIndex);
    if (indexVectorDim < type.getRank())
      position.insert(position.begin() + indexVectorDim,
                      arith::ConstantIndexOp::create(b, loc, k));
    Value raw = tensor::ExtractOp::create(b, loc, indices, position);
    result.push_back(toIndex(b, loc, raw, element));
  }
  return result;
}

/// batch_index[d - (d < index_vector_dim ? 0 : 1)] of the spec's batching
/// index rule.
Value batchingIndex(ArrayRef<Value> batchIndex, int64_t d,
                    int64_t indexVectorDim) {
  return batchIndex[d < indexVectorDim ? d : d - 1];
}

struct GatherLowering final : OpConversionPattern<shlo::GatherOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkStaticTensors(op, rewriter)))
      return failure();
    RankedTensorType resultType =
        convertedTensorType(*getTypeConverter(), op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    auto dims = op.getDimensionNumbers();
    auto operandType = cast<RankedTensorType>(op.getOperand().getType());
    auto indicesType = cast<RankedTensorType>(op.getStartIndices().getType());
    Type indexElement = indicesType.getElementType();
    int64_t rank = resultType.getRank();
    int64_t operandRank = operandType.getRank();
    Value operand = adaptor.getOperand(), indices = adaptor.getStartIndices();
    ArrayRef<int64_t> offsetDims = dims.getOffsetDims();
    ArrayRef<int64_t> sliceSizes = op.getSliceSizes();
    auto generic = linalg::GenericOp::create(
        rewriter, op.getLoc(), TypeRange{resultType}, ValueRange{},
        ValueRange{emptyTensor(rewriter, op.getLoc(), resultType)},
        {rewriter.getMultiDimIdentityMap(rank)}, parallelIterators(rank),
        [&](OpBuilder &b, Location loc, ValueRange) {
          SmallVector<Value> batchIndex, offsetIndex;
          for (int64_t d = 0; d < rank; ++d) {
            Value index = linalg::IndexOp::create(b, loc, d);
            if (llvm::is_contained(offsetDims, d))
              offsetIndex.push_back(index);
            else
              batchIndex.push_back(index);
          }
          Value zero = arith::ConstantIndexOp::create(b, loc, 0);
          SmallVector<Value> operandIndex(operandRank, zero);
          SmallVector<Value> starts = readIndexVector(
              b, loc, indices, indexElement, batchIndex,
              dims.getIndexVectorDim(), dims.getStartIndexMap().size());
          for (auto [k, d] : llvm::enumerate(dims.getStartIndexMap()))
            operandIndex[d] = clampIndex(b, loc, starts[k], 0,
                                         operandType.getDimSize(d) - sliceSizes[d]);
          for (auto [i, d] : llvm::enumerate(dims.getOperandBatchingDims()))
            operandIndex[d] = arith::AddIOp::create(
                b, loc, operandIndex[d],
                batchingIndex(batchIndex, dims.getStartIndicesBatchingDims()[i],
                              dims.getIndexVectorDim()));
          int64_t next = 0;
          for (int64_t d = 0; d < operandRank; ++d) {
            if (llvm::is_contained(dims.getCollapsedSliceDims(), d) ||
                llvm::is_contained(dims.getOperandBatchingDims(), d))
              continue;
            operandIndex[d] =
                arith::AddIOp::create(b, loc, operandIndex[d], offsetIndex[next++]);
          }
          Value element = tensor::ExtractOp::create(b, loc, operand, operandIndex);
          linalg::YieldOp::create(b, loc, element);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

struct ScatterLowering final : OpConversionPattern<shlo::ScatterOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::ScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkStaticTensors(op, rewriter)))
      return failure();
    for (Type type : op.getResultTypes())
      if (!convertedTensorType(*getTypeConverter(), type))
        return rewriter.notifyMatchFailure(op, "unsupported result type");
    Location loc = op.getLoc();
    auto dims = op.getScatterDimensionNumbers();
    auto updateType = cast<RankedTensorType>(op.getUpdates()[0].getType());
    auto operandType = cast<RankedTensorType>(op.getInputs()[0].getType());
    Type indexElement =
        cast<RankedTensorType>(op.getScatterIndices().getType()).getElementType();
    int64_t updateRank = updateType.getRank();
    int64_t operandRank = operandType.getRank();
    Value indices = adaptor.getScatterIndices();
    ValueRange updates = adaptor.getUpdates();
    SmallVector<Value> lbs, ubs, steps;
    for (int64_t size : updateType.getShape()) {
      lbs.push_back(arith::ConstantIndexOp::create(rewriter, loc, 0));
      ubs.push_back(arith::ConstantIndexOp::create(rewriter, loc, size));
      steps.push_back(arith::ConstantIndexOp::create(rewriter, loc, 1));
    }
    bool failedBody = false;
    auto buildBody = [&](OpBuilder &b, Location nested, ValueRange ivs,
                         ValueRange results) -> SmallVector<Value> {
      SmallVector<Value> scatterIndex, windowIndex;
      for (int64_t d = 0; d < updateRank; ++d) {
        if (llvm::is_contained(dims.getUpdateWindowDims(), d))
          windowIndex.push_back(ivs[d]);
        else
          scatterIndex.push_back(ivs[d]);
      }
      Value zero = arith::ConstantIndexOp::create(b, nested, 0);
      SmallVector<Value> resultIndex(operandRank, zero);
      SmallVector<Value> starts = readIndexVector(
          b, nested, indices, indexElement, scatterIndex,
          dims.getIndexVectorDim(), dims.getScatterDimsToOperandDims().size());
      for (auto [k, d] : llvm::enumerate(dims.getScatterDimsToOperandDims()))
        resultIndex[d] = starts[k];
      for (auto [i, d] : llvm::enumerate(dims.getInputBatchingDims()))
        resultIndex[d] = arith::AddIOp::create(
            b, nested, resultIndex[d],
            batchingIndex(scatterIndex, dims.getScatterIndicesBatchingDims()[i],
                          dims.getIndexVectorDim()));
      int64_t next = 0;
      for (int64_t d = 0; d < operandRank; ++d) {
        if (llvm::is_contained(dims.getInsertedWindowDims(), d) ||
            llvm::is_contained(dims.getInputBatchingDims(), d))
          continue;
        resultIndex[d] =
            arith::AddIOp::create(b, nested, resultIndex[d], windowIndex[next++]);
      }
      // Out-of-bounds targets are skipped.
      Value inBounds = arith::ConstantIntOp::create(b, nested, 1, 1);
      for (int64_t d = 0; d < operandRank; ++d) {
        Value size = arith::ConstantIndexOp::create(b, nested,
                                                    operandType.getDimSize(d));
        Value nonNegative = arith::CmpIOp::create(
            b, nested, arith::CmpIPredicate::sge, resultIndex[d], zero);
        Value below = arith::CmpIOp::create(b, nested, arith::CmpIPredicate::slt,
                                            resultIndex[d], size);
        inBounds = arith::AndIOp::create(
            b, nested, inBounds, arith::AndIOp::create(b, nested, nonNegative, below));
      }
      auto ifOp = scf::IfOp::create(
          b, nested, inBounds,
          [&](OpBuilder &tb, Location tl) {
            SmallVector<Value> arguments;
            for (Value result : results)
              arguments.push_back(tensor::ExtractOp::create(tb, tl, result, resultIndex));
            for (Value update : updates)
              arguments.push_back(tensor::ExtractOp::create(tb, tl, update, ivs));
            FailureOr<SmallVector<Value>> combined = emitScalarRegion(
                tb, tl, op.getUpdateComputation(), arguments);
            if (failed(combined)) {
              failedBody = true;
              scf::YieldOp::create(tb, tl, results);
              return;
            }
            SmallVector<Value> updated;
            for (auto [result, value] : llvm::zip(results, *combined))
              updated.push_back(
                  tensor::InsertOp::create(tb, tl, value, result, resultIndex));
            scf::YieldOp::create(tb, tl, updated);
          },
          [&](OpBuilder &eb, Location el) {
            scf::YieldOp::create(eb, el, results);
          });
      return SmallVector<Value>(ifOp.getResults());
    };
    scf::LoopNest nest = scf::buildLoopNest(rewriter, loc, lbs, ubs, steps,
                                            adaptor.getInputs(), buildBody);
    if (failedBody)
      return failure();
    rewriter.replaceOp(op, nest.results);
    return success();
  }
};

} // namespace

void hlox::lowering::populateGatherScatterPatterns(
    RewritePatternSet &patterns, const TypeConverter &converter) {
  patterns.add<GatherLowering, ScatterLowering>(converter,
                                                patterns.getContext());
}
