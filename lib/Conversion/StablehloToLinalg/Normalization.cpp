//===- Normalization.cpp - batch_norm_inference, _training and _grad ------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The batch norm ops compute in f64 and round once into their result types,
// as the evaluator does: elementwise linalg.generic ops that read the
// per-feature operands through the feature dimension, and per-feature sums
// (generics that reduce every dimension but the feature one, in row-major
// order) for the moments and the gradients.
//
//===----------------------------------------------------------------------===//

#include "Lowerings.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace hlox;
using namespace hlox::lowering;
namespace shlo = hlox::stablehlo;

namespace {

using ScalarFn =
    llvm::function_ref<Value(OpBuilder &, Location, ValueRange args)>;

/// Builds the f64 arithmetic of one batch norm op over an operand of
/// `shape` whose features lie along `feature`.
class FeatureBuilder {
public:
  FeatureBuilder(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                 int64_t feature)
      : b(b), loc(loc), shape(shape), feature(feature) {}

  /// `value` (elements of StableHLO type `element`) in f64.
  Value widen(Value value, Type element) {
    return mapElements(b, loc, value, b.getF64Type(),
                       [&](OpBuilder &nb, Location nl, Value x) {
                         return emitConvert(nb, nl, x, element, nb.getF64Type());
                       });
  }

  /// f64 `value` rounded into StableHLO element type `element`.
  Value narrow(Value value, Type element) {
    return mapElements(b, loc, value, convertElementType(element),
                       [&](OpBuilder &nb, Location nl, Value x) {
                         return emitConvert(nb, nl, x, nb.getF64Type(), element);
                       });
  }

  /// An f64 tensor of the operand's shape: `fn` of the elements of `full`
  /// (operand-shaped) and then of `perFeature` (one value per feature).
  Value elementwise(ValueRange full, ValueRange perFeature, ScalarFn fn) {
    unsigned rank = shape.size();
    auto type = RankedTensorType::get(shape, b.getF64Type());
    SmallVector<Value> inputs(full);
    inputs.append(perFeature.begin(), perFeature.end());
    SmallVector<AffineMap> maps(full.size(), b.getMultiDimIdentityMap(rank));
    maps.append(perFeature.size(), featureMap());
    maps.push_back(b.getMultiDimIdentityMap(rank));
    return linalg::GenericOp::create(
               b, loc, TypeRange{type}, inputs,
               ValueRange{emptyTensor(b, loc, type)}, maps,
               parallelIterators(rank),
               [&](OpBuilder &nb, Location nl, ValueRange args) {
                 linalg::YieldOp::create(nb, nl, fn(nb, nl, args.drop_back()));
               })
        .getResult(0);
  }

  /// Per feature, the sum of `fn` over the same inputs as elementwise.
  Value featureSum(ValueRange full, ValueRange perFeature, ScalarFn fn) {
    unsigned rank = shape.size();
    auto type = RankedTensorType::get({shape[feature]}, b.getF64Type());
    SmallVector<Value> inputs(full);
    inputs.append(perFeature.begin(), perFeature.end());
    SmallVector<AffineMap> maps(full.size(), b.getMultiDimIdentityMap(rank));
    maps.append(perFeature.size(), featureMap());
    maps.push_back(featureMap());
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::reduction);
    iterators[feature] = utils::IteratorType::parallel;
    Value init = filledTensor(b, loc, type, constant(b, loc, 0.0));
    return linalg::GenericOp::create(
               b, loc, TypeRange{type}, inputs, ValueRange{init}, maps,
               iterators,
               [&](OpBuilder &nb, Location nl, ValueRange args) {
                 Value term = fn(nb, nl, args.drop_back());
                 linalg::YieldOp::create(
                     nb, nl,
                     arith::AddFOp::create(nb, nl, args.back(), term)
                         .getResult());
               })
        .getResult(0);
  }

  /// A per-feature f64 tensor: `fn` of per-feature inputs.
  Value perFeature(ValueRange inputs, ScalarFn fn) {
    auto type = RankedTensorType::get({shape[feature]}, b.getF64Type());
    AffineMap identity = b.getMultiDimIdentityMap(1);
    SmallVector<AffineMap> maps(inputs.size() + 1, identity);
    return linalg::GenericOp::create(
               b, loc, TypeRange{type}, inputs,
               ValueRange{emptyTensor(b, loc, type)}, maps,
               parallelIterators(1),
               [&](OpBuilder &nb, Location nl, ValueRange args) {
                 linalg::YieldOp::create(nb, nl, fn(nb, nl, args.drop_back()));
               })
        .getResult(0);
  }

  /// The number of elements per feature.
  double count() const {
    double n = 1;
    for (auto [d, size] : llvm::enumerate(shape))
      if (static_cast<int64_t>(d) != feature)
        n *= static_cast<double>(size);
    return n;
  }

  static Value constant(OpBuilder &nb, Location nl, double value) {
    return arith::ConstantOp::create(nb, nl, nb.getF64FloatAttr(value));
  }

private:
  AffineMap featureMap() {
    return AffineMap::get(shape.size(), 0,
                          {b.getAffineDimExpr(feature)}, b.getContext());
  }

  OpBuilder &b;
  Location loc;
  ArrayRef<int64_t> shape;
  int64_t feature;
};

Type elementOf(Value value) {
  return cast<ShapedType>(value.getType()).getElementType();
}

/// (x - mean) / sqrt(variance + epsilon), on scalars.
Value normalize(OpBuilder &b, Location loc, Value x, Value mean,
                Value variance, double epsilon) {
  Value stddev = math::SqrtOp::create(
      b, loc,
      arith::AddFOp::create(b, loc, variance,
                            FeatureBuilder::constant(b, loc, epsilon)));
  return arith::DivFOp::create(b, loc, arith::SubFOp::create(b, loc, x, mean),
                               stddev);
}

/// normalize(x) * scale + offset on scalars (x, scale, offset, mean,
/// variance): the output of batch_norm_inference and _training.
Value scaleAndShift(OpBuilder &b, Location loc, ValueRange a, double epsilon) {
  Value n = normalize(b, loc, a[0], a[3], a[4], epsilon);
  return arith::AddFOp::create(b, loc, arith::MulFOp::create(b, loc, n, a[1]),
                               a[2]);
}

struct BatchNormInferenceLowering final
    : OpConversionPattern<shlo::BatchNormInferenceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::BatchNormInferenceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(staticResultType(op, *getTypeConverter(), rewriter)))
      return failure();
    auto type = cast<RankedTensorType>(op.getOperand().getType());
    FeatureBuilder f(rewriter, op.getLoc(), type.getShape(),
                     op.getFeatureIndex());
    Type element = type.getElementType();
    double epsilon = op.getEpsilon().convertToDouble();
    SmallVector<Value> perFeature;
    for (Value v : {adaptor.getScale(), adaptor.getOffset(), adaptor.getMean(),
                    adaptor.getVariance()})
      perFeature.push_back(f.widen(v, element));
    Value result = f.elementwise(
        {f.widen(adaptor.getOperand(), element)}, perFeature,
        [&](OpBuilder &b, Location l, ValueRange a) {
          return scaleAndShift(b, l, a, epsilon);
        });
    rewriter.replaceOp(op, f.narrow(result, elementOf(op.getResult())));
    return success();
  }
};

struct BatchNormTrainingLowering final
    : OpConversionPattern<shlo::BatchNormTrainingOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::BatchNormTrainingOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(staticResultTypes(op, *getTypeConverter(), rewriter)))
      return failure();
    auto type = cast<RankedTensorType>(op.getOperand().getType());
    FeatureBuilder f(rewriter, op.getLoc(), type.getShape(),
                     op.getFeatureIndex());
    Type element = type.getElementType();
    double epsilon = op.getEpsilon().convertToDouble();
    double count = f.count();
    Value x = f.widen(adaptor.getOperand(), element);
    Value scale = f.widen(adaptor.getScale(), element);
    Value offset = f.widen(adaptor.getOffset(), element);
    // Divided by the count (0 when there are no elements).
    auto average = [&](Value sum) {
      return f.perFeature({sum}, [&](OpBuilder &b, Location l, ValueRange a) {
        if (count == 0)
          return FeatureBuilder::constant(b, l, 0.0);
        return arith::DivFOp::create(b, l, a[0],
                                     FeatureBuilder::constant(b, l, count))
            .getResult();
      });
    };
    Value mean = average(
        f.featureSum({x}, {}, [](OpBuilder &, Location, ValueRange a) {
          return a[0];
        }));
    Value variance = average(f.featureSum(
        {x}, {mean}, [](OpBuilder &b, Location l, ValueRange a) -> Value {
          Value d = arith::SubFOp::create(b, l, a[0], a[1]);
          return arith::MulFOp::create(b, l, d, d);
        }));
    Value output = f.elementwise(
        {x}, {scale, offset, mean, variance},
        [&](OpBuilder &b, Location l, ValueRange a) {
          return scaleAndShift(b, l, a, epsilon);
        });
    rewriter.replaceOp(op, {f.narrow(output, elementOf(op.getOutput())),
                            f.narrow(mean, elementOf(op.getBatchMean())),
                            f.narrow(variance, elementOf(op.getBatchVar()))});
    return success();
  }
};

struct BatchNormGradLowering final
    : OpConversionPattern<shlo::BatchNormGradOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::BatchNormGradOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(staticResultTypes(op, *getTypeConverter(), rewriter)))
      return failure();
    auto type = cast<RankedTensorType>(op.getOperand().getType());
    FeatureBuilder f(rewriter, op.getLoc(), type.getShape(),
                     op.getFeatureIndex());
    Type element = type.getElementType();
    double epsilon = op.getEpsilon().convertToDouble();
    double count = f.count();
    Value x = f.widen(adaptor.getOperand(), element);
    Value grad = f.widen(adaptor.getGradOutput(), element);
    Value scale = f.widen(adaptor.getScale(), element);
    Value mean = f.widen(adaptor.getMean(), element);
    Value variance = f.widen(adaptor.getVariance(), element);
    // normalized = (x - mean) / sqrt(variance + epsilon);
    // grad_offset = sum(grad); grad_scale = sum(grad * normalized);
    // grad_operand = scale / stddev *
    //   (grad - grad_offset / N - normalized * grad_scale / N).
    Value gradOffset = f.featureSum(
        {grad}, {}, [](OpBuilder &, Location, ValueRange a) { return a[0]; });
    Value gradScale = f.featureSum(
        {x, grad}, {mean, variance},
        [&](OpBuilder &b, Location l, ValueRange a) -> Value {
          return arith::MulFOp::create(
              b, l, a[1], normalize(b, l, a[0], a[2], a[3], epsilon));
        });
    Value gradOperand = f.elementwise(
        {x, grad}, {scale, mean, variance, gradOffset, gradScale},
        [&](OpBuilder &b, Location l, ValueRange a) -> Value {
          Value n = normalize(b, l, a[0], a[3], a[4], epsilon);
          Value stddev = math::SqrtOp::create(
              b, l,
              arith::AddFOp::create(b, l, a[4],
                                    FeatureBuilder::constant(b, l, epsilon)));
          Value countValue = FeatureBuilder::constant(b, l, count);
          Value inner = arith::SubFOp::create(
              b, l,
              arith::SubFOp::create(
                  b, l, a[1], arith::DivFOp::create(b, l, a[5], countValue)),
              arith::DivFOp::create(b, l,
                                    arith::MulFOp::create(b, l, n, a[6]),
                                    countValue));
          return arith::MulFOp::create(
              b, l, arith::DivFOp::create(b, l, a[2], stddev), inner);
        });
    rewriter.replaceOp(
        op, {f.narrow(gradOperand, elementOf(op.getGradOperand())),
             f.narrow(gradScale, elementOf(op.getGradScale())),
             f.narrow(gradOffset, elementOf(op.getGradOffset()))});
    return success();
  }
};

} // namespace

void hlox::lowering::populateNormalizationPatterns(
    RewritePatternSet &patterns, const TypeConverter &converter) {
  patterns.add<BatchNormInferenceLowering, BatchNormTrainingLowering,
               BatchNormGradLowering>(converter, patterns.getContext());
}
