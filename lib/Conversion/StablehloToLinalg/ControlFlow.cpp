//===- ControlFlow.cpp - while, if, case and their terminators ------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// while becomes scf.while, if scf.if and case scf.index_switch (an index out
// of range takes the last branch, as the spec says). Their regions move over
// and convert in place; stablehlo.return becomes scf.condition or scf.yield
// after its new parent.
//
//===----------------------------------------------------------------------===//

#include "Lowerings.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace hlox;
using namespace hlox::lowering;
namespace shlo = hlox::stablehlo;

namespace {

/// Moves `from` into the empty region `to` and converts its block signature.
LogicalResult moveRegion(Region &from, Region &to,
                         const TypeConverter &converter,
                         ConversionPatternRewriter &rewriter) {
  rewriter.inlineRegionBefore(from, to, to.end());
  return rewriter.convertRegionTypes(&to, converter);
}

struct WhileLowering final : OpConversionPattern<shlo::WhileOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::WhileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<SmallVector<Type>> types =
        staticResultTypes(op, *getTypeConverter(), rewriter);
    if (failed(types))
      return failure();
    auto loop = scf::WhileOp::create(rewriter, op.getLoc(), *types,
                                     adaptor.getOperand());
    if (failed(moveRegion(op.getCond(), loop.getBefore(), *getTypeConverter(),
                          rewriter)) ||
        failed(moveRegion(op.getBody(), loop.getAfter(), *getTypeConverter(),
                          rewriter)))
      return failure();
    rewriter.replaceOp(op, loop.getResults());
    return success();
  }
};

struct IfLowering final : OpConversionPattern<shlo::IfOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::IfOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<SmallVector<Type>> types =
        staticResultTypes(op, *getTypeConverter(), rewriter);
    if (failed(types))
      return failure();
    Value pred = extractScalar(rewriter, op.getLoc(), adaptor.getPred());
    auto ifOp = scf::IfOp::create(rewriter, op.getLoc(), *types, pred,
                                  /*addThenBlock=*/false,
                                  /*addElseBlock=*/false);
    if (failed(moveRegion(op.getTrueBranch(), ifOp.getThenRegion(),
                          *getTypeConverter(), rewriter)) ||
        failed(moveRegion(op.getFalseBranch(), ifOp.getElseRegion(),
                          *getTypeConverter(), rewriter)))
      return failure();
    rewriter.replaceOp(op, ifOp.getResults());
    return success();
  }
};

struct CaseLowering final : OpConversionPattern<shlo::CaseOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::CaseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<SmallVector<Type>> types =
        staticResultTypes(op, *getTypeConverter(), rewriter);
    if (failed(types))
      return failure();
    Location loc = op.getLoc();
    Value index = toIndex(rewriter, loc,
                          extractScalar(rewriter, loc, adaptor.getIndex()),
                          rewriter.getI32Type());
    size_t numBranches = op.getBranches().size();
    SmallVector<int64_t> cases;
    for (size_t i = 0; i + 1 < numBranches; ++i)
      cases.push_back(i);
    auto switchOp = scf::IndexSwitchOp::create(rewriter, loc, *types, index,
                                               cases, cases.size());
    for (size_t i = 0; i + 1 < numBranches; ++i)
      if (failed(moveRegion(op.getBranches()[i], switchOp.getCaseRegions()[i],
                            *getTypeConverter(), rewriter)))
        return failure();
    if (failed(moveRegion(op.getBranches().back(), switchOp.getDefaultRegion(),
                          *getTypeConverter(), rewriter)))
      return failure();
    rewriter.replaceOp(op, switchOp.getResults());
    return success();
  }
};

/// stablehlo.return inside a region that became an scf op's.
struct ReturnLowering final : OpConversionPattern<shlo::ReturnOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Operation *parent = op->getParentOp();
    if (auto loop = dyn_cast<scf::WhileOp>(parent)) {
      if (op->getParentRegion() == &loop.getBefore()) {
        Value pred = extractScalar(rewriter, op.getLoc(), adaptor.getOperands()[0]);
        rewriter.replaceOpWithNewOp<scf::ConditionOp>(
            op, pred, loop.getBefore().front().getArguments());
        return success();
      }
    } else if (!isa<scf::IfOp, scf::IndexSwitchOp>(parent)) {
      return failure();
    }
    rewriter.replaceOpWithNewOp<scf::YieldOp>(op, adaptor.getOperands());
    return success();
  }
};

} // namespace

void hlox::lowering::populateControlFlowPatterns(
    RewritePatternSet &patterns, const TypeConverter &converter) {
  patterns.add<WhileLowering, IfLowering, CaseLowering, ReturnLowering>(
      converter, patterns.getContext());
}
