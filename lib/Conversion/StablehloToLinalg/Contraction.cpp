//===- Contraction.cpp - dot_general, dot and convolution -----------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Contractions become linalg.generic ops that multiply and accumulate in
// the result element type: dot_general over (batch, lhs free, rhs free,
// contracting) loops; convolution over (batch, output feature, output
// spatial, input feature in the group, window) loops of the padded,
// dilated input, with feature and batch groups as index arithmetic.
//
//===----------------------------------------------------------------------===//

#include "Lowerings.h"

#include "hlox/Dialect/CHLO/IR/ChloOps.h"
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

/// The rhs element of a contraction whose rhs is not a generic operand
/// (ragged_dot reads it with computed indices), and whether the product
/// counts.
struct RhsElement {
  Value value;
  Value valid;
};
using RhsLoader =
    llvm::function_ref<RhsElement(OpBuilder &, Location, ValueRange args)>;

/// A multiply-accumulate linalg.generic: out += convert(lhs) * convert(rhs).
/// Narrow float results (f16, bf16) accumulate in f32 and round once at the
/// end, as the evaluator and XLA do. Without `rhs`, `loadRhs` reads each rhs
/// element from the block arguments (lhs, extra...).
Value emitContraction(ConversionPatternRewriter &rewriter, Location loc,
                      Value lhs, Value rhs, ArrayRef<Value> extra,
                      RankedTensorType resultType, Type lhsElement,
                      Type rhsElement, Type resultElement,
                      ArrayRef<AffineMap> maps,
                      ArrayRef<utils::IteratorType> iterators,
                      RhsLoader loadRhs = nullptr) {
  auto narrow = dyn_cast<FloatType>(resultElement);
  Type accumulator = narrow && narrow.getWidth() < 32
                         ? Type(rewriter.getF32Type())
                         : resultElement;
  auto accumulatorType = resultType.clone(convertElementType(accumulator));
  Value zero = emitZero(rewriter, loc, accumulator);
  Value init = filledTensor(rewriter, loc, accumulatorType, zero);
  SmallVector<Value> inputs{lhs};
  if (rhs)
    inputs.push_back(rhs);
  inputs.append(extra.begin(), extra.end());
  auto generic = linalg::GenericOp::create(
      rewriter, loc, TypeRange{accumulatorType}, inputs, ValueRange{init},
      maps, iterators, [&](OpBuilder &b, Location nested, ValueRange args) {
        RhsElement element{rhs ? args[1] : Value(), Value()};
        if (!rhs)
          element = loadRhs(b, nested, args);
        Value x = emitConvert(b, nested, args[0], lhsElement, resultElement);
        Value y =
            emitConvert(b, nested, element.value, rhsElement, resultElement);
        x = emitConvert(b, nested, x, resultElement, accumulator);
        y = emitConvert(b, nested, y, resultElement, accumulator);
        Value product = emitMul(b, nested, x, y, accumulator);
        if (element.valid)
          product = arith::SelectOp::create(b, nested, element.valid, product,
                                            emitZero(b, nested, accumulator));
        linalg::YieldOp::create(
            b, nested, emitAdd(b, nested, args.back(), product, accumulator));
      });
  Value result = generic.getResult(0);
  if (accumulator == resultElement)
    return result;
  return mapElements(rewriter, loc, result, resultType.getElementType(),
                     [&](OpBuilder &b, Location nested, Value x) {
                       return emitConvert(b, nested, x, accumulator,
                                          resultElement);
                     });
}

Type elementOf(Value value) {
  return cast<ShapedType>(value.getType()).getElementType();
}

/// Lowers a dot_general given its dimension lists.
LogicalResult lowerDotGeneral(Operation *op, Value lhs, Value rhs,
                              ArrayRef<int64_t> lhsBatch,
                              ArrayRef<int64_t> rhsBatch,
                              ArrayRef<int64_t> lhsContracting,
                              ArrayRef<int64_t> rhsContracting,
                              const TypeConverter &converter,
                              ConversionPatternRewriter &rewriter) {
  if (failed(checkStaticTensors(op, rewriter)))
    return failure();
  RankedTensorType resultType =
      convertedTensorType(converter, op->getResult(0).getType());
  if (!resultType)
    return rewriter.notifyMatchFailure(op, "unsupported result type");
  auto lhsType = cast<RankedTensorType>(lhs.getType());
  auto rhsType = cast<RankedTensorType>(rhs.getType());
  int64_t numBatch = lhsBatch.size();
  int64_t lhsFree = lhsType.getRank() - numBatch - lhsContracting.size();
  int64_t rhsFree = rhsType.getRank() - numBatch - rhsContracting.size();
  int64_t numLoops = numBatch + lhsFree + rhsFree + lhsContracting.size();
  MLIRContext *context = op->getContext();
  auto side = [&](int64_t rank, ArrayRef<int64_t> batch,
                  ArrayRef<int64_t> contracting, int64_t freeStart) {
    SmallVector<AffineExpr> exprs;
    int64_t nextFree = freeStart;
    for (int64_t d = 0; d < rank; ++d) {
      if (auto *it = llvm::find(batch, d); it != batch.end())
        exprs.push_back(getAffineDimExpr(it - batch.begin(), context));
      else if (auto *it = llvm::find(contracting, d); it != contracting.end())
        exprs.push_back(getAffineDimExpr(
            numBatch + lhsFree + rhsFree + (it - contracting.begin()), context));
      else
        exprs.push_back(getAffineDimExpr(nextFree++, context));
    }
    return AffineMap::get(numLoops, 0, exprs, context);
  };
  SmallVector<AffineMap> maps{
      side(lhsType.getRank(), lhsBatch, lhsContracting, numBatch),
      side(rhsType.getRank(), rhsBatch, rhsContracting, numBatch + lhsFree)};
  SmallVector<AffineExpr> outExprs;
  for (int64_t d = 0; d < numBatch + lhsFree + rhsFree; ++d)
    outExprs.push_back(getAffineDimExpr(d, context));
  maps.push_back(AffineMap::get(numLoops, 0, outExprs, context));
  SmallVector<utils::IteratorType> iterators(numBatch + lhsFree + rhsFree,
                                             utils::IteratorType::parallel);
  iterators.append(lhsContracting.size(), utils::IteratorType::reduction);
  Value result = emitContraction(
      rewriter, op->getLoc(), lhs, rhs, {}, resultType,
      elementOf(op->getOperand(0)), elementOf(op->getOperand(1)),
      elementOf(op->getResult(0)), maps, iterators);
  rewriter.replaceOp(op, result);
  return success();
}

struct DotGeneralLowering final : OpConversionPattern<shlo::DotGeneralOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::DotGeneralOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto dims = op.getDotDimensionNumbers();
    return lowerDotGeneral(op, adaptor.getLhs(), adaptor.getRhs(),
                           dims.getLhsBatchingDimensions(),
                           dims.getRhsBatchingDimensions(),
                           dims.getLhsContractingDimensions(),
                           dims.getRhsContractingDimensions(),
                           *getTypeConverter(), rewriter);
  }
};

struct DotLowering final : OpConversionPattern<shlo::DotOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    int64_t lhsRank = cast<RankedTensorType>(op.getLhs().getType()).getRank();
    int64_t contracting = lhsRank - 1;
    return lowerDotGeneral(op, adaptor.getLhs(), adaptor.getRhs(), {}, {},
                           ArrayRef<int64_t>(contracting),
                           ArrayRef<int64_t>(int64_t(0)), *getTypeConverter(),
                           rewriter);
  }
};

struct ConvolutionLowering final : OpConversionPattern<shlo::ConvolutionOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::ConvolutionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<RankedTensorType> resultTypeOr =
        staticResultType(op, *getTypeConverter(), rewriter);
    if (failed(resultTypeOr))
      return failure();
    RankedTensorType resultType = *resultTypeOr;
    Location loc = op.getLoc();
    auto dims = op.getDimensionNumbers();
    auto lhsType = cast<RankedTensorType>(op.getLhs().getType());
    auto rhsType = cast<RankedTensorType>(op.getRhs().getType());
    int64_t numSpatial = dims.getInputSpatialDimensions().size();
    int64_t rank = lhsType.getRank();
    auto attrOr = [&](std::optional<ArrayRef<int64_t>> values) {
      return values ? SmallVector<int64_t>(*values)
                    : SmallVector<int64_t>(numSpatial, 1);
    };
    SmallVector<int64_t> strides = attrOr(op.getWindowStrides());
    SmallVector<int64_t> lhsDilation = attrOr(op.getLhsDilation());
    SmallVector<int64_t> rhsDilation = attrOr(op.getRhsDilation());
    SmallVector<bool> reversal(numSpatial, false);
    if (auto attr = op.getWindowReversal())
      reversal.assign(attr->begin(), attr->end());

    // Pad and dilate the input (zeros); lhs dilation is interior padding.
    SmallVector<int64_t> low(rank, 0), high(rank, 0), interior(rank, 0);
    SmallVector<int64_t> padding;
    if (auto attr = op.getPadding())
      padding = llvm::to_vector(attr->getValues<int64_t>());
    for (int64_t i = 0; i < numSpatial; ++i) {
      int64_t d = dims.getInputSpatialDimensions()[i];
      if (!padding.empty()) {
        low[d] = padding[2 * i];
        high[d] = padding[2 * i + 1];
      }
      interior[d] = lhsDilation[i] - 1;
    }
    Type lhsElement = lhsType.getElementType();
    Value input = emitPad(rewriter, loc, adaptor.getLhs(),
                          emitZero(rewriter, loc, lhsElement), low, high,
                          interior);

    int64_t groups = op.getFeatureGroupCount();
    int64_t batchGroups = op.getBatchGroupCount();
    int64_t outFeatures = resultType.getDimSize(dims.getOutputFeatureDimension());
    int64_t outBatch = resultType.getDimSize(dims.getOutputBatchDimension());
    int64_t groupInFeatures =
        rhsType.getDimSize(dims.getKernelInputFeatureDimension());
    MLIRContext *context = getContext();
    // Loops: output batch, output feature, output spatial..., input feature
    // within the group, window spatial...
    int64_t numLoops = 3 + 2 * numSpatial;
    auto dim = [&](int64_t i) { return getAffineDimExpr(i, context); };
    AffineExpr ob = dim(0), of = dim(1), c = dim(2 + numSpatial);
    auto os = [&](int64_t i) { return dim(2 + i); };
    auto ks = [&](int64_t i) { return dim(3 + numSpatial + i); };

    SmallVector<AffineExpr> inExprs(rank), kernelExprs(rank), outExprs(rank),
        windowExprs;
    inExprs[dims.getInputBatchDimension()] =
        batchGroups > 1 ? of.floorDiv(outFeatures / batchGroups) * outBatch + ob
                        : ob;
    inExprs[dims.getInputFeatureDimension()] =
        groups > 1 ? of.floorDiv(outFeatures / groups) * groupInFeatures + c
                   : c;
    kernelExprs[dims.getKernelInputFeatureDimension()] = c;
    kernelExprs[dims.getKernelOutputFeatureDimension()] = of;
    outExprs[dims.getOutputBatchDimension()] = ob;
    outExprs[dims.getOutputFeatureDimension()] = of;
    SmallVector<int64_t> windowShape{groupInFeatures};
    windowExprs.push_back(c);
    for (int64_t i = 0; i < numSpatial; ++i) {
      int64_t kernelDim = dims.getKernelSpatialDimensions()[i];
      int64_t size = rhsType.getDimSize(kernelDim);
      inExprs[dims.getInputSpatialDimensions()[i]] =
          os(i) * strides[i] + ks(i) * rhsDilation[i];
      kernelExprs[kernelDim] = reversal[i] ? size - 1 - ks(i) : ks(i);
      outExprs[dims.getOutputSpatialDimensions()[i]] = os(i);
      windowExprs.push_back(ks(i));
      windowShape.push_back(size);
    }
    SmallVector<AffineMap> maps{
        AffineMap::get(numLoops, 0, inExprs, context),
        AffineMap::get(numLoops, 0, kernelExprs, context),
        AffineMap::get(numLoops, 0, windowExprs, context),
        AffineMap::get(numLoops, 0, outExprs, context)};
    SmallVector<utils::IteratorType> iterators(2 + numSpatial,
                                               utils::IteratorType::parallel);
    iterators.append(1 + numSpatial, utils::IteratorType::reduction);
    Value window =
        tensor::EmptyOp::create(rewriter, loc, windowShape, rewriter.getI1Type());
    Value result = emitContraction(
        rewriter, loc, input, adaptor.getRhs(), {window}, resultType,
        lhsElement, rhsType.getElementType(),
        cast<RankedTensorType>(op.getType()).getElementType(),
        maps, iterators);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// chlo.ragged_dot with a ragged non-contracting lhs dimension: row r of
/// that dimension belongs to group g when it lies among the group_sizes[g]
/// rows after the earlier groups, and multiplies rhs's slice g along the
/// group dimension; rows past the groups are zero. A table of each row's
/// group is filled first (group count G for none); the contraction then
/// reads rhs with the row's group as its index.
struct RaggedDotLowering final : OpConversionPattern<chlo::RaggedDotOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(chlo::RaggedDotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<RankedTensorType> resultType =
        staticResultType(op, *getTypeConverter(), rewriter);
    if (failed(resultType))
      return failure();
    auto dims = op.getRaggedDotDimensionNumbers();
    ArrayRef<int64_t> lhsBatch = dims.getLhsBatchingDimensions();
    ArrayRef<int64_t> rhsBatch = dims.getRhsBatchingDimensions();
    ArrayRef<int64_t> lhsContracting = dims.getLhsContractingDimensions();
    ArrayRef<int64_t> rhsContracting = dims.getRhsContractingDimensions();
    if (dims.getLhsRaggedDimensions().size() != 1 ||
        dims.getRhsGroupDimensions().size() != 1 ||
        llvm::is_contained(lhsContracting, dims.getLhsRaggedDimensions()[0]) ||
        llvm::is_contained(lhsBatch, dims.getLhsRaggedDimensions()[0]))
      return op.emitError("ragged_dot lowers with a ragged "
                          "non-contracting lhs dimension and a group "
                          "dimension in rhs only");
    int64_t raggedDim = dims.getLhsRaggedDimensions()[0];
    int64_t groupDim = dims.getRhsGroupDimensions()[0];
    Location loc = op.getLoc();
    MLIRContext *context = getContext();
    Value lhs = adaptor.getLhs(), rhs = adaptor.getRhs();
    auto lhsType = cast<RankedTensorType>(lhs.getType());
    auto rhsType = cast<RankedTensorType>(rhs.getType());
    int64_t numBatch = lhsBatch.size();
    int64_t lhsFree = lhsType.getRank() - numBatch - lhsContracting.size();
    int64_t rhsFree =
        rhsType.getRank() - 1 - numBatch - rhsContracting.size();
    int64_t numLoops = numBatch + lhsFree + rhsFree + lhsContracting.size();
    int64_t rows = lhsType.getDimSize(raggedDim);
    int64_t groups = rhsType.getDimSize(groupDim);

    // The group of every row.
    auto index = [](OpBuilder &b, Location l, int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, l, v);
    };
    Type sizeType = cast<RankedTensorType>(op.getGroupSizes().getType())
                        .getElementType();
    // i64, not index: the table may cross from one dispatch to the next,
    // and buffers hold fixed-width elements.
    Type i64 = rewriter.getI64Type();
    auto tableType = RankedTensorType::get({rows}, i64);
    Value table = filledTensor(
        rewriter, loc, tableType,
        arith::ConstantIntOp::create(rewriter, loc, i64, groups));
    auto fill = scf::ForOp::create(
        rewriter, loc, index(rewriter, loc, 0), index(rewriter, loc, groups),
        index(rewriter, loc, 1), ValueRange{index(rewriter, loc, 0), table},
        [&](OpBuilder &b, Location l, Value g, ValueRange iter) {
          Value size = toIndex(
              b, l,
              tensor::ExtractOp::create(b, l, adaptor.getGroupSizes(),
                                        ValueRange{g}),
              sizeType);
          Value start = iter[0];
          Value end = arith::AddIOp::create(b, l, start, size);
          Value lo = arith::MaxSIOp::create(b, l, start, index(b, l, 0));
          Value hi = arith::MinSIOp::create(b, l, end, index(b, l, rows));
          auto mark = scf::ForOp::create(
              b, l, lo, hi, index(b, l, 1), ValueRange{iter[1]},
              [&](OpBuilder &mb, Location ml, Value row, ValueRange t) {
                Value group = arith::IndexCastOp::create(mb, ml, i64, g);
                scf::YieldOp::create(mb, ml,
                                     tensor::InsertOp::create(mb, ml, group,
                                                              t[0],
                                                              ValueRange{row})
                                         .getResult());
              });
          scf::YieldOp::create(b, l, ValueRange{end, mark.getResult(0)});
        });
    table = fill.getResult(1);

    // Loops: batch, lhs free (the ragged one among them), rhs free,
    // contracting.
    auto dim = [&](int64_t i) { return getAffineDimExpr(i, context); };
    SmallVector<AffineExpr> lhsExprs;
    int64_t raggedLoop = -1;
    for (int64_t d = 0, nextFree = numBatch; d < lhsType.getRank(); ++d) {
      if (auto *it = llvm::find(lhsBatch, d); it != lhsBatch.end())
        lhsExprs.push_back(dim(it - lhsBatch.begin()));
      else if (auto *it = llvm::find(lhsContracting, d);
               it != lhsContracting.end())
        lhsExprs.push_back(
            dim(numBatch + lhsFree + rhsFree + (it - lhsContracting.begin())));
      else {
        if (d == raggedDim)
          raggedLoop = nextFree;
        lhsExprs.push_back(dim(nextFree++));
      }
    }
    // The loop that indexes each rhs dimension (-1: the group).
    SmallVector<int64_t> rhsLoops;
    for (int64_t d = 0, nextFree = numBatch + lhsFree; d < rhsType.getRank();
         ++d) {
      if (d == groupDim)
        rhsLoops.push_back(-1);
      else if (auto *it = llvm::find(rhsBatch, d); it != rhsBatch.end())
        rhsLoops.push_back(it - rhsBatch.begin());
      else if (auto *it = llvm::find(rhsContracting, d);
               it != rhsContracting.end())
        rhsLoops.push_back(numBatch + lhsFree + rhsFree +
                           (it - rhsContracting.begin()));
      else
        rhsLoops.push_back(nextFree++);
    }
    SmallVector<AffineExpr> outExprs;
    for (int64_t d = 0; d < numBatch + lhsFree + rhsFree; ++d)
      outExprs.push_back(dim(d));
    SmallVector<AffineMap> maps{
        AffineMap::get(numLoops, 0, lhsExprs, context),
        AffineMap::get(numLoops, 0, {dim(raggedLoop)}, context),
        AffineMap::get(numLoops, 0, outExprs, context)};
    SmallVector<utils::IteratorType> iterators(numBatch + lhsFree + rhsFree,
                                               utils::IteratorType::parallel);
    iterators.append(lhsContracting.size(), utils::IteratorType::reduction);
    auto loadRhs = [&](OpBuilder &b, Location l, ValueRange args) {
      Value group = arith::IndexCastOp::create(b, l, b.getIndexType(), args[1]);
      Value valid = arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult,
                                          group, index(b, l, groups));
      SmallVector<Value> indices;
      for (int64_t loop : rhsLoops)
        indices.push_back(loop < 0 ? clampIndex(b, l, group, 0, groups - 1)
                                   : linalg::IndexOp::create(b, l, loop));
      return RhsElement{tensor::ExtractOp::create(b, l, rhs, indices), valid};
    };
    if (groups == 0 || rows == 0 || resultType->getNumElements() == 0) {
      rewriter.replaceOp(op, filledTensor(rewriter, loc, *resultType,
                                          emitZero(rewriter, loc,
                                                   elementOf(op.getResult()))));
      return success();
    }
    Value result = emitContraction(
        rewriter, loc, lhs, Value(), {table}, *resultType,
        elementOf(op.getLhs()), elementOf(op.getRhs()),
        elementOf(op.getResult()), maps, iterators, loadRhs);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// einsum and unary_einsum: `config` ("ab,bc->ac", "ab->ba") names each
/// dimension; every label not in the output is summed over (in label
/// order, as the evaluator sums). One multiply-accumulate generic whose
/// loops are the output labels, then the summed ones; a unary einsum
/// multiplies by one, which LLVM folds away.
LogicalResult lowerEinsum(Operation *op, StringRef config, ValueRange inputs,
                          ArrayRef<Type> inputElements,
                          const TypeConverter &converter,
                          ConversionPatternRewriter &rewriter) {
  FailureOr<RankedTensorType> resultType =
      staticResultType(op, converter, rewriter);
  if (failed(resultType))
    return failure();
  auto [inputText, outText] = config.split("->");
  SmallVector<StringRef> labels;
  inputText.split(labels, ',');
  outText = outText.trim();
  if (!config.contains("->") || labels.size() != inputs.size())
    return op->emitError("einsum_config '")
           << config << "' does not describe " << inputs.size() << " inputs";
  llvm::DenseMap<char, int64_t> sizes;
  for (auto [text, input] : llvm::zip(labels, inputs)) {
    text = text.trim();
    auto type = cast<RankedTensorType>(input.getType());
    if (static_cast<int64_t>(text.size()) != type.getRank())
      return op->emitError("einsum labels '")
             << text << "' do not match rank " << type.getRank();
    for (auto [d, label] : llvm::enumerate(text))
      sizes[label] = type.getDimSize(d);
  }
  if (static_cast<int64_t>(outText.size()) != resultType->getRank())
    return op->emitError("einsum output labels '")
           << outText << "' do not match the result rank";
  SmallVector<char> loops(outText.begin(), outText.end());
  SmallVector<char> summed;
  for (auto [label, size] : sizes)
    if (!outText.contains(label))
      summed.push_back(label);
  llvm::sort(summed);
  loops.append(summed.begin(), summed.end());
  MLIRContext *context = op->getContext();
  auto mapOf = [&](StringRef text) {
    SmallVector<AffineExpr> exprs;
    for (char label : text.trim())
      exprs.push_back(getAffineDimExpr(llvm::find(loops, label) - loops.begin(),
                                       context));
    return AffineMap::get(loops.size(), 0, exprs, context);
  };
  SmallVector<AffineMap> maps;
  for (StringRef text : labels)
    maps.push_back(mapOf(text));
  maps.push_back(mapOf(outText));
  SmallVector<utils::IteratorType> iterators(outText.size(),
                                             utils::IteratorType::parallel);
  iterators.append(summed.size(), utils::IteratorType::reduction);
  Type resultElement = elementOf(op->getResult(0));
  Value result;
  if (inputs.size() == 2) {
    result = emitContraction(rewriter, op->getLoc(), inputs[0], inputs[1], {},
                             *resultType, inputElements[0], inputElements[1],
                             resultElement, maps, iterators);
  } else {
    auto one = [&](OpBuilder &b, Location l, ValueRange) {
      Value value = emitConvert(
          b, l, arith::ConstantOp::create(b, l, b.getI64IntegerAttr(1)),
          b.getI64Type(), inputElements[0]);
      return RhsElement{value, Value()};
    };
    result = emitContraction(rewriter, op->getLoc(), inputs[0], Value(), {},
                             *resultType, inputElements[0], inputElements[0],
                             resultElement, maps, iterators, one);
  }
  rewriter.replaceOp(op, result);
  return success();
}

struct EinsumLowering final : OpConversionPattern<shlo::EinsumOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::EinsumOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return lowerEinsum(op, op.getEinsumConfig(),
                       {adaptor.getLhs(), adaptor.getRhs()},
                       {elementOf(op.getLhs()), elementOf(op.getRhs())},
                       *getTypeConverter(), rewriter);
  }
};

struct UnaryEinsumLowering final : OpConversionPattern<shlo::UnaryEinsumOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::UnaryEinsumOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return lowerEinsum(op, op.getEinsumConfig(), {adaptor.getOperand()},
                       {elementOf(op.getOperand())}, *getTypeConverter(),
                       rewriter);
  }
};

} // namespace

void hlox::lowering::populateContractionPatterns(
    RewritePatternSet &patterns, const TypeConverter &converter) {
  patterns.add<DotGeneralLowering, DotLowering, ConvolutionLowering,
               RaggedDotLowering, EinsumLowering, UnaryEinsumLowering>(
      converter, patterns.getContext());
}
