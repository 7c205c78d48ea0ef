//===- ControlFlow.cpp - while, if, case and their terminators ------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// after_all and create_token give empty tensors, the tokens of compiled code.
// while becomes scf.while, if scf.if and case scf.index_switch (an index out
// of range takes the last branch, as the spec says). Their regions move over
// and convert in place; stablehlo.return becomes scf.condition or scf.yield
// after its new parent.
//
// chlo.scan becomes a stablehlo.while over the positions along its
// dimension that slices the inputs, runs a copy of the body and writes the
// outputs back with dynamic_update_slice; the while then lowers as above.
//
//===----------------------------------------------------------------------===//

#include "Lowerings.h"

#include "hlox/Dialect/CHLO/IR/ChloOps.h"
#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"

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

/// after_all and create_token: tokens order side effects, which on one
/// device run in program order anyway; a token is an empty tensor.
template <typename OpT>
struct TokenLowering final : OpConversionPattern<OpT> {
  using OpConversionPattern<OpT>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_or_null<RankedTensorType>(
        this->getTypeConverter()->convertType(op.getType()));
    if (!type)
      return rewriter.notifyMatchFailure(op, "no token type conversion");
    rewriter.replaceOp(op, emptyTensor(rewriter, op.getLoc(), type));
    return success();
  }
};

/// A splat zero of `type` (any integer, float or complex element).
Value zeroTensor(OpBuilder &b, Location loc, RankedTensorType type) {
  Type element = type.getElementType();
  DenseElementsAttr value;
  if (auto complexType = dyn_cast<ComplexType>(element)) {
    auto part = cast<FloatType>(complexType.getElementType());
    APFloat zero = APFloat::getZero(part.getFloatSemantics());
    value = DenseElementsAttr::get(type, std::complex<APFloat>(zero, zero));
  } else {
    value = DenseElementsAttr::get(type, b.getZeroAttr(element));
  }
  return shlo::ConstantOp::create(b, loc, type, value);
}

struct ScanLowering final : OpConversionPattern<chlo::ScanOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(chlo::ScanOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkStaticTensors(op, rewriter)))
      return failure();
    Location loc = op.getLoc();
    size_t numInputs = op.getInputs().size();
    size_t numCarries = op.getInits().size();
    size_t numOutputs = op->getNumResults() - numCarries;
    int64_t dim = op.getDimension();
    auto typeOf = [](Value v) { return cast<RankedTensorType>(v.getType()); };
    int64_t length = numInputs ? typeOf(op.getInputs()[0]).getDimSize(dim)
                     : numOutputs ? typeOf(op->getResult(0)).getDimSize(dim)
                                  : 0;
    Block &body = op.getBody().front();
    if (body.getNumArguments() != numInputs + numCarries)
      return rewriter.notifyMatchFailure(op, "body arity");
    auto i64Scalar = RankedTensorType::get({}, rewriter.getI64Type());
    auto constant = [&](OpBuilder &b, int64_t v) -> Value {
      return shlo::ConstantOp::create(
          b, loc, i64Scalar,
          DenseElementsAttr::get(i64Scalar, b.getI64IntegerAttr(v)));
    };
    SmallVector<Value> init{constant(rewriter, 0)};
    for (Value result : op->getResults().take_front(numOutputs))
      init.push_back(zeroTensor(rewriter, loc, typeOf(result)));
    llvm::append_range(init, op.getInits());
    SmallVector<Type> types;
    for (Value v : init)
      types.push_back(v.getType());
    auto loop = shlo::WhileOp::create(rewriter, loc, types, init);

    Block *cond = rewriter.createBlock(&loop.getCond());
    for (Type t : types)
      cond->addArgument(t, loc);
    Value more = shlo::CompareOp::create(
        rewriter, loc, cond->getArgument(0), constant(rewriter, length),
        shlo::ComparisonDirection::LT,
        shlo::ComparisonTypeAttr::get(getContext(),
                                      shlo::ComparisonType::SIGNED));
    shlo::ReturnOp::create(rewriter, loc, more);

    Block *step = rewriter.createBlock(&loop.getBody());
    for (Type t : types)
      step->addArgument(t, loc);
    Value counter = step->getArgument(0);
    Value position =
        op.getIsReverse()
            ? shlo::SubtractOp::create(rewriter, loc,
                                       constant(rewriter, length - 1), counter)
                  .getResult()
            : counter;
    auto startsFor = [&](int64_t rank) {
      SmallVector<Value> starts;
      for (int64_t d = 0; d < rank; ++d)
        starts.push_back(d == dim ? position : constant(rewriter, 0));
      return starts;
    };
    // The slice type of a stacked tensor: size 1 along `dim`.
    auto sliceType = [&](RankedTensorType type) {
      SmallVector<int64_t> shape(type.getShape());
      shape[dim] = 1;
      return type.clone(shape);
    };
    IRMapping mapping;
    for (size_t k = 0; k < numInputs; ++k) {
      Value input = op.getInputs()[k];
      RankedTensorType type = sliceType(typeOf(input));
      Value slice = shlo::DynamicSliceOp::create(
          rewriter, loc, type, input, startsFor(type.getRank()),
          type.getShape());
      mapping.map(body.getArgument(k),
                  shlo::ReshapeOp::create(rewriter, loc,
                                          body.getArgument(k).getType(), slice)
                      .getResult());
    }
    for (size_t k = 0; k < numCarries; ++k)
      mapping.map(body.getArgument(numInputs + k),
                  step->getArgument(1 + numOutputs + k));
    for (Operation &inner : body.without_terminator())
      rewriter.clone(inner, mapping);
    Operation *terminator = body.getTerminator();
    if (terminator->getNumOperands() != numOutputs + numCarries)
      return rewriter.notifyMatchFailure(op, "body results");
    SmallVector<Value> next{shlo::AddOp::create(rewriter, loc, counter,
                                                constant(rewriter, 1))};
    for (size_t k = 0; k < numOutputs; ++k) {
      Value stacked = step->getArgument(1 + k);
      RankedTensorType type = sliceType(typeOf(stacked));
      Value update = shlo::ReshapeOp::create(
          rewriter, loc, type,
          mapping.lookupOrDefault(terminator->getOperand(k)));
      next.push_back(shlo::DynamicUpdateSliceOp::create(
          rewriter, loc, stacked, update, startsFor(type.getRank())));
    }
    for (size_t k = 0; k < numCarries; ++k)
      next.push_back(
          mapping.lookupOrDefault(terminator->getOperand(numOutputs + k)));
    shlo::ReturnOp::create(rewriter, loc, next);
    rewriter.replaceOp(op, loop.getResults().drop_front());
    return success();
  }
};

} // namespace

void hlox::lowering::populateControlFlowPatterns(
    RewritePatternSet &patterns, const TypeConverter &converter) {
  patterns.add<WhileLowering, IfLowering, CaseLowering, ReturnLowering,
               ScanLowering, TokenLowering<shlo::AfterAllOp>,
               TokenLowering<shlo::CreateTokenOp>>(converter,
                                                   patterns.getContext());
}
