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

#include "mlir/Dialect/Linalg/IR/Linalg.h"

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

} // namespace

void hlox::lowering::populatePointwisePatterns(RewritePatternSet &patterns,
                                               const TypeConverter &converter) {
  patterns.add<ElementwiseOpLowering>(converter, patterns.getContext());
}
