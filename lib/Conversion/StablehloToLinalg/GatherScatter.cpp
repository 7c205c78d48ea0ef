//===- GatherScatter.cpp - gather and scatter -----------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// gather becomes a linalg.generic over its result that computes each
// element's operand index (the spec's full start, batching and offset
// indices) and reads it with tensor.extract. scatter becomes a loop nest
// over the updates that carries the results: each in-bounds update element
// combines with its target through the update computation, in order.
// torch_index_select is a gather along one dimension: a linalg.generic
// that reads the index through an indexing map.
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
    FailureOr<RankedTensorType> resultTypeOr =
        staticResultType(op, *getTypeConverter(), rewriter);
    if (failed(resultTypeOr))
      return failure();
    RankedTensorType resultType = *resultTypeOr;
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

/// torch_index_select: a linalg.generic over the result that reads its
/// index element through an indexing map and the operand slice it names
/// with tensor.extract. Result dimensions: the operand's before `dim`, the
/// index's after its batch dimensions, the operand's after `dim`. An index
/// out of range is clamped (the evaluator reports it as an error).
struct TorchIndexSelectLowering final
    : OpConversionPattern<shlo::TorchIndexSelectOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::TorchIndexSelectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<RankedTensorType> resultTypeOr =
        staticResultType(op, *getTypeConverter(), rewriter);
    if (failed(resultTypeOr))
      return failure();
    RankedTensorType resultType = *resultTypeOr;
    auto operandType = cast<RankedTensorType>(op.getOperand().getType());
    auto indexType = cast<RankedTensorType>(op.getIndex().getType());
    int64_t dim = op.getDim(), batchDims = op.getBatchDims();
    int64_t rank = resultType.getRank(), indexRank = indexType.getRank();
    int64_t operandRank = operandType.getRank();
    if (dim < 0 || dim >= operandRank || batchDims < 0 ||
        batchDims > indexRank || batchDims > dim)
      return rewriter.notifyMatchFailure(op, "dim or batch_dims out of range");
    MLIRContext *context = op.getContext();
    SmallVector<AffineExpr> indexExprs;
    for (int64_t d = 0; d < indexRank; ++d)
      indexExprs.push_back(getAffineDimExpr(
          d < batchDims ? d : dim + d - batchDims, context));
    SmallVector<AffineMap> maps = {
        AffineMap::get(rank, 0, indexExprs, context),
        rewriter.getMultiDimIdentityMap(rank)};
    Value operand = adaptor.getOperand();
    Type indexElement = indexType.getElementType();
    auto generic = linalg::GenericOp::create(
        rewriter, op.getLoc(), TypeRange{resultType},
        ValueRange{adaptor.getIndex()},
        ValueRange{emptyTensor(rewriter, op.getLoc(), resultType)}, maps,
        parallelIterators(rank),
        [&](OpBuilder &b, Location loc, ValueRange args) {
          Value selected =
              clampIndex(b, loc, toIndex(b, loc, args[0], indexElement), 0,
                         std::max<int64_t>(operandType.getDimSize(dim) - 1, 0));
          SmallVector<Value> position;
          for (int64_t d = 0; d < operandRank; ++d) {
            if (d == dim)
              position.push_back(selected);
            else
              position.push_back(linalg::IndexOp::create(
                  b, loc, d < dim ? d : d - 1 + indexRank - batchDims));
          }
          linalg::YieldOp::create(
              b, loc, tensor::ExtractOp::create(b, loc, operand, position)
                          .getResult());
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

/// select_and_scatter: for each source element, a loop over its window
/// picks the operand element `select` prefers (the first one when it keeps
/// saying true, as the evaluator does), and `scatter` adds the source
/// element into the result there.
struct SelectAndScatterLowering final
    : OpConversionPattern<shlo::SelectAndScatterOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::SelectAndScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<RankedTensorType> resultTypeOr =
        staticResultType(op, *getTypeConverter(), rewriter);
    if (failed(resultTypeOr))
      return failure();
    RankedTensorType resultType = *resultTypeOr;
    Location loc = op.getLoc();
    auto operandType = cast<RankedTensorType>(op.getOperand().getType());
    auto sourceType = cast<RankedTensorType>(op.getSource().getType());
    int64_t rank = operandType.getRank();
    SmallVector<int64_t> window(rank, 1), stride(rank, 1), padLow(rank, 0);
    if (auto dims = op.getWindowDimensions())
      window.assign(dims->begin(), dims->end());
    if (auto strides = op.getWindowStrides())
      stride.assign(strides->begin(), strides->end());
    if (auto padding = op.getPadding()) {
      SmallVector<int64_t> pads(padding->getValues<int64_t>());
      for (int64_t d = 0; d < rank; ++d)
        padLow[d] = pads[2 * d];
    }
    Value operand = adaptor.getOperand(), source = adaptor.getSource();
    Value init = filledTensor(rewriter, loc, resultType,
                              extractScalar(rewriter, loc, adaptor.getInitValue()));
    auto constants = [&](ArrayRef<int64_t> values) {
      SmallVector<Value> result;
      for (int64_t v : values)
        result.push_back(arith::ConstantIndexOp::create(rewriter, loc, v));
      return result;
    };
    SmallVector<Value> zeros = constants(SmallVector<int64_t>(rank, 0));
    SmallVector<Value> ones = constants(SmallVector<int64_t>(rank, 1));
    SmallVector<Value> sourceBounds = constants(sourceType.getShape());
    SmallVector<Value> windowBounds = constants(window);
    bool failedBody = false;
    auto perSource = [&](OpBuilder &b, Location l, ValueRange s,
                         ValueRange results) -> SmallVector<Value> {
      Value result = results[0];
      // Carried through the window: found?, best value, its index.
      SmallVector<Value> carried{arith::ConstantIntOp::create(b, l, 0, 1)};
      carried.push_back(emitZero(b, l, operandType.getElementType()));
      carried.append(zeros.begin(), zeros.end());
      auto perWindow = [&](OpBuilder &wb, Location wl, ValueRange w,
                           ValueRange state) -> SmallVector<Value> {
        Value inside = arith::ConstantIntOp::create(wb, wl, 1, 1);
        SmallVector<Value> position, clamped;
        for (int64_t d = 0; d < rank; ++d) {
          Value p = arith::AddIOp::create(
              wb, wl,
              arith::MulIOp::create(
                  wb, wl, s[d],
                  arith::ConstantIndexOp::create(wb, wl, stride[d])),
              arith::SubIOp::create(
                  wb, wl, w[d], arith::ConstantIndexOp::create(wb, wl, padLow[d])));
          Value lower = arith::CmpIOp::create(
              wb, wl, arith::CmpIPredicate::sge, p,
              arith::ConstantIndexOp::create(wb, wl, 0));
          Value upper = arith::CmpIOp::create(
              wb, wl, arith::CmpIPredicate::slt, p,
              arith::ConstantIndexOp::create(wb, wl, operandType.getDimSize(d)));
          inside = arith::AndIOp::create(
              wb, wl, inside, arith::AndIOp::create(wb, wl, lower, upper));
          position.push_back(p);
          clamped.push_back(
              clampIndex(wb, wl, p, 0, std::max<int64_t>(0, operandType.getDimSize(d) - 1)));
        }
        Value candidate = tensor::ExtractOp::create(wb, wl, operand, clamped);
        Value found = state[0], best = state[1];
        FailureOr<SmallVector<Value>> keep =
            emitScalarRegion(wb, wl, op.getSelect(), {best, candidate});
        if (failed(keep)) {
          failedBody = true;
          return SmallVector<Value>(state);
        }
        Value replace = arith::OrIOp::create(
            wb, wl, arith::XOrIOp::create(wb, wl, found,
                                          arith::ConstantIntOp::create(wb, wl, 1, 1)),
            arith::XOrIOp::create(wb, wl, (*keep)[0],
                                  arith::ConstantIntOp::create(wb, wl, 1, 1)));
        Value take = arith::AndIOp::create(wb, wl, inside, replace);
        SmallVector<Value> next{arith::OrIOp::create(wb, wl, found, inside),
                                arith::SelectOp::create(wb, wl, take, candidate, best)};
        for (int64_t d = 0; d < rank; ++d)
          next.push_back(arith::SelectOp::create(wb, wl, take, clamped[d],
                                                 state[2 + d]));
        return next;
      };
      scf::LoopNest windows = scf::buildLoopNest(b, l, zeros, windowBounds,
                                                 ones, carried, perWindow);
      Value found = windows.results[0];
      SmallVector<Value> selected(windows.results.begin() + 2,
                                  windows.results.end());
      auto ifOp = scf::IfOp::create(
          b, l, found,
          [&](OpBuilder &tb, Location tl) {
            Value current = tensor::ExtractOp::create(tb, tl, result, selected);
            Value update = tensor::ExtractOp::create(tb, tl, source, s);
            FailureOr<SmallVector<Value>> combined =
                emitScalarRegion(tb, tl, op.getScatter(), {current, update});
            if (failed(combined)) {
              failedBody = true;
              scf::YieldOp::create(tb, tl, result);
              return;
            }
            scf::YieldOp::create(
                tb, tl,
                ValueRange{tensor::InsertOp::create(tb, tl, (*combined)[0],
                                                    result, selected)});
          },
          [&](OpBuilder &eb, Location el) {
            scf::YieldOp::create(eb, el, result);
          });
      return SmallVector<Value>(ifOp.getResults());
    };
    scf::LoopNest nest = scf::buildLoopNest(rewriter, loc, zeros, sourceBounds,
                                            ones, ValueRange{init}, perSource);
    if (failedBody)
      return failure();
    rewriter.replaceOp(op, nest.results);
    return success();
  }
};

} // namespace

void hlox::lowering::populateGatherScatterPatterns(
    RewritePatternSet &patterns, const TypeConverter &converter) {
  patterns.add<GatherLowering, ScatterLowering, SelectAndScatterLowering,
               TorchIndexSelectLowering>(converter, patterns.getContext());
}
