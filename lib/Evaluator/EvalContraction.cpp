//===- EvalContraction.cpp - Evaluation of dot_general and dot ------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Operands are converted to the result element type first (so i8 x i8 ->
// i32 multiplies 32-bit values, as a preferred element type asks), products
// are accumulated in a wide type (double, complex<double>, 64-bit integers
// that wrap like the result would) and the sum is rounded once into the
// result type.
//
//===----------------------------------------------------------------------===//

#include "EvalUtils.h"

#include "hlox/Dialect/CHLO/IR/ChloOps.h"
#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

using namespace mlir;
using namespace hlox::eval;
using namespace hlox::eval::detail;
namespace shlo = hlox::stablehlo;

namespace {

/// The accumulation type of result storage `T`: integers accumulate in 64
/// bits (wrapping agrees with the result's wrap), floats in their storage
/// type (f32 for f32 and narrower formats, rounded once at the end), as
/// XLA's CPU backend does.
template <typename T> struct Accumulator {
  using type = std::conditional_t<
      isInteger<T>, std::conditional_t<std::is_signed_v<T>, int64_t, uint64_t>,
      T>;
};

/// sum + x * y in accumulation type A (integers wrap, booleans or/and).
template <typename A> A multiplyAdd(A sum, A x, A y) {
  if constexpr (std::is_same_v<A, bool>)
    return sum || (x && y);
  else if constexpr (isInteger<A>)
    return static_cast<A>(static_cast<uint64_t>(sum) +
                          static_cast<uint64_t>(x) * static_cast<uint64_t>(y));
  else
    return sum + x * y;
}

/// The elements of `tensor` converted to the result storage `T` (with the
/// result's format), then widened to its accumulation type.
template <typename T>
std::vector<typename Accumulator<T>::type>
widened(const Tensor &tensor, const ElementFormat &format) {
  using A = typename Accumulator<T>::type;
  std::vector<A> values(tensor.getNumElements());
  dispatch(tensor.getStorage(), [&](auto tag) {
    using From = decltype(tag);
    ArrayRef<From> in = tensor.data<From>();
    for (size_t i = 0; i < values.size(); ++i)
      values[i] = static_cast<A>(convertElement<T>(in[i], format));
  });
  return values;
}

/// Flat offsets of every combination of indices over `dims` of a tensor
/// with `strides`, in row-major order of `sizes`.
SmallVector<int64_t> offsetsOver(ArrayRef<int64_t> dims,
                                 ArrayRef<int64_t> sizes,
                                 ArrayRef<int64_t> strides) {
  SmallVector<int64_t> offsets;
  SmallVector<int64_t> index(dims.size(), 0);
  int64_t count = 1;
  for (int64_t size : sizes)
    count *= size;
  for (int64_t i = 0; i < count; ++i) {
    int64_t offset = 0;
    for (auto [k, d] : llvm::enumerate(dims))
      offset += index[k] * strides[d];
    offsets.push_back(offset);
    nextIndex(index, sizes);
  }
  return offsets;
}

Tensor dotGeneral(const Tensor &lhs, const Tensor &rhs, RankedTensorType type,
                  ArrayRef<int64_t> lhsBatch, ArrayRef<int64_t> rhsBatch,
                  ArrayRef<int64_t> lhsContract,
                  ArrayRef<int64_t> rhsContract) {
  Tensor result(type);
  ElementFormat format(type.getElementType());
  SmallVector<int64_t> lhsStrides = stridesOf(lhs.getShape());
  SmallVector<int64_t> rhsStrides = stridesOf(rhs.getShape());
  auto freeDims = [](int64_t rank, ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
    SmallVector<int64_t> dims;
    for (int64_t d = 0; d < rank; ++d)
      if (!llvm::is_contained(a, d) && !llvm::is_contained(b, d))
        dims.push_back(d);
    return dims;
  };
  SmallVector<int64_t> lhsFree = freeDims(lhs.getRank(), lhsBatch, lhsContract);
  SmallVector<int64_t> rhsFree = freeDims(rhs.getRank(), rhsBatch, rhsContract);
  SmallVector<int64_t> contractSizes;
  for (int64_t d : lhsContract)
    contractSizes.push_back(lhs.getShape()[d]);
  SmallVector<int64_t> lhsInner =
      offsetsOver(lhsContract, contractSizes, lhsStrides);
  SmallVector<int64_t> rhsInner =
      offsetsOver(rhsContract, contractSizes, rhsStrides);
  // Result dimensions: batch, lhs free, rhs free; each maps to one lhs
  // and/or rhs dimension.
  SmallVector<int64_t> lhsStep, rhsStep;
  for (auto [l, r] : llvm::zip(lhsBatch, rhsBatch)) {
    lhsStep.push_back(lhsStrides[l]);
    rhsStep.push_back(rhsStrides[r]);
  }
  for (int64_t d : lhsFree) {
    lhsStep.push_back(lhsStrides[d]);
    rhsStep.push_back(0);
  }
  for (int64_t d : rhsFree) {
    lhsStep.push_back(0);
    rhsStep.push_back(rhsStrides[d]);
  }
  dispatch(result.getStorage(), [&](auto tag) {
    using T = decltype(tag);
    using A = typename Accumulator<T>::type;
    std::vector<A> a = widened<T>(lhs, format), b = widened<T>(rhs, format);
    MutableArrayRef<T> out = result.data<T>();
    SmallVector<int64_t> index(type.getRank(), 0);
    for (int64_t flat = 0, e = out.size(); flat < e; ++flat) {
      int64_t lhsBase = 0, rhsBase = 0;
      for (int64_t d = 0; d < type.getRank(); ++d) {
        lhsBase += index[d] * lhsStep[d];
        rhsBase += index[d] * rhsStep[d];
      }
      A sum{};
      for (size_t c = 0, ce = lhsInner.size(); c < ce; ++c)
        sum = multiplyAdd<A>(sum, a[lhsBase + lhsInner[c]],
                             b[rhsBase + rhsInner[c]]);
      out[flat] = convertElement<T>(sum, format);
      nextIndex(index, type.getShape());
    }
  });
  return result;
}

LogicalResult evalDotGeneral(Operation *op, ArrayRef<RuntimeValue> operands,
                             SmallVectorImpl<RuntimeValue> &results,
                             Evaluator &evaluator) {
  auto dot = cast<shlo::DotGeneralOp>(op);
  shlo::DotDimensionNumbersAttr dims = dot.getDotDimensionNumbers();
  results.push_back(dotGeneral(
      operands[0].getTensor(), operands[1].getTensor(),
      resultType(op, evaluator), dims.getLhsBatchingDimensions(),
      dims.getRhsBatchingDimensions(), dims.getLhsContractingDimensions(),
      dims.getRhsContractingDimensions()));
  return success();
}

LogicalResult evalDot(Operation *op, ArrayRef<RuntimeValue> operands,
                      SmallVectorImpl<RuntimeValue> &results,
                      Evaluator &evaluator) {
  const Tensor &lhs = operands[0].getTensor();
  // vector.vector, matrix.vector, vector.matrix, matrix.matrix: contract
  // the last lhs dimension with the first rhs dimension.
  results.push_back(dotGeneral(lhs, operands[1].getTensor(),
                               resultType(op, evaluator), {}, {},
                               {lhs.getRank() - 1}, {0}));
  return success();
}


/// convolution: for each output element, the sum over the kernel window and
/// the input features of its feature group (and the batch of its batch
/// group) of lhs * rhs, with window strides, padding, lhs (base) and rhs
/// (window) dilation and window reversal; accumulated like dot_general.
/// The window attributes of convolution and dynamic_conv (whose padding is
/// an operand).
struct ConvWindow {
  std::optional<ArrayRef<int64_t>> strides, lhsDilation, rhsDilation;
  std::optional<ArrayRef<bool>> reversal;
  SmallVector<int64_t> padLow;
  int64_t featureGroups, batchGroups;
};

Tensor convolve(const Tensor &lhs, const Tensor &rhs, RankedTensorType type,
                shlo::ConvDimensionNumbersAttr dims, const ConvWindow &window) {
  Tensor result(type);
  ElementFormat format(type.getElementType());
  ArrayRef<int64_t> lhsShape = lhs.getShape(), rhsShape = rhs.getShape();
  SmallVector<int64_t> lhsStrides = stridesOf(lhsShape);
  SmallVector<int64_t> rhsStrides = stridesOf(rhsShape);
  ArrayRef<int64_t> inSpatial = dims.getInputSpatialDimensions();
  ArrayRef<int64_t> kSpatial = dims.getKernelSpatialDimensions();
  ArrayRef<int64_t> outSpatial = dims.getOutputSpatialDimensions();
  int64_t spatial = inSpatial.size();
  auto entry = [](auto list, int64_t i, int64_t fallback) -> int64_t {
    return list ? (*list)[i] : fallback;
  };
  ArrayRef<int64_t> padLow = window.padLow;
  int64_t featureGroups = window.featureGroups;
  int64_t batchGroups = window.batchGroups;
  int64_t inputFeatures = lhsShape[dims.getInputFeatureDimension()];
  int64_t outputFeatures = rhsShape[dims.getKernelOutputFeatureDimension()];
  int64_t kernelInputFeatures = rhsShape[dims.getKernelInputFeatureDimension()];
  int64_t batchPerGroup = lhsShape[dims.getInputBatchDimension()] / batchGroups;
  int64_t outPerFeatureGroup = outputFeatures / featureGroups;
  int64_t outPerBatchGroup = outputFeatures / batchGroups;
  (void)inputFeatures;
  SmallVector<int64_t> kernelWindow;
  for (int64_t d : kSpatial)
    kernelWindow.push_back(rhsShape[d]);
  dispatch(result.getStorage(), [&](auto tag) {
    using T = decltype(tag);
    using A = typename Accumulator<T>::type;
    std::vector<A> a = widened<T>(lhs, format), b = widened<T>(rhs, format);
    MutableArrayRef<T> out = result.data<T>();
    SmallVector<int64_t> index(type.getRank(), 0);
    SmallVector<int64_t> k(spatial, 0);
    for (int64_t flat = 0, e = out.size(); flat < e; ++flat) {
      int64_t batch = index[dims.getOutputBatchDimension()];
      int64_t feature = index[dims.getOutputFeatureDimension()];
      int64_t featureGroup = feature / outPerFeatureGroup;
      int64_t lhsBatch = batch + (feature / outPerBatchGroup) * batchPerGroup;
      A sum{};
      std::fill(k.begin(), k.end(), 0);
      do {
        // The input position of this kernel tap, in lhs-dilated, padded
        // coordinates; holes and padding contribute nothing.
        int64_t lhsBase = lhsBatch * lhsStrides[dims.getInputBatchDimension()];
        int64_t rhsBase =
            feature * rhsStrides[dims.getKernelOutputFeatureDimension()];
        bool inside = true;
        for (int64_t s = 0; s < spatial && inside; ++s) {
          int64_t tap = entry(window.reversal, s, false)
                            ? kernelWindow[s] - 1 - k[s]
                            : k[s];
          int64_t dilated = index[outSpatial[s]] *
                                entry(window.strides, s, 1) +
                            k[s] * entry(window.rhsDilation, s, 1) -
                            padLow[s];
          int64_t base = entry(window.lhsDilation, s, 1);
          if (dilated < 0 || dilated % base != 0 ||
              dilated / base >= lhsShape[inSpatial[s]]) {
            inside = false;
            break;
          }
          lhsBase += (dilated / base) * lhsStrides[inSpatial[s]];
          rhsBase += tap * rhsStrides[kSpatial[s]];
        }
        if (!inside)
          continue;
        for (int64_t c = 0; c < kernelInputFeatures; ++c) {
          int64_t lhsFeature = featureGroup * kernelInputFeatures + c;
          sum = multiplyAdd<A>(
              sum,
              a[lhsBase +
                lhsFeature * lhsStrides[dims.getInputFeatureDimension()]],
              b[rhsBase +
                c * rhsStrides[dims.getKernelInputFeatureDimension()]]);
        }
      } while (nextIndex(k, kernelWindow));
      out[flat] = convertElement<T>(sum, format);
      nextIndex(index, type.getShape());
    }
  });
  return result;
}

LogicalResult evalConvolution(Operation *op, ArrayRef<RuntimeValue> operands,
                              SmallVectorImpl<RuntimeValue> &results,
                              Evaluator &evaluator) {
  auto conv = cast<shlo::ConvolutionOp>(op);
  int64_t spatial = conv.getDimensionNumbers().getInputSpatialDimensions().size();
  ConvWindow window{conv.getWindowStrides(), conv.getLhsDilation(),
                    conv.getRhsDilation(), conv.getWindowReversal(),
                    SmallVector<int64_t>(spatial, 0),
                    static_cast<int64_t>(conv.getFeatureGroupCount()),
                    static_cast<int64_t>(conv.getBatchGroupCount())};
  if (auto padding = conv.getPadding()) {
    SmallVector<int64_t> pads(padding->getValues<int64_t>());
    for (int64_t i = 0; i < spatial; ++i)
      window.padLow[i] = pads[2 * i];
  }
  results.push_back(convolve(operands[0].getTensor(), operands[1].getTensor(),
                             resultType(op, evaluator),
                             conv.getDimensionNumbers(), window));
  return success();
}

LogicalResult evalDynamicConv(Operation *op, ArrayRef<RuntimeValue> operands,
                              SmallVectorImpl<RuntimeValue> &results,
                              Evaluator &evaluator) {
  auto conv = cast<shlo::DynamicConvOp>(op);
  shlo::ConvDimensionNumbersAttr dims = conv.getDimensionNumbers();
  int64_t spatial = dims.getInputSpatialDimensions().size();
  const Tensor &lhs = operands[0].getTensor(), &rhs = operands[1].getTensor();
  const Tensor &padding = operands[2].getTensor();
  if (padding.getNumElements() != 2 * spatial)
    return op->emitError("padding must hold ") << 2 * spatial << " values";
  SmallVector<int64_t> pads;
  dispatch(padding.getStorage(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_integral_v<T>)
      for (T value : padding.data<T>())
        pads.push_back(static_cast<int64_t>(value));
  });
  ConvWindow window{conv.getWindowStrides(), conv.getLhsDilation(),
                    conv.getRhsDilation(), conv.getWindowReversal(),
                    SmallVector<int64_t>(spatial, 0),
                    static_cast<int64_t>(conv.getFeatureGroupCount()),
                    static_cast<int64_t>(conv.getBatchGroupCount())};
  // The result shape follows from the padding values.
  RankedTensorType type = resultType(op, evaluator);
  SmallVector<int64_t> shape(type.getShape());
  auto entry = [](auto list, int64_t i) -> int64_t {
    return list ? (*list)[i] : 1;
  };
  for (int64_t i = 0; i < spatial; ++i) {
    window.padLow[i] = pads[2 * i];
    int64_t size = lhs.getShape()[dims.getInputSpatialDimensions()[i]];
    int64_t dilated = size == 0 ? 0 : (size - 1) * entry(window.lhsDilation, i) + 1;
    int64_t padded = pads[2 * i] + dilated + pads[2 * i + 1];
    int64_t k = rhs.getShape()[dims.getKernelSpatialDimensions()[i]];
    int64_t dilatedKernel = k == 0 ? 0 : (k - 1) * entry(window.rhsDilation, i) + 1;
    shape[dims.getOutputSpatialDimensions()[i]] =
        padded < dilatedKernel ? 0
                               : (padded - dilatedKernel) /
                                         entry(window.strides, i) +
                                     1;
  }
  shape[dims.getOutputBatchDimension()] =
      lhs.getShape()[dims.getInputBatchDimension()] / window.batchGroups;
  shape[dims.getOutputFeatureDimension()] =
      rhs.getShape()[dims.getKernelOutputFeatureDimension()];
  results.push_back(convolve(lhs, rhs, type.clone(shape), dims, window));
  return success();
}
/// chlo.ragged_dot with a ragged non-contracting lhs dimension: the rows of
/// group g (group_sizes[g] consecutive positions along the ragged
/// dimension) multiply rhs's group g; rows past the groups are zero.
LogicalResult evalRaggedDot(Operation *op, ArrayRef<RuntimeValue> operands,
                            SmallVectorImpl<RuntimeValue> &results,
                            Evaluator &evaluator) {
  auto ragged = cast<hlox::chlo::RaggedDotOp>(op);
  auto dims = ragged.getRaggedDotDimensionNumbers();
  const Tensor &lhs = operands[0].getTensor(), &rhs = operands[1].getTensor();
  const Tensor &groupSizes = operands[2].getTensor();
  if (dims.getLhsRaggedDimensions().size() != 1 ||
      dims.getRhsGroupDimensions().size() != 1)
    return op->emitError("the evaluator supports ragged_dot with a ragged "
                         "non-contracting lhs dimension and a group "
                         "dimension in rhs only");
  int64_t raggedDim = dims.getLhsRaggedDimensions()[0];
  int64_t groupDim = dims.getRhsGroupDimensions()[0];
  if (llvm::is_contained(dims.getLhsContractingDimensions(), raggedDim) ||
      llvm::is_contained(dims.getLhsBatchingDimensions(), raggedDim))
    return op->emitError("the evaluator supports ragged_dot with a ragged "
                         "non-contracting lhs dimension only");
  // rhs dimensions after dropping the group dimension.
  auto shift = [&](ArrayRef<int64_t> list) {
    SmallVector<int64_t> shifted;
    for (int64_t d : list)
      shifted.push_back(d > groupDim ? d - 1 : d);
    return shifted;
  };
  SmallVector<int64_t> rhsBatch = shift(dims.getRhsBatchingDimensions());
  SmallVector<int64_t> rhsContract = shift(dims.getRhsContractingDimensions());
  RankedTensorType type = resultType(op, evaluator);
  Tensor result(type);
  // Where the ragged dimension lands in the result: after the batch
  // dimensions, among lhs's free dimensions.
  int64_t outDim = dims.getLhsBatchingDimensions().size();
  for (int64_t d = 0; d < raggedDim; ++d)
    if (!llvm::is_contained(dims.getLhsBatchingDimensions(), d) &&
        !llvm::is_contained(dims.getLhsContractingDimensions(), d))
      ++outDim;
  int64_t start = 0;
  for (int64_t g = 0; g < groupSizes.getNumElements(); ++g) {
    int64_t size = 0;
    dispatch(groupSizes.getStorage(), [&](auto tag) {
      using T = decltype(tag);
      if constexpr (std::is_integral_v<T>)
        size = static_cast<int64_t>(groupSizes.data<T>()[g]);
    });
    Tensor product =
        dotGeneral(lhs, sliceAt(rhs, groupDim, g), type,
                   dims.getLhsBatchingDimensions(), rhsBatch,
                   dims.getLhsContractingDimensions(), rhsContract);
    for (int64_t row = start;
         row < std::min(start + size, type.getDimSize(outDim)); ++row)
      putSliceAt(result, outDim, row, sliceAt(product, outDim, row));
    start += size;
  }
  results.push_back(std::move(result));
  return success();
}

/// einsum and unary_einsum: `config` is "ab,bc->ac" (or "ab->ba"); every
/// label that is not an output label is summed over.
FailureOr<Tensor> einsum(Operation *op, StringRef config,
                         ArrayRef<const Tensor *> inputs,
                         RankedTensorType type) {
  auto [lhsText, outText] = config.split("->");
  SmallVector<StringRef> inputLabels;
  lhsText.split(inputLabels, ',');
  if (!config.contains("->") || inputLabels.size() != inputs.size())
    return op->emitError("einsum_config '")
           << config << "' does not describe " << inputs.size() << " inputs";
  llvm::DenseMap<char, int64_t> sizes;
  for (auto [labels, input] : llvm::zip(inputLabels, inputs)) {
    labels = labels.trim();
    if (static_cast<int64_t>(labels.size()) != input->getRank())
      return op->emitError("einsum labels '")
             << labels << "' do not match rank " << input->getRank();
    for (auto [d, label] : llvm::enumerate(labels))
      sizes[label] = input->getShape()[d];
  }
  outText = outText.trim();
  if (static_cast<int64_t>(outText.size()) != type.getRank())
    return op->emitError("einsum output labels '")
           << outText << "' do not match the result rank";
  SmallVector<char> summed;
  for (auto [label, size] : sizes)
    if (!outText.contains(label))
      summed.push_back(label);
  llvm::sort(summed);
  SmallVector<int64_t> summedShape;
  for (char label : summed)
    summedShape.push_back(sizes[label]);
  Tensor result(type);
  ElementFormat format(type.getElementType());
  dispatch(result.getStorage(), [&](auto tag) {
    using T = decltype(tag);
    using A = typename Accumulator<T>::type;
    SmallVector<std::vector<A>> values;
    SmallVector<SmallVector<int64_t>> strides;
    for (const Tensor *input : inputs) {
      values.push_back(widened<T>(*input, format));
      strides.push_back(stridesOf(input->getShape()));
    }
    MutableArrayRef<T> out = result.data<T>();
    SmallVector<int64_t> index(type.getRank(), 0);
    llvm::DenseMap<char, int64_t> at;
    for (int64_t flat = 0, e = out.size(); flat < e; ++flat) {
      for (auto [d, label] : llvm::enumerate(outText))
        at[label] = index[d];
      SmallVector<int64_t> inner(summed.size(), 0);
      A sum{};
      do {
        for (auto [k, label] : llvm::enumerate(summed))
          at[label] = inner[k];
        A product{};
        for (size_t i = 0; i < inputs.size(); ++i) {
          int64_t position = 0;
          for (auto [d, label] : llvm::enumerate(inputLabels[i].trim()))
            position += at[label] * strides[i][d];
          A value = values[i][position];
          if (i == 0)
            product = value;
          else if constexpr (std::is_same_v<A, bool>)
            product = product && value;
          else if constexpr (isInteger<A>)
            product = static_cast<A>(static_cast<uint64_t>(product) *
                                     static_cast<uint64_t>(value));
          else
            product = product * value;
        }
        if constexpr (std::is_same_v<A, bool>)
          sum = sum || product;
        else if constexpr (isInteger<A>)
          sum = static_cast<A>(static_cast<uint64_t>(sum) +
                               static_cast<uint64_t>(product));
        else
          sum = sum + product;
      } while (!summed.empty() && nextIndex(inner, summedShape));
      out[flat] = convertElement<T>(sum, format);
      nextIndex(index, type.getShape());
    }
  });
  return result;
}

LogicalResult evalEinsum(Operation *op, ArrayRef<RuntimeValue> operands,
                         SmallVectorImpl<RuntimeValue> &results,
                         Evaluator &evaluator) {
  FailureOr<Tensor> result =
      einsum(op, cast<shlo::EinsumOp>(op).getEinsumConfig(),
             {&operands[0].getTensor(), &operands[1].getTensor()},
             resultType(op, evaluator));
  if (failed(result))
    return failure();
  results.push_back(std::move(*result));
  return success();
}

LogicalResult evalUnaryEinsum(Operation *op, ArrayRef<RuntimeValue> operands,
                              SmallVectorImpl<RuntimeValue> &results,
                              Evaluator &evaluator) {
  FailureOr<Tensor> result =
      einsum(op, cast<shlo::UnaryEinsumOp>(op).getEinsumConfig(),
             {&operands[0].getTensor()}, resultType(op, evaluator));
  if (failed(result))
    return failure();
  results.push_back(std::move(*result));
  return success();
}

} // namespace

void hlox::eval::registerContractionOps(OpTable &table) {
  add<shlo::DotGeneralOp>(table, evalDotGeneral);
  add<shlo::DotOp>(table, evalDot);
  add<shlo::ConvolutionOp>(table, evalConvolution);
  add<shlo::DynamicConvOp>(table, evalDynamicConv);
  add<hlox::chlo::RaggedDotOp>(table, evalRaggedDot);
  add<shlo::EinsumOp>(table, evalEinsum);
  add<shlo::UnaryEinsumOp>(table, evalUnaryEinsum);
}
