//===- SelectLibraryCalls.cpp - Contractions to library ops ---------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/GeluPattern.h"
#include "hlox/Transforms/Passes.h"
#include "hlox/Transforms/WindowPatterns.h"

#include "mlir/IR/Builders.h"

#include <array>

#define DEBUG_TYPE "hlox-select-library-calls"

namespace hlox {
#define GEN_PASS_DEF_HLOXSELECTLIBRARYCALLS
#include "hlox/Transforms/Passes.h.inc"
} // namespace hlox

using namespace mlir;
namespace shlo = hlox::stablehlo;

namespace {

/// Convolutions become library calls from min-flops / this.
constexpr double kConvolutionThresholdDivisor = 64;
/// Matrix-vector products become library calls from min-flops / this.
constexpr double kMatrixVectorThresholdDivisor = 16;
/// Products of at most this many rows by a row-major rhs stay oneDNN's
/// under hlox-matmul-kernel (isFewRowsByRowMajorRhs).
constexpr int64_t kFewRows = 4;

/// How a contraction maps onto `library.matmul`, when it does.
struct MatmulForm {
  bool transposeLhs = false;
  bool transposeRhs = false;
  int64_t batchRank = 0;
  int64_t contractingRank = 0;
  /// The library op's operands: the contraction's, or what a transpose of
  /// one of them reads (the library reads it transposed instead).
  Value lhs, rhs;
};

/// The operand of `value`'s defining transpose, if it only swaps the last
/// two of `batchRank` + 2 dimensions (a matrix transpose per batch entry).
Value getMatrixTransposeOperand(Value value, int64_t batchRank) {
  auto transpose = value.getDefiningOp<shlo::TransposeOp>();
  if (!transpose)
    return nullptr;
  ArrayRef<int64_t> permutation = transpose.getPermutation();
  if (static_cast<int64_t>(permutation.size()) != batchRank + 2)
    return nullptr;
  for (int64_t i = 0; i < batchRank; ++i)
    if (permutation[i] != i)
      return nullptr;
  if (permutation[batchRank] != batchRank + 1 ||
      permutation[batchRank + 1] != batchRank)
    return nullptr;
  return transpose.getOperand();
}

/// Whether `dims` is `start, start + 1, ...`.
bool isRun(ArrayRef<int64_t> dims, int64_t start) {
  for (auto [i, dim] : llvm::enumerate(dims))
    if (dim != start + static_cast<int64_t>(i))
      return false;
  return true;
}

/// The matmul form of a contraction of operands of ranks `lhsRank` and
/// `rhsRank`, if its dimension lists allow one.
std::optional<MatmulForm> getMatmulForm(int64_t lhsRank, int64_t rhsRank,
                                        ArrayRef<int64_t> lhsBatch,
                                        ArrayRef<int64_t> rhsBatch,
                                        ArrayRef<int64_t> lhsContracting,
                                        ArrayRef<int64_t> rhsContracting) {
  MatmulForm form;
  form.batchRank = static_cast<int64_t>(lhsBatch.size());
  form.contractingRank = static_cast<int64_t>(lhsContracting.size());
  if (!isRun(lhsBatch, 0) || !isRun(rhsBatch, 0))
    return std::nullopt;
  int64_t lhsFree = lhsRank - form.batchRank - form.contractingRank;
  int64_t rhsFree = rhsRank - form.batchRank - form.contractingRank;
  // K at the back of lhs ([b, M, K]) or right after its batch ([b, K, M]);
  // with no M dimension both read the same and the first is taken.
  if (isRun(lhsContracting, form.batchRank + lhsFree))
    form.transposeLhs = false;
  else if (isRun(lhsContracting, form.batchRank))
    form.transposeLhs = true;
  else
    return std::nullopt;
  // K right after rhs's batch ([b, K, N]) or at its back ([b, N, K]).
  if (isRun(rhsContracting, form.batchRank))
    form.transposeRhs = false;
  else if (isRun(rhsContracting, form.batchRank + rhsFree))
    form.transposeRhs = true;
  else
    return std::nullopt;
  return form;
}

bool isStaticF32(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && tensor.hasStaticShape() && tensor.getElementType().isF32();
}

/// How a convolution maps onto `library.conv2d`, when it does.
struct ConvForm {
  bool nhwc = false;
  /// An NHWC convolution whose kernel is OIHW.
  bool kernelOihw = false;
  int64_t groups = 1;
  SmallVector<int64_t> strides, padding, dilations;
};

/// The conv2d form of `op`: two spatial dimensions in NCHW/OIHW,
/// NHWC/HWIO or NHWC/OIHW, one batch group, no input dilation or window
/// reversal, padding without negative entries, f32 or bf16 throughout.
std::optional<ConvForm> getConvForm(shlo::ConvolutionOp op) {
  auto input = dyn_cast<RankedTensorType>(op.getLhs().getType());
  auto kernel = dyn_cast<RankedTensorType>(op.getRhs().getType());
  auto result = dyn_cast<RankedTensorType>(op.getResult().getType());
  if (!input || !kernel || !result || !input.hasStaticShape() ||
      !kernel.hasStaticShape() || !result.hasStaticShape() ||
      input.getRank() != 4)
    return std::nullopt;
  // Nothing to compute: generated code handles empty tensors.
  if (input.getNumElements() == 0 || kernel.getNumElements() == 0 ||
      result.getNumElements() == 0)
    return std::nullopt;
  Type element = input.getElementType();
  if (!(element.isF32() || element.isBF16()) ||
      kernel.getElementType() != element || result.getElementType() != element)
    return std::nullopt;
  if (op.getBatchGroupCount() != 1)
    return std::nullopt;
  if (auto dilation = op.getLhsDilation())
    if (llvm::any_of(*dilation, [](int64_t d) { return d != 1; }))
      return std::nullopt;
  if (auto reversal = op.getWindowReversal())
    if (llvm::any_of(*reversal, [](bool r) { return r; }))
      return std::nullopt;
  // Each layout as (batch or output feature, feature or input feature,
  // first spatial, second spatial) of the input, the kernel and the output.
  auto dims = op.getDimensionNumbers();
  auto hasLayout = [&](std::array<int64_t, 4> input,
                       std::array<int64_t, 4> kernel,
                       std::array<int64_t, 4> output) {
    auto matches = [](int64_t batch, int64_t feature, ArrayRef<int64_t> spatial,
                      std::array<int64_t, 4> want) {
      return batch == want[0] && feature == want[1] &&
             spatial == ArrayRef<int64_t>(want).drop_front(2);
    };
    return matches(dims.getInputBatchDimension(),
                   dims.getInputFeatureDimension(),
                   dims.getInputSpatialDimensions(), input) &&
           matches(dims.getKernelOutputFeatureDimension(),
                   dims.getKernelInputFeatureDimension(),
                   dims.getKernelSpatialDimensions(), kernel) &&
           matches(dims.getOutputBatchDimension(),
                   dims.getOutputFeatureDimension(),
                   dims.getOutputSpatialDimensions(), output);
  };
  ConvForm form;
  if (hasLayout({0, 1, 2, 3}, {0, 1, 2, 3}, {0, 1, 2, 3}))
    form.nhwc = false; // NCHW, OIHW
  else if (hasLayout({0, 3, 1, 2}, {3, 2, 0, 1}, {0, 3, 1, 2}))
    form.nhwc = true; // NHWC, HWIO
  else if (hasLayout({0, 3, 1, 2}, {0, 1, 2, 3}, {0, 3, 1, 2}))
    form.nhwc = form.kernelOihw = true; // NHWC, OIHW
  else
    return std::nullopt;
  form.groups = op.getFeatureGroupCount();
  form.strides = op.getWindowStrides()
                     ? SmallVector<int64_t>(*op.getWindowStrides())
                     : SmallVector<int64_t>{1, 1};
  form.dilations = op.getRhsDilation()
                       ? SmallVector<int64_t>(*op.getRhsDilation())
                       : SmallVector<int64_t>{1, 1};
  form.padding = {0, 0, 0, 0};
  if (auto padding = op.getPadding())
    form.padding = llvm::to_vector(padding->getValues<int64_t>());
  if (form.padding.size() != 4 ||
      llvm::any_of(form.padding, [](int64_t p) { return p < 0; }))
    return std::nullopt;
  return form;
}

/// The epilogue of a convolution: the StableHLO ops after it that a
/// `library.conv2d` applies to each result element before it stores it.
struct ConvEpilogue {
  Value bias;
  Value addend;
  /// maximum with +0 (StableHLO's, which keeps NaN).
  bool relu = false;
  /// The NHWC result transposed to NCHW.
  bool nchwResult = false;
  /// A max pool over height and width: window, strides, padding (null
  /// without one).
  DenseI64ArrayAttr poolWindow, poolStrides, poolPadding;
  /// The absorbed ops, in order; the last one's result is the epilogue's.
  SmallVector<Operation *> ops;
};

/// The only user of `value`, if it has one use and that user is an `OpTy`
/// with `value` as one of its two operands; `other` is then the other one.
template <typename OpTy>
OpTy getOnlyBinaryUser(Value value, Value &other) {
  if (!value.hasOneUse())
    return nullptr;
  auto user = dyn_cast<OpTy>(*value.getUsers().begin());
  if (!user || user->getNumOperands() != 2)
    return nullptr;
  other = user->getOperand(user->getOperand(0) == value ? 1 : 0);
  return user;
}

/// The bias vector `value` broadcasts along `featureDim`, if it is such a
/// broadcast of a vector of `channels` elements of type `element` (f32
/// unless given).
Value getBiasVector(Value value, int64_t featureDim, int64_t channels,
                    Type element = nullptr) {
  auto broadcast = value.getDefiningOp<shlo::BroadcastInDimOp>();
  if (!broadcast || broadcast.getBroadcastDimensions().size() != 1 ||
      broadcast.getBroadcastDimensions()[0] != featureDim)
    return nullptr;
  auto type = dyn_cast<RankedTensorType>(broadcast.getOperand().getType());
  if (!type || type.getRank() != 1 || type.getDimSize(0) != channels ||
      (element ? type.getElementType() != element
               : !type.getElementType().isF32()))
    return nullptr;
  return broadcast.getOperand();
}

/// Whether `value` is a tensor of +0.0 (a splat constant or a broadcast of
/// a scalar one): -0.0 would make maximum's result differ for negative
/// inputs.
bool isPositiveZeros(Value value) {
  if (auto broadcast = value.getDefiningOp<shlo::BroadcastInDimOp>())
    value = broadcast.getOperand();
  auto type = cast<RankedTensorType>(value.getType());
  auto floatType = dyn_cast<FloatType>(type.getElementType());
  return floatType &&
         hlox::isFloatSplat(value,
                            APFloat::getZero(floatType.getFloatSemantics()));
}

/// Whether `form` is a pointwise convolution that hlox's own kernel
/// computes with a ReLU or an NCHW result on the tile: NHWC activations,
/// an OIHW kernel, a 1x1 window, unit strides and dilations, no padding,
/// one group.
bool isOwnKernelPointwise(shlo::ConvolutionOp op, const ConvForm &form) {
  auto kernel = cast<RankedTensorType>(op.getRhs().getType());
  auto isOne = [](int64_t v) { return v == 1; };
  return form.nhwc && form.kernelOihw && form.groups == 1 &&
         kernel.getDimSize(2) == 1 && kernel.getDimSize(3) == 1 &&
         llvm::all_of(form.strides, isOne) &&
         llvm::all_of(form.dilations, isOne) &&
         llvm::all_of(form.padding, [](int64_t p) { return p == 0; });
}

/// Whether `op` is a max pool over the height and width of an NHWC f32
/// tensor: one input, an init of -inf, a body that returns the maximum of
/// its two arguments, a window, strides and padding that leave the batch
/// and channels alone, no dilation. Sets the window, strides and padding of
/// the height and width.
bool isNhwcMaxPool(shlo::ReduceWindowOp op, SmallVectorImpl<int64_t> &window,
                   SmallVectorImpl<int64_t> &strides,
                   SmallVectorImpl<int64_t> &padding) {
  if (op.getInputs().size() != 1 || op->getNumResults() != 1)
    return false;
  auto type = dyn_cast<RankedTensorType>(op.getInputs()[0].getType());
  if (!type || type.getRank() != 4 || !type.getElementType().isF32())
    return false;
  if (hlox::getWindowKind(op) != hlox::WindowKind::Max ||
      !hlox::isFloatSplat(op.getInitValues()[0],
                          APFloat::getInf(APFloat::IEEEsingle(), true)) ||
      !hlox::isAbsentOrOnes(op.getBaseDilations()) ||
      !hlox::isAbsentOrOnes(op.getWindowDilations()))
    return false;
  ArrayRef<int64_t> dims = op.getWindowDimensions();
  SmallVector<int64_t> steps(4, 1);
  if (auto given = op.getWindowStrides())
    steps.assign(given->begin(), given->end());
  SmallVector<int64_t> pads(8, 0);
  if (auto given = op.getPadding())
    pads = llvm::to_vector(given->getValues<int64_t>());
  if (dims.size() != 4 || steps.size() != 4 || pads.size() != 8 ||
      dims[0] != 1 || dims[3] != 1 || steps[0] != 1 || steps[3] != 1 ||
      pads[0] != 0 || pads[1] != 0 || pads[6] != 0 || pads[7] != 0 ||
      llvm::any_of(pads, [](int64_t p) { return p < 0; }))
    return false;
  window.assign({dims[1], dims[2]});
  strides.assign({steps[1], steps[2]});
  padding.assign({pads[2], pads[3], pads[4], pads[5]});
  return true;
}

/// What follows the f32 convolution `op` that its library call can apply:
/// bias, then addend, each optional, each value in the chain used once;
/// for a pointwise NHWC convolution (isOwnKernelPointwise) then a ReLU and
/// a transpose to NCHW, each optional; for an NHWC convolution without an
/// addend, a max pool over height and width and a ReLU after it. With
/// `biasAndAddendOnly` (cuDNN's), the bias and the addend only.
ConvEpilogue getConvEpilogue(shlo::ConvolutionOp op, const ConvForm &form,
                             bool biasAndAddendOnly) {
  ConvEpilogue epilogue;
  auto type = cast<RankedTensorType>(op.getType());
  if (!type.getElementType().isF32())
    return epilogue;
  int64_t featureDim = form.nhwc ? 3 : 1;
  Value current = op.getResult();
  Value other;
  if (auto add = getOnlyBinaryUser<shlo::AddOp>(current, other))
    if (Value bias =
            getBiasVector(other, featureDim, type.getDimSize(featureDim))) {
      epilogue.bias = bias;
      epilogue.ops.push_back(add);
      current = add.getResult();
    }
  if (auto add = getOnlyBinaryUser<shlo::AddOp>(current, other))
    if (other.getType() == type &&
        !other.getDefiningOp<shlo::BroadcastInDimOp>()) {
      epilogue.addend = other;
      epilogue.ops.push_back(add);
      current = add.getResult();
    }
  if (biasAndAddendOnly)
    return epilogue;
  if (form.nhwc && !epilogue.addend && current.hasOneUse())
    if (auto pool =
            dyn_cast<shlo::ReduceWindowOp>(*current.getUsers().begin())) {
      SmallVector<int64_t> window, strides, padding;
      if (isNhwcMaxPool(pool, window, strides, padding)) {
        MLIRContext *context = op.getContext();
        epilogue.poolWindow = DenseI64ArrayAttr::get(context, window);
        epilogue.poolStrides = DenseI64ArrayAttr::get(context, strides);
        epilogue.poolPadding = DenseI64ArrayAttr::get(context, padding);
        epilogue.ops.push_back(pool);
        current = pool->getResult(0);
        if (auto max = getOnlyBinaryUser<shlo::MaxOp>(current, other))
          if (isPositiveZeros(other)) {
            epilogue.relu = true;
            epilogue.ops.push_back(max);
          }
        return epilogue;
      }
    }
  if (!isOwnKernelPointwise(op, form))
    return epilogue;
  if (auto max = getOnlyBinaryUser<shlo::MaxOp>(current, other))
    if (isPositiveZeros(other)) {
      epilogue.relu = true;
      epilogue.ops.push_back(max);
      current = max.getResult();
    }
  if (current.hasOneUse())
    if (auto transpose =
            dyn_cast<shlo::TransposeOp>(*current.getUsers().begin()))
      if (transpose.getPermutation() == ArrayRef<int64_t>{0, 3, 1, 2}) {
        epilogue.nchwResult = true;
        epilogue.ops.push_back(transpose);
      }
  return epilogue;
}

/// The library's epilogue of a product: the StableHLO ops after it that
/// cuBLASLt applies as it stores the result.
struct ProductEpilogue {
  Value bias;
  Value addend;
  bool relu = false;
  /// GELU's tanh form (GeluPattern.h).
  bool geluTanh = false;
  /// The absorbed ops, in order; the last one's result is the epilogue's.
  SmallVector<Operation *> ops;
};

/// What follows the contraction `op` (of the matmul form `form`) that
/// cuBLASLt's epilogue applies: an `add` of a bias broadcast along the
/// result's last dimension, when that is the product's one column
/// dimension, and an `add` of a tensor of the result's type, each optional,
/// in either order, then a ReLU or GELU's tanh form; each value in the
/// chain used once (by the GELU's ops only, for its input).
ProductEpilogue getProductEpilogue(Operation *op, const MatmulForm &form) {
  ProductEpilogue epilogue;
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  auto rhs = cast<RankedTensorType>(form.rhs.getType());
  bool oneColumnDim =
      rhs.getRank() - form.batchRank - form.contractingRank == 1;
  Value current = op->getResult(0);
  Value other;
  for (int step = 0; step < 2; ++step) {
    auto add = getOnlyBinaryUser<shlo::AddOp>(current, other);
    if (!add)
      break;
    if (!epilogue.bias && oneColumnDim)
      if (Value bias =
              getBiasVector(other, type.getRank() - 1, type.getShape().back(),
                            type.getElementType())) {
        epilogue.bias = bias;
        epilogue.ops.push_back(add);
        current = add.getResult();
        continue;
      }
    if (!epilogue.addend && other.getType() == type &&
        !other.getDefiningOp<shlo::BroadcastInDimOp>()) {
      epilogue.addend = other;
      epilogue.ops.push_back(add);
      current = add.getResult();
      continue;
    }
    break;
  }
  if (auto max = getOnlyBinaryUser<shlo::MaxOp>(current, other))
    if (isPositiveZeros(other)) {
      epilogue.relu = true;
      epilogue.ops.push_back(max);
      return epilogue;
    }
  SmallVector<Operation *> gelu = hlox::matchTanhGelu(current);
  if (!gelu.empty()) {
    epilogue.geluTanh = true;
    epilogue.ops.append(gelu);
  }
  return epilogue;
}

/// Whether `matmul` multiplies at most kFewRows rows by a row-major rhs
/// (a classifier's x @ W): bound by the read of the rhs, which oneDNN's kernel
/// does faster than hlox's (MobileNetV2's 1x1280 by 1280x1000 classifier on 2
/// threads, its rhs from memory: 0.12-0.29 ms against 0.71 for hlox's register
/// tiles and 0.24-0.55 for a variant streaming the rhs a row at a time), so it
/// stays the library's under `hlox-matmul-kernel`.
bool isFewRowsByRowMajorRhs(hlox::library::MatmulOp matmul) {
  return matmul.getSizes().m <= kFewRows && !matmul.getTransposeRhs();
}

class SelectLibraryCallsPass
    : public hlox::impl::HloxSelectLibraryCallsBase<SelectLibraryCallsPass> {
public:
  using HloxSelectLibraryCallsBase::HloxSelectLibraryCallsBase;

  void runOnOperation() override {
    SmallVector<std::pair<Operation *, MatmulForm>> selected;
    SmallVector<std::pair<shlo::ConvolutionOp, ConvForm>> selectedConvolutions;
    getOperation().walk([&](Operation *op) {
      if (std::optional<MatmulForm> form = selectMatmul(op))
        selected.push_back({op, *form});
      else if (auto conv = dyn_cast<shlo::ConvolutionOp>(op))
        if (std::optional<ConvForm> form = selectConvolution(conv))
          selectedConvolutions.push_back({conv, *form});
    });
    OpBuilder builder(&getContext());
    for (auto [op, form] : selectedConvolutions) {
      // Every operand dominates the epilogue's last op, which the library
      // op replaces: the input and kernel through the convolution, the
      // bias and addend through their uses in the chain.
      ConvEpilogue epilogue = getConvEpilogue(op, form, cudnnFormsOnly);
      Operation *last = epilogue.ops.empty() ? op : epilogue.ops.back();
      builder.setInsertionPoint(last);
      Value input = op.getLhs(), kernel = op.getRhs();
      bool kernelOhwi = false;
      if (cudnnFormsOnly)
        toCudnnForm(builder, op.getLoc(), form, input, kernel, kernelOhwi);
      auto conv = hlox::library::Conv2DOp::create(
          builder, op.getLoc(), last->getResult(0).getType(), input, kernel,
          epilogue.bias, epilogue.addend, form.nhwc, form.kernelOihw,
          kernelOhwi, epilogue.relu, epilogue.nchwResult, epilogue.poolWindow,
          epilogue.poolStrides, epilogue.poolPadding, form.groups, form.strides,
          form.padding, form.dilations);
      last->getResult(0).replaceAllUsesWith(conv.getResult());
      for (Operation *absorbed : llvm::reverse(epilogue.ops))
        absorbed->erase();
      op.erase();
    }
    for (auto [op, form] : selected) {
      // As for convolutions, the library op takes the place of the
      // epilogue's last op, which every operand dominates.
      ProductEpilogue epilogue;
      if (productEpilogues)
        epilogue = getProductEpilogue(op, form);
      Operation *last = epilogue.ops.empty() ? op : epilogue.ops.back();
      builder.setInsertionPoint(last);
      auto matmul = hlox::library::MatmulOp::create(
          builder, op->getLoc(), last->getResult(0).getType(), form.lhs,
          form.rhs, epilogue.bias, epilogue.addend, epilogue.relu,
          epilogue.geluTanh, form.transposeLhs, form.transposeRhs,
          form.batchRank, form.contractingRank, /*hlox_kernel=*/false,
          /*epilogue=*/nullptr, /*epilogue_operands=*/ValueRange());
      matmul.setHloxKernel(hloxMatmulKernel &&
                           matmul.getLhs().getType().getElementType().isF32() &&
                           !matmul.hasLibraryEpilogue() &&
                           !isFewRowsByRowMajorRhs(matmul));
      SmallVector<Value> operands(op->getOperands());
      last->getResult(0).replaceAllUsesWith(matmul.getResult());
      for (Operation *absorbed : llvm::reverse(epilogue.ops))
        absorbed->erase();
      op->erase();
      // A transpose the library op reads through is gone with its last use.
      for (Value operand : operands)
        if (auto transpose = operand.getDefiningOp<shlo::TransposeOp>())
          if (transpose->use_empty())
            transpose->erase();
    }
  }

private:
  /// Makes the convolution of `form` on `input` and `kernel` one that
  /// cuDNN's convolution API runs: an NHWC one's kernel transposed to OHWI
  /// (cuDNN's NHWC filter, `kernelOhwi`), and unequal low and high padding
  /// made equal by padding the input with zeros for the difference
  /// (cuDNN pads alike on both sides).
  static void toCudnnForm(OpBuilder &builder, Location loc, ConvForm &form,
                          Value &input, Value &kernel, bool &kernelOhwi) {
    if (form.nhwc) {
      // HWIO [KH, KW, I, O] or OIHW [O, I, KH, KW] to [O, KH, KW, I].
      SmallVector<int64_t> permutation = form.kernelOihw
                                             ? SmallVector<int64_t>{0, 2, 3, 1}
                                             : SmallVector<int64_t>{3, 0, 1, 2};
      auto type = cast<RankedTensorType>(kernel.getType());
      SmallVector<int64_t> shape;
      for (int64_t dim : permutation)
        shape.push_back(type.getDimSize(dim));
      kernel =
          shlo::TransposeOp::create(builder, loc, type.clone(shape), kernel,
                                    builder.getDenseI64ArrayAttr(permutation));
      form.kernelOihw = false;
      kernelOhwi = true;
    }
    if (form.padding[0] == form.padding[1] &&
        form.padding[2] == form.padding[3])
      return;
    auto type = cast<RankedTensorType>(input.getType());
    SmallVector<int64_t> low(4, 0), high(4, 0);
    SmallVector<int64_t> shape(type.getShape());
    int64_t spatial[2] = {form.nhwc ? 1 : 2, form.nhwc ? 2 : 3};
    for (int i = 0; i < 2; ++i) {
      int64_t &lo = form.padding[2 * i], &hi = form.padding[2 * i + 1];
      int64_t common = std::min(lo, hi);
      low[spatial[i]] = lo - common;
      high[spatial[i]] = hi - common;
      shape[spatial[i]] += lo + hi - 2 * common;
      lo = hi = common;
    }
    auto scalar = RankedTensorType::get({}, type.getElementType());
    Value zero = shlo::ConstantOp::create(
        builder, loc, scalar,
        DenseElementsAttr::get(scalar,
                               builder.getZeroAttr(type.getElementType())));
    input = shlo::PadOp::create(builder, loc, type.clone(shape), input, zero,
                                builder.getDenseI64ArrayAttr(low),
                                builder.getDenseI64ArrayAttr(high),
                                builder.getDenseI64ArrayAttr({0, 0, 0, 0}));
  }

  /// Whether the library multiplies these types: static f32, or with
  /// half-products static bf16 or f16 operands (both alike) with an f32
  /// result or one of their type.
  bool isLibraryProduct(Type lhs, Type rhs, Type result) const {
    if (isStaticF32(lhs) && isStaticF32(rhs) && isStaticF32(result))
      return true;
    if (!halfProducts)
      return false;
    auto lhsType = dyn_cast<RankedTensorType>(lhs);
    auto rhsType = dyn_cast<RankedTensorType>(rhs);
    auto resultType = dyn_cast<RankedTensorType>(result);
    if (!lhsType || !rhsType || !resultType || !lhsType.hasStaticShape() ||
        !rhsType.hasStaticShape() || !resultType.hasStaticShape())
      return false;
    Type element = lhsType.getElementType();
    return (element.isBF16() || element.isF16()) &&
           rhsType.getElementType() == element &&
           (resultType.getElementType() == element ||
            resultType.getElementType().isF32());
  }

  std::optional<ConvForm> selectConvolution(shlo::ConvolutionOp op) const {
    std::optional<ConvForm> form = getConvForm(op);
    if (!form)
      return std::nullopt;
    auto result = cast<RankedTensorType>(op.getType());
    auto kernel = cast<RankedTensorType>(op.getRhs().getType());
    // Each result element sums over the kernel's window and channels.
    int64_t outChannels =
        kernel.getDimSize(form->nhwc && !form->kernelOihw ? 3 : 0);
    double flops = 2.0 * static_cast<double>(result.getNumElements()) *
                   static_cast<double>(kernel.getNumElements()) /
                   static_cast<double>(outChannels);
    // Generated convolutions are direct loops: a 2-MFLOP depthwise 3x3
    // (576 channels of 14x14 in MobileNetV2) took 1.1 ms against oneDNN's
    // 0.15, so convolutions go to the library from a 64th of the
    // threshold.
    if (flops < static_cast<double>(minFlops) / kConvolutionThresholdDivisor)
      return std::nullopt;
    return form;
  }

  std::optional<MatmulForm> selectMatmul(Operation *op) const {
    if (!isa<shlo::DotGeneralOp, shlo::DotOp>(op) ||
        !isLibraryProduct(op->getOperand(0).getType(),
                          op->getOperand(1).getType(),
                          op->getResult(0).getType()))
      return std::nullopt;
    auto lhs = cast<RankedTensorType>(op->getOperand(0).getType());
    auto rhs = cast<RankedTensorType>(op->getOperand(1).getType());
    auto result = cast<RankedTensorType>(op->getResult(0).getType());
    std::optional<MatmulForm> form;
    if (auto dot = dyn_cast<shlo::DotGeneralOp>(op)) {
      if (dot.getAlgorithm())
        return std::nullopt;
      auto dims = dot.getDotDimensionNumbers();
      form = getMatmulForm(lhs.getRank(), rhs.getRank(),
                           dims.getLhsBatchingDimensions(),
                           dims.getRhsBatchingDimensions(),
                           dims.getLhsContractingDimensions(),
                           dims.getRhsContractingDimensions());
    } else {
      int64_t contracting = lhs.getRank() - 1;
      form = getMatmulForm(lhs.getRank(), rhs.getRank(), {}, {},
                           ArrayRef<int64_t>(contracting),
                           ArrayRef<int64_t>(int64_t(0)));
    }
    if (!form)
      return std::nullopt;
    // Multiply-adds: every result element sums over the contracting sizes.
    int64_t k = 1;
    ArrayRef<int64_t> lhsShape = lhs.getShape();
    int64_t kStart = form->transposeLhs
                         ? form->batchRank
                         : lhs.getRank() - form->contractingRank;
    for (int64_t i = 0; i < form->contractingRank; ++i)
      k *= lhsShape[kStart + i];
    double flops = 2.0 * static_cast<double>(result.getNumElements()) *
                   static_cast<double>(k);
    // A matrix-vector product (one row or one column per batch entry)
    // reads each element of the matrix once: the library streams it at
    // memory speed from a 16th of the threshold, where the generated
    // kernel does not.
    int64_t batch = 1;
    for (int64_t i = 0; i < form->batchRank; ++i)
      batch *= lhsShape[i];
    int64_t rows = batch * k == 0 ? 0 : lhs.getNumElements() / (batch * k);
    int64_t columns =
        batch * k == 0 ? 0 : rhs.getNumElements() / (batch * k);
    double threshold = static_cast<double>(minFlops);
    if (rows == 1 || columns == 1)
      threshold /= kMatrixVectorThresholdDivisor;
    if (flops < threshold)
      return std::nullopt;
    // An operand that is a matrix transpose (one free and one contracting
    // dimension after the batch) is read in place, transposed: the
    // transpose need not be materialized (x @ transpose(W) as JAX exports
    // a linear layer's weights).
    form->lhs = op->getOperand(0);
    form->rhs = op->getOperand(1);
    if (form->contractingRank == 1) {
      if (Value source = getMatrixTransposeOperand(form->lhs,
                                                   form->batchRank)) {
        form->lhs = source;
        form->transposeLhs = !form->transposeLhs;
      }
      if (Value source = getMatrixTransposeOperand(form->rhs,
                                                   form->batchRank)) {
        form->rhs = source;
        form->transposeRhs = !form->transposeRhs;
      }
    }
    return form;
  }
};

} // namespace
