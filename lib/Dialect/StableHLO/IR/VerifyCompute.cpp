//===- VerifyCompute.cpp - Verifiers of contractions, linalg and misc ops -===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Each check names the spec constraint it implements as /*op_cN*/.
//
//===----------------------------------------------------------------------===//

#include "VerifyUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace hlox::stablehlo;
using namespace hlox::stablehlo::detail;

/// The quantized forms of dot_general and convolution: a quantized lhs
/// needs a quantized rhs of the same storage and expressed types and gives
/// a quantized result; a float lhs with a quantized rhs (weight-only
/// quantization) computes in the rhs's expressed type. A per-axis rhs is
/// quantized along a dimension that is not contracted. The spec copy the
/// labels follow predates these rules, so they carry no labels.
static LogicalResult verifyQuantizedContraction(Operation *op, Type lhsType,
                                                Type rhsType, Type resultType,
                                                ArrayRef<int64_t> contracted) {
  auto lhs = dyn_cast<quant::QuantizedType>(getElementTypeOrSelf(lhsType));
  auto rhs = dyn_cast<quant::QuantizedType>(getElementTypeOrSelf(rhsType));
  auto result =
      dyn_cast<quant::QuantizedType>(getElementTypeOrSelf(resultType));
  if (lhs && !rhs)
    return op->emitOpError("a quantized lhs needs a quantized rhs");
  if (!rhs)
    return success();
  if (auto perAxis = dyn_cast<quant::UniformQuantizedPerAxisType>(rhs))
    if (llvm::is_contained(contracted, perAxis.getQuantizedDimension()))
      return op->emitOpError("rhs must not be quantized along a contracted "
                             "dimension");
  if (!lhs) {
    if (getElementTypeOrSelf(lhsType) != rhs.getExpressedType() ||
        getElementTypeOrSelf(resultType) != rhs.getExpressedType())
      return op->emitOpError("with a float lhs, lhs and result must have the "
                             "rhs's expressed type");
    return success();
  }
  if (lhs.getStorageType() != rhs.getStorageType() ||
      lhs.getExpressedType() != rhs.getExpressedType())
    return op->emitOpError("quantized lhs and rhs must have the same storage "
                           "and expressed types");
  if (!result || result.getExpressedType() != lhs.getExpressedType())
    return op->emitOpError("a quantized contraction must have a quantized "
                           "result of the operands' expressed type");
  return success();
}

LogicalResult DotGeneralOp::verify() {
  auto lhs = cast<ShapedType>(getLhs().getType());
  auto rhs = cast<ShapedType>(getRhs().getType());
  DotDimensionNumbersAttr dims = getDotDimensionNumbers();
  /*dot_general_c1*/ if (!isa<quant::QuantizedType>(lhs.getElementType()) &&
                         !isa<quant::QuantizedType>(rhs.getElementType()) &&
                         lhs.getElementType() != rhs.getElementType())
    return emitOpError("/*dot_general_c1*/ lhs and rhs must have the same "
                       "element type");
  ArrayRef<int64_t> lb = dims.getLhsBatchingDimensions(),
                    rb = dims.getRhsBatchingDimensions(),
                    lc = dims.getLhsContractingDimensions(),
                    rc = dims.getRhsContractingDimensions();
  /*dot_general_c2*/ if (lb.size() != rb.size())
    return emitOpError("/*dot_general_c2*/ lhs and rhs must have the same "
                       "number of batching dimensions");
  /*dot_general_c3*/ if (lc.size() != rc.size())
    return emitOpError("/*dot_general_c3*/ lhs and rhs must have the same "
                       "number of contracting dimensions");
  SmallVector<int64_t> lhsAll(lb), rhsAll(rb);
  lhsAll.append(lc.begin(), lc.end());
  rhsAll.append(rc.begin(), rc.end());
  // /*dot_general_c6*/ /*dot_general_c7*/ ranges, /*dot_general_c4*/
  // uniqueness of lhs dims; /*dot_general_c8*/ /*dot_general_c9*/,
  // /*dot_general_c5*/ of rhs dims.
  if (failed(verifyDimsInRangeAndUnique(*this, "/*dot_general_c6*/ ",
                                        "/*dot_general_c4*/ ",
                                        "lhs batching and contracting dims",
                                        lhsAll, lhs.getRank())) ||
      failed(verifyDimsInRangeAndUnique(*this, "/*dot_general_c8*/ ",
                                        "/*dot_general_c5*/ ",
                                        "rhs batching and contracting dims",
                                        rhsAll, rhs.getRank())))
    return failure();
  for (auto [l, r] : llvm::zip(lb, rb))
    /*dot_general_c10*/ if (!compatibleDim(lhs.getDimSize(l), rhs.getDimSize(r)))
      return emitOpError("/*dot_general_c10*/ batching dimension sizes differ: ")
             << lhs.getDimSize(l) << " vs " << rhs.getDimSize(r);
  for (auto [l, r] : llvm::zip(lc, rc))
    /*dot_general_c11*/ if (!compatibleDim(lhs.getDimSize(l), rhs.getDimSize(r)))
      return emitOpError("/*dot_general_c11*/ contracting dimension sizes "
                         "differ: ")
             << lhs.getDimSize(l) << " vs " << rhs.getDimSize(r);
  if (auto precision = getPrecisionConfig())
    /*dot_general_c12*/ if (!precision->empty() && precision->size() != 2)
      return emitOpError("/*dot_general_c12*/ precision_config must have 0 "
                         "or 2 entries");
  // /*dot_general_c13*/: the result shape is batch, lhs free, rhs free.
  SmallVector<int64_t> expected = dotGeneralShape(lhs, rhs, dims);
  if (failed(verifyCompatibleShape(cast<ShapedType>(getType()).getShape(),
                                   expected)))
    return emitOpError("/*dot_general_c13*/ result shape must be the batch "
                       "dims, then lhs free dims, then rhs free dims");
  return verifyQuantizedContraction(*this, lhs, rhs, getType(), rc);
}

LogicalResult ConvolutionOp::verify() {
  auto lhs = cast<ShapedType>(getLhs().getType());
  auto rhs = cast<ShapedType>(getRhs().getType());
  ConvDimensionNumbersAttr dims = getDimensionNumbers();
  int64_t spatial = static_cast<int64_t>(dims.getInputSpatialDimensions().size());
  /*convolution_c1*/ if (lhs.getRank() != rhs.getRank())
    return emitOpError("/*convolution_c1*/ lhs and rhs must have the same "
                       "rank");
  /*convolution_c2*/ if (!isa<quant::QuantizedType>(lhs.getElementType()) &&
                         !isa<quant::QuantizedType>(rhs.getElementType()) &&
                         lhs.getElementType() != rhs.getElementType())
    return emitOpError("/*convolution_c2*/ lhs and rhs must have the same "
                       "element type");
  /*convolution_c13*/ if (lhs.getRank() != spatial + 2)
    return emitOpError("/*convolution_c13*/ dimension numbers describe rank ")
           << spatial + 2 << ", operands have rank " << lhs.getRank();
  // /*convolution_c14*/ /*convolution_c19*/ /*convolution_c21*/: each side's
  // dimension numbers are a permutation of [0, N).
  auto checkLayout = [&](StringRef label, StringRef side, int64_t a, int64_t b,
                         ArrayRef<int64_t> spatialDims) -> LogicalResult {
    SmallVector<int64_t> all{a, b};
    llvm::append_range(all, spatialDims);
    return verifyDimsInRangeAndUnique(*this, label, label, side, all,
                                      lhs.getRank());
  };
  /*convolution_c18*/ if (static_cast<int64_t>(
                              dims.getKernelSpatialDimensions().size()) !=
                          spatial)
    return emitOpError("/*convolution_c18*/ the kernel must have ")
           << spatial << " spatial dimensions";
  /*convolution_c20*/ if (static_cast<int64_t>(
                              dims.getOutputSpatialDimensions().size()) !=
                          spatial)
    return emitOpError("/*convolution_c20*/ the output must have ")
           << spatial << " spatial dimensions";
  if (failed(checkLayout("/*convolution_c14*/ ", "input dimensions",
                         dims.getInputBatchDimension(),
                         dims.getInputFeatureDimension(),
                         dims.getInputSpatialDimensions())) ||
      failed(checkLayout("/*convolution_c19*/ ", "kernel dimensions",
                         dims.getKernelInputFeatureDimension(),
                         dims.getKernelOutputFeatureDimension(),
                         dims.getKernelSpatialDimensions())) ||
      failed(checkLayout("/*convolution_c21*/ ", "output dimensions",
                         dims.getOutputBatchDimension(),
                         dims.getOutputFeatureDimension(),
                         dims.getOutputSpatialDimensions())))
    return failure();
  auto checkList = [&](StringRef sizeLabel, StringRef positiveLabel,
                       StringRef name,
                       std::optional<ArrayRef<int64_t>> values) {
    return verifyPositiveList(*this, sizeLabel, positiveLabel, name, values,
                              spatial);
  };
  if (failed(checkList("/*convolution_c3*/ ", "/*convolution_c4*/ ",
                       "window_strides", getWindowStrides())) ||
      failed(checkList("/*convolution_c6*/ ", "/*convolution_c7*/ ",
                       "lhs_dilation", getLhsDilation())) ||
      failed(checkList("/*convolution_c8*/ ", "/*convolution_c9*/ ",
                       "rhs_dilation", getRhsDilation())))
    return failure();
  if (auto padding = getPadding()) {
    auto type = cast<ShapedType>(padding->getType());
    /*convolution_c5*/ if (type.getRank() != 2 || type.getDimSize(0) != spatial ||
                           type.getDimSize(1) != 2)
      return emitOpError("/*convolution_c5*/ padding must have shape [")
             << spatial << ", 2]";
  }
  if (auto reversal = getWindowReversal())
    /*convolution_c10*/ if (static_cast<int64_t>(reversal->size()) != spatial)
      return emitOpError("/*convolution_c10*/ window_reversal must have ")
             << spatial << " entries";
  int64_t inputFeatures = lhs.getDimSize(dims.getInputFeatureDimension());
  int64_t kernelInputFeatures =
      rhs.getDimSize(dims.getKernelInputFeatureDimension());
  int64_t featureGroups = getFeatureGroupCount();
  int64_t batchGroups = getBatchGroupCount();
  int64_t batch = lhs.getDimSize(dims.getInputBatchDimension());
  int64_t outputFeatures =
      rhs.getDimSize(dims.getKernelOutputFeatureDimension());
  /*convolution_c11*/ if (!ShapedType::isDynamic(batch) &&
                          batch % batchGroups != 0)
    return emitOpError("/*convolution_c11*/ input batch dimension ")
           << batch << " must be divisible by batch_group_count "
           << batchGroups;
  /*convolution_c12*/ if (!ShapedType::isDynamic(inputFeatures) &&
                          inputFeatures % featureGroups != 0)
    return emitOpError("/*convolution_c12*/ input feature dimension ")
           << inputFeatures << " must be divisible by feature_group_count "
           << featureGroups;
  /*convolution_c15*/ if (!ShapedType::isDynamic(inputFeatures) &&
                          !ShapedType::isDynamic(kernelInputFeatures) &&
                          inputFeatures / featureGroups != kernelInputFeatures)
    return emitOpError("/*convolution_c15*/ kernel input feature dimension "
                       "must be ")
           << inputFeatures / featureGroups;
  /*convolution_c16*/ if (!ShapedType::isDynamic(outputFeatures) &&
                          outputFeatures % batchGroups != 0)
    return emitOpError("/*convolution_c16*/ kernel output feature dimension ")
           << outputFeatures << " must be divisible by batch_group_count "
           << batchGroups;
  /*convolution_c17*/ if (!ShapedType::isDynamic(outputFeatures) &&
                          outputFeatures % featureGroups != 0)
    return emitOpError("/*convolution_c17*/ kernel output feature dimension ")
           << outputFeatures << " must be divisible by feature_group_count "
           << featureGroups;
  /*convolution_c24*/ if (featureGroups != 1 && batchGroups != 1)
    return emitOpError("/*convolution_c24*/ feature_group_count and "
                       "batch_group_count cannot both exceed 1");
  // /*convolution_c26*/ /*convolution_c28*/: the result shape.
  auto result = cast<ShapedType>(getType());
  if (result.getRank() != lhs.getRank())
    return emitOpError("/*convolution_c28*/ result must have rank ")
           << lhs.getRank();
  // The spec copy's C27 (result element type = lhs element type) is left
  // out: producers widen integer results (i8 x i8 -> i64 in the corpus).
  SmallVector<int64_t> expected = convolutionShape(
      lhs, rhs, dims, getWindowStrides(), getPadding(), getLhsDilation(),
      getRhsDilation(), batchGroups);
  if (failed(verifyCompatibleShape(result.getShape(), expected)))
    return emitOpError("/*convolution_c26*/ result must have shape ")
           << RankedTensorType::get(expected, result.getElementType());
  if (auto precision = getPrecisionConfig())
    /*convolution_c25*/ if (!precision->empty() && precision->size() != 2)
      return emitOpError("/*convolution_c25*/ precision_config must have 0 "
                         "or 2 entries");
  return verifyQuantizedContraction(
      *this, lhs, rhs, result,
      {dims.getKernelInputFeatureDimension()});
}

LogicalResult FftOp::verify() {
  auto operand = cast<ShapedType>(getOperand().getType());
  ArrayRef<int64_t> length = getFftLength();
  /*fft_c1*/ if (static_cast<int64_t>(length.size()) > operand.getRank())
    return emitOpError("/*fft_c1*/ fft_length has more entries than the "
                       "operand's rank");
  /*fft_c3*/ if (length.empty() || length.size() > 3)
    return emitOpError("/*fft_c3*/ fft_length must have 1 to 3 entries");
  bool real = getFftType() == FftType::RFFT;
  bool operandComplex = isa<ComplexType>(operand.getElementType());
  /*fft_c2*/ if (real == operandComplex)
    return emitOpError("/*fft_c2*/ RFFT takes a real operand, the other "
                       "transforms a complex one");
  // /*fft_c4*/: the real side of RFFT (its operand) and IRFFT (its result)
  // ends in fft_length.
  auto result = cast<ShapedType>(getType());
  ShapedType realSide = getFftType() == FftType::RFFT    ? operand
                        : getFftType() == FftType::IRFFT ? result
                                                         : ShapedType();
  if (realSide) {
    ArrayRef<int64_t> trailing =
        realSide.getShape().take_back(std::min<size_t>(
            length.size(), static_cast<size_t>(realSide.getRank())));
    if (failed(verifyCompatibleShape(trailing, length)))
      return emitOpError("/*fft_c4*/ the trailing dimensions of the real "
                         "tensor must be fft_length");
  }
  // /*fft_c5*/: IRFFT's complex operand holds length / 2 + 1 coefficients
  // (the RFFT direction is checked through type inference).
  if (getFftType() == FftType::IRFFT && result.getRank() > 0 &&
      operand.getRank() == result.getRank() &&
      !compatibleDim(operand.getDimSize(operand.getRank() - 1),
                     result.isDynamicDim(result.getRank() - 1)
                         ? ShapedType::kDynamic
                         : result.getDimSize(result.getRank() - 1) / 2 + 1))
    return emitOpError("/*fft_c5*/ the last operand dimension must be "
                       "the last result dimension / 2 + 1");
  return success();
}

LogicalResult TriangularSolveOp::verify() {
  auto a = cast<ShapedType>(getA().getType());
  auto b = cast<ShapedType>(getB().getType());
  /*triangular_solve_c1*/ if (a.getElementType() != b.getElementType())
    return emitOpError("/*triangular_solve_c1*/ a and b must have the same "
                       "element type");
  /*triangular_solve_c2*/ if (a.getRank() < 2 || a.getRank() != b.getRank())
    return emitOpError("/*triangular_solve_c2*/ a and b must have the same "
                       "rank, at least 2");
  int64_t rows = a.getDimSize(a.getRank() - 2);
  int64_t cols = a.getDimSize(a.getRank() - 1);
  /*triangular_solve_c3*/ if (!compatibleDim(rows, cols))
    return emitOpError("/*triangular_solve_c3*/ a must hold square matrices");
  int64_t shared = getLeftSide() ? b.getDimSize(b.getRank() - 2)
                                 : b.getDimSize(b.getRank() - 1);
  /*triangular_solve_c3*/ if (!compatibleDim(shared, rows))
    return emitOpError("/*triangular_solve_c3*/ b does not match the size of "
                       "a on the solved side");
  if (getTransposeA() == Transpose::TRANSPOSE_INVALID)
    return emitOpError("transpose_a must not be TRANSPOSE_INVALID");
  return success();
}

LogicalResult GetTupleElementOp::verify() {
  auto tuple = cast<TupleType>(getOperand().getType());
  /*get_tuple_element_c1*/ if (getIndex() >= tuple.size())
    return emitOpError("/*get_tuple_element_c1*/ index ")
           << getIndex() << " is out of range for a tuple of " << tuple.size();
  /*get_tuple_element_c2*/ if (tuple.getType(getIndex()) != getType())
    return emitOpError("/*get_tuple_element_c2*/ result type must be ")
           << tuple.getType(getIndex());
  return success();
}

LogicalResult
CompositeOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto callee = symbolTable.lookupNearestSymbolFrom<func::FuncOp>(
      *this, getDecompositionAttr());
  /*composite_c1*/ if (!callee)
    return emitOpError("/*composite_c1*/ decomposition ")
           << getDecompositionAttr() << " does not name a function";
  FunctionType type = callee.getFunctionType();
  /*composite_c2*/ if (type.getInputs() != getOperandTypes() ||
                       type.getResults() != getResultTypes())
    return emitOpError("/*composite_c2*/ decomposition type ")
           << type << " does not match the op's operand and result types";
  return success();
}


LogicalResult CholeskyOp::verify() {
  auto a = cast<ShapedType>(getA().getType());
  /*cholesky_c2*/ if (a.getRank() < 2)
    return emitOpError("/*cholesky_c2*/ a must have rank >= 2");
  /*cholesky_c3*/ if (!compatibleDim(a.getDimSize(a.getRank() - 2),
                                     a.getDimSize(a.getRank() - 1)))
    return emitOpError("/*cholesky_c3*/ a must hold square matrices");
  return success();
}

LogicalResult RngOp::verify() {
  Type element = getElementTypeOrSelf(getType());
  /*rng_c1*/ if (getElementTypeOrSelf(getA().getType()) != element ||
                 getElementTypeOrSelf(getB().getType()) != element)
    return emitOpError("/*rng_c1*/ a, b and result must have the same "
                       "element type");
  /*rng_c2*/ if (getRngDistribution() == RngDistribution::NORMAL &&
                 !isa<FloatType>(element))
    return emitOpError("/*rng_c2*/ the NORMAL distribution needs a "
                       "floating-point element type");
  auto shapeType = cast<ShapedType>(getShape().getType());
  auto result = cast<ShapedType>(getType());
  /*rng_c3*/ if (!shapeType.isDynamicDim(0) &&
                 shapeType.getDimSize(0) != result.getRank())
    return emitOpError("/*rng_c3*/ shape must have ")
           << result.getRank() << " elements";
  return success();
}

LogicalResult RngBitGeneratorOp::verify() {
  /*rng_bit_generator_c1*/ if (getInitialState().getType() !=
                               getOutputState().getType())
    return emitOpError("/*rng_bit_generator_c1*/ output_state must have the "
                       "type of initial_state");
  return success();
}

namespace {
/// A per-feature operand of a batch_norm op and the constraint on its size.
struct PerFeature {
  StringRef name;
  Value value;
  StringRef sizeLabel;
};
} // namespace

/// The checks the three batch_norm ops share: feature_index in range
/// (`indexLabel`), per-feature operands of the operand's element type
/// (`typeLabel`) that are 1-d tensors of the feature size.
static LogicalResult verifyBatchNorm(Operation *op, StringRef indexLabel,
                                     StringRef typeLabel, Value operand,
                                     uint64_t featureIndex,
                                     ArrayRef<PerFeature> perFeature) {
  auto type = cast<ShapedType>(operand.getType());
  if (featureIndex >= static_cast<uint64_t>(type.getRank()))
    return op->emitOpError() << indexLabel << "feature_index " << featureIndex
                             << " is out of range [0, " << type.getRank()
                             << ")";
  int64_t features = type.getDimSize(featureIndex);
  for (const PerFeature &entry : perFeature) {
    auto valueType = cast<ShapedType>(entry.value.getType());
    if (!sameBaseElementType(type, valueType))
      return op->emitOpError() << typeLabel << entry.name
                               << " must have the operand's element type";
    if (valueType.getRank() != 1 ||
        !compatibleDim(valueType.getDimSize(0), features))
      return op->emitOpError() << entry.sizeLabel << entry.name
                               << " must be a 1-d tensor of " << features
                               << " elements";
  }
  return success();
}

LogicalResult BatchNormInferenceOp::verify() {
  return verifyBatchNorm(
      *this, "/*batch_norm_inference_c1*/ ", "/*batch_norm_inference_c2*/ ",
      getOperand(), getFeatureIndex(),
      {{"scale", getScale(), "/*batch_norm_inference_c3*/ "},
       {"offset", getOffset(), "/*batch_norm_inference_c4*/ "},
       {"mean", getMean(), "/*batch_norm_inference_c5*/ "},
       {"variance", getVariance(), "/*batch_norm_inference_c6*/ "}});
}

LogicalResult BatchNormTrainingOp::verify() {
  return verifyBatchNorm(
      *this, "/*batch_norm_training_c1*/ ", "/*batch_norm_training_c2*/ ",
      getOperand(), getFeatureIndex(),
      {{"scale", getScale(), "/*batch_norm_training_c3*/ "},
       {"offset", getOffset(), "/*batch_norm_training_c4*/ "},
       {"batch_mean", getBatchMean(), "/*batch_norm_training_c5*/ "},
       {"batch_var", getBatchVar(), "/*batch_norm_training_c6*/ "}});
}

LogicalResult BatchNormGradOp::verify() {
  if (failed(verifyBatchNorm(
          *this, "/*batch_norm_grad_c1*/ ", "/*batch_norm_grad_c2*/ ",
          getOperand(), getFeatureIndex(),
          {{"scale", getScale(), "/*batch_norm_grad_c5*/ "},
           {"mean", getMean(), "/*batch_norm_grad_c4*/ "},
           {"variance", getVariance(), "/*batch_norm_grad_c4*/ "},
           {"grad_scale", getGradScale(), "/*batch_norm_grad_c4*/ "},
           {"grad_offset", getGradOffset(), "/*batch_norm_grad_c4*/ "}})))
    return failure();
  /*batch_norm_grad_c3*/ if (failed(verifyCompatibleShape(
                                 getOperand().getType(),
                                 getGradOutput().getType())))
    return emitOpError("/*batch_norm_grad_c3*/ grad_output must have the "
                       "operand's shape");
  return success();
}
