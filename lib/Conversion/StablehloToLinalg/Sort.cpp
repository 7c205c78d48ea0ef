//===- Sort.cpp - sort ----------------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// sort becomes loops on tensors: for every position of the other
// dimensions, an insertion sort along `dimension` that moves an element
// before its neighbour only while the comparator says it belongs there, so
// equal elements keep their order (the sort is stable either way). Every
// operand moves with the first.
//
//===----------------------------------------------------------------------===//

#include "Lowerings.h"

#include "hlox/Dialect/CHLO/IR/ChloOps.h"
#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace hlox;
using namespace hlox::lowering;
namespace shlo = hlox::stablehlo;

namespace {

struct SortLowering final : OpConversionPattern<shlo::SortOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::SortOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkStaticTensors(op, rewriter)))
      return failure();
    Location loc = op.getLoc();
    auto type = cast<RankedTensorType>(op.getInputs()[0].getType());
    int64_t rank = type.getRank();
    int64_t dim = op.getDimension() < 0 ? op.getDimension() + rank
                                        : op.getDimension();
    int64_t size = type.getDimSize(dim);
    if (size <= 1 || type.getNumElements() == 0) {
      rewriter.replaceOp(op, adaptor.getInputs());
      return success();
    }
    auto index = [&](OpBuilder &b, Location l, int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, l, v);
    };
    SmallVector<Value> lbs, ubs, steps;
    for (int64_t d = 0; d < rank; ++d) {
      lbs.push_back(index(rewriter, loc, 0));
      ubs.push_back(index(rewriter, loc, d == dim ? 1 : type.getDimSize(d)));
      steps.push_back(index(rewriter, loc, 1));
    }
    Region &comparator = op.getComparator();
    bool failedBody = false;
    auto sortLine = [&](OpBuilder &b, Location l, ValueRange ivs,
                        ValueRange tensors) -> SmallVector<Value> {
      auto at = [&](Value position) {
        SmallVector<Value> indices(ivs);
        indices[dim] = position;
        return indices;
      };
      // comparator(x[j], x[j - 1]): does element j go before element j - 1?
      auto before = [&](OpBuilder &cb, Location cl, ValueRange current,
                        Value j, Value previous) -> Value {
        SmallVector<Value> arguments;
        for (Value tensor : current) {
          arguments.push_back(tensor::ExtractOp::create(cb, cl, tensor, at(j)));
          arguments.push_back(
              tensor::ExtractOp::create(cb, cl, tensor, at(previous)));
        }
        FailureOr<SmallVector<Value>> result =
            emitScalarRegion(cb, cl, comparator, arguments);
        if (failed(result)) {
          failedBody = true;
          return arith::ConstantIntOp::create(cb, cl, 0, 1);
        }
        return (*result)[0];
      };
      auto outer = scf::ForOp::create(
          b, l, index(b, l, 1), index(b, l, size), index(b, l, 1), tensors,
          [&](OpBuilder &fb, Location fl, Value i, ValueRange iterTensors) {
            SmallVector<Value> init{i};
            init.append(iterTensors.begin(), iterTensors.end());
            SmallVector<Type> types{fb.getIndexType()};
            for (Value t : iterTensors)
              types.push_back(t.getType());
            auto loop = scf::WhileOp::create(
                fb, fl, types, init,
                [&](OpBuilder &wb, Location wl, ValueRange args) {
                  Value j = args[0];
                  Value zero = index(wb, wl, 0), one = index(wb, wl, 1);
                  Value positive = arith::CmpIOp::create(
                      wb, wl, arith::CmpIPredicate::sgt, j, zero);
                  Value previous = arith::MaxSIOp::create(
                      wb, wl, arith::SubIOp::create(wb, wl, j, one), zero);
                  Value goesBefore =
                      before(wb, wl, args.drop_front(), j, previous);
                  Value cond =
                      arith::AndIOp::create(wb, wl, positive, goesBefore);
                  scf::ConditionOp::create(wb, wl, cond, args);
                },
                [&](OpBuilder &wb, Location wl, ValueRange args) {
                  Value j = args[0];
                  Value previous =
                      arith::SubIOp::create(wb, wl, j, index(wb, wl, 1));
                  SmallVector<Value> yielded{previous};
                  for (Value tensor : args.drop_front()) {
                    Value x = tensor::ExtractOp::create(wb, wl, tensor, at(j));
                    Value y =
                        tensor::ExtractOp::create(wb, wl, tensor, at(previous));
                    Value swapped =
                        tensor::InsertOp::create(wb, wl, y, tensor, at(j));
                    yielded.push_back(tensor::InsertOp::create(
                        wb, wl, x, swapped, at(previous)));
                  }
                  scf::YieldOp::create(wb, wl, yielded);
                });
            scf::YieldOp::create(fb, fl, loop.getResults().drop_front());
          });
      return SmallVector<Value>(outer.getResults());
    };
    scf::LoopNest nest = scf::buildLoopNest(rewriter, loc, lbs, ubs, steps,
                                            adaptor.getInputs(), sortLine);
    if (failedBody)
      return failure();
    rewriter.replaceOp(op, nest.results);
    return success();
  }
};

/// chlo.top_k: a stable sort of (operand, iota) along the last dimension,
/// greatest first (floats in their total order, so NaN comes first), then
/// the first k of each. The StableHLO ops it builds lower in turn.
struct TopKLowering final : OpConversionPattern<chlo::TopKOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(chlo::TopKOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkStaticTensors(op, rewriter)))
      return failure();
    Location loc = op.getLoc();
    auto type = cast<RankedTensorType>(op.getOperand().getType());
    auto indexType = cast<RankedTensorType>(op.getIndices().getType());
    int64_t rank = type.getRank(), last = rank - 1;
    auto iotaType = type.clone(indexType.getElementType());
    Value iota = shlo::IotaOp::create(rewriter, loc, iotaType, last);
    auto sort = shlo::SortOp::create(
        rewriter, loc, TypeRange{type, iotaType},
        ValueRange{op.getOperand(), iota}, static_cast<uint64_t>(last),
        /*is_stable=*/true);
    Block *block = rewriter.createBlock(&sort.getComparator());
    auto scalar = [&](Type element) {
      return RankedTensorType::get({}, element);
    };
    Type element = type.getElementType();
    for (Type t : {element, element, indexType.getElementType(),
                   indexType.getElementType()})
      block->addArgument(scalar(t), loc);
    shlo::ComparisonType compareType =
        isa<FloatType>(element) ? shlo::ComparisonType::TOTALORDER
        : element.isUnsignedInteger() || element.isInteger(1)
            ? shlo::ComparisonType::UNSIGNED
            : shlo::ComparisonType::SIGNED;
    Value greater = shlo::CompareOp::create(
        rewriter, loc, block->getArgument(0), block->getArgument(1),
        shlo::ComparisonDirection::GT,
        shlo::ComparisonTypeAttr::get(getContext(), compareType));
    shlo::ReturnOp::create(rewriter, loc, greater);
    rewriter.setInsertionPointAfter(sort);
    SmallVector<int64_t> start(rank, 0), limit(type.getShape()),
        strides(rank, 1);
    limit[last] = op.getK();
    Value values = shlo::SliceOp::create(rewriter, loc, sort.getResult(0),
                                         start, limit, strides);
    Value indices = shlo::SliceOp::create(rewriter, loc, sort.getResult(1),
                                          start, limit, strides);
    rewriter.replaceOp(op, {values, indices});
    return success();
  }
};

} // namespace

void hlox::lowering::populateSortPatterns(RewritePatternSet &patterns,
                                          const TypeConverter &converter) {
  patterns.add<SortLowering, TopKLowering>(converter, patterns.getContext());
}
