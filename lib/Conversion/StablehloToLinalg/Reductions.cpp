//===- Reductions.cpp - reduce and reduce_window --------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// reduce becomes linalg.reduce; reduce_window a linalg.generic over the
// result and window dimensions of the padded, dilated input. Both bodies are
// the StableHLO body emitted on scalars, with the accumulators first.
//
//===----------------------------------------------------------------------===//

#include "Lowerings.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace hlox;
using namespace hlox::lowering;
namespace shlo = hlox::stablehlo;

namespace {

/// Emits `body` on the scalar block arguments: accumulators (the outputs'
/// arguments, after the inputs') first, then the elements.
void emitReductionBody(OpBuilder &b, Location loc, Region &body,
                       ValueRange inputs, ValueRange accumulators,
                       bool &failedBody) {
  SmallVector<Value> arguments(accumulators);
  arguments.append(inputs.begin(), inputs.end());
  FailureOr<SmallVector<Value>> results =
      emitScalarRegion(b, loc, body, arguments);
  if (failed(results)) {
    failedBody = true;
    linalg::YieldOp::create(b, loc, accumulators);
    return;
  }
  linalg::YieldOp::create(b, loc, *results);
}

struct ReduceLowering final : OpConversionPattern<shlo::ReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<SmallVector<Type>> types =
        staticResultTypes(op, *getTypeConverter(), rewriter);
    if (failed(types))
      return failure();
    Location loc = op.getLoc();
    size_t n = op.getInputs().size();
    SmallVector<Value> inits;
    for (auto [init, type] : llvm::zip(adaptor.getInitValues(), *types))
      inits.push_back(filledTensor(rewriter, loc, cast<RankedTensorType>(type),
                                   extractScalar(rewriter, loc, init)));
    bool failedBody = false;
    auto reduce = linalg::ReduceOp::create(
        rewriter, loc, adaptor.getInputs(), inits, op.getDimensions(),
        [&](OpBuilder &b, Location nested, ValueRange args) {
          emitReductionBody(b, nested, op.getBody(), args.take_front(n),
                            args.drop_front(n), failedBody);
        });
    if (failedBody)
      return failure();
    rewriter.replaceOp(op, reduce.getResults());
    return success();
  }
};

struct ReduceWindowLowering final : OpConversionPattern<shlo::ReduceWindowOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::ReduceWindowOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<SmallVector<Type>> types =
        staticResultTypes(op, *getTypeConverter(), rewriter);
    if (failed(types))
      return failure();
    Location loc = op.getLoc();
    size_t n = op.getInputs().size();
    auto inputType = cast<RankedTensorType>(op.getInputs()[0].getType());
    int64_t rank = inputType.getRank();
    auto attrOr = [&](std::optional<ArrayRef<int64_t>> values, int64_t fill) {
      return values ? SmallVector<int64_t>(*values)
                    : SmallVector<int64_t>(rank, fill);
    };
    SmallVector<int64_t> window(op.getWindowDimensions());
    SmallVector<int64_t> strides = attrOr(op.getWindowStrides(), 1);
    SmallVector<int64_t> baseDilations = attrOr(op.getBaseDilations(), 1);
    SmallVector<int64_t> windowDilations = attrOr(op.getWindowDilations(), 1);
    SmallVector<int64_t> low(rank, 0), high(rank, 0), interior(rank, 0);
    if (auto padding = op.getPadding()) {
      auto values = llvm::to_vector(padding->getValues<int64_t>());
      for (int64_t d = 0; d < rank; ++d) {
        low[d] = values[2 * d];
        high[d] = values[2 * d + 1];
      }
    }
    for (int64_t d = 0; d < rank; ++d)
      interior[d] = baseDilations[d] - 1;

    SmallVector<Value> inputs, inits, scalars;
    for (auto [input, init, type] :
         llvm::zip(adaptor.getInputs(), adaptor.getInitValues(), *types)) {
      Value scalar = extractScalar(rewriter, loc, init);
      scalars.push_back(scalar);
      inputs.push_back(emitPad(rewriter, loc, input, scalar, low, high, interior));
      inits.push_back(
          filledTensor(rewriter, loc, cast<RankedTensorType>(type), scalar));
    }
    // Loops: result dimensions, then the window's dimensions of more than
    // one element (a dimension the window does not span reads the input
    // at the result's index alone: NHWC pools keep C contiguous, which the
    // CPU target vectorizes along).
    SmallVector<int64_t> spanned;
    for (int64_t d = 0; d < rank; ++d)
      if (window[d] != 1)
        spanned.push_back(d);
    int64_t numLoops = rank + static_cast<int64_t>(spanned.size());
    SmallVector<AffineExpr> inputExprs, windowExprs;
    for (int64_t d = 0; d < rank; ++d)
      inputExprs.push_back(rewriter.getAffineDimExpr(d) * strides[d]);
    SmallVector<int64_t> windowShape;
    for (auto [i, d] : llvm::enumerate(spanned)) {
      AffineExpr loop = rewriter.getAffineDimExpr(rank + i);
      inputExprs[d] = inputExprs[d] + loop * windowDilations[d];
      windowExprs.push_back(loop);
      windowShape.push_back(window[d]);
    }
    MLIRContext *context = getContext();
    SmallVector<AffineMap> maps(
        n, AffineMap::get(numLoops, 0, inputExprs, context));
    maps.push_back(AffineMap::get(numLoops, 0, windowExprs, context));
    auto identity = AffineMap::getMultiDimIdentityMap(rank, context);
    AffineMap outputMap =
        AffineMap::get(numLoops, 0, identity.getResults(), context);
    maps.append(n, outputMap);
    SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
    iterators.append(spanned.size(), utils::IteratorType::reduction);
    SmallVector<Value> operands(inputs);
    operands.push_back(tensor::EmptyOp::create(rewriter, loc, windowShape,
                                               rewriter.getI1Type()));
    bool failedBody = false;
    auto generic = linalg::GenericOp::create(
        rewriter, loc, *types, operands, inits, maps, iterators,
        [&](OpBuilder &b, Location nested, ValueRange args) {
          emitReductionBody(b, nested, op.getBody(), args.take_front(n),
                            args.drop_front(n + 1), failedBody);
        });
    if (failedBody)
      return failure();
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

void hlox::lowering::populateReductionPatterns(RewritePatternSet &patterns,
                                               const TypeConverter &converter) {
  patterns.add<ReduceLowering, ReduceWindowLowering>(converter,
                                                     patterns.getContext());
}
